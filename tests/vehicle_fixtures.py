"""Small builders for the vehicle tests: vehicles from assets/units on a
game from tests/helpers.make_game, one-order movement phases."""
from __future__ import annotations

from engine.game import Game
from engine.hexgrid import parse_hex_label
from engine.orders import MoveOrder
from engine.unit_loader import find_unit_file, load_unit, parse_unit
from tests.helpers import events  # noqa: F401  (re-exported)


def add(game: Game, uid: str, data: str, at: str, facing: int = 0, side: str = "red", **overrides) -> int:
    return game.add_unit(load_unit(find_unit_file(data, None)), uid, side, parse_hex_label(at), facing,
                         overrides)


# The VTOL of the rules' worked examples (cruise 8, flank 12): test-local
# data, as the shipped Warrior H-7 has its canon cruise 9.
WORKED_VTOL = """
name = "Example VTOL"
kind = "vehicle"
tonnage = 21
[Crew]
driving = 5
gunnery = 4
[Movement]
motive = "vtol"
cruise = 8
[Armor]
front = 8
left = 6
right = 6
rear = 5
rotor = 2
[[Weapons]]
type = "ac_2"
location = "front"
[[Ammo]]
type = "ac_2"
location = "body"
"""


def add_worked_vtol(game: Game, uid: str, at: str, facing: int = 0, side: str = "red", **overrides) -> int:
    return game.add_unit(parse_unit(WORKED_VTOL, "example_vtol.toml"), uid, side, parse_hex_label(at), facing,
                         overrides)


def move(game: Game, uid: str, mode: str, path: list[str]) -> str | None:
    """Play one movement phase with a single order; returns the refusal or None."""
    game.start_turn([game.side_of(game.units[uid])])
    game.start_phase("movement")
    reason = game.submit(MoveOrder(uid, {}, mode=mode, path=list(path)))
    game.end_phase()
    return reason


def label(game: Game, uid: str) -> str:
    from components import Position
    return game.map.label(game.world.component(game.units[uid], Position).hex)
