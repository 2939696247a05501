"""Hex geometry the computer player needs beyond engine/hexgrid.py: the
facing that points most nearly at a hex."""
from __future__ import annotations

from engine.hexgrid import Hex, bearing


def facing_toward(origin: Hex, target: Hex) -> int:
    """The facing (0 north, clockwise) closest to the bearing of `target`."""
    return int(round(bearing(origin, target) / 60.0)) % 6

