"""The map's index of building hexes (engine/hexmap.py `HexMap.buildings`):
always what a scan of every hex finds, as buildings collapse to rubble
(B-COLL-6), are damaged (B-DMG-1), come back with a take-back, and after a
save is loaded (the whole map, or a level and the changes to it, which
carries what collapsed and the phase CFs too)."""
from __future__ import annotations

from hypothesis import given, settings, strategies as st

from engine import saves, undo
from engine.hexgrid import Hex, parse_hex_label
from engine.hexmap import HexMap, Terrain
from engine.persistence import CHECKS
from systems.classic import buildings
from tests.helpers import make_game
from tests.test_saves_untrusted import window

H = parse_hex_label


def scanned(m: HexMap) -> list[Hex]:
    """The building hexes a look at every hex finds (standing or collapsed)."""
    return sorted({*(h for h in m.all_hexes() if m.terrain(h).building), *m.collapsed})


def test_B_COLL_6_a_collapsed_building_stays_listed_as_rubble_and_its_neighbour_too():
    game = make_game(hexes={"0505": {"terrain": "building", "building": 2, "cf": 5},
                            "0606": {"terrain": "building", "building": 1}})
    assert game.map.buildings() == [H("0505"), H("0606")]
    buildings.collapse(game, H("0505"), "damage")
    assert game.map.terrain(H("0505")).terrain == "rubble"
    assert game.map.buildings() == scanned(game.map) == [H("0505"), H("0606")]
    assert game.map.building_summary()["0505"]["collapsed"]
    buildings.damage_building(game, H("0606"), 3, "test")              # B-DMG-1: still a building
    assert game.map.buildings() == scanned(game.map)


def test_a_hex_built_on_or_cleared_is_listed_or_dropped():
    m = HexMap(6, 6)
    m.set(Hex(2, 2), Terrain("building", building=3))
    m.set(Hex(1, 4), Terrain("building", building=1))
    assert m.buildings() == [Hex(1, 4), Hex(2, 2)]
    m.set(Hex(2, 2), Terrain("clear"))                                  # the hex cleared (no collapse)
    assert m.buildings() == scanned(m) == [Hex(1, 4)]


def test_a_map_whose_default_is_a_building_lists_every_hex_still_standing():
    m = HexMap(3, 2, Terrain("building", building=1))
    m.set(Hex(0, 0), Terrain("clear"))
    assert m.buildings() == scanned(m) and len(m.buildings()) == 5


def test_a_take_back_puts_the_collapsed_building_back_in_the_index():
    game = make_game(hexes={"0505": {"terrain": "building", "building": 2, "cf": 5}})
    cp = undo.checkpoint(game)
    buildings.collapse(game, H("0505"), "damage")
    undo.rollback(game, cp)
    assert game.map.terrain(H("0505")).building == 2 and not game.map.collapsed
    assert game.map.buildings() == scanned(game.map) == [H("0505")]
    buildings.collapse(game, H("0505"), "damage")
    assert game.map.buildings() == scanned(game.map)


def test_a_loaded_save_indexes_its_buildings():
    game = make_game(hexes={"0505": {"terrain": "building", "building": 2, "cf": 5},
                            "0303": {"terrain": "building", "building": 4}})
    buildings.collapse(game, H("0505"), "damage")
    loaded = saves.loads(saves.dumps(game), "t")
    assert loaded.map.buildings() == scanned(loaded.map) == [H("0303"), H("0505")]
    loaded.map.set(H("0303"), Terrain("rubble"))
    assert loaded.map.buildings() == scanned(loaded.map)


def test_a_window_save_of_a_level_with_a_fallen_building_loads_with_the_index_right(tmp_path):
    app = window(tmp_path / "saves")
    game = app.game
    standing = [h for h in game.map.buildings() if game.map.terrain(h).building]
    buildings.collapse(game, standing[0], "damage")
    buildings.damage_building(game, standing[1], 3, "test")
    assert game.map.phase_cf
    loaded = saves.load_game(app.save("fallen"), CHECKS)
    assert loaded.map.buildings() == scanned(loaded.map) == scanned(game.map)
    assert not loaded.map.terrain(standing[0]).building and loaded.map.terrain(standing[1]).building
    # What stood there and the phase CF come back too (B-COLL-6, B-DMG-3).
    assert loaded.map.collapsed == game.map.collapsed and loaded.map.phase_cf == game.map.phase_cf


@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 5), st.integers(0, 5), st.integers(0, 3)), max_size=40))
def test_the_index_is_always_the_scan(changes):
    m = HexMap(6, 6)
    for x, y, height in changes:
        m.set(Hex(x, y), Terrain("building", building=height) if height else Terrain("rough"))
        assert m.buildings() == scanned(m)
    assert HexMap.from_dict(m.to_dict()).buildings() == scanned(m)
