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
        r = box(app, 300, 330, "Menu")
        y = r.y + 40
        for label, action, key in (("New battle", "new_menu", "N"), ("Save", "save_menu", "S"),
                                   ("Load", "load_menu", "L"), ("Help", "help", "F1"), ("Quick start", "welcome", "K"),
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
            title, said, go = "Quit hexmech?", "The battle is autosaved in every phase a player acts in.", "Quit"
        else:
            title, said, go = "Quit hexmech?", "Autosaving is off: save first (Ctrl+S) to keep the battle.", "Quit"
        r = box(app, 420, 150, title)
        text(app.screen, said, (r.x + 16, r.y + 40), 13, theme.TEXT_DIM)
        button(app.screen, app.hits, (r.x + 30, r.bottom - 50, 140, 32), go, "really_quit", key="Y",
               active=True, mouse=app.mouse)
        button(app.screen, app.hits, (r.right - 170, r.bottom - 50, 140, 32), "Cancel", "close", key="N",
               mouse=app.mouse)


class Help(Screen):
    """Every key of the key map in two columns, in a box as tall as they
    need; on a window too low for that, with less space between the rows."""
    name = "help"
    closes_on_click = True
    closes_on_right_click = True
    TITLE = "Keys and mouse (F1 or ? to close)"
    KEYS_W = 190                      # the keys' column; what they do is written right of it
    # a section title's line, a line, between rows, after a section
    SPACINGS = ((22, 15, 2, 10), (17, 14, 0, 3))

    def lines(self, width: int, spacing: tuple[int, int, int, int]) -> tuple[list[tuple], int]:
        """What the columns hold, as (column, x, y, text, size, colour, bold)
        from the box's top left, and the height of the taller column."""
        title_h, line_h, row_gap, section_gap = spacing
        half = width // 2
        col_x = (16, half + 8)
        does_w = half - self.KEYS_W - 24
        out, y = [], [34, 34]
        for section in keymap.HELP:
            c = section.column
            out.append((col_x[c], y[c], section.title, 15, theme.ACCENT, True))
            y[c] += title_h
            for row in section.rows:
                out.append((col_x[c], y[c], row.keys, 12, theme.TEXT, True))
                for part in wrap(row.does, 12, does_w):
                    out.append((col_x[c] + self.KEYS_W, y[c], part, 12, theme.TEXT_DIM, False))
                    y[c] += line_h
                y[c] += row_gap
            y[c] += section_gap
        return out, max(y) - section_gap + 8

    def draw(self, app) -> None:
        s = app.screen
        cover(app, 200)
        width = min(880, s.get_width() - 20)
        for spacing in self.SPACINGS:
            out, height = self.lines(width, spacing)
            if height <= s.get_height() - 20:
                break
        r = box(app, width, height, self.TITLE)
        for x, y, line, size, colour, bold in out:
            text(s, line, (r.x + x, r.y + y), size, colour, bold)


WELCOME = (
    ("A turn", (
        "Initiative, then Movement, Weapon attacks, Physical attacks, Heat and End.",
        "The side that loses the initiative moves and declares first; the sides take turns unit by unit.",
        "Attacks are declared one unit at a time and all land at the end of their phase.",
        "A side wins when no other side has a unit left able to fight.",
    )),
    ("The keys that matter", (
        "click a unit / Tab: the unit to act          click a hex: plan the path there",
        "Q / E: turn      F: another way to that hex      1 2 3: walk, run, jump",
        "Enter: confirm the move or fire the weapons ticked      H: hold (stay put, hold fire)",
        "Ctrl+Z: take back a move (until a die is rolled)      T or click: the target",
        "U: line-of-sight ruler      B: roster and victory      F1: every key",
    )),
    ("Between players", (
        "When the screen goes dark, hand it to the player named: Enter shows them what happened and the board.",
        "A shared table (new battle, F3) needs no hand-overs; dice at the table (F4) asks for every roll.",
    )),
)


class Welcome(Screen):
    """The first-run card: the order of a turn and the few keys that matter."""
    name = "welcome"
    closes_on_click = True
    closes_on_right_click = True

    def draw(self, app) -> None:
        s = app.screen
        cover(app, 215)
        r = box(app, 760, 430, "hexmech in one minute")
        y = r.y + 36
        for title, lines in WELCOME:
            text(s, title, (r.x + 18, y), 15, theme.ACCENT, True)
            y += 22
            for line in lines:
                for part in wrap(line, 13, r.w - 44):
                    text(s, part, (r.x + 30, y), 13, theme.TEXT)
                    y += 18
            y += 8
        button(s, app.hits, (r.centerx - 90, r.bottom - 44, 180, 32), "Start playing", "close", key="Enter",
               active=True, mouse=app.mouse)
