"""The key map (engine/ui/keymap.py) is the one table of the window's keys:
no key means two things in one place, every action it names is one the
window carries out, the help screen shows every row of it, and keys posted
as pygame events do what the table says."""
from __future__ import annotations

import pygame

from engine.ui import keymap
from engine.ui.screens import dice, files, force_builder, handover, menus, new_battle, victory, weapon_pick
from tests.test_ui_app import _pygame, app, handover as hand_over, key  # noqa: F401  (fixtures)


def test_no_key_is_bound_twice_in_one_place():
    seen = {}
    for k in keymap.BINDINGS:
        where = (k.where, k.key, k.mod)
        assert where not in seen, f"{k} and {seen[where]}"
        seen[where] = k


def test_every_bound_action_is_one_the_window_carries_out(app):
    known = set(app.window_actions) | set(app.game_actions) | set(app.view_actions) | {"replay"}
    assert {k.action for k in keymap.BINDINGS} - known == set()
    screens = {"confirm_quit": menus.ConfirmQuit, "handover": handover.HandOver, "dice": dice.DicePrompt,
               "help": menus.Help, "welcome": menus.Welcome, "victory": victory.Victory, "menu": menus.Menu,
               "new": new_battle.NewBattle, "forces": force_builder.ForceBuilder,
               "save": files.SaveGame, "load": files.LoadGame, "weapon_pick": weapon_pick.WeaponPick}
    assert set(screens) == set(keymap.SCREEN_KEYS)
    for name, table in keymap.SCREEN_KEYS.items():
        assert screens[name].name == name
        assert {a for a, _arg in table.values()} - set(app.window_actions) - screens[name].ACTIONS == set(), name


def test_the_help_screen_shows_every_row_of_the_key_map(app, monkeypatch):
    shown = []
    real = menus.text
    monkeypatch.setattr(menus, "text", lambda surf, s, *a, **kw: (shown.append(s), real(surf, s, *a, **kw))[1])
    hand_over(app)
    key(app, pygame.K_F1)
    assert app.overlay == "help"
    for section in keymap.HELP:
        assert section.title in shown
        for row in section.rows:
            assert row.keys in shown


def test_keys_do_what_the_table_says(app):
    hand_over(app)
    assert app.phase_kind() == "move"
    uid = app.selected
    key(app, pygame.K_w)                                  # W: step forward
    key(app, pygame.K_d)                                  # D: turn right
    assert app.move.path == ["F", "R"]
    key(app, pygame.K_a)                                  # A: turn left, cancelling the right turn
    assert app.move.path == ["F"]
    key(app, pygame.K_ESCAPE)                             # Esc: clear the path
    assert app.move.path == [] and app.overlay is None
    key(app, pygame.K_ESCAPE)                             # ... then the menu
    assert app.overlay == "menu"
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_SLASH, unicode="?")                 # ?: help, from its typed character
    assert app.overlay == "help"
    key(app, pygame.K_SLASH, unicode="?")
    key(app, pygame.K_TAB)
    assert app.selected != uid
    key(app, pygame.K_TAB, mod=pygame.KMOD_SHIFT)         # Shift+Tab: back
    assert app.selected == uid
