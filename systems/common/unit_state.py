"""Questions about a unit's components that several rule systems ask: is it
a VTOL, is it in the air, does it stand on a roof, how tall is it; and
`stand`, which puts a unit down standing in a hex, on its roof or not."""
from __future__ import annotations

from typing import TYPE_CHECKING

from components import Altitude, Position, VehicleMovement

if TYPE_CHECKING:
    from engine.game import Game
    from engine.hexgrid import Hex

UNIT_HEIGHT = {"mech": 2, "vehicle": 1}        # levels a unit stands above its hex (V-CHAR-6)


def airborne(game: "Game", ent: int, at: "Hex | None" = None) -> bool:
    """In the air: a VTOL above the ground or, over a building hex, above
    its roof (B-VTOL-5: one landed on the roof is landed). `at`: were it in
    that hex at its altitude (by default, where it is)."""
    alt = game.world.try_component(ent, Altitude)
    if alt is None or alt.level <= 0:
        return False
    h = game.world.component(ent, Position).hex if at is None else at
    return alt.level > game.map.terrain(h).building


def roof_height(game: "Game", ent: int, at: "Hex | None" = None) -> int:
    """B-POS-1: the height of the roof the unit stands on (a mech that
    jumped onto it, a VTOL landed on it), else 0. `at`: were it put in that
    hex as it is (a VTOL at its altitude, a mech inside, B-MOVE-9: only a
    jump takes it onto a roof)."""
    pos = game.world.component(ent, Position)
    here = pos.hex if at is None else at
    h = game.map.terrain(here).building
    if not h:
        return 0
    if pos.on_roof and here == pos.hex:
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


def may_stand_on_roof(game: "Game", ent: int) -> bool:
    """B-POS-1: a mech (one that jumped onto it) or a VTOL (one that landed
    on it) may stand on a roof; a ground vehicle is inside (B-POS-4)."""
    vm = game.world.try_component(ent, VehicleMovement)
    return vm is None or vm.motive == "vtol"


def stand(game: "Game", ent: int, h: "Hex", on_roof: bool) -> None:
    """Put `ent` down standing in `h`: on its building's roof (`on_roof`) or
    on the ground, inside a building there. A VTOL stands on a roof by its
    altitude, landed at the roof's height (B-VTOL-2), else at 0; any other
    unit by `Position.on_roof` (B-POS-1)."""
    pos = game.world.component(ent, Position)
    roof = game.map.terrain(h).building if on_roof else 0
    pos.hex = h
    alt = game.world.try_component(ent, Altitude)
    if alt is not None:
        alt.level, pos.on_roof = roof, False
    else:
        pos.on_roof = bool(roof)
