"""BattleMech movement rules (rules/mech_core.md section 2): walking,
running and jumping MP after damage and heat, the MP cost of entering a
hex, the level limit, and the piloting rolls terrain asks for. The shared
step loop is systems/common/movement.py."""
from __future__ import annotations

import math
from typing import TYPE_CHECKING

from components import Actuators, ClassicHeat, MechMovement, Status, Structure
from engine.hexmap import Terrain
from systems.classic import buildings
from systems.classic.heat import movement_mp_penalty
from systems.common.building_class import entry_mp
from systems.common.movement import ON_ROOF, MotionRules, MoveState, base_step, run_mp

if TYPE_CHECKING:
    from engine.game import Game

MECH_TERRAIN_COST = {"clear": 0, "rough": 1, "rubble": 1, "light_woods": 1, "heavy_woods": 2}


def mech_walk_mp(game: "Game", ent: int) -> int:
    """Walking MP after leg damage and heat (rules/mech_core.md sections 2, 13)."""
    base = game.world.component(ent, MechMovement).walk
    acts = game.world.try_component(ent, Actuators)
    structure = game.world.component(ent, Structure)
    legs_gone = [leg for leg in ("left_leg", "right_leg") if structure.points.get(leg, 1) <= 0]
    walk = base
    if acts is not None:
        hips = sum(1 for a in acts.destroyed if a.endswith("_hip"))
        for a in acts.destroyed:
            side = a.split("_")[0]
            if a.endswith(("_upper_leg", "_lower_leg", "_foot")) and f"{side}_hip" not in acts.destroyed:
                walk -= 1
        if hips == 1:
            walk = math.ceil(walk / 2)
        elif hips >= 2:
            return 0
    if legs_gone:
        walk = min(walk, 1)
    heat = game.world.try_component(ent, ClassicHeat)
    if heat is not None:
        walk -= movement_mp_penalty(heat.heat)
    return max(0, walk)


def mech_jump_mp(game: "Game", ent: int) -> int:
    status = game.world.component(ent, Status)
    return max(0, game.world.component(ent, MechMovement).jump - status.crits.count("jump_jet"))


class MechMotion(MotionRules):
    """Movement rules for BattleMechs."""

    modes = ("walk", "run", "jump")
    max_level_change = 2

    def mp(self, game: "Game", ent: int, mode: str) -> int:
        if game.world.component(ent, Status).immobile:
            return 0        # section 7: a destroyed gyro or both legs destroyed leave no MP of any mode
        walk = mech_walk_mp(game, ent)
        if mode == "walk":
            return walk
        if mode == "run":
            structure = game.world.component(ent, Structure)
            if any(structure.points.get(l, 1) <= 0 for l in ("left_leg", "right_leg")):
                return walk   # one leg destroyed: no running
            return run_mp(walk)
        if mode == "jump":
            return mech_jump_mp(game, ent)
        return 0

    def mode_error(self, game: "Game", ent: int, mode: str, state: MoveState) -> str | None:
        if mode not in self.modes:
            return f"a mech moves by walk, run or jump, not {mode!r}"
        if mode == "jump" and state.prone:
            return "a prone mech cannot jump"
        if mode == "jump" and mech_jump_mp(game, ent) == 0:
            return "this mech has no working jump jets"
        return None

    def enter_cost(self, game: "Game", ent: int, mode: str, frm: Terrain, to: Terrain,
                   backward: bool) -> int | str:
        """MP to enter `to` from `frm`, or the reason it cannot."""
        if mode == "jump":
            return 1
        cost = 1 + MECH_TERRAIN_COST.get(to.terrain, 0)
        if to.terrain == "water":
            cost = {0: 1, 1: 2}.get(to.depth, 4)
        if to.building:
            cost = entry_mp(to)                           # B-MOVE-1
        change = abs(to.level - frm.level)
        if change > self.max_level_change:
            return f"a mech can climb or drop at most {self.max_level_change} levels per hex ({change} here)"
        return cost + change

    def leaving(self, game: "Game", state: MoveState) -> Terrain:
        """A mech on a roof steps off from the roof's top (B-POS-4, D21): the
        level change it climbs or drops, its MP and the roll for changing
        level backward count from there."""
        t = game.map.terrain(state.hex)
        if "on_roof" in state.tags:
            return Terrain(level=t.roof)
        return t

    def step(self, game: "Game", ent: int, mode: str, state: MoveState, token: str, mp_limit: int):
        """The shared step, and the entry roll of each building hex walked or
        run into (B-MOVE-2/3: its modifier counts the hexes entered). A jump
        that enters a building hex is on its roof (B-MOVE-9). A mech leaves
        a roof by a jump, or by walking or running down from it into a hex
        without a building (D21: onto another roof or into a building it may
        not), the level change counted from the roof (`leaving`)."""
        out = base_step(game, ent, self, mode, state, token, mp_limit)
        if isinstance(out, str) or token not in ("F", "B"):
            return out
        new, psrs = out
        to = game.map.terrain(new.hex)
        if mode == "jump":
            roof = "on_roof" in new.tags
            if bool(to.building) != roof:
                new = new.replace(tags=new.tags ^ ON_ROOF)
            return new, psrs
        if "on_roof" in state.tags:
            if to.building:
                return "a mech on a roof cannot walk onto another building: it must jump"
            return new.replace(tags=new.tags - ON_ROOF), psrs
        if to.building:
            psrs = [*psrs, (buildings.ENTRY, buildings.entry_modifier(to, new.hexes))]
        return new, psrs

    def enter_psrs(self, frm: Terrain, to: Terrain, mode: str, backward: bool) -> list[tuple[str, int]]:
        if mode == "jump":
            return []
        out = []
        if to.terrain == "rubble":
            out.append(("entering rubble", 0))
        if to.terrain == "water" and to.depth >= 1:
            out.append((f"entering depth {to.depth} water", {1: -1, 2: 0}.get(to.depth, 1)))
        if backward and to.level != frm.level:
            out.append(("changing level while moving backward", 0))
        return out
