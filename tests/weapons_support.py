"""Builders shared by the weapon, line-of-sight, arc, critical and heat tests."""
from __future__ import annotations

from engine.game import Game
from engine.hexgrid import parse_hex_label
from engine.unit_loader import find_unit_file, load_unit, parse_unit
from tests.helpers import events, make_map  # noqa: F401  (events re-exported)

BASIC_MECH = """
name = "Test {tons}"
kind = "mech"
tonnage = {tons}
[Crew]
piloting = 5
gunnery = 4
[Movement]
walk = {walk}
jump = {jump}
[Armor]
head = 9
center_torso = 20
center_torso_rear = 8
left_torso = 15
left_torso_rear = 5
right_torso = 15
right_torso_rear = 5
left_arm = 12
right_arm = 12
left_leg = 15
right_leg = 15
{extra}
"""


def mech_data(tons: int = 50, walk: int = 5, jump: int = 0, weapons: list[tuple[str, str]] = (),
              ammo: list[tuple[str, str, int]] = (), extra: str = ""):
    text = BASIC_MECH.format(tons=tons, walk=walk, jump=jump, extra=extra)
    for wtype, loc in weapons:
        rear = loc.endswith("@rear")
        loc = loc.replace("@rear", "")
        text += f'\n[[Weapons]]\ntype = "{wtype}"\nlocation = "{loc}"\nrear = {"true" if rear else "false"}\n'
    for atype, loc, shots in ammo:
        text += f'\n[[Ammo]]\ntype = "{atype}"\nlocation = "{loc}"\nshots = {shots}\n'
    return parse_unit(text, f"test{tons}.toml")


def shipped(name: str):
    return load_unit(find_unit_file(name))


def make_game(units, terrain: dict[str, dict] | None = None, forced: dict | None = None,
              width: int = 16, height: int = 16, seed: int = 1) -> Game:
    """units: (uid, data, side, "XXYY", facing[, overrides])."""
    game = Game(make_map(width, height, terrain), "classic", seed, forced)
    for u in units:
        uid, data, side, at, facing = u[:5]
        over = u[5] if len(u) > 5 else None
        game.add_unit(data, uid, side, parse_hex_label(at), facing, over)
    game.start_turn(["blue", "red"])
    return game


def set_moved(game: Game, uid: str, mode: str, hexes: int) -> None:
    from components import TurnState
    ts = game.get(uid, TurnState)
    ts.moved, ts.mode, ts.hexes_moved = True, mode, hexes

