"""The screens with text fields (TextScreen: the one place a text field
takes keys), saving under a name and loading a save (engine/persistence.py
does the saving and loading). The new-battle screen is new_battle.py."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame

from engine.ui import keymap, theme
from engine.ui.screens import Screen, box, cover
from engine.ui.widgets import Hit, button, fit_text, panel, text


class TextScreen(Screen):
    """A screen with one focused text field at a time. Its keys come before
    every other key handling, and no key goes on to the board while it is
    up (only the keys that work everywhere, Ctrl+S / Ctrl+Q ..., still
    do): this is the one place a text field takes keys. Ctrl+A selects the
    whole field; what is typed next replaces it, Backspace clears it, and
    End or Right keeps it with the cursor after it."""
    closes_on_right_click = True
    field: str | None = None
    all_selected = False

    def focused(self) -> str | None:
        return self.field

    def holder(self, field: str):
        """The object whose attribute `field` is (the screen itself, unless
        the screen is made of parts that hold their own fields)."""
        return self

    def _get(self, field: str) -> str:
        return getattr(self.holder(field), field)

    def _set(self, field: str, value: str) -> None:
        setattr(self.holder(field), field, value)

    def text_key(self, app, ev) -> bool:
        found = keymap.screen_key(self.name, ev)
        if found is not None:
            app.do(*found)
            return True
        field = self.focused()
        ctrl = bool(ev.mod & pygame.KMOD_CTRL)
        if field and ctrl and ev.key == pygame.K_a:
            self.all_selected = True
            return True
        if field and ev.key in (pygame.K_END, pygame.K_RIGHT):
            self.all_selected = False
            return True
        if field and ev.key == pygame.K_BACKSPACE:
            self._set(field, "" if self.all_selected else self._get(field)[:-1])
            self.all_selected = False
            return True
        if field and ev.unicode and ev.unicode.isprintable() and not ctrl:
            return True      # the character arrives as TEXTINPUT
        return False

    def key(self, app, ev) -> bool:
        return True

    def text(self, app, s: str) -> None:
        field = self.focused()
        if field:
            self._set(field, ("" if self.all_selected else self._get(field)) + s)
            self.all_selected = False

    def pick(self, items: list[str], step: int) -> None:
        """Up / Down through `items`."""
        if items:
            i = items.index(self.choice) if self.choice in items else -1
            self.choice = items[(i + step) % len(items)]

    def draw_field(self, app, rect, label: str, key: str) -> None:
        s = app.screen
        text(s, label, (rect[0], rect[1] - 16), 12, theme.TEXT_DIM)
        r = pygame.Rect(rect)
        focused = self.focused() == key
        pygame.draw.rect(s, (20, 22, 26), r)
        pygame.draw.rect(s, theme.ACCENT if focused else theme.BORDER, r, 1)
        shown = text(s, self._get(key) + ("|" if focused and not self.all_selected else ""), (r.x + 6, r.centery),
                     13, theme.TEXT, anchor="midleft")
        if focused and self.all_selected and self._get(key):
            pygame.draw.rect(s, theme.ACCENT, shown.inflate(4, 2), 1)
        app.hits.append(Hit(r, "focus_field", key))


class SaveGame(TextScreen):
    """The name to save under, the suggested one selected: Enter keeps it,
    the first character typed replaces it."""
    name = "save"
    ACTIONS = frozenset({"save_do", "focus_field"})

    def __init__(self, name: str) -> None:
        self.name_text = name
        self.all_selected = bool(name)

    def focused(self) -> str | None:
        return "name_text"

    def do(self, app, action: str, arg: Any) -> None:
        if action == "save_do" and app.save(arg if arg is not None else self.name_text):
            app.close_overlay()

    def draw(self, app) -> None:
        cover(app, 200)
        r = box(app, 520, 170, "Save game")
        self.draw_field(app, (r.x + 16, r.y + 60, r.w - 32, 28), f"name (saved in {app.saves.folder})",
                        "name_text")
        button(app.screen, app.hits, (r.right - 156, r.bottom - 44, 140, 32), "Save", "save_do", key="Enter",
               active=True, mouse=app.mouse)
        button(app.screen, app.hits, (r.x + 16, r.bottom - 44, 120, 32), "Cancel", "close", key="Esc",
               mouse=app.mouse)


SAVES_SHOWN = 8          # the load screen's rows; Up / Down scroll the list to the save chosen


class LoadGame(TextScreen):
    """The saves to load, each with its battle, turn and date; with a
    battle on screen, loading one asks first (it replaces that battle)."""
    name = "load"
    ACTIONS = frozenset({"load_do", "load_back", "focus_field", "pick"})

    def __init__(self, files: list[str], ask: bool = False) -> None:
        self.files = files
        self.choice: str | None = None
        self.path = ""
        self.ask = ask                   # a battle is on screen: ask before replacing it
        self.asking: str | None = None   # the save asked about

    def do(self, app, action: str, arg: Any) -> None:
        if action == "pick":
            self.pick(self.files, arg)
            self.asking = None
        elif action == "focus_field":
            self.field = arg
        elif action == "load_back":
            if self.asking:
                self.asking = None
            else:
                app.close_overlay()
        elif action == "load_do":
            path = arg or self.asking or self.path or self.choice or (self.files[0] if self.files else None)
            if not path:
                return
            if self.ask and self.asking != path:
                self.asking = path
                return
            app.load(path)

    def draw(self, app) -> None:
        s = app.screen
        cover(app, 220)
        r = box(app, 720, 470, "Load game (Up / Down, Enter)")
        y = r.y + 36
        if not self.files:
            text(s, f"No saves in {app.saves.folder}", (r.x + 16, y), 13, theme.TEXT_DIM)
        chosen = self.files.index(self.choice) if self.choice in self.files else 0
        first = max(0, min(chosen - SAVES_SHOWN + 1, len(self.files) - SAVES_SHOWN))
        if len(self.files) > SAVES_SHOWN:
            text(s, f"{first + 1}-{first + SAVES_SHOWN} of {len(self.files)}", (r.right - 16, r.y + 8), 12,
                 theme.TEXT_DIM, anchor="topright")
        for f in self.files[first:first + SAVES_SHOWN]:
            lit = (self.choice or self.files[0]) == f and not self.path
            button(s, app.hits, (r.x + 16, y, r.w - 32, 36), "", "load_do", f, mouse=app.mouse, active=lit)
            text(s, Path(f).name, (r.x + 24, y + 3), 13, theme.ON_ACCENT if lit else theme.TEXT, True)
            text(s, fit_text(app.saves.describe(f), 12, r.w - 56), (r.x + 24, y + 19), 12,
                 theme.ON_ACCENT_DIM if lit else theme.TEXT_DIM)
            y += 40
        self.draw_field(app, (r.x + 16, r.bottom - 90, r.w - 32, 26), "or a save file path", "path")
        if self.asking:
            q = pygame.Rect(r.x + 40, r.centery - 60, r.w - 80, 120)
            panel(s, q, f"Load {Path(self.asking).name}?")
            text(s, "It replaces the battle on screen (autosaved at the start of each phase).",
                 (q.x + 12, q.y + 34), 12, theme.TEXT)
            button(s, app.hits, (q.x + 12, q.bottom - 42, 150, 30), "Load it", "load_do", self.asking, key="Enter",
                   active=True, mouse=app.mouse)
            button(s, app.hits, (q.right - 162, q.bottom - 42, 150, 30), "Back", "load_back", key="Esc",
                   mouse=app.mouse)
            return
        button(s, app.hits, (r.right - 156, r.bottom - 44, 140, 32), "Load path" if self.path else "Load",
               "load_do", self.path or None, enabled=bool(self.path or self.files), key="Enter", active=True,
               mouse=app.mouse)
        button(s, app.hits, (r.x + 16, r.bottom - 44, 120, 32), "Cancel", "close", key="Esc", mouse=app.mouse)
        if app.message and app.message_bad:
            text(s, app.message[:80], (r.x + 150, r.bottom - 36), 12, theme.BAD)
