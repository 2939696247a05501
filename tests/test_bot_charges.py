"""The computer's charges and deaths from above (engine/bot/moves.charge_options,
engine/bot/computer.Situation): declared in the movement phase and made in
the physical phase on the target where it stands then (P-CHARGE-1, -3), so
the computer declares one only on a target that has moved or cannot move,
with a move whose rolls cannot fail, and its side's weapons leave the
target alone (a fall or a kill in the weapon phase would cancel the charge,
P-CHARGE-7)."""
from __future__ import annotations

from components import Position, Status, TurnState
from engine.bot.computer import Situation
from engine.bot.moves import Candidate, charge_options, settled
from engine.hexgrid import parse_hex_label
from engine.orders import MoveOrder
from tests.helpers import add, make_game

RUN = ["F"] * 4           # the Jagermech runs four hexes north and ends facing the Grasshopper


def _charge_game():
    game = make_game(8, 12)
    add(game, "hopper", "grasshopper", "red", "0404", 3)
    add(game, "jager", "jagermech", "blue", "0409", 0)
    add(game, "striker", "jagermech", "blue", "0709", 0)
    game.start_turn(["blue", "red"])
    game.start_phase("movement")
    return game


def _run_candidate(game, risk: float = 0.0) -> Candidate:
    c = Candidate("run", tuple(RUN), parse_hex_label("0405"), 0, 0, 4, False)
    c.notes = {"risk": risk}
    return c


def test_P_CHARGE_3_no_charge_on_a_target_that_has_still_to_move():
    game = _charge_game()
    assert not settled(game, game.units["hopper"])
    assert charge_options(game, "jager", _run_candidate(game)) == []
    game.close()


def test_P_CHARGE_1_a_charge_on_a_target_that_has_moved_is_offered():
    game = _charge_game()
    game.world.component(game.units["hopper"], TurnState).moved = True
    [opt] = charge_options(game, "jager", _run_candidate(game))
    assert opt.order.charge == "hopper" and opt.order.path == RUN
    game.close()


def test_a_target_that_cannot_move_stands_where_it_is_until_the_physical_phase():
    game = _charge_game()
    game.world.component(game.units["hopper"], Status).shutdown = True
    assert settled(game, game.units["hopper"])
    [opt] = charge_options(game, "jager", _run_candidate(game))
    assert opt.order.charge == "hopper"
    game.close()


def test_no_charge_with_a_move_whose_roll_may_fail():
    game = _charge_game()
    game.world.component(game.units["hopper"], TurnState).moved = True
    assert charge_options(game, "jager", _run_candidate(game, risk=0.4)) == []
    game.close()


def test_P_CHARGE_7_the_sides_weapons_leave_the_target_of_a_declared_charge_alone():
    game = _charge_game()
    game.world.component(game.units["hopper"], TurnState).moved = True
    order = MoveOrder("jager", {"unit": "jager", "mode": "run", "path": RUN, "charge": "hopper"},
                      mode="run", path=RUN, charge="hopper")
    assert game.submit(order) is None
    here = game.world.component(game.units["striker"], Position).hex
    assert Situation(game, "striker").targets_from(here) == []
    game.world.component(game.units["jager"], TurnState).charge_target = None     # a fall on the way drops it
    assert Situation(game, "striker").targets_from(here) == ["hopper"]
    game.close()
