"""Alpha Strike combat phase (rules/alpha_strike.md B2, B5, B6, B8): one
attack per unit, the to-hit number, range brackets, line of sight, damage,
minimal damage, physical attacks; worked examples W12-W14."""
import pytest

from components import AlphaStrikeCard, Armor, TurnState
from systems.alpha_strike import combat as as_combat
from tests.helpers import make_game
from tests.alpha_strike_helpers import add_card, fire, move, of, physical, play

WOODS = {"terrain": "light_woods"}


def mods(plan):
    return {label: value for label, value in plan["modifiers"]}


def test_AS_TURN_1_phases_and_initiative():
    game = make_game(12, 30, ruleset="alpha-strike", seed=4)
    add_card(game, "a", "red", "0510")
    add_card(game, "b", "blue", "0508")
    assert game.ruleset.phases == ("movement", "combat", "end")
    game.start_turn()
    assert sorted(game.initiative) == ["blue", "red"]
    assert len(game.log.of_type("roll")) >= 2        # AS-TURN-2: 2d6 per side


def test_AS_HIT_W12_basic_to_hit():
    # Skill 4, stood still (-1), TMM +2 not jumped, 8 hexes (medium +2), open: 7.
    game = make_game(12, 30, ruleset="alpha-strike")
    add_card(game, "a", "red", "0501")
    add_card(game, "b", "blue", "0509", tmm=2)
    game.start_turn(["red", "blue"])
    game.start_phase("combat")
    plan = as_combat.plan_weapon_attack(game, fire("a", "b"))
    assert plan["to_hit"] == 7
    assert mods(plan) == {"skill": 4, "attacker stood still": -1, "medium range": 2,
                          "target movement (TMM)": 2}


def _w13(target_start):
    game = make_game(12, 30, ruleset="alpha-strike", hexes={"0506": WOODS, "0524": WOODS})
    add_card(game, "a", "red", "0510", skill=3, jump=4, heat_level=1)
    add_card(game, "b", "blue", target_start, tmm=1, jump=4)
    game.get("a", AlphaStrikeCard).crits["fire_control_hit"] = 1
    game.start_turn(["red", "blue"])
    game.run_phase("movement", [move("a", ["F"], "jump"), move("b", ["B"], "jump")])
    game.start_phase("combat")
    return game


def test_AS_HIT_W13_stacked_penalties():
    # 3 + jumped 2 + heat 1 + FC 2 + short 0 + TMM 1 + target jumped 1 + woods 1 = 11.
    game = _w13("0505")
    plan = as_combat.plan_weapon_attack(game, fire("a", "b"))
    assert plan["hexes"] == 3
    assert plan["to_hit"] == 11
    assert mods(plan) == {"skill": 3, "attacker jumped": 2, "target movement (TMM)": 1,
                          "target jumped": 1, "woods": 1, "attacker heat": 1, "fire control hits": 2}
    # The same shot at long range needs 15: not allowed.
    game = _w13("0523")
    reason = game.check(fire("a", "b"))
    assert "15" in reason and "12" in reason


def test_AS_HIT_1_a_ground_move_is_plus_0():
    game = make_game(12, 30, ruleset="alpha-strike")
    add_card(game, "a", "red", "0510")
    add_card(game, "b", "blue", "0505", tmm=0)
    game.start_turn(["red", "blue"])
    game.run_phase("movement", [move("a", ["F"])])
    game.start_phase("combat")
    assert mods(as_combat.plan_weapon_attack(game, fire("a", "b"))) == {"skill": 4, "medium range": 2}


@pytest.mark.parametrize("hexes,bracket", [(0, "short"), (3, "short"), (4, "medium"), (12, "medium"),
                                           (13, "long"), (21, "long"), (22, None)])
def test_AS_HIT_2_W14_range_brackets_in_hexes(hexes, bracket):
    got = as_combat.range_bracket(hexes)
    assert (got[1] if got else None) == bracket


def test_AS_HIT_2_beyond_long_range_and_zero_damage_brackets_are_refused():
    game = make_game(12, 30, ruleset="alpha-strike")
    add_card(game, "a", "red", "0501", damage=(3, 3, 0))
    add_card(game, "b", "blue", "0523")
    add_card(game, "c", "blue", "0515")
    events = play(game, fires=[fire("a", "b"), fire("a", "c")])
    reasons = [e["reason"] for e in of(events, "refused")]
    assert "beyond Long range" in reasons[0] and "no damage at long range" in reasons[1]
    assert of(events, "attack") == [] and not game.get("a", TurnState).fired


def _two_duels(hexes: dict):
    """Two pairs five hexes apart in the combat phase: a (0510) -> b (0505)
    and c (0310) -> d (0305)."""
    game = make_game(12, 30, ruleset="alpha-strike", hexes=hexes)
    add_card(game, "a", "red", "0510")
    add_card(game, "b", "blue", "0505")
    add_card(game, "c", "red", "0310")
    add_card(game, "d", "blue", "0305")
    game.start_turn(["red", "blue"])
    game.start_phase("combat")
    return game


def test_AS_HIT_4_line_of_sight_through_woods():
    # One intervening woods hex: +1; two block; target in woods and behind woods: +1 once.
    game = _two_duels({"0507": WOODS, "0508": WOODS, "0305": WOODS, "0306": WOODS})
    assert "no line of sight" in game.check(fire("a", "b"))
    plan = as_combat.plan_weapon_attack(game, fire("c", "d"))
    assert mods(plan)["woods"] == 1


def test_AS_LOS_1_a_hill_higher_than_both_units_blocks():
    # a (level 0) and b (level 0) behind a level 2 hill: blocked. c (level 0)
    # and d on a level 1 hill behind a level 1 hex: not higher than both, clear.
    game = _two_duels({"0507": {"level": 2}, "0307": {"level": 1}, "0305": {"level": 1}})
    assert "blocks line of sight" in game.check(fire("a", "b"))
    assert game.check(fire("c", "d")) is None


def test_AS_HIT_4_partial_cover_behind_a_one_level_rise():
    # A level 1 hex right in front of a 'Mech at level 0 covers its legs: +1.
    game = make_game(12, 30, ruleset="alpha-strike", hexes={"0506": {"level": 1}})
    add_card(game, "a", "red", "0510")
    add_card(game, "b", "blue", "0505", tmm=0)
    game.start_turn(["red", "blue"])
    game.start_phase("combat")
    plan = as_combat.plan_weapon_attack(game, fire("a", "b"))
    assert mods(plan)["partial cover"] == 1 and plan["to_hit"] == 4 - 1 + 2 + 1


def test_AS_TURN_4_one_attack_per_unit_per_turn():
    game = make_game(12, 30, ruleset="alpha-strike", forced={"to_hit": [12]})
    add_card(game, "a", "red", "0510")
    add_card(game, "b", "blue", "0509", armor_left=20)
    events = play(game, fires=[fire("a", "b"), fire("a", "b")], physicals=[physical("a", "b")])
    assert len(of(events, "attack")) == 1
    assert all("already attacked" in e["reason"] for e in of(events, "refused"))
    assert len(of(events, "refused")) == 2


def test_AS_TURN_4_orders_that_are_not_alpha_strike_attacks_are_refused():
    game = make_game(12, 30, ruleset="alpha-strike")
    add_card(game, "a", "red", "0510", overheat=1)
    add_card(game, "f", "red", "0509")
    add_card(game, "b", "blue", "0508")
    add_card(game, "cold", "red", "0511", overheat=2, heat=False)
    game.start_turn(["red", "blue"])
    game.start_phase("combat")
    named = fire("a", "b")
    named.weapon = "medium_laser"
    assert "no weapon" in game.check(named)
    assert "0 to 1" in game.check(fire("a", "b", overheat=2))
    assert "same side" in game.check(fire("a", "f"))
    assert "no heat scale" in game.check(fire("cold", "b", overheat=1))
    assert "standard or melee" in game.check(physical("f", "b", "punch"))
    n = len(game.log)
    game.submit(fire("a", "b", overheat=2))
    assert [e["type"] for e in game.log.since(n)] == ["refused"]


def test_AS_DMG_1_damage_by_bracket_and_overheat_at_short_and_medium():
    for at, ov, expected in (("0508", 0, 4), ("0508", 2, 6), ("0505", 2, 5), ("0525", 2, 1)):
        game = make_game(12, 30, ruleset="alpha-strike", forced={"to_hit": [12]})
        add_card(game, "a", "red", "0510", damage=(4, 3, 1), overheat=2)
        add_card(game, "b", "blue", at, armor_left=30)
        events = play(game, fires=[fire("a", "b", overheat=ov)])
        assert of(events, "attack")[0]["damage"] == expected
        assert game.get("b", Armor).points["unit"] == 30 - expected


def test_AS_DMG_1_a_miss_deals_nothing_but_the_overheat_still_heats():
    game = make_game(12, 30, ruleset="alpha-strike", forced={"to_hit": [2]})
    add_card(game, "a", "red", "0510", overheat=2)
    add_card(game, "b", "blue", "0508")
    events = play(game, fires=[fire("a", "b", overheat=2)])
    assert of(events, "damage") == []
    assert of(events, "heat", unit="a")[0]["to"] == 2


@pytest.mark.parametrize("die,expected", [(3, 0), (4, 1), (6, 1)])
def test_AS_DMG_2_minimal_damage(die, expected):
    game = make_game(12, 30, ruleset="alpha-strike", forced={"to_hit": [12], "minimal_damage": [die]})
    add_card(game, "a", "red", "0501", damage=(2, 1, "0*"))
    add_card(game, "b", "blue", "0516", armor_left=5)
    events = play(game, fires=[fire("a", "b")])
    assert of(events, "attack")[0]["damage"] == expected
    assert game.get("b", Armor).points["unit"] == 5 - expected
    assert len(of(events, "damage")) == expected


def test_AS_DMG_3_armor_first_then_structure_and_structure_zero_destroys():
    game = make_game(12, 30, ruleset="alpha-strike", forced={"to_hit": [12, 12], "critical": [5]})
    add_card(game, "a", "red", "0510", damage=(3, 3, 2))
    add_card(game, "b", "red", "0511", damage=(3, 3, 2))
    add_card(game, "t", "blue", "0508", armor=4, structure=3)
    events = play(game, fires=[fire("a", "t"), fire("b", "t")])
    dmg = of(events, "damage", unit="t")
    assert [(d["location"], d["armor_left"], d["structure_left"]) for d in dmg] == [
        ("unit", 1, 3), ("unit", 0, 1)]
    assert len(of(events, "critical")) == 1          # only the hit that reached structure rolls
    play(game, fires=[fire("a", "t")], initiative=["red", "blue"])
    assert game.snapshot("t")["destroyed"] is True


def test_AS_PHYS_1_physical_attacks_need_an_adjacent_target_and_a_mech():
    game = make_game(12, 30, ruleset="alpha-strike")
    add_card(game, "a", "red", "0510")
    add_card(game, "cv", "red", "0409", type="CV", heat=False)
    add_card(game, "b", "blue", "0509")
    add_card(game, "far", "blue", "0507")
    game.start_turn(["red", "blue"])
    game.start_phase("combat")
    assert "adjacent" in game.check(physical("a", "far"))
    assert "only 'Mechs" in game.check(physical("cv", "b"))
    assert game.check(physical("a", "b")) is None


def test_AS_PHYS_2_AS_HIT_6_physical_to_hit_and_damage_size():
    # Size 2, standard: skill 4 - 1 stood still + TMM 1, no range, no heat, no FC.
    game = make_game(12, 30, ruleset="alpha-strike", forced={"to_hit": [12]})
    add_card(game, "a", "red", "0510", size=2, heat_level=3)
    game.get("a", AlphaStrikeCard).crits["fire_control_hit"] = 2
    add_card(game, "b", "blue", "0509", tmm=1, armor_left=10)
    events = play(game, physicals=[physical("a", "b")])
    attack = of(events, "attack")[0]
    assert attack["attack"] == "standard" and attack["to_hit"] == 4
    assert attack["damage"] == 2
    # melee with MEL: +1 to hit (AS 2013 excerpt, Q7).
    game = make_game(12, 30, ruleset="alpha-strike")
    add_card(game, "a", "red", "0510", specials=["MEL"])
    add_card(game, "b", "blue", "0509", tmm=1)
    game.start_turn(["red", "blue"])
    game.start_phase("combat")
    plan = as_combat.plan_physical_attack(game, physical("a", "b", "melee"))
    assert mods(plan)["melee attack"] == 1 and plan["to_hit"] == 5
