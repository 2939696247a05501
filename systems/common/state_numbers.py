"""How the reachable search (systems/common/step_table.py) numbers hexes and
states: a hex (x, y) as (x + pad) << row bits | (y + pad), so that a
neighbour is the number plus a step, and a state as altitude << ALT_SHIFT |
hex number << 3 | facing. Its answer (`movement.TableReach`) is kept by
these numbers."""
from __future__ import annotations

from engine.hexgrid import Hex

ALT_SHIFT = 36


class StateNumbering:
    """The numbers of one search's hexes and states, with `numbering`'s bits
    of a row, bits of a column and pad (step_table.NARROW, WIDE)."""

    __slots__ = ("row_bits", "row_mask", "cell_mask", "columns", "pad")

    def __init__(self, numbering: tuple) -> None:
        row_bits, column_bits, self.pad = numbering[:3]
        self.row_bits, self.row_mask = row_bits, (1 << row_bits) - 1
        self.cell_mask = (1 << (row_bits + column_bits)) - 1
        self.columns = 1 << column_bits

    def cell(self, h) -> int | None:
        """The number of hex `h`, None beyond the numbering (a row and a
        column short of its ends, so that no step wraps into another row)."""
        column, row = h[0] + self.pad, h[1] + self.pad
        if not (0 < column < self.columns - 1 and 0 < row < self.row_mask):
            return None
        return column << self.row_bits | row

    def cell_hex(self, c: int) -> Hex:
        """The hex numbered `c`."""
        return tuple.__new__(Hex, ((c >> self.row_bits) - self.pad, (c & self.row_mask) - self.pad))

    def state_key(self, k: int) -> tuple:
        """(hex, facing, altitude) of state number `k`."""
        return self.cell_hex(k >> 3 & self.cell_mask), k & 7, k >> ALT_SHIFT

    def state_keys(self, numbers) -> list[tuple]:
        """`state_key` of each of `numbers`, each hex made once."""
        hexes, keys, mask = {}, [], self.cell_mask
        for k in numbers:
            c = k >> 3 & mask
            h = hexes.get(c)
            if h is None:
                h = hexes[c] = self.cell_hex(c)
            keys.append((h, k & 7, k >> ALT_SHIFT))
        return keys

    def state_number(self, key) -> int | None:
        """The number of state (hex, facing, altitude), None if it has none."""
        if type(key) is not tuple or len(key) != 3:
            return None
        h, facing, altitude = key
        c = self.cell(h)
        if c is None or facing not in range(6) or type(altitude) is not int or altitude < 0:
            return None
        return (altitude << ALT_SHIFT) + (c << 3) + facing
