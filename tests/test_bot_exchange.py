"""The computer's judgement of an Alpha Strike move by the exchange of fire
(engine/bot/exchange.py): the standoff range bracket from both sides'
damage values and to-hit numbers (AS-HIT-1 to AS-HIT-3, rules/alpha_strike.md
B5), worked by hand on the cards of the shipped level alpha_skirmish."""
from __future__ import annotations

import math

import pytest

from engine.bot.computer import Situation
from engine.bot.exchange import Exchange, balance, band_pull, expected_damage, standoff_band
from engine.levels import new_game_from_level
from engine.paths import LEVELS

BLUE = ("loki", "hatchetman_as")            # 3/3/2 TMM 2, 2/2/1 TMM 1
RED = ("hunchback_as", "firestarter_as")    # 4/4/1 TMM 1, 2/2/0 TMM 2


@pytest.fixture
def game():
    g = new_game_from_level(LEVELS / "alpha_skirmish.tmx", seed=3)
    yield g
    g.close()


def _ents(game, uids):
    return [game.units[u] for u in uids]


def test_AS_HIT_2_expected_damage_at_long_range_standing_still(game):
    # Loki: skill 4, stood still -1, Long +4, Hunchback's TMM +1: 8 or more on 2d6 (15/36), 2 damage;
    # Hatchetman the same number, 1 damage.
    assert expected_damage(game, _ents(game, BLUE), _ents(game, RED), 2, -1) == pytest.approx(15 / 36 * 3)
    # the Firestarter has no Long damage; the Hunchback needs 4 + 4 + 1 (the Hatchetman's TMM) = 9 for 1
    assert expected_damage(game, _ents(game, RED), _ents(game, BLUE), 2, 0) == pytest.approx(10 / 36)


def test_the_standoff_bracket_is_long_for_the_side_whose_long_damage_holds_and_medium_for_the_other(game):
    # blue at Long: 1.25 against 0.28 (ratio 3.3); at Medium 3.61 against 3.5 (1.0); at Short 4.58 against 5.0
    assert standoff_band(game, _ents(game, BLUE), _ents(game, RED)) == (13, 21)
    # red: Short 5.5 against 4.17 (1.29), Medium 4.33 against 2.92 (1.44), Long 0.42 against 0.83
    assert standoff_band(game, _ents(game, RED), _ents(game, BLUE)) == (4, 12)


def test_a_hex_outside_the_standoff_bracket_costs_three_hundredths_of_the_firepower():
    assert band_pull(8, (4, 12), 4.0) == 0.0
    assert band_pull(2, (4, 12), 4.0) == pytest.approx(0.24)
    assert band_pull(15, (4, 12), 4.0) == pytest.approx(0.36)


def test_a_unit_beside_its_friend_halves_the_fire_that_friend_draws(game):
    sit = Situation(game, "loki")
    ex = Exchange(game, sit)
    ex.friends_taken = [("hunchback_as", 2.0, 0)]
    ex.friends_fire = 1.0
    ex.floors, ex.tempo = (0.5, 0.5), 0.0
    alone = ex.score(1.0, 1.0, set(), 0.0, 15, 3.0)
    beside = ex.score(1.0, 1.0, {"hunchback_as"}, 0.0, 15, 3.0)
    assert alone == pytest.approx(math.log(0.5 + 2.0) - math.log(0.5 + 1.0 + 2.0))
    assert beside == pytest.approx(math.log(0.5 + 2.0) - math.log(0.5 + 1.0 + 1.0))


def _loki_facing_the_hunchback(game, hexes: int):
    from components import Position
    from engine.hexgrid import Hex
    hunch = game.world.component(game.units["hunchback_as"], Position)
    loki = game.world.component(game.units["loki"], Position)
    loki.hex = Hex(hunch.hex.x - hexes, hunch.hex.y)
    for uid in ("hatchetman_as", "firestarter_as"):
        game.world.component(game.units[uid], Position).hex = Hex(0 if uid == "hatchetman_as" else 23, 0)


@pytest.mark.parametrize("heat, most", [(0, 1), (1, 0)])
def test_AS_HEAT_2_the_loki_overheats_no_further_than_keeps_its_heat_below_2(game, heat, most):
    from components import AlphaStrikeHeat, Armor, Structure
    from engine.bot.fire import fire_plan
    from engine.bot.value import Valuer
    # 8 hexes off (Medium), the Hunchback without armor and 7 structure left: even 3 + 3 overheat leaves it 1
    _loki_facing_the_hunchback(game, 8)
    hunch = game.units["hunchback_as"]
    game.world.component(hunch, Armor).points["unit"] = 0
    game.world.component(hunch, Structure).points["unit"] = 7
    game.world.component(game.units["loki"], AlphaStrikeHeat).level = heat
    plan = fire_plan(game, Valuer(game), "loki", ["hunchback_as"])
    assert plan.shots and plan.shots[0].target == "hunchback_as"
    assert (plan.shots[0].option.order.overheat or 0) <= most


@pytest.mark.parametrize("left, overheat", [(5, 2), (6, 3)])
def test_AS_DMG_1_the_loki_overheats_as_far_as_destroys_the_hunchback(game, left, overheat):
    from components import Armor, Structure
    from engine.bot.fire import destroys, fire_plan
    from engine.bot.value import Valuer
    # 8 hexes off, standing still: 4 - 1 + 2 + 1 = 6 (26/36); 3 damage and the overheat (AS-DMG-1)
    # destroy a Hunchback with `left` structure: the heat level it leaves is worth the kill
    _loki_facing_the_hunchback(game, 8)
    hunch = game.units["hunchback_as"]
    game.world.component(hunch, Armor).points["unit"] = 0
    game.world.component(hunch, Structure).points["unit"] = left
    plan = fire_plan(game, Valuer(game), "loki", ["hunchback_as"])
    shot = plan.shots[0]
    assert shot.option.order.overheat == overheat and destroys(game, shot)
    assert shot.chance == pytest.approx(26 / 36)


def test_AS_COOL_2_a_heat_level_is_priced_for_the_turns_it_holds_or_the_attack_given_up_to_cool_it():
    from engine.bot.heat_cost import HEAT_TURNS, MP_NEXT_TURN, alpha_strike_cost
    from tests.alpha_strike_helpers import add_card
    from tests.helpers import make_game
    g = make_game(12, 30, ruleset="alpha-strike", forced={})
    ent = add_card(g, "a", "red", "0510", overheat=2)
    g.start_turn(["red"])
    g.start_phase("combat")
    # next turn's attack: 4 damage needing 7 (21/36); at heat 1 it needs 8 (15/36), 6/36 lost a turn
    # for 3 turns: 0.5 of the attack's 4, less than the 21/36 a turn spent cooling would cost
    assert HEAT_TURNS == 3
    assert alpha_strike_cost(g, ent, 1, True, 10.0, (4.0, 7)) == pytest.approx(4.0 * 0.5 + MP_NEXT_TURN * 2 * 10.0)
    # heat 2 (needs 9, 10/36): 3 x 11/36 lost is more than cooling: one attack, 4 x 21/36
    from engine.bot.heat_cost import TMM_NEXT_TURN
    assert alpha_strike_cost(g, ent, 2, True, 10.0, (4.0, 7)) == pytest.approx(
        4.0 * 21 / 36 + MP_NEXT_TURN * 2 * 10.0 * 2 + TMM_NEXT_TURN * 10.0)
    assert alpha_strike_cost(g, ent, 0, True, 10.0, (4.0, 7)) == 0.0
    g.close()


def test_the_race_values_a_point_by_the_armor_left_without_a_kill_bonus(game):
    from engine.bot.value import Valuer
    fire = game.units["firestarter_as"]         # 3 armor and 2 structure: worth 0.5 + its 2 damage
    plain = Valuer(game)
    race = plain.without_kill()
    # 5 damage: all 5 points (2.5 x 5 / 5) and the 2 of structure at a half (2.5 x 1 / 5)
    assert race.group_value(fire, None, 5) == pytest.approx(2.5 + 2.5 * 0.5 * 2 / 5)
    assert plain.group_value(fire, None, 5) == pytest.approx(race.group_value(fire, None, 5) + 2.5)
    assert race.group_value(fire, None, 2) == plain.group_value(fire, None, 2) == pytest.approx(2.5 * 2 / 5)


def test_AS_END_2_a_card_is_worth_the_damage_it_deals_so_the_loki_is_the_better_target(game):
    from engine.bot.value import Valuer
    valuer = Valuer(game)
    loki, hatchet = game.units["loki"], game.units["hatchetman_as"]
    # a card fires at full strength until destroyed: worth its best damage value and a base of 0.5
    assert valuer.worth(loki) == pytest.approx(3.5) and valuer.worth(hatchet) == pytest.approx(2.5)
    # a point of armor: 3.5 / 9 of the Loki (5 armor, 4 structure) against 2.5 / 8 of the Hatchetman
    assert valuer.group_value(loki, None, 1) == pytest.approx(3.5 / 9)
    assert valuer.group_value(hatchet, None, 1) == pytest.approx(2.5 / 8)
    # the Hunchback's 4 at Medium standing still: 7 or more on the Loki (TMM 2, 21/36), 6 on the
    # Hatchetman (TMM 1, 26/36): 21/36 x 4 x 3.5/9 = 0.907 against 26/36 x 4 x 2.5/8 = 0.903
    assert 21 / 36 * valuer.group_value(loki, None, 4) > 26 / 36 * valuer.group_value(hatchet, None, 4)


def test_AS_LOS_1_the_quick_look_marks_a_hex_without_a_target_in_sight():
    from engine.bot.moves import Candidate, QuickLook
    from engine.hexgrid import parse_hex_label
    from tests.alpha_strike_helpers import add_card
    from tests.helpers import make_game
    woods = {"terrain": "light_woods"}
    g = make_game(12, 30, ruleset="alpha-strike", forced={}, hexes={"0507": woods, "0508": woods})
    a = add_card(g, "a", "red", "0510")
    b = add_card(g, "b", "blue", "0505")
    g.start_turn(["red", "blue"])
    g.start_phase("movement")
    look = QuickLook(g, a, [parse_hex_label("0505")], 12, False, 3.0, (4, 12), [b], 12)
    behind = Candidate("walk", ("F",), parse_hex_label("0509"), 0, 0, 1, False)
    aside = Candidate("walk", ("R",), parse_hex_label("0609"), 0, 0, 1, False)
    assert look._blind(behind) and not look._blind(aside)
    far = QuickLook(g, a, [parse_hex_label("0505")], 12, False, 3.0, (4, 12), [b], 2)
    assert not far._blind(behind)                 # no enemy within its reach: nothing to see
    g.close()


def test_the_race_stands_as_the_strengths_damage_a_turn_times_armor_and_structure_left(game):
    from engine.bot.value import Valuer
    valuer = Valuer(game)
    # red at Medium: 4 x 26/36 + 2 x 26/36 (skill 4, stood still -1, Medium +2, the Hatchetman's TMM 1: 6)
    # against 3 x 21/36 + 2 x 21/36 (4 + 2 + the Hunchback's TMM 1: 7); 14 points of armor and structure
    # against 17
    red = (6 * 26 / 36) / (0.1 + 5 * 21 / 36) * 14 / 17
    assert balance(game, valuer, _ents(game, RED), _ents(game, BLUE)) == pytest.approx(red)
    # blue at Long: 3.3 times red's damage, and more armor: more than the 4 the judgement goes to
    assert balance(game, valuer, _ents(game, BLUE), _ents(game, RED)) == 4.0


def test_without_contact_a_move_is_worth_how_the_race_stands(game):
    sit = Situation(game, "firestarter_as")
    ex = Exchange(game, sit)
    ex.friends_taken, ex.friends_fire, ex.tempo = [], 0.0, 0.0     # the ratio alone (a side not ahead)
    from engine.bot.value import Valuer
    stands = balance(game, Valuer(game), _ents(game, RED), _ents(game, BLUE))
    assert ex.score(0.0, 0.0, set(), 0.0, 8, 2.0) == pytest.approx(math.log(stands))
    # an exchange as good as the race (dealing `stands` times what it takes) is worth as much as
    # standing off: (0.5 r + r^2) / (0.5 / r + 1) = r^2 for r = sqrt(stands); a worse one less
    assert ex.score(stands, 1.0, set(), 0.0, 8, 2.0) == pytest.approx(math.log(stands))
    assert ex.score(0.8 * stands, 1.0, set(), 0.0, 8, 2.0) < math.log(stands) < ex.score(1.2 * stands, 1.0, set(),
                                                                                         0.0, 8, 2.0)


def test_a_side_ahead_takes_an_exchange_as_good_as_the_race_rather_than_stand_off(game):
    from engine.bot.exchange import FLOOR, TEMPO
    from engine.bot.value import Valuer
    sit = Situation(game, "loki")
    ex = Exchange(game, sit)
    ex.friends_taken, ex.friends_fire = [], 0.0
    stands = balance(game, Valuer(game), _ents(game, BLUE), _ents(game, RED))
    assert stands == 4.0 and ex.tempo == pytest.approx(TEMPO * math.log(4.0))
    # no contact: how the race stands, the floors' exchange (1 and 0.25) adding nothing
    assert ex.score(0.0, 0.0, set(), 0.0, 15, 3.0) == pytest.approx(math.log(4.0))
    # dealing 4 times what it takes: 1 + 4 against 0.25 + 1, the same ratio, 5 x 1.25 / 0.25 the fire exchanged
    assert ex.score(4.0, 1.0, set(), 0.0, 15, 3.0) == pytest.approx(math.log(4.0) + ex.tempo * math.log(
        5.0 * 1.25 / FLOOR ** 2))
    assert ex.score(4.0, 1.0, set(), 0.0, 15, 3.0) > ex.score(0.0, 0.0, set(), 0.0, 15, 3.0)


def test_a_side_behind_weighs_the_ratio_alone(game):
    from components import Armor, Structure
    from engine.bot.value import Valuer
    for ent in _ents(game, BLUE):               # 1 point of structure each left, against red's 14
        game.world.component(ent, Armor).points["unit"] = 0
        game.world.component(ent, Structure).points["unit"] = 1
    assert balance(game, Valuer(game), _ents(game, BLUE), _ents(game, RED)) < 1.0
    assert Exchange(game, Situation(game, "loki")).tempo == 0.0


def _card_duel():
    """A red card (3/3/2, TMM 2, 9 points) 8 hexes from a blue one (4/4/1, TMM 1, Move 10": 5 hexes)."""
    from tests.alpha_strike_helpers import add_card
    from tests.helpers import make_game
    g = make_game(12, 30, ruleset="alpha-strike", forced={})
    add_card(g, "a", "red", "0510")
    add_card(g, "b", "blue", "0502", tmm=1, damage=(4, 4, 1), heat=False)
    g.start_turn(["red", "blue"])
    g.start_phase("movement")
    return g


def test_AS_HIT_1_an_enemy_still_to_move_is_judged_where_it_stands_as_having_moved():
    from engine.bot.threat import attacks_on, on_the_move
    g = _card_duel()
    sit = Situation(g, "a")
    assert sit.advance == {"b": ("walk", 5)}
    # 4 damage on the red card is 3.5 x 4 / 9 of its worth (0.5 + 3 damage, 9 armor and structure)
    four = sit.valuer.group_value(g.units["a"], None, 4)
    assert four == pytest.approx(3.5 * 4 / 9)
    # standing where it is: skill 4, stood still -1, Medium +2, TMM 2: 7 (21/36); or come 5 hexes on to
    # 3 hexes (Short, having moved): 4 + 0 + 2 = 6 (26/36), whichever hurts more
    assert attacks_on(g, sit.valuer, "a", ["b"], sit.reach)["b"] == pytest.approx(21 / 36 * four)
    assert attacks_on(g, sit.valuer, "a", ["b"], sit.reach, sit.advance)["b"] == pytest.approx(26 / 36 * four)
    # on the move where it stands: no stood-still bonus, 8 (15/36)
    with on_the_move(g, sit.advance):
        assert attacks_on(g, sit.valuer, "a", ["b"], sit.reach)["b"] == pytest.approx(15 / 36 * four)
    g.close()


def test_AS_HIT_1_a_move_is_worth_this_turns_exchange_and_next_turns_standing_still_there():
    from components import Position, TurnState
    from engine.bot.computer import NEXT_TURN, _Judge
    from engine.bot.moves import Candidate
    g = _card_duel()
    ts = g.world.component(g.units["b"], TurnState)
    ts.moved, ts.mode, ts.hexes_moved = True, "walk", 1          # blue has moved this turn
    sit = Situation(g, "a")
    assert sit.advance == {} and sit.next_advance == {"b": ("walk", 5)}
    ex = Exchange(g, sit)
    pos = g.world.component(g.units["a"], Position)
    still = Candidate("walk", (), pos.hex, pos.facing, 0, 0, False)
    _Judge(g, sit, 0.8, 3, 3.0, False, ex).score(still)
    three_on_b = 4.5 * 3 / 9            # the blue card's worth 0.5 + 4, 9 armor and structure
    four_on_a = 3.5 * 4 / 9
    # this turn, 8 hexes: the red card stood still, 4 - 1 + 2 + 1 = 6 (26/36); blue moved, 4 + 2 + 2 = 8 (15/36)
    now = (26 / 36 * three_on_b, 15 / 36 * four_on_a)
    assert (still.notes["fire"], still.notes["danger"]) == pytest.approx(now)
    # next turn standing there: blue stays (the same numbers) or comes its 5 hexes on to 3 hexes (Short):
    # red 4 - 1 + 0 + 1 = 4 (33/36), blue 4 + 0 + 2 = 6 (26/36)
    later = ((now[0] + 33 / 36 * three_on_b) / 2, (now[1] + 26 / 36 * four_on_a) / 2)
    worth_now = ex.score(*now, {"b"}, 0.0, 8, 3.0)
    worth_later = ex.score(*later, {"b"}, 0.0, 8, 3.0)
    assert still.score == pytest.approx((worth_now + NEXT_TURN * worth_later) / (1 + NEXT_TURN))
    g.close()
