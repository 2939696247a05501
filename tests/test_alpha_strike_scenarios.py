"""The Alpha Strike scenarios in tests/scenarios/alpha_strike/ play to their
.expect.toml (the format of the shared check_scenarios.py): through the
engine API in-process, and through the checker itself when it is present."""
import json
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from engine.scenario import load_scenario, result_json, run_scenario

ROOT = Path(__file__).resolve().parent.parent
FOLDER = ROOT / "tests" / "scenarios" / "alpha_strike"
SCENARIOS = sorted(p for p in FOLDER.glob("*.toml") if not p.name.endswith(".expect.toml"))
CHECKER = next((p / "shared" / "tools" / "check_scenarios.py" for p in ROOT.parents
                if (p / "shared" / "tools" / "check_scenarios.py").exists()), None)


def matches(expected, actual) -> bool:
    if isinstance(expected, dict):
        return isinstance(actual, dict) and all(k in actual and matches(v, actual[k]) for k, v in expected.items())
    if isinstance(expected, list):
        return isinstance(actual, list) and len(expected) == len(actual) and all(
            matches(e, a) for e, a in zip(expected, actual))
    return expected == actual


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_alpha_strike_scenario(path):
    expect = tomllib.loads(path.with_name(path.stem + ".expect.toml").read_text())
    out = json.loads(json.dumps(result_json(run_scenario(load_scenario(path)))))
    for uid, want in expect.get("units", {}).items():
        assert matches(want, out["units"][uid]), (uid, want, out["units"][uid])
    events = out["events"]
    i = 0
    for want in expect.get("events", []):
        while i < len(events) and not matches(want, events[i]):
            i += 1
        assert i < len(events), f"no event (in order) matching {want}"
        i += 1
    for want in expect.get("present", []):
        assert any(matches(want, e) for e in events), want
    for ban in expect.get("absent", []):
        assert not any(matches(ban, e) for e in events), ban


@pytest.mark.skipif(CHECKER is None, reason="shared scenario checker not present")
def test_alpha_strike_scenarios_pass_the_shared_checker():
    run = subprocess.run([sys.executable, str(CHECKER), str(FOLDER)], cwd=ROOT,
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stdout + run.stderr
