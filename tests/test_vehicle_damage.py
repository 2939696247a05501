"""Vehicle damage and hit locations: V-DMG, V-HIT, V-ROTOR, T-1, T-2
(rules/vehicles.md; examples E1, E2, E11, E12, E13)."""
from hypothesis import given, strategies as st

from components import Armor, Status, Structure, VehicleCrits, VehicleMovement, Crew
from systems.common import damage
from systems.vehicles import motive_damage
from systems.vehicles import hit_location as vhl
from tests.helpers import make_game
from vehicle_fixtures import add, add_worked_vtol, events


# ----------------------------------------------------------------- T-1 / T-2
def test_T1_front_roll_5_is_right_side_with_motive_roll():
    # E11: the printed table wins over MegaMek's Left Side (vehicles.md 5.1, section 6).
    hit = vhl.lookup("front", 5)
    assert (hit.location, hit.motive, hit.critical) == ("right", True, False)


def test_T1_side_attack_roll_5_is_front_dagger_and_8_is_side_critical():
    assert vhl.lookup("left", 5) == vhl.VehicleHit("front", 5, "left", False, True)
    assert vhl.lookup("right", 8) == vhl.VehicleHit("right", 8, "right", True, False)
    assert vhl.lookup("right", 9).location == "rear" and vhl.lookup("right", 9).motive


def test_T1_rear_column_5_left_9_right_and_criticals_on_2_and_12():
    assert vhl.lookup("rear", 5).location == "left"
    assert vhl.lookup("rear", 9).location == "right"
    assert vhl.lookup("rear", 2).critical and vhl.lookup("rear", 2).location == "rear"
    assert vhl.lookup("rear", 12) == vhl.VehicleHit("turret", 12, "rear", True, False)


def test_V_HIT_4_turret_result_without_turret_hits_attacked_side():
    # E12: front attack, 12 -> Front armor and a Front-column critical; 10 -> Front, no critical.
    assert vhl.lookup("front", 12, turret=False) == vhl.VehicleHit("front", 12, "front", True, False)
    assert vhl.lookup("front", 10, turret=False) == vhl.VehicleHit("front", 10, "front", False, False)
    assert vhl.lookup("left", 11, turret=False).location == "left"


def test_T2_vtol_rotor_results_and_rear_column():
    for roll in (3, 10, 11, 12):
        hit = vhl.lookup("front", roll, vtol=True, turret=False)
        assert hit.location == "rotor" and hit.rotor
    assert vhl.lookup("left", 12, vtol=True).critical
    # vehicles.md 5.2: the printed table says Left on 5 and Right on 9 in the rear column.
    assert vhl.lookup("rear", 5, vtol=True).location == "left"
    assert vhl.lookup("rear", 9, vtol=True).location == "right"
    # 4: chin turret, the rotor without one (T-2 ‡)
    assert vhl.lookup("front", 4, vtol=True, turret=True).location == "turret"
    assert vhl.lookup("front", 4, vtol=True, turret=False).location == "rotor"
    assert not vhl.lookup("front", 5, vtol=True).motive    # VTOLs never roll T-5 from the table


@given(st.sampled_from(vhl.SIDES), st.integers(2, 12), st.booleans(), st.booleans())
def test_T1_T2_every_entry_is_a_real_location(side, roll, vtol, turret):
    hit = vhl.lookup(side, roll, vtol=vtol, turret=turret)
    allowed = {"front", "rear", "left", "right"} | ({"turret"} if turret else set()) | ({"rotor"} if vtol else set())
    assert hit.location in allowed
    assert hit.critical == (roll in (2, 12) or (roll == 8 and side in ("left", "right")))


# ----------------------------------------------------------------- V-ROTOR
def test_V_ROTOR_1_rotor_damage_is_ceil_tenth_of_weapon_damage():
    # E1: medium laser 5 -> 1, PPC 10 -> 1, 12 -> 2, heavy Gauss at short range 25 -> 3.
    assert [vhl.rotor_damage(d) for d in (5, 10, 12, 25)] == [1, 1, 2, 3]


def _vtol(game, **kw):
    """The worked examples' VTOL (cruise 8), airborne at altitude 3."""
    return add_worked_vtol(game, "heli", "0505", 0, **{"altitude": 3, **kw})


def test_V_ROTOR_1_heavy_gauss_on_rotor_does_3_and_cuts_cruise_at_phase_end():
    game = make_game(height=12)
    ent = _vtol(game, armor={"rotor": 5})
    hit = vhl.lookup("front", 10, vtol=True, turret=False)
    vhl.apply_hit(game, ent, hit, 25)
    assert game.world.component(ent, Armor).points["rotor"] == 2
    vm = game.world.component(ent, VehicleMovement)
    assert vm.motive_penalty == 0          # takes effect at the end of the phase
    motive_damage.end_of_phase(game)
    assert vm.cruise - vm.motive_penalty == 7


def test_V_ROTOR_3_lrm20_twelve_missiles_in_groups_5_5_2_do_3():
    # E2: three cluster groups on the rotor, one point each.
    game = make_game(height=12)
    ent = _vtol(game, armor={"rotor": 5})
    hit = vhl.lookup("front", 11, vtol=True, turret=False)
    for group in (5, 5, 2):
        vhl.apply_hit(game, ent, hit, group)
    assert game.world.component(ent, Armor).points["rotor"] == 2
    assert sum(e["amount"] for e in events(game, "damage")) == 3


def test_V_ROTOR_2_damage_without_weapon_value_is_not_reduced():
    game = make_game(height=12)
    ent = _vtol(game, armor={"rotor": 5})
    vhl.apply_hit(game, ent, vhl.lookup("front", 3, vtol=True, turret=False), 5, weapon_damage=False)
    assert game.world.component(ent, Armor).points["rotor"] == 0


def test_V_VCE_5_rotor_hit_plus_rotor_damage_crit_costs_2_mp():
    # E13: cruise 8, rotor hit (-1) and a Rotor Damage critical (-1) -> cruise 6, flank 9.
    game = make_game(height=12, forced={"critical": [6]})
    ent = _vtol(game, armor={"rotor": 5})
    vhl.apply_hit(game, ent, vhl.lookup("front", 12, vtol=True, turret=False), 5)
    motive_damage.end_of_phase(game)
    vm = game.world.component(ent, VehicleMovement)
    assert vm.cruise - vm.motive_penalty == 6
    MOTION_RULES = game.ruleset.hooks.movement_rules
    assert MOTION_RULES["vtol"].mp(game, ent, "flank") == 9
    assert [e["effect"] for e in events(game, "critical")] == ["rotor_damage"]


# ----------------------------------------------------------------- V-DMG
def test_V_DMG_2_no_transfer_and_destroyed_when_a_location_structure_is_gone():
    game = make_game(height=12, forced={"critical": [2]})              # the structure critical roll: none
    ent = add(game, "tank", "vedette.toml", "0505")      # 50 t: 5 structure a location
    damage.apply_damage(game, ent, "left", 18 + 4)        # armor 18, 4 structure: survives
    assert not game.world.component(ent, Status).destroyed
    assert game.world.component(ent, Structure).points["front"] == 5
    assert events(game, "critical")[0]["effect"] == "none"     # V-CRIT-2: rolled on structure damage
    damage.apply_damage(game, ent, "left", 30)
    assert game.world.component(ent, Status).destroyed
    # nothing moved on to another location
    assert game.world.component(ent, Armor).points == {"front": 20, "left": 0, "right": 18, "rear": 20, "turret": 20}


def test_V_DMG_2_turret_structure_gone_destroys_the_vehicle():
    game = make_game(height=12)
    ent = add(game, "tank", "vedette.toml", "0505")
    damage.apply_damage(game, ent, "turret", 25)
    assert game.world.component(ent, Status).destroyed


def test_V_DMG_2_structure_per_location_is_ceil_tons_over_10():
    game = make_game(height=12)
    assert game.world.component(add(game, "s", "striker.toml", "0101"), Structure).points["front"] == 4
    assert game.world.component(add(game, "w", "warrior.toml", "0303"), Structure).points["rotor"] == 3


def test_V_CE_4_crew_killed_counts_as_destroyed_for_victory_but_wreck_stays():
    game = make_game(height=12, forced={"critical": [12]})
    ent = add(game, "tank", "vedette.toml", "0505")
    from systems.vehicles import criticals as vehicle_criticals
    vehicle_criticals.roll_critical(game, ent, "front")
    assert game.world.component(ent, Crew).killed
    assert not game.world.component(ent, Status).destroyed
    assert game.world.component(ent, Status).immobile
    assert not game.can_fight(ent)


def test_V_DMG_4_airborne_vtol_at_zero_mp_takes_engine_damage():
    # Cruise 1 left, a rotor hit takes it to 0: engine damage, forced landing roll (+4) over clear.
    game = make_game(height=12, forced={"psr": [12]})
    ent = _vtol(game, armor={"rotor": 5})
    game.world.component(ent, VehicleMovement).motive_penalty = 7
    vhl.apply_hit(game, ent, vhl.lookup("front", 10, vtol=True, turret=False), 5)
    motive_damage.end_of_phase(game)
    vc = game.world.component(ent, VehicleCrits)
    assert vc.engine_hit and game.world.component(ent, Status).immobile
    psr = events(game, "psr")[-1]
    assert psr["target"] == 5 + 4 and psr["passed"]
    from components import Altitude
    assert game.world.try_component(ent, Altitude).level == 0


def test_V_HIT_2_dagger_hit_rolls_motive_even_when_armor_holds():
    game = make_game(height=12, forced={"motive": [6]})
    ent = add(game, "tank", "vedette.toml", "0505")
    vhl.apply_hit(game, ent, vhl.lookup("front", 3), 5)
    m = events(game, "motive")[0]
    assert m["total"] == 6 and m["result"] == "minor"


def test_V_DMG_1_side_hit_comes_from_the_vehicle_attack_direction():
    # E16: attacker across the target's front-right hexside: a Right Side attack.
    from components import Position
    from engine.hexgrid import neighbor
    game = make_game(height=12, forced={"location": [7], "critical": [2] * 3})
    ent = add(game, "tank", "vedette.toml", "0505", 0)
    mech = add(game, "mech", "locust.toml", "0101", side="blue")
    game.world.component(mech, Position).hex = neighbor(game.world.component(ent, Position).hex, 1)
    hit = vhl.weapon_hit(game, mech, ent, 5)
    assert hit.side == "right" and hit.location == "right"


def test_V_DMG_3_every_vehicle_uses_the_same_critical_tables():
    from systems.vehicles import criticals as vehicle_criticals
    game = make_game(height=12)
    a = add(game, "a", "vedette.toml", "0505")
    b = add(game, "b", "manticore.toml", "0707")
    assert [vehicle_criticals.choose_result(game, a, "left", r) for r in (8, 11)] == \
        [vehicle_criticals.choose_result(game, b, "left", r) for r in (8, 11)] == ["crew_stunned", "engine_hit"]


def test_V_HIT_1_four_or_five_locations():
    game = make_game(height=12)
    tank = add(game, "tank", "vedette.toml", "0505")
    heli = add(game, "heli", "warrior.toml", "0707")
    assert sorted(game.world.component(tank, Armor).points) == ["front", "left", "rear", "right", "turret"]
    assert sorted(game.world.component(heli, Armor).points) == ["front", "left", "rear", "right", "rotor"]


def test_V_ROTOR_4_each_rotor_hit_costs_a_cruise_mp_at_the_end_of_the_phase():
    game = make_game(height=12)
    ent = _vtol(game, armor={"rotor": 9})
    for roll in (3, 10):
        vhl.apply_hit(game, ent, vhl.lookup("front", roll, vtol=True, turret=False), 2)
    MOTION_RULES = game.ruleset.hooks.movement_rules
    assert MOTION_RULES["vtol"].mp(game, ent, "cruise") == 8
    motive_damage.end_of_phase(game)
    assert (MOTION_RULES["vtol"].mp(game, ent, "cruise"), MOTION_RULES["vtol"].mp(game, ent, "flank")) == (6, 9)


def test_V_CHAR_5_damage_never_wounds_a_vehicle_crew():
    game = make_game(height=12, forced={"critical": [2]})
    ent = add(game, "tank", "vedette.toml", "0505", armor={"front": 0})
    damage.apply_damage(game, ent, "front", 3)
    assert game.world.component(ent, Crew).hits == 0 and not events(game, "pilot_damage")


def test_V_CHAR_2_driving_skill_is_the_target():
    from systems.vehicles import driving
    game = make_game(height=12)
    ent = add(game, "tank", "vedette.toml", "0505", driving=3)
    assert driving.target(game, ent).number == 3
