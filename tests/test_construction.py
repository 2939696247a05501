"""Construction checks (TechManual standard rules, docs/units.md): armor
maximums, mass within tonnage, critical slots, vehicle parts. Every shipped
unit and every canon unit passes; illegal units are refused with the figures."""
from pathlib import Path

import pytest

from engine import construction as c
from engine.errors import DataError
from engine.paths import UNITS
from engine.unit_loader import load_unit, parse_unit
from engine.scenario import load_scenario
from tests.helpers import without_criticals

SHARED = Path(__file__).resolve().parents[2] / "shared"
EXAMPLE_UNITS = sorted((SHARED / "examples" / "units").glob("*.toml"))


def unit(name: str, *edits: tuple[str, str]):
    text = without_criticals((UNITS / name).read_text())
    for old, new in edits:
        assert old in text, old
        text = text.replace(old, new, 1)
    return parse_unit(text, name)


def figures(u) -> dict[str, float]:
    return {name: tons for name, tons in c.mass_items(u)}


@pytest.mark.parametrize("path", sorted(UNITS.glob("*.toml")), ids=lambda p: p.name)
def test_every_shipped_unit_can_be_built(path):
    assert c.problems(parse_unit(path.read_text(), path.name)) == []


@pytest.mark.skipif(not EXAMPLE_UNITS, reason="the shared examples (../shared/examples/units) are absent")
def test_every_example_unit_can_be_built():
    for path in EXAMPLE_UNITS:
        try:
            u = parse_unit(path.read_text(), path.name)
        except DataError:
            continue                # bad_armor.toml: a format error on purpose
        assert c.problems(u) == [], path.name


# ------------------------------------------------------------------ part weights (TechManual tables)
@pytest.mark.parametrize("rating,tons", [(60, 1.5), (160, 6.0), (180, 7.0), (240, 11.5), (280, 16.0),
                                         (300, 19.0), (310, 20.5), (400, 52.5)])
def test_fusion_engine_weights(rating, tons):
    assert c.fusion_weight(rating) == tons


def test_the_atlas_spends_exactly_its_100_tons():
    f = figures(load_unit(UNITS / "atlas.toml"))
    assert f["structure"] == 10 and f["engine 300 fusion"] == 19 and f["gyro"] == 3 and f["cockpit"] == 3
    assert f["heat sinks 10 beyond the engine's 10"] == 10 and f["armor 304 points"] == 19
    assert sum(f.values()) == 100


def test_the_manticore_spends_exactly_its_60_tons():
    # Fusion 240 x 1.5 shielding = 17.5 t, controls 5 %, the turret a tenth
    # of its PPC, LRM 10 and SRM 6 (15 t -> 1.5 t), PPC and laser heat 13
    # less the engine's 10 free heat sinks.
    f = figures(load_unit(UNITS / "manticore.toml"))
    assert f["engine 240 fusion"] == 17.5 and f["controls"] == 3 and f["turret"] == 1.5
    assert f["heat sinks x3"] == 3 and "power amplifiers" not in f
    assert sum(f.values()) == 60


def test_an_ice_vehicle_pays_for_heat_sinks_and_power_amplifiers():
    # Condor: a 165 ICE weighs twice the 6 t fusion engine; two medium
    # lasers need 6 heat sinks and 2 t / 10 -> 0.5 t of amplifiers; lift fans 10 %.
    f = figures(load_unit(UNITS / "condor.toml"))
    assert f["engine 165 ice"] == 12 and f["heat sinks x6"] == 6 and f["power amplifiers"] == 0.5
    assert f["lift fans"] == 5 and sum(f.values()) == 50


@pytest.mark.parametrize("motive,tons,cruise,rating", [
    ("tracked", 60, 4, 240), ("hover", 50, 8, 165), ("hover", 35, 8, 105), ("vtol", 21, 8, 30),
    ("wheeled", 35, 5, 155), ("hover", 5, 13, 25),
])
def test_vehicle_engine_rating_loses_the_suspension_factor(motive, tons, cruise, rating):
    assert c.vehicle_rating(motive, tons, cruise) == rating


# ------------------------------------------------------------------ refusals with figures
def test_two_ppcs_on_a_locust_are_refused_with_the_figures():
    u = unit("locust.toml", ('type = "medium_laser"\nlocation = "center_torso"', 'type = "ppc"\nlocation = "right_torso"'),
             ('type = "machine_gun"\nlocation = "left_arm"', 'type = "ppc"\nlocation = "left_torso"'))
    assert c.problems(u) == [
        "locust.toml: 32.5 t of equipment in a 20 t chassis (structure 2 t, engine 160 fusion 6 t, gyro 2 t, "
        "cockpit 3 t, armor 64 points 4 t, PPC x2 14 t, Machine Gun 0.5 t, ammunition 1 t)"]


def test_head_and_arm_armor_beyond_the_maximum():
    u = unit("grasshopper.toml", ("head = 9", "head = 45"), ("left_arm = 22", "left_arm = 80"))
    found = c.problems(u)
    assert "grasshopper.toml: [Armor] head: 45 points, the head takes at most 9" in found
    assert "grasshopper.toml: [Armor] left_arm: 80 points, at most 22 (twice the 11 points of internal " \
           "structure)" in found


def test_torso_front_and_rear_share_the_maximum():
    u = unit("atlas.toml", ("center_torso_rear = 14", "center_torso_rear = 20"))
    assert c.problems(u) == ["atlas.toml: [Armor] center_torso: 47 + 20 rear points, at most 62 (twice the 31 "
                             "points of internal structure)"] + [p for p in c.problems(u) if "equipment" in p]


def test_four_ac20s_in_a_locust_arm_do_not_fit():
    text = (UNITS / "locust.toml").read_text()
    text = text[:text.index("[[Weapons]]")] + '[[Weapons]]\ntype = "ac_20"\nlocation = "right_arm"\n' * 4
    found = c.problems(parse_unit(text, "locust.toml"))
    assert "locust.toml: critical slots: right_arm needs 40 slots, has 10 free (AC/20 x4 40)" in found
    assert any(p.startswith("locust.toml: 73 t of equipment in a 20 t chassis") for p in found)


def test_movement_and_heat_sinks():
    u = unit("locust.toml", ("walk = 8", "walk = 8\njump = 9"))
    assert "locust.toml: [Movement] jump: jump 9 above walk 8: jump jets give at most the walking MP" \
        in c.problems(u)
    u = unit("atlas.toml", ("walk = 3", "walk = 5"), ("count = 20", "count = 8"))
    found = c.problems(u)
    assert "atlas.toml: [Movement] walk: walk 5 x 100 t needs a 500-rated engine; standard fusion engines are " \
           "rated 10 to 400" in found
    assert "atlas.toml: [HeatSinks] count: 8 heat sinks: a fusion engine needs at least 10" in found


def test_a_mech_bin_holds_a_ton():
    u = unit("atlas.toml", ("shots = 15", "shots = 30"))
    assert "atlas.toml: [Ammo #3] shots: 30 shots of srm_6 in one bin: a mech's bin (one critical slot) " \
           "holds a ton, 15 shots" in c.problems(u)


def test_vehicle_limits():
    u = unit("condor.toml", ("front = 30", "front = 150"))
    assert "condor.toml: [Armor]: 216 points, a 50 t vehicle takes at most 215 (3.5 x tons + 40)" in c.problems(u)
    u = unit("warrior.toml", ("rotor = 2", "rotor = 4"))
    assert "warrior.toml: [Armor] rotor: 4 points, a rotor takes at most 2" in c.problems(u)
    u = unit("condor.toml", ("tonnage = 50", "tonnage = 60"))
    assert "condor.toml: tonnage: 60 t, a hover vehicle weighs at most 50 t" in c.problems(u)


def test_the_loader_and_scenarios_refuse_an_illegal_unit(tmp_path):
    bad = tmp_path / "locust.toml"
    bad.write_text((UNITS / "locust.toml").read_text().replace("head = 8", "head = 12")
                   .replace("center_torso = 10", "center_torso = 6"))
    with pytest.raises(DataError) as exc:
        load_unit(bad)
    assert exc.value.first_line() == f"{bad}: [Armor] head: 12 points, the head takes at most 9"
    scenario = tmp_path / "s.toml"
    scenario.write_text('[map]\nwidth = 4\nheight = 4\n[[unit]]\nid = "l"\ndata = "locust.toml"\nside = "red"\n'
                        'at = "0202"\n')
    with pytest.raises(DataError) as exc:
        load_scenario(scenario)
    assert "head: 12 points, the head takes at most 9" in exc.value.first_line()
