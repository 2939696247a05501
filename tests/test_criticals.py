"""Critical hits (rules/mech_core.md section 8): the Determining Critical
Hits table, the slot layout, slot selection and every critical effect."""
import pytest
from hypothesis import given, settings, strategies as st

from components import (Actuators, Ammo, Armor, Crew, Equipment, HeatSinks, PsrRequest, Status, Structure,
                        Weapons)
from systems.classic import criticals
from systems.classic.mech_movement import MechMotion, mech_jump_mp, mech_walk_mp
from systems.classic import weapon_attacks as wa
from engine.paths import UNITS
from engine.unit_loader import parse_unit
from tests.helpers import make_game, pairs, without_criticals
from tests.weapons_support import events, mech_data, shipped


def game_of(data, forced=None, over=None):
    game = make_game(16, 16, forced=forced, initiative=["blue", "red"],
                     units=[("m", data, "blue", "0505", 0, over),
                            ("e", mech_data(), "red", "0503", 3)])
    game.start_phase("weapon")
    return game, game.units["m"]


def slot_of(game, ent, location, item):
    return criticals.layout(game, ent).slots[location].index(item)


# ------------------------------------------------------------------ the table
@pytest.mark.parametrize("roll,count", [(2, 0), (7, 0), (8, 1), (9, 1), (10, 2), (11, 2), (12, 3)])
def test_determining_critical_hits_table(roll, count):
    assert criticals.critical_count(roll) == count


def test_a_12_blows_off_a_limb():
    game, m = game_of(mech_data(weapons=[("medium_laser", "left_arm")]), forced={"critical": [12]})
    criticals.determine_critical_hits(game, m, "left_arm")
    assert events(game, "critical")[0]["effect"] == "blown off"
    assert game.get(m, Structure).points["left_arm"] == 0


def test_a_12_on_the_head_kills_the_mechwarrior():
    game, m = game_of(mech_data(), forced={"critical": [12]})
    criticals.determine_critical_hits(game, m, "head")
    assert game.get(m, Crew).killed and game.get(m, Status).destroyed


def test_a_12_on_a_torso_is_three_critical_hits():
    game, m = game_of(mech_data(), forced={"critical": [12], "slot": [1, 1, 1, 2, 1, 3]})
    criticals.determine_critical_hits(game, m, "center_torso")
    crits = events(game, "critical")
    assert [c["effect"] for c in crits] == ["engine"] * 3
    assert game.get(m, Status).destroyed and game.get(m, Status).destroyed_cause == "engine destroyed"


# ------------------------------------------------------------------ layout
def _derived(name: str):
    """A shipped unit without its [Criticals] table: the layout is derived."""
    return parse_unit(without_criticals((UNITS / f"{name}.toml").read_text()), f"{name}.toml")


def test_standard_biped_layout_jagermech():
    game, m = game_of(_derived("jagermech"))
    cs = criticals.layout(game, m)
    assert cs.slots["head"] == ["life_support", "sensors", "cockpit", "", "sensors", "life_support"]
    assert cs.slots["center_torso"][:10] == ["engine"] * 3 + ["gyro"] * 4 + ["engine"] * 3
    assert cs.slots["center_torso"][10] == "ammo:2"            # the AC/2 bin (the third in the file)
    # No lower arm or hand: the AC/2 (weapon 2, first in the file) then the AC/5 (4 slots).
    assert cs.slots["left_arm"][:7] == ["left_shoulder", "left_upper_arm", "weapon:2"] + ["weapon:4"] * 4
    assert cs.slots["left_torso"][:2] == ["weapon:0", "ammo:0"]
    assert cs.slots["left_leg"][:4] == ["left_hip", "left_upper_leg", "left_lower_leg", "left_foot"]
    assert cs.engine_sinks == 10                              # rating 260: floor(260/25) = 10


def test_the_shipped_jagermech_keeps_its_record_sheet_layout():
    game, m = game_of(shipped("jagermech"))
    cs = criticals.layout(game, m)
    assert cs.slots["left_arm"][:7] == ["left_shoulder", "left_upper_arm"] + ["weapon:4"] * 4 + ["weapon:2"]
    assert cs.slots["center_torso"][10] == "ammo:2"


def test_layout_jump_jets_and_extra_heat_sinks():
    data = mech_data(50, walk=5, jump=3, extra="[HeatSinks]\ncount = 14\n")
    game, m = game_of(data)
    cs = criticals.layout(game, m)
    assert cs.engine_sinks == 10                              # rating 250
    assert [criticals.items_in(cs, loc, "heat_sink") for loc in ("left_leg", "right_leg")] == \
        [["heat_sink:0", "heat_sink:2"], ["heat_sink:1", "heat_sink:3"]]
    jets = sum(len(criticals.items_in(cs, loc, "jump_jet")) for loc in cs.slots)
    assert jets == 3 and cs.slots["center_torso"][10:] == ["jump_jet:0", "jump_jet:1"]


def test_layout_missing_actuator_slot_is_free_and_big_weapons_overflow_inward():
    data = mech_data(weapons=[("ac_20", "right_arm")],
                     extra='[Actuators]\nright_arm = ["shoulder", "upper_arm"]\n')
    game, m = game_of(data)
    cs = criticals.layout(game, m)
    assert cs.slots["right_arm"] == ["right_shoulder", "right_upper_arm"] + ["weapon:0"] * 10


def test_layout_is_saved_with_the_game():
    from engine.game import Game
    game, m = game_of(shipped("jagermech"))
    criticals.layout(game, m)
    again = Game.from_dict(game.to_dict())
    assert criticals.layout(again, again.units["m"]).slots == criticals.layout(game, m).slots


# ------------------------------------------------------------------ slot selection
def test_slot_selection_half_then_slot():
    game, m = game_of(shipped("jagermech"), forced={"slot": [1, 4, 4, 5]})
    assert criticals.choose_slot(game, m, "center_torso") == 3        # upper half, slot 4: gyro
    assert criticals.choose_slot(game, m, "center_torso") == 10       # lower half, slot 5: medium laser


def test_slot_selection_rerolls_empty_and_already_hit_slots():
    game, m = game_of(shipped("jagermech"), forced={"slot": [4, 6, 1, 1]})
    assert criticals.choose_slot(game, m, "center_torso") == 0        # slot 12 is empty: reroll
    criticals.layout(game, m).hit["center_torso"].append(0)
    game.dice.force("slot", 1, 1, 1, 2)
    assert criticals.choose_slot(game, m, "center_torso") == 1        # slot 1 already hit: reroll


def test_six_slot_locations_roll_one_die():
    game, m = game_of(shipped("jagermech"), forced={"slot": [4, 3]})
    assert criticals.choose_slot(game, m, "head") == 2                # 4 is empty, 3 cockpit
    assert len([r for r in events(game, "roll") if r["purpose"] == "slot"]) == 2


def test_a_location_with_nothing_left_takes_no_critical():
    game, m = game_of(mech_data())
    cs = criticals.layout(game, m)
    cs.hit["left_torso"] = list(range(12))
    criticals.apply_critical_hits(game, m, "left_torso", 1)
    assert events(game, "critical")[-1]["effect"] == "none"


# ------------------------------------------------------------------ effects
def hit(game, m, location, item):
    criticals.apply_slot(game, m, location, slot_of(game, m, location, item))


def test_engine_three_hits_destroy_the_mech():
    game, m = game_of(mech_data())
    for i in (0, 1):
        criticals.apply_slot(game, m, "center_torso", i)
    assert game.get(m, Status).crits.count("engine") == 2 and not game.get(m, Status).destroyed
    criticals.apply_slot(game, m, "center_torso", 7)
    assert game.get(m, Status).destroyed and events(game, "destroyed")[0]["cause"] == "engine destroyed"


def test_gyro_first_hit_psr_second_automatic_fall_and_immobile():
    game, m = game_of(mech_data())
    criticals.apply_slot(game, m, "center_torso", 3)
    assert game.turn_record.psr_queue[-1] == PsrRequest("m", "gyro hit", modifier=0)
    criticals.apply_slot(game, m, "center_torso", 4)
    assert game.turn_record.psr_queue[-1] == PsrRequest("m", "gyro destroyed", automatic=True)
    assert game.get(m, Status).immobile and MechMotion().mp(game, m, "walk") == 0


def test_mech_core_7_a_destroyed_gyro_leaves_no_MP_of_any_mode_and_the_jump_jets_intact():
    from systems.common.movement import cannot_move_reason, motion_rules, start_state
    game, m = game_of(mech_data(jump=5))
    rules = motion_rules(game, m)
    criticals.apply_slot(game, m, "center_torso", 3)
    criticals.apply_slot(game, m, "center_torso", 4)
    assert [rules.mp(game, m, mode) for mode in ("walk", "run", "jump")] == [0, 0, 0]
    assert cannot_move_reason(game, m).endswith("is immobile")      # not "no working jump jets"
    assert mech_jump_mp(game, m) == 5 and rules.mode_error(game, m, "jump", start_state(game, m)) is None


def test_mech_core_2_and_7_both_legs_destroyed_leave_the_mech_immobile():
    """Section 2 "Two legs destroyed: immobile", section 7 "gyro destroyed
    or both legs destroyed: the Mech is immobile, not destroyed". A 50 t
    Mech's leg holds 15 armor + 12 structure: 27 points destroy it. One leg
    gone: Walk 1, no running, not immobile; the second: no MP of any mode
    (its jump jets sit in the centre torso and still work) and -4 to hit it
    (section 3)."""
    from systems.common import damage
    from systems.common.movement import cannot_move_reason, motion_rules
    game = make_game(16, 16, forced={"critical": [2, 2]}, initiative=["blue", "red"],
                     units=[("m", mech_data(50, walk=5, jump=2), "blue", "0505", 0, None),
                            ("e", mech_data(weapons=[("medium_laser", "center_torso")]), "red", "0503", 3)])
    game.start_phase("weapon")
    m = game.units["m"]
    rules = motion_rules(game, m)
    damage.apply_damage(game, m, "left_leg", 15 + 12)
    assert game.get(m, Structure).points["left_leg"] == 0 and not game.get(m, Status).immobile
    assert [rules.mp(game, m, mode) for mode in ("walk", "run", "jump")] == [1, 1, 2]
    damage.apply_damage(game, m, "right_leg", 15 + 12)
    st = game.get(m, Status)
    assert st.immobile and not st.destroyed
    assert [rules.mp(game, m, mode) for mode in ("walk", "run", "jump")] == [0, 0, 0]
    assert mech_jump_mp(game, m) == 2
    assert cannot_move_reason(game, m).endswith("is immobile")
    assert dict(pairs(wa.preview(game, "e", "m", "medium_laser").modifiers)).get("target immobile") == -4


def test_mech_core_2_a_mech_put_on_the_map_without_its_legs_is_immobile():
    """The same rule for a scenario's starting damage ([unit.structure]
    left_leg = 0, right_leg = 0): immobile from the start, no MP of any
    mode; one leg left at 0 is Walk 1 and not immobile."""
    from systems.common.movement import motion_rules
    both = {"structure": {"left_leg": 0, "right_leg": 0}}
    one = {"structure": {"left_leg": 0}}
    game = make_game(16, 16, initiative=["blue", "red"],
                     units=[("m", mech_data(50, walk=5, jump=2), "blue", "0505", 0, both),
                            ("n", mech_data(50, walk=5, jump=2), "blue", "0507", 0, one)])
    m, n = game.units["m"], game.units["n"]
    assert game.get(m, Status).immobile and not game.get(n, Status).immobile
    assert [motion_rules(game, m).mp(game, m, mode) for mode in ("walk", "run", "jump")] == [0, 0, 0]
    assert [motion_rules(game, n).mp(game, n, mode) for mode in ("walk", "run", "jump")] == [1, 1, 2]


def test_sensors_hit_adds_2_to_weapon_attacks():
    game, m = game_of(mech_data(weapons=[("medium_laser", "center_torso")]))
    hit(game, m, "head", "sensors")
    assert dict(pairs(wa.preview(game, "m", "e", "medium_laser").modifiers))["sensor damage"] == 2


def test_cockpit_hit_kills_the_mechwarrior():
    game, m = game_of(mech_data())
    hit(game, m, "head", "cockpit")
    assert game.get(m, Crew).killed and game.get(m, Status).destroyed_cause == "cockpit destroyed"


def test_life_support_hit_is_recorded_for_the_heat_phase():
    game, m = game_of(mech_data())
    hit(game, m, "head", "life_support")
    assert "life_support" in game.get(m, Status).crits


def test_leg_actuator_hit_destroys_it_and_asks_for_a_psr():
    game, m = game_of(mech_data(walk=5))
    hit(game, m, "left_leg", "left_hip")
    assert "left_hip" in game.get(m, Actuators).destroyed
    assert game.turn_record.psr_queue[-1].reason == "left hip destroyed"
    assert mech_walk_mp(game, m) == 3                 # halved, rounded up
    hit(game, m, "right_leg", "right_foot")
    assert game.turn_record.psr_queue[-1].reason == "right foot destroyed"


def test_arm_actuator_hit_needs_no_psr_and_affects_arm_weapons():
    game, m = game_of(mech_data(weapons=[("medium_laser", "right_arm")]))
    hit(game, m, "right_arm", "right_upper_arm")
    assert game.turn_record.psr_queue == []
    assert dict(pairs(wa.preview(game, "m", "e", "medium_laser").modifiers))["upper arm actuator destroyed"] == 1


def test_weapon_hit_destroys_a_multi_slot_weapon_with_its_first_slot():
    game, m = game_of(mech_data(weapons=[("ppc", "right_arm")]))
    criticals.apply_slot(game, m, "right_arm", 5)          # second PPC slot
    assert game.get(m, Weapons).mounts[0].destroyed
    assert "is destroyed" in wa.preview(game, "m", "e", "ppc").reason
    criticals.apply_slot(game, m, "right_arm", 4)
    assert events(game, "critical")[-1]["already_destroyed"] is True


def test_gauss_rifle_explodes_for_20_into_the_structure():
    game, m = game_of(mech_data(weapons=[("gauss_rifle", "right_torso")]))
    hit(game, m, "right_torso", "weapon:0")
    dmg = events(game, "damage")
    assert dmg[0]["location"] == "right_torso" and dmg[0]["amount"] == 12     # 12 IS, then transfer
    assert game.get(m, Armor).points["right_torso"] == 0                      # destroyed location
    assert sum(d["amount"] for d in dmg) == 20


def test_heat_sink_hit():
    data = mech_data(50, walk=5, extra="[HeatSinks]\ncount = 12\n")
    game, m = game_of(data)
    hit(game, m, "left_leg", "heat_sink:0")
    assert game.get(m, HeatSinks).destroyed == 1


def test_double_heat_sink_is_destroyed_once():
    data = mech_data(50, walk=5, extra="[HeatSinks]\ncount = 11\ndouble = true\n")
    game, m = game_of(data)
    cs = criticals.layout(game, m)
    loc = next(l for l in cs.slots if "heat_sink:0" in cs.slots[l])
    idx = [i for i, s in enumerate(cs.slots[loc]) if s == "heat_sink:0"]
    assert len(idx) == 3
    for i in idx:
        criticals.apply_slot(game, m, loc, i)
    assert game.get(m, HeatSinks).destroyed == 1


def test_jump_jet_hit_costs_one_jump_mp():
    game, m = game_of(mech_data(jump=3))
    hit(game, m, "center_torso", "jump_jet:0")
    assert mech_jump_mp(game, m) == 2


def test_lost_location_takes_its_jump_jets_and_heat_sinks():
    data = mech_data(50, walk=5, jump=4, extra="[HeatSinks]\ncount = 12\n")
    game, m = game_of(data)
    cs = criticals.layout(game, m)
    jets = sum(len(criticals.items_in(cs, loc, "jump_jet")) for loc in ("left_leg", "left_torso", "left_arm"))
    assert jets >= 1
    from systems.common import damage
    damage.destroy_location(game, m, "left_leg")
    assert game.get(m, HeatSinks).destroyed == 1
    damage.destroy_location(game, m, "left_torso")
    assert mech_jump_mp(game, m) == 4 - jets


def test_hatchet_hit():
    data = mech_data(extra='[Equipment]\nhatchet = "right_arm"\n')
    game, m = game_of(data)
    hit(game, m, "right_arm", "hatchet:0")
    assert game.get(m, Equipment).hatchet_destroyed


def test_ammo_explosion_damages_structure_and_wounds_the_mechwarrior_twice():
    # LRM 5 ammo, 2 shots: 2 x 5 missiles x 1 = 10 points into the left torso's 12 IS.
    game, m = game_of(mech_data(weapons=[("lrm_5", "left_torso")], ammo=[("lrm_5", "left_torso", 2)]),
                      forced={"critical": [2], "consciousness": [12]})
    hit(game, m, "left_torso", "ammo:0")
    assert game.get(m, Structure).points["left_torso"] == 2
    assert game.get(m, Armor).points["left_torso"] == 15
    assert game.get(m, Crew).hits == 2
    assert game.get(m, Ammo).bins[0].shots == 0


def test_ammo_explosion_transfers_without_case():
    game, m = game_of(mech_data(weapons=[("ac_5", "left_torso")], ammo=[("ac_5", "left_torso", 20)]),
                      forced={"critical": [2, 2]})
    hit(game, m, "left_torso", "ammo:0")                  # 100 points
    assert game.get(m, Status).destroyed                   # through the left torso into the centre


def test_case_vents_the_excess():
    data = mech_data(weapons=[("ac_5", "left_torso")], ammo=[("ac_5", "left_torso", 20)],
                     extra='[Equipment]\ncase = ["left_torso"]\n')
    game, m = game_of(data, forced={"critical": [2], "consciousness": [12]})
    hit(game, m, "left_torso", "ammo:0")
    assert game.get(m, Structure).points["left_torso"] == 0
    assert game.get(m, Structure).points["center_torso"] == 16
    assert not game.get(m, Status).destroyed
    assert game.get(m, Crew).hits == 2


def test_gauss_ammo_does_not_explode():
    assert criticals.ammo_explosion_damage("gauss_rifle", 8) == 0
    assert criticals.ammo_explosion_damage("srm_6", 15) == 15 * 6 * 2
    assert criticals.ammo_explosion_damage("ac_20", 5) == 100


def test_crit_events_name_unit_location_effect():
    game, m = game_of(shipped("jagermech"), forced={"critical": [8], "slot": [1, 1]})
    criticals.determine_critical_hits(game, m, "left_torso")
    ev = events(game, "critical")[0]
    assert ev["unit"] == "m" and ev["location"] == "left_torso" and ev["effect"] == "weapon"
    assert ev["weapon"] == "medium_laser"


def test_a_location_blown_up_by_its_own_ammunition_is_destroyed_once():
    # A hit reaches the structure, the critical finds the ammunition, the
    # explosion destroys the torso: one location_destroyed event, not two.
    data = mech_data(weapons=[("ac_5", "left_torso")], ammo=[("ac_5", "left_torso", 20)],
                     extra='[Equipment]\ncase = ["left_torso"]\n')
    game, m = game_of(data, forced={"critical": [8, 2], "slot": [1, 5], "consciousness": [12]})
    from systems.common import damage
    assert criticals.layout(game, m).slots["left_torso"][4] == "ammo:0"
    damage.apply_damage(game, m, "left_torso", 17)      # 15 armor, 2 structure
    assert [e["location"] for e in events(game, "location_destroyed")] == ["left_torso", "left_arm"]
    assert events(game, "explosion")[0]["amount"] == 100



@settings(max_examples=40, deadline=None)
@given(st.sampled_from(criticals.LOCATIONS), st.lists(st.integers(1, 6), max_size=12),
       st.sets(st.integers(0, 11), max_size=10))
def test_slot_selection_only_picks_filled_slots_not_yet_hit(location, faces, already):
    game, m = game_of(shipped("atlas"), forced={"slot": faces})
    cs = criticals.layout(game, m)
    size = len(cs.slots[location])
    cs.hit[location] = sorted(i for i in already if i < size)
    index = criticals.choose_slot(game, m, location)
    filled = [i for i, s in enumerate(cs.slots[location]) if s and i not in cs.hit[location]]
    if not filled:
        assert index is None
    else:
        assert index in filled
