"""The hand-over between players: the board hidden until the next player
has the screen, with the digest of what happened to that player's units
since their last turn on the same screen. Who gets the screen and which
events the digest holds are engine/hotseat.py's decisions."""
from __future__ import annotations

from typing import Any

import pygame

from engine import combat_log
from engine.ui import theme
from engine.ui.mapview import draw_shape
from engine.ui.screens import Screen, cover
from engine.ui.widgets import button, panel, text, wrap


class HandOver(Screen):
    """The board hidden until the next player has the screen, with what
    happened to that player's units since they last had it (the digest):
    one screen, one key to go on."""
    name = "handover"
    hides_board = True
    ACTIONS = frozenset({"scroll"})

    def __init__(self, side: str, deploy: bool = False, events: list[dict[str, Any]] | None = None,
                 notes: list[str] | None = None) -> None:
        self.side = side
        self.deploy = deploy
        self.events = list(events or [])
        self.notes = list(notes or [])       # declarations on the side's units the log's events do not tell
        self.scroll = 0

    def click(self, app) -> None:
        app.do("handover_done")

    def do(self, app, action: str, arg: Any) -> None:
        self.scroll = max(0, self.scroll + arg)

    def wheel(self, app, dy: int) -> None:
        self.scroll = max(0, self.scroll - dy)

    def draw(self, app) -> None:
        s = app.screen
        g = app.game
        cover(app, 255)
        col = theme.side_colour(g.sides, self.side)
        r = s.get_rect()
        lines = [(part, theme.WARN, True) for n in self.notes for part in wrap(n, 14, min(660, r.w - 40) - 30, True)]
        lines += digest_lines(app, self.side, self.events, min(660, r.w - 40))
        top = max(20, r.centery - 150 - min(len(lines), 14) * 8)
        draw_shape(s, theme.side_shape(g.sides, self.side), (r.centerx, top + 24), 22, col, (255, 255, 255), 2)
        pygame.draw.rect(s, col, (r.centerx - 160, top + 62, 320, 12), border_radius=4)
        text(s, f"{self.side.capitalize()}'s turn", (r.centerx, top + 110), 40, theme.TEXT, True, "center")
        stage = "deployment" if self.deploy else f"Turn {g.turn}, {g.phase} phase"
        text(s, stage[0].upper() + stage[1:], (r.centerx, top + 150), 18, theme.TEXT_DIM, anchor="center")
        y = top + 178
        if lines:
            box_r = pygame.Rect(r.centerx - 340, y, 680, 17 * min(len(lines), 14) + 34)
            box_r.clamp_ip(r)
            panel(s, box_r, f"Since {self.side.capitalize()}'s last turn")
            avail = (box_r.h - 34) // 17
            start = min(self.scroll, max(0, len(lines) - avail))
            ly = box_r.y + 28
            for part, lcol, bold in lines[start:start + avail]:
                text(s, part, (box_r.x + 14, ly), 14 if bold else 12, lcol, bold)
                ly += 17
            if len(lines) > avail:
                text(s, f"wheel / Up / Down to scroll ({start + 1}-{min(len(lines), start + avail)} of {len(lines)})",
                     (box_r.right - 10, box_r.y + 6), 11, theme.TEXT_DIM, anchor="topright")
            y = box_r.bottom + 14
        text(s, "Hand the screen over, then click or press Enter to continue", (r.centerx, y + 6), 16,
             theme.TEXT, anchor="center")
        y += 28
        button(s, app.hits, (r.centerx - 90, y, 180, 36), "Continue", "handover_done", key="Enter",
               active=True, mouse=app.mouse)
        button(s, app.hits, (r.centerx - 90, y + 44, 180, 30), "Menu", "menu", key="Esc", mouse=app.mouse)
        if app.take_back_reason() is None:
            button(s, app.hits, (r.centerx - 90, y + 84, 180, 30), "Take back my move", "take_back",
                   key="Ctrl+Z", mouse=app.mouse)


TONES = {"loss": theme.BAD, "hurt": (255, 170, 120), "gain": theme.GOOD, "plain": theme.TEXT}


def digest_summary(app, side: str, events: list[dict]) -> list[tuple[str, tuple]]:
    """What happened to `side`'s units, how its attacks went and what the
    other sides lost (combat_log.summary), each line in its colour."""
    return [(line, TONES[tone]) for line, tone in
            combat_log.summary(events, app.game.unit_ids(side), app.short_names())]


def digest_lines(app, side: str, events: list[dict], width: int) -> list[tuple[str, tuple, bool]]:
    """The digest as lines (text, colour, bold): a summary line per unit of
    `side` that something happened to, then the events in words."""
    lines = []
    names = app.short_names()
    mine = set(app.game.unit_ids(side))
    for part, col in digest_summary(app, side, events):
        for p in wrap(part, 14, width - 30, True):
            lines.append((p, col, True))
    said = []
    for e in events:
        if e.get("attacker") in mine or (e["type"] == "declare" and e.get("unit") in mine):
            continue        # the player's own attacks are in the summary line
        t = combat_log.describe(e, names, app.game.ruleset.name)
        if t:
            col = (255, 170, 120) if e["type"] in ("damage", "critical", "destroyed", "fall") else theme.TEXT_DIM
            said += [(part, col, False) for part in wrap(t, 12, width - 30)]
    if lines and said:
        lines.append(("", theme.TEXT, False))
    return lines + said
