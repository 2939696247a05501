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

from systems.classic.attack_modifiers import accidental_fall_to_hit
from systems.common.stacking import ground_units
from systems.vehicles import hit_location as vhl
from systems.vehicles.terrain import landing_level, landing_problem

if TYPE_CHECKING:
    from engine.game import Game


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
          hexes: int | None = None) -> int:
    """Crash the unit in its current hex. hexes: hexes moved this turn
    (default: the turn's count so far plus `hexes_extra`, e.g. the crash hex)."""
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
    if alt is not None:
        alt.level = landing_level(t)
    fall_onto_units(game, ent)
    if st.destroyed:
        return total
    wreck = wreck_reason(game, pos.hex)
    if any(structure.points.get(loc, 0) < v for loc, v in before.items()):
        dmg.destroy_unit(game, ent, "exploded in the crash")          # V-DMG-5 / V-CRASH-4
    elif wreck:
        dmg.destroy_unit(game, ent, wreck)                            # V-VTOL-11, V-CRASH-2
    else:
        game.log.emit("land", unit=game.uid(ent), at=game.map.label(pos.hex), forced=True)
    return total


def fall_onto_units(game: "Game", ent: int) -> None:
    """V-CRASH-5: a crash into an occupied hex is an accidental fall from
    above (rules/mech_core.md section 10): to-hit 7 + the target's movement
    and woods (vehicles are hit automatically); a hit does ceil(tons/10) in 5-point groups on the punch
    table (a vehicle: its front column)."""
    from systems.common import damage as dmg
    from systems.vehicles import hit_location as vhl
    from systems.classic.hit_location import groups, mech_hit
    pos = game.world.component(ent, Position)
    tons = game.world.component(ent, Identity).tonnage
    for other in ground_units(game, pos.hex, ent):
        if game.kind(other) == "mech":
            th = accidental_fall_to_hit(game, other)
            tn = th.number
            roll = game.dice.roll("to_hit", 2, "accidental fall from above")
            hit = roll >= tn
            game.log.emit("attack", attacker=game.uid(ent), target=game.uid(other),
                          attack="accidental fall from above", to_hit=tn, modifiers=th.pairs(),
                          roll=roll, hit=hit)
            if not hit:
                continue
            for g in groups(math.ceil(tons / 10)):
                h = mech_hit(game, "punch", "front")
                dmg.apply_damage(game, other, h.location, g, cause="accidental fall from above")
        elif game.world.try_component(other, VehicleMovement) is not None:
            game.log.emit("attack", attacker=game.uid(ent), target=game.uid(other),
                          attack="accidental fall from above", to_hit=0, modifiers=[], roll=0, hit=True)
            for g in groups(math.ceil(tons / 10)):
                vhl.hit_and_apply(game, other, "front", g, weapon_damage=False,
                                  cause="accidental fall from above")


def check_after_descent(game: "Game", ent: int) -> None:
    """After an involuntary descent (pilot hit, V-VCE-4): at or below the
    treetops or a roof, or into the ground where it may not land, it crashes."""
    alt = game.world.component(ent, Altitude)
    t = game.map.terrain(game.world.component(ent, Position).hex)
    landing = landing_level(t)
    if alt.level <= landing:
        if can_land(game, ent) and alt.level == landing:
            game.log.emit("land", unit=game.uid(ent), at=game.map.label(game.world.component(ent, Position).hex),
                          forced=True)
            return
        crash(game, ent, side=vhl.fall_side(game, ent), cause="forced down")
        return
    if t.level + alt.level <= t.top and not (t.woods and t.road):
        crash(game, ent, side=vhl.fall_side(game, ent), cause="descended into the treetops")

