"""The weapons table as typed, validated data: the shipped
`assets/weapons.toml`, plus the `weapons.toml` of each mod folder, which adds
weapons or replaces shipped ones (a mod folder listed earlier wins, as it
does for unit files).

`weapons()` is the shipped table; `weapon_table(mods)` the table a battle
with those mod folders uses. A game keeps the table of its units in
`Game.weapons` (engine/game.py), so a save carries the mod weapons it needs.
Every problem of a weapons file is reported naming that file.
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from engine.errors import DataError
from engine.files import MAX_UNIT_BYTES, read_toml
from engine.paths import WEAPONS_FILE

MOD_WEAPONS = "weapons.toml"        # the file name in a mod folder


@dataclass(frozen=True)
class WeaponType:
    key: str
    name: str
    heat: int
    damage: int
    min: int
    short: int
    medium: int
    long: int
    slots: int = 1
    tons: float = 1.0
    shots_per_ton: int = 0      # 0 = needs no ammunition
    cluster: int = 0            # rack size; 0 = not a cluster weapon
    group: int = 0              # cluster damage group size
    explodes: int = 0
    energy: bool = False
    damage_by_range: tuple[int, ...] = field(default=())
    bv: int = 0                 # Battle Value 2 (TechManual); 0 = none given
    ammo_bv: int = 0            # Battle Value of one ton of its ammunition

    def range_band(self, distance: int) -> str | None:
        """'short', 'medium', 'long', or None beyond long range."""
        if distance <= self.short:
            return "short"
        if distance <= self.medium:
            return "medium"
        if distance <= self.long:
            return "long"
        return None

    def damage_at(self, band: str) -> int:
        if self.damage_by_range:
            return self.damage_by_range[("short", "medium", "long").index(band)]
        return self.damage


_INT_FIELDS = ("heat", "damage", "min", "short", "medium", "long", "slots",
               "shots_per_ton", "cluster", "group", "explodes", "bv", "ammo_bv")
_REQUIRED = ("heat", "damage", "min", "short", "medium", "long")
_KNOWN = set(_INT_FIELDS) | {"name", "tons", "energy", "damage_by_range"}
MAX_VALUE = 10_000


def parse_weapons(raw: Any, fname: str) -> dict[str, WeaponType]:
    """Validate the tables of a weapons file (or a save's weapons), each
    problem as `fname: [key] field: problem`."""
    if not isinstance(raw, dict):
        raise DataError(f"{fname}: expected a table of weapons")
    table: dict[str, WeaponType] = {}
    problems: list[str] = []
    for key, row in raw.items():
        before = len(problems)
        if not isinstance(row, dict):
            problems.append(f"{fname}: [{key}]: expected a table")
            continue
        for k in row:
            if k not in _KNOWN:
                problems.append(f"{fname}: [{key}] {k}: unknown key")
        for k in _INT_FIELDS:
            v = row.get(k, 0)
            if not isinstance(v, int) or isinstance(v, bool) or not 0 <= v <= MAX_VALUE:
                problems.append(f"{fname}: [{key}] {k}: expected an integer from 0 to {MAX_VALUE}, got {v!r}")
        for k in _REQUIRED:
            if k not in row:
                problems.append(f"{fname}: [{key}] {k}: required")
        tons = row.get("tons", 1.0)
        if not isinstance(tons, (int, float)) or isinstance(tons, bool) or not 0 <= tons <= 200 \
                or (tons * 2) != int(tons * 2):
            problems.append(f"{fname}: [{key}] tons: expected a weight in half tons from 0 to 200, got {tons!r}")
        if not isinstance(row.get("name", key), str):
            problems.append(f"{fname}: [{key}] name: expected a string, got {row['name']!r}")
        if not isinstance(row.get("energy", False), bool):
            problems.append(f"{fname}: [{key}] energy: expected true or false, got {row['energy']!r}")
        dbr = row.get("damage_by_range", [])
        if not (isinstance(dbr, list) and len(dbr) in (0, 3)
                and all(isinstance(d, int) and not isinstance(d, bool) and 0 <= d <= MAX_VALUE for d in dbr)):
            problems.append(f"{fname}: [{key}] damage_by_range: expected three integers "
                            f"(short, medium, long), got {dbr!r}")
        if len(problems) > before:
            continue
        table[key] = WeaponType(
            key=key, name=row.get("name", key), tons=float(tons), energy=row.get("energy", False),
            damage_by_range=tuple(dbr), **{k: row[k] for k in _INT_FIELDS if k in row})
    if problems:
        raise DataError(problems)
    return table


def load_weapons(path: Path = WEAPONS_FILE, fname: str | None = None) -> dict[str, WeaponType]:
    """Read and validate one weapons file; problems name `fname` (default:
    the path as given)."""
    fname = fname or str(path)
    return parse_weapons(read_toml(path, MAX_UNIT_BYTES, fname), fname)


@lru_cache(maxsize=1)
def weapons() -> dict[str, WeaponType]:
    """The shipped weapons table."""
    return load_weapons(WEAPONS_FILE, "assets/weapons.toml")


def weapon_table(mods: list[Path] | None = None) -> dict[str, WeaponType]:
    """The shipped table with each mod folder's weapons.toml laid over it
    (a folder listed earlier wins). The shipped table itself when no mod
    folder has one."""
    stamps = []
    for folder in mods or []:
        path = Path(folder) / MOD_WEAPONS
        try:
            info = path.stat()
        except (OSError, ValueError):
            continue
        stamps.append((str(path), info.st_mtime_ns, info.st_size))
    return _merged(tuple(stamps)) if stamps else weapons()


@lru_cache(maxsize=16)
def _merged(stamps: tuple[tuple[str, int, int], ...]) -> dict[str, WeaponType]:
    table = dict(weapons())
    for path, _, _ in reversed(stamps):
        table.update(load_weapons(Path(path)))
    return table


def weapon_rows(table: dict[str, WeaponType]) -> dict[str, dict[str, Any]]:
    """The weapons of `table` that are not the shipped ones, as weapons-file
    tables (what a save keeps so a game with mod weapons loads anywhere)."""
    shipped = weapons()
    out: dict[str, dict[str, Any]] = {}
    if table is shipped:
        return out
    for key, wt in table.items():
        if shipped.get(key) != wt:
            row = dataclasses.asdict(wt)
            del row["key"]
            row["damage_by_range"] = list(wt.damage_by_range)
            out[key] = row
    return out
