"""Construction rules for standard-tech units (TechManual): the sizes and
weights of a unit's parts, and the check that a unit file describes a unit
that can be built (docs/units.md, "Construction checks").
"""
from __future__ import annotations

import math

# Critical slots per mech location.
SIX_SLOT_LOCATIONS = ("head", "left_leg", "right_leg")
# Where a weapon too big for one location may continue (TechManual split
# criticals: into the location it attaches to).
ADJACENT = {"left_arm": ("left_torso",), "right_arm": ("right_torso",), "left_leg": ("left_torso",),
            "right_leg": ("right_torso",), "left_torso": ("center_torso",), "right_torso": ("center_torso",)}


def slot_capacity(location: str) -> int:
    return 6 if location in SIX_SLOT_LOCATIONS else 12


def hatchet_slots(tonnage: int) -> int:
    """A hatchet weighs and fills tonnage / 15, rounded up (TechManual)."""
    return math.ceil(tonnage / 15)


def heat_sink_slots(double: bool) -> int:
    return 3 if double else 1


def engine_heat_sink_capacity(rating: int) -> int:
    """Heat sinks a fusion engine holds without critical slots: rating / 25,
    rounded down."""
    return rating // 25


# ------------------------------------------------------------------ part weights
# Standard fusion engine weight by rating, in 5-point steps from 0 to 400
# (TechManual engine table).
FUSION_WEIGHTS = (
    0.0, 0.25, 0.5, 0.5, 0.5, 0.5, 1.0, 1.0, 1.0, 1.0, 1.5, 1.5, 1.5, 2.0, 2.0, 2.0, 2.5, 2.5, 3.0, 3.0,
    3.0, 3.5, 3.5, 4.0, 4.0, 4.0, 4.5, 4.5, 5.0, 5.0, 5.5, 5.5, 6.0, 6.0, 6.0, 7.0, 7.0, 7.5, 7.5, 8.0,
    8.5, 8.5, 9.0, 9.5, 10.0, 10.0, 10.5, 11.0, 11.5, 12.0, 12.5, 13.0, 13.5, 14.0, 14.5, 15.5, 16.0,
    16.5, 17.5, 18.0, 19.0, 19.5, 20.5, 21.5, 22.5, 23.5, 24.5, 25.5, 27.0, 28.5, 29.5, 31.5, 33.0,
    34.5, 36.5, 38.5, 41.0, 43.5, 46.0, 49.0, 52.5,
)
MAX_RATING = 400            # standard engines; larger ones are not standard tech
ARMOR_POINTS_PER_TON = 16   # standard armor
COCKPIT_TONS = 3.0
CASE_TONS = 0.5
HEAD_ARMOR_MAX = 9
# Heat sinks that come with the engine at no weight, by engine type.
FREE_HEAT_SINKS = {"fusion": 10, "fission": 5, "fuel_cell": 1, "ice": 0}
# Heaviest combat vehicle by motive type (TechManual).
VEHICLE_MAX_TONS = {"tracked": 100, "wheeled": 80, "hover": 50, "vtol": 30, "wige": 80}
VTOL_ROTOR_ARMOR_MAX = 2


def half_tons_up(tons: float) -> float:
    """Round a weight up to the next half ton."""
    return math.ceil(tons * 2 - 1e-9) / 2


def ammo_tons(shots: int, shots_per_ton: int) -> float:
    """An ammunition entry weighs its shots over the shots a ton holds,
    rounded up to a half ton (a half-ton bin: MegaMek's `- Half`)."""
    return half_tons_up(shots / shots_per_ton)


def fusion_weight(rating: int) -> float:
    return FUSION_WEIGHTS[math.ceil(rating / 5)]


def gyro_tons(rating: int) -> float:
    return float(math.ceil(rating / 100))


def structure_tons(tonnage: int) -> float:
    """Standard internal structure: a tenth of the tonnage."""
    return half_tons_up(tonnage / 10)


def armor_tons(points: int) -> float:
    return half_tons_up(points / ARMOR_POINTS_PER_TON)


def jump_jet_tons(tonnage: int) -> float:
    """One standard jump jet: 0.5 t up to 55 t, 1 t up to 85 t, 2 t above."""
    return 0.5 if tonnage <= 55 else 1.0 if tonnage <= 85 else 2.0


def suspension_factor(motive: str, tonnage: int) -> int:
    """Vehicle suspension factor (TechManual): what the engine rating loses."""
    steps = {"hover": ((10, 40), (20, 85), (30, 130), (40, 175), (50, 235)),
             "vtol": ((10, 50), (20, 95), (30, 140)),
             "wige": ((15, 45), (30, 80), (45, 115), (80, 140))}
    if motive == "wheeled":
        return 20
    for top, factor in steps.get(motive, ()):
        if tonnage <= top:
            return factor
    return steps[motive][-1][1] if motive in steps else 0


def vehicle_rating(motive: str, tonnage: int, cruise: int) -> int:
    """cruise x tonnage - suspension factor, at least 10, rounded up to a
    multiple of 5."""
    rating = max(10, cruise * tonnage - suspension_factor(motive, tonnage))
    return 5 * math.ceil(rating / 5)


def vehicle_engine_tons(engine: str, rating: int, motive: str, tonnage: int) -> float:
    """A vehicle engine: the fusion weight x 2 for an internal combustion
    engine, x 1.2 for a fuel cell, x 1.75 (at least 5 t) for fission; fusion
    and fission then x 1.5 for shielding. A hover engine weighs at least a
    fifth of the vehicle."""
    base = fusion_weight(rating)
    weight = {"ice": base * 2, "fuel_cell": base * 1.2, "fission": max(5.0, base * 1.75)}.get(engine, base)
    weight = half_tons_up(weight)
    if engine in ("fusion", "fission"):
        weight = half_tons_up(weight * 1.5)
    if motive == "hover":
        weight = max(weight, half_tons_up(tonnage / 5))
    return weight


def vehicle_armor_max(tonnage: int) -> int:
    return int(tonnage * 3.5 + 40)


def vehicle_item_slots(tonnage: int) -> int:
    return 5 + tonnage // 5


# ------------------------------------------------------------------ the check
def problems(unit) -> list[str]:
    """Why the unit (a validated UnitData) cannot be built under the
    standard construction rules, one line each naming its file; empty when
    it can. Alpha Strike cards are not checked."""
    if unit.kind == "mech":
        found = _mech_problems(unit)
    elif unit.kind == "vehicle":
        found = _vehicle_problems(unit)
    else:
        return []
    found += _ammo_problems(unit)
    return [f"{unit.path}: {p}" for p in found]


def mass_items(unit) -> list[tuple[str, float]]:
    """What the unit's tonnage is spent on: (part, tons), weapons grouped."""
    items = _mech_mass(unit) if unit.kind == "mech" else _vehicle_mass(unit)
    table = unit.weapon_table
    counts: dict[str, int] = {}
    for w in unit.weapons:
        counts[w["type"]] = counts.get(w["type"], 0) + 1
    for key, n in counts.items():
        wt = table[key]
        items.append((wt.name + (f" x{n}" if n > 1 else ""), wt.tons * n))
    ammo = sum(ammo_tons(a["shots"], table[a["type"]].shots_per_ton) for a in unit.ammo)
    if ammo:
        items.append(("ammunition", ammo))
    if unit.equipment.get("case"):
        items.append(("CASE" + (f" x{len(unit.equipment['case'])}" if len(unit.equipment["case"]) > 1 else ""),
                      CASE_TONS * len(unit.equipment["case"])))
    return items


def _mass_problem(unit) -> list[str]:
    items = mass_items(unit)
    total = sum(t for _, t in items)
    if total <= unit.tonnage + 1e-9:
        return []
    parts = ", ".join(f"{name} {tons:g} t" for name, tons in items if tons)
    return [f"{total:g} t of equipment in a {unit.tonnage} t chassis ({parts})"]


def mech_rating(unit) -> int:
    return unit.movement.get("walk", 0) * unit.tonnage


def _mech_mass(unit) -> list[tuple[str, float]]:
    rating = mech_rating(unit)
    hs = unit.heat_sinks
    jump = unit.movement.get("jump", 0)
    armor = sum(unit.armor.values())
    items = [("structure", structure_tons(unit.tonnage)),
             (f"engine {rating} fusion", fusion_weight(min(rating, MAX_RATING))),
             ("gyro", gyro_tons(rating)), ("cockpit", COCKPIT_TONS),
             (f"armor {armor} points", armor_tons(armor))]
    extra_sinks = max(0, hs.get("count", 10) - FREE_HEAT_SINKS["fusion"])
    if extra_sinks:
        items.append((f"heat sinks {extra_sinks} beyond the engine's 10", float(extra_sinks)))
    if jump:
        items.append((f"jump jets x{jump}", jump * jump_jet_tons(unit.tonnage)))
    if unit.equipment.get("hatchet"):
        items.append(("hatchet", float(hatchet_slots(unit.tonnage))))
    return items


def _mech_problems(unit) -> list[str]:
    found = []
    walk, jump = unit.movement.get("walk", 0), unit.movement.get("jump", 0)
    rating = mech_rating(unit)
    if rating < 10 or rating > MAX_RATING:
        found.append(f"[Movement] walk: walk {walk} x {unit.tonnage} t needs a {rating}-rated engine; "
                     f"standard fusion engines are rated 10 to {MAX_RATING}")
    if jump > walk:
        found.append(f"[Movement] jump: jump {jump} above walk {walk}: jump jets give at most the walking MP")
    if unit.heat_sinks.get("count", 10) < FREE_HEAT_SINKS["fusion"]:
        found.append(f"[HeatSinks] count: {unit.heat_sinks['count']} heat sinks: a fusion engine needs "
                     f"at least {FREE_HEAT_SINKS['fusion']}")
    found += _mech_armor_problems(unit)
    hatchet = unit.equipment.get("hatchet")
    if hatchet and f"{hatchet.split('_')[0]}_lower_arm" not in unit.actuators:
        found.append(f"[Equipment] hatchet: the {hatchet.replace('_', ' ')} has no lower arm actuator "
                     f"to swing a hatchet")
    if unit.criticals is None:
        found += _slot_problems(unit)
    return found + _mass_problem(unit)


def _mech_armor_problems(unit) -> list[str]:
    found = []
    a, s = unit.armor, unit.structure
    if a.get("head", 0) > HEAD_ARMOR_MAX:
        found.append(f"[Armor] head: {a['head']} points, the head takes at most {HEAD_ARMOR_MAX}")
    for loc, points in s.items():
        if loc == "head":
            continue
        total = a.get(loc, 0) + a.get(f"{loc}_rear", 0)
        if total > 2 * points:
            what = f"{a[loc]} + {a[f'{loc}_rear']} rear" if f"{loc}_rear" in a else f"{a[loc]}"
            found.append(f"[Armor] {loc}: {what} points, at most {2 * points} "
                         f"(twice the {points} points of internal structure)")
    return found


def _slot_problems(unit) -> list[str]:
    """Capacity of each location for what must go there, then room for the
    jump jets (torsos and legs) and the heat sinks the engine cannot hold."""
    from engine.critical_table import FIXED, MECH_SLOT_LOCATIONS, limb_slots
    found = []
    free: dict[str, int] = {}
    needs: dict[str, list[tuple[str, int]]] = {loc: [] for loc in MECH_SLOT_LOCATIONS}
    table = unit.weapon_table
    for w in unit.weapons:
        needs[w["location"]].append((table[w["type"]].name, table[w["type"]].slots))
    for a in unit.ammo:
        needs[a["location"]].append((f"{table[a['type']].name} ammunition", 1))
    if unit.equipment.get("hatchet"):
        needs[unit.equipment["hatchet"]].append(("hatchet", hatchet_slots(unit.tonnage)))
    for loc in unit.equipment.get("case", []):
        needs[loc].append(("CASE", 1))
    for loc in MECH_SLOT_LOCATIONS:
        side = loc.split("_")[0]
        fixed = len(FIXED.get(loc, {})) + sum(f"{side}_{a}" in unit.actuators for a in limb_slots(loc))
        room = slot_capacity(loc) - fixed
        need = sum(n for _, n in needs[loc])
        if need > room:
            found.append(f"critical slots: {loc} needs {need} slots, has {room} free "
                         f"({_grouped(needs[loc])})")
        free[loc] = max(0, room - need)
    jump = unit.movement.get("jump", 0)
    jet_room = sum(free[loc] for loc in ("center_torso", "left_torso", "right_torso", "left_leg", "right_leg"))
    if jump > jet_room:
        found.append(f"critical slots: {jump} jump jets, {jet_room} free slots in the torsos and legs")
    count, double = unit.heat_sinks.get("count", 10), unit.heat_sinks.get("double", False)
    outside = count - min(count, engine_heat_sink_capacity(mech_rating(unit)))
    size = heat_sink_slots(double)
    left = sum(free.values()) - min(jump, jet_room)
    if outside * size > left:
        found.append(f"critical slots: {outside} heat sinks outside the engine need {outside * size} slots, "
                     f"{left} are free")
    return found


def _grouped(needs: list[tuple[str, int]]) -> str:
    counts: dict[str, list[int]] = {}
    for name, n in needs:
        counts.setdefault(name, []).append(n)
    return ", ".join(f"{name}{f' x{len(ns)}' if len(ns) > 1 else ''} {sum(ns)}" for name, ns in counts.items())


def vehicle_engine(unit) -> tuple[str, int]:
    mv = unit.movement
    return unit.vehicle.get("engine", "ice"), vehicle_rating(mv["motive"], unit.tonnage, mv["cruise"])


def _vehicle_mass(unit) -> list[tuple[str, float]]:
    motive, tonnage = unit.motive, unit.tonnage
    engine, rating = vehicle_engine(unit)
    table = unit.weapon_table
    armor = sum(unit.armor.values())
    items = [("structure", structure_tons(tonnage)),
             (f"engine {rating} {engine.replace('_', ' ')}",
              vehicle_engine_tons(engine, min(rating, MAX_RATING), motive, tonnage)),
             ("controls", half_tons_up(tonnage / 20)), (f"armor {armor} points", armor_tons(armor))]
    if motive in ("hover", "vtol", "wige"):
        items.append(({"vtol": "rotor", "hover": "lift fans"}.get(motive, "wings"), half_tons_up(tonnage / 10)))
    if unit.turret is not None:
        turret_weapons = sum(table[w["type"]].tons for w in unit.weapons if w["location"] == "turret")
        items.append(("turret", half_tons_up(turret_weapons / 10)))
    energy = [table[w["type"]] for w in unit.weapons if table[w["type"]].energy]
    sinks = max(0, sum(wt.heat for wt in energy) - FREE_HEAT_SINKS[engine])
    if sinks:
        items.append((f"heat sinks x{sinks}", float(sinks)))
    if engine in ("ice", "fuel_cell") and energy:
        items.append(("power amplifiers", half_tons_up(sum(wt.tons for wt in energy) / 10)))
    if unit.vehicle.get("cargo"):
        items.append(("cargo", float(unit.vehicle["cargo"])))
    return items


def _vehicle_problems(unit) -> list[str]:
    found = []
    motive, tonnage = unit.motive, unit.tonnage
    top = VEHICLE_MAX_TONS[motive]
    if tonnage > top:
        found.append(f"tonnage: {tonnage} t, a {motive} vehicle weighs at most {top} t")
    engine, rating = vehicle_engine(unit)
    if rating > MAX_RATING:
        found.append(f"[Movement] cruise: cruise {unit.movement['cruise']} x {tonnage} t needs a "
                     f"{rating}-rated engine; standard engines are rated at most {MAX_RATING}")
    armor = sum(unit.armor.values())
    if armor > vehicle_armor_max(tonnage):
        found.append(f"[Armor]: {armor} points, a {tonnage} t vehicle takes at most {vehicle_armor_max(tonnage)} "
                     f"(3.5 x tons + 40)")
    if unit.armor.get("rotor", 0) > VTOL_ROTOR_ARMOR_MAX:
        found.append(f"[Armor] rotor: {unit.armor['rotor']} points, a rotor takes at most {VTOL_ROTOR_ARMOR_MAX}")
    items = len(unit.weapons) + len({a["type"] for a in unit.ammo}) + bool(unit.vehicle.get("cargo")) \
        + len(unit.equipment.get("case", []))
    if items > vehicle_item_slots(tonnage):
        found.append(f"item slots: {items} items (each weapon, each kind of ammunition, cargo, CASE), "
                     f"a {tonnage} t vehicle has {vehicle_item_slots(tonnage)} (5 + tons / 5)")
    return found + _mass_problem(unit)


def _ammo_problems(unit) -> list[str]:
    """A mech's ammunition entry is one bin in one critical slot: a ton at most."""
    if unit.kind != "mech":
        return []
    found = []
    for i, a in enumerate(unit.ammo):
        per_ton = unit.weapon_table[a["type"]].shots_per_ton
        if a["shots"] > per_ton:
            found.append(f"[Ammo #{i + 1}] shots: {a['shots']} shots of {a['type']} in one bin: "
                         f"a mech's bin (one critical slot) holds a ton, {per_ton} shots")
    return found
