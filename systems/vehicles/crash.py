"""VTOL and WiGE crashes (rules/vehicles.md V-CRASH, V-VTOL-8/10/11, V-DMG-5,
section 6: every VTOL crash uses the V-CRASH-1 damage).

`crash(game, ent, side)` deals ceil(hexes moved this turn x tons / 10) in
5-point groups on the VTOL table (a WiGE: the ground table) in the column of
the side that struck, emits `crash` (unit, damage), marks the turn (no
attacks, V-CRASH-3) and then: any internal structure damaged, the VTOL
explodes (V-DMG-5); water destroys it (V-VTOL-11); otherwise it lands in the
hex if it could land there normally, else it is destroyed (V-CRASH-2).
"""
from __future__ import annotations

import math
from typing import TYPE_CHECKING

from components import (Altitude, Identity, Position, Status, Structure, TurnState, VehicleCrits,
                        VehicleMovement)

from systems.common.stacking import ground_units, occupant_as_placed
from systems.common.unit_state import elevation, roof_height, stand
from systems.vehicles import hit_location as vhl
from systems.vehicles.terrain import landing_level, landing_problem

if TYPE_CHECKING:
    from engine.game import Game
    from engine.hexgrid import Hex


def crash_damage(hexes: int, tons: int) -> int:
    """V-CRASH-1: hexes moved x tons / 10, the product rounded up (vehicles.md E5)."""
    return math.ceil(hexes * tons / 10)


def can_land(game: "Game", ent: int) -> bool:
    return landing_problem(game.map.terrain(game.world.component(ent, Position).hex)) is None


def wreck_reason(game: "Game", h) -> str | None:
    """Why a VTOL that crashes in hex `h` is destroyed there whatever the
    crash damage (the cause of its `destroyed` event), or None when it may
    land there: water destroys it at any depth (V-VTOL-11), any other hex it
    could not land in normally too (V-CRASH-2)."""
    t = game.map.terrain(h)
    if t.terrain == "water":
        return "crashed into water"
    if landing_problem(t) is not None:
        return f"crashed in {t.terrain.replace('_', ' ')}"
    return None


def crash(game: "Game", ent: int, side: str = "front", cause: str = "", hexes_extra: int = 0,
          hexes: int | None = None, direction: int | None = None) -> int:
    """Crash the unit in its current hex. hexes: hexes moved this turn
    (default: the turn's count so far plus `hexes_extra`, e.g. the crash hex);
    direction: where it was going (a unit it falls onto is displaced that
    way, `come_down`)."""
    from systems.common import damage as dmg
    from systems.vehicles import hit_location as vhl
    from systems.classic.hit_location import groups
    st = game.world.component(ent, Status)
    if st.destroyed:
        return 0
    ts = game.world.component(ent, TurnState)
    if hexes is None:
        hexes = ts.hexes_moved + hexes_extra
    tons = game.world.component(ent, Identity).tonnage
    total = crash_damage(hexes, tons)
    vc = game.world.try_component(ent, VehicleCrits)
    if vc is not None:
        vc.crashed_turn = game.turn
    pos = game.world.component(ent, Position)
    game.log.emit("crash", unit=game.uid(ent), damage=total, at=game.map.label(pos.hex), side=side,
                  hexes=hexes, cause=cause)
    structure = game.world.component(ent, Structure)
    before = dict(structure.points)
    wige = game.world.component(ent, VehicleMovement).motive == "wige"
    for g in groups(total):
        if st.destroyed:
            break
        hit = vhl.roll_hit(game, ent, side)
        if wige:
            hit = vhl.lookup(side, hit.roll, vtol=False, turret=vhl.has_turret(game, ent))
        vhl.apply_hit(game, ent, hit, g, weapon_damage=False, cause="crash")
    alt = game.world.try_component(ent, Altitude)
    t = game.map.terrain(pos.hex)
    from_level = t.level + elevation(game, ent)        # where it comes down from
    if alt is not None:
        alt.level = landing_level(t)
    come_down(game, ent, direction, from_level)
    if st.destroyed:
        return total
    wreck = wreck_reason(game, pos.hex)
    if any(structure.points.get(loc, 0) < v for loc, v in before.items()):
        dmg.destroy_unit(game, ent, "exploded in the crash")          # V-DMG-5 / V-CRASH-4
    elif wreck:
        dmg.destroy_unit(game, ent, wreck)                            # V-VTOL-11, V-CRASH-2
    else:
        game.log.emit("land", unit=game.uid(ent), at=game.map.label(pos.hex), forced=True)
        from systems.classic import buildings
        buildings.check_weight(game, pos.hex)          # B-VTOL-4: come down on a roof, in its hex or beside
    return total


def come_down(game: "Game", ent: int, direction: int | None, from_level: int,
              came_from: "Hex | None" = None) -> None:
    """A VTOL or WiGE that comes down in its hex (a crash, a forced landing,
    a fall) where a unit stands on the ground, or on the roof it comes down
    on (B-POS-1: not one inside below it) (MM
    resolveSideslipCrashAftermath; TW p.152): it falls onto that unit, an
    accidental fall from above (V-CRASH-5): to-hit 7 + the target's movement
    and woods (vehicles are hit automatically); a hit does ceil(tons/10) in
    5-point groups on the punch table (a vehicle: its front column) and
    displaces the unit one hex, along `direction` or the hexes nearest it
    (PSR +2 for a mech). On a miss, or with no room for the unit fallen on,
    the faller comes down in the nearest free hex beside instead (MM
    getValidDisplacement) not above `from_level`, the level it fell from,
    and where it may come down from there (`displacement.beside`: a VTOL
    on a roof not above that level, never inside; a ground vehicle inside,
    never down onto a roof, never in terrain prohibited to it but water,
    where it is lost, V-DISP-1), never back into `came_from`, the hex a
    displaced vehicle left; with none it is destroyed. A wreck in the hex is
    not fallen on: the faller comes down beside it. Two units never end on
    the ground in one hex (project decision, the seed is silent)."""
    from systems.classic import displacement
    from systems.classic import piloting
    from systems.common import damage as dmg
    pos = game.world.component(ent, Position)
    if direction is None:
        direction = pos.facing
    level = roof_height(game, ent)        # on a roof, it comes down on those on the roof (B-POS-1)
    below = [o for o in ground_units(game, pos.hex, ent) if roof_height(game, o) == level]
    if below:
        target = below[0]
        if displacement.fall_onto(game, ent, target, "accidental fall from above"):
            room = displacement.legal_alternatives(game, target, direction)
            if room:
                displacement.displace(game, target, room[0], "fallen on")
                if game.kind(target) == "mech":
                    piloting.queue_psr(game, target, "fallen on by a falling unit", 2)
                return
    elif occupant_as_placed(game, ent) is None:
        return
    place = displacement.beside(game, ent, pos.hex, direction, from_level, came_from)
    if place is None:
        dmg.destroy_unit(game, ent, "no room to come down")
        return
    h, (_levels, on_roof) = place
    game.log.emit("displace", unit=game.uid(ent), **{"from": game.map.label(pos.hex)},
                  to=game.map.label(h), cause="came down beside the unit below")
    stand(game, ent, h, on_roof)


def vehicle_fallen_on(game: "Game", ent: int, other: int, attack: str) -> bool:
    """A vehicle fallen on from above (the ruleset's `fallen_on` rule for
    vehicles; `displacement.fall_onto`): hit automatically (MM), ceil(tons/10)
    in 5-point groups on its own table's front column, no weapon damage."""
    from systems.classic.hit_location import groups
    tons = game.world.component(ent, Identity).tonnage
    game.log.emit("attack", attacker=game.uid(ent), target=game.uid(other), attack=attack, to_hit=0,
                  modifiers=[], roll=0, hit=True)
    for g in groups(math.ceil(tons / 10)):
        vhl.hit_and_apply(game, other, "front", g, weapon_damage=False, cause="fallen on")
    return True


def check_after_descent(game: "Game", ent: int) -> None:
    """After an involuntary descent (pilot hit, V-VCE-4): at or below the
    treetops or a roof, or into the ground where it may not land, it crashes."""
    alt = game.world.component(ent, Altitude)
    t = game.map.terrain(game.world.component(ent, Position).hex)
    landing = landing_level(t)
    if alt.level <= landing:
        if can_land(game, ent) and alt.level == landing:
            land_forced(game, ent)
            return
        crash(game, ent, side=vhl.fall_side(game, ent), cause="forced down")
        return
    if t.level + alt.level <= t.top and not (t.woods and t.road):
        crash(game, ent, side=vhl.fall_side(game, ent), cause="descended into the treetops")



def land_forced(game: "Game", ent: int) -> None:
    """A VTOL forced down in its hex lands there (a pilot hit, a passed
    forced landing roll, V-VCE-2/4): at its landing level, beside the unit
    below it if one stands there (`come_down`); destroyed where it then
    cannot land normally (V-CRASH-2)."""
    pos = game.world.component(ent, Position)
    at = pos.hex
    from_level = game.map.terrain(at).level + elevation(game, ent)
    game.world.component(ent, Altitude).level = landing_level(game.map.terrain(at))
    come_down(game, ent, None, from_level)
    if game.world.component(ent, Status).destroyed:
        return
    wreck = wreck_reason(game, pos.hex) if pos.hex != at else None
    if wreck:
        from systems.common import damage as dmg
        dmg.destroy_unit(game, ent, wreck)
        return
    game.log.emit("land", unit=game.uid(ent), at=game.map.label(pos.hex), forced=True)
    from systems.classic import buildings
    buildings.check_weight(game, pos.hex)                    # B-VTOL-4: forced down onto a roof
