"""Physical attacks by and against vehicles and VTOLs: V-PHYS-1..7, T-10,
T-12 (rules/vehicles.md; seed 002), plus the mech physical attack gaps the
vehicle rules need (a prone mech punching a vehicle in its own hex, partial
cover in depth 1 water)."""
import pytest
from hypothesis import given, settings, strategies as st

from components import Armor, Position, Status, VehicleCrits, VehicleMovement
from systems.classic import melee
from systems.vehicles import physical as vp
from tests.helpers import pairs
from tests.physical_helpers import add, events, make_game, move, nb, phys, play


def _setup(attacker="grasshopper", target="vedette", target_dir=0, target_facing=3, a_over=None,
           t_over=None, hexes=None, forced=None, same_hex=False, a_at="0505"):
    game = make_game(10, 10, forced=forced or {}, hexes=hexes or {})
    add(game, "a", attacker, "red", a_at, 0, **(a_over or {}))
    add(game, "t", target, "blue", a_at if same_hex else nb(a_at, target_dir), target_facing, **(t_over or {}))
    return game


def _ev(game, attack, limb=None):
    return melee.evaluate(game, game.units["a"], game.units["t"], attack, limb)


# --------------------------------------------------------------------- V-PHYS-1/2: who charges
def test_V_PHYS_1_a_vehicle_has_no_punch_or_kick_only_the_charge():
    game = _setup(attacker="vedette", target="jagermech")
    ev = _ev(game, "punch", "left")
    assert ev.reason and "only physical attack is a charge" in ev.reason and "V-PHYS-1" in ev.reason


def test_V_PHYS_2_vtol_cannot_charge_but_a_tank_can():
    # The VTOL (landed, cruising) ends its move facing the mech: refused with the rule id.
    game = make_game(10, 10)
    add(game, "a", "warrior", "red", "0507", 0, altitude=1)
    add(game, "t", "jagermech", "blue", "0504", 3)
    game.start_turn(["red", "blue"])
    game.start_phase("movement")
    reason = game.submit(move("a", "cruise", ["F", "F"], charge="t"))
    assert reason and "V-PHYS-2" in reason and "VTOL" in reason
    # A tracked tank may.
    game = make_game(10, 10)
    add(game, "a", "vedette", "red", "0507", 0)
    add(game, "t", "jagermech", "blue", "0504", 3)
    game.start_turn(["red", "blue"])
    game.start_phase("movement")
    assert game.submit(move("a", "cruise", ["F", "F"], charge="t")) is None


def _vehicle_charge(target="jagermech", t_over=None, hexes=None, forced=None, charger="vedette",
                    path=("F", "F", "F"), c_over=None):
    """A red vehicle at 0508 facing north charges the blue target at 0504."""
    game = make_game(10, 10, forced=forced or {}, hexes=hexes or {})
    add(game, "a", charger, "red", "0508", 0, **(c_over or {}))
    add(game, "t", target, "blue", "0504", 0, **(t_over or {}))
    play(game, moves=[move("a", "cruise", list(path), charge="t")])
    return game


def test_V_PHYS_3_vehicle_charging_standing_mech_uses_kick_table():
    # Vedette (50 t) cruises 3 hexes: ceil(50/10 x 3) = 15, groups 5,5,5 on the kick table
    # (1d6 location rolls). Charger takes ceil(65/10) = 7 on its Front column.
    game = _vehicle_charge(forced={"to_hit": [12], "location": [1, 3, 5, 7, 7], "motive": [2, 2], "psr": [12]})
    att = events(game, "attack", attacker="a")[0]
    assert att["attack"] == "charge" and att["hit"]
    # to-hit: driving 5 + cruised 1 + target movement 0 + piloting difference 0 = 6
    assert att["to_hit"] == 6
    rolls = [e for e in game.log.of_type("roll") if e["purpose"] == "location"]
    assert [len(r["dice"]) for r in rolls[:3]] == [1, 1, 1]       # kick table: 1d6
    dmg_t = [e for e in events(game, "damage", unit="t")]
    assert sum(e["amount"] for e in dmg_t) == 15
    assert {e["location"] for e in dmg_t} <= {"left_leg", "right_leg"}
    dmg_a = [e for e in events(game, "damage", unit="a")]
    assert [e["amount"] for e in dmg_a] == [5, 2]


def test_V_PHYS_3_mech_in_depth_1_water_punch_table_for_a_surface_hover():
    hexes = {"0504": {"terrain": "water", "depth": 1}, "0505": {"terrain": "water", "depth": 1}}
    game = make_game(10, 10, hexes=hexes)
    add(game, "a", "condor", "red", "0505", 0)
    add(game, "t", "jagermech", "blue", "0504", 0)
    assert vp.charge_table(game, game.units["a"], game.units["t"]) == "punch"
    # A tank down at depth 1 (not riding the surface) uses the kick table.
    game.world.component(game.units["a"], VehicleMovement).motive = "tracked"
    assert vp.charge_table(game, game.units["a"], game.units["t"]) == "kick"
    # Prone mech, or a vehicle target: the normal table (None = standard).
    game.world.component(game.units["t"], Status).prone = True
    assert vp.charge_table(game, game.units["a"], game.units["t"]) is None


def test_V_PHYS_3_vehicle_may_charge_a_prone_mech_on_the_normal_table():
    game = _vehicle_charge(t_over={"prone": True},
                           forced={"to_hit": [12], "location": [7, 7, 7, 7, 7], "motive": [2, 2]})
    att = events(game, "attack", attacker="a")[0]
    assert att["hit"] and ["target prone", -2] in att["modifiers"]
    rolls = [e for e in game.log.of_type("roll") if e["purpose"] == "location"]
    assert len(rolls[0]["dice"]) == 2                                # the normal 2d6 table
    assert sum(e["amount"] for e in events(game, "damage", unit="t")) == 15


def test_V_PHYS_3_vehicle_charging_vehicle_uses_vehicle_tables_and_displaces_it():
    # Vedette charges a Striker (35 t) from behind: 15 damage on the Striker's Rear column,
    # ceil(35/10) = 4 to the Vedette's Front; the Striker is pushed on, the Vedette follows.
    game = _vehicle_charge(target="striker", forced={"to_hit": [12], "location": [6, 6, 6, 6, 7],
                                                     "motive": [2, 2]})
    assert [e["location"] for e in events(game, "damage", unit="t")] == ["rear", "rear", "rear"]
    assert [(e["location"], e["amount"]) for e in events(game, "damage", unit="a")] == [("front", 4)]
    assert game.map.label(game.world.component(game.units["t"], Position).hex) == "0503"
    assert game.map.label(game.world.component(game.units["a"], Position).hex) == "0504"


def test_V_PHYS_4_both_vehicles_roll_motive_damage_hit_or_miss():
    # Miss (roll 2): still one T-5 roll each. Charger front +0, target struck in the rear +1;
    # the Striker is wheeled (+2): 7 + 1 + 2 = 10 -> heavy; the tracked Vedette 7 -> minor.
    game = _vehicle_charge(target="striker", forced={"to_hit": [2], "motive": [7, 7], "displacement": [1]})
    assert not events(game, "attack", attacker="a")[0]["hit"]
    motive = game.log.of_type("motive")
    assert [(m["unit"], m["total"], m["result"]) for m in motive] == [("a", 7, "minor"), ("t", 10, "heavy")]
    assert "V-PHYS-4" in motive[0]["reason"]
    vm = game.world.component(game.units["t"], VehicleMovement)
    assert vm.cruise - vm.motive_penalty == 3                        # heavy: ceil(5/2), end of phase


def test_V_PHYS_2_a_mech_cannot_charge_a_vehicle():
    # Seed: vehicles may charge other vehicles but cannot be charged by mechs.
    game = make_game(10, 10)
    add(game, "a", "jagermech", "red", "0508", 0)
    add(game, "t", "vedette", "blue", "0504", 2)
    game.start_turn(["red", "blue"])
    game.start_phase("movement")
    reason = game.submit(move("a", "walk", ["F", "F", "F"], charge="t"))
    assert reason and "V-PHYS-2" in reason and "cannot be charged by mechs" in reason
    assert not game.log.of_type("move")


def test_V_PHYS_4_a_vehicle_charged_by_a_vehicle_rolls_for_motive_damage():
    game = make_game(10, 10, forced={"to_hit": [12], "location": [7, 7, 7, 7, 7, 7], "motive": [5, 5],
                                     "psr": [12]})
    add(game, "a", "vedette", "red", "0508", 0)
    add(game, "t", "vedette", "blue", "0504", 2)       # facing south-east: the charge from the south strikes its right side
    play(game, moves=[move("a", "cruise", ["F", "F", "F"], charge="t")])
    assert events(game, "attack", attacker="a")[0]["hit"]
    motive = game.log.of_type("motive")
    assert ("t", ["attack direction right", 2]) in [(m["unit"], m["modifiers"][0]) for m in motive]
    assert {m["unit"] for m in motive} == {"a", "t"}
    # ceil(50/10 x 3) = 15 on the target Vedette's right column
    assert sum(e["amount"] for e in events(game, "damage", unit="t")) == 15


# --------------------------------------------------------------------- V-PHYS-5: mechs vs ground vehicles
def test_V_PHYS_5_mech_stomps_vehicle_in_its_own_hex_random_side():
    # Grasshopper kicks (stomps) the Vedette sharing its hex: TN 5 - 2 = 3, 14 damage;
    # the side is a d6 over front, right, rear, left (5 re-rolled, then 3 -> rear).
    game = _setup(same_hex=True, forced={"to_hit": [7], "location": [5, 3, 7], "motive": []})
    reasons = play(game, orders=[phys("a", "kick", "t", "right")])
    assert reasons == [None]
    att = events(game, "attack", attacker="a")[0]
    assert att["hit"] and att["to_hit"] == 3
    dmg = events(game, "damage", unit="t")
    assert [(e["location"], e["amount"]) for e in dmg] == [("rear", 14)]
    assert game.world.component(game.units["t"], Armor).points["rear"] == 6


def test_V_PHYS_5_only_a_kick_reaches_a_vehicle_at_a_standing_mechs_feet():
    game = _setup(same_hex=True)
    for attack, limb in (("punch", "left"), ("club", None), ("push", None)):
        ev = _ev(game, attack, limb)
        assert ev.reason, attack
    assert "V-PHYS-5" in _ev(game, "punch", "left").reason
    assert "P-PUSH-1" in _ev(game, "push").reason


def test_V_PHYS_5_prone_mech_punches_vehicle_in_its_hex_with_both_arms_at_plus_2():
    game = _setup(same_hex=True, a_over={"prone": True})
    ev = _ev(game, "punch", "left")
    assert ev.reason is None and ["attacker prone", 2] in ev.mods and ev.to_hit == 7
    assert ev.side == "random" and ev.damage == 7
    assert "prone" in _ev(game, "kick", "left").reason
    # One arm gone: no punch at all.
    game = _setup(same_hex=True, a_over={"prone": True, "structure": {"right_arm": 0}})
    assert "both arms" in _ev(game, "punch", "left").reason
    # Prone, vehicle in the next hex: no.
    game = _setup(a_over={"prone": True})
    assert "prone" in _ev(game, "punch", "left").reason


def test_V_PHYS_5_vehicle_one_level_tall_no_punch_same_level_kick_and_club_ok():
    game = _setup()
    ev = _ev(game, "punch", "left")
    assert ev.reason and "V-CHAR-6" in ev.reason
    kick = _ev(game, "kick", "right")
    assert kick.reason is None and kick.damage == 14 and kick.to_hit == 3
    assert "P-PUSH-1" in _ev(game, "push").reason
    # The vehicle on a hex one level higher: the punch reaches it.
    game = _setup(hexes={"0504": {"level": 1}})
    assert _ev(game, "punch", "left").reason is None
    assert _ev(game, "kick", "right").reason
    # One level lower: out of reach of a kick.
    game = _setup(hexes={"0504": {"level": -1}})
    assert "V-CHAR-6" in _ev(game, "kick", "right").reason


def test_V_PHYS_5_adjacent_kick_hits_the_vehicle_side_facing_the_mech():
    # The Vedette faces south (3) toward the mech to its north: a Front column hit.
    game = _setup(forced={"to_hit": [7], "location": [6]})
    play(game, orders=[phys("a", "kick", "t", "right")])
    assert [(e["location"], e["amount"]) for e in events(game, "damage", unit="t")] == [("front", 14)]


def test_V_PHYS_5_death_from_above_on_a_vehicle_uses_the_front_column():
    # Vedette facing north, the Grasshopper jumps from its rear: still the Front column.
    # DFA damage ceil(70/10 x 3) = 21 -> 5,5,5,5,1.
    game = make_game(10, 10, forced={"to_hit": [12], "location": [6, 6, 6, 6, 6, 7, 7, 7, 7], "psr": [12]})
    add(game, "a", "grasshopper", "red", "0507", 0)
    add(game, "t", "vedette", "blue", "0504", 0)
    play(game, moves=[move("a", "jump", ["F", "F"], dfa="t")])
    assert events(game, "attack", attacker="a")[0]["hit"]
    dmg = events(game, "damage", unit="t")
    assert sum(e["amount"] for e in dmg) == 21 and {e["location"] for e in dmg} == {"front"}


# --------------------------------------------------------------------- V-PHYS-6/7, T-10: airborne VTOLs
def _vtol(diff_alt, mech_level=0, **kw):
    """Mech at 0505 on `mech_level`, a Warrior VTOL north of it at altitude
    mech_level + diff_alt (its hex level 0 + elevation)."""
    hexes = {"0505": {"level": mech_level}} if mech_level else {}
    elevation = mech_level + diff_alt
    return _setup(target="warrior", t_over={"altitude": elevation}, hexes=hexes, **kw)


def test_T10_level_difference_table():
    assert vp.t10_allowed(-1) == ()
    assert "punch" not in vp.t10_allowed(0) and "kick" in vp.t10_allowed(0)
    assert vp.t10_allowed(1) == vp.t10_allowed(2) == ("punch", "club", "hatchet")
    assert vp.t10_allowed(3) == ("club", "hatchet")
    assert vp.t10_allowed(4) == ()


def test_V_PHYS_6_E14_difference_2_punch_allowed_kick_not():
    # E14: the mech on level 1, the VTOL at altitude 3 (elevation 3 over a level-0 hex here).
    game = _vtol(2, mech_level=1)
    assert vp.level_difference(game, game.units["a"], game.units["t"]) == 2
    punch = _ev(game, "punch", "left")
    assert punch.reason is None and ["target airborne VTOL", 1] in punch.mods
    kick = _ev(game, "kick", "right")
    assert kick.reason and "T-10" in kick.reason
    assert "P-PUSH-1" in _ev(game, "push").reason


def test_V_VATK_5_woods_give_an_airborne_vtol_nothing_against_a_punch_except_under_the_trees_on_a_road():
    """The woods rule physical attacks share with weapon attacks
    (attack_modifiers.woods_modifier): an airborne VTOL gets no benefit from
    the woods in its hex (V-VATK-5), except flying under the treetops along a
    road (V-VTOL-9). Physical attacks used to strip the woods modifier from
    every airborne VTOL, road or not; weapon attacks kept it on the road."""
    for road, expected in ((False, None), (True, 1)):
        game = _setup(target="warrior", t_over={"altitude": 1},
                      hexes={"0504": {"terrain": "light_woods", "road": road}})
        punch = _ev(game, "punch", "left")
        assert punch.possible and ("target airborne VTOL", 1) in pairs(punch.modifiers)
        assert dict(pairs(punch.modifiers)).get("target in light woods") == expected


def test_V_PHYS_6_E14_difference_0_kick_not_punch_and_4_nothing():
    game = _vtol(0, mech_level=1)
    assert _ev(game, "kick", "right").reason is None
    assert "T-10" in _ev(game, "punch", "left").reason
    game = _vtol(4)
    assert "no physical attack reaches it (T-10)" in _ev(game, "kick", "right").reason
    assert "T-10" in _ev(game, "punch", "left").reason


def test_V_PHYS_6_any_hit_on_an_airborne_vtol_destroys_its_rotor():
    # Punch hits (7 on 5 + 1 airborne): 7 damage on the VTOL table, then the rotor goes
    # and the VTOL with it.
    game = _vtol(1, forced={"to_hit": [8], "location": [6]})
    assert play(game, orders=[phys("a", "punch", "t", "left")]) == [None]
    crit = events(game, "critical", unit="t")
    # 7 on the Warrior H-7's 6 front armor: a point reaches the structure (a
    # critical roll of its own), and the hit destroys the rotor.
    assert [c["effect"] for c in crit][-1] == "rotors_destroyed"
    assert game.world.component(game.units["t"], Status).destroyed
    assert game.world.component(game.units["t"], VehicleCrits).rotors_destroyed


def test_V_PHYS_6_landed_vtol_is_attacked_like_a_ground_vehicle():
    game = _setup(target="warrior", t_over={"altitude": 0})
    assert "V-CHAR-6" in _ev(game, "punch", "left").reason
    assert _ev(game, "kick", "right").reason is None


def test_V_PHYS_7_dfa_on_a_vtol_needs_jump_mp_at_least_the_level_difference():
    # Grasshopper (jump 4) at 0507; the VTOL over 0504 at elevation 5: refused, at 4: allowed.
    for elevation, ok in ((5, False), (4, True)):
        game = make_game(10, 10)
        add(game, "a", "grasshopper", "red", "0507", 0)
        add(game, "t", "warrior", "blue", "0504", 0, altitude=elevation)
        game.start_turn(["red", "blue"])
        game.start_phase("movement")
        reason = game.submit(move("a", "jump", ["F", "F"], dfa="t"))
        assert (reason is None) == ok, reason
        if not ok:
            assert "V-PHYS-7" in reason


@pytest.mark.parametrize("climbs", [True, False])
def test_V_PHYS_7_P_CHARGE_3_a_dfa_on_a_vtol_that_climbed_since_is_judged_where_it_flies(climbs):
    # The Grasshopper (jump 4) jumps 0507 -> 0506 and declares a death from above on
    # the VTOL over 0505 at elevation 4 (4 levels: allowed). The VTOL then climbs one
    # level in its hex: 5 levels above the mech's hex, more than its jump MP.
    from tests.physical_helpers import physical_phase, to_weapon_phase, weapon_phase
    game = make_game(10, 10, forced={"to_hit": [2] * 4, "psr": [12] * 4, "fall": [1] * 4, "location": [7] * 8,
                                     "motive": [2] * 4})
    add(game, "a", "grasshopper", "red", "0507", 0)
    add(game, "t", "warrior", "blue", "0505", 0, altitude=4)
    moves = [move("a", "jump", ["F"], dfa="t")] + ([move("t", "cruise", ["U"])] if climbs else [])
    assert to_weapon_phase(game, moves) == [None] * len(moves)
    weapon_phase(game)
    physical_phase(game)
    if climbs:
        (c,) = events(game, "attack_cancelled")
        assert (c["unit"], c["attack"]) == ("a", "dfa") and "V-PHYS-7" in c["reason"]
        assert "5 levels above" in c["reason"] and not events(game, "attack")
    else:
        assert not events(game, "attack_cancelled") and events(game, "attack")[0]["attack"] == "dfa"


# --------------------------------------------------------------------- mech physical gaps
def test_partial_cover_plus_1_for_a_mech_in_depth_1_water():
    game = _setup(target="jagermech", hexes={"0504": {"terrain": "water", "depth": 1}})
    ev = _ev(game, "kick", "right")
    assert ["target has partial cover", 1] in ev.mods and ev.to_hit == 4
    game = _setup(target="jagermech")
    assert _ev(game, "kick", "right").to_hit == 3


@settings(max_examples=40, deadline=None)
@given(st.integers(-1, 6), st.sampled_from(["punch", "kick", "club", "hatchet", "push"]))
def test_T10_every_attack_on_an_airborne_vtol_is_allowed_only_by_the_table(diff, attack):
    game = _vtol(diff, mech_level=2)
    ev = _ev(game, attack, "left" if attack in ("punch", "kick") else None)
    if attack not in vp.t10_allowed(diff) or attack == "push":
        assert ev.reason
    elif attack in ("punch", "kick"):
        assert ev.reason is None and ev.to_hit is not None


# --------------------------------------------------------------------- the mixed battle scenario
def test_mixed_battle_scenario_is_fought_to_the_end_headless():
    """tests/scenarios/mixed/mixed_battle.toml through `python -m engine
    scenario --json`: weapon fire, a vehicle charge, a mech kicking a
    vehicle, a VTOL punched out of the air; red wins (expectations checked by
    hand in mixed_battle.expect.toml; tests/test_scenarios.py plays it
    in-process too)."""
    import json
    import os
    import subprocess
    import sys
    from pathlib import Path
    from tests.scenario_expect import expectation, matches
    path = Path(__file__).resolve().parent / "scenarios" / "mixed" / "mixed_battle.toml"
    run = subprocess.run([sys.executable, "-m", "engine", "scenario", str(path), "--json"],
                         capture_output=True, text=True, timeout=60, cwd=path.parents[3],
                         env=dict(os.environ, SDL_VIDEODRIVER="dummy"))
    assert run.returncode == 0, run.stderr
    out = json.loads(run.stdout)
    expect = expectation(path)
    assert out["winner"] == "red"
    for uid, want in expect["units"].items():
        for key, value in want.items():
            assert matches(value, out["units"][uid][key]), (uid, key, out["units"][uid][key])
    events, i = out["events"], 0
    for want in expect["events"]:
        while i < len(events) and not matches(want, events[i]):
            i += 1
        assert i < len(events), f"no event (in order) matching {want}"
        i += 1
    for ban in expect["absent"]:
        assert not any(matches(ban, e) for e in events), ban
    names = " ".join(u["name"] for u in out["units"].values())
    for kind in ("Grasshopper", "Vedette", "JagerMech", "Saladin", "Warrior"):
        assert kind in names


def _dfa_on_vtol(roll):
    game = make_game(10, 10, forced={"to_hit": [roll], "location": [6, 6, 6, 6, 6], "psr": [12], "fall": [1]})
    add(game, "a", "grasshopper", "red", "0507", 0)
    add(game, "t", "warrior", "blue", "0504", 0, altitude=3)
    play(game, moves=[move("a", "jump", ["F", "F"], dfa="t")])
    where = {u: game.map.label(game.world.component(game.units[u], Position).hex) for u in ("a", "t")}
    return game, where


def test_V_PHYS_7_dfa_hit_on_a_vtol_front_column_rotor_gone_mech_lands_beneath():
    # TN: piloting 5 + jumped 3 + airborne VTOL 1 = 9. Damage ceil(70/10 x 3) = 21 on the
    # Front column; the first group's hit destroys the rotor and the VTOL. The VTOL is not
    # pushed aside: the mech lands in the hex under it.
    game, where = _dfa_on_vtol(12)
    att = events(game, "attack", attacker="a")[0]
    assert att["hit"] and att["to_hit"] == 9 and ["target airborne VTOL", 1] in att["modifiers"]
    assert [(e["location"], e["amount"]) for e in events(game, "damage", unit="t")] == [("front", 5)]
    assert game.world.component(game.units["t"], Status).destroyed
    assert where == {"a": "0504", "t": "0504"}


def test_V_PHYS_7_missed_dfa_on_a_vtol_the_mech_falls_beneath_it():
    game, where = _dfa_on_vtol(2)
    assert where == {"a": "0504", "t": "0504"}
    assert events(game, "fall", unit="a")[0]["levels"] == 2
    assert not events(game, "displace", unit="t")


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(["vedette", "condor", "striker", "warrior"]), st.integers(-1, 1), st.booleans(),
       st.booleans(), st.sampled_from([("punch", "left"), ("kick", "right"), ("club", None), ("push", None)]),
       st.integers(2, 12), st.integers(0, 3))
def test_V_PHYS_any_mech_attack_on_any_vehicle_is_refused_cleanly_or_resolved(
        vehicle, level, same_hex, prone, attack, roll, elevation):
    """Invariant: an order is refused with one `refused` event and nothing
    else changing, or it resolves with damage only on the vehicle's own
    locations; a hit on an airborne VTOL always destroys it."""
    hexes = {"0504": {"level": level}} if not same_hex else {}
    over = {"altitude": elevation} if vehicle == "warrior" else {}
    game = _setup(target=vehicle, same_hex=same_hex, t_over=over, a_over={"prone": prone}, hexes=hexes,
                  forced={"to_hit": [roll]})
    before = {k: dict(v) for k, v in ((loc, game.world.component(game.units["t"], Armor).points)
                                      for loc in ("armor",))}
    reasons = play(game, orders=[phys("a", attack[0], "t", attack[1])])
    refused = events(game, "refused", unit="a")
    if reasons[0] is not None:
        assert len(refused) == 1 and refused[0]["reason"] == reasons[0]
        assert game.world.component(game.units["t"], Armor).points == before["armor"]
        assert not events(game, "attack", attacker="a")
        return
    att = events(game, "attack", attacker="a")[0]
    locations = set(game.world.component(game.units["t"], Armor).points)
    assert {e["location"] for e in events(game, "damage", unit="t")} <= locations
    if att["hit"] and vp.airborne(game, game.units["t"]):
        assert game.world.component(game.units["t"], Status).destroyed


def test_P_CHARGE_3_a_charge_on_a_landed_vtol_that_lifted_off_since_is_cancelled():
    # A charge attacks the target as it stands once it has moved (P-CHARGE-3): the
    # Manticore declares a charge on the landed VTOL directly ahead, which then
    # rises one level in its hex. An airborne VTOL cannot be charged.
    from components import Altitude
    from tests.physical_helpers import physical_phase, to_weapon_phase, weapon_phase
    from vehicle_fixtures import add as add_vehicle, add_worked_vtol
    game = make_game(12, 12, forced={"to_hit": [12] * 4, "motive": [2] * 6, "location": [7] * 8})
    add_vehicle(game, "m", "manticore.toml", "0507", 0, side="red")
    v = add_worked_vtol(game, "v", "0505", 0, side="blue")
    moves = [move("m", "cruise", ["F"], charge="v"), move("v", "cruise", ["U"])]
    assert to_weapon_phase(game, moves) == [None, None]
    assert game.world.component(v, Altitude).level == 1
    weapon_phase(game)
    physical_phase(game)
    (c,) = events(game, "attack_cancelled")
    assert (c["unit"], c["attack"]) == ("m", "charge")
    assert c["reason"] == "Example VTOL is airborne now and cannot be charged"
    assert not events(game, "attack") and not events(game, "displace")


def test_V_ROTOR_2_a_kick_on_a_landed_vtols_rotor_is_not_cut_to_a_tenth():
    """Seed 002 (ローターへの命中): "武器のダメージ値10ポイント(またはその端数)ごとに、
    1ポイントのダメージを与える。... 武器のダメージ値を持たないダメージソースはこのように
    修正されない。" A physical attack has no weapon damage value: its damage
    comes from the attacker's tonnage (MegaMek marks every punch, kick, club
    and charge hit DAMAGE_PHYSICAL and cuts only other damage on the rotor).
    The Grasshopper (70 t) kicks the landed Warrior H-7 (facing it) for 70/5 =
    14; the location roll 10 is Rotor (T-2): all 14 strike the rotor (2
    armor, 3 structure), not ceil(14/10) = 2 (which would strip its armor and
    leave the structure whole), and the rotor's loss destroys the VTOL."""
    game = _setup(target="warrior", t_over={"altitude": 0}, forced={"to_hit": [12], "location": [10]})
    assert play(game, orders=[phys("a", "kick", "t", "right")]) == [None]
    dmg = events(game, "damage", unit="t")
    assert [(e["location"], e["amount"], e["structure_left"]) for e in dmg] == [("rotor", 5, 0)]
    assert game.world.component(game.units["t"], Status).destroyed


def test_V_PHYS_2_a_mechs_charge_on_a_vehicle_is_offered_refused_with_the_rule_and_the_attacks_left():
    """Seed 002: "車輌は他の車輌にチャージ攻撃することができるが、メックにチャージ攻撃
    されることはない" (vehicles may charge other vehicles, but are not charged by
    mechs); nothing else in the seed allows it (MegaMek ChargeAttackAction:
    "meks can only charge standing meks"). The Jagermech running up to the
    Vedette is offered the charge, refused: the reason names the rule and
    what a mech may do to a vehicle instead (kick, stomp, death from above,
    V-PHYS-5)."""
    from systems.common.options import declaration_options
    game = make_game(10, 10)
    add(game, "a", "jagermech", "red", "0508", 0)
    add(game, "t", "vedette", "blue", "0504", 2)
    game.start_turn(["red", "blue"])
    game.start_phase("movement")
    [opt] = declaration_options(game, "a", "run", ["F", "F", "F"])
    assert opt.kind == "charge" and not opt.possible
    assert "vehicles cannot be charged by mechs (V-PHYS-2)" in opt.reason
    assert "kick it" in opt.reason and "death from above" in opt.reason
