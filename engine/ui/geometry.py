"""Screen geometry of the hex map: the camera (pan and zoom) and the
conversions between hexes and pixels. Flat-topped hexes, engine.hexgrid's
layout; a hex's `size` is its centre-to-corner distance in pixels."""
from __future__ import annotations

import math

from engine.hexgrid import Hex, center, from_cube, Cube

SQRT3 = math.sqrt(3.0)
ZOOM_LEVELS = (12, 14, 16, 19, 22, 25, 29, 33, 38, 44, 51, 59, 68, 80, 92)
MARGIN = 1.2      # map-space border around the map, in hex sizes


def cube_round(q: float, r: float) -> Cube:
    s = -q - r
    rq, rr, rs = round(q), round(r), round(s)
    dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs - s)
    if dq > dr and dq > ds:
        rq = -rr - rs
    elif dr > ds:
        rr = -rq - rs
    return Cube(int(rq), int(rr), int(-rq - rr))


def map_pixel_size(width: int, height: int, size: float) -> tuple[int, int]:
    """Pixel size of a whole map drawn at hex size `size` (with margins)."""
    w = (1.5 * (width - 1) + 2 + 2 * MARGIN) * size
    h = (SQRT3 * (height + 0.5) + 2 * MARGIN) * size
    return int(math.ceil(w)), int(math.ceil(h))


def map_pos(h: Hex, size: float) -> tuple[float, float]:
    """Centre of `h` in map-surface pixels at hex size `size`."""
    cx, cy = center(h)
    return (cx + 1 + MARGIN) * size, (cy + SQRT3 / 2 + MARGIN) * size


def map_hex_at(px: float, py: float, size: float) -> Hex:
    x = px / size - 1 - MARGIN
    y = py / size - SQRT3 / 2 - MARGIN
    q = x * 2 / 3
    r = -x / 3 + y / SQRT3
    return from_cube(cube_round(q, r))


CORNER_DIRECTIONS = tuple((math.cos(math.radians(60 * i)), math.sin(math.radians(60 * i))) for i in range(6))


def corners(cx: float, cy: float, size: float) -> list[tuple[float, float]]:
    return [(cx + size * c, cy + size * s) for c, s in CORNER_DIRECTIONS]


def facing_vector(facing: int) -> tuple[float, float]:
    """Unit vector pointing towards hexside `facing` (0 north, clockwise)."""
    a = math.radians(60 * facing)
    return math.sin(a), -math.cos(a)


class Camera:
    """Which part of the map is on screen: a zoom level and the map-surface
    pixel shown at the viewport's top-left corner."""

    def __init__(self, map_w: int, map_h: int, view: tuple[int, int, int, int], zoom: int = 7) -> None:
        self.map_w, self.map_h = map_w, map_h
        self.view = view          # x, y, w, h of the map viewport on screen
        self.zoom = zoom
        self.ox = 0.0
        self.oy = 0.0

    @property
    def size(self) -> int:
        return ZOOM_LEVELS[self.zoom]

    def to_screen(self, h: Hex) -> tuple[float, float]:
        mx, my = map_pos(h, self.size)
        return mx - self.ox + self.view[0], my - self.oy + self.view[1]

    def hex_at(self, sx: float, sy: float) -> Hex:
        return map_hex_at(sx - self.view[0] + self.ox, sy - self.view[1] + self.oy, self.size)

    def in_view(self, sx: float, sy: float) -> bool:
        x, y, w, h = self.view
        return x <= sx < x + w and y <= sy < y + h

    def pan(self, dx: float, dy: float) -> None:
        self.ox += dx
        self.oy += dy
        self.clamp()

    def clamp(self) -> None:
        mw, mh = map_pixel_size(self.map_w, self.map_h, self.size)
        vw, vh = self.view[2], self.view[3]
        m = MARGIN * self.size         # the empty border drawn around the hexes
        # a map larger than the view fills it (no band past an edge beyond the
        # hexes' own zig-zag); a smaller one is centred
        if mw - 2 * m <= vw:
            self.ox = -(vw - mw) / 2
        else:
            self.ox = min(max(self.ox, m), mw - m - vw)
        if mh - 2 * m <= vh:
            self.oy = -(vh - mh) / 2
        else:
            self.oy = min(max(self.oy, m), mh - m - vh)

    def zoom_at(self, steps: int, sx: float, sy: float) -> bool:
        """Zoom in (steps > 0) or out keeping the map point under (sx, sy) fixed."""
        new = min(max(self.zoom + steps, 0), len(ZOOM_LEVELS) - 1)
        if new == self.zoom:
            return False
        old_size = self.size
        mx = sx - self.view[0] + self.ox
        my = sy - self.view[1] + self.oy
        self.zoom = new
        k = self.size / old_size
        self.ox = mx * k - (sx - self.view[0])
        self.oy = my * k - (sy - self.view[1])
        self.clamp()
        return True

    def center_on(self, h: Hex) -> None:
        mx, my = map_pos(h, self.size)
        self.ox = mx - self.view[2] / 2
        self.oy = my - self.view[3] / 2
        self.clamp()

    def bring_into_view(self, h: Hex, margin: float = 1.5, keep: Hex | None = None) -> None:
        """Pan no more than needed for `h` to stand `margin` hexes inside
        the view (what is on screen stays there as far as it can); `keep`
        too, half a hex inside, when both fit on screen (`h` then only half
        a hex inside if need be)."""
        if keep is not None and (self._frame(h, margin, keep) or self._frame(h, 0.5, keep)):
            return
        x, y = self.to_screen(h)
        vx, vy, vw, vh = self.view
        m = min(margin * self.size, vw / 2, vh / 2)
        self.ox += min(0.0, x - (vx + m)) + max(0.0, x - (vx + vw - m))
        self.oy += min(0.0, y - (vy + m)) + max(0.0, y - (vy + vh - m))
        self.clamp()

    def _frame(self, h: Hex, margin: float, keep: Hex) -> bool:
        """Pan no more than needed for `h` to stand `margin` hexes and
        `keep` half a hex inside the view; False (nothing moved) if both
        cannot be on screen."""
        start = self.ox, self.oy
        shift = []
        for axis in (0, 1):
            v0, vlen = self.view[axis], self.view[axis + 2]
            lo, hi = -math.inf, math.inf
            for hx, mg in ((h, margin), (keep, 0.5)):
                c = self.to_screen(hx)[axis]
                m = min(mg * self.size, vlen / 2)
                lo, hi = max(lo, c - (v0 + vlen - m)), min(hi, c - (v0 + m))
            if lo > hi:
                return False
            shift.append(min(max(0.0, lo), hi))
        self.ox += shift[0]
        self.oy += shift[1]
        self.clamp()
        if all(self.in_view(*self.to_screen(hx)) for hx in (h, keep)):
            return True
        self.ox, self.oy = start
        return False

    def fit(self) -> None:
        """Largest zoom at which the whole map fits, centred."""
        for z in range(len(ZOOM_LEVELS) - 1, -1, -1):
            mw, mh = map_pixel_size(self.map_w, self.map_h, ZOOM_LEVELS[z])
            if mw <= self.view[2] and mh <= self.view[3]:
                break
        self.zoom = max(z, 0)
        self.clamp()
