"""The step table kept from one reachable search to the next
(systems/common/step_table.py, `StepTable.fits` and `begin`): after other
units move, land or take off, a hex's terrain changes, the unit takes a
gyro hit or moves, each search still finds what the step rules' own search
finds (the same states at the same MP, every path replayed as a plan with
its rolls: core section 2, V-MOVE, B-MOVE); a search with nothing changed
makes no step for real."""
from __future__ import annotations

from hypothesis import given, settings, strategies as st

from components import Altitude, Position, Status
from engine.hexgrid import Hex, parse_hex_label as H
from engine.hexmap import Terrain
from systems.classic.mech_movement import MechMotion
from systems.common import step_table
from systems.common.movement import reachable
from tests.helpers import add, make_game
from tests.test_step_table import (CELL, OTHERS, TERRAIN, assert_same_as_the_step_rules, board, place_others,
                                   same_search)

CHANGE = st.one_of(
    st.tuples(st.just("move"), st.integers(0, 3), st.integers(0, 8), st.integers(0, 8)),
    st.tuples(st.just("swap"), st.integers(0, 3), st.integers(0, 3)),
    st.tuples(st.just("fly"), st.integers(0, 3), st.sampled_from([0, 3, 8])),
    st.tuples(st.just("terrain"), st.integers(0, 8), st.integers(0, 8), TERRAIN, st.integers(0, 2)),
    st.tuples(st.just("gyro")),
    st.tuples(st.just("self"), st.integers(0, 8), st.integers(0, 8)),
    st.tuples(st.just("nothing")))


def change(game, ent: int, others: list[int], what: tuple) -> None:
    kind = what[0]
    if kind == "move" and others:
        game.world.component(others[what[1] % len(others)], Position).hex = Hex(what[2], what[3])
    elif kind == "swap" and others:
        a, b = (game.world.component(others[i % len(others)], Position) for i in what[1:])
        a.hex, b.hex = b.hex, a.hex
    elif kind == "fly" and others:
        alt = game.world.try_component(others[what[1] % len(others)], Altitude)
        if alt is not None:
            alt.level = what[2]
    elif kind == "terrain":
        game.map.set(Hex(what[1], what[2]), Terrain(terrain=what[3], level=what[4]))
    elif kind == "gyro":
        game.world.component(ent, Status).crits.append("gyro")
    elif kind == "self":
        game.world.component(ent, Position).hex = Hex(what[1], what[2])


@settings(max_examples=25, deadline=None)
@given(st.lists(CELL, max_size=30), OTHERS.filter(len), st.sampled_from([("shadow_hawk", ("walk", "run", "jump")),
                                                             ("manticore", ("cruise", "flank")),
                                                             ("condor", ("flank",))]),
       st.booleans(), st.lists(CHANGE, min_size=1, max_size=5))
def test_a_table_kept_between_searches_finds_what_the_step_rules_find(cells, others, unit, prone, changes):
    game = make_game(9, 9, hexes=board(cells))
    place_others(game, others, "0505")
    others_ents = [e for uid, e in game.units.items()]
    name, modes = unit
    ent = add(game, "m", name, "red", "0505", 2, prone=prone and name == "shadow_hawk")
    for mode in modes:
        assert_same_as_the_step_rules(game, ent, mode)
    for what in changes:
        change(game, ent, others_ents, what)
        for mode in modes:
            assert_same_as_the_step_rules(game, ent, mode)


def counting_real_steps(monkeypatch) -> list:
    made = []
    real = step_table.StepTable.real

    def counting(self, *args):
        made.append(args)
        return real(self, *args)
    monkeypatch.setattr(step_table.StepTable, "real", counting)
    return made


def test_a_search_again_with_nothing_changed_makes_no_step_for_real(monkeypatch):
    game = make_game(12, 12, hexes={"0708": {"terrain": "light_woods"}, "0907": {"level": 1},
                                    "0606": {"terrain": "rough"}})
    ent = add(game, "m", "shadow_hawk", "red", "0808")
    enemy = add(game, "e", "locust", "blue", "0811")
    made = counting_real_steps(monkeypatch)
    first = dict(reachable(game, ent, "run").items())
    assert len(made) > 5
    made.clear()
    assert dict(reachable(game, ent, "run").items()) == first and made == []
    # An enemy moved in front of it: the outcomes that asked who stood where it was
    # or where it went are made again, and only those.
    game.world.component(enemy, Position).hex = H("0807")
    again = dict(reachable(game, ent, "run").items())
    assert 0 < len(made) < 10 and again != first


class LimpingMotion(MechMotion):
    """Rules whose steps read a component of the unit: 1 MP more to enter a
    hex for each foot actuator hit."""

    def enter_cost(self, game, ent, mode, frm, to, backward):
        cost = super().enter_cost(game, ent, mode, frm, to, backward)
        limp = game.world.component(ent, Status).crits.count("foot_actuator")
        return cost + limp if isinstance(cost, int) else cost


def test_a_component_the_steps_read_changed_makes_them_again(monkeypatch):
    game = make_game(12, 12, hexes={"0708": {"terrain": "light_woods"}})
    ent = add(game, "m", "shadow_hawk", "red", "0808")
    rules = LimpingMotion()
    made = counting_real_steps(monkeypatch)
    sound = same_search(game, ent, rules, "walk")
    made.clear()
    assert same_search(game, ent, rules, "walk") == sound and made == []
    game.world.component(ent, Status).crits.append("foot_actuator")
    limping = same_search(game, ent, rules, "walk")
    assert len(made) > 5 and len(limping) < len(sound)


def test_units_that_changed_places_are_asked_about_again():
    # A friend in front, an enemy further off: once they change places the
    # hex in front holds an enemy, which a mech may not enter (core section 2).
    game = make_game(12, 12)
    ent = add(game, "m", "shadow_hawk", "red", "0808")
    friend, enemy = add(game, "f", "locust", "red", "0807"), add(game, "e", "locust", "blue", "0811")
    assert (H("0807"), 0, 0) in reachable(game, ent, "walk")
    assert_same_as_the_step_rules(game, ent, "walk")
    at_friend, at_enemy = game.world.component(friend, Position), game.world.component(enemy, Position)
    at_friend.hex, at_enemy.hex = at_enemy.hex, at_friend.hex
    assert (H("0807"), 0, 0) not in reachable(game, ent, "walk")
    assert_same_as_the_step_rules(game, ent, "walk")


def test_a_games_kept_tables_go_with_the_game():
    import gc
    import weakref
    game = make_game(9, 9)
    ent = add(game, "m", "shadow_hawk", "red", "0505")
    assert len(reachable(game, ent, "walk")) > 50
    [table] = game.searches.tables
    assert table.game is None                  # kept between searches, it holds no way back to the game
    gone_game, gone_table, gone_world = weakref.ref(game), weakref.ref(table), weakref.ref(game.world)
    game.close()
    del game, table
    gc.collect()
    assert gone_game() is None and gone_table() is None and gone_world() is None


def test_a_restored_game_keeps_no_table_of_its_state_before(monkeypatch):
    import gc
    import weakref
    game = make_game(9, 9, hexes={"0504": {"terrain": "light_woods"}})
    ent = add(game, "m", "shadow_hawk", "red", "0505")
    first = dict(reachable(game, ent, "walk").items())
    gone_table, gone_world = weakref.ref(game.searches.tables[0]), weakref.ref(game.world)
    game.restore(game.to_dict())
    gc.collect()
    assert game.searches.tables == [] and game.searches.hex_kinds == []
    assert gone_table() is None and gone_world() is None
    made = counting_real_steps(monkeypatch)
    assert dict(reachable(game, game.units["m"], "walk").items()) == first and len(made) > 5
    assert_same_as_the_step_rules(game, game.units["m"], "walk")


def test_games_on_one_map_keep_their_own_tables(monkeypatch):
    from engine.game import Game
    game = make_game(9, 9, hexes={"0504": {"terrain": "rough"}})
    other = Game(game.map, "classic", 1)
    ent, other_ent = add(game, "m", "shadow_hawk", "red", "0505"), add(other, "m", "shadow_hawk", "red", "0505")
    first = dict(reachable(game, ent, "run").items())
    made = counting_real_steps(monkeypatch)
    assert dict(reachable(other, other_ent, "run").items()) == first and made != []
    assert len(game.searches.tables) == len(other.searches.tables) == 1
    assert game.searches.hex_kinds[0] is not other.searches.hex_kinds[0]
    made.clear()
    assert dict(reachable(game, ent, "run").items()) == first and made == []