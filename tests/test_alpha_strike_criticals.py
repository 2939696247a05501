"""Alpha Strike critical hits (rules/alpha_strike.md B7: AS-CRIT-*): the
tables, the trigger (structure damage), and each effect."""
import pytest

from components import AlphaStrikeCard, AlphaStrikeHeat, Status
from systems.alpha_strike import card as as_card, combat as as_combat, criticals as as_criticals
from tests.alpha_strike_helpers import add_card, fire, move, of, play
from tests.helpers import make_game, pairs


def crit_game(roll, target=None, attacker=None, to_hit=12):
    game = make_game(12, 30, ruleset="alpha-strike", forced={"to_hit": [to_hit], "critical": [roll]})
    add_card(game, "a", "red", "0510", **(attacker or {}))
    add_card(game, "t", "blue", "0508", **{"armor_left": 0, "structure": 10, **(target or {})})
    return game


@pytest.mark.parametrize("roll,effect", sorted(as_criticals.MECH_TABLE.items()))
def test_AS_CRIT_mech_table(roll, effect):
    game = crit_game(roll, target={"specials": ["CASEII"]})
    events = play(game, fires=[fire("a", "t")])
    assert of(events, "critical", unit="t")[0]["effect"] == effect
    assert of(events, "critical", unit="t")[0]["roll"] == roll


def test_AS_CRIT_vehicle_and_protomech_tables_and_no_table_for_infantry():
    assert as_criticals.critical_table("CV")[3] == "crew_stunned"
    assert as_criticals.critical_table("SV")[11] == "crew_killed"
    assert as_criticals.critical_table("PM")[5] == "mp_hit"
    assert as_criticals.critical_table("CI") is None
    game = crit_game(12, target={"type": "CI", "heat": False})
    events = play(game, fires=[fire("a", "t")])
    assert of(events, "critical") == [] and of(events, "roll", purpose="critical") == []


def test_AS_DMG_3_armor_only_damage_rolls_no_critical():
    game = crit_game(12, target={"armor_left": 5})
    events = play(game, fires=[fire("a", "t")])
    assert of(events, "critical") == []


def test_AS_CRIT_ENGINE_first_hit_heats_when_firing_second_destroys():
    game = crit_game(3)
    play(game, fires=[fire("a", "t")])
    assert as_card.hits(game, game.units["t"], "engine_hit") == 1
    # It fires without overheat on dry land: +1 heat for the engine.
    game.dice.force("to_hit", 2)
    events = play(game, fires=[fire("t", "a")])
    assert of(events, "heat", unit="t")[0]["to"] == 1
    # A second engine hit destroys it.
    game.dice.force("to_hit", 12)
    game.dice.force("critical", 11)
    events = play(game, fires=[fire("a", "t")])
    assert of(events, "destroyed", unit="t")[0]["cause"] == "engine destroyed"


def test_AS_CRIT_ENGINE_vehicle_halves_move_and_damage():
    game = crit_game(12, target={"type": "CV", "heat": False, "move": 10, "damage": (5, 3, 1), "tmm": 2})
    play(game, fires=[fire("a", "t")])
    t = game.units["t"]
    assert as_card.move_inches(game, t) == 5 and as_card.ground_hexes(game, t) == 2
    assert [as_card.damage_value(game, t, i)[0] for i in range(3)] == [2, 1, 0]
    assert as_card.base_tmm(game, t) == 1


def test_AS_CRIT_FC_plus_2_per_hit_on_weapon_attacks():
    game = crit_game(4)
    play(game, fires=[fire("a", "t")])
    game.get("t", AlphaStrikeCard).crits["fire_control_hit"] += 1     # a second one
    game.start_turn(["red", "blue"])
    game.start_phase("combat")
    plan = as_combat.plan_weapon_attack(game, fire("t", "a"))
    assert ["fire control hits", 4] in plan["modifiers"]


def test_AS_CRIT_MP_W15_halves_move_and_recomputes_tmm():
    # W15: A 4 / S 3 takes 6: A 0, S 1; roll 7: MP hit; 10" -> 5" = 2 hexes, TMM +1.
    game = make_game(12, 30, ruleset="alpha-strike", forced={"to_hit": [12], "critical": [7]})
    add_card(game, "a", "red", "0510", damage=(6, 6, 6))
    add_card(game, "t", "blue", "0508", armor=4, structure=3, move=10, tmm=2)
    events = play(game, fires=[fire("a", "t")])
    assert of(events, "damage", unit="t")[0]["structure_left"] == 1
    t = game.units["t"]
    assert (as_card.move_inches(game, t), as_card.ground_hexes(game, t), as_card.base_tmm(game, t)) == (5, 2, 1)
    # A second hit: half of 5" rounded normally is 3": 2" left, TMM 0.
    as_criticals.apply_effect(game, t, "mp_hit")
    assert (as_card.move_inches(game, t), as_card.base_tmm(game, t)) == (2, 0)


def test_AS_CRIT_MP_move_0_is_immobile_and_minus_4():
    game = crit_game(7, target={"move": 4, "structure": 10})
    play(game, fires=[fire("a", "t")])
    game.dice.force("critical", 7)
    game.dice.force("to_hit", 12)
    play(game, fires=[fire("a", "t")])
    assert game.get("t", Status).immobile
    game.start_turn(["red", "blue"])
    assert pairs(as_combat.target_movement(game, game.units["t"])) == [("target immobile", -4)]


def test_AS_CRIT_WEAPON_minus_1_damage_floor_0():
    game = crit_game(6, target={"damage": (3, 1, "0*")})
    play(game, fires=[fire("a", "t")])
    t = game.units["t"]
    assert [as_card.damage_value(game, t, i) for i in range(3)] == [(2, False), (0, False), (0, False)]


def test_AS_CRIT_DEST_unit_destroyed_and_crew_killed():
    game = crit_game(12)
    events = play(game, fires=[fire("a", "t")])
    assert of(events, "destroyed", unit="t")[0]["cause"] == "unit destroyed"
    game = crit_game(11, target={"type": "CV", "heat": False})
    events = play(game, fires=[fire("a", "t")])
    assert of(events, "destroyed", unit="t")[0]["cause"] == "crew killed"
    assert game.get("t", Status).removed


def test_AS_CRIT_DEST_crew_stunned_sits_out_one_turn():
    game = crit_game(3, target={"type": "CV", "heat": False})
    play(game, fires=[fire("a", "t")])
    t = game.units["t"]
    assert as_card.is_stunned(game, t)
    game.dice.force("to_hit", 2)      # a misses: no new critical this turn
    events = play(game, moves=[move("t", ["F"])], fires=[fire("t", "a"), fire("a", "t")])
    assert len(of(events, "refused", unit="t")) == 2
    assert ["target immobile", -4] in of(events, "attack", attacker="a")[0]["modifiers"]
    assert of(events, "recover", unit="t") and not as_card.is_stunned(game, t)


def test_critical_effects_show_in_the_snapshot():
    game = crit_game(10)
    play(game, fires=[fire("a", "t")])
    assert game.snapshot("t")["crits"] == ["fire_control_hit"]
    assert game.get("t", AlphaStrikeHeat).level == 0
