"""pygame events into the window's actions (`App.do`): clicks on the widgets
drawn in the last frame, clicks and drags on the map, the wheel, typed text,
and keys by the key map (engine/ui/keymap.py). A full-window screen on top
takes the clicks, the wheel and typed text, and the keys the key map does
not give to every screen; what a click on the map means in a phase is
asked of that phase's controller."""
from __future__ import annotations

import pygame

from engine.hexgrid import Hex
from engine.ui import keymap, queries
from engine.ui.layout import SIDE_W
from engine.ui.widgets import Hit

DRAG_START_PX = 6        # a press that moves this far is a drag, not a click


def handle(app, ev: pygame.event.Event) -> None:
    if ev.type == pygame.QUIT:
        app.do("quit")
    elif ev.type in (pygame.VIDEORESIZE, pygame.WINDOWRESIZED, pygame.WINDOWSIZECHANGED):
        size = getattr(ev, "size", None) or (getattr(ev, "x", 0), getattr(ev, "y", 0))
        if size and size[0] > 0:
            app.resize(size)
    elif ev.type == pygame.MOUSEMOTION:
        app.mouse = ev.pos
        app.mouse_seen = True
        if app.drag_from is not None and app.game is not None:
            dx, dy = ev.pos[0] - app.drag_from[0], ev.pos[1] - app.drag_from[1]
            if app.dragging or abs(dx) + abs(dy) > DRAG_START_PX:
                app.dragging = True
                app.camera.pan(-dx, -dy)
                app.drag_from = ev.pos
        update_hover(app)
    elif ev.type == pygame.MOUSEWHEEL:
        wheel(app, ev)
    elif ev.type == pygame.MOUSEBUTTONDOWN:
        app.mouse = ev.pos
        if ev.button in (1, 2) and app.top is None and app.game is not None \
                and app.camera.in_view(*ev.pos) and not hit_at(app, ev.pos):
            app.drag_from = ev.pos
            app.dragging = False
    elif ev.type == pygame.MOUSEBUTTONUP:
        app.mouse = ev.pos
        was_drag = app.dragging
        app.drag_from, app.dragging = None, False
        if was_drag:
            return
        if ev.button == 1:
            click(app, ev.pos)
        elif ev.button == 3:
            right_click(app, ev.pos)
    elif ev.type == pygame.KEYDOWN:
        key(app, ev)
    elif ev.type == pygame.TEXTINPUT and app.top is not None:
        app.top.text(app, ev.text)


def hit_at(app, pos) -> Hit | None:
    for h in reversed(app.hits):
        if h.rect.collidepoint(pos):
            return h
    return None


def wheel(app, ev) -> None:
    if app.top is not None:
        app.top.wheel(app, ev.y)
        return
    if app.game is None:
        return
    w, h = app.screen.get_size()
    if app.mouse[0] >= w - SIDE_W and app.mouse[1] >= app.log_rect().y:
        app.log.scroll_by(ev.y * 3)
        return
    if app.camera.in_view(*app.mouse):
        if pygame.key.get_mods() & pygame.KMOD_SHIFT and app.phase_kind() == "move" and app.selected:
            app.move.turn_step(1 if ev.y < 0 else -1)
        else:
            app.camera.zoom_at(1 if ev.y > 0 else -1, *app.mouse)
        update_hover(app)


def click(app, pos) -> None:
    hit = hit_at(app, pos)
    if hit is not None:
        if hit.enabled:
            app.do(hit.action, hit.arg)
        elif hit.tip:
            app.say(hit.tip, True)
    elif app.top is not None:
        app.top.click(app)
    elif app.game is not None and app.camera.in_view(*pos):
        h = app.camera.hex_at(*pos)
        if app.game.map.on_map(h):
            click_hex(app, h)


def click_hex(app, h: Hex) -> None:
    """A click on hex `h`: measure with the ruler, place a deploying unit,
    select a unit that may act, plan a path, choose a target, or show a
    unit's record sheet."""
    if app.ruler.on:
        app.ruler.click_hex(h)
        return
    here = app.units_in(h)
    kind = app.phase_kind()
    if kind == "deploy":
        app.deploy.click_hex(h)
        return
    mine = [u for u in here if app.flow.may_act(u)]
    if mine and mine[0] != app.selected and not (kind == "move" and app.move.path and app.move.path_to(h)):
        app.select(mine[0])
        return
    if app.move.planning() and app.move.click_hex(h, here):
        return
    if kind in ("fire", "physical") and app.selected and app.flow.may_act(app.selected):
        aim = queries.aim_in(app.game, app.selected, h)      # an enemy, else the building itself (B-ATK)
        if aim:
            app.set_target(aim)
            app.say(f"target: {app.target_name(aim)}")
            return
    if here:
        app.inspect = here[0]


def right_click(app, pos) -> None:
    if app.top is not None:
        app.top.right_click(app)
        return
    if app.game is None or not app.camera.in_view(*pos):
        return
    if app.ruler.on:
        app.ruler.toggle()
        return
    h = app.camera.hex_at(*pos)
    move = app.move
    if app.phase_kind() == "move" and app.selected and move.path and move.planned().final.hex == h:
        move.turn_step(-1)
    elif move.path:
        move.path = []
    elif app.target:
        app.target = None


def key(app, ev) -> None:
    """A key: the top screen's text field first, then the keys that work
    everywhere, the replay's, the top screen's, and the board's."""
    top = app.top
    if top is not None and top.text_key(app, ev):
        return
    binding = keymap.lookup("anywhere", ev)
    if binding is None and app.replay is not None and top is None:
        binding = keymap.lookup("replay", ev)
    if binding is None and top is not None and top.key(app, ev):
        return
    if binding is None:
        binding = keymap.lookup("window", ev) or (keymap.lookup("board", ev) if app.game is not None else None)
    if binding is not None:
        app.do(binding.action, binding.arg)


def update_hover(app) -> None:
    """The hex under the mouse, and the path to it or why there is none."""
    app.hover_hex = None
    app.move.hover_path = app.move.hover_reason = None
    if app.game is None or app.top is not None or not app.camera.in_view(*app.mouse):
        return
    h = app.camera.hex_at(*app.mouse)
    if app.game.map.on_map(h):
        app.hover_hex = h
        app.move.hover(h)
