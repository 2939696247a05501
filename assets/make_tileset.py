"""Draw the terrain tileset: `assets/tilesets/terrain.png` and `terrain.tsx`.

Run from anywhere (headless, no window):

    SDL_VIDEODRIVER=dummy python assets/make_tileset.py

Tile geometry (the numbers every level map must use, see levels/README.md):
flat-topped hexes, tile 84 x 72 pixels, hex side 42 (Tiled map attributes
`tilewidth="84" tileheight="72" hexsidelength="42"`, orientation hexagonal,
stagger axis x, stagger index odd). Columns are 63 px apart; odd Tiled
columns sit 36 px lower.

The tiles and their properties (contract/levels.md) are listed in `TILES`;
the order there is the tile id. Add new tiles at the END so existing maps
keep their tile ids.

Layers a map is painted with, bottom to top:
  terrain    opaque ground tiles: clear, rough, rubble, woods, water, paved,
             buildings
  elevation  translucent level tiles (-2..6) with contour shading
  roads      transparent road pieces (road + paved)
"""
from __future__ import annotations

import math
import os
import random
import sys
from itertools import combinations
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from engine.hexmap import CLASS_LETTER  # noqa: E402  (the board labels classes with the same letters)
from engine.ui.elevation import numeral_colour, tint  # noqa: E402  (the board draws levels in the same tints)

TILE_W, TILE_H, HEX_SIDE = 84, 72, 42
COLUMNS = 8
SS = 4                       # supersampling factor (drawn at 4x, smoothed down)
OUT = Path(__file__).resolve().parent / "tilesets"

# Hexsides in facing order 0 N, 1 NE, 2 SE, 3 S, 4 SW, 5 NW (engine/hexgrid.py).
SIDE_NAMES = ("n", "ne", "se", "s", "sw", "nw")


def _road_name(sides: tuple[int, ...]) -> str:
    if len(sides) == 1:
        return f"road_end_{SIDE_NAMES[sides[0]]}"
    if len(sides) == 6:
        return "road_hub"
    return "road_" + "_".join(SIDE_NAMES[s] for s in sides)


def _road_pieces() -> list[tuple[str, tuple[int, ...]]]:
    """The first road pieces: the pairs of hexsides (straights and bends),
    all three-way junctions, the three straight crossings, a six-way hub,
    and the six dead ends (the other four- and five-way pieces come later
    in TILES, so that older maps keep their tile ids)."""
    pieces = []
    for n in (2, 3):
        for sides in combinations(range(6), n):
            pieces.append((_road_name(sides), sides))
    for sides in ((0, 1, 3, 4), (0, 2, 3, 5), (1, 2, 4, 5)):
        pieces.append((_road_name(sides), sides))
    pieces.append(("road_hub", tuple(range(6))))
    for s in range(6):
        pieces.append((_road_name((s,)), (s,)))
    return pieces


# (name, properties, drawing recipe). Property values keep their Tiled types:
# str -> string, bool -> bool, int -> int.
TILES: list[tuple[str, dict, tuple]] = [
    ("clear", {"terrain": "clear"}, ("clear",)),
    ("rough", {"terrain": "rough"}, ("rough",)),
    ("rubble", {"terrain": "rubble"}, ("rubble",)),
    ("light_woods", {"terrain": "light_woods"}, ("woods", 1)),
    ("heavy_woods", {"terrain": "heavy_woods"}, ("woods", 2)),
    ("water_depth_1", {"terrain": "water", "depth": 1}, ("water", 1)),
    ("water_depth_2", {"terrain": "water", "depth": 2}, ("water", 2)),
    ("water_depth_3", {"terrain": "water", "depth": 3}, ("water", 3)),
    ("paved", {"terrain": "clear", "paved": True}, ("paved",)),
    ("building_1", {"terrain": "building", "building": 1}, ("building", 1)),
    ("building_2", {"terrain": "building", "building": 2}, ("building", 2)),
    ("building_3", {"terrain": "building", "building": 3}, ("building", 3)),
    ("building_4", {"terrain": "building", "building": 4}, ("building", 4)),
] + [
    (f"level_{lv}".replace("-", "minus_"), {"level": lv}, ("level", lv)) for lv in range(-2, 7)
] + [
    (name, {"road": True, "paved": True}, ("road", sides)) for name, sides in _road_pieces()
]
_FIRST_ROADS = {sides for _name, sides in _road_pieces()}
# Added later, at the end: every other road piece (so any set of exits has
# one: engine/board_import.py relies on it), higher and lower levels, deeper
# water and taller buildings.
TILES += [
    (_road_name(sides), {"road": True, "paved": True}, ("road", sides))
    for n in (4, 5) for sides in combinations(range(6), n) if sides not in _FIRST_ROADS
] + [
    (f"level_{lv}".replace("-", "minus_"), {"level": lv}, ("level", lv)) for lv in (7, 8, 9, 10, -3, -4)
] + [
    (f"water_depth_{d}", {"terrain": "water", "depth": d}, ("water", d)) for d in (4, 5, 6)
] + [
    (f"building_{h}", {"terrain": "building", "building": h}, ("building", h)) for h in (5, 6, 7, 8)
] + [
    # Buildings of each class (rules/buildings.md B-CLASS), 1 to 4 levels
    # tall: the roof's colour and letter show the class.
    (f"building_{c}_{h}", {"terrain": "building", "building": h, "building_class": c}, ("building", h, c))
    for c in ("light", "medium", "heavy", "hardened") for h in (1, 2, 3, 4)
]


# ------------------------------------------------------------------ geometry
def hex_points(scale: float = 1.0, inset: float = 0.0) -> list[tuple[float, float]]:
    """Corners of the flat-topped hex filling the tile, optionally inset."""
    w, h, s = TILE_W * scale, TILE_H * scale, HEX_SIDE * scale
    cx, cy = w / 2, h / 2
    pts = [((w - s) / 2, 0), ((w + s) / 2, 0), (w, h / 2), ((w + s) / 2, h), ((w - s) / 2, h), (0, h / 2)]
    if inset:
        k = 1 - inset
        pts = [(cx + (x - cx) * k, cy + (y - cy) * k) for x, y in pts]
    return pts


def side_midpoint(side: int, scale: float) -> tuple[float, float]:
    pts = hex_points(scale)
    # hexside `side` (0 = N) runs between corners: N = 0-1, NE = 1-2, ...
    a, b = pts[side % 6], pts[(side + 1) % 6]
    return (a[0] + b[0]) / 2, (a[1] + b[1]) / 2


def in_hex(x: float, y: float, scale: float, margin: float = 0.0) -> bool:
    """Is (x, y) inside the hex (shrunk by `margin` pixels)?"""
    w, h = TILE_W * scale, TILE_H * scale
    cx, cy = w / 2, h / 2
    dx, dy = abs(x - cx), abs(y - cy)
    half_h = h / 2 - margin
    if dy > half_h:
        return False
    # slanted sides: from (w/2, 0) at dy=0 to (s/2, h/2) at dy = h/2
    s = HEX_SIDE * scale
    max_dx = w / 2 - (w / 2 - s / 2) * (dy / (h / 2)) - margin * 1.15
    return dx <= max_dx


# ------------------------------------------------------------------ drawing helpers
def shade(color, f: float):
    """Lighten (f > 0) or darken (f < 0) an RGB colour."""
    r, g, b = color[:3]
    if f >= 0:
        return (int(r + (255 - r) * f), int(g + (255 - g) * f), int(b + (255 - b) * f))
    return (int(r * (1 + f)), int(g * (1 + f)), int(b * (1 + f)))


def speckle(surf, rng, base, count, radius, spread=0.12, margin=2):
    W, H = surf.get_size()
    for _ in range(count):
        x, y = rng.uniform(0, W), rng.uniform(0, H)
        if not in_hex(x, y, SS, margin * SS):
            continue
        c = shade(base, rng.uniform(-spread, spread))
        pygame.draw.circle(surf, c, (x, y), rng.uniform(radius * 0.5, radius) * SS)


def ground(surf, rng, base, specks=260):
    pygame.draw.polygon(surf, base, hex_points(SS))
    speckle(surf, rng, base, specks, 1.6)


def outline(surf, alpha=70):
    pygame.draw.polygon(surf, (20, 30, 20, alpha), hex_points(SS), max(1, SS))


def tree(surf, x, y, r, leaf, rng):
    """One tree canopy seen from above: shadow, crown, lit side."""
    pygame.draw.circle(surf, (18, 40, 18, 120), (x + r * 0.25, y + r * 0.3), r)
    pygame.draw.circle(surf, shade(leaf, -0.25), (x, y), r)
    pygame.draw.circle(surf, leaf, (x - r * 0.1, y - r * 0.1), r * 0.85)
    for _ in range(4):
        a = rng.uniform(0, math.tau)
        pygame.draw.circle(surf, shade(leaf, 0.18), (x - r * 0.3 + math.cos(a) * r * 0.2,
                                                     y - r * 0.3 + math.sin(a) * r * 0.2), r * 0.35)


def text(surf, msg, size, color, center, bg=None):
    font = pygame.font.Font(None, int(size * SS))
    img = font.render(msg, True, color)
    rect = img.get_rect(center=(int(center[0]), int(center[1])))
    if bg is not None:
        pygame.draw.circle(surf, bg, rect.center, max(rect.w, rect.h) * 0.62)
    surf.blit(img, rect)


def badge(surf, msg, fg, bg):
    """Small round number badge at the lower left of the hex."""
    text(surf, msg, 15, fg, (24 * SS, 52 * SS), bg=bg)


# ------------------------------------------------------------------ tiles
GRASS = (118, 158, 84)


def draw_clear(surf, rng):
    ground(surf, rng, GRASS)
    for _ in range(18):   # tufts
        x, y = rng.uniform(10, 74) * SS, rng.uniform(8, 64) * SS
        if in_hex(x, y, SS, 6 * SS):
            pygame.draw.line(surf, shade(GRASS, -0.2), (x, y), (x + 2 * SS, y - 3 * SS), SS)
    outline(surf)


def draw_rough(surf, rng):
    base = (150, 146, 98)
    ground(surf, rng, base, 320)
    for _ in range(14):
        x, y = rng.uniform(8, 76) * SS, rng.uniform(8, 64) * SS
        if not in_hex(x, y, SS, 7 * SS):
            continue
        r = rng.uniform(2.5, 5.5) * SS
        pts = [(x + math.cos(a) * r * rng.uniform(0.7, 1.1), y + math.sin(a) * r * rng.uniform(0.6, 0.9))
               for a in [i * math.tau / 7 for i in range(7)]]
        pygame.draw.polygon(surf, (70, 62, 48, 140), [(px + SS, py + SS * 1.5) for px, py in pts])
        pygame.draw.polygon(surf, (126, 116, 98), pts)
        pygame.draw.circle(surf, (168, 160, 140), (x - r * 0.3, y - r * 0.3), r * 0.35)
    outline(surf)


def draw_rubble(surf, rng):
    base = (128, 124, 118)
    ground(surf, rng, base, 300)
    palette = [(150, 90, 70), (170, 165, 155), (96, 92, 88), (185, 120, 90), (120, 118, 112)]
    for _ in range(26):
        x, y = rng.uniform(8, 76) * SS, rng.uniform(8, 64) * SS
        if not in_hex(x, y, SS, 6 * SS):
            continue
        w, h, a = rng.uniform(3, 8) * SS, rng.uniform(2, 5) * SS, rng.uniform(0, math.pi)
        c, s = math.cos(a), math.sin(a)
        pts = [(x + c * dx - s * dy, y + s * dx + c * dy) for dx, dy in
               ((-w / 2, -h / 2), (w / 2, -h / 2), (w / 2, h / 2), (-w / 2, h / 2))]
        pygame.draw.polygon(surf, (50, 48, 46, 130), [(px + SS, py + SS) for px, py in pts])
        pygame.draw.polygon(surf, rng.choice(palette), pts)
    outline(surf)


def draw_woods(surf, rng, density):
    if density == 1:
        ground(surf, rng, GRASS)
        spots = [(26, 22), (56, 20), (40, 40), (22, 50), (62, 48), (44, 60)]
        leaf, r = (58, 118, 52), 9.5
    else:
        ground(surf, rng, (70, 108, 58))
        spots = [(x, y) for y in range(10, 68, 11) for x in range(10 + (y // 11 % 2) * 6, 80, 12)]
        leaf, r = (34, 86, 38), 10.5
    for x, y in spots:
        x += rng.uniform(-2.5, 2.5)
        y += rng.uniform(-2.5, 2.5)
        if in_hex(x * SS, y * SS, SS, 5 * SS):
            tree(surf, x * SS, y * SS, r * rng.uniform(0.85, 1.1) * SS, shade(leaf, rng.uniform(-0.1, 0.1)), rng)
    outline(surf)


WATER = {1: (110, 176, 214), 2: (58, 128, 188), 3: (28, 74, 140), 4: (20, 56, 116), 5: (14, 42, 96),
         6: (10, 30, 76)}


def draw_water(surf, rng, depth):
    base = WATER[depth]
    pygame.draw.polygon(surf, base, hex_points(SS))
    # depth shading: darker towards the middle for deeper water
    for i in range(1, min(depth, 3) + 1):
        pygame.draw.polygon(surf, shade(base, -0.12 * i), hex_points(SS, inset=0.22 * i))
    for _ in range(9):   # ripples
        x, y = rng.uniform(14, 70) * SS, rng.uniform(12, 60) * SS
        if in_hex(x, y, SS, 8 * SS):
            rect = pygame.Rect(0, 0, 12 * SS, 5 * SS)
            rect.center = (int(x), int(y))
            pygame.draw.arc(surf, shade(base, 0.35), rect, 0.3, 2.8, SS)
    badge(surf, str(depth), (230, 240, 255), shade(base, -0.45))
    outline(surf)


def draw_paved(surf, rng):
    base = (150, 150, 146)
    ground(surf, rng, base, 200)
    for y in range(12, 72, 12):
        pygame.draw.line(surf, shade(base, -0.15), (0, y * SS), (84 * SS, y * SS), SS // 2)
    for y in range(0, 72, 12):
        for x in range(6 + (y // 12 % 2) * 9, 84, 18):
            pygame.draw.line(surf, shade(base, -0.15), (x * SS, y * SS), (x * SS, (y + 12) * SS), SS // 2)
    _clip(surf)
    outline(surf)


ROOF = {1: (176, 150, 112), 2: (160, 110, 86), 3: (128, 96, 92), 4: (96, 96, 112), 5: (84, 92, 120),
        6: (74, 84, 126), 7: (66, 74, 128), 8: (58, 64, 124)}


# A building of a given class (the tiles that name one): its roof colour and
# the class letter beside the height.
CLASS_ROOF = {"light": (184, 160, 116), "medium": (168, 96, 74), "heavy": (112, 112, 118),
              "hardened": (62, 74, 110)}


def draw_building(surf, rng, height, klass=None):
    draw_paved(surf, rng)
    roof = CLASS_ROOF[klass] if klass else ROOF[height]
    w, h = (40 + 3 * min(height, 6)) * SS, (32 + 2 * min(height, 6)) * SS
    rect = pygame.Rect(0, 0, w, h)
    rect.center = (42 * SS, 35 * SS)
    shadow = rect.move(int((2 + 1.5 * height) * SS), int((2 + 1.5 * height) * SS))
    pygame.draw.rect(surf, (30, 30, 34, 120), shadow, border_radius=SS * 2)
    pygame.draw.rect(surf, shade(roof, -0.35), rect, border_radius=SS * 2)
    inner = rect.inflate(-5 * SS, -5 * SS)
    pygame.draw.rect(surf, roof, inner, border_radius=SS)
    # roof details: lit top edge and vents
    pygame.draw.line(surf, shade(roof, 0.3), inner.topleft, inner.topright, SS)
    pygame.draw.line(surf, shade(roof, 0.3), inner.topleft, inner.bottomleft, SS)
    for i in range(min(height, 4)):
        vent = pygame.Rect(0, 0, 5 * SS, 4 * SS)
        vent.topleft = (inner.right - (8 + 7 * i) * SS, inner.top + 3 * SS)
        pygame.draw.rect(surf, shade(roof, -0.25), vent)
    label = f"{CLASS_LETTER[klass]}{height}" if klass else str(height)
    text(surf, label, 20 if klass else 22, (255, 255, 255), (rect.centerx, rect.centery + SS * 2))
    if klass == "hardened":          # armoured edges
        pygame.draw.rect(surf, (200, 200, 210), inner, SS, border_radius=SS)
    outline(surf)


def draw_level(surf, rng, level):
    """A translucent level tile: the level's tint (engine/ui/elevation.py,
    the board's), a lit north-west rim and a shaded south-east rim for hills
    (the reverse for depressions), one contour ring per level up to 4, and
    the level numeral at the bottom of the hex."""
    colour = tint(level)
    if colour is None:
        text(surf, "0", 13, (255, 255, 255, 150), (42 * SS, 62 * SS))
        return
    pygame.draw.polygon(surf, (*colour, 120), hex_points(SS))
    ring = (70, 44, 20, 110) if level > 0 else (24, 30, 70, 150)
    for i in range(min(abs(level), 4)):
        pygame.draw.polygon(surf, ring, hex_points(SS, inset=0.06 + 0.1 * i), max(1, SS // 2))
    pts = hex_points(SS, 0.02)
    lit, dark = (255, 244, 210, 160), (50, 32, 16, 170)
    if level < 0:
        lit, dark = dark, (230, 232, 255, 130)
    pygame.draw.lines(surf, lit, False, [pts[4], pts[5], pts[0], pts[1]], SS * 2)
    pygame.draw.lines(surf, dark, False, [pts[1], pts[2], pts[3], pts[4]], SS * 2)
    text(surf, str(level), 17, numeral_colour(level), (42 * SS, 61 * SS))


def draw_road(surf, rng, sides):
    cx, cy = 42 * SS, 36 * SS
    ends = [side_midpoint(s, SS) for s in sides]
    for width, color in ((17, (70, 66, 60)), (13, (112, 110, 106))):
        for ex, ey in ends:
            pygame.draw.line(surf, color, (cx, cy), (ex, ey), width * SS)
        pygame.draw.circle(surf, color, (cx, cy), width * SS / 2)
    for ex, ey in ends:      # dashed centre line
        n = 4
        for i in range(n):
            t0, t1 = (i + 0.2) / n, (i + 0.6) / n
            pygame.draw.line(surf, (236, 218, 120), (cx + (ex - cx) * t0, cy + (ey - cy) * t0),
                             (cx + (ex - cx) * t1, cy + (ey - cy) * t1), SS)


def _clip(surf):
    """Cut the surface to the hex shape."""
    mask = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
    pygame.draw.polygon(mask, (255, 255, 255, 255), hex_points(SS))
    surf.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)


DRAW = {
    "clear": draw_clear, "rough": draw_rough, "rubble": draw_rubble, "woods": draw_woods,
    "water": draw_water, "paved": draw_paved, "building": draw_building, "level": draw_level,
    "road": draw_road,
}


def render_tile(index: int, recipe: tuple) -> pygame.Surface:
    big = pygame.Surface((TILE_W * SS, TILE_H * SS), pygame.SRCALPHA)
    rng = random.Random(1000 + index)
    DRAW[recipe[0]](big, rng, *recipe[1:])
    _clip(big)
    return pygame.transform.smoothscale(big, (TILE_W, TILE_H))


# ------------------------------------------------------------------ output
def _prop_xml(name: str, value) -> str:
    if isinstance(value, bool):
        return f'<property name="{name}" type="bool" value="{"true" if value else "false"}"/>'
    if isinstance(value, int):
        return f'<property name="{name}" type="int" value="{value}"/>'
    return f'<property name="{name}" value="{value}"/>'


def tsx_text(image_name: str, image_w: int, image_h: int) -> str:
    lines = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<tileset version="1.8" tiledversion="1.8.2" name="terrain" tilewidth="{TILE_W}" '
        f'tileheight="{TILE_H}" tilecount="{len(TILES)}" columns="{COLUMNS}">',
        f'  <image source="{image_name}" width="{image_w}" height="{image_h}"/>',
    ]
    for i, (name, props, _recipe) in enumerate(TILES):
        lines.append(f'  <tile id="{i}">')
        lines.append('    <properties>')
        lines.append(f'      <property name="name" value="{name}"/>')
        for k, v in props.items():
            lines.append(f"      {_prop_xml(k, v)}")
        lines.append('    </properties>')
        lines.append('  </tile>')
    lines.append('</tileset>')
    return "\n".join(lines) + "\n"


def tile_id(name: str) -> int:
    """The tile id of a named tile (used by levels/make_levels.py)."""
    for i, (n, _p, _r) in enumerate(TILES):
        if n == name:
            return i
    raise KeyError(name)


def main() -> None:
    pygame.font.init()
    OUT.mkdir(parents=True, exist_ok=True)
    rows = math.ceil(len(TILES) / COLUMNS)
    sheet = pygame.Surface((COLUMNS * TILE_W, rows * TILE_H), pygame.SRCALPHA)
    for i, (_name, _props, recipe) in enumerate(TILES):
        sheet.blit(render_tile(i, recipe), ((i % COLUMNS) * TILE_W, (i // COLUMNS) * TILE_H))
    pygame.image.save(sheet, str(OUT / "terrain.png"))
    (OUT / "terrain.tsx").write_text(tsx_text("terrain.png", sheet.get_width(), sheet.get_height()),
                                     encoding="utf-8")
    print(f"wrote {OUT / 'terrain.png'} and terrain.tsx ({len(TILES)} tiles)")


if __name__ == "__main__":
    main()
