"""Battle Value 2 of Classic units (TechManual BV2 rules), from the unit
file's data (engine/unit_loader.py `UnitData`) and the weapons table's `bv`
and `ammo_bv` (assets/weapons.toml).

`base_battle_value(unit)` is the unit's BV at gunnery 4 / piloting 5: the
file's own `bv` when it gives one, otherwise the computed value;
`battle_value(unit, gunnery, piloting)` is that at a crew's skills (what the
roster, the force builder and the force totals show). `ratings(unit)` gives
the computation's two halves (defensive and offensive battle rating).

The rules have no digest in rules/; the labels below (BV-MECH, BV-EXPL,
BV-HEAT, BV-VEH, BV-SKILL) name the TechManual BV2 steps they cite (the
skill table is TM p. 315, the speed factor TM p. 316).

BattleMech (BV-MECH):
- defensive: armor x 2.5 + structure x 1.5 + tonnage x 0.5 (standard gyro),
  minus 15 per slot of explosive ammunition and 1 per slot of an explosive
  weapon (a Gauss rifle) where CASE does not protect it (BV-EXPL), at least 1;
  times 1 + TMM / 10, the TMM of the run MP or, if better, the jump MP (+1).
- offensive: the weapons, heat-adjusted (BV-HEAT), the ammunition (each
  type at most the BV of the weapons it feeds), a hatchet (damage x 1.5) and
  the tonnage, times the speed factor.
- total = defensive + offensive, rounded, times the skill multiplier
  (BV-SKILL).

Combat vehicle (BV-VEH): (armor x 2.5 + structure x 1.5) x the motive
type modifier x 1 + TMM / 10 (flank MP; a VTOL counts as jumping), plus
(weapons + ammunition + tonnage / 2) x the speed factor; no heat and no
explosive penalty. The project's units carry only standard engines,
structure, armor, gyros and cockpits, so those are the only multipliers.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

from systems.classic.attack_modifiers import TARGET_JUMPED, movement_band
from systems.classic.criticals import ammo_explosion_damage
from systems.classic.heat import move_heat, per_sink
from systems.classic.melee import hatchet_damage
from systems.common.movement import run_mp

if TYPE_CHECKING:
    from engine.unit_loader import UnitData
    from engine.weapons import WeaponType

ARMOR_FACTOR = 2.5
STRUCTURE_FACTOR = 1.5
GYRO_FACTOR = 0.5                  # standard gyro: tonnage x 0.5
AMMO_SLOT_PENALTY = 15             # BV-EXPL: per slot of explosive ammunition
WEAPON_SLOT_PENALTY = 1            # BV-EXPL: per slot of an explosive weapon (Gauss)
HEAT_EFFICIENCY_BASE = 6           # BV-HEAT: 6 + heat dissipation - movement heat
HATCHET_FACTOR = 1.5
REAR_FACTOR = 0.5
OVERHEAT_FACTOR = 0.5
VEHICLE_WEIGHT_FACTOR = 0.5
# BV-VEH: defensive modifier by motive type.
MOTIVE_MODIFIER = {"tracked": 0.9, "wheeled": 0.8, "hover": 0.7, "vtol": 0.7, "wige": 0.7}
# A WiGE's target movement modifier is one better than its move (BV-VEH).
WIGE_TMM_BONUS = 1

# BV-SKILL: the skill multiplier, rows gunnery 0..8, columns piloting 0..8
# (4/5 is 1.00).
SKILL_MULTIPLIER = (
    (2.42, 2.31, 2.21, 2.10, 1.93, 1.75, 1.68, 1.59, 1.50),
    (2.21, 2.11, 2.02, 1.92, 1.76, 1.60, 1.54, 1.46, 1.38),
    (1.93, 1.85, 1.76, 1.68, 1.54, 1.40, 1.35, 1.28, 1.21),
    (1.66, 1.58, 1.51, 1.44, 1.32, 1.20, 1.16, 1.10, 1.04),
    (1.38, 1.32, 1.26, 1.20, 1.10, 1.00, 0.95, 0.90, 0.85),
    (1.31, 1.19, 1.13, 1.08, 0.99, 0.90, 0.86, 0.81, 0.77),
    (1.24, 1.12, 1.07, 1.02, 0.94, 0.85, 0.81, 0.77, 0.72),
    (1.17, 1.06, 1.01, 0.96, 0.88, 0.80, 0.76, 0.72, 0.68),
    (1.10, 0.99, 0.95, 0.90, 0.83, 0.75, 0.71, 0.68, 0.64),
)

MECH_ARMS = ("left_arm", "right_arm")
SIDE_TORSOS = ("left_torso", "right_torso")


@dataclass(frozen=True)
class Ratings:
    """The two halves of a Battle Value before rounding."""

    defensive: float
    offensive: float

    @property
    def base(self) -> int:
        """The base BV (skills 4/5): the sum, rounded half up."""
        return round_half_up(self.defensive + self.offensive)


def round_half_up(x: float) -> int:
    """Rounded half up, as the TechManual rounds (Python's round() goes to
    even); float noise first rounded off, so 1476.5 is not 1476.4999..."""
    return math.floor(round(x, 6) + 0.5)


def skill_multiplier(gunnery: int, piloting: int) -> float:
    """BV-SKILL: the multiplier for a crew's gunnery and piloting (driving)."""
    def clamp(v: int) -> int:
        return max(0, min(8, v))
    return SKILL_MULTIPLIER[clamp(gunnery)][clamp(piloting)]


def target_movement_factor(run: int, jump: int = 0) -> float:
    """1 + TMM / 10 for the better of the run MP's TMM and the jump MP's
    (which adds +1 for jumping)."""
    tmm = movement_band(run) if run else 0
    if jump:
        tmm = max(tmm, movement_band(jump) + TARGET_JUMPED)
    return 1 + tmm / 10


def speed_factor(run: int, jump: int = 0) -> float:
    """((MP - 5) / 10 + 1) ^ 1.2 with MP = run + half the jump MP (rounded
    half up), rounded to two decimals."""
    mp = run + (jump + 1) // 2
    return round_half_up((1 + (mp - 5) / 10) ** 1.2 * 100) / 100


def _ammo_bv(wt: "WeaponType", shots: int) -> float:
    # A part-ton bin (a half ton) is worth its share of a ton.
    return wt.ammo_bv * shots / wt.shots_per_ton if wt.shots_per_ton else 0.0


def ammo_value(unit: "UnitData") -> float:
    """The ammunition's BV, each weapon type's at most the BV of the weapons
    of that type the unit carries (excessive ammunition counts nothing)."""
    table = unit.weapon_table
    per_type: dict[str, float] = {}
    for a in unit.ammo:
        wt = table.get(a["type"])
        if wt is not None and a["shots"] > 0:
            per_type[a["type"]] = per_type.get(a["type"], 0.0) + _ammo_bv(wt, a["shots"])
    fed: dict[str, float] = {}
    for w in unit.weapons:
        fed[w["type"]] = fed.get(w["type"], 0.0) + table[w["type"]].bv
    return sum(min(value, fed.get(key, 0.0)) for key, value in per_type.items())


# ====================================================================== mechs
def explosive_penalty_applies(unit: "UnitData", location: str) -> bool:
    """BV-EXPL (standard engine): explosive items count against a mech unless
    CASE protects them: in a side torso, CASE there; in an arm, CASE in the
    arm or in the side torso next to it. The head, center torso and legs
    are never protected."""
    case = unit.equipment.get("case", [])
    if location in SIDE_TORSOS:
        return location not in case
    if location in MECH_ARMS:
        torso = location.replace("arm", "torso")
        return location not in case and torso not in case
    return True


def explosive_value(unit: "UnitData") -> int:
    """BV-EXPL: 15 per unprotected slot of explosive ammunition (one bin, one
    slot) and 1 per unprotected slot of an explosive weapon."""
    table = unit.weapon_table
    total = 0
    for a in unit.ammo:
        if ammo_explosion_damage(a["type"], a["shots"], table) > 0 and explosive_penalty_applies(unit, a["location"]):
            total += AMMO_SLOT_PENALTY
    for w in unit.weapons:
        wt = table[w["type"]]
        if wt.explodes and explosive_penalty_applies(unit, w["location"]):
            total += WEAPON_SLOT_PENALTY * wt.slots
    return total


def heat_efficiency(unit: "UnitData") -> int:
    """BV-HEAT: 6 + heat sink capacity - the heat of the unit's hottest move
    (running 2; jumping 1 per MP, at least 3)."""
    hs = unit.heat_sinks
    capacity = hs.get("count", 10) * per_sink(hs.get("double", False))
    jump = unit.movement.get("jump", 0)
    hottest = move_heat("jump", jump) if jump else move_heat("run", 0)
    return HEAT_EFFICIENCY_BASE + capacity - hottest


def mech_weapon_values(unit: "UnitData") -> list[tuple[float, int]]:
    """(BV, heat) of each weapon after the rear-mount rule: torso and head
    weapons facing the way with less weapon BV count half (arm weapons
    always count full)."""
    table = unit.weapon_table
    front = sum(table[w["type"]].bv for w in unit.weapons if w["location"] not in MECH_ARMS and not w["rear"])
    rear = sum(table[w["type"]].bv for w in unit.weapons if w["location"] not in MECH_ARMS and w["rear"])
    rear_is_main = front < rear
    out = []
    for w in unit.weapons:
        wt = table[w["type"]]
        value = float(wt.bv)
        if w["location"] not in MECH_ARMS and w["rear"] != rear_is_main:
            value *= REAR_FACTOR
        out.append((value, wt.heat))
    return out


def heat_adjusted(values: list[tuple[float, int]], efficiency: int) -> float:
    """BV-HEAT: weapons without heat first, then by BV (highest first; equal
    BV: coolest first). Each counts full until the running heat total
    reaches the heat efficiency; the weapon that reaches it still counts
    full, every one after it half."""
    ordered = sorted(values, key=lambda v: (v[1] > 0, -v[0] if v[1] else 0, v[1]))
    total, heat, over = 0.0, 0, efficiency <= 0
    for value, h in ordered:
        heat += h
        total += value * (OVERHEAT_FACTOR if over else 1)
        if heat >= efficiency:
            over = True
    return total


def mech_ratings(unit: "UnitData") -> Ratings:
    """The defensive and offensive battle ratings of a BattleMech."""
    walk, jump = unit.movement.get("walk", 0), unit.movement.get("jump", 0)
    run = run_mp(walk)
    defensive = (sum(unit.armor.values()) * ARMOR_FACTOR + sum(unit.structure.values()) * STRUCTURE_FACTOR
                 + unit.tonnage * GYRO_FACTOR - explosive_value(unit))
    defensive = max(1.0, defensive) * target_movement_factor(run, jump)
    offensive = heat_adjusted(mech_weapon_values(unit), heat_efficiency(unit)) + ammo_value(unit)
    if unit.equipment.get("hatchet"):
        offensive += hatchet_damage(unit.tonnage) * HATCHET_FACTOR
    offensive = (offensive + unit.tonnage) * speed_factor(run, jump)
    return Ratings(defensive, offensive)


# ====================================================================== vehicles
def vehicle_weapon_value(unit: "UnitData") -> float:
    """BV-VEH: front and rear weapons, whichever side carries less counting
    half (front when equal); side and turret weapons count full."""
    table = unit.weapon_table
    front = sum(table[w["type"]].bv for w in unit.weapons if w["location"] == "front")
    rear = sum(table[w["type"]].bv for w in unit.weapons if w["location"] == "rear")
    other = sum(table[w["type"]].bv for w in unit.weapons if w["location"] not in ("front", "rear"))
    return other + (front + rear * REAR_FACTOR if front > rear else rear + front * REAR_FACTOR)


def vehicle_ratings(unit: "UnitData") -> Ratings:
    """The defensive and offensive battle ratings of a combat vehicle."""
    motive = unit.motive or "tracked"
    flank = run_mp(unit.movement.get("cruise", 0))
    tmm = movement_band(flank) if flank else 0
    if motive == "vtol":
        tmm += TARGET_JUMPED
    elif motive == "wige":
        tmm += WIGE_TMM_BONUS
    defensive = (sum(unit.armor.values()) * ARMOR_FACTOR + sum(unit.structure.values()) * STRUCTURE_FACTOR) \
        * MOTIVE_MODIFIER[motive] * (1 + tmm / 10)
    offensive = (vehicle_weapon_value(unit) + ammo_value(unit) + unit.tonnage * VEHICLE_WEIGHT_FACTOR) \
        * speed_factor(flank)
    return Ratings(defensive, offensive)


# ====================================================================== totals
def ratings(unit: "UnitData") -> Ratings | None:
    """The battle ratings of a Classic unit; None for an Alpha Strike card."""
    if unit.kind == "mech":
        return mech_ratings(unit)
    if unit.kind == "vehicle":
        return vehicle_ratings(unit)
    return None


def base_battle_value(unit: "UnitData") -> int | None:
    """The unit's base Battle Value (gunnery 4, piloting 5): the unit file's
    `bv` when it gives one (a published figure wins), otherwise the BV2
    computed from its data. None for an Alpha Strike card."""
    if unit.bv is not None:
        return unit.bv
    r = ratings(unit)
    return None if r is None else r.base


def skill_adjusted_bv(bv: int, gunnery: int, piloting: int) -> int:
    """BV-SKILL: a base BV at a crew's skills."""
    return round_half_up(bv * skill_multiplier(gunnery, piloting))


def battle_value(unit: "UnitData", gunnery: int | None = None, piloting: int | None = None) -> int | None:
    """The unit's Battle Value at these skills (default: the file's crew),
    from its base BV (`base_battle_value`); None without one."""
    base = base_battle_value(unit)
    if base is None:
        return None
    g = unit.crew.get("gunnery", 4) if gunnery is None else gunnery
    p = unit.crew.get("piloting", 5) if piloting is None else piloting
    return skill_adjusted_bv(base, g, p)
