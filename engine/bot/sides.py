"""The units able to fight on the computer player's side and on the other
sides (systems/common/victory.units_able_to_fight, in the order the battle
lists its sides and units)."""
from __future__ import annotations

from systems.common.victory import units_able_to_fight


def friends(game, side: str) -> list[str]:
    return units_able_to_fight(game, side)


def enemies(game, side: str) -> list[str]:
    return [u for s in game.sides if s != side for u in units_able_to_fight(game, s)]
