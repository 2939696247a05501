"""The seed's Alpha Strike end phase, heat, shutdown and cooling (rules/
alpha_strike.md part A: AS-END, AS-HEAT, AS-SHUT, AS-COOL), with the seed's
numbers and the worked examples W1-W8."""
from hypothesis import given, strategies as st

from components import AlphaStrikeHeat, Position, Status
from systems.alpha_strike import card as as_card, combat as as_combat
from systems.alpha_strike.end_phase import new_heat_level
from tests.alpha_strike_helpers import (add_card, add_shipped, fire, move, of, physical,
                                        play)
from tests.helpers import make_game, pairs

WATER = {"terrain": "water", "depth": 1}


def heat(game, uid):
    return game.get(uid, AlphaStrikeHeat).level


def status(game, uid):
    return game.get(uid, Status)


def duel(forced=None, hexes=None, a_heat=0, b_heat=0, a=None, b=None):
    """Unit a at 0510 and unit b at 0508: 2 hexes, short range."""
    game = make_game(12, 30, ruleset="alpha-strike", forced=forced, hexes=hexes)
    add_card(game, "a", "red", "0510", heat_level=a_heat, armor_left=20, **{"overheat": 3, **(a or {})})
    add_card(game, "b", "blue", "0508", heat_level=b_heat, armor_left=20, **{"overheat": 3, **(b or {})})
    return game


# ------------------------------------------------------------------ AS-END
def test_AS_END_1_both_sides_resolve_the_end_phase_at_once():
    game = duel(forced={"to_hit": [12, 12]})
    events = play(game, fires=[fire("a", "b", overheat=2), fire("b", "a", overheat=1)])
    heats = of(events, "heat")
    assert [(e["unit"], e["from"], e["to"], e["phase"]) for e in heats] == [
        ("a", 0, 2, "end"), ("b", 0, 1, "end")]


def test_AS_END_2_damage_waits_for_the_end_phase_and_a_killed_unit_still_fires():
    game = make_game(12, 30, ruleset="alpha-strike", forced={"to_hit": [12, 12]})
    add_card(game, "a", "red", "0510", armor_left=0, structure_left=1)
    add_card(game, "b", "blue", "0508", armor_left=0, structure_left=1)
    events = play(game, fires=[fire("a", "b"), fire("b", "a")])
    # Both attacks are rolled in the combat phase; nothing is damaged there.
    assert [e["hit"] for e in of(events, "attack")] == [True, True]
    assert all(e["phase"] == "end" for e in of(events, "damage"))
    assert {e["unit"] for e in of(events, "destroyed")} == {"a", "b"}
    # ... and destroyed units leave the map in that end phase.
    assert status(game, "a").removed and status(game, "b").removed
    assert game.units_at(game.get("a", Position).hex) == []
    assert game.winner == "draw"


def test_AS_END_2_criticals_take_effect_in_the_end_phase():
    game = make_game(12, 30, ruleset="alpha-strike", forced={"to_hit": [12], "critical": [7]})
    add_card(game, "a", "red", "0510")
    add_card(game, "b", "blue", "0508", armor_left=0, structure_left=4, move=10)
    game.start_turn(["red", "blue"])
    game.run_phase("movement", [])
    game.run_phase("combat", [fire("a", "b")])
    assert game.log.of_type("critical") == []
    assert as_card.ground_hexes(game, game.units["b"]) == 5
    game.run_phase("end", [])
    crit = game.log.of_type("critical")[0]
    assert (crit["phase"], crit["effect"]) == ("end", "mp_hit")
    # W15: 10" loses 5" -> 5" = 2 hexes, TMM +1.
    assert as_card.move_inches(game, game.units["b"]) == 5
    assert as_card.ground_hexes(game, game.units["b"]) == 2
    assert as_card.base_tmm(game, game.units["b"]) == 1


# ------------------------------------------------------------------ AS-HEAT
def test_AS_HEAT_1_overheat_is_added_to_the_heat_scale():
    # W1: the Loki overheats 2 (it could have used 3): heat 0 -> 2.
    game = make_game(12, 30, ruleset="alpha-strike", forced={"to_hit": [2]})
    add_shipped(game, "loki", "loki", "clan", "0510")
    add_shipped(game, "hunch", "hunchback_as", "is", "0508")
    play(game, fires=[fire("loki", "hunch", overheat=2)])
    assert heat(game, "loki") == 2
    assert game.log.of_type("heat")[-1] == {**game.log.of_type("heat")[-1], "unit": "loki", "from": 0, "to": 2}


def test_AS_HEAT_2_heat_2_costs_move_tmm_and_to_hit_but_not_jump():
    # W1 turn 2: Loki at heat 2: 10" - 4" = 6" = 3 hexes; TMM +2 - 1 = +1;
    # +2 on its weapon attacks; jump Move unchanged.
    game = make_game(12, 30, ruleset="alpha-strike")
    loki = add_card(game, "loki", "clan", "0510", heat_level=2, move=10, jump=10, tmm=2, overheat=3)
    add_card(game, "hunch", "is", "0508", tmm=1, size=2)
    game.start_turn(["clan", "is"])
    assert as_card.ground_hexes(game, loki) == 3
    assert as_card.jump_hexes(game, loki) == 5
    assert pairs(as_combat.target_movement(game, loki)) == [("target movement (TMM)", 2), ("target heat 2+ (TMM -1)", -1)]
    game.start_phase("movement")
    assert game.check(move("loki", ["B"] * 4)) is not None
    assert game.check(move("loki", ["B"] * 3)) is None
    assert game.check(move("loki", ["B"] * 5, mode="jump")) is None
    game.end_phase()
    game.start_phase("combat")
    plan = as_combat.plan_weapon_attack(game, fire("loki", "hunch"))
    assert ["attacker heat", 2] in plan["modifiers"]
    assert plan["to_hit"] == 4 - 1 + 1 + 2
    # Heat is a weapon-attack modifier only (AS-HIT-6).
    phys = as_combat.plan_physical_attack(game, physical("loki", "hunch"))
    assert phys is not None and isinstance(phys, str)   # not adjacent: refused
    game.get("hunch", Position).hex = game.get("loki", Position).hex._replace(y=8)
    phys = as_combat.plan_physical_attack(game, physical("loki", "hunch"))
    assert all(label != "attacker heat" for label, _ in phys["modifiers"])


def test_AS_HEAT_2_heat_below_2_keeps_the_tmm():
    game = make_game(12, 30, ruleset="alpha-strike")
    ent = add_card(game, "u", "red", "0505", heat_level=1, tmm=2)
    game.start_turn(["red"])
    assert pairs(as_combat.target_movement(game, ent)) == [("target movement (TMM)", 2)]


def test_AS_HEAT_2_Q1_tmm_minus_1_from_heat_2_once_and_not_below_0():
    # Seed: "大于2点" but its Loki example takes 1 at heat 2 (Q1): heat 1 none,
    # heat 2 and heat 3 take 1 each (not 1 per level); a TMM 0 stays 0.
    game = make_game(12, 30, ruleset="alpha-strike")
    units = {lvl: add_card(game, f"u{lvl}", "red", f"05{10 + lvl}", heat_level=lvl, tmm=2)
             for lvl in (1, 2, 3)}
    zero = add_card(game, "z", "red", "0520", heat_level=3, tmm=0)
    game.start_turn(["red"])
    total = {lvl: sum(v for _, v, _ in as_combat.target_movement(game, ent)) for lvl, ent in units.items()}
    assert total == {1: 2, 2: 1, 3: 1}
    assert pairs(as_combat.target_movement(game, zero)) == []


def test_AS_HEAT_2_Q2_a_target_that_jumped_keeps_its_tmm_at_heat_2():
    # "跳跃移动和目标移动修正因子不受热量刻度条影响": jump Move and the TMM of a
    # jumping unit are not touched by heat (Q2): TMM 2 + 1 jumped, no -1.
    game = make_game(12, 30, ruleset="alpha-strike")
    add_card(game, "j", "red", "0520", heat_level=2, move=10, jump=10, tmm=2)
    game.start_turn(["red"])
    game.run_phase("movement", [move("j", ["F"] * 5, mode="jump")])
    assert pairs(as_combat.target_movement(game, game.units["j"])) == [
        ("target movement (TMM)", 2), ("target jumped", 1)]


def test_AS_HEAT_3_the_overheating_attack_is_not_modified_by_it():
    game = duel(forced={"to_hit": [12, 12]})
    play(game, fires=[fire("a", "b", overheat=2)])
    first = game.log.of_type("attack")[0]
    assert all(label != "attacker heat" for label, _ in first["modifiers"])
    play(game, fires=[fire("a", "b")])
    second = game.log.of_type("attack")[1]
    assert ["attacker heat", 2] in second["modifiers"]
    assert second["to_hit"] == first["to_hit"] + 2


def test_AS_HEAT_4_ht_heat_is_capped_at_2_per_target_per_turn():
    # W3: T is hit by HT2 at short (2) and HT1/1/- at medium (1): +2 only;
    # T itself overheated 1 and fired: 0 + 1 + 2 = 3.
    game = make_game(12, 30, ruleset="alpha-strike", forced={"to_hit": [12, 12, 12]})
    add_card(game, "t", "blue", "0510", overheat=1, armor_left=20)
    add_card(game, "h2", "red", "0508", specials=["HT2"])
    add_card(game, "h1", "red", "0505", specials=["HT1/1/-"])
    events = play(game, fires=[fire("h2", "t"), fire("h1", "t"), fire("t", "h2", overheat=1)])
    assert [e.get("ht_heat") for e in of(events, "attack", target="t")] == [2, 1]
    assert heat(game, "t") == 3


def test_AS_HEAT_4_three_ht1_hits_add_2_and_a_miss_adds_nothing():
    # W4: three successful HT1 attacks: +1, +1, the third is lost.
    game = make_game(12, 30, ruleset="alpha-strike", forced={"to_hit": [12, 12, 12, 2]})
    add_card(game, "t", "blue", "0510", armor_left=30)
    for i, at in enumerate(("0508", "0507", "0506", "0505")):
        add_card(game, f"h{i}", "red", at, specials=["HT1/1/1"])
    play(game, fires=[fire(f"h{i}", "t") for i in range(4)])
    assert [e["hit"] for e in game.log.of_type("attack")] == [True, True, True, False]
    assert heat(game, "t") == 2


def test_AS_HEAT_4_Q5_ht_heat_lands_after_the_reset_to_0():
    # Q5: a unit that did not fire drops to 0 (AS-COOL-4b), then takes its HT
    # heat: heat 3 + HT1 -> 1. A unit that began the end phase shut down
    # restarts at 0 and then takes its HT heat: heat 4 (S) + HT2 -> 2.
    game = make_game(12, 30, ruleset="alpha-strike", forced={"to_hit": [12, 12]})
    add_card(game, "idle", "blue", "0510", heat_level=3, armor_left=20)
    add_card(game, "off", "blue", "0710", heat_level=4, armor_left=20)
    add_card(game, "h1", "red", "0508", specials=["HT1"])
    add_card(game, "h2", "red", "0708", specials=["HT2"])
    events = play(game, fires=[fire("h1", "idle"), fire("h2", "off")])
    assert [(e["from"], e["to"]) for e in of(events, "heat", unit="idle")] == [(3, 1)]
    assert [(e["from"], e["to"]) for e in of(events, "heat", unit="off")] == [(4, 2)]
    assert of(events, "restart", unit="off") and not status(game, "off").shutdown


def test_AS_SPA_HT_heat_lands_in_the_end_phase_not_at_the_hit():
    # "在成功进行武器射击之回合的结束阶段": the target's heat scale changes in the end phase.
    game = make_game(12, 30, ruleset="alpha-strike", forced={"to_hit": [12]})
    add_card(game, "t", "blue", "0510", armor_left=20)
    add_card(game, "h", "red", "0508", specials=["HT2"])
    game.start_turn(["red", "blue"])
    game.run_phase("movement", [])
    game.run_phase("combat", [fire("h", "t")])
    assert heat(game, "t") == 0
    game.run_phase("end", [])
    assert heat(game, "t") == 2 and game.log.of_type("heat")[-1]["phase"] == "end"


# ------------------------------------------------------------------ AS-SHUT
def test_AS_SHUT_1_heat_4_is_shutdown_no_move_no_attack_next_turn():
    # W2: at heat 2 the Loki overheats 2 again: 2 + 2 = 4 = S.
    game = duel(forced={"to_hit": [12]}, a_heat=2)
    events = play(game, fires=[fire("a", "b", overheat=2)])
    assert of(events, "heat", unit="a")[0]["to"] == 4
    assert of(events, "shutdown", unit="a")
    assert status(game, "a").shutdown
    events = play(game, moves=[move("a", ["F"])], fires=[fire("a", "b")])
    refused = of(events, "refused", unit="a")
    assert len(refused) == 2 and "shut down" in refused[0]["reason"] and "shut down" in refused[1]["reason"]
    assert of(events, "move", unit="a") == [] and of(events, "attack", attacker="a") == []


def test_AS_SHUT_1_heat_above_4_is_clamped_to_S():
    game = duel(forced={"to_hit": [12]}, a_heat=3)
    play(game, fires=[fire("a", "b", overheat=3)])
    assert heat(game, "a") == 4 and status(game, "a").shutdown


def test_AS_SHUT_1_a_shut_down_unit_cannot_make_a_physical_attack():
    game = make_game(12, 30, ruleset="alpha-strike")
    add_card(game, "a", "red", "0510", heat_level=4)
    add_card(game, "b", "blue", "0509")
    status(game, "a").shutdown = True
    events = play(game, physicals=[physical("a", "b")])
    assert len(of(events, "refused", unit="a")) == 1


def test_AS_SHUT_2_a_shut_down_target_is_minus_4():
    # W2: skill 4, stood still, short range: TN 4 - 1 + 0 - 4 = -1.
    game = duel(b_heat=4)
    status(game, "b").shutdown = True
    game.start_turn(["red", "blue"])
    game.start_phase("combat")
    plan = as_combat.plan_weapon_attack(game, fire("a", "b"))
    assert plan["to_hit"] == -1
    assert ["target shut down", -4] in plan["modifiers"]


# ------------------------------------------------------------------ AS-COOL
def test_AS_COOL_1_an_overheating_unit_does_not_cool():
    # Even in deep water an overheat of 2 adds 2 (literal reading, W6d).
    game = duel(forced={"to_hit": [12, 12]}, a_heat=1, b_heat=1, hexes={"0510": WATER})
    play(game, fires=[fire("a", "b", overheat=2), fire("b", "a", overheat=2)])
    assert heat(game, "a") == 3 and heat(game, "b") == 3


def test_AS_COOL_2_fired_without_overheat_on_land_keeps_its_heat():
    # W8: heat 1, fires normally, OV 0: stays 1.
    game = duel(forced={"to_hit": [12]}, a_heat=1)
    events = play(game, fires=[fire("a", "b")])
    assert heat(game, "a") == 1 and of(events, "heat", unit="a") == []


def test_AS_COOL_3_water_absorbs_exactly_one_point_of_overheat():
    # W6b: heat 2 in deep water, fires with OV 1: unchanged 2.
    game = duel(forced={"to_hit": [12]}, a_heat=2, hexes={"0510": WATER})
    play(game, fires=[fire("a", "b", overheat=1)])
    assert heat(game, "a") == 2
    # Out of water the same attack adds 1.
    game = duel(forced={"to_hit": [12]}, a_heat=2)
    play(game, fires=[fire("a", "b", overheat=1)])
    assert heat(game, "a") == 3


def test_AS_COOL_3_any_water_absorbs_one_point_even_shallow_water():
    # "水域中的单位只使用1点过热值" gives no depth (AS-COOL-3, Q3): shallow water
    # (depth 0, under 2") also keeps heat 2 with OV 1 ...
    shallow = {"0510": {"terrain": "water", "depth": 0}}
    game = duel(forced={"to_hit": [12]}, a_heat=2, hexes=shallow)
    play(game, fires=[fire("a", "b", overheat=1)])
    assert heat(game, "a") == 2
    # ... but only water 2" deep or more cools by 1 without overheat (AS-COOL-4c).
    game = duel(forced={"to_hit": [12]}, a_heat=2, hexes=shallow)
    play(game, fires=[fire("a", "b")])
    assert heat(game, "a") == 2
    # With OV 2 water absorbs nothing: 2 + 2 = 4, shutdown (AS-COOL-1).
    game = duel(forced={"to_hit": [12]}, a_heat=2, hexes={"0510": WATER})
    play(game, fires=[fire("a", "b", overheat=2)])
    assert heat(game, "a") == 4 and status(game, "a").shutdown


def test_AS_COOL_4a_a_unit_that_began_the_end_phase_shut_down_restarts_at_0():
    game = duel(a_heat=4)
    status(game, "a").shutdown = True
    events = play(game)
    assert [(e["from"], e["to"]) for e in of(events, "heat", unit="a")] == [(4, 0)]
    assert of(events, "restart", unit="a")
    assert heat(game, "a") == 0 and not status(game, "a").shutdown


def test_AS_COOL_4b_no_weapon_attack_drops_heat_to_0():
    # W7: heat 3, moves, no weapon attack (or only a physical attack, Q4): 0.
    game = make_game(12, 30, ruleset="alpha-strike", forced={"to_hit": [12]})
    add_card(game, "a", "red", "0510", heat_level=3, move=16)
    add_card(game, "p", "red", "0310", heat_level=2)
    add_card(game, "b", "blue", "0309", armor_left=20)
    play(game, moves=[move("a", ["F"])], physicals=[physical("p", "b")])
    assert heat(game, "a") == 0 and heat(game, "p") == 0
    # W6c: no weapon attack beats water too.
    game = duel(a_heat=2, hexes={"0510": WATER})
    play(game)
    assert heat(game, "a") == 0


def test_AS_COOL_4c_deep_water_without_overheat_cools_by_1():
    # W6a: heat 2 in water 2" (depth 1) deep, fires with OV 0: 1.
    game = duel(forced={"to_hit": [12]}, a_heat=2, hexes={"0510": WATER})
    play(game, fires=[fire("a", "b")])
    assert heat(game, "a") == 1
    # Shallow water (depth 0, under 2") does not cool.
    game = duel(forced={"to_hit": [12]}, a_heat=2, hexes={"0510": {"terrain": "water", "depth": 0}})
    play(game, fires=[fire("a", "b")])
    assert heat(game, "a") == 2


def test_AS_COOL_4c_entering_deep_water_this_turn_counts_at_the_end_phase():
    game = make_game(12, 30, ruleset="alpha-strike", forced={"to_hit": [12]}, hexes={"0509": WATER})
    add_card(game, "a", "red", "0510", heat_level=1)
    add_card(game, "b", "blue", "0505", armor_left=20)
    play(game, moves=[move("a", ["F"])], fires=[fire("a", "b")])
    assert heat(game, "a") == 0


def test_AS_COOL_5_loki_prime_worked_example_end_to_end():
    """W1 + W2 with the shipped Loki (10", TMM 2, OV 3) and Hunchback."""
    game = make_game(12, 30, ruleset="alpha-strike", forced={"to_hit": [2, 2, 2, 2, 2, 2]})
    add_shipped(game, "loki", "loki", "clan", "0510")
    add_shipped(game, "hunch", "hunchback_as", "is", "0508", armor={"unit": 50})
    loki = game.units["loki"]
    # Turn 1: overheat 2 (it could use 3); the attack itself is unmodified.
    events = play(game, fires=[fire("loki", "hunch", overheat=2)], initiative=["clan", "is"])
    assert all(l != "attacker heat" for l, _ in of(events, "attack", attacker="loki")[0]["modifiers"])
    assert (heat(game, "loki"), status(game, "loki").shutdown) == (2, False)
    # Turn 2 at heat 2: 3 hexes of ground Move, TMM +1, +2 to its to-hit.
    game.start_turn(["clan", "is"])
    game.run_phase("movement", [move("loki", ["B"] * 4), move("loki", ["B"] * 3)])
    game.run_phase("combat", [fire("loki", "hunch", overheat=2), fire("hunch", "loki")])
    game.run_phase("end", [])
    events = [e for e in game.log.events if e["turn"] == 2]
    assert "needs 4" in of(events, "refused", unit="loki")[0]["reason"]
    assert of(events, "move", unit="loki")[0]["hexes_moved"] == 3
    # The Loki fired but did not overheat in the previous turn: still at 2 here.
    loki_attack = of(events, "attack", attacker="loki")[0]
    assert ["attacker heat", 2] in loki_attack["modifiers"]
    hunch_attack = of(events, "attack", attacker="hunch")[0]
    assert ["target movement (TMM)", 2] in hunch_attack["modifiers"]
    assert ["target heat 2+ (TMM -1)", -1] in hunch_attack["modifiers"]
    # 2 + 2 = 4: shutdown.
    assert [(e["from"], e["to"]) for e in of(events, "heat", unit="loki")] == [(2, 4)]
    assert of(events, "shutdown", unit="loki")
    # Turn 3: no move, no attack; attackers use -4; then heat 0 and restart.
    events = play(game, moves=[move("loki", ["F"])], fires=[fire("loki", "hunch"), fire("hunch", "loki")],
                  initiative=["clan", "is"])
    assert len(of(events, "refused", unit="loki")) == 2
    assert ["target shut down", -4] in of(events, "attack", attacker="hunch")[0]["modifiers"]
    assert [(e["from"], e["to"]) for e in of(events, "heat", unit="loki")] == [(4, 0)]
    assert of(events, "restart", unit="loki")
    # Turn 4: full Move and TMM, no heat modifiers.
    game.start_turn(["clan", "is"])
    assert as_card.ground_hexes(game, loki) == 5
    assert pairs(as_combat.target_movement(game, loki)) == [("target movement (TMM)", 2)]


def test_AS_COOL_5_loki_stays_at_2_unless_it_holds_fire_or_submerges():
    """The seed's Loki at heat 2: "除非Loki放弃武器射击，或进入深到足以淹没自己的水域，
    不然它会保持2点的热量水平". It could overheat 3 (OV 3), not 4."""
    def loki_game(hexes=None):
        game = make_game(12, 30, ruleset="alpha-strike", forced={"to_hit": [2]}, hexes=hexes)
        add_shipped(game, "loki", "loki", "clan", "0510", heat=2)
        add_shipped(game, "hunch", "hunchback_as", "is", "0508", armor={"unit": 50})
        return game

    game = loki_game()
    game.start_turn(["clan", "is"])
    game.start_phase("combat")
    assert game.check(fire("loki", "hunch", overheat=3)) is None
    assert "0 to 3" in game.check(fire("loki", "hunch", overheat=4))
    # Keeps firing without overheat on dry land: stays at 2.
    game = loki_game()
    play(game, fires=[fire("loki", "hunch")], initiative=["clan", "is"])
    assert heat(game, "loki") == 2
    # Gives up its weapon attack: 0.
    game = loki_game()
    play(game, initiative=["clan", "is"])
    assert heat(game, "loki") == 0
    # Walks into water deep enough to submerge it (2") and fires without overheat: 1.
    game = loki_game(hexes={"0509": WATER})
    game.get("hunch", Position).hex = game.get("hunch", Position).hex._replace(y=5)
    play(game, moves=[move("loki", ["F"])], fires=[fire("loki", "hunch")], initiative=["clan", "is"])
    assert heat(game, "loki") == 1


@given(old=st.integers(0, 4), shut=st.booleans(), ov=st.integers(0, 4), fired=st.booleans(),
       water=st.booleans(), deep=st.booleans(), engine=st.integers(0, 1), ht=st.integers(0, 6))
def test_AS_COOL_heat_update_invariants(old, shut, ov, fired, water, deep, engine, ht):
    water = water or deep             # deep water is water
    if shut:
        ov, fired = 0, False          # a shut-down unit cannot attack
    if ov:
        fired = True                  # overheat comes with a weapon attack
    level, _ = new_heat_level(old, began_shut_down=shut, overheat=ov, fired=fired, in_water=water,
                              deep_water=deep, engine_hits=engine, ht_heat=ht)
    assert 0 <= level <= 4
    if ov >= 2 or (ov == 1 and not water):
        assert level >= min(4, old + ov)            # AS-COOL-1: no cooling
    if not fired and not ht:
        assert level == 0                           # AS-COOL-4a/b
    if level < old:
        assert shut or not fired or (deep and ov == 0)    # AS-COOL-4: the only ways down
    if fired and not shut and ov <= 1 and water and not engine and not ht:
        assert level == (max(0, old - 1) if deep and ov == 0 else old)   # AS-COOL-3, -4c


def test_AS_COOL_heat_preview_for_the_overheat_choice():
    # The level the end phase will give, before incoming HT: the Loki at heat 2
    # on land: OV 2 -> 4 (S); OV 0 -> 2; no attack -> 0. In 2" water: OV 1 -> 2, OV 0 -> 1.
    from systems.alpha_strike.end_phase import heat_preview
    game = make_game(12, 30, ruleset="alpha-strike", hexes={"0310": WATER})
    land = add_shipped(game, "loki", "loki", "clan", "0510", heat=2)
    wet = add_shipped(game, "wet", "loki", "clan", "0310", heat=2)
    assert [heat_preview(game, land, ov) for ov in (0, 1, 2, 3)] == [2, 3, 4, 4]
    assert heat_preview(game, land, 0, fires=False) == 0
    assert [heat_preview(game, wet, ov) for ov in (0, 1, 2)] == [1, 2, 4]
