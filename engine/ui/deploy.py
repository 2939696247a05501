"""The hot-seat deployment step before turn 1: each side in turn (behind the
hand-over screen) moves its units inside its zone and sets their facing,
then confirms. The rules (zones, legality, whose turn) are engine/deployment.py
and the turns engine/hotseat.py; this panel turns clicks and keys into their
calls and draws the sidebar."""
from __future__ import annotations

import pygame

from components import Position
from engine import deployment
from engine.hexgrid import FACING_NAMES
from engine.ui import theme
from engine.ui.layout import SIDE_W
from engine.ui.widgets import Hit, button, fit_text, text


class DeployPanel:
    ACTIONS = ("select", "next_unit", "turn", "confirm", "deploy_confirm")

    def __init__(self, app) -> None:
        self.app = app
        self._zone: tuple[str | None, dict] = (None, {})

    def units(self) -> list[str]:
        side = deployment.current_side(self.app.game)
        return self.app.game.unit_ids(side) if side else []

    def zone(self) -> dict:
        """The deploying side's zone, as hex -> (0, [], None) like a movement range (drawn tinted)."""
        side = deployment.current_side(self.app.game)
        if self._zone[0] != side:
            hexes = deployment.deployment_hexes(self.app.game, side) if side else []
            self._zone = (side, {h: (0, [], None) for h in hexes})
        return self._zone[1]

    def pos(self, uid: str) -> Position:
        return self.app.game.world.component(self.app.ent(uid), Position)

    def pick(self) -> None:
        """The deploying side has the screen: select one of its units."""
        app = self.app
        if app.selected not in self.units():
            mine = self.units()
            app.selected = app.inspect = mine[0] if mine else None

    def click_hex(self, h) -> None:
        app = self.app
        here = [u for u in app.units_in(h) if u in self.units()]
        if here and here[0] != app.selected:
            app.selected = app.inspect = here[0]
            return
        if not app.selected:
            return
        p = self.pos(app.selected)
        if h == p.hex:
            self.turn(1)
            return
        reason = deployment.place(app.game, app.selected, h, p.facing)
        if reason:
            app.say(reason, True)
        else:
            app.say(f"{app.name(app.selected)} deploys in {app.game.map.label(h)}; Q/E to face, "
                    "Enter when all are placed")

    def turn(self, d: int) -> None:
        app = self.app
        if not app.selected:
            return
        p = self.pos(app.selected)
        reason = deployment.place(app.game, app.selected, p.hex, (p.facing + d) % 6)
        if reason:
            app.say(reason, True)
        else:
            app.say(f"{app.name(app.selected)} faces {FACING_NAMES[self.pos(app.selected).facing]}")

    def do(self, action: str, arg) -> None:
        app = self.app
        if action == "select":
            if arg in self.units():
                app.selected = app.inspect = arg
            elif arg:
                app.inspect = arg
        elif action == "next_unit":
            mine = self.units()
            if mine:
                i = mine.index(app.selected) if app.selected in mine else -1
                app.selected = app.inspect = mine[(i + (arg or 1)) % len(mine)]
                app.camera.center_on(self.pos(app.selected).hex)
        elif action == "turn":
            self.turn(arg)
        elif action in ("confirm", "deploy_confirm"):
            side = deployment.current_side(app.game)
            if side:
                app.say(f"{side.capitalize()} has deployed")
                app.selected = None
                app.seat.confirm_deployment(side)
                app.after_flow()

    def draw(self, rect: pygame.Rect) -> None:
        app = self.app
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
        for uid in self.units():
            p = self.pos(uid)
            label = f"{app.name(uid)}: {g.map.label(p.hex)} facing {FACING_NAMES[p.facing]}"
            r = pygame.Rect(x, y, SIDE_W - 16, 19)
            if uid == app.selected:
                pygame.draw.rect(s, theme.PANEL_LIGHT, r)
            text(s, fit_text(label, 12, SIDE_W - 24), (x + 4, y + 3), 12,
                 theme.ACCENT if uid == app.selected else theme.TEXT)
            app.hits.append(Hit(r, "select", uid, True, ""))
            y += 20
            if y > rect.bottom - 70:
                break
        by = rect.bottom - 34
        button(s, app.hits, (x, by - 32, 112, 26), "Turn left", "turn", -1, key="Q", mouse=m)
        button(s, app.hits, (x + 118, by - 32, 112, 26), "Turn right", "turn", 1, key="E", mouse=m)
        button(s, app.hits, (x, by, 220, 28), "Confirm deployment", "deploy_confirm", key="Enter", active=True,
               mouse=m)
