"""How the computer player judges an Alpha Strike move: by the exchange of
fire it leaves its side in over the next turn.

Damage in Alpha Strike takes nothing from a unit's attack until the unit
is destroyed (AS-END-2: a unit fires at full strength to its last point of
structure), so a battle is a race between the two sides' damage, and the
side that wins a race is the one whose expected damage per turn is the
larger share of the two. A move is worth the ratio (as a logarithm) of

- the side's expected damage: this unit's attack from the planned position
  plus what each friend's attack is worth from where it stands, less the
  move's heat and risk and the pull towards the standoff range below;
- to the enemy's expected damage on the side: its attacks on this unit
  there, plus its attacks on each friend, shared among the units each
  enemy can reach (a unit that stands alone draws all of an enemy's fire;
  one that stands beside a friend halves what that friend draws).

Both sides' damage starts from a small floor, in the proportion the race
stands in (`balance`: a side's strength is the damage it deals a turn
times the armor and structure it has left, Lanchester's square law): a
move that brings no fire and draws none is worth how the race stands, not
an even exchange, so a side that is behind takes an exchange as good as
the race it is in rather than hide from it for good.

A side ahead in the race also values the amount of fire exchanged (the
product of the two sides' damage over the floors', weighted by TEMPO per
unit of the race's logarithm): the longer a battle it is winning lasts,
the more turns the dice have to turn it, and a battle that reaches its
last turn is a draw, so it takes an exchange as good as the race rather
than wait for a better one.

An enemy that has still to move is as likely to stay as to come its whole
Move straight on (engine/bot/threat.advanced): both the unit's attack and
the enemy's are the mean of the two.

The standoff range is the range bracket (AS-HIT-2: Short 0-3 hexes,
Medium 4-12, Long 13-21) in which the ratio of the side's expected damage
to the enemy's is best, from both sides' damage values at that bracket, the
bracket's to-hit modifier, each side's skill and the other's TMM (AS-HIT-1
to AS-HIT-3), the side standing still and the enemy moving: equal damage at
Short and Medium means Medium (the same +2 on both sides' numbers leaves
the better shooter a larger share), and a side whose Long damage holds up
against an enemy whose Long damage is low or none keeps to Long.
"""
from __future__ import annotations

import math

from components import Position
from engine.bot.fire import fire_plan
from engine.bot.odds import hit_chance
from engine.bot.threat import attacks_on, in_reach
from engine.bot.value import Valuer
from engine.hexgrid import distance
from systems.alpha_strike import card as as_card
from systems.alpha_strike.combat import MINIMAL_DAMAGE_ROLL, RANGE_BRACKETS, STOOD_STILL

FLOOR = 0.5               # worth added to both sides' damage: a side with nothing in reach is not infinitely good
BAND_PULL = 0.03          # of the unit's firepower, per hex its nearest enemy is outside the standoff range
                          # (a tie-break for next turn: this turn's range is in the to-hit of the attacks)
NO_DAMAGE = 0.1           # the enemy's expected damage a bracket in which it cannot hurt the side is judged at
BALANCE_LIMIT = 4.0       # the most one side's strength is judged a multiple of the other's
TEMPO = 0.15              # a side ahead's weight on the amount of fire exchanged, per unit of the race's logarithm
TEMPO_LIMIT = 0.3         # the most that weight can be


def expected_damage(game, attackers: list[int], targets: list[int], bracket: int, own_modifier: int) -> float:
    """The damage the `attackers` are expected to deal in a turn at this
    range bracket, each at its best target (its skill, the bracket's
    modifier, `own_modifier` for how it moved, the target's TMM)."""
    total = 0.0
    for a in attackers:
        value, minimal = as_card.damage_value(game, a, bracket)
        amount = value if value > 0 else (7 - MINIMAL_DAMAGE_ROLL) / 6 if minimal else 0.0
        if amount <= 0 or not targets:
            continue
        number = as_card.card(game, a).skill + own_modifier + RANGE_BRACKETS[bracket][2]
        total += amount * max(hit_chance(game, number + as_card.current_tmm(game, t)) for t in targets)
    return total


def bracket_ratios(game, side: list[int], enemies: list[int]) -> list[float]:
    """Each range bracket's multiple of the `enemies`' expected damage that
    `side`'s is (the side standing still, the enemy moving)."""
    return [expected_damage(game, side, enemies, i, STOOD_STILL)
            / (NO_DAMAGE + expected_damage(game, enemies, side, i, 0)) for i in range(len(RANGE_BRACKETS))]


def standoff_band(game, side: list[int], enemies: list[int]) -> tuple[int, int]:
    """The first and last hex of the range bracket in which `side`'s
    expected damage is the largest multiple of the `enemies`' damage."""
    ratios = bracket_ratios(game, side, enemies)
    best = ratios.index(max(ratios))
    return (RANGE_BRACKETS[best - 1][1] + 1 if best else 0), RANGE_BRACKETS[best][1]


def balance(game, valuer: Valuer, side: list[int], enemies: list[int]) -> float:
    """How the race stands: the side's strength over the enemy's, a
    strength being the damage a side deals a turn (at the standoff bracket)
    times the armor and structure it has left to lose (Lanchester's square
    law), kept within BALANCE_LIMIT either way."""
    left = [sum(valuer.durability(u) for u in units) for units in (side, enemies)]
    ratio = max(bracket_ratios(game, side, enemies)) * max(1.0, left[0]) / max(1.0, left[1])
    return min(BALANCE_LIMIT, max(1 / BALANCE_LIMIT, ratio))


def band_pull(near: int, band: tuple[int, int], firepower: float) -> float:
    """The cost of having the nearest enemy `near` hexes off, outside the band."""
    lo, hi = band
    return BAND_PULL * firepower * max(0, lo - near, near - hi)


class Exchange:
    """The side's exchange of fire for one unit's move decision: what its
    friends' attacks are worth from where they stand and what the enemy's
    attacks on each of them are worth (`sit`: engine/bot/computer.Situation)."""

    def __init__(self, game, sit) -> None:
        self.game, self.sit = game, sit
        # no kill bonus in the race: the share of a unit a point takes already grows as
        # it weakens, and a bonus on top would make a damaged unit worth hiding for good
        self.valuer = sit.valuer.without_kill()
        side, enemies = [game.units[f] for f in sit.friends], [game.units[e] for e in sit.enemies]
        self.band = standoff_band(game, side, enemies)
        stands = balance(game, self.valuer, side, enemies)
        root = math.sqrt(stands)
        self.floors = (FLOOR * root, FLOOR / root)          # what the side deals and takes without contact
        self.tempo = min(TEMPO_LIMIT, TEMPO * max(0.0, math.log(stands)))
        self.friends_fire = 0.0
        self.friends_taken: list[tuple[str, float, int]] = []      # (enemy, its attack on a friend, others it reaches)
        for f in sit.friends:
            if f == sit.uid:
                continue
            here = game.world.component(game.units[f], Position).hex
            targets = [e for e, h in zip(sit.enemies, sit.enemy_hexes) if distance(here, h) <= sit.reach[f]]
            self.friends_fire += fire_plan(game, self.valuer, f, targets, wide=False).value
            for e, value in attacks_on(game, self.valuer, f, sit.enemies, sit.reach, sit.advance).items():
                others = sum(1 for g in sit.friends if g not in (f, sit.uid)
                             and in_reach(game, game.units[e], game.units[g], sit.reach[e]))
                self.friends_taken.append((e, value, others))

    def score(self, fire: float, danger: float, reaching: set[str], costs: float, near: int,
              firepower: float) -> float:
        """The move's worth: `fire` and `danger` this unit's attack and the
        enemy's on it from the planned position, `reaching` the enemies
        that can attack it there, `costs` its heat and the risk of its rolls,
        `near` the hexes to the nearest enemy."""
        taken = sum(value / (1 + others + (e in reaching)) for e, value, others in self.friends_taken)
        floor_dealt, floor_taken = self.floors
        dealt = floor_dealt + fire + self.friends_fire - costs - band_pull(near, self.band, firepower)
        dealt, taken = max(floor_dealt, dealt), floor_taken + danger + taken
        return math.log(dealt / taken) + self.tempo * math.log(dealt * taken / FLOOR ** 2)
