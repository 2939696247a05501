"""The MechWarrior or vehicle crew: skills and wounds."""
from dataclasses import dataclass


@dataclass
class Crew:
    piloting: int = 5    # driving skill for vehicles
    gunnery: int = 4
    hits: int = 0        # MechWarrior damage (6 = killed)
    unconscious: bool = False
    killed: bool = False
