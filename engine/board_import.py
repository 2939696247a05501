"""`python -m engine import-board FILE.board [--out LEVEL.tmx]`: a MegaMek
board as a Tiled level on the shipped tileset.

Kept: every hex's elevation, woods (light, heavy; ultra-heavy as heavy),
water depth, roads (the piece drawn from the road's exits), pavement, rough,
rubble, buildings with their heights; each building hex's MegaMek class and
CF as properties of an object on a `buildings` layer (the engine does not
read them yet). A board has no units: the level is a map, with two sides'
deployment zones along its west and east edges. Everything else (bridges,
themes, cosmetic ground and foliage details, other terrain types) is listed
as dropped. A .board file is untrusted: a bad one is refused with one line.
"""
from __future__ import annotations

import os
import re
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from xml.sax.saxutils import quoteattr

from engine import layerdata
from engine.errors import DataError, run_command
from engine.files import MAX_LEVEL_BYTES, read_text
from engine.hexgrid import Hex, neighbor
from engine.level_units import hex_center_pixel
from engine.paths import TILESETS, allowed_roots
from engine.tiled import Problems, read_tileset

SIDE_NAMES = ("n", "ne", "se", "s", "sw", "nw")
TILESET = TILESETS / "terrain.tsx"
ZONE_COLUMNS = 3
COSMETIC = {"foliage_elev", "ground_fluff", "bldg_elev", "bldg_cf", "building", "woods", "water", "road",
            "pavement", "rough", "rubble", "jungle"}
_HEX = re.compile(r'^hex\s+(?:(\d{4,6})\s+)?(-?\d{1,3})\s+"([^"]*)"\s+"([^"]*)"\s*$')
_KEYWORDS = ("size", "option", "tag", "background", "description", "end", "hex", "#", "roadsautoexit",
             "board", "theme")


@dataclass
class Board:
    width: int
    height: int
    hexes: dict[Hex, tuple[int, dict[str, list[int]]]] = field(default_factory=dict)
    dropped: Counter = field(default_factory=Counter)


def road_tile_name(sides: set[int]) -> str:
    """The shipped road piece joining these hexsides (0 north, clockwise)."""
    if len(sides) == 1:
        return f"road_end_{SIDE_NAMES[next(iter(sides))]}"
    if len(sides) in (0, 6):
        return "road_hub"
    return "road_" + "_".join(SIDE_NAMES[s] for s in sorted(sides))


def _int(text: str, fname: str, lineno: int, what: str, lo: int, hi: int) -> int:
    try:
        v = int(text)
    except ValueError:
        raise DataError(f"{fname}: line {lineno}: {what}: expected an integer, got \"{text[:20]}\"") from None
    if not lo <= v <= hi:
        raise DataError(f"{fname}: line {lineno}: {what}: expected {lo} to {hi}, got {v}")
    return v


def parse_board(text: str, fname: str) -> Board:
    board: Board | None = None
    order = 0
    for lineno, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        word = line.split()[0].lower()
        if word == "size":
            parts = line.split()
            if len(parts) != 3 or board is not None:
                raise DataError(f"{fname}: line {lineno}: size: expected one \"size WIDTH HEIGHT\" line")
            board = Board(_int(parts[1], fname, lineno, "size", 1, 999), _int(parts[2], fname, lineno, "size", 1, 999))
            continue
        if word == "end":
            break
        if word != "hex":
            if word not in _KEYWORDS:
                raise DataError(f"{fname}: line {lineno}: not a MegaMek board line (\"{line[:30]}\")")
            continue
        if board is None:
            raise DataError(f"{fname}: line {lineno}: a hex before the size line")
        m = _HEX.match(line)
        if m is None:
            raise DataError(f"{fname}: line {lineno}: expected hex XXYY LEVEL \"TERRAIN\" \"THEME\"")
        coords, level, terrain, _theme = m.groups()
        if coords:
            half = len(coords) // 2
            at = Hex(int(coords[:half]) - 1, int(coords[half:]) - 1)
        else:
            at = Hex(order % board.width, order // board.width)
        order += 1
        if not (0 <= at.x < board.width and 0 <= at.y < board.height):
            raise DataError(f"{fname}: line {lineno}: hex {coords or order} is off the "
                            f"{board.width} x {board.height} board")
        features: dict[str, list[int]] = {}
        for item in filter(None, terrain.split(";")):
            name, *values = item.split(":")
            if not re.fullmatch(r"[a-z_]{1,40}", name) or len(values) > 3:
                raise DataError(f"{fname}: line {lineno}: terrain \"{item[:30]}\" is not NAME:LEVEL[:EXITS]")
            features[name] = [_int(v, fname, lineno, f"terrain {name}", -999, 9999) for v in values]
        board.hexes[at] = (_int(level, fname, lineno, "elevation", -999, 999), features)
    if board is None:
        raise DataError(f"{fname}: no \"size WIDTH HEIGHT\" line (not a MegaMek board)")
    return board


def _shipped_tiles() -> dict[str, int]:
    """Tile name -> tile id of the shipped tileset (its `name` properties)."""
    probs = Problems(str(TILESET))
    ts = read_tileset(TILESET, allowed_roots(), probs)
    if ts is None:
        raise DataError(list(probs))
    return {str(t.props["name"].value): tid for tid, t in ts.tiles.items() if "name" in t.props}


def _level_text(board: Board, title: str, out: Path, tiles: dict[str, int]) -> str:
    names: dict[str, dict[Hex, str]] = {"terrain": {}, "elevation": {}, "roads": {}}
    buildings = []

    def need(name: str, at: Hex) -> str:
        if name not in tiles:
            raise DataError(f"{title}: hex {at.x + 1:02d}{at.y + 1:02d}: the shipped tileset has no tile "
                            f"\"{name}\"")
        return name

    roads = {h for h, (_lv, f) in board.hexes.items() if "road" in f}
    for at, (level, f) in board.hexes.items():
        for name in f:
            if name not in COSMETIC:
                board.dropped[name] += 1
        if f.get("woods", [0])[:1] == [3]:
            board.dropped["ultra-heavy woods (as heavy woods)"] += 1
        ground = "clear"
        if "building" in f:
            height = max(1, (f.get("bldg_elev") or [1])[0])
            ground = f"building_{height}"
            buildings.append((at, (f["building"] or [0])[0], (f.get("bldg_cf") or [0])[0], height))
        elif "water" in f and (f["water"] or [0])[0] > 0:
            ground = f"water_depth_{f['water'][0]}"
        elif "woods" in f or "jungle" in f:
            ground = "light_woods" if (f.get("woods") or f.get("jungle") or [1])[0] <= 1 else "heavy_woods"
            if "jungle" in f:
                board.dropped["jungle (as woods)"] += 1
        elif "rubble" in f:
            ground = "rubble"
        elif "rough" in f:
            ground = "rough"
        elif "pavement" in f:
            ground = "paved"
        if ground != "clear":
            names["terrain"][at] = need(ground, at)
        if level:
            names["elevation"][at] = need(f"level_{level}".replace("-", "minus_"), at)
        if "road" in f:
            exits = (f["road"] + [0, 0])[1]
            sides = {d for d in range(6) if exits >> d & 1} or \
                {d for d in range(6) if neighbor(at, d) in roads}
            names["roads"][at] = need(road_tile_name(sides), at)

    w, h = board.width, board.height
    rel = Path(os.path.relpath(TILESET.resolve(), out.parent.resolve())).as_posix()
    layers = []
    for lid, (layer, cells) in enumerate(names.items(), 1):
        gids = [tiles[cells[Hex(x, y)]] + 1 if Hex(x, y) in cells else 0 for y in range(h) for x in range(w)]
        rows = layerdata.encode(gids, "csv").split(",")
        csv = ",\n".join(",".join(rows[y * w:(y + 1) * w]) for y in range(h))
        layers.append(f' <layer id="{lid}" name="{layer}" width="{w}" height="{h}">\n'
                      f'  <data encoding="csv">\n{csv}\n</data>\n </layer>')
    oid = 1
    objs = []
    for at, btype, cf, height in sorted(buildings):
        x, y = hex_center_pixel(at)
        objs.append(f'  <object id="{oid}" name="building {at.x + 1:02d}{at.y + 1:02d}" x="{x - 20:g}" '
                    f'y="{y - 20:g}" width="40" height="40">\n   <properties>\n'
                    f'    <property name="building_type" type="int" value="{btype}"/>\n'
                    f'    <property name="bldg_cf" type="int" value="{cf}"/>\n'
                    f'    <property name="bldg_elev" type="int" value="{height}"/>\n'
                    f'   </properties>\n  </object>')
        oid += 1
    map_w = hex_center_pixel(Hex(w - 1, 0))[0] + 42
    map_h = h * 72 + 36
    depth = min(ZONE_COLUMNS, w)
    west = hex_center_pixel(Hex(depth - 1, 0))[0] + 21
    east = hex_center_pixel(Hex(w - depth, 0))[0] - 21
    zones = []
    for side, x0, x1 in (("blue", 0, west), ("red", east, map_w)):
        zones.append(f'  <object id="{oid}" name="{side} deployment" x="{x0:g}" y="0" width="{x1 - x0:g}" '
                     f'height="{map_h}">\n   <properties>\n    <property name="side" value="{side}"/>\n'
                     f'   </properties>\n  </object>')
        oid += 1
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        f'<map version="1.8" tiledversion="1.8.2" orientation="hexagonal" renderorder="right-down" '
        f'width="{w}" height="{h}" tilewidth="84" tileheight="72" infinite="0" hexsidelength="42" '
        f'staggeraxis="x" staggerindex="odd" nextlayerid="6" nextobjectid="{oid}">\n'
        f' <properties>\n  <property name="title" value={quoteattr(title)}/>\n'
        f'  <property name="sides" value="blue,red"/>\n </properties>\n'
        f' <tileset firstgid="1" source={quoteattr(rel)}/>\n' + "\n".join(layers) + "\n"
        ' <objectgroup id="4" name="buildings">\n' + "\n".join(objs) + "\n </objectgroup>\n"
        ' <objectgroup id="5" name="deployment">\n' + "\n".join(zones) + "\n </objectgroup>\n"
        '</map>\n')


def import_board(board_path: Path, out: Path) -> list[str]:
    """Write the level; returns the dropped-feature lines."""
    text = read_text(board_path, MAX_LEVEL_BYTES, str(board_path))
    board = parse_board(text, str(board_path))
    title = board_path.stem
    level = _level_text(board, title, out, _shipped_tiles())
    tmp = out.with_name(out.name + ".tmp")
    tmp.write_text(level, encoding="utf-8")
    os.replace(tmp, out)
    return [f"dropped: {name} in {n} hex(es)" for name, n in sorted(board.dropped.items())]


def default_out(board_path: Path) -> Path:
    stem = re.sub(r"[^A-Za-z0-9_-]+", "_", board_path.stem).strip("_").lower() or "board"
    return Path.cwd() / f"{stem}.tmx"


def main(argv: list[str]) -> int:
    import argparse
    p = argparse.ArgumentParser(prog="python -m engine import-board",
                                description="convert a MegaMek .board into a Tiled level")
    p.add_argument("board")
    p.add_argument("--out", help="the level to write (default: the board's name, .tmx, in this folder)")
    args = p.parse_args(argv)
    board = Path(args.board)
    out = Path(args.out) if args.out else default_out(board)
    code, dropped = run_command(lambda: import_board(board, out), out)
    if code:
        return code
    for line in dropped:
        print(line)
    print(f"wrote {out}")
    return 0
