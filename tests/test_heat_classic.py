"""Classic heat (rules/mech_core.md section 13): buildup, dissipation by
sinks and water, the heat scale thresholds, shutdown and restart,
ammunition explosions, life support, and the section 13 worked examples."""
import pytest
from hypothesis import given, settings, strategies as st

from components import Ammo, ClassicHeat, Crew, Status
from engine.orders import FireOrder
from systems.classic import heat as hc
from systems.classic import weapon_attacks as wa
from systems.classic.mech_movement import MechMotion, mech_walk_mp
from tests.helpers import make_game, pairs
from tests.weapons_support import events, mech_data, set_moved


def heat_game(data, heat=0, terrain=None, forced=None, over=None):
    over = dict(over or {}, heat=heat)
    game = make_game(16, 16, forced=forced, hexes=terrain, initiative=["blue", "red"],
                     units=[("m", data, "blue", "0505", 0, over),
                            ("e", mech_data(), "red", "0503", 3)])
    return game, game.units["m"]


def run_heat(game):
    game.start_phase("heat")
    game.end_phase()
    return [e for e in events(game, "heat") if e["unit"] == "m"][-1]


# ------------------------------------------------------------------ the scale
@pytest.mark.parametrize("heat,tn", [(0, None), (13, None), (14, 4), (17, 4), (18, 6), (21, 6), (22, 8),
                                     (25, 8), (26, 10), (29, 10), (30, 13), (35, 13)])
def test_shutdown_avoid_numbers(heat, tn):
    assert hc.shutdown_avoid_number(heat) == tn


@pytest.mark.parametrize("heat,tn", [(18, None), (19, 4), (22, 4), (23, 6), (27, 6), (28, 8), (33, 8)])
def test_ammo_explosion_avoid_numbers(heat, tn):
    assert hc.ammo_avoid_number(heat) == tn


@pytest.mark.parametrize("heat,walk", [(4, 5), (5, 4), (9, 4), (10, 3), (15, 2), (20, 1), (25, 0)])
def test_heat_reduces_walking_mp(heat, walk):
    game, m = heat_game(mech_data(walk=5), heat=heat)
    assert mech_walk_mp(game, m) == walk


@pytest.mark.parametrize("heat,pts", [(14, 0), (15, 1), (25, 1), (26, 2), (30, 2)])
def test_life_support_damage_steps(heat, pts):
    assert hc.life_support_damage(heat) == pts


# ------------------------------------------------------------------ worked examples
def test_section_13_worked_example_1_run_ppc_two_medium_lasers():
    data = mech_data(walk=5, weapons=[("ppc", "right_arm"), ("medium_laser", "left_arm"),
                                      ("medium_laser", "center_torso")])
    game, m = heat_game(data, forced={"to_hit": [3, 3, 3]})
    from engine.hexgrid import parse_hex_label
    from components import Position
    game.get("e", Position).hex = parse_hex_label("0501")       # 4 hexes: beyond the PPC minimum
    set_moved(game, "m", "run", 6)
    game.start_phase("weapon")
    for w in ("ppc", "medium_laser", "medium_laser#2"):
        assert game.submit(FireOrder("m", {}, weapon=w, target="e")) is None
    game.end_phase()
    ev = run_heat(game)
    assert ev["buildup"] == 18 and ev["dissipation"] == 10 and ev["to"] == 8
    assert not [e for e in game.log.events if e["type"] == "roll" and e["purpose"] == "shutdown"]
    assert mech_walk_mp(game, m) == 4 and MechMotion().mp(game, m, "run") == 6
    assert wa.heat_fire_modifier(8) == 1


def test_section_13_worked_example_2_from_8_and_from_20():
    data = mech_data(walk=5, jump=5, extra="[HeatSinks]\ncount = 12\n",
                     ammo=[("ac_5", "left_torso", 20)], weapons=[("ac_5", "left_torso")])
    game, m = heat_game(data, heat=8, forced={"shutdown": [4]}, over={"damaged": []})
    game.get(m, Status).crits.append("life_support")
    set_moved(game, "m", "jump", 5)
    game.get(m, ClassicHeat).pending = 8 + 3 + 3
    game.dice.force("consciousness", 12)
    ev = run_heat(game)
    assert ev["buildup"] == 19 and ev["to"] == 15
    assert not game.get(m, Status).shutdown             # rolled 4, needed 4
    assert mech_walk_mp(game, m) == 2 and wa.heat_fire_modifier(15) == 2
    assert game.get(m, Crew).hits == 1                  # life support at 15
    # From heat 20: 27, shutdown avoid 10+, ammo avoid 6+.
    game, m = heat_game(data, heat=20, forced={"shutdown": [10], "ammo_explosion": [6]})
    set_moved(game, "m", "jump", 5)
    game.get(m, ClassicHeat).pending = 14
    ev = run_heat(game)
    assert ev["to"] == 27
    rolls = {r["purpose"]: r for r in events(game, "roll")}
    assert "needs 10" in rolls["shutdown"]["for"] and "needs 6" in rolls["ammo_explosion"]["for"]
    assert not game.get(m, Status).shutdown and events(game, "explosion") == []
    assert mech_walk_mp(game, m) == 0 and wa.heat_fire_modifier(27) == 4


def _example_3(terrain, prone=False):
    data = mech_data(50, walk=5, extra="[HeatSinks]\ncount = 14\n")
    game, m = heat_game(data, terrain={"0505": terrain}, over={"prone": prone})
    game.get(m, Status).crits.append("engine")
    set_moved(game, "m", "walk", 1)
    game.get(m, ClassicHeat).pending = 20
    return game, m


def test_section_13_worked_example_3_depth_1_water_cools_leg_sinks():
    game, m = _example_3({"terrain": "water", "depth": 1})
    assert hc.leg_sinks(game, m) == 4
    ev = run_heat(game)
    assert ev["buildup"] == 26 and ev["dissipation"] == 18 and ev["to"] == 8


def test_section_13_worked_example_3_depth_2_cools_all_sinks_max_6():
    game, m = _example_3({"terrain": "water", "depth": 2})
    ev = run_heat(game)
    assert ev["dissipation"] == 20 and ev["to"] == 6
    game, m = _example_3({"terrain": "water", "depth": 1}, prone=True)
    assert run_heat(game)["to"] == 6


def test_double_heat_sinks_dissipate_2_each():
    game, m = heat_game(mech_data(extra="[HeatSinks]\ncount = 10\ndouble = true\n"), heat=25)
    assert run_heat(game)["to"] == 5


def test_destroyed_heat_sinks_do_not_dissipate():
    game, m = heat_game(mech_data(), heat=12)
    from components import HeatSinks
    game.get(m, HeatSinks).destroyed = 3
    assert run_heat(game)["to"] == 5


def test_engine_hits_add_5_each_per_turn():
    game, m = heat_game(mech_data(), heat=0)
    game.get(m, Status).crits += ["engine", "engine"]
    assert run_heat(game)["buildup"] == 10


def test_movement_heat_walk_1_run_2_jump_minimum_3():
    for mode, hexes, heat in (("walk", 3, 1), ("run", 5, 2), ("jump", 2, 3), ("jump", 5, 5)):
        game, m = heat_game(mech_data(jump=5))
        set_moved(game, "m", mode, hexes)
        assert hc.movement_heat(game, m)[0] == heat


def test_heat_never_drops_below_zero():
    game, m = heat_game(mech_data(), heat=3)
    assert run_heat(game)["to"] == 0


# ------------------------------------------------------------------ shutdown and restart
def test_failed_shutdown_roll_shuts_down_and_a_standing_mech_rolls_a_psr_at_plus_3():
    game, m = heat_game(mech_data(weapons=[("medium_laser", "head")]), heat=24,
                        forced={"shutdown": [9], "psr": [12]})
    game.get(m, ClassicHeat).pending = 14       # 24 + 14 - 10 = 28: needs 10, rolled 9
    run_heat(game)
    assert game.get(m, Status).shutdown
    assert events(game, "shutdown")[0]["unit"] == "m" and not events(game, "shutdown")[0]["automatic"]
    psr = [e for e in events(game, "psr") if e["unit"] == "m"]
    assert psr and psr[0]["reason"] == "reactor shutdown" and psr[0]["target"] == 5 + 3
    # A shut-down mech cannot fire.
    game.start_turn(["blue", "red"])
    game.start_phase("weapon")
    assert "shut down" in game.check(FireOrder("m", {}, weapon="medium_laser", target="e"))


def test_heat_30_shuts_down_without_a_roll():
    game, m = heat_game(mech_data(), heat=40, forced={"psr": [12]})
    run_heat(game)
    assert game.get(m, Status).shutdown and events(game, "shutdown")[0]["automatic"]
    assert not [r for r in events(game, "roll") if r["purpose"] == "shutdown"]


def test_restart_is_automatic_below_14_and_rolled_from_14():
    game, m = heat_game(mech_data(), heat=20)
    game.get(m, Status).shutdown = True
    run_heat(game)                        # 20 - 10 = 10: automatic restart
    assert not game.get(m, Status).shutdown and events(game, "restart")
    game, m = heat_game(mech_data(), heat=28, forced={"shutdown": [5]})
    game.get(m, Status).shutdown = True
    run_heat(game)                        # 18: needs 6, rolled 5
    assert game.get(m, Status).shutdown and not events(game, "restart")


def test_shut_down_mech_gets_no_engine_heat_and_is_an_immobile_target():
    game, m = heat_game(mech_data(), heat=0)
    st = game.get(m, Status)
    st.shutdown = True
    st.crits.append("engine")
    assert run_heat(game)["buildup"] == 0
    game2 = make_game(16, 16, initiative=["blue", "red"],
                      units=[("a", mech_data(weapons=[("medium_laser", "head")]), "red", "0503", 3),
                             ("m", mech_data(), "blue", "0505", 0)])
    game2.get("m", Status).shutdown = True
    assert dict(pairs(wa.preview(game2, "a", "m", "medium_laser").modifiers))["target immobile"] == -4


def test_heat_ammo_explosion_on_a_failed_roll_takes_the_most_dangerous_bin():
    data = mech_data(weapons=[("ac_5", "left_torso"), ("lrm_5", "right_torso")],
                     ammo=[("lrm_5", "right_torso", 1), ("ac_5", "left_torso", 2)])
    game, m = heat_game(data, heat=29, forced={"shutdown": [12], "ammo_explosion": [3], "critical": [2],
                                                "consciousness": [12]})
    ev = run_heat(game)
    assert ev["to"] == 19
    exp = events(game, "explosion")
    assert exp and exp[0]["item"] == "ac_5 ammo" and exp[0]["amount"] == 10
    assert game.get(m, Ammo).bins[1].shots == 0 and game.get(m, Ammo).bins[0].shots == 1
    assert game.get(m, Crew).hits == 2



@settings(max_examples=40, deadline=None)
@given(st.integers(0, 40), st.integers(0, 30), st.sampled_from(["none", "walk", "run", "jump"]),
       st.integers(0, 2), st.integers(10, 16), st.booleans())
def test_heat_is_old_plus_buildup_minus_dissipation_never_negative(old, weapons, mode, engine, sinks, double):
    data = mech_data(walk=5, jump=5, extra=f"[HeatSinks]\ncount = {sinks}\ndouble = {'true' if double else 'false'}\n")
    game, m = heat_game(data, heat=old, forced={"psr": [12] * 3})
    set_moved(game, "m", mode, 4 if mode != "none" else 0)
    game.get(m, ClassicHeat).pending = weapons
    game.get(m, Status).crits += ["engine"] * engine
    ev = run_heat(game)
    assert ev["buildup"] == sum(v for _, v in ev["sources"])
    assert ev["dissipation"] == sinks * (2 if double else 1)
    assert ev["to"] == max(0, old + ev["buildup"] - ev["dissipation"])
    assert game.get(m, ClassicHeat).pending == 0


def test_V_HEAT_1_vehicles_build_no_heat_and_have_no_heat_scale():
    from tests.weapons_support import shipped
    game = make_game(16, 16, forced={"to_hit": [12, 12]}, initiative=["blue", "red"],
                     units=[("v", shipped("manticore"), "blue", "0808", 0),
                            ("t", mech_data(), "red", "0805", 3)])
    game.start_phase("weapon")
    assert game.get("v", ClassicHeat) is None
    assert game.submit(FireOrder("v", {}, weapon="ppc", target="t", turret=0)) is None
    assert game.submit(FireOrder("v", {}, weapon="medium_laser", target="t")) is None
    game.end_phase()
    game.start_phase("end")
    assert game.get("v", ClassicHeat) is None
    assert not [e for e in events(game, "heat") if e.get("unit") == "v"]
