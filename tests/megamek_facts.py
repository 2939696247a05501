"""The record-sheet facts of a MegaMek .mtf/.blk file, read independently of
engine/megamek.py (plain regular expressions and an explicit name list), so
tests can compare imported and shipped units with their source files."""
from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

SAMPLES = Path(__file__).resolve().parents[2] / "shared" / "megamek"
MECH_SAMPLES = sorted((SAMPLES / "mechs").glob("*.mtf"))
VEHICLE_SAMPLES = sorted((SAMPLES / "vehicles").glob("*.blk"))
# The samples beyond the supported tech (../shared/megamek/README.md).
BEYOND = {"Atlas AS7-K.mtf", "Daishi (Dire Wolf) Prime.mtf", "Enforcer ENF-5D.mtf"}

WEAPONS = {
    "Small Laser": "small_laser", "Medium Laser": "medium_laser", "Large Laser": "large_laser",
    "PPC": "ppc", "Flamer": "flamer", "Machine Gun": "machine_gun",
    "AC/2": "ac_2", "AC/5": "ac_5", "AC/10": "ac_10", "AC/20": "ac_20",
    "Autocannon/2": "ac_2", "Autocannon/5": "ac_5", "Autocannon/10": "ac_10", "Autocannon/20": "ac_20",
    "LRM 5": "lrm_5", "LRM 10": "lrm_10", "LRM 15": "lrm_15", "LRM 20": "lrm_20",
    "SRM 2": "srm_2", "SRM 4": "srm_4", "SRM 6": "srm_6",
}
AMMO = {"IS Ammo AC/2": "ac_2", "IS Ammo AC/5": "ac_5", "IS Ammo AC/10": "ac_10", "IS Ammo AC/20": "ac_20",
        "IS Ammo LRM-5": "lrm_5", "IS Ammo LRM-10": "lrm_10", "IS Ammo LRM-15": "lrm_15",
        "IS Ammo LRM-20": "lrm_20", "IS Ammo SRM-2": "srm_2", "IS Ammo SRM-4": "srm_4", "IS Ammo SRM-6": "srm_6",
        "IS Ammo MG - Full": "machine_gun", "IS Machine Gun Ammo - Half": "machine_gun"}
SHOTS_PER_TON = {"ac_2": 45, "ac_5": 20, "ac_10": 10, "ac_20": 5, "lrm_5": 24, "lrm_10": 12, "lrm_15": 8,
                 "lrm_20": 6, "srm_2": 50, "srm_4": 25, "srm_6": 15, "machine_gun": 200}


SLOTS = {"small_laser": 1, "medium_laser": 1, "large_laser": 2, "ppc": 3, "flamer": 1, "machine_gun": 1,
         "ac_2": 1, "ac_5": 4, "ac_10": 7, "ac_20": 10, "lrm_5": 1, "lrm_10": 2, "lrm_15": 3, "lrm_20": 5,
         "srm_2": 1, "srm_4": 1, "srm_6": 2}


def shots(item: str) -> int:
    return SHOTS_PER_TON[AMMO[item]] // (2 if item.endswith("- Half") else 1)


MTF_ARMOR = {"LA": "left_arm", "RA": "right_arm", "LT": "left_torso", "RT": "right_torso", "CT": "center_torso",
             "HD": "head", "LL": "left_leg", "RL": "right_leg", "RTL": "left_torso_rear",
             "RTR": "right_torso_rear", "RTC": "center_torso_rear"}
LOCATIONS = {"Left Arm": "left_arm", "Right Arm": "right_arm", "Left Torso": "left_torso",
             "Right Torso": "right_torso", "Center Torso": "center_torso", "Head": "head",
             "Left Leg": "left_leg", "Right Leg": "right_leg"}


def mtf_facts(path: Path) -> dict:
    text = path.read_text(encoding="utf-8")
    value = {m.group(1).lower(): m.group(2).strip() for m in re.finditer(r"^([A-Za-z ]+):(.*)$", text, re.M)}
    weapons = Counter()
    block = re.search(r"^Weapons:(\d+)\n((?:.*\n){0,60})", text, re.M | re.I)
    for line in block.group(2).splitlines()[:int(block.group(1))]:
        name, loc = [p.strip() for p in line.split(",")[:2]]
        weapons[(WEAPONS[name], LOCATIONS[loc.replace("(R)", "").strip()])] += 1
    ammo, rear = Counter(), Counter()
    for loc_name, loc in LOCATIONS.items():
        slots = re.search(rf"^{loc_name}:\n((?:.+\n?){{1,12}})", text, re.M)
        for slot in slots.group(1).splitlines():
            if slot.strip() in AMMO:
                ammo[(AMMO[slot.strip()], loc)] += shots(slot.strip())
            elif slot.strip().endswith("(R)"):
                rear[(WEAPONS[slot.replace("(R)", "").strip()], loc)] += 1
    rear = Counter({k: n // SLOTS[k[0]] for k, n in rear.items()})
    return {"tonnage": int(value["mass"]), "walk": int(value["walk mp"]), "jump": int(value.get("jump mp", 0)),
            "heat_sinks": int(value["heat sinks"].split()[0]),
            "armor": {MTF_ARMOR[code]: int(value[f"{code.lower()} armor"]) for code in MTF_ARMOR},
            "weapons": weapons, "ammo": ammo, "rear": rear}


def blk_facts(path: Path) -> dict:
    text = path.read_text(encoding="utf-8")

    def block(tag: str) -> list[str]:
        m = re.search(rf"<{tag}>\n(.*?)</{tag}>", text, re.S | re.I)
        return [line.strip() for line in m.group(1).splitlines() if line.strip()] if m else []

    armor = [int(v) for v in block("armor")]
    vtol = block("motion_type")[0].lower() == "vtol"
    names = ["front", "right", "left", "rear"] + (["rotor" if vtol else "turret"] if len(armor) == 5 else [])
    weapons, ammo = Counter(), Counter()
    for loc in ("Front", "Right", "Left", "Rear", "Turret", "Body"):
        for item in block(f"{loc} Equipment"):
            if item in AMMO:
                ammo[AMMO[item]] += shots(item)
            else:
                weapons[(WEAPONS[item], loc.lower())] += 1
    return {"tonnage": int(float(block("tonnage")[0])), "cruise": int(block("cruiseMP")[0]),
            "motive": block("motion_type")[0].lower(), "armor": dict(zip(names, armor)),
            "weapons": weapons, "ammo": ammo}


def unit_facts(unit) -> dict:
    """The same facts of one of our units (a UnitData)."""
    weapons = Counter((w["type"], w["location"]) for w in unit.weapons)
    ammo = Counter()
    for a in unit.ammo:
        ammo[(a["type"], a["location"]) if unit.kind == "mech" else a["type"]] += a["shots"]
    if unit.kind == "mech":
        return {"tonnage": unit.tonnage, "walk": unit.movement["walk"], "jump": unit.movement.get("jump", 0),
                "heat_sinks": unit.heat_sinks["count"], "armor": dict(unit.armor), "weapons": weapons,
                "ammo": ammo, "rear": Counter((w["type"], w["location"]) for w in unit.weapons if w["rear"])}
    return {"tonnage": unit.tonnage, "cruise": unit.movement["cruise"], "motive": unit.motive,
            "armor": dict(unit.armor), "weapons": weapons, "ammo": ammo}


def facts(path: Path) -> dict:
    return mtf_facts(path) if path.suffix == ".mtf" else blk_facts(path)
