"""Clubs on the battlefield (physical.md P-FIND): severed limbs lie in the hex
where their mech took the damage (`HexMap.clubs`), a mech in that hex may
pick one up, a mech in a woods hex may uproot a tree, and a tree club is used
up by its first hit. A carried club is `Equipment.club` ("tree" or the limb's
description) and occupies both hands (P-FIND-5).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from components import Actuators, Equipment, Position, Status, Structure

if TYPE_CHECKING:
    from engine.game import Game

LIMBS = ("left_arm", "right_arm", "left_leg", "right_leg")
TREE = "tree"


def limb_severed(game: "Game", ent: int, loc: str) -> None:
    """Location-destroyed hook (P-FIND-1): a destroyed arm or leg of a mech
    stays in the hex where the mech took the damage, as a club."""
    if loc not in LIMBS or game.kind(ent) != "mech":
        return
    h = game.world.component(ent, Position).hex
    club = f"{loc} of {game.uid(ent)}"
    game.map.clubs.setdefault(h, []).append(club)
    game.log.emit("club_on_map", at=game.map.label(h), club=club)


def hands_working(game: "Game", ent: int) -> str | None:
    """A club needs both shoulders, both hands and both arms (P-CLUB-1, -5);
    the reason it cannot be held, else None."""
    acts = game.world.try_component(ent, Actuators)
    structure = game.world.component(ent, Structure)
    if acts is None:
        return "only a mech can wield a club"
    for side in ("left", "right"):
        if structure.points.get(f"{side}_arm", 0) <= 0:
            return f"its {side} arm is gone"
        for part in ("shoulder", "hand"):
            a = f"{side}_{part}"
            if a not in acts.installed:
                return f"it has no {side} {part}"
            if a in acts.destroyed:
                return f"its {side} {part} actuator is destroyed"
    return None


def pickup_error(game: "Game", ent: int, source: str | None) -> str | None:
    """Why the mech cannot pick up a club from `source` ("limb" | "tree")."""
    eq = game.world.try_component(ent, Equipment)
    st = game.world.component(ent, Status)
    pos = game.world.component(ent, Position)
    if eq is None:
        return "only a mech can pick up a club"
    if eq.club is not None:
        return "it already holds a club"
    if st.prone:
        return "a prone mech cannot pick up a club"
    reason = hands_working(game, ent)
    if reason:
        return f"it cannot hold a club: {reason}"
    if source is None:
        source = "limb" if game.map.clubs.get(pos.hex) else TREE
    if source == "limb":
        if not game.map.clubs.get(pos.hex):
            return f"no severed limb lies in {game.map.label(pos.hex)}"
    elif source == TREE:
        if not game.map.terrain(pos.hex).woods:
            return f"{game.map.label(pos.hex)} has no trees to uproot"
    else:
        return f"a club comes from a limb or a tree, not {source!r}"
    return None


def pick_up(game: "Game", ent: int, source: str | None) -> str:
    """Take the club (P-FIND-2, -3); returns its description."""
    eq = game.world.component(ent, Equipment)
    pos = game.world.component(ent, Position)
    if source is None:
        source = "limb" if game.map.clubs.get(pos.hex) else TREE
    if source == "limb":
        club = game.map.clubs[pos.hex].pop(0)
        if not game.map.clubs[pos.hex]:
            del game.map.clubs[pos.hex]
    else:
        club = TREE
    eq.club = club
    game.log.emit("pick_up_club", unit=game.uid(ent), club=club, at=game.map.label(pos.hex))
    return club


def club_hit(game: "Game", ent: int) -> None:
    """A tree club breaks after one successful attack (P-FIND-4)."""
    eq = game.world.component(ent, Equipment)
    if eq.club == TREE:
        eq.club = None
        game.log.emit("club_destroyed", unit=game.uid(ent), club=TREE)


def drop_club(game: "Game", ent: int, loc: str) -> None:
    """Location-destroyed hook: losing an arm drops a carried club in the hex
    (a limb club stays a club on the map; a tree is lost)."""
    if loc not in ("left_arm", "right_arm"):
        return
    eq = game.world.try_component(ent, Equipment)
    if eq is None or eq.club is None:
        return
    club, eq.club = eq.club, None
    if club != TREE:
        h = game.world.component(ent, Position).hex
        game.map.clubs.setdefault(h, []).append(club)
    game.log.emit("club_dropped", unit=game.uid(ent), club=club)

