"""The event log: every rule outcome is appended here as a plain dict.

The combat log, the scenario runner's JSON output, replays and saves are all
built from this one list. Every event carries `turn`, `phase` and `type`
(contract/scenario.md); the other fields are those its type's schema
declares (engine/event_types.py). `emit` checks them: a field the schema
does not declare, a missing required field or a value of the wrong type
raises `EventError` at once, where the event is made.
"""
from __future__ import annotations

import types
import typing
from dataclasses import dataclass
from typing import Any

from engine import event_types as et


class EventError(ValueError):
    """An event that does not match its type's schema (a bug in the code that emitted it)."""


@dataclass(frozen=True)
class FieldSpec:
    """One field of an event schema, compiled for fast checks."""
    name: str
    required: bool
    contract: bool
    types: frozenset[type]             # the exact Python types a value may have
    items: frozenset[type] | None      # list fields: the exact types of each item
    pairs: bool                        # Modifiers: each item a [label, value] pair
    refers: str | None                 # "unit" | "side" | "hex": what a string value names
    text: str                          # the type as docs/events.md writes it


_PLAIN = {str: ("string", None), int: ("int", None), bool: ("bool", None), dict: ("table", None),
          et.UnitId: ("string", "unit"), et.Side: ("string", "side"), et.HexLabel: ("hex", "hex")}
_PLURAL = {"string": "strings", "int": "ints"}


def _field(name: str, hint: Any, required: bool) -> FieldSpec:
    contract = False
    if typing.get_origin(hint) is typing.NotRequired:
        hint = typing.get_args(hint)[0]
    if typing.get_origin(hint) is typing.Annotated:
        contract = et.CONTRACT in hint.__metadata__
        hint = typing.get_args(hint)[0]
    alts = typing.get_args(hint) if typing.get_origin(hint) in (typing.Union, types.UnionType) else (hint,)
    kinds: set[type] = set()
    texts, items, pairs, refers = [], None, False, None
    for alt in alts:
        if alt is type(None):
            kinds.add(type(None))
            texts.append("null")
        elif alt is et.Modifiers:
            kinds |= {list, tuple}
            pairs = True
            texts.append("list of `[label, value]`")
        elif typing.get_origin(alt) is list:
            (item,) = typing.get_args(alt)
            text, refers = _PLAIN[item]
            kinds |= {list, tuple}
            items = frozenset({str} if text == "string" else {int})
            texts.append(f"list of {_PLURAL[text]}")
        else:
            text, refers = _PLAIN[alt]
            kinds.add(str if refers else alt)
            texts.append(text)
    return FieldSpec(name, required, contract, frozenset(kinds), items, pairs, refers, " or ".join(texts))


@dataclass(frozen=True)
class Schema:
    type: str
    fields: dict[str, FieldSpec]
    required: frozenset[str]
    allowed: frozenset[str]

    @property
    def contract(self) -> bool:
        """A type the scenario contract requires (it has contract fields)."""
        return any(f.contract for f in self.fields.values())


def _compile(name: str, schema: Any) -> Schema:
    hints = schema.__annotations__
    fields = {k: _field(k, h, k in schema.__required_keys__) for k, h in hints.items()}
    return Schema(name, fields, frozenset(schema.__required_keys__), frozenset(fields))


SCHEMAS: dict[str, Schema] = {name: _compile(name, s) for name, s in et.SCHEMAS.items()}
COMMON = ("turn", "phase", "type")


def _show(v: Any) -> str:
    text = repr(v)
    return text if len(text) <= 60 else text[:57] + "..."


def value_problem(spec: FieldSpec, v: Any) -> str | None:
    """What is wrong with `v` as a value of the field, or None."""
    if type(v) not in spec.types:
        return f"expected {spec.text}, got {_show(v)}"
    if spec.items is not None and type(v) is not type(None):
        for x in v:
            if type(x) not in spec.items:
                return f"expected {spec.text}, got an item {_show(x)}"
    elif spec.pairs:
        for x in v:
            if type(x) not in (list, tuple) or len(x) != 2 or type(x[0]) is not str or type(x[1]) is not int:
                return f"expected [label, value] pairs, got an item {_show(x)}"
    return None


def fields_problem(type_: str, fields: dict[str, Any]) -> tuple[str, str] | None:
    """(field, what is wrong) for the first field of an event of `type_`
    that does not match the schema (common fields not included), or None."""
    schema = SCHEMAS.get(type_)
    if schema is None:
        return "type", f"no event type {type_!r} is declared (engine/event_types.py)"
    keys = fields.keys()
    if not keys <= schema.allowed:
        extra = sorted(k for k in keys if k not in schema.allowed)[0]
        return extra, f"not a field of {type_!r} events"
    if not schema.required <= keys:
        return sorted(schema.required - keys)[0], "missing"
    specs = schema.fields
    for k, v in fields.items():
        spec = specs[k]
        if type(v) not in spec.types or spec.items is not None or spec.pairs:
            problem = value_problem(spec, v)
            if problem:
                return k, problem
    return None


class EventLog:
    def __init__(self) -> None:
        self.events: list[dict[str, Any]] = []
        self.turn = 0
        self.phase = "setup"

    def emit(self, type_: str, **fields: Any) -> dict:
        problem = fields_problem(type_, fields)
        if problem is not None:
            raise EventError(f"{type_} event: {problem[0]}: {problem[1]}")
        event = {"turn": self.turn, "phase": self.phase, "type": type_}
        event.update(fields)
        self.events.append(event)
        return event

    def of_type(self, type_: str) -> list[dict]:
        return [e for e in self.events if e["type"] == type_]

    def since(self, index: int) -> list[dict]:
        return self.events[index:]

    def this_turn(self) -> list[dict]:
        """The events of the current turn (found from the end: the cost
        grows with the turn, not with the game)."""
        events, turn = self.events, self.turn
        start = len(events)
        while start and events[start - 1]["turn"] == turn:
            start -= 1
        return events[start:]

    def __len__(self) -> int:
        return len(self.events)
