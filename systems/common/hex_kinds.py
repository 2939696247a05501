"""The kinds of a map's hexes for the reachable search
(systems/common/step_table.py): hexes alike in every terrain field read
alike, so what a step reads of a hex is read once for its kind. They are
sorted once for each state of a map's terrain (`HexMap.revision`) and
numbering of the search (`StateNumbering`) and kept for later searches;
the hexes units stand in are each a kind of their own, set by each search
(`HexKinds.for_search`). The game keeps them (`Game.searches`,
systems/common/kept_searches.py)."""
from __future__ import annotations

from engine.hexgrid import Hex

KEPT = 8          # the kinds a game keeps: of its map in each numbering, and before its terrain changed


class HexKinds:
    """Hex number -> its kind for one map's terrain and one numbering:
    -1 - the number when off the map, else the number of its terrain's
    values (`terrains`, a terrain of each kind); and what the search's
    steps have read of each kind (`reads`)."""

    __slots__ = ("map_hexes", "default", "revision", "size", "numbering", "kinds", "terrains", "reads",
                 "_alike", "_kind_of", "_kept")

    def __init__(self, hexmap, numbering: tuple) -> None:
        self.map_hexes, self.default, self.revision = hexmap.hexes, hexmap.default, hexmap.revision
        self.size, self.numbering = (hexmap.width, hexmap.height), numbering
        self.kinds: dict = {}
        self.terrains: list = []
        self.reads: dict = {}          # (terrain fields, kind) -> what a step reading them sees of the kind
        self._alike: dict = {}         # a terrain's fields' values -> its kind
        self._kind_of: dict = {}       # id of a terrain of the map -> its kind
        self._kept: list = []          # those terrains (so that no other takes an id of theirs)

    def fits(self, hexmap, numbering: tuple) -> bool:
        return (self.map_hexes is hexmap.hexes and self.default is hexmap.default
                and self.revision == hexmap.revision and self.size == (hexmap.width, hexmap.height)
                and self.numbering == numbering)

    def for_search(self, kinds: dict, numbers, occupancy) -> None:
        """Fill `kinds` with the kinds one search starts with: those sorted so
        far, each hex units stand in (`occupancy`) a kind of its own."""
        kinds.update(self.kinds)
        pad, row_bits, columns, rows = numbers.pad, numbers.row_bits, numbers.columns - 1, numbers.row_mask
        for x, y in occupancy:              # numbers.cell, inlined: some 40 hexes a search
            column, row = x + pad, y + pad
            if 0 < column < columns and 0 < row < rows:
                c = column << row_bits | row
                kinds[c] = -1 - c

    def terrain_kind(self, c: int, h: Hex, hexmap) -> int:
        """The kind of hex number `c` (`h`, on the map), sorted now and kept."""
        t = hexmap.terrain(h)
        kind = self._kind_of.get(id(t))
        if kind is None:
            alike = tuple(vars(t).values())
            kind = self._alike.get(alike)
            if kind is None:
                kind = self._alike[alike] = len(self.terrains)
                self.terrains.append(t)
            self._kind_of[id(t)] = kind
            self._kept.append(t)
        self.kinds[c] = kind
        return kind


def hex_kinds(kept: list[HexKinds], hexmap, numbering: tuple) -> HexKinds:
    """The kinds of `hexmap`'s hexes in `numbering`, sorted so far, from
    those a game keeps (`kept`, `KeptSearches.hex_kinds`)."""
    got = next((k for k in reversed(kept) if k.fits(hexmap, numbering)), None)
    if got is None:
        got = HexKinds(hexmap, numbering)
    else:
        kept.remove(got)
    kept.append(got)                       # the last used last
    del kept[:-KEPT]
    return got
