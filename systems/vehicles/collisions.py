"""What happens to a vehicle sliding out of control, hex by hex, in a
sideslip (V-SLIP, V-COLL) or a skid (V-SKID, T-8): obstacles, prohibited
terrain, water, drops, accidental charges on units, and VTOL/WiGE crashes.

`slide(game, ent, state, direction, hexes, kind)` moves a unit up to
`hexes` hexes in `direction` without spending MP and returns the state it
ends in and how the slide ended ("clear", "stopped", "crashed",
"destroyed", "immobile", "fell").
"""
from __future__ import annotations

import math
from dataclasses import replace
from typing import TYPE_CHECKING

from components import Altitude, Crew, Identity, Position, Status, VehicleMovement
from engine.hexgrid import mech_attack_side, neighbor, vehicle_attack_side
from systems.common.movement import MoveState
from systems.common.stacking import ground_units
from systems.common.to_hit import ToHit
from systems.common.unit_state import UNIT_HEIGHT, roof_height
from systems.vehicles.terrain import prohibited_reason

if TYPE_CHECKING:
    from engine.game import Game

def motive(game: "Game", ent: int) -> str:
    return game.world.component(ent, VehicleMovement).motive


def flies(game: "Game", ent: int) -> bool:
    return motive(game, ent) in ("vtol", "wige") and game.world.try_component(ent, Altitude) is not None


def slide(game: "Game", ent: int, state: MoveState, direction: int, hexes: int, kind: str,
          hexes_before: int, announce=None) -> tuple[MoveState, str]:
    """Slide up to `hexes` hexes (kind "sideslip" or "skid"); no MP spent.
    hexes_before: hexes moved before the slide (accidental charge damage).
    announce(end_state): called once where the slide ends, before what
    ending there does to the unit (the slide's event comes first). A ground
    unit whose slide ends its move never ends it in a hex another unit
    stands in (`make_room`); a sideslip that hits nothing lets the move go on
    (systems/vehicles/moves.py checks where it ends)."""
    hm = game.map
    cur = state
    trail = [state]
    told = []

    def tell(st: MoveState) -> None:
        if announce is not None and not told:
            told.append(True)
            announce(st)

    def done(st: MoveState, outcome: str) -> tuple[MoveState, str]:
        if trail[-1] is not st:
            trail.append(st)
        if not flies(game, ent) and (outcome != "clear" or kind == "skid"):
            st = make_room(game, ent, trail, direction)
        tell(st)
        return st, outcome
    for _ in range(hexes):
        if game.world.component(ent, Status).destroyed:
            return done(cur, "destroyed")
        dest = neighbor(cur.hex, direction)
        if not hm.on_map(dest):
            tell(cur)
            game.log.emit("collision", unit=game.uid(ent), at=hm.label(cur.hex), target="map edge")
            return done(cur, "stopped")
        here, to = hm.terrain(cur.hex), hm.terrain(dest)
        if flies(game, ent):
            outcome, cur = _airborne_entry(game, ent, cur, dest, direction, hexes_before, kind, tell)
        else:
            outcome, cur = _ground_entry(game, ent, cur, dest, direction, here, to, hexes_before, kind, tell)
        if outcome != "clear":
            return done(cur, outcome)
        trail.append(cur)
    return done(cur, "clear")


def make_room(game: "Game", ent: int, trail: list[MoveState], direction: int) -> MoveState:
    """Where a slide ends when a unit stands in the hex the slider stopped
    in (an accidental charge that missed, a unit in the prohibited terrain or
    water the slider went into): as MM's skid does (TWGameManager.processSkid,
    "If the skidding entity violates stacking, displace targets until it
    doesn't"), the unit there is moved one hex along the slide, or to the
    hex nearest that way (Compute.getValidDisplacement), without a roll. A
    wreck there, or a unit with no room, keeps its hex: the slider stops in
    the hex it slid through before (project decision; MM leaves the two in
    one hex). Returns the state the slider ends in."""
    from systems.classic import displacement
    end = trail[-1]
    while not displacement.make_room(game, ent, end.hex, direction, f"pushed aside by {game.uid(ent)}'s slide"):
        if len(trail) == 1:
            break
        trail.pop()
        game.log.emit("displace", unit=game.uid(ent), **{"from": game.map.label(end.hex)},
                      to=game.map.label(trail[-1].hex), cause=f"no room in {game.map.label(end.hex)} at the end of the slide")
        end = trail[-1]
        _place(game, ent, end)
    return end


def _entered(cur: MoveState, dest, altitude: int | None = None) -> MoveState:
    return replace(cur, hex=dest, hexes=cur.hexes + 1,
                   altitude=cur.altitude if altitude is None else altitude)


def _airborne_entry(game, ent, cur, dest, direction, hexes_before, kind, tell):
    """V-COLL-2..5 for a sliding VTOL or WiGE: the absolute altitude is kept."""
    from systems.vehicles import crash
    hm = game.map
    here, to = hm.terrain(cur.hex), hm.terrain(dest)
    altitude = here.level + cur.altitude
    side = vehicle_attack_side(cur.hex, cur.facing, dest)     # the side that strikes
    if to.top >= altitude:                                    # V-COLL-3 (and V-COLL-4)
        if to.building:
            game.log.emit("collision", unit=game.uid(ent), at=hm.label(dest), target="building",
                          accidental_charge=True)
            charge_building(game, ent, dest, hexes_before)
        new = _entered(cur, dest, max(0, altitude - to.level))
        _place(game, ent, new)
        tell(new)
        crash.crash(game, ent, side=side, cause=f"slid into {hm.label(dest)}", hexes=new.hexes)
        return ("destroyed" if game.world.component(ent, Status).destroyed else "crashed"), \
            _state_of(game, ent, new)
    for other in ground_units(game, dest, ent):               # V-COLL-2
        height = UNIT_HEIGHT.get(game.world.component(other, Identity).kind, 1) + roof_height(game, other)
        if to.level + height >= altitude:
            hit = accidental_charge(game, ent, other, cur, dest, hexes_before)
            if hit:
                return "stopped", cur
    return "clear", _entered(cur, dest, altitude - to.level)


def _ground_entry(game, ent, cur, dest, direction, here, to, hexes_before, kind, tell):
    """Skid collision rules (T-8, V-SKID-3, V-COLL-1) for a ground vehicle."""
    hm = game.map
    mot = motive(game, ent)
    if to.terrain == "water" and to.depth >= 1 and mot not in ("hover", "wige"):
        new = _entered(cur, dest)
        _place(game, ent, new)
        tell(new)
        game.log.emit("collision", unit=game.uid(ent), at=hm.label(dest), target="water")
        return _stuck_in(game, ent, to, False, kind), new
    if to.level - here.level > 1 or to.building:
        tell(cur)
        game.log.emit("collision", unit=game.uid(ent), at=hm.label(dest),
                      target="building" if to.building else "terrain", accidental_charge=True)
        if to.building:
            charge_building(game, ent, dest, hexes_before)
        return "stopped", cur
    drop = here.level - to.level
    if drop < 1:
        for other in ground_units(game, dest, ent):
            if accidental_charge(game, ent, other, cur, dest, hexes_before):
                return "stopped", cur
    new = _entered(cur, dest)
    if drop >= 1:
        # V-SKID-1: into a hex 1 or more levels lower, the accidental fall
        # from above rules (TW p.152): onto a unit there it falls on it, a
        # miss (or no room for it) puts it down beside (`crash.come_down`);
        # then its fall, for the levels down to where it came down.
        from systems.vehicles import crash
        _place(game, ent, new)
        tell(new)
        crash.come_down(game, ent, direction, here.level)
        if game.world.component(ent, Status).destroyed:
            return "destroyed", new
        new = _state_of(game, ent, new)
        there = hm.terrain(new.hex)
        fall_damage(game, ent, here.level - there.level, cause=f"{kind} over a drop")
        if game.world.component(ent, Status).destroyed:
            return "destroyed", new
        # What the hex it came down in does to a slider (V-SKID-3): the one
        # it slid into, or the one beside it was put down in.
        return _stuck_in(game, ent, there, direction == (cur.facing + 3) % 6, kind) or "fell", new
    if prohibited_reason(mot, to):                        # V-SKID-3 (water and buildings: above)
        _place(game, ent, new)
        tell(new)
        return _stuck_in(game, ent, to, direction == (cur.facing + 3) % 6, kind), new
    return "clear", new


def _stuck_in(game: "Game", ent: int, t, backward: bool, kind: str) -> str | None:
    """V-SKID-3: a slider in water it may not enter is destroyed, in other
    terrain prohibited to it damaged and immobile ("destroyed",
    "immobile"); None where it may be."""
    mot = motive(game, ent)
    if t.terrain == "water" and t.depth >= 1 and mot not in ("hover", "wige"):
        from systems.common import damage
        damage.destroy_unit(game, ent, f"{kind} into water it cannot enter")
        return "destroyed"
    if prohibited_reason(mot, t):
        prohibited_terrain_damage(game, ent, backward=backward, cause=f"{kind} into {t.terrain.replace('_', ' ')}")
        return "immobile"
    return None


def _place(game: "Game", ent: int, state: MoveState) -> None:
    pos = game.world.component(ent, Position)
    pos.hex, pos.facing = state.hex, state.facing
    alt = game.world.try_component(ent, Altitude)
    if alt is not None:
        alt.level = state.altitude


def _state_of(game: "Game", ent: int, state: MoveState) -> MoveState:
    pos = game.world.component(ent, Position)
    alt = game.world.try_component(ent, Altitude)
    return replace(state, hex=pos.hex, facing=pos.facing, altitude=alt.level if alt else state.altitude)


def prohibited_terrain_damage(game: "Game", ent: int, backward: bool, cause: str) -> None:
    """V-SKID-3: ceil(tons/5) in 5-point groups on the front column (rear when
    sliding backward, vehicles.md 5.11), then immobile for the game."""
    from systems.vehicles import hit_location as vhl
    from systems.vehicles.criticals import immobilize
    tons = game.world.component(ent, Identity).tonnage
    total = math.ceil(tons / 5)
    game.log.emit("terrain_damage", unit=game.uid(ent), damage=total, cause=cause)
    vhl.apply_groups(game, ent, "rear" if backward else "front", total, cause=cause)
    if not game.world.component(ent, Status).destroyed:
        immobilize(game, ent, cause)


def fall_damage(game: "Game", ent: int, levels: int, cause: str) -> int:
    """V-DISP-2 falling damage for a vehicle: ceil(tons/10) x (levels + 1) in
    5-point groups, each group's side from the facing-after-a-fall table (T-11b).
    A vehicle that comes down no level below where it was (put down beside
    a unit it fell on, at the level it left) has not fallen: no damage (the
    seed's vehicle falls all need a drop, V-DISP-2, V-SKID-1)."""
    from systems.vehicles import hit_location as vhl
    if levels < 1:
        return 0
    tons = game.world.component(ent, Identity).tonnage
    total = math.ceil(tons / 10) * (levels + 1)
    game.log.emit("fall", unit=game.uid(ent), levels=levels, damage=total,
                  facing=game.world.component(ent, Position).facing, cause=cause)
    from systems.classic.hit_location import groups
    for g in groups(total):
        if game.world.component(ent, Status).destroyed:
            break
        side = vhl.fall_side(game, ent)
        vhl.hit_and_apply(game, ent, side, g, weapon_damage=False, cause=cause)
    return total



def accidental_charge_damage(tons: int, hexes_before: int) -> int:
    """What an accidental charge deals: ceil(tons / 10) per hex moved before the slide."""
    return math.ceil(tons / 10) * max(1, hexes_before)


def charge_building(game: "Game", ent: int, dest, hexes_before: int) -> None:
    """B-DMG-2, B-VTOL-6: a slide into a building charges it: the building
    takes the accidental charge damage, and at CF 0 collapses at once
    (B-MOVE-6)."""
    from systems.classic import buildings
    dealt = accidental_charge_damage(game.world.component(ent, Identity).tonnage, hexes_before)
    buildings.damage_building(game, dest, dealt, f"accidental charge by {game.uid(ent)}", game.uid(ent))
    t = game.map.terrain(dest)
    if t.building and t.construction_factor == 0:
        buildings.collapse(game, dest, "damage")


def accidental_charge(game: "Game", ent: int, target: int, cur: MoveState, dest, hexes_before: int) -> bool:
    """A sliding unit runs into a unit (T-8, V-COLL-2): a charge attack at the
    driver's skill; a hit does charge damage (ceil(tons/10) per hex moved
    before the slide) and stops the slide in the hex before; a miss lets it go on."""
    from systems.common import damage
    from systems.vehicles import motive_damage
    from systems.classic import piloting
    from systems.vehicles import hit_location as vhl
    from systems.classic.hit_location import groups, mech_hit
    th = ToHit()
    th.add("driving skill", game.world.component(ent, Crew).piloting, "V-COLL-2")
    roll = game.dice.roll("to_hit", 2, "accidental charge")
    hit = roll >= th.number
    game.log.emit("attack", attacker=game.uid(ent), target=game.uid(target), attack="accidental charge",
                  to_hit=th.number, modifiers=th.pairs(), roll=roll, hit=hit)
    if not hit:
        return False
    tons = game.world.component(ent, Identity).tonnage
    target_tons = game.world.component(target, Identity).tonnage
    dealt = accidental_charge_damage(tons, hexes_before)
    taken = math.ceil(target_tons / 10)
    tpos = game.world.component(target, Position)
    if game.kind(target) == "mech":
        side = mech_attack_side(tpos.hex, tpos.facing, cur.hex)
        for g in groups(dealt):
            h = mech_hit(game, "standard", side)
            damage.apply_damage(game, target, h.location, g, through_armor_critical=h.through_armor_critical,
                                cause="accidental charge")
        piloting.queue_psr(game, target, "hit by an accidental charge", 2)
    else:
        side = vehicle_attack_side(tpos.hex, tpos.facing, cur.hex)
        for g in groups(dealt):
            vhl.hit_and_apply(game, target, side, g, weapon_damage=False, cause="accidental charge")
        motive_damage.roll_motive(game, target, side, reason="charged")            # V-PHYS-4
    own_side = vehicle_attack_side(cur.hex, cur.facing, dest)
    for g in groups(taken):
        vhl.hit_and_apply(game, ent, own_side, g, weapon_damage=False, cause="accidental charge")
    motive_damage.roll_motive(game, ent, own_side, reason="charging")
    return True
