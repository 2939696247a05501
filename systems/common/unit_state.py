"""Read-only questions about a unit's components that several rule systems
ask: is it a VTOL, is it in the air, does it stand on a roof, how tall is
it."""
from __future__ import annotations

from typing import TYPE_CHECKING

from components import Altitude, Position, VehicleMovement

if TYPE_CHECKING:
    from engine.game import Game

UNIT_HEIGHT = {"mech": 2, "vehicle": 1}        # levels a unit stands above its hex (V-CHAR-6)


def airborne(game: "Game", ent: int) -> bool:
    """In the air: a VTOL above the ground or, over a building hex, above
    its roof (B-VTOL-5: one landed on the roof is landed)."""
    alt = game.world.try_component(ent, Altitude)
    if alt is None or alt.level <= 0:
        return False
    return alt.level > game.map.terrain(game.world.component(ent, Position).hex).building


def roof_height(game: "Game", ent: int) -> int:
    """B-POS-1: the height of the roof the unit stands on (a mech that
    jumped onto it, a VTOL landed on it), else 0."""
    pos = game.world.component(ent, Position)
    h = game.map.terrain(pos.hex).building
    if not h:
        return 0
    if pos.on_roof:
        return h
    alt = game.world.try_component(ent, Altitude)
    return h if alt is not None and alt.level == h else 0


def elevation(game: "Game", ent: int) -> int:
    """Levels above its hex's ground: a VTOL's altitude, a roof's height for
    a unit on it, else 0."""
    alt = game.world.try_component(ent, Altitude)
    return alt.level if alt is not None else roof_height(game, ent)


def is_vtol(game: "Game", ent: int) -> bool:
    vm = game.world.try_component(ent, VehicleMovement)
    return vm is not None and vm.motive == "vtol"
