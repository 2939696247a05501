"""Stacking: who may stand in a hex together (rules/mech_core.md section 2,
V-VTOL). At the end of movement one ground unit stands in a hex, whatever
its side; an airborne VTOL flies above and may share a hex with ground
units. Movement, deployment, level loading and scenario loading all follow
`may_share_hex`."""
from __future__ import annotations

from typing import TYPE_CHECKING

from components import Status
from systems.common.unit_state import airborne

if TYPE_CHECKING:
    from engine.game import Game
    from engine.hexgrid import Hex


def may_share_hex(airborne_unit: bool, airborne_other: bool) -> bool:
    """May two units stand in one hex? Only if one of them is airborne."""
    return airborne_unit or airborne_other


def occupant(game: "Game", ent: int, h: "Hex", flying: bool) -> int | None:
    """The unit in `h` that keeps `ent` from ending its move there (`flying`:
    `ent` would be airborne there), or None. A destroyed unit still stands
    in its hex."""
    for other in game.units_at(h):
        if other != ent and not may_share_hex(flying, airborne(game, other)):
            return other
    return None


def ground_units(game: "Game", h: "Hex", exclude: int) -> list[int]:
    """The units standing on the ground in `h` (not destroyed, not
    airborne), other than `exclude`."""
    return [other for other in game.units_at(h)
            if other != exclude and not game.world.component(other, Status).destroyed
            and not airborne(game, other)]
