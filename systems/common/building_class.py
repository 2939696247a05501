"""What a building hex's class costs a unit that enters it (rules/buildings.md
B-CLASS-1, B-CLASS-3), for every ruleset on the shared maps: the MP beyond
the hex's 1 (Classic MP, Alpha Strike hexes of Move). The class, height and
CF are the map's (engine/hexmap.py `Terrain.building_type`)."""
from __future__ import annotations

from engine.hexmap import Terrain

CLASS_EXTRA_MP = {"light": 1, "medium": 2, "heavy": 3, "hardened": 4}


def entry_mp(t: Terrain) -> int:
    """B-MOVE-1, B-VEH-2: MP to enter a building hex, before any level
    change: 1 + its class's extra MP (the class, not the CF, B-CLASS-3)."""
    return 1 + CLASS_EXTRA_MP[t.building_type]
