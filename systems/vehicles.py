"""Wires the combat vehicle rules into the Classic ruleset: vehicle
criticals on structure damage (V-CRIT-2), end-of-phase motive and rotor
damage (T-5, V-ROTOR-4), stun recovery (V-CE-5) and the in-move driving
rolls (sideslips, skids) through systems/movement.py's AFTER_MOVE."""
from __future__ import annotations


def register_classic(rs) -> None:
    from systems import damage, motive_damage, movement, vehicle_criticals, vehicle_moves
    if vehicle_criticals.on_structure_damaged not in damage.STRUCTURE_DAMAGED:
        damage.STRUCTURE_DAMAGED.append(vehicle_criticals.on_structure_damaged)
    if vehicle_moves.after_move not in movement.AFTER_MOVE:
        movement.AFTER_MOVE.append(vehicle_moves.after_move)
    for phase in rs.phases:
        rs.on_end.setdefault(phase, []).append(motive_damage.end_of_phase)
    rs.on_end.setdefault("end", []).append(vehicle_criticals.end_of_turn)
