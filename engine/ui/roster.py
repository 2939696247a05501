"""The roster (B): every unit of both sides with its state (weight class
and kind, hex, armor and structure left, prone, shut down, pilot, heat,
whether it has acted this phase) and the victory conditions with how many
units each side still has able to fight. A click on a unit shows its
record sheet and centres the map on it. It takes no order."""
from __future__ import annotations

import pygame

from components import Position, Status
from engine.ui import queries, theme
from engine.ui.mapview import armor_fraction, structure_fraction
from engine.ui.widgets import Hit, fit_text, panel, text, wrap

ROW_H = 17
WIDTH = 470


class Roster:
    def __init__(self, app) -> None:
        self.app = app
        self.on = False

    def toggle(self, _arg=None) -> None:
        self.on = not self.on and self.app.game is not None

    def show_unit(self, uid: str) -> None:
        app = self.app
        if uid in app.game.units:
            app.inspect = uid
            app.center_on(uid)

    def rows(self) -> list[tuple[str, tuple, str | None]]:
        """(text, colour, unit id or None) for each line, the sides in turn."""
        g = self.app.game
        acted = set(self.app.flow.acted) if self.app.seat is not None else set()
        fighting = queries.sides_fighting(g)
        out: list[tuple[str, tuple, str | None]] = []
        for side in g.sides:
            able, total = fighting[side]
            out.append((f"{side.capitalize()}: {able} of {total} able to fight", theme.side_colour(g.sides, side),
                        None))
            for uid in g.unit_ids(side):
                ent = g.units[uid]
                st = g.world.component(ent, Status)
                where = "off the battlefield" if st.removed else g.map.label(g.world.component(ent, Position).hex)
                states = queries.unit_states(g, ent)
                damage = f"armor {armor_fraction(g, ent) * 100:.0f}% structure {structure_fraction(g, ent) * 100:.0f}%"
                flow = "acted" if uid in acted else ""
                words = ", ".join(w for w in [damage, *states, flow] if w)
                col = theme.TEXT_DIM if not g.can_fight(ent) else (theme.BAD if states else theme.TEXT)
                out.append((f"{self.app.short_names().get(uid, uid)} ({queries.weight_words(g, ent)}, {where}): "
                            f"{words}", col, uid))
        return out

    def draw(self, view: pygame.Rect) -> None:
        if not self.on:
            return
        app = self.app
        s = app.screen
        rows = self.rows()
        goal = wrap("Victory: " + queries.VICTORY, 12, WIDTH - 20)
        h = 30 + ROW_H * len(rows) + 16 * len(goal) + 12
        r = pygame.Rect(view.right - WIDTH - 10, view.y + 10, WIDTH, min(h, view.h - 20))
        panel(s, r, "Roster (B)", alpha=240)
        y = r.y + 26
        for line, col, uid in rows:
            if y > r.bottom - 16 * len(goal) - 10:
                break
            bold = uid is None
            text(s, fit_text(line, 12, WIDTH - 24), (r.x + 10, y), 12, col, bold)
            if uid is not None:
                app.hits.append(Hit(pygame.Rect(r.x + 4, y - 1, WIDTH - 8, ROW_H), "roster_unit", uid, True, line))
            y += ROW_H
        y = r.bottom - 16 * len(goal) - 6
        for part in goal:
            text(s, part, (r.x + 10, y), 12, theme.ACCENT)
            y += 16
