"""Building hexes: class, height and construction factor (rules/buildings.md
B-CLASS), from scenarios (`building_class`, `cf` on [[map.hex]] and [map]),
Tiled levels (tile properties, the `buildings` object layer, `check
--json`), MegaMek boards (import-board) and saves (the state that changes in
play: CF, phase CF, collapsed hexes, checked whole)."""
from __future__ import annotations

import json

import pytest

from engine import saves
from engine.errors import DataError
from engine.hexgrid import Hex, parse_hex_label
from engine.hexmap import STANDARD_CF, HexMap, Terrain
from engine.levels import level_json, load_level
from engine.paths import LEVELS
from engine.scenario import parse_scenario
from tests.helpers import make_game
from tests.test_levels import TILES, hex_center_pixel, layer_xml, tileset_xml, two_sides, write_map


# ----------------------------------------------------------------- B-CLASS
def test_B_CLASS_2_standard_cfs_are_megameks():
    assert STANDARD_CF == {"light": 15, "medium": 40, "heavy": 90, "hardened": 120}


@pytest.mark.parametrize("height, klass, cf", [(1, "light", 15), (2, "medium", 40), (3, "heavy", 90),
                                               (4, "hardened", 120), (7, "hardened", 120)])
def test_B_CLASS_4_D1_height_alone_gives_the_old_class_and_its_standard_cf(height, klass, cf):
    t = Terrain("building", building=height)
    assert (t.building_type, t.construction_factor) == (klass, cf)


@pytest.mark.parametrize("cf, klass", [(1, "light"), (15, "light"), (16, "medium"), (30, "medium"),
                                       (40, "medium"), (41, "heavy"), (90, "heavy"), (91, "hardened"),
                                       (150, "hardened")])
def test_B_CLASS_4_a_cf_alone_gives_the_class_of_its_band(cf, klass):
    assert Terrain("building", building=1, cf=cf).building_type == klass


def test_B_CLASS_4_class_alone_standard_cf_and_both_as_given():
    assert Terrain("building", building=3, building_class="light").construction_factor == 15
    both = Terrain("building", building=1, building_class="hardened", cf=12)   # a damaged bunker
    assert (both.building_type, both.construction_factor) == ("hardened", 12)


def test_B_CLASS_4_worked_example_building_2_cf_60_is_a_heavy_building():
    t = Terrain("building", building=2, cf=60)
    assert (t.building_type, t.building, t.construction_factor) == ("heavy", 2, 60)


def test_B_CLASS_3_the_class_stays_when_damage_lowers_the_cf():
    heavy = Terrain("building", building=3)                   # heavy by its height
    damaged = heavy.with_building_fixed(cf=12)
    assert (damaged.building_type, damaged.construction_factor) == ("heavy", 12)
    assert Terrain("building", building=1, cf=60).with_building_fixed(cf=5).building_type == "heavy"


def test_B_CLASS_5_the_roof_is_the_top_for_line_of_sight():
    assert Terrain("building", level=2, building=3).top == 5
    assert Terrain("clear").building_type == "" and Terrain("clear").construction_factor == 0


# ----------------------------------------------------------------- scenarios
def _scenario(tmp_path, hexes: str, map_extra: str = ""):
    text = (f'[map]\nwidth = 6\nheight = 6\n{map_extra}\n{hexes}\n'
            '[[unit]]\nid = "a"\ndata = "grasshopper.toml"\nside = "red"\nat = "0101"\n'
            '[[unit]]\nid = "b"\ndata = "jagermech.toml"\nside = "blue"\nat = "0606"\n')
    import tomllib
    return parse_scenario(tomllib.loads(text), tmp_path / "s.toml")


def test_scenario_hexes_give_class_and_cf(tmp_path):
    s = _scenario(tmp_path, '[[map.hex]]\nat = "0303"\nterrain = "building"\nbuilding = 2\ncf = 60\n'
                            '[[map.hex]]\nat = "0304"\nbuilding = 1\nbuilding_class = "hardened"\n')
    m = s.game.map
    assert (m.terrain(Hex(2, 2)).building_type, m.terrain(Hex(2, 2)).construction_factor) == ("heavy", 60)
    assert (m.terrain(Hex(2, 3)).building_type, m.terrain(Hex(2, 3)).construction_factor) == ("hardened", 120)


def test_scenario_map_defaults_for_a_town_of_buildings(tmp_path):
    s = _scenario(tmp_path, '[[map.hex]]\nat = "0202"\nterrain = "clear"\n',
                  'terrain = "building"\nbuilding = 2\nbuilding_class = "light"\ncf = 9')
    m = s.game.map
    assert (m.terrain(Hex(0, 0)).building_type, m.terrain(Hex(0, 0)).construction_factor) == ("light", 9)
    assert m.terrain(Hex(1, 1)).building == 0


@pytest.mark.parametrize("hexes, message", [
    ('[[map.hex]]\nat = "0303"\nbuilding_class = "light"\n',
     "map.hex[1].building_class: only a building hex has a building class"),
    ('[[map.hex]]\nat = "0303"\ncf = 10\n', "map.hex[1].cf: only a building hex has a CF"),
    ('[[map.hex]]\nat = "0303"\nbuilding = 2\nbuilding_class = "flimsy"\n',
     "map.hex[1].building_class: must be light, medium, heavy or hardened, got 'flimsy'"),
    ('[[map.hex]]\nat = "0303"\nbuilding = 2\ncf = 151\n', "map.hex[1].cf: expected 1..150, got 151"),
])
def test_scenario_bad_building_values_are_refused_with_one_line(tmp_path, hexes, message):
    with pytest.raises(DataError) as exc:
        _scenario(tmp_path, hexes)
    assert str(exc.value).endswith(message)


# ----------------------------------------------------------------- levels
BUILDING_TILES = {**TILES, 7: '<property name="terrain" value="building"/><property name="building" type="int" '
                              'value="2"/><property name="building_class" value="heavy"/>',
                  8: '<property name="terrain" value="building"/><property name="building" type="int" value="1"/>'
                     '<property name="cf" type="int" value="30"/>'}


def _building_object(oid: int, hx: Hex, props: str) -> str:
    x, y = hex_center_pixel(hx)
    return f'<object id="{oid}" x="{x}" y="{y}"><properties>{props}</properties><point/></object>'


def _level(tmp_path, buildings: str = "", tiles=BUILDING_TILES):
    layers = layer_xml("terrain", 6, 5, {(1, 1): 7, (2, 2): 8, (3, 3): 5})
    if buildings:
        layers += f'<objectgroup id="6" name="buildings">{buildings}</objectgroup>'
    return write_map(tmp_path, tileset=tileset_xml(tiles), layers=layers, objects=two_sides())


def test_level_tiles_carry_class_and_cf_and_check_json_shows_them(tmp_path):
    level = load_level(_level(tmp_path))
    m = level.map
    assert (m.terrain(Hex(1, 1)).building_type, m.terrain(Hex(1, 1)).construction_factor) == ("heavy", 90)
    assert (m.terrain(Hex(2, 2)).building_type, m.terrain(Hex(2, 2)).construction_factor) == ("medium", 30)
    assert (m.terrain(Hex(3, 3)).building_type, m.terrain(Hex(3, 3)).construction_factor) == ("heavy", 90)  # D1
    doc = level_json(level)
    cells = {h["hex"]: h for h in doc["hexes"]}
    assert (cells["0202"]["building_class"], cells["0202"]["cf"]) == ("heavy", 90)
    assert "building_class" not in cells["0101"]


def test_the_buildings_layer_overrides_a_hexs_class_and_cf(tmp_path):
    objs = (_building_object(3, Hex(1, 1), '<property name="cf" type="int" value="12"/>')
            + _building_object(4, Hex(3, 3), '<property name="building_class" value="light"/>'))
    m = load_level(_level(tmp_path, objs)).map
    assert (m.terrain(Hex(1, 1)).building_type, m.terrain(Hex(1, 1)).construction_factor) == ("heavy", 12)
    assert (m.terrain(Hex(3, 3)).building_type, m.terrain(Hex(3, 3)).construction_factor) == ("light", 15)


@pytest.mark.parametrize("props, at, needle", [
    ('<property name="cf" type="int" value="12"/>', Hex(0, 4), "which has no building"),
    ('<property name="building_class" value="flimsy"/>', Hex(1, 1), 'got "flimsy"'),
    ('<property name="cf" type="int" value="200"/>', Hex(1, 1), "expected an integer from 1 to 150"),
    ('<property name="name" value="x"/>', Hex(1, 1), "gives a building_class, a cf or both"),
])
def test_bad_building_objects_are_level_problems(tmp_path, props, at, needle):
    with pytest.raises(DataError) as exc:
        load_level(_level(tmp_path, _building_object(3, at, props)))
    assert needle in str(exc.value)


def test_a_class_on_a_tile_without_a_building_is_a_tileset_problem(tmp_path):
    tiles = {**BUILDING_TILES, 9: '<property name="terrain" value="rough"/><property name="cf" type="int" value="3"/>'}
    with pytest.raises(DataError) as exc:
        load_level(_level(tmp_path, tiles=tiles))
    assert "tile 9 property cf: only a building tile" in str(exc.value)


def test_the_shipped_towns_have_real_classes_and_cfs():
    m = load_level(LEVELS / "skirmish.tmx").map
    town = {m.label(h): (m.terrain(h).building_type, m.terrain(h).building, m.terrain(h).construction_factor)
            for h in m.buildings()}
    assert town["1711"] == ("hardened", 4, 120) and town["1910"] == ("heavy", 2, 90)
    assert town["1406"] == ("medium", 2, 22)                  # shot up before the battle (buildings layer)
    assert {c for c, _h, _cf in town.values()} == {"light", "medium", "heavy", "hardened"}
    coast = load_level(LEVELS / "coast.tmx").map
    assert len(coast.buildings()) == 3


# ----------------------------------------------------------------- saves
def test_building_state_is_saved_and_checked():
    game = make_game(hexes={"0505": {"terrain": "building", "building": 2}})
    h = parse_hex_label("0505")
    game.map.phase_cf[h] = 40
    game.map.set(h, game.map.terrain(h).with_building_fixed(cf=33))
    game.map.collapsed[parse_hex_label("0606")] = Terrain("building", building=1, building_class="light", cf=0)
    game.map.set(parse_hex_label("0606"), Terrain("rubble"))
    text = saves.dumps(game)
    loaded = saves.loads(text, "t")
    assert loaded.map.terrain(h).construction_factor == 33 and loaded.map.phase_cf == {h: 40}
    assert loaded.map.collapsed[parse_hex_label("0606")].building_type == "light"
    assert loaded.to_dict() == json.loads(text)["game"]
    assert HexMap.from_dict(game.map.to_dict()).to_dict() == game.map.to_dict()


@pytest.mark.parametrize("edit, needle", [
    (lambda m: m["hexes"][0][2].update(cf=151), "cf: expected"),
    (lambda m: m["hexes"][0][2].update(building_class="flimsy"), "building_class"),
    (lambda m: m["hexes"][0][2].update(building=0), "only a building hex has a building class and a CF"),
    (lambda m: m.update(phase_cf=[[0, 0, 10]]), "a phase CF needs a building in its hex"),
    (lambda m: m.update(collapsed=[[4, 4, {"terrain": "building", "building": 1}]]),
     "a collapsed building's hex holds a building again"),
])
def test_the_save_check_refuses_impossible_building_state(edit, needle):
    game = make_game(hexes={"0505": {"terrain": "building", "building": 2, "cf": 30}})
    doc = json.loads(saves.dumps(game))
    edit(doc["game"]["map"])
    with pytest.raises(DataError) as exc:
        saves.loads(json.dumps(doc), "bad.json")
    assert needle in str(exc.value) and "bad.json" in str(exc.value)
