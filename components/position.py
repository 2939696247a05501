"""Where a unit stands and which way its feet / hull face."""
from dataclasses import dataclass

from engine.hexgrid import Hex


@dataclass
class Position:
    hex: Hex
    facing: int = 0      # 0 N, 1 NE, 2 SE, 3 S, 4 SW, 5 NW
    on_roof: bool = False    # a mech standing on its building hex's roof (it jumped there)
