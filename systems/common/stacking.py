"""Stacking: who may stand in a hex together (rules/mech_core.md section 2,
V-VTOL). At the end of movement one ground unit stands in a hex, whatever
its side; an airborne VTOL flies above and may share a hex with ground
units, and in a building hex a unit on the roof stands above one inside
(B-POS-3). Movement, deployment, level loading and scenario loading all follow
`may_share_hex`; `occupant` is the test a move's end makes, `occupant_as_placed`
the same for a unit standing (or put) somewhere: deployment, scenario loading,
the save check, random play's invariants."""
from __future__ import annotations

from typing import TYPE_CHECKING

from components import Position, Status
from systems.common.unit_state import airborne, roof_height

if TYPE_CHECKING:
    from engine.game import Game
    from engine.hexgrid import Hex


def may_share_hex(airborne_unit: bool, airborne_other: bool, roof_unit: int = 0, roof_other: int = 0,
                  enemies: bool = False) -> bool:
    """May two units stand in one hex? Only if one of them is airborne, or
    two friends stand on different levels of a building hex (`roof_*`: the
    height of the roof a unit stands on, 0 inside or on the ground; B-POS-3:
    enemies never share a hex)."""
    return airborne_unit or airborne_other or (roof_unit != roof_other and not enemies)


def occupant(game: "Game", ent: int, h: "Hex", flying: bool, roof: int = 0) -> int | None:
    """The unit in `h` that keeps `ent` from ending its move there (`flying`:
    `ent` would be airborne there; `roof`: the height of the roof it would
    stand on), or None. A destroyed unit still stands in its hex."""
    for other in game.units_at(h):
        if other != ent and not may_share_hex(flying, airborne(game, other), roof, roof_height(game, other),
                                              game.is_enemy(ent, other)):
            return other
    return None


def occupant_as_placed(game: "Game", ent: int, at: "Hex | None" = None) -> int | None:
    """`occupant` for `ent` as it is, in `at` (by default where it stands):
    airborne or on a roof there as its altitude and position say
    (unit_state `airborne`, `roof_height`). Deployment, scenario loading,
    the save check and random play's invariants ask it of a unit placed
    rather than moved."""
    h = game.world.component(ent, Position).hex if at is None else at
    return occupant(game, ent, h, airborne(game, ent, at), roof_height(game, ent, at))


def ground_units(game: "Game", h: "Hex", exclude: int) -> list[int]:
    """The units standing on the ground in `h` (not destroyed, not
    airborne), other than `exclude`."""
    return [other for other in game.units_at(h)
            if other != exclude and not game.world.component(other, Status).destroyed
            and not airborne(game, other)]
