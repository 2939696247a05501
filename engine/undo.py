"""Taking back moves made in the movement phase, until a die is rolled.

`submit_move(game, order)` / `undo_move(game)`: a move order carried out
through `Game.submit` can be taken back whole while no die has been rolled
since (a roll makes everything before it final: a PSR during the move, a
fall) and nothing but the end of the movement phase and the start of the
next has happened after it (no other order). Snapshot based: the whole game
state is kept before each move (with the front ends' data, `game.frontend`)
and restored in place, record included, so an undone move leaves no trace
in saves or replays. (A move being planned step by step is the window's:
engine/ui/move_panel.py.)
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine.orders import MoveOrder

if TYPE_CHECKING:
    from engine.game import Game


# --------------------------------------------------------------------- whole moves
@dataclass
class _Snapshot:
    state: dict[str, Any]
    turn: int
    phase: str
    events: int          # length of the event log when the snapshot was taken
    unit: str
    frontend: dict[str, Any]     # the front ends' data then (whose turn it was)
    actions: int         # length of the game's record of actions then (the move comes next)


_PHASE_CHANGES = ("end_phase", "start_phase")


def _stack(game: "Game") -> list[_Snapshot]:
    stack = game.__dict__.get("_undo_moves")
    if stack is None:
        stack = game.__dict__["_undo_moves"] = []
    return stack


def _prune(game: "Game") -> list[_Snapshot]:
    """Drop snapshots that can no longer be restored: something other than
    phase changes happened after the last move in another phase or turn,
    or a die rolled since (everything up to the newest roll is final)."""
    stack = _stack(game)
    events = game.log.events
    if stack and (stack[-1].turn, stack[-1].phase) != (game.turn, game.phase):
        later = game.record["actions"][stack[-1].actions + 1:]
        if any(a["do"] not in _PHASE_CHANGES for a in later):
            stack.clear()
    last_roll = max((i for i in range(len(events) - 1, -1, -1) if events[i]["type"] == "roll"),
                    default=-1)
    while stack and stack[0].events <= last_roll:
        stack.pop(0)
    return stack


def submit_move(game: "Game", order: MoveOrder) -> str | None:
    """Submit a move so that it can be undone; returns the refusal reason or None."""
    snap = _Snapshot(game.to_dict(), game.turn, game.phase, len(game.log.events), order.unit,
                     json.loads(json.dumps(game.frontend)), len(game.record["actions"]))
    reason = game.submit(order)
    if reason is None and game.phase == "movement":
        _prune(game)
        stack = _stack(game)
        stack.append(snap)
        _prune(game)            # a PSR during this very move makes it final at once
    return reason


def undo_reason(game: "Game") -> str | None:
    """Why the last move cannot be undone, or None when it can."""
    if _prune(game):
        return None
    if game.phase != "movement":
        return "moves can only be taken back during the movement phase"
    if not _prune(game):
        if any(e["type"] == "roll" for e in game.log.events if e["turn"] == game.turn
               and e["phase"] == "movement"):
            return "a die has been rolled since: the move is final"
        return "there is no move to take back"
    return None


def undo_move(game: "Game") -> str | None:
    """Take back the last undoable move; returns why not, or None if done."""
    reason = undo_reason(game)
    if reason is not None:
        return reason
    stack = _stack(game)
    snap = stack.pop()
    game.restore(snap.state)
    game.frontend = snap.frontend
    game.__dict__["_undo_moves"] = stack
    return None


def last_undoable_unit(game: "Game") -> str | None:
    stack = _prune(game)
    return stack[-1].unit if stack else None


def moves(game: "Game") -> list:
    """The moves that can still be taken back, oldest first (kept with a
    checkpoint of the game: engine/hotseat.py)."""
    return list(_stack(game))


def set_moves(game: "Game", kept: list) -> None:
    """Put back the moves `moves` returned (after the game was restored)."""
    game.__dict__["_undo_moves"] = list(kept)
