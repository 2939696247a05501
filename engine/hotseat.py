"""The hot-seat flow: one screen shared by the players around the turn flow
(engine/turnflow.py). It decides which side has the screen (a hand-over at
each change of the side to act, none while the same side goes on), what a
player is told when the screen comes to them (the digest), which units pass
for the rest of a phase, whose turn it is to deploy, and who may take back
a move (only the mover, before the screen is handed on).

The window (engine/ui) shows what this decides and turns clicks into its
calls; orders still go through the engine (`game.check`, `game.submit`,
engine/undo.py for moves that can be taken back).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from engine import deployment, persistence, undo
from engine.orders import FireOrder, MoveOrder, PhysicalOrder
from engine.turnflow import TurnFlow
from systems.common import movement

# Units told to pass act at once; a phase has fewer unit actions than this.
_MAX_PASSES = 200


@dataclass(frozen=True)
class Next:
    """What the screen shows after an action: the victory summary, a
    hand-over to `side`, or the board for `side` to act (None: no side
    acts, e.g. every unit has acted this phase)."""
    screen: str                  # "victory" | "handover" | "play" | "computer" (the computer plays `side`)
    side: str | None = None
    deploy: bool = False


def stay_order(uid: str, mode: str) -> MoveOrder:
    """A movement order without steps: the unit stays where it is."""
    return MoveOrder(uid, raw={"unit": uid, "mode": mode, "path": []}, mode=mode, path=[])


class HotSeat:
    def __init__(self, game, level: str | None = None, frontend: dict[str, Any] | None = None,
                 on_phase_start: Callable[[str], None] | None = None, players: dict[str, str] | None = None) -> None:
        self.game = game
        self.level = level
        self.players = dict(players or {})   # side -> the computer player of that side ("bot:2"); others are people
        self.viewing: str | None = None      # the side the screen was last handed to
        self.passing: set[str] = set()       # units told to pass for the rest of this phase
        self._on_phase_start = on_phase_start
        self.flow = TurnFlow(game, on_phase_start=self._phase_started)
        if frontend:
            self.flow.load(frontend.get("flow", {}))
            self.viewing = frontend.get("viewing")
            self.players = {str(k): str(v) for k, v in (frontend.get("players") or self.players).items()}

    def _phase_started(self, phase: str) -> None:
        self.passing = set()
        if self._on_phase_start is not None:
            self._on_phase_start(phase)

    def frontend(self) -> dict[str, Any]:
        """The hot-seat position, saved with the game (engine/persistence.py)."""
        return {"flow": self.flow.to_dict(), "level": self.level, "viewing": self.viewing,
                "players": dict(self.players)}

    # ------------------------------------------------------------ queries
    def phase_kind(self) -> str | None:
        """What the players do now: deploy, move, fire or physical (None
        in a phase that takes no orders)."""
        if deployment.active(self.game):
            return "deploy"
        types = self.flow.order_types()
        for otype, kind in ((MoveOrder, "move"), (FireOrder, "fire"), (PhysicalOrder, "physical")):
            if otype in types:
                return kind
        return None

    def sides_in_play(self) -> list[str]:
        return [s for s in self.game.sides if self.flow.eligible(s)]

    def people(self, sides: list[str]) -> list[str]:
        """The sides played by people (a hand-over is for a change between them)."""
        return [s for s in sides if s not in self.players]

    # ------------------------------------------------------------ flow
    def start(self, deploy: bool = False) -> Next:
        """Begin or resume play; `deploy`: a new game starts with the
        deployment step (a game saved during deployment resumes it)."""
        g = self.game
        if deploy and g.turn == 0 and not deployment.active(g):
            deployment.begin(g)
        if not deployment.active(g):
            self.flow.start()
        return self.advance()

    def advance(self) -> Next:
        """Who has the screen now: called after anything that may move the
        flow on. Units told to pass pass first; the side shown the board
        becomes the side viewing."""
        g = self.game
        if deployment.active(g):
            side = deployment.current_side(g)
            if side in self.players:
                return Next("computer", side, deploy=True)
            if side != self.viewing and len(self.people(g.sides)) > 1:
                return Next("handover", side, deploy=True)
            self.viewing = side
            return Next("play", side, deploy=True)
        for _ in range(_MAX_PASSES):
            side = self.flow.current_side
            waiting = self.flow.waiting(side) if side else []
            if not waiting or waiting[0] not in self.passing:
                break
            self._pass(waiting[0])
        if self.flow.over:
            return Next("victory")
        side = self.flow.current_side
        if side in self.players:
            return Next("computer", side)     # no hand-over: the screen stays with the person who had it
        if side is not None and side != self.viewing and len(self.people(self.sides_in_play())) > 1:
            return Next("handover", side)
        if side is not None:
            self.viewing = side
        return Next("play", side)

    def confirm_deployment(self, side: str) -> None:
        """`side` has placed its units; after the last side, turn 1 begins."""
        deployment.confirm(self.game, side)
        if not deployment.active(self.game):
            self.flow.start()

    def finish_handover(self, side: str) -> list[dict[str, Any]]:
        """`side` has the screen: the events since its last hand-over that
        touched its units (engine/turnflow.py's digest)."""
        self.viewing = side
        events = self.flow.digest(side)
        self.flow.mark_seen(side)
        return events

    def settle(self) -> None:
        """Move on when the acting side lost its last waiting unit outside
        the flow (e.g. a unit destroyed by an edit)."""
        if self.flow.current_side and not self.flow.waiting():
            self.flow.settle()

    def _pass(self, uid: str) -> None:
        """`uid` does nothing this phase (a movement order without steps)."""
        if self.phase_kind() == "move":
            order = stay_order(uid, movement.motion_rules(self.game, self.game.units[uid]).modes[0])
            if self.game.check(order) is None:
                self.game.submit(order)
        self.flow.unit_done(uid)

    def unit_done(self, uid: str) -> None:
        self.flow.unit_done(uid)

    def hold_all(self) -> list[str]:
        """Every unit of the acting side that has not acted passes this
        phase; the units told so."""
        side = self.flow.current_side
        if side is None:
            return []
        waiting = self.flow.waiting(side)
        self.passing |= set(waiting)
        return waiting

    def end_phase(self) -> bool:
        """End the phase when every unit has acted (or it takes no orders)."""
        if not (self.flow.phase_done() or not self.flow.interactive()):
            return False
        self.flow.next_phase()
        self.flow.settle()
        return True

    # ------------------------------------------------------------ moves that can be taken back
    def submit_move(self, order: MoveOrder) -> str | None:
        """Carry out a move so that it can be taken back: the hot-seat
        position goes into the undo snapshot first (take_back restores it)."""
        persistence.stamp(self.game, self.frontend())
        return undo.submit_move(self.game, order)

    def stay(self, uid: str, mode: str) -> None:
        """`uid` stays where it is (a move without steps, when allowed)."""
        order = stay_order(uid, mode)
        if self.game.check(order) is None:
            self.submit_move(order)

    def take_back_reason(self, handover_side: str | None = None) -> str | None:
        """Why the last move cannot be taken back now, or None.
        `handover_side`: the side a hand-over screen on show is for."""
        if self.phase_kind() != "move":
            return "moves can only be taken back during the movement phase"
        reason = undo.undo_reason(self.game)
        if reason:
            return reason
        # A player takes back only their own side's last move: on their
        # turn, or from the hand-over screen before passing the screen on.
        uid = undo.last_undoable_unit(self.game)
        mover = self.game.side_of(self.game.units[uid]) if uid is not None else None
        if handover_side is not None:
            at_screen_is_mover = mover is not None and mover != handover_side
            return None if at_screen_is_mover else "the screen has been handed over: that move is final"
        side = self.flow.current_side
        if mover is not None and side is not None and mover != side:
            return f"the last move was {mover.title()}'s: only they may take it back, before handing over"
        return None

    def take_back(self) -> str | None:
        """Take back the last whole move (engine/undo.py): the unit stands
        where it started and the turn flow steps back to its side. The
        unit, or None when there was nothing to take back."""
        uid = undo.last_undoable_unit(self.game)
        if undo.undo_move(self.game) is not None:
            return None
        flow = persistence.stamped(self.game).get("flow")
        if flow:
            self.flow.load(flow)
        return uid
