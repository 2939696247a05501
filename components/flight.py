"""VTOL altitude and vehicle turret."""
from dataclasses import dataclass


@dataclass
class Altitude:
    level: int = 0            # levels above the hex's ground; 0 = landed


@dataclass
class Turret:
    facing: int = 0           # absolute facing, like Position.facing
    jammed: bool = False
    locked: bool = False
    destroyed: bool = False
