"""The game's turn record (components/turn_record.py) as JSON data: the
`phase_data` saves and replays carry, as they always have.

`PhaseData` is that JSON seen as a mapping over a game: the record's
entries read and written through the typed record (a front end may read
them, e.g. the physical attacks declared). Any other key is refused: a
front end's own data is the game's `frontend`.
"""
from __future__ import annotations

import dataclasses
from collections.abc import MutableMapping
from typing import TYPE_CHECKING, Any, Iterator

from components import (AlphaStrikeCombat, AlphaStrikeDeclaration, AlphaStrikeHit, ChargeDeclaration,
                        DeploymentState, Jam, PhysicalDeclaration, PsrRequest, ShotDeclaration, TurnRecord,
                        WeaponPick)

if TYPE_CHECKING:
    from engine.game import Game

# The record's list entries and the type of their items.
LISTS: dict[str, type] = {"charges": ChargeDeclaration, "physical": PhysicalDeclaration,
                          "psr_queue": PsrRequest, "weapon_attacks": ShotDeclaration, "weapon_picks": WeaponPick}
RULE_KEYS = tuple(f.name for f in dataclasses.fields(TurnRecord))


def _item_to_json(item: Any) -> dict[str, Any]:
    out = {}
    for f in dataclasses.fields(item):
        value = getattr(item, f.name)
        if value is None and f.metadata.get("omit"):
            continue
        out[f.metadata.get("json", f.name)] = value
    return out


def _item_from_json(cls: type, data: dict[str, Any]) -> Any:
    names = {f.metadata.get("json", f.name): f.name for f in dataclasses.fields(cls)}
    unknown = [k for k in data if k not in names]
    if unknown:
        raise ValueError(f"{cls.__name__} has no field {unknown[0]!r}")
    return cls(**{names[k]: v for k, v in data.items()})


def entry_to_json(record: TurnRecord, key: str) -> Any:
    """One entry of the record as JSON data (None when it is empty)."""
    value = getattr(record, key)
    if key in LISTS:
        return [_item_to_json(x) for x in value] or None
    if key == "turret_turned":
        return list(value) or None
    if key == "jams_at_start":
        return [[j.unit, j.item] for j in value] or None
    if value is None:
        return None
    if key == "alpha_strike":
        return {"declared": [_item_to_json(d) for d in value.declared],
                "hits": [_item_to_json(h) for h in value.hits], "overheat": dict(value.overheat),
                "fired": list(value.fired), "ht_heat": dict(value.ht_heat)}
    return _item_to_json(value)


def set_entry(record: TurnRecord, key: str, data: Any) -> None:
    """Set one entry of the record from its JSON data."""
    if key in LISTS:
        value: Any = [_item_from_json(LISTS[key], x) for x in data]
    elif key == "turret_turned":
        value = list(data)
    elif key == "jams_at_start":
        value = [Jam(unit, item) for unit, item in data]
    elif key == "alpha_strike":
        value = AlphaStrikeCombat(declared=[_item_from_json(AlphaStrikeDeclaration, d) for d in data["declared"]],
                                  hits=[_item_from_json(AlphaStrikeHit, h) for h in data["hits"]],
                                  overheat=dict(data["overheat"]), fired=list(data["fired"]),
                                  ht_heat=dict(data["ht_heat"]))
    else:
        value = _item_from_json(DeploymentState, data)
    setattr(record, key, value)


class PhaseData(MutableMapping):
    """A game's phase data as JSON (see the module docstring)."""

    def __init__(self, game: "Game") -> None:
        self._game = game

    def __getitem__(self, key: str) -> Any:
        if key in RULE_KEYS:
            value = entry_to_json(self._game.turn_record, key)
            if value is None:
                raise KeyError(key)
            return value
        raise KeyError(key)

    def __setitem__(self, key: str, value: Any) -> None:
        if key not in RULE_KEYS:
            raise ValueError(f"{key!r} is not part of the turn record ({', '.join(RULE_KEYS)})")
        set_entry(self._game.turn_record, key, value)

    def __delitem__(self, key: str) -> None:
        if key not in RULE_KEYS or entry_to_json(self._game.turn_record, key) is None:
            raise KeyError(key)
        setattr(self._game.turn_record, key, getattr(TurnRecord(), key))

    def __iter__(self) -> Iterator[str]:
        yield from (k for k in RULE_KEYS if entry_to_json(self._game.turn_record, k) is not None)

    def __len__(self) -> int:
        return sum(1 for _ in self)
