"""Scenario runner (contract/scenario.md): exit codes, one-line errors,
JSON shape, refused orders as events."""
import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
UNIT = (ROOT / "assets" / "units" / "grasshopper.toml").as_posix()

BASE = f'''
ruleset = "classic"
seed = 3
[map]
width = 8
height = 8
[[unit]]
id = "a"
data = "{UNIT}"
side = "red"
at = "0505"
facing = 0
[[unit]]
id = "b"
data = "{UNIT}"
side = "blue"
at = "0502"
facing = 3
'''


def run(tmp_path, text, *args):
    f = tmp_path / "s.toml"
    f.write_text(text)
    return subprocess.run([sys.executable, "-m", "engine", "scenario", str(f), *args],
                          cwd=ROOT, capture_output=True, text=True, timeout=60)


def test_json_shape_and_move(tmp_path):
    r = run(tmp_path, BASE + '[[turn]]\n[[turn.move]]\nunit = "a"\nmode = "walk"\npath = ["F"]\n', "--json")
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    assert out["ruleset"] == "classic"
    assert set(out["units"]) == {"a", "b"}
    snap = out["units"]["a"]
    for key in ("at", "facing", "prone", "destroyed", "altitude", "turret", "heat", "shutdown",
                "immobile", "armor", "structure", "crits", "pilot_hits"):
        assert key in snap
    move = [e for e in out["events"] if e["type"] == "move"][0]
    assert move["from"] == "0505" and move["to"] == "0504" and move["mp_spent"] == 1
    assert all({"turn", "phase", "type"} <= set(e) for e in out["events"])


def test_refused_order_is_an_event_and_exit_zero(tmp_path):
    r = run(tmp_path, BASE + '[[turn]]\n[[turn.move]]\nunit = "a"\nmode = "walk"\npath = ["F","F","F","F","F"]\n', "--json")
    assert r.returncode == 0
    events = json.loads(r.stdout)["events"]
    refused = [e for e in events if e["type"] == "refused"]
    assert len(refused) == 1 and refused[0]["order"]["path"] == ["F"] * 5
    assert not [e for e in events if e["type"] == "move"]


@pytest.mark.parametrize("patch,fragment", [
    (("seed = 3", "seed = 3\nluck = 1"), "luck: unknown key"),
    (('at = "0505"', 'at = "0909"'), "off the 8x8 map"),
    (('at = "0505"', 'at = "55"'), "hex number"),
    (('facing = 0', 'facing = "north"'), "expected an integer"),
    (("width = 8", "width = 0"), "map.width"),
    (('at = "0502"', 'at = "0505"'), "enemy unit"),
    (('side = "blue"\nat = "0502"', 'side = "red"\nat = "0505"'), "already holds a: one unit on the ground per hex"),
    ((UNIT, "nowhere.toml"), "not found"),
    ((UNIT, UNIT.replace("grasshopper", "hunchback_as")), "hunchback_as.toml is an Alpha Strike card: set ruleset"),
    (('ruleset = "classic"', 'ruleset = "alpha-strike"'), "is not an Alpha Strike card"),
])
def test_invalid_files_exit_2_with_one_line(tmp_path, patch, fragment):
    r = run(tmp_path, BASE.replace(*patch, 1))
    assert r.returncode == 2
    assert "Traceback" not in r.stderr
    assert len(r.stderr.strip().splitlines()) == 1
    assert fragment in r.stderr


def test_unknown_unit_in_order_is_invalid(tmp_path):
    r = run(tmp_path, BASE + '[[turn]]\n[[turn.move]]\nunit = "zz"\npath = ["F"]\n')
    assert r.returncode == 2 and "unknown unit id 'zz'" in r.stderr


def test_missing_file(tmp_path):
    r = subprocess.run([sys.executable, "-m", "engine", "scenario", str(tmp_path / "none.toml")],
                       cwd=ROOT, capture_output=True, text=True)
    assert r.returncode == 2 and "No such file" in r.stderr and len(r.stderr.strip().splitlines()) == 1


def test_readable_log_without_json(tmp_path):
    r = run(tmp_path, BASE + '[[turn]]\n[[turn.move]]\nunit = "a"\nmode = "walk"\npath = ["F"]\n')
    assert r.returncode == 0 and "0505 -> 0504" in r.stdout


def test_card_specials_without_effect_are_warned_on_stderr(tmp_path):
    card = tmp_path / "card.toml"
    card.write_text('name = "Card"\nkind = "alpha-strike"\n[AlphaStrike]\ntype = "BM"\nsize = 2\nmove = 8\n'
                    'damage = [2, 2, 0]\narmor = 4\nstructure = 3\nspecials = ["ECM"]\n')
    text = ('ruleset = "alpha-strike"\n[map]\nwidth = 6\nheight = 6\n'
            '[[unit]]\nid = "c"\ndata = "card.toml"\nside = "red"\nat = "0303"\n')
    r = run(tmp_path, text, "--json")
    assert r.returncode == 0
    # The unit file is named by its full path (a mod's copy is told from the shipped one).
    assert f"warning: {tmp_path / 'card.toml'}: [AlphaStrike] specials: ECM has no effect" in r.stderr


def test_error_positions_count_from_one(tmp_path):
    r = run(tmp_path, BASE.replace('id = "a"', 'id = "a"\nspeed = 3', 1))
    assert r.returncode == 2 and "unit[1].speed: unknown key" in r.stderr


def _level_scenario(tmp_path, body: str) -> subprocess.CompletedProcess:
    import os
    level = os.path.relpath(ROOT / "levels" / "training.tmx", tmp_path)
    f = tmp_path / "s.toml"
    f.write_text(f'map = "{level}"\n' + body)
    return subprocess.run([sys.executable, "-m", "engine", "scenario", str(f), "--json"],
                          cwd=ROOT, capture_output=True, text=True, timeout=60)


def test_a_scenario_without_units_plays_the_levels_own_units(tmp_path):
    r = _level_scenario(tmp_path, 'seed = 2\n[[turn]]\ninitiative = ["blue", "red"]\n'
                                  '[[turn.move]]\nunit = "grasshopper"\nmode = "walk"\npath = ["F"]\n')
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    assert set(out["units"]) == {"grasshopper", "locust", "jagermech", "panther"}
    assert [e["unit"] for e in out["events"] if e["type"] == "move"] == ["grasshopper"]


def test_a_scenario_with_units_takes_only_the_levels_map(tmp_path):
    r = _level_scenario(tmp_path, f'[[unit]]\nid = "solo"\ndata = "{UNIT}"\nside = "red"\nat = "0303"\n')
    assert r.returncode == 0, r.stderr
    assert set(json.loads(r.stdout)["units"]) == {"solo"}
