"""The battlefield: terrain of every hex, map size, and off-map units' state
that lives on the map (severed limbs lying in hexes).

A `HexMap` is built by the level loader (Tiled .tmx) or from a scenario's
inline `[map]` table; the rules read it, never the Tiled file.
"""
from __future__ import annotations

from dataclasses import dataclass, field, asdict

from engine.hexgrid import Hex, hex_label, label_width

TERRAINS = ("clear", "rough", "rubble", "light_woods", "heavy_woods", "water", "building")
WOODS = {"light_woods": 1, "heavy_woods": 2}       # woods terrain -> density


@dataclass
class Terrain:
    """What stands in one hex (contract/levels.md tile properties)."""

    terrain: str = "clear"
    level: int = 0
    depth: int = 0          # water depth, for terrain == "water"
    road: bool = False
    paved: bool = False
    building: int = 0       # building height in levels (0 = none)

    @property
    def woods(self) -> int:
        """Woods density: 0 none, 1 light, 2 heavy."""
        return WOODS.get(self.terrain, 0)

    @property
    def is_water(self) -> bool:
        return self.terrain == "water" and self.depth > 0

    @property
    def top(self) -> int:
        """Highest level of the hex's features (woods rise 2, buildings their height)."""
        if self.woods:
            return self.level + 2
        if self.building:
            return self.level + self.building
        return self.level


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

    def on_map(self, h: Hex) -> bool:
        return 0 <= h.x < self.width and 0 <= h.y < self.height

    def terrain(self, h: Hex) -> Terrain:
        return self.hexes.get(h, self.default)

    def set(self, h: Hex, t: Terrain) -> None:
        self.hexes[h] = t

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
        }

    @classmethod
    def from_dict(cls, d: dict) -> "HexMap":
        m = cls(d["width"], d["height"], Terrain(**d["default"]), title=d.get("title", ""),
                source=d.get("source", ""))
        for x, y, t in d["hexes"]:
            m.hexes[Hex(x, y)] = Terrain(**t)
        for x, y, v in d.get("clubs", []):
            m.clubs[Hex(x, y)] = list(v)
        return m
