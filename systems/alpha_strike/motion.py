"""Alpha Strike movement on hexes (rules/alpha_strike.md B3): the motion rules
object the shared step loop in systems/common/movement.py uses for Alpha Strike
units (the Alpha Strike ruleset's movement rules for every unit).

- AS-MOVE-1: a unit stands still, makes a ground move ("walk") or jumps.
- AS-MOVE-2 / AS-HEAT-2: hexes = inches // 2; heat takes 2" per level from the
  ground Move only (as_card.ground_hexes).
- AS-MOVE-3: entering a hex costs 1 plus the terrain surcharge, +1 per level
  changed; 'Mechs change at most 2 levels per hex, other units 1. A building
  hex costs by its class (the digest's "per building class"), as in Classic
  (rules/buildings.md B-CLASS-1: 2, 3, 4 or 5 hexes; systems/common/
  building_class.py); nothing else of the building rules applies.
- AS-MOVE-4: a jump costs 1 per hex whatever the terrain; it must end in a hex
  the unit may stand in.
- AS-MOVE-5: no facing: turning is free and "B" is simply a step the other way.
- AS-SHUT-1, AS-MOVE-7: shut-down, stunned or immobile units do not move.
- AS-PHYS-3: charges and death from above are not part of the introductory
  rules, so a move order declaring one is refused (`check_move`).
"""
from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from components import Identity
from engine.hexgrid import turn
from engine.hexmap import Terrain
from engine.orders import MoveOrder
from systems.alpha_strike import card as as_card
from systems.common import movement
from systems.common.building_class import entry_mp

if TYPE_CHECKING:
    from engine.game import Game

# AS-MOVE-3 surcharges in hexes (the cost to enter is 1 + surcharge).
TERRAIN_SURCHARGE = {"clear": 0, "rough": 1, "rubble": 1, "light_woods": 1, "heavy_woods": 2}
SHALLOW_WATER_SURCHARGE = 1   # water of depth 0 (< 2")
DEEP_WATER_SURCHARGE = 2      # depth >= 1 (2" or more): 'Mechs only

GROUND_MODES = ("walk",)
MODES = GROUND_MODES + ("jump",)


def _is_mech(game: "Game", ent: int) -> bool:
    return as_card.card(game, ent).type in as_card.MECH_TYPES


def prohibited(game: "Game", ent: int, to: Terrain) -> str | None:
    """Terrain this unit may not enter or stand in (AS-MOVE-3 table notes)."""
    c = as_card.card(game, ent)
    if to.terrain == "water" and to.depth >= 1 and c.type != "BM":
        # BattleMechs only (UMU/AMP and an IndustrialMech's SEAL are not parsed).
        return f"water {2 * to.depth}\" deep is 'Mech-only terrain"
    if c.type in ("CV", "SV") and to.terrain == "heavy_woods" and not to.road:
        return "heavy woods are prohibited terrain for vehicles"
    return None


class AlphaStrikeMotion(movement.MotionRules):
    """Movement rules for Alpha Strike units."""

    modes = MODES
    search_tokens = ("F", "L", "R")
    move_noun = "Move (hexes)"     # refusals speak of Move, not Classic MP (AS-MOVE-2)

    def level_limit(self, game: "Game", ent: int) -> int:
        return 2 if _is_mech(game, ent) else 1

    def mp(self, game: "Game", ent: int, mode: str) -> int:
        if mode == "jump":
            return as_card.jump_hexes(game, ent)
        if mode in GROUND_MODES:
            return as_card.ground_hexes(game, ent)
        return 0

    def cannot_act_reason(self, game: "Game", ent: int) -> str | None:
        """AS-SHUT-2, AS-MOVE-7: shut down or crew stunned (not even a stay)."""
        return as_card.cannot_act_reason(game, ent, game.world.component(ent, Identity).name)

    def mode_error(self, game: "Game", ent: int, mode: str, state) -> str | None:
        name = game.world.component(ent, Identity).name
        reason = self.cannot_act_reason(game, ent)
        if reason:
            return reason
        if mode not in self.modes:
            return f"an Alpha Strike unit makes a ground move (walk) or jumps, not {mode!r}"
        if mode == "jump" and as_card.jump_hexes(game, ent) == 0:
            return f"{name} has no jump Move"
        return None

    def enter_cost(self, game: "Game", ent: int, mode: str, frm: Terrain, to: Terrain,
                   backward: bool) -> int | str:
        if mode == "jump":
            return 1
        reason = prohibited(game, ent, to)
        if reason:
            return reason
        change = abs(to.level - frm.level)
        limit = self.level_limit(game, ent)
        if change > limit:
            return f"this unit can climb or drop at most {limit} level{'s' if limit > 1 else ''} per hex ({change} here)"
        if to.building:
            return entry_mp(to) + change
        if to.terrain == "water":
            surcharge = DEEP_WATER_SURCHARGE if to.depth >= 1 else SHALLOW_WATER_SURCHARGE
        elif to.road or to.paved:
            surcharge = 0
        else:
            surcharge = TERRAIN_SURCHARGE.get(to.terrain, 0)
        return 1 + surcharge + change

    def enter_psrs(self, frm: Terrain, to: Terrain, mode: str, backward: bool) -> list:
        return []   # Alpha Strike has no piloting rolls for terrain

    def step(self, game: "Game", ent: int, mode: str, state, token: str, mp_limit: int):
        if token in ("L", "R"):
            # AS-MOVE-5: no facing; turning is free and does not count as moving.
            return replace(state, facing=turn(state.facing, -1 if token == "L" else 1)), []
        if token == "B":
            back = replace(state, facing=turn(state.facing, 3))
            out = movement.step(game, ent, self, mode, back, "F", mp_limit)
            if isinstance(out, str):
                return out
            new, psrs = out
            return replace(new, facing=state.facing), psrs
        if token == "F":
            return movement.base_step(game, ent, self, mode, state, token, mp_limit)
        return f"{token!r} is not a step for an Alpha Strike unit (use F, B, L, R)"

    def landing_error(self, game: "Game", ent: int, mode: str, h) -> str | None:
        if mode == "jump":
            reason = prohibited(game, ent, game.map.terrain(h))
            if reason:
                return f"cannot end the jump in {game.map.label(h)}: {reason}"
        return None



def check_move(game: "Game", order: MoveOrder) -> str | None:
    """The Alpha Strike movement check: the shared one, after refusing a
    charge or death-from-above declaration (AS-PHYS-3: Standard-rules attacks,
    not in the introductory game)."""
    if order.charge or order.dfa:
        kind = "charge" if order.charge else "death from above"
        return (f"Alpha Strike (introductory rules) has no {kind} attack: move, then make a "
                "weapon or a standard/melee physical attack in the combat phase")
    return movement.check_move(game, order)
