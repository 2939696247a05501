"""The line-of-sight and range ruler between any two hexes (U): the first
click is where it measures from, the line follows the mouse until a
second click pins it (a third starts again). It shows the range, the hexes the
line of sight crosses, the hex that blocks it, the intervening woods and
partial cover, the class and CF of a building at either end or in the way,
and between enemies (or from a unit to a building) the to-hit of the first
attack the unit could make (queries.sight: the line-of-sight rules). U, Esc or a
right-click put it away. It takes no order: it works in every phase and
in a replay."""
from __future__ import annotations

import pygame

from engine.hexgrid import Hex
from engine.ui import queries, theme
from engine.ui.mapview import draw_hex_outline, fill_hex
from engine.ui.widgets import panel, text, wrap


class Ruler:
    def __init__(self, app) -> None:
        self.app = app
        self.on = False
        self.frm: Hex | None = None
        self.to: Hex | None = None
        self._cache: tuple | None = None

    def toggle(self, _arg=None) -> None:
        app = self.app
        self.on = not self.on and app.game is not None
        self.to = None
        self.frm = None
        if self.on:
            app.say("Ruler: click where to measure from, then where to; U or Esc puts it away")

    def click_hex(self, h: Hex) -> None:
        if self.frm is None or self.to is not None:
            self.frm, self.to = h, None
        else:
            self.to = h

    def reading(self) -> queries.Sight | None:
        app = self.app
        to = self.to or app.hover_hex
        if not self.on or self.frm is None or to is None:
            return None
        key = (self.frm, to, len(app.game.log.events), app.game.turn, app.game.phase)
        if self._cache is None or self._cache[0] != key:
            self._cache = (key, queries.sight(app.game, self.frm, to))
        return self._cache[1]

    def lines(self, sight: queries.Sight) -> list[tuple[str, tuple]]:
        hm = self.app.game.map
        los = sight.los
        out = [(f"{hm.label(sight.frm)} -> {hm.label(sight.to)}: range {sight.range} "
                f"hex{'es' if sight.range != 1 else ''}", theme.TEXT),
               (f"from {sight.ends[0]} to {sight.ends[1]}", theme.TEXT_DIM)]
        for h in dict.fromkeys(x for x in (sight.frm, sight.to, sight.blocking) if x is not None):
            words = queries.building_words(self.app.game, h)
            if words:
                out.append((f"{hm.label(h)}: {words}", theme.TEXT_DIM))
        if los.clear:
            out.append(("line of sight: clear" + (" (along a hexside: the defender's side counts)"
                                                  if los.divided else ""), theme.GOOD))
        else:
            out.append((f"line of sight: BLOCKED - {los.reason}", theme.BAD))
        if los.woods_points:
            woods = ", ".join(f"{lab} ({'heavy' if pts == 2 else 'light'})" for lab, pts in los.woods_hexes)
            out.append((f"intervening woods: +{los.woods_points} to hit ({woods})", theme.WARN))
        if los.partial_cover:
            out.append(("partial cover: the target's legs are covered", theme.WARN))
        if sight.attack is not None:
            label, p = sight.attack
            out.append((f"{label}: {p.needs()}", theme.GOOD))
            if p.modifiers:
                out.append(("   " + p.breakdown(), theme.TEXT))
        return out

    def draw(self, view: pygame.Rect) -> None:
        """The line and the hexes it crosses over the map, and the reading."""
        sight = self.reading()
        if sight is None:
            return
        app = self.app
        s, cam = app.screen, app.camera
        overlay = pygame.Surface(view.size, pygame.SRCALPHA)
        for h in sight.los.hexes:
            x, y = cam.to_screen(h)
            fill_hex(overlay, (x - view.x, y - view.y), cam.size, (240, 228, 66, 60))
        s.blit(overlay, view.topleft)
        a, b = cam.to_screen(sight.frm), cam.to_screen(sight.to)
        pygame.draw.line(s, (20, 20, 20), a, b, 5)
        pygame.draw.line(s, theme.GOOD if sight.los.clear else theme.BAD, a, b, 3)
        for h in (sight.frm, sight.to):
            draw_hex_outline(s, cam.to_screen(h), cam.size, (240, 228, 66), 3)
        if sight.blocking is not None:
            draw_hex_outline(s, cam.to_screen(sight.blocking), cam.size, theme.BAD, 4)
        lines = [(part, col) for line, col in self.lines(sight) for part in wrap(line, 12, 420)]
        r = pygame.Rect(view.x + 10, view.y + 10, 440, 16 * len(lines) + 30)
        panel(s, r, "Ruler (U)", alpha=235)
        for i, (line, col) in enumerate(lines):
            text(s, line, (r.x + 10, r.y + 24 + 16 * i), 12, col)
