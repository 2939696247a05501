"""Hit location tables for BattleMechs (rules/mech_core.md section 6) and
the 5-point grouping of damage.

`mech_hit(game, table, side)` rolls on the standard (2d6), punch (1d6) or
kick (1d6) table for the attack direction and returns the location hit
(rear torso locations for the rear column) and whether the roll was a
through-armor critical (a 2 on the standard table).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from engine.game import Game

SIDES = ("left", "front", "right")   # rear uses the front column with rear armor

STANDARD = {   # 2d6 -> (left side, front/rear, right side)
    2: ("left_torso", "center_torso", "right_torso"),
    3: ("left_leg", "right_arm", "right_leg"),
    4: ("left_arm", "right_arm", "right_arm"),
    5: ("left_arm", "right_leg", "right_arm"),
    6: ("left_leg", "right_torso", "right_leg"),
    7: ("left_torso", "center_torso", "right_torso"),
    8: ("center_torso", "left_torso", "center_torso"),
    9: ("right_torso", "left_leg", "left_torso"),
    10: ("right_arm", "left_arm", "left_arm"),
    11: ("right_leg", "left_arm", "left_leg"),
    12: ("head", "head", "head"),
}

PUNCH = {   # 1d6
    1: ("left_torso", "left_arm", "right_torso"),
    2: ("left_torso", "left_torso", "right_torso"),
    3: ("center_torso", "center_torso", "center_torso"),
    4: ("left_arm", "right_torso", "right_arm"),
    5: ("left_arm", "right_arm", "right_arm"),
    6: ("head", "head", "head"),
}

KICK = {   # 1d6
    1: ("left_leg", "right_leg", "right_leg"),
    2: ("left_leg", "right_leg", "right_leg"),
    3: ("left_leg", "right_leg", "right_leg"),
    4: ("left_leg", "left_leg", "right_leg"),
    5: ("left_leg", "left_leg", "right_leg"),
    6: ("left_leg", "left_leg", "right_leg"),
}

TABLES = {"standard": (STANDARD, 2), "punch": (PUNCH, 1), "kick": (KICK, 1)}
TORSOS = ("center_torso", "left_torso", "right_torso")


@dataclass(frozen=True)
class Hit:
    location: str          # e.g. "center_torso" or "center_torso_rear"
    roll: int
    through_armor_critical: bool = False


def lookup(table: str, side: str, roll: int) -> str:
    rows, _ = TABLES[table]
    column = {"left": 0, "front": 1, "rear": 1, "right": 2}[side]
    loc = rows[roll][column]
    if side == "rear" and loc in TORSOS:
        loc += "_rear"
    return loc


def mech_hit(game: "Game", table: str, side: str, for_: str = "") -> Hit:
    _, dice = TABLES[table]
    roll = game.dice.roll("location", dice, for_ or f"{table} table, {side}")
    return Hit(lookup(table, side, roll), roll, table == "standard" and roll == 2)


def groups(amount: int, size: int = 5) -> list[int]:
    """Split damage into groups of `size` plus the remainder: 17 -> [5, 5, 5, 2]."""
    out = [size] * (amount // size)
    if amount % size:
        out.append(amount % size)
    return out
