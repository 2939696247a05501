"""BattleMech melee attacks (rules/physical.md, the seed's rules; core
rules/mech_core.md section 4 where the seed is silent): punch, kick, push,
club and hatchet, and picking up a club. Each is judged against the state at
declaration (`evaluate`: to-hit with every modifier named, damage, hit
table, or the reason it cannot be made); a checked order is declared and
stored in the turn record (`PhysicalDeclaration`), and resolved at the end of the phase
(systems/classic/physical_resolution.py).

`physical_attack(game, order)` is everything the rules say of an order now
(systems/common/options.py lists every attack a unit has).

Rule choices where the seed, the digest and MegaMek differ or are silent:
- Attack modifiers the seed leaves to tables it does not include come from
  core section 4: punch +0, kick -2, push -1, club -1, hatchet -1.
- Halved punches: floor, minimum 1 (P-PUNCH-7, X-PUNCH-1); a missing lower
  arm is +2 instead of the missing hand's +1 (X-PUNCH-2); a damaged (not
  missing) lower arm and a damaged hand stay cumulative (core, MM).
- Clubs and hatchets use the standard table at the same level and the
  core/MM kick and punch tables one level up or down (X-CLUB-1).
- A carried club occupies both hands: the mech may club or kick, not
  punch, push or swing a hatchet (P-FIND-5). Uprooting a tree costs the
  turn like picking up a limb (project decision on P-FIND-3).
- One push per target per turn (P-PUSH-7 per-target reading).
"""
from __future__ import annotations

import math
from typing import TYPE_CHECKING

from components import (Actuators, Crew, Equipment, Identity, PhysicalDeclaration, Position, Status, Structure,
                        TurnState)
from engine.hexgrid import Hex, direction_to, distance, parse_hex_label, turn
from engine.orders import PhysicalOrder
from systems.classic import clubs
from systems.classic.physical_common import (PhysicalAttack, attacker_error, common_modifiers, level_of,
                                             prone_reason, target_error, unit_name, water_depth)
from systems.common.to_hit import MAX_TO_HIT, Modifier

if TYPE_CHECKING:
    from engine.game import Game


ATTACKS = ("punch", "kick", "push", "club", "hatchet")
ARMS = ("left", "right")
# Base modifier of each attack (core section 4; the seed gives punch +0 and
# defers the others to tables it does not include).
ATTACK_MODIFIER = {"punch": 0, "kick": -2, "push": -1, "club": -1, "hatchet": -1}


def _acts(game: "Game", ent: int) -> tuple[set[str], set[str]]:
    a = game.world.try_component(ent, Actuators)
    return (set(a.installed), set(a.destroyed)) if a is not None else (set(), set())


def _bad(installed: set[str], destroyed: set[str], actuator: str) -> bool:
    """Damaged or missing."""
    return actuator not in installed or actuator in destroyed


def limb_present(game: "Game", ent: int, loc: str) -> bool:
    return game.world.component(ent, Structure).points.get(loc, 0) > 0


def _fired_from(game: "Game", ent: int, loc: str) -> bool:
    return loc in game.world.component(ent, TurnState).fired_locations


def _torso_facing(game: "Game", ent: int) -> int:
    ts = game.world.component(ent, TurnState)
    return turn(game.world.component(ent, Position).facing, ts.torso_twist)


def _relative_direction(game: "Game", ent: int, tgt: "int | Hex", facing: int) -> int | None:
    """0 ahead, 1 front-right, 2 right side, 3 behind, 4 left side, 5 front-left
    (`tgt`: a unit, or a building's hex)."""
    at = tgt if isinstance(tgt, Hex) else game.world.component(tgt, Position).hex
    d = direction_to(game.world.component(ent, Position).hex, at)
    return None if d is None else (d - facing) % 6


def _prone(game: "Game", tgt: "int | Hex") -> bool:
    return not isinstance(tgt, Hex) and game.world.component(tgt, Status).prone


def _charging(game: "Game", ent: int) -> bool:
    ts = game.world.try_component(ent, TurnState)
    return ts is not None and bool(ts.charge_target or ts.dfa_target)


def underwater(game: "Game", ent: int, attack: str, ev: "PhysicalAttack") -> "PhysicalAttack":
    """A limb under water strikes for half damage, rounded up (core section 4):
    the legs in depth 1, every limb in depth 2 or more."""
    depth = water_depth(game, ent)
    if ev.reason or not ev.damage or depth == 0 or (depth == 1 and attack != "kick"):
        return ev
    ev.damage = math.ceil(ev.damage / 2)
    ev.wet = True
    return ev


def _arm_actuator_mods(installed, destroyed, side: str, attack: str) -> tuple[list[Modifier], int]:
    """Actuator modifiers of one arm and the number of damage halvings."""
    mods, halvings = [], 0
    upper, lower, hand = f"{side}_upper_arm", f"{side}_lower_arm", f"{side}_hand"
    if _bad(installed, destroyed, upper):
        mods.append(Modifier(f"{side} upper arm actuator {'missing' if upper not in installed else 'damaged'}",
                             2, "section 4"))
        halvings += 1
    if _bad(installed, destroyed, lower):
        mods.append(Modifier(f"{side} lower arm actuator {'missing' if lower not in installed else 'damaged'}",
                             2, "P-PUNCH-11"))
        halvings += 1
    if attack == "punch" and _bad(installed, destroyed, hand) and lower in installed:
        # P-PUNCH-10/11: +1 for a missing or damaged hand; an arm without its
        # lower arm actuator has the +2 above instead (X-PUNCH-2).
        mods.append(Modifier(f"{side} hand {'missing' if hand not in installed else 'damaged'}", 1, "P-PUNCH-10"))
    return mods, halvings


def punch_damage(tons: int, halvings: int) -> int:
    """P-PUNCH-6/7: ceil(W/10), halved per bad arm actuator, floor, minimum 1."""
    base = math.ceil(tons / 10)
    if halvings == 0:
        return base
    return max(1, base // (2 ** halvings))


def hatchet_damage(tons: int) -> int:
    """Section 4: a hatchet does 1 point per 5 tons of the mech (floor)."""
    return tons // 5


def kick_damage(tons: int, halvings: int) -> int:
    """P-KICK-5/6: floor(W/5), halved per bad upper/lower leg actuator, floor."""
    return (tons // 5) // (2 ** halvings)


def evaluate(game: "Game", ent: int, tgt: int, attack: str, limb: str | None = None) -> PhysicalAttack:
    """Judge one physical attack by `ent` on `tgt` as things stand now."""
    if attack not in ATTACKS:
        return PhysicalAttack.impossible(f"{attack!r} is not a physical attack (punch, kick, push, club, hatchet)")
    if attack == "punch" and limb not in ARMS:
        return PhysicalAttack.impossible("say which arm punches (limb = \"left\" or \"right\")")
    if (reason := attacker_error(game, ent, prone_ok=True)):
        return PhysicalAttack.impossible(reason)
    for rule in game.ruleset.hooks.physical_target:
        # Rules for unusual targets (vehicles in the attacker's hex, airborne
        # VTOLs: rules/vehicles.md V-PHYS) replace the mech-against-mech
        # judgement and judge a prone attacker themselves (a prone mech may
        # punch a vehicle in its own hex: core section 4).
        ev = rule(game, ent, tgt, attack, limb)
        if ev is not None:
            return ev
    if game.world.component(ent, Status).prone:
        return PhysicalAttack.impossible(prone_reason(game, ent))
    reason = target_error(game, ent, tgt)
    if reason:
        return PhysicalAttack.impossible(reason)
    fn = {"punch": punch, "kick": kick, "push": push, "club": club, "hatchet": hatchet}[attack]
    return underwater(game, ent, attack, fn(game, ent, tgt, limb))


def may_attack_now(game: "Game", ent: int) -> bool:
    """Whether some punch, kick, push, club or hatchet of `ent` could be
    allowed on anyone: not when `evaluate` refuses them all for the
    attacker's state (attacker_error; a target must also be in reach,
    physical_common.in_reach)."""
    return attacker_error(game, ent, prone_ok=True) is None


def _base(game: "Game", ent: int, attack: str) -> list[Modifier]:
    return [Modifier("piloting", game.world.component(ent, Crew).piloting, "section 4"),
            Modifier(attack, ATTACK_MODIFIER[attack], "section 4")]


def _hands_busy(game: "Game", ent: int) -> str | None:
    eq = game.world.try_component(ent, Equipment)
    if eq is not None and eq.club is not None:
        return (f"{unit_name(game, ent)}'s hands hold a club: it may club or kick, not punch, push or "
                f"swing a hatchet (P-FIND-5)")
    return None


def punch(game: "Game", ent: int, tgt: int, limb: str | None, level_diff: int | None = None) -> PhysicalAttack:
    if limb not in ARMS:
        return PhysicalAttack.impossible("say which arm punches (limb = \"left\" or \"right\")")
    loc = f"{limb}_arm"
    installed, destroyed = _acts(game, ent)
    tname = unit_name(game, tgt)
    if not limb_present(game, ent, loc):
        return PhysicalAttack.impossible(f"the {limb} arm is gone: it cannot punch")
    if _bad(installed, destroyed, f"{limb}_shoulder"):
        return PhysicalAttack.impossible(f"the {limb} shoulder actuator is destroyed: that arm cannot punch (P-PUNCH-4)")
    if _fired_from(game, ent, loc):
        return PhysicalAttack.impossible(f"the {limb} arm fired its weapons this turn and cannot punch (P-PUNCH-2)")
    if (busy := _hands_busy(game, ent)):
        return PhysicalAttack.impossible(busy)
    rel = _relative_direction(game, ent, tgt, _torso_facing(game, ent))
    if rel == 3:
        return PhysicalAttack.impossible(f"{tname} is behind: punches go to the forward and side arcs (P-PUNCH-3)")
    if rel == 2 and limb == "left":
        return PhysicalAttack.impossible(f"{tname} is in the right side arc: only the right arm can punch it (P-PUNCH-3)")
    if rel == 4 and limb == "right":
        return PhysicalAttack.impossible(f"{tname} is in the left side arc: only the left arm can punch it (P-PUNCH-3)")
    diff = level_of(game, tgt) - level_of(game, ent) if level_diff is None else level_diff
    prone = _prone(game, tgt)
    if diff < 0:
        return PhysicalAttack.impossible(f"{tname} is a level lower: a punch cannot reach it")
    if diff == 0 and prone:
        return PhysicalAttack.impossible(f"{tname} is prone at the same level: a punch cannot reach it")
    mods = _base(game, ent, "punch")
    act_mods, halvings = _arm_actuator_mods(installed, destroyed, limb, "punch")
    mods += act_mods + common_modifiers(game, ent, tgt)
    tons = game.world.component(ent, Identity).tonnage
    return PhysicalAttack(mods, table="kick" if diff == 1 else "punch", damage=punch_damage(tons, halvings))


def kick(game: "Game", ent: int, tgt: int, limb: str | None, level_diff: int | None = None) -> PhysicalAttack:
    installed, destroyed = _acts(game, ent)
    tname = unit_name(game, tgt)
    if limb is None:
        # Either leg: the better one (lower to-hit, then right).
        options = [kick(game, ent, tgt, side, level_diff) for side in ("right", "left")]
        ok = [o for o in options if not o.reason]
        return min(ok, key=lambda o: o.number) if ok else options[0]
    if limb not in ARMS:
        return PhysicalAttack.impossible("say which leg kicks (limb = \"left\" or \"right\")")
    loc = f"{limb}_leg"
    for leg in ("left_leg", "right_leg"):
        if not limb_present(game, ent, leg):
            return PhysicalAttack.impossible(f"the {leg.replace('_', ' ')} is gone: a kick needs both legs")
    for side in ARMS:
        if _bad(installed, destroyed, f"{side}_hip"):
            return PhysicalAttack.impossible(f"the {side} hip actuator is destroyed: no kicks (P-KICK-2)")
    if _fired_from(game, ent, loc):
        return PhysicalAttack.impossible(f"weapons in the {limb} leg fired this turn: it cannot kick (P-KICK-1)")
    rel = _relative_direction(game, ent, tgt, game.world.component(ent, Position).facing)
    if rel is not None and rel not in (0, 1, 5):     # None: a unit in the mech's own hex (a stomp)
        return PhysicalAttack.impossible(f"{tname} is not in the three hexes in front of the feet (P-KICK-3)")
    diff = level_of(game, tgt) - level_of(game, ent) if level_diff is None else level_diff
    prone = _prone(game, tgt)
    if diff > 0:
        return PhysicalAttack.impossible(f"{tname} is a level higher: a kick cannot reach it")
    if diff < 0 and prone:
        return PhysicalAttack.impossible(f"{tname} is prone a level lower: only a death from above can reach it")
    mods = _base(game, ent, "kick")
    halvings = 0
    for part in ("upper_leg", "lower_leg"):
        if _bad(installed, destroyed, f"{limb}_{part}"):
            mods.append(Modifier(f"{limb} {part.replace('_', ' ')} actuator damaged", 2, "section 4"))
            halvings += 1
    if _bad(installed, destroyed, f"{limb}_foot"):
        mods.append(Modifier(f"{limb} foot actuator damaged", 1, "section 4"))
    mods += common_modifiers(game, ent, tgt)
    tons = game.world.component(ent, Identity).tonnage
    table = "punch" if diff < 0 else ("standard" if prone else "kick")
    return PhysicalAttack(mods, table=table, damage=kick_damage(tons, halvings))


def push(game: "Game", ent: int, tgt: int, limb: str | None) -> PhysicalAttack:
    installed, destroyed = _acts(game, ent)
    tname = unit_name(game, tgt)
    if game.kind(tgt) != "mech":
        return PhysicalAttack.impossible(f"{tname} is not a mech: only a standing mech can be pushed (P-PUSH-1)")
    if game.world.component(tgt, Status).prone:
        return PhysicalAttack.impossible(f"{tname} is prone: only a standing mech can be pushed (P-PUSH-1)")
    if _charging(game, tgt):
        return PhysicalAttack.impossible(f"{tname} is charging this turn and cannot be pushed (P-PUSH-2)")
    for side in ARMS:
        if not limb_present(game, ent, f"{side}_arm"):
            return PhysicalAttack.impossible(f"the {side} arm is gone: a push needs both arms")
        if _fired_from(game, ent, f"{side}_arm"):
            return PhysicalAttack.impossible(f"the {side} arm fired its weapons this turn: no push (P-PUSH-3)")
    if (busy := _hands_busy(game, ent)):
        return PhysicalAttack.impossible(busy)
    if _relative_direction(game, ent, tgt, game.world.component(ent, Position).facing) != 0:
        return PhysicalAttack.impossible(f"{tname} is not directly ahead of the feet (P-PUSH-4)")
    if level_of(game, tgt) != level_of(game, ent):
        return PhysicalAttack.impossible(f"{tname} is not at the same level: no push")
    for p in game.turn_record.physical:
        if p.attack == "push" and p.target == game.uid(tgt):
            return PhysicalAttack.impossible(f"{tname} is already being pushed this turn: one push per target (P-PUSH-7)")
    mods = _base(game, ent, "push")
    for side in ARMS:
        if _bad(installed, destroyed, f"{side}_shoulder"):
            mods.append(Modifier(f"{side} shoulder actuator damaged", 2, "P-PUSH-5"))
    mods += common_modifiers(game, ent, tgt)
    return PhysicalAttack(mods, table="none", damage=0)


def _swing_table(game: "Game", ent: int, tgt: int, level_diff: int | None = None
                 ) -> tuple[str | None, str | None]:
    """Club and hatchet: (table, reason) by level difference (core section 4)."""
    tname = unit_name(game, tgt)
    diff = level_of(game, tgt) - level_of(game, ent) if level_diff is None else level_diff
    prone = _prone(game, tgt)
    if prone and diff <= 0:
        return None, f"{tname} is prone {'at the same level' if diff == 0 else 'below'}: a swing cannot reach it"
    return {1: "kick", 0: "standard", -1: "punch"}[diff], None


def club(game: "Game", ent: int, tgt: int, limb: str | None, level_diff: int | None = None) -> PhysicalAttack:
    installed, destroyed = _acts(game, ent)
    eq = game.world.component(ent, Equipment)
    tname = unit_name(game, tgt)
    if eq.club is None:
        return PhysicalAttack.impossible(f"{unit_name(game, ent)} holds no club (pick one up first: P-FIND-2, -3)")
    if (reason := clubs.hands_working(game, ent)):
        return PhysicalAttack.impossible(f"a club needs both shoulders and hands: {reason} (P-CLUB-1)")
    for side in ARMS:
        if _fired_from(game, ent, f"{side}_arm"):
            return PhysicalAttack.impossible(f"the {side} arm fired its weapons this turn: no club attack (P-CLUB-1)")
    if _relative_direction(game, ent, tgt, _torso_facing(game, ent)) not in (0, 1, 5):
        return PhysicalAttack.impossible(f"{tname} is not in the forward arc (P-CLUB-1)")
    table, reason = _swing_table(game, ent, tgt, level_diff)
    if reason:
        return PhysicalAttack.impossible(reason)
    mods = _base(game, ent, "club")
    for side in ARMS:
        for part in ("upper_arm", "lower_arm"):
            if _bad(installed, destroyed, f"{side}_{part}"):
                mods.append(Modifier(f"{side} {part.replace('_', ' ')} actuator damaged", 2, "section 4"))
    mods += common_modifiers(game, ent, tgt)
    return PhysicalAttack(mods, table=table, damage=game.world.component(ent, Identity).tonnage // 5)


def hatchet(game: "Game", ent: int, tgt: int, limb: str | None, level_diff: int | None = None) -> PhysicalAttack:
    installed, destroyed = _acts(game, ent)
    eq = game.world.component(ent, Equipment)
    tname = unit_name(game, tgt)
    if eq.hatchet is None:
        return PhysicalAttack.impossible(f"{unit_name(game, ent)} has no hatchet")
    side = eq.hatchet.split("_")[0]
    if limb is not None and limb != side:
        return PhysicalAttack.impossible(f"the hatchet is in the {side} arm, not the {limb} arm")
    if eq.hatchet_destroyed:
        return PhysicalAttack.impossible("the hatchet is destroyed (P-WPN-4)")
    if not limb_present(game, ent, eq.hatchet):
        return PhysicalAttack.impossible(f"the {side} arm holding the hatchet is gone")
    for part in ("shoulder", "hand"):
        if _bad(installed, destroyed, f"{side}_{part}"):
            return PhysicalAttack.impossible(f"the {side} {part} actuator is damaged or missing: the hatchet cannot be swung")
    if _fired_from(game, ent, eq.hatchet):
        return PhysicalAttack.impossible(f"the {side} arm fired its weapons this turn: no hatchet attack (P-WPN-2)")
    if (busy := _hands_busy(game, ent)):
        return PhysicalAttack.impossible(busy)
    rel = _relative_direction(game, ent, tgt, _torso_facing(game, ent))
    allowed = (0, 1, 5, 4) if side == "left" else (0, 1, 5, 2)
    if rel not in allowed:
        return PhysicalAttack.impossible(f"{tname} is not in the {side} arm's arc")
    table, reason = _swing_table(game, ent, tgt, level_diff)
    if reason:
        return PhysicalAttack.impossible(reason)
    mods = _base(game, ent, "hatchet")
    for part in ("upper_arm", "lower_arm"):
        if _bad(installed, destroyed, f"{side}_{part}"):
            mods.append(Modifier(f"{side} {part.replace('_', ' ')} actuator damaged", 2, "section 4"))
    mods += common_modifiers(game, ent, tgt)
    return PhysicalAttack(mods, table=table, damage=hatchet_damage(game.world.component(ent, Identity).tonnage))


def declared_attacks(game: "Game", uid: str) -> list[PhysicalDeclaration]:
    """The physical attacks `uid` has declared this phase, in order."""
    return [p for p in game.turn_record.physical if p.unit == uid]


def _combination_error(game: "Game", uid: str, attack: str, limb: str | None) -> str | None:
    """Core section 4: per turn either one punch per arm, or one kick, or one
    club, or one push, or a physical weapon per arm (a punch and a hatchet
    may use different arms)."""
    mine = declared_attacks(game, uid)
    if not mine:
        return None
    arm_attacks = ("punch", "hatchet")
    if attack not in arm_attacks or any(p.attack not in arm_attacks for p in mine):
        done = ", ".join(p.attack for p in mine)
        return (f"this mech has already declared a {done} this turn: in one turn a mech punches (once "
                f"per arm, or punch and hatchet), or kicks once, or clubs once, or pushes once")
    for p in mine:
        if p.limb == limb:
            return f"the {limb} arm has already been used this turn"
    return None


# --------------------------------------------------------------------- orders
def physical_attack(game: "Game", order: PhysicalOrder) -> PhysicalAttack:
    """All the rules say of a punch, kick, push, club or hatchet order now:
    its judgement (`evaluate`), refused (`reason`) also when the unit has
    already used that limb or made an attack that excludes it this turn, or
    when it needs more than 12."""
    if order.attack not in ATTACKS:
        return PhysicalAttack.impossible(f"{order.attack!r} is not a physical attack of the classic rules")
    if order.target_hex is not None:
        return building_attack(game, order)
    if not order.target:
        return PhysicalAttack.impossible("a physical attack needs a target")
    if order.target not in game.units:
        return PhysicalAttack.impossible(f"there is no unit {order.target!r}")
    ent = game.units[order.unit]
    ev = evaluate(game, ent, game.units[order.target], order.attack, order.limb)
    if ev.reason:
        return ev
    ev.reason = _combination_error(game, order.unit, order.attack, _declared_limb(game, ent, order))
    if ev.reason is None and ev.number > MAX_TO_HIT:
        ev.reason = f"the to-hit number is {ev.number}: above 12, the attack cannot succeed"
    return ev


def building_attack(game: "Game", order: PhysicalOrder) -> PhysicalAttack:
    """B-ATK-3: a punch, kick, club or hatchet on the building in the next
    hex hits without a roll (its modifiers are none) and does its normal
    damage to the CF; the limb, arc and actuator rules are the attack's
    own. A building cannot be pushed."""
    ent = game.units[order.unit]
    label = order.target_hex
    if order.target:
        return PhysicalAttack.impossible("give a target or a target_hex, not both")
    if order.attack == "push":
        return PhysicalAttack.impossible("a building cannot be pushed")
    if order.attack == "punch" and order.limb not in ARMS:
        return PhysicalAttack.impossible("say which arm punches (limb = \"left\" or \"right\")")
    if (reason := attacker_error(game, ent)):
        return PhysicalAttack.impossible(reason)
    at = parse_hex_label(label)
    if not game.map.on_map(at) or not game.map.terrain(at).building:
        return PhysicalAttack.impossible(f"there is no building in {label}")
    if distance(game.world.component(ent, Position).hex, at) != 1:
        return PhysicalAttack.impossible(f"the building in {label} is not in an adjacent hex")
    fn = {"punch": punch, "kick": kick, "club": club, "hatchet": hatchet}[order.attack]
    ev = underwater(game, ent, order.attack, fn(game, ent, at, order.limb, 0))
    if not ev.reason:
        ev.reason = _combination_error(game, order.unit, order.attack, _declared_limb(game, ent, order))
    ev.automatic = not ev.reason
    return ev


def _aim(game: "Game", order: PhysicalOrder) -> "int | Hex":
    """What an order attacks: a unit, or a building's hex."""
    return parse_hex_label(order.target_hex) if order.target_hex is not None else game.units[order.target]


def pickup_refusal(game: "Game", order: PhysicalOrder) -> str | None:
    """Why the unit may not pick up a club now (P-FIND-2, -3), or None."""
    ent = game.units[order.unit]
    reason = attacker_error(game, ent)
    if reason:
        return reason
    if game.world.component(ent, TurnState).fired:
        return f"{unit_name(game, ent)} fired weapons this turn: it cannot also pick up a club (P-FIND-2)"
    if declared_attacks(game, order.unit):
        return f"{unit_name(game, ent)} has declared an attack: it cannot also pick up a club (P-FIND-2)"
    return clubs.pickup_error(game, ent, order.source)


def check_physical(game: "Game", order: PhysicalOrder) -> str | None:
    if order.attack == "pick_up_club":
        return pickup_refusal(game, order)
    return physical_attack(game, order).reason


def _declared_limb(game: "Game", ent: int, order: PhysicalOrder) -> str | None:
    if order.attack == "hatchet":
        eq = game.world.component(ent, Equipment)
        return eq.hatchet.split("_")[0] if eq.hatchet else order.limb
    if order.attack == "kick" and order.limb is None:
        tgt = _aim(game, order)
        best = kick(game, ent, tgt, None)
        for side in ("right", "left"):
            ev = kick(game, ent, tgt, side)
            if not ev.reason and ev.number == best.number:
                return side
    return order.limb


def apply_physical(game: "Game", order: PhysicalOrder) -> None:
    """Declare the attack; it is resolved at the end of the phase."""
    ent = game.units[order.unit]
    if order.attack == "pick_up_club":
        clubs.pick_up(game, ent, order.source)
        game.world.component(ent, TurnState).picked_up_club = True
        return
    limb = _declared_limb(game, ent, order)
    if order.target_hex is not None:
        ev, at, to_hit = building_attack(game, order), parse_hex_label(order.target_hex), None
    else:
        tgt = game.units[order.target]
        ev, at = evaluate(game, ent, tgt, order.attack, limb), game.world.component(tgt, Position).hex
        to_hit = ev.number
    game.turn_record.physical.append(PhysicalDeclaration(
        unit=order.unit, attack=order.attack, limb=limb, target=order.target or None, to_hit=to_hit,
        modifiers=ev.pairs(), damage=ev.damage, table=ev.table,
        origin=list(game.world.component(ent, Position).hex), target_at=list(at), side=ev.side,
        target_hex=order.target_hex))
    game.world.component(ent, TurnState).physical_done = True
    game.log.emit("declare", unit=order.unit, attack=order.attack, limb=limb, target=order.target or None,
                  to_hit=to_hit, **({"target_hex": order.target_hex} if order.target_hex else {}))
