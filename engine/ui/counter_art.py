"""The pictures in the board's counters (drawn by assets/make_counters.py):
which picture a unit gets (a BattleMech, a vehicle by its motive type, a
VTOL or WiGE, by weight class) and the picture itself at a size, cut from
the sheet and kept per size."""
from __future__ import annotations

import json
from functools import lru_cache

import pygame

from components import AlphaStrikeCard, VehicleMovement
from engine.errors import DataError
from engine.files import read_text
from engine.paths import ASSETS
from engine.ui.level_art import load_image
from engine.ui.queries import weight_class

SHEET = ASSETS / "counters" / "counters.json"
AS_KINDS = {"BM": "mech", "IM": "mech", "CV": "tracked"}     # Alpha Strike unit types with a picture


def art_name(game, ent: int) -> str:
    """The picture of this unit ("mech-heavy", "hover-light", ...)."""
    card = game.world.try_component(ent, AlphaStrikeCard)
    vm = game.world.try_component(ent, VehicleMovement)
    if card is not None:
        kind = AS_KINDS.get(card.type, "mech")
    elif vm is not None:
        kind = vm.motive
    else:
        kind = "mech"
    return f"{kind}-{weight_class(game, ent)}"


@lru_cache(maxsize=1)
def _sheet() -> tuple[pygame.Surface, dict] | None:
    """The sheet and its index, or None when they cannot be read (the
    counters then show the unit's letters only)."""
    try:
        index = json.loads(read_text(SHEET, 1 << 16, str(SHEET)))
        img = load_image(SHEET.parent / str(index["image"]))
        return (img.convert_alpha() if pygame.display.get_surface() is not None else img), index
    except (DataError, OSError, ValueError, KeyError, pygame.error):
        return None


@lru_cache(maxsize=512)
def picture(name: str, px: int, mirrored: bool = False) -> pygame.Surface | None:
    """The picture `name` scaled to `px` pixels square (facing right, or
    left when `mirrored`), or None when there is none."""
    sheet = _sheet()
    if sheet is None or px < 4:
        return None
    img, index = sheet
    i = index["art"].get(name)
    if i is None:
        return None
    cell, cols = int(index["cell"]), int(index["columns"])
    cut = img.subsurface(pygame.Rect((i % cols) * cell, (i // cols) * cell, cell, cell))
    out = pygame.transform.smoothscale(cut, (px, px))
    return pygame.transform.flip(out, True, False) if mirrored else out
