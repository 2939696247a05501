"""Tiled levels (contract/levels.md): read a `.tmx` hex map, validate it, turn
it into a `HexMap` plus the units placed on it, and start a game from it.

- `load_level(path, mods)` returns a `Level` or raises DataError listing every
  problem (`FILE: where: what`).
- `check_level(path, mods)` returns every problem as a list of lines (empty
  when the level is playable); `python -m engine check LEVEL` prints them.
- `new_game_from_level(path, mods, seed)` builds the `Game` (ruleset from the
  map property) and spawns the placed units.

The map is read with `pytmx.TiledMap` without an image loader (no display).
The raw XML is checked first with ElementTree so that every problem can be
named precisely (tileset, tile id, property; object name and id), and so that
malformed files, missing tilesets and bad property values give one clear
line instead of a pytmx traceback.

Terrain: each hex is the combination of the tiles of every tile layer in that
cell, bottom layer first. A tile that sets `terrain` replaces the terrain
below it (with its own `depth` / `building`); `level`, `road` and `paved`
are set by whichever layer's tile carries them (the upper one wins).
"""
from __future__ import annotations

import logging
import math
import os
import secrets
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple

from engine.errors import DataError, one_line
from engine.hexgrid import Hex
from engine.hexmap import TERRAINS, HexMap, Terrain
from engine.paths import ASSETS, LEVELS, is_inside
from engine.unit_loader import UnitData, find_unit_file, load_unit

# Required map settings: BattleTech mapsheet layout.
MAP_SETTINGS = (("orientation", "hexagonal"), ("staggeraxis", "x"), ("staggerindex", "odd"))
MAP_PROPERTIES = ("title", "ruleset", "sides", "description")
UNITS_LAYER = "units"
DEPLOYMENT_LAYER = "deployment"     # optional: rectangles / polygons with a `side` property

# Tile properties and their Tiled types ("name" is a label for designers).
TILE_PROPERTIES = {"terrain": "string", "level": "int", "depth": "int", "road": "bool",
                   "paved": "bool", "building": "int", "name": "string"}
TILE_RANGES = {"level": (-99, 99), "depth": (0, 99), "building": (0, 99)}

# Unit object properties and their Tiled types. `uid` names the unit
# (default: made from the unit file name); piloting/driving/gunnery override
# the crew's skills.
OBJECT_PROPERTIES = {"unit": "string", "side": "string", "facing": "int", "altitude": "int",
                     "turret": "int", "uid": "string", "piloting": "int", "driving": "int",
                     "gunnery": "int"}
OBJECT_RANGES = {"facing": (0, 5), "altitude": (0, 500), "turret": (0, 5), "piloting": (0, 8),
                 "driving": (0, 8), "gunnery": (0, 8)}

_TRUE, _FALSE = ("true", "1"), ("false", "0")


class Placement(NamedTuple):
    """One unit placed on the map; `Game.add_unit(*placement)` spawns it."""

    data: UnitData
    uid: str
    side: str
    at: Hex
    facing: int
    overrides: dict[str, Any]


class TileImage(NamedTuple):
    """Where a tile's picture is: the image file and the rectangle in it
    (None = the whole image, for image-collection tilesets)."""

    image: Path
    rect: tuple[int, int, int, int] | None


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
    tmx: Any = None     # the pytmx.TiledMap
    # Deployment zones from the optional `deployment` object layer: side -> hexes.
    deployment: dict[str, list[Hex]] = field(default_factory=dict)


# ====================================================================== API
def load_level(path: Path | str, mods: list[Path] | None = None) -> Level:
    level, problems = _read(Path(path), mods)
    if problems or level is None:
        raise DataError(problems or [f"{path}: cannot load level"])
    return level


def check_level(path: Path | str, mods: list[Path] | None = None) -> list[str]:
    """Every problem of a level, one a line; empty when it is playable."""
    level, problems = _read(Path(path), mods)
    if level is not None and not problems:
        sides_with_units = {p.side for p in level.placements}
        if len(sides_with_units) < 2:
            problems.append(f"{path}: {UNITS_LAYER}: a level needs units of at least two sides "
                            f"(objects in an object layer named \"{UNITS_LAYER}\")")
    return problems


def new_game_from_level(path: Path | str, mods: list[Path] | None = None, seed: int | None = None):
    """A new `Game` on this level with its units spawned."""
    from engine.game import Game
    level = load_level(path, mods)
    if seed is None:
        seed = secrets.randbelow(2**31)
    game = Game(level.map, level.ruleset, seed, sides=list(level.sides))
    for placement in level.placements:
        game.add_unit(*placement)
    game.__dict__["deployment_zones"] = dict(level.deployment)    # engine/deployment.begin uses them
    return game


# ====================================================================== reading
class _Problems(list):
    def __init__(self, fname: str) -> None:
        super().__init__()
        self.fname = fname

    def add(self, where: str, what: str) -> None:
        self.append(one_line(f"{self.fname}: {where}: {what}" if where else f"{self.fname}: {what}"))


def _parse_xml(path: Path, probs: _Problems, where: str) -> ET.Element | None:
    try:
        return ET.parse(path).getroot()
    except FileNotFoundError:
        probs.add(where, f"file not found: {path}")
    except ET.ParseError as exc:
        probs.add(where, f"malformed XML ({exc})")
    except (OSError, UnicodeDecodeError) as exc:
        probs.add(where, f"cannot read {path}: {exc}")
    except LookupError as exc:       # an XML declaration naming an unknown encoding
        probs.add(where, f"malformed XML (unknown text encoding: {exc})")
    return None


def _read(path: Path, mods: list[Path] | None) -> tuple[Level | None, list[str]]:
    fname = str(path)
    probs = _Problems(fname)
    if not path.is_file():
        probs.add("", "level file not found")
        return None, list(probs)
    root = _parse_xml(path, probs, "")
    if root is None:
        return None, list(probs)
    if root.tag != "map":
        probs.add("", f"not a Tiled map (the root element is <{root.tag}>, expected <map>)")
        return None, list(probs)

    # ---- map settings (anything else is refused before reading further)
    for key, expected in MAP_SETTINGS:
        got = root.get(key)
        if got != expected:
            probs.add(f"map {key}", f"expected \"{expected}\" (BattleTech layout: flat-topped hexes in "
                      f"columns, odd columns shifted down), got \"{got or '(none)'}\"")
    if root.get("infinite", "0") not in ("0", ""):
        probs.add("map infinite", "infinite maps are not supported (uncheck Infinite in Map Properties)")
    dims = {}
    for key, lo, hi in (("width", 1, 999), ("height", 1, 999), ("tilewidth", 1, 10000),
                        ("tileheight", 1, 10000), ("hexsidelength", 0, 10000)):
        dims[key] = _int_attr(root, key, lo, hi, probs)
    if probs:
        return None, list(probs)
    width, height = dims["width"], dims["height"]

    # ---- map properties
    props = _properties(root, probs, "map property", {k: "string" for k in MAP_PROPERTIES})
    from engine.rulesets import ruleset_names
    ruleset = props.get("ruleset", "classic")
    if ruleset not in ruleset_names():
        probs.add("map property ruleset", f"expected one of {', '.join(ruleset_names())}, got \"{ruleset}\"")
        ruleset = "classic"
    sides_prop = [s.strip() for s in props.get("sides", "").split(",") if s.strip()]
    title = props.get("title", "") or path.stem.replace("_", " ").title()

    # ---- tilesets: tile properties per Tiled gid, tile pictures per gid
    gid_props, gid_images, ranges = _read_tilesets(root, path, probs, mods)

    # ---- pytmx: decode the layers (only once the tiles are sound: pytmx
    # stops at the first bad value, and terrain needs every tile)
    hexmap = HexMap(width, height, title=title, source=str(path.resolve()))
    tmx, tiles, terrain_known = None, {}, False
    if not probs:
        tmx = _pytmx_map(path, probs)
        if tmx is not None:
            tiles = _combine_layers(tmx, width, height, gid_props, gid_images, ranges, hexmap, probs)
            terrain_known = True

    # ---- units (checked even when the terrain could not be read, so that
    # check_level reports every problem)
    geometry = (dims["tilewidth"], dims["tileheight"], dims["hexsidelength"] or dims["tilewidth"] // 2)
    placements = _read_units(root, hexmap, geometry, ruleset, mods, probs, terrain_known)
    sides = list(sides_prop)
    for p in placements:
        if p.side not in sides:
            if sides_prop:
                probs.add(f"unit {p.uid} side", f"\"{p.side}\" is not one of the map's sides "
                          f"({', '.join(sides_prop)})")
            sides.append(p.side)
    zones = _read_deployment(root, hexmap, geometry, sides, probs)
    if probs:
        return None, list(probs)
    level = Level(path=path, map=hexmap, title=title, ruleset=ruleset, sides=sides,
                  placements=placements, tile_width=geometry[0], tile_height=geometry[1],
                  hex_side=geometry[2], tiles=tiles, tmx=tmx, deployment=zones)
    return level, []


def _read_deployment(root: ET.Element, hexmap: HexMap, geometry: tuple[int, int, int], sides: list[str],
                     probs: "_Problems") -> dict[str, list[Hex]]:
    """The optional `deployment` object layer: each rectangle or polygon
    object with a `side` property adds the hexes whose centres lie inside it
    to that side's deployment zone (engine/deployment.py)."""
    zones: dict[str, list[Hex]] = {}
    map_w = hex_center_pixel(Hex(hexmap.width - 1, 0), *geometry)[0] + geometry[0] / 2
    map_h = hexmap.height * geometry[1] + geometry[1] / 2
    for group in root.iter("objectgroup"):
        if group.get("name") != DEPLOYMENT_LAYER:
            continue
        for obj in group.findall("object"):
            oid, oname = obj.get("id", "?"), obj.get("name", "")
            label = f"{DEPLOYMENT_LAYER} object \"{oname}\" (id {oid})" if oname else \
                f"{DEPLOYMENT_LAYER} object id {oid}"
            props = _properties(obj, probs, f"{label} property", {"side": "string", "name": "string"})
            side = props.get("side")
            if not side:
                probs.add(label, "missing property \"side\" (the side deploying in this zone)")
                continue
            if side not in sides:
                probs.add(f"{label} property side", f"\"{side}\" is not a side of this level "
                          f"({', '.join(sides) or 'no units'})")
                continue
            shape = _zone_polygon(obj)
            if shape is None:
                probs.add(label, "a deployment zone is a rectangle or a polygon with numeric coordinates")
                continue
            xs, ys = [p[0] for p in shape], [p[1] for p in shape]
            if min(xs) < 0 or min(ys) < 0 or max(xs) > map_w + 0.5 or max(ys) > map_h + 0.5:
                probs.add(label, f"lies (partly) off the {hexmap.width}x{hexmap.height} map "
                          f"(pixels {min(xs):g},{min(ys):g} to {max(xs):g},{max(ys):g})")
                continue
            inside = [h for h in hexmap.all_hexes() if _point_in_polygon(hex_center_pixel(h, *geometry), shape)]
            if not inside:
                probs.add(label, "contains no hex centre")
                continue
            have = zones.setdefault(side, [])
            have += [h for h in inside if h not in have]
    return zones


def _zone_polygon(obj: ET.Element) -> list[tuple[float, float]] | None:
    try:
        x, y, w, h = (float(obj.get(k, 0)) for k in ("x", "y", "width", "height"))
        poly = obj.find("polygon")
        if poly is not None:
            pts = [tuple(float(v) for v in p.split(",")) for p in poly.get("points", "").split()]
            shape = [(x + px, y + py) for px, py in pts]
        elif obj.find("point") is None and obj.find("ellipse") is None and obj.get("gid") is None \
                and obj.find("polyline") is None and w > 0 and h > 0:
            shape = [(x, y), (x + w, y), (x + w, y + h), (x, y + h)]
        else:
            return None
    except ValueError:
        return None
    if len(shape) < 3 or not all(math.isfinite(v) for p in shape for v in p):
        return None
    return shape


def _point_in_polygon(pt: tuple[float, float], poly: list[tuple[float, float]]) -> bool:
    x, y = pt
    inside = False
    j = len(poly) - 1
    for i in range(len(poly)):
        xi, yi = poly[i]
        xj, yj = poly[j]
        if (yi > y) != (yj > y) and x < (xj - xi) * (y - yi) / (yj - yi) + xi:
            inside = not inside
        j = i
    return inside


def _pytmx_map(path: Path, probs: _Problems):
    """The map read by pytmx (no image loader, no display), or None with the
    reason added to `probs`."""
    pytmx_log = logging.getLogger("pytmx")
    saved_level = pytmx_log.level
    pytmx_log.setLevel(logging.CRITICAL)     # its complaints become our one-line problem
    try:
        os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
        import pytmx
        return pytmx.TiledMap(str(path))
    except Exception as exc:   # pytmx raises many kinds; turn all into one line
        probs.add("", f"Tiled map could not be read: {type(exc).__name__}: {exc}")
        return None
    finally:
        pytmx_log.setLevel(saved_level)


def _int_attr(el: ET.Element, key: str, lo: int, hi: int, probs: _Problems) -> int:
    raw = el.get(key)
    try:
        v = int(raw)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        probs.add(f"map {key}", f"expected an integer from {lo} to {hi}, got \"{raw or '(none)'}\"")
        return 0
    if not lo <= v <= hi:
        probs.add(f"map {key}", f"expected an integer from {lo} to {hi}, got {v}")
    return v


def _properties(el: ET.Element, probs: _Problems, where: str, allowed: dict[str, str],
                ranges: dict[str, tuple[int, int]] | None = None) -> dict[str, Any]:
    """Read and check the <properties> of one element against `allowed`
    (name -> Tiled type); problems go to `probs` prefixed with `where`."""
    out: dict[str, Any] = {}
    for p in el.findall("./properties/property"):
        name = p.get("name", "")
        ptype = p.get("type", "string")
        raw = p.get("value")
        if raw is None:
            raw = p.text or ""
        w = f"{where} {name}"
        if name not in allowed:
            probs.add(w, f"unknown property (expected one of {', '.join(allowed)})")
            continue
        want = allowed[name]
        if ptype != want:
            probs.add(w, f"expected a property of type {want}, got type {ptype} (value \"{raw}\")")
            continue
        if want == "int":
            try:
                v: Any = int(raw)
            except ValueError:
                probs.add(w, f"expected an integer, got \"{raw}\"")
                continue
            lo, hi = (ranges or {}).get(name, (None, None))
            if lo is not None and not lo <= v <= hi:
                probs.add(w, f"expected an integer from {lo} to {hi}, got {v}")
                continue
        elif want == "bool":
            if raw.strip().lower() in _TRUE:
                v = True
            elif raw.strip().lower() in _FALSE:
                v = False
            else:
                probs.add(w, f"expected true or false, got \"{raw}\"")
                continue
        else:
            v = raw
        out[name] = v
    return out


def _read_tilesets(root: ET.Element, path: Path, probs: _Problems, mods: list[Path] | None = None):
    """Tile properties and pictures by Tiled gid, and the (firstgid, name) list."""
    gid_props: dict[int, dict[str, Any]] = {}
    gid_images: dict[int, TileImage] = {}
    ranges: list[tuple[int, str]] = []
    for ts in root.findall("tileset"):
        try:
            firstgid = int(ts.get("firstgid", ""))
        except ValueError:
            probs.add("tileset", f"firstgid expected an integer, got \"{ts.get('firstgid')}\"")
            continue
        base = path.parent
        source = ts.get("source")
        tname = ts.get("name", "(unnamed)")
        if source:
            tname = source
            tsx = (path.parent / source)
            if not is_inside(tsx, [path.parent, ASSETS, LEVELS, *(mods or [])]):
                probs.add(f"tileset {source}", "leads outside the level's folder, the shipped assets "
                          "and the mod folders")
                continue
            el = _parse_xml(tsx, probs, f"tileset {source}")
            if el is None:
                continue
            if el.tag != "tileset":
                probs.add(f"tileset {source}", f"not a Tiled tileset (root element <{el.tag}>)")
                continue
            ts, base = el, tsx.parent
        ranges.append((firstgid, tname))
        image = ts.find("image")
        nums = {}
        for key in ("columns", "tilewidth", "tileheight", "margin", "spacing", "tilecount"):
            try:
                nums[key] = int(ts.get(key, "0") or 0)
            except ValueError:
                probs.add(f"tileset {tname} {key}", f"expected an integer, got \"{ts.get(key)}\"")
                nums[key] = 0
        columns, tw, th = nums["columns"], nums["tilewidth"], nums["tileheight"]
        margin, spacing = nums["margin"], nums["spacing"]
        sheet = None
        if image is not None:
            sheet = (base / image.get("source", "")).resolve()
            if not is_inside(sheet, [path.parent, base, ASSETS, LEVELS, *(mods or [])]):
                probs.add(f"tileset {tname} image", "leads outside the level's folder, the shipped "
                          "assets and the mod folders")
            elif not sheet.is_file():
                probs.add(f"tileset {tname} image", f"file not found: {sheet}")
            for tid in range(min(nums["tilecount"], 100_000)):
                if columns:
                    r, c = divmod(tid, columns)
                    rect = (margin + c * (tw + spacing), margin + r * (th + spacing), tw, th)
                    gid_images[firstgid + tid] = TileImage(sheet, rect)
        for tile in ts.findall("tile"):
            try:
                tid = int(tile.get("id", ""))
            except ValueError:
                probs.add(f"tileset {tname}", f"tile id expected an integer, got \"{tile.get('id')}\"")
                continue
            where = f"tileset {tname} tile {tid} property"
            props = _properties(tile, probs, where, TILE_PROPERTIES, TILE_RANGES)
            t = props.get("terrain")
            if t is not None and t not in TERRAINS:
                probs.add(f"{where} terrain", f"unknown terrain \"{t}\" (expected one of {', '.join(TERRAINS)})")
                props.pop("terrain")
            props.pop("name", None)
            gid_props[firstgid + tid] = props
            img = tile.find("image")
            if img is not None:    # image-collection tileset
                pic = (base / img.get("source", "")).resolve()
                if not is_inside(pic, [path.parent, base, ASSETS, LEVELS, *(mods or [])]):
                    probs.add(f"tileset {tname} tile {tid} image", "leads outside the level's folder, "
                              "the shipped assets and the mod folders")
                elif not pic.is_file():
                    probs.add(f"tileset {tname} tile {tid} image", f"file not found: {pic}")
                gid_images[firstgid + tid] = TileImage(pic, None)
    ranges.sort()
    return gid_props, gid_images, ranges


def _combine_layers(tmx, width: int, height: int, gid_props, gid_images, ranges,
                    hexmap: HexMap, probs: _Problems) -> dict[Hex, list[TileImage]]:
    import pytmx
    stacks: dict[Hex, list[dict[str, Any]]] = {}
    tiles: dict[Hex, list[TileImage]] = {}
    for layer in _tile_layers(tmx.layers, pytmx):
        for y, row in enumerate(layer.data):
            for x, gid in enumerate(row):
                if not gid:
                    continue
                tiled_gid = tmx.tiledgidmap.get(gid, gid)
                h = Hex(x, y)
                if not any(first <= tiled_gid for first, _ in ranges):
                    probs.add(f"layer {layer.name} hex {hexmap.label(h)}", f"tile gid {tiled_gid} is in no tileset")
                    continue
                stacks.setdefault(h, []).append(gid_props.get(tiled_gid, {}))
                if tiled_gid in gid_images:
                    tiles.setdefault(h, []).append(gid_images[tiled_gid])
    for h, stack in stacks.items():
        if not (0 <= h.x < width and 0 <= h.y < height):
            continue
        t = combine_tiles(stack)
        if t != hexmap.default:
            hexmap.set(h, t)
    return tiles


def _tile_layers(layers, pytmx):
    """Tile layers in drawing order, including those inside group layers."""
    for layer in layers:
        if isinstance(layer, pytmx.TiledTileLayer):
            yield layer
        elif hasattr(layer, "layers"):
            yield from _tile_layers(layer.layers, pytmx)


def combine_tiles(stack: list[dict[str, Any]]) -> Terrain:
    """One hex's terrain from its tiles' properties, bottom layer first."""
    t = Terrain()
    for props in stack:
        if "terrain" in props:
            t.terrain = props["terrain"]
            t.depth = props.get("depth", 0)
            t.building = props.get("building", 0)
        else:
            if "depth" in props:
                t.depth = props["depth"]
            if "building" in props:
                t.building = props["building"]
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
    return t


# ====================================================================== units
def pixel_to_hex(px: float, py: float, tile_w: int, tile_h: int, hex_side: int) -> Hex:
    """The cell whose hex contains the map pixel (Tiled hexagonal, stagger
    axis x, stagger index odd): the cell with the nearest centre."""
    col_w = (tile_w - hex_side) / 2 + hex_side
    c0 = math.floor(px / col_w)
    best, best_d = Hex(c0, 0), math.inf
    for cx in (c0 - 1, c0, c0 + 1):
        off = tile_h / 2 if cx % 2 else 0
        r0 = math.floor((py - off) / tile_h)
        for cy in (r0 - 1, r0, r0 + 1):
            x, y = hex_center_pixel(Hex(cx, cy), tile_w, tile_h, hex_side)
            d = (x - px) ** 2 + (y - py) ** 2
            if d < best_d:
                best, best_d = Hex(cx, cy), d
    return best


def hex_center_pixel(h: Hex, tile_w: int = 84, tile_h: int = 72, hex_side: int = 42) -> tuple[float, float]:
    """Centre of a cell in Tiled map pixels (same layout as pixel_to_hex)."""
    col_w = (tile_w - hex_side) / 2 + hex_side
    return h.x * col_w + tile_w / 2, h.y * tile_h + tile_h / 2 + (tile_h / 2 if h.x % 2 else 0)


def _object_anchor(obj: ET.Element) -> tuple[float, float] | None:
    """The pixel an object stands on: a point itself; a tile object's centre
    (tile objects are anchored at their bottom-left); a shape's centre.
    None when its coordinates are not numbers."""
    try:
        x, y, w, h = (float(obj.get(k, 0)) for k in ("x", "y", "width", "height"))
    except ValueError:
        return None
    if not all(math.isfinite(v) for v in (x, y, w, h)):
        return None
    if obj.find("point") is not None:
        return x, y
    if obj.get("gid") is not None:
        return x + w / 2, y - h / 2
    if obj.find("polygon") is not None or obj.find("polyline") is not None:
        return x, y
    return x + w / 2, y + h / 2


def _read_units(root: ET.Element, hexmap: HexMap, geometry: tuple[int, int, int], ruleset: str,
                mods: list[Path] | None, probs: _Problems, terrain_known: bool = True) -> list[Placement]:
    from engine.rulesets import plays_unit_kind
    placements: list[Placement] = []
    taken: set[str] = set()
    for group in _object_groups(root):     # explicit uids are reserved before any are made up
        taken.update(p.get("value") or "" for p in group.findall("./object/properties/property[@name='uid']"))
    seen_explicit: set[str] = set()
    for group in _object_groups(root):
        for obj in group.findall("object"):
            oid, oname = obj.get("id", "?"), obj.get("name", "")
            label = f"object \"{oname}\" (id {oid})" if oname else f"object id {oid}"
            start = len(probs)
            props = _properties(obj, probs, f"{label} property", OBJECT_PROPERTIES, OBJECT_RANGES)
            present = {p.get("name") for p in obj.findall("./properties/property")}
            for key in ("unit", "side"):
                if key not in present:
                    probs.add(label, f"missing property \"{key}\" ({'unit file name' if key == 'unit' else 'the side controlling it'})")
            anchor = _object_anchor(obj)
            if anchor is None:
                probs.add(label, "x, y, width and height must be numbers")
                continue
            px, py = anchor
            at = pixel_to_hex(px, py, *geometry)
            if not hexmap.on_map(at) or px < 0 or py < 0:
                probs.add(label, f"stands off the {hexmap.width}x{hexmap.height} map "
                          f"(at pixel {px:g}, {py:g})")
            data = None
            if "unit" in props:
                file = find_unit_file(props["unit"], mods)
                if file is None:
                    probs.add(f"{label} property unit", f"unit file \"{props['unit']}\" not found "
                              f"(looked in the mod folders and assets/units/)")
                else:
                    try:
                        data = load_unit(file)
                    except DataError as exc:
                        for line in exc.problems:
                            probs.add(f"{label} property unit", line)
            if data is not None:
                if not plays_unit_kind(ruleset, data.kind):
                    probs.add(f"{label} property unit", f"{file.name} is an Alpha Strike card; "
                              f"set the map property ruleset = alpha-strike" if data.kind == "alpha-strike" else
                              f"{file.name} is not an Alpha Strike card (the map's ruleset is alpha-strike)")
                if "altitude" in props and data.altitude is None:
                    probs.add(f"{label} property altitude", f"{data.name} does not fly")
                if "turret" in props and data.turret is None:
                    probs.add(f"{label} property turret", f"{data.name} has no turret")
                if terrain_known and hexmap.on_map(at):
                    why = _terrain_refusal(data, props.get("altitude", 0), hexmap.terrain(at))
                    if why:
                        probs.add(label, f"stands in hex {hexmap.label(at)}: {why}")
            if len(probs) > start or data is None:
                continue
            uid = props.get("uid")
            if uid:
                if uid in seen_explicit:
                    probs.add(f"{label} property uid", f"another unit already has the id \"{uid}\"")
                    continue
                seen_explicit.add(uid)
            else:
                uid = _new_uid(Path(file).stem, taken)
            taken.add(uid)
            overrides: dict[str, Any] = {}
            for key in ("altitude", "turret", "piloting", "driving", "gunnery"):
                if key in props:
                    overrides[key] = props[key]
            placements.append(Placement(data, uid, props["side"], at, props.get("facing", 0), overrides))
    _check_stacking(placements, hexmap, probs)
    return placements


def _terrain_refusal(data: UnitData, altitude: int, t: Terrain) -> str | None:
    """Why a vehicle may not start in this hex (systems/vehicles/terrain.py),
    or None."""
    from systems.vehicles.terrain import standing_refusal
    return standing_refusal(data.motive, altitude, t) if data.kind == "vehicle" else None


def _object_groups(root: ET.Element):
    """Object layers named `units`, also inside group layers."""
    for el in root.iter("objectgroup"):
        if el.get("name") == UNITS_LAYER:
            yield el


def _new_uid(stem: str, taken: set[str]) -> str:
    uid, n = stem, 1
    while uid in taken:
        n += 1
        uid = f"{stem}-{n}"
    return uid


def _check_stacking(placements: list[Placement], hexmap: HexMap, probs: _Problems) -> None:
    """Stacking (systems/common/stacking.py): one unit on the ground per hex,
    as at the end of a move; an airborne VTOL may share a hex with ground units."""
    from systems.common.stacking import may_share_hex
    placed: dict[Hex, list[Placement]] = {}
    for p in placements:
        for other in placed.get(p.at, []):
            if may_share_hex(_elevation(p) > 0, _elevation(other) > 0):
                continue
            probs.add(f"unit {p.uid}", f"hex {hexmap.label(p.at)} already holds {other.uid}, "
                      + ("a unit of another side" if other.side != p.side else "one unit on the ground per hex"))
        placed.setdefault(p.at, []).append(p)


def _elevation(p: Placement) -> int:
    return p.overrides.get("altitude", (p.data.altitude or {}).get("level", 0)) if p.data.altitude else 0
