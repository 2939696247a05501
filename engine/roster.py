"""The roster: every unit a battle can use, from the shipped units and the
mod folders (their unit files and MegaMek files), with what a player picks
a force by: type, weight class, tonnage, Alpha Strike PV and BV where a
file gives one, and the rules it is played with. `python -m engine roster`
prints it; the new-battle screen's force builder filters it (`query`) and
sums a force's picks (`sums`).

A mod's unit file replaces the shipped one of the same name. A classic
unit's PV is the one of the Alpha Strike card of the same name, when the
roster has one.
"""
from __future__ import annotations

import argparse
import json
import sys
from dataclasses import asdict, dataclass
from pathlib import Path

from engine.errors import DataError
from engine.megamek import Unsupported
from engine.paths import UNITS
from engine.unit_loader import UnitData, load_unit, megamek_files
from systems.classic.battle_value import base_battle_value

TYPES = ("mech", "vehicle", "vtol", "alpha-strike")
KINDS = ("mech", "vehicle", "vtol")            # what a unit is, a card too (by its type)
WEIGHT_CLASSES = ("ultralight", "light", "medium", "heavy", "assault")


def weight_class(unit: UnitData) -> str:
    """Mechs (TechManual): ultralight 10-15 t, light 20-35, medium 40-55,
    heavy 60-75, assault 80-100. Combat vehicles: light up to 39 t, medium
    40-59, heavy 60-79, assault 80 and more. Alpha Strike cards: by size."""
    if unit.kind == "alpha-strike":
        return WEIGHT_CLASSES[min(4, unit.alpha_strike["size"])]
    t = unit.tonnage
    if unit.kind == "mech":
        return "ultralight" if t < 20 else "light" if t < 40 else "medium" if t < 60 else "heavy" if t < 80 \
            else "assault"
    return "light" if t < 40 else "medium" if t < 60 else "heavy" if t < 80 else "assault"


def unit_type(unit: UnitData) -> str:
    if unit.kind == "alpha-strike":
        return "alpha-strike"
    return "vtol" if unit.motive == "vtol" else unit.kind


def unit_kind(unit: UnitData) -> str:
    """mech, vehicle or vtol; an Alpha Strike card by its type (BM and IM
    mechs, the other types vehicles: a card does not tell a VTOL apart)."""
    if unit.kind == "alpha-strike":
        return "mech" if unit.alpha_strike["type"] in ("BM", "IM") else "vehicle"
    return unit_type(unit)


def crew_skills(unit: UnitData) -> tuple[int, int]:
    """The (gunnery, piloting) the unit file gives its crew (a vehicle's
    driving is its piloting; an Alpha Strike card's skill is both)."""
    if unit.kind == "alpha-strike":
        return unit.alpha_strike["skill"], unit.alpha_strike["skill"]
    crew = unit.crew
    return crew.get("gunnery", 4), crew.get("piloting", crew.get("driving", 5))


@dataclass(frozen=True)
class RosterEntry:
    name: str
    file: str               # the name forces, levels and scenarios use
    path: str
    type: str               # mech | vehicle | vtol | alpha-strike
    motive: str | None
    weight_class: str
    tonnage: int
    pv: int | None          # Alpha Strike point value
    bv: int | None          # base Battle Value 2 (gunnery 4, piloting 5): the file's, or computed
    source: str
    kind: str = "mech"      # mech | vehicle | vtol (KINDS)
    gunnery: int = 4        # the unit file's crew
    piloting: int = 5

    @property
    def rules(self) -> str:
        """The ruleset the unit is played with."""
        return "alpha-strike" if self.type == "alpha-strike" else "classic"


def _files(mods: list[Path]) -> list[tuple[str, Path]]:
    """(name, path) of every unit file, a mod's first (a name is taken once)."""
    seen: dict[str, Path] = {}
    for folder in mods:
        for path in sorted(Path(folder).glob("*.toml")):
            if path.name != "weapons.toml":
                seen.setdefault(path.name, path)
        for name, path in sorted(megamek_files(Path(folder)).items()):
            seen.setdefault(path.name, path)
    for path in sorted(UNITS.glob("*.toml")):
        seen.setdefault(path.name, path)
    return sorted(seen.items(), key=lambda kv: kv[0].lower())


def roster(mods: list[Path] | None = None) -> tuple[list[RosterEntry], list[str]]:
    """Every unit that loads, sorted by name, and a line for each file that
    does not (MegaMek units beyond the supported tech name their equipment)."""
    units: list[tuple[str, UnitData]] = []
    problems: list[str] = []
    for name, path in _files(list(mods or [])):
        try:
            units.append((name, load_unit(path, mods=mods)))
        except (Unsupported, DataError) as exc:
            problems.append(exc.first_line())
    cards = {u.name: u.alpha_strike["points"] for _, u in units if u.kind == "alpha-strike"}
    entries = [RosterEntry(
        name=u.name, file=name, path=str(u.path), type=unit_type(u), motive=u.motive,
        weight_class=weight_class(u), tonnage=u.tonnage,
        pv=u.alpha_strike["points"] if u.alpha_strike else cards.get(u.name), bv=base_battle_value(u), source=u.source,
        kind=unit_kind(u), gunnery=crew_skills(u)[0], piloting=crew_skills(u)[1])
        for name, u in units]
    return sorted(entries, key=lambda e: (e.name.lower(), e.type)), problems


def query(entries: list[RosterEntry], type: str | None = None, weight_class: str | None = None,
          name: str | None = None, kind: str | None = None, rules: str | None = None) -> list[RosterEntry]:
    """The entries of a type, kind (KINDS), weight class and ruleset whose
    name holds `name` (any case)."""
    return [e for e in entries if (type is None or e.type == type) and (kind is None or e.kind == kind)
            and (weight_class is None or e.weight_class == weight_class)
            and (rules is None or e.rules == rules)
            and (not name or name.strip().lower() in e.name.lower())]


def sums(units: list[tuple[int, int | None, int | None]]) -> dict[str, int]:
    """The totals of (tonnage, PV, BV) rows: units, tonnage, and the PV and
    BV of the units that have one, with how many have none."""
    t = {"units": len(units), "tonnage": 0, "pv": 0, "bv": 0, "pv_missing": 0, "bv_missing": 0}
    for tonnage, pv, bv in units:
        t["tonnage"] += tonnage
        for key, value in (("pv", pv), ("bv", bv)):
            if value is None:
                t[f"{key}_missing"] += 1
            else:
                t[key] += value
    return t


def describe_sums(t: dict[str, int]) -> str:
    """'4 units, 181 t, PV 56 (2 units without), BV -'."""
    out = []
    for key in ("pv", "bv"):
        missing = t[f"{key}_missing"]
        value = "-" if missing == t["units"] else f"{t[key]}" + (f" ({missing} units without)" if missing else "")
        out.append(f"{key.upper()} {value}")
    return f"{t['units']} units, {t['tonnage']} t, {', '.join(out)}"


def _line(e: RosterEntry) -> str:
    value = lambda v: "-" if v is None else str(v)     # noqa: E731
    return (f"{e.name:<34} {e.file:<26} {e.type:<12} {e.weight_class:<10} {e.tonnage:>3} t"
            f"  PV {value(e.pv):>3}  BV {value(e.bv):>4}  {e.source}")


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m engine roster",
                                description="every unit of the shipped roster and the mod folders")
    p.add_argument("--mods", action="append", default=[], help="mod folder (unit files, MegaMek files)")
    p.add_argument("--type", choices=TYPES)
    p.add_argument("--class", dest="weight_class", choices=WEIGHT_CLASSES)
    p.add_argument("--name", help="part of the unit's name")
    p.add_argument("--json", action="store_true", help="one JSON document")
    p.add_argument("--problems", action="store_true", help="also list the files that do not load")
    args = p.parse_args(argv)
    entries, problems = roster([Path(m) for m in args.mods])
    chosen = query(entries, args.type, args.weight_class, args.name)
    if args.json:
        json.dump({"units": [asdict(e) for e in chosen], "problems": problems}, sys.stdout)
        sys.stdout.write("\n")
        return 0
    for e in chosen:
        print(_line(e))
    print(f"{len(chosen)} of {len(entries)} units" + (f"; {len(problems)} files do not load" if problems else ""))
    if args.problems:
        for line in problems:
            print(line)
    return 0
