"""The BattleMech rules of the Classic ruleset, wired into a Ruleset
(engine/rulesets.py calls `register`): which system checks and carries out
each order, what runs when each phase begins and ends, and the hooks the
mech rules fill. The combat vehicle rules add theirs afterwards
(systems/vehicles/wiring.py)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from engine.orders import FireOrder, MoveOrder, PhysicalOrder
from systems.classic import (buildings, charge, clubs, criticals, displacement, end_phase, heat, mech_movement, melee,
                             options, physical_resolution, piloting, weapon_attacks, weapon_resolution)
from systems.common import movement

if TYPE_CHECKING:
    from engine.rulesets import Ruleset


def register(rs: "Ruleset") -> None:
    rs.handlers[("movement", MoveOrder)] = (movement.check_move, movement.apply_move)
    rs.handlers[("weapon", FireOrder)] = (weapon_attacks.check_fire, weapon_attacks.declare_fire)
    rs.handlers[("physical", PhysicalOrder)] = (melee.check_physical, melee.apply_physical)
    # The 20+ damage count is per phase; the queued PSRs are rolled when the
    # weapon, physical and heat phases end (section 9), after the attacks.
    rs.on_begin["weapon"] = [piloting.reset_phase_damage, weapon_resolution.begin_weapon_phase]
    rs.on_begin["physical"] = [piloting.reset_phase_damage, charge.begin_physical]
    # Buildings at CF 0 collapse when the phase's attacks are over, before
    # its PSRs (rules/buildings.md B-COLL-1); the phase CF is renewed.
    rs.on_end["movement"] = [buildings.end_of_phase]
    rs.on_end["weapon"] = [weapon_resolution.resolve_weapon_phase, buildings.end_of_phase, piloting.resolve_queue]
    rs.on_end["physical"] = [physical_resolution.resolve_physical, buildings.end_of_phase, piloting.resolve_queue]
    rs.on_end["heat"] = [heat.resolve_heat_phase, piloting.resolve_queue]
    rs.on_end["end"] = [piloting.wake_up, end_phase.finish_turn]
    hooks = rs.hooks
    hooks.options = options
    hooks.movement_rules["mech"] = mech_movement.MechMotion()
    hooks.declaration_checks.append(charge.check_declaration)
    hooks.after_move += [charge.record_declaration, piloting.after_move, displacement.after_move,
                         buildings.after_jump]
    hooks.location_destroyed += [criticals.location_destroyed, clubs.drop_club, clubs.limb_severed,
                                 piloting.leg_destroyed]
    hooks.unit_placed.append(piloting.mark_legless)
    hooks.pilot_wounded.append(piloting.consciousness_roll)
    hooks.fall_onto.append(displacement.fall_on_the_way)
    hooks.unit_fall["mech"] = piloting.fall
    hooks.building_entry["mech"] = piloting.enter_building
    hooks.structure_damaged["mech"] = criticals.structure_damaged
