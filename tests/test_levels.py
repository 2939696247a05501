"""Tiled levels (contract/levels.md): the shipped levels load and check clean;
terrain combines across layers; units are placed on the hex under them; bad
maps are refused with a message naming the file and the field."""
from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from engine.errors import DataError
from engine.hexgrid import Hex
from engine.levels import (
    check_level, combine_tiles, hex_center_pixel, load_level, new_game_from_level, pixel_to_hex,
)
from engine.paths import LEVELS, TILESETS

SHIPPED = sorted(LEVELS.glob("*.tmx"))

# An inline test tileset: tile id -> properties XML.
TILES = {
    0: '<property name="terrain" value="clear"/>',
    1: '<property name="terrain" value="heavy_woods"/>',
    2: '<property name="terrain" value="water"/><property name="depth" type="int" value="2"/>',
    3: '<property name="level" type="int" value="2"/>',
    4: '<property name="road" type="bool" value="true"/><property name="paved" type="bool" value="true"/>',
    5: '<property name="terrain" value="building"/><property name="building" type="int" value="3"/>',
    6: '<property name="terrain" value="light_woods"/>',
}


def tileset_xml(tiles: dict[int, str] = TILES, name: str = "testtiles") -> str:
    body = "".join(f'<tile id="{i}"><properties>{p}</properties></tile>' for i, p in tiles.items())
    return (f'<tileset firstgid="1" name="{name}" tilewidth="84" tileheight="72" '
            f'tilecount="{len(tiles)}" columns="0">{body}</tileset>')


def layer_xml(name: str, width: int, height: int, cells: dict[tuple[int, int], int], lid: int = 1) -> str:
    rows = []
    for y in range(height):
        rows.append(",".join(str(cells[(x, y)] + 1) if (x, y) in cells else "0" for x in range(width)))
    return (f'<layer id="{lid}" name="{name}" width="{width}" height="{height}">'
            f'<data encoding="csv">{",".join(rows)}</data></layer>')


def unit_object(oid: int, hx: Hex, unit: str, side: str, facing: int = 0, name: str = "",
                extra: str = "", dx: float = 0, dy: float = 0) -> str:
    x, y = hex_center_pixel(hx)
    return (f'<object id="{oid}" name="{name}" x="{x + dx}" y="{y + dy}"><properties>'
            f'<property name="unit" value="{unit}"/><property name="side" value="{side}"/>'
            f'<property name="facing" type="int" value="{facing}"/>{extra}</properties><point/></object>')


def write_map(tmp_path: Path, *, orientation="hexagonal", staggeraxis="x", staggerindex="odd",
              width=6, height=5, tileset: str | None = None, layers: str = "", objects: str = "",
              props: str = "", name: str = "test.tmx") -> Path:
    tileset = tileset_xml() if tileset is None else tileset
    text = (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        f'<map version="1.10" orientation="{orientation}" renderorder="right-down" width="{width}" '
        f'height="{height}" tilewidth="84" tileheight="72" infinite="0" hexsidelength="42" '
        f'staggeraxis="{staggeraxis}" staggerindex="{staggerindex}" nextlayerid="9" nextobjectid="9">'
        f'<properties>{props}</properties>{tileset}{layers}'
        f'<objectgroup id="8" name="units">{objects}</objectgroup></map>'
    )
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def two_sides(width=6) -> str:
    return (unit_object(1, Hex(0, 0), "grasshopper.toml", "blue", 2)
            + unit_object(2, Hex(width - 1, 0), "jagermech.toml", "red", 4))


def refused(path: Path, *needles: str) -> str:
    with pytest.raises(DataError) as exc:
        load_level(path)
    text = str(exc.value)
    assert path.name in text
    for n in needles:
        assert n in text, f"{n!r} not in {text!r}"
    assert "Traceback" not in text
    return text


# ------------------------------------------------------------------ shipped levels
def test_shipped_levels_exist():
    names = {p.name for p in SHIPPED}
    assert {"skirmish.tmx", "training.tmx", "coast.tmx", "alpha_skirmish.tmx", "alpha_lances.tmx"} <= names


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.name)
def test_shipped_level_checks_clean(path):
    assert check_level(path) == []


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.name)
def test_shipped_level_starts_a_game(path):
    game = new_game_from_level(path, seed=1)
    level = load_level(path)
    assert list(game.units) == [p.uid for p in level.placements]
    assert len(game.sides) >= 2


def test_default_level_two_mapsheets_with_every_feature():
    level = load_level(LEVELS / "skirmish.tmx")
    m = level.map
    assert (m.width, m.height) == (32, 17)
    terrains = {t.terrain for t in m.hexes.values()}
    assert {"light_woods", "heavy_woods", "water", "building"} <= terrains
    assert any(t.road for t in m.hexes.values())
    assert max(t.level for t in m.hexes.values()) >= 3
    kinds = {p.data.kind for p in level.placements}
    assert {"mech", "vehicle"} <= kinds
    assert level.sides == ["blue", "red"]
    assert level.ruleset == "classic"


def test_default_level_tiles_point_into_the_shipped_tileset_image():
    level = load_level(LEVELS / "skirmish.tmx")
    pics = [p for stack in level.tiles.values() for p in stack]
    assert pics and all(p.image == TILESETS / "terrain.png" for p in pics)
    assert (level.tile_width, level.tile_height, level.hex_side) == (84, 72, 42)


def test_coast_has_open_water_a_cliff_vtols_and_hovers():
    level = load_level(LEVELS / "coast.tmx")
    m = level.map
    assert any(t.terrain == "water" and t.depth >= 2 for t in m.hexes.values())
    # a cliff: two adjacent hexes at least 3 levels apart
    from engine.hexgrid import neighbors
    assert any(abs(m.terrain(h).level - m.terrain(n).level) >= 3
               for h in m.all_hexes() for n in neighbors(h) if m.on_map(n))
    motives = {p.data.motive for p in level.placements}
    assert {"vtol", "hover"} <= motives
    vtols = [p for p in level.placements if p.data.motive == "vtol"]
    assert all(p.overrides.get("altitude", 0) > 0 for p in vtols)


def test_alpha_skirmish_uses_alpha_strike_ruleset():
    level = load_level(LEVELS / "alpha_skirmish.tmx")
    assert level.ruleset == "alpha-strike"
    assert all(p.data.kind == "alpha-strike" for p in level.placements)
    game = new_game_from_level(LEVELS / "alpha_skirmish.tmx", seed=2)
    assert game.ruleset.name == "alpha-strike"


def test_alpha_lances_sets_the_same_lance_on_both_sides_of_a_turned_map():
    level = load_level(LEVELS / "alpha_lances.tmx")
    assert level.ruleset == "alpha-strike"
    sides = {}
    for p in level.placements:
        assert p.data.kind == "alpha-strike"
        sides.setdefault(p.side, []).append((p.data.name, p.data.alpha_strike["points"], p.at, p.facing))
    assert sorted(sides) == ["blue", "red"]
    assert len(sides["blue"]) == 4
    assert sorted(u[:2] for u in sides["blue"]) == sorted(u[:2] for u in sides["red"])
    assert sum(u[1] for u in sides["blue"]) == 124
    m = level.map
    for (_, _, at, facing), (_, _, there, facing_there) in zip(sides["blue"], sides["red"]):
        assert (there.x, there.y) == (m.width - 1 - at.x, m.height - 1 - at.y)
        assert facing_there == (facing + 3) % 6


def test_scenario_may_use_a_shipped_level_as_its_map(tmp_path):
    from engine.scenario import load_scenario
    sc = tmp_path / "s.toml"
    sc.write_text(f'map = "{(LEVELS / "training.tmx").as_posix()}"\n'
                  '[[unit]]\nid = "a"\ndata = "locust.toml"\nside = "x"\nat = "0101"\n', encoding="utf-8")
    scenario = load_scenario(sc)
    assert scenario.game.map.width == 16


# ------------------------------------------------------------------ terrain
def test_terrain_combines_every_tile_layer(tmp_path):
    layers = (layer_xml("terrain", 6, 5, {(0, 0): 1, (1, 0): 2, (2, 0): 1, (3, 0): 6}, 1)
              + layer_xml("elevation", 6, 5, {(0, 0): 3, (3, 0): 3}, 2)
              + layer_xml("roads", 6, 5, {(0, 0): 4, (3, 0): 4}, 3)
              + layer_xml("town", 6, 5, {(2, 0): 5}, 4))
    level = load_level(write_map(tmp_path, layers=layers, objects=two_sides()))
    m = level.map
    woods = m.terrain(Hex(0, 0))
    assert (woods.terrain, woods.level, woods.road, woods.paved) == ("heavy_woods", 2, True, True)
    water = m.terrain(Hex(1, 0))
    assert (water.terrain, water.depth, water.level) == ("water", 2, 0)
    # an upper layer's terrain replaces the one below it
    assert (m.terrain(Hex(2, 0)).terrain, m.terrain(Hex(2, 0)).building) == ("building", 3)
    assert m.terrain(Hex(3, 0)).terrain == "light_woods" and m.terrain(Hex(3, 0)).level == 2
    assert m.terrain(Hex(5, 4)).terrain == "clear"


def test_combine_tiles_defaults():
    assert combine_tiles([{"terrain": "water"}]).depth == 1
    assert combine_tiles([{"terrain": "building"}]).building == 1
    assert combine_tiles([{"building": 2}]).terrain == "building"
    assert combine_tiles([{"terrain": "water", "depth": 2}, {"terrain": "clear"}]).depth == 0


# ------------------------------------------------------------------ units
def test_units_are_placed_on_the_hex_under_them(tmp_path):
    objects = (unit_object(1, Hex(2, 1), "grasshopper.toml", "blue", 3, name="hopper")
               + unit_object(2, Hex(3, 2), "grasshopper.toml", "blue", 5, dx=15, dy=-12)
               + unit_object(3, Hex(5, 4), "saladin.toml", "red", 4))
    level = load_level(write_map(tmp_path, objects=objects))
    got = [(p.uid, p.side, p.at, p.facing) for p in level.placements]
    assert got == [("grasshopper", "blue", Hex(2, 1), 3), ("grasshopper-2", "blue", Hex(3, 2), 5),
                   ("saladin", "red", Hex(5, 4), 4)]
    assert level.sides == ["blue", "red"]
    game = new_game_from_level(write_map(tmp_path, objects=objects), seed=3)
    from components import Position
    assert game.get("grasshopper-2", Position).hex == Hex(3, 2)


def test_unit_id_property_names_the_unit_and_overrides_apply(tmp_path):
    objects = (unit_object(1, Hex(0, 0), "grasshopper.toml", "blue",
                           extra='<property name="uid" value="alpha-1"/><property name="gunnery" type="int" value="3"/>')
               + unit_object(2, Hex(4, 4), "jagermech.toml", "red"))
    level = load_level(write_map(tmp_path, objects=objects))
    assert level.placements[0].uid == "alpha-1"
    assert level.placements[0].overrides == {"gunnery": 3}


def test_tile_objects_stand_on_the_hex_of_their_centre(tmp_path):
    # Tile objects are anchored at their bottom-left corner.
    x, y = hex_center_pixel(Hex(2, 2))
    obj = (f'<object id="5" gid="1" x="{x - 42}" y="{y + 36}" width="84" height="72"><properties>'
           '<property name="unit" value="locust.toml"/><property name="side" value="blue"/></properties></object>')
    level = load_level(write_map(tmp_path, objects=obj + unit_object(6, Hex(5, 0), "atlas.toml", "red")))
    assert level.placements[0].at == Hex(2, 2)


@given(st.integers(0, 40), st.integers(0, 40), st.floats(-20, 20), st.floats(-20, 20))
def test_pixel_to_hex_finds_the_hex_around_its_centre(x, y, dx, dy):
    h = Hex(x, y)
    cx, cy = hex_center_pixel(h)
    assert pixel_to_hex(cx, cy, 84, 72, 42) == h
    # anywhere within the hex's inscribed circle (radius 36) stays in the hex
    if dx * dx + dy * dy < 30 * 30:
        assert pixel_to_hex(cx + dx, cy + dy, 84, 72, 42) == h


def test_stacking_enemies_in_one_hex_refused(tmp_path):
    objects = (unit_object(1, Hex(1, 1), "grasshopper.toml", "blue")
               + unit_object(2, Hex(1, 1), "jagermech.toml", "red"))
    refused(write_map(tmp_path, objects=objects), "0202", "another side")


def test_stacking_one_unit_on_the_ground_per_hex_whatever_its_side(tmp_path):
    """As at the end of a move (systems/common/stacking.py); level loading
    used to accept a friendly vehicle in a mech's hex."""
    objects = (unit_object(1, Hex(1, 1), "grasshopper.toml", "blue")
               + unit_object(2, Hex(1, 1), "saladin.toml", "blue"))
    refused(write_map(tmp_path, objects=objects), "0202", "one unit on the ground per hex")


def test_airborne_vtol_may_share_a_hex(tmp_path):
    objects = (unit_object(1, Hex(1, 1), "grasshopper.toml", "blue")
               + unit_object(2, Hex(1, 1), "warrior.toml", "red",
                             extra='<property name="altitude" type="int" value="3"/>'))
    level = load_level(write_map(tmp_path, objects=objects))
    assert level.placements[1].overrides["altitude"] == 3


# ------------------------------------------------------------------ refused maps
def test_wrong_orientation_refused(tmp_path):
    refused(write_map(tmp_path, orientation="orthogonal", objects=two_sides()),
            "orientation", '"hexagonal"', '"orthogonal"')


def test_wrong_stagger_axis_refused(tmp_path):
    refused(write_map(tmp_path, staggeraxis="y", objects=two_sides()), "staggeraxis", 'expected "x"', '"y"')


def test_wrong_stagger_index_refused(tmp_path):
    refused(write_map(tmp_path, staggerindex="even", objects=two_sides()), "staggerindex", 'expected "odd"')


def test_unknown_terrain_value_refused(tmp_path):
    tiles = dict(TILES)
    tiles[1] = '<property name="terrain" value="swamp"/>'
    refused(write_map(tmp_path, tileset=tileset_xml(tiles), objects=two_sides()),
            "tileset testtiles tile 1 property terrain", '"swamp"')


def test_numbers_given_as_strings_are_read_where_they_parse(tmp_path):
    """Tiled's default property type is string: a level "2" or a facing "3"
    typed as strings count; a string that is no number stays an error."""
    tiles = dict(TILES)
    tiles[3] = '<property name="level" value="2"/>'
    objects = (unit_object(1, Hex(0, 0), "grasshopper.toml", "blue").replace(
        '<property name="facing" type="int" value="0"/>', '<property name="facing" value="3"/>')
        + unit_object(2, Hex(5, 0), "jagermech.toml", "red"))
    level = load_level(write_map(tmp_path, tileset=tileset_xml(tiles), objects=objects,
                                 layers=layer_xml("elevation", 6, 5, {(2, 2): 3})))
    assert level.map.terrain(Hex(2, 2)).level == 2 and level.placements[0].facing == 3
    tiles[3] = '<property name="level" value="two"/>'
    refused(write_map(tmp_path, tileset=tileset_xml(tiles), objects=two_sides()),
            "tileset testtiles tile 3 property level", '"two"')


def test_bad_int_value_refused(tmp_path):
    tiles = dict(TILES)
    tiles[2] = '<property name="terrain" value="water"/><property name="depth" type="int" value="deep"/>'
    refused(write_map(tmp_path, tileset=tileset_xml(tiles), objects=two_sides()),
            "tile 2 property depth", '"deep"')


def test_bad_bool_value_refused(tmp_path):
    tiles = dict(TILES)
    tiles[4] = '<property name="road" type="bool" value="maybe"/>'
    refused(write_map(tmp_path, tileset=tileset_xml(tiles), objects=two_sides()),
            "tile 4 property road", '"maybe"')


def test_unknown_tile_property_refused(tmp_path):
    tiles = dict(TILES)
    tiles[0] = '<property name="elevation" type="int" value="1"/>'
    refused(write_map(tmp_path, tileset=tileset_xml(tiles), objects=two_sides()),
            "tile 0 property elevation", "unknown property")


def test_unit_object_with_missing_unit_file_refused(tmp_path):
    objects = two_sides() + unit_object(3, Hex(2, 2), "nosuch.toml", "blue", name="ghost")
    refused(write_map(tmp_path, objects=objects), 'object "ghost" (id 3)', '"nosuch.toml" not found')


def test_unit_object_with_a_broken_unit_file_names_both(tmp_path):
    mods = tmp_path / "mods"
    mods.mkdir()
    (mods / "broken.toml").write_text('name = "B"\ntonnage = "heavy"\n', encoding="utf-8")
    path = write_map(tmp_path, objects=two_sides() + unit_object(3, Hex(2, 2), "broken.toml", "blue"))
    problems = check_level(path, [mods])
    assert any("object id 3" in p and "broken.toml" in p and "tonnage" in p for p in problems)


def test_unit_object_missing_side_refused(tmp_path):
    x, y = hex_center_pixel(Hex(2, 2))
    obj = (f'<object id="4" name="lost" x="{x}" y="{y}"><properties>'
           '<property name="unit" value="locust.toml"/></properties><point/></object>')
    refused(write_map(tmp_path, objects=two_sides() + obj), 'object "lost" (id 4)', '"side"')


def test_object_off_the_map_refused(tmp_path):
    objects = two_sides() + unit_object(3, Hex(2, 2), "locust.toml", "blue", name="stray", dx=2000)
    refused(write_map(tmp_path, objects=objects), 'object "stray" (id 3)', "off the 6x5 map")


def test_facing_out_of_range_refused(tmp_path):
    objects = two_sides() + unit_object(3, Hex(2, 2), "locust.toml", "blue", facing=7)
    refused(write_map(tmp_path, objects=objects), "object id 3 property facing", "0 to 5")


def test_alpha_strike_card_on_a_classic_map_refused(tmp_path):
    objects = two_sides() + unit_object(3, Hex(2, 2), "loki.toml", "blue")
    refused(write_map(tmp_path, objects=objects), "object id 3 property unit", "ruleset")


def test_unknown_ruleset_refused(tmp_path):
    refused(write_map(tmp_path, objects=two_sides(), props='<property name="ruleset" value="chess"/>'),
            "map property ruleset", '"chess"')


def test_side_not_among_the_map_sides_refused(tmp_path):
    refused(write_map(tmp_path, objects=two_sides(), props='<property name="sides" value="blue,green"/>'),
            '"red" is not one of the map\'s sides')


def test_malformed_xml_refused(tmp_path):
    path = tmp_path / "broken.tmx"
    path.write_text('<?xml version="1.0"?>\n<map orientation="hexagonal" <layer>', encoding="utf-8")
    refused(path, "malformed XML")


def test_missing_level_file_refused(tmp_path):
    refused(tmp_path / "nowhere.tmx", "not found")


def test_missing_tileset_refused(tmp_path):
    path = write_map(tmp_path, tileset='<tileset firstgid="1" source="missing.tsx"/>', objects=two_sides())
    refused(path, "tileset missing.tsx", "file not found")


def test_missing_tileset_image_refused(tmp_path):
    ts = ('<tileset firstgid="1" name="pics" tilewidth="84" tileheight="72" tilecount="1" columns="1">'
          '<image source="gone.png" width="84" height="72"/></tileset>')
    refused(write_map(tmp_path, tileset=ts, objects=two_sides()), "tileset pics image", "gone.png")


def test_undecodable_layer_data_is_one_clear_line(tmp_path):
    layers = ('<layer id="1" name="terrain" width="6" height="5">'
              '<data encoding="base64" compression="zlib">not base64 at all!</data></layer>')
    text = refused(write_map(tmp_path, layers=layers, objects=two_sides()), "could not be read")
    assert len(text.splitlines()) == 1


def test_shipped_tileset_by_relative_path(tmp_path):
    """A map using the shipped tileset by a relative path, as Tiled saves it."""
    import os
    rel = Path(os.path.relpath(TILESETS / "terrain.tsx", tmp_path)).as_posix()
    path = write_map(tmp_path, tileset=f'<tileset firstgid="1" source="{rel}"/>',
                     layers=layer_xml("terrain", 6, 5, {(1, 1): 4}), objects=two_sides())
    level = load_level(path)
    assert level.map.terrain(Hex(1, 1)).terrain == "heavy_woods"
    assert level.tiles[Hex(1, 1)][0].image == TILESETS / "terrain.png"


# ------------------------------------------------------------------ check_level
def test_check_level_reports_every_problem(tmp_path):
    tiles = dict(TILES)
    tiles[1] = '<property name="terrain" value="swamp"/>'
    tiles[3] = '<property name="level" value="two"/>'
    path = write_map(tmp_path, tileset=tileset_xml(tiles), objects=two_sides())
    problems = check_level(path)
    assert len(problems) == 2
    assert all(p.startswith(str(path)) for p in problems)
    assert any("tile 1 property terrain" in p for p in problems)
    assert any("tile 3 property level" in p for p in problems)


def test_check_level_reports_tile_and_unit_problems_together(tmp_path):
    tiles = dict(TILES)
    tiles[1] = '<property name="terrain" value="swamp"/>'
    objects = two_sides() + unit_object(3, Hex(2, 2), "nosuch.toml", "blue")
    problems = check_level(write_map(tmp_path, tileset=tileset_xml(tiles), objects=objects))
    assert len(problems) == 2
    assert "tile 1 property terrain" in problems[0] and "object id 3" in problems[1]


def test_check_level_reports_every_unit_problem(tmp_path):
    objects = (two_sides()
               + unit_object(3, Hex(2, 2), "nosuch.toml", "blue")
               + unit_object(4, Hex(2, 3), "locust.toml", "blue", dx=5000)
               + unit_object(5, Hex(3, 3), "locust.toml", "blue", facing=9))
    problems = check_level(write_map(tmp_path, objects=objects))
    assert len(problems) == 3
    assert [p.split(": ")[1].split(" property")[0] for p in problems] == [
        "object id 3", "object id 4", "object id 5"]


def test_check_level_wants_two_sides(tmp_path):
    problems = check_level(write_map(tmp_path, objects=unit_object(1, Hex(0, 0), "locust.toml", "blue")))
    assert len(problems) == 1 and "at least two sides" in problems[0]


def test_check_command_prints_problems_and_exits_2(tmp_path, capsys):
    from engine.__main__ import main
    bad = write_map(tmp_path, staggerindex="even", objects=two_sides())
    assert main(["check", str(bad)]) == 2
    out = capsys.readouterr().out
    assert "staggerindex" in out
    assert main(["check", str(LEVELS / "training.tmx")]) == 0


def test_vehicle_on_prohibited_terrain_refused(tmp_path):
    # V-MOVE-8 / T-7: hover vehicles may not enter woods; wheeled and tracked not water.
    layers = layer_xml("terrain", 6, 5, {(2, 2): 1, (3, 3): 2})
    objects = (two_sides()
               + unit_object(3, Hex(2, 2), "saladin.toml", "blue")
               + unit_object(4, Hex(3, 3), "striker.toml", "blue")
               + unit_object(5, Hex(3, 2), "condor.toml", "blue"))
    problems = check_level(write_map(tmp_path, layers=layers, objects=objects))
    assert len(problems) == 2
    assert "object id 3: stands in hex 0303: heavy woods is prohibited terrain for hover" in problems[0]
    assert "object id 4: stands in hex 0404: water of depth 2" in problems[1]


def test_hover_on_water_and_airborne_vtol_over_woods_allowed(tmp_path):
    layers = layer_xml("terrain", 6, 5, {(2, 2): 2, (3, 3): 1})
    objects = (two_sides() + unit_object(3, Hex(2, 2), "condor.toml", "blue")
               + unit_object(4, Hex(3, 3), "warrior.toml", "blue",
                             extra='<property name="altitude" type="int" value="3"/>'))
    assert check_level(write_map(tmp_path, layers=layers, objects=objects)) == []


def test_vehicle_placement_follows_the_movement_rules_no_landing_in_woods(tmp_path):
    """Level loading asks systems/vehicles/terrain.standing_refusal, the
    rule vehicle movement and deployment follow: a landed VTOL may not stand
    in woods; a tracked vehicle may stand inside a building
    (rules/buildings.md B-VEH-1: it starts on the ground floor)."""
    layers = layer_xml("terrain", 6, 5, {(2, 2): 5, (3, 3): 6})
    objects = (two_sides() + unit_object(4, Hex(2, 2), "manticore.toml", "blue")
               + unit_object(5, Hex(3, 3), "warrior.toml", "blue"))
    problems = check_level(write_map(tmp_path, layers=layers, objects=objects))
    assert len(problems) == 1
    assert "object id 5: stands in hex 0404: a landed VTOL cannot stand in light woods" in problems[0]


def test_V_VTOL_5_a_vtol_placed_at_or_below_the_treetops_is_refused_as_deployment_refuses_it(tmp_path):
    """Level loading and deployment share the placement rule
    (systems/vehicles/terrain.standing_refusal); level loading used to
    accept any airborne VTOL."""
    layers = layer_xml("terrain", 6, 5, {(3, 3): 1})
    objects = two_sides() + unit_object(4, Hex(3, 3), "warrior.toml", "blue",
                                        extra='<property name="altitude" type="int" value="1"/>')
    problems = check_level(write_map(tmp_path, layers=layers, objects=objects))
    assert len(problems) == 1 and "object id 4: stands in hex 0404: a VTOL at altitude 1 would be at or below " \
        "the treetops" in problems[0]


# ------------------------------------------------------------------ round trip (hypothesis)
def _shipped_tiles() -> dict[str, tuple[int, dict]]:
    """The shipped tileset's tiles: name -> (id, raw properties)."""
    import xml.etree.ElementTree as ET
    out = {}
    for tile in ET.parse(TILESETS / "terrain.tsx").getroot().findall("tile"):
        props = {p.get("name"): (p.get("type", "string"), p.get("value")) for p in tile.iter("property")}
        out[props["name"][1]] = (int(tile.get("id")), props)
    return out


SHIPPED_TILES = _shipped_tiles()
GROUND = sorted(n for n, (_, p) in SHIPPED_TILES.items() if "terrain" in p)
LEVEL_TILES = sorted(n for n, (_, p) in SHIPPED_TILES.items() if "level" in p)
ROAD_TILES = sorted(n for n, (_, p) in SHIPPED_TILES.items() if "road" in p)


@settings(max_examples=15, deadline=None)
@given(st.dictionaries(st.tuples(st.integers(0, 4), st.integers(0, 3)),
                       st.tuples(st.sampled_from(GROUND), st.none() | st.sampled_from(LEVEL_TILES),
                                 st.none() | st.sampled_from(ROAD_TILES)), max_size=12))
def test_painted_cells_load_as_the_tiles_say(cells):
    """Paint random cells on three layers with the shipped tileset: every hex
    loads with the terrain of its ground tile, the level of its level tile and
    the road of its road tile."""
    import os
    import tempfile
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        rel = Path(os.path.relpath(TILESETS / "terrain.tsx", tmp)).as_posix()
        ids = {name: SHIPPED_TILES[name][0] for name in SHIPPED_TILES}
        layers = (layer_xml("terrain", 5, 4, {c: ids[g] for c, (g, _, _) in cells.items()}, 1)
                  + layer_xml("elevation", 5, 4, {c: ids[lv] for c, (_, lv, _) in cells.items() if lv}, 2)
                  + layer_xml("roads", 5, 4, {c: ids[r] for c, (_, _, r) in cells.items() if r}, 3))
        level = load_level(write_map(tmp, width=5, height=4, tileset=f'<tileset firstgid="1" source="{rel}"/>',
                                     layers=layers))
    for (x, y), (g, lv, r) in cells.items():
        t = level.map.terrain(Hex(x, y))
        props = SHIPPED_TILES[g][1]
        assert t.terrain == props["terrain"][1]
        assert t.depth == int(props.get("depth", ("int", "0"))[1])
        assert t.building == int(props.get("building", ("int", "0"))[1])
        assert t.level == (int(SHIPPED_TILES[lv][1]["level"][1]) if lv else 0)
        assert t.road == bool(r)
        assert t.paved == bool(r) or ("paved" in props)
    for h in level.map.all_hexes():
        if (h.x, h.y) not in cells:
            assert level.map.terrain(h) == level.map.default


def test_map_remembers_its_level_file_through_a_save():
    game = new_game_from_level(LEVELS / "training.tmx", seed=4)
    assert game.map.source == str((LEVELS / "training.tmx").resolve())
    from engine.game import Game
    assert Game.from_dict(game.to_dict()).map.source == game.map.source


# ------------------------------------------------------------------ corrupted maps (hypothesis)
def _good_map_text() -> str:
    layers = (layer_xml("terrain", 6, 5, {(0, 0): 1, (1, 0): 2}, 1)
              + layer_xml("elevation", 6, 5, {(0, 0): 3}, 2))
    import tempfile
    with tempfile.TemporaryDirectory() as tmp:
        return write_map(Path(tmp), layers=layers, objects=two_sides(),
                         props='<property name="title" value="T"/>').read_text(encoding="utf-8")


GOOD_MAP = _good_map_text()


@settings(max_examples=40, deadline=None)
@given(st.integers(0, len(GOOD_MAP) - 1), st.integers(0, 12),
       st.text(alphabet=st.sampled_from('<>"=/ 0123456789-abcxyz&;.\n'), max_size=6))
def test_corrupted_map_loads_or_is_refused_with_one_clear_message(at, cut, junk):
    import tempfile
    text = GOOD_MAP[:at] + junk + GOOD_MAP[at + cut:]
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "fuzz.tmx"
        path.write_text(text, encoding="utf-8")
        try:
            load_level(path)
        except DataError as exc:
            assert exc.problems and all(p.startswith(str(path)) for p in exc.problems)
        problems = check_level(path)
        assert all(p.startswith(str(path)) for p in problems)


def test_unknown_xml_encoding_is_one_clear_problem(tmp_path):
    from engine.levels import check_level
    bad = tmp_path / "enc.tmx"
    bad.write_text('<?xml version="1.0" encoding="U0TF-8"?>\n<map orientation="hexagonal"/>\n')
    problems = check_level(bad, [])
    assert problems and "encoding" in problems[0] and str(bad) in problems[0]


# ------------------------------------------------------------------ deployment zones (optional layer)
def _zone(oid: int, side: str | None, x, y, w, h, polygon: str = "") -> str:
    prop = f'<properties><property name="side" value="{side}"/></properties>' if side else ""
    body = f'<polygon points="{polygon}"/>' if polygon else ""
    return f'<object id="{oid}" x="{x}" y="{y}" width="{w}" height="{h}">{prop}{body}</object>'


def _zones(*objs: str) -> str:
    return f'<objectgroup id="7" name="deployment">{"".join(objs)}</objectgroup>'


def test_deployment_layer_rectangles_and_polygons_give_each_side_its_hexes(tmp_path):
    x0, y0 = hex_center_pixel(Hex(0, 0))
    x1, y1 = hex_center_pixel(Hex(0, 1))
    rect = _zone(20, "blue", x0 - 5, y0 - 5, 10, y1 - y0 + 10)          # the centres of 0101 and 0102
    cx, cy = hex_center_pixel(Hex(5, 4))
    tri = _zone(21, "red", cx, cy - 10, 0, 0, polygon="-10,0 10,0 0,20")  # around the centre of 0605
    level = load_level(write_map(tmp_path, objects=two_sides(), layers=_zones(rect, tri)))
    assert level.deployment == {"blue": [Hex(0, 0), Hex(0, 1)], "red": [Hex(5, 4)]}
    game = new_game_from_level(write_map(tmp_path, objects=two_sides(), layers=_zones(rect, tri)), seed=1)
    from engine import deployment
    deployment.begin(game)
    assert deployment.deployment_hexes(game, "blue") == [Hex(0, 0), Hex(0, 1)]


def test_deployment_zone_off_the_map_or_of_an_unknown_side_is_a_problem(tmp_path):
    off = _zone(20, "blue", -200, 10, 100, 100)
    green = _zone(21, "green", 10, 10, 100, 100)
    nosides = _zone(22, None, 10, 10, 100, 100)
    path = write_map(tmp_path, objects=two_sides(), layers=_zones(off, green, nosides))
    text = refused(path, "deployment object id 20", "off the 6x5 map", "\"green\" is not a side",
                   "missing property \"side\"")
    assert len(check_level(path)) == 3, text


def test_engine_check_reports_a_bad_deployment_zone(tmp_path):
    import subprocess
    import sys
    path = write_map(tmp_path, objects=two_sides(), layers=_zones(_zone(20, "green", 10, 10, 50, 50)))
    out = subprocess.run([sys.executable, "-m", "engine", "check", str(path)], capture_output=True, text=True)
    assert out.returncode != 0 and "\"green\" is not a side" in (out.stdout + out.stderr)
