"""Vehicle critical hits: V-CRIT, V-CE, V-VCE, tables T-3 and T-4
(rules/vehicles.md; examples E10, E17, E19)."""
import pytest

from components import (Altitude, Ammo, AmmoBin, Armor, Equipment, Status, Structure, Turret,
                        VehicleCrits, Weapons)
from systems.vehicles import driving, criticals as vc_mod
from systems.vehicles import hit_location as vhl
from systems.common.movement import plan
from tests.helpers import make_game
from vehicle_fixtures import add, events
from tests.helpers import pairs


def crits(game, ent):
    return game.world.component(ent, VehicleCrits)


def roll(game, ent, location, value):
    game.dice.force("critical", value)
    return vc_mod.roll_critical(game, ent, location)


# ----------------------------------------------------------------- tables
def test_T3_printed_columns():
    assert [vc_mod.table_result(False, "front", r) for r in range(6, 13)] == [
        "driver_hit", "weapon_malfunction", "stabilizer", "sensors", "commander_hit", "weapon_destroyed",
        "crew_killed"]
    assert vc_mod.table_result(False, "left", 8) == "crew_stunned"
    assert vc_mod.table_result(False, "rear", 11) == "ammunition"
    assert vc_mod.table_result(False, "turret", 12) == "turret_blown_off"
    assert all(vc_mod.table_result(False, "front", r) == "none" for r in range(2, 6))


def test_T4_printed_columns():
    assert [vc_mod.table_result(True, "rotor", r) for r in range(6, 13)] == [
        "rotor_damage"] * 3 + ["flight_stabilizer"] * 2 + ["rotors_destroyed"] * 2
    assert vc_mod.table_result(True, "front", 6) == "copilot_hit"
    assert vc_mod.table_result(True, "front", 10) == "pilot_hit"
    assert vc_mod.table_result(True, "rear", 10) == "sensors"


# ----------------------------------------------------------------- V-CRIT
def test_V_CRIT_4_rear_9_without_rear_weapon_is_engine_hit():
    # E10 (the seed's example): Weapon Destroyed with no rear weapon -> 10 Engine Hit.
    game = make_game(height=12)
    ent = add(game, "tank", "vedette.toml", "0505")
    assert roll(game, ent, "rear", 9) == "engine_hit"
    ev = events(game, "critical")[-1]
    assert ev["rolled"] == "weapon_destroyed" and ev["effect"] == "engine_hit"
    assert game.world.component(ent, Status).immobile


def test_V_CRIT_4_front_8_stabilizer_without_front_weapon_is_sensors():
    game = make_game(height=12)
    ent = add(game, "striker", "striker.toml", "0505")     # turret weapons only
    assert roll(game, ent, "front", 8) == "sensors"
    assert crits(game, ent).sensor_hits == 1


def test_V_CRIT_4_V_CE_11_turret_12_blows_the_turret_off():
    game = make_game(height=12)
    ent = add(game, "tank", "vedette.toml", "0505")
    assert roll(game, ent, "turret", 12) == "turret_blown_off"
    assert game.world.component(ent, Turret).destroyed
    assert all(m.destroyed for m in game.world.component(ent, Weapons).mounts if m.location == "turret")
    assert game.snapshot("tank")["turret"] is None and not game.world.component(ent, Status).destroyed


def test_V_CRIT_4_wraps_from_12_to_6():
    # Fusion tank, engine already hit, nothing in the rear but ammunition:
    # 12 Fuel Tank (= engine hit, taken) -> 6, 7, 8, 9, 10 do not apply -> 11 Ammunition.
    game = make_game(height=12)
    ent = add(game, "mant", "manticore.toml", "0505")
    crits(game, ent).engine_hit = True
    assert vc_mod.choose_result(game, ent, "rear", 12) == "ammunition"


def test_V_CRIT_4_whole_column_used_up_ignores_the_critical():
    game = make_game(height=12)
    ent = add(game, "mant", "manticore.toml", "0505")
    crits(game, ent).engine_hit = True
    game.world.component(ent, Ammo).bins.clear()
    assert roll(game, ent, "rear", 9) == "none"
    assert events(game, "critical")[-1]["effect"] == "none"


def test_V_CRIT_1_hit_location_critical_marker_rolls_on_the_table():
    game = make_game(height=12, forced={"critical": [8]})
    ent = add(game, "tank", "vedette.toml", "0505")
    vhl.apply_hit(game, ent, vhl.lookup("left", 8), 5)        # side 8: critical marker, armor holds
    assert game.world.component(ent, Structure).points["left"] == 5
    assert events(game, "critical")[-1]["effect"] == "crew_stunned"


def test_V_CRIT_2_every_structure_damage_rolls_a_critical():
    game = make_game(height=12, forced={"critical": [11, 2]})
    ent = add(game, "tank", "vedette.toml", "0505", armor={"front": 0})
    from systems.common import damage
    damage.apply_damage(game, ent, "front", 1)
    damage.apply_damage(game, ent, "front", 1)
    assert [e["effect"] for e in events(game, "critical")] == ["weapon_destroyed", "none"]


def test_V_CRIT_3_criticals_affect_only_the_location_hit():
    game = make_game(height=12, forced={"slot": [6]})
    ent = add(game, "tank", "vedette.toml", "0505")
    assert roll(game, ent, "front", 11) == "weapon_destroyed"
    mounts = game.world.component(ent, Weapons).mounts
    assert [(m.location, m.destroyed) for m in mounts] == [("front", True), ("turret", False)]


# ----------------------------------------------------------------- V-CE ground effects
def _ammo(game, ent, bins, case=False):
    game.world.component(ent, Ammo).bins[:] = [AmmoBin(t, "body", n) for t, n in bins]
    if case:
        game.world.component(ent, Equipment).case = ["body"]


def test_V_CE_1_ammunition_explodes_everything_into_the_side_structure():
    # E17: 10 shots of AC/10 = 100 damage to the side's internal structure: destroyed.
    game = make_game(height=12)
    ent = add(game, "tank", "vedette.toml", "0505")
    _ammo(game, ent, [("ac_10", 10)])
    vc_mod.apply_effect(game, ent, "left", "ammunition")
    assert events(game, "ammo_explosion")[0]["damage"] == 100
    assert game.world.component(ent, Armor).points["left"] == 18       # straight to the structure
    assert game.world.component(ent, Status).destroyed


def test_V_CE_1_ammunition_sums_all_bins():
    game = make_game(height=12)
    ent = add(game, "tank", "vedette.toml", "0505")
    _ammo(game, ent, [("ac_5", 2), ("lrm_10", 1), ("gauss_rifle", 8)])    # 10 + 10; gauss slugs inert
    assert vc_mod.ammo_damage(game, ent) == 20


def test_V_CE_1_with_case_goes_to_rear_armor_excess_ignored_and_crew_stunned():
    game = make_game(height=12)
    ent = add(game, "tank", "vedette.toml", "0505")
    _ammo(game, ent, [("ac_10", 10)], case=True)
    vc_mod.apply_effect(game, ent, "left", "ammunition")
    assert game.world.component(ent, Armor).points["rear"] == 0
    assert game.world.component(ent, Structure).points == {k: 5 for k in ("front", "left", "right", "rear", "turret")}
    assert not game.world.component(ent, Status).destroyed
    assert crits(game, ent).stun_turns == 2


def test_V_CE_1_no_ammunition_moves_down_the_column():
    # vehicles.md 5.5: the seed's general rule (move down), not the record sheet's Weapon Destroyed.
    game = make_game(height=12)
    ent = add(game, "tank", "vedette.toml", "0505")
    game.world.component(ent, Ammo).bins.clear()
    assert vc_mod.choose_result(game, ent, "rear", 11) == "fuel_tank"


def test_V_CE_2_cargo_hit_destroys_cargo_and_reports_infantry_damage():
    game = make_game(height=12)
    ent = add(game, "tank", "vedette.toml", "0505")
    crits(game, ent).cargo = 4
    game.dice.force("critical", 6)
    assert vc_mod.roll_critical(game, ent, "left", weapon_damage=15) == "cargo_hit"
    assert crits(game, ent).cargo == 0
    assert events(game, "cargo_hit")[0]["infantry_damage"] == 15


def test_V_CE_3_V_CE_6_V_CE_5_crew_escalation_to_crew_killed():
    # E19: driver hit (+2), commander hit (+1: driving +3), then a stun -> crew killed.
    game = make_game(height=12)
    ent = add(game, "tank", "vedette.toml", "0505")
    assert roll(game, ent, "front", 6) == "driver_hit"
    assert roll(game, ent, "front", 10) == "commander_hit"
    assert driving.target(game, ent).number == 5 + 3
    assert pairs(vc_mod.attack_modifiers(game, ent, "front")) == [("commander hit", 1)]
    assert roll(game, ent, "left", 8) == "crew_killed"
    assert game.world.component(ent, Status).immobile and not game.can_fight(ent)


def test_V_CE_3_second_commander_hit_is_crew_stunned():
    game = make_game(height=12)
    ent = add(game, "tank", "vedette.toml", "0505")
    roll(game, ent, "front", 10)
    assert roll(game, ent, "front", 10) == "crew_stunned"


def test_V_CE_6_second_driver_hit_is_crew_stunned():
    game = make_game(height=12)
    ent = add(game, "tank", "vedette.toml", "0505")
    roll(game, ent, "front", 6)
    assert roll(game, ent, "front", 6) == "crew_stunned"


def test_V_CE_5_stunned_crew_no_flank_no_attacks_next_turn_then_recovers():
    game = make_game(height=12)
    ent = add(game, "tank", "vedette.toml", "0505")
    game.start_turn(["red"])
    roll(game, ent, "left", 8)
    vc_mod.end_of_turn(game)                      # end of the turn it was stunned
    assert plan(game, ent, "flank", ["F"]).error == "a stunned crew cannot move faster than cruise speed"
    assert plan(game, ent, "cruise", ["F"]).error is None
    assert vc_mod.can_attack(game, ent) == "its crew is stunned"
    vc_mod.end_of_turn(game)                      # the next turn is over
    assert vc_mod.can_attack(game, ent) is None


def test_V_CE_5_several_stuns_in_a_turn_last_longer():
    game = make_game(height=12)
    ent = add(game, "tank", "vedette.toml", "0505")
    roll(game, ent, "left", 8)
    roll(game, ent, "left", 8)
    assert crits(game, ent).stun_turns == 3


def test_V_CE_7_engine_hit_immobile_cannot_move_or_turn():
    game = make_game(height=12)
    ent = add(game, "tank", "vedette.toml", "0505")
    assert roll(game, ent, "left", 11) == "engine_hit"
    from systems.common.movement import check_move
    from engine.orders import MoveOrder
    game.start_turn(["red"])
    game.start_phase("movement")
    assert "immobile" in check_move(game, MoveOrder("tank", {}, mode="cruise", path=["L"]))


def test_V_CE_7_an_engine_hit_leaves_no_cruise_or_flank_MP_even_on_pavement():
    """Every reader of a vehicle's MP (the move's limit, the record sheet,
    the computer player) asks `cruise_mp`: 0 once the vehicle is immobile."""
    from systems.common.movement import motion_rules
    from systems.vehicles.cruise import cruise_mp
    game = make_game(height=12, hexes={"0505": {"paved": True}})
    ent = add(game, "tank", "vedette.toml", "0505")
    rules = motion_rules(game, ent)
    assert (rules.mp(game, ent, "cruise"), rules.mp(game, ent, "flank")) == (cruise_mp(game, ent) + 1, 9)
    assert roll(game, ent, "left", 11) == "engine_hit"
    assert cruise_mp(game, ent) == 0
    assert (rules.mp(game, ent, "cruise"), rules.mp(game, ent, "flank")) == (0, 0)


def test_V_CE_8_fuel_tank_destroys_an_ice_vehicle():
    game = make_game(height=12)
    ent = add(game, "tank", "vedette.toml", "0505")
    assert roll(game, ent, "left", 12) == "fuel_tank"
    assert game.world.component(ent, Status).destroyed


def test_V_CE_8_fuel_tank_on_a_fusion_vehicle_is_an_engine_hit():
    game = make_game(height=12)
    ent = add(game, "mant", "manticore.toml", "0505")
    assert roll(game, ent, "left", 12) == "engine_hit"
    assert not game.world.component(ent, Status).destroyed
    assert game.world.component(ent, Status).immobile


def test_V_CE_9_four_sensor_hits_and_no_firing():
    game = make_game(height=12)
    ent = add(game, "tank", "vedette.toml", "0505")
    for _ in range(4):
        assert roll(game, ent, "front", 9) == "sensors"
    assert pairs(vc_mod.attack_modifiers(game, ent, "turret"))[0] == ("sensor hits", 4)
    assert vc_mod.can_attack(game, ent) == "its sensors are destroyed"
    assert roll(game, ent, "front", 9) == "commander_hit"       # a fifth moves down the column


def test_V_CE_10_stabilizer_doubles_movement_modifier_for_that_location_once():
    game = make_game(height=12)
    ent = add(game, "tank", "vedette.toml", "0505")
    assert roll(game, ent, "front", 8) == "stabilizer"
    assert ("stabilizer hit (movement doubled)", 2) in pairs(vc_mod.attack_modifiers(game, ent, "front", 2))
    assert pairs(vc_mod.attack_modifiers(game, ent, "turret", 2)) == []
    assert roll(game, ent, "front", 8) == "sensors"            # a second one moves down


def test_V_CE_10_location_without_weapons_has_no_stabilizer():
    game = make_game(height=12)
    ent = add(game, "tank", "vedette.toml", "0505")
    assert vc_mod.choose_result(game, ent, "rear", 8) == "engine_hit"    # 8 no, 9 no weapon, 10 engine


def test_V_CE_12_V_CE_13_turret_jam_then_second_jam_locks():
    game = make_game(height=12)
    ent = add(game, "tank", "vedette.toml", "0505")
    assert roll(game, ent, "turret", 7) == "turret_jam"
    tur = game.world.component(ent, Turret)
    assert tur.jammed and not tur.locked
    mount = game.world.component(ent, Weapons).mounts[0]
    assert not mount.jammed and vc_mod.can_attack(game, ent) is None     # it fires where it is frozen
    tur.jammed = False                                           # cleared
    assert roll(game, ent, "turret", 7) == "turret_lock"
    assert tur.locked
    assert vc_mod.choose_result(game, ent, "turret", 9) == "weapon_destroyed"   # locked: no more effect


def test_V_CE_14_weapon_destroyed_owner_or_attacker_picks():
    game = make_game(height=12, forced={"slot": [2, 5]})
    ent = add(game, "mant", "manticore.toml", "0505")
    assert roll(game, ent, "turret", 10) == "weapon_destroyed"    # 1-3: the owner gives up the least
    assert roll(game, ent, "turret", 10) == "weapon_destroyed"    # 4-6: the attacker takes the best
    lost = [e["weapon"] for e in events(game, "weapon_destroyed")]
    # Turret: LRM 10, SRM 6, PPC. The owner gives up a 10 (the PPC, last
    # mounted of the two 10s), the attacker takes the SRM 6 (12).
    assert lost == ["ppc", "srm_6"]
    assert [e["chosen_by"] for e in events(game, "weapon_destroyed")] == ["defender", "attacker"]


def test_V_CE_14_the_owner_gives_up_the_weapon_its_loss_order_names():
    game = make_game(height=12, forced={"slot": [3, 4]})
    ent = add(game, "mant", "manticore.toml", "0505", weapon_loss_order=["machine_gun", "lrm_10"])
    roll(game, ent, "turret", 10)                 # 1-3: the owner's choice, its order (no machine gun there)
    roll(game, ent, "turret", 10)                 # 4-6: the attacker still takes the most damaging
    assert [e["weapon"] for e in events(game, "weapon_destroyed")] == ["lrm_10", "srm_6"]


def test_V_CE_14_weapon_loss_order_is_checked_by_the_scenario_loader(tmp_path):
    import tomllib
    from engine.errors import DataError
    from engine.scenario import parse_scenario
    base = ('[map]\nwidth = 6\nheight = 6\n[[unit]]\nid = "a"\ndata = "{data}"\nside = "red"\nat = "0101"\n'
            'weapon_loss_order = {order}\n[[unit]]\nid = "b"\ndata = "jagermech.toml"\nside = "blue"\nat = "0606"\n')
    s = parse_scenario(tomllib.loads(base.format(data="manticore.toml", order='["srm_6"]')), tmp_path / "s.toml")
    from components import VehicleCrits
    assert s.game.world.component(s.game.units["a"], VehicleCrits).loss_order == ["srm_6"]
    for data, order, needle in (("manticore.toml", '["gauss_rifle"]', "not a weapon of this unit"),
                                ("grasshopper.toml", '["medium_laser"]', "only a vehicle's owner")):
        with pytest.raises(DataError, match=needle):
            parse_scenario(tomllib.loads(base.format(data=data, order=order)), tmp_path / "s.toml")


def test_V_CE_14_destroyed_gauss_rifle_counts_as_ammunition():
    game = make_game(height=12, forced={"slot": [6]})
    ent = add(game, "tank", "vedette.toml", "0505")
    game.world.component(ent, Weapons).mounts[0].type = "gauss_rifle"       # the front machine gun
    _ammo(game, ent, [])
    roll(game, ent, "front", 11)
    assert events(game, "ammo_explosion")[0]["damage"] == 20
    assert game.world.component(ent, Status).destroyed           # 20 into 5 front structure


def test_V_CE_15_weapon_malfunction_jams_one_weapon():
    game = make_game(height=12, forced={"slot": [1]})
    ent = add(game, "tank", "vedette.toml", "0505")
    assert roll(game, ent, "front", 7) == "weapon_malfunction"
    m = [m for m in game.world.component(ent, Weapons).mounts if m.location == "front"][0]
    assert m.jammed and vc_mod.can_attack(game, ent) is None      # the others still fire
    assert roll(game, ent, "front", 7) == "stabilizer"           # nothing left to jam there


def test_V_CE_15_a_malfunctioned_weapon_is_refused_by_the_weapon_rules():
    from engine.orders import FireOrder
    from systems.classic.weapon_names import weapon_names
    game = make_game(height=12, forced={"slot": [1]})
    ent = add(game, "tank", "vedette.toml", "0505")
    add(game, "foe", "jagermech.toml", "0502", side="blue")
    roll(game, ent, "front", 7)
    mounts = game.world.component(ent, Weapons).mounts
    name = weapon_names([m.type for m in mounts])[[m.jammed for m in mounts].index(True)]
    game.start_turn(["red", "blue"])
    game.start_phase("weapon")
    order = FireOrder("tank", {"unit": "tank", "weapon": name, "target": "foe"}, weapon=name, target="foe")
    assert "is jammed" in game.check(order)


# ----------------------------------------------------------------- V-VCE VTOL effects
def _heli(game, altitude=3, at="0505", **kw):
    return add(game, "heli", "warrior.toml", at, 0, altitude=altitude, **kw)


def test_V_VCE_1_copilot_hit_plus_one_to_hit_second_kills_the_crew():
    game = make_game(height=12)
    ent = _heli(game, altitude=0)
    assert roll(game, ent, "front", 6) == "copilot_hit"
    assert pairs(vc_mod.attack_modifiers(game, ent, "front")) == [("co-pilot hit", 1)]
    assert roll(game, ent, "front", 6) == "crew_killed"


def test_V_CE_4_crew_killed_airborne_vtol_crashes_and_is_destroyed():
    game = make_game(height=12)
    ent = _heli(game)
    assert roll(game, ent, "front", 12) == "crew_killed"
    assert game.world.component(ent, Status).destroyed


def test_V_VCE_2_engine_hit_landed_vtol_cannot_move():
    game = make_game(height=12)
    ent = _heli(game, altitude=0)
    assert roll(game, ent, "left", 10) == "engine_hit"
    assert game.world.component(ent, Status).immobile
    assert not game.world.component(ent, Status).destroyed


def test_V_VCE_2_engine_hit_airborne_over_clear_lands_on_plus_4_roll():
    game = make_game(height=12, forced={"psr": [9]})
    ent = _heli(game)
    roll(game, ent, "left", 10)
    psr = events(game, "psr")[0]
    assert psr["target"] == 9 and psr["passed"]
    assert game.world.component(ent, Altitude).level == 0
    assert game.world.component(ent, Status).immobile and not game.world.component(ent, Status).destroyed


def test_V_VCE_2_forced_landing_onto_an_enemy_falls_on_it_and_displaces_it():
    # The seed is silent on a forced landing over a unit; MM (its sideslip
    # crash aftermath) makes it an accidental fall from above (TW p.152): a
    # hit damages the unit below and pushes it aside (here along the VTOL's
    # facing, north), and the VTOL lands where it was.
    from components import Position
    from engine.hexgrid import parse_hex_label
    game = make_game(height=12, forced={"psr": [9], "to_hit": [7], "location": [1]})
    ent = _heli(game, altitude=1)
    mech = add(game, "mech", "locust.toml", "0505", 0, side="blue")
    roll(game, ent, "left", 10)
    fall = [e for e in events(game, "attack") if e["attack"] == "accidental fall from above"][0]
    assert fall["target"] == "mech" and fall["to_hit"] == 7 and fall["hit"]
    assert events(game, "damage", unit="mech")[0]["amount"] == 3           # ceil(21/10), punch table
    assert game.world.component(mech, Position).hex == parse_hex_label("0504")
    assert game.world.component(ent, Position).hex == parse_hex_label("0505")
    assert game.world.component(ent, Altitude).level == 0 and not game.world.component(ent, Status).destroyed
    assert [p.reason for p in game.turn_record.psr_queue] == ["fallen on by a falling unit"]


def test_V_VCE_2_forced_landing_that_misses_the_unit_below_sets_down_beside_it():
    from components import Position
    from engine.hexgrid import parse_hex_label
    game = make_game(height=12, forced={"psr": [9], "to_hit": [6]})
    ent = _heli(game, altitude=1)
    mech = add(game, "mech", "locust.toml", "0505", 0, side="blue")
    add(game, "friend", "locust.toml", "0504", 0, side="red")             # the hex ahead is taken
    roll(game, ent, "left", 10)
    assert game.world.component(mech, Position).hex == parse_hex_label("0505")
    assert game.world.component(ent, Position).hex == parse_hex_label("0604")   # next nearest: front-right
    assert events(game, "land")[-1]["at"] == "0604"


def test_V_VCE_2_forced_landing_with_no_room_beside_the_unit_below_destroys_the_vtol():
    from engine.hexgrid import hex_label, neighbors
    from engine.hexgrid import parse_hex_label
    game = make_game(height=12, forced={"psr": [9], "to_hit": [6]})
    ent = _heli(game, altitude=1)
    add(game, "mech", "locust.toml", "0505", 0, side="blue")
    for i, h in enumerate(neighbors(parse_hex_label("0505"))):
        add(game, f"m{i}", "locust.toml", hex_label(h), 0, side="blue")
    roll(game, ent, "left", 10)
    assert game.world.component(ent, Status).destroyed
    assert events(game, "destroyed")[-1]["cause"] == "no room to come down"


def test_V_VCE_2_engine_hit_failed_landing_roll_destroys():
    game = make_game(height=12, forced={"psr": [8]})
    ent = _heli(game)
    roll(game, ent, "left", 10)
    assert game.world.component(ent, Status).destroyed


def test_V_VCE_2_engine_hit_over_woods_destroys_without_a_roll():
    game = make_game(height=12, hexes={"0505": {"terrain": "heavy_woods"}})
    ent = _heli(game)
    roll(game, ent, "left", 10)
    assert game.world.component(ent, Status).destroyed and not events(game, "psr")


def test_V_VCE_3_fuel_tank_explodes_the_vtol():
    game = make_game(height=12)
    ent = _heli(game)
    assert roll(game, ent, "left", 12) == "fuel_tank"
    assert game.world.component(ent, Status).destroyed


def test_V_VCE_4_pilot_hit_failed_roll_drops_one_level():
    game = make_game(height=12, forced={"psr": [2]})
    ent = _heli(game)
    assert roll(game, ent, "front", 10) == "pilot_hit"
    assert game.world.component(ent, Altitude).level == 2
    assert driving.target(game, ent).number == 7
    assert roll(game, ent, "front", 10) == "crew_killed"          # a later pilot hit


def test_V_VCE_4_pilot_hit_drop_into_treetops_crashes():
    game = make_game(height=12, forced={"psr": [2]}, hexes={"0505": {"terrain": "light_woods"}})
    ent = _heli(game)                     # altitude 3 over 2-level woods
    roll(game, ent, "front", 10)
    assert events(game, "crash") and game.world.component(ent, Status).destroyed


def test_V_VCE_5_rotor_damage_on_an_immobile_vtol_moves_down_to_the_flight_stabilizer():
    """V-VCE-5: Rotor Damage cuts Cruise MP by 1; a VTOL that is already
    immobile has none to lose, so the result does not apply and the roll
    moves down the T-4 rotor column (V-CRIT-4) to 9, Flight Stabilizer
    (MM VTOL.getCriticalEffect: rotor damage only `if (!isImmobile())`).
    A landed Warrior H-7 (Cruise 9) with an engine hit (V-CE-7) keeps its
    9 Cruise on the record, yet rolls 6, 7 and 8 as Flight Stabilizer
    (+3 Driving, +1 to its attacks, V-VCE-7); once that is hit, the next
    moves on to 11, Rotors Destroyed."""
    from components import VehicleMovement
    game = make_game(height=12)
    ent = _heli(game, altitude=0)
    assert roll(game, ent, "rear", 11) == "engine_hit"
    assert game.world.component(ent, Status).immobile
    assert game.world.component(ent, VehicleMovement).motive_penalty == 0     # Cruise 9 on the record
    assert roll(game, ent, "rotor", 6) == "flight_stabilizer"
    ev = events(game, "critical")[-1]
    assert (ev["rolled"], ev["effect"], ev["location"]) == ("rotor_damage", "flight_stabilizer", "rotor")
    assert crits(game, ent).pending_rotor == 0 and crits(game, ent).flight_stabilizer
    assert ("flight stabilizer hit", 1) in pairs(vc_mod.attack_modifiers(game, ent, "front"))
    assert roll(game, ent, "rotor", 8) == "rotors_destroyed"


def test_V_VCE_5_rotor_damage_with_no_cruise_left_after_the_phase_moves_down_the_column():
    """E13 numbers: the worked VTOL has Cruise 8. After 7 rotor hits it has
    Cruise 1; an eighth rotor hit (V-ROTOR-4, waiting for the phase end)
    leaves nothing for a Rotor Damage critical in the same phase to take,
    so a 7 on the rotor column is Flight Stabilizer. With Cruise 2 left
    the same roll is Rotor Damage (-1 more: 2 MP in all, Cruise 0)."""
    from components import VehicleMovement
    from vehicle_fixtures import add_worked_vtol
    for cruise_left, effect in ((1, "flight_stabilizer"), (2, "rotor_damage")):
        game = make_game(height=12)
        ent = add_worked_vtol(game, "vtol", "0505", altitude=0)
        game.world.component(ent, VehicleMovement).motive_penalty = 8 - cruise_left
        crits(game, ent).pending_rotor = 1          # the rotor hit itself (V-ROTOR-4)
        assert roll(game, ent, "rotor", 7) == effect


def test_V_VCE_6_rotors_destroyed_destroys_the_vtol():
    # vehicles.md 5.6: the seed wins over MegaMek's fall.
    game = make_game(height=12)
    ent = _heli(game)
    assert roll(game, ent, "rotor", 11) == "rotors_destroyed"
    assert game.world.component(ent, Status).destroyed


def test_V_VCE_7_flight_stabilizer_plus_3_driving_plus_1_attacks_once():
    game = make_game(height=12)
    ent = _heli(game)
    assert roll(game, ent, "rotor", 9) == "flight_stabilizer"
    assert driving.target(game, ent).number == 8
    assert ("flight stabilizer hit", 1) in pairs(vc_mod.attack_modifiers(game, ent, "front"))
    assert roll(game, ent, "rotor", 9) == "rotors_destroyed"      # a second moves down


def test_vehicle_crits_survive_a_save():
    from engine.game import Game
    game = make_game(height=12)
    ent = add(game, "tank", "vedette.toml", "0505")
    roll(game, ent, "front", 6)
    roll(game, ent, "front", 8)
    again = Game.from_dict(game.to_dict())
    vc = again.world.component(again.units["tank"], VehicleCrits)
    assert vc.driver_hit and vc.stabilizers == ["front"]


# ----------------------------------------------------------------- wiring into weapon attacks
def _fire(game, uid, weapon, target):
    from engine.orders import FireOrder
    game.start_phase("weapon")
    reason = game.submit(FireOrder(uid, {}, weapon=weapon, target=target))
    game.end_phase()
    return reason


def test_V_CE_5_stunned_crew_cannot_fire():
    game = make_game(height=12)
    ent = add(game, "mant", "manticore.toml", "0508")
    add(game, "mech", "locust.toml", "0505", side="blue")
    game.start_turn(["red", "blue"])
    crits(game, ent).stun_turns = 1
    assert "stunned" in _fire(game, "mant", "ppc", "mech")


def test_V_CE_9_V_CE_10_sensor_and_stabilizer_modifiers_in_the_attack():
    game = make_game(height=12, forced={"to_hit": [12], "location": [7]})
    ent = add(game, "mant", "manticore.toml", "0508")
    add(game, "mech", "locust.toml", "0505", side="blue")
    game.start_turn(["red", "blue"])
    crits(game, ent).sensor_hits = 1
    crits(game, ent).stabilizers.append("turret")
    from components import TurnState
    ts = game.world.component(ent, TurnState)
    ts.moved, ts.mode = True, "flank"
    assert _fire(game, "mant", "ppc", "mech") is None
    mods = events(game, "attack")[0]["modifiers"]
    assert ["sensor hits", 1] in mods and ["stabilizer hit (movement doubled)", 2] in mods
    assert ["attacker flanked", 2] in mods


def test_V_CE_15_a_phase_without_firing_clears_one_jam():
    game = make_game(height=12)
    ent = add(game, "mant", "manticore.toml", "0508")
    game.start_turn(["red"])
    mounts = game.world.component(ent, Weapons).mounts
    mounts[0].jammed = mounts[1].jammed = True
    game.world.component(ent, Turret).jammed = True
    game.start_phase("weapon")
    game.end_phase()
    assert events(game, "jam_cleared")[0]["item"] == "turret" and mounts[0].jammed
    game.start_turn(["red"])
    game.start_phase("weapon")
    game.end_phase()
    assert not mounts[0].jammed and mounts[1].jammed


def test_V_CE_5_stunned_crew_cannot_declare_a_charge():
    from engine.orders import MoveOrder
    game = make_game(height=12)
    ent = add(game, "mant", "manticore.toml", "0508")
    add(game, "mech", "locust.toml", "0506", side="blue")
    game.start_turn(["red", "blue"])
    crits(game, ent).stun_turns = 1
    game.start_phase("movement")
    order = MoveOrder("mant", {}, mode="cruise", path=["F"], charge="mech")
    reason = game.check(order)
    assert reason and "stunned" in reason
    crits(game, ent).stun_turns = 0
    assert game.check(order) is None


def test_V_CE_12_a_jam_is_cleared_in_a_later_weapon_phase_not_the_one_it_happened_in():
    from pathlib import Path
    from engine.scenario import load_scenario, run_scenario
    example = Path(__file__).resolve().parent.parent / "docs" / "examples" / "classic_vehicles.toml"
    game = run_scenario(load_scenario(example))
    jammed = [e for e in game.log.events if e["type"] == "weapon_jammed"]
    cleared = [e for e in game.log.events if e["type"] == "jam_cleared"]
    assert [e["turn"] for e in jammed] == [1]
    assert [(e["turn"], e["phase"]) for e in cleared] == [(2, "weapon")]


def test_V_VCE_3_V_DMG_5_fusion_vtol_fuel_tank_is_engine_damage_not_an_explosion():
    # Landed fusion VTOL: a Fuel Tank result is Engine Damage (V-VCE-2: it cannot move), no explosion.
    game = make_game(height=12)
    ent = _heli(game, altitude=0)
    game.world.component(ent, VehicleCrits).engine = "fusion"
    assert roll(game, ent, "left", 12) == "engine_hit"
    assert not game.world.component(ent, Status).destroyed
    assert game.world.component(ent, VehicleCrits).engine_hit
