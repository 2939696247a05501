"""The Classic ruleset's options (the API is systems/common/options.py):
each weapon, each physical attack and limb a unit kind has, charges and
deaths from above at the end of a planned move, picking up a club."""
from __future__ import annotations

from functools import lru_cache
from itertools import chain
from typing import TYPE_CHECKING

from components import Equipment, Position, Weapons
from engine.hexgrid import distance, neighbor, neighbors, parse_hex_label
from engine.orders import FireOrder, MoveOrder, PhysicalOrder
from systems.classic import charge, melee, weapon_attacks
from systems.classic.physical_common import in_reach
from systems.classic.weapon_names import weapon_names
from systems.common import movement
from systems.common.options import AttackOption, option
from systems.common.to_hit import ToHit

if TYPE_CHECKING:
    from engine.game import Game

MECH_ATTACKS = (("punch", "left"), ("punch", "right"), ("kick", "left"), ("kick", "right"),
                ("push", None), ("club", None))
CLUB_SOURCES = ("limb", "tree")


def physical_attacks_of(game: "Game", ent: int) -> list[tuple[str, str | None]]:
    """The (attack, limb) pairs a unit kind has (section 4, P-WPN): a mech
    punches with either arm, kicks with either leg, pushes, clubs, and swings
    a hatchet when it carries one; a vehicle only charges (V-PHYS-1)."""
    if game.kind(ent) != "mech":
        return []
    eq = game.world.try_component(ent, Equipment)
    return list(MECH_ATTACKS) + ([("hatchet", None)] if eq is not None and eq.hatchet else [])


def attack_options_against(game: "Game", attacker: str, targets: list[str], *, torso_twist: str | None = None,
                           turret: int | None = None, overheat: int = 0,
                           kinds: tuple[str, ...] = ("weapon", "physical")) -> dict[str, list[AttackOption]]:
    """`attack_options` at each target: the attacker's state looked up once
    (weapon_attacks.Shooter), each pair's range, line of sight and arcs once
    (weapon_attacks.PairSight), the phase's gate once per kind of order."""
    return {target: list(opts)
            for target, opts in _each_target(game, attacker, targets, [(torso_twist, turret)], kinds)}


def has_attack(game: "Game", attacker: str, targets: list[str], *, torso_twist: str | None = None,
               turret: int | None = None, kinds: tuple[str, ...] = ("weapon", "physical"),
               aims: list[tuple[str | None, int | None]] | None = None) -> bool:
    """Whether any of `attack_options_against`'s options is possible, with
    the torso twist and turret facing given or any of `aims` ((twist,
    turret) pairs): the targets in the order given, each with every aim,
    each option judged only until the first possible one; no weapon judged
    at a target beyond its long range (a shot there is refused,
    weapon_attacks: the range band), outside every arc with every aim or
    out of line of sight, none that may
    not fire at all (weapon_attacks.mount_refusal, the shooter's refusal),
    and no physical attack by an attacker melee.may_attack_now says can
    make none, nor on a target out of reach (physical_common.in_reach)."""
    return any(o.possible for _target, opts in _each_target(game, attacker, targets, aims or [(torso_twist, turret)],
                                                            kinds, skip_unreachable=True) for o in opts)


def attack_options_by_target(game: "Game", attacker: str, targets: list[str], *, torso_twist: str | None = None,
                             turret: int | None = None, kinds: tuple[str, ...] = ("weapon", "physical")):
    for target, opts in _each_target(game, attacker, targets, [(torso_twist, turret)], kinds):
        yield target, list(opts)


def _each_target(game: "Game", attacker: str, targets: list[str], aims: list[tuple[str | None, int | None]],
                 kinds: tuple[str, ...], skip_unreachable: bool = False):
    """(target, its options as they are judged: the weapons with each aim,
    then the physical attacks) for each target in turn."""
    ent = game.units[attacker]
    wp = game.world.try_component(ent, Weapons)
    mounts = wp.mounts if wp and "weapon" in kinds else []
    weapons = list(enumerate(weapon_names([m.type for m in mounts])))
    shooter = weapon_attacks.Shooter(game, ent) if weapons else None
    physical = physical_attacks_of(game, ent) if "physical" in kinds else []
    gates: dict[type, str | None] = {}
    types = [game.weapons[m.type] for m in mounts]
    here = game.world.component(ent, Position).hex
    if skip_unreachable and shooter is not None:
        # a shooter refused every weapon attack, and mounts refused whatever
        # the target (destroyed, jammed, fired), have no shot at anyone
        weapons = [] if shooter.refusal else [(i, name) for i, name in weapons
                                              if weapon_attacks.mount_refusal(game, shooter, i) is None]
    if skip_unreachable and physical and not melee.may_attack_now(game, ent):
        physical = []
    longest = max((types[i].long for i, _name in weapons), default=0)
    for target in targets:
        tgt = game.units[target]
        aimed, reach = weapons, physical
        if skip_unreachable:
            rng = distance(here, game.world.component(tgt, Position).hex)
            if rng > longest and not physical:
                continue            # beyond every weapon's long range (range_band)
            aimed = [(i, name) for i, name in weapons if types[i].range_band(rng)] if rng <= longest else []
            reach = physical if physical and in_reach(game, ent, tgt) else []
            if not aimed and not reach:
                continue
        sight = weapon_attacks.PairSight(game, ent, tgt, shooter) if weapons else None
        if skip_unreachable and aimed and (
                sight.refusal or not weapon_attacks.in_some_arc(sight, [mounts[i] for i, _n in aimed], aims)
                or not sight.los.clear):
            aimed = []              # every shot at it is refused (weapon_attacks._compute, before its modifiers)

        def shot(order, sight=sight):
            return weapon_attacks.shot(game, order, sight)
        last = len(aims) - 1
        yield target, chain(*(_options_at(game, attacker, {"target": target}, aimed, reach if i == last else [],
                                           twist, turret, gates, shot) for i, (twist, turret) in enumerate(aims)))


def _options_at(game: "Game", attacker: str, aim: dict, weapons: list[tuple[int, str]], physical: list,
                torso_twist: str | None, turret: int | None, gates: dict, shot):
    """Each weapon's ((mount index, order name) pairs) and each physical
    attack's option at `aim` (a unit's {"target": id} or a building's
    {"target_hex": label}), one at a time; `shot` works out a fire order's
    to-hit."""
    for i, name in weapons:
        raw = {"unit": attacker, "weapon": name, **aim,
               **({"torso_twist": torso_twist} if torso_twist else {}),
               **({"turret": turret} if turret is not None else {})}
        order = FireOrder(attacker, raw, weapon=name, torso_twist=torso_twist, turret=turret, **aim)
        yield option(game, "weapon", name, None, order, shot(order), mount=i, gates=gates)
    for attack, limb in physical:
        raw = {"unit": attacker, "attack": attack, **aim, **({"limb": limb} if limb else {})}
        order = PhysicalOrder(attacker, raw, attack=attack, limb=limb, **aim)
        yield option(game, "physical", attack, limb, order, melee.physical_attack(game, order), gates=gates)


def building_options(game: "Game", attacker: str, hexes: list[str], *, torso_twist: str | None = None,
                     turret: int | None = None, kinds: tuple[str, ...] = ("weapon", "physical"),
                     in_reach: bool = False) -> dict[str, list[AttackOption]]:
    """Each weapon's attack on the building of each hex (B-ATK-1), then a
    mech's punches, kicks, club and hatchet on it (B-ATK-3; no push), of
    the `kinds` asked for; `in_reach`: only at the hexes `buildings_in_reach`
    keeps, nearest first."""
    ent = game.units[attacker]
    weapons, physical = _building_attacks(game, ent, kinds)
    if in_reach:
        hexes = buildings_in_reach(game, attacker, hexes, kinds)
    shooter = weapon_attacks.Shooter(game, ent)
    gates: dict[type, str | None] = {}
    out = {}
    for label in hexes:
        out[label] = list(_options_at(game, attacker, {"target_hex": label}, weapons, physical, torso_twist, turret,
                                      gates, lambda order: weapon_attacks.shot(game, order, shooter=shooter)))
    return out


def has_building_attack(game: "Game", attacker: str, hexes: list[str], *, torso_twist: str | None = None,
                        turret: int | None = None, kinds: tuple[str, ...] = ("weapon", "physical")) -> bool:
    """Whether any of `building_options`' options is possible: the hexes
    `buildings_in_reach` keeps, nearest first, each with the weapons whose
    range band reaches it and the physical attacks, stopping at the first
    possible option."""
    ent = game.units[attacker]
    weapons, physical = _building_attacks(game, ent, kinds)
    here = game.world.component(ent, Position).hex
    mounts = game.world.component(ent, Weapons).mounts if weapons else []
    shooter = weapon_attacks.Shooter(game, ent)
    gates: dict[type, str | None] = {}
    for label in buildings_in_reach(game, attacker, hexes, kinds):
        rng = distance(here, _hex_of(label))
        aimed = [(i, name) for i, name in weapons if game.weapons[mounts[i].type].range_band(rng)]
        if any(o.possible for o in _options_at(game, attacker, {"target_hex": label}, aimed,
                                                physical if rng == 1 else [], torso_twist, turret, gates,
                                                lambda order: weapon_attacks.shot(game, order, shooter=shooter))):
            return True
    return False


def buildings_in_reach(game: "Game", attacker: str, hexes: list[str],
                       kinds: tuple[str, ...] = ("weapon", "physical")) -> list[str]:
    """The hexes of `hexes` an attack of the `kinds` asked for could reach,
    nearest first: a weapon's within its long range (not the attacker's own
    hex, B-ATK-1), a physical attack's the next hexes (B-ATK-3)."""
    ent = game.units[attacker]
    weapons, physical = _building_attacks(game, ent, kinds)
    here = game.world.component(ent, Position).hex
    mounts = game.world.component(ent, Weapons).mounts if weapons else []
    reach = max((game.weapons[m.type].long for m in mounts), default=0)
    reach = max(reach, 1 if physical else 0)
    near = []
    for label in hexes:
        h = _hex_of(label)
        if abs(h.x - here.x) <= reach and abs(h.y - here.y) <= reach and 0 < (d := distance(here, h)) <= reach:
            near.append((d, h, label))
    return [label for _d, _h, label in sorted(near)]


_hex_of = lru_cache(maxsize=4096)(parse_hex_label)     # the labels of a map's buildings, asked for again and again


def _building_attacks(game: "Game", ent: int, kinds: tuple[str, ...]) -> tuple[list[tuple[int, str]], list]:
    """The (mount index, order name) pairs of the weapons and the (attack,
    limb) pairs of the physical attacks a unit has on a building, of the
    `kinds` asked for."""
    physical = [(a, limb) for a, limb in physical_attacks_of(game, ent) if a != "push"] if "physical" in kinds else []
    wp = game.world.try_component(ent, Weapons)
    mounts = wp.mounts if wp and "weapon" in kinds else []
    return list(enumerate(weapon_names([m.type for m in mounts]))), physical


def attack_options(game: "Game", attacker: str, target: str, *, torso_twist: str | None = None,
                   turret: int | None = None, overheat: int = 0) -> list[AttackOption]:
    return attack_options_against(game, attacker, [target], torso_twist=torso_twist, turret=turret,
                                  overheat=overheat)[target]


def declaration_options(game: "Game", attacker: str, mode: str, path: list[str]) -> list[AttackOption]:
    ent = game.units[attacker]
    end = movement.plan(game, ent, mode, path).final.hex
    kind = "dfa" if mode == "jump" else "charge"
    out = []
    for uid in game.unit_ids(active_only=True):
        other = game.units[uid]
        if not game.is_enemy(ent, other) or not game.can_fight(other):
            continue
        if game.world.component(other, Position).hex not in [end, *neighbors(end)]:
            continue
        tried = []
        for steps in (path, path + ["F"]):
            raw = {"unit": attacker, "mode": mode, "path": list(steps), kind: uid}
            order = MoveOrder(attacker, raw, mode=mode, path=list(steps), **{kind: uid})
            to_hit = charge.charge_to_hit(game, ent, other, dfa=kind == "dfa", mode=mode)
            to_hit.reason = game.check(order)
            tried.append(AttackOption(kind, kind, None, order, to_hit, to_hit.reason))
            if to_hit.reason is None:
                break
        out.append(tried[-1] if tried[-1].possible else tried[0])
    if kind == "charge":
        out += _building_charges(game, attacker, mode, path, movement.plan(game, ent, mode, path).final)
    return out


def _building_charges(game: "Game", attacker: str, mode: str, path: list[str], final) -> list[AttackOption]:
    """A charge on the building directly ahead of the move's end (B-PHYS-3)."""
    ahead = neighbor(final.hex, final.facing)
    if not game.map.on_map(ahead) or not game.map.terrain(ahead).building:
        return []
    label = game.map.label(ahead)
    raw = {"unit": attacker, "mode": mode, "path": list(path), "charge_hex": label}
    order = MoveOrder(attacker, raw, mode=mode, path=list(path), charge_hex=label)
    reason = game.check(order)
    return [AttackOption("charge", "charge", None, order, ToHit(reason=reason), reason)]


def unit_actions(game: "Game", unit: str) -> list[AttackOption]:
    if game.kind(game.units[unit]) != "mech":
        return []
    out = []
    for source in CLUB_SOURCES:
        order = PhysicalOrder(unit, {"unit": unit, "attack": "pick_up_club", "source": source},
                              attack="pick_up_club", source=source)
        out.append(option(game, "pick_up_club", "pick_up_club", None, order,
                          ToHit(reason=melee.pickup_refusal(game, order))))
    return out
