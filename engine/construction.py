"""Construction rules for standard-tech units (TechManual): the sizes and
weights of a unit's parts, and the check that a unit file describes a unit
that can be built (docs/units.md, "Construction checks").
"""
from __future__ import annotations

import math

# Critical slots per mech location.
SIX_SLOT_LOCATIONS = ("head", "left_leg", "right_leg")
# Where a weapon too big for one location may continue (TechManual split
# criticals: into the location it attaches to).
ADJACENT = {"left_arm": ("left_torso",), "right_arm": ("right_torso",), "left_leg": ("left_torso",),
            "right_leg": ("right_torso",), "left_torso": ("center_torso",), "right_torso": ("center_torso",)}


def slot_capacity(location: str) -> int:
    return 6 if location in SIX_SLOT_LOCATIONS else 12


def hatchet_slots(tonnage: int) -> int:
    """A hatchet weighs and fills tonnage / 15, rounded up (TechManual)."""
    return math.ceil(tonnage / 15)


def heat_sink_slots(double: bool) -> int:
    return 3 if double else 1


def engine_heat_sink_capacity(rating: int) -> int:
    """Heat sinks a fusion engine holds without critical slots: rating / 25,
    rounded down."""
    return rating // 25
