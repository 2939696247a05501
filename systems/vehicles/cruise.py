"""A combat vehicle's Cruise MP now, and the Flank MP counted from it
(rules/vehicles.md V-MOVE, T-5, V-ROTOR-4, V-VCE-5).

The one place both the movement rules (systems/vehicles/movement.py) and
the damage rules (systems/vehicles/motive_damage.py, the rotor damage
critical in systems/vehicles/criticals.py) read it from: it depends on no
other rule module but the shared running rule (systems/common/movement.py).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from components import Status, VehicleMovement
from systems.common.movement import run_mp

if TYPE_CHECKING:
    from engine.game import Game


def current_cruise(vm: VehicleMovement) -> int:
    """Cruise MP after motive damage and rotor hits (T-5, V-ROTOR-4)."""
    return max(0, vm.cruise - vm.motive_penalty)


def flank_mp(cruise: int) -> int:
    """Flank MP: 1.5 x cruise, rounded up (the running rule)."""
    return run_mp(cruise)


def cruise_mp(game: "Game", ent: int) -> int:
    """The vehicle's Cruise MP now, which every other MP of it (flank, the
    paved-hex bonus) is counted from: after motive damage and rotor hits
    (T-5, V-ROTOR-4), and none at all while it is immobile (V-CE-7 engine
    hit, T-5 major result, crew killed, V-SKID-3 prohibited terrain)."""
    if game.world.component(ent, Status).immobile:
        return 0
    return current_cruise(game.world.component(ent, VehicleMovement))
