"""The game menu, the quit question and the help screen (drawn from the
key map, engine/ui/keymap.py)."""
from __future__ import annotations

from engine.ui import keymap, theme
from engine.ui.screens import Screen, box, cover
from engine.ui.widgets import button, text, wrap


class Menu(Screen):
    name = "menu"
    closes_on_right_click = True

    def draw(self, app) -> None:
        cover(app, 170)
        r = box(app, 300, 290, "Menu")
        y = r.y + 40
        for label, action, key in (("New battle", "new_menu", "N"), ("Save", "save_menu", "S"),
                                   ("Load", "load_menu", "L"), ("Help", "help", "F1"),
                                   ("Quit", "quit", "Q"), ("Back to the battle", "close", "Esc")):
            button(app.screen, app.hits, (r.x + 30, y, r.w - 60, 32), label, action, key=key,
                   enabled=(app.game is not None or action not in ("save_menu", "close")), mouse=app.mouse)
            y += 39


class ConfirmQuit(Screen):
    name = "confirm_quit"

    def draw(self, app) -> None:
        cover(app, 170)
        if app.replay is not None:
            title, said, go = "Leave the replay?", "The replay only shows the save: nothing in it changes.", "Leave"
        elif app.game is None:
            title, said, go = "Quit hexmech?", "No battle is open.", "Quit"
        elif app.saves.autosave_on:
            title, said, go = "Quit hexmech?", "The battle is autosaved at the start of every phase.", "Quit"
        else:
            title, said, go = "Quit hexmech?", "Autosaving is off: save first (Ctrl+S) to keep the battle.", "Quit"
        r = box(app, 420, 150, title)
        text(app.screen, said, (r.x + 16, r.y + 40), 13, theme.TEXT_DIM)
        button(app.screen, app.hits, (r.x + 30, r.bottom - 50, 140, 32), go, "really_quit", key="Y",
               active=True, mouse=app.mouse)
        button(app.screen, app.hits, (r.right - 170, r.bottom - 50, 140, 32), "Cancel", "close", key="N",
               mouse=app.mouse)


class Help(Screen):
    name = "help"
    closes_on_click = True
    closes_on_right_click = True

    def draw(self, app) -> None:
        s = app.screen
        cover(app, 200)
        r = box(app, 880, 540, "Keys and mouse (F1 or ? to close)")
        col_x = [r.x + 16, r.x + r.w // 2 + 8]
        y = [r.y + 34, r.y + 34]
        for section in keymap.HELP:
            c = section.column
            text(s, section.title, (col_x[c], y[c]), 15, theme.ACCENT, True)
            y[c] += 22
            for row in section.rows:
                text(s, row.keys, (col_x[c], y[c]), 12, theme.TEXT, True)
                for part in wrap(row.does, 12, r.w // 2 - 200):
                    text(s, part, (col_x[c] + 190, y[c]), 12, theme.TEXT_DIM)
                    y[c] += 15
                y[c] += 2
            y[c] += 10
