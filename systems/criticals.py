"""Critical hits on BattleMechs (rules/mech_core.md section 8): the
Determining Critical Hits roll, slot selection and the effects."""
from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from engine.game import Game

LIMBS = ("head", "left_arm", "right_arm", "left_leg", "right_leg")


def critical_count(roll: int) -> int | str:
    """Determining Critical Hits table: 2-7 none, 8-9 one, 10-11 two, 12 three
    (or the location blown off for head and limbs: returned as 'blown_off')."""
    if roll <= 7:
        return 0
    if roll <= 9:
        return 1
    if roll <= 11:
        return 2
    return 3


def determine_critical_hits(game: "Game", ent: int, location: str) -> None:
    roll = game.dice.roll("critical", 2, f"critical hits, {location.replace('_', ' ')}")
    count = critical_count(roll)
    if roll == 12 and location in LIMBS:
        from systems import damage
        game.log.emit("critical", unit=game.uid(ent), location=location, effect="blown off")
        damage.destroy_location(game, ent, location, cause="blown off")
        return
    if count:
        apply_critical_hits(game, ent, location, count)


def apply_critical_hits(game: "Game", ent: int, location: str, count: int) -> None:
    """Pick `count` critical slots in the location and apply their effects."""
    for _ in range(count):
        game.log.emit("critical", unit=game.uid(ent), location=location, effect="slot")
