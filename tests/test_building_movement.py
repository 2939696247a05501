"""Units moving into building hexes (rules/buildings.md B-MOVE, B-VEH,
B-COLL during movement; worked examples 1, 2, 3, 4 and 7): MP by class,
the entry roll with its class and hexes-moved modifiers, a failed roll's
damage without a fall, the building's damage from every entry, a collapse
at once at CF 0."""
from __future__ import annotations

import pytest

from components import Armor, Crew, Position, Status
from engine.hexgrid import parse_hex_label
from engine.hexmap import Terrain
from systems.classic import buildings
from systems.common.movement import plan
from tests.physical_helpers import add, events, make_game, move, set_tons, to_weapon_phase

H = parse_hex_label


def building(klass=None, height=2, cf=None, level=0) -> dict:
    return {"terrain": "building", "building": height, "level": level,
            **({"building_class": klass} if klass else {}), **({"cf": cf} if cf is not None else {})}


def mech_game(hexes, forced=None, tons=65, piloting=5, at="0506"):
    game = make_game(forced=forced or {}, hexes=hexes)
    add(game, "m", "grasshopper", "red", at, 0, piloting=piloting)
    add(game, "e", "jagermech", "blue", "0101", 3)
    set_tons(game, "m", tons)
    return game, game.units["m"]


def cf(game, label):
    return game.map.terrain(H(label)).construction_factor


def psrs(game, uid="m"):
    return events(game, "psr", unit=uid, reason=buildings.ENTRY)


# --------------------------------------------------------------------- B-MOVE-1 MP
@pytest.mark.parametrize("klass, mp", [("light", 2), ("medium", 3), ("heavy", 4), ("hardened", 5)])
def test_B_MOVE_1_entering_costs_one_plus_the_class_extra_mp(klass, mp):
    game, m = mech_game({"0505": building(klass, height=1)})
    assert plan(game, m, "run", ["F"]).final.mp == mp


def test_B_CLASS_3_the_cost_comes_from_the_class_not_the_height_or_cf():
    game, m = mech_game({"0505": building("heavy", height=1, cf=12)})
    assert plan(game, m, "walk", ["F"]).final.mp == 4


def test_B_MOVE_1_level_change_adds_its_cost():
    game, m = mech_game({"0505": building("light", height=3, level=1)})
    assert plan(game, m, "walk", ["F"]).final.mp == 3


def test_B_MOVE_9_jumping_in_costs_one_mp_and_makes_no_entry_roll():
    game, m = mech_game({"0505": building("hardened", height=1)})
    r = plan(game, m, "jump", ["F"])
    assert r.error is None and r.final.mp == 1 and not r.psrs


# --------------------------------------------------------------------- B-MOVE-3 target number
@pytest.mark.parametrize("hexes, mod", [(1, 0), (2, 0), (3, 1), (4, 1), (5, 2), (6, 2), (7, 3), (9, 3),
                                        (10, 4), (14, 4)])
def test_B_MOVE_3_hexes_moved_modifier_bands(hexes, mod):
    assert buildings.hexes_moved_modifier(hexes) == mod


def test_B_MOVE_3_example_two_clear_hexes_then_a_medium_building_is_tn_7():
    game, m = mech_game({"0503": building("medium")}, forced={"psr": [12]})
    to_weapon_phase(game, [move("m", "run", ["F", "F", "F"])])
    (roll,) = psrs(game)
    assert roll["target"] == 7
    assert ["medium building", 1] in roll["modifiers"] and ["3 hexes moved", 1] in roll["modifiers"]


@pytest.mark.parametrize("klass, tn", [("light", 5), ("medium", 6), ("heavy", 7), ("hardened", 10)])
def test_B_CLASS_1_class_modifier_on_the_entry_roll(klass, tn):
    game, m = mech_game({"0505": building(klass)}, forced={"psr": [12]})
    to_weapon_phase(game, [move("m", "run", ["F"])])
    assert psrs(game)[0]["target"] == tn


def test_B_MOVE_2_leaving_and_turning_inside_make_no_roll():
    game, m = mech_game({"0506": building("medium")}, forced={"psr": []})
    to_weapon_phase(game, [move("m", "walk", ["L", "R", "F"])])
    assert not psrs(game)
    assert game.world.component(m, Position).hex == H("0505")


# --------------------------------------------------------------------- worked examples
def test_worked_example_1_65t_mech_walks_into_a_light_building():
    game, m = mech_game({"0504": building("light", cf=15)}, forced={"psr": [5]})
    to_weapon_phase(game, [move("m", "walk", ["F", "F"])])
    assert game.log.of_type("move")[0]["mp_spent"] == 3
    (roll,) = psrs(game)
    assert (roll["target"], roll["passed"]) == (5, True)
    (bd,) = events(game, "building_damage")
    assert (bd["hex"], bd["damage"], bd["cf_left"], bd["unit"]) == ("0504", 7, 8, "m")
    assert cf(game, "0504") == 8


def test_worked_example_2_two_light_buildings_in_a_row():
    game, m = mech_game({"0505": building("light"), "0504": building("light", cf=15),
                         "0503": building("light", cf=10)}, forced={"psr": [12, 2], "location": [7]},
                        tons=55, piloting=4, at="0506")
    game.map.set(H("0505"), Terrain("clear"))
    to_weapon_phase(game, [move("m", "run", ["F", "F", "F"])])
    assert game.log.of_type("move")[0]["mp_spent"] == 5
    first, second = psrs(game)
    assert (first["target"], second["target"]) == (4, 5)
    dmg = [e for e in events(game, "damage", unit="m") if e["cause"] == "building"]
    assert [d["amount"] for d in dmg] == [1]
    assert (cf(game, "0504"), cf(game, "0503")) == (9, 4)


def test_worked_example_3_a_failed_roll_is_damage_not_a_fall():
    game, m = mech_game({"0505": building("medium", cf=40)}, forced={"psr": [5], "location": [7]})
    armor_before = game.world.component(m, Armor).points["center_torso"]
    to_weapon_phase(game, [move("m", "walk", ["F", "F"])])
    assert psrs(game)[0]["passed"] is False and psrs(game)[0]["target"] == 6
    (hit,) = events(game, "damage", unit="m")
    assert (hit["location"], hit["amount"], hit["cause"]) == ("center_torso", 4, "building")
    assert game.world.component(m, Armor).points["center_torso"] == armor_before - 4
    assert not events(game, "fall") and not events(game, "move_stopped")
    assert not game.world.component(m, Status).prone
    assert game.world.component(m, Position).hex == H("0504")       # the move went on
    assert cf(game, "0505") == 33


def test_B_MOVE_4_backing_in_takes_the_hit_on_the_rear_column():
    game, m = mech_game({"0507": building("light", cf=15)}, forced={"psr": [2], "location": [7]})
    to_weapon_phase(game, [move("m", "walk", ["B"])])
    (hit,) = events(game, "damage", unit="m")
    assert (hit["location"], hit["amount"]) == ("center_torso_rear", 2)


def test_B_MOVE_4_D3_the_whole_amount_is_one_hit():
    game, m = mech_game({"0505": building("heavy", cf=90)}, forced={"psr": [2], "location": [7]})
    to_weapon_phase(game, [move("m", "run", ["F"])])
    assert [e["amount"] for e in events(game, "damage", unit="m")] == [9]


def test_worked_example_7_a_100t_mech_collapses_a_light_building_at_once():
    game, m = mech_game({"0505": building("light", height=1, cf=6)}, forced={"psr": [12], "location": [3]},
                        tons=100)
    to_weapon_phase(game, [move("m", "walk", ["F", "F"])])
    (bd,) = events(game, "building_damage")
    assert (bd["damage"], bd["cf_left"]) == (10, 0)
    (col,) = events(game, "collapse")
    assert (col["hex"], col["cause"], col["cf"], col["units"]) == ("0505", "damage", 6, ["m"])
    hit = [e for e in events(game, "damage", unit="m") if e["cause"] == "building collapse"]
    assert [(e["amount"], e["location"]) for e in hit] == [(1, "center_torso")]     # Punch table, 1d6 3
    assert game.map.terrain(H("0505")).terrain == "rubble" and H("0505") in game.map.collapsed
    assert game.world.component(m, Position).hex == H("0504")                       # B-COLL-5: it went on
    assert not events(game, "fall")
    kinds = [e["type"] for e in game.log.events if e["type"] in ("building_damage", "collapse", "damage")]
    assert kinds == ["building_damage", "collapse", "damage"]


def test_B_MOVE_5_the_cf_never_goes_below_zero_and_rubble_costs_rubble_mp():
    game, m = mech_game({"0505": building("light", cf=1)}, forced={"psr": [12, 12], "location": [3]})
    to_weapon_phase(game, [move("m", "walk", ["F"])])
    assert events(game, "building_damage")[0]["cf_left"] == 0
    assert game.map.terrain(H("0505")).terrain == "rubble"
    game2, m2 = mech_game({"0505": {"terrain": "rubble"}})
    assert plan(game2, m2, "walk", ["F"]).final.mp == 2


# --------------------------------------------------------------------- B-VEH
def tank_game(hexes, forced=None, unit="manticore", tons=40, driving=5):
    game = make_game(forced=forced or {}, hexes=hexes)
    add(game, "v", unit, "red", "0506", 0)
    add(game, "e", "jagermech", "blue", "0101", 3)
    set_tons(game, "v", tons)
    game.world.component(game.units["v"], Crew).piloting = driving
    return game, game.units["v"]


@pytest.mark.parametrize("unit", ["manticore", "hetzer", "savannah_master"])
def test_B_VEH_1_tracked_wheeled_and_hover_vehicles_may_enter(unit):
    game, v = tank_game({"0505": building("medium")}, unit=unit)
    r = plan(game, v, "cruise", ["F"])
    assert r.error is None and r.final.mp == 3                 # B-VEH-2: 1 + 2
    assert [p.reason for p in r.psrs] == ["building"]


def test_B_VEH_1_a_level_change_still_limits_a_vehicle():
    game, v = tank_game({"0505": building("light", level=2)})
    assert "one level" in plan(game, v, "cruise", ["F"]).error


def test_B_VEH_4_5_example_a_40t_tank_fails_entering_a_medium_building():
    """B-VEH-4 (ceil(30/10) = 3 on T-1 Front, then T-5 at +0), B-VEH-5 (the CF 30 - ceil(40/10) = 26)."""
    game, v = tank_game({"0504": building("medium", cf=30)}, forced={"psr": [3], "location": [6], "motive": [5]})
    to_weapon_phase(game, [move("v", "cruise", ["F", "F"])])
    (roll,) = events(game, "psr", unit="v")
    assert (roll["reason"], roll["target"], roll["passed"], roll["skill"]) == (buildings.ENTRY, 6, False, "driving")
    (hit,) = events(game, "damage", unit="v")
    assert (hit["location"], hit["amount"], hit["cause"]) == ("front", 3, "building")
    (mot,) = events(game, "motive", unit="v")
    assert (mot["roll"], mot["total"], mot["result"]) == (5, 5, "none")
    assert events(game, "building_damage")[0]["cf_left"] == 26
    assert game.world.component(v, Position).hex == H("0504")


def test_B_VEH_3_the_driving_roll_has_the_class_and_hexes_moved_modifiers():
    game, v = tank_game({"0503": building("heavy")}, forced={"psr": [12]}, unit="hetzer")
    to_weapon_phase(game, [move("v", "flank", ["F"] * 3)])
    (roll,) = events(game, "psr", unit="v")
    assert ["heavy building", 2] in roll["modifiers"] and ["3 hexes moved", 1] in roll["modifiers"]
    assert roll["target"] == 5 + 2 + 1


def test_B_VEH_1_a_wige_may_not_enter():
    from systems.vehicles.terrain import prohibited_reason
    assert prohibited_reason("wige", Terrain("building", building=1)) == "a WiGE cannot fly into a building"


# --------------------------------------------------------------------- B-PHYS-5
def test_B_PHYS_5_example_a_mech_pushed_into_a_medium_building_rolls_at_once():
    from tests.physical_helpers import phys, play, two_mechs
    game = two_mechs("0505", 0, 0, 3, forced={"to_hit": [12], "psr": [12, 12]},
                     hexes={"0503": building("medium", cf=40)}, t_over={"piloting": 5})
    set_tons(game, "t", 65)
    play(game, [phys("a", "push", "t")])
    entry, pushed = events(game, "psr", unit="t")
    assert (entry["reason"], entry["target"]) == (buildings.ENTRY, 6)          # 1 hex moved: class only
    assert (pushed["reason"], pushed["target"]) == ("pushed", 5)               # at the end of the phase
    (bd,) = events(game, "building_damage")
    assert (bd["damage"], bd["cf_left"], bd["cause"]) == (7, 33, "displaced into by t")
    kinds = [e["type"] for e in game.log.events if e["type"] in ("displace", "psr", "building_damage")]
    assert kinds[:3] == ["displace", "psr", "building_damage"]


def test_B_PHYS_5_a_tank_displaced_into_a_building_makes_its_driving_roll():
    from engine.hexgrid import direction_to
    from systems.classic import displacement
    game, v = tank_game({"0505": building("light", cf=15)}, forced={"psr": [12]})
    game.start_turn(["red", "blue"])
    displacement.displace(game, v, direction_to(H("0506"), H("0505")), "push")
    (roll,) = events(game, "psr", unit="v")
    assert (roll["reason"], roll["skill"], roll["target"]) == (buildings.ENTRY, "driving", 5)
    assert events(game, "building_damage")[0]["cf_left"] == 11
