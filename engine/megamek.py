"""MegaMek unit files, read as untrusted input: `.mtf` (BattleMechs) and
`.blk` (combat vehicles and VTOLs), turned into the tables of our unit files
(docs/units.md) with the record sheet's armor, weapons and locations, rear
mounts, ammunition bins (half tons too), heat sinks, jump jets, actuators,
hatchets, CASE, turrets, motive types and, for mechs, the critical-slot
layout. Equipment beyond what the project supports (XL engines, endo steel,
pulse lasers, Clan weapons, OmniMech pods, ...) makes the unit
`Unsupported`, naming each item as the file spells it.

MegaMek spells things many ways (key case, `Medium Laser` / `ISMediumLaser`,
`IS Ammo LRM-20` / `ISLRM20 Ammo`, `- Half`): names are compared in a
canonical form (lower case letters and digits, no `IS` prefix).
"""
from __future__ import annotations

import re
from typing import Any

from engine.errors import DataError
from engine.files import MAX_UNIT_BYTES, read_bytes
from engine.weapons import WeaponType

SUFFIXES = (".mtf", ".blk")


class Unsupported(DataError):
    """The unit uses equipment the project does not support."""

    def __init__(self, fname: str, name: str, items: list[str]) -> None:
        self.unit_name, self.items = name, items
        super().__init__(f"{fname}: {name}: unsupported equipment: {', '.join(items)}")


def canonical(name: str) -> str:
    key = re.sub(r"[^a-z0-9]", "", name.lower()).replace("autocannon", "ac")
    return key[2:] if key.startswith("is") and len(key) > 2 else key


def weapon_names(table: dict[str, WeaponType]) -> dict[str, str]:
    """Canonical name -> weapon key, from the keys and display names."""
    out = {}
    for key, wt in table.items():
        out[canonical(key)] = key
        out[canonical(wt.name)] = key
    return out


AMMO_ALIASES = {"mg": "machinegun", "gauss": "gaussrifle", "heavygauss": "heavygaussrifle"}


def ammo_key(item: str, names: dict[str, str], table: dict[str, WeaponType]) -> tuple[str, bool] | None:
    """`IS Ammo LRM-20`, `ISLRM20 Ammo`, `IS Ammo MG - Full`, `IS Machine Gun
    Ammo - Half`: (weapon key, half ton), or None when it is not ammunition
    of a supported weapon."""
    low = item.lower()
    if "ammo" not in low:
        return None
    half = bool(re.search(r"-\s*half\s*$", low))
    base = re.sub(r"-\s*(half|full)\s*$", "", low)
    key = canonical(base.replace("ammo", " "))
    key = AMMO_ALIASES.get(key, key)
    weapon = names.get(key)
    if weapon is None or not table[weapon].shots_per_ton:
        return None
    return weapon, half


# ====================================================================== MTF
MTF_LOCATIONS = {"left arm": "left_arm", "right arm": "right_arm", "left torso": "left_torso",
                 "right torso": "right_torso", "center torso": "center_torso", "head": "head",
                 "left leg": "left_leg", "right leg": "right_leg"}
MTF_ARMOR = {"la": "left_arm", "ra": "right_arm", "lt": "left_torso", "rt": "right_torso",
             "ct": "center_torso", "hd": "head", "ll": "left_leg", "rl": "right_leg",
             "rtl": "left_torso_rear", "rtr": "right_torso_rear", "rtc": "center_torso_rear"}
FIXED_SLOTS = {"lifesupport": "life_support", "sensors": "sensors", "cockpit": "cockpit",
               "fusionengine": "engine", "engine": "engine", "gyro": "gyro", "shoulder": "shoulder",
               "upperarmactuator": "upper_arm", "lowerarmactuator": "lower_arm", "handactuator": "hand",
               "hip": "hip", "upperlegactuator": "upper_leg", "lowerlegactuator": "lower_leg",
               "footactuator": "foot"}
EQUIPMENT_SLOTS = {"heatsink": "heat_sink", "singleheatsink": "heat_sink", "doubleheatsink": "double_heat_sink",
                   "jumpjet": "jump_jet", "hatchet": "hatchet", "case": "case"}


def _mtf_lines(text: str) -> list[str]:
    return [line.rstrip() for line in text.replace("\r\n", "\n").replace("\r", "\n").split("\n")]


def read_mtf(text: str, fname: str, table: dict[str, WeaponType]) -> dict[str, Any]:
    """The unit-file tables of a MegaMek .mtf BattleMech (Unsupported or a
    one-line DataError otherwise)."""
    lines = _mtf_lines(text)
    fields: dict[str, str] = {}
    weapon_lines: list[str] = []
    slots: dict[str, list[str]] = {}
    bare: list[str] = []
    i = 0
    while i < len(lines):
        line = lines[i].strip()
        i += 1
        if not line:
            continue
        key, sep, value = line.partition(":")
        low = key.strip().lower()
        if sep and low in MTF_LOCATIONS and not value.strip():
            entries = []
            while i < len(lines) and lines[i].strip() and len(entries) < 12:
                entries.append(lines[i].strip())
                i += 1
            slots[MTF_LOCATIONS[low]] = entries
        elif sep and low == "weapons":
            count = _int(value, fname, "Weapons")
            weapon_lines = [lines[j].strip() for j in range(i, min(len(lines), i + count))]
            i += count
        elif sep:
            fields.setdefault(low, value.strip())
        else:
            bare.append(line)
    chassis = fields.get("chassis") or (bare[0] if bare else "")
    model = fields.get("model") or (bare[1] if len(bare) > 1 and "chassis" not in fields else "")
    name = f"{chassis} {model}".strip()
    if not name:
        raise DataError(f"{fname}: no chassis name (not a MegaMek .mtf file)")
    missing = [k for k in ("mass", "walk mp", "engine") if k not in fields]
    if missing:
        raise DataError(f"{fname}: {missing[0]}: required (not a MegaMek .mtf file)")
    unsupported: list[str] = []
    tonnage = _int(fields["mass"], fname, "mass")
    walk = _int(fields["walk mp"], fname, "walk mp")
    jump = _int(fields.get("jump mp", "0"), fname, "jump mp")
    _mtf_systems(fields, unsupported)
    count, double = _heat_sinks(fields.get("heat sinks", "10 Single"), fname, unsupported)
    rating = _int(fields["engine"].split()[0] if fields["engine"].split() else "", fname, "engine")
    if rating != walk * tonnage:
        unsupported.append(f"a {rating}-rated engine for walk {walk} on {tonnage} t (walk x tons is {walk * tonnage})")
    armor = {}
    for code, loc in MTF_ARMOR.items():
        value = fields.get(f"{code} armor")
        if value is None:
            raise DataError(f"{fname}: {code.upper()} armor: required")
        armor[loc] = _int(value, fname, f"{code.upper()} armor")
    for loc in MTF_LOCATIONS.values():
        if loc not in slots:
            raise DataError(f"{fname}: {loc.replace('_', ' ').title()}: the location's slot list is missing")
    names = weapon_names(table)
    crits, ammo, equipment = _mtf_slots(slots, names, table, double, unsupported)
    weapons = _mtf_weapons(weapon_lines, slots, names, table, fname, unsupported)
    if unsupported:
        raise Unsupported(fname, name, list(dict.fromkeys(unsupported)))
    out: dict[str, Any] = {"name": name, "kind": "mech", "tonnage": tonnage}
    if fields.get("source"):
        out["source"] = fields["source"]
    out["Crew"] = {"piloting": 5, "gunnery": 4}
    out["Movement"] = {"walk": walk, **({"jump": jump} if jump else {})}
    out["Armor"] = armor
    out["HeatSinks"] = {"count": count, **({"double": True} if double else {})}
    acts = {}
    for side in ("left", "right"):
        arm = slots[f"{side}_arm"]
        have = ["shoulder", "upper_arm"] + [a for a, n in (("lower_arm", "Lower Arm Actuator"),
                                                           ("hand", "Hand Actuator")) if n in arm]
        if len(have) < 4:
            acts[f"{side}_arm"] = have
    if acts:
        out["Actuators"] = acts
    if equipment:
        out["Equipment"] = equipment
    out["Weapons"] = weapons
    out["Ammo"] = ammo
    out["Criticals"] = crits
    return out


def _int(value: str, fname: str, what: str) -> int:
    v = value.strip()
    if re.fullmatch(r"\d{1,6}(\.0+)?", v):
        return int(float(v))
    raise DataError(f"{fname}: {what}: expected a whole number, got {v[:40]!r}")


def _mtf_systems(fields: dict[str, str], unsupported: list[str]) -> None:
    config = fields.get("config", "Biped")
    if config.strip().lower() != "biped":
        unsupported.append(f"{config.strip()} configuration")
    base = fields.get("techbase", "Inner Sphere").strip()
    if base.lower() not in ("inner sphere", "is"):
        unsupported.append(f"{base} tech base")
    engine = fields["engine"]
    if not re.fullmatch(r"\d+ fusion engine(\s*\(is\))?", engine.strip().lower()):
        unsupported.append(engine.strip().split(" ", 1)[-1] if " " in engine.strip() else engine.strip())
    for key, ok in (("structure", ("standard", "is standard")), ("myomer", ("standard",)),
                    ("armor", ("standard", "standard armor", "standard(inner sphere)")),
                    ("gyro", ("standard", "standard gyro")), ("cockpit", ("standard", "standard cockpit"))):
        value = fields.get(key)
        if value is not None and value.strip().lower() not in ok:
            unsupported.append(f"{value.strip()} {key}")


def _heat_sinks(value: str, fname: str, unsupported: list[str]) -> tuple[int, bool]:
    m = re.fullmatch(r"\s*(\d+)\s*(.*?)\s*", value)
    if not m:
        raise DataError(f"{fname}: heat sinks: expected a count and a type, got {value[:40]!r}")
    kind = m.group(2).lower()
    if kind not in ("single", "double", ""):
        unsupported.append(f"{m.group(2)} heat sinks")
    return int(m.group(1)), kind == "double"


def _mtf_slots(slots: dict[str, list[str]], names: dict[str, str], table: dict[str, WeaponType], double: bool,
               unsupported: list[str]):
    """The [Criticals] lists, the ammunition bins and the equipment."""
    crits: dict[str, list[str]] = {}
    ammo: list[dict[str, Any]] = []
    case: list[str] = []
    hatchet = None
    for loc, entries in slots.items():
        size = 6 if loc in ("head", "left_leg", "right_leg") else 12
        row = []
        for item in entries[:size]:
            plain = item.replace("(R)", "").strip()
            key = canonical(plain)
            if "(omnipod)" in item.lower():
                unsupported.append(plain)
            elif key == "empty":
                row.append("empty")
            elif key in FIXED_SLOTS:
                row.append(FIXED_SLOTS[key])
            elif key in EQUIPMENT_SLOTS:
                what = EQUIPMENT_SLOTS[key]
                if what == "double_heat_sink" and not double or what == "heat_sink" and double:
                    unsupported.append(f"{item} with the file's other heat sinks")
                row.append("heat_sink" if what == "double_heat_sink" else what)
                if what == "hatchet":
                    hatchet = loc
                elif what == "case" and loc not in case:
                    case.append(loc)
            elif (bin_ := ammo_key(item, names, table)) is not None:
                weapon, half = bin_
                shots = table[weapon].shots_per_ton // (2 if half else 1)
                ammo.append({"type": weapon, "location": loc, "shots": shots})
                row.append(f"ammo:{weapon}")
            elif key in names:
                row.append(names[key] + ("@rear" if "(R)" in item else ""))
            else:
                unsupported.append(plain)
        while row and row[-1] == "empty":
            row.pop()
        crits[loc] = row
    equipment: dict[str, Any] = {}
    if hatchet:
        equipment["hatchet"] = hatchet
    if case:
        equipment["case"] = case
    return crits, ammo, equipment


def _mtf_weapons(lines: list[str], slots: dict[str, list[str]], names: dict[str, str],
                 table: dict[str, WeaponType], fname: str, unsupported: list[str]) -> list[dict[str, Any]]:
    """The [[Weapons]] entries from the weapons list; rear mounts from the
    list's `(R)` or, in older files, from the slots."""
    out = []
    for line in lines:
        parts = [p.strip() for p in line.split(",")]
        if len(parts) < 2:
            raise DataError(f"{fname}: Weapons: expected 'name, location', got {line[:60]!r}")
        m = re.fullmatch(r"(\d+)\s+(.*)", parts[0])
        count, wname = (int(m.group(1)), m.group(2)) if m else (1, parts[0])
        rear = "(R)" in parts[1] or "(R)" in wname
        loc = MTF_LOCATIONS.get(parts[1].replace("(R)", "").strip().lower())
        if loc is None:
            raise DataError(f"{fname}: Weapons: unknown location {parts[1][:40]!r}")
        key = names.get(canonical(wname.replace("(R)", "")))
        if key is None or "(omnipod)" in wname.lower():
            unsupported.append(wname.replace("(R)", "").strip())
            continue
        out += [{"type": key, "location": loc, **({"rear": True} if rear else {})} for _ in range(min(count, 50))]
    # Older files mark rear mounts only in the slot lists: as many rear
    # mounts of a weapon in a location as its rear slots make.
    for loc, entries in slots.items():
        for key in {names.get(canonical(e.replace("(R)", ""))) for e in entries if "(R)" in e} - {None}:
            rear_slots = sum(1 for e in entries if "(R)" in e and names.get(canonical(e.replace("(R)", ""))) == key)
            want = rear_slots // max(1, table[key].slots)
            mounts = [w for w in out if w["type"] == key and w["location"] == loc]
            have = sum(1 for w in mounts if w.get("rear"))
            for w in reversed(mounts):
                if have >= want:
                    break
                if not w.get("rear"):
                    w["rear"] = True
                    have += 1
    return out


# ====================================================================== BLK
BLK_MOTIVES = {"tracked": "tracked", "wheeled": "wheeled", "hover": "hover", "vtol": "vtol", "wige": "wige"}
BLK_ENGINES = {0: "fusion", 1: "ice", 6: "fuel_cell", 7: "fission"}
BLK_ENGINE_NAMES = {2: "XL engine", 3: "XXL engine", 4: "light engine", 5: "compact engine"}
BLK_LOCATIONS = {"front": "front", "right": "right", "left": "left", "rear": "rear", "turret": "turret",
                 "body": "body", "rotor": "rotor"}


def blk_blocks(text: str, fname: str) -> dict[str, list[str]]:
    """`<Tag>` ... `</Tag>` blocks: tag (lower case) -> its non-empty lines.
    A repeated tag keeps its first block."""
    blocks: dict[str, list[str]] = {}
    current: str | None = None
    body: list[str] = []
    for raw in _mtf_lines(text):
        line = raw.strip()
        if not line or (line.startswith("#") and current is None):
            continue
        m = re.fullmatch(r"<(/?)([^<>]{1,60})>", line)
        if m:
            tag = m.group(2).strip().lower()
            if not m.group(1):
                current, body = tag, []
            elif current == tag:
                blocks.setdefault(tag, body)
                current = None
            continue
        if current is not None:
            body.append(line)
    if not blocks:
        raise DataError(f"{fname}: no <Tag> blocks (not a MegaMek .blk file)")
    return blocks


def read_blk(text: str, fname: str, table: dict[str, WeaponType]) -> dict[str, Any]:
    """The unit-file tables of a MegaMek .blk combat vehicle or VTOL."""
    b = blk_blocks(text, fname)

    def one(tag: str, required: bool = True) -> str:
        values = b.get(tag)
        if not values:
            if required:
                raise DataError(f"{fname}: <{tag}>: required")
            return ""
        return values[0]

    name = f"{one('name')} {one('model', False)}".strip()
    unit_type = one("unittype", False) or "Tank"
    unsupported: list[str] = []
    if "clan" in one("type", False).lower():
        unsupported.append(f"{one('type')} tech")
    if unit_type.lower() not in ("tank", "vtol"):
        unsupported.append(f"{unit_type} unit type")
    motive_name = one("motion_type")
    motive = BLK_MOTIVES.get(motive_name.lower())
    if motive is None:
        unsupported.append(f"{motive_name} motive type")
    tonnage = _int(one("tonnage"), fname, "<tonnage>")
    cruise = _int(one("cruisemp"), fname, "<cruiseMP>")
    code = _int(one("engine_type", False) or "1", fname, "<engine_type>")
    engine = BLK_ENGINES.get(code)
    if engine is None:
        unsupported.append(BLK_ENGINE_NAMES.get(code, f"engine type {code}"))
    for tag, what in (("armor_type", "armor"), ("internal_type", "structure")):
        if one(tag, False) not in ("", "0", "-1"):
            unsupported.append(f"{what} type {one(tag)}")
    if "jumpingmp" in b and one("jumpingmp") != "0":
        unsupported.append("vehicle jump jets")
    armor_values = [_int(v, fname, "<armor>") for v in b.get("armor", [])]
    vtol = motive == "vtol"
    if len(armor_values) not in (4, 5):
        raise DataError(f"{fname}: <armor>: expected 4 or 5 values (front, right, left, rear[, turret or rotor]),"
                        f" got {len(armor_values)}")
    if vtol and len(armor_values) == 4:
        raise DataError(f"{fname}: <armor>: a VTOL lists its rotor's armor fifth")
    turret = len(armor_values) == 5 and not vtol
    armor = dict(zip(("front", "right", "left", "rear"), armor_values))
    if len(armor_values) == 5:
        armor["rotor" if vtol else "turret"] = armor_values[4]
    names = weapon_names(table)
    weapons, ammo, case = [], [], []
    for tag in b:
        m = re.fullmatch(r"(.+) equipment", tag)
        if not m:
            continue
        loc = BLK_LOCATIONS.get(m.group(1).strip())
        for item in b[tag]:
            if loc is None or loc == "rotor" or (loc == "turret" and not turret):
                unsupported.append(f"{item} ({m.group(1).strip()})")
                continue
            plain = item.split(":")[0].strip()
            bin_ = ammo_key(plain, names, table)
            if ":" in item or "(omnipod)" in item.lower():
                unsupported.append(item)
            elif bin_ is not None:
                weapon, half = bin_
                ammo.append({"type": weapon, "location": loc,
                             "shots": table[weapon].shots_per_ton // (2 if half else 1)})
            elif canonical(plain) == "case":
                case.append(loc)
            elif canonical(plain) in names and loc != "body":
                weapons.append({"type": names[canonical(plain)], "location": loc})
            else:
                unsupported.append(item)
    cargo = 0.0
    for entry in b.get("transporters", []):
        kind, _, amount = entry.partition(":")
        if kind.strip().lower() != "troopspace":
            unsupported.append(entry)
            continue
        try:
            cargo += float(amount)
        except ValueError:
            raise DataError(f"{fname}: <transporters>: expected troopspace:TONS, got {entry[:40]!r}") from None
    if cargo != int(cargo):
        unsupported.append(f"troop space {cargo:g} t")
    if unsupported:
        raise Unsupported(fname, name, list(dict.fromkeys(unsupported)))
    out: dict[str, Any] = {"name": name, "kind": "vehicle", "tonnage": tonnage}
    if one("source", False):
        out["source"] = one("source")
    out["Crew"] = {"driving": 5, "gunnery": 4}
    out["Movement"] = {"motive": motive, "cruise": cruise}
    out["Armor"] = armor
    if turret:
        out["Turret"] = {}
    out["Vehicle"] = {"engine": engine, **({"cargo": int(cargo)} if cargo else {})}
    if case:
        out["Equipment"] = {"case": case}
    out["Weapons"] = weapons
    out["Ammo"] = ammo
    return out


def read_unit(text: str, fname: str, table: dict[str, WeaponType]) -> dict[str, Any]:
    """A .mtf or .blk file (by fname's suffix) as unit-file tables."""
    if fname.lower().endswith(".mtf"):
        return read_mtf(text, fname, table)
    return read_blk(text, fname, table)


def read_file(path, fname: str, table: dict[str, WeaponType]) -> dict[str, Any]:
    """Read a MegaMek file (a regular file, size-capped) as unit-file tables.
    Only a few ASCII fields are used, so bytes that are not UTF-8 (in fluff
    text) do not matter."""
    text = read_bytes(path, MAX_UNIT_BYTES, fname).decode("utf-8", errors="replace")
    return read_unit(text, fname, table)
