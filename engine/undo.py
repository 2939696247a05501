"""Taking back moves made in the movement phase, until a die is rolled,
and the light checkpoints they (and trial declarations) are made of.

`submit_move(game, order)` / `undo_move(game)`: a move order carried out
through `Game.submit` can be taken back whole while no die has been rolled
since (a roll makes everything before it final: a PSR during the move, a
fall) and nothing but the end of the movement phase and the start of the
next has happened after it (no other order). A move keeps a `Checkpoint`
of the game before it, put back in place, record included, so an undone
move leaves no trace in saves or replays. (A move being planned step by
step is the window's: engine/ui/move_panel.py.)

`checkpoint(game)` / `rollback(game, cp)`: everything an action can change
without copying what it only adds to: the units, clock, dice and turn
record as JSON text (`Game.state_text`, put back in place by
`Game.put_back`, only the units that changed rebuilt, entity ids kept),
copies of the hexes' terrain fields (rebuilt when they changed) and the map's
other fields, the lengths of the append-only event log and record, and the
front ends' data.
"""
from __future__ import annotations

import copy
import json
from dataclasses import dataclass, fields
from typing import TYPE_CHECKING, Any

from engine.hexgrid import Hex
from engine.hexmap import Terrain
from engine.orders import MoveOrder

if TYPE_CHECKING:
    from engine.game import Game


# --------------------------------------------------------------------- checkpoints
@dataclass
class Checkpoint:
    state: tuple[str, dict[str, str]]    # Game.state_text: units, clock, dice, turn record
    hexes: list[Hex]             # the map's hexes then, in its order
    terrain: list[dict] | None   # copies of their Terrain fields (plain values; None: not kept, see checkpoint)
    map_fields: dict[str, Any]   # the map's other fields (clubs lying on it, ...)
    events: int                  # length of the event log then
    actions: int                 # length of the game's record of actions then
    setup: bool                  # whether the record had its setup state then
    frontend: str                # the front ends' data then (whose turn it was), as JSON text


def _terrain_fields(m) -> list[dict]:
    return [vars(t).copy() for t in m.hexes.values()]


def checkpoint(game: "Game", terrain: bool = True) -> Checkpoint:
    """A checkpoint of the game, mostly text; `terrain=False` for an action
    that leaves every hex's terrain as it is (declarations: their effects
    wait for the end of the phase), whose hexes are then only checked to be
    the same ones on the way back."""
    m = game.map
    return Checkpoint(game.state_text(), list(m.hexes), _terrain_fields(m) if terrain else None,
                      {f.name: copy.deepcopy(getattr(m, f.name)) for f in fields(m) if f.name != "hexes"},
                      len(game.log.events), len(game.record["actions"]), game.record["setup"] is not None,
                      json.dumps(game.frontend))


def rollback(game: "Game", cp: Checkpoint) -> None:
    """Put the game back as it was at `cp`, in place."""
    game.put_back(cp.state)
    m = game.map
    if cp.terrain is None:
        if list(m.hexes) != cp.hexes:
            raise RuntimeError("an action checkpointed without its terrain changed the map")
    elif list(m.hexes) != cp.hexes or [vars(t) for t in m.hexes.values()] != cp.terrain:
        m.hexes = {h: Terrain(**t) for h, t in zip(cp.hexes, cp.terrain)}
    for name, value in cp.map_fields.items():
        # a field left as it was keeps its object: what is worked out from the
        # map (the line-of-sight board, the hexes' kinds) is kept by identity
        if getattr(m, name) != value:
            setattr(m, name, copy.deepcopy(value))
    del game.log.events[cp.events:]
    del game.record["actions"][cp.actions:]
    if not cp.setup:
        game.record["setup"] = None
    game.frontend = json.loads(cp.frontend)


# --------------------------------------------------------------------- whole moves
@dataclass
class _Snapshot:
    checkpoint: Checkpoint
    turn: int
    phase: str
    unit: str

    @property
    def events(self) -> int:
        return self.checkpoint.events

    @property
    def actions(self) -> int:
        return self.checkpoint.actions


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
    snap = _Snapshot(checkpoint(game), game.turn, game.phase, order.unit)
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
    rollback(game, snap.checkpoint)
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
