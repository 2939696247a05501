"""The VTOL's reachable-state search (systems/vehicles/vtol_reach.py) finds exactly
what a cheapest-MP search with the VTOL step rules of systems/common/movement.py
finds (V-VTOL-2..11): the same states with the same MP."""
import heapq

from hypothesis import given, settings, strategies as st

from engine.hexgrid import parse_hex_label as H
from systems.common.movement import Reach, cheapest_by_hex, plan, reachable, start_state, step, ways_at
from systems.vehicles.movement import VTOLMotion
from systems.vehicles.terrain import landing_problem
from tests.helpers import make_game
from vehicle_fixtures import add

TOKENS = ("F", "B", "L", "R", "U", "D", "land")


class SafeLandingSearchRules(VTOLMotion):
    """The VTOL step rules, where a landing is the move's last step and only
    where landing is safe (what the movement range shows)."""

    def step(self, game, ent, mode, state, token, mp_limit):
        if "landed_now" in state.tags:
            return "the move ends with the landing"
        if token == "land" and landing_problem(game.map.terrain(state.hex)):
            return "no safe landing here"
        return super().step(game, ent, mode, state, token, mp_limit)


def generic(game, ent, mode):
    """The cheapest MP to each (hex, facing, elevation), by a search over the
    whole move state but the hexes moved: a state's tags (the road a VTOL
    started on, V-VTOL-9) change what it may enter later, so two ways to the
    same place are both followed. (`movement.search` keeps one way a place.)"""
    rules = SafeLandingSearchRules("vtol")
    limit = rules.mp(game, ent, mode)
    start = start_state(game, ent)
    best = {}
    seen = {(start.hex, start.facing, start.altitude, start.tags, start.turned): start.mp}
    frontier = [(start.mp, 0, start, ())]
    count = 0
    with game.positions_fixed():
        while frontier:
            mp, _, st, path = heapq.heappop(frontier)
            place = (st.hex, st.facing, st.altitude)
            if place not in best or best[place].mp > mp:
                best[place] = Reach(mp, path)
            for tok in TOKENS:
                out = step(game, ent, rules, mode, st, tok, limit)
                if isinstance(out, str):
                    continue
                nxt = out[0]
                k = (nxt.hex, nxt.facing, nxt.altitude, nxt.tags, nxt.turned)
                if k not in seen or seen[k] > nxt.mp:
                    seen[k] = nxt.mp
                    count += 1
                    heapq.heappush(frontier, (nxt.mp, count, nxt, path + (tok,)))
    return best


def assert_same_as_generic(game, ent, modes=("cruise", "flank")):
    for mode in modes:
        fast = reachable(game, ent, mode)
        assert {k: r.mp for k, r in fast.items()} == {k: r.mp for k, r in generic(game, ent, mode).items()}
        for key, r in sorted(fast.items())[::13]:
            p = plan(game, ent, mode, list(r.path))
            # every step allowed; the move may end where another unit stands
            assert len(p.states) == len(r.path) + 1, (key, r.path, p.error)
            assert p.error is None or p.error.startswith("cannot end the move in"), (key, r.path, p.error)
            assert (p.final.hex, p.final.facing, p.final.altitude, p.final.mp) == (*key, r.mp)
        assert_same_without_paths(fast)


def assert_same_without_paths(fast):
    """What the movement range asks of the search without building every
    path (the best way to each hex, the ways to one hex) is what the states
    listed with their paths give."""
    listed = dict(fast.items())
    for alt in (None, *sorted({k[2] for k in listed})[:4]):
        lazy, plain = cheapest_by_hex(fast, alt), cheapest_by_hex(listed, alt)
        assert lazy.keys() == plain.keys()

        def rank(k):
            return (alt is not None and k[2] != alt, listed[k].mp, len(listed[k].path))
        for h, (mp, k) in lazy.items():
            assert mp == listed[k].mp and k[0] == h and rank(k) == rank(plain[h][1]), (h, alt, k, plain[h])
        for h in sorted(lazy)[::7]:
            e = lazy[h][1][2]
            assert sorted(ways_at(fast, h, e)) == sorted(ways_at(listed, h, e))


# Woods on hills, a lake, buildings of several heights, a road through woods.
MIXED = {"0504": {"terrain": "light_woods", "level": 1}, "0503": {"terrain": "heavy_woods", "level": 2},
         "0404": {"terrain": "heavy_woods"}, "0604": {"terrain": "building", "building": 4},
         "0605": {"terrain": "building", "building": 2, "level": 1}, "0405": {"terrain": "water", "depth": 2},
         "0406": {"terrain": "water", "depth": 0}, "0506": {"terrain": "rough", "level": 3},
         "0507": {"terrain": "light_woods", "road": True}, "0508": {"terrain": "heavy_woods", "road": True},
         "0306": {"terrain": "clear", "road": True, "paved": True}, "0606": {"level": 4}}


def test_V_VTOL_search_matches_generic_search_at_several_altitudes():
    for altitude in (1, 2, 3, 5, 7):
        game = make_game(9, 9, hexes=MIXED)
        ent = add(game, "heli", "warrior.toml", "0305", 2, altitude=altitude)
        assert_same_as_generic(game, ent)


def test_V_VTOL_7_search_matches_generic_search_landed_on_a_roof_and_on_the_ground():
    game = make_game(9, 9, hexes=MIXED)
    ent = add(game, "heli", "warrior.toml", "0605", 1, altitude=2)       # on the roof of a 2-level building
    assert_same_as_generic(game, ent)
    game = make_game(9, 9, hexes=MIXED)
    ent = add(game, "heli", "warrior.toml", "0305", 5, altitude=0)
    assert_same_as_generic(game, ent)


def test_V_VTOL_9_search_matches_generic_search_starting_on_a_road_under_the_trees():
    for altitude in (1, 3):
        game = make_game(9, 9, hexes=MIXED)
        ent = add(game, "heli", "warrior.toml", "0507", 3, altitude=altitude)
        reach = reachable(game, ent, "cruise")
        assert (H("0508"), 3, 1) in reach              # along the road under the trees
        assert (H("0507"), 3, 1) in reach              # or down under them where it started
        assert_same_as_generic(game, ent)


TERRAIN = st.sampled_from(["clear", "rough", "light_woods", "heavy_woods", "water", "building"])


@settings(max_examples=10, deadline=None)
@given(st.lists(st.tuples(st.integers(1, 7), st.integers(1, 7), TERRAIN, st.integers(0, 3), st.booleans()),
                max_size=16),
       st.sampled_from(["0404", "0405", "0505"]), st.integers(0, 6), st.integers(0, 5))
def test_V_VTOL_search_matches_generic_search_on_random_maps(cells, at, altitude, facing):
    hexes = {}
    for x, y, t, lv, road in cells:
        hexes[f"{x:02d}{y:02d}"] = {"terrain": t, "level": lv, "road": road,
                                    **({"building": 1 + lv % 3} if t == "building" else {}),
                                    **({"depth": lv % 3} if t == "water" else {})}
    game = make_game(7, 7, hexes=hexes)
    ent = add(game, "heli", "warrior.toml", at, facing, altitude=altitude)
    assert_same_as_generic(game, ent, ("cruise",))


VTOL_CELL = st.tuples(st.integers(1, 9), st.integers(1, 9),
                      st.sampled_from(["clear", "rough", "light_woods", "heavy_woods", "water", "building"]),
                      st.integers(0, 4), st.booleans(), st.integers(0, 3))


@settings(max_examples=12, deadline=None)
@given(st.lists(VTOL_CELL, max_size=40), st.sampled_from(["0505", "0506", "0605"]), st.integers(0, 5),
       st.integers(0, 5), st.booleans(), st.lists(st.tuples(st.integers(1, 9), st.integers(1, 9)), max_size=3))
def test_V_VTOL_search_matches_generic_search_at_cruise_and_flank(cells, at, altitude, facing, road_start,
                                                                  others):
    """Hills, woods (a road through them the VTOL may start on, V-VTOL-9),
    buildings to land on or fly over, water, units in the way (V-VTOL-10)
    and a landed start (V-VTOL-7), at cruise and at flank (no backing up)."""
    hexes = {}
    for x, y, t, lv, road, extra in cells:
        hexes[f"{x:02d}{y:02d}"] = {"terrain": t, "level": lv, "road": road,
                                    **({"building": 1 + extra} if t == "building" else {}),
                                    **({"depth": extra} if t == "water" else {})}
    if road_start:
        hexes[at] = {"terrain": "heavy_woods", "road": True, "level": hexes.get(at, {}).get("level", 0)}
    game = make_game(width=9, height=9, hexes=hexes)
    for i, (x, y) in enumerate(others):
        if f"{x:02d}{y:02d}" != at:
            add(game, f"g{i}", "manticore.toml", f"{x:02d}{y:02d}", side="blue")
    ent = add(game, "heli", "warrior.toml", at, facing, altitude=altitude)
    assert_same_as_generic(game, ent)
