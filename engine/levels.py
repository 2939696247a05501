"""Tiled levels (contract/levels.md, extensions in docs/levels.md): read a
Tiled hex map, validate it, turn it into a `HexMap` plus the units placed on
it, and start a game from it. `check`, the game and the scenario runner all
load levels here.

- `load_level(path, mods)` returns a `Level` or raises DataError listing every
  problem (`FILE: where: what`).
- `check_level(path, mods)` returns every problem as a list of lines (empty
  when the level is playable); `level_report` adds the warnings and what the
  engine read (`python -m engine check LEVEL [--json]`).
- `new_game_from_level(path, mods, seed)` builds the `Game` (ruleset from the
  map property) and spawns the placed units.

The files are read by engine/tiled.py (TMX or JSON, external or embedded
tilesets, templates, object types), every path confined by engine/paths.py.

Terrain: each hex is the combination of the tiles of every tile layer in that
cell, bottom layer first. A tile that sets `terrain` replaces the terrain
below it (with its own `depth` / `building`); `level`, `road` and `paved`
are set by whichever layer's tile carries them (the upper one wins). Flip
and rotation bits change a tile's picture, never its terrain.
"""
from __future__ import annotations

import secrets
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable, NamedTuple

from engine.errors import DataError
from engine.hexgrid import Hex
from engine.hexmap import BUILDING_CLASSES, MAX_CF, TERRAINS, HexMap, Terrain
from engine.level_units import (
    BUILDINGS_LAYER, DEPLOYMENT_LAYER, OBJECT_PROPERTIES, UNITS_LAYER, Placement, hex_center_pixel, is_unit_object,
    pixel_to_hex, read_buildings, read_deployment, read_props, read_units,
)
from engine.paths import allowed_roots
from engine.tiled import GID_MASK, Problems, TiledMap, read_map, tile_of

__all__ = ["Level", "OBJECT_PROPERTIES", "Placement", "TileImage", "check_level", "combine_tiles", "hex_center_pixel",
           "level_report", "load_level", "new_game_from_level", "pixel_to_hex", "read_terrain"]

# Required map settings: BattleTech mapsheet layout.
MAP_SETTINGS = (("orientation", "hexagonal"), ("staggeraxis", "x"), ("staggerindex", "odd"))
MAP_PROPERTIES = {"title": "string", "ruleset": "string", "sides": "string", "description": "string",
                  "players": "string"}

# Tile properties and their Tiled types ("name" is a label for designers).
TILE_PROPERTIES = {"terrain": "string", "level": "int", "depth": "int", "road": "bool",
                   "paved": "bool", "building": "int", "building_class": "string", "cf": "int", "name": "string"}
TILE_RANGES = {"level": (-99, 99), "depth": (0, 99), "building": (0, 99), "cf": (1, MAX_CF)}
NO_UNITS = ("no units: this level is a map (put unit objects, with a \"unit\" and a \"side\" property, "
            "on an object layer, e.g. from levels/templates/)")


class TileImage(NamedTuple):
    """Where a tile's picture is: the image file and the rectangle in it
    (None = the whole image, for image-collection tilesets), and the gid's
    flip and rotation bits (engine/tiled.py FLIP_*)."""

    image: Path
    rect: tuple[int, int, int, int] | None
    flags: int = 0


@dataclass
class Level:
    path: Path
    map: HexMap
    title: str
    ruleset: str
    sides: list[str]
    placements: list[Placement]
    # Map pixel geometry (Tiled): tile width/height and hex side length.
    tile_width: int = 84
    tile_height: int = 72
    hex_side: int = 42
    # Per hex, the pictures of its tiles bottom layer first (for drawing).
    tiles: dict[Hex, list[TileImage]] = field(default_factory=dict)
    # Deployment zones from the optional `deployment` object layer: side -> hexes.
    deployment: dict[str, list[Hex]] = field(default_factory=dict)
    # Who plays each side, from the `players` map property (side -> "bot:2"; others are people).
    players: dict[str, str] = field(default_factory=dict)
    # Values kept but ignored, shipped files used in place of missing ones.
    warnings: list[str] = field(default_factory=list)


# ====================================================================== API
def load_level(path: Path | str, mods: list[Path] | None = None) -> Level:
    level, problems = _read(Path(path), mods)
    if problems or level is None:
        raise DataError(problems or [f"{path}: cannot load level"])
    return level


def check_level(path: Path | str, mods: list[Path] | None = None) -> list[str]:
    """Every problem of a level, one a line; empty when it is playable."""
    return level_report(path, mods)[1]


def level_report(path: Path | str, mods: list[Path] | None = None) -> tuple[Level | None, list[str], list[str]]:
    """(the level or None, every problem, every warning). A level without
    units is a map (a warning); units of one side only are a problem."""
    level, problems, warnings = _read_all(Path(path), mods)
    if level is not None and not problems:
        sides_with_units = {p.side for p in level.placements}
        if not sides_with_units:
            warnings.append(f"{path}: {NO_UNITS}")
        elif len(sides_with_units) < 2:
            problems.append(f"{path}: {UNITS_LAYER}: a level needs units of at least two sides "
                            f"(objects with \"unit\" and \"side\" properties on an object layer)")
    return level, problems, warnings


def new_game_from_level(path: Path | str, mods: list[Path] | None = None, seed: int | None = None):
    """A new `Game` on this level with its units spawned."""
    return game_of_level(load_level(path, mods), seed)


def game_of_level(level: Level, seed: int | None = None, sides: Iterable[str] | None = None):
    """A new `Game` on a level read, with the level's units of `sides` (all by default)."""
    from engine.game import Game
    if seed is None:
        seed = secrets.randbelow(2**31)
    game = Game(level.map, level.ruleset, seed, sides=list(level.sides))
    for placement in level.placements:
        if sides is None or placement.side in sides:
            game.add_unit(*placement)
    game.__dict__["deployment_zones"] = dict(level.deployment)    # engine/deployment.begin uses them
    game.__dict__["level_players"] = dict(level.players)          # the window's players of each side
    return game


def level_json(level: Level, warnings: list[str] | None = None) -> dict[str, Any]:
    """What the engine reads from a level: every hex's terrain, the units
    with their properties, the deployment zones (`check --json`)."""
    m = level.map
    return {
        "title": level.title, "ruleset": level.ruleset, "sides": list(level.sides),
        "width": m.width, "height": m.height,
        "hexes": [{"hex": m.label(h), **{k: getattr(m.terrain(h), k) for k in
                                         ("terrain", "level", "depth", "building", "road", "paved")},
                   **({"building_class": m.terrain(h).building_type, "cf": m.terrain(h).construction_factor}
                      if m.terrain(h).building else {})}
                  for h in m.all_hexes()],
        "units": [{"uid": p.uid, "unit": Path(p.data.path).name, "name": p.data.name, "side": p.side, "hex": m.label(p.at), "facing": p.facing,
                   **p.overrides} for p in level.placements],
        "deployment": {side: [m.label(h) for h in hexes] for side, hexes in level.deployment.items()},
        "players": dict(level.players),
        "warnings": list(warnings if warnings is not None else level.warnings),
    }


# ====================================================================== reading
def _read(path: Path, mods: list[Path] | None) -> tuple[Level | None, list[str]]:
    level, problems, _warnings = _read_all(path, mods)
    return level, problems


def read_terrain(path: Path, mods: list[Path] | None = None):
    """(TiledMap, HexMap, tile pictures, geometry, Problems) of a level: its
    terrain with the buildings layer's classes and CFs, the units not read
    (the map art loader, importers, a save's level)."""
    probs = Problems(str(path))
    tmap = read_map(path, allowed_roots(path.parent, mods or []), probs)
    if tmap is None:
        return None, None, {}, (84, 72, 42), probs
    attrs = tmap.attrs
    for key, expected in MAP_SETTINGS:
        got = attrs.get(key)
        if got != expected:
            probs.add(f"map {key}", f"expected \"{expected}\" (BattleTech layout: flat-topped hexes in "
                      f"columns, odd columns shifted down), got \"{got or '(none)'}\"")
    if str(attrs.get("infinite", "0")) not in ("0", ""):
        probs.add("map infinite", "infinite maps are not supported (uncheck Infinite in Map Properties)")
    dims = {}
    for key, lo, hi in (("tilewidth", 1, 10000), ("tileheight", 1, 10000), ("hexsidelength", 0, 10000)):
        dims[key] = _int_attr(attrs, key, lo, hi, probs)
    geometry = (dims["tilewidth"] or 84, dims["tileheight"] or 72,
                dims["hexsidelength"] or (dims["tilewidth"] or 84) // 2)
    hexmap = HexMap(int(attrs["width"]), int(attrs["height"]), source=str(path.resolve()))
    gid_props = _tile_properties(tmap, probs)
    tiles = _combine_layers(tmap, geometry, gid_props, hexmap, probs)
    read_buildings([o for layer in tmap.layers if layer.kind == "objects" and layer.name.lower() == BUILDINGS_LAYER
                    for o in layer.objects], hexmap, geometry, probs)
    return tmap, hexmap, tiles, geometry, probs


def _read_all(path: Path, mods: list[Path] | None) -> tuple[Level | None, list[str], list[str]]:
    tmap, hexmap, tiles, geometry, probs = read_terrain(path, mods)
    if tmap is None or hexmap is None:
        return None, list(probs), list(probs.warnings)
    terrain_known = not probs
    props = read_props(tmap.props, MAP_PROPERTIES, "map property", probs)
    from engine.rulesets import ruleset_names
    ruleset = props.get("ruleset", "classic")
    if ruleset not in ruleset_names():
        probs.add("map property ruleset", f"expected one of {', '.join(ruleset_names())}, got \"{ruleset}\"")
        ruleset = "classic"
    sides_prop = [s.strip() for s in props.get("sides", "").split(",") if s.strip()]
    title = props.get("title", "") or path.stem.replace("_", " ").title()
    hexmap.title = title

    unit_objects, zone_objects = [], []
    for layer in tmap.layers:
        read_props(layer.props, {}, f"{layer.where} property", probs)
        if layer.kind != "objects":
            continue
        if layer.parallax != (1.0, 1.0) and layer.objects:
            probs.warn(layer.where, "parallax factor ignored (objects stand where Tiled shows them with "
                       "the view at the map's origin)")
        if layer.name.lower() == DEPLOYMENT_LAYER:
            zone_objects += layer.objects
        elif layer.name.lower() != BUILDINGS_LAYER:
            unit_objects += [o for o in layer.objects if is_unit_object(o, layer.name)]
    placements = read_units(unit_objects, hexmap, geometry, ruleset, mods, probs, terrain_known)
    sides = list(sides_prop)
    for p in placements:
        if p.side not in sides:
            if sides_prop:
                probs.add(f"unit {p.uid} side", f"\"{p.side}\" is not one of the map's sides "
                          f"({', '.join(sides_prop)})")
            sides.append(p.side)
    zones = read_deployment(zone_objects, hexmap, geometry, sides, probs)
    players = _players(props.get("players", ""), sides, probs)
    if probs:
        return None, list(probs), list(probs.warnings)
    level = Level(path=path, map=hexmap, title=title, ruleset=ruleset, sides=sides,
                  placements=placements, tile_width=geometry[0], tile_height=geometry[1],
                  hex_side=geometry[2], tiles=tiles, deployment=zones, warnings=list(probs.warnings),
                  players=players)
    return level, [], list(probs.warnings)


def _players(text: str, sides: list[str], probs: Problems) -> dict[str, str]:
    """The `players` map property: `SIDE=PLAYER` items separated by commas
    (`red=bot:2`: the computer plays red at difficulty 2)."""
    from engine.bot.names import parse_assignments
    try:
        players = parse_assignments(text)
    except ValueError as exc:
        probs.add("map property players", str(exc))
        return {}
    for side in players:
        if side not in sides:
            probs.add("map property players", f"\"{side}\" is not a side of this level ({', '.join(sides)})")
    return players


def _int_attr(attrs: dict, key: str, lo: int, hi: int, probs: Problems) -> int:
    raw = attrs.get(key)
    try:
        v = int(raw) if not isinstance(raw, bool) else None  # type: ignore[arg-type]
    except (TypeError, ValueError):
        v = None
    if v is None or not lo <= v <= hi:
        probs.add(f"map {key}", f"expected an integer from {lo} to {hi}, got \"{raw if raw is not None else '(none)'}\"")
        return 0
    return v


def _tile_properties(tmap: TiledMap, probs: Problems) -> dict[int, dict[str, Any]]:
    """Terrain properties by gid (flip bits masked)."""
    out: dict[int, dict[str, Any]] = {}
    for ts in tmap.tilesets:
        for tid, tile in ts.tiles.items():
            where = f"tileset {ts.label} tile {tid} property"
            props = read_props(tile.props, TILE_PROPERTIES, where, probs, TILE_RANGES, strict=True)
            t = props.get("terrain")
            if t is not None and t not in TERRAINS:
                probs.add(f"{where} terrain", f"unknown terrain \"{t}\" (expected one of {', '.join(TERRAINS)})")
                props.pop("terrain")
            klass = props.get("building_class")
            if klass is not None and klass not in BUILDING_CLASSES:
                probs.add(f"{where} building_class", f"must be light, medium, heavy or hardened, got \"{klass}\"")
                props.pop("building_class")
            if ("building_class" in props or "cf" in props) and not props.get("building") \
                    and props.get("terrain") != "building":
                probs.add(f"{where} {'building_class' if 'building_class' in props else 'cf'}",
                          "only a building tile (terrain \"building\" or a building height) has a building class "
                          "or a CF")
            props.pop("name", None)
            out[ts.firstgid + tid] = props
    return out


def _grid_shift(offset: tuple[float, float], geometry: tuple[int, int, int]) -> tuple[int, int] | None:
    """The whole-hex move (columns, rows) a tile layer offset makes, or None
    when it moves the layer's hexes off the grid (an odd number of columns
    changes which columns are shifted down, so only even ones keep the grid)."""
    tw, th, hs = geometry
    col_w = (tw - hs) / 2 + hs
    cols, rows = offset[0] / col_w, offset[1] / th
    if abs(cols - round(cols)) > 0.01 or abs(rows - round(rows)) > 0.01 or round(cols) % 2:
        return None
    return round(cols), round(rows)


def _combine_layers(tmap: TiledMap, geometry, gid_props, hexmap: HexMap, probs: Problems) -> dict[Hex, list[TileImage]]:
    stacks: dict[Hex, list[dict[str, Any]]] = {}
    tiles: dict[Hex, list[TileImage]] = {}
    width, height = hexmap.width, hexmap.height
    for layer in tmap.layers:
        if layer.kind != "tiles" or not layer.gids:
            continue
        shift = _grid_shift(layer.offset, geometry)
        if shift is None:
            probs.add(layer.where, f"offset {layer.offset[0]:g}, {layer.offset[1]:g} px does not move its "
                      f"tiles by whole hexes (columns are {(geometry[0] + geometry[2]) / 2:g} px apart, moved in "
                      f"pairs; rows {geometry[1]} px): the terrain would not be where Tiled shows it")
            continue
        if layer.parallax != (1.0, 1.0):
            probs.warn(layer.where, "parallax factor ignored (the terrain is where Tiled shows it with the "
                       "view at the map's origin)")
        dx, dy = shift
        for i, gid in enumerate(layer.gids):
            if not gid:
                continue
            h = Hex(i % width + dx, i // width + dy)
            found = tile_of(tmap.tilesets, gid)
            if found is None or not 0 <= found[1] < max(found[0].tilecount, max(found[0].tiles, default=-1) + 1):
                probs.add(f"{layer.where} hex {hexmap.label(Hex(i % width, i // width))}",
                          f"tile gid {gid & GID_MASK} is in no tileset")
                continue
            if not (0 <= h.x < width and 0 <= h.y < height):
                continue
            ts, tid = found
            stacks.setdefault(h, []).append(gid_props.get(gid & GID_MASK, {}))
            tile = ts.tiles.get(tid)
            if tile is not None and tile.image is not None:
                tiles.setdefault(h, []).append(TileImage(tile.image, None, gid & ~GID_MASK))
            elif ts.image is not None and ts.rect(tid) is not None:
                tiles.setdefault(h, []).append(TileImage(ts.image, ts.rect(tid), gid & ~GID_MASK))
    for h, stack in stacks.items():
        t = combine_tiles(stack)
        if t != hexmap.default:
            hexmap.set(h, t)
    return tiles


def combine_tiles(stack: list[dict[str, Any]]) -> Terrain:
    """One hex's terrain from its tiles' properties, bottom layer first."""
    t = Terrain()
    for props in stack:
        if "terrain" in props:
            t.terrain = props["terrain"]
            t.depth = props.get("depth", 0)
            t.building = props.get("building", 0)
            t.building_class, t.cf = props.get("building_class", ""), props.get("cf")
        else:
            if "depth" in props:
                t.depth = props["depth"]
            if "building" in props:
                t.building = props["building"]
            if "building_class" in props:
                t.building_class = props["building_class"]
            if "cf" in props:
                t.cf = props["cf"]
        for key in ("level", "road", "paved"):
            if key in props:
                setattr(t, key, props[key])
    if t.building and t.terrain == "clear":
        t.terrain = "building"
    if t.terrain == "building" and not t.building:
        t.building = 1
    if t.terrain == "water" and not t.depth:
        t.depth = 1
    if t.terrain != "water":
        t.depth = 0
    if not t.building:
        t.building_class, t.cf = "", None      # a class or CF without a building means nothing
    return t
