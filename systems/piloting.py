"""Piloting (and driving) skill rolls: the queue of rolls caused during a
phase, their target numbers, and the falls that failures cause
(rules/mech_core.md section 9)."""
from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from engine.game import Game


def queue_psr(game: "Game", ent: int, reason: str, modifier: int = 0) -> None:
    """Ask for a PSR at the end of this phase (weapon / physical phases)."""
    game.phase_data.setdefault("psr_queue", []).append(
        {"unit": game.uid(ent), "reason": reason, "modifier": modifier})


def queue_automatic_fall(game: "Game", ent: int, reason: str) -> None:
    game.phase_data.setdefault("psr_queue", []).append(
        {"unit": game.uid(ent), "reason": reason, "automatic": True})


def register_classic(rs) -> None:
    """The end-of-phase resolution is wired by the physical attack rules."""
