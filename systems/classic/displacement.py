"""Unit displacement (rules/mech_core.md section 10; physical.md P-PUSH-6,
-9, P-CHARGE-15, -17): a unit forced one hex in a direction without MP and
without turning.

- `outcome(game, ent, direction)` says what a displacement would do without
  doing it: "move", "fall" (2 or more levels down: into a lower hex, or
  onto a roof that low, `landing`), "off_map", or "prohibited" (a hex the
  unit could not enter: a rise of 2 or more levels, impassable terrain, a
  roof above an enemy inside, a building a VTOL would be inside or a ground
  vehicle on the roof of, `refused_by_building`, or a domino chain that
  cannot move). A unit that may stand on a roof (a mech, a VTOL) lands on
  one not above the level it stood on; a ground vehicle goes inside
  through the wall (a fall when the ground there is 2 or more levels
  down), never down onto a roof (B-POS-1). Whoever comes inside a
  building, stepping or falling in, makes its entry roll
  (`into_building`, B-PHYS-5).
- `make_room` moves aside the units in a hex a unit has come to stay in
  without a move that could end there (a slide; a fall on the way,
  `after_move`).
- `displace(game, ent, direction, cause)` carries it out: domino effects
  push an occupant of the destination one hex further (PSR 0 for it), a
  unit pushed off the map leaves play, a unit pushed 2 or more levels down
  falls (an accidental fall; onto an occupied hex an accidental fall from
  above, `fall_from_above`).
- The PSR the cause itself asks for (push 0, charge +2, ...) is queued by
  the caller, since it happens even when the displacement does not.
"""
from __future__ import annotations

import dataclasses
import math
from typing import TYPE_CHECKING

from components import Identity, Position, Status
from engine.hexgrid import Hex, direction_to, neighbor, turn
from systems.classic.physical_common import level_of
from systems.common.unit_state import airborne, is_vtol, may_stand_on_roof, roof_height, stand

if TYPE_CHECKING:
    from engine.game import Game

MOVE, FALL, OFF_MAP, PROHIBITED = "move", "fall", "off_map", "prohibited"
# Section 10, P-PUSH-9, P-CHARGE-17, V-DISP-2: a mech or a vehicle displaced
# into a hex 2 or more levels lower falls; 1 level lower it simply moves in.
FALL_LEVELS = 2
# MM getValidDisplacement: the direction itself, then the hexsides nearest it.
ALTERNATE_TURNS = (0, 1, -1, 2, -2, 3)


def occupants(game: "Game", h: Hex, exclude: int | None = None) -> list[int]:
    """The units in the way of a unit displaced or advancing into `h`: those
    on the ground, a destroyed mech's wreck too (not a destroyed vehicle)."""
    out = []
    for other in game.units_at(h):
        if other == exclude:
            continue
        if airborne(game, other):
            continue
        if game.world.component(other, Status).destroyed and game.kind(other) != "mech":
            continue
        out.append(other)
    return out


def falls(levels: int) -> bool:
    """Whether a unit displaced `levels` levels down falls (`FALL_LEVELS`):
    the one threshold for mechs and vehicles, pushed, charged, knocked on by
    a domino or falling onto a unit on the way (seed 000: "除非进入的六角格比
    目标目前所在格低两层以上，那就导致自动坠落"; seed 002: "前のヘクスより2レベル以上
    低いヘクスに押し出しされた車輌は ... 落下ダメージを受け")."""
    return levels >= FALL_LEVELS


def landing(game: "Game", ent: int, dest: Hex, start: int | None = None) -> tuple[int, bool]:
    """Where `ent`, displaced into `dest`, comes down: the levels it drops,
    counted from the level it stands on (`level_of`: a roof's top for a unit
    on it; `start`: from that level instead, where it fell from) to the
    ground there or, in a building hex whose roof is not above that level,
    to the roof, which it lands on if it may stand on one (B-PHYS-7, B-POS-1;
    MM doEntityDisplacement: only a building taller than the unit's
    elevation takes it in); and whether it lands on the roof. Negative: it
    rises."""
    start = level_of(game, ent) if start is None else start
    there = game.map.terrain(dest)
    on_roof = bool(there.building) and there.roof <= start and may_stand_on_roof(game, ent)
    return start - (there.roof if on_roof else there.level), on_roof


def refused_by_building(game: "Game", ent: int, dest: Hex, landed: tuple[int, bool],
                        start: int | None = None) -> bool:
    """Whether `ent`, coming into `dest` from the level it stands on
    (`start`: from that level instead), would end in its building where it
    may not be (`landed`: where `landing` puts it): a VTOL inside, the roof
    being above it (B-VEH-1), or a ground vehicle down on the roof (B-POS-1,
    B-POS-4), the roof not above it and the ground 2 or more levels down.
    A ground vehicle enters a building only through its wall, as it drives
    in (a step down of at most 1 level, B-PHYS-5); MegaMek counts such a
    fall to the roof (doEntityFallsInto) and lets a tank stand only on a
    building hex's floor (Entity.isElevationValid). Such a hex is
    prohibited to it (P-PUSH-9, P-CHARGE-17: nobody moves)."""
    there = game.map.terrain(dest)
    if not there.building:
        return False
    start = level_of(game, ent) if start is None else start
    levels, on_roof = landed
    if is_vtol(game, ent):
        return not on_roof
    return not on_roof and there.roof <= start and falls(levels)


def in_the_way(game: "Game", ent: int, dest: Hex, on_roof: bool) -> list[int]:
    """The units `ent`, displaced into `dest`, would push on or fall onto:
    on the roof it lands on (`on_roof`, from `landing`), those standing on
    that roof; else every unit there on the ground (`occupants`)."""
    return [o for o in occupants(game, dest, exclude=ent) if not on_roof or roof_height(game, o)]


def _enemy_below(game: "Game", ent: int, dest: Hex) -> bool:
    """An enemy of `ent` inside the building of `dest`, below the roof `ent`
    would land on: enemies never share a hex (B-POS-3)."""
    return any(game.is_enemy(ent, o) and not roof_height(game, o) for o in occupants(game, dest, exclude=ent))


def _entry_error(game: "Game", ent: int, to: Hex, start: int | None = None) -> str | None:
    """Why `ent` could not enter `to` from where it stands (drops of 2+ are
    falls, not errors, and are judged by the caller): a rise of 2 levels or
    more from the level it stands on (`level_of`: a roof's top for a unit on
    it; `start`: from that level instead, where it fell from), or what its
    movement rules refuse of the step from the ground they step off
    (`MotionRules.leaving`, B-POS-4)."""
    from systems.common.movement import motion_rules, start_state
    rules = motion_rules(game, ent)
    b = game.map.terrain(to)
    rise = b.level - (level_of(game, ent) if start is None else start)
    if rise >= 2:
        return f"{game.map.label(to)} is {rise} levels higher"
    a = rules.leaving(game, start_state(game, ent))
    if b.level < a.level or start is not None:
        # Judge the terrain alone: a 1-level drop is legal for every unit
        # type, and a unit put down from `start` does not climb from its hex.
        a = dataclasses.replace(a, level=b.level)
    cost = rules.enter_cost(game, ent, rules.modes[0], a, b, False)
    if isinstance(cost, str):
        return cost
    return None


def outcome(game: "Game", ent: int, direction: int, _chain: int = 0) -> str:
    """What displacing `ent` one hex in `direction` would do (see module doc)."""
    return judge(game, ent, direction, _chain)[0]


def judge(game: "Game", ent: int, direction: int, _chain: int = 0) -> tuple[str, tuple[int, bool] | None]:
    """`outcome`, with where the unit comes down in the hex (`landing`,
    computed once for both; None off the map)."""
    dest = neighbor(game.world.component(ent, Position).hex, direction)
    on_map = game.map.on_map(dest)
    landed = landing(game, ent, dest) if on_map else None
    for rule in game.ruleset.hooks.displacement_outcome:     # vehicles: V-DISP
        r = rule(game, ent, dest)
        if r is not None:
            return r, landed
    if not on_map:
        return OFF_MAP, None
    levels, on_roof = landed
    if refused_by_building(game, ent, dest, landed):
        return PROHIBITED, landed
    if falls(levels):
        return FALL, landed
    if _entry_error(game, ent, dest) or (on_roof and _enemy_below(game, ent, dest)):
        return PROHIBITED, landed
    for other in in_the_way(game, ent, dest, on_roof):
        if _chain > 12:
            return PROHIBITED, landed
        if outcome(game, other, direction, _chain + 1) == PROHIBITED:
            return PROHIBITED, landed
    return MOVE, landed


def displace(game: "Game", ent: int, direction: int, cause: str) -> str:
    """Displace `ent` one hex in `direction`; returns the outcome carried out
    (PROHIBITED: nothing moved)."""
    from systems.classic import piloting
    for rule in game.ruleset.hooks.displace:
        r = rule(game, ent, direction, cause)
        if r is not None:
            return r
    result, landed = judge(game, ent, direction)
    pos = game.world.component(ent, Position)
    st = game.world.component(ent, Status)
    uid = game.uid(ent)
    src = pos.hex
    dest = neighbor(src, direction)
    if result == PROHIBITED:
        game.log.emit("displace_blocked", unit=uid, **{"from": game.map.label(src)},
                      to=game.map.label(dest) if game.map.on_map(dest) else None, cause=cause)
        return result
    if result == OFF_MAP:
        st.removed = True
        game.log.emit("displace", unit=uid, **{"from": game.map.label(src)}, to=None, cause=cause,
                      off_map=True)
        game.log.emit("removed", unit=uid, cause=f"{cause}: pushed off the map")
        return result
    if result == FALL:
        _fall_into(game, ent, src, dest, cause, landed)
        return result
    _levels, on_roof = landed
    # Domino: the units in the way move on first, in the same direction (PSR 0 each).
    for other in in_the_way(game, ent, dest, on_roof):
        displace(game, other, direction, "domino")
        piloting.queue_psr(game, other, "displaced by a domino effect", 0)
    stand(game, ent, dest, on_roof)
    game.log.emit("displace", unit=uid, **{"from": game.map.label(src)}, to=game.map.label(dest),
                  cause=cause, **({"on_roof": True} if on_roof else {}))
    if on_roof:
        from systems.classic import buildings
        buildings.check_weight(game, dest)
    else:
        into_building(game, ent, src, dest)
    return result


def _fall_into(game: "Game", ent: int, src: Hex, dest: Hex, cause: str, landed: tuple[int, bool]) -> None:
    """A unit displaced 2 or more levels down (`landed`) falls into the
    hex (section 10), onto a unit there if there is one. Onto a roof
    (B-PHYS-7) it falls onto a unit on the roof if there is one, beside the
    hex when an enemy is inside below (B-POS-3), and the roof is weighed
    (B-COLL-2)."""
    from systems.classic import buildings, piloting
    pos = game.world.component(ent, Position)
    levels, on_roof = landed
    below = in_the_way(game, ent, dest, on_roof)
    beside = not below and on_roof and _enemy_below(game, ent, dest)
    game.log.emit("displace", unit=game.uid(ent), **{"from": game.map.label(src)}, to=game.map.label(dest),
                  cause=cause, accidental_fall=True, **({"on_roof": True} if on_roof and not below and not beside
                                                         else {}))
    if below:
        fall_from_above(game, ent, below[0], dest, levels, cause)
    elif beside:
        _land_beside(game, ent, src, dest, cause, "an enemy is inside below the roof")
    elif _come_down(game, ent, src, dest, on_roof):
        piloting.fall(game, ent, levels, f"{cause}: fell {levels} levels")
    if on_roof and pos.hex == dest and not game.world.component(ent, Status).destroyed:
        stand(game, ent, dest, True)
        buildings.check_weight(game, dest)


def into_building(game: "Game", ent: int, src: Hex, dest: Hex) -> None:
    """B-PHYS-5: a unit displaced from `src` into the building of `dest`,
    standing inside it (not on its roof), came in through its wall: it makes
    the entry roll at once, as for 1 hex moved (the class's modifier only),
    the mech's PSR or the vehicle's driving roll (the ruleset's
    `building_entry`); a failure is ceil(CF / 10) damage, on the Rear column
    when it went backward (MM doEntityDisplacement: passBuildingWall with 1
    hex, "displaced into", backward when its facing is opposite the
    displacement); the building takes ceil(tons / 10) and may collapse at
    once. So too a unit that falls into the building behind a wall above
    the level it came from (`_come_down`; project decision: MM puts it on
    the floor at its height, and there are no upper floors here, B-POS-4,
    D21), before its fall. The displacement's own roll waits for the end of
    the phase. Nothing happens where `dest` has no building."""
    if not game.map.terrain(dest).building:
        return
    direction = direction_to(src, dest)
    facing = game.world.component(ent, Position).facing
    backward = direction is not None and (facing - direction) % 6 == 3
    game.ruleset.hooks.building_entry[game.kind(ent)](game, ent, dest, 1, backward, "displaced into by")


def _come_down(game: "Game", ent: int, src: Hex, dest: Hex, on_roof: bool) -> bool:
    """Put `ent`, falling from `src`, down in `dest` (`stand`), on its roof
    or, inside its building, through the wall (`into_building`); True while
    it is still there to fall (the entry's damage did not destroy it; a
    building its entry brought down leaves it in the rubble, to fall
    there)."""
    stand(game, ent, dest, on_roof)
    if not on_roof:
        into_building(game, ent, src, dest)
    return not game.world.component(ent, Status).destroyed


def move_into(game: "Game", ent: int, dest: Hex, cause: str, on_roof: bool = False) -> None:
    """The attacker's advance after a push or charge (no MP, facing kept);
    `on_roof`: into the place of a target that stood on the roof (a death
    from above lands there, B-PHYS-4), which is weighed then (B-COLL-2)."""
    from systems.classic import buildings
    pos = game.world.component(ent, Position)
    src = pos.hex
    pos.hex, pos.on_roof = dest, on_roof and bool(game.map.terrain(dest).building)
    game.log.emit("displace", unit=game.uid(ent), **{"from": game.map.label(src)},
                  to=game.map.label(dest), cause=cause, **({"on_roof": True} if pos.on_roof else {}))
    if pos.on_roof:
        buildings.check_weight(game, dest)


def hexes_beside(game: "Game", at: Hex, direction: int | None) -> list[Hex]:
    """The hexes next to `at` on the map, the one in `direction` first, then
    those nearest it (MM getValidDisplacement order): where a unit that
    cannot stay in `at` is put down instead."""
    out = [neighbor(at, turn(direction or 0, t)) for t in ALTERNATE_TURNS]
    return [h for h in out if game.map.on_map(h)]


def beside(game: "Game", ent: int, at: Hex, direction: int | None, start: int,
           came_from: Hex | None = None) -> tuple[Hex, tuple[int, bool]] | None:
    """Where `ent`, which cannot stay in `at` (a fall onto a unit that
    missed, or found no room for it), is put down instead, with where it
    lands there (`landing`); None: nowhere. The one judge of the hex beside,
    for mechs and vehicles: the hexes next to `at`, nearest `direction`
    first (`hexes_beside`), coming from the level `start`: not above that
    level, nowhere its building refuses it (`refused_by_building`), nor into
    terrain it could not be displaced into (MM getValidDisplacement,
    isValidDisplacement: terrain prohibited to it is passed over, except
    water for a vehicle, which may be displaced into it and is lost there,
    V-DISP-1: the ruleset's displacement outcome says so); not `came_from`,
    the hex it was displaced from, which its attacker advances into
    (project decision); and free for it to stand in, on the roof it lands
    on or on the ground (`stacking.occupant`: a wreck still stands in its
    hex)."""
    from systems.common.stacking import occupant
    for h in hexes_beside(game, at, direction):
        if h == came_from:
            continue
        landed = landing(game, ent, h, start)
        if landed[0] < 0 or refused_by_building(game, ent, h, landed, start):
            continue
        taken_in = any(rule(game, ent, h) == MOVE for rule in game.ruleset.hooks.displacement_outcome)
        if not taken_in and _entry_error(game, ent, h, start):
            continue
        if occupant(game, ent, h, False, game.map.terrain(h).building if landed[1] else 0) is None:
            return h, landed
    return None


def legal_alternatives(game: "Game", ent: int, direction: int) -> list[int]:
    """Directions, nearest first to `direction`, whose displacement would
    simply move the unit (MM getValidDisplacement order)."""
    out = []
    for t in ALTERNATE_TURNS:
        d = turn(direction, t)
        if outcome(game, ent, d) == MOVE and not occupants(
                game, neighbor(game.world.component(ent, Position).hex, d), exclude=ent):
            out.append(d)
    return out


def make_room(game: "Game", ent: int, h: Hex, direction: int, cause: str, domino_psr: bool = False) -> bool:
    """Move the units that keep `ent` from standing in `h` (stacking) one
    hex along `direction`, or the nearest way they can go (MM
    getValidDisplacement), each with a PSR 0 for the domino effect when
    `domino_psr`. Returns whether `ent` may stand there now: False while a
    wreck, or a unit with no room to go, is still there."""
    from systems.classic import piloting
    from systems.common.stacking import occupant
    roof = roof_height(game, ent) if h == game.world.component(ent, Position).hex else 0
    while (other := occupant(game, ent, h, False, roof)) is not None:
        room = [] if game.world.component(other, Status).destroyed else legal_alternatives(game, other, direction)
        if not room:
            return False
        displace(game, other, room[0], cause)
        if domino_psr:
            piloting.queue_psr(game, other, "displaced by a domino effect", 0)
    return True


def fall_on_the_way(game: "Game", ent: int, dest: Hex, levels: int, cause: str) -> bool:
    """A mech that failed a PSR on its way falls `levels` levels from where
    it stands into `dest`: 2 or more onto a unit standing there (a friend
    whose hex it was passing through) is an accidental fall from above
    (section 10; MegaMek doEntityFallsInto), and True. Else False: its own
    fall in `dest` (a wreck there is no unit to fall on; `after_move` makes
    room)."""
    from systems.common.stacking import occupant
    below = occupant(game, ent, dest, False)
    if not falls(levels) or below is None or game.world.component(below, Status).destroyed:
        return False
    fall_from_above(game, ent, below, dest, levels, cause)
    return True


def after_move(game: "Game", ent: int, order, result) -> None:
    """A mech whose move stopped where another unit stands (a PSR failed on
    the way, in a friend's hex it was only passing through, or a wreck's:
    section 1, one unit on the ground per hex): as MegaMek's
    doEntityFallsInto for a fall of less than 2 levels (2 or more onto a
    unit: `fall_on_the_way`), the unit there is
    displaced along the move, or the nearest way it can go, with a PSR 0
    for the domino effect; the direction is rolled for a fall in the hex
    the move started in. A wreck there, or a unit with no room to go,
    stays: the fallen mech is displaced itself, the nearest way it can go
    (project decision), or with none destroyed and taken off the board, as
    a unit that cannot be displaced (section 10, "impossible
    displacement")."""
    from systems.common import damage
    from systems.common.stacking import occupant_as_placed
    st = game.world.component(ent, Status)
    if game.kind(ent) != "mech" or st.destroyed or st.removed or occupant_as_placed(game, ent) is None:
        return
    h = game.world.component(ent, Position).hex
    way = [s.hex for s in result.states]
    at = way.index(h) if h in way else 0
    direction = direction_to(way[at - 1], h) if at > 0 else None
    if direction is None:
        direction = game.dice.d6("displacement", f"direction {game.uid(ent)} fell in {game.map.label(h)}") - 1
    if make_room(game, ent, h, direction, "domino", domino_psr=True):
        return
    room = legal_alternatives(game, ent, direction)
    why = f"no room where it fell in {game.map.label(h)}"
    if room:
        displace(game, ent, room[0], why)
        return
    damage.destroy_unit(game, ent, why)
    st.removed = True                       # its wreck has no hex to lie in either
    game.log.emit("removed", unit=game.uid(ent), cause=why)


def fall_from_above(game: "Game", ent: int, target: int, dest: Hex, levels: int, cause: str) -> None:
    """Accidental fall from above (section 10): `ent` falls `levels` levels
    onto `target` in `dest` (the attack and its damage: `fall_onto`). Hit:
    the target is displaced (PSR +2); the faller takes its fall damage on its
    back in `dest`. Miss: the faller lands in an adjacent legal hex instead
    and takes normal fall damage there; with none it is destroyed."""
    from systems.classic import piloting
    pos = game.world.component(ent, Position)
    src = pos.hex
    on_roof = roof_height(game, target) > 0
    hit = fall_onto(game, ent, target, "accidental_fall")
    if hit:
        direction = direction_to(src, dest)
        choices = legal_alternatives(game, target, 0 if direction is None else direction)
        piloting.queue_psr(game, target, "fallen on by a falling unit", 2)
        if choices:
            displace(game, target, choices[0], "fallen on")
            if _come_down(game, ent, src, dest, on_roof):
                piloting.fall(game, ent, levels, f"{cause}: fell onto {game.uid(target)}", column="rear")
            return
        # The unit fallen on cannot make room: the faller ends beside it.
    _land_beside(game, ent, src, dest, cause, f"missed {game.uid(target)}" if not hit
                 else f"{game.uid(target)} could not make room")


def fall_onto(game: "Game", ent: int, target: int, attack: str) -> bool:
    """The accidental fall from above of `ent` onto `target` (section 10,
    V-CRASH-5): the attack, named `attack` in its event, and its damage;
    True when it hit. A mech is hit on 7 + its movement + woods
    (`accidental_fall_to_hit`) and takes ceil(W/10) in 5-point groups on
    the punch table, front; another kind of unit as its kind's rule says
    (the ruleset's `fallen_on`)."""
    from systems.common import damage
    from systems.classic import hit_location
    from systems.classic.attack_modifiers import accidental_fall_to_hit
    rule = game.ruleset.hooks.fallen_on.get(game.kind(target))
    if rule is not None:
        return rule(game, ent, target, attack)
    th = accidental_fall_to_hit(game, target)
    roll = game.dice.roll("to_hit", 2, f"{game.uid(ent)} falls onto {game.uid(target)}")
    hit = roll >= th.number
    game.log.emit("attack", attacker=game.uid(ent), target=game.uid(target), attack=attack,
                  to_hit=th.number, modifiers=th.pairs(), roll=roll, hit=hit)
    if hit:
        tons = game.world.component(ent, Identity).tonnage
        for group in hit_location.groups(math.ceil(tons / 10)):
            h = hit_location.mech_hit(game, "punch", "front", "fallen on")
            damage.apply_damage(game, target, h.location, group, cause="fallen on")
    return hit


def _land_beside(game: "Game", ent: int, src: Hex, dest: Hex, cause: str, why: str) -> None:
    """The falling unit, still where it fell from (`src`), lands in the hex
    next to `dest` that `beside` finds (nearest the line of the fall first),
    where `landing` puts it (a roof not above that level, weighed), with the
    fall damage for the levels down to it; none: destroyed."""
    from systems.common import damage
    from systems.classic import buildings, piloting
    place = beside(game, ent, dest, direction_to(src, dest), level_of(game, ent), came_from=src)
    if place is None:
        damage.destroy_unit(game, ent, "no room to land after falling")
        return
    h, (levels, on_roof) = place
    if _come_down(game, ent, src, h, on_roof):
        piloting.fall(game, ent, levels, f"{cause}: {why}")
    if on_roof:
        buildings.check_weight(game, h)
