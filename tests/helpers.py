"""Small builders shared by the tests: the one game builder (`make_game`,
an inline map, any ruleset, forced dice, units), shipped units, event
filters. The area helper modules (physical_helpers, weapons_support,
vehicle_fixtures, alpha_strike_helpers) build on these."""
from __future__ import annotations

from engine.game import Game
from engine.hexgrid import parse_hex_label
from engine.hexmap import HexMap, Terrain
from engine.paths import UNITS
from engine.unit_loader import load_unit


def make_map(width: int, height: int, hexes: dict | None = None) -> HexMap:
    """A clear map with some hexes set: {"XXYY": Terrain or Terrain keywords}."""
    hexmap = HexMap(width, height)
    for label, terrain in (hexes or {}).items():
        hexmap.set(parse_hex_label(label), terrain if isinstance(terrain, Terrain) else Terrain(**terrain))
    return hexmap


def make_game(width: int = 10, height: int = 10, ruleset: str = "classic", seed: int = 1,
              forced: dict | None = None, hexes: dict | None = None, *, units=(),
              initiative: list[str] | None = None) -> Game:
    """A game on a `width` x `height` inline map (`hexes`, see `make_map`)
    with forced dice. `units`: (uid, unit data, side, "XXYY", facing[,
    initial-state overrides]) added in order; `initiative`: the first turn
    is started with this order."""
    game = Game(make_map(width, height, hexes), ruleset, seed, forced)
    for u in units:
        uid, data, side, at, facing = u[:5]
        game.add_unit(data, uid, side, parse_hex_label(at), facing, u[5] if len(u) > 5 else None)
    if initiative is not None:
        game.start_turn(list(initiative))
    return game


def add(game: Game, uid: str, unit_file: str, side: str, at: str, facing: int = 0, **overrides) -> int:
    data = load_unit(UNITS / f"{unit_file}.toml")
    return game.add_unit(data, uid, side, parse_hex_label(at), facing, overrides)


def without_criticals(text: str) -> str:
    """A unit file's text without its [Criticals] table (the last table of a
    shipped mech): the slot layout is then derived, so a test may move the
    unit's equipment."""
    return text.split("\n[Criticals]\n")[0]


def events(game: Game, type_: str, **match) -> list[dict]:
    """The events of one type, optionally only those with these field values."""
    return [e for e in game.log.of_type(type_) if all(e.get(k) == v for k, v in match.items())]


def pairs(modifiers) -> list[tuple]:
    """To-hit modifiers as (label, value) pairs, without their rule ids."""
    return [(m[0], m[1]) for m in modifiers]
