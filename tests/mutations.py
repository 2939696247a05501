"""Hypothesis helpers for the robustness tests: random mutations of nested
data (unit files, scenarios, saves), a minimal TOML writer, and the check
that an error is one line naming the file."""
from __future__ import annotations

import copy
import json
from typing import Any

from hypothesis import strategies as st

from engine.errors import DataError

# Values of every JSON/TOML kind, with the awkward ones over-represented.
scalars = st.one_of(
    st.integers(-3, 12), st.sampled_from([-1, 0, 10**6, 10**12, -10**12, 2**63]),
    st.booleans(), st.floats(allow_nan=False, allow_infinity=False, width=32),
    st.sampled_from(["", "0101", "0000", "9999", "F", "walk", "medium_laser", "center_torso", "red",
                     "../../etc/passwd", "/etc/passwd", "..", "\u00e9\u4e2d", "x" * 300, "a\tb"]),
    st.text(max_size=8),
)
values = st.recursive(scalars, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(st.text(min_size=1, max_size=6), inner, max_size=3)),
    max_leaves=8)


def paths(data: Any, prefix: tuple = ()) -> list[tuple]:
    """Every path (tuple of keys / indices) into nested data, root included."""
    out = [prefix]
    if isinstance(data, dict):
        for k, v in data.items():
            out += paths(v, prefix + (k,))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            out += paths(v, prefix + (i,))
    return out


def get(data: Any, path: tuple) -> Any:
    for k in path:
        data = data[k]
    return data


@st.composite
def mutated(draw, base: Any, max_ops: int = 3) -> Any:
    """`base` with 1..max_ops random changes: delete, replace, add unknown keys, duplicate."""
    data = copy.deepcopy(base)
    for _ in range(draw(st.integers(1, max_ops))):
        all_paths = paths(data)
        path = draw(st.sampled_from(all_paths))
        target = get(data, path)
        op = draw(st.sampled_from(["replace", "delete", "add", "duplicate"]))
        if not path:
            op = "add"
        parent = get(data, path[:-1]) if path else None
        if op == "replace":
            parent[path[-1]] = draw(values)
        elif op == "delete":
            del parent[path[-1]]
        elif op == "add" and isinstance(target, dict):
            target[draw(st.sampled_from(["evil", "__class__", "Turret", "unit", "x"]))] = draw(values)
        elif op == "add" and isinstance(target, list):
            target.append(draw(values))
        elif op == "duplicate" and isinstance(parent, list):
            parent.append(copy.deepcopy(target))
        elif isinstance(parent, (dict, list)):
            parent[path[-1]] = draw(values)
    return data


# ------------------------------------------------------------------ TOML writer
def _toml_value(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, float):
        return repr(v) if v == v and v not in (float("inf"), float("-inf")) else "nan"
    if isinstance(v, str):
        return json.dumps(v)
    if isinstance(v, list):
        return "[" + ", ".join(_toml_value(x) for x in v if x is not None) + "]"
    if isinstance(v, dict):
        return "{" + ", ".join(f"{json.dumps(str(k))} = {_toml_value(x)}" for k, x in v.items()
                               if x is not None) + "}"
    return json.dumps(str(v))


def to_toml(data: dict) -> str:
    """A TOML document of top-level `key = inline value` lines."""
    return "".join(f"{json.dumps(str(k))} = {_toml_value(v)}\n" for k, v in data.items() if v is not None)


def assert_one_line_error(exc: DataError, fname: str) -> None:
    assert exc.problems, "a DataError without a problem"
    for line in exc.problems:
        assert "\n" not in line, line
        assert line.startswith(fname), (fname, line)
    assert "\n" not in exc.first_line()
