"""The fast reachable search (systems/common/step_table.py) against the step
rules' own search (movement.search, a real step for every try): the same
states at the same MP (each way's rolls checked on replay), on random boards with
elevation, water, woods, roads, pavement, rough, rubble, buildings and
other units in the way, for mechs (walk, run, jump, prone), every ground
vehicle motive (tracked, wheeled, hover, WiGE) at cruise and flank, and
Alpha Strike units; every path replays as a legal plan (core section 2,
V-MOVE, T-7, AS-MOVE). The VTOL's own search: tests/test_vtol_reach.py."""
from __future__ import annotations

from hypothesis import given, settings, strategies as st

from components import VehicleMovement
from engine.hexgrid import neighbor, parse_hex_label as H, turn
from engine.unit_loader import parse_unit
from systems.classic.mech_movement import MechMotion
from systems.common import movement, step_table
from systems.common.movement import NO_BACKWARD_MODES, motion_rules, plan, reachable, search, start_state
from systems.common.step_probe import HIGH, LOW, Probe, Traced
from systems.common.step_table import table_search
from tests.alpha_strike_helpers import add_card
from tests.helpers import add, make_game

# A wing-in-ground-effect craft (T-7): no such unit ships.
WIGE = "\n".join(['name = "Test Skimmer"', 'kind = "vehicle"', "tonnage = 35", "[Crew]", "driving = 4", "gunnery = 4",
                  "[Movement]", 'motive = "wige"', "cruise = 7", "[Armor]", "front = 11", "left = 9", "right = 9",
                  "rear = 7"]) + "\n"

TERRAIN = st.sampled_from(["clear", "clear", "rough", "rubble", "light_woods", "heavy_woods", "water",
                           "building"])
CELL = st.tuples(st.integers(0, 8), st.integers(0, 8), TERRAIN, st.integers(0, 4), st.integers(0, 3),
                 st.booleans(), st.booleans())
# Other units: (x, y, an enemy?, a flying VTOL?)
OTHERS = st.lists(st.tuples(st.integers(0, 8), st.integers(0, 8), st.booleans(), st.booleans()), max_size=4)


def board(cells) -> dict:
    hexes = {}
    for x, y, terrain, level, extra, road, paved in cells:
        t = {"terrain": terrain, "level": level % 3 if terrain == "water" else level, "road": road,
             "paved": paved and terrain == "clear"}
        if terrain == "water":
            t["depth"] = extra
        if terrain == "building":
            t["building"] = 1 + extra
        hexes[f"{x + 1:02d}{y + 1:02d}"] = t
    return hexes


def place_others(game, others, at: str) -> None:
    taken = {at}
    for i, (x, y, enemy, flying) in enumerate(others):
        where = f"{x + 1:02d}{y + 1:02d}"
        if where in taken:
            continue
        taken.add(where)
        side = "blue" if enemy else "red"
        if flying:
            add(game, f"o{i}", "warrior", side, where, altitude=8)
        else:
            add(game, f"o{i}", "locust", side, where)


def tokens_for(rules, mode: str) -> tuple[str, ...]:
    tokens = rules.search_tokens if hasattr(rules, "search_tokens") else ("F", "B", "L", "R")
    return tuple(t for t in tokens if not (mode in NO_BACKWARD_MODES and t == "B"))


def same_search(game, ent, rules, mode: str) -> dict:
    """The table's search and the step rules' own, which must agree; the
    result."""
    state = start_state(game, ent)
    limit = rules.mp(game, ent, mode)
    with game.positions_fixed():
        slow = search(game, ent, rules, mode, state, limit, tokens_for(rules, mode))
        fast = table_search(game, ent, rules, mode, state, limit, tokens_for(rules, mode), movement.step,
                            movement.TableReach)
    # The same states at the same MP. Of ways of equal MP each search keeps
    # the first with the fewest rolls it meets, and a state's hidden part (a
    # turn made, hexes moved) can make the rolls after it differ, so the two
    # may keep different ways: each way's rolls are checked on replay.
    assert {k: w.mp for k, w in fast.items()} == {k: w.mp for k, w in slow.items()}
    return fast


def assert_same_as_the_step_rules(game, ent, mode: str) -> None:
    rules = motion_rules(game, ent)
    if rules.mode_error(game, ent, mode, start_state(game, ent)):
        assert reachable(game, ent, mode) == {}
        return
    fast = same_search(game, ent, rules, mode)
    # A jump's end states exclude those the plan refuses at the end: a roof
    # or hill more levels up than the jump MP (B-MOVE-9), a hex the unit may
    # not end a jump in (AS-MOVE-4: its prohibited terrain).
    refused = {k for k, w in fast.items() if mode == "jump" and
               any(why in (plan(game, ent, mode, list(w.path)).error or "")
                   for why in ("more levels up", "cannot end the jump in"))}
    assert dict(reachable(game, ent, mode).items()) == {k: w for k, w in fast.items() if k not in refused}
    for (h, facing, altitude), way in list(fast.items())[::3]:
        p = plan(game, ent, mode, list(way.path))
        assert len(p.states) == len(way.path) + 1, (way.path, p.error)      # every step allowed
        final = p.states[-1]
        assert (final.hex, final.facing, final.altitude, final.mp) == (h, facing, altitude, way.mp)
        assert (len(p.psrs), sum(t.modifier for t in p.psrs if isinstance(t.modifier, int))) == \
            (way.rolls, way.roll_mods)


@settings(max_examples=30, deadline=None)
@given(st.lists(CELL, max_size=30), OTHERS, st.sampled_from(["grasshopper", "shadow_hawk", "locust"]),
       st.integers(0, 5), st.booleans())
def test_mech_walk_run_and_jump_are_the_step_rules_own(cells, others, unit, facing, prone):
    game = make_game(9, 9, hexes=board(cells))
    place_others(game, others, "0505")
    ent = add(game, "m", unit, "red", "0505", facing, prone=prone)
    for mode in ("walk", "run", "jump"):
        assert_same_as_the_step_rules(game, ent, mode)


@settings(max_examples=30, deadline=None)
@given(st.lists(CELL, max_size=30), OTHERS, st.sampled_from(["manticore", "striker", "condor", "wige"]),
       st.integers(0, 5), st.booleans())
def test_every_vehicle_motive_is_the_step_rules_own(cells, others, unit, facing, paved_start):
    hexes = board(cells)
    if paved_start:                        # the paved-hex bonus (V-PAVE-1), kept while on pavement
        for row in range(1, 10):
            hexes[f"05{row:02d}"] = {"terrain": "clear", "paved": True}
    else:
        hexes.pop("0505", None)
    game = make_game(9, 9, hexes=hexes)
    place_others(game, others, "0505")
    if unit == "wige":
        ent = game.add_unit(parse_unit(WIGE, "wige.toml"), "v", "red", H("0505"), facing)
    else:
        ent = add(game, "v", unit, "red", "0505", facing)
    for mode in ("cruise", "flank"):
        assert_same_as_the_step_rules(game, ent, mode)


@settings(max_examples=20, deadline=None)
@given(st.lists(CELL, max_size=30), st.sampled_from(["BM", "CV"]), st.integers(4, 10), st.integers(0, 6))
def test_alpha_strike_moves_are_the_step_rules_own(cells, kind, move, jump):
    hexes = board(cells)
    hexes.pop("0505", None)
    game = make_game(9, 9, "alpha-strike", hexes=hexes)
    ent = add_card(game, "a", "red", "0505", type=kind, move=move, jump=jump)
    add_card(game, "e", "blue", "0604", type="BM")
    for mode in ("walk", "jump"):
        assert_same_as_the_step_rules(game, ent, mode)


def test_an_alpha_strike_jump_never_offers_an_end_in_prohibited_terrain():
    # AS-MOVE-4: a jump passes over any terrain at 1 a hex, but the unit must
    # be allowed to end in its final hex; heavy woods are closed to a vehicle.
    game = make_game(9, 9, "alpha-strike", hexes={"0404": {"terrain": "heavy_woods"}})
    ent = add_card(game, "a", "red", "0505", type="CV", move=4, jump=2)
    reach = reachable(game, ent, "jump")
    assert reach and not any(h == H("0404") for h, _, _ in reach)
    assert any(h == H("0504") for h, _, _ in reach)
    refused = plan(game, ent, "jump", ["L", "F", "R"])
    assert refused.states[-1].hex == H("0404")
    assert refused.error == "cannot end the jump in 0404: heavy woods are prohibited terrain for vehicles"


def test_the_table_makes_few_steps_for_real():
    # An open board: a handful of real steps (one for each kind) stand for
    # the hundreds the search looks up.
    game = make_game(15, 15, hexes={"0708": {"terrain": "light_woods"}, "0907": {"level": 1}})
    ent = add(game, "m", "shadow_hawk", "red", "0808")
    made = []
    real = step_table.StepTable.real

    def counting(self, *args):
        made.append(args)
        return real(self, *args)

    step_table.StepTable.real = counting
    try:
        reach = reachable(game, ent, "run")
    finally:
        step_table.StepTable.real = real
    assert len(reach) > 300 and len(made) < 30


class SurchargedMotion(MechMotion):
    """Rules the table has never seen: a surcharge to enter a building, a
    roll for it, a step that counts hexes in a way no range can hold, and
    one that looks at the hex beyond the one entered."""

    def enter_cost(self, game, ent, mode, frm, to, backward):
        cost = super().enter_cost(game, ent, mode, frm, to, backward)
        return cost + 1 if isinstance(cost, int) and to.building else cost

    def enter_psrs(self, frm, to, mode, backward):
        return super().enter_psrs(frm, to, mode, backward) + ([("building surcharge", 1)] if to.building else [])

    def step(self, game, ent, mode, state, token, mp_limit):
        out = movement.base_step(game, ent, self, mode, state, token, mp_limit)
        if isinstance(out, str) or token != "F":
            return out
        if (state.hexes * 3) % 7 == 5:
            return "a step that no range of hexes entered describes"
        beyond = neighbor(out[0].hex, out[0].facing)
        if game.map.on_map(beyond) and game.map.terrain(beyond).terrain == "heavy_woods":
            return "heavy woods just beyond"
        return out


@settings(max_examples=15, deadline=None)
@given(st.lists(CELL, max_size=30))
def test_new_rules_flow_into_the_table_by_themselves(cells):
    game = make_game(9, 9, hexes=board(cells))
    ent = add(game, "m", "grasshopper", "red", "0505")
    for mode in ("walk", "run"):
        same_search(game, ent, SurchargedMotion(), mode)


class UnevenTurns(MechMotion):
    """A left turn that turns two facings in light woods: rules whose steps
    of one token do not all turn the facing alike, so the table cannot name
    the state a step leads to before its outcome."""

    def step(self, game, ent, mode, state, token, mp_limit):
        out = movement.base_step(game, ent, self, mode, state, token, mp_limit)
        if isinstance(out, str) or token != "L" or game.map.terrain(state.hex).terrain != "light_woods":
            return out
        new, rolls = out
        return new.replace(facing=turn(new.facing, -1)), rolls


@settings(max_examples=15, deadline=None)
@given(st.lists(CELL, max_size=30), st.integers(0, 5))
def test_steps_that_turn_unevenly_are_searched_as_the_step_rules_make_them(cells, facing):
    hexes = board(cells)
    hexes["0505"] = {"terrain": "light_woods"}
    game = make_game(9, 9, hexes=hexes)
    ent = add(game, "m", "shadow_hawk", "red", "0505", facing)
    for mode in ("walk", "run"):
        same_search(game, ent, UnevenTurns(), mode)


@settings(max_examples=10, deadline=None)
@given(st.lists(CELL, max_size=20), st.integers(0, 5), st.integers(1, 4))
def test_a_vtol_is_searched_by_the_table_as_the_step_rules_make_its_steps(cells, facing, altitude):
    # A VTOL flying over higher or lower ground keeps its absolute altitude
    # (V-VTOL-10): what a step adds to its elevation differs from hex to hex.
    # The VTOL's own search (tests/test_vtol_reach.py) answers `reachable`;
    # the table must still search it as the step rules do.
    hexes = board(cells)
    hexes.pop("0505", None)
    game = make_game(9, 9, hexes=hexes)
    ent = add(game, "v", "warrior", "red", "0505", facing, altitude=altitude)
    game.world.component(ent, VehicleMovement).motive_penalty = 6     # cruise 3, flank 5 (V-ROTOR-4)
    rules = motion_rules(game, ent)
    for mode in ("cruise", "flank"):
        same_search(game, ent, rules, mode)


def test_the_table_runs_with_the_positions_fixed():
    # Its probes watch the game's index of units by hex, which exists only then.
    import pytest
    game = make_game(9, 9)
    ent = add(game, "m", "shadow_hawk", "red", "0505")
    rules = motion_rules(game, ent)
    with pytest.raises(RuntimeError, match="positions fixed"):
        table_search(game, ent, rules, "walk", start_state(game, ent), 6, ("F", "L", "R"), movement.step,
                     movement.TableReach)
    with game.positions_fixed():
        assert len(table_search(game, ent, rules, "walk", start_state(game, ent), 6, ("F", "L", "R"),
                                movement.step, movement.TableReach)) > 50


def test_traced_numbers_record_the_range_with_the_same_answer():
    probe = Probe(8)
    mp = Traced(3, "mp", 0, probe)
    spent = mp + 2                         # still traced: mp + 2
    assert not spent > 8                   # mp + 2 <= 8 holds for mp <= 6: the limit of 8 MP
    assert probe.mp == (LOW, 6) and not probe.opaque and probe.over_limit
    assert mp != 0 and probe.mp == (1, 6)  # mp is not 0: on its side of 0
    hexes = Traced(2, "hexes", 0, probe)
    assert hexes - 1 == 1 and probe.hexes == (2, 2)
    assert not probe.opaque and (mp * 2 == 6) and probe.opaque     # any other use: kept to this state
    assert f"{spent}" == "5"
    flag = Probe(8)
    assert Traced(0, "altitude", 0, flag) + Traced(1, "mp", 0, flag) == 1 and flag.opaque
    assert flag.altitude == (LOW, HIGH)



def test_a_search_whose_numbers_outgrow_the_narrow_ones_runs_again_wider():
    # Numbers too narrow for a 9x9 board (rows, flags' ids, reads' ids): the
    # search notices and runs again with the wide numbering, to the same
    # states as the step rules.
    import pytest
    game = make_game(9, 9, hexes={"0606": {"terrain": "light_woods"}, "0404": {"level": 1},
                                  "0705": {"terrain": "rough"}})
    ent = add(game, "m", "shadow_hawk", "red", "0505")
    rules = motion_rules(game, ent)
    for narrow in ((3, 3, 2, 4, 13), (13, 14, 16, 0, 13), (13, 14, 16, 4, 1)):
        with pytest.MonkeyPatch.context() as mp:
            mp.setattr(step_table, "NARROW", narrow)
            widened = []
            wide_search = step_table._search

            def noting(table, *args):
                widened.append(table.numbering)
                return wide_search(table, *args)
            mp.setattr(step_table, "_search", noting)
            assert len(same_search(game, ent, rules, "walk")) > 50
        assert widened == [narrow, step_table.WIDE]


def test_the_answer_by_state_numbers_reads_as_the_states_it_holds():
    # movement.TableReach keeps the ways by the search's numbers; what the
    # movement range and the other ways to a hex ask of it is what the same
    # states held in a plain dict answer.
    game = make_game(9, 9, hexes=board([(3, 3, "light_woods", 0, 0, False, False), (5, 4, "clear", 1, 0, True, True),
                                        (4, 6, "water", 0, 1, False, False)]))
    place_others(game, [(6, 6, True, False), (2, 5, False, False)], "0505")
    ent = add(game, "m", "shadow_hawk", "red", "0505")
    reach = reachable(game, ent, "walk")
    assert isinstance(reach, movement.TableReach)
    plain = dict(reach.items())
    assert len(reach) == len(plain) > 50 and list(reach) == list(plain)
    assert movement.cheapest_by_hex(reach) == movement.cheapest_by_hex(plain)
    assert movement.cheapest_by_hex(reach, 0) == movement.cheapest_by_hex(plain, 0)
    fresh = reachable(game, ent, "walk")      # answered from the numbers, before any listing
    for key, way in list(plain.items())[::7]:
        assert key in fresh and fresh[key] == way
        assert movement.ways_at(fresh, key[0], 0) == movement.ways_at(plain, key[0], 0)
    for absent in ((H("0101"), 0, 0), (H("0505"), 7, 0), (H("0505"), 0, 3), ("0505", 0), (H("9999"), 0, 0)):
        assert absent not in fresh and fresh.get(absent) is None
    assert movement.ways_at(fresh, H("0101"), 0) == [] and fresh != {} and fresh == plain
