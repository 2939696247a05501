"""The hot-seat flow: one screen shared by the players around the turn flow
(engine/turnflow.py). It decides which side has the screen, what a player
is told when the screen comes to them (the digest), which units pass for
the rest of a phase, whose turn it is to deploy, when a phase ends, and who
may take back a move.

- A hand-over (the board hidden) comes at each change of the player at the
  screen and only then; the digest of what the player missed is part of it.
  At a shared table (`shared_table`: BattleTech hides nothing) there are
  no hand-overs at all.
- A unit with nothing to do in a phase but hold (no move but staying, no
  attack with a to-hit at all) passes by itself, with a note in the combat
  log; the window tells which units those are (`only_holds`, a question to
  the rules: engine/ui/queries.py). A side whose units all pass so never
  gets the screen in that phase. A unit its player tells to hold fire (or
  make no physical attack) gets the same note (`note_hold`); a unit that
  stays put is a move in the log.
- A phase ends by itself once every unit has acted. The last move of the
  movement phase can still be taken back after that, until a die is rolled
  or an order is given (engine/undo.py).
- A move is taken back by its mover only, on their turn or from the
  hand-over screen before the screen is passed on (at a shared table by
  whoever is at it, until the next order).

The window (engine/ui) shows what this decides and turns clicks into its
calls; orders still go through the engine (`game.check`, `game.submit`,
engine/undo.py for moves that can be taken back). Every call that can roll
dice goes through `tabletop.perform` when the dice are rolled at the table
(engine/dice.py describes how a typed roll is waited for).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from components import Identity
from engine import deployment, persistence, undo
from engine.orders import FireOrder, MoveOrder, PhysicalOrder
from engine.turnflow import TurnFlow
from systems.common import movement

# Units told to pass act at once, and phases end by themselves; a turn has
# far fewer of these steps than this.
_MAX_STEPS = 400


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
                 on_phase_start: Callable[[str], None] | None = None,
                 only_holds: Callable[[Any, list[str], str], dict[str, str | None]] | None = None,
                 shared_table: bool = False, table_dice: bool = False,
                 players: dict[str, str] | None = None) -> None:
        """`only_holds(game, uids, kind)`: why each of the units (one side's
        waiting units) can do nothing in a phase of this kind but hold, or
        None, unit id -> answer (no auto-pass without it);
        `players`: the sides the computer plays (side -> "bot:2"), the others are people's."""
        self.game = game
        self.level = level
        self.players = dict(players or {})   # side -> the computer player of that side ("bot:2"); others are people
        self.viewing: str | None = None      # the side the screen was last handed to
        self.passing: set[str] = set()       # units told to pass for the rest of this phase
        self.shared_table = shared_table     # no hand-overs: everyone sees the board
        self.table_dice = table_dice         # every roll is made at the table and typed in
        self.notes: list[dict[str, Any]] = []   # lines for the combat log the rules do not write
        self.only_holds = only_holds
        self._holds: dict[str, str | None] = {}  # uid -> only_holds' answer, this phase
        self._on_phase_start = on_phase_start
        self.flow = TurnFlow(game, on_phase_start=self._phase_started)
        if frontend:
            self.flow.load(frontend.get("flow", {}))
            self.viewing = frontend.get("viewing")
            self.players = {str(k): str(v) for k, v in (frontend.get("players") or self.players).items()}
            self.shared_table = bool(frontend.get("shared_table", shared_table))
            self.table_dice = bool(frontend.get("table_dice", table_dice))
            self.notes = [dict(n) for n in frontend.get("notes", []) if isinstance(n, dict)]
        game.dice.ask = self.table_dice

    def _phase_started(self, phase: str) -> None:
        self.passing = set()
        self._holds = {}
        if self._on_phase_start is not None:
            self._on_phase_start(phase)

    def frontend(self) -> dict[str, Any]:
        """The hot-seat position, saved with the game (engine/persistence.py)."""
        return {"flow": self.flow.to_dict(), "level": self.level, "viewing": self.viewing,
                "shared_table": self.shared_table, "table_dice": self.table_dice,
                "notes": [dict(n) for n in self.notes],
                **({"players": dict(self.players)} if self.players else {})}   # only when the computer plays

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
        flow on. Units that pass act first, and a phase every unit has
        acted in ends; the side shown the board becomes the side viewing."""
        g = self.game
        if deployment.active(g):
            side = deployment.current_side(g)
            if side in self.players:
                return Next("computer", side, deploy=True)
            if self._hand_over_to(side, len(self.people(g.sides))):
                return Next("handover", side, deploy=True)
            self.viewing = side
            return Next("play", side, deploy=True)
        for _ in range(_MAX_STEPS):
            if self.flow.over:
                break
            if self._pass_next():
                continue
            if self.flow.phase_done():
                self.flow.next_phase()
                self.flow.settle()
                continue
            break
        if self.flow.over:
            return Next("victory")
        side = self.flow.current_side
        if side in self.players:
            return Next("computer", side)     # no hand-over: the screen stays with the person who had it
        if self._hand_over_to(side, len(self.people(self.sides_in_play()))):
            return Next("handover", side)
        if side is not None:
            self.viewing = side
        return Next("play", side)

    def _hand_over_to(self, side: str | None, sides: int) -> bool:
        return side is not None and side != self.viewing and sides > 1 and not self.shared_table

    def _pass_next(self) -> bool:
        """Pass the acting side's next unit that passes (told to, or with
        nothing to do but hold); False when its next unit is the player's."""
        side = self.flow.current_side
        if side is None:
            return False
        waiting = self.flow.waiting(side)
        if not waiting:
            self.flow.settle()
            return self.flow.current_side != side
        self._mark_holding(side, waiting)
        uid = next((u for u in waiting if u in self.passing), None)
        if uid is None:
            return False
        self._pass(uid)
        return True

    def _mark_holding(self, side: str, waiting: list[str]) -> None:
        """Units of `side` with nothing to do this phase but hold are told
        to pass, with a note for the log."""
        kind = self.phase_kind()
        if self.only_holds is None or kind is None:
            return
        asked = [uid for uid in waiting if uid not in self.passing and uid not in self._holds]
        if not asked:
            return
        fresh: dict[str, list[str]] = {}
        for uid, why in self.only_holds(self.game, asked, kind).items():
            self._holds[uid] = why
            if why:
                fresh.setdefault(why, []).append(uid)
        for why, uids in fresh.items():
            self.passing |= set(uids)
            self.note_hold(side, uids, why)

    def note_hold(self, side: str, uids: list[str], why: str | None = None) -> None:
        """The log's line for units of `side` that hold this phase, by
        themselves (`why`: nothing to do but hold) or told to."""
        names = ", ".join(self.game.world.component(self.game.units[u], Identity).name for u in uids)
        self.note(f"{side.capitalize()}: {names} {'holds' if len(uids) == 1 else 'hold'}"
                  + (f" ({why})" if why else ""))

    def note(self, text: str, units: tuple[str, ...] = (), side: str | None = None) -> None:
        """A line for the combat log at this point of the event log; `units`
        it concerns and the `side` it comes from put it in the digest of
        the other side's players."""
        g = self.game
        self.notes.append({"at": len(g.log.events), "turn": g.turn, "phase": g.phase, "text": text,
                           "units": list(units), "side": side})

    def digest_notes(self, side: str) -> list[str]:
        """The notes about `side`'s units from the other sides since `side`
        last had the screen (a charge declared on them)."""
        mine = set(self.game.unit_ids(side))
        since = self.flow.seen.get(side, 0)
        return [n["text"] for n in self.notes
                if n["at"] >= since and n.get("side") not in (None, side) and mine & set(n.get("units", ()))]

    def confirm_deployment(self, side: str) -> None:
        """`side` has placed its units; after the last side, turn 1 begins."""
        deployment.confirm(self.game, side)
        if not deployment.active(self.game):
            self.flow.start()

    def digest(self, side: str) -> list[dict[str, Any]]:
        """What `side` missed since it last had the screen (engine/turnflow.py's digest)."""
        return self.flow.digest(side)

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
        if waiting and self.phase_kind() != "move":     # in the movement phase each stay is a move in the log
            self.note_hold(side, waiting)
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
        reason = undo.submit_move(self.game, order)
        target = order.charge or order.dfa
        if reason is None and target:
            g = self.game
            name = g.world.component(g.units[order.unit], Identity).name
            what = "a charge" if order.charge else "a death from above"
            self.note(f"{name} declares {what} on {g.world.component(g.units[target], Identity).name} "
                      "(resolved in the physical phase)", (order.unit, target), g.side_of(g.units[order.unit]))
        return reason

    def stay(self, uid: str, mode: str) -> None:
        """`uid` stays where it is (a move without steps, when allowed)."""
        order = stay_order(uid, mode)
        if self.game.check(order) is None:
            self.submit_move(order)

    def take_back_reason(self, handover_side: str | None = None) -> str | None:
        """Why the last move cannot be taken back now, or None.
        `handover_side`: the side a hand-over screen on show is for."""
        reason = undo.undo_reason(self.game)
        if reason:
            return reason
        if self.shared_table:
            return None
        # A player takes back only their own side's last move: on their
        # turn, or from the hand-over screen before passing the screen on.
        uid = undo.last_undoable_unit(self.game)
        mover = self.game.side_of(self.game.units[uid]) if uid is not None else None
        if handover_side is not None:
            at_screen_is_mover = mover is not None and mover != handover_side
            return None if at_screen_is_mover else "the screen has been handed over: that move is final"
        side = self.flow.current_side if not self.flow.phase_done() else self.viewing
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
        self.game.dice.ask = self.table_dice
        front = persistence.stamped(self.game)
        if front.get("flow"):
            self.flow.load(front["flow"])
        self.passing = set()
        self._holds = {}
        self.notes = [n for n in self.notes if n["at"] <= len(self.game.log.events)]
        return uid

    # ------------------------------------------------------------ rolls made at the table
    def checkpoint(self) -> tuple[undo.Checkpoint, dict[str, Any], set[str], dict[str, str | None], list]:
        """Everything an action can change, to go back to when it has to wait
        for a roll made at the table (engine/dice.py) or a player's choice."""
        return (undo.checkpoint(self.game), *self.flow_checkpoint())

    def flow_checkpoint(self) -> tuple[dict[str, Any], set[str], dict[str, str | None], list]:
        """The part of `checkpoint` that is the flow's own, not the game's."""
        return self.frontend(), set(self.passing), dict(self._holds), list(undo.moves(self.game))

    def rollback(self, cp) -> None:
        state, *flow = cp
        undo.rollback(self.game, state)
        self.game.dice.ask = self.table_dice
        self.flow_rollback(tuple(flow))

    def flow_rollback(self, cp) -> None:
        """Put back the part of `checkpoint` that is the flow's own (`flow_checkpoint`)."""
        front, passing, holds, moves = cp
        self.flow.load(front["flow"])
        self.viewing = front["viewing"]
        self.notes = [dict(n) for n in front["notes"]]
        self.passing, self._holds = set(passing), dict(holds)
        undo.set_moves(self.game, moves)
