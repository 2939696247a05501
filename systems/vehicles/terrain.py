"""Where a combat vehicle may be (rules/vehicles.md): the terrain each
ground motive type may not enter (V-MOVE-7/8, T-7), where a VTOL may land
(V-VTOL-8, V-VTOL-11) and how high it may fly (V-VTOL-4). Movement,
skids, crashes, deployment and level loading all ask here."""
from __future__ import annotations

from engine.hexmap import Terrain

MAX_ALTITUDE = 500          # V-VTOL-4 (the seed; MegaMek uses 50)

# Terrain that each motive type may not enter (V-MOVE-8, T-7).
PROHIBITED = {
    "tracked": ("heavy_woods",),
    "wheeled": ("light_woods", "heavy_woods", "rough", "rubble"),
    "hover": ("light_woods", "heavy_woods"),
}
FLYERS = {"vtol": "VTOL", "wige": "WiGE"}
# B-VEH-1 / D18: the motive types that may drive into a building hex.
BUILDING_MOTIVES = ("tracked", "wheeled", "hover")
TERRAIN_NAMES = {"light_woods": "light woods", "heavy_woods": "heavy woods", "rough": "rough",
                 "rubble": "rubble"}


def prohibited_reason(motive: str, to: Terrain) -> str | None:
    """Why a ground vehicle of `motive` may not enter `to` (V-MOVE-7/8, T-7;
    a WiGE crosses anything but woods and buildings)."""
    if motive == "wige":
        if to.woods and not to.road:
            return "a WiGE cannot fly through woods"
        if to.building:
            return "a WiGE cannot fly into a building"
        return None
    if motive in PROHIBITED and to.terrain in PROHIBITED[motive] and not to.road:
        return f"{TERRAIN_NAMES[to.terrain]} is prohibited terrain for {motive} vehicles"
    if to.terrain == "water" and to.depth >= 1 and motive != "hover":
        return f"water of depth {to.depth} is prohibited terrain for {motive} vehicles"
    if to.building and motive not in BUILDING_MOTIVES:
        return f"a {motive} vehicle cannot drive into a building"
    return None


def standing_refusal(motive: str, elevation: int, t: Terrain) -> str | None:
    """Why a vehicle of `motive` may not start the game in `t` at `elevation`
    levels above the hex's ground: flying (a VTOL or WiGE) at or below the
    treetops or a building's roof (V-VTOL-5), landed where a VTOL may not
    land (V-VTOL-8, V-VTOL-11), or on the ground in terrain it may not enter
    (V-MOVE-7/8, T-7); a VTOL at a building's height is landed on its roof
    (B-VTOL-2). Deployment and level loading ask here."""
    if elevation > 0 and not (motive == "vtol" and elevation == landing_level(t)):
        if t.level + elevation <= t.top and (t.woods or t.building):
            what = "the treetops" if t.woods else "the building's roof"
            return f"a {FLYERS.get(motive, motive)} at altitude {elevation} would be at or below {what}"
        return None
    if motive == "vtol":
        problem = landing_problem(t)
        return f"a landed VTOL cannot stand in {problem}" if problem else None
    return prohibited_reason(motive, t)


def landing_level(t: Terrain) -> int:
    """The elevation of a landed VTOL above the hex's ground: a roof, else 0."""
    return t.building if t.building else 0


def landing_problem(t: Terrain) -> str | None:
    """Why landing in `t` is a crash (V-VTOL-8, V-VTOL-11), or None."""
    if t.terrain == "water":
        # V-VTOL-11: no landing on a water hex at all, depth 0 included
        # (the seed's landing list is clear, paved, a roof or a helipad).
        return "water"
    if t.building or t.paved or t.road:
        return None
    if t.terrain == "clear":
        return None
    return t.terrain.replace("_", " ")
