"""Small self-drawn widgets: text, buttons, checkboxes. Each widget is a
rectangle plus an action id; the app hit-tests clicks against the widgets
drawn in the last frame, so there is no widget tree to keep in sync."""
from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pygame

from engine.ui import theme


_cache: dict[tuple, pygame.Surface] = {}


def render(s: str, size: int = 14, colour=theme.TEXT, bold: bool = False, bg=None) -> pygame.Surface:
    """A rendered line of text, cached (the map redraws the same labels every frame)."""
    key = (s, size, tuple(colour), bold, tuple(bg) if bg else None)
    img = _cache.get(key)
    if img is None:
        if len(_cache) > 4000:
            _cache.clear()
        img = _cache[key] = theme.font(size, bold).render(s, True, colour, bg)
    return img


def text(surf: pygame.Surface, s: str, pos: tuple[float, float], size: int = 14,
         colour=theme.TEXT, bold: bool = False, anchor: str = "topleft", bg=None) -> pygame.Rect:
    img = render(s, size, colour, bold, bg)
    r = img.get_rect(**{anchor: (int(pos[0]), int(pos[1]))})
    surf.blit(img, r)
    return r


def wrap(s: str, size: int, width: int, bold: bool = False) -> list[str]:
    f = theme.font(size, bold)
    out: list[str] = []
    for para in s.split("\n"):
        line = ""
        for word in para.split(" "):
            trial = word if not line else line + " " + word
            if f.size(trial)[0] <= width or not line:
                line = trial
            else:
                out.append(line)
                line = word
        out.append(line)
    return out


def fit_text(s: str, size: int, width: int, bold: bool = False) -> str:
    """`s` cut with an ellipsis to fit `width` pixels."""
    f = theme.font(size, bold)
    if f.size(s)[0] <= width:
        return s
    while s and f.size(s + "...")[0] > width:
        s = s[:-1]
    return s.rstrip() + "..."


def fit_path(path: str, size: int, width: int) -> str:
    """A path cut at the front to fit `width` pixels, whole folders first
    (its last folders are the ones that tell): '.../hexmech/saves/forces'."""
    f = theme.font(size)
    if f.size(path)[0] <= width:
        return path
    parts = Path(path).parts
    for i in range(1, len(parts)):
        tail = "..." + os.sep + os.path.join(*parts[i:])
        if f.size(tail)[0] <= width:
            return tail
    while path and f.size("..." + path)[0] > width:
        path = path[1:]
    return "..." + path


@dataclass
class Hit:
    rect: pygame.Rect
    action: str
    arg: Any = None
    enabled: bool = True
    tip: str = ""


def button(surf: pygame.Surface, hits: list[Hit], rect, label: str, action: str, arg: Any = None,
           enabled: bool = True, active: bool = False, key: str = "", tip: str = "",
           mouse: tuple[int, int] | None = None) -> pygame.Rect:
    rect = pygame.Rect(rect)
    hover = mouse is not None and rect.collidepoint(mouse) and enabled
    bg = theme.ACCENT if active else (theme.PANEL_LIGHT if not hover else (70, 76, 88))
    fg = theme.ON_ACCENT if active and enabled else (theme.TEXT if enabled else theme.TEXT_OFF)
    pygame.draw.rect(surf, bg if enabled else theme.PANEL, rect, border_radius=4)
    pygame.draw.rect(surf, theme.BORDER if enabled else theme.PANEL_LIGHT, rect, 1, border_radius=4)
    label_full = label + (f" [{key}]" if key else "")
    text(surf, label_full, rect.center, 13, fg, anchor="center")
    hits.append(Hit(rect, action, arg, enabled, tip))
    return rect


def checkbox(surf: pygame.Surface, hits: list[Hit], rect, label: str, checked: bool, action: str,
             arg: Any = None, enabled: bool = True, colour=theme.TEXT) -> pygame.Rect:
    rect = pygame.Rect(rect)
    box = pygame.Rect(rect.x, rect.y + (rect.h - 14) // 2, 14, 14)
    pygame.draw.rect(surf, theme.PANEL_LIGHT, box)
    pygame.draw.rect(surf, theme.BORDER if enabled else theme.PANEL_LIGHT, box, 1)
    if checked:
        pygame.draw.line(surf, theme.ACCENT, (box.x + 3, box.centery), (box.x + 6, box.bottom - 3), 2)
        pygame.draw.line(surf, theme.ACCENT, (box.x + 6, box.bottom - 3), (box.right - 3, box.y + 3), 2)
    text(surf, label, (box.right + 6, rect.centery), 13, colour if enabled else theme.TEXT_DIM,
         anchor="midleft")
    hits.append(Hit(rect, action, arg, enabled))
    return rect


def panel(surf: pygame.Surface, rect, title: str | None = None, alpha: int | None = None) -> pygame.Rect:
    rect = pygame.Rect(rect)
    if alpha is None:
        pygame.draw.rect(surf, theme.PANEL, rect)
    else:
        s = pygame.Surface(rect.size, pygame.SRCALPHA)
        s.fill((*theme.PANEL, alpha))
        surf.blit(s, rect)
    pygame.draw.rect(surf, theme.BORDER, rect, 1)
    if title:
        text(surf, title, (rect.x + 8, rect.y + 5), 14, theme.ACCENT, bold=True)
    return rect
