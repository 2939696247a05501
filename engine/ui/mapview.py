"""Drawing the battlefield: the static map (terrain, elevation, hex numbers)
rendered once per zoom level to a cached surface, and the unit counters
drawn on top every frame (their pictures: engine/ui/counter_art.py).

When the level came from a Tiled file whose tileset images can be loaded,
the terrain is drawn from those tiles (engine/ui/level_art.py); otherwise
from flat terrain colours. Either way the readable symbols (woods, water
depth, buildings, roads) are drawn over it, and elevation by
engine/ui/elevation.py.
"""
from __future__ import annotations

import math
import time
from collections import OrderedDict
from typing import Generator

import pygame

from components import (Altitude, Armor, Identity, Position, Status, Structure, Turret)
from engine.hexgrid import Hex, neighbor
from engine.hexmap import CLASS_LETTER
from engine.ui import theme
from engine.ui.counter_art import art_name, picture
from engine.ui.elevation import draw_elevation
from engine.ui.geometry import corners, facing_vector, map_hex_at, map_pixel_size, map_pos, SQRT3
from engine.ui.level_art import TiledArt
from engine.ui.widgets import render


def _shade(colour, level: int):
    """Higher ground lighter, lower ground darker."""
    k = max(-4, min(4, level)) * 0.09
    if k >= 0:
        return tuple(int(c + (255 - c) * k) for c in colour)
    return tuple(int(c * (1 + k)) for c in colour)


CHUNK = 512          # the map is cached in square chunks of at most this many pixels,
CHUNK_HEXES = 10     # and about this many hexes across (a chunk is drawn in a few milliseconds)
MAX_PIXELS = 96 * CHUNK * CHUNK     # about 100 MB of cached map at most
LOOK_AHEAD = 15      # frames: the chunks a pan reaches first are drawn first


def chunk_px(size: int) -> int:
    """The side of a map chunk at hex size `size`, in pixels."""
    return min(CHUNK, max(64, CHUNK_HEXES * size))


class MapRenderer:
    """The static map, drawn once per zoom level in chunks that are made
    when they first come into view (a 999 x 999 map never needs one huge
    surface) and kept, least recently used first out. A chunk is drawn hex
    by hex and can be left half drawn when a frame's time for it is spent,
    to be finished by the next frames. Times are the CPU time of the
    window's thread (`time.thread_time`): what the frame itself spends."""

    def __init__(self, game, art: TiledArt | None = None) -> None:
        self.game = game
        self.art = art
        self._chunks: "OrderedDict[tuple[int, int, int], pygame.Surface]" = OrderedDict()
        self._making: dict[tuple[int, int, int], Generator[None, None, pygame.Surface]] = {}
        self._art_hexes: set[Hex] = set()
        self._pixels = 0                      # the cached chunks' area
        self._shown: int | None = None       # the hex size the map was last drawn whole at
        self._last_view = (0.0, 0.0, 0)       # the view's origin and hex size at the last prefetch
        self._picture: tuple[pygame.Surface, float, float, int] | None = None   # the map as a frame still
        # making chunks showed it: the view, its origin and hex size
        self.pending = False                  # chunks of the view are still to be made (a zoom)
        self._collapsed: frozenset[Hex] = frozenset()     # the buildings drawn as rubble

    def invalidate(self) -> None:
        self._chunks.clear()
        self._making.clear()
        self._picture = None
        self._pixels = 0
        self._shown = None

    def draw(self, target: pygame.Surface, view: pygame.Rect, ox: float, oy: float, size: int,
             budget_ms: float | None = None) -> None:
        """Blit the map region whose top-left map pixel is (ox, oy) into `view`.
        With `budget_ms`, after a zoom the chunks not made yet are made,
        nearest the view's centre first, until that much time is spent,
        and the rest of the view shows the zoom drawn last, scaled: a zoom
        never stalls a frame, and the next frames make the rest (`pending`
        until they are all made)."""
        hm = self.game.map
        if self._collapsed != hm.collapsed.keys():        # a building fell (or came back with a take-back)
            self._collapsed = frozenset(hm.collapsed)
            self.invalidate()
        mw, mh = map_pixel_size(hm.width, hm.height, size)
        x0, y0 = max(0, int(ox)), max(0, int(oy))
        x1, y1 = min(mw, int(ox) + view.w), min(mh, int(oy) + view.h)
        if x0 >= x1 or y0 >= y1:
            return
        px = chunk_px(size)
        needed = [(cx, cy) for cy in range(y0 // px, (y1 - 1) // px + 1)
                  for cx in range(x0 // px, (x1 - 1) // px + 1)]
        missing = [c for c in needed if (size, *c) not in self._chunks]
        if missing and budget_ms is not None and self._shown not in (None, size):
            mx, my = (x0 + x1) / 2 / px - 0.5, (y0 + y1) / 2 / px - 0.5
            missing.sort(key=lambda c: (c[0] - mx) ** 2 + (c[1] - my) ** 2)
            del missing[:self._make([(size, *c) for c in missing], time.thread_time() + budget_ms / 1000)]
            if missing and self._picture is not None:
                self._rescaled(target, view, ox, oy, size)
            elif missing:
                self._scaled(target, view, ox, oy, size, self._shown)
        self.pending = bool(missing) and budget_ms is not None and self._shown not in (None, size)
        for cx, cy in needed:
            if not self.pending or (size, cx, cy) in self._chunks:
                target.blit(self.chunk(size, cx, cy), (view.x + cx * px - int(ox), view.y + cy * px - int(oy)))
        if self.pending:
            self._picture = (target.subsurface(view).copy(), ox, oy, size)
        else:
            self._shown, self._picture = size, None

    def _rescaled(self, target: pygame.Surface, view: pygame.Rect, ox: float, oy: float, size: int) -> None:
        """The view as the last frame still making chunks showed the map
        (`_picture`), scaled to `size`: zooming again before the chunks of
        the last zoom are all made scales one view, not the chunks of a
        zoom drawn long before."""
        picture, pox, poy, psize = self._picture
        k = psize / size
        patch = pygame.Surface((max(1, math.ceil(view.w * k)), max(1, math.ceil(view.h * k))))
        patch.fill(theme.BG)
        patch.blit(picture, (int(pox - ox * k), int(poy - oy * k)))
        target.blit(pygame.transform.scale(patch, view.size), view.topleft)

    def _scaled(self, target: pygame.Surface, view: pygame.Rect, ox: float, oy: float, size: int,
                shown: int) -> None:
        """The view as the chunks made at size `shown` have it, scaled to
        `size` (map pixels scale with the hex size), the rest background."""
        k, px = shown / size, chunk_px(shown)
        rx, ry = ox * k, oy * k
        patch = pygame.Surface((max(1, math.ceil(view.w * k)), max(1, math.ceil(view.h * k))))
        patch.fill(theme.BG)
        for cy in range(max(0, int(ry) // px), int(ry + view.h * k) // px + 1):
            for cx in range(max(0, int(rx) // px), int(rx + view.w * k) // px + 1):
                chunk = self._chunks.get((shown, cx, cy))
                if chunk is not None:
                    patch.blit(chunk, (cx * px - int(rx), cy * px - int(ry)))
        target.blit(pygame.transform.scale(patch, view.size), view.topleft)

    def chunk(self, size: int, cx: int, cy: int) -> pygame.Surface:
        """The chunk, made now (or finished) if it is not made yet."""
        key = (size, cx, cy)
        if key not in self._chunks:
            self._advance(key, None)
        self._chunks.move_to_end(key)
        return self._chunks[key]

    def _make(self, keys: list[tuple[int, int, int]], until: float) -> int:
        """Draw the chunks `keys` in turn until the `time.thread_time()`
        time `until` (one hex at least); how many of them, from the first,
        are made."""
        made = 0
        for key in keys:
            if made and time.thread_time() >= until or not self._advance(key, until):
                break
            made += 1
        return made

    def _advance(self, key: tuple[int, int, int], until: float | None) -> bool:
        """Draw more of chunk `key` (one hex at least), until the
        `time.thread_time()` time `until` (None: to its end); whether it is
        made (then it is cached)."""
        if key in self._chunks:
            return True
        work = self._making.get(key)
        if work is None:
            work = self._making[key] = self._render_chunk(*key)
        try:
            while True:
                next(work)
                if until is not None and time.thread_time() >= until:
                    return False
        except StopIteration as done:
            surf = done.value
        del self._making[key]
        self._chunks[key] = surf
        self._pixels += surf.get_width() * surf.get_height()
        while self._pixels > MAX_PIXELS:
            old = self._chunks.popitem(last=False)[1]
            self._pixels -= old.get_width() * old.get_height()
        return True

    def ready(self, area: pygame.Rect, size: int, budget_ms: float) -> bool:
        """Whether every chunk under `area` (map pixels) is made at `size`,
        after drawing missing ones for up to `budget_ms`."""
        px = chunk_px(size)
        missing = [(size, cx, cy) for cy in range(max(0, area.y // px), (area.bottom - 1) // px + 1)
                   for cx in range(max(0, area.x // px), (area.right - 1) // px + 1)
                   if (size, cx, cy) not in self._chunks]
        return self._make(missing, time.thread_time() + budget_ms / 1000) == len(missing)

    def prefetch(self, view: pygame.Rect, ox: float, oy: float, size: int, until: float) -> int:
        """Draw the missing chunks in the ring of chunks just outside the
        view until the `time.thread_time()` time `until` (one hex at
        least), those begun first, then the nearest where the view's centre
        will be LOOK_AHEAD frames on if it keeps panning as since the last
        call, so that a pan finds them ready instead of drawing them in the
        frame that shows them. Returns how many were made."""
        hm = self.game.map
        if self._collapsed != hm.collapsed.keys():        # a building fell (or came back with a take-back)
            self._collapsed = frozenset(hm.collapsed)
            self.invalidate()
        mw, mh = map_pixel_size(hm.width, hm.height, size)
        px = chunk_px(size)
        cols, rows = (mw - 1) // px, (mh - 1) // px
        x0, y0 = int(ox) // px - 1, int(oy) // px - 1
        x1, y1 = (int(ox) + view.w - 1) // px + 1, (int(oy) + view.h - 1) // px + 1
        last_x, last_y, last_size = self._last_view
        self._last_view = (ox, oy, size)
        dx, dy = ox - last_x, oy - last_y
        if last_size != size or abs(dx) + abs(dy) > px:
            dx = dy = 0.0                    # a zoom or a jump: no way the view is going
        mx, my = (x0 + x1) / 2 + dx * LOOK_AHEAD / px, (y0 + y1) / 2 + dy * LOOK_AHEAD / px
        missing = sorted(((size, cx, cy) not in self._making, (cx - mx) ** 2 + (cy - my) ** 2, cx, cy)
                         for cy in range(max(0, y0), min(rows, y1) + 1)
                         for cx in range(max(0, x0), min(cols, x1) + 1)
                         if (size, cx, cy) not in self._chunks)
        return self._make([(size, cx, cy) for _begun, _d, cx, cy in missing], until)

    def surface(self, size: int) -> pygame.Surface:
        """The whole map at one size (small maps: screenshots, tools)."""
        hm = self.game.map
        w, h = map_pixel_size(hm.width, hm.height, size)
        surf = pygame.Surface((w, h))
        self.draw(surf, surf.get_rect(), 0, 0, size)
        return surf

    # ------------------------------------------------------------ static map
    def _render_chunk(self, size: int, cx: int, cy: int) -> Generator[None, None, pygame.Surface]:
        """Draw chunk (cx, cy) at hex size `size`, pausing after each hex
        drawn: base (tile or colour, elevation, outline), then roads, then
        symbols and labels; the surface when done."""
        hm = self.game.map
        px = chunk_px(size)
        surf = pygame.Surface((px, px))
        surf.fill(theme.BG)
        px0, py0 = cx * px, cy * px
        # hexes whose drawing can reach into this chunk: everything a hex draws
        # (its tile, outline, roads to its sides, labels) lies within `size` of its centre
        reach = size + 2
        lo_x, lo_y, hi_x, hi_y = px0 - reach, py0 - reach, px0 + px + reach, py0 + px + reach
        a, b = map_hex_at(lo_x, lo_y, size), map_hex_at(hi_x, hi_y, size)
        hexes = []
        for x in range(max(0, a.x - 1), min(hm.width, b.x + 2)):
            for y in range(max(0, a.y - 1), min(hm.height, b.y + 2)):
                centre_x, centre_y = map_pos(Hex(x, y), size)
                if lo_x <= centre_x <= hi_x and lo_y <= centre_y <= hi_y:
                    hexes.append(Hex(x, y))
        for draw in (self._draw_hex_base, self._draw_roads, self._draw_hex_detail):
            for hx in hexes:
                draw(surf, hx, size, (px0, py0))
                yield
        return surf

    @staticmethod
    def _pos(hx: Hex, size: int, origin: tuple[int, int]) -> tuple[float, float]:
        x, y = map_pos(hx, size)
        return math.floor(x) - origin[0], math.floor(y) - origin[1]

    def _draw_hex_base(self, surf, hx: Hex, size: int, origin: tuple[int, int]) -> None:
        t = self.game.map.terrain(hx)
        cx, cy = self._pos(hx, size, origin)
        pts = corners(cx, cy, size)
        drawn = False
        if self.art is not None:
            imgs = self.art.images(hx)
            for gid, img in imgs:
                s = self.art.scaled(gid, img, size)
                surf.blit(s, s.get_rect(center=(cx, cy)))
                drawn = True
            if drawn:
                self._art_hexes.add(hx)
        if not drawn:
            base = theme.TERRAIN_COLOURS.get(t.terrain, theme.TERRAIN_COLOURS["clear"])
            if t.terrain == "water":
                base = _shade(base, -min(t.depth, 3))
            pygame.draw.polygon(surf, base, pts)
        draw_elevation(surf, self.game.map, hx, (cx, cy), size, numeral=not drawn)
        pygame.draw.polygon(surf, (40, 44, 40), pts, 1)

    def _draw_roads(self, surf, hx: Hex, size: int, origin: tuple[int, int]) -> None:
        hm = self.game.map
        t = hm.terrain(hx)
        if not t.road or hx in self._art_hexes:
            return
        cx, cy = self._pos(hx, size, origin)
        col = theme.PAVED if t.paved else theme.ROAD
        width = max(2, size // 6)
        linked = False
        for d in range(6):
            n = neighbor(hx, d)
            if hm.on_map(n) and hm.terrain(n).road:
                nx, ny = self._pos(n, size, origin)
                pygame.draw.line(surf, col, (cx, cy), ((cx + nx) / 2, (cy + ny) / 2), width)
                linked = True
        pygame.draw.circle(surf, col, (cx, cy), width // 2 + (0 if linked else 3))

    def _draw_hex_detail(self, surf, hx: Hex, size: int, origin: tuple[int, int]) -> None:
        hm = self.game.map
        t = hm.terrain(hx)
        cx, cy = self._pos(hx, size, origin)
        small = max(8, size // 4)
        art = hx in self._art_hexes       # the tile already shows trees, waves, rocks
        if t.woods and not art:
            n = 3 if t.woods == 1 else 5
            dark = (30, 70, 34) if t.woods == 2 else (50, 100, 50)
            r = max(2, size // 6)
            for i in range(n):
                a = math.radians(90 + i * 360 / n)
                px, py = cx + 0.42 * size * math.cos(a), cy - 0.1 * size + 0.38 * size * math.sin(a)
                pygame.draw.circle(surf, dark, (px, py), r)
                pygame.draw.circle(surf, (20, 40, 20), (px, py), r, 1)
        if t.terrain == "water" and t.depth:
            for k in ((-1, 1) if not art else ()):
                y = cy + k * size * 0.22
                pts = [(cx - size * 0.45 + i * size * 0.15, y + (2 if i % 2 else -2)) for i in range(7)]
                pygame.draw.lines(surf, (190, 215, 240), False, pts, 1)
            if size >= 18:
                img = render(f"d{t.depth}", small, (225, 238, 255))
                surf.blit(img, img.get_rect(center=(cx + size * 0.45, cy + size * 0.45)))
        if t.terrain in ("rough", "rubble") and not art:
            for i in range(4):
                px = cx - size * 0.35 + i * size * 0.22
                py = cy + (size * 0.15 if i % 2 else -size * 0.05)
                pygame.draw.polygon(surf, (95, 85, 70), [(px, py), (px + size * 0.08, py - size * 0.1),
                                                        (px + size * 0.16, py)])
        if t.building and not art:
            r = pygame.Rect(0, 0, size * 0.9, size * 0.75)
            r.center = (cx, cy + size * 0.05)
            pygame.draw.rect(surf, (105, 100, 98), r)
            pygame.draw.rect(surf, (40, 40, 40), r, max(1, size // 20))
        if t.building and size >= 18:
            img = render(f"{CLASS_LETTER[t.building_type]}{t.building}", max(9, size // 3), (240, 240, 240), True)
            box = img.get_rect(center=(cx, cy + size * 0.05)).inflate(4, 0)
            if art:
                pygame.draw.rect(surf, (50, 50, 55), box, border_radius=3)
            surf.blit(img, img.get_rect(center=box.center))
        if size >= 18:
            img = render(hm.label(hx), max(8, int(size * 0.26)), (35, 38, 35))
            surf.blit(img, img.get_rect(midtop=(cx, cy - SQRT3 * size / 2 + 2)))


# ---------------------------------------------------------------- units
def unit_short(name: str) -> str:
    word = name.split()[0] if name else "?"
    return word[:3].upper()


def armor_fraction(game, ent) -> float:
    """The share of its armor a unit has left (its structure apart:
    structure_fraction)."""
    a = game.world.component(ent, Armor)
    full = sum(a.original.values())
    return sum(max(0, v) for v in a.points.values()) / full if full else 0.0


def draw_shape(surf, shape: str, centre, r: float, colour, outline=(245, 245, 245), width=2) -> None:
    cx, cy = centre
    if shape == "circle":
        pygame.draw.circle(surf, colour, centre, r)
        pygame.draw.circle(surf, outline, centre, r, width)
        return
    if shape == "diamond":
        pts = [(cx, cy - r * 1.15), (cx + r * 1.15, cy), (cx, cy + r * 1.15), (cx - r * 1.15, cy)]
    elif shape == "triangle":
        pts = [(cx, cy - r * 1.2), (cx + r * 1.15, cy + r * 0.8), (cx - r * 1.15, cy + r * 0.8)]
    else:
        pts = [(cx - r, cy - r), (cx + r, cy - r), (cx + r, cy + r), (cx - r, cy + r)]
    pygame.draw.polygon(surf, colour, pts)
    pygame.draw.polygon(surf, outline, pts, width)


def structure_fraction(game, ent) -> float:
    s = game.world.component(ent, Structure)
    full = sum(s.original.values())
    return sum(max(0, v) for v in s.points.values()) / full if full else 0.0


def _damage_colour(frac: float):
    return theme.GOOD if frac > 0.6 else (theme.WARN if frac > 0.3 else theme.BAD)


def draw_facing(surf, centre, size: int, face: int) -> None:
    """The facing: a wedge from the counter to the hexside it faces, with a
    dark outline, and a line from the centre under it, so that it reads at
    every zoom (at the smallest, the line alone)."""
    cx, cy = centre
    fx, fy = facing_vector(face)
    px, py = -fy, fx
    tip = (cx + fx * size * 0.94, cy + fy * size * 0.94)
    pygame.draw.line(surf, (20, 20, 20), (cx, cy), tip, max(3, size // 7))
    pygame.draw.line(surf, (250, 250, 250), (cx, cy), tip, max(1, size // 14))
    if size < 10:
        return
    half = max(3.0, size * 0.3)
    base = size * 0.52
    b1 = (cx + fx * base + px * half, cy + fy * base + py * half)
    b2 = (cx + fx * base - px * half, cy + fy * base - py * half)
    pygame.draw.polygon(surf, (250, 250, 250), [tip, b1, b2])
    pygame.draw.polygon(surf, (20, 20, 20), [tip, b1, b2], max(1, size // 18))


def draw_damage(surf, game, ent, cx: float, top: float, size: int) -> None:
    """The damage state under the counter: armor left, and below it the
    internal structure left (shown once the structure has been hit)."""
    bw, bh = size * 0.9, max(3, size // 12)
    for frac, y in ((armor_fraction(game, ent), top), (structure_fraction(game, ent), top + bh + 2)):
        if y > top and frac >= 1.0:
            break
        bar = pygame.Rect(cx - bw / 2, y, bw, bh)
        pygame.draw.rect(surf, (20, 20, 20), bar.inflate(2, 2))
        pygame.draw.rect(surf, _damage_colour(frac), (bar.x, bar.y, bar.w * frac, bar.h))


def draw_unit(surf, game, ent: int, centre, size: int, selected: bool = False,
              ghost: bool = False, facing: int | None = None, dim: bool = False,
              altitude: int | None = None, altitude_badge: bool = True) -> None:
    """One unit counter: side colour and shape, the unit's picture (a mech,
    a vehicle by motive, a VTOL, by weight class: engine/ui/counter_art.py)
    and name letters, the facing, turret, altitude badge, status markers and
    the damage bars. `altitude_badge` False: none (the ghost of a VTOL's
    climb in its own hex, whose counter shows the altitude planned)."""
    w = game.world
    ident = w.component(ent, Identity)
    pos = w.component(ent, Position)
    st = w.component(ent, Status)
    cx, cy = centre
    r = size * 0.5
    colour = theme.side_colour(game.sides, ident.side)
    if st.destroyed or dim:
        colour = tuple(int(c * 0.45) for c in colour)
    target = surf
    if ghost:
        target = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
    face = pos.facing if facing is None else facing
    if ident.kind != "alpha-strike":      # Alpha Strike has no facing (AS-MOVE-5)
        draw_facing(target, (cx, cy), size, face)
    if selected:
        pygame.draw.circle(target, theme.ACCENT, (cx, cy), size * 0.78, max(2, size // 14))
    draw_shape(target, theme.side_shape(game.sides, ident.side), (cx, cy), r, colour,
               (255, 255, 255) if not st.destroyed else (90, 90, 90), max(1, size // 20))
    tur = w.try_component(ent, Turret)
    if tur is not None and not tur.destroyed:
        tx, ty = facing_vector(tur.facing)
        pygame.draw.line(target, (20, 20, 20), (cx + tx * r * 0.55, cy + ty * r * 0.55),
                         (cx + tx * r * 1.45, cy + ty * r * 1.45), max(3, size // 9))
    art = picture(art_name(game, ent), int(r * 1.7), mirrored=ident.kind != "alpha-strike" and face in (4, 5)) \
        if size >= 16 else None
    if art is not None:
        if st.destroyed:
            art = art.copy()
            art.fill((110, 110, 110, 255), special_flags=pygame.BLEND_RGBA_MULT)
        target.blit(art, art.get_rect(center=(cx, cy - r * 0.12)))
        if size >= 26:
            img = render(unit_short(ident.name), max(8, int(size * 0.2)), (255, 255, 255), True)
            box = img.get_rect(midbottom=(cx, cy + r + 1)).inflate(4, 0)
            pygame.draw.rect(target, (20, 22, 26), box, border_radius=3)
            target.blit(img, img.get_rect(center=box.center))
    elif size >= 14:
        img = render(unit_short(ident.name), max(8, int(size * 0.3)), (255, 255, 255), True)
        target.blit(img, img.get_rect(center=(cx, cy)))
    if size >= 12:                    # smaller, the bars would hide the facing
        below = ident.kind == "alpha-strike" or face != 3      # facing south: the bars go above
        draw_damage(target, game, ent, cx, cy + r + 3 if below else cy - r - 4 - 2 * max(3, size // 12), size)
    # badges
    badges = []
    alt = w.try_component(ent, Altitude)
    if alt is not None and altitude_badge:
        badges.append((f"A{alt.level if altitude is None else altitude}", (86, 180, 233)))
    if st.prone:
        badges.append(("PRN", theme.WARN))
    if st.shutdown:
        badges.append(("OFF", (140, 140, 140)))
    if st.immobile:
        badges.append(("IMM", theme.BAD))
    bx = cx + r * 0.6
    by = cy - r - 2
    for label, bcol in badges:
        img = render(label, max(9, int(size * 0.26)), (10, 10, 10), True)
        rect = img.get_rect(midleft=(bx, by)).inflate(4, 2)
        pygame.draw.rect(target, bcol, rect, border_radius=3)
        target.blit(img, img.get_rect(center=rect.center))
        by += rect.h + 1
    if st.destroyed:
        k = r * 1.1
        pygame.draw.line(target, (230, 40, 40), (cx - k, cy - k), (cx + k, cy + k), max(3, size // 8))
        pygame.draw.line(target, (230, 40, 40), (cx - k, cy + k), (cx + k, cy - k), max(3, size // 8))
    if ghost:
        target.set_alpha(150)
        surf.blit(target, (0, 0))


def draw_hex_outline(surf, centre, size, colour, width=2) -> None:
    pygame.draw.polygon(surf, colour, corners(centre[0], centre[1], size), width)


def fill_hex(surf, centre, size, colour_rgba) -> None:
    pygame.draw.polygon(surf, colour_rgba, corners(centre[0], centre[1], size - 1))
