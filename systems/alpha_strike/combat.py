"""Alpha Strike combat phase (rules/alpha_strike.md B2, B5, B6, B8 and the
seed's AS-HEAT-2/3/4, AS-SPA-HT/MEL/OVL): checking attack orders, the
to-hit number and its modifiers, and resolving the declared attacks.

One attack per unit per turn, a weapon attack (FireOrder without weapon,
optional overheat) or a physical attack (PhysicalOrder standard / melee)
(AS-TURN-4). Attacks are checked and declared as they are ordered and
rolled at the end of the combat phase in the order declared; their damage,
HT heat and overheat are recorded in the turn record (`AlphaStrikeCombat`) and take
effect in the end phase (AS-END-2, systems/alpha_strike/end_phase.py).
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from components import (AlphaStrikeCard, AlphaStrikeCombat, AlphaStrikeDeclaration, AlphaStrikeHit, Identity,
                        Position, Status, TurnState)
from engine.hexgrid import distance
from engine.orders import FireOrder, PhysicalOrder
from systems.alpha_strike import card as as_card
from systems.common import line_of_sight as los
from systems.common.to_hit import MAX_TO_HIT, Modifier, ToHit

if TYPE_CHECKING:
    from engine.game import Game

# AS-HIT-2: (name, last hex of the bracket, to-hit modifier); 1 hex = 2".
RANGE_BRACKETS = (("short", 3, 0), ("medium", 12, 2), ("long", 21, 4))
IMMOBILE_TARGET = -4           # AS-SHUT-2, AS-TMM-2
STOOD_STILL, JUMPED = -1, 2    # AS-HIT-1
TARGET_JUMPED = 1              # AS-TMM-2
FIRE_CONTROL = 2               # AS-CRIT-FC, per hit
WOODS = 1                      # AS-HIT-4 project default (Q7)
PARTIAL_COVER = 1              # AS-HIT-4 project default (Q7)
BLOCKING_WOODS = 2             # intervening woods hexes that block LOS (AS-HIT-4)
PHYSICAL_MODIFIER = {"standard": 0, "melee": 1}   # AS-PHYS-2 (melee: AS 2013 excerpt)
MEL_DAMAGE = 1                 # AS-SPA-MEL
TARGET_TYPE = {"BA": 1, "PM": 1}   # AS-HIT-3
MINIMAL_DAMAGE_ROLL = 4        # AS-DMG-2: a 0* hit deals 1 on this or more of 1d6


def state(game: "Game") -> AlphaStrikeCombat:
    """This turn's Alpha Strike combat record (a new one each turn)."""
    if game.turn_record.alpha_strike is None:
        game.turn_record.alpha_strike = AlphaStrikeCombat()
    return game.turn_record.alpha_strike


def range_bracket(hexes: int) -> tuple[int, str, int] | None:
    """(index, name, modifier) for a distance in hexes, None beyond Long."""
    for i, (name, last, mod) in enumerate(RANGE_BRACKETS):
        if hexes <= last:
            return i, name, mod
    return None


# ------------------------------------------------------------------ line of sight
def _body(game: "Game", ent: int) -> los.Body:
    """AS-LOS-1: heights as on the Classic map; an Alpha Strike 'Mech stands
    two levels tall, other units one (no one is submerged in Alpha Strike)."""
    h = game.world.component(ent, Position).hex
    ground = game.map.terrain(h).level
    mech = as_card.card(game, ent).type in as_card.PHYSICAL_TYPES
    return los.Body(h, ground, ground + (1 if mech else 0), standing_mech=mech)


def line_of_sight(game: "Game", attacker: int, target: int) -> los.LosResult:
    """AS-LOS-1 (project default): the shared centre-to-centre line of sight
    (systems/common/line_of_sight.py: elevation, buildings, woods heights, partial
    cover), and AS-HIT-4's woods rule: 2 or more intervening woods hexes
    block."""
    result = los.line_of_sight_between(game.map, _body(game, attacker), _body(game, target))
    if result.clear and len(result.woods_hexes) >= BLOCKING_WOODS:
        result.clear = False
        result.reason = f"{len(result.woods_hexes)} woods hexes between the units block line of sight"
    return result


# ------------------------------------------------------------------ modifiers
def attacker_movement(game: "Game", ent: int) -> list[Modifier]:
    """AS-HIT-1: stood still -1, ground move +0, jumped +2."""
    ts = game.world.component(ent, TurnState)
    if ts.hexes_moved == 0:
        return [Modifier("attacker stood still", STOOD_STILL, "AS-HIT-1")]
    if ts.mode == "jump":
        return [Modifier("attacker jumped", JUMPED, "AS-HIT-1")]
    return []


def target_movement(game: "Game", ent: int) -> list[Modifier]:
    """AS-TMM-2 / AS-HEAT-2 / AS-SHUT-2: TMM (floor 0), +1 if it jumped, -1
    at heat 2+ unless it jumped (Q1, Q2); an immobile or shut-down target
    uses -4 instead."""
    if as_card.is_immobile(game, ent):
        reason = "target shut down" if as_card.is_shut_down(game, ent) else "target immobile"
        return [Modifier(reason, IMMOBILE_TARGET, "AS-SHUT-2")]
    tmm = as_card.base_tmm(game, ent)
    mods = [Modifier("target movement (TMM)", tmm, "AS-TMM-2")] if tmm else []
    if as_card.jumped(game, ent):
        mods.append(Modifier("target jumped", TARGET_JUMPED, "AS-TMM-2"))
    elif (penalty := as_card.heat_tmm_penalty(game, ent)):
        mods.append(Modifier("target heat 2+ (TMM -1)", -penalty, "AS-HEAT-2"))
    bonus = TARGET_TYPE.get(as_card.card(game, ent).type, 0)
    if bonus:
        mods.append(Modifier(f"target is {as_card.card(game, ent).type}", bonus, "AS-HIT-3"))
    return mods


def terrain_modifiers(game: "Game", target_hex, sight: los.LosResult | None) -> list[Modifier]:
    """AS-HIT-4 (project default, Q7): +1 once if the target stands in woods
    or the line of sight crosses woods; partial cover +1."""
    mods = []
    if game.map.terrain(target_hex).woods or (sight is not None and sight.woods_hexes):
        mods.append(Modifier("woods", WOODS, "AS-HIT-4"))
    if sight is not None and sight.partial_cover:
        mods.append(Modifier("partial cover", PARTIAL_COVER, "AS-HIT-4"))
    return mods


@dataclass
class AlphaStrikeAttack(ToHit):
    """One Alpha Strike attack as it would be declared now: its to-hit
    (systems/common/to_hit.py: the modifiers, or the reason it cannot be
    made) and what is fixed at declaration: the attack ("weapon", "standard",
    "melee"), the range bracket and hexes, the damage (`minimal`: a 0*
    value), the overheat used and the damage it adds, the HT heat."""

    attacker: str = ""
    target: str = ""
    attack: str = "weapon"
    range: str = ""
    hexes: int = 0
    damage: int = 0
    minimal: bool = False
    overheat: int = 0
    overheat_damage: int = 0
    ht: int = 0

    def record(self) -> AlphaStrikeDeclaration:
        """The attack as the combat record keeps it once declared."""
        return AlphaStrikeDeclaration(
            attacker=self.attacker, target=self.target, attack=self.attack, range=self.range, hexes=self.hexes,
            to_hit=self.number, modifiers=self.pairs(), damage=self.damage, minimal=self.minimal,
            overheat=self.overheat, overheat_damage=self.overheat_damage, ht=self.ht)


def _common_check(game: "Game", order, target_uid: str | None) -> str | None:
    """Why this unit may not attack that target at all now (AS-TURN-4), or None."""
    ent = game.units[order.unit]
    name = game.world.component(ent, Identity).name
    if game.world.try_component(ent, AlphaStrikeCard) is None:
        return f"{name} has no Alpha Strike card"
    reason = as_card.cannot_act_reason(game, ent, name)
    if reason:
        return reason.replace("this turn", "and cannot attack this turn")
    ts = game.world.component(ent, TurnState)
    if ts.fired or ts.physical_done:
        return f"{name} has already attacked this turn (one attack per unit per turn)"
    if not target_uid or target_uid not in game.units:
        return "choose a target unit"
    tgt = game.units[target_uid]
    tname = game.world.component(tgt, Identity).name
    if tgt == ent:
        return f"{name} cannot attack itself"
    if game.world.component(tgt, Status).removed:
        return f"{tname} is no longer on the battlefield"
    if not game.is_enemy(ent, tgt):
        return f"{tname} is on the same side"
    if game.world.try_component(tgt, AlphaStrikeCard) is None:
        return f"{tname} is not an Alpha Strike unit"
    return None


def _too_hard(attack: AlphaStrikeAttack) -> AlphaStrikeAttack:
    if attack.number > MAX_TO_HIT:
        attack.reason = f"the attack needs {attack.number} on 2d6, more than {MAX_TO_HIT}"
    return attack


# ------------------------------------------------------------------ weapon attacks
def weapon_attack(game: "Game", order: FireOrder) -> AlphaStrikeAttack:
    """Everything about a weapon attack that is fixed at declaration, or the
    reason it is not allowed."""
    refused = AlphaStrikeAttack.impossible
    if order.weapon:
        return refused("an Alpha Strike attack uses the whole card: give no weapon, only a target (and overheat)")
    if (reason := _common_check(game, order, order.target)):
        return refused(reason)
    ent, tgt = game.units[order.unit], game.units[order.target]
    c = as_card.card(game, ent)
    name = game.world.component(ent, Identity).name
    ov = order.overheat or 0
    if ov < 0 or ov > c.overheat:
        return refused(f"{name} can overheat by 0 to {c.overheat} (OV {c.overheat}), not {ov}")
    if ov and not as_card.has_heat_scale(game, ent):
        return refused(f"{name} has no heat scale and cannot overheat")
    a_hex = game.world.component(ent, Position).hex
    t_hex = game.world.component(tgt, Position).hex
    hexes = distance(a_hex, t_hex)
    bracket = range_bracket(hexes)
    if bracket is None:
        return refused(f"the target is {hexes} hexes away, beyond Long range (21 hexes)")
    index, bname, rmod = bracket
    value, minimal = as_card.damage_value(game, ent, index)
    if value == 0 and not minimal:
        return refused(f"{name} has no damage at {bname} range ({hexes} hexes)")
    sight = line_of_sight(game, ent, tgt)
    if not sight.clear:
        return refused(f"no line of sight: {sight.reason}")
    ht = as_card.specials(game, ent).ht
    attack = AlphaStrikeAttack(attacker=order.unit, target=order.target, attack="weapon", range=bname,
                               hexes=hexes, damage=value, minimal=minimal, overheat=ov,
                               overheat_damage=overheat_damage(game, ent, index, ov), ht=ht[index] if ht else 0)
    attack.add("skill", c.skill, "AS-HIT-1")
    attack.modifiers += attacker_movement(game, ent)
    if rmod:
        attack.add(f"{bname} range", rmod, "AS-HIT-2")
    attack.modifiers += target_movement(game, tgt)
    attack.modifiers += terrain_modifiers(game, t_hex, sight)
    heat = as_card.heat_level(game, ent)
    if heat:
        attack.add("attacker heat", heat, "AS-HEAT-2")       # this turn's level, AS-HEAT-3
    fc = as_card.hits(game, ent, "fire_control_hit")
    if fc:
        attack.add("fire control hits", FIRE_CONTROL * fc, "AS-CRIT-FC")
    return _too_hard(attack)


def overheat_damage(game: "Game", ent: int, bracket: int, overheat: int) -> int:
    """AS-DMG-1, AS-SPA-OVL: the damage an overheat adds at a range bracket
    (0 short, 1 medium, 2 long): the OV used, at Long range only with OVL."""
    return overheat if (bracket < 2 or as_card.specials(game, ent).ovl) else 0


def plan_weapon_attack(game: "Game", order: FireOrder) -> dict[str, Any] | str:
    """The weapon attack as the UI's preview reads it: the reason it is not
    allowed, or its record (`AlphaStrikeAttack.record`)."""
    attack = weapon_attack(game, order)
    return attack.reason or dataclasses.asdict(attack.record())


def _declare(game: "Game", order: FireOrder | PhysicalOrder, attack: AlphaStrikeAttack,
             **event_fields: Any) -> None:
    """Record a checked attack for resolution at the end of the phase; the
    attacker has made its one attack this turn (AS-TURN-4)."""
    ts = game.world.component(game.units[order.unit], TurnState)
    if attack.attack == "weapon":
        ts.fired = True
    else:
        ts.physical_done = True
    ts.targets.append(order.target)
    state(game).declared.append(attack.record())
    game.log.emit("declare", unit=order.unit, target=order.target, attack=attack.attack,
                  **event_fields, to_hit=attack.number)


def check_fire(game: "Game", order: FireOrder) -> str | None:
    return weapon_attack(game, order).reason


def apply_fire(game: "Game", order: FireOrder) -> None:
    attack = weapon_attack(game, order)
    rec = state(game)
    rec.fired.append(order.unit)
    if attack.overheat:
        # AS-DMG-1: heat rises by the OV used even if the attack misses.
        rec.overheat[order.unit] = attack.overheat
    _declare(game, order, attack, overheat=attack.overheat)


# ------------------------------------------------------------------ physical attacks
def physical_attack(game: "Game", order: PhysicalOrder) -> AlphaStrikeAttack:
    """AS-PHYS-1/2, AS-HIT-6: adjacent target; Skill + attacker movement +
    target modifiers + terrain + attack type; no range, heat or fire control."""
    refused = AlphaStrikeAttack.impossible
    if order.attack not in PHYSICAL_MODIFIER:
        return refused(f"Alpha Strike physical attacks are standard or melee, not {order.attack!r}")
    if (reason := _common_check(game, order, order.target)):
        return refused(reason)
    ent, tgt = game.units[order.unit], game.units[order.target]
    c = as_card.card(game, ent)
    name = game.world.component(ent, Identity).name
    if c.type not in as_card.PHYSICAL_TYPES:
        return refused(f"only 'Mechs and ProtoMechs make physical attacks ({name} is {c.type})")
    if order.attack == "melee" and not as_card.specials(game, ent).mel:
        return refused(f"{name} has no melee weapon (MEL) for a melee attack")
    a_hex = game.world.component(ent, Position).hex
    t_hex = game.world.component(tgt, Position).hex
    if distance(a_hex, t_hex) != 1:
        return refused("a physical attack needs a target in an adjacent hex")
    attack = AlphaStrikeAttack(attacker=order.unit, target=order.target, attack=order.attack, range="adjacent",
                               hexes=1, damage=c.size + (MEL_DAMAGE if order.attack == "melee" else 0))
    attack.add("skill", c.skill, "AS-HIT-1")
    attack.modifiers += attacker_movement(game, ent)
    attack.modifiers += target_movement(game, tgt)
    attack.modifiers += terrain_modifiers(game, t_hex, None)
    if PHYSICAL_MODIFIER[order.attack]:
        attack.add(f"{order.attack} attack", PHYSICAL_MODIFIER[order.attack], "AS-PHYS-2")
    return _too_hard(attack)


def plan_physical_attack(game: "Game", order: PhysicalOrder) -> dict[str, Any] | str:
    """The physical attack as the UI's preview reads it: the reason it is
    not allowed, or its record (`AlphaStrikeAttack.record`)."""
    attack = physical_attack(game, order)
    return attack.reason or dataclasses.asdict(attack.record())


def check_physical(game: "Game", order: PhysicalOrder) -> str | None:
    return physical_attack(game, order).reason


def apply_physical(game: "Game", order: PhysicalOrder) -> None:
    _declare(game, order, physical_attack(game, order))


# ------------------------------------------------------------------ resolution
def roll_hits(roll: int, to_hit: int) -> bool:
    """An Alpha Strike to-hit roll of 2d6 hits on the number needed or more
    (rules/alpha_strike.md B5): a number of 2 or less is an automatic hit."""
    return roll >= to_hit


def resolve_attacks(game: "Game") -> None:
    """End of the combat phase: roll every declared attack in order and
    record its damage and HT heat for the end phase (AS-END-2)."""
    rec = state(game)
    declared, rec.declared = rec.declared, []
    for plan in declared:
        _resolve(game, plan, rec)


def _resolve(game: "Game", plan: AlphaStrikeDeclaration, rec: AlphaStrikeCombat) -> None:
    roll = game.dice.roll("to_hit", 2, f"{plan.attacker} {plan.attack} attack on {plan.target}")
    hit = roll_hits(roll, plan.to_hit)
    event = dict(attacker=plan.attacker, target=plan.target, attack=plan.attack,
                 to_hit=plan.to_hit, modifiers=plan.modifiers, roll=roll, hit=hit,
                 range=plan.range, hexes=plan.hexes)
    if plan.attack == "weapon":
        event["overheat"] = plan.overheat
    if not hit:
        game.log.emit("attack", **event, damage=0)
        return
    amount = plan.damage
    if plan.minimal:
        # AS-DMG-2: 0* deals 1 on 4-6 of 1d6, else nothing.
        amount = 1 if game.dice.d6("minimal_damage", f"{plan.attacker} minimal damage") >= MINIMAL_DAMAGE_ROLL else 0
    amount += plan.overheat_damage
    tgt = game.units[plan.target]
    if plan.ht:
        if as_card.has_heat_scale(game, tgt):
            rec.ht_heat[plan.target] = rec.ht_heat.get(plan.target, 0) + plan.ht
            event["ht_heat"] = plan.ht
        else:
            amount += plan.ht      # AS-SPA-HT: no heat scale -> added to the damage
            event["ht_damage"] = plan.ht
    game.log.emit("attack", **event, damage=amount)
    if amount > 0:
        rec.hits.append(AlphaStrikeHit(attacker=plan.attacker, target=plan.target, amount=amount,
                                       attack=plan.attack))
