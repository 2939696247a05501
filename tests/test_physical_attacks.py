"""Physical attacks (rules/physical.md P-..., seed 000; rules/mech_core.md
section 4 where the seed is silent): punch, club and finding clubs, hatchet,
push, kick, charge and death from above, with the seed's worked examples."""

import pytest

from components import Actuators, Armor, Crew, Equipment, Position, Status, Structure
from engine.hexgrid import parse_hex_label
from engine.hexmap import Terrain
from systems.common import damage
from systems.classic import piloting
from systems.classic.charge import charge_damage
from systems.classic.melee import kick_damage, punch_damage
from systems.common.options import attack_options
from systems.classic.hit_location import groups
from tests.physical_helpers import (events, fire, move, nb, phys, play, set_tons, to_weapon_phase, ts,
                                    two_mechs, weapon_phase, physical_phase, add, make_game)


def attack(game, **match):
    found = events(game, "attack", **match)
    assert found, f"no attack event {match}: {game.log.of_type('refused')}"
    return found[-1]


def physical(game, attacker="a", target="t"):
    """The physical attack options, by (attack, limb)."""
    return {(o.attack, o.limb): o for o in attack_options(game, attacker, target) if o.kind == "physical"}


def mods_sum(ev):
    return sum(v for _, v in ev["modifiers"])


def at(game, uid):
    return game.world.component(game.units[uid], Position).hex.label


# ===================================================================== punch
def test_P_EX_1_core_example_1_punch_seed_worked_example():
    """Grasshopper 70 t, P5, damaged upper arm, punches a JagerMech in light
    woods on its right side; nobody moved: TN 5+0+2+1 = 8, roll 8 hits,
    damage 7 halved to 3, punch table roll 3 = center torso (also core
    worked example 1)."""
    game = two_mechs("0505", 5, 5, 0, hexes={"0404": Terrain("light_woods")},
                     forced={"to_hit": [8], "location": [3]}, a_over={"damaged": ["right_upper_arm"]})
    assert play(game, [phys("a", "punch", "t", "right")]) == [None]
    ev = attack(game, attack="punch")
    assert ev["to_hit"] == 8 and mods_sum(ev) == 8 and ev["hit"] is True
    assert ["punch", 0] in ev["modifiers"] and ["target in light woods", 1] in ev["modifiers"]
    dmg = events(game, "damage", unit="t")
    assert [(d["location"], d["amount"]) for d in dmg] == [("center_torso", 3)]
    roll = [e for e in game.log.of_type("roll") if e["purpose"] == "location"][-1]
    assert "right" in roll["for"]


def test_P_PUNCH_1_each_arm_rolls_to_hit_separately():
    game = two_mechs(forced={"to_hit": [12, 2], "location": [3]})
    play(game, [phys("a", "punch", "t", "left"), phys("a", "punch", "t", "right")])
    punches = events(game, "attack", attack="punch")
    assert [p["limb"] for p in punches] == ["left", "right"]
    assert [p["hit"] for p in punches] == [True, False]


def test_P_PUNCH_2_an_arm_that_fired_cannot_punch_but_torso_weapons_do_not_matter():
    game = two_mechs()
    to_weapon_phase(game)
    assert weapon_phase(game, [fire("a", "medium_laser#2", "t"), fire("a", "large_laser", "t")]) == [None, None]
    out = physical_phase(game, [phys("a", "punch", "t", "right"), phys("a", "punch", "t", "left")])
    assert "fired" in out[0] and "P-PUNCH-2" in out[0]
    assert out[1] is None


@pytest.mark.parametrize("target_dir,left_ok,right_ok", [
    (0, True, True),     # directly ahead: forward arc, either arm
    (1, True, True),     # front-right hex: forward arc
    (5, True, True),     # front-left hex: forward arc
    (2, False, True),    # right side arc: right arm only
    (4, True, False),    # left side arc: left arm only
    (3, False, False),   # behind
])
def test_P_PUNCH_3_arcs(target_dir, left_ok, right_ok):
    game = two_mechs(target_dir=target_dir)
    to_weapon_phase(game)
    opts = physical(game)
    assert (opts[("punch", "left")].to_hit.reason is None) == left_ok
    assert (opts[("punch", "right")].to_hit.reason is None) == right_ok
    if not right_ok and target_dir != 3:
        assert "P-PUNCH-3" in opts[("punch", "right")].to_hit.reason


def test_P_PUNCH_3_punches_follow_the_torso_twist():
    game = two_mechs(target_dir=2)
    to_weapon_phase(game)
    ts(game, "a").torso_twist = 1       # torso turned right: the target is now front-right
    opts = physical(game)
    assert opts[("punch", "left")].to_hit.reason is None


def test_P_PUNCH_4_destroyed_shoulder_cannot_punch():
    game = two_mechs(a_over={"damaged": ["left_shoulder"]})
    out = play(game, [phys("a", "punch", "t", "left")])
    assert "shoulder" in out[0] and "P-PUNCH-4" in out[0]
    assert not game.log.of_type("attack")
    assert len(events(game, "refused")) == 1


def test_P_PUNCH_6_damage_is_one_per_ten_tons_or_fraction():
    assert punch_damage(70, 0) == 7
    assert punch_damage(65, 0) == 7
    assert punch_damage(20, 0) == 2


def test_P_PUNCH_7_halvings_stack_floor_minimum_one():
    assert punch_damage(70, 1) == 3          # 3.5 -> 3
    assert punch_damage(70, 2) == 1          # 1.75 -> 1
    assert punch_damage(20, 2) == 1          # 0.5 -> 0 -> minimum 1 (X-PUNCH-1)
    assert punch_damage(100, 2) == 2


def test_P_PUNCH_7_both_arm_actuators_damaged_in_play():
    game = two_mechs(forced={"to_hit": [12], "location": [3]},
                     a_over={"damaged": ["right_upper_arm", "right_lower_arm"]})
    play(game, [phys("a", "punch", "t", "right")])
    ev = attack(game, attack="punch")
    assert ev["to_hit"] == 5 + 2 + 2
    assert events(game, "damage", unit="t")[0]["amount"] == 1


def test_P_PUNCH_8_location_by_attack_direction():
    # Attacker south of a target facing 5: the attack comes from the target's left side.
    game = two_mechs(target_facing=5, forced={"to_hit": [12], "location": [1]})
    play(game, [phys("a", "punch", "t", "right")])
    assert events(game, "damage", unit="t")[0]["location"] == "left_torso"
    game = two_mechs(target_facing=3, forced={"to_hit": [12], "location": [1]})
    play(game, [phys("a", "punch", "t", "right")])
    assert events(game, "damage", unit="t")[0]["location"] == "left_arm"


def test_P_PUNCH_9_two_punches_at_two_targets_without_secondary_modifier():
    game = make_game(forced={"to_hit": [12, 12], "location": [3, 3]})
    add(game, "a", "grasshopper", "red", "0505", 0)
    add(game, "t", "jagermech", "blue", nb("0505", 5), 3)
    add(game, "u", "jagermech", "blue", nb("0505", 1), 3)
    out = play(game, [phys("a", "punch", "t", "left"), phys("a", "punch", "u", "right")])
    assert out == [None, None]
    first, second = events(game, "attack", attack="punch")
    assert first["to_hit"] == second["to_hit"] == 5
    assert not any("secondary" in label for label, _ in second["modifiers"])


def test_P_PUNCH_10_missing_hand_is_plus_one():
    game = two_mechs(a_over={"missing": ["right_hand"]})
    to_weapon_phase(game)
    opt = physical(game)[("punch", "right")].to_hit
    assert opt.number == 6 and ["right hand missing", 1] in opt.pairs()


def test_P_PUNCH_11_missing_lower_arm_is_plus_two_instead_of_the_hand_and_halves():
    game = two_mechs(a_over={"missing": ["right_lower_arm", "right_hand"]},
                     forced={"to_hit": [12], "location": [3]})
    to_weapon_phase(game)
    opt = physical(game)[("punch", "right")].to_hit
    assert opt.number == 5 + 2
    assert not any("hand" in label for label, _ in opt.pairs())
    weapon_phase(game)
    physical_phase(game, [phys("a", "punch", "t", "right")])
    assert events(game, "damage", unit="t")[0]["amount"] == 3


def test_core_example_3_punch_against_prone_targets_by_level():
    # Same level: impossible. Target 1 level higher: allowed. 1 level lower: impossible.
    for level, ok in ((0, False), (1, True), (-1, False)):
        game = two_mechs(hexes={"0504": Terrain(level=level)}, t_over={"prone": True})
        to_weapon_phase(game)
        opt = physical(game)[("punch", "right")].to_hit
        assert (opt.reason is None) == ok, (level, opt)


def test_punch_at_a_target_one_level_up_uses_the_kick_table():
    game = two_mechs(hexes={"0504": Terrain(level=1)}, forced={"to_hit": [12], "location": [1]})
    play(game, [phys("a", "punch", "t", "right")])
    assert events(game, "damage", unit="t")[0]["location"] == "right_leg"


def test_punch_needs_an_arm_and_an_adjacent_enemy():
    game = make_game()
    add(game, "a", "grasshopper", "red", "0505", 0)
    add(game, "far", "jagermech", "blue", "0503", 3)
    add(game, "pal", "jagermech", "red", "0504", 3)
    out = play(game, [phys("a", "punch", "far", "right"), phys("a", "punch", "pal", "right"),
                      phys("a", "punch", "far")])
    assert "adjacent" in out[0] and "own side" in out[1] and "which arm" in out[2]
    assert not game.log.of_type("attack")


# ===================================================================== kick
def test_P_EX_2_kick_seed_damage_fourteen_and_target_psr():
    game = two_mechs("0505", 5, 5, 0, forced={"to_hit": [12], "location": [2], "psr": [12]})
    play(game, [phys("a", "kick", "t", "right")])
    ev = attack(game, attack="kick")
    assert ev["to_hit"] == 3 and ev["hit"]
    d = events(game, "damage", unit="t")
    assert [(x["location"], x["amount"]) for x in d] == [("right_leg", 14)]
    psr = events(game, "psr", unit="t")
    assert psr and psr[0]["reason"] == "kicked" and psr[0]["target"] == 5


def test_P_KICK_1_a_leg_whose_weapons_fired_cannot_kick():
    game = two_mechs()
    to_weapon_phase(game)
    ts(game, "a").fired_locations.append("right_leg")
    weapon_phase(game)
    out = physical_phase(game, [phys("a", "kick", "t", "right"), phys("a", "kick", "t", "left")])
    assert "P-KICK-1" in out[0] and out[1] is None


def test_P_KICK_2_both_hips_must_be_intact():
    game = two_mechs(a_over={"damaged": ["left_hip"]})
    out = play(game, [phys("a", "kick", "t", "right")])
    assert "hip" in out[0] and "P-KICK-2" in out[0]


@pytest.mark.parametrize("target_dir,ok", [(0, True), (1, True), (5, True), (2, False), (4, False), (3, False)])
def test_P_KICK_3_three_hexes_in_front_of_the_feet(target_dir, ok):
    game = two_mechs(target_dir=target_dir)
    to_weapon_phase(game)
    ts(game, "a").torso_twist = 1 if target_dir == 4 else -1     # a twisted torso changes nothing
    opt = physical(game)[("kick", "right")].to_hit
    assert (opt.reason is None) == ok


def test_core_example_4_kick_to_hit_and_damage():
    """50 t, P5, walked; target moved 5 hexes in clear: TN 5-2+1+2 = 6, damage 10."""
    game = two_mechs(forced={"to_hit": [6], "location": [1], "psr": [12]})

    def setup(g):
        ts(g, "a").mode = "walk"
        ts(g, "t").hexes_moved = 5
    set_tons(game, "a", 50)
    play(game, [phys("a", "kick", "t", "left")], setup=setup)
    ev = attack(game, attack="kick")
    assert ev["to_hit"] == 6 == mods_sum(ev) and ev["hit"]
    assert events(game, "damage", unit="t")[0]["amount"] == 10


def test_core_example_5_P_KICK_6_damaged_lower_leg_halves_and_adds_two():
    game = two_mechs(attacker="jagermech", target="grasshopper", a_over={"damaged": ["left_lower_leg"]},
                     forced={"to_hit": [12], "location": [1], "psr": [12]})
    play(game, [phys("a", "kick", "t", "left")])
    ev = attack(game, attack="kick")
    assert ["left lower leg actuator damaged", 2] in ev["modifiers"] and ev["to_hit"] == 5
    assert events(game, "damage", unit="t")[0]["amount"] == 6
    assert kick_damage(65, 2) == 3 and kick_damage(70, 0) == 14


def test_kick_foot_actuator_is_plus_one():
    game = two_mechs(a_over={"damaged": ["right_foot"]})
    to_weapon_phase(game)
    opt = physical(game)[("kick", "right")].to_hit
    assert opt.number == 5 - 2 + 1


def test_P_KICK_7_kick_table_by_direction():
    game = two_mechs(forced={"to_hit": [12], "location": [1], "psr": [12]})
    play(game, [phys("a", "kick", "t", "right")])
    assert events(game, "damage", unit="t")[0]["location"] == "right_leg"
    game = two_mechs(target_facing=5, forced={"to_hit": [12], "location": [6], "psr": [12]})
    play(game, [phys("a", "kick", "t", "right")])
    assert events(game, "damage", unit="t")[0]["location"] == "left_leg"


def test_P_KICK_8_miss_makes_the_attacker_roll_and_a_failure_falls():
    game = two_mechs("0505", 5, 5, 0, forced={"to_hit": [2], "psr": [2, 12], "location": [7, 7], "fall": [1]})
    play(game, [phys("a", "kick", "t", "left")])
    assert attack(game, attack="kick")["hit"] is False
    psr = events(game, "psr", unit="a")
    assert psr[0]["reason"] == "missed a kick" and psr[0]["passed"] is False
    fall = events(game, "fall", unit="a")[0]
    assert fall["levels"] == 0 and fall["damage"] == 7
    assert game.world.component(game.units["a"], Status).prone
    assert not events(game, "psr", unit="t")


def test_kick_against_a_prone_target_uses_the_standard_table():
    game = two_mechs(t_over={"prone": True}, forced={"to_hit": [12], "location": [12], "psr": []})
    play(game, [phys("a", "kick", "t", "right")])
    ev = attack(game, attack="kick")
    assert ["target prone", -2] in ev["modifiers"]
    assert events(game, "damage", unit="t")[0]["location"] == "head"


def test_only_one_kick_and_no_kick_with_punches():
    game = two_mechs()
    out = play(game, [phys("a", "kick", "t", "right"), phys("a", "kick", "t", "left"),
                      phys("a", "punch", "t", "left")])
    assert out[0] is None and "already" in out[1] and "already" in out[2]


# ===================================================================== push
def test_P_EX_4_push_geometry_target_moves_on_and_pusher_takes_its_hex():
    for facing in range(6):
        game = two_mechs("0505", facing, facing, 0, forced={"to_hit": [12], "psr": [12]})
        a_hex = nb("0505", facing)
        play(game, [phys("a", "push", "t")])
        assert at(game, "t") == nb(a_hex, facing)
        assert at(game, "a") == a_hex
        assert events(game, "psr", unit="t")[0]["reason"] == "pushed"
        assert not events(game, "damage")


def test_P_EX_4_a_mech_cannot_push_what_is_not_directly_ahead():
    for d in (1, 2, 3, 4, 5):
        game = two_mechs(target_dir=d)
        out = play(game, [phys("a", "push", "t")])
        assert "directly ahead" in out[0]


def test_P_PUSH_1_target_must_be_a_standing_mech():
    game = two_mechs(t_over={"prone": True})
    out = play(game, [phys("a", "push", "t")])
    assert "prone" in out[0] and "P-PUSH-1" in out[0]


def test_P_PUSH_2_a_charging_mech_cannot_be_pushed():
    game = two_mechs()
    out = play(game, [phys("a", "push", "t")], setup=lambda g: setattr(ts(g, "t"), "charge_target", "x"))
    assert "P-PUSH-2" in out[0]


def test_P_PUSH_3_no_push_after_firing_an_arm_weapon():
    game = two_mechs()
    to_weapon_phase(game)
    weapon_phase(game, [fire("a", "medium_laser", "t")])
    out = physical_phase(game, [phys("a", "push", "t")])
    assert "P-PUSH-3" in out[0]


def test_P_PUSH_5_core_example_8_damaged_shoulder_plus_two():
    """P5, walked, right shoulder destroyed, pushes a stationary mech: 5-1+1+2 = 7."""
    game = two_mechs(a_over={"damaged": ["right_shoulder"]}, forced={"to_hit": [7], "psr": [12]})
    play(game, [phys("a", "push", "t")], setup=lambda g: setattr(ts(g, "a"), "mode", "walk"))
    ev = attack(game, attack="push")
    assert ev["to_hit"] == 7 == mods_sum(ev) and ev["hit"]
    assert ["right shoulder actuator damaged", 2] in ev["modifiers"]


def test_P_PUSH_6_a_hit_does_no_damage_and_costs_no_mp():
    game = two_mechs(forced={"to_hit": [12], "psr": [2, 12], "location": [7], "fall": [1]})
    play(game, [phys("a", "push", "t")])
    assert not events(game, "damage", cause="push")
    assert ts(game, "a").mp_spent == 0
    assert events(game, "fall", unit="t")        # failed its PSR


def test_P_PUSH_7_one_push_per_target_per_turn():
    game = make_game(forced={"to_hit": [12], "psr": [12]})
    add(game, "a", "grasshopper", "red", "0505", 0)
    add(game, "b", "grasshopper", "red", nb("0504", 2), 5)
    add(game, "t", "jagermech", "blue", "0504", 3)
    out = play(game, [phys("a", "push", "t"), phys("b", "push", "t")])
    assert out[0] is None and "P-PUSH-7" in out[1]


def _mutual(to_hit):
    game = make_game(forced={"to_hit": to_hit, "psr": [12, 12]})
    add(game, "a", "grasshopper", "red", "0505", 0)
    add(game, "t", "jagermech", "blue", "0504", 3)
    out = play(game, [phys("a", "push", "t"), phys("t", "push", "a")])
    assert out == [None, None]
    return game


def test_P_PUSH_8_mutual_push_both_miss():
    game = _mutual([2, 2])
    assert at(game, "a") == "0505" and at(game, "t") == "0504"
    assert not game.log.of_type("psr") and not game.log.of_type("displace")


def test_P_PUSH_8_mutual_push_both_hit():
    game = _mutual([12, 12])
    assert at(game, "a") == "0505" and at(game, "t") == "0504"
    assert sorted(e["unit"] for e in game.log.of_type("psr")) == ["a", "t"]
    assert not game.log.of_type("displace")


def test_P_PUSH_8_mutual_push_one_hits():
    game = _mutual([12, 2])
    assert at(game, "t") == "0503" and at(game, "a") == "0504"
    assert [e["unit"] for e in game.log.of_type("psr")] == ["t"]


def test_P_PUSH_9_prohibited_hex_nobody_moves_but_the_psr_happens():
    game = two_mechs(hexes={"0503": Terrain(level=2)}, forced={"to_hit": [12], "psr": [12]})
    play(game, [phys("a", "push", "t")])
    assert at(game, "a") == "0505" and at(game, "t") == "0504"
    assert events(game, "psr", unit="t", reason="pushed")
    assert not game.log.of_type("displace")


def test_P_PUSH_9_two_levels_down_is_an_accidental_fall_and_the_pusher_advances():
    game = two_mechs(hexes={"0503": Terrain(level=-2)},
                     forced={"to_hit": [12], "fall": [1], "location": [7, 7, 7, 7], "psr": [12]})
    play(game, [phys("a", "push", "t")])
    fall = events(game, "fall", unit="t")[0]
    assert fall["levels"] == 2 and fall["damage"] == 7 * 3
    assert at(game, "t") == "0503" and at(game, "a") == "0504"
    assert game.world.component(game.units["t"], Status).prone


def test_P_PUSH_4_the_feet_decide_not_a_twisted_torso():
    """Directly ahead of the feet: a push even with the torso twisted away;
    ahead of the twisted torso but not of the feet: no push."""
    game = two_mechs(forced={"to_hit": [12], "psr": [12]})
    out = play(game, [phys("a", "push", "t")], setup=lambda g: setattr(ts(g, "a"), "torso_twist", 1))
    assert out == [None] and at(game, "t") == "0503"
    game = two_mechs(target_dir=1)
    out = play(game, [phys("a", "push", "t")], setup=lambda g: setattr(ts(g, "a"), "torso_twist", 1))
    assert "P-PUSH-4" in out[0]


def test_push_target_must_be_at_the_same_level():
    game = two_mechs(hexes={"0504": Terrain(level=1)})
    out = play(game, [phys("a", "push", "t")])
    assert "same level" in out[0]


# ===================================================================== club and finding clubs
def test_P_FIND_1_a_blown_off_limb_stays_in_the_hex_as_a_club():
    game = two_mechs()
    to_weapon_phase(game)
    damage.destroy_location(game, game.units["t"], "left_arm", cause="blown off")
    assert game.map.clubs[parse_hex_label("0504")] == ["left_arm of t"]


def test_P_FIND_1_a_side_torso_takes_its_arm_and_the_arm_lies_in_the_hex():
    game = two_mechs()
    to_weapon_phase(game)
    t = game.units["t"]
    armor = game.world.component(t, Armor).points["right_torso"]
    damage.apply_damage(game, t, "right_torso", armor + 15)
    assert game.world.component(t, Structure).points["right_arm"] == 0
    assert "right_arm of t" in game.map.clubs[parse_hex_label("0504")]


def test_P_FIND_2_pick_up_a_limb_then_no_attack_that_turn():
    game = two_mechs()
    game.map.clubs[parse_hex_label("0505")] = ["left_arm of x"]
    out = play(game, [phys("a", "pick_up_club", source="limb"), phys("a", "punch", "t", "left")])
    assert out[0] is None and "P-FIND-2" in out[1]
    assert game.world.component(game.units["a"], Equipment).club == "left_arm of x"
    assert parse_hex_label("0505") not in game.map.clubs


def test_P_FIND_2_no_pick_up_after_firing():
    game = two_mechs(hexes={"0505": Terrain("light_woods")})
    to_weapon_phase(game)
    weapon_phase(game, [fire("a", "large_laser", "t")])
    out = physical_phase(game, [phys("a", "pick_up_club", source="tree")])
    assert "fired" in out[0] and "P-FIND-2" in out[0]


def test_P_FIND_3_uproot_a_tree_only_in_woods():
    game = two_mechs(hexes={"0505": Terrain("heavy_woods")})
    assert play(game, [phys("a", "pick_up_club", source="tree")]) == [None]
    assert game.world.component(game.units["a"], Equipment).club == "tree"
    game = two_mechs()
    out = play(game, [phys("a", "pick_up_club", source="tree")])
    assert "no trees" in out[0]
    out = play(game, [phys("a", "pick_up_club", source="limb")])
    assert "no severed limb" in out[0]


def test_P_FIND_3_uprooting_a_tree_costs_the_turn_like_a_pickup():
    """Project decision on P-FIND-3: no attack in the turn a tree is uprooted,
    and no uprooting after an attack was declared."""
    game = two_mechs(hexes={"0505": Terrain("light_woods")})
    out = play(game, [phys("a", "pick_up_club", source="tree"), phys("a", "kick", "t", "right")])
    assert out[0] is None and "P-FIND-2" in out[1]
    game = two_mechs(hexes={"0505": Terrain("light_woods")})
    out = play(game, [phys("a", "kick", "t", "right"), phys("a", "pick_up_club", source="tree")])
    assert out[0] is None and "P-FIND-2" in out[1]


def test_seed000_severed_limb_club_from_pickup_to_swing_to_drop():
    """P-FIND-1, -2, -5, P-CLUB-3, -4: a limb lies in 0504; the Grasshopper
    walks in and picks it up (no attack that turn), clubs the next turn for
    70/5 = 14 on the standard table and keeps the limb (only a tree breaks,
    P-FIND-4); losing an arm drops the limb back in the hex."""
    game = make_game(forced={"to_hit": [12], "location": [7]})
    add(game, "a", "grasshopper", "red", "0505", 0)
    add(game, "t", "jagermech", "blue", "0503", 3)
    game.map.clubs[parse_hex_label("0504")] = ["right_arm of x"]
    to_weapon_phase(game, [move("a", "walk", ["F"])])
    weapon_phase(game)
    assert physical_phase(game, [phys("a", "pick_up_club", source="limb"),
                                 phys("a", "club", "t")])[0] is None
    assert "P-FIND-2" in events(game, "refused", unit="a")[0]["reason"]
    assert not game.log.of_type("attack")
    assert play(game, [phys("a", "club", "t")]) == [None]
    assert [(d["location"], d["amount"]) for d in events(game, "damage", unit="t")] == [("center_torso", 14)]
    eq = game.world.component(game.units["a"], Equipment)
    assert eq.club == "right_arm of x"
    damage.destroy_location(game, game.units["a"], "left_arm", cause="test")
    assert eq.club is None
    assert sorted(game.map.clubs[parse_hex_label("0504")]) == ["left_arm of a", "right_arm of x"]


def _clubber(club="tree", forced=None, **kw):
    game = two_mechs(forced=forced or {}, **kw)
    game.world.component(game.units["a"], Equipment).club = club
    return game


def test_P_CLUB_3_4_damage_per_five_tons_on_the_standard_table():
    game = _clubber(forced={"to_hit": [12], "location": [7]})
    play(game, [phys("a", "club", "t")])
    ev = attack(game, attack="club")
    assert ev["to_hit"] == 5 - 1 and ["club", -1] in ev["modifiers"]
    assert [(d["location"], d["amount"]) for d in events(game, "damage", unit="t")] == [("center_torso", 14)]


def test_P_FIND_4_a_tree_breaks_after_one_hit_but_not_after_a_miss():
    game = _clubber(forced={"to_hit": [2], "location": [7]})
    play(game, [phys("a", "club", "t")])
    assert game.world.component(game.units["a"], Equipment).club == "tree"
    game = _clubber(forced={"to_hit": [12], "location": [7]})
    play(game, [phys("a", "club", "t")])
    assert game.world.component(game.units["a"], Equipment).club is None
    assert game.log.of_type("club_destroyed")


def test_P_FIND_4_a_limb_club_does_not_break():
    game = _clubber("left_arm of x", forced={"to_hit": [12], "location": [7]})
    play(game, [phys("a", "club", "t")])
    assert game.world.component(game.units["a"], Equipment).club == "left_arm of x"


def test_P_FIND_5_a_club_occupies_both_hands():
    game = _clubber()
    out = play(game, [phys("a", "punch", "t", "left"), phys("a", "push", "t")])
    assert "club" in out[0] and "club" in out[1]


def test_P_CLUB_1_needs_hands_shoulders_unfired_arms_and_the_forward_arc():
    game = _clubber(a_over={"damaged": ["left_hand"]})
    assert "hand" in play(game, [phys("a", "club", "t")])[0]
    game = _clubber()
    to_weapon_phase(game)
    weapon_phase(game, [fire("a", "medium_laser", "t")])
    assert "fired" in physical_phase(game, [phys("a", "club", "t")])[0]
    game = _clubber(target_dir=2)
    assert "forward arc" in play(game, [phys("a", "club", "t")])[0]
    game = two_mechs()
    assert "no club" in play(game, [phys("a", "club", "t")])[0]


@pytest.mark.parametrize("damaged,missing", [(["left_shoulder"], []), (["right_shoulder"], []),
                                            (["right_hand"], []), ([], ["left_hand"])])
def test_P_CLUB_1_every_shoulder_and_hand_must_be_intact(damaged, missing):
    """P-CLUB-1 (B: "all" shoulder and hand actuators), P-CLUB-5 (a club
    needs hands): one damaged or missing shoulder or hand on either arm
    forbids the club, with a reason naming it."""
    game = _clubber(a_over={"damaged": damaged, "missing": missing})
    out = play(game, [phys("a", "club", "t")])
    part = (damaged or missing)[0].replace("_", " ")
    assert "P-CLUB-1" in out[0] and part in out[0]


def test_P_CLUB_5_plus_two_per_damaged_arm_actuator_both_arms():
    game = _clubber(a_over={"damaged": ["left_upper_arm", "right_lower_arm"]})
    to_weapon_phase(game)
    opt = physical(game)[("club", None)].to_hit
    assert opt.number == 5 - 1 + 2 + 2


# ===================================================================== hatchet
def test_core_example_9_P_WPN_3_hatchet():
    """45 t, P5, hatchet, stationary; target in heavy woods: 5-1+2 = 6, damage 9, standard table."""
    game = two_mechs(hexes={"0504": Terrain("heavy_woods")}, forced={"to_hit": [6], "location": [7]})
    game.world.component(game.units["a"], Equipment).hatchet = "right_arm"
    set_tons(game, "a", 45)
    play(game, [phys("a", "hatchet", "t")])
    ev = attack(game, attack="hatchet")
    assert ev["to_hit"] == 6 == mods_sum(ev) and ev["hit"]
    assert [(d["location"], d["amount"]) for d in events(game, "damage", unit="t")] == [("center_torso", 9)]


def test_P_WPN_2_hatchet_arm_cannot_fire_and_swing_but_a_punch_with_the_other_arm_can():
    game = two_mechs()
    game.world.component(game.units["a"], Equipment).hatchet = "right_arm"
    to_weapon_phase(game)
    weapon_phase(game, [fire("a", "medium_laser#2", "t")])
    out = physical_phase(game, [phys("a", "hatchet", "t"), phys("a", "punch", "t", "left")])
    assert "P-WPN-2" in out[0] and out[1] is None


def test_P_WPN_4_a_destroyed_hatchet_cannot_be_used():
    game = two_mechs(a_over={"damaged": ["hatchet"]})
    game.world.component(game.units["a"], Equipment).hatchet = "right_arm"
    out = play(game, [phys("a", "hatchet", "t")])
    assert "P-WPN-4" in out[0]


def test_hatchet_and_punch_share_no_arm():
    game = two_mechs()
    game.world.component(game.units["a"], Equipment).hatchet = "right_arm"
    out = play(game, [phys("a", "hatchet", "t"), phys("a", "punch", "t", "right")])
    assert out[0] is None and "right arm has already" in out[1]


# ===================================================================== charge
def charge_game(forced=None, hexes=None, path=5, mode="run", target_facing=3, **kw):
    """The charge_seed layout: jager (blue) runs north `path` hexes to stand
    below the hopper (red) and charges it."""
    game = make_game(8, 12, forced=forced or {}, hexes=hexes or {})
    add(game, "hopper", "grasshopper", "red", "0404", target_facing)
    add(game, "jager", "jagermech", "blue", nb("0405", 3, path), 0)
    order = move("jager", mode, ["F"] * path, charge="hopper", **kw)
    return game, order


def test_P_EX_3_charge_seed_damage_33_in_groups():
    assert charge_damage(65, 5) == 33
    assert groups(33) == [5, 5, 5, 5, 5, 5, 3]
    game, order = charge_game(forced={"to_hit": [12], "location": [7] * 9, "critical": [2, 2, 2],
                                      "psr": [12] * 4})
    to_weapon_phase(game, [order], initiative=("blue", "red"))
    weapon_phase(game)
    physical_phase(game)
    ev = attack(game, attack="charge")
    assert ev["to_hit"] == 7 == mods_sum(ev) and ev["hit"]
    hopper = [d["amount"] for d in events(game, "damage", unit="hopper")]
    assert hopper == [5, 5, 5, 5, 5, 5, 3]
    assert [d["amount"] for d in events(game, "damage", unit="jager")] == [5, 2]   # P-CHARGE-13: ceil(70/10)
    assert at(game, "hopper") == "0403" and at(game, "jager") == "0404"          # P-CHARGE-15
    psrs = {(e["unit"], e["reason"]): e["target"] for e in game.log.of_type("psr")}
    assert psrs[("hopper", "hit by a charge")] == 7 and psrs[("jager", "made a successful charge")] == 7


def test_core_example_7_charge_to_hit():
    """50 t, P5, ran; target P4 moved 3 hexes: 5 + 2 + 1 + (5-4) = 9."""
    game, order = charge_game(forced={"to_hit": [2]})

    def setup(g):
        ts(g, "hopper").hexes_moved = 3
    add_p = game.world.component(game.units["hopper"], Crew)
    add_p.piloting = 4
    to_weapon_phase(game, [order], initiative=("blue", "red"))
    setup(game)
    weapon_phase(game)
    physical_phase(game)
    ev = attack(game, attack="charge")
    assert ev["to_hit"] == 9 and ["piloting difference", 1] in ev["modifiers"]


def test_core_example_2_P_CHARGE_13_attacker_damage_from_target_tonnage():
    game, order = charge_game(forced={"to_hit": [12], "location": [7] * 20, "critical": [2] * 10,
                                      "psr": [12] * 4})
    set_tons(game, "jager", 50)
    set_tons(game, "hopper", 75)
    to_weapon_phase(game, [order], initiative=("blue", "red"))
    weapon_phase(game)
    physical_phase(game)
    assert sum(d["amount"] for d in events(game, "damage", unit="jager")) == 8
    assert sum(d["amount"] for d in events(game, "damage", unit="hopper")) == 25   # ceil(5 x 5)


def test_P_CHARGE_11_target_without_tonnage_uses_the_chargers_own():
    game, order = charge_game(forced={"to_hit": [12], "location": [7] * 20, "critical": [2] * 10,
                                      "psr": [12] * 4})
    set_tons(game, "hopper", 0)
    to_weapon_phase(game, [order], initiative=("blue", "red"))
    weapon_phase(game)
    physical_phase(game)
    assert sum(d["amount"] for d in events(game, "damage", unit="jager")) == 7   # ceil(65/10)


def test_P_CHARGE_1_target_must_be_directly_ahead():
    game = make_game(8, 12)
    add(game, "hopper", "grasshopper", "red", "0503", 3)
    add(game, "jager", "jagermech", "blue", "0408", 0)
    assert "directly ahead" in to_weapon_phase(game, [move("jager", "run", ["F"] * 3, charge="hopper")])[0]


def test_P_CHARGE_1_target_gone_from_ahead_at_the_start_of_the_physical_phase():
    game, order = charge_game()
    to_weapon_phase(game, [order], initiative=("blue", "red"))
    game.world.component(game.units["hopper"], Position).hex = parse_hex_label("0603")
    weapon_phase(game)
    physical_phase(game)
    ref = events(game, "attack_cancelled", unit="jager")
    assert ref and "P-CHARGE-1" in ref[0]["reason"] and not game.log.of_type("attack")
    assert not events(game, "refused")


def test_P_CHARGE_2_a_charger_makes_no_weapon_attacks():
    game, order = charge_game()
    to_weapon_phase(game, [order], initiative=("blue", "red"))
    out = weapon_phase(game, [fire("jager", "medium_laser", "hopper")])
    assert "P-CHARGE-2" in out[0]


def test_charge_is_walked_or_run_never_jumped_or_backward():
    game = make_game(8, 12)
    add(game, "hopper", "grasshopper", "red", "0404", 3)
    add(game, "jager", "grasshopper", "blue", "0406", 0)
    assert "jumping" in to_weapon_phase(game, [move("jager", "jump", ["F"], charge="hopper")])[0]
    game = make_game(8, 12)
    add(game, "hopper", "grasshopper", "red", "0404", 3)
    add(game, "jager", "jagermech", "blue", "0406", 3)
    out = to_weapon_phase(game, [move("jager", "walk", ["B", "L", "L", "L"], charge="hopper")])
    assert "backward" in out[0]


def test_P_CHARGE_5_not_enough_mp_to_enter_the_target_hex():
    game, order = charge_game(path=6, hexes={"0404": Terrain("heavy_woods")})   # 6 run MP all spent
    out = to_weapon_phase(game, [order], initiative=("blue", "red"))
    assert "P-CHARGE-5" in out[0]


def test_P_CHARGE_5_the_mp_is_spent_hit_or_miss():
    game, order = charge_game(path=4, forced={"to_hit": [2]})
    to_weapon_phase(game, [order], initiative=("blue", "red"))
    weapon_phase(game)
    physical_phase(game)
    assert ts(game, "jager").mp_spent == 5


def test_P_CHARGE_10_target_in_prohibited_terrain():
    game, order = charge_game(hexes={"0404": Terrain(level=3)})
    out = to_weapon_phase(game, [order], initiative=("blue", "red"))
    assert "P-CHARGE-10" in out[0]


def test_P_CHARGE_9_one_charge_or_dfa_per_target_and_P_CHARGE_4_chargers_are_not_charged():
    game = make_game(10, 12)
    add(game, "hopper", "grasshopper", "red", "0404", 3)
    add(game, "jager", "jagermech", "blue", "0407", 0)
    add(game, "jager2", "jagermech", "blue", "0206", 1)
    add(game, "red2", "grasshopper", "red", "0409", 0)
    to = to_weapon_phase(game, [move("jager", "walk", ["F", "F"], charge="hopper"),
                                move("jager2", "walk", ["F"], charge="hopper"),
                                move("red2", "walk", ["F", "F", "F"], charge="jager")])
    assert to[0] is None
    assert "P-CHARGE-9" in to[1]
    assert "P-CHARGE-4" in to[2]


def test_P_CHARGE_6_a_charger_that_fell_in_the_weapon_phase_misses():
    game, order = charge_game(forced={"psr": [12], "fall": [1], "location": [7, 7]})
    to_weapon_phase(game, [order], initiative=("blue", "red"))
    weapon_phase(game, during=lambda g: piloting.queue_automatic_fall(g, g.units["jager"], "test"))
    physical_phase(game)
    ev = attack(game, attack="charge")
    assert ev["hit"] is False and "P-CHARGE-6" in ev["automatic_miss"]
    assert not events(game, "damage", unit="hopper")


def test_P_CHARGE_7_a_target_that_fell_in_the_weapon_phase_cannot_be_charged():
    game, order = charge_game(forced={"psr": [12], "fall": [1], "location": [7, 7]})
    to_weapon_phase(game, [order], initiative=("blue", "red"))
    weapon_phase(game, during=lambda g: piloting.queue_automatic_fall(g, g.units["hopper"], "test"))
    physical_phase(game)
    ref = events(game, "attack_cancelled", unit="jager")
    assert ref and "P-CHARGE-7" in ref[0]["reason"] and not events(game, "refused")
    assert not events(game, "attack", attack="charge")


def test_P_CHARGE_8_a_charger_that_lost_mp_may_still_charge():
    game, order = charge_game(forced={"to_hit": [2]})
    to_weapon_phase(game, [order], initiative=("blue", "red"))
    game.world.component(game.units["jager"], Actuators).destroyed.append("left_foot")
    weapon_phase(game)
    physical_phase(game)
    assert attack(game, attack="charge")


def test_P_CHARGE_16_missed_charge_moves_beside_the_target():
    game, order = charge_game(forced={"to_hit": [2], "displacement": [2]})
    to_weapon_phase(game, [order], initiative=("blue", "red"))
    weapon_phase(game)
    physical_phase(game)
    assert at(game, "jager") in (nb("0405", 5), nb("0405", 1))
    assert at(game, "hopper") == "0404"
    assert not game.log.of_type("psr")            # P-CHARGE-18: a miss causes no PSR
    assert not game.log.of_type("damage")


def test_P_CHARGE_16_missed_charge_takes_the_only_free_side():
    game, order = charge_game(forced={"to_hit": [2]}, hexes={nb("0405", 5): Terrain(level=4)})
    to_weapon_phase(game, [order], initiative=("blue", "red"))
    weapon_phase(game)
    physical_phase(game)
    assert at(game, "jager") == nb("0405", 1)


def test_P_CHARGE_17_prohibited_displacement_nobody_moves_psrs_still():
    game, order = charge_game(forced={"to_hit": [12], "location": [7] * 9, "critical": [2] * 3,
                                      "psr": [12] * 4}, hexes={"0403": Terrain(level=2)})
    to_weapon_phase(game, [order], initiative=("blue", "red"))
    weapon_phase(game)
    physical_phase(game)
    assert at(game, "hopper") == "0404" and at(game, "jager") == "0405"
    assert events(game, "psr", unit="hopper", reason="hit by a charge")
    assert events(game, "psr", unit="jager", reason="made a successful charge")


def test_P_CHARGE_18_failed_charge_psr_falls_in_the_new_hex():
    game, order = charge_game(forced={"to_hit": [12], "location": [7] * 20, "critical": [2] * 3,
                                      "psr": [2, 12, 12], "fall": [1]})
    to_weapon_phase(game, [order], initiative=("blue", "red"))
    weapon_phase(game)
    physical_phase(game)
    fall = events(game, "fall", unit="hopper")[0]
    assert fall["at"] == "0403" and fall["levels"] == 0


# ===================================================================== death from above
def dfa_game(forced=None, **hexes):
    game = make_game(10, 10, forced=forced or {})
    add(game, "t", "jagermech", "red", "0504", 3, piloting=5)
    add(game, "d", "grasshopper", "blue", "0507", 0, piloting=4)
    set_tons(game, "d", 60)
    return game, move("d", "jump", ["F", "F"], dfa="t")


def test_core_example_6_dfa_hit():
    """60 t, P4 DFAs a P5 target that moved 4 hexes: TN 4+3+1+(4-5) = 7.
    Target 18 as 5,5,5,3 on the punch table, PSR +2; attacker 12 as 5,5,2 on
    the kick table, PSR +4."""
    game, order = dfa_game({"to_hit": [7], "location": [3] * 4 + [1] * 3, "critical": [2] * 5,
                            "psr": [12, 12]})
    assert to_weapon_phase(game, [order], initiative=("red", "blue")) == [None]
    ts(game, "t").hexes_moved = 4
    weapon_phase(game)
    physical_phase(game)
    ev = attack(game, attack="dfa")
    assert ev["to_hit"] == 7 == mods_sum(ev) and ev["hit"]
    assert [d["amount"] for d in events(game, "damage", unit="t")] == [5, 5, 5, 3]
    assert {d["location"] for d in events(game, "damage", unit="t")} == {"center_torso"}
    assert [d["amount"] for d in events(game, "damage", unit="d")] == [5, 5, 2]
    assert {d["location"] for d in events(game, "damage", unit="d")} == {"right_leg"}
    psrs = {(e["unit"], e["reason"]): e["target"] for e in game.log.of_type("psr")}
    assert psrs[("t", "hit by a death from above")] == 5 + 2
    assert psrs[("d", "made a successful death from above")] == 4 + 4
    assert at(game, "d") == "0504" and at(game, "t") == "0503"


def test_core_example_6_dfa_miss_attacker_falls_two_levels_on_its_back():
    game, order = dfa_game({"to_hit": [2], "location": [7] * 4, "psr": [12]})
    to_weapon_phase(game, [order], initiative=("red", "blue"))
    weapon_phase(game)
    physical_phase(game)
    fall = events(game, "fall", unit="d")[0]
    assert fall["levels"] == 2 and fall["damage"] == 18 and fall["side"] == "rear"
    assert [d["location"] for d in events(game, "damage", unit="d")] == ["center_torso_rear"] * 4
    assert at(game, "d") == "0504" and at(game, "t") != "0504"
    assert not [r for r in game.log.of_type("roll") if r["purpose"] == "fall"]


def test_dfa_declaration_needs_a_jump_and_the_mp_to_land():
    game, _ = dfa_game()
    out = to_weapon_phase(game, [move("d", "walk", ["F", "F"], dfa="t")], initiative=("red", "blue"))
    assert "jumping" in out[0]
    game, _ = dfa_game()
    game.world.component(game.units["d"], Position).hex = parse_hex_label("0509")
    out = to_weapon_phase(game, [move("d", "jump", ["F"] * 4, dfa="t")], initiative=("red", "blue"))
    assert "not enough jump MP" in out[0]


def test_dfa_attacker_cannot_be_punched():
    game, order = dfa_game()
    to_weapon_phase(game, [order], initiative=("red", "blue"))
    weapon_phase(game)
    out = physical_phase(game, [phys("t", "punch", "d", "left")])
    assert "death from above" in out[0]


# ===================================================================== preview and refusals
def test_the_options_list_every_physical_attack_of_a_mech_with_its_to_hit_or_a_reason():
    game = two_mechs()
    to_weapon_phase(game)
    assert list(physical(game)) == [("punch", "left"), ("punch", "right"), ("kick", "left"), ("kick", "right"),
                                    ("push", None), ("club", None)]
    game.world.component(game.units["a"], Equipment).hatchet = "right_arm"
    opts = physical(game)
    assert ("hatchet", None) in opts                  # only a mech carrying one swings a hatchet (P-WPN)
    for o in opts.values():
        assert o.to_hit.reason or o.to_hit.number == sum(m.value for m in o.to_hit.modifiers) <= 12
        assert o.reason == game.check(o.order)        # the sentence the order would be refused with
    assert opts[("kick", "left")].to_hit.number == 3
    assert "physical phase" in opts[("kick", "left")].reason


def test_a_refused_physical_order_changes_nothing():
    game = two_mechs(a_over={"damaged": ["left_shoulder"]})
    to_weapon_phase(game)
    weapon_phase(game)
    before = len(game.log.events)
    game.start_phase("physical")
    n = len(game.log.events)
    assert game.submit(phys("a", "punch", "t", "left"))
    assert [e["type"] for e in game.log.events[n:]] == ["refused"]
    assert game.turn_record.physical == []
    assert before == n


def test_a_to_hit_above_12_is_refused():
    game = two_mechs(a_over={"piloting": 8, "damaged": ["right_upper_arm", "right_lower_arm"]},
                     hexes={"0504": Terrain("heavy_woods")})

    def setup(g):
        ts(g, "a").mode = "run"
        ts(g, "t").hexes_moved = 10
    out = play(game, [phys("a", "punch", "t", "right")], setup=setup)
    assert "above 12" in out[0]


def test_prone_or_shut_down_attackers_are_refused():
    game = two_mechs(a_over={"prone": True})
    assert "prone" in play(game, [phys("a", "kick", "t", "right")])[0]
    game = two_mechs()
    game.world.component(game.units["a"], Status).shutdown = True
    assert "shut down" in play(game, [phys("a", "kick", "t", "right")])[0]


def test_attacks_are_simultaneous_a_destroyed_attacker_still_hits():
    """Both mechs kick; the first kick destroys the second kicker's leg, whose
    kick is still resolved (effects at the end of the phase)."""
    game = make_game(forced={"to_hit": [12, 12], "location": [1, 1], "critical": [2, 2], "psr": [12, 12]})
    add(game, "a", "grasshopper", "red", "0505", 0)
    add(game, "t", "jagermech", "blue", "0504", 3, armor={"right_leg": 0, "left_leg": 0})
    out = play(game, [phys("a", "kick", "t", "right"), phys("t", "kick", "a", "right")])
    assert out == [None, None]
    assert len(events(game, "attack", attack="kick", hit=True)) == 2


# ===================================================================== invariants
from hypothesis import given, settings, strategies as st  # noqa: E402


@given(st.integers(10, 100), st.integers(0, 2))
def test_P_PUNCH_7_punch_damage_bounds(tons, halvings):
    d = punch_damage(tons, halvings)
    assert 1 <= d <= -(-tons // 10)
    assert d == max(1, -(-tons // 10) // 2 ** halvings)


@given(st.integers(10, 100), st.integers(0, 30))
def test_P_CHARGE_12_charge_damage_rounds_the_product(tons, hexes):
    d = charge_damage(tons, hexes)
    assert d * 10 >= tons * hexes > (d - 1) * 10 or (hexes == 0 and d == 0)


def test_declared_attacks_survive_a_save_and_resolve_the_same():
    from engine.game import Game
    game = two_mechs(forced={"to_hit": [12], "location": [2], "psr": [12]})
    to_weapon_phase(game)
    weapon_phase(game)
    game.start_phase("physical")
    assert game.submit(phys("a", "kick", "t", "right")) is None
    copy = Game.from_dict(game.to_dict())
    game.end_phase()
    copy.end_phase()
    strip = [{k: v for k, v in e.items()} for e in game.log.events]
    assert strip == copy.log.events
    assert copy.snapshot("t")["armor"]["right_leg"] == game.snapshot("t")["armor"]["right_leg"]


def test_a_charger_that_falls_during_its_move_does_not_charge():
    game = make_game(8, 12, forced={"psr": [2, 12], "fall": [1], "location": [7, 7]},
                     hexes={"0406": Terrain("rubble")})
    add(game, "hopper", "grasshopper", "red", "0404", 3)
    add(game, "jager", "jagermech", "blue", "0407", 0)
    to_weapon_phase(game, [move("jager", "run", ["F", "F"], charge="hopper")], initiative=("blue", "red"))
    assert at(game, "jager") == "0406"
    weapon_phase(game)
    physical_phase(game)
    assert "fell during its move" in events(game, "attack_cancelled", unit="jager")[0]["reason"]
    assert not events(game, "attack", attack="charge")


def test_core_example_2_a_charger_standing_in_water_takes_half():
    """50 t charging 100 t from water: ceil(10 x 0.5) = 5."""
    game, order = charge_game(path=3, mode="run", hexes={"0405": Terrain("water", depth=1)},
                              forced={"to_hit": [12], "location": [7] * 20, "critical": [2] * 10,
                                      "psr": [12] * 6})
    set_tons(game, "jager", 50)
    set_tons(game, "hopper", 100)
    to_weapon_phase(game, [order], initiative=("blue", "red"))
    weapon_phase(game)
    physical_phase(game)
    assert sum(d["amount"] for d in events(game, "damage", unit="jager")) == 5


def test_seed000_charge_two_levels_up_is_legal_with_the_mp():
    """P-CHARGE-10, -5: the seed limits a charge only by terrain the charger
    cannot enter and by MP. A mech climbs 2 levels a hex (cost 1 + 2), so a
    JagerMech (run 6) that ran 2 hexes may charge a target 2 levels up;
    after 5 hexes it lacks the MP; 3 levels up is prohibited terrain."""
    game, order = charge_game(path=2, hexes={"0404": Terrain(level=2), "0403": Terrain(level=2)},
                              forced={"to_hit": [12], "location": [7] * 5, "critical": [2] * 3,
                                      "psr": [12] * 4})
    assert to_weapon_phase(game, [order], initiative=("blue", "red")) == [None]
    weapon_phase(game)
    physical_phase(game)
    assert [d["amount"] for d in events(game, "damage", unit="hopper")] == [5, 5, 3]   # ceil(6.5 x 2)
    assert at(game, "hopper") == "0403" and at(game, "jager") == "0404"
    game, order = charge_game(path=5, hexes={"0404": Terrain(level=2)})
    assert "P-CHARGE-5" in to_weapon_phase(game, [order], initiative=("blue", "red"))[0]
    game, order = charge_game(path=2, hexes={"0404": Terrain(level=3)})
    assert "P-CHARGE-10" in to_weapon_phase(game, [order], initiative=("blue", "red"))[0]


def test_seed000_charge_two_levels_down_uses_the_standard_table():
    """A charge down 2 levels (cost 1 + 2): damage and table as on the flat."""
    game, order = charge_game(path=2, hexes={"0404": Terrain(level=-2), "0403": Terrain(level=-2)},
                              forced={"to_hit": [12], "location": [7] * 5, "critical": [2] * 3,
                                      "psr": [12] * 4})
    assert to_weapon_phase(game, [order], initiative=("blue", "red")) == [None]
    weapon_phase(game)
    physical_phase(game)
    dmg = events(game, "damage", unit="hopper")
    assert [d["amount"] for d in dmg] == [5, 5, 3] and {d["location"] for d in dmg} == {"center_torso"}
    assert at(game, "hopper") == "0403" and at(game, "jager") == "0404"


def test_P_CHARGE_17_two_levels_down_the_target_falls_and_the_charger_advances():
    """The exception of P-CHARGE-17 (as P-PUSH-9): the hex beyond the target
    is 2 levels lower, so the target is displaced into it and falls
    (70 t: ceil(7) x 3 = 21); the charger takes the target's hex."""
    game, order = charge_game(path=2, hexes={"0403": Terrain(level=-2)},
                              forced={"to_hit": [12], "location": [7] * 20, "critical": [2] * 10,
                                      "fall": [1], "psr": [12] * 6})
    to_weapon_phase(game, [order], initiative=("blue", "red"))
    weapon_phase(game)
    physical_phase(game)
    fall = events(game, "fall", unit="hopper")[0]
    assert fall["levels"] == 2 and fall["damage"] == 21 and fall["at"] == "0403"
    assert at(game, "hopper") == "0403" and at(game, "jager") == "0404"
    assert events(game, "psr", unit="jager", reason="made a successful charge")


def test_P_CHARGE_16_the_attacking_player_chooses_left_or_right():
    """The seed: the attacking player puts a missed charger in the left or
    right hex of its forward arc (move order field charge_miss). A side
    that cannot be entered gives the other; a bad value is refused."""
    for side, expected in (("left", nb("0405", 5)), ("right", nb("0405", 1))):
        game, order = charge_game(forced={"to_hit": [2]}, charge_miss=side)
        assert to_weapon_phase(game, [order], initiative=("blue", "red")) == [None]
        weapon_phase(game)
        physical_phase(game)
        assert at(game, "jager") == expected
        assert not [r for r in game.log.of_type("roll") if r["purpose"] == "displacement"]
    game, order = charge_game(forced={"to_hit": [2]}, charge_miss="left",
                              hexes={nb("0405", 5): Terrain(level=4)})
    to_weapon_phase(game, [order], initiative=("blue", "red"))
    weapon_phase(game)
    physical_phase(game)
    assert at(game, "jager") == nb("0405", 1)
    game, order = charge_game(charge_miss="up")
    assert "P-CHARGE-16" in to_weapon_phase(game, [order], initiative=("blue", "red"))[0]
    game = make_game(8, 12)
    add(game, "jager", "jagermech", "blue", "0408", 0)
    assert "only with a charge" in to_weapon_phase(game, [move("jager", "walk", ["F"], charge_miss="left")])[0]


def test_P_FIND_1_a_limb_blown_off_by_a_charge_stays_where_the_damage_was_taken():
    """The charge damage comes before the displacement (P-CHARGE-15): the
    arm it blows off lies in the target's old hex, where the charger now
    stands."""
    game, order = charge_game(forced={"to_hit": [12], "location": [4] + [7] * 9, "critical": [2] * 10,
                                      "psr": [12] * 6})
    to_weapon_phase(game, [order], initiative=("blue", "red"))
    hopper = game.units["hopper"]
    from components import Armor
    game.world.component(hopper, Armor).points["right_arm"] = 0
    game.world.component(hopper, Structure).points["right_arm"] = 3
    weapon_phase(game)
    physical_phase(game)
    assert game.map.clubs[parse_hex_label("0404")] == ["right_arm of hopper"]
    assert at(game, "hopper") == "0403" and at(game, "jager") == "0404"


def test_P_CHARGE_13_attacker_damage_rounds_up():
    """The charger takes ceil(target W/10): a 55 t target gives ceil(5.5) = 6 as 5 + 1."""
    game, order = charge_game(forced={"to_hit": [12], "location": [7] * 20, "critical": [2] * 10,
                                      "psr": [12] * 4})
    set_tons(game, "hopper", 55)
    to_weapon_phase(game, [order], initiative=("blue", "red"))
    weapon_phase(game)
    physical_phase(game)
    assert [d["amount"] for d in events(game, "damage", unit="jager")] == [5, 1]


def test_P_CHARGE_3_a_target_that_moves_away_after_the_declaration_is_not_charged():
    """The charge resolves after every unit has moved (project decision on
    P-CHARGE-3): a target that walks away later in the movement phase is no
    longer directly ahead at the start of the physical phase (P-CHARGE-1)."""
    game, order = charge_game()
    to_weapon_phase(game, [order, move("hopper", "walk", ["L", "F"])], initiative=("blue", "red"))
    weapon_phase(game)
    physical_phase(game)
    ref = events(game, "attack_cancelled", unit="jager")
    assert ref and "P-CHARGE-1" in ref[0]["reason"] and not events(game, "attack", attack="charge")


def test_a_kick_from_depth_1_water_does_half_rounded_up():
    game = two_mechs(hexes={"0505": Terrain("water", depth=1)}, forced={"to_hit": [12], "location": [1],
                                                                        "psr": [12]})
    play(game, [phys("a", "kick", "t", "right")])
    assert events(game, "damage", unit="t")[0]["amount"] == 7


def test_no_physical_attacks_between_submerged_and_dry_units():
    game = two_mechs(hexes={"0505": Terrain("water", depth=2)})
    out = play(game, [phys("a", "punch", "t", "right")])
    assert "under water" in out[0]


def test_P_WPN_4_a_critical_hit_on_any_hatchet_slot_destroys_it():
    from components import CriticalSlots
    from systems.classic import criticals
    game = two_mechs()
    game.world.component(game.units["a"], Equipment).hatchet = "right_arm"
    game.world.remove_component(game.units["a"], CriticalSlots)    # derive the layout with the hatchet
    to_weapon_phase(game)
    cs = criticals.layout(game, game.units["a"])
    slots = [i for i, s in enumerate(cs.slots["right_arm"]) if s.startswith("hatchet")]
    assert len(slots) == 5                              # ceil(70 / 15)
    criticals.apply_slot(game, game.units["a"], "right_arm", slots[-1])
    weapon_phase(game)
    out = physical_phase(game, [phys("a", "hatchet", "t")])
    assert "P-WPN-4" in out[0]


def test_an_actuator_critical_changes_the_punch():
    from systems.classic import criticals
    game = two_mechs()
    to_weapon_phase(game)
    criticals.apply_slot(game, game.units["a"], "right_arm", 1)      # upper arm actuator
    opt = physical(game)[("punch", "right")].to_hit
    assert opt.number == 5 + 2 and ["right upper arm actuator damaged", 2] in opt.pairs()


def test_dfa_on_a_prone_target_uses_the_standard_table_rear():
    game, order = dfa_game({"to_hit": [12], "location": [7] * 4 + [1] * 3, "critical": [2] * 5,
                            "psr": [12, 12]})
    game.world.component(game.units["t"], Status).prone = True
    assert to_weapon_phase(game, [order], initiative=("red", "blue")) == [None]
    weapon_phase(game)
    physical_phase(game)
    ev = attack(game, attack="dfa")
    assert ["target prone", -2] in ev["modifiers"] and ev["hit"]
    assert {d["location"] for d in events(game, "damage", unit="t")} == {"center_torso_rear"}


@settings(max_examples=25, deadline=None)
@given(st.data())
def test_random_physical_phases_keep_the_invariants(data):
    """Random mechs on a small hilly map make random physical attacks: no
    crash, every attack's modifiers sum to its to-hit, no two standing units
    share a hex, and refused orders leave no attack behind."""
    hexes = {}
    for label in data.draw(st.lists(st.sampled_from(["0303", "0304", "0403", "0404", "0405", "0504",
                                                     "0505", "0304", "0204"]), max_size=4)):
        hexes[label] = Terrain(data.draw(st.sampled_from(["clear", "light_woods", "rubble"])),
                               level=data.draw(st.integers(-2, 2)))
    game = make_game(8, 8, seed=data.draw(st.integers(0, 999)), hexes=hexes)
    cells = data.draw(st.lists(st.sampled_from(["0303", "0304", "0403", "0404", "0405", "0504", "0204",
                                                "0305", "0503"]), min_size=2, max_size=5, unique=True))
    for i, label in enumerate(cells):
        add(game, f"u{i}", "grasshopper" if i % 2 else "jagermech", "red" if i % 2 else "blue", label,
            data.draw(st.integers(0, 5)))
    uids = list(game.units)
    orders = []
    for _ in range(data.draw(st.integers(1, 6))):
        orders.append(phys(data.draw(st.sampled_from(uids)),
                           data.draw(st.sampled_from(["punch", "kick", "push", "club", "hatchet"])),
                           data.draw(st.sampled_from(uids)), data.draw(st.sampled_from(["left", "right"]))))
    out = play(game, orders)
    attacks = game.log.of_type("attack")
    assert len([o for o in out if o is None]) == len([a for a in attacks if a["attack"] != "accidental_fall"])
    for a in attacks:
        assert sum(v for _, v in a["modifiers"]) == a["to_hit"]
    places = [game.world.component(e, Position).hex for e in game.units.values()
              if not game.world.component(e, Status).removed]
    assert len(places) == len(set(places))


def test_a_kick_that_destroys_a_leg_leaves_a_club_and_drops_the_target():
    """70 t kick (14) on a right leg with 0 armor and 5 structure left: the leg
    is destroyed, lies in the hex as a club (P-FIND-1), the target falls
    automatically (core section 9) instead of rolling its kick PSR."""
    game = two_mechs(forced={"to_hit": [12], "location": [1], "critical": [2], "fall": [1],
                             "psr": [12]}, t_over={"armor": {"right_leg": 0}, "structure": {"right_leg": 5}})
    play(game, [phys("a", "kick", "t", "right")])
    assert game.world.component(game.units["t"], Structure).points["right_leg"] == 0
    assert game.map.clubs[parse_hex_label("0504")] == ["right_leg of t"]
    psr = events(game, "psr", unit="t")
    assert psr[0]["automatic"] and psr[0]["reason"] == "right leg destroyed"
    assert game.world.component(game.units["t"], Status).prone
    assert not events(game, "psr", unit="t", reason="kicked")


def test_a_punch_to_the_head_wounds_the_mechwarrior():
    game = two_mechs(forced={"to_hit": [12], "location": [6], "consciousness": [12]})
    play(game, [phys("a", "punch", "t", "right")])
    assert events(game, "damage", unit="t")[0]["location"] == "head"
    assert game.world.component(game.units["t"], Crew).hits == 1
    assert events(game, "consciousness", unit="t")[0]["target"] == 3


def test_preview_knows_the_hatchet_arm_is_taken_by_a_punch():
    game = two_mechs()
    game.world.component(game.units["a"], Equipment).hatchet = "left_arm"
    to_weapon_phase(game)
    weapon_phase(game)
    game.start_phase("physical")
    assert game.submit(phys("a", "punch", "t", "left")) is None
    opt = physical(game)[("hatchet", None)].to_hit
    assert "left arm has already" in opt.reason
    assert "left arm has already" in game.check(phys("a", "hatchet", "t"))
