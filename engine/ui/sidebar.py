"""The bars around the map: the top bar (turn, phase, whose action, the
order of play to come, End phase / Help / Menu) and the right-hand column
(the record sheet, the panel of the phase: deployment, movement, weapons or
physical attacks, and the combat log). The panels themselves are the
controllers' (deploy.py, move_panel.py, fire_panel.py, physical_panel.py);
the widgets they draw turn into App.do actions when clicked."""
from __future__ import annotations

import pygame

from engine import deployment
from engine.ui import queries, theme
from engine.ui.layout import SIDE_W, TOP, short_reason, unit_panel_h
from engine.ui.record_sheet import draw_unit_panel
from engine.ui.widgets import button, fit_text, panel, text



def whose_turn(app, side: str) -> str:
    """The top bar's line for the side to act: who, what, and how many units wait."""
    n = len(app.flow.waiting(side))
    doing = "move" if app.phase_kind() == "move" else "declare attacks"
    who = f"{app.computer.who(side)} is about to {doing}" if side in app.computer.players() else \
        f"{side.capitalize()} to {doing}"
    return f"{who} ({n} unit{'s' if n != 1 else ''} waiting)"

def draw_topbar(app) -> None:
    s = app.screen
    g = app.game
    w, _ = s.get_size()
    pygame.draw.rect(s, theme.PANEL, (0, 0, w, TOP))
    pygame.draw.line(s, theme.BORDER, (0, TOP - 1), (w, TOP - 1))
    side = app.flow.current_side
    x = 10
    if app.phase_kind() == "deploy":
        dside = deployment.current_side(g)
        x = text(s, "Deployment", (x, TOP // 2), 15, theme.ACCENT, True, "midleft").right + 14
        if dside:
            pygame.draw.rect(s, theme.side_colour(g.sides, dside), (x, 8, 18, 18), border_radius=3)
            text(s, f"{dside.capitalize()} places its units", (x + 24, TOP // 2), 14, theme.TEXT, False,
                 "midleft")
        bx = w - 10
        for label, action, key in (("Menu", "menu", "M"), ("Help", "help", "F1")):
            bw = theme.font(13).size(f"{label} [{key}]")[0] + 16
            bx -= bw
            button(s, app.hits, (bx, 5, bw, TOP - 10), label, action, key=key, mouse=app.mouse)
            bx -= 6
        return
    bx = w - 10
    take_back = app.take_back_reason() if app.phase_kind() == "move" else None
    for label, action, key, enabled, tip in (
            ("Menu", "menu", "M", True, ""), ("Help", "help", "F1", True, ""),
            ("Roster", "roster", "B", True, ""), ("Ruler", "ruler", "U", True, ""),
            ("End phase", "end_phase", "N", app.flow.phase_done(), "units still have to act"),
            *((("Take back move", "take_back", "Ctrl+Z", take_back is None, take_back or ""),)
              if app.phase_kind() == "move" else ())):
        bw = theme.font(13).size(f"{label} [{key}]")[0] + 16
        bx -= bw
        button(s, app.hits, (bx, 5, bw, TOP - 10), label, action, key=key, enabled=enabled,
               active=(action == "end_phase" and enabled), mouse=app.mouse, tip="" if enabled else tip)
        bx -= 6
    # the turn, the phase and whose action it is, in what the buttons leave
    x = text(s, f"Turn {g.turn}", (x, TOP // 2), 15, theme.TEXT, True, "midleft").right + 14
    x = text(s, f"{g.phase.capitalize()} phase", (x, TOP // 2), 15, theme.ACCENT, True, "midleft").right + 14
    if g.winner:
        msg = f"Battle over: {g.winner} wins" if g.winner != "draw" else "Battle over: draw"
        text(s, fit_text(msg, 15, bx - x, True), (x, TOP // 2), 15, theme.TEXT, True, "midleft")
    elif side:
        col = theme.side_colour(g.sides, side)
        pygame.draw.rect(s, col, (x, 8, 18, 18), border_radius=3)
        line = whose_turn(app, side)
        if theme.font(14).size(line)[0] > bx - x - 34:
            line = fit_text(line.split(" (")[0], 14, bx - x - 34)      # without the count of units waiting
        x = text(s, line, (x + 24, TOP // 2), 14, theme.TEXT, False, "midleft").right + 10
        order = app.flow.sequence[app.flow.pos:app.flow.pos + 8]
        for sd in order[1:]:
            if x + 10 > bx - 4:
                break
            pygame.draw.rect(s, theme.side_colour(g.sides, sd), (x, 12, 10, 10), border_radius=2)
            x += 13
    elif app.flow.phase_done():
        text(s, fit_text("All units have acted", 14, bx - x), (x, TOP // 2), 14, theme.TEXT, False, "midleft")


def draw_sidebar(app) -> None:
    s = app.screen
    w, h = s.get_size()
    x = w - SIDE_W
    uid = app.inspect or app.selected
    declaring_as = (app.phase_kind() in ("fire", "physical") and app.selected and app.target
                    and app.flow.may_act(app.selected) and queries.is_alpha(app.game, app.ent(app.selected)))
    if declaring_as:
        uid = app.selected      # the attacker's card (heat scale, overheat); the target's summary is below
    elif app.hover_hex is not None and not app.dragging:
        here = app.units_in(app.hover_hex)      # the record sheet follows the hovered unit
        if here:
            uid = here[0]
    mp_text = ""
    if uid and uid in app.game.units and app.game.kind(app.ent(uid)) != "alpha-strike":
        ent = app.ent(uid)
        modes = queries.move_modes(app.game, ent)
        stuck = queries.mode_error(app.game, ent, modes[0]) if modes else None
        if stuck and all(queries.mode_error(app.game, ent, m) == stuck for m in modes):
            mp_text = f"MP 0: {short_reason(stuck, app.name(uid))}"       # shut down, immobile, ...
        else:
            mp_text = "MP: " + ", ".join(f"{m} {queries.move_mp(app.game, ent, m)}" for m in modes)
        if uid == app.selected and app.move.planning():
            fin = app.move.planned().final
            mp_text += f"\nMP left ({app.move.mode}): {app.move.mp_limit() - fin.mp}"
            if app.move.path and queries.has_altitude(app.game, ent):
                mp_text += f"\nafter this move: altitude {fin.altitude}"
    unit_rect = pygame.Rect(x, TOP, SIDE_W, unit_panel_h(s.get_height()))
    draw_unit_panel(s, unit_rect, app.game, uid, mp_text,
                    *(("Click a unit to see its record",) if app.replay is not None else ()))   # Tab: nobody acts
    act = pygame.Rect(x, unit_rect.bottom, SIDE_W, app.log_rect().y - unit_rect.bottom)
    if app.replay is None:          # a replay takes no orders
        draw_actions(app, act)
    app.log.draw(s, app.log_rect())


def draw_actions(app, rect: pygame.Rect) -> None:
    """The panel of the phase, below the record sheet."""
    s = app.screen
    panel(s, rect)
    x, y = rect.x + 8, rect.y + 6
    kind = app.phase_kind()
    if kind == "deploy":
        app.deploy.draw(rect)
    elif app.flow.phase_done():
        text(s, "Every unit has acted this phase.", (x, y), 13)
        button(s, app.hits, (x, y + 24, 200, 30), f"End {app.game.phase} phase", "end_phase", key="Enter",
               active=True, mouse=app.mouse)
    elif not app.selected and app.flow.current_side in app.computer.players():
        text(s, f"The computer plays {app.flow.current_side.capitalize()}: watch the board and the log.", (x, y), 13,
             theme.TEXT_DIM)
    elif not app.selected:
        text(s, "Select one of your units (Tab)", (x, y), 13, theme.TEXT_DIM)
    elif kind == "move":
        app.move.draw(rect, x, y)
    elif kind == "fire":
        app.fire.draw(rect, x, y)
    elif kind == "physical":
        app.physical.draw(rect, x, y)
    else:
        text(s, f"{app.game.phase} phase", (x, y), 13)
