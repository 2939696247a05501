"""Displacement of combat vehicles (rules/vehicles.md V-DISP), taking part in
systems/classic/displacement.py through the ruleset's displacement hooks.

- Into water it may not enter (depth 1 or more, not a hover or WiGE): the
  displacement happens and the vehicle is destroyed (V-DISP-1). A landed
  VTOL pushed into a hex it could not land in (any water, woods, rough,
  rubble: V-VTOL-8, V-VTOL-11, `terrain.landing_problem`) comes down
  there, which is a crash it does not survive (V-CRASH-2: it cannot land
  there normally; the project's reading of section 6), so it is destroyed.
- Into a hex 2 or more levels lower: ceil(tons/10) x (levels + 1) in
  5-point groups, each group's side from the facing-after-a-fall table
  (T-11b), then the vehicle's hit table (V-DISP-2); onto an occupied hex, an
  accidental fall from above (systems/vehicles/crash.py `come_down`).
- The levels count as the shared rules count them (`displacement.landing`):
  a VTOL landed on a roof is displaced from the roof's level (B-VTOL-5), and
  comes down landed, on the ground or on a roof not above that level (the
  roof then weighed, B-VTOL-3, B-PHYS-7); into a building hex whose roof is
  above it it cannot go, a VTOL is never inside (B-VEH-1). A ground
  vehicle that falls into a building behind a wall above it comes in
  through the wall with its driving roll before the fall
  (`displacement.into_building`, B-PHYS-5).
Everything else (moves, dominoes, off the map, blocked hexes) follows the
shared displacement rules.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from components import Position, Status, VehicleMovement
from engine.hexgrid import neighbor
from systems.classic.physical_common import level_of
from systems.common.unit_state import airborne, roof_height, stand
from systems.vehicles.terrain import landing_problem

if TYPE_CHECKING:
    from engine.game import Game


def _ground_vehicle(game: "Game", ent: int) -> str | None:
    vm = game.world.try_component(ent, VehicleMovement)
    if vm is None:
        return None
    return None if airborne(game, ent) else vm.motive


def _lost_in(motive: str, t) -> str | None:
    """Why a vehicle of `motive` displaced into `t` is destroyed there
    (V-DISP-1; a landed VTOL: V-VTOL-8, V-VTOL-11, V-CRASH-2), or None."""
    if motive == "vtol":
        problem = landing_problem(t)
        return f"displaced into {problem}, where a landed VTOL cannot be (V-VTOL-8)" if problem else None
    if t.terrain == "water" and t.depth >= 1 and motive not in ("hover", "wige"):
        return f"displaced into depth {t.depth} water"
    return None


def outcome_rule(game: "Game", ent: int, dest) -> str | None:
    """The ruleset's displacement outcome for a vehicle displaced into hex
    `dest`: it goes in where it is lost, or None (the shared rules)."""
    from systems.classic import displacement
    motive = _ground_vehicle(game, ent)
    if motive is None:
        return None
    if not game.map.on_map(dest):
        return None
    there = game.map.terrain(dest)
    if _lost_in(motive, there):
        return displacement.MOVE           # it goes in, and is lost (V-DISP-1, V-CRASH-2)
    return None


def displace_rule(game: "Game", ent: int, direction: int, cause: str) -> str | None:
    from systems.vehicles import collisions, crash
    from systems.common import damage
    from systems.classic import displacement
    motive = _ground_vehicle(game, ent)
    if motive is None:
        return None
    pos = game.world.component(ent, Position)
    src, dest = pos.hex, neighbor(pos.hex, direction)
    if not game.map.on_map(dest):
        return None
    there = game.map.terrain(dest)
    uid = game.uid(ent)
    lost = _lost_in(motive, there)
    if lost:
        stand(game, ent, dest, False)
        game.log.emit("displace", unit=uid, **{"from": game.map.label(src)}, to=game.map.label(dest),
                      cause=cause)
        damage.destroy_unit(game, ent, lost)
        return displacement.MOVE
    result, (_levels, on_roof) = displacement.judge(game, ent, direction)
    if result == displacement.FALL:             # 2 or more levels down (`displacement.falls`)
        game.log.emit("displace", unit=uid, **{"from": game.map.label(src)}, to=game.map.label(dest),
                      cause=cause, accidental_fall=True, **({"on_roof": True} if on_roof else {}))
        start = level_of(game, ent)
        stand(game, ent, dest, on_roof)
        crash.come_down(game, ent, direction, start, came_from=src)
        # Beside the hex it came down where it landed: the levels from where it
        # fell to the ground or roof there (`level_of`, B-PHYS-7).
        levels = start - level_of(game, ent)
        lost = _lost_in(motive, game.map.terrain(pos.hex)) if pos.hex != dest else None
        if lost and not game.world.component(ent, Status).destroyed:
            damage.destroy_unit(game, ent, lost)           # beside, in water or where it cannot land
        if not game.world.component(ent, Status).destroyed and not roof_height(game, ent):
            # B-PHYS-5: inside a building, through its wall, before the fall.
            displacement.into_building(game, ent, src, pos.hex)
        if not game.world.component(ent, Status).destroyed:
            collisions.fall_damage(game, ent, levels, cause=f"{cause}: fell {levels} levels")
        if not game.world.component(ent, Status).destroyed:
            from systems.classic import buildings
            buildings.check_weight(game, pos.hex)          # a roof it came down on (B-VTOL-3, B-PHYS-7)
        return displacement.FALL
    return None

