"""Undo during movement: planned steps judged by the movement rules, and whole moves until a die is rolled."""
import json

import pytest

from engine import undo
from engine.orders import MoveOrder
from engine.replay import Replay
from tests.helpers import add, make_game
from systems.common import movement


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


def plan(game, path):
    return movement.plan(game, game.units["hopper"], "walk", path)


def test_planned_steps_cost_and_change_nothing(game):
    assert plan(game, ["F", "F"]).final.mp == 2
    assert plan(game, ["F", "F", "F"]).final.mp == 4        # into light woods: 2 MP
    assert plan(game, ["F", "F", "prone"]).error is None
    assert plan(game, ["F", "F", "prone", "F"]).error       # prone mechs must stand first
    # nothing changed in the game while planning
    assert game.snapshot("hopper")["at"] == "0508" and not game.log.of_type("move")


def test_a_plan_may_pass_a_friend_but_not_end_on_it(game):
    add(game, "friend", "jagermech", "red", "0507")
    assert "friendly" in plan(game, ["F"]).error
    assert plan(game, ["F", "F"]).error is None


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


def test_the_last_move_survives_the_phase_change_until_an_order_is_given(game):
    before = as_json(game.to_dict())
    undo.submit_move(game, MoveOrder("hopper", {}, mode="walk", path=["F"]))
    game.end_phase()
    game.start_phase("weapon")
    assert undo.undo_reason(game) is None              # nothing but the phase change since the move
    assert undo.undo_move(game) is None
    assert as_json(game.to_dict()) == before and game.phase == "movement"
    assert Replay.from_game(game).verify() == []


def test_no_undo_after_an_order_of_the_next_phase(game):
    from engine.orders import FireOrder
    undo.submit_move(game, MoveOrder("hopper", {}, mode="walk", path=["F"]))
    game.end_phase()
    game.start_phase("weapon")
    game.submit(FireOrder("jager", {}, weapon="medium_laser", target="hopper"))
    assert "movement phase" in undo.undo_move(game)
    assert game.snapshot("hopper")["at"] == "0507"


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


def test_a_checkpoint_puts_units_map_logs_and_record_back_in_place(game):
    """A checkpoint copies neither the map nor the logs, yet everything an
    action changes comes back: units (in their own entities), dice, the
    turn record, terrain changed in place or replaced, clubs on the map,
    the event log and the record (which only grow)."""
    from engine.hexgrid import parse_hex_label
    from engine.hexmap import Terrain
    game.submit(MoveOrder("hopper", {}, mode="walk", path=["F"]))
    before, ents = as_json(game.to_dict()), dict(game.units)
    cp = undo.checkpoint(game)
    game.submit(MoveOrder("jager", {}, mode="walk", path=["F", "F"]))
    game.dice.roll("misc")
    woods = parse_hex_label("0505")
    game.map.terrain(woods).terrain = "rough"                     # changed in place
    game.map.set(parse_hex_label("0101"), Terrain("rubble"))        # a new hex
    game.map.clubs.setdefault(woods, []).append("left_arm")
    assert as_json(game.to_dict()) != before
    undo.rollback(game, cp)
    assert as_json(game.to_dict()) == before and dict(game.units) == ents
    assert game.map.terrain(woods).terrain == "light_woods" and not game.map.clubs


def test_a_take_back_keeps_the_map_fields_it_left_alone_and_what_line_of_sight_read_of_them(game):
    """A checkpoint and take-back of an action that changed no terrain (a
    trial declaration, as the fire panel's weapon conflicts make) keeps
    the map's own objects, so the line-of-sight board read from it is
    kept; a field the action did change comes back as it was."""
    from engine.hexmap import Terrain
    from systems.common import line_of_sight
    hopper, jager = game.units["hopper"], game.units["jager"]
    line_of_sight.line_of_sight_between(game.map, line_of_sight.body(game, hopper), line_of_sight.body(game, jager))
    default, board = game.map.default, game.map.los_board
    assert board is not None
    cp = undo.checkpoint(game, terrain=False)
    undo.rollback(game, cp)
    assert game.map.default is default
    line_of_sight.line_of_sight_between(game.map, line_of_sight.body(game, hopper), line_of_sight.body(game, jager))
    assert game.map.los_board is board
    cp = undo.checkpoint(game, terrain=False)
    game.map.default = Terrain("rough")
    undo.rollback(game, cp)
    assert game.map.default == default and game.map.default is not default
