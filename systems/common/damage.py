"""The one damage system: armor, internal structure, transfer, destroyed
locations and units, for mechs (rules/mech_core.md section 7), vehicles
(rules/vehicles.md V-DMG: no transfer) and Alpha Strike units (one
location, "unit").

`apply_damage(game, ent, location, amount, ...)` applies one damage group to
one location and emits `damage` events; whenever internal structure is
damaged (or the hit was a through-armor critical) it calls the ruleset's
structure-damaged rule for the unit's kind: the critical hit roll
(systems/classic/criticals.py for mechs, systems/vehicles/criticals.py for
vehicles; Alpha Strike rolls its own in the end phase).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from components import Armor, Crew, Identity, Status, Structure, TurnState

if TYPE_CHECKING:
    from engine.game import Game

# Where damage goes when a mech location is destroyed (section 7).
MECH_TRANSFER = {
    "left_arm": "left_torso", "right_arm": "right_torso",
    "left_leg": "left_torso", "right_leg": "right_torso",
    "left_torso": "center_torso", "right_torso": "center_torso",
}
SIDE_TORSO_ARM = {"left_torso": "left_arm", "right_torso": "right_arm"}


def base_location(location: str) -> str:
    return location[:-5] if location.endswith("_rear") else location


def apply_damage(game: "Game", ent: int, location: str, amount: int, *,
                 through_armor_critical: bool = False, cause: str = "",
                 structure_only: bool = False) -> None:
    """Apply `amount` points to `location` (a rear torso name for rear hits).

    structure_only: skip armor (ammunition explosions hit the structure)."""
    if amount <= 0:
        return
    kind = game.world.component(ent, Identity).kind
    ts = game.world.try_component(ent, TurnState)
    if ts is not None:
        ts.damage_this_phase += amount
    if kind == "mech":
        _mech_damage(game, ent, location, amount, through_armor_critical, cause, structure_only)
    else:
        _location_damage(game, ent, location, amount, cause, structure_only)


def _emit(game: "Game", ent: int, location: str, amount: int, armor_loc: str, struct_loc: str, **extra) -> None:
    armor = game.world.component(ent, Armor)
    structure = game.world.component(ent, Structure)
    game.log.emit("damage", unit=game.uid(ent), location=location, amount=amount,
                  armor_left=armor.points.get(armor_loc, 0),
                  structure_left=structure.points.get(struct_loc, 0), **extra)


def _mech_damage(game: "Game", ent: int, location: str, amount: int, tac: bool, cause: str,
                 structure_only: bool) -> None:
    critical_roll = game.ruleset.hooks.structure_damaged.get("mech")
    armor = game.world.component(ent, Armor)
    structure = game.world.component(ent, Structure)
    rear = location.endswith("_rear")
    loc = base_location(location)
    remaining = amount
    while remaining > 0:
        armor_loc = f"{loc}_rear" if rear and f"{loc}_rear" in armor.points else loc
        if structure.points.get(loc, 0) <= 0:
            # Damage to a destroyed location transfers inward at once.
            nxt = MECH_TRANSFER.get(loc)
            if nxt is None:
                return
            loc = nxt
            continue
        absorbed_armor = 0 if structure_only else min(armor.points.get(armor_loc, 0), remaining)
        armor.points[armor_loc] = armor.points.get(armor_loc, 0) - absorbed_armor
        remaining -= absorbed_armor
        absorbed_structure = min(structure.points[loc], remaining)
        structure.points[loc] -= absorbed_structure
        remaining -= absorbed_structure
        shown = armor_loc if rear else loc
        _emit(game, ent, shown, absorbed_armor + absorbed_structure, armor_loc, loc,
              **({"cause": cause} if cause else {}))
        if loc == "head" and absorbed_armor + absorbed_structure > 0:
            pilot_damage(game, ent, 1, "head hit")
        left_before_crits = structure.points[loc]
        if (absorbed_structure > 0 or tac) and critical_roll is not None:
            critical_roll(game, ent, loc, absorbed_structure)
            tac = False
        if structure.points[loc] <= 0 < left_before_crits:
            return      # a critical (ammunition explosion) destroyed it and carried on inward
        if structure.points[loc] <= 0:
            destroy_location(game, ent, loc)
            if remaining <= 0:
                return
            if structure_only and _has_case(game, ent, loc):
                return      # CASE vents the rest of an ammunition explosion
            nxt = MECH_TRANSFER.get(loc)
            if nxt is None:
                return
            loc = nxt
        else:
            return


def _has_case(game: "Game", ent: int, loc: str) -> bool:
    from components import Equipment
    eq = game.world.try_component(ent, Equipment)
    return eq is not None and loc in eq.case


def destroy_location(game: "Game", ent: int, loc: str, cause: str = "") -> None:
    """A mech location's structure is gone: its effects (section 7)."""
    structure = game.world.component(ent, Structure)
    armor = game.world.component(ent, Armor)
    structure.points[loc] = 0
    armor.points[loc] = 0
    if f"{loc}_rear" in armor.points:
        armor.points[f"{loc}_rear"] = 0
    game.log.emit("location_destroyed", unit=game.uid(ent), location=loc)
    if loc in ("head", "center_torso"):
        destroy_unit(game, ent, f"{loc.replace('_', ' ')} destroyed")
        if loc == "head":
            crew = game.world.try_component(ent, Crew)
            if crew is not None:
                crew.killed = True
    if loc in SIDE_TORSO_ARM:
        arm = SIDE_TORSO_ARM[loc]
        if structure.points.get(arm, 0) > 0:
            destroy_location(game, ent, arm, cause="side torso destroyed")
    for hook in game.ruleset.hooks.location_destroyed:
        hook(game, ent, loc)


def _location_damage(game: "Game", ent: int, location: str, amount: int, cause: str,
                     structure_only: bool) -> None:
    """Vehicles and Alpha Strike units: armor then structure, no transfer
    (V-DMG-1); the unit is destroyed when any location's structure is gone."""
    armor = game.world.component(ent, Armor)
    structure = game.world.component(ent, Structure)
    a = 0 if structure_only else min(armor.points.get(location, 0), amount)
    armor.points[location] = armor.points.get(location, 0) - a
    s = min(structure.points.get(location, 0), amount - a)
    structure.points[location] = structure.points.get(location, 0) - s
    _emit(game, ent, location, a + s, location, location, **({"cause": cause} if cause else {}))
    critical_roll = game.ruleset.hooks.structure_damaged.get(game.world.component(ent, Identity).kind)
    if s > 0 and critical_roll is not None:
        critical_roll(game, ent, location, s)
    if structure.points.get(location, 0) <= 0 and s > 0:
        destroy_unit(game, ent, f"{location} structure destroyed")


def destroy_unit(game: "Game", ent: int, cause: str) -> None:
    st = game.world.component(ent, Status)
    if st.destroyed:
        return
    st.destroyed = True
    st.destroyed_cause = cause
    game.log.emit("destroyed", unit=game.uid(ent), cause=cause)


def remove_destroyed(game: "Game") -> None:
    """The End Phase: every destroyed unit still on the map leaves it, in
    creation order (Total Warfare's End Phase; AS-END-2, AS-DEST-1). It stays
    among the game's units (saves, replays, the roster) with
    `Status.removed` and a `removed` event naming its cause of destruction."""
    for uid, ent in game.units.items():
        st = game.world.component(ent, Status)
        if st.destroyed and not st.removed:
            st.removed = True
            game.log.emit("removed", unit=uid, cause=st.destroyed_cause or "destroyed")


def pilot_damage(game: "Game", ent: int, points: int, reason: str) -> None:
    """MechWarrior damage (section 11): 6 kills; each wound asks for a
    consciousness roll, made by the piloting system."""
    crew = game.world.try_component(ent, Crew)
    if crew is None or crew.killed or points <= 0:
        return
    crew.hits = min(6, crew.hits + points)
    game.log.emit("pilot_damage", unit=game.uid(ent), amount=points, total=crew.hits, reason=reason)
    if crew.hits >= 6:
        crew.killed = True
        destroy_unit(game, ent, "MechWarrior killed")
        return
    for hook in game.ruleset.hooks.pilot_wounded:
        hook(game, ent)
