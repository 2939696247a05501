"""Elevation on the board, readable at a glance from level -2 to 8 (and
beyond, clamped to the ends of the scale: -4 to 10): a hypsometric tint per level (blue
greys below 0, greens to tans to browns above, snow at 8) and contour edges
(one dark line per level of drop on each hexside that falls to a lower
neighbour, so cliffs read as thick edges), plus a small level numeral. The
tileset's level tiles (assets/make_tileset.py) use the same tints."""
from __future__ import annotations

from functools import lru_cache

import pygame

from engine.hexgrid import Hex, neighbor
from engine.ui.geometry import corners
from engine.ui.widgets import render

# Level -> tint (RGB) and its opacity on the board; 0 has none.
TINTS = {
    -4: (18, 30, 84), -3: (28, 46, 106), -2: (40, 62, 128), -1: (92, 120, 170),
    1: (226, 222, 140), 2: (222, 196, 104), 3: (214, 164, 78), 4: (196, 132, 62),
    5: (170, 104, 54), 6: (140, 82, 48), 7: (112, 72, 64), 8: (150, 142, 142),
    9: (205, 205, 215), 10: (246, 246, 252),
}
LOWEST, HIGHEST = min(TINTS), max(TINTS)
ALPHA = 96
EDGE = (38, 26, 14)


def tint(level: int) -> tuple[int, int, int] | None:
    """The tint of a level (clamped to the scale), None for level 0."""
    if level == 0:
        return None
    return TINTS[max(LOWEST, min(HIGHEST, level))]


def numeral_colour(level: int) -> tuple[int, int, int]:
    """Dark on the light tints, light on the dark ones."""
    r, g, b = tint(level) or (128, 128, 128)
    return (40, 28, 16) if 0.3 * r + 0.59 * g + 0.11 * b > 150 else (250, 248, 236)


@lru_cache(maxsize=64)
def tint_layer(colour: tuple[int, int, int], size: int) -> pygame.Surface:
    """A hex of hex size `size` filled with `colour` at the tint's opacity,
    centred on a transparent square of side 2 * size + 2 (the same for
    every hex of a level at one zoom)."""
    layer = pygame.Surface((2 * size + 2, 2 * size + 2), pygame.SRCALPHA)
    pygame.draw.polygon(layer, (*colour, ALPHA), corners(size + 1, size + 1, size))
    return layer


def draw_elevation(surf: pygame.Surface, hexmap, hx: Hex, centre: tuple[float, float], size: int,
                   numeral: bool = True) -> None:
    """The elevation of one hex drawn over its ground at `centre` (the
    numeral left out where the hex's tile picture already shows it)."""
    level = hexmap.terrain(hx).level
    cx, cy = centre
    pts = corners(cx, cy, size)
    colour = tint(level)
    if colour is not None:
        surf.blit(tint_layer(colour, size), (cx - size - 1, cy - size - 1))
    width = max(1, size // 16)
    for d in range(6):
        n = neighbor(hx, d)
        if not hexmap.on_map(n):
            continue
        drop = level - hexmap.terrain(n).level
        if drop <= 0:
            continue
        a, b = pts[(d + 4) % 6], pts[(d + 5) % 6]
        for i in range(min(drop, 3)):      # one line per level of drop, inside the hex
            k = 1 - (0.07 + 0.09 * i)
            p = (cx + (a[0] - cx) * k, cy + (a[1] - cy) * k)
            q = (cx + (b[0] - cx) * k, cy + (b[1] - cy) * k)
            pygame.draw.line(surf, EDGE, p, q, width + (1 if i == 0 else 0))
    if numeral and level and size >= 14:
        text = str(level)
        px = max(8, int(size * 0.3))
        img = render(text, px, numeral_colour(level), True)
        at = (cx, cy + size * 0.6)
        surf.blit(img, img.get_rect(center=at))
