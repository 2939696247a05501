"""Chances for the computer player: the 2d6 and 1d6 distributions and the
chance of a roll passing a rule's own test (a to-hit by the ruleset's
`roll_hits`, a piloting or driving roll of the target number or more), and
the expected number of missiles a cluster weapon lands (the rules' Cluster
Hits table, weapon_attacks.cluster_hits)."""
from __future__ import annotations

from functools import lru_cache
from typing import Callable

from systems.alpha_strike import combat as as_combat
from systems.classic import weapon_attacks

# 2d6 total -> the number of the 36 throws that make it.
TWO_D6 = {total: 6 - abs(total - 7) for total in range(2, 13)}
ONE_D6 = {face: 1 for face in range(1, 7)}


def chance(roll_passes: Callable[[int, int], bool], number: int) -> float:
    """The chance that a 2d6 roll passes `roll_passes(roll, number)`."""
    return sum(ways for total, ways in TWO_D6.items() if roll_passes(total, number)) / 36


@lru_cache(maxsize=None)
def _to_hit(ruleset: str, number: int) -> float:
    test = as_combat.roll_hits if ruleset == "alpha-strike" else weapon_attacks.roll_hits
    return chance(test, number)


def hit_chance(game, number: int) -> float:
    """The chance that an attack needing `number` hits, by the game's
    ruleset's own test of the roll (Classic: a natural 2 always misses)."""
    return _to_hit(game.ruleset.name, number)


@lru_cache(maxsize=None)
def at_least(number: int | None) -> float:
    """The chance of 2d6 making `number` or more (a piloting, driving or
    heat roll); None (an automatic failure) and anything above 12 never pass."""
    if number is None:
        return 0.0
    return chance(lambda roll, n: roll >= n, number)


def table_rolls(dice: int) -> dict[int, float]:
    """Each total of a hit location table's roll (1d6 or 2d6) with its chance."""
    dist = TWO_D6 if dice == 2 else ONE_D6
    ways = sum(dist.values())
    return {total: n / ways for total, n in dist.items()}


@lru_cache(maxsize=None)
def expected_missiles(rack: int) -> float:
    """The missiles a hit with a rack of `rack` lands on average (section 12)."""
    return sum(ways * weapon_attacks.cluster_hits(rack, total) for total, ways in TWO_D6.items()) / 36
