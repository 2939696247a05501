"""Small builders for the vehicle tests: vehicles from assets/units on a
game from tests/helpers.make_game, one-order movement phases."""
from __future__ import annotations

from engine.game import Game
from engine.hexgrid import parse_hex_label
from engine.orders import MoveOrder
from engine.unit_loader import find_unit_file, load_unit
from tests.helpers import events  # noqa: F401  (re-exported)


def add(game: Game, uid: str, data: str, at: str, facing: int = 0, side: str = "red", **overrides) -> int:
    return game.add_unit(load_unit(find_unit_file(data, None)), uid, side, parse_hex_label(at), facing,
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
