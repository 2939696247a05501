"""A newcomer at the hot-seat window, played by posting real pygame events:
each unit walks or runs toward the nearest enemy (a click on the hex, then
Enter), clicks the nearest enemy it can attack, fires every weapon the panel
ticks (Enter) or holds (H),
declares the first physical attack it can, and every screen is passed with
Enter. It counts, per turn, the key presses, the clicks, the hand-over
screens, the digest screens and the changes of the player at the screen, so
that the flow's cost is measured, not guessed."""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

import pygame

from components import Position
from engine.hexgrid import distance
from engine.ui import queries


@dataclass
class Tally:
    keys: Counter = field(default_factory=Counter)          # turn -> key presses
    clicks: Counter = field(default_factory=Counter)        # turn -> mouse clicks
    handovers: Counter = field(default_factory=Counter)     # turn -> hand-over screens shown
    digests: Counter = field(default_factory=Counter)       # turn -> digest screens shown
    changes: Counter = field(default_factory=Counter)       # turn -> changes of the side that acts
    screens: Counter = field(default_factory=Counter)       # turn -> full-window screens shown


class Newcomer:
    def __init__(self, app) -> None:
        self.app = app
        self.tally = Tally()
        self._top = None
        self._acting = None
        self._watch()

    # ------------------------------------------------------------ input
    def _turn(self) -> int:
        return self.app.game.turn

    def pump(self) -> None:
        self.app.pump()
        self.app.draw()
        self._watch()

    def _watch(self) -> None:
        app = self.app
        top = app.top
        if top is not None and top is not self._top:
            self.tally.screens[self._turn()] += 1
            if top.name == "handover":
                self.tally.handovers[self._turn()] += 1
            elif top.name == "digest":
                self.tally.digests[self._turn()] += 1
        self._top = top
        side = app.flow.current_side if app.seat is not None else None
        if side is not None and side != self._acting:
            if self._acting is not None:
                self.tally.changes[self._turn()] += 1
            self._acting = side

    def key(self, k: int, mod: int = 0, unicode: str = "") -> None:
        self.tally.keys[self._turn()] += 1
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=unicode, scancode=0))
        self.pump()

    def click(self, pos) -> None:
        self.tally.clicks[self._turn()] += 1
        pos = (int(pos[0]), int(pos[1]))
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
        self.pump()

    def click_hex(self, h) -> None:
        self.app.camera.center_on(h)       # scrolling the map is not counted
        self.click(self.app.camera.to_screen(h))

    # ------------------------------------------------------------ play
    def act(self) -> None:
        """One decision, as a newcomer makes it."""
        app = self.app
        kind = app.phase_kind()
        if app.top is not None:
            self.key(pygame.K_RETURN)
        elif app.flow.phase_done():
            self.key(pygame.K_RETURN)
        elif kind == "move" and app.selected:
            self._move(app.selected)
        elif kind in ("fire", "physical") and app.selected and app.target is None and self._aim(kind):
            return              # clicked the enemy to attack (a unit comes up with none chosen)
        elif kind == "fire" and app.selected:
            if app.target and any(app.fire.checks.values()):
                self.key(pygame.K_RETURN)
            else:
                self.stay()
        elif kind == "physical" and app.selected:
            opts = [i for i, (_l, _o, p) in enumerate(app.physical.options(app.target))
                    if p.reason is None and app.target] if app.target else []
            if opts:
                self.key(pygame.K_1 + opts[0])      # chosen and shown ...
                self.key(pygame.K_RETURN)          # ... then declared
            else:
                self.stay()
        else:
            self.key(pygame.K_TAB)

    def _aim(self, kind: str) -> bool:
        """Click the nearest enemy the selected unit can attack (False when
        it can attack none)."""
        app = self.app
        g = app.game
        me = g.world.component(g.units[app.selected], Position).hex
        for foe in sorted(queries.enemies(g, app.selected),
                          key=lambda u: (distance(me, g.world.component(g.units[u], Position).hex), u)):
            possible = ([p for _s, p in app.fire.previews(foe)] if kind == "fire"
                        else [p for _l, _o, p in app.physical.options(foe)])
            if any(p.reason is None for p in possible):
                self.click_hex(g.world.component(g.units[foe], Position).hex)
                return app.target == foe
        return False

    def _move(self, uid: str) -> None:
        app = self.app
        g = app.game
        me = g.world.component(g.units[uid], Position).hex
        foes = [g.world.component(g.units[e], Position).hex for e in queries.enemies(g, uid)]
        options = [h for h in app.move.reach_hex if h != me and not g.units_at(h)]
        if not foes or not options:
            self.stay()
            return
        target = min(foes, key=lambda h: (distance(me, h), h))
        dest = min(options, key=lambda h: (abs(distance(h, target) - 3), app.move.reach_hex[h][0], h))
        self.click_hex(dest)
        self.key(pygame.K_RETURN)

    hold_key = pygame.K_h

    def stay(self) -> None:
        """The unit stays where it is (its explicit key)."""
        self.key(self.hold_key)

    def play_turns(self, turns: int, limit: int = 600) -> None:
        """Play until turn `turns` is over (or the battle is)."""
        for _ in range(limit):
            if self.app.flow.over or self.app.game.turn > turns:
                return
            self.act()
        raise AssertionError(f"turn {self.app.game.turn} did not end in {limit} decisions")
