"""Builders for the Alpha Strike tests: cards written inline (on a game from
tests/helpers.make_game(..., ruleset="alpha-strike")), and one-turn play
through the same runner as scenarios."""
from __future__ import annotations

import json

from engine.game import Game
from engine.hexgrid import parse_hex_label
from engine.orders import FireOrder, MoveOrder, PhysicalOrder
from engine.scenario import ScriptedTurn, play_turn
from engine.unit_loader import parse_unit
from tests.helpers import add


def card_text(name: str = "Test 'Mech", type: str = "BM", size: int = 3, move: int = 10, jump: int = 0,
              tmm: int = 2, skill: int = 4, damage=(3, 3, 2), overheat: int = 0, armor: int = 5,
              structure: int = 4, specials=(), heat: bool = True) -> str:
    dmg = ", ".join(json.dumps(d) for d in damage)
    sp = ", ".join(json.dumps(s) for s in specials)
    text = f'''name = "{name}"
kind = "alpha-strike"
[AlphaStrike]
type = "{type}"
size = {size}
move = {move}
jump = {jump}
tmm = {tmm}
skill = {skill}
damage = [{dmg}]
overheat = {overheat}
armor = {armor}
structure = {structure}
specials = [{sp}]
points = 30
'''
    if heat:
        text += "[Heat]\nlevel = 0\n"
    return text


def add_card(game: Game, uid: str, side: str, at: str, heat_level: int | None = None,
             armor_left: int | None = None, structure_left: int | None = None, **card) -> int:
    """Add a unit from an inline card; heat_level / armor_left / structure_left
    set its starting state like a scenario's heat / armor / structure keys."""
    data = parse_unit(card_text(name=card.pop("name", uid), **card), f"{uid}.toml")
    overrides: dict = {}
    if heat_level is not None:
        overrides["heat"] = heat_level
    if armor_left is not None:
        overrides["armor"] = {"unit": armor_left}
    if structure_left is not None:
        overrides["structure"] = {"unit": structure_left}
    return game.add_unit(data, uid, side, parse_hex_label(at), 0, overrides)


def add_shipped(game: Game, uid: str, unit_file: str, side: str, at: str, **overrides) -> int:
    return add(game, uid, unit_file, side, at, 0, **overrides)


def move(uid: str, path, mode: str = "walk") -> MoveOrder:
    return MoveOrder(uid, {"unit": uid, "mode": mode, "path": list(path)}, mode=mode, path=list(path))


def fire(uid: str, target: str, overheat: int = 0) -> FireOrder:
    return FireOrder(uid, {"unit": uid, "target": target, "overheat": overheat}, target=target,
                     overheat=overheat)


def physical(uid: str, target: str, attack: str = "standard") -> PhysicalOrder:
    return PhysicalOrder(uid, {"unit": uid, "attack": attack, "target": target}, attack=attack,
                         target=target)


def play(game: Game, moves=(), fires=(), physicals=(), initiative=None) -> list[dict]:
    """Play one whole turn; returns the events it produced."""
    start = len(game.log)
    sides = initiative or list(game.sides)
    st = ScriptedTurn(sides, {"move": list(moves), "fire": list(fires), "physical": list(physicals)})
    play_turn(game, st)
    return game.log.since(start)


def of(events: list[dict], type_: str, **fields) -> list[dict]:
    return [e for e in events if e["type"] == type_ and all(e.get(k) == v for k, v in fields.items())]
