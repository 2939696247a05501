"""The fire a Classic unit draws where a planned move leaves it
(engine/bot/threat.drawn, rival_worth): each enemy aims where its fire is
worth most, so a unit draws the share of an enemy's fire that its worth as
a target is of the enemy's targets' together, not an even share."""
from __future__ import annotations

import pytest

from engine.bot.computer import press
from engine.bot.threat import attacks_on, drawn, rival_worth, weapon_reach
from engine.bot.value import Valuer
from tests.helpers import add, make_game


def test_a_unit_draws_an_enemys_fire_in_the_share_its_worth_as_a_target_is_of_all_it_can_reach():
    # the enemy's attacks are worth 6 on the unit and 2 on the one friend it also reaches:
    # the unit draws 6 / (6 + 2) of them, 6 x 0.75 = 4.5 (an even share: 3)
    assert drawn({"atlas": 6.0}, {"atlas": 2.0}.__getitem__) == pytest.approx(4.5)
    # alone in an enemy's reach it draws all of it: 6 + 3 x 3 / (3 + 1) = 8.25
    assert drawn({"atlas": 6.0, "jager": 3.0}, {"atlas": 0.0, "jager": 1.0}.__getitem__) == pytest.approx(8.25)
    # an enemy that cannot hurt it draws nothing, whatever else it reaches
    assert drawn({"atlas": 0.0}, {"atlas": 5.0}.__getitem__) == 0.0


def _game():
    game = make_game(10, 12)
    add(game, "jager", "jagermech", "red", "0502", 3)
    add(game, "locust", "locust", "blue", "0508", 0)
    add(game, "atlas", "atlas", "blue", "0608", 0)
    game.start_turn(["blue", "red"])
    game.start_phase("movement")
    return game


def test_a_locust_beside_an_atlas_draws_more_of_the_enemys_fire_than_the_atlas():
    game = _game()
    valuer = Valuer(game)
    reach = {u: weapon_reach(game, game.units[u]) for u in ("jager", "locust", "atlas")}
    on_locust = attacks_on(game, valuer, "locust", ["jager"], reach)
    on_atlas = attacks_on(game, valuer, "atlas", ["jager"], reach)
    # the same shots are worth more on 97 points of armor and structure than on 456
    assert on_locust["jager"] > on_atlas["jager"] > 0
    rival = rival_worth(game, valuer, "locust", ["locust", "atlas"], "jager", reach)
    assert rival == pytest.approx(on_atlas["jager"])
    v = on_locust["jager"]
    assert drawn(on_locust, {"jager": rival}.get) == pytest.approx(v * v / (v + rival))
    assert drawn(on_locust, {"jager": rival}.get) > v / 2
    game.close()


def test_a_side_ahead_weighs_the_damage_it_would_take_less_and_one_behind_as_before():
    # strength: firepower times armor and structure left (Lanchester's square law)
    # twice the enemy's strength: sqrt(1 / 2) = 0.707 of the caution
    assert press(2 * 30.0 * 900, 30.0 * 900) == pytest.approx(0.7071, abs=1e-4)
    # 60 firepower and 900 points against 40 and 600: 2.25 times, 1 / 1.5 = 0.667
    assert press(60.0 * 900, 40.0 * 600) == pytest.approx(2 / 3)
    # five times ahead: no less than half
    assert press(5.0, 1.0) == 0.5
    # behind or even, or nothing left to fight with: the whole caution
    assert press(30.0 * 600, 60.0 * 900) == 1.0
    assert press(1.0, 1.0) == 1.0
    assert press(0.0, 5.0) == 1.0


def test_the_skirmish_level_opens_with_the_red_force_ahead_and_pressing():
    from engine.bot.computer import Situation
    from engine.levels import new_game_from_level
    from engine.paths import LEVELS
    game = new_game_from_level(LEVELS / "skirmish.tmx", seed=1)
    red, blue = Situation(game, "atlas").pressing(), Situation(game, "locust").pressing()
    assert blue == 1.0
    assert 0.5 <= red < 1.0
    game.close()
