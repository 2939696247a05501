"""Force files and the roster (docs/forces.md): loading and refusals,
deployment into zones, scenarios and the command line starting a battle
from forces, the roster query with its filters."""
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from components import Crew, Identity, Position
from engine import deployment
from engine.errors import DataError
from engine.forces import load_force, new_battle, totals
from engine.hexgrid import parse_hex_label
from engine.paths import LEVELS, UNITS
from engine.roster import query, roster
from engine.scenario import load_scenario, run_scenario
from tests.megamek_facts import SAMPLES

ROOT = Path(__file__).resolve().parent.parent
FORCES = ROOT / "docs" / "examples" / "forces"
RED, BLUE = FORCES / "red_lance.toml", FORCES / "blue_lance.toml"
HEADLESS = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}


def write(tmp_path, text: str, name: str = "force.toml") -> Path:
    path = tmp_path / name
    path.write_text(text)
    return path


def test_a_force_file_names_units_sides_skills_and_start_hexes():
    force = load_force(BLUE)
    assert force.name == "Blue Anvil lance"
    assert [u.data.name for u in force.units] == ["Hatchetman HCT-3F", "Shadow Hawk SHD-2H",
                                                 "Manticore Heavy Tank", "Warrior H-7 Attack Helicopter"]
    assert {u.side for u in force.units} == {"blue"}
    tank = force.units[2]
    assert (tank.at, tank.facing, tank.overrides) == (parse_hex_label("0604"), 3, {"driving": 4})


@pytest.mark.parametrize("text,expected", [
    ('side = "red"\n[[unit]]\nfile = "atlas"\ngunnery = 12\n',
     "force.toml: unit[1].gunnery: expected an integer from 0 to 8, got 12"),
    ('[[unit]]\nfile = "atlas"\n', "force.toml: unit[1].side: required (here or at the top of the force file)"),
    ('side = "red"\n[[unit]]\nfile = "nosuch"\n', "force.toml: unit[1].file: unit file 'nosuch' not found"),
    ('side = "red"\n[[unit]]\nfile = "atlas"\nat = "9"\n', "force.toml: unit[1].at: expected a hex number"),
    ('side = "red"\n[[unit]]\nfile = "atlas"\ncolour = "red"\n', "force.toml: unit[1].colour: unknown key"),
    ('side = "red"\n', "force.toml: unit: a force needs at least one [[unit]]"),
    ('side = "red"\n[[unit]]\nfile = "atlas"\nskill = 3\n', "force.toml: unit[1].skill: only Alpha Strike cards"),
    ('side = "red"\n[[unit]]\nfile = "loki"\ngunnery = 3\n', "force.toml: unit[1].gunnery: an Alpha Strike card"),
    ('side = "red"\n[[unit\n', "force.toml: not valid TOML"),
])
def test_bad_force_files_are_refused_naming_the_field(tmp_path, text, expected):
    path = write(tmp_path, text)
    with pytest.raises(DataError) as exc:
        load_force(path)
    assert exc.value.first_line().startswith(str(path)) and expected.split("force.toml")[1] in exc.value.first_line()


def test_a_unit_that_cannot_be_built_is_refused_in_the_force(tmp_path):
    mod = tmp_path / "mod"
    mod.mkdir()
    (mod / "atlas.toml").write_text((UNITS / "atlas.toml").read_text().replace("head = 9", "head = 12")
                                    .replace("center_torso = 47", "center_torso = 44"))
    path = write(tmp_path, 'side = "red"\n[[unit]]\nfile = "atlas"\n')
    with pytest.raises(DataError) as exc:
        load_force(path, [mod])
    assert exc.value.first_line() == (f"{path}: unit[1].file: {mod / 'atlas.toml'}: [Armor] head: 12 points, "
                                      f"the head takes at most 9")


def test_totals_per_side():
    units = load_force(RED).units + load_force(BLUE).units
    t = totals(units)
    assert (t["red"]["units"], t["red"]["tonnage"]) == (4, 100 + 70 + 65 + 20)
    # The Hatchetman and the Manticore have Alpha Strike cards of the same name (PV 26 + 30).
    assert (t["blue"]["pv"], t["blue"]["pv_missing"]) == (56, 2)


def test_AS_PV_1_a_cards_total_is_at_its_skill(tmp_path):
    """AS-PV-1: a Hatchetman card (PV 26) at skill 2 counts 36, at skill 6 20."""
    path = write(tmp_path, 'name = "cards"\nside = "blue"\n[[unit]]\nfile = "hatchetman_as.toml"\nskill = 2\n'
                           '[[unit]]\nfile = "hatchetman_as.toml"\nskill = 6\n')
    assert totals(load_force(path).units)["blue"]["pv"] == 36 + 20


def test_a_battle_on_a_level_deploys_the_forces_into_its_zones():
    level = LEVELS / "skirmish.tmx"
    game = new_battle(level, [RED, BLUE], seed=3)
    assert sorted(game.units) == ["blue_hatchetman", "blue_manticore", "blue_shadow_hawk", "blue_warrior",
                                  "red_atlas", "red_grasshopper", "red_jagermech", "red_locust"]
    assert game.get("red_atlas", Crew).gunnery == 3 and game.get("red_atlas", Crew).piloting == 4
    assert game.get("blue_manticore", Position).hex == parse_hex_label("0604")
    zones = game.deployment_zones
    for uid in game.units:
        side = game.get(uid, Identity).side
        if uid != "blue_manticore":
            assert game.get(uid, Position).hex in zones[side]
    deployment.begin(game)          # the deployment step then runs in those zones
    assert deployment.current_side(game) in ("red", "blue")


def test_a_start_hex_that_cannot_take_the_unit_is_refused(tmp_path):
    path = write(tmp_path, 'side = "red"\n[[unit]]\nfile = "atlas"\nat = "0505"\n'
                           '[[unit]]\nfile = "grasshopper"\nat = "0505"\n')
    scenario = write(tmp_path, f'forces = ["{path.name}"]\n[map]\nwidth = 8\nheight = 8\n', "s.toml")
    with pytest.raises(DataError) as exc:
        load_scenario(scenario)
    assert exc.value.first_line() == f"{path}: unit[2].at: 0505 already holds Atlas AS7-D: one unit on the ground per hex"


def test_a_scenario_plays_with_force_files():
    game = run_scenario(load_scenario(ROOT / "docs" / "examples" / "forces_battle.toml"))
    assert len(game.units) == 8 and game.get("red_atlas", Position).hex.y == 8   # walked 2 north of row 11
    # Edge zones: red along the south edge, blue along the north.
    assert all(game.get(u, Position).hex.y >= 9 for u in game.unit_ids("red") if u != "red_atlas")
    assert all(game.get(u, Position).hex.y <= 1 for u in game.unit_ids("blue") if u != "blue_manticore")


def test_a_scenario_force_path_stays_inside_allowed_folders(tmp_path):
    scenario = write(tmp_path, 'forces = ["../../../etc/passwd"]\n[map]\nwidth = 8\nheight = 8\n', "s.toml")
    with pytest.raises(DataError, match="leads outside"):
        load_scenario(scenario)


def test_the_forces_command_prints_the_totals():
    """BV at each crew's skills (BV-SKILL): red Atlas 1897 x 1.32 (3/4) = 2504,
    Grasshopper 1427, JagerMech 901, Locust 432 x 1.10 (4/4) = 475; blue
    Hatchetman 854, Shadow Hawk 1064 x 1.20 (3/5) = 1277, Manticore
    993 x 1.10 (4/4) = 1092, Warrior 295."""
    r = subprocess.run([sys.executable, "-m", "engine", "forces", str(RED), str(BLUE), "--level",
                        str(LEVELS / "skirmish.tmx")], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr
    assert f"red: 4 units, 255 t, PV -, BV {2504 + 1427 + 901 + 475}" in r.stdout
    assert f"blue: 4 units, 181 t, PV 56 (2 units without), BV {854 + 1277 + 1092 + 295}" in r.stdout


# ------------------------------------------------------------------ the roster
def test_the_roster_lists_every_shipped_unit_with_its_class_and_values():
    entries, problems = roster()
    assert problems == [] and len(entries) == len(list(UNITS.glob("*.toml")))
    by_file = {e.file: e for e in entries}
    atlas, hatchet, card = by_file["atlas.toml"], by_file["hatchetman.toml"], by_file["hatchetman_as.toml"]
    assert (atlas.type, atlas.weight_class, atlas.tonnage, atlas.pv) == ("mech", "assault", 100, None)
    assert atlas.source == "TRO 3039 - Star League"
    assert (hatchet.weight_class, hatchet.pv, card.type, card.pv) == ("medium", 26, "alpha-strike", 26)
    assert by_file["warrior.toml"].type == "vtol" and by_file["manticore.toml"].weight_class == "heavy"


def test_roster_filters_by_type_weight_class_and_name():
    entries, _ = roster()
    assert {e.name for e in query(entries, type="vtol")} == {"Ferret Light Scout VTOL", "Karnov UR Transport",
                                                             "Warrior H-7 Attack Helicopter"}
    lights = query(entries, type="mech", weight_class="light")
    assert lights and all(20 <= e.tonnage <= 35 for e in lights)
    assert [e.file for e in query(entries, name="hawk")] == ["phoenix_hawk.toml", "shadow_hawk.toml"]


def test_a_mod_unit_replaces_the_shipped_one_in_the_roster(tmp_path):
    (tmp_path / "atlas.toml").write_text((UNITS / "atlas.toml").read_text().replace(
        'name = "Atlas AS7-D"', 'name = "Atlas AS7-D (mod)"'))
    entries, _ = roster([tmp_path])
    atlases = [e for e in entries if e.file == "atlas.toml"]
    assert [e.name for e in atlases] == ["Atlas AS7-D (mod)"] and atlases[0].path == str(tmp_path / "atlas.toml")


@pytest.mark.skipif(not SAMPLES.is_dir(), reason="the MegaMek samples (../shared/megamek) are absent")
def test_megamek_files_in_a_mod_folder_are_in_the_roster():
    entries, problems = roster([SAMPLES])
    mtf = [e for e in entries if e.file.endswith((".mtf", ".blk"))]
    assert len(mtf) == 61 and len(problems) == 3
    assert any("Atlas AS7-K: unsupported equipment: XL Engine" in p for p in problems)
    r = subprocess.run([sys.executable, "-m", "engine", "roster", "--mods", str(SAMPLES), "--type", "vtol",
                        "--json"], cwd=ROOT, capture_output=True, text=True, timeout=60)
    out = json.loads(r.stdout)
    assert len(out["units"]) == 6 and len(out["problems"]) == 3


def test_hexmech_starts_a_battle_from_force_files(tmp_path):
    shot = tmp_path / "deploy.png"
    r = subprocess.run([sys.executable, "-m", "engine", "play", str(LEVELS / "skirmish.tmx"), "--force", str(RED),
                        "--force", str(BLUE), "--screenshot", str(shot), "--demo", "deploy"], cwd=ROOT,
                       capture_output=True, text=True, timeout=120,
                       env=HEADLESS)
    assert r.returncode == 0, r.stderr
    assert shot.stat().st_size > 10_000
    bad = write(tmp_path, 'side = "red"\n[[unit]]\nfile = "nosuch"\n')
    r = subprocess.run([sys.executable, "-m", "engine", "play", str(LEVELS / "skirmish.tmx"), "--force", str(bad),
                        "--screenshot", str(shot)], cwd=ROOT, capture_output=True, text=True, timeout=120,
                       env=HEADLESS)
    assert r.returncode == 2 and r.stderr.strip().endswith("unit file 'nosuch' not found (looked in the mod "
                                                            "folders and assets/units/)")
