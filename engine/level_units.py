"""The objects of a Tiled level that the game reads: units (any object with a
`unit` property, and every object of a layer named "units"), deployment
zones (the rectangles and polygons of a layer named "deployment") and the
buildings' own values (the objects of a layer named "buildings": a
`building_class` and / or a `cf` overriding the tile's for the building
hex under the object, e.g. a damaged building; engine/board_import.py
writes one for a MegaMek board); the pixel geometry that puts an object on
a hex (Tiled hexagonal, stagger axis x, stagger index odd)."""
from __future__ import annotations

import math
from pathlib import Path
from typing import Any, NamedTuple

from engine.errors import DataError
from engine.hexgrid import Hex
from engine.hexmap import BUILDING_CLASSES, MAX_CF, HexMap, Terrain
from engine.rulesets import plays_unit_kind
from engine.tiled import MapObject, Problems, Prop
from engine.unit_loader import UnitData, find_unit_file, load_unit
from engine.weapons import weapon_table
from systems.common.stacking import may_share_hex
from systems.vehicles.terrain import standing_refusal

UNITS_LAYER = "units"
DEPLOYMENT_LAYER = "deployment"
BUILDINGS_LAYER = "buildings"

# Unit object properties and their Tiled types. `uid` names the unit
# (default: made from the unit file name); piloting/driving/gunnery override
# the crew's skills.
OBJECT_PROPERTIES = {"unit": "string", "side": "string", "facing": "int", "altitude": "int",
                     "turret": "int", "uid": "string", "piloting": "int", "driving": "int",
                     "gunnery": "int"}
OBJECT_RANGES = {"facing": (0, 5), "altitude": (0, 500), "turret": (0, 5), "piloting": (0, 8),
                 "driving": (0, 8), "gunnery": (0, 8)}
ZONE_PROPERTIES = {"side": "string", "name": "string"}
BUILDING_PROPERTIES = {"building_class": "string", "cf": "int", "name": "string"}

_TRUE, _FALSE = ("true", "1"), ("false", "0")


class Placement(NamedTuple):
    """One unit placed on the map; `Game.add_unit(*placement)` spawns it."""

    data: UnitData
    uid: str
    side: str
    at: Hex
    facing: int
    overrides: dict[str, Any]


# ====================================================================== properties
def typed(prop: Prop, want: str, where: str, probs: Problems, rng: tuple[int, int] | None = None):
    """A property's value as the engine wants it (`string`, `int`, `bool`),
    also from a value of another Tiled type that parses (a `facing` left as
    a string "3"); None with the problem added otherwise."""
    raw = prop.value
    if prop.type == "class" or isinstance(raw, (dict, list)):
        probs.add(where, f"expected a property of type {want}, got type {prop.type}")
        return None
    if want == "string":
        if isinstance(raw, bool):
            return "true" if raw else "false"
        return "" if raw is None else (raw if isinstance(raw, str) else f"{raw:g}" if isinstance(raw, float)
                                       else str(raw))
    text = str(raw).strip().lower() if not isinstance(raw, bool) else ("true" if raw else "false")
    if want == "bool":
        if text in _TRUE:
            return True
        if text in _FALSE:
            return False
        probs.add(where, f"expected true or false, got \"{raw}\"")
        return None
    try:
        number = float(text)
        if number != int(number):
            raise ValueError
        v = int(number)
    except (ValueError, OverflowError):
        probs.add(where, f"expected an integer, got \"{raw}\"")
        return None
    if rng is not None and not rng[0] <= v <= rng[1]:
        probs.add(where, f"expected an integer from {rng[0]} to {rng[1]}, got {v}")
        return None
    return v


def read_props(props: dict[str, Prop], known: dict[str, str], where: str, probs: Problems,
               ranges: dict[str, tuple[int, int]] | None = None, strict: bool = False) -> dict[str, Any]:
    """The known properties, typed. Others: a problem when `strict` (tile
    properties), else kept and ignored with a warning."""
    out: dict[str, Any] = {}
    for name, prop in props.items():
        w = f"{where} {name}"
        if name not in known:
            if strict:
                probs.add(w, f"unknown property (expected one of {', '.join(known)})")
            else:
                probs.warn(w, "unknown property, ignored")
            continue
        v = typed(prop, known[name], w, probs, (ranges or {}).get(name))
        if v is not None:
            out[name] = v
    return out


# ====================================================================== geometry
def pixel_to_hex(px: float, py: float, tile_w: int, tile_h: int, hex_side: int) -> Hex:
    """The cell whose hex contains the map pixel: the cell with the nearest centre."""
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


def object_anchor(obj: MapObject) -> tuple[float, float]:
    """The pixel an object stands on: a point itself; a tile object's centre
    (tile objects are anchored at their bottom-left); a polygon or polyline
    at its origin; another shape's centre."""
    if obj.shape in ("point", "polygon", "polyline"):
        return obj.x, obj.y
    if obj.shape == "tile":
        return obj.x + obj.width / 2, obj.y - obj.height / 2
    return obj.x + obj.width / 2, obj.y + obj.height / 2


def _hexes_in_box(hexmap: HexMap, geometry: tuple[int, int, int], x0: float, y0: float, x1: float, y1: float):
    """The hexes whose centres may lie in the pixel box (column by column)."""
    tw, th, hs = geometry
    col_w = (tw - hs) / 2 + hs
    for x in range(max(0, math.floor((x0 - tw / 2) / col_w)), min(hexmap.width, math.ceil((x1 - tw / 2) / col_w) + 1)):
        off = th / 2 + (th / 2 if x % 2 else 0)
        for y in range(max(0, math.floor((y0 - off) / th)), min(hexmap.height, math.ceil((y1 - off) / th) + 1)):
            yield Hex(x, y)


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


# ====================================================================== units
def is_unit_object(obj: MapObject, layer_name: str) -> bool:
    return layer_name.lower() == UNITS_LAYER or "unit" in obj.props or obj.klass == "unit"


def read_units(objects: list[MapObject], hexmap: HexMap, geometry: tuple[int, int, int], ruleset: str,
               mods: list[Path] | None, probs: Problems, terrain_known: bool = True) -> list[Placement]:
    """The placements of the unit objects (every problem added to `probs`)."""
    placements: list[Placement] = []
    try:
        weapon_table(mods)          # a mod's weapons.toml is its own file, not a unit's problem
    except DataError as exc:
        probs.extend(exc.problems)
        return placements
    taken: set[str] = set()
    for obj in objects:        # explicit uids are reserved before any are made up
        if "uid" in obj.props and isinstance(obj.props["uid"].value, str):
            taken.add(obj.props["uid"].value)
    seen_explicit: set[str] = set()
    for obj in objects:
        label = obj.label
        start = len(probs)
        props = read_props(obj.props, OBJECT_PROPERTIES, f"{label} property", probs, OBJECT_RANGES)
        for key in ("unit", "side"):
            if key not in obj.props:
                probs.add(label, f"missing property \"{key}\" "
                          f"({'unit file name' if key == 'unit' else 'the side controlling it'})")
        px, py = object_anchor(obj)
        at = pixel_to_hex(px, py, *geometry)
        if not hexmap.on_map(at) or px < 0 or py < 0:
            probs.add(label, f"stands off the {hexmap.width}x{hexmap.height} map (at pixel {px:g}, {py:g})")
        data = file = None
        if "unit" in props:
            file = find_unit_file(props["unit"], mods)
            if file is None:
                probs.add(f"{label} property unit", f"unit file \"{props['unit']}\" not found "
                          f"(looked in the mod folders and assets/units/)")
            else:
                try:
                    data = load_unit(file, mods=mods)
                except DataError as exc:
                    for line in exc.problems:
                        probs.add(f"{label} property unit", line)
        if data is not None:
            _check_unit(data, file, props, hexmap, at, ruleset, label, probs, terrain_known)
        if len(probs) > start or data is None:
            continue
        uid = props.get("uid")
        if uid:
            if uid in seen_explicit:
                probs.add(f"{label} property uid", f"another unit already has the id \"{uid}\"")
                continue
            seen_explicit.add(uid)
        else:
            uid = new_uid(Path(file).stem, taken)
        taken.add(uid)
        overrides = {k: props[k] for k in ("altitude", "turret", "piloting", "driving", "gunnery") if k in props}
        placements.append(Placement(data, uid, props["side"], at, props.get("facing", 0), overrides))
    _check_stacking(placements, hexmap, probs)
    return placements


def _check_unit(data: UnitData, file: Path, props: dict, hexmap: HexMap, at: Hex, ruleset: str, label: str,
                probs: Problems, terrain_known: bool) -> None:
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


def _terrain_refusal(data: UnitData, altitude: int, t: Terrain) -> str | None:
    """Why a vehicle may not start in this hex (systems/vehicles/terrain.py),
    or None."""
    return standing_refusal(data.motive, altitude, t) if data.kind == "vehicle" else None


def new_uid(stem: str, taken: set[str]) -> str:
    uid, n = stem, 1
    while uid in taken:
        n += 1
        uid = f"{stem}-{n}"
    return uid


def _check_stacking(placements: list[Placement], hexmap: HexMap, probs: Problems) -> None:
    """Stacking (systems/common/stacking.py): one unit on the ground per hex,
    as at the end of a move; an airborne VTOL may share a hex with ground
    units, a VTOL landed on a roof with a friend inside (B-POS-3)."""
    placed: dict[Hex, list[Placement]] = {}
    for p in placements:
        # No unit exists yet: airborne and on a roof as unit_state.airborne and roof_height judge a VTOL's altitude.
        building = hexmap.terrain(p.at).building if hexmap.on_map(p.at) else 0
        for other in placed.get(p.at, []):
            a, b = _elevation(p), _elevation(other)
            if may_share_hex(a > building, b > building, building if a == building else 0,
                             building if b == building else 0, p.side != other.side):
                continue
            probs.add(f"unit {p.uid}", f"hex {hexmap.label(p.at)} already holds {other.uid}, "
                      + ("a unit of another side" if other.side != p.side else "one unit on the ground per hex"))
        placed.setdefault(p.at, []).append(p)


def _elevation(p: Placement) -> int:
    return p.overrides.get("altitude", (p.data.altitude or {}).get("level", 0)) if p.data.altitude else 0


# ====================================================================== buildings
def read_buildings(objects: list[MapObject], hexmap: HexMap, geometry: tuple[int, int, int],
                   probs: Problems) -> None:
    """Each object of the buildings layer sets the class and / or CF of the
    building hex under it (rules/buildings.md B-CLASS-4); an object off the
    map, on a hex without a building, or with neither value is a problem."""
    for obj in objects:
        label = f"{BUILDINGS_LAYER} {obj.label}"
        props = read_props(obj.props, BUILDING_PROPERTIES, f"{label} property", probs, {"cf": (1, MAX_CF)})
        klass = props.get("building_class")
        if klass is not None and klass not in BUILDING_CLASSES:
            probs.add(f"{label} property building_class",
                      f"must be light, medium, heavy or hardened, got \"{klass}\"")
            continue
        if klass is None and "cf" not in props:
            if "building_class" not in obj.props and "cf" not in obj.props:
                probs.add(label, "a buildings object gives a building_class, a cf or both")
            continue
        px, py = object_anchor(obj)
        at = pixel_to_hex(px, py, *geometry)
        if not hexmap.on_map(at) or px < 0 or py < 0:
            probs.add(label, f"stands off the {hexmap.width}x{hexmap.height} map (at pixel {px:g}, {py:g})")
            continue
        t = hexmap.terrain(at)
        if not t.building:
            probs.add(label, f"stands in hex {hexmap.label(at)}, which has no building: only a building hex "
                      f"has a building class or a CF")
            continue
        hexmap.set(at, Terrain(**{**vars(t), **({"building_class": klass} if klass else {}),
                                  **({"cf": props["cf"]} if "cf" in props else {})}))


# ====================================================================== deployment zones
def read_deployment(objects: list[MapObject], hexmap: HexMap, geometry: tuple[int, int, int],
                    sides: list[str], probs: Problems) -> dict[str, list[Hex]]:
    """Each rectangle or polygon of the deployment layer with a `side`
    property adds the hexes whose centres lie inside it to that side's
    deployment zone (engine/deployment.py)."""
    zones: dict[str, list[Hex]] = {}
    map_w = hex_center_pixel(Hex(hexmap.width - 1, 0), *geometry)[0] + geometry[0] / 2
    map_h = hexmap.height * geometry[1] + geometry[1] / 2
    for obj in objects:
        label = f"{DEPLOYMENT_LAYER} {obj.label}"
        props = read_props(obj.props, ZONE_PROPERTIES, f"{label} property", probs)
        side = props.get("side")
        if not side:
            probs.add(label, "missing property \"side\" (the side deploying in this zone)")
            continue
        if side not in sides:
            probs.add(f"{label} property side", f"\"{side}\" is not a side of this level "
                      f"({', '.join(sides) or 'no units'})")
            continue
        if obj.shape == "polygon" and len(obj.points) >= 3:
            shape = [(obj.x + px, obj.y + py) for px, py in obj.points]
        elif obj.shape == "rectangle" and obj.width > 0 and obj.height > 0:
            shape = [(obj.x, obj.y), (obj.x + obj.width, obj.y), (obj.x + obj.width, obj.y + obj.height),
                     (obj.x, obj.y + obj.height)]
        else:
            probs.add(label, "a deployment zone is a rectangle or a polygon")
            continue
        xs, ys = [p[0] for p in shape], [p[1] for p in shape]
        if min(xs) < 0 or min(ys) < 0 or max(xs) > map_w + 0.5 or max(ys) > map_h + 0.5:
            probs.add(label, f"lies (partly) off the {hexmap.width}x{hexmap.height} map "
                      f"(pixels {min(xs):g},{min(ys):g} to {max(xs):g},{max(ys):g})")
            continue
        inside = [h for h in _hexes_in_box(hexmap, geometry, min(xs), min(ys), max(xs), max(ys))
                  if _point_in_polygon(hex_center_pixel(h, *geometry), shape)]
        if not inside:
            probs.add(label, "contains no hex centre")
            continue
        have = zones.setdefault(side, [])
        have += [h for h in inside if h not in have]
    return zones
