"""Hit locations for combat vehicles and VTOLs (rules/vehicles.md V-HIT,
V-ROTOR, tables T-1 and T-2) and the application of one hit.

`roll_hit(game, ent, side)` rolls 2d6 (purpose "location") in the column of
the vehicle attack direction (front, rear, left or right: T-6a,
engine.hexgrid.vehicle_attack_side) and returns a `VehicleHit` with the
table's markers: critical (T-3 / T-4 roll), motive († on T-1: a T-5 roll)
and rotor († on T-2). `apply_hit(game, ent, hit, damage)` applies one damage
group to it through systems/common/damage.py, then rolls what the markers ask for.
Call it once per attack, or once per cluster group: rotor damage is
ceil(damage / 10) per call (V-ROTOR-1, V-ROTOR-3).
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

from components import Status, Turret, VehicleCrits
from systems.classic.attack_modifiers import struck_side
from systems.common.unit_state import is_vtol

if TYPE_CHECKING:
    from engine.game import Game

SIDES = ("front", "rear", "left", "right")

# T-1 (TW p.193). Per 2d6: (front column, rear column, side column); each
# entry is (location, critical marker, motive marker). "side" means the side
# that was attacked.
GROUND = {
    2: (("front", True, False), ("rear", True, False), ("side", True, False)),
    3: (("front", False, True), ("rear", False, True), ("side", False, True)),
    4: (("front", False, True), ("rear", False, True), ("side", False, True)),
    5: (("right", False, True), ("left", False, True), ("front", False, True)),
    6: (("front", False, False), ("rear", False, False), ("side", False, False)),
    7: (("front", False, False), ("rear", False, False), ("side", False, False)),
    8: (("front", False, False), ("rear", False, False), ("side", True, False)),
    9: (("left", False, True), ("right", False, True), ("rear", False, True)),
    10: (("turret", False, False),) * 3,
    11: (("turret", False, False),) * 3,
    12: (("turret", True, False),) * 3,
}

# T-2 (TW p.196): (location, critical marker); every rotor result is a rotor
# hit (†). A 4 is the chin turret (‡), the rotor when there is none.
VTOL = {
    2: (("front", True), ("rear", True), ("side", True)),
    3: (("rotor", False),) * 3,
    4: (("turret", False),) * 3,
    5: (("right", False), ("left", False), ("front", False)),
    6: (("front", False), ("rear", False), ("side", False)),
    7: (("front", False), ("rear", False), ("side", False)),
    8: (("front", False), ("rear", False), ("side", True)),
    9: (("left", False), ("right", False), ("rear", False)),
    10: (("rotor", False),) * 3,
    11: (("rotor", False),) * 3,
    12: (("rotor", True),) * 3,
}


@dataclass(frozen=True)
class VehicleHit:
    location: str          # front | rear | left | right | turret | rotor
    roll: int
    side: str              # attack direction (front, rear, left, right)
    critical: bool = False  # the table's critical marker: roll T-3 / T-4 for `location`
    motive: bool = False   # T-1 †: roll T-5 with the direction modifier of `side`
    rotor: bool = False    # T-2 †: a rotor hit (ceil(damage/10), cruise -1)


def has_turret(game: "Game", ent: int) -> bool:
    tur = game.world.try_component(ent, Turret)
    return tur is not None and not tur.destroyed


def lookup(side: str, roll: int, *, vtol: bool = False, turret: bool = True) -> VehicleHit:
    """The T-1 / T-2 entry for an attack from `side` with 2d6 = `roll`."""
    if side not in SIDES:
        raise ValueError(f"attack direction must be one of {SIDES}, got {side!r}")
    column = {"front": 0, "rear": 1, "left": 2, "right": 2}[side]
    if vtol:
        loc, crit = VTOL[roll][column]
        motive = False
        if loc == "turret" and not turret:
            loc = "rotor"       # T-2 ‡: no chin turret
    else:
        loc, crit, motive = GROUND[roll][column]
    if loc == "side":
        loc = side
    if loc == "turret" and not turret:
        # V-HIT-4: the attacked side's armor; a 12 checks criticals there.
        loc = side
    return VehicleHit(loc, roll, side, crit, motive, loc == "rotor")


def roll_hit(game: "Game", ent: int, side: str, for_: str = "") -> VehicleHit:
    roll = game.dice.roll("location", 2, for_ or f"vehicle hit location, {side}")
    return lookup(side, roll, vtol=is_vtol(game, ent), turret=has_turret(game, ent))


def rotor_damage(damage: int) -> int:
    """V-ROTOR-1: one point per 10 points of damage value or part of 10."""
    return math.ceil(damage / 10) if damage > 0 else 0


def apply_hit(game: "Game", ent: int, hit: VehicleHit, damage: int, *, weapon_damage: bool = True,
              cause: str = "", crit_damage: int | None = None) -> None:
    """Apply one damage group to the location hit, then its markers.

    weapon_damage: the damage has a weapon damage value (rotor reduction,
    V-ROTOR-2 exempts other sources). crit_damage: the full damage of the
    weapon for a Cargo/Infantry critical (V-CE-2)."""
    from systems.common import damage as dmg
    from systems.vehicles import motive_damage, criticals as vehicle_criticals
    st = game.world.component(ent, Status)
    if st.destroyed:
        return
    amount = rotor_damage(damage) if hit.rotor and weapon_damage else damage
    dmg.apply_damage(game, ent, hit.location, amount, cause=cause)
    if hit.rotor:
        vc = game.world.try_component(ent, VehicleCrits)
        if vc is not None:
            vc.pending_rotor += 1          # V-ROTOR-4, at the end of the phase
    if st.destroyed:
        return
    if hit.critical:
        vehicle_criticals.roll_critical(game, ent, hit.location,
                                        weapon_damage=crit_damage if crit_damage is not None else damage)
    if hit.motive and not st.destroyed:
        motive_damage.roll_motive(game, ent, hit.side, reason="hit location †")


def hit_and_apply(game: "Game", ent: int, side: str, damage: int, **kw) -> VehicleHit:
    """Roll a location for one damage group and apply it."""
    hit = roll_hit(game, ent, side)
    apply_hit(game, ent, hit, damage, **kw)
    return hit


def apply_groups(game: "Game", ent: int, side: str, total: int, *, weapon_damage: bool = False,
                 cause: str = "") -> None:
    """Damage in 5-point groups, one location roll each (crashes, falls, skids)."""
    from systems.classic.hit_location import groups
    for g in groups(total):
        if game.world.component(ent, Status).destroyed:
            return
        hit_and_apply(game, ent, side, g, weapon_damage=weapon_damage, cause=cause)


def weapon_hit(game: "Game", attacker: int, target: int, damage: int, cause: str = "") -> VehicleHit:
    """One weapon damage group (a whole attack, or one cluster group) on a
    vehicle, from the attacker's hex (T-6a attack direction)."""
    from components import Position
    side = struck_side(game, target, game.world.component(attacker, Position).hex)
    return hit_and_apply(game, target, side, damage, cause=cause)


FALL_SIDES = {1: "front", 2: "right", 3: "right", 4: "rear", 5: "left", 6: "left"}   # T-11b


def fall_side(game: "Game", ent: int) -> str:
    """The side a falling or crashing vehicle lands on (T-11b, 1d6)."""
    return FALL_SIDES[game.dice.d6("fall", "side hit by the fall")]


def physical_hit(game: "Game", target: int, damage: int, side: str, cause: str = "") -> None:
    """One damage group from a physical attack on the vehicle's own table, in
    the column of `side`. A physical attack has no weapon damage value, so a
    rotor hit takes it whole (V-ROTOR-2; MegaMek: physical damage is not cut)."""
    if side not in SIDES:
        side = "front"
    hit_and_apply(game, target, side, damage, weapon_damage=False, cause=cause)
