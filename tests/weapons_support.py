"""Builders shared by the weapon, line-of-sight, arc, critical and heat tests:
test mechs written inline, shipped units (games: tests/helpers.make_game)."""
from __future__ import annotations

from engine.game import Game
from engine.unit_loader import find_unit_file, load_unit, parse_unit
from tests.helpers import events  # noqa: F401  (re-exported)

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


def set_moved(game: Game, uid: str, mode: str, hexes: int) -> None:
    from components import TurnState
    ts = game.get(uid, TurnState)
    ts.moved, ts.mode, ts.hexes_moved = True, mode, hexes

