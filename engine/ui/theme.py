"""Colours, fonts and side markings. The side palette is Okabe-Ito
(colour-blind safe) and every side also gets a letter and a counter shape,
so colour is never the only cue."""
from __future__ import annotations

import pygame

BG = (22, 24, 28)
PANEL = (34, 37, 43)
PANEL_LIGHT = (48, 52, 60)
BORDER = (80, 86, 98)
TEXT = (228, 230, 235)
TEXT_DIM = (150, 156, 168)
TEXT_OFF = (96, 100, 110)       # a control that cannot be used now
ACCENT = (240, 228, 66)
ON_ACCENT = (20, 20, 20)          # writing on an accent-lit row or button
ON_ACCENT_DIM = (70, 66, 30)
GOOD = (0, 158, 115)
BAD = (213, 94, 0)
WARN = (230, 159, 0)

# Okabe-Ito palette: blue, vermillion, bluish green, reddish purple, orange, sky blue.
SIDE_COLOURS = [(0, 114, 178), (213, 94, 0), (0, 158, 115), (204, 121, 167), (230, 159, 0), (86, 180, 233)]
SIDE_SHAPES = ["square", "circle", "diamond", "triangle", "square", "circle"]
KNOWN_SIDE_COLOURS = {"blue": 0, "red": 1, "green": 2, "purple": 3, "orange": 4, "yellow": 4}

TERRAIN_COLOURS = {
    "clear": (151, 170, 110),
    "rough": (150, 136, 104),
    "rubble": (128, 118, 108),
    "light_woods": (92, 138, 74),
    "heavy_woods": (52, 98, 52),
    "water": (70, 120, 180),
    "building": (150, 150, 156),
}
ROAD = (196, 180, 140)
PAVED = (170, 170, 170)


def side_index(sides: list[str], side: str) -> int:
    if side.lower() in KNOWN_SIDE_COLOURS:
        return KNOWN_SIDE_COLOURS[side.lower()]
    return (sides.index(side) if side in sides else 0) % len(SIDE_COLOURS)


def side_colour(sides: list[str], side: str) -> tuple[int, int, int]:
    return SIDE_COLOURS[side_index(sides, side)]


def side_shape(sides: list[str], side: str) -> str:
    i = sides.index(side) if side in sides else 0
    return SIDE_SHAPES[i % len(SIDE_SHAPES)]


_fonts: dict[tuple[int, bool], pygame.font.Font] = {}


def reset_fonts() -> None:
    """Forget fonts made before pygame was (re)initialised."""
    from engine.ui import widgets
    _fonts.clear()
    widgets._cache.clear()
    if not pygame.font.get_init():
        pygame.font.init()


def font(size: int, bold: bool = False) -> pygame.font.Font:
    key = (size, bold)
    if key not in _fonts:
        f = pygame.font.Font(None, int(size * 1.35))   # pygame's bundled font
        f.set_bold(bold)
        _fonts[key] = f
    return _fonts[key]
