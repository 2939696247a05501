"""Line of sight (rules/mech_core.md section 5): intervening hexes, heights,
woods points, elevation blocking, divided lines, partial cover."""
from hypothesis import given, settings, strategies as st

from engine.hexgrid import Hex, parse_hex_label as P
from engine.hexmap import HexMap, Terrain
from systems.common.line_of_sight import Body, body, line_of_sight, line_of_sight_between
from tests.helpers import make_game
from tests.weapons_support import mech_data, shipped

LIGHT = {"terrain": "light_woods"}
HEAVY = {"terrain": "heavy_woods"}


def standing(label, level=0):
    return Body(P(label), level, level + 1, standing_mech=True)


def los(terrain, a="0505", b="0509", a_level=0, b_level=0):
    hm = HexMap(12, 12)
    for label, kw in terrain.items():
        hm.set(P(label), Terrain(**kw))
    return line_of_sight_between(hm, standing(a, a_level), standing(b, b_level))


def test_LOS_clear_in_open_ground():
    r = los({})
    assert r.clear and r.woods_points == 0 and not r.partial_cover
    assert [h for h in r.hexes] == [P("0506"), P("0507"), P("0508")]


def test_LOS_between_hexes_off_the_map_names_the_hexes_of_the_line():
    # The window's ruler may ask about any hexes: the line's hexes off the map
    # are clear ground, the ones on it are judged as ever.
    from engine.hexgrid import line
    hm = HexMap(6, 6)
    hm.set(Hex(3, 3), Terrain("heavy_woods"))
    a, b = Body(Hex(-4, 3), 0, 1), Body(Hex(9, 3), 0, 1, standing_mech=True)
    r = line_of_sight_between(hm, a, b)
    cells = line(a.hex, b.hex)[1:-1]
    assert r.hexes == [cell[0] for cell in cells] and not r.divided
    assert r.clear and r.woods_hexes == [("0404", 2)]


def test_LOS_woods_points_light_1_heavy_2_add_up():
    r = los({"0506": LIGHT, "0507": LIGHT})
    assert r.clear and r.woods_points == 2
    r = los({"0507": HEAVY})
    assert r.clear and r.woods_points == 2 and r.woods_hexes == [("0507", 2)]


def test_LOS_three_woods_points_block():
    assert not los({"0506": LIGHT, "0507": LIGHT, "0508": LIGHT}).clear
    r = los({"0506": LIGHT, "0507": HEAVY})
    assert not r.clear and "3 points of woods" in r.reason
    assert not los({"0506": HEAVY, "0508": HEAVY}).clear


def test_LOS_woods_in_attacker_and_target_hexes_do_not_count():
    r = los({"0505": HEAVY, "0509": HEAVY, "0507": LIGHT})
    assert r.clear and r.woods_points == 1


def test_LOS_elevation_higher_than_both_blocks():
    r = los({"0507": {"level": 2}})
    assert not r.clear and "higher ground in hex 0507" in r.reason


def test_LOS_elevation_equal_to_both_tops_does_not_block():
    # Standing mechs on level 0 reach level 1: a level-1 hill does not block.
    assert los({"0507": {"level": 1}}).clear


def test_LOS_attacker_on_a_hill_sees_over_the_hill_and_the_woods():
    # Attacker on level 2 (top 3): the level-2 hex beside it and the heavy
    # woods in 0507 (top 2) do not rise above it; the light woods next to the
    # target (top 2 > 1) still count (MM: terrain higher than an adjacent unit).
    r = los({"0505": {"level": 2}, "0506": {"level": 2}, "0507": HEAVY, "0508": LIGHT}, a_level=2)
    assert r.clear and r.woods_points == 1 and r.woods_hexes == [("0508", 1)]


def test_LOS_woods_in_a_hollow_do_not_reach_the_units():
    # Woods on level -1 reach level 1, the tops of standing mechs on level 0: no effect.
    r = los({"0507": {"terrain": "heavy_woods", "level": -1}})
    assert r.clear and r.woods_points == 0


def test_LOS_higher_ground_next_to_the_target_blocks_even_from_above():
    # A level-2 hex beside a target on level 0 (top 1) hides it from an
    # attacker on a level-4 hill (top 5).
    r = los({"0505": {"level": 4}, "0508": {"level": 2}}, a_level=4)
    assert not r.clear and "0508" in r.reason
    # The same rise in the middle of the line does not.
    assert los({"0505": {"level": 4}, "0507": {"level": 2}}, a_level=4).clear


def test_LOS_building_taller_than_both_blocks():
    assert not los({"0507": {"terrain": "building", "building": 2}}).clear
    assert los({"0507": {"terrain": "building", "building": 1}}).clear


def test_LOS_divided_line_takes_the_better_hex_for_the_defender():
    # 0505 -> 0705 runs along the hexside between 0604 and 0605.
    r = los({"0604": LIGHT}, "0505", "0705")
    assert r.divided and r.woods_points == 1 and r.hexes == [P("0604")]
    r = los({"0604": LIGHT, "0605": HEAVY}, "0505", "0705")
    assert r.woods_points == 2 and r.hexes == [P("0605")]
    # A hill on one side of the line blocks it.
    assert not los({"0605": {"level": 3}}, "0505", "0705").clear


def test_LOS_divided_line_counts_one_hex_of_the_pair_not_both():
    # 0808 -> 1008 divides at 0908/0909: heavy + light on the two sides is
    # the heavy hex's 2 points (not 3, which would block).
    r = los({"0908": HEAVY, "0909": LIGHT}, "0808", "1008")
    assert r.clear and r.woods_points == 2


def test_LOS_partial_cover_behind_a_one_level_rise():
    r = los({"0508": {"level": 1}})
    assert r.clear and r.partial_cover
    # Not adjacent to the target: no cover.
    assert not los({"0507": {"level": 1}}).partial_cover
    # An attacker above the target's top sees the legs.
    assert not los({"0505": {"level": 1}, "0508": {"level": 1}}, a_level=1).partial_cover


def test_LOS_partial_cover_in_depth_1_water():
    r = los({"0509": {"terrain": "water", "depth": 1}})
    assert r.partial_cover


def test_unit_heights_standing_prone_vehicle_vtol():
    game = make_game(16, 16, hexes={"0202": {"level": 2}}, initiative=["blue", "red"],
                     units=[("m", mech_data(), "blue", "0202", 0),
                            ("p", mech_data(), "blue", "0204", 0, {"prone": True}),
                            ("v", shipped("saladin"), "red", "0206", 0)])
    assert body(game, game.units["m"]).top == 3
    assert body(game, game.units["p"]).top == 0
    assert body(game, game.units["v"]).top == 0


def test_prone_target_hidden_by_woods_a_standing_one_is_not_blocked_by_a_low_hill():
    game = make_game(16, 16, hexes={"0507": {"level": 1}}, initiative=["blue", "red"],
                     units=[("a", mech_data(), "blue", "0505", 3),
                            ("t", mech_data(), "red", "0509", 0, {"prone": True})])
    # A prone target's top is level 0: the level-1 hex is higher than it but
    # not than the attacker (top 1) -- not blocked.
    assert line_of_sight(game, game.units["a"], game.units["t"]).clear


def test_submerged_mech_cannot_see_or_be_seen_from_dry_land():
    game = make_game(16, 16, hexes={"0509": {"terrain": "water", "depth": 2}}, initiative=["blue", "red"],
                     units=[("a", mech_data(), "blue", "0505", 3),
                            ("t", mech_data(), "red", "0509", 0)])
    r = line_of_sight(game, game.units["a"], game.units["t"])
    assert not r.clear and "under water" in r.reason


hexes = st.builds(Hex, st.integers(0, 11), st.integers(0, 11))


@settings(max_examples=60, deadline=None)
@given(hexes, hexes, st.dictionaries(hexes, st.sampled_from(["light_woods", "heavy_woods"]), max_size=12))
def test_LOS_woods_count_is_the_same_both_ways_on_flat_ground(a, b, woods):
    hm = HexMap(12, 12)
    for h, t in woods.items():
        hm.set(h, Terrain(terrain=t))
    ab = line_of_sight_between(hm, Body(a, 0, 1, True), Body(b, 0, 1, True))
    ba = line_of_sight_between(hm, Body(b, 0, 1, True), Body(a, 0, 1, True))
    if ab.clear and ba.clear:
        assert ab.woods_points == ba.woods_points
    assert ab.clear == ba.clear


def test_vtol_is_at_its_altitude_and_flies_over_woods():
    game = make_game(16, 16, hexes={"0507": HEAVY, "0508": HEAVY, "0509": {"terrain": "light_woods", "level": 1}},
                     initiative=["blue", "red"],
                     units=[("a", mech_data(), "blue", "0505", 3),
                            ("v", shipped("warrior"), "red", "0509", 0, {"altitude": 4})])
    assert body(game, game.units["v"]).top == 5
    r = line_of_sight(game, game.units["a"], game.units["v"])
    # The woods in 0507 and 0508 reach level 2: above the mech (top 1) but
    # not the VTOL (top 5), and neither hex is next to the mech.
    assert r.clear and r.woods_points == 0


def test_each_map_keeps_its_own_line_of_sight_board():
    """The board line of sight reads (section 5) lives on its map, not in
    the module: two maps used in turn each keep theirs, a hex set on one
    changes that map's verdicts only, and a map whose hexes are replaced as
    a whole (a load, a take-back of terrain) reads them anew."""
    a, b = standing("0505"), standing("0509")
    woods, plain = HexMap(12, 12), HexMap(12, 12)
    for label in ("0506", "0507"):
        woods.set(P(label), Terrain("heavy_woods"))
    assert not line_of_sight_between(woods, a, b).clear               # 2 + 2 woods points block
    assert line_of_sight_between(plain, a, b).clear
    kept_woods, kept_plain = woods.los_board, plain.los_board
    assert kept_woods is not None and kept_plain is not None and kept_woods is not kept_plain
    assert not line_of_sight_between(woods, a, b).clear and woods.los_board is kept_woods
    plain.set(P("0508"), Terrain("light_woods"))
    assert line_of_sight_between(plain, a, b).woods_points == 1 and plain.los_board is kept_plain
    assert line_of_sight_between(woods, a, b).woods_points == 4
    woods.hexes = {}
    assert woods.los_board is None
    assert line_of_sight_between(woods, a, b).clear and woods.los_board is not kept_woods
