"""What a game's reachable searches keep for its next ones: the step tables
of its last searches (systems/common/step_table.py) and the kinds of its
map's hexes (systems/common/hex_kinds.py). Each game makes its own
(`Game.searches`), so a game made anew or restored keeps nothing of
another's, and what it kept goes with it."""
from __future__ import annotations


class KeptSearches:
    """A game's kept step tables, the last used last (`step_table._table`),
    and its kept hex kinds, the last used last (`hex_kinds.hex_kinds`)."""

    __slots__ = ("tables", "hex_kinds")

    def __init__(self) -> None:
        self.tables: list = []
        self.hex_kinds: list = []

    def forget_tables(self) -> None:
        """Keep no table for the next search (the bench's figure of a unit's
        first search where it stands); the hex kinds stay."""
        self.tables.clear()
