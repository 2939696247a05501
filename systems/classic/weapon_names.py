"""The names orders give a unit's weapons (contract/scenario.md): a weapon
is named by its type, "medium_laser" for the first of that type in
unit-file order and "medium_laser#2" for the second ("medium_laser#1"
names the first too). Whatever lists weapons or reads an order's weapon
asks here."""
from __future__ import annotations

from typing import NamedTuple, Sequence


class WeaponRef(NamedTuple):
    """The mount a weapon name picks: its index in the unit's mounts, or the
    reason the name picks none (index -1)."""

    index: int
    reason: str | None = None


def weapon_names(types: Sequence[str]) -> list[str]:
    """The order name of each weapon, given the weapon types in unit-file order."""
    seen: dict[str, int] = {}
    out = []
    for wtype in types:
        seen[wtype] = seen.get(wtype, 0) + 1
        out.append(wtype if seen[wtype] == 1 else f"{wtype}#{seen[wtype]}")
    return out


def find_weapon(types: Sequence[str], name: str | None, owner: str) -> WeaponRef:
    """Which of the weapons (`types`, unit-file order) the order name picks;
    `owner` names the unit in the refusals."""
    if not name:
        return WeaponRef(-1, "name the weapon to fire")
    wtype, _, nth = name.partition("#")
    try:
        n = int(nth) if nth else 1
    except ValueError:
        return WeaponRef(-1, f"{name!r} is not a weapon name (use \"medium_laser\" or \"medium_laser#2\")")
    matches = [i for i, t in enumerate(types) if t == wtype]
    if not matches:
        return WeaponRef(-1, f"{owner} has no {wtype.replace('_', ' ')}")
    if not 1 <= n <= len(matches):
        return WeaponRef(-1, f"{owner} has {len(matches)} {wtype.replace('_', ' ')}(s), not a #{n}")
    return WeaponRef(matches[n - 1])
