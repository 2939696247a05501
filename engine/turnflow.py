"""Hot-seat turn flow: which phase is running, which side acts next, which
units have acted, and when the game moves on to the next phase or turn.

No pygame here and no rules: the flow calls the engine's turn API
(`game.start_turn`, `start_phase`, `end_phase`), takes the alternating order
of play from `engine.turns.alternating_order`, and asks the ruleset which
phases take orders. It is plain data so it saves with the game.
"""
from __future__ import annotations

from typing import Any, Callable

from components import Identity, TurnState
from engine.turns import alternating_order

# Event fields that name a unit an event happened to.
_UNIT_FIELDS = ("unit", "target", "attacker")
_FOR_EVERYONE = ("victory", "initiative", "destroyed", "crash", "collapse")     # in every side's digest


class TurnFlow:
    def __init__(self, game, on_phase_start: Callable[[str], None] | None = None) -> None:
        self.game = game
        self.sequence: list[str] = []      # sides, one entry per unit action (this phase)
        self.pos = 0                       # index of the side acting now
        self.acted: list[str] = []         # unit ids that have acted this phase
        self.seen: dict[str, int] = {}     # side -> event index at its last hand-over
        self.on_phase_start = on_phase_start
        self._sides: tuple[dict | None, int, dict[str, list[tuple[str, int]]]] = (None, 0, {})

    # ------------------------------------------------------------ queries
    def interactive(self, phase: str | None = None) -> bool:
        """Does this phase take orders from the players?"""
        phase = phase or self.game.phase
        return any(p == phase for (p, _otype) in self.game.ruleset.handlers)

    def order_types(self, phase: str | None = None) -> list[type]:
        phase = phase or self.game.phase
        return [otype for (p, otype) in self.game.ruleset.handlers if p == phase]

    @property
    def over(self) -> bool:
        return self.game.winner is not None

    @property
    def current_side(self) -> str | None:
        if self.over or not self.interactive() or self.pos >= len(self.sequence):
            return None
        return self.sequence[self.pos]

    def eligible(self, side: str) -> list[str]:
        """Units of `side` that take part in this phase (able to fight)."""
        g = self.game
        return [u for u, e in self._units_of(side) if g.can_fight(e)]

    def _units_of(self, side: str) -> list[tuple[str, int]]:
        """(id, entity) of each unit of `side`, in the game's order: a unit
        never changes sides, so they are listed again only when the game's
        units are (a unit added, the game's state replaced)."""
        g = self.game
        units, count, by_side = self._sides
        if units is not g.units or count != len(g.units):
            by_side = {}
            for u, e in g.units.items():
                by_side.setdefault(g.side_of(e), []).append((u, e))
            self._sides = (g.units, len(g.units), by_side)
        return by_side.get(side, [])

    def waiting(self, side: str | None = None) -> list[str]:
        """Units of the acting side that have not acted yet this phase."""
        side = side or self.current_side
        if side is None:
            return []
        return [u for u in self.eligible(side) if u not in self.acted]

    def may_act(self, uid: str) -> bool:
        side = self.current_side
        return side is not None and uid in self.waiting(side)

    def phase_done(self) -> bool:
        return self.interactive() and self.pos >= len(self.sequence)

    # ------------------------------------------------------------ flow
    def start(self) -> None:
        """Begin the game (turn 1) unless a loaded game is already under way."""
        g = self.game
        if g.turn == 0 or g.phase in ("setup", "initiative"):
            if g.turn == 0 or g.phase == "setup":
                g.start_turn()
            self._begin_phase(g.ruleset.phases[0])
        elif not self.sequence and self.interactive():
            self._resume()
        self.settle()

    def _resume(self) -> None:
        """A game saved without the hot-seat position (e.g. by another front
        end): the phase's alternating order starts again with the units that
        have not moved yet."""
        g = self.game
        counts = {s: len(self.eligible(s)) for s in g.sides}
        self.sequence = alternating_order(g.initiative, counts)
        if g.phase == g.ruleset.phases[0]:
            self.acted = [u for u in g.unit_ids(active_only=True) if g.world.component(g.units[u], TurnState).moved]
        done = {s: sum(1 for u in self.acted if side_of_uid(g, u) == s) for s in g.sides}
        seq, self.pos = [], 0
        for s in self.sequence:      # keep the order, drop each side's actions already taken
            if done.get(s, 0) > 0:
                done[s] -= 1
            else:
                seq.append(s)
        self.sequence = seq

    def _begin_phase(self, phase: str) -> None:
        g = self.game
        g.start_phase(phase)
        self.acted = []
        self.pos = 0
        counts = {s: len(self.eligible(s)) for s in g.sides}
        self.sequence = alternating_order(g.initiative, counts) if self.interactive(phase) else []
        if self.on_phase_start is not None:
            self.on_phase_start(phase)

    def settle(self) -> None:
        """Skip turns of sides with nobody left to act; run phases without orders."""
        while not self.over:
            if self.interactive():
                while self.pos < len(self.sequence) and not self.waiting(self.sequence[self.pos]):
                    self.pos += 1
                return
            self.next_phase()

    def unit_done(self, uid: str) -> None:
        """A unit finished its action (moved, declared its attacks, or passed)."""
        if uid not in self.acted:
            self.acted.append(uid)
        self.pos += 1
        self.settle()

    def next_phase(self) -> None:
        """End the running phase and start the next (a new turn after the last)."""
        g = self.game
        g.end_phase()
        if self.over:
            return
        phases = list(g.ruleset.phases)
        i = phases.index(g.phase) if g.phase in phases else -1
        if i + 1 < len(phases):
            self._begin_phase(phases[i + 1])
        else:
            g.start_turn()
            if self.over:
                return
            self._begin_phase(phases[0])

    # ------------------------------------------------------------ digest
    def digest(self, side: str) -> list[dict[str, Any]]:
        """Events since `side`'s last hand-over that concern it: those that
        touched its units, every unit destroyed or crashed (both sides'
        losses), and the critical hits on units its attacks hit that turn."""
        g = self.game
        mine = set(g.unit_ids(side))
        since = self.seen.get(side, 0)
        hit_by_mine: set[tuple[int, str]] = set()
        out = []
        for e in g.log.events[since:]:
            if e["type"] in ("roll", "refused"):
                continue
            if e["type"] == "move" and e.get("unit") in mine:
                continue    # the player made that move
            if e["type"] == "attack" and e.get("attacker") in mine and e.get("hit"):
                hit_by_mine.add((e["turn"], e.get("target")))
            if (any(e.get(f) in mine for f in _UNIT_FIELDS) or e["type"] in _FOR_EVERYONE
                    or (e["type"] == "critical" and (e["turn"], e.get("unit")) in hit_by_mine)):
                out.append(e)
        return out

    def mark_seen(self, side: str) -> None:
        self.seen[side] = len(self.game.log.events)

    # ------------------------------------------------------------ save/load
    def to_dict(self) -> dict[str, Any]:
        return {"sequence": list(self.sequence), "pos": self.pos, "acted": list(self.acted),
                "seen": dict(self.seen)}

    def load(self, d: dict[str, Any]) -> None:
        self.sequence = list(d.get("sequence", []))
        self.pos = int(d.get("pos", 0))
        self.acted = list(d.get("acted", []))
        self.seen = {str(k): int(v) for k, v in (d.get("seen") or {}).items()}


def side_of_uid(game, uid: str) -> str:
    return game.world.component(game.units[uid], Identity).side
