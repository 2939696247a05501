"""Full-window screens drawn over the battle: the hand-over between players
and the digest (handover.py), the menu, the quit question and the help
(menus.py), new battle, save and load (files.py), and the victory summary
(victory.py).

Each screen is one object holding what it shows. The App keeps them in a
stack (closing one shows the one beneath: a menu opened from the hand-over
screen returns to it) and gives the top one the keys (engine/ui/keymap.py's
SCREEN_KEYS), the clicks that miss its buttons, the wheel and typed text,
and the actions it carries out itself (`ACTIONS`).
"""
from __future__ import annotations

from typing import Any

import pygame

from engine.ui import keymap
from engine.ui.widgets import panel


class Screen:
    name = ""
    hides_board = False                 # the board is hidden while this screen is anywhere in the stack
    modal = True                        # keys it does not use go no further
    closes_on_click = False             # a click off its buttons closes it
    closes_on_right_click = False
    ACTIONS: frozenset[str] = frozenset()   # the actions `do` carries out

    def draw(self, app) -> None:
        raise NotImplementedError

    def text_key(self, app, ev) -> bool:
        """A key for a text field, before any other key handling; True if used."""
        return False

    def key(self, app, ev) -> bool:
        """Run the key's action; True when the key goes no further."""
        found = keymap.screen_key(self.name, ev)
        if found is not None:
            app.do(*found)
            return True
        return self.modal

    def click(self, app) -> None:
        """A click that hit none of the screen's buttons."""
        if self.closes_on_click:
            app.close_overlay()

    def right_click(self, app) -> None:
        if self.closes_on_right_click:
            app.close_overlay()

    def wheel(self, app, dy: int) -> None:
        pass

    def text(self, app, s: str) -> None:
        pass

    def do(self, app, action: str, arg: Any) -> None:
        raise NotImplementedError(action)


def cover(app, alpha: int = 235) -> pygame.Rect:
    s = app.screen
    shade = pygame.Surface(s.get_size(), pygame.SRCALPHA)
    shade.fill((10, 11, 14, alpha))
    s.blit(shade, (0, 0))
    return s.get_rect()


def box(app, w: int, h: int, title: str) -> pygame.Rect:
    sr = app.screen.get_rect()
    r = pygame.Rect(0, 0, min(w, sr.w - 20), min(h, sr.h - 20))
    r.center = sr.center
    panel(app.screen, r, title)
    return r
