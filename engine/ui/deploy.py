"""The hot-seat deployment step before turn 1: each side in turn (behind the
hand-over screen) moves its units inside its zone and sets their facing,
then confirms. The rules (zones, legality, whose turn) are engine/deployment.py;
this module only turns clicks and keys into its calls and draws the panel.
"""
from __future__ import annotations

import pygame

from components import Position
from engine import deployment
from engine.hexgrid import FACING_NAMES
from engine.ui import theme
from engine.ui.widgets import button, fit_text, text
from engine.ui.layout import SIDE_W

ACTIONS = ("select", "next_unit", "turn", "confirm", "deploy_confirm")


def active(app) -> bool:
    return app.game is not None and deployment.active(app.game)


def units(app, side: str | None = None) -> list[str]:
    side = side or deployment.current_side(app.game)
    return [u for u in app.game.unit_ids(side)] if side else []


def after(app) -> None:
    """Whose deployment it is: a hand-over screen at each change of side."""
    side = deployment.current_side(app.game)
    app.stack = []
    zone = deployment.deployment_hexes(app.game, side) if side else []
    app.reach_hex = {h: (0, [], None) for h in zone}         # tinted like a movement range
    if side != app.viewing and len(app.game.sides) > 1:
        app.overlay, app.ov = "handover", {"side": side, "deploy": True}
        app.selected = None
        return
    app.viewing = side
    if app.selected not in units(app):
        mine = units(app)
        app.selected = app.inspect = mine[0] if mine else None


def finish(app) -> None:
    """Every side has deployed: turn 1 begins."""
    app.reach_hex = {}
    app.selected = None
    app.flow.start()
    app.after_flow()


def pos(app, uid: str) -> Position:
    return app.game.world.component(app.ent(uid), Position)


def click_hex(app, h) -> None:
    here = [u for u in app.units_in(h) if u in units(app)]
    if here and here[0] != app.selected:
        app.selected = app.inspect = here[0]
        return
    if not app.selected:
        return
    p = pos(app, app.selected)
    if h == p.hex:
        turn(app, 1)
        return
    reason = deployment.place(app.game, app.selected, h, p.facing)
    if reason:
        app.say(reason, True)
    else:
        app.say(f"{app.name(app.selected)} deploys in {app.game.map.label(h)}; Q/E to face, Enter when all are placed")
        app.renderer_dirty = True


def turn(app, d: int) -> None:
    if not app.selected:
        return
    p = pos(app, app.selected)
    reason = deployment.place(app.game, app.selected, p.hex, (p.facing + d) % 6)
    if reason:
        app.say(reason, True)
    else:
        app.say(f"{app.name(app.selected)} faces {FACING_NAMES[pos(app, app.selected).facing]}")


def do(app, action: str, arg) -> None:
    g = app.game
    side = deployment.current_side(g)
    if action == "select":
        if arg in units(app):
            app.selected = app.inspect = arg
        elif arg:
            app.inspect = arg
    elif action == "next_unit":
        mine = units(app)
        if mine:
            i = mine.index(app.selected) if app.selected in mine else -1
            app.selected = app.inspect = mine[(i + (arg or 1)) % len(mine)]
            app.camera.center_on(pos(app, app.selected).hex)
    elif action == "turn":
        turn(app, arg)
    elif action in ("confirm", "deploy_confirm") and side:
        deployment.confirm(g, side)
        app.say(f"{side.capitalize()} has deployed")
        app.selected = None
        if deployment.active(g):
            after(app)
        else:
            finish(app)


def draw_panel(app, rect: pygame.Rect) -> None:
    s, g, m = app.screen, app.game, app.mouse
    x, y = rect.x + 8, rect.y + 6
    side = deployment.current_side(g)
    text(s, f"Deployment: {side.capitalize() if side else ''}", (x, y), 14, theme.ACCENT, True)
    y += 20
    for line in ("Click a unit, then a tinted hex of your zone to place it;",
                 "click it again or Q/E to turn it. Enter when all are placed."):
        text(s, line, (x, y), 12, theme.TEXT_DIM)
        y += 15
    y += 4
    for uid in units(app):
        p = pos(app, uid)
        label = f"{app.name(uid)}: {g.map.label(p.hex)} facing {FACING_NAMES[p.facing]}"
        r = pygame.Rect(x, y, SIDE_W - 16, 19)
        if uid == app.selected:
            pygame.draw.rect(s, theme.PANEL_LIGHT, r)
        text(s, fit_text(label, 12, SIDE_W - 24), (x + 4, y + 3), 12,
             theme.ACCENT if uid == app.selected else theme.TEXT)
        from engine.ui.widgets import Hit
        app.hits.append(Hit(r, "select", uid, True, ""))
        y += 20
        if y > rect.bottom - 70:
            break
    by = rect.bottom - 34
    button(s, app.hits, (x, by - 32, 112, 26), "Turn left", "turn", -1, key="Q", mouse=m)
    button(s, app.hits, (x + 118, by - 32, 112, 26), "Turn right", "turn", 1, key="E", mouse=m)
    button(s, app.hits, (x, by, 220, 28), "Confirm deployment", "deploy_confirm", key="Enter", active=True,
           mouse=m)
