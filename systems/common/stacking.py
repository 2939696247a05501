"""Who stands in a hex: the ground units there (an airborne VTOL flies
above them)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from components import Status
from systems.common.unit_state import airborne

if TYPE_CHECKING:
    from engine.game import Game
    from engine.hexgrid import Hex


def ground_units(game: "Game", h: "Hex", exclude: int) -> list[int]:
    """The units standing on the ground in `h` (not destroyed, not
    airborne), other than `exclude`."""
    return [other for other in game.units_at(h)
            if other != exclude and not game.world.component(other, Status).destroyed
            and not airborne(game, other)]
