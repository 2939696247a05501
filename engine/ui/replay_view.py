"""Read-only replay mode of the hot-seat window (`hexmech replay SAVE`).

The window shows `replay.game` (the state after the current step of an
engine.replay.Replay) the way it shows a game being played: board, counters,
record sheet, combat log. This module owns what differs: the replay bar
(where we are, buttons to step), stepping (its keys are engine/ui/keymap.py's
"replay" bindings), and which actions the window still takes: none that
would change the game.
"""
from __future__ import annotations

import pygame

from engine.ui import theme
from engine.ui.layout import TOP
from engine.ui.widgets import button, fit_text, text

# actions allowed in replay mode besides the replay's own
VIEW_ACTIONS = ("zoom", "pan", "center", "log_scroll", "log_end", "quit", "really_quit", "close", "help",
                "ruler", "roster", "roster_unit", "escape")


def step(app, arg: str) -> None:
    """Step the replay: `arg` is forward / back / next_turn / prev_turn / home / end."""
    r = app.replay
    if arg == "forward":
        r.forward()
    elif arg == "back":
        r.back()
    elif arg == "next_turn":
        nxt = [t for t in r.turns() if t > r.turn]
        r.jump_to_turn(nxt[0]) if nxt else r.to_end()
    elif arg == "prev_turn":
        at_start = _turn_start(r) == r.position
        r.jump_to_turn(r.turn - 1 if at_start or r.game.turn == 0 else r.turn)
    elif arg == "home":
        r.seek(0)
    elif arg == "end":
        r.to_end()
    app.selected = None


def _turn_start(r) -> int | None:
    if not r.simulated:
        return None
    for i, a in enumerate(r.actions):
        if a["do"] == "start_turn" and a["turn"] + 1 == r.turn:
            return i + 1
    return None


def status(r) -> str:
    g = r.game
    return f"Replay: turn {g.turn}, phase {g.phase or 'setup'}, step {r.position} of {r.length}"


def _short_status(r) -> str:
    g = r.game
    return f"Turn {g.turn} {g.phase or 'setup'}, step {r.position}/{r.length}"


def draw_bar(app) -> None:
    """Where the replay is, on the left; its buttons with their keys on the
    right, Leave (Esc) last (the status is shortened to leave them room)."""
    s = app.screen
    w, _ = s.get_size()
    pygame.draw.rect(s, theme.PANEL, (0, 0, w, TOP))
    pygame.draw.line(s, theme.BORDER, (0, TOP - 1), (w, TOP - 1))
    bx = w - 10
    for label, action, arg, key in (("Leave", "quit", None, "Esc"), ("End", "replay", "end", "End"),
                                    ("Turn >", "replay", "next_turn", "PgDn"),
                                    ("Step >", "replay", "forward", "Right"), ("< Step", "replay", "back", "Left"),
                                    ("< Turn", "replay", "prev_turn", "PgUp"), ("Start", "replay", "home", "Home")):
        bw = theme.font(13).size(f"{label} [{key}]")[0] + 16
        bx -= bw
        button(s, app.hits, (bx, 5, bw, TOP - 10), label, action, arg, key=key, mouse=app.mouse)
        bx -= 6 if action == "replay" else 16
    room = bx - 10 - 8
    winner = f"winner: {app.game.winner}" if app.game.winner else ""
    line = status(app.replay)
    if theme.font(15, True).size(line)[0] + (theme.font(14).size(winner)[0] + 14 if winner else 0) > room:
        line = _short_status(app.replay)
    x = text(s, fit_text(line, 15, room, True), (10, TOP // 2), 15, theme.ACCENT, True, "midleft").right + 14
    if winner and x < bx:
        text(s, fit_text(winner, 14, bx - 8 - x), (x, TOP // 2), 14, theme.TEXT, False, "midleft")
