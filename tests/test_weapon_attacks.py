"""Weapon attacks (rules/mech_core.md sections 3, 6, 7, 12): to-hit with
every modifier, refusals, cluster hits, hit sides, damage and transfer,
simultaneous resolution, ammunition, the 20+ damage PSR, and the weapon
scenarios under tests/scenarios/weapons/."""

import pytest
from hypothesis import given, strategies as st

from components import Actuators, Ammo, Armor, ClassicHeat, Status, Structure, TurnState, Weapons
from engine.orders import FireOrder
from systems.classic import weapon_attacks as wa
from systems.classic.attack_modifiers import movement_band
from tests.helpers import make_game, pairs
from tests.weapons_support import events, mech_data, set_moved, shipped


def duel(att_weapons=(("medium_laser", "center_torso"),), at="0808", target_at="0806", terrain=None,
         ammo=(), att_over=None, tgt_over=None, facing=0, target_facing=3, forced=None):
    game = make_game(16, 16, forced=forced, hexes=terrain, initiative=["blue", "red"],
                     units=[("a", mech_data(weapons=list(att_weapons), ammo=list(ammo)), "blue", at, facing, att_over),
                            ("t", mech_data(), "red", target_at, target_facing, tgt_over)])
    game.start_phase("weapon")
    return game


def labels(th):
    return dict(pairs(th.modifiers))


def fire(game, weapon, target="t", unit="a", twist=None):
    return game.submit(FireOrder(unit, {"weapon": weapon, "target": target}, weapon=weapon, target=target,
                                 torso_twist=twist))


# ------------------------------------------------------------------ to-hit
def test_worked_example_13_ppc_walked_at_a_jumper_in_light_woods():
    game = duel([("ppc", "right_arm")], terrain={"0806": {"terrain": "light_woods"}})
    set_moved(game, "a", "walk", 1)
    set_moved(game, "t", "jump", 4)
    th = wa.preview(game, "a", "t", "ppc")
    assert th.number == 10
    assert pairs(th.modifiers) == [("gunnery", 4), ("attacker walked", 1), ("target moved 4 hexes", 1),
                            ("target jumped", 1), ("short range", 0), ("minimum range (3)", 2),
                            ("target in light woods", 1)]


@pytest.mark.parametrize("mode,label,value", [("walk", "attacker walked", 1), ("run", "attacker ran", 2),
                                              ("jump", "attacker jumped", 3)])
def test_attacker_movement_modifier(mode, label, value):
    game = duel()
    set_moved(game, "a", mode, 1)
    assert labels(wa.preview(game, "a", "t", "medium_laser"))[label] == value


def test_attacker_that_stood_still_has_no_movement_modifier():
    game = duel()
    set_moved(game, "a", "none", 0)
    assert wa.preview(game, "a", "t", "medium_laser").number == 4


def test_attacker_prone_plus_2():
    game = duel(att_over={"prone": True})
    assert labels(wa.preview(game, "a", "t", "medium_laser"))["attacker prone"] == 2


@pytest.mark.parametrize("hexes,mod", [(0, 0), (2, 0), (3, 1), (4, 1), (5, 2), (6, 2), (7, 3), (9, 3),
                                       (10, 4), (17, 4), (18, 5), (24, 5), (25, 6), (40, 6)])
def test_target_movement_bands(hexes, mod):
    assert movement_band(hexes) == mod


def test_target_prone_adjacent_minus_2_farther_plus_1():
    game = duel(target_at="0807", tgt_over={"prone": True})
    assert labels(wa.preview(game, "a", "t", "medium_laser"))["target prone, adjacent"] == -2
    game = duel(target_at="0805", tgt_over={"prone": True})
    assert labels(wa.preview(game, "a", "t", "medium_laser"))["target prone"] == 1


def test_target_immobile_minus_4_when_shut_down():
    game = duel()
    game.get("t", Status).shutdown = True
    th = wa.preview(game, "a", "t", "medium_laser")
    assert labels(th)["target immobile"] == -4 and th.number == 0


@pytest.mark.parametrize("target_at,band,mod", [("0805", "short", 0), ("0803", "medium", 2),
                                                ("0800", "long", 4)])
def test_range_bands_short_medium_long(target_at, band, mod):
    if target_at == "0800":
        target_at = "0801"      # 7 hexes: long for a medium laser (7-9)
    game = duel(target_at=target_at)
    th = wa.preview(game, "a", "t", "medium_laser")
    assert th.band == band and labels(th)[f"{band} range"] == mod


def test_minimum_range_lrm_at_one_hex_plus_6():
    game = duel([("lrm_5", "left_torso")], ammo=[("lrm_5", "left_torso", 24)], target_at="0807")
    assert labels(wa.preview(game, "a", "t", "lrm_5"))["minimum range (6)"] == 6


def test_minimum_range_is_zero_beyond_the_minimum():
    game = duel([("ppc", "right_arm")], target_at="0804")
    assert "minimum range (3)" not in labels(wa.preview(game, "a", "t", "ppc"))


def test_target_terrain_and_intervening_woods():
    game = duel(target_at="0805", terrain={"0805": {"terrain": "heavy_woods"},
                                             "0807": {"terrain": "light_woods"},
                                             "0808": {"terrain": "heavy_woods"}})
    m = labels(wa.preview(game, "a", "t", "medium_laser"))
    assert m["target in heavy woods"] == 2
    assert m["intervening woods"] == 1      # the attacker's own woods do not count


def test_partial_cover_plus_1():
    game = duel(target_at="0805", terrain={"0806": {"level": 1}})
    assert labels(wa.preview(game, "a", "t", "medium_laser"))["partial cover"] == 1


def test_secondary_target_forward_plus_1_side_plus_2():
    game = make_game(16, 16, units=[
        ("a", mech_data(weapons=[("medium_laser", "right_arm")] * 3), "blue", "0808", 0),
        ("t", mech_data(), "red", "0806", 3),
        ("u", mech_data(), "red", "0907", 3),     # forward arc (front-right)
        ("s", mech_data(), "red", "1008", 3),     # right side
    ], initiative=["blue", "red"])
    game.start_phase("weapon")
    assert fire(game, "medium_laser") is None
    assert labels(wa.preview(game, "a", "u", "medium_laser#2"))["secondary target, forward arc"] == 1
    assert labels(wa.preview(game, "a", "s", "medium_laser#2"))["secondary target, side or rear arc"] == 2
    assert "secondary target, forward arc" not in labels(wa.preview(game, "a", "t", "medium_laser#2"))


def test_sensor_hit_plus_2_and_second_hit_no_attacks():
    game = duel()
    game.get("a", Status).crits.append("sensors")
    assert labels(wa.preview(game, "a", "t", "medium_laser"))["sensor damage"] == 2
    game.get("a", Status).crits.append("sensors")
    assert "sensors are destroyed" in wa.preview(game, "a", "t", "medium_laser").reason


def test_arm_actuators_plus_1_each_shoulder_plus_4_replaces_them():
    game = duel([("medium_laser", "left_arm"), ("medium_laser", "right_arm")])
    game.get("a", Actuators).destroyed += ["left_upper_arm", "left_lower_arm"]
    m = labels(wa.preview(game, "a", "t", "medium_laser"))
    assert m["upper arm actuator destroyed"] == 1 and m["lower arm actuator destroyed"] == 1
    game.get("a", Actuators).destroyed.append("left_shoulder")
    th = wa.preview(game, "a", "t", "medium_laser")
    assert labels(th)["shoulder actuator destroyed"] == 4 and "upper arm actuator destroyed" not in labels(th)
    assert wa.preview(game, "a", "t", "medium_laser#2").number == 4      # the other arm is fine


@pytest.mark.parametrize("heat,mod", [(7, 0), (8, 1), (12, 1), (13, 2), (16, 2), (17, 3), (23, 3), (24, 4)])
def test_heat_to_fire_modifier(heat, mod):
    game = duel()
    game.get("a", ClassicHeat).heat = heat
    th = wa.preview(game, "a", "t", "medium_laser")
    assert th.number == 4 + mod


# ------------------------------------------------------------------ refusals
def refused_only(game, weapon, expect, **kw):
    before = len(game.log.events)
    declared = list(game.turn_record.weapon_attacks)
    reason = fire(game, weapon, **kw)
    new = game.log.events[before:]
    assert reason is not None and expect in reason, reason
    assert [e["type"] for e in new] == ["refused"]
    assert game.turn_record.weapon_attacks == declared


def test_refused_out_of_range():
    refused_only(duel(target_at="0804", att_weapons=[("small_laser", "head")]), "small_laser",
                 "out of range of the Small Laser (4 hexes, long range ends at 3)")


def test_refused_no_line_of_sight():
    refused_only(duel(target_at="0804", terrain={"0806": {"level": 3}}), "medium_laser", "no line of sight")


def test_refused_out_of_arc():
    refused_only(duel(target_at="0810"), "medium_laser", "outside the Medium Laser's forward arc")


def test_refused_destroyed_and_jammed_weapon():
    game = duel()
    game.get("a", Weapons).mounts[0].destroyed = True
    refused_only(game, "medium_laser", "is destroyed")
    game.get("a", Weapons).mounts[0].destroyed = False
    game.get("a", Weapons).mounts[0].jammed = True
    refused_only(game, "medium_laser", "jammed")


def test_refused_weapon_in_a_destroyed_location():
    game = duel([("medium_laser", "left_arm")])
    game.get("a", Structure).points["left_arm"] = 0
    refused_only(game, "medium_laser", "left arm is destroyed")


def test_refused_no_ammunition():
    game = duel([("ac_5", "right_torso")], ammo=[("ac_5", "right_torso", 0)], target_at="0804")
    refused_only(game, "ac_5", "no ammunition")


def test_refused_target_number_above_12_without_a_roll():
    game = duel([("lrm_5", "left_torso")], ammo=[("lrm_5", "left_torso", 24)], target_at="0807")
    set_moved(game, "a", "jump", 3)        # 4 + 3 + 6 (min range) = 13
    refused_only(game, "lrm_5", "above 12")
    assert events(game, "roll") == []


def test_refused_unknown_weapon_friendly_target_and_second_shot():
    game = duel()
    refused_only(game, "ppc", "has no ppc")
    refused_only(game, "medium_laser#2", "not a #2")
    assert fire(game, "medium_laser") is None
    before = len(game.log.events)
    assert "already fired" in fire(game, "medium_laser")
    assert [e["type"] for e in game.log.events[before:]] == ["refused"]


def test_refused_friendly_target():
    game = make_game(16, 16, initiative=["blue", "red"],
                     units=[("a", mech_data(weapons=[("medium_laser", "head")]), "blue", "0808", 0),
                            ("f", mech_data(), "blue", "0806", 0)])
    game.start_phase("weapon")
    refused_only(game, "medium_laser", "side", target="f")


def test_torso_twist_once_per_turn():
    game = duel([("medium_laser", "center_torso"), ("medium_laser", "right_arm")], target_at="1008")
    refused_only(game, "medium_laser", "outside")
    assert fire(game, "medium_laser", twist="right") is None
    assert game.get("a", TurnState).torso_twist == 1
    assert fire(game, "medium_laser#2") is None          # keeps the twist
    game2 = duel([("medium_laser", "center_torso")] * 2, target_at="0806")
    assert fire(game2, "medium_laser") is None
    assert "already set its torso" in fire(game2, "medium_laser#2", twist="left")


# ------------------------------------------------------------------ resolution
def test_cluster_table_worked_example_12():
    assert wa.cluster_hits(15, 8) == 9
    assert wa.cluster_hits(6, 7) == 4
    assert [wa.cluster_hits(20, r) for r in range(2, 13)] == [6, 6, 9, 12, 12, 12, 12, 16, 16, 20, 20]
    assert [wa.cluster_hits(2, r) for r in range(2, 13)] == [1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2]


@given(st.sampled_from(sorted(wa.CLUSTER_TABLE)), st.integers(2, 11))
def test_cluster_hits_never_decrease_with_the_roll_and_never_exceed_the_rack(rack, roll):
    assert wa.cluster_hits(rack, roll) <= wa.cluster_hits(rack, roll + 1) <= rack


def test_lrm_15_cluster_8_hits_9_as_5_plus_4():
    game = duel([("lrm_15", "left_torso")], ammo=[("lrm_15", "left_torso", 8)], target_at="0801",
                forced={"to_hit": [12], "cluster": [8], "location": [7, 7], "critical": []})
    assert fire(game, "lrm_15") is None
    game.end_phase()
    assert events(game, "cluster")[0]["missiles"] == 9
    dmg = [e["amount"] for e in events(game, "damage")]
    assert dmg == [5, 4]
    assert len([r for r in events(game, "roll") if r["purpose"] == "location"]) == 2


def test_srm_6_cluster_7_hits_4_missiles_of_2_points():
    game = duel([("srm_6", "left_torso")], ammo=[("srm_6", "left_torso", 15)],
                forced={"to_hit": [12], "cluster": [7], "location": [7, 8, 6, 7]})
    assert fire(game, "srm_6") is None
    game.end_phase()
    dmg = [(e["location"], e["amount"]) for e in events(game, "damage")]
    assert dmg == [("center_torso", 2), ("left_torso", 2), ("right_torso", 2), ("center_torso", 2)]


def test_ammo_is_used_on_declaration_and_an_empty_bin_refuses():
    game = duel([("ac_5", "right_torso")], ammo=[("ac_5", "right_torso", 1)], target_at="0804")
    assert fire(game, "ac_5") is None
    assert game.get("a", Ammo).bins[0].shots == 0


def test_natural_2_always_misses():
    game = duel(forced={"to_hit": [2]})
    game.get("t", Status).shutdown = True         # TN 0
    assert fire(game, "medium_laser") is None
    game.end_phase()
    assert events(game, "attack")[0]["hit"] is False


def test_attack_event_fields_and_modifiers_sum_to_the_number():
    game = duel(forced={"to_hit": [8], "location": [7]})
    set_moved(game, "a", "run", 3)
    fire(game, "medium_laser")
    game.end_phase()
    ev = events(game, "attack")[0]
    assert ev["attacker"] == "a" and ev["target"] == "t" and ev["attack"] == "medium_laser"
    assert ev["to_hit"] == sum(v for _, v in ev["modifiers"]) == 6 and ev["roll"] == 8 and ev["hit"]
    assert events(game, "damage")[0]["location"] == "center_torso"


def test_hit_side_from_behind_strikes_rear_armor():
    # Target faces north (0) with the attacker south of it.
    game = duel(target_facing=0, forced={"to_hit": [10], "location": [7]})
    fire(game, "medium_laser")
    game.end_phase()
    assert events(game, "damage")[0]["location"] == "center_torso_rear"
    assert game.get("t", Armor).points["center_torso_rear"] == 3


@pytest.mark.parametrize("target_facing,side,location", [(3, "front", "right_arm"), (1, "right", "right_leg"),
                                                         (5, "left", "left_leg")])
def test_hit_side_by_attack_direction(target_facing, side, location):
    # A location roll of 3: front column right arm, right column right leg, left column left leg.
    game = duel(target_facing=target_facing, forced={"to_hit": [10], "location": [3]})
    fire(game, "medium_laser")
    game.end_phase()
    assert events(game, "damage")[0]["location"] == location


def test_through_armor_critical_on_a_location_roll_of_2():
    game = duel(forced={"to_hit": [10], "location": [2], "critical": [8], "slot": [1, 4]})
    fire(game, "medium_laser")
    game.end_phase()
    assert events(game, "damage")[0]["structure_left"] == 16   # armor took it all
    assert events(game, "critical")[0]["location"] == "center_torso"


def test_partial_cover_absorbs_leg_hits():
    game = duel(target_at="0805", terrain={"0806": {"level": 1}}, forced={"to_hit": [12], "location": [5]})
    fire(game, "medium_laser")
    game.end_phase()
    assert events(game, "damage") == []
    assert events(game, "partial_cover")[0]["location"] == "right_leg"


def test_worked_example_14_left_arm_transfers_2_to_left_torso():
    game = duel([("ac_20", "right_torso")], ammo=[("ac_20", "right_torso", 5)],
                tgt_over={"armor": {"left_arm": 8}, "structure": {"left_arm": 10}},
                forced={"to_hit": [12], "location": [10], "critical": [2, 2]})
    # the target faces south, so the attacker is in front: 10 = left arm
    fire(game, "ac_20")
    game.end_phase()
    dmg = [(e["location"], e["amount"]) for e in events(game, "damage")]
    assert dmg == [("left_arm", 18), ("left_torso", 2)]
    assert game.get("t", Structure).points["left_arm"] == 0
    assert game.get("t", Armor).points["left_torso"] == 13


def test_fire_is_simultaneous_a_destroyed_unit_still_shoots():
    game = make_game(16, 16, forced={"to_hit": [10, 10], "location": [12, 7]}, initiative=["blue", "red"],
                     units=[("a", mech_data(weapons=[("ac_20", "right_torso")], ammo=[("ac_20", "right_torso", 5)]),
                             "blue", "0808", 0),
                            ("t", mech_data(weapons=[("medium_laser", "center_torso")]), "red", "0806", 3,
                             {"armor": {"head": 0}})])
    game.start_phase("weapon")
    assert fire(game, "ac_20") is None
    assert fire(game, "medium_laser", target="a", unit="t") is None
    game.end_phase()
    assert game.get("t", Status).destroyed
    attacks = events(game, "attack")
    assert [a["attacker"] for a in attacks] == ["a", "t"] and attacks[1]["hit"]
    assert game.get("a", Armor).points["center_torso"] == 15


def test_twenty_damage_in_a_phase_queues_a_psr_at_plus_1():
    game = duel([("ac_20", "right_torso")], ammo=[("ac_20", "right_torso", 5)],
                forced={"to_hit": [10], "location": [7]})
    fire(game, "ac_20")
    game.end_phase()
    assert any(p.unit == "t" and p.modifier == 1 for p in game.turn_record.psr_queue) or \
        any(e["type"] == "psr" and e["unit"] == "t" for e in game.log.events)


def test_weapon_heat_is_added_for_the_heat_phase_hit_or_miss():
    game = duel([("ppc", "right_arm"), ("medium_laser", "center_torso")], target_at="0804",
                forced={"to_hit": [3, 3]})
    fire(game, "ppc")
    fire(game, "medium_laser")
    game.end_phase()
    assert game.get("a", ClassicHeat).pending == 13


def test_weapon_fire_at_a_vehicle_uses_the_vehicle_hit_tables():
    game = make_game(16, 16, forced={"to_hit": [10]}, initiative=["blue", "red"],
                     units=[("a", mech_data(weapons=[("medium_laser", "center_torso")]), "blue", "0808", 0),
                            ("v", shipped("saladin"), "red", "0806", 3)])
    game.start_phase("weapon")
    assert fire(game, "medium_laser", target="v") is None
    game.end_phase()
    dmg = events(game, "damage")
    assert dmg and dmg[0]["unit"] == "v" and dmg[0]["location"] in ("front", "left", "right", "rear", "turret")
    assert sum(d["amount"] for d in dmg if d["unit"] == "v") == 5


def test_vehicle_turret_weapon_fires_behind_the_hull():
    from components import Turret
    game = make_game(16, 16, initiative=["blue", "red"],
                     units=[("v", shipped("manticore"), "blue", "0808", 0),
                            ("t", mech_data(), "red", "0812", 0)])
    game.start_phase("weapon")
    v = game.units["v"]
    game.get(v, Turret).facing = 0
    assert "outside" in wa.preview(game, "v", "t", "ppc").reason
    game.get(v, Turret).facing = 3
    assert wa.preview(game, "v", "t", "ppc").possible
    assert "outside" in wa.preview(game, "v", "t", "medium_laser").reason     # hull front mount


def test_V_ATK_5_fire_order_turns_the_turret_once_per_turn():
    from components import Turret
    game = make_game(16, 16, initiative=["blue", "red"],
                     units=[("v", shipped("manticore"), "blue", "0808", 0),
                            ("t", mech_data(), "red", "0812", 0),
                            ("u", mech_data(), "red", "0804", 0)])
    game.start_phase("weapon")
    assert wa.preview(game, "v", "t", "ppc", turret=3).possible
    assert game.submit(FireOrder("v", {}, weapon="ppc", target="t", turret=3)) is None
    assert game.get("v", Turret).facing == 3
    assert "already set its turret" in game.submit(FireOrder("v", {}, weapon="srm_6", target="u", turret=0))
    game.get("v", Turret).locked = True
    game2 = make_game(16, 16, initiative=["blue", "red"],
                      units=[("v", shipped("manticore"), "blue", "0808", 0),
                             ("t", mech_data(), "red", "0812", 0)])
    game2.get("v", Turret).locked = True
    game2.start_phase("weapon")
    assert "locked" in game2.check(FireOrder("v", {}, weapon="ppc", target="t", turret=3))


def test_prone_mech_cannot_fire_leg_weapons_and_fires_from_one_arm_only():
    game = duel([("medium_laser", "left_arm"), ("medium_laser", "right_arm"), ("small_laser", "left_leg")],
                target_at="0807", att_over={"prone": True})
    refused_only(game, "small_laser", "leg weapons")
    assert fire(game, "medium_laser") is None
    refused_only(game, "medium_laser#2", "one arm only")


hexes_near = st.sampled_from(["0805", "0806", "0706", "0906", "0904", "0610", "1010", "0803", "0812", "1207"])


@given(hexes_near, st.integers(0, 5), st.integers(0, 5), st.sampled_from(["none", "walk", "run", "jump"]),
       st.integers(0, 12), st.booleans())
def test_preview_is_a_reason_or_a_number_that_sums_its_modifiers(at, facing, tfacing, mode, hexes, woods):
    game = duel([("ppc", "right_arm"), ("lrm_10", "left_torso")], ammo=[("lrm_10", "left_torso", 12)],
                target_at=at, facing=facing, target_facing=tfacing,
                terrain={"0807": {"terrain": "light_woods"}} if woods else None)
    set_moved(game, "t", mode, hexes if mode != "none" else 0)
    for weapon in ("ppc", "lrm_10"):
        th = wa.preview(game, "a", "t", weapon)
        if th.possible:
            assert th.number == sum(m.value for m in th.modifiers) and th.number <= 12
            assert pairs(th.modifiers)[0] == ("gunnery", 4)
        else:
            assert th.reason and isinstance(th.reason, str)


@given(st.lists(st.integers(2, 12), min_size=4, max_size=4), st.lists(st.integers(3, 11), min_size=4, max_size=4))
def test_every_hit_point_lands_on_the_target(to_hits, locations):
    # Four medium lasers from the front at a fresh 50-ton mech: no location can
    # be destroyed, so the damage events add up to 5 per hit.
    game = duel([("medium_laser", "center_torso")] * 4, forced={"to_hit": to_hits, "location": locations,
                                                                "critical": [2] * 8})
    for w in ("medium_laser", "medium_laser#2", "medium_laser#3", "medium_laser#4"):
        assert fire(game, w) is None
    game.end_phase()
    hits = sum(1 for e in events(game, "attack") if e["hit"])
    assert sum(e["amount"] for e in events(game, "damage") if e["unit"] == "t") == 5 * hits


def test_weapons_under_water_cannot_fire_out_of_it():
    game = duel([("small_laser", "left_leg"), ("medium_laser", "center_torso")], target_at="0807",
                terrain={"0808": {"terrain": "water", "depth": 1}})
    refused_only(game, "small_laser", "under water")
    assert fire(game, "medium_laser") is None


def test_transfer_chain_arm_to_side_torso_to_centre_torso():
    # 20 points on a left arm with 1 IS left, a bare left torso with 2 IS:
    # 1 to the arm, 2 to the left torso (destroyed), 17 into the centre torso.
    game = duel([("ac_20", "right_torso")], ammo=[("ac_20", "right_torso", 5)],
                tgt_over={"armor": {"left_arm": 0, "left_torso": 0}, "structure": {"left_arm": 1, "left_torso": 2}},
                forced={"to_hit": [12], "location": [10], "critical": [2, 2, 2]})
    fire(game, "ac_20")
    game.end_phase()
    dmg = [(e["location"], e["amount"]) for e in events(game, "damage")]
    assert dmg == [("left_arm", 1), ("left_torso", 2), ("center_torso", 17)]
    assert game.get("t", Armor).points["center_torso"] == 3
    assert [e["location"] for e in events(game, "location_destroyed")] == ["left_arm", "left_torso"]


def test_rear_hit_transfers_through_the_shared_structure():
    # From behind: rear armor 8, then the centre torso's structure.
    game = duel([("ac_20", "right_torso")], ammo=[("ac_20", "right_torso", 5)], target_facing=0,
                forced={"to_hit": [12], "location": [7], "critical": [2]})
    fire(game, "ac_20")
    game.end_phase()
    assert game.get("t", Armor).points["center_torso_rear"] == 0
    assert game.get("t", Armor).points["center_torso"] == 20
    assert game.get("t", Structure).points["center_torso"] == 16 - 12


def test_V_VATK_5_airborne_vtol_target_plus_1_and_no_woods_benefit():
    game = make_game(16, 16, hexes={"0806": {"terrain": "light_woods"}}, initiative=["blue", "red"],
                     units=[("a", mech_data(weapons=[("medium_laser", "center_torso")]), "blue", "0808", 0),
                            ("v", shipped("warrior"), "red", "0806", 3, {"altitude": 1})])
    game.start_phase("weapon")
    m = dict(pairs(wa.preview(game, "a", "v", "medium_laser").modifiers))
    assert m["target airborne VTOL"] == 1 and "target in light woods" not in m


def test_V_VATK_2_a_vtol_never_attacks_its_own_hex():
    game = make_game(16, 16, initiative=["blue", "red"],
                     units=[("v", shipped("warrior"), "blue", "0808", 0, {"altitude": 3}),
                            ("t", mech_data(), "red", "0808", 0)])
    game.start_phase("weapon")
    wtype = game.get("v", Weapons).mounts[0].type
    assert "own hex" in wa.preview(game, "v", "t", wtype).reason


# ------------------------------------------------------------------ seed 002 audit (vehicle attacks)
def test_V_VATK_5_vtol_under_the_trees_on_a_road_keeps_the_woods_benefit():
    # The exception: a VTOL crossing woods along a road below the treetops
    # does get the woods modifier (+1 light woods), and still the +1 airborne.
    game = make_game(16, 16, hexes={"0806": {"terrain": "light_woods", "road": True}}, initiative=["blue", "red"],
                     units=[("a", mech_data(weapons=[("medium_laser", "center_torso")]), "blue", "0808", 0),
                            ("v", shipped("warrior"), "red", "0806", 3, {"altitude": 1})])
    game.start_phase("weapon")
    m = dict(pairs(wa.preview(game, "a", "v", "medium_laser").modifiers))
    assert m["target airborne VTOL"] == 1 and m["target in light woods"] == 1


def test_V_VATK_5_landed_vtol_is_not_airborne():
    game = make_game(16, 16, initiative=["blue", "red"],
                     units=[("a", mech_data(weapons=[("medium_laser", "center_torso")]), "blue", "0808", 0),
                            ("v", shipped("warrior"), "red", "0806", 3, {"altitude": 0})])
    game.start_phase("weapon")
    assert "target airborne VTOL" not in dict(pairs(wa.preview(game, "a", "v", "medium_laser").modifiers))


@pytest.mark.parametrize("mode, expected", [("cruise", ("attacker cruised", 1)), ("flank", ("attacker flanked", 2))])
def test_V_VATK_4_airborne_vtol_attacker_movement_stays_plus_1_cruise_plus_2_flank(mode, expected):
    game = make_game(16, 16, initiative=["blue", "red"],
                     units=[("v", shipped("warrior"), "blue", "0808", 0, {"altitude": 4}),
                            ("t", mech_data(), "red", "0805", 3)])
    game.start_phase("weapon")
    set_moved(game, "v", mode, 5)
    wtype = game.get("v", Weapons).mounts[0].type
    th = wa.preview(game, "v", "t", wtype)
    assert th.possible and expected in pairs(th.modifiers)
    assert not any("jump" in label for label, _, _ in th.modifiers)


def test_V_ATK_6_turret_rotation_counts_like_a_torso_twist_for_a_secondary_target():
    # Manticore facing north, turret turned to the rear: a secondary target
    # behind the hull is in the turret's forward arc (+1), one ahead of the
    # hull is not (+2).
    from components import Turret
    game = make_game(16, 16, initiative=["blue", "red"],
                     units=[("v", shipped("manticore"), "blue", "0808", 0),
                            ("t", mech_data(), "red", "0812", 0),
                            ("u", mech_data(), "red", "0811", 0),
                            ("f", mech_data(), "red", "0805", 0)])
    game.start_phase("weapon")
    assert game.submit(FireOrder("v", {}, weapon="ppc", target="t", turret=3)) is None
    assert game.get("v", Turret).facing == 3
    behind = dict(pairs(wa.preview(game, "v", "u", "srm_6").modifiers))
    assert behind["secondary target, forward arc"] == 1
    ahead = dict(pairs(wa.preview(game, "v", "f", "medium_laser").modifiers))
    assert ahead["secondary target, side or rear arc"] == 2


def test_V_CE_2_seed_example_an_srm_causing_a_cargo_hit_does_2_to_the_infantry():
    # The seed: an SRM that causes a Cargo/Infantry hit does 2 to carried
    # infantry (one missile's damage), a Gauss rifle 15. SRM-2 from the
    # tank's right side: 2 missiles hit, the first lands on T-1 8 from the
    # side (Side, critical), the critical roll 6 on the side column is
    # Cargo/Infantry Hit.
    from components import VehicleCrits
    srm = mech_data(weapons=[("srm_2", "center_torso")], ammo=[("srm_2", "left_torso", 50)])
    game = make_game(16, 16, forced={"to_hit": [10], "cluster": [12], "location": [8, 7], "critical": [6, 2]},
                     initiative=["blue", "red"],
                     units=[("a", srm, "blue", "0808", 0), ("v", shipped("vedette"), "red", "0806", 2)])
    game.get("v", VehicleCrits).cargo = 2
    game.start_phase("weapon")
    assert fire(game, "srm_2", target="v") is None
    game.end_phase()
    cargo = events(game, "cargo_hit")
    assert cargo and cargo[0]["infantry_damage"] == 2
    assert game.get("v", VehicleCrits).cargo == 0


def test_a_unit_that_jumped_in_place_is_plus_1_to_weapon_and_physical_attacks():
    """Section 3 (MM Compute.getTargetMovementModifier): a unit that used
    jump movement this turn is +1 to be hit, even if it ended in the hex it
    started in. Weapon attacks used to give +0 here (they asked for hexes
    moved), physical attacks +1; both now read attack_modifiers.target_movement."""
    from systems.classic import melee
    from tests.physical_helpers import move, to_weapon_phase, two_mechs
    game = two_mechs(attacker="jagermech", target="grasshopper")
    assert to_weapon_phase(game, [move("t", "jump", ["L", "R"])]) == [None]
    assert game.snapshot("t")["at"] == "0504" and game.get("t", TurnState).hexes_moved == 0
    game.start_phase("weapon")
    shot = wa.preview(game, "a", "t", "medium_laser")
    assert shot.possible and ("target jumped", 1) in pairs(shot.modifiers)
    assert not any(label.startswith("target moved") for label, _, _ in shot.modifiers)
    punch = melee.evaluate(game, game.units["a"], game.units["t"], "punch", "left")
    assert punch.possible and ("target movement", 1) in pairs(punch.modifiers)
