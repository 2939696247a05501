"""Carrying out a vehicle's move with the rolls it makes on the way: an
after-move hook of the ruleset (systems/common/movement.py).

The move order was checked against the plan; here it is walked again step
by step: sideslip rolls (systems/vehicles/sideslip.py) and skid rolls
(systems/vehicles/skid.py) happen before the hex they guard, a VTOL landing where it
may not land crashes (V-VTOL-8, V-VTOL-11, systems/vehicles/crash.py), and minimum
movement counts as flank (V-MOVE-5). When the unit ends somewhere other than
the planned hex, a `move_end` event says where.
"""
from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from components import Altitude, Position, Status, TurnState, VehicleMovement
from systems.common import movement
from systems.common.stacking import occupant
from systems.common.to_hit import Modifier
from systems.vehicles import crash
from systems.vehicles.terrain import landing_problem

if TYPE_CHECKING:
    from engine.game import Game
    from engine.orders import MoveOrder

ROLLS = ("sideslip", "skid", "collision", "building")


def after_move(game: "Game", ent: int, order: "MoveOrder", result) -> None:
    vm = game.world.try_component(ent, VehicleMovement)
    if vm is None or not order.path:
        return
    ts = game.world.component(ent, TurnState)
    if "minimum" in result.final.tags:
        ts.mode = "flank"                                   # V-MOVE-5
    landing_crash = vm.motive == "vtol" and "land" in order.path
    if not landing_crash and not any(p.reason in ROLLS for p in result.psrs):
        return
    trail: list = []
    final = replay(game, ent, order, result.states[0], trail)
    if game.world.component(ent, Status).destroyed:
        return
    pos = game.world.component(ent, Position)
    alt = game.world.try_component(ent, Altitude)
    if _crashed(game, ent):          # where the crash left it (beside a unit below: crash.come_down)
        final = final.replace(hex=pos.hex, facing=pos.facing, altitude=alt.level if alt else 0)
    else:
        final = free_end(game, ent, trail, final)
    pos.hex, pos.facing = final.hex, final.facing
    if alt is not None:
        alt.level = final.altitude
    ts.hexes_moved = final.hexes
    ts.mp_spent = final.mp
    if (final.hex, final.facing, final.altitude) != (result.final.hex, result.final.facing, result.final.altitude):
        game.log.emit("move_end", unit=game.uid(ent), at=game.map.label(final.hex), facing=final.facing,
                      altitude=alt.level if alt else 0, hexes_moved=final.hexes)
    if landing_crash:
        from systems.classic import buildings
        buildings.check_weight(game, pos.hex)                # B-VTOL-3: landed on a roof


def _crashed(game: "Game", ent: int) -> bool:
    from components import VehicleCrits
    vc = game.world.try_component(ent, VehicleCrits)
    return vc is not None and vc.crashed_turn == game.turn


def free_end(game: "Game", ent: int, trail: list, final):
    """Where a move changed by a slide ends: the rest of the path, walked on
    from where the slide put the unit (V-SLIP-6), may end where another unit
    stands, which no move may (systems/common/stacking.py): the unit then
    stops in the last hex of its way it may stand in (project decision)."""
    if _airborne_state(game, ent, final):
        return final
    for state in reversed([*trail, final]):
        if occupant(game, ent, state.hex, False) is None:
            return state
    return final


def _airborne_state(game: "Game", ent: int, state) -> bool:
    return game.world.try_component(ent, Altitude) is not None and state.altitude > 0


def replay(game: "Game", ent: int, order: "MoveOrder", start, trail: list | None = None):
    """Walk the path again from `start`, rolling on the way; returns the end
    state. `trail` gets every state the unit passed through, in order."""
    if trail is None:
        trail = []
    trail.append(start)
    from systems.vehicles import sideslip, skid
    from systems.vehicles.hit_location import fall_side
    from systems.vehicles.movement import VTOLMotion
    rules = movement.motion_rules(game, ent)
    state = start
    _sync(game, ent, start)         # the rules read the start hex (paved bonus, roads)
    limit = rules.mp(game, ent, order.mode)
    last_dir = state.facing
    ts = game.world.component(ent, TurnState)
    path = list(order.path)
    i = 0
    while i < len(path):
        tok = path[i]
        out = movement.step(game, ent, rules, order.mode, state, tok, limit)
        if isinstance(out, str):
            game.log.emit("move_stopped", unit=game.uid(ent), at=game.map.label(state.hex), reason=out)
            break
        new, psrs = out
        rolls = [p for p in psrs if p[0] in ROLLS]
        slid = False
        for kind, mod in rolls:
            _sync(game, ent, state)
            if kind == "collision":                        # V-VTOL-10: a unit at its altitude
                from systems.vehicles.collisions import accidental_charge
                altitude = game.map.terrain(new.hex).level + new.altitude
                for other in VTOLMotion.units_in_the_way(game, ent, new.hex, altitude):
                    if accidental_charge(game, ent, other, state, new.hex, state.hexes):
                        return state                       # stopped in the hex before
                continue
            if kind == "building":
                _enter_building(game, ent, new, tok == "B")
                if game.world.component(ent, Status).destroyed:
                    return new
                continue
            if kind == "sideslip":
                after, outcome, failed = sideslip.resolve(game, ent, state, last_dir)
                ts.sideslipped = ts.sideslipped or failed
            else:
                after, outcome, failed = skid.resolve(game, ent, state, last_dir, mod)
            if failed:
                state = after
                trail.append(state)
                if kind == "skid" or outcome != "clear":
                    return state                           # the slide ended the move
                state = replace(state, turned=False)       # carry on in the new direction
                slid = True
                break
        if slid:
            continue
        if tok in ("F", "B"):
            last_dir = new.facing if tok == "F" else (new.facing + 3) % 6
        if tok == "land" and isinstance(rules, VTOLMotion) and landing_problem(
                game.map.terrain(new.hex)) is not None:
            _sync(game, ent, new)
            ts.hexes_moved = new.hexes
            crash.crash(game, ent, side=fall_side(game, ent), hexes=new.hexes,
                        cause=f"landed in {landing_problem(game.map.terrain(new.hex))}")
            return new
        state = new
        trail.append(state)
        i += 1
    return state


def _enter_building(game: "Game", ent: int, new, backward: bool) -> None:
    """B-VEH-3/4/5: the driving roll on entering a building hex; a failure
    is ceil(CF / 10) as one hit and a motive roll at +0; the building takes
    its damage and may collapse at once. The move goes on."""
    _sync(game, ent, new)
    enter_building(game, ent, new.hex, new.hexes, backward)


def enter_building(game: "Game", ent: int, h, hexes: int, backward: bool, verb: str = "entered by") -> None:
    """B-VEH-3..5: a ground vehicle's driving roll for a building hex with
    `hexes` entered this turn, and what follows it (`buildings.enter`)."""
    from systems.classic import buildings
    from systems.vehicles import driving
    t = game.map.terrain(h)
    passed, _margin = driving.roll(game, ent, buildings.ENTRY, buildings.entry_modifiers(t, hexes))
    buildings.enter(game, ent, h, hexes, backward, passed, vehicle_entry_damage, verb=verb)


def vehicle_entry_damage(game: "Game", ent: int, amount: int, column: str) -> None:
    """B-VEH-4 / D19: one hit on the vehicle's table, then a T-5 roll at +0."""
    from systems.vehicles import hit_location as vhl
    from systems.vehicles import motive_damage
    vhl.hit_and_apply(game, ent, column, amount, weapon_damage=False, cause="building")
    if not game.world.component(ent, Status).destroyed:
        motive_damage.roll_motive(game, ent, "none", reason="failed building entry")


def _sync(game: "Game", ent: int, state) -> None:
    pos = game.world.component(ent, Position)
    pos.hex, pos.facing = state.hex, state.facing
    alt = game.world.try_component(ent, Altitude)
    if alt is not None:
        alt.level = state.altitude
    game.world.component(ent, TurnState).hexes_moved = state.hexes


def planned_rolls(game: "Game", ent: int, mode: str, path: list[str], result=None) -> list[tuple]:
    """The driving rolls a planned vehicle move would make, in path order,
    each as (trigger, target number): sideslips and skids (T-8: a skid adds
    the hexes moved), collisions and building entries (B-VEH-3)."""
    from systems.vehicles import driving
    result = result or movement.plan(game, ent, mode, path)
    out = []
    for p in result.psrs:
        if p.reason not in ROLLS:
            continue
        extra = [Modifier("hexes moved", p.modifier, "T-8")] if p.reason == "skid" else \
            [Modifier("building", p.modifier, "B-VEH-3")] if p.reason == "building" else []
        out.append((p, driving.target(game, ent, extra).number))
    return out


def risks(game: "Game", ent: int, mode: str, path: list[str]) -> list[str]:
    """The driving rolls a planned vehicle move would make, as sentences for
    the player before committing ("sideslip roll entering 0507: needs 5+")."""
    result = movement.plan(game, ent, mode, path)
    out = [f"{p.reason} roll entering {game.map.label(p.state.hex)}: needs {tn}+"
           for p, tn in planned_rolls(game, ent, mode, path, result)]
    for h, problem in _crash_landings(game, ent, path, result):
        wreck = crash.wreck_reason(game, h)
        out.append(f"landing in {problem} at {game.map.label(h)} is a crash"
                   + (f" that destroys it ({wreck})" if wreck else ""))
    return out


def _crash_landings(game: "Game", ent: int, path: list[str], result) -> list:
    """The (hex, why) of each `land` step of a VTOL's planned path into a hex
    where it may not land: a crash there (V-VTOL-8, V-VTOL-11)."""
    if "land" not in path or game.world.component(ent, VehicleMovement).motive != "vtol":
        return []
    out = []
    for i, tok in enumerate(path):
        if tok == "land" and i + 1 < len(result.states):
            h = result.states[i + 1].hex
            problem = landing_problem(game.map.terrain(h))
            if problem:
                out.append((h, problem))
    return out


def certain_loss(game: "Game", ent: int, mode: str, path: list[str]) -> str | None:
    """Why carrying out this planned vehicle move surely destroys the unit,
    or None: a VTOL landing where it may not crashes there (V-VTOL-8) and is
    destroyed whatever the damage, in water (V-VTOL-11) or in any hex it
    could not land in normally (V-CRASH-2). What a front end asks to be
    confirmed twice."""
    if game.world.try_component(ent, VehicleMovement) is None:
        return None
    for h, _problem in _crash_landings(game, ent, list(path), movement.plan(game, ent, mode, list(path))):
        wreck = crash.wreck_reason(game, h)
        if wreck:
            return f"landing in {game.map.label(h)}: {wreck}"
    return None
