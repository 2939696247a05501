"""Undo during movement: steps of a planned move, and whole moves until a die is rolled."""
import json

import pytest

from engine import undo
from engine.orders import MoveOrder
from engine.replay import Replay
from tests.helpers import add, make_game


def as_json(d):
    return json.loads(json.dumps(d))


@pytest.fixture
def game():
    g = make_game(10, 10, hexes={"0505": {"terrain": "light_woods"}})
    add(g, "hopper", "grasshopper", "red", "0508")
    add(g, "jager", "jagermech", "blue", "0502", facing=3)
    g.start_turn(["red", "blue"])
    g.start_phase("movement")
    return g


def test_plan_steps_and_undo_step(game):
    plan = undo.MovePlan(game, "hopper", "walk")
    assert plan.add("F") is None and plan.add("F") is None
    assert plan.mp_spent == 2
    assert plan.add("F") is None          # into light woods: 2 MP
    assert plan.mp_spent == 4
    assert plan.undo_step() == "F"
    assert plan.path == ["F", "F"] and plan.mp_spent == 2
    assert plan.add("prone") is None and plan.add("F") is not None   # prone mechs must stand first
    assert plan.path == ["F", "F", "prone"]
    plan.clear()
    assert plan.undo_step() is None
    # nothing changed in the game while planning
    assert game.snapshot("hopper")["at"] == "0508" and not game.log.of_type("move")


def test_plan_allows_passing_a_friend_but_not_ending_on_it(game):
    add(game, "friend", "jagermech", "red", "0507")
    plan = undo.MovePlan(game, "hopper", "walk")
    assert plan.add("F") is None
    assert plan.error and "friendly" in plan.error
    assert plan.add("F") is None and plan.error is None


def test_undo_a_whole_move(game):
    before = as_json(game.to_dict())
    assert undo.submit_move(game, MoveOrder("hopper", {}, mode="walk", path=["F", "F"])) is None
    assert game.snapshot("hopper")["at"] == "0506"
    assert undo.last_undoable_unit(game) == "hopper"
    assert undo.undo_move(game) is None
    assert as_json(game.to_dict()) == before
    assert undo.undo_move(game) == "there is no move to take back"


def test_undo_several_moves_in_reverse_order(game):
    s0 = as_json(game.to_dict())
    undo.submit_move(game, MoveOrder("hopper", {}, mode="walk", path=["F"]))
    s1 = as_json(game.to_dict())
    undo.submit_move(game, MoveOrder("jager", {}, mode="walk", path=["F"]))
    assert undo.undo_move(game) is None and as_json(game.to_dict()) == s1
    assert undo.undo_move(game) is None and as_json(game.to_dict()) == s0


def test_a_die_roll_makes_the_move_final(game):
    undo.submit_move(game, MoveOrder("hopper", {}, mode="walk", path=["F"]))

    def psr_during_move(g, ent, order, result):
        g.dice.roll("psr", 2, "a PSR during the move")
    game.ruleset.hooks.after_move.append(psr_during_move)
    undo.submit_move(game, MoveOrder("jager", {}, mode="walk", path=["F"]))
    reason = undo.undo_move(game)
    assert reason and "rolled" in reason
    assert game.snapshot("jager")["at"] == "0503" and game.snapshot("hopper")["at"] == "0507"


def test_no_undo_after_the_phase(game):
    undo.submit_move(game, MoveOrder("hopper", {}, mode="walk", path=["F"]))
    game.end_phase()
    game.start_phase("weapon")
    assert "movement phase" in undo.undo_move(game)


def test_refused_move_is_not_undoable(game):
    assert undo.submit_move(game, MoveOrder("hopper", {}, mode="walk", path=["F"] * 20)) is not None
    assert undo.undo_move(game) == "there is no move to take back"


def test_undone_moves_leave_no_trace_in_the_replay(game):
    undo.submit_move(game, MoveOrder("hopper", {}, mode="walk", path=["F", "F"]))
    undo.undo_move(game)
    undo.submit_move(game, MoveOrder("hopper", {}, mode="walk", path=["L"]))
    game.end_phase()
    submits = [a for a in game.record["actions"] if a["do"] == "submit"]
    assert [a["order"]["path"] for a in submits] == [["L"]]
    assert Replay.from_game(game).verify() == []
