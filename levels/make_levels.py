"""Generate the shipped levels (`levels/*.tmx`) from the layouts below.

    python levels/make_levels.py

The .tmx files are committed; this script only saves typing. Maps made by
hand in Tiled need nothing from here. Each map uses the shipped terrain
tileset (`../assets/tilesets/terrain.tsx`) and the layer convention of
assets/make_tileset.py: tile layers `terrain`, `elevation`, `roads`, an
object layer `units` with one point object per unit, and, where a building
starts damaged, an object layer `buildings` with a point object giving its
`cf` (engine/level_units.read_buildings).
"""
from __future__ import annotations

import sys
from dataclasses import dataclass, field
from pathlib import Path
from xml.sax.saxutils import quoteattr

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "assets"))

from engine.hexgrid import Hex, distance, hexes_within, line, direction_to, neighbor, parse_hex_label  # noqa: E402
from engine.levels import hex_center_pixel  # noqa: E402
from make_tileset import TILES, TILE_W, TILE_H, HEX_SIDE, tile_id, SIDE_NAMES  # noqa: E402

TILESET = "../assets/tilesets/terrain.tsx"


@dataclass
class Unit:
    unit: str
    side: str
    at: str          # hex label XXYY
    facing: int
    name: str = ""
    altitude: int | None = None


@dataclass
class MapBuilder:
    width: int
    height: int
    title: str
    ruleset: str = "classic"
    sides: str = ""
    terrain: dict[Hex, str] = field(default_factory=dict)
    levels: dict[Hex, int] = field(default_factory=dict)
    roads: dict[Hex, set[int]] = field(default_factory=dict)
    units: list[Unit] = field(default_factory=list)
    damaged: dict[Hex, int] = field(default_factory=dict)     # building hex -> its CF at the start

    def on_map(self, h: Hex) -> bool:
        return 0 <= h.x < self.width and 0 <= h.y < self.height

    # ------------------------------------------------------------ painting
    def paint(self, tile: str, hexes) -> None:
        for h in hexes:
            if self.on_map(h):
                self.terrain[h] = tile

    def blob(self, tile: str, center: str, radius: int, inner: str | None = None, inner_radius: int = 0) -> None:
        c = _hex(center)
        self.paint(tile, hexes_within(c, radius))
        if inner:
            self.paint(inner, hexes_within(c, inner_radius))

    def lake(self, center: str, radius: int) -> None:
        """Water deepening towards the middle: depth 1 at the shore."""
        c = _hex(center)
        for h in hexes_within(c, radius):
            depth = min(3, radius - distance(c, h) + 1)
            self.paint(f"water_depth_{depth}", [h])

    def hill(self, center: str, peak: int, slope: int = 1) -> None:
        """Levels falling by one every `slope` hexes from the peak."""
        c = _hex(center)
        for h in hexes_within(c, peak * slope):
            lv = peak - distance(c, h) // slope
            if lv > 0 and self.on_map(h):
                self.levels[h] = max(self.levels.get(h, 0), lv)

    def set_level(self, level: int, hexes) -> None:
        for h in hexes:
            if self.on_map(h):
                self.levels[h] = level

    def road(self, *waypoints: str) -> None:
        """A road through the waypoints (straight hex lines between them);
        a waypoint on the map edge continues off the map."""
        hexes: list[Hex] = []
        pts = [_hex(w) for w in waypoints]
        for a, b in zip(pts, pts[1:]):
            seg = [step[0] for step in line(a, b)]
            hexes += seg if not hexes else seg[1:]
        # extend off the map at the edges so the end pieces reach the border
        ext = [_off_edge(hexes[0], hexes[1], self)] + hexes + [_off_edge(hexes[-1], hexes[-2], self)]
        for prev, h, nxt in zip(ext, ext[1:], ext[2:]):
            sides = self.roads.setdefault(h, set())
            for other in (prev, nxt):
                if other is not None:
                    d = direction_to(h, other)
                    if d is not None:
                        sides.add(d)

    def buildings(self, town: dict[str, tuple[str, int]]) -> None:
        """Buildings by hex: (class, height), on the tiles that show the class;
        the streets (road hexes) stay open."""
        for h, (klass, height) in town.items():
            if _hex(h) not in self.roads:
                self.paint(f"building_{klass}_{height}", [_hex(h)])

    def unit(self, unit: str, side: str, at: str, facing: int, name: str = "", altitude: int | None = None) -> None:
        self.units.append(Unit(unit, side, at, facing, name, altitude))

    # ------------------------------------------------------------ output
    def road_tile(self, sides: set[int]) -> str:
        want = set(sides)
        for name, _props, recipe in TILES:
            if recipe[0] == "road" and set(recipe[1]) == want:
                return name
        raise ValueError(f"no road piece for sides {sorted(SIDE_NAMES[s] for s in want)}")

    def tmx(self) -> str:
        def csv(cells: dict[Hex, str]) -> str:
            rows = []
            for y in range(self.height):
                row = []
                for x in range(self.width):
                    name = cells.get(Hex(x, y))
                    row.append(str(tile_id(name) + 1) if name else "0")
                rows.append(",".join(row))
            return ",\n".join(rows)

        terrain = {Hex(x, y): self.terrain.get(Hex(x, y), "clear")
                   for x in range(self.width) for y in range(self.height)}
        elevation = {h: ("level_" + str(lv)).replace("-", "minus_") for h, lv in self.levels.items() if lv}
        roads = {h: self.road_tile(s) for h, s in self.roads.items() if self.on_map(h)}
        props = [f'  <property name="title" value={quoteattr(self.title)}/>',
                 f'  <property name="ruleset" value="{self.ruleset}"/>']
        if self.sides:
            props.append(f'  <property name="sides" value="{self.sides}"/>')
        out = [
            '<?xml version="1.0" encoding="UTF-8"?>',
            f'<map version="1.10" tiledversion="1.10.2" orientation="hexagonal" renderorder="right-down" '
            f'width="{self.width}" height="{self.height}" tilewidth="{TILE_W}" tileheight="{TILE_H}" '
            f'infinite="0" hexsidelength="{HEX_SIDE}" staggeraxis="x" staggerindex="odd" '
            f'nextlayerid="{6 if self.damaged else 5}" nextobjectid="{len(self.units) + len(self.damaged) + 1}">',
            ' <properties>', *[" " + p for p in props], ' </properties>',
            f' <tileset firstgid="1" source="{TILESET}"/>',
        ]
        for lid, (name, cells) in enumerate((("terrain", terrain), ("elevation", elevation),
                                             ("roads", roads)), start=1):
            out += [f' <layer id="{lid}" name="{name}" width="{self.width}" height="{self.height}">',
                    '  <data encoding="csv">', csv(cells), '</data>', ' </layer>']
        out.append(' <objectgroup id="4" name="units">')
        for oid, u in enumerate(self.units, start=1):
            x, y = hex_center_pixel(_hex(u.at), TILE_W, TILE_H, HEX_SIDE)
            out.append(f'  <object id="{oid}" name={quoteattr(u.name or Path(u.unit).stem)} x="{x:g}" y="{y:g}">')
            out.append('   <properties>')
            if u.altitude is not None:
                out.append(f'    <property name="altitude" type="int" value="{u.altitude}"/>')
            out.append(f'    <property name="facing" type="int" value="{u.facing}"/>')
            out.append(f'    <property name="side" value="{u.side}"/>')
            out.append(f'    <property name="unit" value="{u.unit}"/>')
            out.append('   </properties>')
            out.append('   <point/>')
            out.append('  </object>')
        out.append(' </objectgroup>')
        if self.damaged:
            out.append(' <objectgroup id="5" name="buildings">')
            for oid, (h, cf) in enumerate(sorted(self.damaged.items()), start=len(self.units) + 1):
                x, y = hex_center_pixel(h, TILE_W, TILE_H, HEX_SIDE)
                out += [f'  <object id="{oid}" name="damaged {h.x + 1:02d}{h.y + 1:02d}" x="{x:g}" y="{y:g}">',
                        '   <properties>', f'    <property name="cf" type="int" value="{cf}"/>',
                        '   </properties>', '   <point/>', '  </object>']
            out.append(' </objectgroup>')
        out.append('</map>')
        return "\n".join(out) + "\n"


def _hex(label: str | Hex) -> Hex:
    """A hex from its number ("XXYY", or "XXXYYY" on maps over 99 hexes), or a Hex as it is."""
    if isinstance(label, Hex):
        return label
    return parse_hex_label(label)


def _off_edge(end: Hex, inner: Hex, m: MapBuilder) -> Hex | None:
    """The off-map neighbour continuing a road that ends on the map edge."""
    on_edge = end.x in (0, m.width - 1) or end.y in (0, m.height - 1)
    if not on_edge:
        return None
    d = direction_to(end, inner)
    if d is None:
        return None
    opposite = neighbor(end, (d + 3) % 6)
    if not m.on_map(opposite):
        return opposite
    for turn in (1, -1, 2, -2):
        h = neighbor(end, (d + 3 + turn) % 6)
        if not m.on_map(h):
            return h
    return None


# ====================================================================== levels
def skirmish() -> MapBuilder:
    """Two mapsheets side by side: woods, lakes, hills, a road and a town."""
    m = MapBuilder(32, 17, "Skirmish at Harlech Crossing", sides="blue,red")
    # west sheet: forest, hill, lake
    m.blob("light_woods", "0404", 2, "heavy_woods", 1)
    m.blob("light_woods", "0812", 1)
    m.paint("light_woods", [_hex(h) for h in ("0209", "0310", "1002", "1103", "1203")])
    m.blob("rough", "1115", 1)
    m.lake("0714", 2)
    m.hill("1105", 3)
    m.hill("0315", 2)
    # east sheet: hills, forest, pond
    m.hill("2404", 4)
    m.set_level(5, [_hex("2404")])
    m.hill("2913", 2)
    m.blob("light_woods", "2612", 2, "heavy_woods", 1)
    m.blob("heavy_woods", "3004", 1)
    m.paint("light_woods", [_hex(h) for h in ("2102", "2202", "2016", "2116", "3116")])
    m.lake("2816", 1)
    m.paint("rough", [_hex(h) for h in ("2207", "2307", "2107", "2006")])
    # the town around the crossroads
    m.paint("paved", [_hex(h) for h in ("1608", "1708", "1609", "1709", "1509")])
    m.road("0109", "0608", "1208", "1708", "2407", "3207")
    m.road("1708", "1701")
    # houses (light), shops and offices (medium), a factory and a warehouse
    # (heavy), the militia's blockhouse (hardened); one office already shot up
    m.buildings({"1406": ("medium", 2), "1506": ("light", 1), "1607": ("heavy", 3), "1807": ("medium", 2),
                 "1906": ("light", 1), "1410": ("light", 1), "1511": ("medium", 2), "1711": ("hardened", 4),
                 "1810": ("light", 1), "1910": ("heavy", 2), "1309": ("light", 1)})
    m.damaged[_hex("1406")] = 22
    m.paint("rubble", [_hex("1610"), _hex("2006")])
    # blue (west) and red (east): a mixed lance and armour each
    m.unit("grasshopper.toml", "blue", "0208", 1)
    m.unit("hatchetman.toml", "blue", "0310", 1)
    m.unit("locust.toml", "blue", "0206", 2)
    m.unit("manticore.toml", "blue", "0109", 2)
    m.unit("striker.toml", "blue", "0112", 1)
    m.unit("atlas.toml", "red", "3107", 4)
    m.unit("shadow_hawk.toml", "red", "3009", 4)
    m.unit("jagermech.toml", "red", "3011", 5)
    m.unit("condor.toml", "red", "3208", 5)
    m.unit("saladin.toml", "red", "3213", 5)
    return m


def training() -> MapBuilder:
    m = MapBuilder(16, 17, "Training Grounds", sides="blue,red")
    m.blob("light_woods", "0506", 1)
    m.paint("heavy_woods", [_hex("0506")])
    m.blob("light_woods", "1112", 1)
    m.hill("1105", 2)
    m.lake("0413", 1)
    m.paint("rough", [_hex("0810"), _hex("0911")])
    m.road("0809", "0801")
    m.road("0809", "0817")
    m.unit("grasshopper.toml", "blue", "0315", 1)
    m.unit("locust.toml", "blue", "0616", 0)
    m.unit("jagermech.toml", "red", "1403", 4)
    m.unit("panther.toml", "red", "1202", 3)
    return m


def coast() -> MapBuilder:
    """Open sea on the west, a cliff rising to a plateau on the east."""
    m = MapBuilder(24, 17, "Coastal Cliffs", sides="blue,red")
    for x in range(24):
        for y in range(17):
            h = Hex(x, y)
            shore = 9 + (y % 5 == 0) - (y % 7 == 3)
            if x < shore - 4:
                m.paint("water_depth_3", [h])
            elif x < shore - 2:
                m.paint("water_depth_2", [h])
            elif x < shore:
                m.paint("water_depth_1", [h])
            elif x > 15:
                m.levels[h] = 4          # the plateau
            elif x == 15:
                m.levels[h] = 3 if y % 4 else 1   # cliff face with a few gullies
    m.paint("rough", [Hex(15, y) for y in range(0, 17, 3)])
    m.blob("light_woods", "2006", 1)
    m.blob("heavy_woods", "2213", 1)
    m.paint("rough", [_hex(h) for h in ("1104", "1205", "1114")])
    m.road("1901", "1909", "1917")
    # a hamlet on the plateau: two houses and a storehouse
    m.buildings({"1812": ("light", 1), "1813": ("medium", 2), "2011": ("heavy", 2)})
    m.unit("saladin.toml", "blue", "0308", 2)
    m.unit("condor.toml", "blue", "0411", 2)
    m.unit("warrior.toml", "blue", "0206", 2, altitude=3)
    m.unit("shadow_hawk.toml", "red", "2108", 4)
    m.unit("manticore.toml", "red", "2211", 5)
    m.unit("warrior.toml", "red", "2304", 4, name="warrior (red)", altitude=2)
    return m


def alpha_skirmish() -> MapBuilder:
    m = MapBuilder(24, 17, "Alpha Strike: Ridge Line", ruleset="alpha-strike", sides="blue,red")
    m.hill("1208", 3)
    m.blob("light_woods", "0604", 2, "heavy_woods", 0)
    m.blob("light_woods", "1813", 2, "heavy_woods", 0)
    m.lake("0514", 1)
    m.paint("rough", [_hex(h) for h in ("1903", "2004", "1904")])
    m.road("0109", "2408")
    m.unit("loki.toml", "blue", "0208", 1)
    m.unit("hatchetman_as.toml", "blue", "0211", 1)
    m.unit("hunchback_as.toml", "red", "2309", 4)
    m.unit("firestarter_as.toml", "red", "2306", 4)
    return m


def alpha_lances() -> MapBuilder:
    """A lance a side, the same four cards on both (the map turned half
    round for the other side): a fair fight for testing forces and tactics."""
    m = MapBuilder(26, 18, "Alpha Strike: Twin Hills", ruleset="alpha-strike", sides="blue,red")
    m.hill("0905", 2)
    m.hill("1814", 2)
    m.blob("light_woods", "0613", 2, "heavy_woods", 0)
    m.blob("light_woods", "2106", 2, "heavy_woods", 0)
    m.blob("light_woods", "1309", 1)
    m.lake("1703", 1)
    m.lake("1016", 1)
    m.paint("rough", [_hex(h) for h in ("1212", "1312", "1412", "1307", "1407", "1507")])
    m.road("0108", "0808", "1809", "2609")
    lance = (("loki.toml", "0207"), ("hunchback_as.toml", "0210"), ("hatchetman_as.toml", "0212"),
             ("manticore_as.toml", "0205"))
    for unit, at in lance:
        m.unit(unit, "blue", at, 1)
    for unit, at in lance:
        h = _hex(at)
        m.unit(unit, "red", f"{m.width - h.x:02d}{m.height - h.y:02d}", 4)
    return m


LEVELS = {"skirmish": skirmish, "training": training, "coast": coast, "alpha_skirmish": alpha_skirmish,
          "alpha_lances": alpha_lances}


def main() -> None:
    for name, build in LEVELS.items():
        path = HERE / f"{name}.tmx"
        path.write_text(build().tmx(), encoding="utf-8")
        print(f"wrote {path}")


if __name__ == "__main__":
    main()
