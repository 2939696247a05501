"""The fast reachable search (systems/common/step_table.py) against the step
rules' own search for a mech that starts on a roof (B-POS-4, D21, B-MOVE-9):
it walks or runs off the roof, the levels counted from the roof's top
(core section 2), is refused onto other buildings, jumps off or onto other
roofs; the same states at the same MP, every path replayed as a plan."""
from __future__ import annotations

from hypothesis import given, settings, strategies as st

from components import Position
from tests.helpers import add, make_game
from tests.test_step_table import CELL, OTHERS, assert_same_as_the_step_rules, board, place_others


@settings(max_examples=30, deadline=None)
@given(st.lists(CELL, max_size=30), OTHERS, st.sampled_from(["grasshopper", "shadow_hawk", "locust"]),
       st.integers(0, 5), st.integers(1, 4), st.integers(0, 3))
def test_a_mech_on_a_roof_moves_by_the_step_rules_own(cells, others, unit, facing, height, level):
    hexes = board(cells)
    hexes["0505"] = {"terrain": "building", "building": height, "level": level}
    game = make_game(9, 9, hexes=hexes)
    place_others(game, others, "0505")
    ent = add(game, "m", unit, "red", "0505", facing)
    game.world.component(ent, Position).on_roof = True
    for mode in ("walk", "run", "jump"):
        assert_same_as_the_step_rules(game, ent, mode)
