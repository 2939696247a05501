"""Initiative and alternating order (rules/mech_core.md section 1)."""
from engine.turns import alternating_order
from tests.helpers import add, make_game


def test_initiative_high_roll_wins_and_ties_reroll():
    # red rolls first (first named), then blue; a 7-7 tie is re-rolled: red 5, blue 9.
    game = make_game(forced={"initiative": [7, 7, 5, 9]})
    add(game, "a", "grasshopper", "red", "0101")
    add(game, "b", "jagermech", "blue", "0505")
    game.start_turn()
    assert game.initiative == ["blue", "red"]
    assert len(game.log.of_type("roll")) == 4


def test_forced_initiative_order():
    game = make_game()
    add(game, "a", "grasshopper", "red", "0101")
    add(game, "b", "jagermech", "blue", "0505")
    game.start_turn(["red", "blue"])
    assert game.initiative == ["red", "blue"]
    assert game.turn == 1


def test_loser_moves_first_and_sides_alternate():
    assert alternating_order(["blue", "red"], {"blue": 2, "red": 2}) == ["red", "blue", "red", "blue"]


def test_side_with_twice_the_units_moves_two_at_a_time():
    assert alternating_order(["blue", "red"], {"blue": 4, "red": 2}) == \
        ["red", "blue", "blue", "red", "blue", "blue"]


def test_uneven_numbers_all_units_move():
    order = alternating_order(["a", "b"], {"a": 3, "b": 2})
    assert order.count("a") == 3 and order.count("b") == 2
    assert order[0] == "b"
