"""`python -m engine import-units SRC... [--out DIR]`: MegaMek `.mtf` and
`.blk` unit files (or folders of them) to our unit files.

One line per unit: `ok NAME -> FILE`, or `skipped NAME: REASON` naming the
unsupported equipment. An unreadable input gives one line on stderr. Exit
status: 0 when at least one unit was imported, 1 when every unit was
skipped, 2 when an input could not be read.
"""
from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path
from typing import Any

from engine.errors import DataError
from engine.megamek import SUFFIXES, Unsupported, read_file
from engine.unit_loader import MECH_ARMOR_LOCATIONS, buildable, parse_unit, unit_from_tables
from engine.weapons import weapons

VEHICLE_ARMOR_ORDER = ("front", "left", "right", "rear", "turret", "rotor")
TABLE_ORDER = ("Crew", "Movement", "Armor", "HeatSinks", "Actuators", "Turret", "Vehicle", "Equipment")
CRITICAL_ORDER = ("head", "center_torso", "left_torso", "right_torso", "left_arm", "right_arm",
                  "left_leg", "right_leg")


# ------------------------------------------------------------------ writing
def toml_value(v: Any) -> str:
    """A TOML value: scalars, and lists and tables written inline."""
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, (int, float)):
        return repr(v)
    if isinstance(v, str):
        return json.dumps(v)
    if isinstance(v, list):
        return "[" + ", ".join(toml_value(x) for x in v) + "]"
    if isinstance(v, dict):
        return "{" + ", ".join(f"{json.dumps(k)} = {toml_value(x)}" for k, x in v.items()) + "}"
    raise TypeError(v)


def _list(key: str, items: list[str]) -> list[str]:
    """`key = [...]` wrapped at 100 characters."""
    lines, line = [], f"{key} = ["
    indent = " " * len(line)
    for n, item in enumerate(items):
        piece = toml_value(item) + (", " if n < len(items) - 1 else "")
        if len(line) + len(piece) > 100 and line.strip() not in (f"{key} = [",):
            lines.append(line.rstrip())
            line = indent
        line += piece
    lines.append(line + "]")
    return lines


def to_toml(tables: dict[str, Any]) -> str:
    """Our unit file for the tables of a converted unit."""
    source = tables.get("source", "")
    out = [f"# {tables['name']}" + (f" ({source})" if source else "") + ": record sheet values as "
           "MegaMek's data file gives them.",
           f"name = {toml_value(tables['name'])}", f"kind = {toml_value(tables['kind'])}",
           f"tonnage = {tables['tonnage']}"]
    if source:
        out.append(f"source = {toml_value(source)}")
    for name in TABLE_ORDER:
        if name not in tables:
            continue
        body = tables[name]
        if name == "Armor":
            order = MECH_ARMOR_LOCATIONS if tables["kind"] == "mech" else VEHICLE_ARMOR_ORDER
            body = {k: body[k] for k in ("head", "center_torso", "center_torso_rear", "left_torso",
                                         "left_torso_rear", "right_torso", "right_torso_rear", "left_arm",
                                         "right_arm", "left_leg", "right_leg") + order if k in body}
        out += ["", f"[{name}]"]
        for k, v in body.items():
            out += _list(k, v) if isinstance(v, list) else [f"{k} = {toml_value(v)}"]
    for name in ("Weapons", "Ammo"):
        for entry in tables.get(name, []):
            out += ["", f"[[{name}]]"] + [f"{k} = {toml_value(v)}" for k, v in entry.items()]
    if "Criticals" in tables:
        out += ["", "[Criticals]"]
        for loc in CRITICAL_ORDER:
            out += _list(loc, tables["Criticals"][loc])
    return "\n".join(out) + "\n"


def file_stem(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "_", name.lower()).strip("_") or "unit"


# ------------------------------------------------------------------ the command
def sources(paths: list[str]) -> tuple[list[Path], list[str]]:
    """The MegaMek files under the given files and folders, and a line for
    each path that cannot be read."""
    files, bad = [], []
    for p in paths:
        path = Path(p)
        try:
            if path.is_dir():
                files += sorted(f for f in path.rglob("*") if f.suffix.lower() in SUFFIXES and f.is_file())
            elif path.is_file() and path.suffix.lower() in SUFFIXES:
                files.append(path)
            elif path.exists():
                bad.append(f"{p}: not a MegaMek .mtf or .blk file")
            else:
                bad.append(f"{p}: no such file or folder")
        except OSError as exc:
            bad.append(f"{p}: cannot be read ({exc.strerror or exc})")
    return files, bad


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine import-units",
                                     description="convert MegaMek .mtf/.blk unit files to hexmech unit files")
    parser.add_argument("src", nargs="+", help="MegaMek .mtf or .blk files, or folders of them")
    parser.add_argument("--out", default=".", help="folder for the unit files (default: the current one)")
    args = parser.parse_args(argv)
    out = Path(args.out)
    files, bad = sources(args.src)
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        print(f"{out}: cannot make the output folder ({exc.strerror or exc})", file=sys.stderr)
        return 2
    imported = skipped = 0
    written: set[str] = set()
    for path in files:
        try:
            tables = read_file(path, str(path), weapons())
        except Unsupported as exc:
            print(f"skipped {exc.unit_name}: {', '.join(exc.items)}")
            skipped += 1
            continue
        except DataError as exc:
            bad.append(exc.first_line())
            continue
        try:
            buildable(unit_from_tables(tables, str(path)))
        except DataError as exc:
            print(f"skipped {tables['name']}: {exc.first_line().removeprefix(f'{path}: ')}")
            skipped += 1
            continue
        stem = file_stem(tables["name"])
        target, n = out / f"{stem}.toml", 1
        while target.name in written:
            n += 1
            target = out / f"{stem}_{n}.toml"
        text = to_toml(tables)
        parse_unit(text, str(target))          # what is written reads back as a unit file
        target.write_text(text, encoding="utf-8")
        written.add(target.name)
        imported += 1
        print(f"ok {tables['name']} -> {target}")
    for line in bad:
        print(line, file=sys.stderr)
    if bad:
        return 2
    return 0 if imported else 1
