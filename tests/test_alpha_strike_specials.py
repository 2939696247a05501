"""The seed's special abilities (rules/alpha_strike.md A5: AS-SPA-*) and the
worked examples W5, W9, W10, W11."""
from components import AlphaStrikeHeat, Armor, Status, Structure
from engine.unit_loader import parse_unit
from systems.alpha_strike.card import parse_specials
from tests.helpers import make_game
from tests.alpha_strike_helpers import add_card, card_text, fire, of, physical, play


def structure(game, uid):
    return game.get(uid, Structure).points["unit"]


def test_AS_SPA_0_unknown_specials_load_with_a_warning_and_do_nothing():
    data = parse_unit(card_text(specials=["IF1", "LRM1/2/2", "REAR1/1/-", "CASE"]), "x.toml")
    assert len(data.warnings) == 3 and all("no effect" in w for w in data.warnings)
    sp = parse_specials(data.alpha_strike["specials"])
    assert sp.case and sp.inactive == ("IF1", "LRM1/2/2", "REAR1/1/-")
    # Damage is the card's, untouched by the inactive abilities.
    game = make_game(12, 30, ruleset="alpha-strike", forced={"to_hit": [12]})
    add_card(game, "a", "red", "0510", specials=["IF1", "LRM1/2/2"], damage=(3, 3, 2))
    add_card(game, "b", "blue", "0508", armor_left=20)
    events = play(game, fires=[fire("a", "b")])
    assert of(events, "attack")[0]["damage"] == 3


def test_AS_SPA_0_ht_number_sets_the_heat():
    assert parse_specials(["HT1"]).ht == (1, 1, 1)
    assert parse_specials(["HT2"]).ht == (2, 2, 2)
    assert parse_specials(["HT1/1/-"]).ht == (1, 1, 0)


def _ammo_game(specials, crits):
    # W9: the attack takes the last armor point and 1 structure (S 3 -> 2).
    game = make_game(12, 30, ruleset="alpha-strike", forced={"to_hit": [12], "critical": crits})
    add_card(game, "a", "red", "0510", damage=(2, 2, 1))
    add_card(game, "b", "blue", "0508", armor_left=1, structure=3, specials=specials)
    return game


def test_AS_SPA_CASE_ammo_hit_costs_one_more_point_and_a_new_roll():
    game = _ammo_game(["CASE"], [2, 5])
    events = play(game, fires=[fire("a", "b")])
    assert structure(game, "b") == 1
    crits = of(events, "critical", unit="b")
    assert [c["effect"] for c in crits] == ["ammo_hit", "no_critical_hit"]
    assert "CASE" in crits[0]["result"]
    assert not game.get("b", Status).destroyed


def test_AS_SPA_CASE_without_protection_an_ammo_hit_destroys():
    game = _ammo_game([], [2])
    events = play(game, fires=[fire("a", "b")])
    assert of(events, "destroyed", unit="b")[0]["cause"] == "ammo explosion"
    assert game.get("b", Status).removed


def test_AS_SPA_CASEII_ignores_ammo_hits():
    game = _ammo_game(["CASEII"], [2])
    events = play(game, fires=[fire("a", "b")])
    assert structure(game, "b") == 2
    assert of(events, "critical", unit="b")[0]["result"] == "no effect (CASEII)"
    assert game.get("b", Status).crits == []


def test_AS_SPA_ENE_ignores_ammo_hits():
    game = _ammo_game(["ENE"], [2])
    events = play(game, fires=[fire("a", "b")])
    assert structure(game, "b") == 2
    assert of(events, "critical", unit="b")[0]["result"] == "no effect (ENE)"


def test_AS_SPA_HT_adds_heat_to_the_target_after_a_successful_weapon_attack():
    game = make_game(12, 30, ruleset="alpha-strike", forced={"to_hit": [12]})
    add_card(game, "a", "red", "0510", specials=["HT1/1/-"])
    add_card(game, "b", "blue", "0505", armor_left=20)          # 5 hexes: medium
    play(game, fires=[fire("a", "b")])
    assert game.get("b", AlphaStrikeHeat).level == 1
    # At long range HT1/1/- has no heat.
    game = make_game(12, 30, ruleset="alpha-strike", forced={"to_hit": [12]})
    add_card(game, "a", "red", "0520", specials=["HT1/1/-"])
    add_card(game, "b", "blue", "0505", armor_left=20)          # 15 hexes: long
    play(game, fires=[fire("a", "b")])
    assert game.get("b", AlphaStrikeHeat).level == 0


def test_AS_SPA_HT_against_a_unit_without_heat_scale_is_damage():
    # W5: a CV hit at medium with M = 3 and HT1/1/-: 3 + 1 = 4 damage.
    game = make_game(12, 30, ruleset="alpha-strike", forced={"to_hit": [12]})
    add_card(game, "a", "red", "0510", damage=(3, 3, 2), specials=["HT1/1/-"])
    add_card(game, "cv", "blue", "0505", type="CV", armor_left=20, heat=False)
    events = play(game, fires=[fire("a", "cv")])
    assert of(events, "attack")[0]["damage"] == 4
    assert game.get("cv", Armor).points["unit"] == 16


def test_AS_SPA_MEL_melee_adds_one_damage():
    # W10: Size 3 with MEL melee: 4; standard: 3; Size 4 with MEL: 5.
    for size, attack, specials, expected in ((3, "melee", ["MEL"], 4), (3, "standard", ["MEL"], 3),
                                             (4, "melee", ["MEL"], 5)):
        game = make_game(12, 30, ruleset="alpha-strike", forced={"to_hit": [12]})
        add_card(game, "a", "red", "0510", size=size, specials=specials)
        add_card(game, "b", "blue", "0509", armor_left=20)
        events = play(game, physicals=[physical("a", "b", attack)])
        assert of(events, "attack")[0]["damage"] == expected
        assert game.get("b", Armor).points["unit"] == 20 - expected


def test_AS_SPA_MEL_melee_needs_the_ability():
    game = make_game(12, 30, ruleset="alpha-strike")
    add_card(game, "a", "red", "0510")
    add_card(game, "b", "blue", "0509")
    events = play(game, physicals=[physical("a", "b", "melee")])
    assert "MEL" in of(events, "refused")[0]["reason"]


def test_AS_SPA_OVL_overheat_damage_at_long_range():
    # W11: 3/3/2, OV 1: with OVL at 15 hexes 2 + 1 = 3; without 2; at 8 hexes 4.
    cases = (("0516", ["OVL"], 3), ("0516", [], 2), ("0509", ["OVL"], 4), ("0509", [], 4))
    for at, specials, expected in cases:
        game = make_game(12, 30, ruleset="alpha-strike", forced={"to_hit": [12]})
        add_card(game, "a", "red", "0501", damage=(3, 3, 2), overheat=1, specials=specials)
        add_card(game, "b", "blue", at, armor_left=20)
        events = play(game, fires=[fire("a", "b", overheat=1)])
        assert of(events, "attack")[0]["damage"] == expected, (at, specials)
        # The overheat adds heat either way.
        assert game.get("a", AlphaStrikeHeat).level == 1


def test_AS_SPA_0_two_abilities_the_stronger_ammo_protection_wins():
    # "单位可以拥有多项特殊能力": CASE and CASEII on one card: CASEII ignores the
    # Ammo Hit, so no extra CASE point (W9: S stays 2).
    game = _ammo_game(["CASE", "CASEII"], [2])
    events = play(game, fires=[fire("a", "b")])
    assert structure(game, "b") == 2
    assert of(events, "critical", unit="b")[0]["result"] == "no effect (CASEII)"
