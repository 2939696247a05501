"""The computer player of one side (`Computer`, difficulty 1 to 3:
engine/bot/profile.py). It plays through the same order path as a person:
it asks the rules what its units can do (the options call, the movement
search, `game.check`) and hands its orders to the driver
(engine/bot/driver.py), which checks and submits each.

- Movement: the unit furthest from the enemy moves first (those in contact
  see more of the enemy's moves before their own). Each move is the best
  end state of the search (engine/bot/moves.py) by: the attacks it would
  have from there (engine/bot/fire.py), less `caution` times the enemy's
  attacks on it there (engine/bot/threat.drawn: each enemy's fire in the
  share the unit's worth as its target is of all the targets it reaches),
  less what the move's rolls
  and heat may cost, plus closing in to the range its weapons like; a charge
  or death from above is weighed instead of the attacks where the move
  allows one. A crippled unit (a third of its armor and structure left, or
  no working weapon) doubles its caution and falls back, while its side has
  a sound unit left; while its side is ahead (firepower times armor and
  structure left, against the enemy's: `press`) a unit weighs the damage it
  would take less, down to half, and closes in to finish the battle. An Alpha Strike unit is judged instead by the exchange
  of fire the move leaves its side in (engine/bot/exchange.py: the ratio of
  the side's expected damage to the enemy's, at the standoff range bracket
  where that ratio is best; a card fires at full strength until destroyed,
  so it never falls back).
- Attacks: the best fire plan on every enemy in reach and on the buildings
  worth bringing down (engine/bot/buildings.py), counting off the damage
  the side has already aimed at each this phase (engine/bot/ledger.py);
  Alpha Strike: the card's one attack, with the overheat that pays. An
  enemy a friend has declared a charge or death from above on is left to
  it: weapon fire that destroys it or makes it fall in the weapon phase
  would cancel the charge (P-CHARGE-7). A charge is declared only on
  an enemy that will still stand there (engine/bot/moves.charge_options).
- Physical attacks: engine/bot/physical.py.

Every judgement gets a little noise from the player's own generator
(engine/dice.player_generator: the battle's seed, the side, the turn, the
phase and the unit), so the same battle plays the same way, and the
battle's dice are sealed while it thinks (engine/bot/whatif.sealed_dice).
"""
from __future__ import annotations

import math
from typing import Generator

from components import AlphaStrikeCard, Armor, Position, Structure, TurnState
from engine.bot import heat_cost, sides
from engine.bot.fire import fire_plan
from engine.bot.ledger import committed, committed_cf
from engine.bot.moves import (Candidate, approach, charge_options, charge_value, end_states, move_risk,
                              preferred_range, QuickLook)
from engine.bot.physical import plan_physical
from engine.bot.profile import PROFILES
from engine.bot.exchange import Exchange
from engine.bot.threat import advanced, attacks_on, on_the_move, drawn, in_reach, incoming, rival_worth, weapon_reach
from engine.bot.value import Valuer
from engine.bot.whatif import moved_to, sealed_dice
from engine.dice import player_generator
from engine.hexgrid import distance
from engine.orders import Order
from systems.common.movement import cannot_move_reason, motion_rules

CRIPPLED = 1 / 3          # of the armor and structure a unit started with
RETREAT_CAUTION = 2.0
PRESS_MOST = 0.5          # the least share of its caution a side that is ahead keeps
NEXT_TURN = 0.5           # the weight of next turn's exchange in an Alpha Strike move's worth
CLOSEST = 2               # end states nearest the enemy always judged in full


class Situation:
    """What one decision of one unit knows: the enemy able to fight, how
    far everyone reaches, how each enemy's fire is shared, the values."""

    def __init__(self, game, uid: str, noise: float = 0.0, rng=None) -> None:
        self.game = game
        self.uid = uid
        self.ent = game.units[uid]
        side = game.side_of(self.ent)
        self.enemies = sides.enemies(game, side)
        self.friends = sides.friends(game, side)
        self.reach = {u: weapon_reach(game, game.units[u]) for u in self.enemies + self.friends}
        self.valuer = Valuer(game)
        if noise:
            self.valuer.jitter = {game.units[u]: math.exp(rng.gauss(0.0, noise)) for u in self.enemies + self.friends}
        self.valuer.committed = committed(game, side)
        self.valuer.committed_cf = committed_cf(game, side)
        self.shares = {}
        for e in self.enemies:
            others = sum(1 for f in self.friends if f != uid
                         and in_reach(game, game.units[e], game.units[f], self.reach[e]))
            self.shares[e] = 1.0 / (1 + others)
        self.enemy_hexes = [game.world.component(game.units[e], Position).hex for e in self.enemies]
        self.charged = sides.charged(game, side)
        self.advance = {}          # the enemies still to move this turn: their first mode and its hexes
        self.next_advance = {}     # every enemy able to move (next turn)
        for e in self.enemies:
            foe = game.units[e]
            if cannot_move_reason(game, foe) is None:
                mode = motion_rules(game, foe).modes[0]
                self.next_advance[e] = (mode, motion_rules(game, foe).mp(game, foe, mode))
                if not game.world.component(foe, TurnState).moved:
                    self.advance[e] = self.next_advance[e]

    def targets_from(self, here) -> list[str]:
        """The enemies within the unit's reach of hex `here` that its weapons
        may fire at (not one a friend charges this turn)."""
        reach = self.reach[self.uid]
        return [e for e, h in zip(self.enemies, self.enemy_hexes)
                if distance(here, h) <= reach and e not in self.charged]

    def crippled(self, uid: str) -> bool:
        ent = self.game.units[uid]
        armor, structure = self.game.world.component(ent, Armor), self.game.world.component(ent, Structure)
        start = sum(armor.original.values()) + sum(structure.original.values())
        left = sum(max(0, v) for v in armor.points.values()) + sum(max(0, v) for v in structure.points.values())
        return left < CRIPPLED * start or self.valuer.firepower(ent) <= 0

    def pressing(self) -> float:
        """The share of its caution the unit keeps while its side is ahead (`press`)."""
        def strength(units: list[str]) -> float:
            ents = [self.game.units[u] for u in units]
            return sum(map(self.valuer.firepower, ents)) * sum(map(self.valuer.durability, ents))
        return press(strength(self.friends), strength(self.enemies))

    def retreating(self) -> bool:
        return self.crippled(self.uid) and any(not self.crippled(f) for f in self.friends if f != self.uid)


def press(ours: float, theirs: float) -> float:
    """How much less the damage a unit would take weighs while its side is
    ahead: the square root of the enemy's strength over the side's, a side's
    strength its firepower times its armor and structure left (Lanchester's
    square law: the stronger side loses the smaller share of itself in each
    exchange, so it gains by closing), at least PRESS_MOST; 1 when the side
    is not ahead."""
    if ours <= 0:
        return 1.0
    return max(PRESS_MOST, min(1.0, math.sqrt(theirs / ours)))


class Computer:
    """A computer player for `side` at difficulty `level` (1 to 3)."""

    def __init__(self, side: str, level: int) -> None:
        self.side = side
        self.profile = PROFILES[level]
        self.name = f"bot:{level}"

    # ------------------------------------------------------------ the driver's questions
    def choose_unit(self, game, waiting: list[str]) -> str:
        if game.phase != "movement":
            return waiting[0]
        foes = [game.world.component(game.units[u], Position).hex for u in sides.enemies(game, self.side)]

        def far(uid: str) -> int:
            here = game.world.component(game.units[uid], Position).hex
            return min((distance(here, h) for h in foes), default=0)
        return max(waiting, key=far)

    def act(self, game, uid: str) -> Generator[Order, str | None, None]:
        """The orders of `uid` for this phase, one at a time: the driver
        checks and submits each and sends back the refusal (None when it was
        accepted) before asking for the next. Moves are offered best first
        until one is accepted."""
        kind = {"movement": "move", "weapon": "fire", "combat": "fire", "physical": "physical"}.get(game.phase)
        if kind == "move":
            with sealed_dice(game):
                orders = self._move(game, uid)
            for order in orders:
                refused = yield order
                if refused is None:
                    return
        elif kind == "fire":
            with sealed_dice(game):
                sit = self._situation(game, uid)
                plan = fire_plan(game, sit.valuer, uid, sit.targets_from(_hex(game, uid)), wide=True)
            yield from _still_legal(game, [s.option.order for s in plan.shots])
        elif kind == "physical":
            with sealed_dice(game):
                sit = self._situation(game, uid)
                chosen = plan_physical(game, sit.valuer, uid, sit.enemies)
            yield from _still_legal(game, [s.option.order for s in chosen])

    def _situation(self, game, uid: str) -> Situation:
        """What the decision knows, each unit's worth blurred by the level's
        noise (a weak player misjudges which target matters most)."""
        rng = player_generator(game.dice.seed, self.side, game.turn, game.phase, uid, "worth")
        return Situation(game, uid, self.profile.noise, rng)

    # ------------------------------------------------------------ movement
    def _move(self, game, uid: str) -> list[Order]:
        """The moves to try, best first (the driver submits the first the rules accept)."""
        sit = self._situation(game, uid)
        ent = sit.ent
        cands = end_states(game, ent)
        if not cands:
            return []
        retreat = sit.retreating()
        firepower = sit.valuer.firepower(ent)
        preferred = preferred_range(game, ent, sit.valuer)
        groups: dict[tuple, list[Candidate]] = {}
        exchange = Exchange(game, sit) if game.world.try_component(ent, AlphaStrikeCard) is not None else None
        quick_look = QuickLook(game, ent, sit.enemy_hexes, preferred, retreat, firepower,
                               exchange.band if exchange else None, [game.units[e] for e in sit.enemies],
                               sit.reach[uid])
        for c in cands:
            c.quick = quick_look(c)
            groups.setdefault((c.mode, c.hex, c.altitude, c.prone), []).append(c)
        heads = [max(g, key=lambda c: c.quick) for g in groups.values()]
        shortlist = sorted(heads, key=lambda c: -c.quick)[:self.profile.shortlist]
        nearest = sorted(heads, key=lambda c: min((distance(c.hex, h) for h in sit.enemy_hexes), default=0))
        for c in nearest[:CLOSEST] + [cands[0]]:
            if c not in shortlist:
                shortlist.append(c)
        caution = self.profile.caution * (RETREAT_CAUTION if retreat else sit.pressing())
        judge = _Judge(game, sit, caution, preferred, firepower, retreat, exchange)
        for c in shortlist:
            judge.score(c)
        best_heads = sorted((c for c in shortlist if c.score > float("-inf")), key=lambda c: -c.score)
        for head in best_heads[:self.profile.facings]:
            for c in groups[(head.mode, head.hex, head.altitude, head.prone)]:
                if c is not head:
                    judge.score(c)
                    shortlist.append(c)
        shortlist += judge.charges(shortlist)
        self._blur(game, uid, shortlist)
        ranked = sorted((c for c in shortlist if c.score > float("-inf")), key=lambda c: -c.score)
        return [c.move_order(uid) for c in ranked]

    def _blur(self, game, uid: str, cands: list[Candidate]) -> None:
        """Add the level's noise: a share of the spread of the scores."""
        scores = [c.score for c in cands if c.score > float("-inf")]
        if len(scores) < 2 or not self.profile.noise:
            return
        spread = max(scores) - min(scores)
        rng = player_generator(game.dice.seed, self.side, game.turn, game.phase, uid)
        for c in cands:
            if c.score > float("-inf"):
                c.score += rng.gauss(0.0, self.profile.noise * spread)


class _Judge:
    """The full judgement of planned moves for one decision."""

    def __init__(self, game, sit: Situation, caution: float, preferred: int, firepower: float,
                 retreat: bool, exchange: Exchange | None = None) -> None:
        self.game, self.sit, self.caution = game, sit, caution
        self.preferred, self.firepower, self.retreat = preferred, firepower, retreat
        self.exchange = exchange
        valuer, ent = sit.valuer, sit.ent
        self._heat_args = (valuer.worth(ent), firepower, valuer.durability(ent))
        self._still = self._heat_cost()
        self._rivals: dict[str, float] = {}

    def _rivals_reaching(self, here) -> None:
        """What the attacks on the unit's friends are worth (threat.rival_worth)
        of each enemy that can reach hex `here`, asked once per decision, as
        everyone stands (the unit where it is)."""
        sit = self.sit
        for e, h in zip(sit.enemies, sit.enemy_hexes):
            if e not in self._rivals and distance(here, h) <= sit.reach[e] + sit.advance.get(e, (None, 0))[1]:
                self._rivals[e] = rival_worth(self.game, sit.valuer, sit.uid, sit.friends, e, sit.reach, sit.advance)

    def _heat_cost(self) -> float:
        ent = self.sit.ent
        end = heat_cost.classic_end_heat(self.game, ent, 0)
        return heat_cost.classic_cost(self.game, ent, end, *self._heat_args)

    def score(self, c: Candidate) -> None:
        game, sit = self.game, self.sit
        risk = move_risk(game, sit.valuer, sit.ent, c)
        if risk is None:
            return
        if self.exchange is not None:
            self._exchange_score(c, risk)
            return
        self._rivals_reaching(c.hex)
        with c.what_if(game, sit.ent):
            fire = fire_plan(game, sit.valuer, sit.uid, sit.targets_from(c.hex), wide=False).value
            danger = drawn(attacks_on(game, sit.valuer, sit.uid, sit.enemies, sit.reach, sit.advance),
                           self._rivals.__getitem__)
            heat = self._heat_cost() - self._still
        near = min((distance(c.hex, h) for h in sit.enemy_hexes), default=0)
        c.notes = {"fire": fire, "danger": danger, "risk": risk, "heat": heat}
        c.score = fire - self.caution * danger - risk - heat + approach(near, self.preferred, self.firepower,
                                                                        self.retreat)

    def _exchange_score(self, c: Candidate, risk: float) -> None:
        """An Alpha Strike move by the side's exchange of fire (engine/bot/exchange.py),
        each enemy still to move as likely to stay as to come straight on;
        and, at NEXT_TURN of its weight, next turn's exchange with the unit
        standing still where the move leaves it and every enemy as likely
        to stay as to come on again (a place that keeps the stood-still
        bonus, AS-HIT-1, and the cover of woods for more than one turn)."""
        game, sit, valuer = self.game, self.sit, self.exchange.valuer
        with c.what_if(game, sit.ent):
            reaching = attacks_on(game, valuer, sit.uid, sit.enemies, sit.reach, sit.advance)
            fire, danger = self._fire_and_danger(c.hex, sit.advance)
            heat = self._heat_cost() - self._still
            if sit.next_advance:
                with moved_to(game, sit.ent, c.hex, c.facing, c.mode, 0, c.altitude, c.prone):
                    later = self._fire_and_danger(c.hex, sit.next_advance)
        near = min((distance(c.hex, h) for h in sit.enemy_hexes), default=0)
        c.notes = {"fire": fire, "danger": danger, "risk": risk, "heat": heat}
        c.score = self.exchange.score(fire, danger, set(reaching), heat + risk, near, self.firepower)
        if sit.next_advance:
            c.score = (c.score + NEXT_TURN * self.exchange.score(*later, set(reaching), 0.0, near, self.firepower)) \
                / (1 + NEXT_TURN)

    def _fire_and_danger(self, here, advance: dict) -> tuple[float, float]:
        """The unit's attack and the enemy's on it (as it is placed now), each
        enemy in `advance` the mean of staying (having moved: no stood-still
        bonus) and coming straight on."""
        game, sit, valuer = self.game, self.sit, self.exchange.valuer
        fire = fire_plan(game, valuer, sit.uid, sit.targets_from(here), wide=False).value
        with on_the_move(game, advance):
            danger = incoming(game, valuer, sit.uid, sit.enemies, sit.reach, sit.shares)
        if advance:
            with advanced(game, advance, here):
                targets = [e for e in sit.enemies if in_reach(game, game.units[e], sit.ent, sit.reach[sit.uid])]
                fire = (fire + fire_plan(game, valuer, sit.uid, targets, wide=False).value) / 2
                danger = (danger + incoming(game, valuer, sit.uid, sit.enemies, sit.reach, sit.shares)) / 2
        return fire, danger

    def charges(self, judged: list[Candidate]) -> list[Candidate]:
        """Each judged move that can declare a charge or death from above,
        once more with it: its value instead of the weapon attacks."""
        out = []
        for c in judged:
            if c.score == float("-inf") or not c.path:
                continue
            for opt in charge_options(self.game, self.sit.uid, c):
                value = charge_value(self.game, self.sit.valuer, self.sit.uid, opt, c)
                score = c.score - c.notes.get("fire", 0.0) + value
                if score > c.score:
                    out.append(Candidate(c.mode, tuple(opt.order.path), c.hex, c.facing, c.altitude, c.hexes,
                                         c.prone, c.quick, score, opt.order, {**c.notes, "charge": value}))
        return out


def _still_legal(game, orders: list[Order]) -> Generator[Order, str | None, None]:
    """The planned attacks in order, each asked of the rules again once the
    ones before it are declared (a declared shot can rule out a later one:
    a prone mech fires from one arm only); those now refused are dropped."""
    for order in orders:
        if game.check(order) is None:
            yield order


def _hex(game, uid: str):
    return game.world.component(game.units[uid], Position).hex
