"""Movement rules for combat vehicles by motive type (rules/vehicles.md
V-MOVE, T-7): MP by mode, terrain costs and prohibited terrain. Registered
into systems/movement.py's MOTION_RULES; the step loop there is shared."""
from __future__ import annotations

import math
from typing import TYPE_CHECKING

from components import VehicleMovement
from engine.hexmap import Terrain
from systems import movement

if TYPE_CHECKING:
    from engine.game import Game

# Terrain that each motive type may not enter (V-MOVE-8, T-7).
PROHIBITED = {
    "tracked": ("heavy_woods",),
    "wheeled": ("light_woods", "heavy_woods", "rough", "rubble"),
    "hover": ("light_woods", "heavy_woods"),
}
TERRAIN_NAMES = {"light_woods": "light woods", "heavy_woods": "heavy woods", "rough": "rough",
                 "rubble": "rubble"}


class GroundVehicleMotion:
    modes = ("cruise", "flank")
    max_level_change = 1

    def __init__(self, motive: str) -> None:
        self.motive = motive

    def mp(self, game: "Game", ent: int, mode: str) -> int:
        vm = game.world.component(ent, VehicleMovement)
        cruise = max(0, vm.cruise - vm.motive_penalty)
        return cruise if mode == "cruise" else math.ceil(1.5 * cruise)

    def mode_error(self, game: "Game", ent: int, mode: str, state) -> str | None:
        if mode not in self.modes:
            return f"a vehicle moves at cruise or flank speed, not {mode!r}"
        return None

    def enter_cost(self, game: "Game", ent: int, mode: str, frm: Terrain, to: Terrain,
                   backward: bool) -> int | str:
        if to.terrain in PROHIBITED[self.motive] and not to.road:
            return f"{TERRAIN_NAMES[to.terrain]} is prohibited terrain for {self.motive} vehicles"
        if to.terrain == "water" and to.depth >= 1 and self.motive != "hover":
            return f"water of depth {to.depth} is prohibited terrain for {self.motive} vehicles"
        change = abs(to.level - frm.level) if not (self.motive == "hover" and to.is_water) else 0
        if change > self.max_level_change:
            return f"a ground vehicle can change at most one level per hex ({change} here)"
        if change and backward:
            return "a vehicle cannot change level while backing up"
        cost = 1
        if to.terrain in ("rough", "rubble", "light_woods") and not to.road:
            cost += 1
        return cost + 2 * change

    def enter_psrs(self, frm, to, mode, backward):
        return []


for _motive in ("tracked", "wheeled", "hover"):
    movement.MOTION_RULES[_motive] = GroundVehicleMotion(_motive)
