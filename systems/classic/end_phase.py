"""The Classic end phase (rules/mech_core.md section 1): destroyed units
leave the battlefield, then victory is checked.

A unit destroyed during the turn stays where it fell until the End Phase
(its wreck keeps its hex: nothing else ends a move there, and its shots and
physical attacks of that turn still resolve); then it is removed from play
(systems/common/damage.remove_destroyed). Its hex is free again for other
units and for picking up the clubs lying there.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from systems.common import damage, victory

if TYPE_CHECKING:
    from engine.game import Game


def finish_turn(game: "Game") -> None:
    damage.remove_destroyed(game)
    victory.check_victory(game)
