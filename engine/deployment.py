"""Deployment before turn 1: each side in turn may move each of its units to
another hex of its deployment zone and set its facing.

The zones come from the level (an optional object layer named `deployment`,
engine/levels.py) or, without one, are the hexes within `RADIUS` of the
side's units as the level placed them. While deployment runs its state is in
the game's turn record (`DeploymentState`: each side's hex labels, the order
the sides deploy in, the sides done), so a save in the middle of it loads.

Deployment happens before the game's first recorded action, so the setup
snapshot a replay starts from already holds the deployed positions.
Placement legality (`check_placement`) follows the rules a unit starting in a
hex must meet: on the map, inside its side's zone, a terrain it may stand in
(systems/vehicles/terrain.standing_refusal: ground vehicles' prohibited
terrain V-MOVE-7/8, T-7; VTOLs: no landing on water, V-VTOL-11, and never at
or below treetops or a roof while airborne, V-VTOL-5) and stacking
(systems/common/stacking.py: one ground unit per hex, as at the end of a
move; an airborne VTOL shares hexes with ground units).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from components import Altitude, DeploymentState, Identity, Position, VehicleMovement
from engine.hexgrid import Hex, distance, parse_hex_label
from systems.common.stacking import occupant_as_placed
from systems.vehicles.terrain import standing_refusal

if TYPE_CHECKING:
    from engine.game import Game

RADIUS = 2


def _state(game: "Game") -> DeploymentState | None:
    return game.turn_record.deployment


def active(game: "Game") -> bool:
    """Is deployment under way (started and not finished)?"""
    return _state(game) is not None


def begin(game: "Game", zones: dict[str, list[Hex]] | None = None) -> None:
    """Start deployment. `zones` (side -> hexes, from the level) may leave
    sides out: those get the hexes within RADIUS of their units."""
    zones = dict(zones if zones is not None else game.deployment_zones)
    out: dict[str, list[str]] = {}
    for side in game.sides:
        hexes = zones.get(side) or _near_units(game, side)
        out[side] = sorted({game.map.label(h) for h in hexes if game.map.on_map(h)})
    order = list(game.sides)
    game.turn_record.deployment = DeploymentState(zones=out, order=order, done=[])


def _near_units(game: "Game", side: str) -> list[Hex]:
    starts = [game.world.component(game.units[u], Position).hex for u in game.unit_ids(side)]
    return _all_within(game, starts)


def _all_within(game: "Game", starts: list[Hex]) -> list[Hex]:
    return [h for h in game.map.all_hexes() if any(distance(h, s) <= RADIUS for s in starts)]


def deployment_hexes(game: "Game", side: str) -> list[Hex]:
    """The hexes `side` may deploy in (sorted by label)."""
    st = _state(game)
    if st is not None and side in st.zones:
        return [parse_hex_label(lab) for lab in st.zones[side]]
    starts = [game.world.component(game.units[u], Position).hex for u in game.unit_ids(side)]
    return sorted(_all_within(game, starts), key=game.map.label)


def current_side(game: "Game") -> str | None:
    """The side deploying now, or None when every side has confirmed."""
    st = _state(game)
    if st is None:
        return None
    for side in st.order:
        if side not in st.done:
            return side
    return None


def _placement_terrain_error(game: "Game", ent: int, h: Hex) -> str | None:
    vm = game.world.try_component(ent, VehicleMovement)
    if vm is None:
        return None
    alt = game.world.try_component(ent, Altitude)
    why = standing_refusal(vm.motive, alt.level if alt else 0, game.map.terrain(h))
    return f"{why} in {game.map.label(h)}" if why else None


def _stacking_error(game: "Game", ent: int, h: Hex) -> str | None:
    other = occupant_as_placed(game, ent, h)
    if other is None:
        return None
    oname = game.world.component(other, Identity).name
    if game.side_of(other) != game.side_of(ent):
        return f"{game.map.label(h)} holds {oname}, a unit of another side"
    return f"{game.map.label(h)} already holds {oname}: one unit on the ground per hex"


def check_placement(game: "Game", uid: str, h: Hex, facing: int) -> str | None:
    """Why `uid` may not be deployed in `h` facing `facing`, or None."""
    if uid not in game.units:
        return f"there is no unit {uid!r}"
    ent = game.units[uid]
    side = game.side_of(ent)
    if active(game) and current_side(game) != side:
        return f"it is {current_side(game)}'s turn to deploy"
    if not isinstance(facing, int) or not 0 <= facing <= 5:
        return "a facing is 0 to 5 (north, then clockwise)"
    if not game.map.on_map(h):
        return f"{game.map.label(h)} is off the map"
    if h not in set(deployment_hexes(game, side)):
        return f"{game.map.label(h)} is outside {side}'s deployment zone"
    return _placement_terrain_error(game, ent, h) or _stacking_error(game, ent, h)


def place(game: "Game", uid: str, h: Hex, facing: int) -> str | None:
    """Deploy `uid` in `h` facing `facing` (a turret turns with the hull);
    returns the refusal reason, or None when done."""
    reason = check_placement(game, uid, h, facing)
    if reason:
        return reason
    from components import Turret
    ent = game.units[uid]
    pos = game.world.component(ent, Position)
    tur = game.world.try_component(ent, Turret)
    if tur is not None:
        tur.facing = (tur.facing - pos.facing + facing) % 6
    pos.hex, pos.facing = h, facing
    return None


def confirm(game: "Game", side: str) -> None:
    """`side` has finished deploying; after the last side deployment ends."""
    st = _state(game)
    if st is None:
        return
    if side not in st.done:
        st.done.append(side)
    if current_side(game) is None:
        game.turn_record.deployment = None
