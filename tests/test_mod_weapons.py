"""Weapons as mod data: a mod folder's weapons.toml adds or replaces weapons
(docs/units.md), its problems name that file, unit problems name the unit
file by its full path, and a battle keeps the mod weapons it uses (saves)."""
import subprocess
import sys
from pathlib import Path

import pytest

from engine.errors import DataError
from engine.game import Game
from engine.hexgrid import Hex
from engine.hexmap import HexMap
from engine.paths import UNITS
from engine.scenario import load_scenario, run_scenario
from engine.unit_loader import find_unit_file, load_unit
from engine.weapons import weapon_table, weapons

ROOT = Path(__file__).resolve().parent.parent

ER_MEDIUM = """
[er_medium_laser]
name = "ER Medium Laser"
heat = 5
damage = 5
min = 0
short = 4
medium = 8
long = 12
slots = 1
tons = 1.0
energy = true
"""


def _mod(tmp_path: Path, weapons_text: str | None = ER_MEDIUM) -> Path:
    mod = tmp_path / "mod"
    mod.mkdir()
    if weapons_text is not None:
        (mod / "weapons.toml").write_text(weapons_text)
    hopper = (UNITS / "locust.toml").read_text()
    (mod / "er_locust.toml").write_text(
        hopper.replace('name = "Locust LCT-1V"', 'name = "Locust ER"')
        .replace('"medium_laser"', '"er_medium_laser"'))
    return mod


def _duel(tmp_path: Path, attacker: str, roll: int = 10) -> Path:
    scenario = tmp_path / "duel.toml"
    scenario.write_text(f"""
ruleset = "classic"
seed = 1
[map]
width = 12
height = 12
[dice]
to_hit = [{roll}]
location = [7]
[[unit]]
id = "a"
data = "{attacker}"
side = "red"
at = "0508"
facing = 0
[[unit]]
id = "b"
data = "atlas"
side = "blue"
at = "0501"
facing = 3
[[turn]]
initiative = ["red", "blue"]
[[turn.fire]]
unit = "a"
weapon = "er_medium_laser"
target = "b"
""")
    return scenario


def test_a_mod_weapon_is_unknown_without_the_mod(tmp_path):
    mod = _mod(tmp_path)
    with pytest.raises(DataError) as exc:
        load_unit(mod / "er_locust.toml")
    assert exc.value.first_line().startswith(f"{mod / 'er_locust.toml'}: [Weapons #1] type: unknown weapon")


def test_a_mod_weapon_loads_and_fires_at_its_own_range(tmp_path):
    mod = _mod(tmp_path)
    unit = load_unit(mod / "er_locust.toml", mods=[mod])
    assert unit.weapons[0]["type"] == "er_medium_laser"
    game = run_scenario(load_scenario(_duel(tmp_path, "er_locust"), [mod]))
    attack = next(e for e in game.log.events if e["type"] == "attack")
    # 7 hexes: medium range for the ER medium laser (long for a medium laser is 7-9).
    assert (attack["name"], attack["band"], attack["hit"]) == ("ER Medium Laser", "medium", True)
    damage = [e for e in game.log.events if e["type"] == "damage" and e.get("unit") == "b"]
    assert sum(e["amount"] for e in damage) == 5
    assert "er_medium_laser" in game.weapons and game.weapons is not weapons()


def test_a_mod_overrides_a_shipped_weapon_for_every_unit_of_the_battle(tmp_path):
    mod = _mod(tmp_path, ER_MEDIUM + "\n[medium_laser]\nname = \"Hot Laser\"\nheat = 3\ndamage = 7\n"
                                    "min = 0\nshort = 3\nmedium = 6\nlong = 9\n")
    table = weapon_table([mod])
    assert table["medium_laser"].damage == 7 and weapons()["medium_laser"].damage == 5
    shipped_locust = load_unit(find_unit_file("locust", [mod]), mods=[mod])
    assert shipped_locust.weapon_table["medium_laser"].name == "Hot Laser"


def test_an_earlier_mod_folder_wins(tmp_path):
    first = tmp_path / "first"
    second = tmp_path / "second"
    first.mkdir()
    second.mkdir()
    (first / "weapons.toml").write_text(ER_MEDIUM)
    (second / "weapons.toml").write_text(ER_MEDIUM.replace("damage = 5", "damage = 6"))
    assert weapon_table([first, second])["er_medium_laser"].damage == 5
    assert weapon_table([second, first])["er_medium_laser"].damage == 6


def test_weapons_file_problems_name_that_file_not_a_unit(tmp_path):
    mod = _mod(tmp_path, ER_MEDIUM.replace("heat = 5\n", "").replace("tons = 1.0", "tons = 1.3"))
    with pytest.raises(DataError) as exc:
        load_scenario(_duel(tmp_path, "er_locust"), [mod])
    lines = exc.value.problems
    wfile = str(mod / "weapons.toml")
    assert f"{wfile}: [er_medium_laser] heat: required" in lines
    assert any(p.startswith(f"{wfile}: [er_medium_laser] tons:") for p in lines)
    assert not any("duel.toml" in p for p in lines)


def test_the_command_line_reports_a_bad_weapons_file_in_one_line(tmp_path):
    mod = _mod(tmp_path, "[er_medium_laser\nheat = 5\n")
    r = subprocess.run([sys.executable, "-m", "engine", "scenario", str(_duel(tmp_path, "er_locust")),
                        "--mods", str(mod)], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert r.returncode == 2 and "Traceback" not in r.stderr
    assert r.stderr.startswith(f"{mod / 'weapons.toml'}: not valid TOML")


def test_unit_problems_name_the_mod_copy_by_its_full_path(tmp_path):
    mod = tmp_path / "mod"
    mod.mkdir()
    (mod / "locust.toml").write_text((UNITS / "locust.toml").read_text().replace("head = 8", 'head = "x"'))
    scenario = _duel(tmp_path, "locust")
    with pytest.raises(DataError) as exc:
        load_scenario(scenario, [mod])
    assert f"{mod / 'locust.toml'}: [Armor] head: expected an integer" in exc.value.first_line()
    # Without the mod the shipped file is used, and it is fine.
    assert load_unit(find_unit_file("locust")).path == str(UNITS / "locust.toml")


def test_a_save_carries_the_mod_weapons_it_needs(tmp_path):
    mod = _mod(tmp_path)
    game = Game(HexMap(6, 6), "classic", 1)
    game.add_unit(load_unit(mod / "er_locust.toml", mods=[mod]), "a", "red", Hex(1, 1), 0)
    state = game.to_dict()
    assert list(state["weapons"]) == ["er_medium_laser"]
    back = Game.from_dict(state)
    assert back.weapons["er_medium_laser"] == game.weapons["er_medium_laser"]
    shipped_only = Game(HexMap(6, 6), "classic", 1)
    shipped_only.add_unit(load_unit(UNITS / "locust.toml"), "a", "red", Hex(1, 1), 0)
    assert "weapons" not in shipped_only.to_dict()


def test_a_bad_weapons_table_in_a_save_is_refused(tmp_path):
    mod = _mod(tmp_path)
    game = Game(HexMap(6, 6), "classic", 1)
    game.add_unit(load_unit(mod / "er_locust.toml", mods=[mod]), "a", "red", Hex(1, 1), 0)
    state = game.to_dict()
    state["weapons"]["er_medium_laser"]["heat"] = "hot"
    with pytest.raises(DataError, match=r"save: game.weapons: \[er_medium_laser\] heat"):
        Game.from_dict(state)


def test_one_battle_has_one_definition_of_each_weapon(tmp_path):
    mod_a = _mod(tmp_path)
    other = tmp_path / "other"
    other.mkdir()
    (other / "weapons.toml").write_text(ER_MEDIUM.replace("damage = 5", "damage = 9"))
    game = Game(HexMap(6, 6), "classic", 1)
    game.add_unit(load_unit(mod_a / "er_locust.toml", mods=[mod_a]), "a", "red", Hex(1, 1), 0)
    with pytest.raises(DataError, match="er_medium_laser is defined differently"):
        game.add_unit(load_unit(mod_a / "er_locust.toml", mods=[other]), "b", "blue", Hex(4, 4), 0)
