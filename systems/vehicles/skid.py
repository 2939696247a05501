"""Skids of tracked and wheeled vehicles (rules/vehicles.md V-PAVE, V-SKID,
T-8, section 6 "skid order").

A ground vehicle (not a hover) at flank that turned on a paved hex rolls
driving, with the T-8 modifier for the hexes moved, before it enters its
next hex. On a failure it skids floor(d / 2) hexes (d = hexes moved this
turn counting the step it tried) in the direction it moved before turning
(the opposite one when it was backing up), with the collision rules of
systems/vehicles/collisions.py; its move ends there, and it rolls once on the motive
system damage table at +0 (V-SKID-1).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from systems.common.movement import MoveState
from systems.common.to_hit import Modifier

if TYPE_CHECKING:
    from engine.game import Game


def distance(hexes_moved: int) -> int:
    """T-8: round((d - 1) / 2) with halves up, i.e. floor(d / 2)."""
    return max(0, hexes_moved // 2)


def resolve(game: "Game", ent: int, state: MoveState, direction: int, modifier: int
            ) -> tuple[MoveState, str, bool]:
    from components import TurnState, VehicleCrits
    from systems.vehicles import collisions, driving, motive_damage
    passed, margin = driving.roll(game, ent, "skid", [Modifier("hexes moved", modifier, "T-8")])
    if passed:
        return state, "clear", False
    hexes = distance(state.hexes + 1)
    game.world.component(ent, TurnState).skidded = True

    def announce(end: MoveState) -> None:
        game.log.emit("skid", unit=game.uid(ent), **{"from": game.map.label(state.hex)},
                      to=game.map.label(end.hex), hexes=end.hexes - state.hexes, direction=direction)
    end, outcome = collisions.slide(game, ent, state, direction, hexes, "skid", state.hexes, announce)
    vc = game.world.try_component(ent, VehicleCrits)
    if vc is not None:
        vc.skidded_turn = game.turn
    if outcome != "destroyed":
        motive_damage.roll_motive(game, ent, "none", reason="skid")       # V-SKID-1, after the skid
    return end, outcome, True
