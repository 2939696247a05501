"""A mech's limb actuators: which it has, and which are destroyed.

Ids are `<side>_<actuator>` (contract/units.md): left_shoulder,
right_upper_arm, left_lower_arm, right_hand, left_hip, right_upper_leg,
left_lower_leg, right_foot.
"""
from dataclasses import dataclass, field

ARM_ACTUATORS = ("shoulder", "upper_arm", "lower_arm", "hand")
LEG_ACTUATORS = ("hip", "upper_leg", "lower_leg", "foot")


@dataclass
class Actuators:
    installed: list[str] = field(default_factory=lambda: [
        f"{side}_{a}" for side in ("left", "right") for a in ARM_ACTUATORS + LEG_ACTUATORS
    ])
    destroyed: list[str] = field(default_factory=list)
