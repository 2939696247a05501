"""The fast line of sight (systems/common/line_of_sight.py) gives what the
rules as first written give (tests/los_oracle.py): the same verdict, reason,
intervening hexes, woods, partial cover and divided lines (rules/mech_core.md
section 5), on random boards of hills, woods, buildings and water, between
standing and prone mechs, vehicles and VTOLs at any range, on the map or
off it, lines along hexsides included, and as the map changes."""
from __future__ import annotations

from hypothesis import given, settings, strategies as st

from engine.hexgrid import Hex
from engine.hexmap import HexMap, Terrain
from systems.common.line_of_sight import Body, ground_level, line_of_sight_between
from tests import los_oracle

TERRAIN = st.sampled_from(["clear", "clear", "rough", "light_woods", "heavy_woods", "water", "building"])
CELL = st.tuples(st.integers(0, 11), st.integers(0, 11), TERRAIN, st.integers(-1, 4), st.integers(0, 4))
# (hex, kind): a standing mech, a prone one, a ground vehicle or a VTOL at an altitude
BODY = st.tuples(st.integers(0, 11), st.integers(0, 11), st.sampled_from(["mech", "prone", "vehicle", "vtol"]),
                 st.integers(1, 6))


def board(cells) -> HexMap:
    hexmap = HexMap(12, 12)
    for x, y, terrain, level, extra in cells:
        hexmap.set(Hex(x, y), Terrain(terrain, level, depth=extra % 3 if terrain == "water" else 0,
                                      building=1 + extra if terrain == "building" else 0))
    return hexmap


def body(hexmap: HexMap, x: int, y: int, kind: str, altitude: int) -> Body:
    h = Hex(x, y)
    ground = ground_level(hexmap, h, "mech" if kind in ("mech", "prone") else "vehicle")
    if kind == "vtol":
        return Body(h, ground, ground + altitude)
    if kind == "mech":
        return Body(h, ground, ground + 1, standing_mech=True)
    return Body(h, ground, ground)


# anywhere, the map's hexes and those around it: the ruler may ask about any two hexes
SOMEWHERE = st.tuples(st.integers(-4, 15), st.integers(-4, 15), st.sampled_from(["mech", "prone", "vehicle", "vtol"]),
                      st.integers(1, 6))


def check_as_first_written(hexmap: HexMap, attacker: Body, target: Body) -> None:
    assert line_of_sight_between(hexmap, attacker, target) == los_oracle.line_of_sight_between(hexmap, attacker, target)


@settings(max_examples=400, deadline=None)
@given(st.lists(CELL, max_size=60), st.one_of(BODY, SOMEWHERE), st.one_of(BODY, SOMEWHERE))
def test_line_of_sight_is_what_the_rules_as_first_written_give(cells, a, t):
    hexmap = board(cells)
    check_as_first_written(hexmap, body(hexmap, *a), body(hexmap, *t))


def test_lines_along_hexsides_give_the_defender_the_better_hex():
    # Every line from one hex to each hex within 8 on a board of woods and
    # hills, the divided ones among them (along a hexside).
    hexmap = board([(x, y, "light_woods" if (x + 2 * y) % 3 else "clear", (x * y) % 3, 0)
                    for x in range(12) for y in range(12) if (x + y) % 2])
    origin = body(hexmap, 5, 5, "mech", 0)
    divided = 0
    for x in range(12):
        for y in range(12):
            target = body(hexmap, x, y, "mech", 0)
            fast = line_of_sight_between(hexmap, origin, target)
            assert fast == los_oracle.line_of_sight_between(hexmap, origin, target)
            divided += fast.divided
    assert divided >= 6


# A change to the map after a check: a hex's terrain replaced (a building
# damaged or collapsed, HexMap.set), the whole terrain put back (undo, which
# gives the map new `hexes`), or a new default terrain.
CHANGE = st.one_of(st.tuples(st.just("set"), CELL), st.tuples(st.just("put back"), st.lists(CELL, max_size=30)),
                   st.tuples(st.just("default"), CELL))


def change(hexmap: HexMap, kind: str, what) -> None:
    if kind == "set":
        hexmap.set(Hex(what[0], what[1]), board([what]).terrain(Hex(what[0], what[1])))
    elif kind == "put back":
        hexmap.hexes = dict(board(what).hexes)
    else:
        hexmap.default = board([(0, 0, *what[2:])]).terrain(Hex(0, 0))


@settings(max_examples=150, deadline=None)
@given(st.lists(CELL, max_size=40), st.lists(st.tuples(CHANGE, BODY, BODY), min_size=1, max_size=6))
def test_line_of_sight_follows_the_map_as_it_changes(cells, steps):
    hexmap = board(cells)
    for (kind, what), a, t in steps:
        attacker, target = body(hexmap, *a), body(hexmap, *t)
        check_as_first_written(hexmap, attacker, target)
        change(hexmap, kind, what)
        check_as_first_written(hexmap, attacker, target)


def test_the_hexes_of_a_line_are_a_list_once_copied_or_saved():
    import copy
    import pickle
    hexmap = board([(5, 3, "building", 0, 2)])
    r = line_of_sight_between(hexmap, body(hexmap, 5, 0, "mech", 0), body(hexmap, 5, 8, "mech", 0))
    assert not r.clear and r.hexes == [Hex(5, 1), Hex(5, 2), Hex(5, 3)] and r.hexes[-1] == Hex(5, 3)
    assert len(r.hexes) == 3 and list(r.hexes) == [Hex(5, 1), Hex(5, 2), Hex(5, 3)]
    for again in (copy.deepcopy(r.hexes), pickle.loads(pickle.dumps(r.hexes))):
        assert type(again) is list and again == r.hexes


def test_a_hex_replaced_after_a_check_is_read_again():
    # B-COLL-6: a building that collapses leaves rubble; depth 1 water is partial cover (section 3)
    hexmap = board([(2, 4, "building", 0, 2)])
    attacker, target = body(hexmap, 2, 1, "mech", 0), body(hexmap, 2, 6, "mech", 0)
    assert not line_of_sight_between(hexmap, attacker, target).clear
    hexmap.set(Hex(2, 4), Terrain("rubble"))
    assert line_of_sight_between(hexmap, attacker, target).clear
    hexmap.set(Hex(2, 6), Terrain("water", depth=1))
    r = line_of_sight_between(hexmap, attacker, target)
    assert r.clear and r.partial_cover
    check_as_first_written(hexmap, attacker, target)
