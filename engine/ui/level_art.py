"""Tile pictures of a Tiled level for the board: the images the level loader
found (engine/levels.read_terrain: every path confined), read through
engine/files.py, each tile cut from its sheet and turned as its gid's flip
and rotation bits say (hexagonal maps: flipped first, then turned clockwise
60 degrees for the diagonal bit and 120 for the fourth bit, as Tiled draws
them)."""
from __future__ import annotations

import io
import struct
from pathlib import Path

import pygame

from engine.errors import DataError
from engine.files import read_bytes
from engine.hexgrid import Hex
from engine.tiled import FLIP_D, FLIP_H, FLIP_V, MAX_IMAGE_BYTES, ROTATE_120
from engine.ui.geometry import SQRT3

MAX_SIDE = 16384           # pixels: a larger sheet is refused before decoding


def _png_size_ok(data: bytes) -> bool:
    if data[:8] != b"\x89PNG\r\n\x1a\n" or len(data) < 24:
        return True
    w, h = struct.unpack(">II", data[16:24])
    return 0 < w <= MAX_SIDE and 0 < h <= MAX_SIDE


def load_image(path: Path) -> pygame.Surface:
    data = read_bytes(path, MAX_IMAGE_BYTES, str(path))
    if not _png_size_ok(data):
        raise DataError(f"{path}: image larger than {MAX_SIDE} x {MAX_SIDE} pixels")
    try:
        return pygame.image.load(io.BytesIO(data), path.name)
    except (pygame.error, ValueError) as exc:
        raise DataError(f"{path}: not an image pygame can read ({exc})") from None


def turned(img: pygame.Surface, flags: int) -> pygame.Surface:
    """A hex tile picture flipped and turned as its gid's bits say, cut back
    to its own size around its centre."""
    if not flags:
        return img
    out = pygame.transform.flip(img, bool(flags & FLIP_H), bool(flags & FLIP_V))
    angle = (60 if flags & FLIP_D else 0) + (120 if flags & ROTATE_120 else 0)
    if angle:
        out = pygame.transform.rotate(out, -angle)        # pygame turns anticlockwise
        rect = img.get_rect(center=out.get_rect().center)
        cut = pygame.Surface(img.get_size(), pygame.SRCALPHA)
        cut.blit(out, (0, 0), rect)
        out = cut
    return out


class TiledArt:
    """Tile images of a Tiled level, per hex, bottom layer first."""

    def __init__(self, path: Path) -> None:
        from engine.levels import read_terrain
        _tmap, _hexmap, tiles, _geometry, probs = read_terrain(path)
        if probs:
            raise DataError(list(probs))
        self.tiles = tiles
        self._sheets: dict[Path, pygame.Surface] = {}
        self._cut: dict[tuple, pygame.Surface] = {}
        self._scaled: dict[tuple, pygame.Surface] = {}

    def _picture(self, key: tuple) -> pygame.Surface:
        if key not in self._cut:
            image, rect, flags = key
            if image not in self._sheets:
                self._sheets[image] = load_image(image).convert_alpha()
            sheet = self._sheets[image]
            self._cut[key] = turned(sheet.subsurface(pygame.Rect(rect).clip(sheet.get_rect())) if rect
                                    else sheet, flags)
        return self._cut[key]

    def images(self, h: Hex) -> list[tuple[tuple, pygame.Surface]]:
        return [(tuple(t), self._picture(tuple(t))) for t in self.tiles.get(h, [])]

    def scaled(self, key: tuple, img: pygame.Surface, size: int) -> pygame.Surface:
        k = (key, size)
        if k not in self._scaled:
            w, h = int(round(2 * size)), int(round(SQRT3 * size))
            self._scaled[k] = pygame.transform.smoothscale(img, (w, h))
        return self._scaled[k]


def load_art(level_path: str | None) -> TiledArt | None:
    """The level's tile pictures, or None (no level file, or pictures that
    cannot be read: the board is then drawn in flat terrain colours)."""
    if not level_path or str(level_path).startswith("builtin:"):
        return None
    try:
        art = TiledArt(Path(level_path))
        for stack in art.tiles.values():     # read every sheet now, so that a bad one falls back at once
            for t in stack:
                art._picture(tuple(t))
    except (DataError, pygame.error, OSError, ValueError):
        return None
    return art if art.tiles else None
