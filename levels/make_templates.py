"""Write the Tiled designer aids for units: one object template per shipped
unit (`levels/templates/NAME.tx`, a point object of class "unit" with the
unit file set) and the "unit" object type with its typed default
properties (`levels/objecttypes.xml`, Tiled 1.8's object types file, named
by hexmech.tiled-project; the project also declares "unit" as a Tiled 1.9+
class).

    python levels/make_templates.py

Run it after adding a unit file. Drop a template on an object layer with
Tiled's "Insert Template" tool, then set its `side` and `facing`.
"""
from __future__ import annotations

import sys
import tomllib
from pathlib import Path
from xml.sax.saxutils import quoteattr

HERE = Path(__file__).resolve().parent
UNITS = HERE.parent / "assets" / "units"
# The unit class: (name, Tiled type, default). Other unit properties
# (altitude, turret, uid, crew skills) are added per object where wanted.
UNIT_CLASS = (("unit", "string", ""), ("side", "string", "blue"), ("facing", "int", "0"))


def template(unit_file: Path) -> str:
    name = tomllib.loads(unit_file.read_text(encoding="utf-8")).get("name", unit_file.stem)
    return ('<?xml version="1.0" encoding="UTF-8"?>\n<template>\n'
            f' <object name={quoteattr(name)} type="unit">\n  <properties>\n'
            f'   <property name="unit" value={quoteattr(unit_file.name)}/>\n'
            '  </properties>\n  <point/>\n </object>\n</template>\n')


def object_types() -> str:
    props = "".join(f'  <property name="{n}" type="{t}" default="{d}"/>\n' for n, t, d in UNIT_CLASS)
    return ('<?xml version="1.0" encoding="UTF-8"?>\n<objecttypes>\n'
            f' <objecttype name="unit" color="#ffd24a">\n{props} </objecttype>\n</objecttypes>\n')


def main() -> None:
    out = HERE / "templates"
    out.mkdir(exist_ok=True)
    for old in out.glob("*.tx"):
        old.unlink()
    files = sorted(UNITS.glob("*.toml"))
    for unit_file in files:
        (out / f"{unit_file.stem}.tx").write_text(template(unit_file), encoding="utf-8")
    (HERE / "objecttypes.xml").write_text(object_types(), encoding="utf-8")
    print(f"wrote {len(files)} templates in {out} and objecttypes.xml", file=sys.stderr)


if __name__ == "__main__":
    main()
