"""Firing arcs (rules/mech_core.md section 3; vehicle mounts rules/vehicles.md
T-6b, V-ATK-2..6).

An arc is a named test on `fa`, the bearing from the firing unit's hex
centre to the target's, measured clockwise from the facing the arc is
measured from (0 = straight ahead; adjacent hexes are at 0, 60, ... 300).

Two questions are answered per weapon mount:
- which arc a mount fires into (`mount_arc`: by unit kind, mount location
  and rear flag);
- which facing that arc is measured from (`arc_facing`): a mech's torso,
  arm and head weapons use the torso facing (the feet's facing turned by
  this turn's torso twist, one hexside at most), its leg weapons the feet's;
  a vehicle's turret weapons use the turret's facing, hull mounts the hull's.

Both are tables keyed by unit kind (`MOUNT_ARC_RULES`, `ARC_FACING_RULES`)
so other unit types plug in without changing the callers.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from components import Identity, Mount, Position, TurnState, Turret
from engine.hexgrid import Hex, relative_bearing, turn

if TYPE_CHECKING:
    from engine.game import Game


# ------------------------------------------------------------------ arc tests on fa
ARCS: dict[str, Callable[[float], bool]] = {
    # Mechs (section 3).
    "forward": lambda fa: fa >= 300.0 or fa <= 60.0,
    "left_arm": lambda fa: fa >= 240.0 or fa <= 60.0,
    "right_arm": lambda fa: fa >= 300.0 or fa <= 120.0,
    "rear": lambda fa: 120.0 < fa < 240.0,
    "left_side": lambda fa: 240.0 <= fa < 300.0,
    "right_side": lambda fa: 60.0 < fa <= 120.0,
    # Vehicles (T-6b): boundaries inclusive, except that side mounts never
    # fire into the front arc (V-ATK-2), so the front lines belong to the
    # front; turrets use "forward" from the turret facing.
    "vehicle_left": lambda fa: 240.0 <= fa < 300.0,
    "vehicle_right": lambda fa: 60.0 < fa <= 120.0,
    "vehicle_rear": lambda fa: 120.0 <= fa <= 240.0,
}

ARC_NAMES = {
    "forward": "forward arc", "left_arm": "left arm arc", "right_arm": "right arm arc",
    "rear": "rear arc", "left_side": "left side arc", "right_side": "right side arc",
    "vehicle_left": "left arc", "vehicle_right": "right arc", "vehicle_rear": "rear arc",
}


def in_arc(arc: str, origin: Hex, facing: int, target: Hex) -> bool:
    """Is `target` inside `arc` seen from `origin` facing `facing`?"""
    if origin == target:
        return True
    return arc_contains(arc, relative_bearing(origin, facing, target))


def arc_contains(arc: str, bearing: float) -> bool:
    """Is a bearing (degrees clockwise from the facing) inside `arc`?"""
    return ARCS[arc](bearing)


# ------------------------------------------------------------------ mounts
def mech_mount_arc(location: str, rear: bool) -> str:
    """Section 3: rear-mounted weapons fire into the rear arc, arm weapons
    into their arm's arc, everything else (head, torsos, legs) forward."""
    if rear:
        return "rear"
    if location in ("left_arm", "right_arm"):
        return location
    return "forward"


def vehicle_mount_arc(location: str, rear: bool) -> str:
    """V-ATK-4: front and turret mounts fire forward (turret: from its own
    facing), side mounts into their side, rear mounts rearward."""
    return {"left": "vehicle_left", "right": "vehicle_right", "rear": "vehicle_rear"}.get(location, "forward")


MOUNT_ARC_RULES: dict[str, Callable[[str, bool], str]] = {
    "mech": mech_mount_arc,
    "vehicle": vehicle_mount_arc,
}


def mount_arc(kind: str, location: str, rear: bool = False) -> str:
    return MOUNT_ARC_RULES[kind](location, rear)


# ------------------------------------------------------------------ facings
def torso_facing(game: "Game", ent: int) -> int:
    """The facing of a mech's torso: its feet turned by this turn's twist."""
    pos = game.world.component(ent, Position)
    ts = game.world.try_component(ent, TurnState)
    return turn(pos.facing, ts.torso_twist if ts else 0)


def mech_arc_facing(game: "Game", ent: int, location: str) -> int:
    if location in ("left_leg", "right_leg"):
        return game.world.component(ent, Position).facing     # legs keep the feet's arc
    return torso_facing(game, ent)


def vehicle_arc_facing(game: "Game", ent: int, location: str) -> int:
    turret = game.world.try_component(ent, Turret)
    if location == "turret" and turret is not None:
        return turret.facing
    return game.world.component(ent, Position).facing


ARC_FACING_RULES: dict[str, Callable[["Game", int, str], int]] = {
    "mech": mech_arc_facing,
    "vehicle": vehicle_arc_facing,
}


def arc_facing(game: "Game", ent: int, location: str) -> int:
    kind = game.world.component(ent, Identity).kind
    return ARC_FACING_RULES[kind](game, ent, location)


def mount_in_arc(game: "Game", ent: int, mount: Mount, target: Hex,
                 bearings: dict[int, float] | None = None) -> bool:
    """Can this mount fire at `target` given the unit's position, facing,
    torso twist or turret? `bearings` (facing -> bearing of `target`) keeps
    the bearings worked out for one target across several mounts."""
    kind = game.world.component(ent, Identity).kind
    origin = game.world.component(ent, Position).hex
    return facing_in_arc(kind, origin, arc_facing(game, ent, mount.location), mount, target, bearings)


def facing_in_arc(kind: str, origin: Hex, facing: int, mount: Mount, target: Hex,
                  bearings: dict[int, float] | None = None) -> bool:
    """`mount_in_arc` of a unit of `kind` in `origin` whose mount's arc is
    measured from `facing` (`arc_facing`), for callers that know these."""
    if origin == target:
        return True
    if bearings is None:
        bearings = {}
    if facing not in bearings:
        bearings[facing] = relative_bearing(origin, facing, target)
    return arc_contains(mount_arc(kind, mount.location, mount.rear), bearings[facing])


def mount_arc_name(game: "Game", ent: int, mount: Mount) -> str:
    kind = game.world.component(ent, Identity).kind
    return ARC_NAMES[mount_arc(kind, mount.location, mount.rear)]


def is_forward(game: "Game", ent: int, target: Hex) -> bool:
    """Is `target` in the unit's forward arc (torso or turret facing)?
    Used by the secondary-target modifier (+1 forward, +2 side or rear)."""
    kind = game.world.component(ent, Identity).kind
    origin = game.world.component(ent, Position).hex
    facing = torso_facing(game, ent) if kind == "mech" else arc_facing(game, ent, "turret")
    return in_arc("forward", origin, facing, target)
