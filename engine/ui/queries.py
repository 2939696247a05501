"""The window's questions to the rules, in one place: a unit's movement
modes and MP and why it cannot move, where a path leads, the rolls it makes
and whether it surely destroys the unit, where the unit can reach; which
weapons a unit can name in an order, every attack it has against a target
(the options call) with what each needs to hit, its chance (by the
ruleset's own test of a roll) and why one is impossible, the side it
strikes, which weapons cannot fire together, the physical attacks and
their damage, charges and deaths from above, the enemies to target, a
vehicle's driving-roll penalty, and an Alpha Strike card's current values,
heat and why it cannot act.

Each answer comes from `game.check`, from the options call
(systems/common/options.py) or from a rule system's own function, named in
the docstring; nothing here decides a rule.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from components import (AlphaStrikeCard, Altitude, Armor, ClassicHeat, Crew, Identity, Position, Status,
                        Structure, Turret, VehicleCrits, VehicleMovement, Weapons)
from engine import undo
from engine.hexgrid import Hex, distance, line, parse_hex_label
from engine.orders import MOVE_STEPS, ChoiceNeeded, FireOrder, MoveOrder, PhysicalOrder, PickOrder
from systems.alpha_strike import card as as_card, combat as as_combat
from systems.alpha_strike.end_phase import heat_preview
from systems.classic import criticals, heat as classic_heat, melee, piloting, weapon_attacks
from systems.classic.weapon_names import weapon_names
from systems.common import line_of_sight, movement
from systems.common.options import (attack_options, building_options, declaration_options, has_attack,
                                    has_building_attack, standing_buildings, unit_actions)
from systems.common.to_hit import ToHit
from systems.common.victory import units_able_to_fight
from systems.vehicles import driving, moves as vehicle_moves


def hit_chance(game, attacker: int, target: int | None) -> float:
    """The chance that the attacker's to-hit roll of 2d6 hits `target`, by
    its ruleset's own test of a roll (weapon_attacks.roll_hits: a natural 2
    always misses, so Classic tops out at 35/36; as_combat.roll_hits: 2 or
    less hits automatically)."""
    if target is None:
        return 0.0
    hits = as_combat.roll_hits if is_alpha(game, attacker) else weapon_attacks.roll_hits
    return sum(1 for a in range(1, 7) for b in range(1, 7) if hits(a + b, target)) / 36


# ---------------------------------------------------------------- movement
def move_modes(game, ent: int) -> list[str]:
    """The unit's movement modes (walk, run, jump; cruise, flank), from its motion rules."""
    return list(movement.motion_rules(game, ent).modes)


def move_mp(game, ent: int, mode: str) -> int:
    return movement.motion_rules(game, ent).mp(game, ent, mode)


def mode_error(game, ent: int, mode: str) -> str | None:
    """Why the unit cannot move in `mode` this turn, or None: it can make no
    move at all (movement.cannot_move_reason: shut down, immobile, pilot
    unconscious), or its motion rules refuse the mode."""
    return movement.cannot_move_reason(game, ent) or movement.motion_rules(game, ent).mode_error(
        game, ent, mode, movement.start_state(game, ent))


def plan_move(game, ent: int, mode: str | None, path: list[str]):
    """Where a path leads (movement.plan): its states, MP, rolls and error."""
    return movement.plan(game, ent, mode, list(path))


def reachable(game, ent: int, mode: str, prefer: str = "mp"):
    """Every state the unit can end a move in, with the best path by
    `prefer`: "mp", the cheapest (of equal MP, the fewest and easiest
    rolls), or "rolls", the fewest and easiest rolls (movement.reachable);
    none when it cannot move in `mode` (mode_error)."""
    return {} if mode_error(game, ent, mode) else movement.reachable(game, ent, mode, prefer=prefer)


def cheapest_by_hex(states, altitude: int | None = None) -> dict:
    """hex -> (MP, state key) of the best way to each hex of a `reachable`
    answer, at `altitude` where it can be reached there (movement.cheapest_by_hex)."""
    return movement.cheapest_by_hex(states, altitude)


def ways_at(states, h, altitude: int) -> list:
    """The ways a `reachable` answer holds to `h` at `altitude` (movement.ways_at)."""
    return movement.ways_at(states, h, altitude)


def path_rolls(game, ent: int, mode: str, path: list[str]) -> list[str]:
    """The rolls a planned path makes, each naming its hex, and the crashes
    it makes sure of: a mech's piloting rolls with their target numbers, a
    fall if one fails (piloting.planned_rolls); a vehicle's driving rolls
    with their target numbers and a VTOL's landing where it may not land
    (vehicle_moves.risks)."""
    if game.kind(ent) == "mech":
        out = []
        for trigger, tn in piloting.planned_rolls(game, ent, mode, list(path)):
            where = f"piloting roll at {game.map.label(trigger.state.hex)} ({trigger.reason})"
            out.append(f"{where}: fails automatically, a fall" if tn is None or tn > 12 else
                       f"{where}: needs {tn}+, a fall if it fails")
        return out
    driving_ = vehicle_moves.risks(game, ent, mode, list(path)) \
        if game.world.try_component(ent, VehicleMovement) is not None else []
    out = [f"piloting roll at {game.map.label(p.state.hex)}: {p.reason}" for p in plan_move(game, ent, mode, path).psrs
           if not (p.reason in vehicle_moves.ROLLS and driving_)]
    return out + driving_


def has_altitude(game, ent: int) -> bool:
    """Does the unit fly at an altitude (a VTOL, V-VTOL-4)?"""
    return game.world.try_component(ent, Altitude) is not None


def move_destroys(game, ent: int, mode: str, path: list[str]) -> str | None:
    """Why carrying out this planned move surely destroys the unit (a VTOL
    landing in water, ...: vehicle_moves.certain_loss), or None."""
    return vehicle_moves.certain_loss(game, ent, mode, list(path))


def driving_modifiers(game, ent: int) -> list[tuple[str, int]]:
    """A vehicle's lasting driving roll modifiers: crew hits and motive
    damage (driving.standing_modifiers, T-9); none for other units."""
    if game.world.try_component(ent, VehicleMovement) is None:
        return []
    return driving.standing_modifiers(game, ent)


# ---------------------------------------------------------------- weapons
@dataclass
class WeaponSlot:
    order_name: str          # the name an order uses: "medium_laser" or "medium_laser#2"
    label: str               # "Medium Laser (RA)"
    mount: Any
    wtype: Any | None


LOC_SHORT = {"head": "H", "center_torso": "CT", "left_torso": "LT", "right_torso": "RT",
             "left_arm": "LA", "right_arm": "RA", "left_leg": "LL", "right_leg": "RL",
             "front": "Fr", "left": "L", "right": "R", "rear": "Rr", "turret": "Tu", "rotor": "Ro",
             "body": "Bd"}
CARD_ATTACK = WeaponSlot("", "Weapon attack", None, None)      # an Alpha Strike card's one weapon attack


def weapon_slots(game, ent: int) -> list[WeaponSlot]:
    """The unit's weapons in unit-file order, each with the name an order
    gives it (systems/classic/weapon_names.weapon_names)."""
    w = game.world.try_component(ent, Weapons)
    if w is None:
        return []
    table = game.weapons
    out = []
    for m, name in zip(w.mounts, weapon_names([m.type for m in w.mounts])):
        wt = table.get(m.type)
        label = f"{wt.name if wt else m.type} ({LOC_SHORT.get(m.location, m.location)}{', rear' if m.rear else ''})"
        out.append(WeaponSlot(name, label, m, wt))
    return out


def weapon_state(game, ent: int, slot: WeaponSlot) -> str:
    """"" for a weapon in working order, else what is wrong with it:
    destroyed (a critical hit, or its location destroyed with it, as
    weapon_attacks refuses to fire it) or jammed."""
    if slot.mount.destroyed:
        return "DESTROYED"
    if game.world.component(ent, Structure).points.get(slot.mount.location, 1) <= 0:
        return "DESTROYED (location)"
    return "JAMMED" if slot.mount.jammed else ""


# ---------------------------------------------------------------- previews
@dataclass
class Preview:
    reason: str | None = None                 # why the attack is impossible, else None
    to_hit: int | None = None
    modifiers: list[tuple[str, int]] = field(default_factory=list)
    attack: ToHit | None = None               # the rules' judgement (damage, range, overheat, ...)
    chance: float = 0.0                       # of hitting (hit_chance); 0 when impossible

    def needs(self) -> str:
        """'needs 8 (42%)', or 'automatic hit' when no roll can miss."""
        if self.chance >= 1:
            return "automatic hit"
        return f"needs {self.to_hit} ({self.chance * 100:.0f}%)"

    def breakdown(self) -> str:
        return ", ".join(f"{label} {value:+d}" if i else f"{label} {value}"
                         for i, (label, value) in enumerate(self.modifiers))


def judged(game, ent: int, to_hit: ToHit, reason: str | None) -> Preview:
    """A preview of the rules' judgement `to_hit` (refused for `reason`)."""
    if reason is not None:
        return Preview(reason=reason, attack=to_hit)
    automatic = getattr(to_hit, "automatic", False)       # a building next to the attacker (B-ATK-1, B-ATK-3)
    return Preview(to_hit=to_hit.number, modifiers=[] if automatic else [(m.label, m.value) for m in to_hit.modifiers],
                   attack=to_hit, chance=1.0 if automatic else hit_chance(game, ent, to_hit.number))


PHYSICAL_LABELS = {
    ("punch", "left"): "Punch (left arm)", ("punch", "right"): "Punch (right arm)",
    ("kick", "left"): "Kick (left leg)", ("kick", "right"): "Kick (right leg)",
    ("push", None): "Push", ("club", None): "Club",
    ("hatchet", None): "Hatchet",
    ("standard", None): "Physical attack", ("melee", None): "Melee attack (MEL)",
}


@dataclass
class Choices:
    """Every attack a unit has against one target, from the options call:
    its weapons (an Alpha Strike card's one weapon attack) and its
    physical attacks, each with its preview, and the side of the target
    they strike."""
    weapons: list[tuple[WeaponSlot, Preview]]
    physical: list[tuple[str, PhysicalOrder, Preview]]
    side: str | None


def attack_choices(game, uid: str, target: str, twist: str | None = None, turret: int | None = None,
                   overheat: int = 0) -> Choices:
    """The options call (systems/common/options.attack_options; for a
    building's target key, building_options) in the window's terms: each
    option's preview, weapons named as orders name them, and the side
    struck as the options' to-hit says it (the first that names one; a die
    picks it: "random", not shown)."""
    ent = game.units[uid]
    slots = weapon_slots(game, ent)
    out = Choices([], [], None)
    label = building_label(target)
    opts = (building_options(game, uid, [label], torso_twist=twist, turret=turret)[label] if label else
            attack_options(game, uid, target, torso_twist=twist, turret=turret, overheat=overheat))
    for opt in opts:
        preview = judged(game, ent, opt.to_hit, opt.reason)
        if opt.kind == "weapon":
            out.weapons.append((slots[opt.mount] if opt.mount is not None else CARD_ATTACK, preview))
        else:
            out.physical.append((PHYSICAL_LABELS[(opt.attack, opt.limb)], opt.order, preview))
        if out.side is None and opt.to_hit.side not in (None, "random"):
            out.side = opt.to_hit.side
    return out


def turret_refusal(game, ent: int, facing: int) -> str | None:
    """Why the unit's turret may not be turned to `facing` now
    (weapon_attacks.turret_error: V-ATK-5), or None."""
    return weapon_attacks.turret_error(game, ent, facing)


def weapon_conflicts(game, uid: str, target: str, ticked: list[str], others: list[str],
                     twist: str | None = None, turret: int | None = None) -> dict[str, str]:
    """The weapons that cannot fire together with the ones ticked (a prone
    mech fires from one arm only, the last shot of ammunition, ...): order
    name -> the engine's reason. The `ticked` weapons are declared in order
    on the game itself (`game.check`, `game.submit`: declarations roll no
    dice), each checked after the ones before it, and then the `others`
    against all of them; the game is then put back in place as it was
    (engine/undo.checkpoint, which leaves the map and logs uncopied:
    declarations change no terrain)."""
    out: dict[str, str] = {}
    cp = undo.checkpoint(game, terrain=False)
    hook, game.on_action = game.on_action, None     # nothing to keep from before a trial that is put back
    try:
        for name in ticked:
            order = fire_order(uid, name, target, twist, turret)
            reason = game.check(order)
            if reason:
                out[name] = reason
            else:
                game.submit(order)
        for name in others:
            reason = game.check(fire_order(uid, name, target, twist, turret))
            if reason:
                out[name] = reason
    finally:
        undo.rollback(game, cp)
        game.on_action = hook
    return out


# ---------------------------------------------------------------- heat
@dataclass
class HeatForecast:
    """A mech's heat at the end of this turn if it fires the weapons named."""
    now: int
    end: int
    sources: list[tuple[str, int]]         # this turn's buildup, the weapons named last
    dissipation: int
    effects: list[tuple[str, bool]]         # the heat-scale effects `end` reaches (text, grave)


def heat_forecast(game, uid: str, weapons: list[str]) -> HeatForecast | None:
    """The heat after the Heat phase with the weapons named fired as well
    (None for a unit without Classic heat): this turn's buildup and the
    dissipation from systems/classic/heat.py (buildup_sources, dissipation,
    heat_after),
    each weapon's heat from the weapons table, and the heat-scale effects
    the result reaches from the same module and weapon_attacks
    (movement_mp_penalty, heat_fire_modifier, shutdown_avoid_number,
    ammo_avoid_number, life_support_damage)."""
    ent = game.units[uid]
    heat = game.world.try_component(ent, ClassicHeat)
    if heat is None or game.kind(ent) != "mech":
        return None
    slots = {slot.order_name: slot for slot in weapon_slots(game, ent)}
    fired = sum(slots[n].wtype.heat for n in weapons if n in slots and slots[n].wtype is not None)
    sources = [(str(why), int(v)) for why, v in classic_heat.buildup_sources(game, ent)]
    if fired:
        sources.append(("weapons ticked", fired))
    cooled = classic_heat.dissipation(game, ent)
    end = classic_heat.heat_after(heat.heat, sum(v for _w, v in sources), cooled)
    effects: list[tuple[str, bool]] = []
    mp = classic_heat.movement_mp_penalty(end)
    if mp:
        effects.append((f"-{mp} walking MP next turn", False))
    fire = weapon_attacks.heat_fire_modifier(end)
    if fire:
        effects.append((f"+{fire} to hit next turn", False))
    shut = classic_heat.shutdown_avoid_number(end)
    if shut is not None:
        effects.append(("shuts down (automatic)" if shut > 12 else f"shutdown roll: needs {shut}+", True))
    ammo = classic_heat.ammo_avoid_number(end)
    if ammo is not None and criticals.most_dangerous_bin(game, ent) is not None:
        effects.append((f"ammunition explosion roll: needs {ammo}+", True))
    if "life_support" in game.world.component(ent, Status).crits and classic_heat.life_support_damage(end):
        effects.append((f"life support: the pilot takes {classic_heat.life_support_damage(end)} damage", True))
    return HeatForecast(heat.heat, end, sources, cooled, effects)


# ---------------------------------------------------------------- physical
def physical_candidates(game, uid: str, target: str | None) -> list[tuple[str, PhysicalOrder, Preview]]:
    """Every physical attack the unit could try on `target` (attack_choices)
    and, for a mech, picking up a club (systems/common/options.unit_actions),
    each with its to-hit or the reason it is impossible."""
    out = list(attack_choices(game, uid, target).physical) if target is not None else []
    for opt in unit_actions(game, uid):
        label = "Pick up a severed limb as a club" if opt.order.source == "limb" else "Uproot a tree as a club"
        out.append((label, opt.order, Preview(reason=opt.reason)))
    return out


def declared_physical(game, uid: str) -> list:
    """The physical attacks `uid` has declared this phase, in order
    (melee.declared_attacks)."""
    return melee.declared_attacks(game, uid)


# ---------------------------------------------------------------- orders
def fire_order(uid: str, weapon: str | None, target: str, twist: str | None = None,
               turret: int | None = None, overheat: int = 0) -> FireOrder:
    """A fire order at a unit, or at a building (its target key: `target_hex`)."""
    label = building_label(target)
    raw = {"unit": uid, **({"target_hex": label} if label else {"target": target})}
    if weapon:
        raw["weapon"] = weapon
    if twist:
        raw["torso_twist"] = twist
    if turret is not None:
        raw["turret"] = turret
    if overheat:
        raw["overheat"] = overheat
    return FireOrder(uid, raw=raw, weapon=weapon, target="" if label else target, target_hex=label,
                     torso_twist=twist, turret=turret, overheat=overheat)


def move_order(uid: str, mode: str, path: list[str], charge: str | None = None,
               dfa: str | None = None) -> MoveOrder:
    raw = {"unit": uid, "mode": mode, "path": list(path)}
    if charge:
        raw["charge"] = charge
    if dfa:
        raw["dfa"] = dfa
    return MoveOrder(uid, raw=raw, mode=mode, path=list(path), charge=charge, dfa=dfa)


def pick_order(need: ChoiceNeeded, weapon: str) -> PickOrder:
    """The answer to a destroyed weapon's pick (V-CE-14) as an order."""
    raw = {"unit": need.unit, "location": need.location, "weapon": weapon, "chooser": need.chooser}
    return PickOrder(need.unit, raw=raw, location=need.location, weapon=weapon, chooser=need.chooser)


def pick_labels(game, need: ChoiceNeeded) -> list[str]:
    """The weapons a pick offers as the record sheet names them (weapon_slots)."""
    slots = {s.order_name: s.label for s in weapon_slots(game, game.units[need.unit])}
    return [slots.get(name, name) for name in need.options]


def choice_possible(game) -> bool:
    """Could an action stop at a player's choice now: a game that asks some
    side (Game.choosers), with a vehicle holding two working weapons in one
    location (a destroyed weapon's pick, systems/vehicles/weapon_loss.py)?"""
    if not game.choosers:
        return False
    for ent in game.units.values():
        if game.world.try_component(ent, VehicleCrits) is None or game.world.component(ent, Status).destroyed:
            continue
        where = [m.location for m in game.world.component(ent, Weapons).mounts if not m.destroyed]
        if len(where) > len(set(where)):
            return True
    return False


@dataclass
class Declaration:
    """A charge or death from above a planned move could declare: what the
    button says, the target's name, the order, and why it is refused."""
    label: str
    target: str
    order: MoveOrder
    reason: str | None


def declarations(game, uid: str, mode: str, path: list[str]) -> list[Declaration]:
    """The charges (or, jumping, deaths from above) on the enemies in or
    next to the hex the path ends in, each with the path or one more step
    forward, and a charge on the building ahead of its end, with the
    rules' reason when one cannot be declared
    (systems/common/options.declaration_options)."""
    out = []
    for opt in declaration_options(game, uid, mode, path):
        if opt.order.charge_hex:                # the building ahead of the move's end (B-PHYS-3)
            name = f"the building in {opt.order.charge_hex}"
        else:
            name = game.world.component(game.units[opt.order.charge or opt.order.dfa], Identity).name
        label = ("Charge " if opt.kind == "charge" else "Death from above on ") + name
        out.append(Declaration(label, name, opt.order, opt.reason))
    return out


# ---------------------------------------------------------------- nothing to do but hold
def only_holds(game, uid: str, kind: str) -> str | None:
    """Why `uid` can do nothing in this phase but hold, or None when it has
    something to do (`hold_reasons`)."""
    return hold_reasons(game, [uid], kind)[uid]


def hold_reasons(game, uids: list[str], kind: str) -> dict[str, str | None]:
    """Why each of `uids` can do nothing in this phase of `kind` but hold,
    or None when it has something to do: in a movement phase no first step
    of any mode that `game.check` allows (staying put is all that is left);
    in an attack phase no attack the options call allows on any enemy
    (options.has_attack, the nearest enemy first, stopping at the first
    allowed) -- every weapon, with any torso twist or turret facing -- and
    no physical attack, nor a club to pick up (physical_candidates), nor a
    building to attack (options.has_building_attack)."""
    if kind == "move":
        return {uid: _cannot_move(game, uid) for uid in uids}
    standing = on_battlefield(game)
    with_physical = kind == "physical" or (game.phase, PhysicalOrder) in game.ruleset.handlers
    kinds = (("weapon",) if kind == "fire" else ()) + (("physical",) if with_physical else ())
    buildings: list[str] | None = None
    out: dict[str, str | None] = {}
    for uid in uids:
        ent = game.units[uid]
        out[uid] = None
        if has_attack(game, uid, enemies(game, uid, standing), kinds=kinds,
                      aims=_aims(game, ent) if kind == "fire" else None):
            continue
        if with_physical and any(p.reason is None for _l, _o, p in physical_candidates(game, uid, None)):
            continue            # a club to pick up
        if buildings is None:
            buildings = standing_buildings(game)
        if has_building_attack(game, uid, buildings, kinds=kinds):
            continue            # a building to attack (B-ATK)
        out[uid] = "no attack it could make"
    return out


def _cannot_move(game, uid: str) -> str | None:
    ent = game.units[uid]
    for mode in move_modes(game, ent):
        if mode_error(game, ent, mode) is None and any(
                game.check(move_order(uid, mode, [step])) is None for step in MOVE_STEPS):
            return None
    return "it cannot move"


def _aims(game, ent: int) -> list[tuple[str | None, int | None]]:
    """The torso twists (a mech) or turret facings (a turret) a fire order
    may name, with none first."""
    if game.kind(ent) == "mech":
        return [(None, None), ("left", None), ("right", None)]
    if game.world.try_component(ent, Turret) is not None:
        return [(None, None)] + [(None, facing) for facing in range(6)]
    return [(None, None)]


# ---------------------------------------------------------------- buildings
BUILDING = "building:"          # a target key naming the building in a hex: "building:0505"


def building_key(label: str) -> str:
    return BUILDING + label


def building_label(target: str | None) -> str | None:
    """The hex label of a building's target key, None for a unit's id."""
    return target[len(BUILDING):] if target and target.startswith(BUILDING) else None


def target_hex(game, target: str) -> Hex:
    """Where a target stands: the building's hex, or the unit's."""
    label = building_label(target)
    return parse_hex_label(label) if label else game.world.component(game.units[target], Position).hex


def building_words(game, h: Hex) -> str | None:
    """'medium building, height 2, CF 33' (its class and CF now: engine/hexmap.py,
    B-CLASS), 'rubble of a light building' where one collapsed, else None."""
    t = game.map.terrain(h)
    if t.building:
        return f"{t.building_type} building, height {t.building}, CF {t.construction_factor}"
    gone = game.map.collapsed.get(h)
    return f"rubble of a {gone.building_type} building (collapsed)" if gone is not None else None


def aim_in(game, uid: str, h: Hex) -> str | None:
    """What `uid` aims at in hex `h`: the first enemy there, else the
    building standing there (not its own hex) when its rules have attacks
    on buildings (building_options: none in Alpha Strike), else None."""
    ent = game.units[uid]
    for other in game.units_at(h):
        if game.is_enemy(ent, other):
            return game.uid(other)
    if game.map.terrain(h).building and h != game.world.component(ent, Position).hex:
        label = game.map.label(h)
        if building_options(game, uid, [label])[label]:
            return building_key(label)
    return None


def building_targets(game, uid: str, kind: str) -> list[str]:
    """The target keys of the standing buildings `uid` could aim at, nearest
    first: in the weapon phase ("fire") those some weapon has in range and
    line of sight (the options' to-hit), in the physical phase those a
    physical attack of its could hit now, among the buildings in reach of
    an attack of that kind (building_options with `in_reach`)."""
    kinds = ("physical",) if kind == "physical" else ("weapon",)
    options = building_options(game, uid, kinds=kinds, in_reach=True)

    def aimable(o) -> bool:
        if kind == "physical":
            return o.kind == "physical" and o.possible
        return o.kind == "weapon" and (o.possible or bool(getattr(o.to_hit, "band", None)
                                                          and getattr(getattr(o.to_hit, "los", None), "clear", False)))
    return [building_key(label) for label, opts in options.items() if any(aimable(o) for o in opts)]


# ---------------------------------------------------------------- the battlefield
def los_hexes(a, b) -> list[list]:
    return line(a, b)


def range_between(game, a: int, b: int) -> int:
    return distance(game.world.component(a, Position).hex, game.world.component(b, Position).hex)


@dataclass
class Sight:
    """The ruler between two hexes: range, line of sight (the hexes it
    crosses, the one that blocks it, intervening woods, partial cover)
    and, between enemies, the first attack the unit at `frm` could make."""
    frm: Hex
    to: Hex
    range: int
    los: Any                               # line_of_sight.LosResult
    blocking: Hex | None
    ends: tuple[str, str]                  # what stands at each end
    attack: tuple[str, Preview] | None = None


def _end(game, h: Hex) -> tuple[int | None, Any, str]:
    """The unit in `h` (the first still there) and its body, or a standing
    mech's body on the hex's ground (line_of_sight.body, ground_level)."""
    for ent in game.units_at(h):
        if not game.world.component(ent, Status).removed:
            return ent, line_of_sight.body(game, ent), game.world.component(ent, Identity).name
    ground = line_of_sight.ground_level(game.map, h)
    return None, line_of_sight.Body(h, ground, ground + 1, standing_mech=True), "a standing mech"


def prepare_sight(game) -> None:
    """One line of sight across the map, worked out when the battle is
    shown: the line of sight makes the tables it keeps for a map on its
    first line (some 10 ms for a 100x100 map), which would otherwise be
    made in the frame that begins the first weapon attack phase."""
    m = game.map
    line_of_sight.line_of_sight_between(m, line_of_sight.Body(Hex(0, 0), 0, 2),
                                        line_of_sight.Body(Hex(m.width - 1, m.height - 1), 0, 2))


def sight(game, frm: Hex, to: Hex) -> Sight:
    """Range and line of sight between two hexes (systems/common/line_of_sight.py):
    between the units there (line_of_sight), else as for standing mechs
    (line_of_sight_between); between enemies, the to-hit of the first
    weapon attack the unit at `frm` could make, in any phase (the options'
    to-hit, whatever the phase: attack_choices; Classic units)."""
    a, a_body, a_name = _end(game, frm)
    b, b_body, b_name = _end(game, to)
    building = game.map.terrain(to).building if b is None else 0
    if a is not None and b is not None and a != b:
        los = line_of_sight.line_of_sight(game, a, b)
    elif building:                  # the building itself, as the rules see it when shot at (B-ATK-1)
        level = game.map.terrain(to).level
        b_name = f"the {building_words(game, to)}"
        los = line_of_sight.line_of_sight_between(game.map, a_body, line_of_sight.Body(to, level, level + building))
    else:
        los = line_of_sight.line_of_sight_between(game.map, a_body, b_body)
    blocking = los.hexes[-1] if not los.clear and los.hexes and "hex" in (los.reason or "") else None
    aim = game.uid(b) if b is not None and a is not None and game.is_enemy(a, b) else \
        building_key(game.map.label(to)) if building and a is not None else None
    attack = None
    if aim is not None and not is_alpha(game, a):
        for slot, p in attack_choices(game, game.uid(a), aim).weapons:
            if p.attack is not None and p.attack.possible:     # in any phase: the to-hit model itself
                attack = (slot.label, judged(game, a, p.attack, None))
                break
    return Sight(frm, to, distance(frm, to), los, blocking, (a_name, b_name), attack)


# ---------------------------------------------------------------- the sides
WEIGHT_CLASSES = ("light", "medium", "heavy", "assault")


def weight_class(game, ent: int) -> str:
    """Light, medium, heavy or assault: by tonnage (TechManual: up to 35,
    55, 75 and 100 tons; vehicles light below 40, medium below 60, heavy
    below 80), or an Alpha Strike card's size 1-4."""
    card = game.world.try_component(ent, AlphaStrikeCard)
    if card is not None:
        return WEIGHT_CLASSES[max(1, min(4, card.size)) - 1]
    tons = game.world.component(ent, Identity).tonnage
    return WEIGHT_CLASSES[0 if tons < 40 else 1 if tons < 60 else 2 if tons < 80 else 3]


def weight_words(game, ent: int) -> str:
    """'heavy mech', 'medium hover vehicle', 'light VTOL'."""
    vm = game.world.try_component(ent, VehicleMovement)
    if vm is not None:
        kind = {"vtol": "VTOL", "wige": "WiGE"}.get(vm.motive, f"{vm.motive} vehicle")
    elif is_alpha(game, ent):
        kind = game.world.component(ent, AlphaStrikeCard).type
    else:
        kind = "mech"
    return f"{weight_class(game, ent)} {kind}"


def unit_states(game, ent: int) -> list[str]:
    """What the roster says of a unit beyond its damage: out of the fight,
    destroyed, prone, shut down, immobile, its pilot's state, heat."""
    words = status_words(game, ent)
    crew = game.world.try_component(ent, Crew)
    if crew is not None and crew.killed:
        words.append("pilot killed")
    elif crew is not None and crew.unconscious:
        words.append("pilot unconscious")
    elif crew is not None and crew.hits:
        words.append(f"pilot hit {crew.hits}x")
    heat = game.world.try_component(ent, ClassicHeat)
    if heat is not None and heat.heat and not game.world.component(ent, Status).destroyed:
        words.append(f"heat {heat.heat}")
    return words


VICTORY = "A side wins when no other side has a unit left able to fight (destroyed, or its pilot killed)."


def sides_fighting(game) -> dict[str, tuple[int, int]]:
    """Side -> (units able to fight, units), as systems/common/victory.py
    decides the battle (units_able_to_fight)."""
    return {side: (len(units_able_to_fight(game, side)), len(game.unit_ids(side))) for side in game.sides}


def on_battlefield(game) -> list[tuple[str, str, Hex]]:
    """(id, side, hex) of every unit still on the battlefield (neither
    removed nor destroyed), in the game's order."""
    w = game.world
    out = []
    for u, e in game.units.items():
        st = w.component(e, Status)
        if not (st.removed or st.destroyed):
            out.append((u, game.side_of(e), w.component(e, Position).hex))
    return out


def enemies(game, uid: str, standing: list[tuple[str, str, Hex]] | None = None) -> list[str]:
    """The enemies of `uid` still on the battlefield, nearest first
    (`standing`: on_battlefield's answer, when already known)."""
    ent = game.units[uid]
    pos, side = game.world.component(ent, Position).hex, game.side_of(ent)
    return [u for _d, u in sorted((distance(pos, h), u) for u, s, h in (standing or on_battlefield(game)) if s != side)]


def is_alpha(game, ent: int) -> bool:
    return game.world.try_component(ent, AlphaStrikeCard) is not None


def status_words(game, ent: int) -> list[str]:
    st = game.world.component(ent, Status)
    return [flag for flag in ("destroyed", "prone", "shutdown", "immobile") if getattr(st, flag)]


# ---------------------------------------------------------------- Alpha Strike
def as_heat_after(game, ent: int, overheat: int, fires: bool = True) -> int:
    """The end-phase heat level a weapon attack with this overheat (or,
    fires=False, no weapon attack) leads to (as_end_phase.heat_preview)."""
    return heat_preview(game, ent, overheat, fires)


def as_has_heat_scale(game, ent: int) -> bool:
    """Does the unit track heat (as_card.has_heat_scale)? Without one, HT
    heat is added to its damage (AS-SPA-HT)."""
    return as_card.has_heat_scale(game, ent)


def as_cannot_act(game, ent: int) -> str | None:
    """Why an Alpha Strike unit may neither move nor attack this turn
    (as_card.cannot_act_reason: shut down, crew stunned), or None."""
    return as_card.cannot_act_reason(game, ent, game.world.component(ent, Identity).name)


def card_points(card) -> int:
    """An Alpha Strike card's PV at its skill (AS-PV-1)."""
    return as_card.skill_adjusted_points(card.points, card.skill)


def as_card_now(game, ent: int) -> dict[str, Any]:
    """An Alpha Strike unit's Move (hexes), TMM (card.current_tmm) and
    damage now, after heat and critical hits (systems/alpha_strike/card.py),
    for its card. A unit
    that cannot move this turn (shut down, stunned, no Move left: AS-SHUT-1,
    AS-MOVE-7) has Move 0 and is immobile, and attackers use the modifier
    of an immobile target in place of its TMM (as_combat.target_movement,
    AS-SHUT-2)."""
    c = as_card.card(game, ent)
    heat = as_card.heat_level(game, ent)
    hexes = as_card.ground_hexes(game, ent)
    jump = as_card.jump_hexes(game, ent) if c.jump else 0
    tmm = as_card.current_tmm(game, ent)
    dmg = []
    for i in range(3):
        v, minimal = as_card.damage_value(game, ent, i)
        dmg.append("0*" if minimal else str(v) if (c.damage + ["-"] * 3)[i] != "-" else "-")
    if as_card.is_immobile(game, ent):
        why = ("shut down" if as_card.is_shut_down(game, ent) else
               "crew stunned" if as_card.is_stunned(game, ent) else "no Move left")
        value = sum(m.value for m in as_combat.target_movement(game, ent))
        line_ = f"now: Move 0, immobile ({why}), TMM {value:+d}"
        changed = True
    else:
        line_ = f"now: Move {hexes} hex{'es' if hexes != 1 else ''}" + (f", jump {jump}" if c.jump else "") \
            + f", TMM {tmm}" + (f" (heat {heat})" if heat else "")
        changed = hexes != c.move // 2 or tmm != c.tmm or (c.jump and jump != c.jump // 2)
    return {"line": line_, "changed": bool(changed), "damage": dmg,
            "damage_changed": dmg != [str(d) for d in (c.damage + ["-"] * 3)[:3]]}


def as_overheat_damage(game, ent: int, attack, overheat: int) -> int:
    """The damage `overheat` would add to an Alpha Strike weapon attack at
    its range (as_combat.overheat_damage, AS-SPA-OVL)."""
    return as_combat.overheat_damage(game, ent, as_combat.range_bracket(attack.hexes)[0], overheat)


def as_summary(game, ent: int) -> str:
    """An Alpha Strike target in one line: armor and structure left, current
    TMM and Move, heat, state ('A 2/3 S 2/2 · Move 6 hexes, TMM 2 · prone')."""
    a = game.world.component(ent, Armor)
    st = game.world.component(ent, Structure)
    parts = [f"A {max(0, a.points.get('unit', 0))}/{a.original.get('unit', 0)} "
             f"S {max(0, st.points.get('unit', 0))}/{st.original.get('unit', 0)}",
             as_card_now(game, ent)["line"].replace("now: ", "")]
    said = ("shutdown", "immobile") if as_card.is_immobile(game, ent) else ()       # the Move part says it
    return " · ".join(parts + [w for w in status_words(game, ent) if w not in said])
