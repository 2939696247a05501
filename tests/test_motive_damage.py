"""Motive system damage, table T-5 (rules/vehicles.md; examples E8, E9)."""
from hypothesis import given, strategies as st

from components import Status, VehicleMovement
from systems.vehicles import criticals as vehicle_criticals, driving, motive_damage
from systems.vehicles.movement import GroundVehicleMotion
from tests.helpers import make_game
from vehicle_fixtures import add, events


def test_T5_result_bands():
    assert [motive_damage.result_for(t) for t in (2, 5, 6, 7, 8, 9, 10, 11, 12, 15)] == [
        "none", "none", "minor", "minor", "moderate", "moderate", "heavy", "heavy", "major", "major"]


def test_T5_wheeled_side_hit_heavy_halves_cruise_rounding_up():
    # E8: wheeled cruise 6, right side, natural 6: 6 + 2 + 2 = 10 heavy -> cruise 3, flank 5, driving +3.
    game = make_game(height=12, forced={"motive": [6]})
    ent = add(game, "striker", "striker.toml", "0505")
    vm = game.world.component(ent, VehicleMovement)
    vm.cruise = 6
    assert motive_damage.roll_motive(game, ent, "right") == "heavy"
    assert events(game, "motive")[0]["total"] == 10
    assert vm.motive_penalty == 0                       # at the end of the phase
    motive_damage.end_of_phase(game)
    rules = GroundVehicleMotion("wheeled")
    assert (rules.mp(game, ent, "cruise"), rules.mp(game, ent, "flank")) == (3, 5)
    assert driving.target(game, ent).number == 5 + 3


def test_T5_cumulative_and_each_driving_modifier_once():
    # E9: tracked cruise 4: moderate (3/5, +2), minor (3, +3), moderate (2/3, +3), heavy (1, +6).
    game = make_game(height=12)
    ent = add(game, "mant", "manticore.toml", "0505")     # tracked, cruise 4
    rules = GroundVehicleMotion("tracked")
    steps = [("moderate", 3, 5, 2), ("minor", 3, 5, 3), ("moderate", 2, 3, 3), ("heavy", 1, 2, 6)]
    for result, cruise, flank, mod in steps:
        motive_damage.apply_result(game, ent, result)
        assert (rules.mp(game, ent, "cruise"), rules.mp(game, ent, "flank")) == (cruise, flank)
        assert driving.target(game, ent).number - 5 == mod
    assert not game.world.component(ent, Status).immobile


def test_T5_major_immobilizes():
    game = make_game(height=12, forced={"motive": [12]})
    ent = add(game, "mant", "manticore.toml", "0505")
    motive_damage.roll_motive(game, ent, "front")
    motive_damage.end_of_phase(game)
    assert game.world.component(ent, Status).immobile
    assert GroundVehicleMotion("tracked").mp(game, ent, "cruise") == 0


def test_T5_direction_and_motive_modifiers():
    game = make_game(height=12, forced={"motive": [2, 2, 2]})
    hover = add(game, "hover", "condor.toml", "0505")
    motive_damage.roll_motive(game, hover, "rear")
    motive_damage.roll_motive(game, hover, "left")
    motive_damage.roll_motive(game, hover, "none")
    assert [e["total"] for e in events(game, "motive")] == [2 + 1 + 3, 2 + 2 + 3, 2 + 0 + 3]


def test_T5_vtols_never_roll():
    game = make_game(height=12)
    heli = add(game, "heli", "warrior.toml", "0505", altitude=2)
    assert motive_damage.roll_motive(game, heli, "left") == "none"
    assert not events(game, "roll")


def test_T5_effects_wait_for_the_end_of_the_phase_in_a_played_phase():
    game = make_game(height=12, forced={"motive": [12]})
    ent = add(game, "mant", "manticore.toml", "0505")
    game.start_turn(["red"])
    game.start_phase("weapon")
    motive_damage.roll_motive(game, ent, "front")
    assert not game.world.component(ent, Status).immobile
    game.end_phase()
    assert game.world.component(ent, Status).immobile


@given(st.lists(st.sampled_from(["minor", "moderate", "heavy"]), max_size=8))
def test_T5_driving_modifier_is_at_most_6_and_mp_never_rises(results):
    game = make_game(height=12)
    ent = add(game, "mant", "manticore.toml", "0505")
    rules = GroundVehicleMotion("tracked")
    last = rules.mp(game, ent, "cruise")
    for r in results:
        motive_damage.apply_result(game, ent, r)
        now = rules.mp(game, ent, "cruise")
        assert now <= last
        last = now
    assert driving.target(game, ent).number - 5 <= 6


def test_T5_immobile_hover_hit_again_makes_no_roll_and_keeps_no_mp():
    # Condor, hover, cruise 8 / flank 12: front hit, natural 9: 9 + 0 + 3 = 12 major -> immobile,
    # cruise 0. A later hit from the front (natural 8: 8 + 3 = 11, heavy) rolls nothing: a major
    # result leaves no movement for the rest of the game (T-5), so no later result can change it.
    game = make_game(height=12, forced={"motive": [9, 8]})
    hover = add(game, "condor", "condor.toml", "0505")
    assert motive_damage.roll_motive(game, hover, "front") == "major"
    motive_damage.end_of_phase(game)
    rules = GroundVehicleMotion("hover")
    assert game.world.component(hover, Status).immobile
    assert motive_damage.roll_motive(game, hover, "front") == "none"
    motive_damage.end_of_phase(game)
    assert [e["total"] for e in events(game, "motive")] == [12]
    assert [e["result"] for e in events(game, "motive_damage")] == ["major"]
    assert (rules.mp(game, hover, "cruise"), rules.mp(game, hover, "flank")) == (0, 0)
    assert [(e["reason"], e["cause"]) for e in events(game, "motive_skipped")] == [
        ("front", "motive system destroyed")]


def test_T5_the_log_says_why_an_engine_hit_tank_makes_no_motive_roll():
    """V-CE-7: an engine hit leaves the vehicle immobile; a later hit
    location result with the motive marker (T-1 †) asks for a T-5 roll
    that is not made: a `motive_skipped` event names what asked and why,
    and the combat log says it in words. No motive die is rolled."""
    from engine import combat_log
    game = make_game(height=12)
    tank = add(game, "mant", "manticore.toml", "0505")
    vehicle_criticals.apply_effect(game, tank, "right", "engine_hit")
    assert motive_damage.roll_motive(game, tank, "front", reason="hit location \u2020") == "none"
    skipped = events(game, "motive_skipped")
    assert [(e["unit"], e["reason"], e["cause"]) for e in skipped] == [("mant", "hit location \u2020", "engine hit")]
    assert not events(game, "motive") and not [r for r in events(game, "roll") if r["purpose"] == "motive"]
    assert combat_log.describe(skipped[0], {"mant": "Manticore"}) == (
        "Manticore makes no motive system roll (hit location \u2020): it is already immobile (engine hit)")


def test_T5_engine_hit_condor_takes_no_motive_result_pending_in_the_same_phase():
    # Condor cruise 8: a front hit rolls natural 8: 8 + 0 + 3 = 11 heavy, waiting for the phase
    # end; an engine hit in the same phase immobilizes it (V-CE-7). At the phase end the heavy
    # result does nothing: no "cruise 4, flank 6" for an immobile vehicle.
    game = make_game(height=12, forced={"motive": [8]})
    hover = add(game, "condor", "condor.toml", "0505")
    assert motive_damage.roll_motive(game, hover, "front") == "heavy"
    vehicle_criticals.apply_effect(game, hover, "front", "engine_hit")
    motive_damage.end_of_phase(game)
    assert game.world.component(hover, Status).immobile
    assert not events(game, "motive_damage")
    assert game.world.component(hover, VehicleMovement).motive_penalty == 0


def test_T5_engine_hit_condor_rolls_no_motive_table_later():
    # Condor immobilized by an engine hit (V-CE-7); a later front hit with a dagger result
    # makes no T-5 roll (the natural 8 stays unrolled).
    game = make_game(height=12, forced={"motive": [8]})
    hover = add(game, "condor", "condor.toml", "0505")
    vehicle_criticals.apply_effect(game, hover, "front", "engine_hit")
    assert motive_damage.roll_motive(game, hover, "front") == "none"
    motive_damage.end_of_phase(game)
    assert not events(game, "motive") and not events(game, "motive_damage")
