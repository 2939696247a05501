"""Weapon attacks in the Classic game (rules/mech_core.md sections 3, 5, 6,
7, 12): declaring a shot, its to-hit number with every modifier named, the
reasons a shot is impossible, and the simultaneous resolution of all
declared shots at the end of the weapon attack phase (to-hit roll, cluster
hits, hit locations by attack direction, damage through systems/common/damage.py,
weapon heat, the 20+ damage piloting roll).

A `FireOrder` is checked against the state at declaration; an accepted
order is recorded in `game.phase_data["weapon_attacks"]` with its to-hit
number and uses its ammunition at once. Nothing is rolled until the phase
ends: then every declared shot resolves in declaration order, including the
shots of units destroyed earlier in the same resolution (simultaneous fire).

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

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from components import (Actuators, Ammo, ClassicHeat, Crew, Identity, Mount, Position, Status, Structure,
                        TurnState, Turret, Weapons)
from engine.hexgrid import distance, mech_attack_side
from engine.orders import FireOrder
from engine.weapons import WeaponType, weapons
from systems.common import damage, line_of_sight
from systems.classic import firing_arcs, hit_location
from systems.common.unit_state import airborne, is_vtol

if TYPE_CHECKING:
    from engine.game import Game

# ------------------------------------------------------------------ tables
ATTACKER_MOVEMENT = {"walk": ("attacker walked", 1), "run": ("attacker ran", 2),
                     "jump": ("attacker jumped", 3), "cruise": ("attacker cruised", 1),
                     "flank": ("attacker flanked", 2)}
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


def target_movement_modifier(hexes: int) -> int:
    """Section 3 (TW / AGoAC bands): 0-2: 0, 3-4: +1, 5-6: +2, 7-9: +3,
    10-17: +4, 18-24: +5, 25+: +6."""
    for limit, mod in ((2, 0), (4, 1), (6, 2), (9, 3), (17, 4), (24, 5)):
        if hexes <= limit:
            return mod
    return 6


def heat_fire_modifier(heat: int) -> int:
    """Heat scale to-fire (section 13): +1 at 8, +2 at 13, +3 at 17, +4 at 24."""
    for level, mod in ((24, 4), (17, 3), (13, 2), (8, 1)):
        if heat >= level:
            return mod
    return 0


def minimum_range_modifier(wt: WeaponType, rng: int) -> int:
    """Section 3: at range <= minimum, +(min - range + 1)."""
    if wt.min and rng <= wt.min:
        return wt.min - rng + 1
    return 0


# ------------------------------------------------------------------ to-hit
@dataclass
class ToHit:
    """A shot's to-hit number and its named modifiers, or why it is impossible."""

    number: int | None
    modifiers: list[tuple[str, int]] = field(default_factory=list)
    reason: str | None = None
    range: int = 0
    band: str | None = None
    los: line_of_sight.LosResult | None = None

    @property
    def possible(self) -> bool:
        return self.reason is None

    @classmethod
    def impossible(cls, reason: str, **kw) -> "ToHit":
        return cls(None, [], reason, **kw)


def find_mount(game: "Game", ent: int, weapon_key: str | None) -> tuple[int, Mount] | str:
    """The mount an order's weapon names: "medium_laser" is the first one,
    "medium_laser#2" the second (unit-file order)."""
    name = game.world.component(ent, Identity).name
    if not weapon_key:
        return "name the weapon to fire"
    wtype, _, nth = weapon_key.partition("#")
    try:
        n = int(nth) if nth else 1
    except ValueError:
        return f"{weapon_key!r} is not a weapon name (use \"medium_laser\" or \"medium_laser#2\")"
    wp = game.world.try_component(ent, Weapons)
    matches = [(i, m) for i, m in enumerate(wp.mounts if wp else []) if m.type == wtype]
    if not matches:
        return f"{name} has no {wtype.replace('_', ' ')}"
    if not 1 <= n <= len(matches):
        return f"{name} has {len(matches)} {wtype.replace('_', ' ')}(s), not a #{n}"
    return matches[n - 1]


def _declared(game: "Game") -> list[dict]:
    return game.phase_data.setdefault("weapon_attacks", [])


def _twist_value(text: str | None) -> int | None:
    return {"left": -1, "right": 1}.get(text or "", None)


def _live_bins(game: "Game", ent: int, wtype: str) -> list:
    am = game.world.try_component(ent, Ammo)
    structure = game.world.component(ent, Structure)
    return [b for b in (am.bins if am else [])
            if b.type == wtype and b.shots > 0 and structure.points.get(b.location, 0) > 0]


def compute_to_hit(game: "Game", attacker: int, target: int, mount_index: int,
                   twist: int | None = None, turret: int | None = None) -> ToHit:
    """The to-hit number for one weapon at one target now (declarations
    made earlier this phase count for secondary targets and fired weapons).
    `twist` is the torso twist this shot would use (-1, 0, +1; None: the
    current one); `turret` the turret facing (None: the current one)."""
    w = game.world
    ts = w.component(attacker, TurnState)
    tur = w.try_component(attacker, Turret)
    saved_twist, saved_turret = ts.torso_twist, (tur.facing if tur else None)
    if twist is not None:
        ts.torso_twist = twist
    if turret is not None and tur is not None:
        tur.facing = turret
    try:
        return _compute(game, attacker, target, mount_index)
    finally:
        ts.torso_twist = saved_twist
        if tur is not None:
            tur.facing = saved_turret


def _compute(game: "Game", attacker: int, target: int, mount_index: int) -> ToHit:
    w = game.world
    a_name = w.component(attacker, Identity).name
    t_ident = w.component(target, Identity)
    a_kind = w.component(attacker, Identity).kind
    a_st, t_st = w.component(attacker, Status), w.component(target, Status)
    ts = w.component(attacker, TurnState)
    mount = w.component(attacker, Weapons).mounts[mount_index]
    table = weapons()
    wt = table[mount.type]
    wname = wt.name
    a_pos, t_pos = w.component(attacker, Position), w.component(target, Position)
    rng = distance(a_pos.hex, t_pos.hex)

    # ---- who may shoot at whom
    if not game.can_fight(attacker):
        return ToHit.impossible(f"{a_name} is destroyed")
    if a_st.shutdown:
        return ToHit.impossible(f"{a_name} is shut down")
    crew = w.try_component(attacker, Crew)
    if crew is not None and crew.unconscious:
        return ToHit.impossible(f"{a_name}'s pilot is unconscious")
    if (charging := charge_declared(game, attacker)):
        return ToHit.impossible(charging)
    if a_kind == "mech" and a_st.crits.count("sensors") >= 2:
        return ToHit.impossible(f"{a_name}'s sensors are destroyed: it cannot make weapon attacks")
    if target == attacker:
        return ToHit.impossible(f"{a_name} cannot shoot at itself")
    if not game.is_enemy(attacker, target):
        return ToHit.impossible(f"{t_ident.name} is on {a_name}'s side")
    if t_st.removed or t_st.destroyed:
        return ToHit.impossible(f"{t_ident.name} is already destroyed")

    # ---- the weapon
    if mount.destroyed:
        return ToHit.impossible(f"{a_name}'s {wname} is destroyed")
    if mount.jammed:
        return ToHit.impossible(f"{a_name}'s {wname} is jammed")
    if w.component(attacker, Structure).points.get(mount.location, 1) <= 0:
        return ToHit.impossible(f"{a_name}'s {mount.location.replace('_', ' ')} is destroyed, and its {wname} with it")
    declared = _declared(game)
    uid = game.uid(attacker)
    if any(d["attacker"] == uid and d["mount"] == mount_index for d in declared):
        return ToHit.impossible(f"{a_name}'s {wname} has already fired this turn")
    if wt.shots_per_ton and not _live_bins(game, attacker, mount.type):
        return ToHit.impossible(f"{a_name} has no ammunition left for its {wname}")
    if a_st.prone and mount.location in ("left_leg", "right_leg"):
        return ToHit.impossible("a prone mech cannot fire its leg weapons")
    if a_st.prone and mount.location in ("left_arm", "right_arm"):
        other = "right_arm" if mount.location == "left_arm" else "left_arm"
        if other in ts.fired_locations:
            return ToHit.impossible("a prone mech props itself up on one arm: it fires from one arm only")

    a_water = game.map.terrain(a_pos.hex)
    if a_kind == "mech" and a_water.is_water and (a_st.prone or mount.location in ("left_leg", "right_leg")):
        # Section 3 (depth 1 water): a weapon under water cannot fire at a
        # target that is not (the legs of a standing mech, everything of a
        # prone one; depth 2+ is handled by line of sight).
        t_water = game.map.terrain(t_pos.hex)
        if not (t_water.is_water and w.component(target, Status).prone):
            return ToHit.impossible(f"{a_name}'s {wname} is under water")

    # ---- geometry
    if rng == 0 and (is_vtol(game, attacker) or not (airborne(game, target) or airborne(game, attacker))):
        # V-VATK-2: a VTOL never attacks a target in its own hex.
        return ToHit.impossible(f"{t_ident.name} is in {a_name}'s own hex")
    band = wt.range_band(rng)
    if band is None:
        return ToHit.impossible(f"{t_ident.name} is out of range of the {wname} "
                                f"({rng} hexes, long range ends at {wt.long})", range=rng)
    if not firing_arcs.mount_in_arc(game, attacker, mount, t_pos.hex):
        return ToHit.impossible(f"{t_ident.name} is outside the {wname}'s "
                                f"{firing_arcs.mount_arc_name(game, attacker, mount)}", range=rng, band=band)
    los = line_of_sight.line_of_sight(game, attacker, target)
    if not los.clear:
        return ToHit.impossible(f"no line of sight to {t_ident.name}: {los.reason}", range=rng, band=band, los=los)

    # ---- modifiers (section 3)
    mods: list[tuple[str, int]] = []
    gunnery = crew.gunnery if crew is not None else 4
    mods.append(("gunnery", gunnery))
    mode = ts.mode if ts.moved else "none"
    if mode in ATTACKER_MOVEMENT:
        mods.append(ATTACKER_MOVEMENT[mode])
    if a_st.prone:
        mods.append(("attacker prone", 2))
    # target movement
    t_ts = w.component(target, TurnState)
    tm = target_movement_modifier(t_ts.hexes_moved if t_ts.moved else 0)
    if tm:
        mods.append((f"target moved {t_ts.hexes_moved} hexes", tm))
    if t_ts.moved and t_ts.mode == "jump" and t_ts.hexes_moved > 0:
        mods.append(("target jumped", 1))
    if is_vtol(game, target) and airborne(game, target):
        mods.append(("target airborne VTOL", 1))          # V-VATK-5
    if t_st.prone:
        mods.append(("target prone, adjacent", -2) if rng <= 1 else ("target prone", 1))
    t_crew = w.try_component(target, Crew)
    if t_st.shutdown or t_st.immobile or (t_crew is not None and t_crew.unconscious):
        mods.append(("target immobile", -4))
    # range
    mods.append((f"{band} range", RANGE_MODIFIER[band]))
    mr = minimum_range_modifier(wt, rng)
    if mr:
        mods.append((f"minimum range ({wt.min})", mr))
    # terrain
    t_terrain = game.map.terrain(t_pos.hex)
    t_body = line_of_sight.body(game, target)
    # An airborne VTOL gets no benefit from the woods in its hex (V-VATK-5),
    # unless it flies under the treetops along a road through them (V-VTOL-9).
    if (t_terrain.woods and t_body.top < t_terrain.level + 2
            and (not airborne(game, target) or t_terrain.road)):
        mods.append(("target in light woods", 1) if t_terrain.woods == 1 else ("target in heavy woods", 2))
    if los.woods_points:
        mods.append(("intervening woods", los.woods_points))
    if los.partial_cover:
        mods.append(("partial cover", 1))
    # secondary target (first declared target is the primary)
    t_uid = game.uid(target)
    if ts.targets and ts.targets[0] != t_uid:
        if firing_arcs.is_forward(game, attacker, t_pos.hex):
            mods.append(("secondary target, forward arc", 1))
        else:
            mods.append(("secondary target, side or rear arc", 2))
    # attacker damage
    if a_kind == "mech" and a_st.crits.count("sensors") == 1:
        mods.append(("sensor damage", 2))
    acts = w.try_component(attacker, Actuators)
    if acts is not None and mount.location in ("left_arm", "right_arm"):
        side = mount.location.split("_")[0]
        if f"{side}_shoulder" in acts.destroyed:
            mods.append(("shoulder actuator destroyed", 4))
        else:
            for a in ("upper_arm", "lower_arm"):
                if f"{side}_{a}" in acts.destroyed:
                    mods.append((f"{a.replace('_', ' ')} actuator destroyed", 1))
    heat = w.try_component(attacker, ClassicHeat)
    if heat is not None and heat_fire_modifier(heat.heat):
        mods.append((f"heat {heat.heat}", heat_fire_modifier(heat.heat)))
    for extra in game.ruleset.hooks.weapon_modifiers:       # vehicles: T-12, V-CE
        out = extra(game, attacker, target, mount)
        if isinstance(out, str):
            return ToHit.impossible(out, range=rng, band=band, los=los)
        mods += out
    number = sum(v for _, v in mods)
    if number > 12:
        return ToHit(number, mods, f"the {wname} needs {number} to hit: above 12, the shot cannot be made",
                     rng, band, los)
    return ToHit(number, mods, None, rng, band, los)


def preview(game: "Game", attacker_uid: str, target_uid: str, weapon_key: str,
            torso_twist: str | None = None, turret: int | None = None) -> ToHit:
    """What a shot would need, for the UI before the player commits.

    Returns a `ToHit`: `number` (the 2d6 roll needed), `modifiers` (a list of
    (label, value) that sum to `number`, the first being the gunnery
    skill), `range` and `band` (short / medium / long), `los` (the line of
    sight: intervening hexes, woods points, partial cover) -- or, when the
    shot is impossible, `reason` (a sentence for the player) and
    `possible` False. `torso_twist` ("left" / "right") previews a twist
    not yet made, `turret` (0..5) a turret facing. Changes nothing and
    rolls nothing.
    """
    if attacker_uid not in game.units or target_uid not in game.units:
        return ToHit.impossible("no such unit")
    ent, tgt = game.units[attacker_uid], game.units[target_uid]
    found = find_mount(game, ent, weapon_key)
    if isinstance(found, str):
        return ToHit.impossible(found)
    twist = _twist_value(torso_twist)
    reason = _twist_error(game, ent, twist) or _turret_error(game, ent, turret)
    if reason:
        return ToHit.impossible(reason)
    return compute_to_hit(game, ent, tgt, found[0], twist, turret)


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
def _turret_error(game: "Game", ent: int, facing: int | None) -> str | None:
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
    if game.uid(ent) in game.phase_data.get("turret_turned", []) or game.world.component(ent, TurnState).fired:
        return f"{name} has already set its turret facing for this turn"
    return None


def charge_declared(game: "Game", ent: int) -> str | None:
    """P-CHARGE-2: a unit that declared a charge or DFA makes no weapon attacks."""
    ts = game.world.component(ent, TurnState)
    if ts.charge_target or ts.dfa_target:
        kind = "charge" if ts.charge_target else "death from above"
        return (f"{game.world.component(ent, Identity).name} declared a {kind} this turn and makes no "
                f"weapon attacks (P-CHARGE-2)")
    return None


def check_fire(game: "Game", order: FireOrder) -> str | None:
    ent = game.units[order.unit]
    if (charging := charge_declared(game, ent)):
        return charging
    if game.world.try_component(ent, Weapons) is None:
        return f"{game.world.component(ent, Identity).name} has no weapons"
    found = find_mount(game, ent, order.weapon)
    if isinstance(found, str):
        return found
    if order.target not in game.units:
        return f"there is no unit {order.target!r}"
    twist = _twist_value(order.torso_twist)
    reason = _twist_error(game, ent, twist) or _turret_error(game, ent, order.turret)
    if reason:
        return reason
    th = compute_to_hit(game, ent, game.units[order.target], found[0], twist, order.turret)
    return th.reason


def declare_fire(game: "Game", order: FireOrder) -> None:
    """Record a checked shot; its ammunition is used now, the dice roll at
    the end of the phase."""
    ent = game.units[order.unit]
    tgt = game.units[order.target]
    index, mount = find_mount(game, ent, order.weapon)   # type: ignore[misc]
    ts = game.world.component(ent, TurnState)
    twist = _twist_value(order.torso_twist)
    if twist is not None:
        ts.torso_twist = twist
    tur = game.world.try_component(ent, Turret)
    if order.turret is not None and tur is not None and tur.facing != order.turret:
        tur.facing = order.turret
        game.phase_data.setdefault("turret_turned", []).append(order.unit)
        game.log.emit("turret", unit=order.unit, facing=order.turret)
    th = compute_to_hit(game, ent, tgt, index)
    wt = weapons()[mount.type]
    if wt.shots_per_ton:
        _live_bins(game, ent, mount.type)[0].shots -= 1
    ts.fired = True
    if mount.location not in ts.fired_locations:
        ts.fired_locations.append(mount.location)
    if order.target not in ts.targets:
        ts.targets.append(order.target)
    _declared(game).append({
        "attacker": order.unit, "target": order.target, "weapon": order.weapon, "mount": index,
        "type": mount.type, "to_hit": th.number, "modifiers": [list(m) for m in th.modifiers],
        "range": th.range, "band": th.band,
        "partial_cover": bool(th.los and th.los.partial_cover),
    })
    game.log.emit("declare", unit=order.unit, target=order.target, weapon=order.weapon,
                  to_hit=th.number)


# ------------------------------------------------------------------ resolution
def begin_weapon_phase(game: "Game") -> None:
    game.phase_data["weapon_attacks"] = []
    for _, ts in game.world.get_component(TurnState):
        ts.damage_this_phase = 0


def resolve_weapon_phase(game: "Game") -> None:
    """All declared shots resolve now, in declaration order; then the
    end-of-phase piloting rolls for 20+ damage are queued."""
    for shot in list(_declared(game)):
        resolve_shot(game, shot)
    queue_damage_psrs(game)


def queue_damage_psrs(game: "Game") -> None:
    """A mech that took 20 or more damage this phase makes a PSR at +1 (section 9)."""
    from systems.classic.piloting import queue_psr
    for uid, ent in game.units.items():
        ts = game.world.try_component(ent, TurnState)
        if ts is None or game.kind(ent) != "mech" or not game.can_fight(ent):
            continue
        if ts.damage_this_phase >= 20:
            queue_psr(game, ent, f"took {ts.damage_this_phase} damage this phase", 1)


def roll_hits(roll: int, to_hit: int) -> bool:
    """A Classic to-hit roll of 2d6 hits on the number needed or more, but a
    natural 2 always misses (rules/mech_core.md section 3)."""
    return roll >= to_hit and roll != 2


def resolve_shot(game: "Game", shot: dict) -> None:
    ent, tgt = game.units[shot["attacker"]], game.units[shot["target"]]
    wt = weapons()[shot["type"]]
    heat = game.world.try_component(ent, ClassicHeat)
    if heat is not None:
        heat.pending += wt.heat          # fired, hit or miss (section 13)
    a_name = game.world.component(ent, Identity).name
    roll = game.dice.roll("to_hit", 2, f"{a_name}: {wt.name} at {shot['target']}")
    hit = roll_hits(roll, shot["to_hit"])
    game.log.emit("attack", attacker=shot["attacker"], target=shot["target"], attack=shot["type"],
                  weapon=shot["weapon"], name=wt.name, to_hit=shot["to_hit"],
                  modifiers=[list(m) for m in shot["modifiers"]], roll=roll, hit=hit,
                  range=shot["range"], band=shot["band"])
    if not hit:
        return
    if wt.cluster:
        c_roll = game.dice.roll("cluster", 2, f"cluster hits, {wt.name}")
        missiles = cluster_hits(wt.cluster, c_roll)
        game.log.emit("cluster", attacker=shot["attacker"], target=shot["target"], weapon=shot["weapon"],
                      roll=c_roll, missiles=missiles, rack=wt.cluster)
        amounts = hit_location.groups(missiles * wt.damage, wt.group or wt.damage)
    else:
        amounts = [wt.damage_at(shot["band"])]
    for amount in amounts:
        apply_hit(game, ent, tgt, amount, cause=wt.name, partial_cover=shot.get("partial_cover", False))


def apply_hit(game: "Game", attacker: int, target: int, amount: int, cause: str,
              partial_cover: bool = False) -> None:
    """One damage group: roll its location and apply it. With partial cover
    (declared with the shot) leg hits strike the cover instead (section 3).
    Other unit kinds than mechs use their own tables (`Hooks.weapon_hit`;
    vehicles: rules/vehicles.md V-HIT)."""
    kind = game.world.component(target, Identity).kind
    if kind != "mech":
        game.ruleset.hooks.weapon_hit[kind](game, attacker, target, amount, cause)
        return
    t_pos = game.world.component(target, Position)
    side = mech_attack_side(t_pos.hex, t_pos.facing, game.world.component(attacker, Position).hex)
    hit = hit_location.mech_hit(game, "standard", side, f"hit location, {side}")
    if partial_cover and hit.location in ("left_leg", "right_leg"):
        game.log.emit("partial_cover", unit=game.uid(target), location=hit.location, amount=amount)
        return
    damage.apply_damage(game, target, hit.location, amount, through_armor_critical=hit.through_armor_critical,
                        cause=cause)
