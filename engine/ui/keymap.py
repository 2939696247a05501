"""Every key of the window, as data. `HELP` lists the keys of the board and
of the replay viewer in the help screen's sections and rows; each row holds
the bindings it documents, so the help screen (F1) and the keys cannot
disagree. `SCREEN_KEYS` holds the keys of the full-window screens.

A binding names an action of `App.do`. Where a key means different things
by phase (1-9: a movement mode, a weapon, a physical attack) the action
says so ("number") and engine/ui/turn_actions.py resolves it. `where` says
when it counts: "anywhere" (over every screen too, after a text field's
own keys), "window" (no screen up, with or without a battle), "board" (no
screen up, a battle shown) and "replay" (no screen up, replay mode, before
the board's keys).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pygame

SHIFT = pygame.KMOD_SHIFT
CTRL = pygame.KMOD_CTRL | pygame.KMOD_META
PAN_STEP = 80


@dataclass(frozen=True)
class Key:
    key: int | str           # a pygame key code, or the character typed ("?")
    action: str
    arg: Any = None
    mod: int = 0             # modifiers that must be held (SHIFT, CTRL); 0: any or none
    where: str = "board"

    def matches(self, ev) -> bool:
        if isinstance(self.key, str):
            hit = ev.unicode == self.key
        else:
            hit = ev.key == self.key
        return hit and (not self.mod or bool(ev.mod & self.mod))


@dataclass(frozen=True)
class Row:
    keys: str                # the keys as the help screen shows them
    does: str
    bindings: tuple[Key, ...] = ()


@dataclass(frozen=True)
class Section:
    title: str
    column: int              # 0: left, 1: right half of the help screen
    rows: tuple[Row, ...]


def _replay(key: int, arg: str, mod: int = 0) -> Key:
    return Key(key, "replay", arg, mod, "replay")


_K = pygame
HELP: tuple[Section, ...] = (
    Section("Map", 0, (
        Row("drag / arrows / screen edge", "pan", (
            Key(_K.K_LEFT, "pan", (-PAN_STEP, 0)), Key(_K.K_RIGHT, "pan", (PAN_STEP, 0)),
            Key(_K.K_UP, "pan", (0, -PAN_STEP)), Key(_K.K_DOWN, "pan", (0, PAN_STEP)))),
        Row("wheel, + / -", "zoom (keeps the hex under the cursor)", (
            Key(_K.K_PLUS, "zoom", 1), Key(_K.K_EQUALS, "zoom", 1), Key(_K.K_KP_PLUS, "zoom", 1),
            Key(_K.K_MINUS, "zoom", -1), Key(_K.K_KP_MINUS, "zoom", -1))),
        Row("C", "centre on the selected unit", (Key(_K.K_c, "center"),)),
        Row("U", "ruler: range and line of sight between any two hexes (click, click)", (Key(_K.K_u, "ruler"),)),
        Row("B", "roster of both sides and the victory conditions", (Key(_K.K_b, "roster"),)),
        Row("click a unit", "select it / show its record sheet"),
    )),
    Section("Turn", 0, (
        Row("Tab / Shift+Tab", "next / previous unit that may act", (
            Key(_K.K_TAB, "next_unit", 1), Key(_K.K_TAB, "next_unit", -1, SHIFT))),
        Row("H", "this unit holds: stays put, holds fire, makes no physical attack", (Key(_K.K_h, "hold"),)),
        Row("Shift+H", "all your units that have not acted hold this phase", (
            Key(_K.K_h, "hold_all", mod=SHIFT),)),
        Row("Enter", "confirm the planned move or the attacks; end the phase when all have acted", (
            Key(_K.K_RETURN, "confirm"), Key(_K.K_KP_ENTER, "confirm"))),
        Row("Space", "continue past a screen (never acts on the board)", (Key(_K.K_SPACE, "space_hint"),)),
        Row("N", "end the phase (when every unit has acted)", (Key(_K.K_n, "end_phase"),)),
    )),
    Section("Deployment", 1, (
        Row("click a unit, then a hex", "place it in your zone (tinted)"),
        Row("Q / E, click its hex again", "turn it"),
        Row("Enter", "confirm this side's deployment"),
    )),
    Section("Movement", 1, (
        Row("1 2 3 / R / J", "mode: walk, run, jump (vehicles: cruise, flank)", (
            Key(_K.K_r, "fast_mode"), Key(_K.K_j, "mode", "jump"))),
        Row("click a hex in range", "plan the cheapest path there, of those the one with fewest rolls (badge = MP left)"),
        Row("click it again / right-click", "turn right / left at the end"),
        Row("F", "the other ways to that hex: other facings, the one with fewest rolls", (
            Key(_K.K_f, "cycle_path"),)),
        Row("Q E (A D), Shift+wheel", "turn left / right", (
            Key(_K.K_q, "turn", -1), Key(_K.K_e, "turn", 1), Key(_K.K_a, "turn", -1), Key(_K.K_d, "turn", 1))),
        Row("W / S", "step forward / backward", (Key(_K.K_w, "step", "F"), Key(_K.K_s, "step", "B"))),
        Row("PgUp / PgDn, L", "VTOL up / down, land or lift off", (
            Key(_K.K_PAGEUP, "vtol", "U"), Key(_K.K_PAGEDOWN, "vtol", "D"), Key(_K.K_l, "land_lift"))),
        Row("P", "drop prone / stand up", (Key(_K.K_p, "prone"),)),
        Row("Backspace", "undo the last step", (Key(_K.K_BACKSPACE, "undo"),)),
        Row("Esc", "clear the planned path"),
        Row("Ctrl+Z", "take back the last confirmed move (until a die is rolled)", (
            Key(_K.K_z, "take_back", mod=CTRL, where="anywhere"),)),
        Row("G", "declare the charge / death from above offered", (Key(_K.K_g, "declare", 0),)),
        Row("V", "where a missed charge ends: engine's choice / front-left / front-right", (
            Key(_K.K_v, "charge_miss"),)),
    )),
    Section("Attacks", 0, (
        Row("hover an enemy", "line of sight, range, to-hit and chance for each weapon"),
        Row("click an enemy / T", "choose / cycle the target", (Key(_K.K_t, "cycle_target", 1),)),
        Row("1-9", "tick a weapon / choose a physical attack (several while legal)",
            tuple(Key(_K.K_1 + i, "number", i) for i in range(9))),
        Row("Z / X", "torso twist or turret left / right", (Key(_K.K_z, "twist", -1), Key(_K.K_x, "twist", 1))),
        Row("Enter / Backspace", "declare the physical attack chosen / take it back; Enter with none: done"),
        Row("O / I", "Alpha Strike overheat up / down", (Key(_K.K_o, "overheat", 1), Key(_K.K_i, "overheat", -1))),
    )),
    Section("Game", 1, (
        Row("M / Esc", "menu", (Key(_K.K_m, "menu"), Key(_K.K_ESCAPE, "escape", where="window"))),
        Row("Ctrl+S / Ctrl+L / Ctrl+N", "save / load / new battle", (
            Key(_K.K_s, "save_menu", mod=CTRL, where="anywhere"),
            Key(_K.K_l, "load_menu", mod=CTRL, where="anywhere"),
            Key(_K.K_n, "new_menu", mod=CTRL, where="anywhere"))),
        Row("[ ] End", "scroll the combat log", (
            Key(_K.K_LEFTBRACKET, "log_scroll", 3), Key(_K.K_RIGHTBRACKET, "log_scroll", -3),
            Key(_K.K_END, "log_end"))),
        Row("F1 / ?", "this help", (Key(_K.K_F1, "help"), Key("?", "help", where="window"))),
        Row("Ctrl+Q", "quit", (Key(_K.K_q, "quit", mod=CTRL, where="anywhere"),)),
    )),
    Section("Replay (hexmech replay SAVE)", 0, (
        Row("Right / Left", "step forward / back", (_replay(_K.K_RIGHT, "forward"), _replay(_K.K_LEFT, "back"))),
        Row("PgDn / PgUp, T / Shift+T", "next / previous turn", (
            _replay(_K.K_PAGEDOWN, "next_turn"), _replay(_K.K_PAGEUP, "prev_turn"),
            _replay(_K.K_t, "next_turn"), _replay(_K.K_t, "prev_turn", SHIFT))),
        Row("Home / End", "the start / the end", (_replay(_K.K_HOME, "home"), _replay(_K.K_END, "end"))),
    )),
)

BINDINGS: tuple[Key, ...] = tuple(k for section in HELP for row in section.rows for k in row.bindings)


def lookup(where: str, ev) -> Key | None:
    """The binding `ev` (a KEYDOWN event) triggers in `where`: one that
    needs the modifiers held wins over one that does not."""
    found = [k for k in BINDINGS if k.where == where and k.matches(ev)]
    found.sort(key=lambda k: not k.mod)
    return found[0] if found else None


_CONTINUE = (_K.K_RETURN, _K.K_SPACE, _K.K_KP_ENTER)
_CLOSE = {k: ("close", None) for k in (*_CONTINUE, _K.K_ESCAPE, _K.K_F1, "?")}
_SCROLL = {_K.K_UP: ("scroll", -1), _K.K_DOWN: ("scroll", 1), _K.K_PAGEUP: ("scroll", -10),
           _K.K_PAGEDOWN: ("scroll", 10)}
_ENTER = (_K.K_RETURN, _K.K_KP_ENTER)

# The keys of each full-window screen (engine/ui/screens): key -> (action, arg).
SCREEN_KEYS: dict[str, dict[int | str, tuple[str, Any]]] = {
    "confirm_quit": {_K.K_y: ("really_quit", None), _K.K_RETURN: ("really_quit", None),
                     _K.K_n: ("close", None), _K.K_ESCAPE: ("close", None)},
    "handover": {**{k: ("handover_done", None) for k in _CONTINUE}, _K.K_ESCAPE: ("menu", None), **_SCROLL},
    "help": dict(_CLOSE),
    "welcome": dict(_CLOSE),
    "victory": {_K.K_ESCAPE: ("close", None), _K.K_RETURN: ("new_menu", None), _K.K_q: ("quit", None)},
    "menu": {_K.K_n: ("new_menu", None), _K.K_s: ("save_menu", None), _K.K_l: ("load_menu", None),
             _K.K_q: ("quit", None), _K.K_ESCAPE: ("close", None), _K.K_F1: ("help", None),
             _K.K_k: ("welcome", None)},
    "new": {_K.K_UP: ("pick", -1), _K.K_DOWN: ("pick", 1), _K.K_LEFT: ("new_rules", -1),
            _K.K_RIGHT: ("new_rules", 1), _K.K_F2: ("new_deploy", None), _K.K_F3: ("new_shared", None),
            _K.K_F4: ("new_dice", None),
            _K.K_ESCAPE: ("close", None), **{k: ("new_start", None) for k in _ENTER}},
    "forces": {_K.K_ESCAPE: ("close", None), **{k: ("close", None) for k in _ENTER},
               _K.K_PAGEUP: ("fb_scroll", -10), _K.K_PAGEDOWN: ("fb_scroll", 10)},
    "save": {_K.K_ESCAPE: ("close", None), **{k: ("save_do", None) for k in _ENTER}},
    "dice": {_K.K_ESCAPE: ("menu", None), **{k: ("dice_ok", None) for k in _ENTER}},
    "weapon_pick": {_K.K_ESCAPE: ("menu", None), **{k: ("pick_go_on", None) for k in _CONTINUE},
                    **{_K.K_1 + i: ("pick_weapon", i) for i in range(9)}},
    "load": {_K.K_UP: ("pick", -1), _K.K_DOWN: ("pick", 1), _K.K_ESCAPE: ("load_back", None),
             **{k: ("load_do", None) for k in _ENTER}},
}


def screen_key(screen: str, ev) -> tuple[str, Any] | None:
    """The (action, arg) of `ev` on the screen named `screen`, or None."""
    table = SCREEN_KEYS.get(screen, {})
    return table.get(ev.key) or table.get(ev.unicode or None)
