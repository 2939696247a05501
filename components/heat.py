"""Heat: Classic mech heat points and heat sinks, and the Alpha Strike heat
scale. Two components so the rulesets never confuse them."""
from dataclasses import dataclass


@dataclass
class HeatSinks:
    count: int = 10
    double: bool = False
    destroyed: int = 0


@dataclass
class ClassicHeat:
    heat: int = 0             # Classic heat points (rules/mech_core.md section 13)
    pending: int = 0          # heat built up this turn, added in the heat phase


@dataclass
class AlphaStrikeHeat:
    level: int = 0            # 0..4, 4 = S (shutdown)
