"""Unit data files (contract/units.md): read, validate, derive.

`load_unit(path)` returns a `UnitData`: the validated tables of one unit
file, with derived values filled in (structure from tonnage, ...). Every
problem in the file is reported at once, each as
`file: [Table] key: problem`. Nothing in a unit file is executed.

`find_unit_file(name, mods)` looks a file name up in mod folders first, then
in the shipped `assets/units/`.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from components.actuators import ARM_ACTUATORS, LEG_ACTUATORS
from engine import construction, megamek
from engine.critical_table import read_table
from engine.errors import DataError
from engine.files import MAX_UNIT_BYTES, parse_toml, read_text
from engine.paths import UNITS
from engine.weapons import WeaponType, weapon_table, weapons

MECH_LOCATIONS = (
    "head", "center_torso", "left_torso", "right_torso",
    "left_arm", "right_arm", "left_leg", "right_leg",
)
MECH_REAR_LOCATIONS = ("center_torso_rear", "left_torso_rear", "right_torso_rear")
MECH_ARMOR_LOCATIONS = MECH_LOCATIONS + MECH_REAR_LOCATIONS
VEHICLE_BASE_LOCATIONS = ("front", "left", "right", "rear")
MOTIVES = ("tracked", "wheeled", "hover", "vtol", "wige")
KINDS = ("mech", "vehicle", "alpha-strike")

# Standard internal structure by tonnage: head, CT, side torso, arm, leg
# (rules/mech_core.md section 7; 10 and 15 t from the TW table).
MECH_STRUCTURE = {
    10: (3, 4, 3, 1, 2), 15: (3, 5, 4, 2, 3),
    20: (3, 6, 5, 3, 4), 25: (3, 8, 6, 4, 6), 30: (3, 10, 7, 5, 7),
    35: (3, 11, 8, 6, 8), 40: (3, 12, 10, 6, 10), 45: (3, 14, 11, 7, 11),
    50: (3, 16, 12, 8, 12), 55: (3, 18, 13, 9, 13), 60: (3, 20, 14, 10, 14),
    65: (3, 21, 15, 10, 15), 70: (3, 22, 15, 11, 15), 75: (3, 23, 16, 12, 16),
    80: (3, 25, 17, 13, 17), 85: (3, 27, 18, 14, 18), 90: (3, 29, 19, 15, 19),
    95: (3, 30, 20, 16, 20), 100: (3, 31, 21, 17, 21),
}

AS_SPECIALS_KNOWN = ("CASE", "CASEII", "ENE", "MEL", "OVL")


def mech_structure(tonnage: int) -> dict[str, int]:
    head, ct, st, arm, leg = MECH_STRUCTURE[tonnage]
    return {
        "head": head, "center_torso": ct, "left_torso": st, "right_torso": st,
        "left_arm": arm, "right_arm": arm, "left_leg": leg, "right_leg": leg,
    }


@dataclass
class UnitData:
    """A validated unit file. Tables keep their contract names."""

    path: str
    name: str
    kind: str
    tonnage: int
    crew: dict[str, int] = field(default_factory=dict)
    movement: dict[str, Any] = field(default_factory=dict)
    armor: dict[str, int] = field(default_factory=dict)
    structure: dict[str, int] = field(default_factory=dict)
    weapons: list[dict[str, Any]] = field(default_factory=list)
    ammo: list[dict[str, Any]] = field(default_factory=list)
    equipment: dict[str, Any] = field(default_factory=dict)
    actuators: list[str] = field(default_factory=list)      # installed actuator ids
    heat_sinks: dict[str, Any] = field(default_factory=dict)
    turret: dict[str, Any] | None = None
    altitude: dict[str, Any] | None = None
    vehicle: dict[str, Any] = field(default_factory=dict)
    alpha_strike: dict[str, Any] | None = None
    heat: dict[str, Any] | None = None
    warnings: list[str] = field(default_factory=list)
    # Mechs with a [Criticals] table: its slots in the CriticalSlots
    # vocabulary (engine/critical_table.py) and the heat sinks the engine holds.
    source: str = ""             # where the numbers come from (a Technical Readout)
    bv: int | None = None        # Battle Value, where the file gives one
    criticals: dict[str, list[str]] | None = None
    engine_sinks: int = 0
    # The weapons table the file was checked against (shipped + mods).
    weapon_table: dict[str, WeaponType] = field(default_factory=weapons, repr=False, compare=False)

    @property
    def motive(self) -> str | None:
        return self.movement.get("motive")

    @property
    def locations(self) -> tuple[str, ...]:
        return tuple(self.armor)


class _Checker:
    """Collects problems while reading one file's tables."""

    def __init__(self, fname: str) -> None:
        self.fname = fname
        self.problems: list[str] = []

    def err(self, table: str | None, key: str, what: str) -> None:
        where = f"[{table}] {key}" if table else key
        self.problems.append(f"{self.fname}: {where}: {what}")

    def table(self, raw: dict, name: str, required: bool, array: bool = False):
        value = raw.get(name)
        if value is None:
            if required:
                self.problems.append(f"{self.fname}: [{name}]: required table is missing")
            return None
        if array:
            if not isinstance(value, list) or not all(isinstance(v, dict) for v in value):
                self.problems.append(f"{self.fname}: [[{name}]]: expected an array of tables")
                return None
            return value
        if not isinstance(value, dict):
            self.problems.append(f"{self.fname}: [{name}]: expected a table")
            return None
        return value

    def unknown(self, table: str | None, data: dict, allowed) -> None:
        for k in data:
            if k not in allowed:
                self.err(table, k, "unknown key")

    def int_(self, table: str | None, data: dict, key: str, required: bool = True,
             lo: int | None = 0, hi: int | None = None, default: int | None = None) -> int | None:
        if key not in data:
            if required:
                self.err(table, key, "required")
            return default
        v = data[key]
        if not isinstance(v, int) or isinstance(v, bool) or (lo is not None and v < lo) or (hi is not None and v > hi):
            rng = f">= {lo}" if hi is None else f"from {lo} to {hi}"
            self.err(table, key, f"expected an integer {rng}, got {_show(v)}")
            return default
        return v

    def str_(self, table: str | None, data: dict, key: str, required: bool = True,
             choices: tuple[str, ...] | None = None, default: str | None = None) -> str | None:
        if key not in data:
            if required:
                self.err(table, key, "required")
            return default
        v = data[key]
        if not isinstance(v, str):
            self.err(table, key, f"expected a string, got {_show(v)}")
            return default
        if choices is not None and v not in choices:
            self.err(table, key, f"expected one of {', '.join(choices)}, got {_show(v)}")
            return default
        return v

    def bool_(self, table: str | None, data: dict, key: str, default: bool = False) -> bool:
        if key not in data:
            return default
        v = data[key]
        if not isinstance(v, bool):
            self.err(table, key, f"expected true or false, got {_show(v)}")
            return default
        return v


class _TableProblems:
    """`err(key, problem)` for one table (key None: the table as a whole)."""

    def __init__(self, ck: _Checker, table: str) -> None:
        self.ck, self.table, self.problems = ck, table, ck.problems

    def __call__(self, key: str | None, what: str) -> None:
        if key is None:
            self.problems.append(f"{self.ck.fname}: [{self.table}]: {what}")
        else:
            self.ck.err(self.table, key, what)


def _show(v: Any) -> str:
    if isinstance(v, str):
        return f'"{v}"'
    return repr(v)


TOP_KEYS = ("name", "tonnage", "kind", "source", "bv", "Crew", "Movement", "Armor", "Structure", "Weapons",
            "Ammo", "Equipment", "Actuators", "HeatSinks", "Criticals", "Turret", "Altitude", "Vehicle",
            "AlphaStrike", "Heat")


def ammo_locations(kind: str, mount_locations: tuple[str, ...]) -> tuple[str, ...]:
    """Where a unit of `kind` may keep ammunition (and CASE): where it mounts
    weapons; a vehicle also in its body."""
    return mount_locations if kind == "mech" else mount_locations + ("body",)


def parse_unit(text: str, fname: str, table: dict[str, WeaponType] | None = None) -> UnitData:
    """Validate the TOML text of one unit file (fname names it in errors)
    against a weapons table (default: the shipped one)."""
    return unit_from_tables(parse_toml(text, fname), fname, table)


def unit_from_tables(raw: dict, fname: str, table: dict[str, WeaponType] | None = None) -> UnitData:
    """Validate the tables of one unit file (as read from TOML)."""
    ck = _Checker(fname)
    ck.unknown(None, raw, TOP_KEYS)
    name = ck.str_(None, raw, "name") or "?"
    kind = ck.str_(None, raw, "kind", required=False, choices=KINDS, default="mech") or "mech"
    tonnage = ck.int_(None, raw, "tonnage", required=(kind != "alpha-strike"), lo=1, hi=200, default=0) or 0
    if kind == "mech" and tonnage and tonnage not in MECH_STRUCTURE:
        ck.err(None, "tonnage", f"expected a mech tonnage from 10 to 100 in steps of 5, got {tonnage}")
    unit = UnitData(path=fname, name=name, kind=kind, tonnage=tonnage, weapon_table=table or weapons(),
                    source=ck.str_(None, raw, "source", required=False, default="") or "",
                    bv=ck.int_(None, raw, "bv", required=False, lo=1, hi=100_000, default=None))
    if kind == "alpha-strike":
        _parse_alpha_strike(raw, ck, unit)
    else:
        _parse_classic(raw, ck, unit)
    if ck.problems:
        raise DataError(ck.problems)
    return unit


def control_skill(kind: str) -> str:
    """The name of the crew's second skill: a MechWarrior's piloting, a
    vehicle crew's driving (Total Warfare). It is also the unit file's key."""
    return "piloting" if kind == "mech" else "driving"


def _parse_classic(raw: dict, ck: _Checker, unit: UnitData) -> None:
    kind = unit.kind
    for t in ("AlphaStrike", "Heat"):
        if t in raw:
            ck.err(None, t, "only for kind = \"alpha-strike\" units")
    # Crew
    crew = ck.table(raw, "Crew", required=True)
    if crew is not None:
        skill_key = control_skill(kind)
        ck.unknown("Crew", crew, (skill_key, "gunnery"))
        unit.crew = {
            "piloting": ck.int_("Crew", crew, skill_key, hi=8, default=5),
            "gunnery": ck.int_("Crew", crew, "gunnery", hi=8, default=4),
        }
    # Movement
    mv = ck.table(raw, "Movement", required=True)
    motive = None
    if mv is not None:
        if kind == "mech":
            ck.unknown("Movement", mv, ("walk", "jump"))
            unit.movement = {"walk": ck.int_("Movement", mv, "walk", hi=20, default=0),
                             "jump": ck.int_("Movement", mv, "jump", required=False, hi=20, default=0)}
        else:
            ck.unknown("Movement", mv, ("motive", "cruise"))
            motive = ck.str_("Movement", mv, "motive", choices=MOTIVES)
            unit.movement = {"motive": motive, "cruise": ck.int_("Movement", mv, "cruise", hi=30, default=0)}
    # Optional component tables
    turret = ck.table(raw, "Turret", required=False)
    if turret is not None:
        if kind == "mech":
            ck.err(None, "Turret", "only vehicles have turrets")
        ck.unknown("Turret", turret, ("facing",))
        # Without a facing the turret starts aimed where the hull faces.
        unit.turret = {"facing": ck.int_("Turret", turret, "facing", required=False, hi=5, default=None)}
    alt = ck.table(raw, "Altitude", required=False)
    if alt is not None:
        ck.unknown("Altitude", alt, ("level",))
        unit.altitude = {"level": ck.int_("Altitude", alt, "level", required=False, hi=500, default=0)}
    if motive == "vtol" and unit.altitude is None:
        unit.altitude = {"level": 0}
    if unit.altitude is not None and (kind == "mech" or motive not in ("vtol", "wige")):
        ck.err(None, "Altitude", "only VTOLs and WiGEs fly")
    veh = ck.table(raw, "Vehicle", required=False)
    if veh is not None:
        if kind != "vehicle":
            ck.err(None, "Vehicle", "only for kind = \"vehicle\"")
        ck.unknown("Vehicle", veh, ("engine", "cargo"))
        unit.vehicle = {
            "engine": ck.str_("Vehicle", veh, "engine", required=False,
                              choices=("ice", "fusion", "fission", "fuel_cell"), default="ice"),
            "cargo": ck.int_("Vehicle", veh, "cargo", required=False, default=0),
        }
    elif kind == "vehicle":
        unit.vehicle = {"engine": "ice", "cargo": 0}
    # Locations
    if kind == "mech":
        locations = MECH_ARMOR_LOCATIONS
    else:
        locations = VEHICLE_BASE_LOCATIONS + (("turret",) if unit.turret is not None else ()) \
            + (("rotor",) if motive == "vtol" else ())
    structure_locations = tuple(l for l in locations if not l.endswith("_rear"))
    armor = ck.table(raw, "Armor", required=True)
    if armor is not None:
        ck.unknown("Armor", armor, locations)
        for loc in locations:
            v = ck.int_("Armor", armor, loc, hi=999)
            if v is not None:
                unit.armor[loc] = v
    # Structure: derived from tonnage unless overridden.
    if kind == "mech":
        unit.structure = mech_structure(unit.tonnage) if unit.tonnage in MECH_STRUCTURE else {}
    else:
        per = math.ceil(unit.tonnage / 10) if unit.tonnage else 1
        unit.structure = {loc: per for loc in structure_locations}
    st = ck.table(raw, "Structure", required=False)
    if st is not None:
        ck.unknown("Structure", st, structure_locations)
        for loc in structure_locations:
            if loc in st:
                v = ck.int_("Structure", st, loc, lo=1, hi=999)
                if v is not None:
                    unit.structure[loc] = v
    # Weapons and ammo
    table = unit.weapon_table
    table_files = "assets/weapons.toml" if table is weapons() else "assets/weapons.toml and the mods' weapons.toml"
    mount_locations = MECH_LOCATIONS if kind == "mech" else structure_locations
    bin_locations = ammo_locations(kind, mount_locations)
    for i, w in enumerate(ck.table(raw, "Weapons", required=False, array=True) or []):
        tname = f"Weapons #{i + 1}"
        ck.unknown(tname, w, ("type", "location", "rear"))
        wtype = ck.str_(tname, w, "type")
        if wtype is not None and wtype not in table:
            ck.err(tname, "type", f"unknown weapon {_show(wtype)} (see {table_files})")
        loc = ck.str_(tname, w, "location", choices=mount_locations)
        rear = ck.bool_(tname, w, "rear")
        if rear and kind != "mech":
            ck.err(tname, "rear", "only mech weapons have rear mounts (vehicles use location = \"rear\")")
        unit.weapons.append({"type": wtype, "location": loc, "rear": rear})
    for i, a in enumerate(ck.table(raw, "Ammo", required=False, array=True) or []):
        tname = f"Ammo #{i + 1}"
        ck.unknown(tname, a, ("type", "location", "shots"))
        atype = ck.str_(tname, a, "type")
        if atype is not None and (atype not in table or not table[atype].shots_per_ton):
            ck.err(tname, "type", f"no ammunition-using weapon named {_show(atype)}")
        loc = ck.str_(tname, a, "location", choices=bin_locations)
        shots = ck.int_(tname, a, "shots", required=False, hi=1000,
                        default=table[atype].shots_per_ton if atype in table else 0)
        unit.ammo.append({"type": atype, "location": loc, "shots": shots})
    eq = ck.table(raw, "Equipment", required=False)
    if eq is not None:
        ck.unknown("Equipment", eq, ("hatchet", "case"))
        if "hatchet" in eq:
            if kind != "mech":
                ck.err("Equipment", "hatchet", "only mechs wield hatchets")
            unit.equipment["hatchet"] = ck.str_("Equipment", eq, "hatchet", choices=("left_arm", "right_arm"))
        if "case" in eq:
            case = eq["case"]
            if not isinstance(case, list) or not all(isinstance(c, str) and c in bin_locations for c in case):
                ck.err("Equipment", "case", f"expected a list of locations, got {_show(case)}")
            else:
                unit.equipment["case"] = list(case)
    # Mech-only tables
    acts = ck.table(raw, "Actuators", required=False)
    hs = ck.table(raw, "HeatSinks", required=False)
    crits = ck.table(raw, "Criticals", required=False)
    if kind == "mech":
        unit.actuators = [f"{s}_{a}" for s in ("left", "right") for a in ARM_ACTUATORS + LEG_ACTUATORS]
        if acts is not None:
            limbs = {"left_arm": ARM_ACTUATORS, "right_arm": ARM_ACTUATORS,
                     "left_leg": LEG_ACTUATORS, "right_leg": LEG_ACTUATORS}
            ck.unknown("Actuators", acts, limbs)
            for limb, allowed in limbs.items():
                if limb not in acts:
                    continue
                v = acts[limb]
                if not isinstance(v, list) or not all(isinstance(a, str) and a in allowed for a in v):
                    ck.err("Actuators", limb, f"expected a list drawn from {', '.join(allowed)}, got {_show(v)}")
                    continue
                side = limb.split("_")[0]
                unit.actuators = [a for a in unit.actuators if not (a.startswith(side + "_") and a[len(side) + 1:] in allowed)]
                unit.actuators += [f"{side}_{a}" for a in allowed if a in v]
        hatchet = unit.equipment.get("hatchet")
        if hatchet and f"{hatchet.split('_')[0]}_hand" not in unit.actuators:
            ck.err("Equipment", "hatchet", f"the {hatchet.replace('_', ' ')} has no hand to hold a hatchet")
        unit.heat_sinks = {"count": 10, "double": False}
        if hs is not None:
            ck.unknown("HeatSinks", hs, ("count", "double"))
            unit.heat_sinks = {"count": ck.int_("HeatSinks", hs, "count", required=False, hi=100, default=10),
                               "double": ck.bool_("HeatSinks", hs, "double")}
        if crits is not None and not ck.problems:
            unit.criticals = read_table(crits, _TableProblems(ck, "Criticals"), unit)
    else:
        for t, v in (("Actuators", acts), ("HeatSinks", hs), ("Criticals", crits)):
            if v is not None:
                ck.err(None, t, "only mechs have this table")


def _parse_alpha_strike(raw: dict, ck: _Checker, unit: UnitData) -> None:
    for t in ("Crew", "Movement", "Armor", "Weapons", "Structure", "Ammo", "Actuators", "HeatSinks"):
        if t in raw:
            ck.err(None, t, "an Alpha Strike card replaces this table with [AlphaStrike]")
    card = ck.table(raw, "AlphaStrike", required=True)
    if card is None:
        return
    T = "AlphaStrike"
    ck.unknown(T, card, ("type", "size", "move", "jump", "tmm", "skill", "damage", "overheat",
                         "armor", "structure", "specials", "points", "role"))
    out: dict[str, Any] = {
        "type": ck.str_(T, card, "type", default="BM"),
        "size": ck.int_(T, card, "size", lo=1, hi=4, default=1),
        "move": ck.int_(T, card, "move", hi=60, default=0),
        "jump": ck.int_(T, card, "jump", required=False, hi=60, default=0),
        "tmm": ck.int_(T, card, "tmm", required=False, hi=6, default=0),
        "skill": ck.int_(T, card, "skill", required=False, hi=8, default=4),
        "overheat": ck.int_(T, card, "overheat", required=False, hi=4, default=0),
        "armor": ck.int_(T, card, "armor", hi=99, default=0),
        "structure": ck.int_(T, card, "structure", lo=1, hi=99, default=1),
        "points": ck.int_(T, card, "points", required=False, hi=999, default=0),
        "role": ck.str_(T, card, "role", required=False, default=""),
    }
    dmg = card.get("damage")
    ok = isinstance(dmg, list) and len(dmg) == 3
    values = []
    if ok:
        for d in dmg:
            if isinstance(d, int) and not isinstance(d, bool) and d >= 0:
                values.append(str(d))
            elif d in ("0*", "-"):
                values.append("0*" if d == "0*" else "0")
            else:
                ok = False
    if not ok:
        ck.err(T, "damage", f"expected three values [short, medium, long] (integers or \"0*\"), got {_show(dmg)}")
    out["damage"] = values if ok else ["0", "0", "0"]
    specials = card.get("specials", [])
    if not isinstance(specials, list) or not all(isinstance(s, str) for s in specials):
        ck.err(T, "specials", f"expected a list of strings, got {_show(specials)}")
        specials = []
    for s in specials:
        if s not in AS_SPECIALS_KNOWN and not s.startswith("HT"):
            unit.warnings.append(f"{ck.fname}: [AlphaStrike] specials: {s} has no effect in this game")
    out["specials"] = list(specials)
    unit.alpha_strike = out
    unit.armor = {"unit": out["armor"] or 0}
    unit.structure = {"unit": out["structure"] or 1}
    heat = ck.table(raw, "Heat", required=False)
    if heat is not None:
        ck.unknown("Heat", heat, ("level",))
        unit.heat = {"level": ck.int_("Heat", heat, "level", required=False, hi=4, default=0)}


def load_unit(path: Path | str, display_name: str | None = None,
              mods: list[Path] | None = None) -> UnitData:
    """Read and check one unit file: a unit file (`parse_unit`) or a
    MegaMek .mtf/.blk file (engine/megamek.py, imported on the fly), then
    that the unit can be built (engine/construction.py). Problems name the
    file by its path (or `display_name`), so a mod's copy is told from the
    shipped one; the weapons table is the shipped one with the mods'
    weapons.toml over it (whose own problems name that file)."""
    path = Path(path)
    fname = display_name or str(path)
    table = weapon_table(mods)
    if path.suffix.lower() in megamek.SUFFIXES:
        unit = unit_from_tables(megamek.read_file(path, fname, table), fname, table)
    else:
        unit = parse_unit(read_text(path, MAX_UNIT_BYTES, fname), fname, table)
    return buildable(unit)


def buildable(unit: UnitData) -> UnitData:
    """The unit, if it can be built (engine/construction.py); a DataError
    with every construction problem otherwise."""
    refused = construction.problems(unit)
    if refused:
        raise DataError(refused)
    return unit


def find_unit_file(name: str, mods: list[Path] | None = None) -> Path | None:
    """Look a unit file name up in mod folders first, then the shipped units.

    Only plain file names are looked up: no folders, no '..'. A `.mtf` or
    `.blk` name is a MegaMek file anywhere under a mod folder (a MegaMek
    `data/mekfiles` folder works as a mod folder)."""
    if not name or "/" in name or "\\" in name or name.startswith("."):
        return None
    if Path(name).suffix.lower() in megamek.SUFFIXES:
        for folder in mods or []:
            found = megamek_files(Path(folder)).get(name.lower())
            if found is not None and is_file(found):
                return found
        return None
    if not name.endswith(".toml"):
        name += ".toml"
    for folder in list(mods or []) + [UNITS]:
        candidate = Path(folder) / name
        if is_file(candidate):
            return candidate
    return None


def megamek_files(folder: Path) -> dict[str, Path]:
    """The MegaMek unit files under a folder: lower-case file name -> path
    (the first in path order when a name occurs twice)."""
    try:
        stamp = folder.stat().st_mtime_ns
    except (OSError, ValueError):
        return {}
    return _megamek_index(str(folder.resolve()), stamp)


@lru_cache(maxsize=8)
def _megamek_index(folder: str, stamp: int) -> dict[str, Path]:
    found: dict[str, Path] = {}
    try:
        for path in sorted(Path(folder).rglob("*")):
            if path.suffix.lower() in megamek.SUFFIXES:
                found.setdefault(path.name.lower(), path)
    except OSError:
        pass
    return found


def is_file(path: Path) -> bool:
    """Path.is_file that answers False for names the system cannot take
    (too long, embedded NUL, ...) instead of raising."""
    try:
        return path.is_file()
    except (OSError, ValueError):
        return False
