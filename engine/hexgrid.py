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
def hex_label(h: Hex, width: int = 2) -> str:
    """'XXYY' label; pass width=3 for maps larger than 99 hexes."""
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
    x = c.q
    y = c.r + (c.q - (c.q & 1)) // 2
    return Hex(x, y)


def neighbor(h: Hex, direction: int) -> Hex:
    c = to_cube(h)
    d = CUBE_DIRECTIONS[direction % 6]
    return from_cube(Cube(c.q + d.q, c.r + d.r, c.s + d.s))


def neighbors(h: Hex) -> list[Hex]:
    return [neighbor(h, d) for d in range(6)]


def distance(a: Hex, b: Hex) -> int:
    ca, cb = to_cube(a), to_cube(b)
    return max(abs(ca.q - cb.q), abs(ca.r - cb.r), abs(ca.s - cb.s))


def direction_to(a: Hex, b: Hex) -> int | None:
    """The facing that leads from `a` to the adjacent hex `b`, else None."""
    for d in range(6):
        if neighbor(a, d) == b:
            return d
    return None


def turn(facing: int, hexsides: int) -> int:
    """Facing after turning `hexsides` clockwise (negative: counter-clockwise)."""
    return (facing + hexsides) % 6


def facing_difference(a: int, b: int) -> int:
    """Smallest number of hexside turns between two facings (0..3)."""
    d = (a - b) % 6
    return min(d, 6 - d)


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
def _cube_round(q: float, r: float, s: float) -> Cube:
    rq, rr, rs = round(q), round(r), round(s)
    dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs - s)
    if dq > dr and dq > ds:
        rq = -rr - rs
    elif dr > ds:
        rr = -rq - rs
    else:
        rs = -rq - rr
    return Cube(int(rq), int(rr), int(rs))


_EPS = 1e-6


def line(a: Hex, b: Hex) -> list[list[Hex]]:
    """Hexes on the straight line from a's centre to b's centre, in order.

    Each entry is a list of one hex, or of two hexes where the line runs
    exactly along the hexside between them (the divided case of line of
    sight: the defender gets the better of the two). Endpoints included.
    """
    ca, cb = to_cube(a), to_cube(b)
    n = max(abs(ca.q - cb.q), abs(ca.r - cb.r), abs(ca.s - cb.s))
    if n == 0:
        return [[a]]
    out: list[list[Hex]] = []
    for i in range(n + 1):
        t = i / n
        q = ca.q + (cb.q - ca.q) * t
        r = ca.r + (cb.r - ca.r) * t
        s = ca.s + (cb.s - ca.s) * t
        plus = _cube_round(q + _EPS, r + _EPS, s - 2 * _EPS)
        minus = _cube_round(q - _EPS, r - _EPS, s + 2 * _EPS)
        if plus == minus:
            out.append([from_cube(plus)])
        else:
            out.append(sorted([from_cube(plus), from_cube(minus)]))
    return out


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
