"""Initiative and the alternating order of play (rules/mech_core.md section 1).

Each side rolls 2d6, high roll wins, ties are re-rolled among the tied sides.
The loser moves (and declares attacks) first; sides alternate. A side with N
times as many units as the other (N = floor(larger / smaller)) moves N units
each time it alternates; the remainder is spread evenly.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from engine.game import Game


def roll_initiative(game: "Game", sides: list[str]) -> list[str]:
    """Return the sides ordered winner first, rolling (and re-rolling ties)."""
    rolls = {s: game.dice.roll("initiative", 2, f"initiative {s}") for s in sides}
    ordered: list[str] = []
    for total in sorted(set(rolls.values()), reverse=True):
        tied = [s for s in sides if rolls[s] == total]
        ordered += roll_initiative(game, tied) if len(tied) > 1 else tied
    return ordered


def alternating_order(initiative: list[str], counts: dict[str, int]) -> list[str]:
    """The sequence of sides that act, one entry per unit action.

    `initiative` is winner first; the last side (the loser) acts first. Each
    round every side acts; a side with more units acts several times per
    round, so that all sides finish together (TW unequal numbers)."""
    sides = [s for s in reversed(initiative) if counts.get(s, 0) > 0]
    if not sides:
        return []
    remaining = {s: counts[s] for s in sides}
    order: list[str] = []
    while any(remaining.values()):
        active = [s for s in sides if remaining[s] > 0]
        smallest = min(remaining[s] for s in active)
        for s in active:
            n = remaining[s] // smallest
            take = min(n, remaining[s])
            order += [s] * take
            remaining[s] -= take
    return order
