"""The Alpha Strike ruleset's systems, wired into a Ruleset
(engine/rulesets.py calls `register_alpha_strike`).

Modules, one job each:
- systems/alpha_strike/card.py: card values (specials, Move, TMM, damage, heat scale);
- systems/alpha_strike/motion.py: movement on hexes (MOTION_RULES["alpha-strike"]);
- systems/alpha_strike/combat.py: attack orders, to-hit, damage, HT, overheat;
- systems/alpha_strike/criticals.py: critical hit tables and effects;
- systems/alpha_strike/end_phase.py: the seed's end phase (damage, removal, heat).
Turn: initiative, movement, combat, end (AS-TURN-1).
"""
from __future__ import annotations

from engine.orders import FireOrder, MoveOrder, PhysicalOrder
from systems.alpha_strike import combat as as_combat, end_phase as as_end_phase, motion as as_motion
from systems.common import movement


def register_alpha_strike(rs) -> None:
    # AS-PHYS-3: the shared move, minus charge / DFA declarations.
    rs.handlers[("movement", MoveOrder)] = (as_motion.check_move, movement.apply_move)
    rs.handlers[("combat", FireOrder)] = (as_combat.check_fire, as_combat.apply_fire)
    rs.handlers[("combat", PhysicalOrder)] = (as_combat.check_physical, as_combat.apply_physical)
    rs.on_end.setdefault("combat", []).append(as_combat.resolve_attacks)
    rs.on_end.setdefault("end", []).append(as_end_phase.end_phase)
