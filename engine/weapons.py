"""The weapons table (assets/weapons.toml) as typed, validated data."""
from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from engine.errors import DataError
from engine.paths import WEAPONS_FILE


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
               "shots_per_ton", "cluster", "group", "explodes")


def load_weapons(path: Path = WEAPONS_FILE) -> dict[str, WeaponType]:
    try:
        raw = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise DataError(f"{path.name}: cannot read weapons table: {exc}") from None
    table: dict[str, WeaponType] = {}
    problems = []
    for key, row in raw.items():
        if not isinstance(row, dict):
            problems.append(f"{path.name}: [{key}]: expected a table")
            continue
        known = set(_INT_FIELDS) | {"name", "tons", "energy", "damage_by_range"}
        for k in row:
            if k not in known:
                problems.append(f"{path.name}: [{key}] {k}: unknown key")
        for k in _INT_FIELDS:
            if k in row and (not isinstance(row[k], int) or isinstance(row[k], bool) or row[k] < 0):
                problems.append(f"{path.name}: [{key}] {k}: expected an integer >= 0, got {row[k]!r}")
        for k in ("heat", "damage", "min", "short", "medium", "long"):
            if k not in row:
                problems.append(f"{path.name}: [{key}] {k}: required")
        if problems:
            continue
        table[key] = WeaponType(
            key=key, name=str(row.get("name", key)),
            tons=float(row.get("tons", 1.0)), energy=bool(row.get("energy", False)),
            damage_by_range=tuple(row.get("damage_by_range", ())),
            **{k: row[k] for k in _INT_FIELDS if k in row},
        )
    if problems:
        raise DataError(problems)
    return table


@lru_cache(maxsize=1)
def weapons() -> dict[str, WeaponType]:
    return load_weapons()
