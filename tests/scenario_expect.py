"""Checks a scenario's result against its `.expect.toml`: final unit state,
events in order, events present anywhere, events absent. One implementation
for every scenario test."""
from __future__ import annotations

import json
import tomllib
from pathlib import Path

from engine.errors import DataError
from engine.scenario import load_scenario, result_json, run_scenario


def matches(expected, actual) -> bool:
    """True when every key of `expected` is in `actual` with a matching value."""
    if isinstance(expected, dict):
        return isinstance(actual, dict) and all(k in actual and matches(v, actual[k]) for k, v in expected.items())
    if isinstance(expected, list):
        return isinstance(actual, list) and len(expected) == len(actual) and all(
            matches(e, a) for e, a in zip(expected, actual))
    if isinstance(expected, float) or isinstance(actual, float):
        return isinstance(actual, (int, float)) and abs(expected - actual) < 1e-9
    return expected == actual


def expectation(path: Path) -> dict:
    return tomllib.loads(path.with_name(path.name[:-len(".toml")] + ".expect.toml").read_text(encoding="utf-8"))


def problems(path: Path) -> list[str]:
    """Play the scenario in-process; return what does not meet its expectation."""
    expect = expectation(path)
    try:
        game = run_scenario(load_scenario(path))
    except DataError as exc:
        if expect.get("exit", 0) != 2:
            return [f"refused: {exc.first_line()}"]
        part = expect.get("stderr", "")
        return [] if part.lower() in str(exc).lower() else [f"error lacks {part!r}: {exc.first_line()}"]
    if expect.get("exit", 0) != 0:
        return [f"ran, expected exit {expect['exit']}"]
    out = json.loads(json.dumps(result_json(game)))
    found = []
    for uid, want in expect.get("units", {}).items():
        for key, value in want.items():
            got = out["units"].get(uid, {}).get(key, "<absent>")
            if not matches(value, got):
                found.append(f"units.{uid}.{key}: expected {value!r}, got {got!r}")
    events, i = out["events"], 0
    for want in expect.get("events", []):
        while i < len(events) and not matches(want, events[i]):
            i += 1
        if i == len(events):
            found.append(f"no event (in order) matching {want!r}")
            break
        i += 1
    found += [f"no event matching {w!r}" for w in expect.get("present", [])
              if not any(matches(w, e) for e in events)]
    found += [f"unexpected event matching {w!r}" for w in expect.get("absent", [])
              if any(matches(w, e) for e in events)]
    return found


def scenario_files(folder: Path) -> list[Path]:
    return sorted(p for p in folder.rglob("*.toml")
                  if not p.name.endswith(".expect.toml") and "units" not in p.relative_to(folder).parts)
