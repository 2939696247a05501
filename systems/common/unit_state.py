"""Read-only questions about a unit's components that several rule systems
ask: is it a VTOL, is it in the air, how tall is it."""
from __future__ import annotations

from typing import TYPE_CHECKING

from components import Altitude, VehicleMovement

if TYPE_CHECKING:
    from engine.game import Game

UNIT_HEIGHT = {"mech": 2, "vehicle": 1}        # levels a unit stands above its hex (V-CHAR-6)


def airborne(game: "Game", ent: int) -> bool:
    """Above the ground: a VTOL at elevation 1 or more."""
    alt = game.world.try_component(ent, Altitude)
    return alt is not None and alt.level > 0


def is_vtol(game: "Game", ent: int) -> bool:
    vm = game.world.try_component(ent, VehicleMovement)
    return vm is not None and vm.motive == "vtol"
