"""Sideslips of VTOLs, WiGEs and hovers at flank speed (rules/vehicles.md
V-SLIP, V-MOVE-3, V-VTOL-1, V-SKID-2).

A unit at flank that has turned rolls driving before it enters its next hex
(no skid modifier, V-SLIP-1). On a failure it slides along the facing it had
before turning, min(margin of failure, hexes entered before the roll - 1)
hexes (V-SLIP-4), without MP and without changing altitude (V-SLIP-5); the
slid hexes count as hexes moved (V-SLIP-6). If it hits nothing, the rest of
its move goes on from where it stopped, in the direction it turned to.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from systems.common.movement import MoveState

if TYPE_CHECKING:
    from engine.game import Game


def distance(margin: int, hexes_before: int) -> int:
    """V-SLIP-4: min(margin of failure, hexes entered before the roll - 1)."""
    return max(0, min(margin, hexes_before - 1))


def resolve(game: "Game", ent: int, state: MoveState, direction: int) -> tuple[MoveState, str, bool]:
    """Roll for a sideslip before entering the next hex. Returns the state
    after any slide, how it ended ("clear" when the move may go on) and
    whether the roll failed."""
    from systems.vehicles import collisions, driving
    passed, margin = driving.roll(game, ent, "sideslip")
    if passed:
        return state, "clear", False
    hexes = distance(margin, state.hexes)

    def announce(end: MoveState) -> None:
        game.log.emit("sideslip", unit=game.uid(ent), **{"from": game.map.label(state.hex)},
                      to=game.map.label(end.hex), hexes=end.hexes - state.hexes, direction=direction,
                      margin=margin)
    end, outcome = collisions.slide(game, ent, state, direction, hexes, "sideslip", state.hexes, announce)
    return end, outcome, True
