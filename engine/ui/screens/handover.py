"""The hand-over between players (the board hidden until the next player
has the screen) and the digest of what happened to that player's units
since their last turn. Who gets the screen and which events the digest
holds are engine/hotseat.py's decisions."""
from __future__ import annotations

from typing import Any

import pygame

from engine import combat_log
from engine.ui import theme
from engine.ui.mapview import draw_shape
from engine.ui.screens import Screen, box, cover
from engine.ui.widgets import button, text, wrap


class HandOver(Screen):
    name = "handover"
    hides_board = True

    def __init__(self, side: str, deploy: bool = False) -> None:
        self.side = side
        self.deploy = deploy

    def click(self, app) -> None:
        app.do("handover_done")

    def draw(self, app) -> None:
        s = app.screen
        g = app.game
        cover(app, 255)
        col = theme.side_colour(g.sides, self.side)
        r = s.get_rect()
        pygame.draw.rect(s, col, (r.centerx - 160, r.centery - 110, 320, 12), border_radius=4)
        draw_shape(s, theme.side_shape(g.sides, self.side), (r.centerx, r.centery - 150), 22, col,
                   (255, 255, 255), 2)
        text(s, f"{self.side.capitalize()}'s turn", (r.centerx, r.centery - 60), 40, theme.TEXT, True, "center")
        stage = "deployment" if self.deploy else f"Turn {g.turn}, {g.phase} phase"
        text(s, stage[0].upper() + stage[1:], (r.centerx, r.centery - 15), 18, theme.TEXT_DIM, anchor="center")
        text(s, "Hand the screen over, then click or press Enter to continue", (r.centerx, r.centery + 20), 16,
             theme.TEXT, anchor="center")
        button(s, app.hits, (r.centerx - 90, r.centery + 50, 180, 36), "Continue", "handover_done", key="Enter",
               active=True, mouse=app.mouse)
        button(s, app.hits, (r.centerx - 90, r.centery + 94, 180, 30), "Menu", "menu", key="Esc", mouse=app.mouse)
        if app.phase_kind() == "move" and app.take_back_reason() is None:
            button(s, app.hits, (r.centerx - 90, r.centery + 134, 180, 30), "Take back my move", "take_back",
                   key="Ctrl+Z", mouse=app.mouse)


TONES = {"loss": theme.BAD, "hurt": (255, 170, 120), "gain": theme.GOOD, "plain": theme.TEXT}


def digest_summary(app, side: str, events: list[dict]) -> list[tuple[str, tuple]]:
    """What happened to `side`'s units, how its attacks went and what the
    other sides lost (combat_log.summary), each line in its colour."""
    return [(line, TONES[tone]) for line, tone in
            combat_log.summary(events, app.game.unit_ids(side), app.short_names())]


class Digest(Screen):
    name = "digest"
    closes_on_click = True
    ACTIONS = frozenset({"scroll"})

    def __init__(self, side: str, events: list[dict[str, Any]]) -> None:
        self.side = side
        self.events = events
        self.scroll = 0

    def do(self, app, action: str, arg: Any) -> None:
        self.scroll = max(0, self.scroll + arg)

    def wheel(self, app, dy: int) -> None:
        self.scroll = max(0, self.scroll - dy)

    def draw(self, app) -> None:
        s = app.screen
        cover(app, 180)
        r = box(app, 680, 470, f"Since {self.side.capitalize()}'s last turn")
        lines = []
        names = app.short_names()
        mine = set(app.game.unit_ids(self.side))
        for part, col in digest_summary(app, self.side, self.events):
            for p in wrap(part, 14, r.w - 30, True):
                lines.append((p, col, True))
        if lines:
            lines.append(("", theme.TEXT, False))
        for e in self.events:
            if e.get("attacker") in mine or (e["type"] == "declare" and e.get("unit") in mine):
                continue        # the player's own attacks are in the summary line
            t = combat_log.describe(e, names, app.game.ruleset.name)
            if t:
                col = (255, 170, 120) if e["type"] in ("damage", "critical", "destroyed", "fall") else theme.TEXT_DIM
                for part in wrap(t, 12, r.w - 30):
                    lines.append((part, col, False))
        avail = (r.h - 84) // 17
        start = min(self.scroll, max(0, len(lines) - avail))
        y = r.y + 32
        for part, col, bold in lines[start:start + avail]:
            text(s, part, (r.x + 14, y), 14 if bold else 12, col, bold)
            y += 17
        if len(lines) > avail:
            text(s, f"wheel to scroll ({start + 1}-{min(len(lines), start + avail)} of {len(lines)})",
                 (r.right - 14, r.bottom - 50), 11, theme.TEXT_DIM, anchor="bottomright")
        if not lines:
            text(s, "Nothing happened to your units.", (r.x + 14, y), 13, theme.TEXT_DIM)
        button(s, app.hits, (r.centerx - 80, r.bottom - 42, 160, 30), "Continue", "close", key="Enter", active=True,
               mouse=app.mouse)
