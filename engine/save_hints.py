"""How the save check (engine/save_check.py) reads the type hints of what
a save holds: what each hint asks of a value (`form`, the kind
`SaveCheck.typed` checks), a dataclass's JSON keys with their hints
(`field_hints`), and the plain fields its fast path takes whole (`simple_fields`,
`fields_fit`)."""
from __future__ import annotations

import dataclasses
import functools
import types
import typing
from typing import Any, Literal

from components.vocabulary import HexLabel, Modifiers, Side, UnitId
from engine.hexgrid import Hex

MAX_INT = 10 ** 9                        # no field of a game state is anywhere near this


@functools.lru_cache(maxsize=None)
def field_hints(ctype: type) -> tuple[dict[str, Any], dict[str, dataclasses.Field]]:
    """The type and the field of each key of a dataclass's JSON form (a
    field's "json" metadata names its key, engine/turn_record.py)."""
    hints = typing.get_type_hints(ctype)
    fields = {f.metadata.get("json", f.name): f for f in dataclasses.fields(ctype)}
    return {key: hints[f.name] for key, f in fields.items()}, fields


@functools.lru_cache(maxsize=None)
def typed_dict_hints(hint: Any) -> tuple[tuple[str, Any], ...]:
    return tuple(typing.get_type_hints(hint).items())


@functools.lru_cache(maxsize=None)
def simple_fields(ctype: type) -> tuple[tuple[str, tuple], ...] | None:
    """(name, shape) of every field when each is a plain int, str or bool,
    one of those or null, a list of strings or an object of anything (what
    `fields_fit` checks), else None."""
    hints, fields = field_hints(ctype)
    out = tuple((name, shape(hints.get(name, Any))) for name in fields)
    return out if all(shape is not None for _, shape in out) else None


def shape(hint: Any) -> tuple | None:
    """A field's shape for `fields_fit`: ("scalar", type, nullable), ("strings",
    None, nullable) or ("object", None, nullable); None for any other."""
    kind, arg = form(hint)
    nullable = False
    if kind == "union" and len(arg[1]) == 1:
        nullable, hint = arg[0], arg[1][0]
        kind, arg = form(hint)
    if kind in ("int", "str", "bool"):
        return "scalar", hint, nullable
    if kind == "list" and arg is str:
        return "strings", None, nullable
    if kind == "dict" and (arg is None or (arg[0] is str and arg[1] is Any)):
        return "object", None, nullable
    return None


_ABSENT = object()


def fields_fit(data: dict, simple: tuple[tuple[str, tuple], ...]) -> bool:
    """Whether `data` holds every field of `simple` (a `simple_fields`) and
    no other, each of its shape as `SaveCheck.typed` would accept it (one
    loop: the fast path of every record order of a long game)."""
    if len(data) != len(simple):
        return False
    for name, (kind, t, nullable) in simple:
        v = data.get(name, _ABSENT)
        if v is None:
            if not nullable:
                return False
        elif kind == "scalar":
            if type(v) is not t or (t is int and not -MAX_INT <= v <= MAX_INT):
                return False
        elif kind == "strings":
            if type(v) is not list or any(type(x) is not str for x in v):
                return False
        elif type(v) is not dict or any(type(k) is not str for k in v):
            return False
    return True


@functools.lru_cache(maxsize=None)
def form(hint: Any) -> tuple[str, Any]:
    """What a type hint asks of a value, worked out once per hint: a kind
    `SaveCheck.typed` checks, and what that kind needs (plain JSON data is
    all a save can hold: anything else is not checked further)."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        return "union", (type(None) in args, tuple(a for a in args if a is not type(None)))
    if origin is Literal:
        return "literal", args
    refers = {UnitId: "unit", Side: "side", HexLabel: "hex"}
    if hint in refers:
        return "ref", refers[hint]
    if hint is Modifiers:
        return "modifiers", None
    if typing.is_typeddict(hint):
        return "typeddict", hint
    if hint is type(None):
        return "none", None
    if hint in (str, int, bool, float):
        return hint.__name__, None
    if hint is Hex:
        return "hex", None
    if dataclasses.is_dataclass(hint):
        return "dataclass", hint
    if origin is tuple and args and args[-1] is not Ellipsis:
        return "tuple", args
    if origin in (list, tuple):
        return "list", args[0] if args else Any
    if origin is dict:
        return "dict", args if len(args) == 2 else None
    if hint in (list, tuple):
        return "list", Any
    if hint is dict:
        return "dict", None
    return "any", None
