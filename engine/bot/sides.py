"""The units able to fight on the computer player's side and on the other
sides (systems/common/victory.units_able_to_fight, in the order the battle
lists its sides and units), and the enemies the side's charges and deaths
from above are declared on this turn."""
from __future__ import annotations

from components import TurnState
from systems.common.victory import units_able_to_fight


def friends(game, side: str) -> list[str]:
    return units_able_to_fight(game, side)


def enemies(game, side: str) -> list[str]:
    return [u for s in game.sides if s != side for u in units_able_to_fight(game, s)]


def charged(game, side: str) -> set[str]:
    """The units a unit of `side` has declared a charge or death from above
    on this turn (kept for the physical phase: a fall on the way drops it)."""
    out = set()
    for uid in friends(game, side):
        ts = game.world.component(game.units[uid], TurnState)
        out.update(t for t in (ts.charge_target, ts.dfa_target) if t)
    return out
