"""The vehicle scenarios in tests/scenarios/vehicles/ play to their
.expect.toml (the format of the shared check_scenarios.py), in-process."""
import json
import tomllib
from pathlib import Path

import pytest

from engine.scenario import load_scenario, result_json, run_scenario

FOLDER = Path(__file__).resolve().parent / "scenarios" / "vehicles"
SCENARIOS = sorted(p for p in FOLDER.glob("*.toml") if not p.name.endswith(".expect.toml"))


def matches(expected, actual) -> bool:
    if isinstance(expected, dict):
        return isinstance(actual, dict) and all(k in actual and matches(v, actual[k]) for k, v in expected.items())
    if isinstance(expected, list):
        return isinstance(actual, list) and len(expected) == len(actual) and all(
            matches(e, a) for e, a in zip(expected, actual))
    return expected == actual


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_vehicle_scenario(path):
    expect = tomllib.loads(path.with_name(path.stem + ".expect.toml").read_text())
    out = json.loads(json.dumps(result_json(run_scenario(load_scenario(path)))))
    for uid, want in expect.get("units", {}).items():
        for key, value in want.items():
            assert matches(value, out["units"][uid][key]), (uid, key, out["units"][uid][key])
    events, i = out["events"], 0
    for want in expect.get("events", []):
        while i < len(events) and not matches(want, events[i]):
            i += 1
        assert i < len(events), f"no event (in order) matching {want}"
        i += 1
    for ban in expect.get("absent", []):
        assert not any(matches(ban, e) for e in events), ban


def test_there_are_vehicle_scenarios():
    assert len(SCENARIOS) >= 5
