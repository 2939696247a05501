"""The BattleTech hex grid: hex numbers, coordinates, neighbours, distance,
facings, straight lines between hex centres, bearings and pixel geometry.

Layout (contract/levels.md): flat-topped hexes in columns; even-numbered
columns (02, 04, ...) sit half a hex lower. A `Hex` is Tiled's cell
(x, y), 0-based; its label is "XXYY" = (x + 1, y + 1). Internally we convert
to cube coordinates (q, r, s) with q + r + s = 0 for all arithmetic.

Facings and directions: 0 north, 1 north-east, 2 south-east, 3 south,
4 south-west, 5 north-west (clockwise, one hexside each).
"""
from __future__ import annotations

import functools
import math
from typing import Iterator, NamedTuple


class Hex(NamedTuple):
    """A map cell in Tiled offset coordinates (0-based column x, row y)."""

    x: int
    y: int

    @property
    def label(self) -> str:
        return hex_label(self)

    def __repr__(self) -> str:  # readable in test failures
        return f"Hex({hex_label(self)})"


class Cube(NamedTuple):
    q: int
    r: int
    s: int


# Cube direction vectors for facings 0..5 (flat-topped hexes).
CUBE_DIRECTIONS: tuple[Cube, ...] = (
    Cube(0, -1, 1),   # 0 N
    Cube(1, -1, 0),   # 1 NE
    Cube(1, 0, -1),   # 2 SE
    Cube(0, 1, -1),   # 3 S
    Cube(-1, 1, 0),   # 4 SW
    Cube(-1, 0, 1),   # 5 NW
)

FACING_NAMES = ("N", "NE", "SE", "S", "SW", "NW")


# ---------------------------------------------------------------- labels
@functools.lru_cache(maxsize=1 << 16)
def hex_label(h: Hex, width: int = 2) -> str:
    """'XXYY' label; pass width=3 for maps larger than 99 hexes (made once
    for each hex: line of sight names every woods hex it crosses)."""
    return f"{h.x + 1:0{width}d}{h.y + 1:0{width}d}"


def label_width(map_width: int, map_height: int) -> int:
    return 3 if max(map_width, map_height) > 99 else 2


def parse_hex_label(text: str) -> Hex:
    """Parse 'XXYY' (or 'XXXYYY'). Raises ValueError with a reason."""
    if not isinstance(text, str):
        raise ValueError(f"expected a hex number string like \"0505\", got {text!r}")
    if len(text) not in (4, 6) or not text.isdigit():
        raise ValueError(f"expected a hex number like \"0505\" (XXYY), got {text!r}")
    half = len(text) // 2
    col, row = int(text[:half]), int(text[half:])
    if col < 1 or row < 1:
        raise ValueError(f"hex number {text!r} has a zero column or row (they start at 01)")
    return Hex(col - 1, row - 1)


# ---------------------------------------------------------------- conversions
def to_cube(h: Hex) -> Cube:
    q = h.x
    r = h.y - (h.x - (h.x & 1)) // 2
    return Cube(q, r, -q - r)


def from_cube(c: Cube) -> Hex:
    return from_axial(c.q, c.r)


def from_axial(q: int, r: int) -> Hex:
    """The hex at cube coordinates (q, r, -q - r)."""
    return tuple.__new__(Hex, (q, r + (q - (q & 1)) // 2))


def _neighbor_steps(column: int) -> tuple[tuple[int, int], ...]:
    """(dx, dy) to the neighbour in each direction from a hex in an even
    (column 0) or odd (column 1) Tiled column."""
    c = to_cube(Hex(column, 0))
    return tuple((n.x - column, n.y) for n in
                 (from_cube(Cube(c.q + d.q, c.r + d.r, c.s + d.s)) for d in CUBE_DIRECTIONS))


_NEIGHBOR_STEPS = (_neighbor_steps(0), _neighbor_steps(1))


def neighbor(h: Hex, direction: int) -> Hex:
    x, y = h
    dx, dy = _NEIGHBOR_STEPS[x & 1][direction % 6]
    return _new_hex(Hex, (x + dx, y + dy))      # Hex(x, y) without the named tuple's Python-level __new__


_new_hex = tuple.__new__


def neighbors(h: Hex) -> list[Hex]:
    """The six neighbours of `h`, in facing order (0 north ... 5 north-west)."""
    x, y = h
    return [_new_hex(Hex, (x + dx, y + dy)) for dx, dy in _NEIGHBOR_STEPS[x & 1]]


def distance(a: Hex, b: Hex) -> int:
    # to_cube of both, without building the Cubes (this is called very often)
    dq = a.x - b.x
    dr = (a.y - (a.x - (a.x & 1)) // 2) - (b.y - (b.x - (b.x & 1)) // 2)
    return max(abs(dq), abs(dr), abs(dq + dr))


def direction_to(a: Hex, b: Hex) -> int | None:
    """The facing that leads from `a` to the adjacent hex `b`, else None."""
    for d in range(6):
        if neighbor(a, d) == b:
            return d
    return None


def turn(facing: int, hexsides: int) -> int:
    """Facing after turning `hexsides` clockwise (negative: counter-clockwise)."""
    return (facing + hexsides) % 6


# ---------------------------------------------------------------- geometry
SQRT3 = math.sqrt(3.0)


def center(h: Hex) -> tuple[float, float]:
    """Hex centre in unit space: hex 'size' (centre to corner) 1, y down."""
    c = to_cube(h)
    return 1.5 * c.q, SQRT3 * (c.r + c.q / 2.0)


def bearing(a: Hex, b: Hex) -> float:
    """Compass bearing in degrees (0 = north, clockwise) from a's centre to b's."""
    ax, ay = center(a)
    bx, by = center(b)
    dx, dy = bx - ax, by - ay
    if dx == 0 and dy == 0:
        return 0.0
    deg = math.degrees(math.atan2(dx, -dy)) % 360.0
    return round(deg, 9) % 360.0


def relative_bearing(origin: Hex, facing: int, other: Hex) -> float:
    """Bearing of `other` seen from `origin`, clockwise from `facing` (0..360)."""
    return round((bearing(origin, other) - 60.0 * facing) % 360.0, 9) % 360.0


# ---------------------------------------------------------------- lines
def line(a: Hex, b: Hex) -> list[list[Hex]]:
    """Hexes on the straight line from a's centre to b's centre, in order.

    Each entry is a list of one hex, or of two hexes where the line runs
    exactly along the hexside between them (the divided case of line of
    sight: the defender gets the better of the two). Endpoints included.
    """
    x, y = a.x, a.y
    return [[Hex(x + dx, y + dy) for dx, dy in cell] for cell in line_offsets(a, b)]


def line_offsets(a: Hex, b: Hex) -> tuple[tuple[tuple[int, int], ...], ...]:
    """`line(a, b)` as (x, y) offsets from `a`. The lines last asked for
    are kept (`LINES_KEPT`, a few MB); line of sight keeps every line it
    uses in its own form (systems/common/line_of_sight.py `_line`)."""
    dq = b.x - a.x
    dr = (b.y - (b.x - (b.x & 1)) // 2) - (a.y - (a.x - (a.x & 1)) // 2)
    return _line_cells(dq, dr, a.x & 1)


LINES_KEPT = 1024     # some 3 kB a line up to range 30, in each of the two caches below


@functools.lru_cache(maxsize=LINES_KEPT)
def _line_cells(dq: int, dr: int, odd: int) -> tuple[tuple[tuple[int, int], ...], ...]:
    """`_line_offsets` as (x, y) offsets from a start hex in an even (odd=0)
    or odd column, divided pairs sorted like Hexes."""
    out = []
    for cell in _line_offsets(dq, dr):
        # from_cube relative to the start: a column shift moves y by half of it,
        # rounded by the start column's parity
        offs = [(q, r + (odd + q - ((odd + q) & 1)) // 2) for q, r in cell]
        out.append(tuple(sorted(offs)))
    return tuple(out)


_NUDGE = 10**6          # 1 / the nudge (1e-6 hex) used to find lines along a hexside


@functools.lru_cache(maxsize=LINES_KEPT)
def _line_offsets(dq: int, dr: int) -> tuple[tuple[tuple[int, int], ...], ...]:
    """The line from the origin to cube offset (dq, dr), as cube (q, r)
    offsets per step. A line is the same wherever it starts (in cube
    coordinates), so lines from even and odd columns share it.

    Exact integer arithmetic: every coordinate is scaled by n * 10**6, so
    the 10**-6 nudges towards either side of a hexside are exact and a line
    running along a hexside is found wherever it starts."""
    ds = -dq - dr
    n = max(abs(dq), abs(dr), abs(ds))
    if n == 0:
        return (((0, 0),),)
    scale = n * _NUDGE
    out = []
    for i in range(n + 1):
        q, r, s = dq * i * _NUDGE, dr * i * _NUDGE, ds * i * _NUDGE     # (point) * scale
        plus = _scaled_round(q + n, r + n, s - 2 * n, scale)              # nudged by +1e-6, +1e-6, -2e-6
        minus = _scaled_round(q - n, r - n, s + 2 * n, scale)
        out.append((plus,) if plus == minus else (plus, minus))
    return tuple(out)


def _scaled_round(q: int, r: int, s: int, scale: int) -> tuple[int, int]:
    """The hex nearest the cube point (q, r, s) / scale, in exact integers
    (round each coordinate, then fix the one that moved most so q + r + s
    stays 0); its cube (q, r)."""
    rq, rr, rs = (2 * q + scale) // (2 * scale), (2 * r + scale) // (2 * scale), (2 * s + scale) // (2 * scale)
    dq, dr, ds = abs(rq * scale - q), abs(rr * scale - r), abs(rs * scale - s)
    if dq > dr and dq > ds:
        rq = -rr - rs
    elif dr > ds:
        rr = -rq - rs
    return rq, rr


def hexes_within(h: Hex, radius: int) -> Iterator[Hex]:
    c = to_cube(h)
    for dq in range(-radius, radius + 1):
        for dr in range(max(-radius, -dq - radius), min(radius, -dq + radius) + 1):
            yield from_cube(Cube(c.q + dq, c.r + dr, -c.q - dq - c.r - dr))


# ---------------------------------------------------------------- attack direction
def mech_attack_side(target: Hex, target_facing: int, attacker: Hex) -> str:
    """Hit-table column for an attack on a mech: front, left, right or rear.

    rules/mech_core.md section 3: the three forward hexsides are Front, the
    rear-right hexside Right, the rear hexside Rear, the rear-left Left.
    A line exactly on a boundary goes to the better side for the defender
    (front over a side, a side over rear).
    """
    fa = relative_bearing(target, target_facing, attacker)
    if fa <= 90.0 or fa >= 270.0:
        return "front"
    if fa <= 150.0:
        return "right"
    if fa >= 210.0:
        return "left"
    return "rear"


def vehicle_attack_side(target: Hex, target_facing: int, attacker: Hex) -> str:
    """Attack direction against a vehicle (rules/vehicles.md T-6a): the front
    covers one hexside, each side two, the rear one."""
    fa = relative_bearing(target, target_facing, attacker)
    if fa > 330.0 or fa <= 30.0:
        return "front"
    if fa <= 150.0:
        return "right"
    if fa < 210.0:
        return "rear"
    return "left"
