"""Wires the combat vehicle rules into the Classic ruleset, after the mech
rules (engine/rulesets.py calls `register`): movement rules by motive,
vehicle hit tables for weapon and physical damage (T-1, T-2), criticals on
structure damage (V-CRIT-2), end-of-phase motive and rotor damage (T-5,
V-ROTOR-4), jams cleared (V-CE-12, V-CE-15), stun recovery (V-CE-5),
vehicle displacement (V-DISP), vehicle charges and physical attacks on
vehicles (V-PHYS) and the in-move driving rolls (sideslips, skids, landing
crashes)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from engine.orders import PickOrder
from systems.vehicles import (collisions, crash, criticals, displacement, hit_location, motive_damage, moves, movement,
                              physical, weapon_loss)

if TYPE_CHECKING:
    from engine.rulesets import Ruleset


def register(rs: "Ruleset") -> None:
    hooks = rs.hooks
    hooks.movement_rules.update(movement.motion_rules_by_motive())
    # Who may charge is judged before the charge itself (V-PHYS-2).
    hooks.declaration_checks.insert(0, physical.check_charge)
    hooks.declaration_checks.append(criticals.charge_check)
    hooks.after_move.append(moves.after_move)
    hooks.structure_damaged["vehicle"] = criticals.on_structure_damaged
    hooks.forced_descent.append(crash.check_after_descent)
    hooks.forced_landing.append(crash.land_forced)
    hooks.weapon_modifiers.append(criticals.weapon_modifiers)
    hooks.weapon_hit["vehicle"] = hit_location.weapon_hit
    hooks.physical_hit["vehicle"] = physical.vehicle_hit
    hooks.unit_fall["vehicle"] = collisions.fall_damage
    hooks.fallen_on["vehicle"] = crash.vehicle_fallen_on
    hooks.building_entry["vehicle"] = moves.enter_building
    hooks.physical_target.append(physical.target_rule)
    hooks.charge_table.append(physical.charge_table)
    hooks.charge_modifiers.append(physical.charge_modifiers)
    hooks.charge_recheck.append(physical.charge_recheck)
    hooks.after_charge.append(physical.after_charge)
    hooks.displacement_outcome.append(displacement.outcome_rule)
    hooks.displace.append(displacement.displace_rule)
    rs.on_begin.setdefault("weapon", []).append(criticals.note_jams)
    rs.on_end.setdefault("weapon", []).append(criticals.clear_jams)
    for phase in rs.phases:
        rs.on_end.setdefault(phase, []).append(motive_damage.end_of_phase)
    rs.on_end.setdefault("end", []).append(criticals.end_of_turn)
    rs.anytime[PickOrder] = (weapon_loss.check_pick, weapon_loss.apply_pick)
