"""The end of the physical attack phase (rules/physical.md, core
rules/mech_core.md sections 4 and 10): every declared attack is resolved in
declaration order, charges and DFAs first (to-hit roll, damage on the table
each names), then the displacements (pushes netted against each other,
P-PUSH-8; the charger's and the DFA's own moves), then the piloting rolls
the attacks asked for are rolled by systems/classic/piloting.py.

Rule choices where the seed, the digest and MegaMek differ or are silent:
- A push or charge into a hex two or more levels lower drops the target,
  and the attacker advances (project decision on P-PUSH-9).
- A missed charger goes to the side the move order's `charge_miss` names
  (the attacking player's choice, P-CHARGE-16), else to the higher free hex
  of the two beside the target, else a die picks one (X-CHARGE-3). A
  prohibited charge displacement moves nobody (seed, X-CHARGE-4); a DFA
  target tries the hexes beside the line first (MM getValidDisplacement)
  and stays put if none is legal.
- A missed DFA: the target is moved aside (MM), the attacker falls 2
  levels into the target hex on its back (rear column, no facing roll).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from components import ChargeDeclaration, Identity, PhysicalDeclaration, Position, Status, TurnState
from engine.hexgrid import Hex, direction_to, neighbor, turn
from systems.classic import buildings, clubs, displacement, hit_location, piloting, weapon_attacks
from systems.classic.attack_modifiers import struck_side
from systems.classic.charge import (MISSED_DFA_FALL_LEVELS, charge_damage, charger_damage, dfa_attacker_damage,
                                   dfa_damage, dfa_target_table, entry_cost)
from systems.common import damage
from systems.common.movement import ON_ROOF, MoveState
from systems.common.unit_state import airborne, roof_height

if TYPE_CHECKING:
    from engine.game import Game


Declaration = ChargeDeclaration | PhysicalDeclaration


def _automatic_miss(entry: Declaration) -> str | None:
    return entry.automatic_miss if isinstance(entry, ChargeDeclaration) else None


def _roll(game: "Game", entry: Declaration) -> tuple[int | None, bool]:
    if _automatic_miss(entry):
        return None, False
    roll = game.dice.roll("to_hit", 2, f"{entry.unit} {entry.attack} {entry.target}")
    return roll, weapon_attacks.roll_hits(roll, entry.to_hit)


def _emit_attack(game: "Game", entry: Declaration, roll: int | None, hit: bool) -> None:
    limb = entry.limb if isinstance(entry, PhysicalDeclaration) else None
    extra = {"limb": limb} if limb else {}
    if _automatic_miss(entry):
        extra["automatic_miss"] = _automatic_miss(entry)
    game.log.emit("attack", attacker=entry.unit, target=entry.target, attack=entry.attack,
                  to_hit=entry.to_hit, modifiers=entry.modifiers, roll=roll, hit=hit, **extra)


def hit_target(game: "Game", tgt: int, amount: int, table: str, side: str, cause: str) -> None:
    """One damage group on the table's location (mechs), or on the side hit
    (vehicles: their hit tables belong to the vehicle damage rules)."""
    if amount <= 0:
        return
    if game.kind(tgt) != "mech":
        game.ruleset.hooks.physical_hit[game.kind(tgt)](game, tgt, amount, side, cause)
        return
    hit = hit_location.mech_hit(game, table, side, f"{cause}: {table} table, {side}")
    damage.apply_damage(game, tgt, hit.location, amount,
                        through_armor_critical=hit.through_armor_critical, cause=cause)


RANDOM_SIDES = ("front", "right", "rear", "left")


def random_side(game: "Game", cause: str) -> str:
    """A side picked at random (a vehicle kicked in the attacker's own hex,
    V-PHYS-5): 1d6 1-4 in RANDOM_SIDES order, 5-6 rolled again."""
    return game.dice.choice("location", list(RANDOM_SIDES), f"{cause}: random side of the vehicle")


def charge_table(game: "Game", ent: int, tgt: int) -> str:
    """The hit table a charge uses on its target: the standard one, unless a
    unit type's rule says otherwise (a vehicle charging a mech, V-PHYS-3)."""
    for hook in game.ruleset.hooks.charge_table:
        table = hook(game, ent, tgt)
        if table:
            return table
    return "standard"


def resolve_physical(game: "Game") -> None:
    """End of the physical phase: every declared attack in order, then the
    displacements, then (systems/classic/piloting.py) the piloting rolls."""
    record = game.turn_record
    charges, record.charges = record.charges, []
    attacks, record.physical = record.physical, []
    moves: list[tuple[str, Declaration, bool]] = []
    for c in charges:
        if c.target_hex is not None:
            _charge_building(game, c)
            continue
        ent, tgt = game.units[c.unit], game.units[c.target]
        roll, hit = _roll(game, c)
        _emit_attack(game, c, roll, hit)
        tons = game.world.component(ent, Identity).tonnage
        side = struck_side(game, tgt, Hex(*c.origin))
        if hit and c.attack == "charge":
            table = charge_table(game, ent, tgt)
            for g in hit_location.groups(charge_damage(tons, c.hexes)):
                hit_target(game, tgt, g, table, side, "charge")
            for g in hit_location.groups(charger_damage(game, ent, tgt)):
                hit_target(game, ent, g, "standard", "front", "charge (attacker)")
        if c.attack == "charge":
            for hook in game.ruleset.hooks.after_charge:     # a vehicle's motive roll, V-PHYS-4
                hook(game, c, hit)
        elif hit:
            table, struck = dfa_target_table(game, tgt, side)
            for g in hit_location.groups(dfa_damage(tons)):
                hit_target(game, tgt, g, table, struck, "death from above")
            for g in hit_location.groups(dfa_attacker_damage(tons)):
                hit_target(game, ent, g, "kick", "front", "death from above (attacker)")
        moves.append((c.attack, c, hit))
    for a in attacks:
        if a.target_hex is not None:
            _strike_building(game, a)
            continue
        ent, tgt = game.units[a.unit], game.units[a.target]
        roll, hit = _roll(game, a)
        _emit_attack(game, a, roll, hit)
        if a.attack == "push":
            moves.append(("push", a, hit))
            continue
        if hit:
            side = a.side or struck_side(game, tgt, Hex(*a.origin))
            if side == "random":
                side = random_side(game, a.attack)
            hit_target(game, tgt, a.damage, a.table, side, a.attack)
            if a.attack == "club":
                clubs.club_hit(game, ent)
        if a.attack == "kick":
            if hit:
                piloting.queue_psr(game, tgt, "kicked", 0)          # P-KICK-8
            else:
                piloting.queue_psr(game, ent, "missed a kick", 0)   # P-KICK-8
    _resolve_moves(game, moves)


def _strike_building(game: "Game", a: PhysicalDeclaration) -> None:
    """B-ATK-3: a punch, kick, club or hatchet on a building hits without a
    roll and does its damage to the CF; a kick asks for no roll from anyone."""
    game.log.emit("attack", attacker=a.unit, target=None, attack=a.attack, to_hit=None, modifiers=[], roll=None,
                  hit=True, target_hex=a.target_hex, automatic=True, **({"limb": a.limb} if a.limb else {}))
    buildings.damage_building(game, Hex(*a.target_at), a.damage, f"{a.attack} by {a.unit}", a.unit)
    if a.attack == "club":
        clubs.club_hit(game, game.units[a.unit])


def _charge_building(game: "Game", c: ChargeDeclaration) -> None:
    """B-PHYS-3: a charge on a building hits without a roll: the building
    takes the charge damage, ceil(W/10 x hexes moved); the charger takes
    ceil(its own W/10) (P-CHARGE-11, -13) on the standard table's Front
    column and rolls as after a successful charge (+2); it stays where it
    is (D20)."""
    ent = game.units[c.unit]
    tons = game.world.component(ent, Identity).tonnage
    game.log.emit("attack", attacker=c.unit, target=None, attack="charge", to_hit=None, modifiers=[], roll=None,
                  hit=True, target_hex=c.target_hex, automatic=True)
    buildings.damage_building(game, Hex(*c.target_at), charge_damage(tons, c.hexes), f"charge by {c.unit}", c.unit)
    for g in hit_location.groups(charger_damage(game, ent, None)):
        hit_target(game, ent, g, "standard", "front", "charge (attacker)")
    for hook in game.ruleset.hooks.after_charge:         # a vehicle's motive roll, V-PHYS-4
        hook(game, c, True)
    if game.kind(ent) == "mech":
        piloting.queue_psr(game, ent, "made a successful charge", 2)       # P-CHARGE-18


def _resolve_moves(game: "Game", moves: list[tuple[str, Declaration, bool]]) -> None:
    """Displacements after the attacks: mutual pushes net out (P-PUSH-8)."""
    pushes = {(m[1].unit, m[1].target): m[2] for m in moves if m[0] == "push"}
    for kind, e, hit in moves:
        ent, tgt = game.units[e.unit], game.units[e.target]
        if kind == "push":
            mutual = pushes.get((e.target, e.unit))
            if not hit:
                continue
            if mutual:
                # Both hit: nobody moves, both make PSRs (each from the push on it).
                piloting.queue_psr(game, tgt, "pushed", 0)
                continue
            _push_target(game, ent, tgt, e, psr=("pushed", 0), cause="push")
        elif kind == "charge":
            _spend_charge_mp(game, ent, e)
            if hit:
                _push_target(game, ent, tgt, e, psr=("hit by a charge", 2), cause="charge")
                piloting.queue_psr(game, ent, "made a successful charge", 2)   # P-CHARGE-18
            elif not _automatic_miss(e):
                _missed_charge(game, ent, tgt, e.miss_to)
        elif kind == "dfa":
            if hit:
                _push_target(game, ent, tgt, e, psr=("hit by a death from above", 2), cause="dfa",
                             alternatives=True)
                piloting.queue_psr(game, ent, "made a successful death from above", 4)
            elif not _automatic_miss(e):
                _missed_dfa(game, ent, tgt)


def _spend_charge_mp(game: "Game", ent: int, e: ChargeDeclaration) -> None:
    """P-CHARGE-5: hit or miss, the charger spends the MP to enter the target
    hex from where its move ended (from a roof, counted from its top)."""
    ts, pos = game.world.component(ent, TurnState), game.world.component(ent, Position)
    origin = Hex(*e.origin)
    state = MoveState(origin, pos.facing, tags=ON_ROOF if pos.on_roof and pos.hex == origin else frozenset())
    cost = entry_cost(game, ent, ts.mode, state, Hex(*e.target_at))
    if isinstance(cost, int):
        ts.mp_spent += cost


def _push_target(game: "Game", ent: int, tgt: int, e: Declaration, *, psr: tuple[str, int], cause: str,
                 alternatives: bool = False) -> None:
    """The target goes one hex on along the attack, the attacker takes its
    hex (P-PUSH-6, P-CHARGE-15); a prohibited hex means nobody moves but the
    PSR still happens (P-PUSH-9, P-CHARGE-17); 2+ levels down it falls."""
    pos, tpos = game.world.component(ent, Position), game.world.component(tgt, Position)
    frm, tat = Hex(*e.origin), Hex(*e.target_at)
    tname = game.uid(tgt)
    piloting.queue_psr(game, tgt, psr[0], psr[1])
    if tpos.hex != tat or pos.hex != frm or game.world.component(tgt, Status).removed:
        game.log.emit("displace_blocked", unit=tname, **{"from": game.map.label(tpos.hex)}, to=None,
                      cause=f"{cause}: the units have moved since the attack")
        return
    direction = direction_to(frm, tat)
    if airborne(game, tgt):
        # An airborne VTOL is not in the way: nothing to displace, the
        # attacker lands in the hex beneath it (V-PHYS-7).
        st = game.world.component(ent, Status)
        if not st.destroyed and not st.removed and not displacement.occupants(game, tat, exclude=ent):
            displacement.move_into(game, ent, tat, f"{cause}: attacker advances")
        return
    roof = roof_height(game, tgt) > 0
    result = displacement.outcome(game, tgt, direction)
    if result == displacement.PROHIBITED and alternatives:
        options = displacement.legal_alternatives(game, tgt, direction)
        if options:
            direction = options[0]
            result = displacement.MOVE
    if result == displacement.PROHIBITED:
        displacement.displace(game, tgt, direction, cause)   # emits displace_blocked
        return
    displacement.displace(game, tgt, direction, cause)
    st = game.world.component(ent, Status)
    if st.destroyed or st.removed or displacement.occupants(game, tat, exclude=ent):
        return
    # Onto the roof the target stood on: only a mech reaches one (a charge
    # from within 1 level, `charge.reach_error`; a push or a DFA).
    displacement.move_into(game, ent, tat, f"{cause}: attacker advances", on_roof=roof)


def _missed_charge(game: "Game", ent: int, tgt: int, choice: str | None = None) -> None:
    """P-CHARGE-16: the charger goes to the hex front-left or front-right of
    where it was (beside the target hex). The attacking player chooses with
    the move order's `charge_miss` ("left" / "right"); when that hex cannot
    be entered the other one is used. Without a choice the engine takes the
    higher, else rolls (MM); neither legal: it stays (X-CHARGE-3). The MP to
    enter the target hex are spent (P-CHARGE-5)."""
    pos = game.world.component(ent, Position)
    legal, sides = [], {}
    for t, side in ((-1, "left"), (1, "right")):
        d = turn(pos.facing, t)
        h = neighbor(pos.hex, d)
        if game.map.on_map(h) and displacement.outcome(game, ent, d) == displacement.MOVE \
                and not displacement.occupants(game, h, exclude=ent):
            legal.append(h)
            sides[side] = d
    if not legal:
        game.log.emit("displace_blocked", unit=game.uid(ent), **{"from": game.map.label(pos.hex)},
                      to=None, cause="missed charge: no room beside the target")
        return
    # The side step is a displacement (B-PHYS-5: into a building through its
    # wall with the entry roll, onto a roof not above it).
    if choice in sides:
        displacement.displace(game, ent, sides[choice], f"missed charge: the {choice} hex, as ordered")
        return
    top = max(game.map.terrain(h).level for h in legal)
    legal = [h for h in legal if game.map.terrain(h).level == top]
    dest = game.dice.choice("displacement", legal, "missed charge: left or right") if len(legal) > 1 else legal[0]
    displacement.displace(game, ent, direction_to(pos.hex, dest), "missed charge")


def _missed_dfa(game: "Game", ent: int, tgt: int) -> None:
    """A missed DFA: the target is moved aside to an adjacent hex (MM
    getPreferredDisplacement), and the attacker falls into the target hex
    as a 2-level fall on its back (core section 4). With no room for the
    target, the attacker falls in its own hex."""
    pos, tpos = game.world.component(ent, Position), game.world.component(tgt, Position)
    thex = tpos.hex
    direction = direction_to(pos.hex, thex) or 0
    if airborne(game, tgt):
        # An airborne VTOL need not make room: the mech falls beneath it.
        piloting.fall(game, ent, MISSED_DFA_FALL_LEVELS, "missed death from above", at=thex, column="rear")
        return
    options = displacement.legal_alternatives(game, tgt, direction)
    if options:
        roof = roof_height(game, tgt) > 0
        displacement.displace(game, tgt, options[0], "missed death from above")
        piloting.fall(game, ent, MISSED_DFA_FALL_LEVELS, "missed death from above", at=thex, column="rear")
        if roof and not game.world.component(ent, Status).destroyed:
            pos.on_roof = True                   # it falls onto the roof it aimed at (B-PHYS-4)
            buildings.check_weight(game, thex)
    else:
        piloting.fall(game, ent, MISSED_DFA_FALL_LEVELS, "missed death from above", column="rear")
