"""The declared schema of every event type: one TypedDict per type, holding
the fields an event of that type carries besides the common `turn`, `phase`
and `type` (`Common`).

A field is required unless marked `NotRequired`; `Contract[...]` marks the
fields the scenario contract requires (contract/scenario.md, "Output"); a
type with such fields is a contract type. The value types use a small
vocabulary: `UnitId` names a unit, `Side` a side, `HexLabel` a hex number
(`"XXYY"`), `Modifiers` a list of `[label, value]` pairs.

`EventLog.emit` (engine/events.py) checks every event against its schema,
saves check the events they hold against it (engine/save_check.py), the
soak checks every stored event (engine/random_play.py), and docs/events.md
documents exactly these fields (tests/test_docs.py).
"""
from __future__ import annotations

from typing import Annotated, Any, NotRequired, TypedDict, TypeVar

from components.vocabulary import HexLabel, Modifiers, Side, UnitId

T = TypeVar("T")
CONTRACT = "contract"
Contract = Annotated[T, CONTRACT]


Common = TypedDict("Common", {"turn": int, "phase": str, "type": str})

# ---------------------------------------------------------------- turn flow
Roll = TypedDict("Roll", {
    "purpose": Contract[str], "dice": Contract[list[int]], "total": Contract[int],
    "forced": Contract[bool], "for": Contract[str]})
Refused = TypedDict("Refused", {
    "unit": Contract[str],                    # may name no unit at all: that is why it was refused
    "order": Contract[dict], "reason": Contract[str]})
Initiative = TypedDict("Initiative", {"order": list[Side], "forced": bool})
Victory = TypedDict("Victory", {"side": Side | None})
Removed = TypedDict("Removed", {"unit": UnitId, "cause": str})

# ---------------------------------------------------------------- movement
Move = TypedDict("Move", {
    "unit": Contract[UnitId], "mode": Contract[str], "from": Contract[HexLabel], "to": Contract[HexLabel],
    "facing": Contract[int], "mp_spent": Contract[int], "hexes_moved": Contract[int],
    "path": list[str], "altitude": NotRequired[int], "on_roof": NotRequired[bool]})
MoveStopped = TypedDict("MoveStopped", {"unit": UnitId, "at": HexLabel, "reason": str})
StandRetry = TypedDict("StandRetry", {"unit": UnitId, "at": HexLabel, "to": HexLabel, "facing": int,
                                      "mp_spent": int})
MoveEnd = TypedDict("MoveEnd", {"unit": UnitId, "at": HexLabel, "facing": int, "altitude": int,
                                "hexes_moved": int})

# ---------------------------------------------------------------- vehicles and VTOLs
Sideslip = TypedDict("Sideslip", {
    "unit": Contract[UnitId], "from": Contract[HexLabel], "to": Contract[HexLabel], "hexes": Contract[int],
    "direction": int, "margin": int})
Skid = TypedDict("Skid", {
    "unit": Contract[UnitId], "from": Contract[HexLabel], "to": Contract[HexLabel], "hexes": Contract[int],
    "direction": int})
Collision = TypedDict("Collision", {"unit": UnitId, "at": HexLabel, "target": str,
                                    "accidental_charge": NotRequired[bool]})
TerrainDamage = TypedDict("TerrainDamage", {"unit": UnitId, "damage": int, "cause": str})
Crash = TypedDict("Crash", {"unit": Contract[UnitId], "damage": Contract[int], "at": HexLabel, "side": str,
                            "hexes": int, "cause": str})
Land = TypedDict("Land", {"unit": UnitId, "at": HexLabel, "forced": bool})
Descend = TypedDict("Descend", {"unit": UnitId, "altitude": int, "cause": str})
Turret = TypedDict("Turret", {"unit": UnitId, "facing": int})
Motive = TypedDict("Motive", {"unit": UnitId, "roll": int, "modifiers": Modifiers, "total": int, "result": str,
                              "reason": str})
MotiveSkipped = TypedDict("MotiveSkipped", {"unit": UnitId, "reason": str, "cause": str})
MotiveDamage = TypedDict("MotiveDamage", {"unit": UnitId, "result": str, "cruise": int, "flank": int,
                                          "driving_modifier": int})
RotorDamage = TypedDict("RotorDamage", {"unit": UnitId, "hits": int, "cruise": int, "flank": int})
Immobile = TypedDict("Immobile", {"unit": UnitId, "cause": str})
CrewKilled = TypedDict("CrewKilled", {"unit": UnitId})
CargoHit = TypedDict("CargoHit", {"unit": UnitId, "tons": int, "infantry_damage": int})
WeaponDestroyed = TypedDict("WeaponDestroyed", {"unit": UnitId, "location": str, "weapon": str,
                                                "chosen_by": str})
WeaponPick = TypedDict("WeaponPick", {"unit": UnitId, "location": str, "weapon": str, "chooser": str})
WeaponJammed = TypedDict("WeaponJammed", {"unit": UnitId, "location": str, "weapon": str})
JamCleared = TypedDict("JamCleared", {"unit": UnitId, "item": str, "location": NotRequired[str]})

# ---------------------------------------------------------------- attacks
Declare = TypedDict("Declare", {
    "unit": UnitId, "target": UnitId | None, "weapon": NotRequired[str], "attack": NotRequired[str],
    "limb": NotRequired[str | None], "overheat": NotRequired[int], "to_hit": int | None,
    "target_hex": NotRequired[HexLabel]})
Attack = TypedDict("Attack", {
    "attacker": Contract[UnitId], "target": Contract[UnitId | None], "attack": Contract[str],
    "to_hit": Contract[int | None],
    "modifiers": Contract[Modifiers], "roll": Contract[int | None], "hit": Contract[bool],
    "weapon": NotRequired[str], "name": NotRequired[str], "range": NotRequired[int | str],
    "band": NotRequired[str], "limb": NotRequired[str], "automatic_miss": NotRequired[str],
    "hexes": NotRequired[int], "overheat": NotRequired[int], "damage": NotRequired[int],
    "ht_heat": NotRequired[int], "ht_damage": NotRequired[int], "target_hex": NotRequired[HexLabel],
    "automatic": NotRequired[bool]})
Cluster = TypedDict("Cluster", {"attacker": UnitId, "target": UnitId | None, "weapon": str, "roll": int,
                                "missiles": int, "rack": int, "target_hex": NotRequired[HexLabel]})
PartialCover = TypedDict("PartialCover", {"unit": UnitId, "location": str, "amount": int})

# ---------------------------------------------------------------- physical attacks and displacement
Displace = TypedDict("Displace", {
    "unit": Contract[UnitId], "from": Contract[HexLabel], "to": Contract[HexLabel | None], "cause": Contract[str],
    "accidental_fall": NotRequired[bool], "off_map": NotRequired[bool], "on_roof": NotRequired[bool]})
DisplaceBlocked = TypedDict("DisplaceBlocked", {"unit": UnitId, "from": HexLabel, "to": HexLabel | None,
                                                "cause": str})
AttackCancelled = TypedDict("AttackCancelled", {"unit": UnitId, "attack": str, "target": UnitId | None,
                                                "target_hex": NotRequired[HexLabel], "reason": str})
ClubOnMap = TypedDict("ClubOnMap", {"at": HexLabel, "club": str})
PickUpClub = TypedDict("PickUpClub", {"unit": UnitId, "club": str, "at": HexLabel})
ClubDestroyed = TypedDict("ClubDestroyed", {"unit": UnitId, "club": str})
ClubDropped = TypedDict("ClubDropped", {"unit": UnitId, "club": str})

# ---------------------------------------------------------------- piloting
Psr = TypedDict("Psr", {
    "unit": Contract[UnitId], "reason": Contract[str], "target": Contract[int | None],
    "roll": Contract[int | None], "passed": Contract[bool],
    "modifiers": NotRequired[Modifiers], "automatic": NotRequired[bool], "margin": NotRequired[int],
    "skill": NotRequired[str]})
Fall = TypedDict("Fall", {
    "unit": Contract[UnitId], "levels": Contract[int], "damage": Contract[int], "facing": Contract[int],
    "at": NotRequired[HexLabel], "side": NotRequired[str], "reason": NotRequired[str],
    "cause": NotRequired[str]})
Consciousness = TypedDict("Consciousness", {"unit": UnitId, "target": int, "roll": int, "passed": bool,
                                            "waking": NotRequired[bool]})

# ---------------------------------------------------------------- damage and critical hits
Damage = TypedDict("Damage", {
    "unit": Contract[UnitId], "location": Contract[str], "amount": Contract[int],
    "armor_left": Contract[int], "structure_left": Contract[int], "cause": NotRequired[str]})
Critical = TypedDict("Critical", {
    "unit": Contract[UnitId], "location": Contract[str], "effect": Contract[str],
    "slot": NotRequired[int], "hits": NotRequired[int], "weapon": NotRequired[str], "ammo": NotRequired[str],
    "shots": NotRequired[int], "already_destroyed": NotRequired[bool], "note": NotRequired[str],
    "roll": NotRequired[int | None], "rolled": NotRequired[str], "result": NotRequired[str]})
LocationDestroyed = TypedDict("LocationDestroyed", {"unit": UnitId, "location": str})
Destroyed = TypedDict("Destroyed", {"unit": Contract[UnitId], "cause": Contract[str]})
PilotDamage = TypedDict("PilotDamage", {"unit": UnitId, "amount": int, "total": int, "reason": str})
Explosion = TypedDict("Explosion", {"unit": UnitId, "location": str, "item": str, "amount": int,
                                    "reason": NotRequired[str]})
AmmoExplosion = TypedDict("AmmoExplosion", {"unit": UnitId, "location": str, "damage": int, "case": bool})

# ---------------------------------------------------------------- heat
Heat = TypedDict("Heat", {
    "unit": Contract[UnitId], "from": Contract[int], "to": Contract[int],
    "buildup": NotRequired[int], "sources": NotRequired[Modifiers], "dissipation": NotRequired[int],
    "reason": NotRequired[str]})
Shutdown = TypedDict("Shutdown", {"unit": Contract[UnitId], "heat": NotRequired[int],
                                  "automatic": NotRequired[bool]})
Restart = TypedDict("Restart", {"unit": Contract[UnitId], "heat": NotRequired[int]})

# ---------------------------------------------------------------- buildings
BuildingDamage = TypedDict("BuildingDamage", {"hex": HexLabel, "damage": int, "cf_left": int, "cause": str,
                                              "unit": NotRequired[UnitId]})
Collapse = TypedDict("Collapse", {"hex": HexLabel, "cause": str, "cf": int, "units": list[UnitId]})

# ---------------------------------------------------------------- Alpha Strike
Recover = TypedDict("Recover", {"unit": UnitId, "reason": str})

ALL = (Roll, Refused, Initiative, Victory, Removed, Move, MoveStopped, StandRetry, MoveEnd, Sideslip, Skid,
       Collision, TerrainDamage, Crash, Land, Descend, Turret, Motive, MotiveSkipped, MotiveDamage, RotorDamage,
       Immobile, CrewKilled, CargoHit, WeaponDestroyed, WeaponPick, WeaponJammed, JamCleared, Declare, Attack, Cluster, PartialCover,
       Displace, DisplaceBlocked, AttackCancelled, ClubOnMap, PickUpClub, ClubDestroyed, ClubDropped, Psr, Fall,
       Consciousness,
       Damage, Critical, LocationDestroyed, Destroyed, PilotDamage, Explosion, AmmoExplosion, Heat, Shutdown,
       Restart, BuildingDamage, Collapse, Recover)


def type_name(schema: Any) -> str:
    """The event type a schema declares: `MoveStopped` -> "move_stopped"."""
    name = schema.__name__
    return "".join(f"_{c.lower()}" if c.isupper() and i else c.lower() for i, c in enumerate(name))


SCHEMAS: dict[str, Any] = {type_name(s): s for s in ALL}
