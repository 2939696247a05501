"""The line-of-sight rules as they were written first (systems/common/
line_of_sight.py before it was made faster): every intervening hex of
`engine.hexgrid.line` judged on its own, adjacency by `distance`. Kept as
the oracle the fast version is tested against (tests/test_line_of_sight_oracle.py)."""
from __future__ import annotations

from dataclasses import dataclass

from engine.hexgrid import Hex, distance, line
from engine.hexmap import WOODS, HexMap
from systems.common.line_of_sight import WOODS_BLOCK, Body, LosResult


@dataclass(frozen=True)
class _HexEffect:
    blocked: str | None = None
    woods: int = 0
    cover: bool = False

    def key(self) -> tuple[int, int, int]:
        """Larger is better for the defender."""
        return (1 if self.blocked else 0, self.woods, 1 if self.cover else 0)


def _rises_above(height: int, h: Hex, attacker: Body, target: Body) -> bool:
    """Terrain of this height affects the line: above both units, or above
    a unit the hex is next to."""
    return ((height > attacker.top and height > target.top)
            or (height > attacker.top and distance(h, attacker.hex) == 1)
            or (height > target.top and distance(h, target.hex) == 1))


_NO_EFFECT = _HexEffect()


def _hex_effect(hexmap: HexMap, h: Hex, attacker: Body, target: Body) -> _HexEffect:
    t = hexmap.terrain(h)
    solid = t.level + (t.building or 0)      # ground or building roof
    if _rises_above(solid, h, attacker, target):
        what = "a building" if t.building else "higher ground"
        return _HexEffect(blocked=f"{what} in hex {hexmap.label(h)} blocks line of sight")
    woods = t.woods if t.woods and _rises_above(t.level + 2, h, attacker, target) else 0
    # Partial cover: the hex in front of a standing mech reaches its top
    # (1 level above its ground: the legs are covered) and the attacker is
    # not above the target's top.
    cover = (target.standing_mech and solid == target.top and attacker.top <= target.top
             and distance(h, target.hex) == 1)
    if not woods and not cover:
        return _NO_EFFECT
    return _HexEffect(woods=woods, cover=cover)


def line_of_sight_between(hexmap: HexMap, attacker: Body, target: Body) -> LosResult:
    """Line of sight between two bodies on a map (pure: the UI can ask for
    any hexes)."""
    result = LosResult(clear=True)
    t_terrain = hexmap.terrain(target.hex)
    if target.standing_mech and t_terrain.is_water and t_terrain.depth == 1:
        result.partial_cover = True          # section 3: depth 1 water is partial cover
    if attacker.hex == target.hex:
        return result
    steps = line(attacker.hex, target.hex)[1:-1]
    low = min(attacker.top, target.top)
    terrain = hexmap.terrain
    for options in steps:
        if len(options) == 1:
            h = options[0]
            t = terrain(h)
            if t.level + t.building < low and (t.level + 2 <= low or t.terrain not in WOODS):
                result.hexes.append(h)       # lower than both units' tops: no block, woods or cover
                continue
            eff = _hex_effect(hexmap, h, attacker, target)
        else:
            result.divided = True
            # the better case for the defender (max); ties keep the first (sorted) hex
            eff, h = max(((_hex_effect(hexmap, h, attacker, target), h) for h in options),
                         key=lambda e: e[0].key())
        result.hexes.append(h)
        if eff.blocked:
            result.clear = False
            result.reason = eff.blocked
            return result
        if eff.woods:
            result.woods_points += eff.woods
            result.woods_hexes.append((hexmap.label(h), eff.woods))
        if eff.cover:
            result.partial_cover, result.cover_hex = True, h
    if result.woods_points >= WOODS_BLOCK:
        result.clear = False
        result.reason = (f"{result.woods_points} points of woods between the units block line of sight "
                         f"(3 or more block)")
    return result
