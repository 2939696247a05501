"""A mech's explicit critical-slot table (`[Criticals]` in a unit file,
docs/units.md): validated against the rest of the file and turned into the
slot entries of the `CriticalSlots` component (systems/classic/criticals.py), so a
unit imported from MegaMek keeps its record sheet's layout. Without the
table the layout is derived (systems/criticals.build_layout).

File names of slot items: `empty`; `life_support`, `sensors`, `cockpit`,
`engine`, `gyro`; the limb's actuators (`shoulder` ... `foot`); a weapon
key (`medium_laser`, `medium_laser@rear` for a rear mount), repeated over
its slots; `ammo:<weapon key>` (one bin); `heat_sink` (a double sink fills
three slots); `jump_jet`; `hatchet`; `case`.
"""
from __future__ import annotations

from typing import Any

from engine.construction import (ADJACENT, engine_heat_sink_capacity, hatchet_slots, heat_sink_slots,
                                 slot_capacity)

MECH_SLOT_LOCATIONS = ("head", "center_torso", "left_torso", "right_torso", "left_arm", "right_arm",
                       "left_leg", "right_leg")
# Fixed systems and where the standard layout puts them (slot index -> item).
FIXED = {
    "head": {0: "life_support", 1: "sensors", 2: "cockpit", 4: "sensors", 5: "life_support"},
    "center_torso": {0: "engine", 1: "engine", 2: "engine", 3: "gyro", 4: "gyro", 5: "gyro", 6: "gyro",
                     7: "engine", 8: "engine", 9: "engine"},
}
ARM_SLOTS = ("shoulder", "upper_arm", "lower_arm", "hand")
LEG_SLOTS = ("hip", "upper_leg", "lower_leg", "foot")
SYSTEM_ITEMS = {"life_support", "sensors", "cockpit", "engine", "gyro"} | set(ARM_SLOTS) | set(LEG_SLOTS)


def limb_slots(location: str) -> tuple[str, ...]:
    if location.endswith("_arm"):
        return ARM_SLOTS
    if location.endswith("_leg"):
        return LEG_SLOTS
    return ()


def read_table(table: Any, err, unit) -> dict[str, list[str]] | None:
    """Check the `[Criticals]` table of a mech (`unit`: the UnitData read so
    far; `err(key, problem)` records a problem) and return its slots in
    the CriticalSlots vocabulary, or None when it has problems."""
    before = len(err.problems)
    raw: dict[str, list[str]] = {}
    for key in table:
        if key not in MECH_SLOT_LOCATIONS:
            err(key, "unknown key")
    for loc in MECH_SLOT_LOCATIONS:
        v = table.get(loc)
        size = slot_capacity(loc)
        if not isinstance(v, list) or not all(isinstance(s, str) for s in v):
            err(loc, f"required: a list of at most {size} slot names")
            continue
        if len(v) > size:
            err(loc, f"{len(v)} slots listed, the location has {size}")
            continue
        raw[loc] = list(v) + ["empty"] * (size - len(v))
    if len(err.problems) > before:
        return None
    slots = {loc: [""] * slot_capacity(loc) for loc in MECH_SLOT_LOCATIONS}
    table_w = unit.weapon_table
    claims: dict[str, list[tuple[str, int]]] = {}     # item -> [(location, slot index)] not yet given out
    for loc, items in raw.items():
        side = loc.split("_")[0]
        for i, item in enumerate(items):
            fixed = FIXED.get(loc, {}).get(i)
            limb = limb_slots(loc)
            if fixed is not None:
                if item != fixed:
                    err(loc, f"slot {i + 1} must be the {fixed.replace('_', ' ')}, got {item!r}")
                slots[loc][i] = fixed
                continue
            if i < len(limb) and f"{side}_{limb[i]}" in unit.actuators:
                if item != limb[i]:
                    err(loc, f"slot {i + 1} must be the {limb[i].replace('_', ' ')} actuator, got {item!r}")
                slots[loc][i] = f"{side}_{limb[i]}"
                continue
            if item == "empty":
                continue
            if item in limb:
                err(loc, f"slot {i + 1}: {item}: [Actuators] gives this limb no {item.replace('_', ' ')}"
                         f" (actuators fill the first slots of their limb)")
                continue
            if item in SYSTEM_ITEMS:
                err(loc, f"slot {i + 1}: {item} has a fixed place (see docs/units.md)")
                continue
            base = item.removesuffix("@rear")
            if item.startswith("ammo:"):
                if item[5:] not in table_w:
                    err(loc, f"slot {i + 1}: no ammunition-using weapon named {item[5:]!r}")
                    continue
            elif item not in ("heat_sink", "jump_jet", "hatchet", "case") and base not in table_w:
                err(loc, f"slot {i + 1}: unknown item {item!r}")
                continue
            claims.setdefault(item, []).append((loc, i))
    if len(err.problems) > before:
        return None
    _give_weapons(unit, claims, slots, err)
    _give_ammo(unit, claims, slots, err)
    _give_equipment(unit, claims, slots, err)
    for item, left in claims.items():
        for loc, i in left:
            err(loc, f"slot {i + 1}: {item} is not in the unit's "
                     f"{'[[Ammo]]' if item.startswith('ammo:') else '[[Weapons]] or [Equipment]'}")
            break
    return None if len(err.problems) > before else slots


def _take(claims, item: str, loc: str, count: int, neighbours: tuple[str, ...] = ()) -> list[tuple[str, int]]:
    """Up to `count` free slots holding `item`: in `loc` first, then in the
    neighbouring locations (a weapon split over two locations)."""
    got: list[tuple[str, int]] = []
    for where in (loc,) + neighbours:
        pool = claims.get(item, [])
        mine = [c for c in pool if c[0] == where][: count - len(got)]
        for c in mine:
            pool.remove(c)
        got += mine
        if len(got) == count:
            break
    if item in claims and not claims[item]:
        del claims[item]
    return got


def _give_weapons(unit, claims, slots, err) -> None:
    for n, w in enumerate(unit.weapons):
        wt = unit.weapon_table.get(w["type"])
        if wt is None or w["location"] is None:
            continue
        item = w["type"] + ("@rear" if w["rear"] else "")
        got = _take(claims, item, w["location"], wt.slots, ADJACENT.get(w["location"], ()))
        if len(got) < wt.slots:
            err(None, f"{item} ([Weapons #{n + 1}], {w['location']}) has {len(got)} of its "
                      f"{wt.slots} slots in [Criticals]")
        for loc, i in got:
            slots[loc][i] = f"weapon:{n}"


def _give_ammo(unit, claims, slots, err) -> None:
    for n, a in enumerate(unit.ammo):
        if a["type"] is None or a["location"] is None:
            continue
        got = _take(claims, f"ammo:{a['type']}", a["location"], 1)
        if not got:
            err(None, f"ammo:{a['type']} ([Ammo #{n + 1}], {a['location']}) has no slot in [Criticals]")
        for loc, i in got:
            slots[loc][i] = f"ammo:{n}"


def _give_equipment(unit, claims, slots, err) -> None:
    hatchet = unit.equipment.get("hatchet")
    if hatchet:
        need = hatchet_slots(unit.tonnage)
        got = _take(claims, "hatchet", hatchet, need)
        if len(got) < need:
            err(None, f"the hatchet ({hatchet}) has {len(got)} of its {need} slots in [Criticals]")
        for loc, i in got:
            slots[loc][i] = "hatchet:0"
    for loc in unit.equipment.get("case", []):
        got = _take(claims, "case", loc, 1)
        if not got:
            err(None, f"CASE ({loc}) has no slot in [Criticals]")
        for where, i in got:
            slots[where][i] = "case"
    jump = unit.movement.get("jump", 0) or 0
    jets = claims.pop("jump_jet", [])
    if len(jets) != jump:
        err(None, f"{len(jets)} jump jet slots for jump MP {jump}")
    for n, (loc, i) in enumerate(sorted(jets, key=_slot_order)):
        slots[loc][i] = f"jump_jet:{n}"
    count, double = unit.heat_sinks.get("count", 10), unit.heat_sinks.get("double", False)
    size = heat_sink_slots(double)
    sinks = sorted(claims.pop("heat_sink", []), key=_slot_order)
    if len(sinks) % size:
        err(None, f"{len(sinks)} heat sink slots: double heat sinks fill {size} slots each")
        return
    placed = len(sinks) // size
    rating = (unit.movement.get("walk", 0) or 0) * unit.tonnage
    in_engine = count - placed
    if in_engine < 0:
        err(None, f"{placed} heat sinks in [Criticals], the unit has {count} ([HeatSinks] count)")
    elif in_engine > engine_heat_sink_capacity(rating):
        err(None, f"{in_engine} heat sinks left for the engine, a {rating}-rated engine holds "
                  f"{engine_heat_sink_capacity(rating)}: the others need slots in [Criticals]")
    for k in range(placed):
        group = sinks[k * size:(k + 1) * size]
        if len({loc for loc, _ in group}) > 1:
            err(None, "a double heat sink's three slots must be in one location")
        for loc, i in group:
            slots[loc][i] = f"heat_sink:{k}"
    unit.engine_sinks = max(0, in_engine)


def _slot_order(c: tuple[str, int]) -> tuple[int, int]:
    return MECH_SLOT_LOCATIONS.index(c[0]), c[1]
