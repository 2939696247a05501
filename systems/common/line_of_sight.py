"""Line of sight on the hex grid (rules/mech_core.md section 5).

Owns: unit heights, the intervening hexes of a line of fire (from
engine.hexgrid.line, including the divided case where the line runs along a
hexside), blocking by elevation, buildings and 3+ woods points, the
intervening-woods to-hit points and partial cover.

Heights are absolute levels of a unit's top (section 5):
- a standing mech is 2 levels tall: its top is its ground level + 1;
- a prone mech, and a ground vehicle, is 1 level: top = ground level;
- a VTOL is at its altitude: top = ground level + altitude;
- a mech standing in water stands on the bottom (level - depth).
Terrain tops: woods rise 2 levels above their hex, buildings their height.

An intervening hex's terrain (its ground or building roof; woods reach 2
levels above the ground) matters when it rises above both units' tops, or
above the top of a unit it is adjacent to (MegaMek `LosEffects.losForCoords`;
the digest's "at or above both" counted in occupied levels says the same on
level ground): ground or buildings that do block, woods add their points
(light 1, heavy 2) and 3 or more points block. Woods in the attacker's and
the target's own hexes never count here (the target's woods are a
target-terrain modifier).

Divided lines: where the line runs exactly along a hexside both hexes are
evaluated and the one better for the defender is used (TW: the defender
chooses; MM evaluates both) -- blocking beats woods, more woods beat fewer,
cover beats none.
"""
from __future__ import annotations

import functools
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from components import Identity, Position, Status
from engine.hexgrid import Hex, line_offsets
from engine.hexmap import WOODS, HexMap
from systems.common.unit_state import elevation

if TYPE_CHECKING:
    from engine.game import Game

WOODS_BLOCK = 3      # intervening woods points that block LOS (section 5)
MARGIN = 2           # hexes beyond the map a line between two of its hexes may touch (it keeps within a row)
BLOCKS = (1, 0, 0)   # an intervening hex's effect (blocks, woods points, partial cover) when it blocks


@dataclass(frozen=True)
class Body:
    """Where a unit is for line of sight: its hex, the ground it stands on
    and the level of its top."""

    hex: Hex
    ground: int
    top: int
    standing_mech: bool = False


@dataclass
class LosResult:
    clear: bool
    reason: str | None = None
    woods_points: int = 0                       # intervening woods (+1 per point to-hit)
    woods_hexes: list[tuple[str, int]] = field(default_factory=list)   # (hex label, points)
    partial_cover: bool = False
    cover_hex: Hex | None = None                       # the intervening hex giving the partial cover
    hexes: list[Hex] = field(default_factory=list)     # the intervening hexes used
    divided: bool = False                              # the line ran along a hexside


def ground_level(hexmap: HexMap, h: Hex, kind: str = "mech") -> int:
    t = hexmap.terrain(h)
    if kind == "mech" and t.is_water:
        return t.level - t.depth       # a mech stands on the bottom
    return t.level


def body(game: "Game", ent: int) -> Body:
    """A unit's hex, ground level and top level (section 5 heights)."""
    pos = game.world.component(ent, Position)
    kind = game.world.component(ent, Identity).kind
    ground = ground_level(game.map, pos.hex, kind)
    lift = elevation(game, ent)               # a VTOL's altitude, a roof (B-POS-1)
    if kind == "mech":
        prone = game.world.component(ent, Status).prone
        return Body(pos.hex, ground, ground + lift + (0 if prone else 1), standing_mech=not prone)
    return Body(pos.hex, ground, ground + lift)


def line_of_sight_between(hexmap: HexMap, attacker: Body, target: Body) -> LosResult:
    """Line of sight between two bodies on a map (pure: the UI can ask for
    any hexes).

    Each intervening hex is judged by the height of its ground or roof and
    of its woods: either matters when it rises above both units' tops, or
    above the top of a unit the hex is next to (the k-th hex of a line is k
    hexes from the attacker, so those are the first and the last). Of a
    divided line's two hexes the one better for the defender counts
    (blocking, then more woods, then cover; ties keep the first)."""
    result = LosResult(clear=True)
    find, default = hexmap.hexes.get, hexmap.default
    t_terrain = find(target.hex, default)
    if target.standing_mech and t_terrain.is_water and t_terrain.depth == 1:
        result.partial_cover = True          # section 3: depth 1 water is partial cover
    if attacker.hex == target.hex:
        return result
    x, y = attacker.hex
    cells = line_offsets(attacker.hex, target.hex)
    last = len(cells) - 2                    # the intervening hex next to the target
    a_top, t_top = attacker.top, target.top
    low, high = (a_top, t_top) if a_top < t_top else (t_top, a_top)
    # Partial cover: the hex in front of a standing mech reaches its top (1
    # level above its ground: the legs are covered) and the attacker is not
    # above the target's top.
    may_cover = target.standing_mech and a_top <= t_top
    append = result.hexes.append
    # most hexes are the map's default terrain: lower than both tops, or not
    below = default.level + default.building < low and (default.level + 2 <= low or default.terrain not in WOODS)
    columns, gx, gy = _hexes_around(hexmap, attacker.hex, target.hex)
    gx, gy = x - gx, y - gy                  # the attacker's place in `columns`
    for k, cell in enumerate(cells[1:-1], 1):
        if len(cell) == 1:
            dx, dy = cell[0]
            h = columns[gx + dx][gy + dy]
            t = find(h)
            if t is None:
                if below:
                    append(h)
                    continue
                t = default
            else:
                level = t.level
                if level + t.building < low and (level + 2 <= low or t.terrain not in WOODS):
                    append(h)                # lower than both units' tops: no block, woods or cover
                    continue
        else:
            result.divided = True
            h, h2 = [columns[gx + dx][gy + dy] for dx, dy in cell]
            t, t2 = find(h, default), find(h2, default)
        # terrain here matters above: the higher top, or the top of the unit next to it
        over = (low if k == last else a_top) if k == 1 else (t_top if k == last else high)
        cover_top = t_top if may_cover and k == last else None
        blocked, woods, cover = effect = _effect(t, over, cover_top)
        if len(cell) == 2 and (other := _effect(t2, over, cover_top)) > effect:
            blocked, woods, cover = other   # of a divided line's two hexes, the one better for the defender
            h, t = h2, t2
        append(h)
        if blocked:
            what = "a building" if t.building else "higher ground"
            result.clear = False
            result.reason = f"{what} in hex {hexmap.label(h)} blocks line of sight"
            return result
        if woods:
            result.woods_points += woods
            result.woods_hexes.append((hexmap.label(h), woods))
        if cover:
            result.partial_cover, result.cover_hex = True, h
    if result.woods_points >= WOODS_BLOCK:
        result.clear = False
        result.reason = (f"{result.woods_points} points of woods between the units block line of sight "
                         f"(3 or more block)")
    return result


@functools.lru_cache(maxsize=4)
def _map_hexes(width: int, height: int) -> tuple[tuple[Hex, ...], ...]:
    """Every hex of a map of this size and of a margin around it, by column
    and row from (-MARGIN, -MARGIN): the lines of sight name the hexes they
    cross without making them again."""
    return tuple(tuple(Hex(x, y) for y in range(-MARGIN, height + MARGIN))
                 for x in range(-MARGIN, width + MARGIN))


def _hexes_around(hexmap: HexMap, a: Hex, b: Hex) -> tuple[tuple[tuple[Hex, ...], ...], int, int]:
    """Hexes by column and row from (x0, y0), covering every hex of a line
    from `a` to `b` (which keeps within a row of their rows): (hexes, x0,
    y0). The map's own when both are on it."""
    if hexmap.on_map(a) and hexmap.on_map(b):
        return _map_hexes(hexmap.width, hexmap.height), -MARGIN, -MARGIN
    x0, y0 = min(a.x, b.x) - MARGIN, min(a.y, b.y) - MARGIN
    return (tuple(tuple(Hex(x, y) for y in range(y0, max(a.y, b.y) + MARGIN + 1))
                  for x in range(x0, max(a.x, b.x) + MARGIN + 1)), x0, y0)


def _effect(t, over: int, cover_top: int | None) -> tuple[int, int, int]:
    """What an intervening hex's terrain `t` does to a line on which terrain
    matters above level `over`: (blocks, woods points, partial cover);
    `cover_top`, the target's top where its partial cover counts here."""
    solid = t.level + t.building             # ground or building roof
    if solid > over:
        return BLOCKS
    return 0, WOODS.get(t.terrain, 0) if t.level + 2 > over else 0, 1 if solid == cover_top else 0


def line_of_sight(game: "Game", attacker: int, target: int) -> LosResult:
    """Line of sight from one unit to another."""
    a, t = body(game, attacker), body(game, target)
    # Depth 2+ water: a submerged mech neither attacks nor is attacked by
    # units that are not underwater (section 3).
    a_sub, t_sub = _submerged(game, attacker, a), _submerged(game, target, t)
    if a_sub != t_sub:
        who = "the attacker" if a_sub else "the target"
        return LosResult(clear=False, reason=f"{who} is under water (depth 2 or more)")
    return line_of_sight_between(game.map, a, t)


def _submerged(game: "Game", ent: int, b: Body) -> bool:
    t = game.map.terrain(b.hex)
    return game.world.component(ent, Identity).kind == "mech" and t.is_water and t.depth >= 2 \
        and b.top < t.level
