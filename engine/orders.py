"""Orders: plain data a player (or a scenario) gives a unit. The ruleset
checks each order and says why it is refused, or carries it out.

`raw` keeps the order as written (scenario TOML table or UI action) for the
`refused` event."""
from __future__ import annotations

import dataclasses
import functools
import json
from dataclasses import dataclass, field
from typing import Any

MOVE_STEPS = ("F", "B", "L", "R", "U", "D", "prone", "stand", "land", "lift")


@dataclass
class Order:
    unit: str
    raw: dict[str, Any] = field(default_factory=dict, repr=False)

    @property
    def phase_kind(self) -> str:
        raise NotImplementedError

    def to_dict(self) -> dict[str, Any]:
        """The order as JSON data (saves and replays record every order)."""
        out: dict[str, Any] = {"kind": type(self).phase_kind}
        for name in _field_names(type(self)):
            out[name] = _json_copy(getattr(self, name))
        return out


@functools.lru_cache(maxsize=None)
def _field_names(cls: type) -> tuple[str, ...]:
    return tuple(f.name for f in dataclasses.fields(cls))


def _json_copy(v: Any) -> Any:
    """A copy of `v` as JSON data (what `json.loads(json.dumps(v, default=str))`
    gives, without the text in between: orders are copied on every submit)."""
    if v is None or type(v) in (str, int, bool):
        return v
    if type(v) is dict and all(type(k) is str for k in v):
        return {k: _json_copy(x) for k, x in v.items()}
    if type(v) in (list, tuple):
        return [_json_copy(x) for x in v]
    return json.loads(json.dumps(v, default=str))


@dataclass
class MoveOrder(Order):
    mode: str = "walk"                 # walk | run | jump | cruise | flank
    path: list[str] = field(default_factory=list)
    charge: str | None = None
    dfa: str | None = None
    facing: int | None = None          # jump: final facing chosen freely
    charge_miss: str | None = None     # "left" | "right": where a missed charger goes (P-CHARGE-16)
    charge_hex: str | None = None      # "0505": charge the building in that hex

    phase_kind = "move"


@dataclass
class FireOrder(Order):
    weapon: str | None = None          # "medium_laser" or "medium_laser#2"; None for Alpha Strike
    target: str = ""
    target_hex: str | None = None      # "0505": fire at the building in that hex (target "")
    torso_twist: str | None = None     # "left" | "right"
    turret: int | None = None
    overheat: int = 0

    phase_kind = "fire"


@dataclass
class PhysicalOrder(Order):
    attack: str = "punch"              # punch | kick | push | club | hatchet | pick_up_club | standard | melee
    limb: str | None = None            # "left" | "right"
    target: str | None = None
    target_hex: str | None = None      # "0505": punch, kick, club or hatchet the building in that hex
    source: str | None = None          # pick_up_club: "limb" | "tree"

    phase_kind = "physical"


@dataclass
class PickOrder(Order):
    """A player's answer to a choice the rules asked for in the middle of
    resolving something (`ChoiceNeeded`), taken in any phase: the weapon
    `unit` loses to a "weapon destroyed" critical hit in `location`
    (V-CE-14), picked by its owner or by the attacker (`chooser`)."""
    location: str = ""
    weapon: str = ""                   # the weapon's order name: "medium_laser#2"
    chooser: str = "owner"             # owner | attacker

    phase_kind = "pick"


class ChoiceNeeded(Exception):
    """The rules stopped at a choice a player makes (a game whose `choosers`
    name that player's side): `side` picks one of `options` (weapon order
    names) for `unit`; the action is to be taken back and made again after
    a `PickOrder` gives the answer."""

    def __init__(self, unit: str, location: str, chooser: str, side: str, options: list[str]) -> None:
        super().__init__(f"{side} ({chooser}) picks the weapon {unit} loses in {location}")
        self.unit, self.location, self.chooser, self.side, self.options = unit, location, chooser, side, options


ORDER_KINDS: dict[str, type[Order]] = {"move": MoveOrder, "fire": FireOrder, "physical": PhysicalOrder,
                                       "pick": PickOrder}


def order_from_dict(d: dict[str, Any]) -> Order:
    """Rebuild an order from `Order.to_dict` data; ValueError if it is not one."""
    if not isinstance(d, dict) or d.get("kind") not in ORDER_KINDS:
        raise ValueError(f"not an order: {d!r}"[:200])
    cls = ORDER_KINDS[d["kind"]]
    fields = {k: v for k, v in d.items() if k != "kind"}
    names = _field_names(cls)
    if not all(k in names for k in fields):
        unknown = sorted(k for k in fields if k not in names)
        raise ValueError(f"a {d['kind']} order has no field {unknown[0]!r}")
    return cls(**fields)
