"""Asking the rules about a move not made yet: `moved_to` puts a unit where a
planned move would leave it (hex, facing, altitude, prone, and this turn's
movement mode and hexes entered, which the to-hit rules read) for the
length of a `with` block and puts everything back after, so the rules'
own to-hit functions judge the attacks from there and on it.
`first_target` does the same for what the weapon rules read of a unit
that has declared shots (its first target). `sealed_dice` makes any use of
the dice inside its block but reading the battle's seed an error: the
computer player never rolls nor reads the battle's dice, forced or not."""
from __future__ import annotations

import contextlib

from components import Altitude, Position, Status, TurnState
from engine.dice import Dice
from engine.events import EventLog


@contextlib.contextmanager
def moved_to(game, ent: int, hex_, facing: int, mode: str, hexes: int, altitude: int | None = None,
             prone: bool | None = None):
    """The unit `ent` as if it had made a move of `mode` entering `hexes`
    hexes and ending in `hex_` facing `facing` (at `altitude`, prone or not)."""
    pos = game.world.component(ent, Position)
    ts = game.world.component(ent, TurnState)
    st = game.world.component(ent, Status)
    alt = game.world.try_component(ent, Altitude)
    saved = (pos.hex, pos.facing, ts.moved, ts.mode, ts.hexes_moved, st.prone, alt.level if alt else None)
    pos.hex, pos.facing = hex_, facing
    ts.moved, ts.mode, ts.hexes_moved = True, mode, hexes
    if prone is not None:
        st.prone = prone
    if alt is not None and altitude is not None:
        alt.level = altitude
    try:
        yield
    finally:
        pos.hex, pos.facing, ts.moved, ts.mode, ts.hexes_moved, st.prone, level = saved
        if alt is not None:
            alt.level = level


@contextlib.contextmanager
def first_target(game, ent: int, target: str | None):
    """The unit as if its first declared target this turn were `target`
    (its other targets are then secondary ones, section 3)."""
    ts = game.world.component(ent, TurnState)
    saved = list(ts.targets)
    if target is not None and not ts.targets:
        ts.targets = [target]
    try:
        yield
    finally:
        ts.targets = saved


class DiceSealed(RuntimeError):
    """The computer player asked the battle's dice for something."""


class _Sealed:
    """The battle's dice while sealed: only the seed shows (the player's own
    generator is derived from it); a copy of the game made meanwhile gets
    fresh dice of that seed, nothing forced (it learns nothing of the
    battle's rolls)."""

    def __init__(self, seed: int) -> None:
        self.seed = seed

    def to_dict(self) -> dict:
        return Dice(EventLog(), self.seed).to_dict()

    def __getattr__(self, name: str):
        raise DiceSealed(f"the computer player may not use the battle's dice ({name})")


@contextlib.contextmanager
def sealed_dice(game):
    """No die can be rolled or read inside the block (DiceSealed instead)."""
    dice = game.dice
    game.dice = _Sealed(dice.seed)
    try:
        yield
    finally:
        game.dice = dice
