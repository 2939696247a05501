"""Weapon attacks in the Classic game (rules/mech_core.md sections 3, 5,
12): declaring a shot, its to-hit number with every modifier named, the
reasons a shot is impossible, and the tables a shot is judged by (range,
cluster hits, the to-hit roll).

A `FireOrder` is checked against the state at declaration; an accepted
order is recorded in the turn record (`ShotDeclaration`) with its to-hit
number and uses its ammunition at once. Nothing is rolled until the phase
ends: then every declared shot resolves in declaration order
(systems/classic/weapon_resolution.py).

`preview(game, attacker_uid, target_uid, weapon_key)` is the UI's view of
the same computation.

Choices beyond the digest (MegaMek as reference): a prone mech cannot fire
its leg weapons and fires from one arm only (it props itself on the other);
a weapon under water (legs of a mech standing in depth 1 water, every
weapon of a prone one) cannot fire at a target out of the water; a torso
twist (or a turret facing, V-ATK-5) is set once per turn by the first fire
order that names it and holds for the unit's other shots; the first target
declared is the primary target.
"""
from __future__ import annotations

import contextlib

from dataclasses import dataclass
from typing import TYPE_CHECKING

from components import (Actuators, Ammo, ClassicHeat, Crew, Identity, Position, ShotDeclaration, Status,
                        Structure, TurnState, Turret, Weapons)
from engine.hexgrid import distance, parse_hex_label
from engine.orders import FireOrder
from engine.weapons import WeaponType
from systems.classic import buildings, firing_arcs
from systems.classic.attack_modifiers import (TARGET_IMMOBILE, attacker_movement, struck_side,
                                              target_immobile, target_movement, target_skidded, woods_modifier)
from systems.classic.weapon_names import WeaponRef, find_weapon
from systems.common import line_of_sight
from systems.common.to_hit import MAX_TO_HIT, Modifier, ToHit
from systems.common.unit_state import airborne, is_vtol

if TYPE_CHECKING:
    from engine.game import Game

# ------------------------------------------------------------------ tables
RANGE_MODIFIER = {"short": 0, "medium": 2, "long": 4}

# Cluster Hits table (section 12): rack size -> missiles hit for rolls 2..12.
CLUSTER_TABLE: dict[int, tuple[int, ...]] = {
    2: (1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2),
    3: (1, 1, 1, 2, 2, 2, 2, 2, 3, 3, 3),
    4: (1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4),
    5: (1, 2, 2, 3, 3, 3, 3, 4, 4, 5, 5),
    6: (2, 2, 3, 3, 4, 4, 4, 5, 5, 6, 6),
    10: (3, 3, 4, 6, 6, 6, 6, 8, 8, 10, 10),
    15: (5, 5, 6, 9, 9, 9, 9, 12, 12, 15, 15),
    20: (6, 6, 9, 12, 12, 12, 12, 16, 16, 20, 20),
}


def cluster_hits(rack: int, roll: int) -> int:
    return CLUSTER_TABLE[rack][roll - 2]


def heat_fire_modifier(heat: int) -> int:
    """Heat scale to-fire (section 13): +1 at 8, +2 at 13, +3 at 17, +4 at 24."""
    for level, mod in ((24, 4), (17, 3), (13, 2), (8, 1)):
        if heat >= level:
            return mod
    return 0


def roll_hits(roll: int, to_hit: int) -> bool:
    """A Classic to-hit roll of 2d6 hits on the number needed or more, but a
    natural 2 always misses (rules/mech_core.md section 3)."""
    return roll >= to_hit and roll != 2


def minimum_range_modifier(wt: WeaponType, rng: int) -> int:
    """Section 3: at range <= minimum, +(min - range + 1)."""
    if wt.min and rng <= wt.min:
        return wt.min - rng + 1
    return 0


# ------------------------------------------------------------------ to-hit
@dataclass
class WeaponToHit(ToHit):
    """A shot's to-hit (systems/common/to_hit.py: `side` the side it strikes,
    `table` a mech's standard table, None for a vehicle's own) with its
    range in hexes, range band and line of sight, as far as they were judged."""

    range: int = 0
    band: str | None = None
    los: line_of_sight.LosResult | None = None
    automatic: bool = False        # a building next to the attacker: hit without a roll (B-ATK-1)


def find_mount(game: "Game", ent: int, weapon_key: str | None) -> WeaponRef:
    """The mount an order's weapon names (systems/classic/weapon_names.py)."""
    wp = game.world.try_component(ent, Weapons)
    return find_weapon([m.type for m in (wp.mounts if wp else [])], weapon_key,
                       game.world.component(ent, Identity).name)


def declared_shots(game: "Game") -> list[ShotDeclaration]:
    return game.turn_record.weapon_attacks


def _twist_value(text: str | None) -> int | None:
    return {"left": -1, "right": 1}.get(text or "", None)


def _live_bins(game: "Game", ent: int, wtype: str) -> list:
    am = game.world.try_component(ent, Ammo)
    structure = game.world.component(ent, Structure)
    # A vehicle's body holds no structure of its own: its bins go with the vehicle.
    return [b for b in (am.bins if am else [])
            if b.type == wtype and b.shots > 0 and structure.points.get(b.location, 1) > 0]


class Shooter:
    """What every shot of one attacker shares, looked up once (valid while
    nothing changes): its components, whether it may make weapon attacks at
    all, the mounts it has fired this phase, its ammunition left by type."""

    def __init__(self, game: "Game", attacker: int) -> None:
        w = game.world
        self.game, self.ent = game, attacker
        ident = w.component(attacker, Identity)
        self.name, self.kind, self.uid = ident.name, ident.kind, ident.uid
        self.status, self.ts = w.component(attacker, Status), w.component(attacker, TurnState)
        self.pos, self.structure = w.component(attacker, Position), w.component(attacker, Structure)
        self.weapons, self.crew = w.try_component(attacker, Weapons), w.try_component(attacker, Crew)
        self.actuators, self.heat = w.try_component(attacker, Actuators), w.try_component(attacker, ClassicHeat)
        self.turret = w.try_component(attacker, Turret)
        self.vtol = is_vtol(game, attacker)
        self.airborne = airborne(game, attacker)
        self.fired = {d.mount for d in declared_shots(game) if d.attacker == self.uid}
        self.charging = charge_declared(game, attacker)
        self._bins: dict[str, bool] = {}
        self._mounts: dict[str | None, WeaponRef] = {}
        self._arc_facings: dict[tuple, int] = {}
        self.refusal = self._refusal()

    def _refusal(self) -> str | None:
        """Why this unit makes no weapon attack at any target, or None."""
        st, name = self.status, self.name
        if not self.game.can_fight(self.ent):
            return f"{name} is destroyed"
        if st.shutdown:
            return f"{name} is shut down"
        if self.crew is not None and self.crew.unconscious:
            return f"{name}'s pilot is unconscious"
        if self.charging:
            return self.charging
        if self.kind == "mech" and st.crits.count("sensors") >= 2:
            return f"{name}'s sensors are destroyed: it cannot make weapon attacks"
        return None

    def has_ammo(self, wtype: str) -> bool:
        if wtype not in self._bins:
            self._bins[wtype] = bool(_live_bins(self.game, self.ent, wtype))
        return self._bins[wtype]

    def facings(self) -> tuple:
        """The torso twist and turret facing in effect now (a shot may try others)."""
        return self.ts.torso_twist, (self.turret.facing if self.turret is not None else None)

    def mount(self, weapon_key: str | None) -> WeaponRef:
        """The mount an order's weapon names (`find_mount`)."""
        found = self._mounts.get(weapon_key)
        if found is None:
            found = self._mounts[weapon_key] = find_weapon(
                [m.type for m in (self.weapons.mounts if self.weapons else [])], weapon_key, self.name)
        return found

    def arc_facing(self, location: str) -> int:
        """The facing a mount's arc is measured from (firing_arcs.arc_facing),
        with the torso twist and turret as they are now."""
        key = (location, *self.facings())
        facing = self._arc_facings.get(key)
        if facing is None:
            facing = self._arc_facings[key] = firing_arcs.arc_facing(self.game, self.ent, location)
        return facing


class PairSight:
    """What the shots of one attacker at one target share, worked out once
    (valid while nobody moves): the attacker (`Shooter`), the target's
    state, the range, the line of sight (when first asked), whether the
    target is inside each arc (per mount location, twist and turret facing,
    from systems/classic/firing_arcs.py) and the to-hit modifiers that do
    not depend on the weapon."""

    def __init__(self, game: "Game", attacker: int, target: int, shooter: Shooter | None = None) -> None:
        w = game.world
        self.game, self.attacker, self.target = game, attacker, target
        self.shooter = shooter if shooter is not None else Shooter(game, attacker)
        self.origin = self.shooter.pos.hex
        self.t_ident, self.t_status = w.component(target, Identity), w.component(target, Status)
        self.t_pos = w.component(target, Position)
        self.target_hex = self.t_pos.hex
        self.range = distance(self.origin, self.target_hex)
        self._los: line_of_sight.LosResult | None = None
        self._bearings: dict[int, float] = {}
        self._modifiers: tuple | None = None
        self.refusal = self.shooter.refusal or self._refusal()

    def _refusal(self) -> str | None:
        """Why the attacker may not shoot at this target at all, or None."""
        a_name, t_name = self.shooter.name, self.t_ident.name
        if self.target == self.attacker:
            return f"{a_name} cannot shoot at itself"
        if not self.game.is_enemy(self.attacker, self.target):
            return f"{t_name} is on {a_name}'s side"
        if self.t_status.removed or self.t_status.destroyed:
            return f"{t_name} is already destroyed"
        return None

    @property
    def los(self) -> line_of_sight.LosResult:
        if self._los is None:
            self._los = line_of_sight.line_of_sight(self.game, self.attacker, self.target)
        return self._los

    def in_arc(self, mount) -> bool:
        """Is the target inside this mount's arc (torso twist and turret as they are now)?"""
        sh = self.shooter
        return firing_arcs.facing_in_arc(sh.kind, self.origin, sh.arc_facing(mount.location), mount,
                                         self.target_hex, self._bearings)

    def modifiers(self) -> tuple[list, list]:
        """The modifiers of every shot at this target that do not depend on
        the weapon (section 3), in the order a shot lists them: those before
        the range and those after it (woods, the line of sight's, the
        attacker's damage). Needs the line of sight; the secondary-target
        modifier follows the torso twist and is the shot's own."""
        if self._modifiers is None:
            game, target, sh = self.game, self.target, self.shooter
            before = attacker_modifiers(game, sh)
            t_ts = game.world.component(target, TurnState)
            band_mod, jumped = target_movement(game, target)
            if band_mod:
                before.append(Modifier(f"target moved {t_ts.hexes_moved} hexes", band_mod, "section 3"))
            if jumped:
                before.append(Modifier("target jumped", jumped, "section 3"))
            if is_vtol(game, target) and airborne(game, target):
                before.append(Modifier("target airborne VTOL", 1, "V-VATK-5"))
            if self.t_status.prone:
                if self.range <= 1:
                    before.append(Modifier("target prone, adjacent", -2, "section 3"))
                else:
                    before.append(Modifier("target prone", 1, "section 3"))
            if target_immobile(game, target):
                before.append(Modifier("target immobile", TARGET_IMMOBILE, "section 3"))
            if (skid := target_skidded(game, target)) is not None:
                before.append(skid)
            after = []
            if (woods := woods_modifier(game, target)) is not None:
                after.append(woods)
            if self.los.woods_points:
                after.append(Modifier("intervening woods", self.los.woods_points, "section 5"))
            if self.los.partial_cover or buildings.sticks_out(game, target):
                after.append(Modifier("partial cover", 1, "section 3"))   # B-IN-5: a low building too
            self._modifiers = (before, after)
        return self._modifiers


def mount_refusal(game: "Game", sh: Shooter, mount_index: int) -> str | None:
    """Why this mount cannot fire now, whatever the target, or None."""
    a_name, a_st, ts = sh.name, sh.status, sh.ts
    mount = sh.weapons.mounts[mount_index]
    wt = game.weapons[mount.type]
    wname = wt.name
    if mount.destroyed:
        return f"{a_name}'s {wname} is destroyed"
    if mount.jammed:
        return f"{a_name}'s {wname} is jammed"
    if sh.structure.points.get(mount.location, 1) <= 0:
        return f"{a_name}'s {mount.location.replace('_', ' ')} is destroyed, and its {wname} with it"
    if mount_index in sh.fired:
        return f"{a_name}'s {wname} has already fired this turn"
    if wt.shots_per_ton and not sh.has_ammo(mount.type):
        return f"{a_name} has no ammunition left for its {wname}"
    if a_st.prone and mount.location in ("left_leg", "right_leg"):
        return "a prone mech cannot fire its leg weapons"
    if a_st.prone and mount.location in ("left_arm", "right_arm"):
        other = "right_arm" if mount.location == "left_arm" else "left_arm"
        if other in ts.fired_locations:
            return "a prone mech props itself up on one arm: it fires from one arm only"
    return None


def attacker_modifiers(game: "Game", sh: Shooter) -> list[Modifier]:
    """The modifiers of the attacker's own state that come before the
    range: gunnery, its movement, prone (section 3)."""
    out = [Modifier("gunnery", sh.crew.gunnery if sh.crew is not None else 4, "section 3")]
    if (moved := attacker_movement(game, sh.ent)) is not None:
        out.append(moved)
    if sh.status.prone:
        out.append(Modifier("attacker prone", 2, "section 3"))
    return out


def attacker_damage_modifiers(game: "Game", sh: Shooter, mount) -> list[Modifier]:
    """The attacker's damage and heat modifiers for one mount (sections 8, 13)."""
    out = []
    if sh.kind == "mech" and sh.status.crits.count("sensors") == 1:
        out.append(Modifier("sensor damage", 2, "section 8"))
    acts = sh.actuators
    if acts is not None and mount.location in ("left_arm", "right_arm"):
        side = mount.location.split("_")[0]
        if f"{side}_shoulder" in acts.destroyed:
            out.append(Modifier("shoulder actuator destroyed", 4, "section 8"))
        else:
            for a in ("upper_arm", "lower_arm"):
                if f"{side}_{a}" in acts.destroyed:
                    out.append(Modifier(f"{a.replace('_', ' ')} actuator destroyed", 1, "section 8"))
    heat = sh.heat
    if heat is not None and heat_fire_modifier(heat.heat):
        out.append(Modifier(f"heat {heat.heat}", heat_fire_modifier(heat.heat), "section 13"))
    return out


def secondary_target_modifier(game: "Game", sh: Shooter, target_name: str, target_hex) -> Modifier | None:
    """Section 3: the first target declared is the primary; another in the
    forward arc is +1, elsewhere +2 (a building hex counts as a target too,
    B-ATK-4)."""
    if not sh.ts.targets or sh.ts.targets[0] == target_name:
        return None
    if firing_arcs.is_forward(game, sh.ent, target_hex):
        return Modifier("secondary target, forward arc", 1, "section 3")
    return Modifier("secondary target, side or rear arc", 2, "section 3")


def compute_to_hit(game: "Game", attacker: int, target: int, mount_index: int,
                   twist: int | None = None, turret: int | None = None,
                   sight: PairSight | None = None) -> WeaponToHit:
    """The to-hit number for one weapon at one target now (declarations
    made earlier this phase count for secondary targets and fired weapons).
    `twist` is the torso twist this shot would use (-1, 0, +1; None: the
    current one); `turret` the turret facing (None: the current one);
    `sight` the pair's geometry when several shots are judged together."""
    sight = sight or PairSight(game, attacker, target)
    with aimed(sight.shooter, twist, turret):
        return _compute(game, attacker, target, mount_index, sight)


@contextlib.contextmanager
def aimed(sh: Shooter, twist: int | None, turret: int | None):
    """A block in which the shooter's torso twist (-1, 0, +1) and turret
    facing are the ones given (None: as they are), put back after it."""
    ts, tur = sh.ts, sh.turret
    saved_twist, saved_turret = ts.torso_twist, (tur.facing if tur else None)
    if twist is not None:
        ts.torso_twist = twist
    if turret is not None and tur is not None:
        tur.facing = turret
    try:
        yield
    finally:
        ts.torso_twist = saved_twist
        if tur is not None:
            tur.facing = saved_turret


def in_some_arc(sight: PairSight, mounts: list, aims: list[tuple[str | None, int | None]]) -> bool:
    """Whether the target is inside the arc of one of `mounts` with one of
    `aims` ((torso twist "left"/"right", turret facing) pairs, None: as
    they are): a shot with none of them is refused (_compute)."""
    for twist, turret in aims:
        with aimed(sight.shooter, _twist_value(twist), turret):
            if any(sight.in_arc(m) for m in mounts):
                return True
    return False


def _compute(game: "Game", attacker: int, target: int, mount_index: int, sight: PairSight) -> WeaponToHit:
    sh = sight.shooter
    a_name, t_name = sh.name, sight.t_ident.name
    a_st = sh.status
    mount = sh.weapons.mounts[mount_index]
    wt = game.weapons[mount.type]
    wname = wt.name
    rng = sight.range

    # ---- who may shoot at whom
    if sight.refusal:
        return WeaponToHit.impossible(sight.refusal)

    # ---- the weapon
    refusal = mount_refusal(game, sh, mount_index)
    if refusal:
        return WeaponToHit.impossible(refusal)

    if sh.kind == "mech" and (a_st.prone or mount.location in ("left_leg", "right_leg")) and \
            game.map.terrain(sight.origin).is_water:
        # Section 3 (depth 1 water): a weapon under water cannot fire at a
        # target that is not (the legs of a standing mech, everything of a
        # prone one; depth 2+ is handled by line of sight).
        if not (game.map.terrain(sight.target_hex).is_water and sight.t_status.prone):
            return WeaponToHit.impossible(f"{a_name}'s {wname} is under water")

    # ---- geometry
    if rng == 0 and (sh.vtol or not (airborne(game, target) or sh.airborne)):
        # V-VATK-2: a VTOL never attacks a target in its own hex.
        return WeaponToHit.impossible(f"{t_name} is in {a_name}'s own hex")
    band = wt.range_band(rng)
    if band is None:
        return WeaponToHit.impossible(f"{t_name} is out of range of the {wname} "
                                f"({rng} hexes, long range ends at {wt.long})", range=rng)
    if not sight.in_arc(mount):
        return WeaponToHit.impossible(f"{t_name} is outside the {wname}'s "
                                f"{firing_arcs.mount_arc_name(game, attacker, mount)}", range=rng, band=band)
    los = sight.los
    if not los.clear:
        return WeaponToHit.impossible(f"no line of sight to {t_name}: {los.reason}", range=rng, band=band, los=los)

    # ---- modifiers (section 3)
    before, after = sight.modifiers()
    th = WeaponToHit(modifiers=list(before), range=rng, band=band, los=los,
                     side=struck_side(game, target, sight.origin),
                     table="standard" if sight.t_ident.kind == "mech" else None)
    th.add(f"{band} range", RANGE_MODIFIER[band], "section 3")
    mr = minimum_range_modifier(wt, rng)
    if mr:
        th.add(f"minimum range ({wt.min})", mr, "section 3")
    th.modifiers += after
    if (secondary := secondary_target_modifier(game, sh, sight.t_ident.uid, sight.target_hex)) is not None:
        th.modifiers.append(secondary)
    th.modifiers += attacker_damage_modifiers(game, sh, mount)
    for extra in game.ruleset.hooks.weapon_modifiers:       # vehicles: T-12, V-CE
        more = extra(game, attacker, target, mount)
        if more.reason:
            return WeaponToHit.impossible(more.reason, range=rng, band=band, los=los)
        th.modifiers += more.modifiers
    if th.number > MAX_TO_HIT:
        th.reason = f"the {wname} needs {th.number} to hit: above 12, the shot cannot be made"
    return th


def building_to_hit(game: "Game", sh: Shooter, mount_index: int, h, twist: int | None = None,
                    turret: int | None = None) -> WeaponToHit:
    """A weapon attack on the building in hex `h` (rules/buildings.md
    B-ATK-1): from the next hex it hits without a roll; from farther, the
    attacker's own modifiers, range, intervening woods, a secondary
    target's and -4 for an immobile target; no target movement or terrain.
    `twist` / `turret`: facings this shot would use."""
    t = game.map.terrain(h)
    label = game.map.label(h)
    if sh.refusal:
        return WeaponToHit.impossible(sh.refusal)
    if not t.building:
        return WeaponToHit.impossible(f"there is no building in {label}")
    refusal = mount_refusal(game, sh, mount_index)
    if refusal:
        return WeaponToHit.impossible(refusal)
    mount = sh.weapons.mounts[mount_index]
    wt = game.weapons[mount.type]
    origin = sh.pos.hex
    rng = distance(origin, h)
    if rng == 0:
        return WeaponToHit.impossible(f"{sh.name} stands in the building in {label}")
    band = wt.range_band(rng)
    if band is None:
        return WeaponToHit.impossible(f"the building in {label} is out of range of the {wt.name} "
                                      f"({rng} hexes, long range ends at {wt.long})", range=rng)
    saved = sh.ts.torso_twist, (sh.turret.facing if sh.turret is not None else None)
    if twist is not None:
        sh.ts.torso_twist = twist
    if turret is not None and sh.turret is not None:
        sh.turret.facing = turret
    try:
        in_arc = firing_arcs.facing_in_arc(sh.kind, origin, firing_arcs.arc_facing(game, sh.ent, mount.location),
                                           mount, h)
    finally:
        sh.ts.torso_twist = saved[0]
        if sh.turret is not None:
            sh.turret.facing = saved[1]
    if not in_arc:
        return WeaponToHit.impossible(f"the building in {label} is outside the {wt.name}'s "
                                      f"{firing_arcs.mount_arc_name(game, sh.ent, mount)}", range=rng, band=band)
    los = line_of_sight.line_of_sight_between(game.map, line_of_sight.body(game, sh.ent),
                                              line_of_sight.Body(h, t.level, t.roof))
    if not los.clear:
        return WeaponToHit.impossible(f"no line of sight to the building in {label}: {los.reason}",
                                      range=rng, band=band, los=los)
    th = WeaponToHit(range=rng, band=band, los=los)
    if rng <= 1:
        th.automatic = True
        return th
    th.modifiers = attacker_modifiers(game, sh)
    th.add(f"{band} range", RANGE_MODIFIER[band], "section 3")
    if (mr := minimum_range_modifier(wt, rng)):
        th.add(f"minimum range ({wt.min})", mr, "section 3")
    if los.woods_points:
        th.add("intervening woods", los.woods_points, "section 5")
    if (secondary := secondary_target_modifier(game, sh, label, h)) is not None:
        th.modifiers.append(secondary)
    th.modifiers += attacker_damage_modifiers(game, sh, mount)
    for extra in game.ruleset.hooks.weapon_modifiers:
        more = extra(game, sh.ent, None, mount)
        if more.reason:
            return WeaponToHit.impossible(more.reason, range=rng, band=band, los=los)
        th.modifiers += more.modifiers
    th.add("target immobile (a building)", TARGET_IMMOBILE, "B-ATK-1")
    if th.number > MAX_TO_HIT:
        th.reason = f"the {wt.name} needs {th.number} to hit: above 12, the shot cannot be made"
    return th


def preview(game: "Game", attacker_uid: str, target_uid: str, weapon_key: str,
            torso_twist: str | None = None, turret: int | None = None) -> WeaponToHit:
    """What a shot would need, for the UI before the player commits.

    Returns a `WeaponToHit`: `number` (the 2d6 roll needed), `modifiers`
    (`Modifier`s: label, value and rule id, summing to `number`, the first
    being the gunnery skill), `range` and `band` (short / medium / long), `los` (the line of
    sight: intervening hexes, woods points, partial cover) -- or, when the
    shot is impossible, `reason` (a sentence for the player) and
    `possible` False. `torso_twist` ("left" / "right") previews a twist
    not yet made, `turret` (0..5) a turret facing. Changes nothing and
    rolls nothing.
    """
    if attacker_uid not in game.units or target_uid not in game.units:
        return WeaponToHit.impossible("no such unit")
    raw = {"unit": attacker_uid, "target": target_uid, "weapon": weapon_key}
    return shot(game, FireOrder(attacker_uid, raw, weapon=weapon_key, target=target_uid,
                                torso_twist=torso_twist, turret=turret))


def _twist_error(game: "Game", ent: int, twist: int | None) -> str | None:
    if twist is None:
        return None
    name = game.world.component(ent, Identity).name
    if game.world.component(ent, Identity).kind != "mech":
        return f"{name} has no torso to twist"
    ts = game.world.component(ent, TurnState)
    if ts.torso_twist == twist:
        return None
    if ts.fired or ts.torso_twist != 0:
        return f"{name} has already set its torso facing for this turn"
    if game.world.component(ent, Status).prone:
        return "a prone mech cannot twist its torso"
    return None


# ------------------------------------------------------------------ orders
def turret_error(game: "Game", ent: int, facing: int | None) -> str | None:
    """V-ATK-5: a turret may point at any hexside, once per turn (all its
    weapons fire the same way); a locked, jammed or destroyed turret stays."""
    if facing is None:
        return None
    name = game.world.component(ent, Identity).name
    tur = game.world.try_component(ent, Turret)
    if tur is None:
        return f"{name} has no turret"
    if tur.facing == facing:
        return None
    if tur.destroyed:
        return f"{name}'s turret is destroyed"
    if tur.locked or tur.jammed:
        return f"{name}'s turret is {'locked' if tur.locked else 'jammed'} and cannot turn"
    if game.uid(ent) in game.turn_record.turret_turned or game.world.component(ent, TurnState).fired:
        return f"{name} has already set its turret facing for this turn"
    return None


def charge_declared(game: "Game", ent: int) -> str | None:
    """P-CHARGE-2: a unit that declared a charge or DFA makes no weapon attacks."""
    ts = game.world.component(ent, TurnState)
    if ts.charge_target or ts.dfa_target or ts.charge_hex:
        kind = "death from above" if ts.dfa_target else "charge"
        return (f"{game.world.component(ent, Identity).name} declared a {kind} this turn and makes no "
                f"weapon attacks (P-CHARGE-2)")
    return None


def shot(game: "Game", order: FireOrder, sight: PairSight | None = None,
         shooter: Shooter | None = None) -> WeaponToHit:
    """All the rules say of a fire order now: why it is refused, or the
    shot's to-hit (`sight`: the pair's geometry, shared by several shots;
    `shooter`: the attacker's, for shots at buildings)."""
    ent = game.units[order.unit]
    refused = WeaponToHit.impossible
    shooter = sight.shooter if sight is not None else shooter or Shooter(game, ent)
    if shooter.charging:
        return refused(shooter.charging)
    if shooter.weapons is None:
        return refused(f"{shooter.name} has no weapons")
    found = shooter.mount(order.weapon)
    if found.reason:
        return refused(found.reason)
    if order.target_hex is None and order.target not in game.units:
        return refused(f"there is no unit {order.target!r}")
    twist = _twist_value(order.torso_twist)
    reason = _twist_error(game, ent, twist) or turret_error(game, ent, order.turret)
    if reason:
        return refused(reason)
    if order.target_hex is not None:
        return building_to_hit(game, shooter, found.index, parse_hex_label(order.target_hex), twist, order.turret)
    target = game.units[order.target]
    return compute_to_hit(game, ent, target, found.index, twist, order.turret,
                          sight or PairSight(game, ent, target, shooter))


def check_fire(game: "Game", order: FireOrder) -> str | None:
    return shot(game, order).reason


def declare_fire(game: "Game", order: FireOrder) -> None:
    """Record a checked shot; its ammunition is used now, the dice roll at
    the end of the phase."""
    ent = game.units[order.unit]
    index = find_mount(game, ent, order.weapon).index
    mount = game.world.component(ent, Weapons).mounts[index]
    ts = game.world.component(ent, TurnState)
    twist = _twist_value(order.torso_twist)
    if twist is not None:
        ts.torso_twist = twist
    tur = game.world.try_component(ent, Turret)
    if order.turret is not None and tur is not None and tur.facing != order.turret:
        tur.facing = order.turret
        game.turn_record.turret_turned.append(order.unit)
        game.log.emit("turret", unit=order.unit, facing=order.turret)
    if order.target_hex is not None:
        th = building_to_hit(game, Shooter(game, ent), index, parse_hex_label(order.target_hex))
    else:
        th = compute_to_hit(game, ent, game.units[order.target], index)
    wt = game.weapons[mount.type]
    if wt.shots_per_ton:
        _live_bins(game, ent, mount.type)[0].shots -= 1
    ts.fired = True
    if mount.location not in ts.fired_locations:
        ts.fired_locations.append(mount.location)
    aimed_at = order.target_hex or order.target
    if aimed_at not in ts.targets:
        ts.targets.append(aimed_at)
    to_hit = None if th.automatic else th.number
    declared_shots(game).append(ShotDeclaration(
        attacker=order.unit, target=order.target or None, weapon=order.weapon, mount=index, type=mount.type,
        to_hit=to_hit, modifiers=th.pairs(), range=th.range, band=th.band,
        partial_cover=bool(th.los and th.los.partial_cover) or (
            order.target_hex is None and buildings.sticks_out(game, game.units[order.target])),
        target_hex=order.target_hex, cover_hex=_cover_building(game, order, th)))
    game.log.emit("declare", unit=order.unit, target=order.target or None, weapon=order.weapon, to_hit=to_hit,
                  **({"target_hex": order.target_hex} if order.target_hex else {}))


def _cover_building(game: "Game", order: FireOrder, th) -> str | None:
    """The building a shot's target has partial cover from, whose hex takes
    its leg hits: the low building it stands in (B-IN-5), or a building hex
    next to it on the line of sight (B-LOS-4)."""
    if order.target_hex is not None:
        return None
    target = game.units[order.target]
    if buildings.sticks_out(game, target):
        return game.map.label(game.world.component(target, Position).hex)
    cover = th.los.cover_hex if th.los and th.los.partial_cover else None
    return game.map.label(cover) if cover is not None and game.map.terrain(cover).building else None
