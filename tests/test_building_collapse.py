"""Damage to buildings and their collapse (rules/buildings.md B-DMG, B-COLL,
B-VTOL; worked example 8): the phase CF, collapse at the end of an attack
phase, collapse damage by floor, falls with the roof, rubble, the weight
on a roof; the scenario output's `buildings`."""
from __future__ import annotations

import pytest

from components import Altitude, Position, Status
from engine.hexgrid import parse_hex_label
from systems.classic import buildings
from tests.physical_helpers import (add, events, make_game, move, physical_phase, set_tons, to_weapon_phase,
                                    weapon_phase)

H = parse_hex_label


def building(klass="light", height=2, cf=None, level=0) -> dict:
    return {"terrain": "building", "building": height, "level": level, "building_class": klass,
            **({"cf": cf} if cf is not None else {})}


# --------------------------------------------------------------------- B-COLL-3 numbers
@pytest.mark.parametrize("cf, height, floor, unit_height, damage", [
    (8, 2, 0, 2, 1),        # a mech on the ground floor of a height-2 building, CF 8
    (37, 4, 0, 2, 8),       # height 4, CF 37: 4 x 2
    (15, 2, 2, 1, 2),       # a VTOL on a light roof at CF 15
    (15, 1, 0, 2, 2),       # a mech sticking out of a height-1 building: multiplier 1
    (7, 5, 0, 1, 4),        # D8: round first, ceil(0.7) x 4
])
def test_B_COLL_3_collapse_damage(cf, height, floor, unit_height, damage):
    assert buildings.collapse_damage(cf, height, floor, unit_height) == damage


# --------------------------------------------------------------------- B-DMG
def test_B_DMG_1_damage_lowers_the_cf_point_for_point_never_below_zero():
    game = make_game(hexes={"0505": building(cf=12)})
    game.start_turn(["red", "blue"])
    game.start_phase("weapon")
    buildings.damage_building(game, H("0505"), 5, "test")
    assert game.map.terrain(H("0505")).construction_factor == 7
    buildings.damage_building(game, H("0505"), 50, "test")
    assert game.map.terrain(H("0505")).construction_factor == 0
    assert [e["cf_left"] for e in events(game, "building_damage")] == [7, 0]


def test_B_DMG_3_the_phase_cf_is_kept_until_the_phase_ends():
    game = make_game(hexes={"0505": building(cf=40)})
    add(game, "a", "grasshopper", "red", "0101", 3)
    add(game, "b", "jagermech", "blue", "0909", 0)
    to_weapon_phase(game)

    def hits(g):
        buildings.damage_building(g, H("0505"), 5, "test")
        buildings.damage_building(g, H("0505"), 5, "test")
        assert buildings.phase_cf(g, H("0505")) == 40 and buildings.absorption(g, H("0505")) == 4
    weapon_phase(game, during=hits)
    assert game.map.phase_cf == {}
    assert buildings.phase_cf(game, H("0505")) == 30 and buildings.absorption(game, H("0505")) == 3


def test_B_CLASS_3_damage_keeps_the_class():
    game = make_game(hexes={"0505": {"terrain": "building", "building": 3}})      # heavy by its height
    buildings.damage_building(game, H("0505"), 80, "test")
    t = game.map.terrain(H("0505"))
    assert (t.building_type, t.construction_factor) == ("heavy", 10)


# --------------------------------------------------------------------- B-COLL-1 end of phase
def test_B_COLL_1_worked_example_6_a_building_at_cf_0_collapses_when_the_phase_ends():
    game = make_game(hexes={"0505": building(cf=8)}, forced={"location": [3]})
    add(game, "in", "grasshopper", "red", "0505", 0)
    add(game, "b", "jagermech", "blue", "0909", 0)
    set_tons(game, "in", 65)
    to_weapon_phase(game)

    def shots(g):
        buildings.damage_building(g, H("0505"), 5, "medium_laser by b", "b")
        buildings.damage_building(g, H("0505"), 5, "medium_laser by b", "b")
        assert g.map.terrain(H("0505")).building and not events(g, "collapse")
    weapon_phase(game, during=shots)
    (col,) = events(game, "collapse")
    assert (col["hex"], col["cause"], col["cf"], col["units"]) == ("0505", "damage", 8, ["in"])
    hit = [e for e in events(game, "damage", unit="in") if e["cause"] == "building collapse"]
    assert [e["amount"] for e in hit] == [1]
    assert not events(game, "fall", unit="in")                    # B-COLL-4: the ground floor does not fall
    assert game.map.terrain(H("0505")).terrain == "rubble"
    assert game.map.building_summary()["0505"] == {"class": "light", "height": 2, "cf": 0, "collapsed": True}


def test_B_COLL_6_rubble_keeps_the_ground_level_and_no_longer_blocks():
    from systems.common.line_of_sight import line_of_sight
    game = make_game(hexes={"0505": building("heavy", height=3, cf=5, level=1)})
    a = add(game, "a", "grasshopper", "red", "0507", 0)
    b = add(game, "b", "jagermech", "blue", "0503", 3)
    assert not line_of_sight(game, a, b).clear
    buildings.collapse(game, H("0505"), "damage")
    t = game.map.terrain(H("0505"))
    assert (t.terrain, t.level, t.building, t.construction_factor) == ("rubble", 1, 0, 0)


# --------------------------------------------------------------------- roofs (B-VTOL, B-COLL-2/4)
def vtol_over(hexes, forced, tons=30):
    game = make_game(height=12, forced=forced, hexes=hexes)
    add(game, "heli", "warrior", "red", "0506", 0, altitude=3)
    add(game, "e", "jagermech", "blue", "0101", 3)
    set_tons(game, "heli", tons)
    return game, game.units["heli"]


def test_B_VTOL_3_an_equal_weight_holds():
    game, v = vtol_over({"0505": building(height=2, cf=10)}, {}, tons=10)
    to_weapon_phase(game, [move("heli", "cruise", ["F", "land"])])
    assert game.world.component(v, Altitude).level == 2
    assert not events(game, "collapse")


def test_worked_example_8_a_30t_vtol_collapses_a_light_roof_and_falls_two_levels():
    game, v = vtol_over({"0505": building(height=2, cf=15)},
                        {"location": [7, 7, 7], "fall": [1, 4]})
    to_weapon_phase(game, [move("heli", "cruise", ["F", "land"])])
    (col,) = events(game, "collapse")
    assert (col["cause"], col["cf"], col["units"]) == ("overload", 15, ["heli"])
    kinds = [(e["type"], e.get("amount", e.get("damage"))) for e in game.log.events
             if e["type"] in ("collapse", "damage", "fall")]
    assert kinds[:3] == [("collapse", None), ("damage", 2), ("fall", 9)]     # 2 on the VTOL table, then 9
    assert game.world.component(v, Altitude).level == 0
    assert not events(game, "crash")                                     # D14: no crash for the rubble
    assert game.map.terrain(H("0505")).terrain == "rubble"


def test_B_COLL_2_the_roof_is_weighed_again_when_the_cf_drops():
    game, v = vtol_over({"0505": building(height=2, cf=40)}, {"location": [7], "fall": [1, 1]}, tons=21)
    to_weapon_phase(game, [move("heli", "cruise", ["F", "land"])])
    assert not events(game, "collapse")
    weapon_phase(game, during=lambda g: buildings.damage_building(g, H("0505"), 20, "test"))
    assert events(game, "collapse")[0]["cause"] == "overload"


def test_B_COLL_units_on_the_ground_beside_a_collapse_are_untouched():
    game = make_game(hexes={"0505": building(cf=3)})
    add(game, "x", "grasshopper", "red", "0506", 0)
    add(game, "b", "jagermech", "blue", "0909", 0)
    buildings.collapse(game, H("0505"), "damage")
    assert events(game, "collapse")[0]["units"] == [] and not events(game, "damage")


# --------------------------------------------------------------------- output
def test_the_scenario_output_lists_every_building(tmp_path):
    import tomllib
    from engine.scenario import parse_scenario, result_json, run_scenario
    text = ('[map]\nwidth = 6\nheight = 6\n[[map.hex]]\nat = "0303"\nbuilding = 2\nbuilding_class = "medium"\n'
            'cf = 30\n[[unit]]\nid = "a"\ndata = "grasshopper.toml"\nside = "red"\nat = "0101"\n'
            '[[unit]]\nid = "b"\ndata = "jagermech.toml"\nside = "blue"\nat = "0606"\n')
    out = result_json(run_scenario(parse_scenario(tomllib.loads(text), tmp_path / "s.toml")))
    assert out["buildings"] == {"0303": {"class": "medium", "height": 2, "cf": 30, "collapsed": False}}
