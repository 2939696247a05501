"""Malformed scenarios are refused with one line naming the file and the field
(exit 2, never a traceback); accepted ones play to the end. Unit files and
maps named by a scenario cannot reach outside the allowed folders."""
import json
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from engine.errors import DataError
from engine.scenario import load_scenario, run_scenario
from tests.mutations import assert_one_line_error, mutated, to_toml

ROOT = Path(__file__).resolve().parent.parent

BASE = {
    "ruleset": "classic", "seed": 3,
    "map": {"width": 8, "height": 8, "hex": [{"at": "0404", "terrain": "light_woods"},
                                             {"at": "0505", "terrain": "water", "depth": 1}]},
    "dice": {"to_hit": [8], "location": [7]},
    "unit": [
        {"id": "hopper", "data": "grasshopper", "side": "red", "at": "0207", "facing": 0, "gunnery": 3},
        {"id": "jager", "data": "jagermech", "side": "blue", "at": "0203", "facing": 3,
         "armor": {"head": 5}},
        {"id": "tank", "data": "manticore", "side": "blue", "at": "0703", "turret": 2},
        {"id": "heli", "data": "warrior", "side": "red", "at": "0707", "altitude": 2},
    ],
    "turn": [
        {"initiative": ["red", "blue"],
         "move": [{"unit": "hopper", "mode": "walk", "path": ["F", "F"]},
                  {"unit": "tank", "mode": "cruise", "path": ["F"]}],
         "fire": [{"unit": "hopper", "weapon": "medium_laser", "target": "jager"},
                  {"unit": "jager", "weapon": "ac_20", "target": "hopper"}],
         "physical": [{"unit": "hopper", "attack": "punch", "limb": "right", "target": "jager"}]},
        {"move": [{"unit": "jager", "mode": "run", "path": ["F", "R"]}]},
    ],
}
AS_BASE = {
    "ruleset": "alpha-strike", "seed": 4,
    "map": {"width": 8, "height": 8},
    "unit": [{"id": "hbk", "data": "hunchback_as", "side": "red", "at": "0206", "heat": 1},
             {"id": "loki", "data": "loki", "side": "blue", "at": "0203"}],
    "turn": [{"move": [{"unit": "hbk", "mode": "walk", "path": ["F"]}],
              "fire": [{"unit": "hbk", "target": "loki", "overheat": 1}],
              "physical": [{"unit": "loki", "attack": "standard", "target": "hbk"}]}],
}


@pytest.fixture(scope="module")
def work(tmp_path_factory) -> Path:
    """One folder for the module's written files, removed with pytest's others."""
    return tmp_path_factory.mktemp("scenarios")


def _write(work: Path, name: str, text: str) -> Path:
    path = work / name
    path.write_text(text)
    return path


def _load_and_play(path: Path) -> None:
    try:
        scenario = load_scenario(path)
    except DataError as exc:
        assert_one_line_error(exc, str(path))
        return
    game = run_scenario(scenario)
    json.dumps(game.log.events)
    game.close()


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_mutated_scenarios_are_accepted_or_refused_cleanly(work, data):
    base = data.draw(st.sampled_from([BASE, AS_BASE]))
    scenario = data.draw(mutated(base, max_ops=2))
    _load_and_play(_write(work, "mutant.toml", to_toml(scenario)))


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_damaged_scenario_text_is_refused_cleanly(work, data):
    text = to_toml(BASE)
    cut = data.draw(st.integers(0, len(text)))
    where = data.draw(st.integers(0, cut))
    _load_and_play(_write(work, "cut.toml", text[:where] + data.draw(st.text(max_size=10)) + text[where:cut]))


# One case of each kind through the real command line.
CASES = {
    "unknown_key": {**BASE, "colour": "red"},
    "wrong_type": {**BASE, "seed": "seven"},
    "bad_hex": {**BASE, "unit": [{**BASE["unit"][0], "at": "AB12"}] + BASE["unit"][1:]},
    "off_map": {**BASE, "unit": [{**BASE["unit"][0], "at": "0909"}] + BASE["unit"][1:]},
    "huge_map": {**BASE, "map": {"width": 10**6, "height": 5}},
    "unknown_id": {**BASE, "turn": [{"fire": [{"unit": "ghost", "weapon": "x", "target": "hopper"}]}]},
    "passwd": {**BASE, "unit": [{**BASE["unit"][0], "data": "../../etc/passwd"}] + BASE["unit"][1:]},
    "abs_path": {**BASE, "unit": [{**BASE["unit"][0], "data": "/etc/passwd"}] + BASE["unit"][1:]},
    "map_escape": {**{k: v for k, v in BASE.items() if k != "map"}, "map": "../../../../etc/passwd"},
    "long_name": {**BASE, "unit": [{**BASE["unit"][0], "data": "x" * 5000}] + BASE["unit"][1:]},
    "nul_name": {**BASE, "unit": [{**BASE["unit"][0], "data": "grass\u0000hopper"}] + BASE["unit"][1:]},
    "stacked_enemies": {**BASE, "unit": [{**BASE["unit"][0], "at": "0203"}] + BASE["unit"][1:]},
    "fine": BASE,
    "fine_as": AS_BASE,
}
TEXT_CASES = {"not_toml": "ruleset = = 3\n[[", "empty": "", "binary": "\udcff"}


def _cli(path: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "engine", "scenario", str(path), "--json"], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)


@pytest.mark.parametrize("name", sorted(CASES) + sorted(TEXT_CASES) + ["missing", "folder"])
def test_command_line_exit_codes(work, name):
    if name in CASES:
        path = _write(work, f"{name}.toml", to_toml(CASES[name]))
    elif name in TEXT_CASES:
        path = work / f"{name}.toml"
        path.write_bytes(TEXT_CASES[name].encode("utf-8", "surrogateescape"))
    elif name == "missing":
        path = work / "does_not_exist.toml"
    else:
        path = work
    run = _cli(path)
    assert "Traceback" not in run.stderr, run.stderr
    if name.startswith("fine"):
        assert run.returncode == 0, run.stderr
        json.loads(run.stdout)
        return
    assert run.returncode == 2, (run.returncode, run.stdout[:300], run.stderr)
    lines = run.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(str(path)), run.stderr


def test_path_escape_names_the_field(tmp_path):
    path = tmp_path / "s.toml"
    path.write_text(to_toml(CASES["passwd"]))
    with pytest.raises(DataError) as exc:
        load_scenario(path)
    assert "unit hopper.data" in exc.value.first_line() and "outside" in exc.value.first_line()


def test_symlink_out_of_the_scenario_folder_is_refused(tmp_path):
    (tmp_path / "units").mkdir()
    (tmp_path / "units" / "evil.toml").symlink_to("/etc/passwd")
    scen = {**BASE, "unit": [{**BASE["unit"][0], "data": "units/evil.toml"}] + BASE["unit"][1:]}
    path = tmp_path / "s.toml"
    path.write_text(to_toml(scen))
    with pytest.raises(DataError, match="outside"):
        load_scenario(path)


def test_relative_unit_files_inside_the_allowed_folders_still_load(tmp_path):
    (tmp_path / "units").mkdir()
    (tmp_path / "units" / "mine.toml").write_text((ROOT / "assets" / "units" / "grasshopper.toml").read_text())
    scen = {**BASE, "unit": [{**BASE["unit"][0], "data": "units/mine.toml"}] + BASE["unit"][1:]}
    path = tmp_path / "s.toml"
    path.write_text(to_toml(scen))
    assert "hopper" in load_scenario(path).game.units
    # the shipped assets by a relative path from a scenario folder inside the project
    inside = ROOT / "tests" / "_tmp_scenario.toml"
    scen = {**BASE, "unit": [{**BASE["unit"][0], "data": "../assets/units/grasshopper.toml"}] + BASE["unit"][1:]}
    try:
        inside.write_text(to_toml(scen))
        assert "hopper" in load_scenario(inside).game.units
    finally:
        inside.unlink()
