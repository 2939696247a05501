"""Buildings for the computer player (rules/buildings.md): what bringing a
building hex down is worth to a side, and its attacks on the buildings
worth bringing down.

A hex's stake, for each unit inside it or on its roof
(systems/classic/buildings.occupants): the collapse damage it would take
(B-COLL-3: ceil(CF / 10) x the levels above it, in 5-point groups on the
punch table below the roof and the standard table on it, front column), the
fall of a unit above the ground (B-COLL-4), and for a unit fully inside the
cover it loses (the building absorbs ceil(CF / 10) of every hit on it, B-IN-2): an
enemy's counted for the side, a friend's against it. A building that holds
no enemy is worth nothing to attack, so a building between a unit and its
target is never shot at.

An attack on a hex is worth its expected damage's share of the CF left
(less what the side has already aimed at the hex this phase,
engine/bot/ledger.py) times the stake, and times the share of that CF the
unit's firepower could take in a turn: a weak building with an enemy in it
draws fire, a strong one rarely pays. The options call gives the attacks
(systems/common/options.building_options: a weapon's FireOrder with
`target_hex`, a mech's punch, kick, club or hatchet on the next hex, which
hit without a roll, B-ATK-1 and B-ATK-3).
"""
from __future__ import annotations

from components import Position, Weapons
from engine.bot import sides
from engine.bot.attacks import Shot, fall_value
from engine.bot.odds import expected_missiles, hit_chance
from engine.bot.value import Valuer
from engine.hexgrid import Hex, parse_hex_label
from systems.classic.buildings import absorption, collapse_damage, elevation, fully_inside, occupants, phase_cf
from systems.classic.hit_location import groups
from systems.common.options import building_options
from systems.common.unit_state import UNIT_HEIGHT

COVER = 0.05              # of a unit's worth per point its building absorbs of every hit on it (B-IN-2)


def collapse_value(game, valuer: Valuer, ent: int, h: Hex) -> float:
    """What the collapse of hex `h` takes from the unit `ent` in it."""
    t = game.map.terrain(h)
    floor = elevation(game, ent)
    on_roof = floor >= t.building
    amount = collapse_damage(phase_cf(game, h), t.building, floor, UNIT_HEIGHT.get(game.kind(ent), 1))
    table = "standard" if on_roof else "punch"
    value = sum(valuer.group_value(ent, "front", g, table) for g in groups(amount))
    if floor > 0:
        value += fall_value(valuer, ent, floor)
    if fully_inside(game, ent):
        value += COVER * absorption(game, h) * valuer.worth(ent)
    return value


def stakes(game, valuer: Valuer, side: str) -> dict[Hex, float]:
    """Each building hex with an enemy of `side` in it or on its roof ->
    what its collapse is worth to `side` (only those worth more than nothing)."""
    hexes = {game.world.component(game.units[e], Position).hex for e in sides.enemies(game, side)}
    out = {}
    for h in hexes:
        if not game.map.terrain(h).building:
            continue
        value = sum(collapse_value(game, valuer, e, h) * (1 if game.side_of(e) != side else -1)
                    for e in occupants(game, h))
        if value > 0:
            out[h] = value
    return out


def cf_left(game, valuer: Valuer, label: str) -> float:
    """The CF of a building hex less what the side already aimed at it this phase (at least 1)."""
    return max(1.0, game.map.terrain(parse_hex_label(label)).construction_factor - valuer.committed_cf.get(label, 0.0))


def assign(game, valuer: Valuer, best: dict[int, Shot], shots: list[Shot]) -> None:
    """Give a weapon its shot at a building where that is worth more than
    its best shot at a unit (`best`, by mount), the heaviest first, each
    valued on the CF the ones before it leave: no more fire than the
    building can take."""
    left: dict[str, float] = {}
    for s in sorted(shots, key=lambda s: -s.damage):
        cf = left.setdefault(s.target, cf_left(game, valuer, s.target))
        if cf <= 0:
            continue
        value = s.value * min(s.damage, cf) / min(s.damage, cf_left(game, valuer, s.target))
        if value > getattr(best.get(s.mount), "value", 0.0):
            best[s.mount] = Shot(s.option, s.target, s.chance, value, s.damage, s.heat)
            left[s.target] = cf - s.damage


def building_shots(game, valuer: Valuer, uid: str, *, torso_twist: str | None = None, turret: int | None = None,
                   kinds: tuple[str, ...] = ("weapon", "physical")) -> list[Shot]:
    """The attacks of `uid` of these kinds on the buildings worth bringing
    down, each valued (`target` is the hex's label)."""
    ent = game.units[uid]
    worth = stakes(game, valuer, game.side_of(ent))
    if not worth:
        return []
    labels = {game.map.label(h): h for h in worth}
    found = building_options(game, uid, list(labels), torso_twist=torso_twist, turret=turret)
    mounts = getattr(game.world.try_component(ent, Weapons), "mounts", [])
    firepower = valuer.firepower(ent)
    out = []
    for label, options in found.items():
        h = labels[label]
        cf = cf_left(game, valuer, label)
        within = min(1.0, firepower / cf)      # a building it cannot bring down in a turn pays later, if ever
        for opt in options:
            if not opt.to_hit.possible or opt.kind not in kinds:
                continue
            heat = 0
            if opt.kind == "weapon":
                wt = game.weapons[mounts[opt.mount].type]
                automatic = opt.to_hit.automatic
                p = 1.0 if automatic else hit_chance(game, opt.to_hit.number)
                missiles = wt.cluster if automatic else expected_missiles(wt.cluster) if wt.cluster else 0
                amount = missiles * wt.damage if wt.cluster else float(wt.damage_at(opt.to_hit.band))
                heat = wt.heat
            else:
                p, amount = 1.0, float(getattr(opt.to_hit, "damage", 0) or 0)     # B-ATK-3: no roll
            value = min(p * amount, cf) / cf * worth[h] * within
            if value > 0:
                out.append(Shot(opt, label, p, value, p * amount, heat))
    return out
