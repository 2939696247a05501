"""Movement allowances as loaded from unit data; reductions from damage and
heat are derived by the movement rules, not stored here."""
from dataclasses import dataclass


@dataclass
class MechMovement:
    walk: int
    jump: int = 0


@dataclass
class VehicleMovement:
    motive: str          # tracked | wheeled | hover | vtol | wige
    cruise: int
    motive_penalty: int = 0      # cruise MP lost to motive system damage
    motive_psr_mods: int = 0     # driving roll modifiers from motive damage
