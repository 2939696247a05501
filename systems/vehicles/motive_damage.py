"""Motive system damage (rules/vehicles.md T-5) for ground vehicles.

`roll_motive(game, ent, side)` rolls 2d6 (purpose "motive") plus the attack
direction and motive type modifiers and records the result (a vehicle
already immobile rolls nothing: a `motive_skipped` event says why);
results (and rotor hits, V-ROTOR-4) take effect at the end of the phase
(`end_of_phase`). MP losses are cumulative, each driving modifier counts
once (systems/vehicles/driving.py), and a vehicle left without cruise MP is immobile.
"""
from __future__ import annotations

import math
from typing import TYPE_CHECKING

from components import Status, VehicleCrits, VehicleMovement
from systems.common.unit_state import airborne
from systems.vehicles.cruise import current_cruise, flank_mp

if TYPE_CHECKING:
    from engine.game import Game

DIRECTION_MODIFIER = {"front": 0, "none": 0, "rear": 1, "left": 2, "right": 2}
MOTIVE_MODIFIER = {"tracked": 0, "naval": 0, "wheeled": 2, "hover": 3, "hydrofoil": 3, "wige": 4}


def result_for(total: int) -> str:
    """T-5 result for a modified roll."""
    if total <= 5:
        return "none"
    if total <= 7:
        return "minor"
    if total <= 9:
        return "moderate"
    if total <= 11:
        return "heavy"
    return "major"


def roll_motive(game: "Game", ent: int, side: str = "none", reason: str = "") -> str:
    """Roll once on T-5; the result waits for the end of the phase. No roll
    for a vehicle already immobile: no result could change it (T-5 major:
    no movement for the rest of the game; see `apply_result`); a
    `motive_skipped` event says so, and why it is immobile."""
    vm = game.world.try_component(ent, VehicleMovement)
    vc = game.world.try_component(ent, VehicleCrits)
    if vm is None or vc is None or vm.motive == "vtol":
        return "none"              # VTOLs lose MP through rotor hits instead
    if game.world.component(ent, Status).immobile:
        game.log.emit("motive_skipped", unit=game.uid(ent), reason=reason or side, cause=vc.immobile_cause)
        return "none"
    roll = game.dice.roll("motive", 2, f"motive system damage ({reason or side})")
    mods = [["attack direction " + side, DIRECTION_MODIFIER.get(side, 0)],
            [f"{vm.motive} motive", MOTIVE_MODIFIER.get(vm.motive, 0)]]
    total = roll + sum(v for _, v in mods)
    result = result_for(total)
    game.log.emit("motive", unit=game.uid(ent), roll=roll, modifiers=mods, total=total, result=result,
                  reason=reason)
    if result != "none":
        vc.pending_motive.append(result)
    return result


def apply_result(game: "Game", ent: int, result: str) -> None:
    """Apply one T-5 result now (cumulative MP loss). A vehicle already
    immobile (major result, no cruise MP left, engine hit, crew killed, a skid
    into prohibited terrain) has no movement for the rest of the game, so the
    result changes nothing (MM: no MP comes back once motive damage reaches
    the original cruise)."""
    if game.world.component(ent, Status).immobile:
        return
    vm = game.world.component(ent, VehicleMovement)
    vc = game.world.component(ent, VehicleCrits)
    cruise = current_cruise(vm)
    if result == "moderate":
        vm.motive_penalty += min(1, cruise)
    elif result == "heavy":
        vm.motive_penalty += cruise - math.ceil(cruise / 2)
    elif result == "major":
        vm.motive_penalty = vm.cruise
    vc.motive_results.append(result)
    mods = {"minor": 1, "moderate": 2, "heavy": 3}
    vm.motive_psr_mods = sum(v for k, v in mods.items() if k in vc.motive_results)
    new = current_cruise(vm)
    game.log.emit("motive_damage", unit=game.uid(ent), result=result, cruise=new,
                  flank=flank_mp(new), driving_modifier=vm.motive_psr_mods)
    if new <= 0:
        from systems.vehicles.criticals import immobilize
        immobilize(game, ent, "motive system destroyed" if result == "major" else "no cruise MP left")


def apply_rotor_hits(game: "Game", ent: int, hits: int) -> None:
    """V-ROTOR-4 / V-VCE-5: cruise -1 per rotor hit; V-DMG-4: an airborne VTOL
    brought to 0 MP takes an engine damage critical."""
    vm = game.world.component(ent, VehicleMovement)
    vc = game.world.component(ent, VehicleCrits)
    lost = min(hits, current_cruise(vm))
    vm.motive_penalty += lost
    vc.rotor_mp_lost += lost
    new = current_cruise(vm)
    game.log.emit("rotor_damage", unit=game.uid(ent), hits=hits, cruise=new, flank=flank_mp(new))
    if new <= 0 and not game.world.component(ent, Status).destroyed:
        if airborne(game, ent) and not vc.engine_hit:
            from systems.vehicles import criticals as vehicle_criticals
            vehicle_criticals.apply_effect(game, ent, "rotor", "engine_hit")
        else:
            from systems.vehicles.criticals import immobilize
            immobilize(game, ent, "no cruise MP left")


def end_of_phase(game: "Game") -> None:
    """Damage effects take hold at the end of the phase (T-5, V-ROTOR-4)."""
    for ent, vc in sorted(game.world.get_component(VehicleCrits), key=lambda p: p[0]):
        if game.world.component(ent, Status).destroyed:
            vc.pending_motive.clear()
            vc.pending_rotor = 0
            continue
        pending, vc.pending_motive = vc.pending_motive, []
        for result in pending:
            apply_result(game, ent, result)
        if vc.pending_rotor:
            hits, vc.pending_rotor = vc.pending_rotor, 0
            apply_rotor_hits(game, ent, hits)
