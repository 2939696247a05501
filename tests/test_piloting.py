"""Piloting skill rolls, falls, MechWarrior damage and consciousness, standing
up (rules/mech_core.md sections 9 and 11; worked examples 10, 11, 15)."""
import pytest

from components import Crew, Position, Status
from engine.hexgrid import parse_hex_label
from engine.hexmap import Terrain
from systems.common import damage
from systems.classic import piloting
from tests.physical_helpers import (add, events, make_game, move, physical_phase, set_tons,
                                    to_weapon_phase, weapon_phase)


def one_mech(forced=None, hexes=None, at="0505", facing=0, **over):
    game = make_game(forced=forced or {}, hexes=hexes or {})
    add(game, "m", "grasshopper", "red", at, facing, **over)
    add(game, "e", "jagermech", "blue", "0101", 3)
    return game, game.units["m"]


def pos(game, uid="m"):
    return game.world.component(game.units[uid], Position)


# --------------------------------------------------------------------- target numbers
def test_core_example_11_psr_target_with_hip_and_leg_damage_after_22_damage():
    """P5, left hip destroyed, right upper leg destroyed, 22 damage in the
    weapon phase: 5 + 2 + 1 + 1 = 9."""
    game, m = one_mech(forced={"psr": [9], "critical": []}, damaged=["left_hip", "right_upper_leg"])
    to_weapon_phase(game)
    weapon_phase(game, during=lambda g: damage.apply_damage(g, m, "center_torso", 22))
    psr = events(game, "psr", unit="m")
    assert len(psr) == 1
    assert psr[0]["target"] == 9 and psr[0]["passed"] is True
    assert ["left hip destroyed", 2] in psr[0]["modifiers"]


def test_20_damage_psr_needs_20_and_is_one_roll_per_phase():
    game, m = one_mech(forced={"psr": [12]})
    to_weapon_phase(game)
    weapon_phase(game, during=lambda g: damage.apply_damage(g, m, "center_torso", 19))
    assert not events(game, "psr")
    physical_phase(game, during=lambda g: [damage.apply_damage(g, m, "left_torso", 10) for _ in (1, 2)])
    psr = events(game, "psr", unit="m")
    assert len(psr) == 1 and psr[0]["target"] == 6


@pytest.mark.parametrize("damaged,structure,expected", [
    ([], {}, 5),
    (["left_foot"], {}, 6),
    (["left_upper_leg", "left_lower_leg", "left_foot"], {}, 8),
    (["left_hip", "left_upper_leg", "left_foot"], {}, 7),          # the hip replaces the leg's actuators
    (["left_hip", "right_hip"], {}, 9),
    (["left_upper_leg"], {"left_leg": 0}, 10),                       # a destroyed leg is +5 for that leg
])
def test_persistent_leg_modifiers(damaged, structure, expected):
    game, m = one_mech(damaged=damaged, structure=structure)
    th = piloting.psr_target(game, m)
    assert th.possible and th.number == expected


def test_gyro_hit_plus_three_destroyed_gyro_automatic_failure():
    game, m = one_mech()
    game.world.component(m, Status).crits.append("gyro")
    assert piloting.psr_target(game, m).number == 8
    game.world.component(m, Status).crits.append("gyro")
    assert piloting.psr_target(game, m).reason == "gyro destroyed"
    assert piloting.psr_target(game, m, for_pilot_damage=True).number == 5


def test_target_above_12_fails_without_a_roll():
    game, m = one_mech(damaged=["left_hip", "right_hip"], piloting=7)
    game.world.component(m, Status).crits.append("gyro")
    assert piloting.roll_psr(game, m, "test") is False
    assert not [r for r in game.log.of_type("roll") if r["purpose"] == "psr"]


# --------------------------------------------------------------------- end-of-phase queue
def test_first_failure_falls_and_cancels_the_rest():
    game, m = one_mech(forced={"psr": [12, 2, 12], "fall": [1], "location": [7, 7]})
    to_weapon_phase(game)
    weapon_phase(game)

    def during(g):
        for r in ("one", "two", "three"):
            piloting.queue_psr(g, m, r, 0)
    physical_phase(game, during=during)
    reasons = [e["reason"] for e in events(game, "psr", unit="m")]
    assert reasons == ["one", "two", "avoid MechWarrior damage in the fall"]
    assert events(game, "fall", unit="m")


def test_automatic_fall_needs_no_roll_and_prone_units_do_not_roll():
    game, m = one_mech(forced={"psr": [12], "fall": [1], "location": [7, 7]})
    to_weapon_phase(game)

    def during(g):
        piloting.queue_psr(g, m, "kicked", 0)
        piloting.queue_automatic_fall(g, m, "gyro destroyed")
    weapon_phase(game, during=during)
    psr = events(game, "psr", unit="m")
    assert psr[0]["automatic"] and psr[0]["roll"] is None
    assert psr[1]["reason"].startswith("avoid MechWarrior")
    assert len(psr) == 2
    physical_phase(game, during=lambda g: piloting.queue_psr(g, m, "pushed", 0))
    assert len(events(game, "psr", unit="m")) == 2


def test_a_destroyed_leg_is_an_automatic_fall():
    game, m = one_mech(forced={"psr": [12], "fall": [1], "location": [7, 7], "critical": [2]})
    to_weapon_phase(game)
    weapon_phase(game, during=lambda g: damage.apply_damage(g, m, "left_leg", 26 + 15))   # GHR-5H: armor 26, IS 15
    assert events(game, "psr", unit="m", reason="left leg destroyed")[0]["automatic"]
    assert game.world.component(m, Status).prone


# --------------------------------------------------------------------- falls
def test_core_example_10_fall_on_level_ground():
    """55 t fails a PSR on level ground: ceil(5.5) x 1 = 6, as 5 + 1."""
    game, m = one_mech(forced={"fall": [1], "location": [7, 7], "psr": [12]})
    set_tons(game, "m", 55)
    piloting.fall(game, m, 0, "test")
    assert events(game, "fall")[0]["damage"] == 6
    assert [d["amount"] for d in events(game, "damage", unit="m")] == [5, 1]


def test_core_example_10_fall_into_a_lower_hex_facing_4_rear_and_pilot_damage():
    """Falling 1 level: 12 as 5+5+2; facing roll 4: the opposite way, every
    cluster on the Rear column; the MechWarrior roll has no height modifier
    at 1 level; failing it is 1 damage and a consciousness roll needing 3."""
    game, m = one_mech(forced={"psr": [2, 2], "fall": [4], "location": [7, 7, 7], "consciousness": [3]},
                       hexes={"0505": Terrain(level=1)}, facing=3)
    set_tons(game, "m", 55)
    to_weapon_phase(game, [move("m", "walk", ["B"])])
    fall = events(game, "fall", unit="m")[0]
    assert fall["levels"] == 1 and fall["damage"] == 12 and fall["facing"] == 0 and fall["side"] == "rear"
    assert [(d["location"], d["amount"]) for d in events(game, "damage", unit="m")] == \
        [("center_torso_rear", 5), ("center_torso_rear", 5), ("center_torso_rear", 2)]
    pilot_psr = events(game, "psr", unit="m")[1]
    assert pilot_psr["target"] == 5 and not pilot_psr["passed"]
    assert game.world.component(m, Crew).hits == 1
    c = events(game, "consciousness", unit="m")[0]
    assert c["target"] == 3 and c["passed"] is True
    assert pos(game).hex == parse_hex_label("0504")


@pytest.mark.parametrize("face,new_facing,location", [
    (1, 0, "center_torso"), (2, 1, "right_torso"), (3, 2, "right_torso"),
    (4, 3, "center_torso_rear"), (5, 4, "left_torso"), (6, 5, "left_torso"),
])
def test_fall_facing_table(face, new_facing, location):
    game, m = one_mech(forced={"fall": [face], "location": [7], "psr": [12]})
    set_tons(game, "m", 50)
    piloting.fall(game, m, 0)
    assert pos(game).facing == new_facing
    assert events(game, "damage", unit="m")[0]["location"] == location
    assert game.world.component(m, Status).prone


def test_fall_damage_grows_with_levels_and_the_pilot_roll_with_height():
    game, m = one_mech(forced={"fall": [1], "location": [7] * 8, "psr": [12], "critical": [2] * 4})
    piloting.fall(game, m, 3)
    assert events(game, "fall")[0]["damage"] == 7 * 4
    assert events(game, "psr")[0]["target"] == 5 + 2


def test_falling_into_water_halves_the_damage():
    game, m = one_mech(forced={"fall": [1], "location": [7], "psr": [12]},
                       hexes={"0505": Terrain("water", depth=1)})
    piloting.fall(game, m, 0)
    assert events(game, "fall")[0]["damage"] == 4


# --------------------------------------------------------------------- consciousness
def test_core_example_15_consciousness_after_a_head_hit():
    game, m = one_mech(forced={"consciousness": [6], "fall": [1], "location": [7, 7], "psr": [12]})
    game.world.component(m, Crew).hits = 2
    to_weapon_phase(game)
    weapon_phase(game, during=lambda g: damage.apply_damage(g, m, "head", 1))
    c = events(game, "consciousness", unit="m")[0]
    assert c["target"] == 7 and c["passed"] is False
    assert game.world.component(m, Crew).unconscious
    assert events(game, "psr", unit="m", reason="MechWarrior unconscious")[0]["automatic"]
    assert game.world.component(m, Status).prone


@pytest.mark.parametrize("hits,target", [(1, 3), (2, 5), (3, 7), (4, 10), (5, 11)])
def test_consciousness_table(hits, target):
    game, m = one_mech(forced={"consciousness": [12]})
    game.world.component(m, Crew).hits = hits - 1
    damage.pilot_damage(game, m, 1, "test")
    assert events(game, "consciousness")[0]["target"] == target


def test_six_wounds_kill_without_a_roll():
    game, m = one_mech()
    game.world.component(m, Crew).hits = 5
    damage.pilot_damage(game, m, 1, "test")
    assert not events(game, "consciousness")
    assert game.world.component(m, Crew).killed


def test_waking_up_in_the_end_phase():
    game, m = one_mech(forced={"consciousness": [12]})
    crew = game.world.component(m, Crew)
    crew.hits, crew.unconscious = 2, True
    to_weapon_phase(game)
    weapon_phase(game)
    physical_phase(game)
    game.start_phase("end")
    game.end_phase()
    assert events(game, "consciousness", waking=True)[0]["target"] == 5
    assert not crew.unconscious


# --------------------------------------------------------------------- movement
def test_rubble_psr_failure_stops_the_move_where_it_failed():
    game, m = one_mech(forced={"psr": [2, 12], "fall": [1], "location": [7, 7]},
                       hexes={"0504": Terrain("rubble")})
    to_weapon_phase(game, [move("m", "walk", ["F", "F"])])
    psr = events(game, "psr", unit="m")[0]
    assert psr["reason"] == "entering rubble" and psr["target"] == 5
    assert pos(game).hex == parse_hex_label("0504")
    assert events(game, "move_stopped")[0]["at"] == "0504"
    assert events(game, "fall")[0]["levels"] == 0


def test_rubble_psr_passed_keeps_moving():
    game, m = one_mech(forced={"psr": [12]}, hexes={"0504": Terrain("rubble")})
    to_weapon_phase(game, [move("m", "walk", ["F", "F"])])
    assert pos(game).hex == parse_hex_label("0503")
    assert not events(game, "fall")


@pytest.mark.parametrize("terrain,target", [
    (Terrain("water", depth=1), 4), (Terrain("water", depth=2), 5), (Terrain("water", depth=3), 6),
    (Terrain("building", building=1), 5), (Terrain("building", building=2), 6),
    (Terrain("building", building=3), 7),
])
def test_terrain_entry_psr_modifiers(terrain, target):
    game, m = one_mech(forced={"psr": [12]}, hexes={"0504": terrain})
    to_weapon_phase(game, [move("m", "run", ["F"])])
    assert events(game, "psr", unit="m")[0]["target"] == target


def test_standing_up_psr_failure_stays_prone_and_falls():
    game, m = one_mech(forced={"psr": [2, 12], "fall": [1], "location": [7]}, prone=True)
    set_tons(game, "m", 50)
    to_weapon_phase(game, [move("m", "walk", ["stand", "F"])])
    assert events(game, "psr", unit="m")[0]["reason"] == "standing up"
    assert events(game, "fall")[0]["damage"] == 5
    assert game.world.component(m, Status).prone
    assert pos(game).hex == parse_hex_label("0505")


def test_standing_up_with_a_pass():
    game, m = one_mech(forced={"psr": [12]}, prone=True, damaged=["left_foot"])
    to_weapon_phase(game, [move("m", "walk", ["stand", "F"])])
    assert events(game, "psr", unit="m")[0]["target"] == 6
    assert not game.world.component(m, Status).prone
    assert pos(game).hex == parse_hex_label("0504")


def test_running_with_a_damaged_hip_makes_a_psr_at_the_end():
    game, m = one_mech(forced={"psr": [2, 12], "fall": [1], "location": [7, 7]}, damaged=["left_hip"])
    to_weapon_phase(game, [move("m", "run", ["F", "F", "F"])])
    psr = events(game, "psr", unit="m")[0]
    assert psr["reason"] == "running with a damaged hip or gyro" and psr["target"] == 7
    assert events(game, "fall")[0]["at"] == "0502"


def test_walking_with_a_damaged_hip_needs_no_psr():
    game, m = one_mech(damaged=["left_hip"])
    to_weapon_phase(game, [move("m", "walk", ["F"])])
    assert not events(game, "psr")


def test_jumping_with_leg_damage_psr_on_landing():
    game, m = one_mech(forced={"psr": [12]}, damaged=["right_foot"])
    to_weapon_phase(game, [move("m", "jump", ["F", "F"])])
    psr = events(game, "psr", unit="m")[0]
    assert psr["reason"].startswith("landing") and psr["target"] == 6


def test_backward_level_change_needs_a_psr():
    game, m = one_mech(forced={"psr": [12]}, hexes={"0506": Terrain(level=1)})
    to_weapon_phase(game, [move("m", "walk", ["B"])])
    assert events(game, "psr", unit="m")[0]["reason"] == "changing level while moving backward"
    game, m = one_mech(forced={"psr": [12]}, hexes={"0506": Terrain(level=1)})
    to_weapon_phase(game, [move("m", "walk", ["L", "L", "L", "F"])])
    assert not events(game, "psr")


def test_end_of_move_psr_failure_after_stepping_down_falls_in_place():
    game, m = one_mech(forced={"psr": [2, 12], "fall": [1], "location": [7, 7]},
                       hexes={"0504": Terrain(level=-1)}, damaged=["left_hip"])
    to_weapon_phase(game, [move("m", "run", ["F"])])
    fall = events(game, "fall", unit="m")[0]
    assert fall["levels"] == 0 and fall["damage"] == 7 and fall["at"] == "0504"


# --------------------------------------------------------------------- standing up again (core section 9)
def test_core_9_failed_stand_is_a_fall_and_the_mech_tries_again_while_mp_remain():
    # Grasshopper (walk 4): stand (2 MP) fails -> 0-level fall, ceil(70/10) = 7 damage, facing
    # 1d6 = 2 (one hexside right: now facing 1); the second stand (2 MP) passes; the move ends
    # there with all 4 MP spent, standing.
    game, m = one_mech(forced={"psr": [2, 12, 12], "fall": [2], "location": [7, 7]}, prone=True)
    to_weapon_phase(game, [move("m", "walk", ["stand", "stand"])])
    psrs = events(game, "psr", unit="m")
    assert [p["reason"] for p in psrs] == ["standing up", "avoid MechWarrior damage in the fall",
                                           "standing up"]
    assert events(game, "fall")[0]["damage"] == 7
    assert not game.world.component(m, Status).prone
    assert pos(game).facing == 1 and pos(game).hex == parse_hex_label("0505")
    from tests.physical_helpers import ts
    assert ts(game, "m").mp_spent == 4
    assert events(game, "stand_retry", unit="m")[0]["mp_spent"] == 4


def test_core_9_the_rest_of_the_path_follows_the_new_facing_after_a_failed_stand():
    # Running (6 MP): stand fails, fall facing 1d6 = 4 (turned around: now south), stand again,
    # then one step forward -- to the south now.
    game, m = one_mech(forced={"psr": [2, 12, 12], "fall": [4], "location": [7, 7]}, prone=True)
    to_weapon_phase(game, [move("m", "run", ["stand", "stand", "F"])])
    assert pos(game).hex == parse_hex_label("0506") and pos(game).facing == 3
    assert not game.world.component(m, Status).prone


def test_core_9_a_successful_first_stand_skips_the_retry_and_refunds_its_mp():
    game, m = one_mech(forced={"psr": [12]}, prone=True)
    to_weapon_phase(game, [move("m", "run", ["stand", "stand", "F"])])
    from tests.physical_helpers import ts
    assert len(events(game, "psr", unit="m")) == 1
    assert pos(game).hex == parse_hex_label("0504") and ts(game, "m").mp_spent == 3


def test_core_9_another_stand_needs_the_mp_and_a_lone_stand_when_standing_is_refused():
    game, m = one_mech(prone=True)
    game.start_turn(["red", "blue"])
    game.start_phase("movement")
    reason = game.submit(move("m", "walk", ["stand", "stand", "stand"]))    # 2 + 2 + 2 > 4
    assert reason and "another attempt to stand" in reason
    assert game.submit(move("m", "walk", ["stand", "F", "stand"])) == "the mech is already standing"


def test_core_9_both_stands_fail_the_mech_stays_prone_with_two_falls():
    game, m = one_mech(forced={"psr": [2, 12, 2, 12], "fall": [1, 1], "location": [7, 7, 7, 7]}, prone=True)
    to_weapon_phase(game, [move("m", "walk", ["stand", "stand"])])
    assert len(events(game, "fall", unit="m")) == 2
    assert game.world.component(m, Status).prone


def test_core_9_planned_rolls_list_each_psr_of_a_planned_move_with_its_target():
    """What a front end shows before a move: the rubble PSR (piloting 5, no
    modifier) where the mech enters it, then, running with a gyro hit, the
    roll judged at the end of the move at +3 (core section 9)."""
    game, m = one_mech(hexes={"0504": Terrain("rubble")})
    rolls = piloting.planned_rolls(game, m, "walk", ["F", "F"])
    assert [(t.reason, game.map.label(t.state.hex), tn) for t, tn in rolls] == [("entering rubble", "0504", 5)]
    game.world.component(m, Status).crits.append("gyro")
    rolls = piloting.planned_rolls(game, m, "run", ["F", "F"])
    assert [(t.reason, tn) for t, tn in rolls] == [("entering rubble", 8), ("running with a damaged hip or gyro", 8)]
