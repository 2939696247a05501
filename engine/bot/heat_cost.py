"""What heat costs the computer player, in the same worth units as damage
(engine/bot/value.py): the chance of a shutdown or an ammunition explosion
at the heat a turn ends on, and the to-hit and movement the heat scale
takes away next turn (Classic, section 13: systems/classic/heat.py and
weapon_attacks.heat_fire_modifier); an Alpha Strike unit's heat level at the
end phase (systems/alpha_strike/end_phase.heat_preview: 4 is a shutdown,
each level +1 to-hit next turn and 2" of Move, TMM -1 from level 2,
AS-HEAT-2), the to-hit priced on what next turn's attack would be worth."""
from __future__ import annotations

from components import Ammo, ClassicHeat
from engine.bot.odds import at_least, hit_chance
from systems.alpha_strike import card as as_card
from systems.alpha_strike.end_phase import heat_preview
from systems.classic import criticals, heat as classic_heat
from systems.classic.weapon_attacks import heat_fire_modifier

SHUTDOWN = 0.8            # of the unit's worth: a turn immobile (-4 to hit it) and silent, then a restart roll
AMMO_EXPLOSION = 1.0      # of the worth, when the blast is half the armor and structure left or more
TO_HIT_NEXT_TURN = 0.12   # of the firepower, per point of to-hit the heat adds next turn
MP_NEXT_TURN = 0.03       # of the worth, per walking MP the heat takes next turn
TMM_NEXT_TURN = 0.15      # of the worth: an Alpha Strike unit at heat 2 is hit more easily (TMM -1)
HEAT_TURNS = 3            # the later turns an Alpha Strike unit's heat level holds while it keeps firing


def classic_end_heat(game, ent: int, weapon_heat: int) -> int | None:
    """The heat a mech ends this turn on when its weapons add `weapon_heat`
    to what it has built up so far (movement as it stands: a what-if move
    counts), less what it dissipates where it stands; None for a unit
    without a heat scale."""
    heat = game.world.try_component(ent, ClassicHeat)
    if heat is None or game.kind(ent) != "mech":
        return None
    buildup = sum(v for _, v in classic_heat.buildup_sources(game, ent)) + weapon_heat
    return max(0, heat.heat + buildup - classic_heat.dissipation(game, ent))


def classic_cost(game, ent: int, end_heat: int | None, worth: float, firepower: float,
                 durability: float) -> float:
    """The cost of ending the turn at `end_heat` (section 13) for a unit of
    this worth, firepower and durability (armor and structure left)."""
    if end_heat is None:
        return 0.0
    cost = 0.0
    tn = classic_heat.shutdown_avoid_number(end_heat)
    if tn is not None:
        cost += (1.0 - at_least(tn)) * SHUTDOWN * worth
    tn = classic_heat.ammo_avoid_number(end_heat)
    if tn is not None:
        b = criticals.most_dangerous_bin(game, ent)
        if b is not None:
            bin_ = game.world.component(ent, Ammo).bins[b]
            blast = criticals.ammo_explosion_damage(bin_.type, bin_.shots, game.weapons)
            cost += (1.0 - at_least(tn)) * AMMO_EXPLOSION * worth * min(1.0, 2 * blast / durability)
    cost += TO_HIT_NEXT_TURN * firepower * heat_fire_modifier(end_heat)
    cost += MP_NEXT_TURN * worth * classic_heat.movement_mp_penalty(end_heat)
    return cost


def alpha_strike_cost(game, ent: int, overheat: int, fires: bool, worth: float, next_attack: tuple[float, int]
                      ) -> float:
    """The cost of the heat level an Alpha Strike unit reaches in the end
    phase with this attack (AS-HEAT-2, AS-SHUT-1): next turn's attack
    (`next_attack`: what it is worth when it hits and the number it needs
    without heat) made at +1 per level for the turns the level holds, or
    one attack given up to cool it, whichever is less; TMM -1 at level 2
    (more of the enemy's attacks hit it), 2" of Move a level, a shutdown."""
    if not as_card.has_heat_scale(game, ent):
        return 0.0
    level = heat_preview(game, ent, overheat, fires)
    value, number = next_attack
    # the level stays while the unit keeps firing (AS-COOL-2): the to-hit is
    # lost every later turn, or one attack is given up to cool (AS-COOL-4)
    lost = HEAT_TURNS * (hit_chance(game, number) - hit_chance(game, number + level))
    cost = value * min(lost, hit_chance(game, number)) if level else 0.0
    cost += MP_NEXT_TURN * 2 * worth * level
    if level >= 2 and as_card.base_tmm(game, ent) > 0:
        cost += TMM_NEXT_TURN * worth
    if level >= as_card.SHUTDOWN_LEVEL:
        cost += SHUTDOWN * worth
    return cost
