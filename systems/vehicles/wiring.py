"""Wires the combat vehicle rules into the Classic ruleset: vehicle hit
tables for weapon and physical damage (T-1, T-2), criticals on structure
damage (V-CRIT-2), end-of-phase motive and rotor damage (T-5, V-ROTOR-4),
stun recovery (V-CE-5), vehicle displacement (V-DISP) and the in-move
driving rolls (sideslips, skids, landing crashes) through
systems/common/movement.py's AFTER_MOVE."""
from __future__ import annotations


def _add(hooks: list, fn) -> None:
    if fn not in hooks:
        hooks.append(fn)


def register_classic(rs) -> None:
    from systems.common import damage, movement
    from systems.vehicles import (criticals as vehicle_criticals, displacement as vehicle_displacement,
                                  hit_location as vehicle_hit_location, motive_damage, moves as vehicle_moves)
    from systems.classic import physical_attacks, weapon_attacks
    _add(damage.STRUCTURE_DAMAGED, vehicle_criticals.on_structure_damaged)
    _add(movement.AFTER_MOVE, vehicle_moves.after_move)
    _add(movement.DECLARATION_CHECKS, vehicle_criticals.charge_check)
    _add(weapon_attacks.WEAPON_HIT_VEHICLE, vehicle_hit_location.weapon_hit)
    _add(weapon_attacks.EXTRA_MODIFIERS, vehicle_criticals.weapon_modifiers)
    if "weapon" in rs.phases:
        rs.on_begin.setdefault("weapon", []).append(vehicle_criticals.note_jams)
        rs.on_end.setdefault("weapon", []).append(vehicle_criticals.clear_jams)
    _add(physical_attacks.VEHICLE_HIT, vehicle_hit_location.physical_hit)
    vehicle_displacement.register()
    for phase in rs.phases:
        rs.on_end.setdefault(phase, []).append(motive_damage.end_of_phase)
    rs.on_end.setdefault("end", []).append(vehicle_criticals.end_of_turn)
