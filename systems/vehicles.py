"""Wires the combat vehicle rules into the Classic ruleset: vehicle hit
tables for weapon and physical damage (T-1, T-2), criticals on structure
damage (V-CRIT-2), end-of-phase motive and rotor damage (T-5, V-ROTOR-4),
stun recovery (V-CE-5), vehicle displacement (V-DISP) and the in-move
driving rolls (sideslips, skids, landing crashes) through
systems/movement.py's AFTER_MOVE."""
from __future__ import annotations

import importlib


def _optional(name: str):
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name != name:
            raise
        return None


def _add(hooks: list, fn) -> None:
    if fn not in hooks:
        hooks.append(fn)


def register_classic(rs) -> None:
    from systems import damage, motive_damage, movement, vehicle_criticals, vehicle_moves
    from systems import vehicle_displacement, vehicle_hit_location
    _add(damage.STRUCTURE_DAMAGED, vehicle_criticals.on_structure_damaged)
    _add(movement.AFTER_MOVE, vehicle_moves.after_move)
    _add(movement.DECLARATION_CHECKS, vehicle_criticals.charge_check)
    weapons = _optional("systems.weapon_attacks")
    if weapons is not None and hasattr(weapons, "WEAPON_HIT_VEHICLE"):
        _add(weapons.WEAPON_HIT_VEHICLE, vehicle_hit_location.weapon_hit)
    if weapons is not None and hasattr(weapons, "EXTRA_MODIFIERS"):
        _add(weapons.EXTRA_MODIFIERS, vehicle_criticals.weapon_modifiers)
    if "weapon" in rs.phases:
        rs.on_begin.setdefault("weapon", []).append(vehicle_criticals.note_jams)
        rs.on_end.setdefault("weapon", []).append(vehicle_criticals.clear_jams)
    physical = _optional("systems.physical_attacks")
    if physical is not None and hasattr(physical, "VEHICLE_HIT"):
        _add(physical.VEHICLE_HIT, vehicle_hit_location.physical_hit)
    if _optional("systems.displacement") is not None:
        vehicle_displacement.register()
    for phase in rs.phases:
        rs.on_end.setdefault(phase, []).append(motive_damage.end_of_phase)
    rs.on_end.setdefault("end", []).append(vehicle_criticals.end_of_turn)
