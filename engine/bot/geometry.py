"""Hex geometry the computer player needs beyond engine/hexgrid.py: the
facing that points most nearly at a hex, and how far a hex is from the
nearest of a set."""
from __future__ import annotations

from engine.hexgrid import Hex, bearing, distance


def facing_toward(origin: Hex, target: Hex) -> int:
    """The facing (0 north, clockwise) closest to the bearing of `target`."""
    return int(round(bearing(origin, target) / 60.0)) % 6


def nearest(origin: Hex, others: list[Hex]) -> int:
    """The distance to the nearest of `others` (a large number if none)."""
    return min((distance(origin, h) for h in others), default=10**6)
