"""The computer player's move search for one unit: every end state the
movement rules reach (systems/common/movement.reachable, each mode; a prone
mech stands up first), a quick look at each, and the best of them judged in
full, from the planned position, by the rules themselves.

The quick look ranks end states by the to-hit modifiers the rules give the
move (attacker and target movement, the woods the unit ends in:
systems/classic/attack_modifiers.py, systems/alpha_strike/combat.py), the
distance to the enemy against the range the unit's weapons like, and the
side it turns to the nearest enemy. The full judgement
(engine/bot/computer.py) adds the attacks it would have from there
(engine/bot/fire.py), the enemy's attacks on it (engine/bot/threat.py),
the rolls the move makes and what failing them costs (a mech's piloting
rolls: systems/classic/piloting.planned_rolls; a vehicle's driving rolls:
systems/vehicles/moves.planned_rolls; a move that surely destroys the unit,
moves.certain_loss, is never made), the heat of moving, and the charges and
deaths from above the move could declare (systems/common/options.py).
"""
from __future__ import annotations

from dataclasses import dataclass, field

from components import AlphaStrikeCard, Altitude, Identity, Position, Status, TurnState, Weapons
from engine.bot.attacks import fall_value, side_struck
from engine.bot.geometry import facing_toward
from engine.bot.odds import at_least, hit_chance
from engine.bot.value import Valuer, weapon_damage, working
from engine.bot.whatif import moved_to
from engine.hexgrid import Hex, distance
from engine.orders import MoveOrder
from systems.alpha_strike import card as as_card, combat as as_combat
from systems.classic import attack_modifiers, charge, hit_location, piloting
from systems.classic.physical_resolution import charge_table
from systems.common import movement
from systems.common.options import declaration_options
from systems.vehicles import moves as vehicle_moves

STAND = "stand"
GROUND_STEPS = ("F", "B", "L", "R")
SLIDE = 0.3               # of the worth of a vehicle whose sideslip or skid roll fails (the move ends in a slide)
ENGAGE = 0.02             # of the firepower, per hex beyond the range the weapons like
RETREAT_RANGE = 2         # a retreating unit keeps this many times its preferred range
BAND_QUICK = 0.1          # of the firepower, per hex the nearest enemy is outside a standoff band
BLIND = 5                 # hexes outside the band a state without a target in sight counts as


@dataclass
class Candidate:
    """A planned move: its mode and steps and where it ends."""

    mode: str
    path: tuple[str, ...]
    hex: Hex
    facing: int
    altitude: int
    hexes: int
    prone: bool
    quick: float = 0.0
    score: float = float("-inf")
    order: MoveOrder | None = None          # a charge or death from above declared with it
    notes: dict = field(default_factory=dict)

    def move_order(self, uid: str) -> MoveOrder:
        if self.order is not None:
            return self.order
        raw = {"unit": uid, "mode": self.mode, "path": list(self.path)}
        return MoveOrder(uid, raw, mode=self.mode, path=list(self.path))

    def what_if(self, game, ent: int):
        return moved_to(game, ent, self.hex, self.facing, self.mode, self.hexes, self.altitude, self.prone)


def end_states(game, ent: int) -> list[Candidate]:
    """Every end state a legal move can reach (first the unit staying where
    it is, when it may), each once. A prone mech's moves begin by standing
    up (the search from the state the stand-up step leaves it in). A state in
    a hex that holds another unit is kept only when the move's own rules take
    it there (stacking, a roof: movement.plan)."""
    rules = movement.motion_rules(game, ent)
    pos = game.world.component(ent, Position)
    alt = game.world.try_component(ent, Altitude)
    prone = game.world.component(ent, Status).prone
    here = Candidate(rules.modes[0], (), pos.hex, pos.facing, alt.level if alt else 0, 0, prone)
    out = [here] if movement.cannot_move_reason(game, ent, staying=True) is None else []
    if movement.cannot_move_reason(game, ent) is not None:
        return out
    found = []
    for mode in rules.modes:
        found += [(mode, state, reach) for state, reach in movement.reachable(game, ent, mode).items()]
        if prone:
            found += [(mode, state, reach) for state, reach in _after_standing(game, ent, rules, mode)]
    with game.positions_fixed():
        for mode, (h, facing, altitude), reach in found:
            if not reach.path or (any(o != ent for o in game.units_at(h))
                                  and movement.plan(game, ent, mode, list(reach.path)).error):
                continue
            hexes = sum(1 for t in reach.path if t in ("F", "B"))
            out.append(Candidate(mode, tuple(reach.path), h, facing, altitude, hexes,
                                 prone and "stand" not in reach.path))
    return out


def _after_standing(game, ent: int, rules, mode: str) -> list:
    """The states a prone mech reaches after standing up first."""
    stood = movement.plan(game, ent, mode, [STAND])
    if stood.error:
        return []
    tokens = tuple(t for t in GROUND_STEPS if t != "B" or mode not in movement.NO_BACKWARD_MODES)
    with game.positions_fixed():
        found = movement.search(game, ent, rules, mode, stood.final, rules.mp(game, ent, mode), tokens, (STAND,))
    return list(found.items())


def preferred_range(game, ent: int, valuer: Valuer) -> int:
    """The range the unit's weapons like: the damage-weighted end of their
    short bands (an Alpha Strike card: the Short bracket, or Medium when it
    has no Short damage)."""
    if game.world.try_component(ent, AlphaStrikeCard) is not None:
        short, minimal = as_card.damage_value(game, ent, 0)
        return as_combat.RANGE_BRACKETS[0 if short > 0 or minimal else 1][1]
    weapons = game.world.try_component(ent, Weapons)
    pairs = [(weapon_damage(game, ent, m), game.weapons[m.type].short) for m in (weapons.mounts if weapons else [])
             if working(game, ent, m)]
    total = sum(d for d, _ in pairs)
    return max(1, round(sum(d * r for d, r in pairs) / total)) if total else 1


def approach(distance_to_enemy: int, preferred: int, firepower: float, retreating: bool) -> float:
    """The worth of being at this distance from the nearest enemy: closing
    in to the range the weapons like (retreating: to twice that range, and
    no nearer)."""
    if retreating:
        return -ENGAGE * firepower * abs(distance_to_enemy - RETREAT_RANGE * preferred)
    return -ENGAGE * firepower * max(0, distance_to_enemy - preferred)


class QuickLook:
    """Rank end states by the rules' to-hit modifiers of the move and the
    distance to the enemy (a to-hit point is about a tenth of the fire;
    given a standoff `band`, engine/bot/exchange.py, a hex outside it as
    much as a to-hit point, and a hex from which no enemy within the
    unit's `reach` is in its line of sight as much as the attack it loses,
    `BLIND` hexes or to-hit points).
    What a state's hex gives (the nearest enemy, the sight) and what its
    move gives (the modifiers: the mode, hexes entered, altitude, not the
    facing) are asked once for all the states that share them."""

    def __init__(self, game, ent: int, enemy_hexes: list[Hex], preferred: int, retreating: bool,
                 firepower: float, band: tuple[int, int] | None = None, foes: list[int] = (),
                 reach: int = 0) -> None:
        self.game, self.ent, self.enemy_hexes = game, ent, enemy_hexes
        self.preferred, self.retreating, self.firepower = preferred, retreating, firepower
        self.band, self.foes, self.reach = band, list(foes), reach
        self.card = game.world.try_component(ent, AlphaStrikeCard) is not None
        self._near: dict[Hex, tuple[Hex | None, int, int, bool]] = {}
        self._modifiers: dict[tuple, float] = {}

    def __call__(self, c: Candidate) -> float:
        near = self._near.get(c.hex)
        if near is None:
            nearest = min(self.enemy_hexes, key=lambda h: distance(c.hex, h)) if self.enemy_hexes else None
            d = distance(c.hex, nearest) if nearest else 0
            near = self._near[c.hex] = (nearest, d, facing_toward(c.hex, nearest) if d else 0, self._blind(c))
        nearest, d, toward, blind = near
        key = (c.mode, c.hex, c.hexes, c.altitude, c.prone)
        modifiers = self._modifiers.get(key)
        if modifiers is None:
            modifiers = self._modifiers[key] = self._modifiers_of(c)
        score = 0.1 * self.firepower * modifiers
        if self.band is not None:
            lo, hi = self.band
            score -= BAND_QUICK * self.firepower * (max(0, lo - d, d - hi) + BLIND * blind)
        else:
            score += approach(d, self.preferred, self.firepower, self.retreating)
        if d > 0:
            off = min((c.facing - toward) % 6, (toward - c.facing) % 6)
            score -= 0.02 * self.firepower * off * (-1 if self.retreating else 1)
        return score

    def _blind(self, c: Candidate) -> bool:
        """Does an Alpha Strike unit in the state's hex see none of the
        `foes` within its reach (AS-LOS-1: systems/alpha_strike/combat.line_of_sight)?"""
        if not self.card or not self.foes:
            return False
        here = [f for f in self.foes if distance(c.hex, self.game.world.component(f, Position).hex) <= self.reach]
        if not here:
            return False
        with c.what_if(self.game, self.ent):
            return not any(as_combat.line_of_sight(self.game, self.ent, f).clear for f in here)

    def _modifiers_of(self, c: Candidate) -> float:
        game, ent = self.game, self.ent
        with c.what_if(game, ent):
            if self.card:
                defence = sum(m.value for m in as_combat.target_movement(game, ent))
                defence += sum(m.value for m in as_combat.terrain_modifiers(game, c.hex, None))
                own = sum(m.value for m in as_combat.attacker_movement(game, ent))
            else:
                defence = attack_modifiers.target_movement_modifier(game, ent)
                woods = attack_modifiers.woods_modifier(game, ent)
                defence += woods.value if woods else 0
                moved = attack_modifiers.attacker_movement(game, ent)
                own = moved.value if moved else 0
        return 0.5 * defence - 0.5 * own


def move_risk(game, valuer: Valuer, ent: int, c: Candidate) -> float | None:
    """What the rolls of this move may cost (None: it surely destroys the unit)."""
    if not c.path:
        return 0.0
    path = list(c.path)
    if game.kind(ent) == "mech":
        passes = 1.0
        for _trigger, tn in piloting.planned_rolls(game, ent, c.mode, path):
            passes *= at_least(tn)
        return (1.0 - passes) * fall_value(valuer, ent)
    if vehicle_moves.certain_loss(game, ent, c.mode, path):
        return None
    if game.world.component(ent, Identity).kind == "alpha-strike":
        return 0.0
    passes = 1.0
    for _trigger, tn in vehicle_moves.planned_rolls(game, ent, c.mode, path):
        passes *= at_least(tn)
    return (1.0 - passes) * SLIDE * valuer.worth(ent)


def charge_options(game, uid: str, c: Candidate) -> list:
    """The charges or deaths from above on enemy units this move could
    declare and that will still stand at the start of the physical phase
    (a charge into a building is not the computer's). A charge is made on
    the target where it stands then (P-CHARGE-1; systems/classic/charge.py
    refuses one whose target is no longer ahead or adjacent), and it is
    declared while the target may still have its move to make (P-CHARGE-3):
    so only on a target that has moved this phase or cannot move, and only
    with a move whose rolls cannot fail (`c.notes["risk"]`, move_risk: a
    fall or a slide on the way drops it)."""
    if c.notes.get("risk", 0.0) > 0:
        return []
    return [o for o in declaration_options(game, uid, c.mode, list(c.path))
            if o.possible and (o.order.charge or o.order.dfa)
            and settled(game, game.units[o.order.charge or o.order.dfa])]


def settled(game, ent: int) -> bool:
    """Will the unit stand where it is until the physical phase: has it
    moved this phase, or can it not move?"""
    return game.world.component(ent, TurnState).moved or movement.cannot_move_reason(game, ent) is not None


def charge_value(game, valuer: Valuer, uid: str, opt, c: Candidate) -> float:
    """What a charge or death from above is worth (section 4): the target's
    damage on its table less the attacker's own, and a missed death from
    above's fall (systems/classic/charge.py)."""
    ent, tgt = game.units[uid], game.units[opt.order.charge or opt.order.dfa]
    tons = game.world.component(ent, Identity).tonnage
    p = hit_chance(game, opt.to_hit.number)
    with c.what_if(game, ent):
        side = side_struck(game, ent, tgt)
        if opt.kind == "charge":
            hexes = sum(1 for t in opt.order.path if t in ("F", "B"))
            dealt = sum(valuer.group_value(tgt, side, g, charge_table(game, ent, tgt))
                        for g in hit_location.groups(charge.charge_damage(tons, hexes)))
            taken = sum(valuer.group_value(ent, "front", g)
                        for g in hit_location.groups(charge.charger_damage(game, ent, tgt)))
            return p * (dealt - taken)
        table, struck = charge.dfa_target_table(game, tgt, side)
        dealt = sum(valuer.group_value(tgt, struck, g, table) for g in hit_location.groups(charge.dfa_damage(tons)))
        taken = sum(valuer.group_value(ent, "front", g, "kick")
                    for g in hit_location.groups(charge.dfa_attacker_damage(tons)))
        return p * (dealt - taken) - (1 - p) * fall_value(valuer, ent, charge.MISSED_DFA_FALL_LEVELS)
