"""To-hit modifiers the Classic attacks share (rules/mech_core.md
sections 3, 4 and 10): the target's movement, the woods it stands in, and
the to-hit of an accidental fall from above (a unit falling onto another:
a push or charge over a drop, a VTOL crash)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from components import Position, TurnState

if TYPE_CHECKING:
    from engine.game import Game

MOVEMENT_BANDS = ((2, 0), (4, 1), (6, 2), (9, 3), (17, 4), (24, 5))
ACCIDENTAL_FALL_BASE = 7        # section 10


def target_movement_modifier(game: "Game", ent: int) -> int:
    """Target movement table by hexes entered this turn, +1 if it jumped
    (core section 3)."""
    ts = game.world.try_component(ent, TurnState)
    if ts is None:
        return 0
    mod = 6
    for top, value in MOVEMENT_BANDS:
        if ts.hexes_moved <= top:
            mod = value
            break
    if ts.mode == "jump":
        mod += 1
    return mod


def terrain_modifier(game: "Game", ent: int) -> list | None:
    """Woods in the target's hex: light +1, heavy +2."""
    t = game.map.terrain(game.world.component(ent, Position).hex)
    if t.woods == 1:
        return ["target in light woods", 1]
    if t.woods == 2:
        return ["target in heavy woods", 2]
    return None


def accidental_fall_modifiers(game: "Game", target: int) -> list[list]:
    """An accidental fall from above onto `target` (section 10, V-CRASH-5):
    7 + the target's movement + the woods it stands in."""
    mods: list[list] = [["base", ACCIDENTAL_FALL_BASE]]
    mv = target_movement_modifier(game, target)
    if mv:
        mods.append(["target movement", mv])
    tr = terrain_modifier(game, target)
    if tr:
        mods.append(tr)
    return mods
