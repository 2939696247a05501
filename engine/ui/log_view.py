"""The combat log in the sidebar: the event log in words
(engine/combat_log.py), built incrementally and scrollable."""
from __future__ import annotations

import pygame

from engine import combat_log
from engine.ui import theme
from engine.ui.widgets import text, wrap


class CombatLog:
    """The event log in words, scrollable. Lines are built incrementally."""

    def __init__(self) -> None:
        self.reset()

    def reset(self) -> None:
        self.lines: list[tuple[str, tuple]] = []
        self._count = 0
        self._noted = 0          # notes shown
        self._turnphase = None
        self._narrator: combat_log.Narrator | None = None
        self.scroll = 0          # lines scrolled up from the bottom

    def update(self, events: list[dict], names: dict[str, str] | None = None, ruleset: str | None = None,
               notes: list[dict] = ()) -> None:
        """`notes`: lines the rules do not write (the hot-seat flow's: units
        that hold, by themselves or told to), each {"at": event index, "turn", "phase",
        "text"}, shown before the event at that index."""
        if len(events) < self._count or len(notes) < self._noted:
            self.reset()
        if self._narrator is None:
            self._narrator = combat_log.Narrator(names, ruleset)
        for i in range(self._count, len(events)):
            self._add_notes(notes, i)
            e = events[i]
            t = self._narrator.line(e)
            if not t:
                continue
            self._header((e["turn"], e["phase"]))
            col = theme.TEXT
            if e["type"] in ("damage", "critical", "destroyed", "fall", "crash", "building_damage", "collapse"):
                col = (255, 170, 120)
            elif e["type"] in ("refused", "attack_cancelled"):
                col = theme.TEXT_DIM
            elif e["type"] in ("declare", "move"):
                col = (190, 196, 210)
            elif e["type"] == "attack":
                col = (160, 230, 170) if e.get("hit") else (200, 200, 200)
            self.lines.append((t, col))
        self._count = len(events)
        self._add_notes(notes, len(events))

    def _header(self, tp: tuple) -> None:
        if tp != self._turnphase:
            self._turnphase = tp
            self.lines.append((combat_log.phase_heading(*tp), theme.ACCENT))

    def _add_notes(self, notes: list[dict], upto: int) -> None:
        while self._noted < len(notes) and notes[self._noted]["at"] <= upto:
            n = notes[self._noted]
            self._header((n["turn"], n["phase"]))
            self.lines.append((n["text"], theme.TEXT_DIM))
            self._noted += 1

    def draw(self, surf, rect) -> None:
        rect = pygame.Rect(rect)
        pygame.draw.rect(surf, theme.PANEL, rect)
        pygame.draw.rect(surf, theme.BORDER, rect, 1)
        text(surf, "Combat log", (rect.x + 8, rect.y + 4), 13, theme.ACCENT, True)
        if self.scroll:
            text(surf, f"(scrolled {self.scroll}) [End]", (rect.right - 8, rect.y + 4), 11, theme.TEXT_DIM,
                 anchor="topright")
        width = rect.w - 16
        wrapped: list[tuple[str, tuple]] = []
        avail = (rect.h - 24) // 13
        need = avail + self.scroll
        for s, col in reversed(self.lines):
            parts = wrap(s, 11, width)
            for p in reversed(parts):
                wrapped.append((p, col))
            if len(wrapped) >= need:
                break
        wrapped.reverse()
        self.scroll = max(0, min(self.scroll, max(0, len(self.lines) - avail)))
        shown = wrapped[max(0, len(wrapped) - need): len(wrapped) - self.scroll if self.scroll else None]
        shown = shown[-avail:]
        y = rect.y + 22
        clip = surf.get_clip()
        surf.set_clip(rect.inflate(-2, -2))
        for s, col in shown:
            text(surf, s, (rect.x + 8, y), 11, col)
            y += 13
        surf.set_clip(clip)

    def scroll_by(self, n: int) -> None:
        self.scroll = max(0, min(self.scroll + n, max(0, len(self.lines) - 3)))
