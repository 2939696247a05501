"""The battlefield: terrain of every hex, map size, and off-map units' state
that lives on the map (severed limbs lying in hexes, the buildings that
collapsed, the construction factors buildings had when the phase began).

A `HexMap` is built by the level loader (Tiled .tmx) or from a scenario's
inline `[map]` table; the rules read it, never the Tiled file.

Buildings (rules/buildings.md B-CLASS): a building hex has a height
(`building`, levels), a class (light, medium, heavy, hardened) and a
construction factor (CF). A level or scenario may give the class, the CF,
both or neither (B-CLASS-4, decision D1): `Terrain.building_type` and
`Terrain.construction_factor` say what they are, the class from the CF's
band or else from the height, the CF the class's standard one. Every hex is
its own building (D17). The class never changes in play (B-CLASS-3); the
rules change the CF (systems/classic/buildings.py), and a building that
collapses leaves rubble (`HexMap.collapsed` keeps what stood there).
A hex's terrain changes only through `HexMap.set` (or a whole new `hexes`),
which keeps the index of building hexes that `HexMap.buildings` answers
from.
"""
from __future__ import annotations

import itertools
from dataclasses import dataclass, field, asdict

from engine.hexgrid import Hex, hex_label, label_width

TERRAINS = ("clear", "rough", "rubble", "light_woods", "heavy_woods", "water", "building")
WOODS = {"light_woods": 1, "heavy_woods": 2}       # woods terrain -> density

# B-CLASS-1/2: each class's band of original CFs and its standard CF (MM
# Building.getDefaultCF; TW gives the bands only, decision D2).
BUILDING_CLASSES = ("light", "medium", "heavy", "hardened")
CF_BANDS = {"light": (1, 15), "medium": (16, 40), "heavy": (41, 90), "hardened": (91, 150)}
STANDARD_CF = {"light": 15, "medium": 40, "heavy": 90, "hardened": 120}
MAX_CF = 150
CLASS_LETTER = {"light": "L", "medium": "M", "heavy": "H", "hardened": "X"}    # on the map, beside the height
# D1: the class of a building given by its height alone (the engine's old
# mapping, so old levels keep their MP costs and piloting modifiers).
HEIGHT_CLASS = {1: "light", 2: "medium", 3: "heavy"}        # 4 and more: hardened
_REVISIONS = itertools.count(1)     # every change of every map gets a number of its own


def class_of_cf(cf: int) -> str:
    """The class whose band a CF falls in (B-CLASS-4: a `cf` alone)."""
    for name in BUILDING_CLASSES:
        if cf <= CF_BANDS[name][1]:
            return name
    return "hardened"


@dataclass
class Terrain:
    """What stands in one hex (contract/levels.md tile properties)."""

    terrain: str = "clear"
    level: int = 0
    depth: int = 0          # water depth, for terrain == "water"
    road: bool = False
    paved: bool = False
    building: int = 0       # building height in levels (0 = none)
    building_class: str = ""        # light | medium | heavy | hardened; "" = from the CF or the height
    cf: int | None = None           # construction factor now; None = the class's standard CF

    @property
    def woods(self) -> int:
        """Woods density: 0 none, 1 light, 2 heavy."""
        return WOODS.get(self.terrain, 0)

    @property
    def is_water(self) -> bool:
        return self.terrain == "water" and self.depth > 0

    @property
    def building_type(self) -> str:
        """The building's class (B-CLASS-4, D1): as given, else the band of
        its CF, else from its height; "" where no building stands."""
        if not self.building:
            return ""
        if self.building_class:
            return self.building_class
        if self.cf is not None:
            return class_of_cf(self.cf)
        return HEIGHT_CLASS.get(self.building, "hardened")

    @property
    def construction_factor(self) -> int:
        """The building's CF now (0 where no building stands)."""
        if not self.building:
            return 0
        return self.cf if self.cf is not None else STANDARD_CF[self.building_type]

    def with_building_fixed(self, cf: int | None = None) -> "Terrain":
        """A copy whose class and CF are written out (`cf`: a new CF), so that
        damage never changes the class (B-CLASS-3)."""
        return Terrain(**{**vars(self), "building_class": self.building_type,
                          "cf": self.construction_factor if cf is None else cf})

    @property
    def roof(self) -> int:
        """The level of a building's roof, where a unit on it stands (B-CLASS-5:
        the hex's level + the building's height); the hex's level without one."""
        return self.level + self.building

    @property
    def top(self) -> int:
        """Highest level of the hex's features (woods rise 2, buildings their height)."""
        if self.woods:
            return self.level + 2
        return self.roof


@dataclass
class HexMap:
    width: int
    height: int
    default: Terrain = field(default_factory=Terrain)
    hexes: dict[Hex, Terrain] = field(default_factory=dict)
    title: str = ""
    # The level file this map was read from ("" for inline maps), so a front
    # end can draw the level's tile pictures, also for a loaded save.
    source: str = ""
    # Clubs lying on the map: hex -> list of club descriptions (severed limbs).
    clubs: dict[Hex, list[str]] = field(default_factory=dict)
    # Buildings damaged in the phase under way: hex -> the CF it had when the
    # phase began (the "phase CF", B-DMG-3); emptied when each phase ends.
    phase_cf: dict[Hex, int] = field(default_factory=dict)
    # Buildings that collapsed: hex -> the building that stood there (B-COLL-6).
    collapsed: dict[Hex, Terrain] = field(default_factory=dict)
    # Which state of the terrain this is: `set` gives it a number no map
    # had before, so what is worked out from the terrain (the line-of-sight
    # board) is read again.
    revision: int = field(default=0, compare=False, repr=False)

    def __setattr__(self, name: str, value) -> None:
        object.__setattr__(self, name, value)
        if name == "hexes":
            # Every map built, loaded or put back by a take-back sets its
            # hexes as a whole: index the building hexes among them (`set`
            # keeps the index from then on), and drop what line of sight
            # read of the hexes it had (`los_board`: made when first needed
            # by systems/common/line_of_sight.py; not a field, so neither
            # saved, compared nor copied with the map's fields).
            object.__setattr__(self, "_standing", {h for h, t in value.items() if t.building})
            object.__setattr__(self, "los_board", None)

    def on_map(self, h: Hex) -> bool:
        return 0 <= h.x < self.width and 0 <= h.y < self.height

    def terrain(self, h: Hex) -> Terrain:
        return self.hexes.get(h, self.default)

    def set(self, h: Hex, t: Terrain) -> None:
        """Put `t` in hex `h`: the one way a hex's terrain changes once the
        map is built (a building damaged or collapsed, a level's tiles)."""
        self.hexes[h] = t
        if t.building:
            self._standing.add(h)
        else:
            self._standing.discard(h)
        self.revision = next(_REVISIONS)

    def buildings(self) -> list[Hex]:
        """Every hex that holds a building or held one that collapsed, in order."""
        standing = self._standing
        if self.default.building:           # every hex the map does not name holds one
            standing = standing | {h for h in self.all_hexes() if h not in self.hexes}
        return sorted({*standing, *self.collapsed})

    def building_summary(self) -> dict[str, dict]:
        """Every hex that holds or held a building: its class, height, CF
        now and whether it collapsed (a collapsed one reads CF 0)."""
        out = {}
        for h in self.buildings():
            gone = h in self.collapsed
            t = self.collapsed[h] if gone else self.terrain(h)
            out[self.label(h)] = {"class": t.building_type, "height": t.building,
                                  "cf": 0 if gone else t.construction_factor, "collapsed": gone}
        return out

    def label(self, h: Hex) -> str:
        return hex_label(h, label_width(self.width, self.height))

    def all_hexes(self):
        for x in range(self.width):
            for y in range(self.height):
                yield Hex(x, y)

    # ------------------------------------------------------------ save/load
    def to_dict(self) -> dict:
        return {
            "width": self.width,
            "height": self.height,
            "title": self.title,
            "source": self.source,
            "default": asdict(self.default),
            # dict(vars(t)) is asdict for a dataclass of plain values, many times faster
            "hexes": [[h.x, h.y, dict(vars(t))] for h, t in sorted(self.hexes.items())],
            "clubs": [[h.x, h.y, list(v)] for h, v in sorted(self.clubs.items()) if v],
            **({"phase_cf": [[h.x, h.y, cf] for h, cf in sorted(self.phase_cf.items())]} if self.phase_cf else {}),
            **({"collapsed": [[h.x, h.y, dict(vars(t))] for h, t in sorted(self.collapsed.items())]}
               if self.collapsed else {}),
        }

    @classmethod
    def from_dict(cls, d: dict) -> "HexMap":
        m = cls(d["width"], d["height"], Terrain(**d["default"]), title=d.get("title", ""),
                source=d.get("source", ""))
        m.hexes = {Hex(x, y): Terrain(**t) for x, y, t in d["hexes"]}
        for x, y, v in d.get("clubs", []):
            m.clubs[Hex(x, y)] = list(v)
        for x, y, cf in d.get("phase_cf", []):
            m.phase_cf[Hex(x, y)] = cf
        for x, y, t in d.get("collapsed", []):
            m.collapsed[Hex(x, y)] = Terrain(**t)
        return m
