"""Alpha Strike cards as data (rules/alpha_strike.md B1, B4, AS-PV-1): TMM
table, skill-adjusted point value, and a game saved mid-turn resumes."""
import json

import pytest

from engine.game import Game
from systems.alpha_strike import card as as_card
from tests.helpers import make_game
from tests.alpha_strike_helpers import add_card, fire, of


@pytest.mark.parametrize("inches,tmm", [(0, 0), (4, 0), (5, 1), (8, 1), (9, 2), (12, 2), (13, 3),
                                        (18, 3), (19, 4), (34, 4), (35, 5)])
def test_AS_TMM_1_table(inches, tmm):
    assert as_card.tmm_for_move(inches) == tmm


@pytest.mark.parametrize("pv,skill,adjusted", [(40, 4, 40), (40, 3, 48), (40, 2, 56), (40, 5, 36),
                                               (7, 3, 8), (8, 3, 10), (14, 5, 13), (15, 5, 13),
                                               (1, 7, 1)])
def test_AS_PV_1_skill_adjusted_point_value(pv, skill, adjusted):
    assert as_card.skill_adjusted_points(pv, skill) == adjusted


def test_a_game_saved_in_the_combat_phase_resumes_with_its_declared_attacks():
    game = make_game(12, 30, ruleset="alpha-strike", forced={"to_hit": [12]})
    add_card(game, "a", "red", "0510", overheat=2, specials=["HT1"])
    add_card(game, "b", "blue", "0508", armor_left=20)
    game.start_turn(["red", "blue"])
    game.run_phase("movement", [])
    game.start_phase("combat")
    game.submit(fire("a", "b", overheat=2))
    restored = Game.from_dict(json.loads(json.dumps(game.to_dict())))
    assert restored.check(fire("a", "b")) is not None          # it already attacked
    restored.end_phase()
    restored.run_phase("end", [])
    assert restored.snapshot("a")["heat"] == 2
    assert restored.snapshot("b")["armor"] == {"unit": 15} and restored.snapshot("b")["heat"] == 1
    assert of(restored.log.events, "attack")[0]["damage"] == 5
