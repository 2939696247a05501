"""Who a unit is: scenario id, name, kind, side, tonnage, source file."""
from dataclasses import dataclass


@dataclass
class Identity:
    uid: str
    name: str
    kind: str            # "mech" | "vehicle" | "alpha-strike"
    side: str
    tonnage: int = 0
    source: str = ""     # name of the unit data file it was loaded from
