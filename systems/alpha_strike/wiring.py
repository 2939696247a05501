"""The Alpha Strike ruleset's systems, wired into a Ruleset
(engine/rulesets.py calls `register`).

Modules, one job each:
- systems/alpha_strike/card.py: card values (specials, Move, TMM, damage, heat scale);
- systems/alpha_strike/motion.py: movement on hexes (the movement rules of every unit);
- systems/alpha_strike/combat.py: attack orders, to-hit, damage, HT, overheat;
- systems/alpha_strike/criticals.py: critical hit tables and effects;
- systems/alpha_strike/end_phase.py: the seed's end phase (damage, removal, heat).
Turn: initiative, movement, combat, end (AS-TURN-1).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from engine.orders import FireOrder, MoveOrder, PhysicalOrder
from systems.alpha_strike import combat, end_phase, motion, options
from systems.common import movement

if TYPE_CHECKING:
    from engine.rulesets import Ruleset


def register(rs: "Ruleset") -> None:
    # AS-PHYS-3: the shared move, minus charge / DFA declarations.
    rs.handlers[("movement", MoveOrder)] = (motion.check_move, movement.apply_move)
    rs.handlers[("combat", FireOrder)] = (combat.check_fire, combat.apply_fire)
    rs.handlers[("combat", PhysicalOrder)] = (combat.check_physical, combat.apply_physical)
    rs.on_end["combat"] = [combat.resolve_attacks]
    rs.on_end["end"] = [end_phase.end_phase]
    rs.hooks.movement_rules["alpha-strike"] = motion.AlphaStrikeMotion()
    rs.hooks.options = options
