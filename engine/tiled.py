"""Reading what Tiled writes into one plain model: TMX and JSON maps
(.tmx, .tmj, .json), TSX and JSON tilesets (.tsx, .tsj), object templates
(.tx, .tj), object types (Tiled 1.8's objecttypes file, and the classes of
Tiled 1.9+ project files), group layers, layer offsets and image layers.

Every file is read through engine/files.py (regular files only, size caps),
every path a file names through engine/paths.confine, and layer data through
engine/layerdata.decode (a limit on decompression). Problems are collected
as `FILE: where: what` lines so that `check` can list every one; warnings
(a value kept but ignored, a shipped file used in place of a missing one)
likewise. Which properties mean what is engine/levels.py's business: here
properties are kept as Tiled wrote them (`Prop`: name, type, value).
"""
from __future__ import annotations

import json
import os
import stat
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine import layerdata
from engine.errors import DataError, one_line
from engine.files import MAX_LEVEL_BYTES, read_bytes
from engine.paths import LEVELS, TEMPLATES, TILESETS, confine

MAX_IMAGE_BYTES = 64 << 20
MAX_TILES = 100_000           # tiles in one tileset
MAX_OBJECTS = 100_000         # objects in one map
MAX_DEPTH = 50                # nested group layers

FLIP_H, FLIP_V, FLIP_D, ROTATE_120 = 0x80000000, 0x40000000, 0x20000000, 0x10000000
GID_MASK = 0x0FFFFFFF


class Problems(list):
    """`FILE: where: what` lines, and the warnings beside them."""

    def __init__(self, fname: str) -> None:
        super().__init__()
        self.fname = fname
        self.warnings: list[str] = []

    def line(self, where: str, what: str) -> str:
        return one_line(f"{self.fname}: {where}: {what}" if where else f"{self.fname}: {what}")

    def add(self, where: str, what: str) -> None:
        self.append(self.line(where, what))

    def warn(self, where: str, what: str) -> None:
        self.warnings.append(self.line(where, what))


@dataclass
class Prop:
    name: str
    type: str              # Tiled's type: string, int, float, bool, color, file, object, class
    value: Any             # as written: text in XML files, typed in JSON files
    propertytype: str = ""


@dataclass
class Tile:
    props: dict[str, Prop]
    image: Path | None = None          # a tile of an image-collection tileset


@dataclass
class Tileset:
    firstgid: int
    label: str             # the path the map names, or the embedded tileset's name
    path: Path | None      # the tileset file (None: embedded)
    tilewidth: int = 0
    tileheight: int = 0
    columns: int = 0
    tilecount: int = 0
    margin: int = 0
    spacing: int = 0
    image: Path | None = None
    tiles: dict[int, Tile] = field(default_factory=dict)

    def rect(self, tid: int) -> tuple[int, int, int, int] | None:
        if self.image is None or not self.columns or not 0 <= tid < self.tilecount:
            return None
        r, c = divmod(tid, self.columns)
        return (self.margin + c * (self.tilewidth + self.spacing),
                self.margin + r * (self.tileheight + self.spacing), self.tilewidth, self.tileheight)


@dataclass
class Layer:
    kind: str              # "tiles", "objects", "image"
    name: str
    where: str             # "layer NAME" or "layer GROUP/NAME" for messages
    offset: tuple[float, float] = (0.0, 0.0)     # group offsets included
    parallax: tuple[float, float] = (1.0, 1.0)
    visible: bool = True
    props: dict[str, Prop] = field(default_factory=dict)
    gids: list[int] = field(default_factory=list)                 # tiles: W x H, flip bits kept
    objects: list["MapObject"] = field(default_factory=list)      # objects
    image: Path | None = None                                     # image


@dataclass
class MapObject:
    id: str
    name: str
    klass: str
    x: float
    y: float
    width: float
    height: float
    shape: str             # rectangle, point, ellipse, polygon, polyline, tile, text
    points: list[tuple[float, float]]
    props: dict[str, Prop]

    @property
    def label(self) -> str:
        return f"object \"{self.name}\" (id {self.id})" if self.name else f"object id {self.id}"


@dataclass
class TiledMap:
    path: Path
    attrs: dict[str, Any]
    props: dict[str, Prop]
    tilesets: list[Tileset]
    layers: list[Layer]


# ====================================================================== files
def _load(path: Path, where: str, probs: Problems) -> tuple[str, Any] | None:
    """("xml", root element) or ("json", value) of a Tiled file, sniffed
    from its first character; None with the problem added. `where` names
    the file in messages ("" for the map itself)."""
    what = where or probs.fname
    try:
        data = read_bytes(path, MAX_LEVEL_BYTES, what)
    except DataError as exc:
        probs.add(where, exc.first_line().removeprefix(f"{what}: "))
        return None
    if data.lstrip()[:1] in (b"{", b"["):
        try:
            return "json", json.loads(data.decode("utf-8"))
        except (UnicodeDecodeError, ValueError, RecursionError) as exc:
            probs.add(where, f"malformed JSON ({exc})")
            return None
    try:
        return "xml", ET.fromstring(data)
    except ET.ParseError as exc:
        probs.add(where, f"malformed XML ({exc})")
    except LookupError as exc:            # an XML declaration naming an unknown encoding
        probs.add(where, f"malformed XML (unknown text encoding: {exc})")
    except (ValueError, RecursionError) as exc:
        probs.add(where, f"malformed XML ({exc})")
    return None


def check_image(path: Path, what: str, probs: Problems) -> bool:
    """Whether an image a level names is a regular file within the image
    cap (not opened here: the art loader reads it through engine/files.py)."""
    try:
        info = os.stat(path)
    except (OSError, ValueError):
        probs.add(what, f"file not found: {path}")
        return False
    if not stat.S_ISREG(info.st_mode):
        probs.add(what, f"{path} is not a regular file")
        return False
    if info.st_size > MAX_IMAGE_BYTES:
        probs.add(what, f"{path}: {info.st_size} bytes, more than the {MAX_IMAGE_BYTES} an image may have")
        return False
    return True


def _num(value: Any, what: str, probs: Problems, lo: float, hi: float, default: float = 0,
         integer: bool = True) -> float:
    if value is None or value == "":
        return default
    try:
        v = float(value) if not isinstance(value, bool) else None
    except (TypeError, ValueError):
        v = None
    if v is None or v != v or not lo <= v <= hi or (integer and v != int(v)):
        probs.add(what, f"expected {'an integer' if integer else 'a number'} from {lo:g} to {hi:g}, "
                  f"got \"{value}\"")
        return default
    return int(v) if integer else v


# ====================================================================== properties
def _xml_props(el: ET.Element | None) -> dict[str, Prop]:
    out: dict[str, Prop] = {}
    if el is None:
        return out
    for p in el.findall("./properties/property"):
        ptype = p.get("type", "string")
        if ptype == "class":
            value: Any = {k: v.value for k, v in _xml_props(p).items()}
        else:
            value = p.get("value")
            if value is None:
                value = p.text or ""
        out[p.get("name") or ""] = Prop(p.get("name") or "", ptype, value, p.get("propertytype", ""))
    return out


def _json_props(value: Any, what: str, probs: Problems) -> dict[str, Prop]:
    out: dict[str, Prop] = {}
    if value is None:
        return out
    if not isinstance(value, list):
        probs.add(what, "properties: expected a list")
        return out
    for p in value:
        if not isinstance(p, dict) or not isinstance(p.get("name"), str):
            probs.add(what, "properties: each property is an object with a name")
            continue
        ptype = p.get("type", "string")
        out[p["name"]] = Prop(p["name"], ptype if isinstance(ptype, str) else "?", p.get("value"),
                              str(p.get("propertytype", "")))
    return out


# ====================================================================== object types
def read_object_types(level_dir: Path, roots: list[Path], probs: Problems) -> dict[str, dict[str, Prop]]:
    """Default properties by object class: the shipped project's classes,
    then those of the Tiled projects and object types files in the level's
    own folder (later ones win)."""
    types: dict[str, dict[str, Prop]] = {}
    sources = [LEVELS / "hexmech.tiled-project"]
    try:
        own = sorted(level_dir.glob("*.tiled-project")) + \
            [level_dir / n for n in ("objecttypes.xml", "objecttypes.json") if (level_dir / n).exists()]
    except OSError:
        own = []
    sources += [p for p in own if p.resolve() != sources[0].resolve()]
    for source in sources:
        _read_types_file(source, roots, probs, types)
    return types


def _read_types_file(path: Path, roots: list[Path], probs: Problems, types: dict) -> None:
    what = f"object types {path.name}"
    loaded = _load(path, what, probs)
    if loaded is None:
        return
    kind, data = loaded
    if kind == "xml":
        if data.tag != "objecttypes":
            probs.add(what, f"not a Tiled object types file (root element <{data.tag}>)")
            return
        for t in data.findall("objecttype"):
            props = {}
            for p in t.findall("property"):
                props[p.get("name") or ""] = Prop(p.get("name") or "", p.get("type", "string"),
                                                  p.get("default", ""), p.get("propertytype", ""))
            types[t.get("name") or ""] = props
        return
    if isinstance(data, list):                        # objecttypes.json
        for t in data:
            if isinstance(t, dict) and isinstance(t.get("name"), str):
                types[t["name"]] = _json_props(t.get("properties"), what, probs)
        return
    if not isinstance(data, dict):
        probs.add(what, "not a Tiled project or object types file")
        return
    for t in data.get("propertyTypes") or []:         # Tiled 1.9+ classes used as object types
        if isinstance(t, dict) and t.get("type") == "class" and isinstance(t.get("name"), str):
            use = t.get("useAs")
            if use is None or (isinstance(use, list) and "object" in use):
                types[t["name"]] = _json_props(t.get("members"), what, probs)
    source = data.get("objectTypesFile")
    if isinstance(source, str) and source:
        try:
            found = confine(source, path.parent, roots, f"{what} objectTypesFile")
        except DataError as exc:
            probs.add("", exc.first_line())
            return
        if found.path.suffix in (".xml", ".json") and found.path != path.resolve():
            _read_types_file(found.path, roots, probs, types)


# ====================================================================== tilesets
def _tileset(kind: str, data: Any, firstgid: int, label: str, path: Path | None, base: Path,
             roots: list[Path], probs: Problems) -> Tileset | None:
    where = f"tileset {label}"
    ts = Tileset(firstgid, label, path)
    if kind == "xml":
        if data.tag != "tileset":
            probs.add(where, f"not a Tiled tileset (root element <{data.tag}>)")
            return None
        get, image = data.get, data.find("image")
        image_source = image.get("source") if image is not None else None
        tiles = [(t.get("id"), _xml_props(t), (t.find("image").get("source") if t.find("image") is not None
                                               else None)) for t in data.findall("tile")]
    else:
        if not isinstance(data, dict) or data.get("type", "tileset") != "tileset":
            probs.add(where, "not a Tiled tileset (a JSON object of type \"tileset\")")
            return None
        get, image_source = data.get, data.get("image")
        raw = data.get("tiles") or []
        if not isinstance(raw, list):
            probs.add(where, "tiles: expected a list")
            raw = []
        tiles = [(t.get("id"), _json_props(t.get("properties"), f"{where} tile {t.get('id')}", probs),
                  t.get("image")) for t in raw if isinstance(t, dict)]
    for key, hi in (("tilewidth", 10000), ("tileheight", 10000), ("columns", 10000),
                    ("tilecount", MAX_TILES), ("margin", 10000), ("spacing", 10000)):
        setattr(ts, key, _num(get(key), f"{where} {key}", probs, 0, hi))
    if image_source is not None:
        ts.image = _image(image_source, base, roots, f"{where} image", probs)
    if len(tiles) > MAX_TILES:
        probs.add(where, f"more than {MAX_TILES} tiles")
        tiles = tiles[:MAX_TILES]
    for tid_raw, props, tile_image in tiles:
        tid = _num(tid_raw, f"{where} tile id", probs, 0, MAX_TILES - 1, -1)
        if tid < 0:
            continue
        pic = _image(tile_image, base, roots, f"{where} tile {tid} image", probs) if tile_image else None
        ts.tiles[tid] = Tile(props, pic)
    return ts


def _image(source: Any, base: Path, roots: list[Path], what: str, probs: Problems) -> Path | None:
    try:
        found = confine(source, base, roots, what)
    except DataError as exc:
        probs.append(probs.line("", exc.first_line()))
        return None
    return found.path if check_image(found.path, what, probs) else None


def _tileset_ref(source: str, firstgid: int, base: Path, roots: list[Path], probs: Problems) -> Tileset | None:
    what = f"tileset {source}"
    try:
        found = confine(source, base, roots, what, shipped=TILESETS)
    except DataError as exc:
        probs.append(probs.line("", exc.first_line()))
        return None
    if found.warning:
        probs.warnings.append(probs.line("", found.warning))
    loaded = _load(found.path, what, probs)
    if loaded is None:
        return None
    return _tileset(*loaded, firstgid, source, found.path, found.path.parent, roots, probs)


def read_tileset(path: Path, roots: list[Path], probs: Problems) -> Tileset | None:
    """A tileset file (TSX or JSON) by itself, or None with the problems added."""
    return _tileset_ref(str(path), 1, path.parent, roots, probs)


# ====================================================================== templates
class _Templates:
    """Object templates (.tx / .tj) read once each: object -> (fields, tileset path)."""

    def __init__(self, base: Path, roots: list[Path], probs: Problems) -> None:
        self.base, self.roots, self.probs = base, roots, probs
        self.cache: dict[Path, dict[str, Any] | None] = {}

    def get(self, source: Any, what: str) -> dict[str, Any] | None:
        try:
            found = confine(source, self.base, self.roots, f"{what} template", shipped=TEMPLATES)
        except DataError as exc:
            self.probs.append(self.probs.line("", exc.first_line()))
            return None
        if found.warning:
            self.probs.warnings.append(self.probs.line("", found.warning))
        if found.path not in self.cache:
            self.cache[found.path] = self._read(found.path, f"template {source}")
        return self.cache[found.path]

    def _read(self, path: Path, what: str) -> dict[str, Any] | None:
        loaded = _load(path, what, self.probs)
        if loaded is None:
            return None
        kind, data = loaded
        if kind == "xml":
            obj = data.find("object") if data.tag == "template" else None
            if obj is None:
                self.probs.add(what, "not a Tiled template (a <template> holding an <object>)")
                return None
            return _xml_object_fields(obj)
        if not isinstance(data, dict) or data.get("type") != "template" or not isinstance(data.get("object"), dict):
            self.probs.add(what, "not a Tiled template (a JSON object of type \"template\" with an object)")
            return None
        return _json_object_fields(data["object"], what, self.probs)


def _xml_object_fields(obj: ET.Element) -> dict[str, Any]:
    f: dict[str, Any] = {k: obj.get(k) for k in ("id", "name", "x", "y", "width", "height", "gid", "template")
                         if obj.get(k) is not None}
    klass = obj.get("class", obj.get("type"))
    if klass is not None:
        f["class"] = klass
    for shape in ("point", "ellipse", "polygon", "polyline", "text"):
        el = obj.find(shape)
        if el is not None:
            f["shape"] = shape
            if shape in ("polygon", "polyline"):
                f["points"] = el.get("points", "")
    f["props"] = _xml_props(obj)
    return f


def _json_object_fields(obj: dict, what: str, probs: Problems) -> dict[str, Any]:
    f: dict[str, Any] = {k: obj[k] for k in ("id", "name", "x", "y", "width", "height", "gid", "template")
                         if k in obj}
    klass = obj.get("class", obj.get("type"))
    if klass is not None:
        f["class"] = klass
    for shape in ("point", "ellipse", "text"):
        if obj.get(shape):
            f["shape"] = shape
    for shape in ("polygon", "polyline"):
        if shape in obj:
            f["shape"] = shape
            pts = obj[shape]
            f["points"] = " ".join(f"{p.get('x')},{p.get('y')}" for p in pts if isinstance(p, dict)) \
                if isinstance(pts, list) else "?"
    f["props"] = _json_props(obj.get("properties"), what, probs)
    return f


def _make_object(f: dict[str, Any], templates: _Templates, types: dict, offset: tuple[float, float],
                 probs: Problems) -> MapObject:
    """An object: its template's fields under its own, its class's default
    properties under both, its layer's offset added."""
    oid = str(f.get("id", "?"))
    label = f"object \"{f.get('name')}\" (id {oid})" if f.get("name") else f"object id {oid}"
    merged = dict(f)
    if "template" in f:
        base = templates.get(f["template"], label)
        if base is not None:
            merged = {**base, **{k: v for k, v in f.items() if k != "props"}}
            merged["props"] = {**base["props"], **f["props"]}
    klass = merged.get("class") or ""
    klass = klass if isinstance(klass, str) else ""
    props = {**types.get(klass, {}), **merged["props"]} if klass in types else merged["props"]
    x = _num(merged.get("x"), f"{label} x", probs, -1e7, 1e7, 0, integer=False)
    y = _num(merged.get("y"), f"{label} y", probs, -1e7, 1e7, 0, integer=False)
    w = _num(merged.get("width"), f"{label} width", probs, 0, 1e7, 0, integer=False)
    h = _num(merged.get("height"), f"{label} height", probs, 0, 1e7, 0, integer=False)
    shape = merged.get("shape") or ("tile" if merged.get("gid") not in (None, 0, "0") else "rectangle")
    points: list[tuple[float, float]] = []
    if shape in ("polygon", "polyline"):
        for pair in str(merged.get("points", "")).split():
            a, _, b = pair.partition(",")
            px = _num(a, f"{label} {shape} point", probs, -1e7, 1e7, 0, integer=False)
            py = _num(b, f"{label} {shape} point", probs, -1e7, 1e7, 0, integer=False)
            points.append((px, py))
    return MapObject(oid, str(merged.get("name") or ""), klass, x + offset[0], y + offset[1], w, h,
                     shape, points, props)


# ====================================================================== maps
class _Reader:
    def __init__(self, path: Path, roots: list[Path], probs: Problems) -> None:
        self.path, self.roots, self.probs = path, roots, probs
        self.templates = _Templates(path.parent, roots, probs)
        self.types = read_object_types(path.parent, roots, probs)
        self.width = self.height = 0
        self.objects = 0

    # ---------------------------------------------------------------- XML
    def xml_map(self, root: ET.Element) -> TiledMap | None:
        attrs = dict(root.attrib)
        if not self._size(attrs):
            return None
        props = _xml_props(root)
        tilesets = []
        for el in root.findall("tileset"):
            firstgid = _num(el.get("firstgid"), "tileset firstgid", self.probs, 1, GID_MASK, 0)
            if not firstgid:
                continue
            if el.get("source") is not None:
                ts = _tileset_ref(el.get("source"), firstgid, self.path.parent, self.roots, self.probs)
            else:
                ts = _tileset("xml", el, firstgid, el.get("name", "(unnamed)"), None, self.path.parent,
                              self.roots, self.probs)
            if ts is not None:
                tilesets.append(ts)
        layers: list[Layer] = []
        self._xml_layers(root, (0.0, 0.0), (1.0, 1.0), "", layers, 0)
        return TiledMap(self.path, attrs, props, tilesets, layers)

    def _xml_layers(self, parent: ET.Element, offset, parallax, prefix: str, out: list[Layer], depth: int) -> None:
        if depth > MAX_DEPTH:
            self.probs.add(prefix.rstrip("/"), f"group layers nested more than {MAX_DEPTH} deep")
            return
        for el in parent:
            if el.tag not in ("layer", "objectgroup", "imagelayer", "group"):
                continue
            layer = self._common(el.get, _xml_props(el), el.tag, offset, parallax, prefix)
            if el.tag == "group":
                self._xml_layers(el, layer.offset, layer.parallax, f"{prefix}{layer.name}/", out, depth + 1)
                continue
            if el.tag == "layer":
                layer.kind = "tiles"
                data = el.find("data")
                if data is None or data.find("chunk") is not None:
                    self.probs.add(layer.where, "no layer data (infinite maps are not supported)")
                    continue
                if not self._layer_size(el.get, layer):
                    continue
                enc, comp = data.get("encoding", ""), data.get("compression", "")
                payload = [t.get("gid", "0") for t in data.findall("tile")] if enc == "" else (data.text or "")
                layer.gids = self._decode(payload, enc, comp, layer)
            elif el.tag == "objectgroup":
                layer.kind = "objects"
                for obj in el.findall("object"):
                    self._add_object(layer, _xml_object_fields(obj))
            else:
                layer.kind = "image"
                image = el.find("image")
                if image is not None and image.get("source"):
                    layer.image = _image(image.get("source"), self.path.parent, self.roots,
                                         f"{layer.where} image", self.probs)
            out.append(layer)

    # ---------------------------------------------------------------- JSON
    def json_map(self, data: Any) -> TiledMap | None:
        if not isinstance(data, dict) or data.get("type", "map") != "map":
            self.probs.add("", "not a Tiled map (a JSON object of type \"map\")")
            return None
        attrs = {k: v for k, v in data.items() if not isinstance(v, (list, dict))}
        for k in ("orientation", "staggeraxis", "staggerindex", "renderorder"):
            if k in attrs and not isinstance(attrs[k], str):
                attrs[k] = str(attrs[k])
        if "infinite" in attrs:
            attrs["infinite"] = "1" if attrs["infinite"] is True else "0" if attrs["infinite"] is False \
                else str(attrs["infinite"])
        if not self._size(attrs):
            return None
        props = _json_props(data.get("properties"), "map", self.probs)
        tilesets = []
        raw = data.get("tilesets") or []
        for t in raw if isinstance(raw, list) else []:
            if not isinstance(t, dict):
                continue
            firstgid = _num(t.get("firstgid"), "tileset firstgid", self.probs, 1, GID_MASK, 0)
            if not firstgid:
                continue
            if "source" in t:
                ts = _tileset_ref(t["source"], firstgid, self.path.parent, self.roots, self.probs)
            else:
                ts = _tileset("json", t, firstgid, str(t.get("name", "(unnamed)")), None, self.path.parent,
                              self.roots, self.probs)
            if ts is not None:
                tilesets.append(ts)
        layers: list[Layer] = []
        self._json_layers(data.get("layers"), (0.0, 0.0), (1.0, 1.0), "", layers, 0)
        return TiledMap(self.path, attrs, props, tilesets, layers)

    def _json_layers(self, raw: Any, offset, parallax, prefix: str, out: list[Layer], depth: int) -> None:
        if depth > MAX_DEPTH:
            self.probs.add(prefix.rstrip("/"), f"group layers nested more than {MAX_DEPTH} deep")
            return
        for el in raw if isinstance(raw, list) else []:
            if not isinstance(el, dict) or el.get("type") not in ("tilelayer", "objectgroup", "imagelayer", "group"):
                continue
            kind = el["type"]
            layer = self._common(el.get, _json_props(el.get("properties"), f"layer {el.get('name')}", self.probs),
                                 kind, offset, parallax, prefix)
            if kind == "group":
                self._json_layers(el.get("layers"), layer.offset, layer.parallax, f"{prefix}{layer.name}/",
                                  out, depth + 1)
                continue
            if kind == "tilelayer":
                layer.kind = "tiles"
                if "chunks" in el or "data" not in el:
                    self.probs.add(layer.where, "no layer data (infinite maps are not supported)")
                    continue
                if not self._layer_size(el.get, layer):
                    continue
                enc, comp = el.get("encoding", "csv"), el.get("compression", "")
                if not isinstance(enc, str) or not isinstance(comp, str):
                    self.probs.add(layer.where, "encoding and compression must be text")
                    continue
                layer.gids = self._decode(el["data"], "" if enc == "csv" else enc, comp, layer)
            elif kind == "objectgroup":
                layer.kind = "objects"
                objs = el.get("objects") or []
                for obj in objs if isinstance(objs, list) else []:
                    if isinstance(obj, dict):
                        self._add_object(layer, _json_object_fields(obj, layer.where, self.probs))
            else:
                layer.kind = "image"
                if el.get("image"):
                    layer.image = _image(el["image"], self.path.parent, self.roots, f"{layer.where} image",
                                         self.probs)
            out.append(layer)

    # ---------------------------------------------------------------- shared
    def _size(self, attrs: dict) -> bool:
        start = len(self.probs)
        self.width = _num(attrs.get("width"), "map width", self.probs, 1, 999, 0)
        self.height = _num(attrs.get("height"), "map height", self.probs, 1, 999, 0)
        return len(self.probs) == start and self.width > 0 and self.height > 0

    def _common(self, get, props, tag: str, offset, parallax, prefix: str) -> Layer:
        name = get("name")
        name = name if isinstance(name, str) else ""
        where = f"layer {prefix}{name}"
        dx = _num(get("offsetx"), f"{where} offsetx", self.probs, -1e7, 1e7, 0, integer=False)
        dy = _num(get("offsety"), f"{where} offsety", self.probs, -1e7, 1e7, 0, integer=False)
        px = _num(get("parallaxx"), f"{where} parallaxx", self.probs, -1e3, 1e3, 1, integer=False)
        py = _num(get("parallaxy"), f"{where} parallaxy", self.probs, -1e3, 1e3, 1, integer=False)
        visible = get("visible")
        return Layer(tag, name, where, (offset[0] + dx, offset[1] + dy), (parallax[0] * px, parallax[1] * py),
                     visible not in ("0", 0, False), props)

    def _layer_size(self, get, layer: Layer) -> bool:
        w = _num(get("width"), f"{layer.where} width", self.probs, 1, 999, self.width)
        h = _num(get("height"), f"{layer.where} height", self.probs, 1, 999, self.height)
        if (w, h) != (self.width, self.height):
            self.probs.add(layer.where, f"is {w} x {h}, the map {self.width} x {self.height}")
            return False
        return True

    def _decode(self, payload, enc, comp, layer: Layer) -> list[int]:
        try:
            return layerdata.decode(payload, enc, comp, self.width, self.height, layer.where)
        except DataError as exc:
            self.probs.add("", f"{exc.first_line()} (layer data could not be read)")
            return []

    def _add_object(self, layer: Layer, fields: dict[str, Any]) -> None:
        self.objects += 1
        if self.objects == MAX_OBJECTS + 1:
            self.probs.add("", f"more than {MAX_OBJECTS} objects")
        if self.objects > MAX_OBJECTS:
            return
        layer.objects.append(_make_object(fields, self.templates, self.types, layer.offset, self.probs))


def read_map(path: Path, roots: list[Path], probs: Problems) -> TiledMap | None:
    """The Tiled map at `path` (TMX or JSON), or None with the problems added."""
    if not os.path.lexists(path):
        probs.add("", "level file not found")
        return None
    loaded = _load(path, "", probs)
    if loaded is None:
        return None
    kind, data = loaded
    reader = _Reader(path, roots, probs)
    if kind == "json":
        return reader.json_map(data)
    if data.tag != "map":
        probs.add("", f"not a Tiled map (the root element is <{data.tag}>, expected <map>)")
        return None
    return reader.xml_map(data)


def tile_of(tilesets: list[Tileset], gid: int) -> tuple[Tileset, int] | None:
    """The tileset and local tile id of a gid (flip bits masked), or None."""
    base = gid & GID_MASK
    best = None
    for ts in tilesets:
        if ts.firstgid <= base and (best is None or ts.firstgid > best.firstgid):
            best = ts
    return (best, base - best.firstgid) if best is not None else None
