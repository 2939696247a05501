"""A mech's critical slots: what fills each slot of each location, and
which slots have been hit. Built by systems/classic/criticals.py."""
from dataclasses import dataclass, field


@dataclass
class CriticalSlots:
    # location -> one entry per slot (12 for torsos and arms, 6 for head and
    # legs); "" is an empty slot. Entries: engine, gyro, cockpit, sensors,
    # life_support, an actuator id (left_hip), weapon:<mount index>,
    # ammo:<bin index>, heat_sink:<n>, jump_jet:<n>, hatchet:<n>, case.
    slots: dict[str, list[str]] = field(default_factory=dict)
    hit: dict[str, list[int]] = field(default_factory=dict)   # location -> slot indexes (0-based) hit
    engine_sinks: int = 0        # heat sinks held by the engine (no slots)
    destroyed_items: list[str] = field(default_factory=list)  # items a critical hit has destroyed
