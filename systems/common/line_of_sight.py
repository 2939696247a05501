"""Line of sight on the hex grid (rules/mech_core.md section 5).

Owns: unit heights, the intervening hexes of a line of fire (from
engine.hexgrid.line_offsets, including the divided case where the line runs
along a hexside), blocking by elevation, buildings and 3+ woods points, the
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

How a check is quick (thousands are made for the bench, the computer
player, the attack previews): the map is read once into a board (`_Board`)
of what counts of each hex, by hex number, kept on the map itself
(`HexMap.los_board`: no board outlives its map or is shared between maps),
and read again only where its terrain is replaced (`HexMap.revision`); a
line is made once for each direction and length, as hex numbers from its
start (`_line`). The peaks of a line's hexes are read and marked where they
can matter in C (an itemgetter, `bytes.translate`), and only those hexes
are judged (`_effect`).
The hexes of the line are made when asked for (`LineHexes`).
"""
from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import compress
from operator import itemgetter
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


@dataclass(slots=True)
class LosResult:
    clear: bool
    reason: str | None = None
    woods_points: int = 0                       # intervening woods (+1 per point to-hit)
    woods_hexes: list[tuple[str, int]] = field(default_factory=list)   # (hex label, points)
    partial_cover: bool = False
    cover_hex: Hex | None = None                       # the intervening hex giving the partial cover
    hexes: Sequence[Hex] = field(default_factory=list)  # the intervening hexes used
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
    a, b = attacker.hex, target.hex
    board = _board(hexmap, a, b)
    stride, x0, y0 = board.stride, board.x0, board.y0
    (ax, ay), (bx, by) = a, b
    water_cover = target.standing_mech and board.shallow[(bx - x0) * stride + by - y0]     # section 3
    if a == b:
        return LosResult(clear=True, partial_cover=water_cover)
    start = (ax - x0) * stride + ay - y0     # the attacker's hex number
    # last: the place of the intervening hex next to the target
    last, firsts, seconds, lowest, highest, peaks_of, places, first_divided = \
        _line(bx - ax, by - ay, ax & 1, stride)
    a_top, t_top = attacker.top, target.top
    low, high = (a_top, t_top) if a_top < t_top else (t_top, a_top)
    # Partial cover: the hex in front of a standing mech reaches its top (1
    # level above its ground: the legs are covered) and the attacker is not
    # above the target's top.
    cover_at = last if target.standing_mech and a_top <= t_top else 0
    heights, grid, labels = board.heights, board.hexes, board.labels
    woods_points, woods_hexes, cover_hex, swaps, judged = 0, [], None, None, 0
    # Only the hexes whose terrain may rise high enough to matter are
    # judged, found in C (`_marks`).
    matter = bytes(peaks_of(board.peaks[2 * (start + lowest):2 * (start + highest) + 2])).translate(_marks(low, high))
    for k in compress(places, matter):
        if k == judged:
            continue                          # a divided line's second hex, judged with the first
        judged = k
        first, second = firsts[k - 1], seconds[k - 1]
        # terrain here matters above: the higher top, or the top of the unit next to it
        if 1 < k < last:
            over, cover_top = high, None
        else:
            over = (low if k == last else a_top) if k == 1 else t_top
            cover_top = t_top if k == cover_at else None
        i = start + first
        blocked, woods, cover = effect = _effect(heights[i], over, cover_top)
        if second is not None and (other := _effect(heights[start + second], over, cover_top)) > effect:
            blocked, woods, cover = other    # of a divided line's two hexes, the one better for the defender
            i = start + second
            swaps = swaps or {}
            swaps[k - 1] = grid[i]
        if blocked:
            what = "a building" if board.terrain[i].building else "higher ground"
            return LosResult(False, f"{what} in hex {labels[i]} blocks line of sight", woods_points,
                             woods_hexes, water_cover or cover_hex is not None, cover_hex,
                             LineHexes(grid, start, firsts[:k], swaps), first_divided <= k)
        if woods:
            woods_points += woods
            woods_hexes.append((labels[i], woods))
        if cover:
            cover_hex = grid[i]
    hexes = LineHexes(grid, start, firsts, swaps)
    if woods_points >= WOODS_BLOCK:
        return LosResult(False, f"{woods_points} points of woods between the units block line of sight "
                                f"(3 or more block)", woods_points, woods_hexes, water_cover or cover_hex is not None,
                         cover_hex, hexes, first_divided <= last)
    return LosResult(True, None, woods_points, woods_hexes, water_cover or cover_hex is not None, cover_hex, hexes,
                     first_divided <= last)


class LineHexes(Sequence):
    """The intervening hexes a line of sight used, in order (a list's
    equal), found on its board when first asked for: most checks only want
    the verdict."""

    __slots__ = ("_grid", "_start", "_numbers", "_swaps", "_hexes")

    def __init__(self, grid: tuple[Hex, ...], start: int, numbers: tuple[int, ...],
                 swaps: dict[int, Hex] | None) -> None:
        self._grid, self._start, self._numbers, self._swaps, self._hexes = grid, start, numbers, swaps, None

    def _list(self) -> list[Hex]:
        if self._hexes is None:
            grid, start = self._grid, self._start
            self._hexes = [grid[start + n] for n in self._numbers]
            for k, h in (self._swaps or {}).items():
                self._hexes[k] = h           # of a divided line's two hexes, the second counted
        return self._hexes

    def __getitem__(self, k):
        return self._list()[k]

    def __len__(self) -> int:
        return len(self._numbers)

    def __iter__(self):
        return iter(self._list())

    def __eq__(self, other) -> bool:
        return isinstance(other, Sequence) and self._list() == list(other)

    __hash__ = None

    def __repr__(self) -> str:
        return repr(self._list())

    def __reduce__(self):
        return list, (self._list(),)        # copied or saved as the list it stands for


class _Board:
    """A map's terrain as line of sight reads it, by hex number: number n
    is the hex (x0 + n // stride, y0 + n % stride). For each hex: its
    terrain, its `_heights`, whether it is partial cover for a mech
    standing in it (`_shallow`), its hex number (label), and in `peaks`
    (bytes, so that a line's are read in C) bytes 2n and 2n + 1: its
    `_peak_byte`, and that for a hex next to a unit."""

    __slots__ = ("x0", "y0", "stride", "hexes", "labels", "terrain", "heights", "peaks", "shallow", "on_map",
                 "revision", "map_hexes", "default")

    def __init__(self, hexmap: HexMap, x0: int, y0: int, stride: int, hexes: tuple[Hex, ...],
                 labels: tuple[str, ...]) -> None:
        self.x0, self.y0, self.stride = x0, y0, stride
        self.hexes, self.labels = hexes, labels
        self.terrain = list(map(hexmap.terrain, hexes))
        alike: dict[tuple[int, int, int], tuple[int, int, int]] = {}      # one tuple for the hexes alike
        self.heights = [alike.setdefault(h, h) for h in map(_heights, self.terrain)]
        self.peaks = bytearray(byte for peak in map(_peak_byte, self.heights) for byte in (peak, NEXT_TO_A_UNIT + peak))
        self.shallow = list(map(_shallow, self.terrain))
        self.on_map = _on_map(hexmap.width, hexmap.height)
        # the state of the map it was read from (its hexes and default kept, so their ids stay theirs)
        self.revision, self.map_hexes, self.default = hexmap.revision, hexmap.hexes, hexmap.default

    def refresh(self, hexmap: HexMap) -> None:
        """Read again the hexes of the map it was read from whose terrain
        was replaced since (`HexMap.set`)."""
        x0, y0, stride, terrain = self.x0, self.y0, self.stride, self.terrain
        for (x, y), t in hexmap.hexes.items():
            n = (x - x0) * stride + y - y0
            if 0 <= y - y0 < stride and 0 <= n < len(terrain) and terrain[n] is not t:
                terrain[n] = t
                self.heights[n] = _heights(t)
                self.peaks[2 * n] = peak = _peak_byte(self.heights[n])
                self.peaks[2 * n + 1] = NEXT_TO_A_UNIT + peak
                self.shallow[n] = _shallow(t)
        self.revision = hexmap.revision


PEAK_BASE = -64       # the peak a board's byte 0 stands for (and all lower; 127 for 63 and all higher)
NEXT_TO_A_UNIT = 128  # added to the byte of a hex next to a unit


def _peak_byte(heights: tuple[int, int, int]) -> int:
    """A hex's `_peak` on a board, in 7 bits from PEAK_BASE."""
    return min(max(_peak(heights) - PEAK_BASE, 0), 127)


@functools.lru_cache(maxsize=4096)
def _marks(low: int, high: int) -> bytes:
    """The `bytes.translate` table that marks with 1 the peak bytes of the
    hexes that may matter to a line between units whose tops are at `low`
    and `high`, the others with 0: between the units, those above both
    tops; next to a unit, those reaching the lower top (they matter above
    that unit's top, or at the target's for partial cover)."""
    return bytes(1 if r % 128 == 127 or r % 128 + PEAK_BASE >= (low if r >= NEXT_TO_A_UNIT else high + 1) else 0
                 for r in range(256))


def _shallow(t) -> bool:
    """Depth 1 water: partial cover for a mech standing in it (section 3)."""
    return t.is_water and t.depth == 1


def _board(hexmap: HexMap, a: Hex, b: Hex) -> _Board:
    """The board of the map and of a margin around it when both hexes are
    on it (made once for each map and kept on it, `HexMap.los_board`; read
    again where its terrain was replaced: `HexMap.revision`; made anew when
    its hexes or its default terrain were replaced as a whole), else one of
    the hexes around the line from `a` to `b` (which keeps within a row of
    their rows)."""
    board = hexmap.los_board
    if board is None or board.map_hexes is not hexmap.hexes or board.default is not hexmap.default:
        board = hexmap.los_board = _Board(hexmap, -MARGIN, -MARGIN, hexmap.height + 2 * MARGIN,
                                          _map_hexes(hexmap.width, hexmap.height),
                                          _map_labels(hexmap.width, hexmap.height))
    elif board.revision != hexmap.revision:
        board.refresh(hexmap)
    if a in board.on_map and b in board.on_map:
        return board
    (ax, ay), (bx, by) = a, b
    x0, y0 = min(ax, bx) - MARGIN, min(ay, by) - MARGIN
    grid = tuple(Hex(x, y) for x in range(x0, max(ax, bx) + MARGIN + 1) for y in range(y0, max(ay, by) + MARGIN + 1))
    return _Board(hexmap, x0, y0, abs(ay - by) + 2 * MARGIN + 1, grid, tuple(map(hexmap.label, grid)))


@functools.lru_cache(maxsize=4)
def _map_hexes(width: int, height: int) -> tuple[Hex, ...]:
    """Every hex of a map of this size and of a margin around it, by hex
    number (column by column from (-MARGIN, -MARGIN)): the lines of sight
    name the hexes they cross without making them again."""
    return tuple(Hex(x, y) for x in range(-MARGIN, width + MARGIN) for y in range(-MARGIN, height + MARGIN))


@functools.lru_cache(maxsize=4)
def _map_labels(width: int, height: int) -> tuple[str, ...]:
    """The hex numbers of `_map_hexes`."""
    return tuple(map(HexMap(width, height).label, _map_hexes(width, height)))


@functools.lru_cache(maxsize=4)
def _on_map(width: int, height: int) -> frozenset[Hex]:
    """The hexes of a map of this size (looked up faster than worked out)."""
    return frozenset(HexMap(width, height).all_hexes())


@functools.lru_cache(maxsize=8192)      # every line of a map up to range 30 (some 2 kB each)
def _line(dx: int, dy: int, odd: int, stride: int) -> tuple:
    """The intervening hexes of the line from a hex in an even (odd=0) or
    odd column to the one (dx, dy) from it, on a board of this stride, by
    hex number from the start's: (how many; the number of each, the first
    of two where the line is divided; the second, None where it is not;
    the lowest and the highest number of all; what reads the peak byte of
    every hex, in a row, from a board's peaks from the lowest to the
    highest (the byte for a hex next to a unit for the first one and the
    last); the place from 1 of each of those hexes; the place of the first
    divided one, else one past the last)."""
    cells = [[x * stride + y for x, y in cell] for cell in line_offsets(Hex(odd, 0), Hex(odd + dx, dy))[1:-1]]
    numbers = [n for cell in cells for n in cell]
    lowest, highest = (min(numbers), max(numbers)) if numbers else (0, -1)
    ends = (1, len(cells))
    peaks = [2 * (n - lowest) + (k in ends) for k, cell in enumerate(cells, 1) for n in cell]
    divided = [k for k, cell in enumerate(cells, 1) if len(cell) == 2]
    return (len(cells), tuple([cell[0] for cell in cells]), tuple([cell[1] if len(cell) == 2 else None for cell in cells]),
            lowest, highest, _getter(peaks), tuple([k for k, cell in enumerate(cells, 1) for _ in cell]),
            divided[0] if divided else len(cells) + 1)


def _getter(items: list[int]):
    """What reads these items of a sequence as a tuple (an itemgetter
    gives one item bare, and takes no none)."""
    if len(items) > 1:
        return itemgetter(*items)
    return lambda seq: tuple(seq[i] for i in items)


def _heights(t) -> tuple[int, int, int]:
    """What of a hex's terrain counts for line of sight: (the level of its
    ground or building roof, its woods' top, its woods points)."""
    return t.level + t.building, t.level + 2, WOODS.get(t.terrain, 0)


def _peak(heights: tuple[int, int, int]) -> int:
    """The highest level at which a hex's terrain can matter to a line of
    sight: its ground or roof, or its woods' top."""
    solid, woods_top, points = heights
    return max(solid, woods_top) if points else solid


def _effect(heights: tuple[int, int, int], over: int, cover_top: int | None) -> tuple[int, int, int]:
    """What an intervening hex's terrain (its `_heights`) does to a line on
    which terrain matters above level `over`: (blocks, woods points,
    partial cover); `cover_top`, the target's top where its partial cover
    counts here."""
    solid, woods_top, points = heights
    if solid > over:
        return BLOCKS
    return 0, points if woods_top > over else 0, 1 if solid == cover_top else 0


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
