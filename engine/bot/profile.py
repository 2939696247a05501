"""The computer player's difficulty levels (1 to 3): how wide it searches
and how much noise blurs its judgement.

- `shortlist`: the planned moves judged in full by the rules, out of every
  reachable end state ranked by a quick look (engine/bot/moves.py);
- `facings`: how many of the best end hexes are tried again with every
  facing the move can reach;
- `wide_fire`: a move's firing judged with every torso twist and the
  second targets (else only the weapons as they bear);
- `noise`: the spread of the random error added to each judgement, as a
  share of the spread of the judgements it compares;
- `caution`: how much the damage the unit would take weighs against the
  damage it would deal.
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Profile:
    level: int
    shortlist: int
    facings: int
    wide_fire: bool
    noise: float
    caution: float


PROFILES = {
    1: Profile(1, shortlist=4, facings=0, wide_fire=False, noise=1.0, caution=0.8),
    2: Profile(2, shortlist=18, facings=2, wide_fire=False, noise=0.1, caution=0.8),
    3: Profile(3, shortlist=30, facings=4, wide_fire=True, noise=0.0, caution=0.8),
}
