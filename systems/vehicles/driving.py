"""Driving skill rolls for vehicles (rules/vehicles.md V-CHAR-2, T-9): the
target number with every standing modifier, and the roll itself (dice
purpose "psr", a `psr` event with unit, reason, target, roll, passed)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from components import Crew, VehicleCrits

if TYPE_CHECKING:
    from engine.game import Game

MOTIVE_MODIFIER = {"minor": 1, "moderate": 2, "heavy": 3}   # T-5: each counts once


def standing_modifiers(game: "Game", ent: int) -> list[tuple[str, int]]:
    """Driving modifiers that last for the rest of the game (T-9)."""
    vc = game.world.try_component(ent, VehicleCrits)
    if vc is None:
        return []
    out: list[tuple[str, int]] = []
    if vc.commander_hit:
        out.append(("commander hit", 1))                      # V-CE-3
    if vc.driver_hit:
        out.append(("driver hit", 2))                         # V-CE-6 / V-VCE-4
    if vc.flight_stabilizer:
        out.append(("flight stabilizer hit", 3))              # V-VCE-7
    for result in ("minor", "moderate", "heavy"):
        if result in vc.motive_results:
            out.append((f"{result} motive damage", MOTIVE_MODIFIER[result]))
    return out


def target(game: "Game", ent: int, extra: list[tuple[str, int]] | None = None) -> tuple[int, list[tuple[str, int]]]:
    crew = game.world.component(ent, Crew)
    mods = [("driving skill", crew.piloting)] + standing_modifiers(game, ent) + list(extra or [])
    return sum(v for _, v in mods), mods


def roll(game: "Game", ent: int, reason: str, extra: list[tuple[str, int]] | None = None) -> tuple[bool, int]:
    """Roll a driving skill roll; returns (passed, margin of failure)."""
    tn, mods = target(game, ent, extra)
    r = game.dice.roll("psr", 2, f"driving roll, {reason}")
    passed = r >= tn
    game.log.emit("psr", unit=game.uid(ent), reason=reason, target=tn, roll=r, passed=passed,
                  modifiers=[[k, v] for k, v in mods], margin=r - tn)
    return passed, max(0, tn - r)
