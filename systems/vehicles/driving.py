"""Driving skill rolls for vehicles (rules/vehicles.md V-CHAR-2, T-9): the
target number with every standing modifier, and the roll itself (dice
purpose "psr", a `psr` event with unit, reason, target, roll, passed and
skill "driving")."""
from __future__ import annotations

from typing import TYPE_CHECKING

from components import Crew, VehicleCrits
from systems.common.to_hit import Modifier, ToHit

if TYPE_CHECKING:
    from engine.game import Game

MOTIVE_MODIFIER = {"minor": 1, "moderate": 2, "heavy": 3}   # T-5: each counts once


def standing_modifiers(game: "Game", ent: int) -> list[Modifier]:
    """Driving modifiers that last for the rest of the game (T-9)."""
    vc = game.world.try_component(ent, VehicleCrits)
    if vc is None:
        return []
    out: list[Modifier] = []
    if vc.commander_hit:
        out.append(Modifier("commander hit", 1, "V-CE-3"))
    if vc.driver_hit:
        out.append(Modifier("driver hit", 2, "V-CE-6"))          # V-VCE-4 for a VTOL's pilot
    if vc.flight_stabilizer:
        out.append(Modifier("flight stabilizer hit", 3, "V-VCE-7"))
    for result in ("minor", "moderate", "heavy"):
        if result in vc.motive_results:
            out.append(Modifier(f"{result} motive damage", MOTIVE_MODIFIER[result], "T-5"))
    return out


def target(game: "Game", ent: int, extra: list[Modifier] = ()) -> ToHit:
    """The target number of a driving skill roll (V-CHAR-2, T-9)."""
    crew = game.world.component(ent, Crew)
    return ToHit([Modifier("driving skill", crew.piloting, "V-CHAR-2"), *standing_modifiers(game, ent), *extra])


def roll(game: "Game", ent: int, reason: str, extra: list[Modifier] = ()) -> tuple[bool, int]:
    """Roll a driving skill roll; returns (passed, margin of failure)."""
    th = target(game, ent, extra)
    tn = th.number
    r = game.dice.roll("psr", 2, f"driving roll, {reason}")
    passed = r >= tn
    game.log.emit("psr", unit=game.uid(ent), reason=reason, target=tn, roll=r, passed=passed,
                  modifiers=th.pairs(), margin=r - tn, skill="driving")
    return passed, max(0, tn - r)
