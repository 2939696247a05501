"""Charges and deaths from above by BattleMechs and vehicles (rules/physical.md
P-CHARGE, core rules/mech_core.md section 4): declared with the move (a
declaration check of the ruleset) and remembered in
the turn record (`ChargeDeclaration`), re-checked at the start of the physical phase
(P-CHARGE-1, -6, -7), their to-hit and damage. They resolve first at the
end of the phase, since they were declared first
(systems/classic/physical_resolution.py).

Rule choices where the seed, the digest and MegaMek differ or are silent:
- A charge and a DFA add the Piloting difference; a DFA adds no terrain
  modifier (MM).
- Charge damage ceil(W/10 x hexes moved), the target hex not counted
  (X-CHARGE-1, -2). The charger must be able to enter the target's hex
  (P-CHARGE-10) with its MP (P-CHARGE-5), and reach the target there:
  within 1 level of it, elevations counted above the ground of each unit's
  hex (a roof's height for a unit on one), the charger's as it would be in
  the target's hex (MM ChargeAttackAction.toHit, "Target must be within 1
  elevation level"; mech_core.md section 4, Different levels): the hex
  levels themselves are the entry's concern. So a mech on the ground may
  charge a unit on a height-1 roof, not on a higher one; a vehicle, none on
  a roof. A death from above has no such limit (MM DfaAttackAction: the
  jump decides).
"""
from __future__ import annotations

import math
from typing import TYPE_CHECKING

from components import ChargeDeclaration, Crew, Identity, Position, Status, TurnState
from engine.hexgrid import Hex, distance, neighbor, parse_hex_label
from engine.orders import MoveOrder
from systems.classic import buildings
from systems.classic.physical_common import INSIDE, common_modifiers, unit_name, water_depth
from systems.common.to_hit import ToHit
from systems.common.unit_state import UNIT_HEIGHT, airborne, roof_height
from systems.common.movement import MoveState, jump_rise_error, motion_rules, standing_level, start_state

if TYPE_CHECKING:
    from engine.game import Game


def charge_to_hit(game: "Game", ent: int, tgt: int, dfa: bool = False, mode: str | None = None) -> ToHit:
    """Charge: P + attacker movement + target movement + terrain + (P - target P).
    DFA: P + 3 (jumped) + target movement + (P - target P); no terrain (MM).
    `mode`: the movement mode of the charge being planned (default: this
    turn's move)."""
    p = game.world.component(ent, Crew).piloting
    tp = game.world.component(tgt, Crew).piloting
    th = ToHit()
    th.add("piloting", p, "section 4")
    if dfa:
        th.add("attacker jumped", 3, "section 4")
        th.modifiers += common_modifiers(game, ent, tgt, terrain=False, attacker_move=False)
    else:
        th.modifiers += common_modifiers(game, ent, tgt, attacker_mode=mode)
    if p - tp:
        th.add("piloting difference", p - tp, "section 4")
    for hook in game.ruleset.hooks.charge_modifiers:     # an airborne VTOL target, T-12
        th.modifiers += hook(game, ent, tgt, dfa)
    return th


def charge_damage(tons: int, hexes: int) -> int:
    """P-CHARGE-12: ceil(W/10 x hexes moved), rounding the product (X-CHARGE-1)."""
    return -(-tons * hexes // 10)


MISSED_DFA_FALL_LEVELS = 2     # section 4: a missed death from above falls as from 2 levels, on its back


def dfa_damage(tons: int) -> int:
    """Section 4: a death from above deals ceil(W/10 x 3), on the punch
    table (the standard table, rear, on a prone target)."""
    return charge_damage(tons, 3)


def dfa_target_table(game: "Game", tgt: int, side: str) -> tuple[str, str]:
    """The table and side a death from above strikes (section 4): the punch
    table on the side attacked, a prone target's rear on the standard table."""
    if game.world.component(tgt, Status).prone:
        return "standard", "rear"
    return "punch", side


def dfa_attacker_damage(tons: int) -> int:
    """Section 4: the attacker of a death from above that hits takes
    ceil(W/5) on the kick table, front."""
    return math.ceil(tons / 5)


def charger_damage(game: "Game", ent: int, tgt: int) -> int:
    """P-CHARGE-13: ceil(target W/10); a target without tonnage (a hill) uses
    the charger's own (P-CHARGE-11); a charger standing in water takes half,
    rounded up (core worked example 2, MM)."""
    tons = (game.world.component(tgt, Identity).tonnage if tgt is not None else 0) or \
        game.world.component(ent, Identity).tonnage
    if water_depth(game, ent) >= 1:
        return math.ceil(tons / 20)
    return math.ceil(tons / 10)


def check_declaration(game: "Game", ent: int, order: MoveOrder, result) -> str | None:
    """Declaration check: is the charge or DFA at the end of this path legal?"""
    miss = order.charge_miss
    if miss is not None and (not order.charge or miss not in ("left", "right")):
        return ("charge_miss says where a missed charger goes: \"left\" or \"right\" of the target hex, "
                "and only with a charge (P-CHARGE-16)")
    if order.charge_hex is not None:
        return building_charge_error(game, ent, order, result)
    if not order.charge and not order.dfa:
        return None
    if order.charge and order.dfa:
        return "a unit declares a charge or a death from above, not both"
    kind = "charge" if order.charge else "death from above"
    tuid = order.charge or order.dfa
    if tuid not in game.units:
        return f"there is no unit {tuid!r}"
    tgt = game.units[tuid]
    tname = unit_name(game, tgt)
    final = result.final
    if tgt == ent:
        return f"a unit cannot {kind} itself"
    tst = game.world.component(tgt, Status)
    if tst.destroyed or tst.removed:
        return f"{tname} is already destroyed"
    if not game.is_enemy(ent, tgt):
        return f"{tname} is on your own side"
    if airborne(game, tgt) and order.charge:
        return f"{tname} is airborne and cannot be charged"
    if buildings.inside(game, tgt):
        return INSIDE                                  # B-PHYS-1, B-PHYS-4
    for uid, other in game.units.items():
        ots = game.world.component(other, TurnState)
        if other != ent and tuid in (ots.charge_target, ots.dfa_target):
            return f"{tname} is already the target of a charge or death from above this turn (P-CHARGE-9)"
        if other != ent and order.unit in (ots.charge_target, ots.dfa_target):
            return (f"{unit_name(game, ent)} is itself the target of a charge or death from above this turn: "
                    f"a charging unit cannot be one (P-CHARGE-4)")
    tts = game.world.component(tgt, TurnState)
    if tts.charge_target or tts.dfa_target:
        return (f"{tname} is making a charge or death from above this turn: its move ends only in the "
                f"physical phase, so it cannot be charged or attacked from above (P-CHARGE-4)")
    thex = game.world.component(tgt, Position).hex
    if order.charge:
        if (reason := _charge_move_error(order, final)):
            return reason
        if neighbor(final.hex, final.facing) != thex:
            return f"{tname} is not in the hex directly ahead at the end of the move (P-CHARGE-1)"
        if tst.prone and game.kind(ent) == "mech":
            # A vehicle may charge a prone mech (V-PHYS-3: the normal table).
            return f"{tname} is prone and cannot be charged"
        cost = entry_cost(game, ent, order.mode, final, thex)
        if isinstance(cost, str):
            return f"{tname} stands in terrain this unit cannot enter: no charge (P-CHARGE-10): {cost}"
        # The charger has to be able to enter the target's hex (P-CHARGE-10;
        # a mech climbs or drops 2 levels a hex) with the MP it has left
        # (P-CHARGE-5), and reach the target there.
        limit = motion_rules(game, ent).mp(game, ent, order.mode)
        if final.mp + cost > limit:
            return (f"not enough MP left to enter {tname}'s hex: needs {final.mp + cost}, "
                    f"has {limit} (P-CHARGE-5)")
        return reach_error(game, ent, final.hex, tgt)
    if game.kind(ent) != "mech":
        return "only a mech can make a death from above attack"
    if order.mode != "jump":
        return "a death from above is made jumping"
    if distance(final.hex, thex) != 1:
        return f"{tname} is not adjacent to the end of the jump: the mech must jump into its hex"
    limit = motion_rules(game, ent).mp(game, ent, "jump")
    if final.mp + 1 > limit:
        return f"not enough jump MP left to jump into {tname}'s hex (needs {final.mp + 1}, has {limit})"
    # The attacker comes down where the target stands: on its roof (B-PHYS-4).
    return landing_rise_error(game, tgt, standing_level(game, result.states[0]), limit)


def landing_rise_error(game: "Game", tgt: int, start_level: int, jump_mp: int) -> str | None:
    """Why a death from above whose jump started at `start_level` cannot come
    down where `tgt` stands (on its roof, B-PHYS-4): no more levels up than
    the jump MP (B-MOVE-9); or None."""
    if (reason := jump_rise_error(game, start_level, start_state(game, tgt), jump_mp)):
        return f"cannot come down on {unit_name(game, tgt)}: {reason} (B-MOVE-9)"
    return None


def reach_error(game: "Game", ent: int, at: Hex, tgt: int) -> str | None:
    """Why a charger ending its move in `at` cannot reach `tgt` (MM
    ChargeAttackAction.toHit: "Target must be within 1 elevation level"),
    or None: counted as if the charger stood in the target's hex at its own
    elevation above the ground (a roof's height when it stands on one), it
    must be no higher than the target's top nor its top lower than the
    target's elevation; a unit's top is its height less one level (a mech
    1, a vehicle 0: UNIT_HEIGHT)."""
    mine, theirs = roof_height(game, ent, at), roof_height(game, tgt)
    my_top = mine + UNIT_HEIGHT.get(game.kind(ent), 1) - 1
    their_top = theirs + UNIT_HEIGHT.get(game.kind(tgt), 1) - 1
    if mine <= their_top and my_top >= theirs:
        return None
    where = f"on a roof {theirs} levels up" if theirs else "on the ground"
    mine_at = f"on a roof {mine} levels up" if mine else "on the ground"
    return (f"{unit_name(game, tgt)} is {where} and this unit {mine_at}: a charge reaches only a target "
            f"within 1 level (section 4)")


def entry_cost(game: "Game", ent: int, mode: str, state: MoveState, thex: Hex) -> int | str:
    """The MP the charger needs to enter the target's hex from the state its
    move ended in, or why it cannot (P-CHARGE-5, -10): the step its movement
    rules would take, so off a roof the levels count from the roof's top
    (B-POS-4, `leaving`)."""
    rules = motion_rules(game, ent)
    return rules.enter_cost(game, ent, mode, rules.leaving(game, state), game.map.terrain(thex), False)


def _charge_move_error(order: MoveOrder, final) -> str | None:
    """What a charging move may not be: a jump, backward, ending prone."""
    if order.mode not in ("walk", "run", "cruise", "flank"):
        return "a charge is made walking or running, not jumping"
    if final.backward:
        return "a charge cannot include backward movement"
    if final.prone:
        return "a prone unit cannot charge"
    return None


def building_charge_error(game: "Game", ent: int, order: MoveOrder, result) -> str | None:
    """B-PHYS-3: a charge on the building in the hex directly ahead of the
    move's end, walking or running, not backing; one charge a turn."""
    if order.charge or order.dfa:
        return "a unit declares one charge or death from above, not two"
    final = result.final
    label = order.charge_hex
    if (reason := _charge_move_error(order, final)):
        return reason
    at = parse_hex_label(label)
    if not game.map.on_map(at) or not game.map.terrain(at).building:
        return f"there is no building in {label}"
    if neighbor(final.hex, final.facing) != at:
        return f"the building in {label} is not in the hex directly ahead at the end of the move (P-CHARGE-1)"
    return None


def record_declaration(game: "Game", ent: int, order: MoveOrder, result) -> None:
    """After-move hook: remember a declared charge or DFA, in order."""
    if order.charge_hex is not None:
        game.world.component(ent, TurnState).charge_hex = order.charge_hex
        game.turn_record.charges.append(ChargeDeclaration(unit=order.unit, attack="charge", target=None,
                                                          target_hex=order.charge_hex))
    if order.charge:
        game.turn_record.charges.append(ChargeDeclaration(unit=order.unit, attack="charge", target=order.charge,
                                                          miss_to=order.charge_miss))
    if order.dfa:
        game.turn_record.charges.append(ChargeDeclaration(
            unit=order.unit, attack="dfa", target=order.dfa, jump_from_level=standing_level(game, result.states[0]),
            jump_mp=motion_rules(game, ent).mp(game, ent, "jump")))


def begin_physical(game: "Game") -> None:
    """Start of the physical phase: re-check each declared charge and DFA
    (P-CHARGE-1, -6, -7). One that can no longer be made, because of what
    happened since it was declared (a unit destroyed or fallen, the target
    gone from where it must be), is cancelled: an `attack_cancelled` event;
    one whose charger broke the rules since (it fired, P-CHARGE-2) is
    refused."""
    kept = []
    for c in game.turn_record.charges:
        if c.target_hex is not None:
            if _building_charge_kept(game, c):
                kept.append(c)
            continue
        ent, tgt = game.units[c.unit], game.units[c.target]
        ts = game.world.component(ent, TurnState)
        kind = "charge" if c.attack == "charge" else "death from above"
        if (ts.charge_target if c.attack == "charge" else ts.dfa_target) != c.target:
            cancel(game, c, f"{unit_name(game, ent)} fell during its move: the {kind} is not made")
            continue
        cancelled = _cancel_reason(game, ent, tgt, c)
        refused = None if cancelled else _fired(game, ent)
        st = game.world.component(ent, Status)
        if cancelled:
            cancel(game, c, cancelled)
        elif refused:
            game.log.emit("refused", unit=c.unit, order={"unit": c.unit, c.attack: c.target}, reason=refused)
        if cancelled or refused:
            ts.charge_target = ts.dfa_target = None
            continue
        if st.prone:
            c.automatic_miss = f"{unit_name(game, ent)} fell in the weapon attack phase (P-CHARGE-6)"
        th = charge_to_hit(game, ent, tgt, dfa=c.attack == "dfa")
        c.to_hit, c.modifiers, c.hexes = th.number, th.pairs(), ts.hexes_moved
        c.origin = list(game.world.component(ent, Position).hex)
        c.target_at = list(game.world.component(tgt, Position).hex)
        kept.append(c)
    game.turn_record.charges = kept


def cancel(game: "Game", c: ChargeDeclaration, reason: str) -> None:
    """A declared charge or DFA that can no longer be made: not a refused
    order (it was legal when declared), an `attack_cancelled` event."""
    where = {"target_hex": c.target_hex} if c.target_hex is not None else {}
    game.log.emit("attack_cancelled", unit=c.unit, attack=c.attack, target=c.target, reason=reason, **where)


def _fired(game: "Game", ent: int) -> str | None:
    if game.world.component(ent, TurnState).fired:
        return f"{unit_name(game, ent)} fired weapons this turn: a charging unit makes no weapon attacks (P-CHARGE-2)"
    return None


def _building_charge_kept(game: "Game", c: ChargeDeclaration) -> bool:
    """Start of the physical phase (P-CHARGE-1, -6): a charge on a building
    is made if the charger stands, fired nothing, and the building still
    stands directly ahead; it hits without a roll (B-PHYS-3)."""
    ent = game.units[c.unit]
    name = unit_name(game, ent)
    st, ts, pos = (game.world.component(ent, t) for t in (Status, TurnState, Position))
    at = parse_hex_label(c.target_hex)
    cancelled = None
    if ts.charge_hex != c.target_hex:
        cancelled = f"{name} fell during its move: the charge is not made"
    elif st.destroyed or st.removed:
        cancelled = f"{name} was destroyed before its charge"
    elif not game.map.terrain(at).building:
        cancelled = f"the building in {c.target_hex} is gone: the charge is not made"
    elif st.prone or neighbor(pos.hex, pos.facing) != at:
        cancelled = f"the building in {c.target_hex} is not directly ahead at the start of the physical phase"
    refused = None if cancelled else _fired(game, ent)
    if cancelled:
        cancel(game, c, cancelled)
    elif refused:
        game.log.emit("refused", unit=c.unit, order={"unit": c.unit, "charge_hex": c.target_hex}, reason=refused)
    if cancelled or refused:
        ts.charge_hex = None
        return False
    c.hexes, c.origin, c.target_at = ts.hexes_moved, list(pos.hex), list(at)
    c.modifiers = []
    return True


def _cancel_reason(game: "Game", ent: int, tgt: int, c: ChargeDeclaration) -> str | None:
    """Why a charge or DFA declared at `tgt` can no longer be made at the
    start of the physical phase (P-CHARGE-1, -7), or None."""
    name, tname = unit_name(game, ent), unit_name(game, tgt)
    st, tst = game.world.component(ent, Status), game.world.component(tgt, Status)
    kind = "charge" if c.attack == "charge" else "death from above"
    if st.destroyed or st.removed:
        return f"{name} was destroyed before its {kind}"
    if tst.destroyed or tst.removed:
        return f"{tname} was destroyed before the {kind}"
    if tst.prone and c.attack == "charge" and game.kind(ent) == "mech":
        return f"{tname} fell in the weapon attack phase: the charge cannot be made (P-CHARGE-7)"
    # The target as it stands after its own move (P-CHARGE-3): inside a
    # building now (B-PHYS-1, B-PHYS-4), or a VTOL lifted off since.
    if buildings.inside(game, tgt):
        return f"{tname} is inside a building now: no {kind}"
    if c.attack == "charge" and airborne(game, tgt):
        return f"{tname} is airborne now and cannot be charged"
    pos, tpos = game.world.component(ent, Position), game.world.component(tgt, Position)
    if c.attack == "charge" and neighbor(pos.hex, pos.facing) != tpos.hex and not st.prone:
        return f"{tname} is not directly ahead at the start of the physical phase (P-CHARGE-1)"
    if c.attack == "dfa" and distance(pos.hex, tpos.hex) != 1:
        return f"{tname} is no longer adjacent: no death from above"
    if c.attack == "dfa" and c.jump_from_level is not None:
        # The target may have moved since the declaration (onto a roof): the
        # jump still ends where it stands now. Its jump MP are those it had
        # when it declared (P-CHARGE-8: MP lost to damage since do not count).
        if (reason := landing_rise_error(game, tgt, c.jump_from_level, c.jump_mp)):
            return reason
    for rule in game.ruleset.hooks.charge_recheck:      # a DFA on a VTOL (V-PHYS-7)
        if (reason := rule(game, ent, tgt, c)):
            return reason
    return None
