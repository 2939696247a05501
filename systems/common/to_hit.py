"""The to-hit model every attack uses (Classic weapon and physical attacks,
vehicles, Alpha Strike): the named modifiers that sum to the number needed
on 2d6, or the reason the attack cannot be made, and where it strikes (the
hit table and the side struck).

`attack.modifiers` in events and saves stays a list of `[label, value]`
pairs (contract/scenario.md): `ToHit.pairs()`. The rule id of each modifier
is kept in the model only."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple

MAX_TO_HIT = 12                # a 2d6 roll cannot beat more


class Modifier(NamedTuple):
    """One to-hit modifier: what the player reads, its value, and the rule
    it comes from (a rule id such as "section 3" or "AS-HIT-1")."""

    label: str
    value: int
    rule: str = ""


@dataclass
class ToHit:
    """What an attack needs: `modifiers` sum to `number`; `reason` says why
    the attack cannot be made (None when it can); `table` is the hit
    location table it uses and `side` the side it strikes, where the attack
    decides them (None: the usual table, the side from the attack
    direction)."""

    modifiers: list[Modifier] = field(default_factory=list)
    reason: str | None = None
    table: str | None = None
    side: str | None = None

    @classmethod
    def impossible(cls, reason: str, **fields) -> "ToHit":
        return cls(reason=reason, **fields)

    @property
    def number(self) -> int:
        return sum(m.value for m in self.modifiers)

    @property
    def possible(self) -> bool:
        return self.reason is None

    def add(self, label: str, value: int, rule: str = "") -> None:
        self.modifiers.append(Modifier(label, value, rule))

    def pairs(self) -> list[list]:
        """The modifiers as `[label, value]` pairs (events, saves)."""
        return [[m.label, m.value] for m in self.modifiers]
