"""The Classic end phase: victory is checked."""
from __future__ import annotations

from typing import TYPE_CHECKING

from systems.common import victory

if TYPE_CHECKING:
    from engine.game import Game


def finish_turn(game: "Game") -> None:
    victory.check_victory(game)
