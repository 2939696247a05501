"""Victory: a side wins when no other side has a unit left able to fight
(`Game.can_fight`: not destroyed, not off the map, its crew alive). The
turn's initiative counts the same sides, and a front end lists the same
units."""
from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from engine.game import Game


def units_able_to_fight(game: "Game", side: str) -> list[str]:
    """The ids of `side`'s units still able to fight, in creation order."""
    return [u for u in game.unit_ids(side) if game.can_fight(game.units[u])]


def sides_able_to_fight(game: "Game") -> list[str]:
    return [s for s in game.sides if units_able_to_fight(game, s)]


def check_victory(game: "Game") -> str | None:
    if game.winner is not None or len(game.sides) < 2:
        return game.winner
    alive = sides_able_to_fight(game)
    if len(alive) == 1:
        game.winner = alive[0]
        game.log.emit("victory", side=alive[0])
    elif not alive:
        game.winner = "draw"
        game.log.emit("victory", side=None)
    return game.winner
