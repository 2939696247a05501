"""The resolution of the Classic weapon attack phase (rules/mech_core.md
sections 3, 6, 7, 12; rules/buildings.md B-ATK, B-IN): every shot declared
(systems/classic/weapon_attacks.py, which checks the orders and numbers
their to-hit) resolves at the end of the phase in declaration order, the
shots of units destroyed earlier in the same resolution included
(simultaneous fire): weapon heat, the to-hit roll, cluster hits, hit
locations by attack direction, partial cover, a building's absorption and
the damage through systems/common/damage.py; shots at building hexes put
their damage into the CF.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from components import ClassicHeat, Identity, Position, ShotDeclaration, TurnState
from engine.hexgrid import Hex, parse_hex_label
from engine.weapons import WeaponType
from systems.classic import buildings, hit_location
from systems.classic.attack_modifiers import struck_side
from systems.classic.weapon_attacks import cluster_hits, declared_shots, roll_hits
from systems.common import damage

if TYPE_CHECKING:
    from engine.game import Game


def begin_weapon_phase(game: "Game") -> None:
    game.turn_record.weapon_attacks = []
    for _, ts in game.world.get_component(TurnState):
        ts.damage_this_phase = 0


def resolve_weapon_phase(game: "Game") -> None:
    """All declared shots resolve now, in declaration order (the 20+ damage
    piloting rolls follow, systems/classic/piloting.resolve_queue)."""
    for shot in list(declared_shots(game)):
        resolve_shot(game, shot)


def resolve_shot(game: "Game", shot: ShotDeclaration) -> None:
    if shot.target_hex is not None:
        _resolve_building_shot(game, shot)
        return
    ent, tgt = game.units[shot.attacker], game.units[shot.target]
    wt = game.weapons[shot.type]
    heat = game.world.try_component(ent, ClassicHeat)
    if heat is not None:
        heat.pending += wt.heat          # fired, hit or miss (section 13)
    a_name = game.world.component(ent, Identity).name
    roll = game.dice.roll("to_hit", 2, f"{a_name}: {wt.name} at {shot.target}")
    hit = roll_hits(roll, shot.to_hit)
    game.log.emit("attack", attacker=shot.attacker, target=shot.target, attack=shot.type,
                  weapon=shot.weapon, name=wt.name, to_hit=shot.to_hit,
                  modifiers=[list(m) for m in shot.modifiers], roll=roll, hit=hit,
                  range=shot.range, band=shot.band)
    if not hit:
        if shot.range <= 1 and buildings.inside(game, tgt):
            # B-IN-4 / D12: a miss from the next hex strikes the building around the target.
            buildings.damage_building(game, game.world.component(tgt, Position).hex,
                                      sum(_damage_groups(game, shot, wt)), f"missed shot at {shot.target}",
                                      shot.target)
        return
    for amount in _damage_groups(game, shot, wt):
        apply_hit(game, ent, tgt, amount, cause=wt.name, partial_cover=shot.partial_cover,
                  cover_hex=parse_hex_label(shot.cover_hex) if shot.cover_hex else None)


def _damage_groups(game: "Game", shot: ShotDeclaration, wt: WeaponType, every_missile: bool = False) -> list[int]:
    """The damage groups of a shot that struck: one for most weapons; for a
    cluster weapon the missiles that hit (a cluster roll, or all of them:
    `every_missile`) in groups of its group size (section 12)."""
    if not wt.cluster:
        return [wt.damage_at(shot.band)]
    if every_missile:
        missiles = wt.cluster
    else:
        c_roll = game.dice.roll("cluster", 2, f"cluster hits, {wt.name}")
        missiles = cluster_hits(wt.cluster, c_roll)
        game.log.emit("cluster", attacker=shot.attacker, target=shot.target, weapon=shot.weapon, roll=c_roll,
                      missiles=missiles, rack=wt.cluster,
                      **({"target_hex": shot.target_hex} if shot.target_hex else {}))
    return hit_location.groups(missiles * wt.damage, wt.group or wt.damage)


def _resolve_building_shot(game: "Game", shot: ShotDeclaration) -> None:
    """B-ATK-1/2: a shot at a building hex; a hit puts its whole damage
    into the CF (an automatic hit from the next hex lands every missile)."""
    ent = game.units[shot.attacker]
    wt = game.weapons[shot.type]
    heat = game.world.try_component(ent, ClassicHeat)
    if heat is not None:
        heat.pending += wt.heat
    automatic = shot.to_hit is None
    roll = None if automatic else game.dice.roll("to_hit", 2, f"{shot.attacker}: {wt.name} at {shot.target_hex}")
    hit = automatic or roll_hits(roll, shot.to_hit)
    game.log.emit("attack", attacker=shot.attacker, target=None, attack=shot.type, weapon=shot.weapon,
                  name=wt.name, to_hit=shot.to_hit, modifiers=[list(m) for m in shot.modifiers], roll=roll,
                  hit=hit, range=shot.range, band=shot.band, target_hex=shot.target_hex,
                  **({"automatic": True} if automatic else {}))
    if hit:
        buildings.damage_building(game, parse_hex_label(shot.target_hex),
                                  sum(_damage_groups(game, shot, wt, every_missile=automatic)),
                                  f"{shot.type} by {shot.attacker}", shot.attacker)


def apply_hit(game: "Game", attacker: int, target: int, amount: int, cause: str,
              partial_cover: bool = False, cover_hex: Hex | None = None) -> None:
    """One damage group: roll its location and apply it. With partial cover
    (declared with the shot) leg hits strike the cover instead (section 3),
    and a building that gives the cover (`cover_hex`) takes them (B-IN-5,
    B-LOS-4).
    Other unit kinds than mechs use their own tables (`Hooks.weapon_hit`;
    vehicles: rules/vehicles.md V-HIT)."""
    amount = buildings.absorb(game, attacker, target, amount)         # B-IN-2
    if amount <= 0:
        return
    kind = game.world.component(target, Identity).kind
    if kind != "mech":
        game.ruleset.hooks.weapon_hit[kind](game, attacker, target, amount, cause)
        return
    side = struck_side(game, target, game.world.component(attacker, Position).hex)
    hit = hit_location.mech_hit(game, "standard", side, f"hit location, {side}")
    if partial_cover and hit.location in ("left_leg", "right_leg"):
        game.log.emit("partial_cover", unit=game.uid(target), location=hit.location, amount=amount)
        if cover_hex is not None:
            buildings.damage_building(game, cover_hex, amount, f"leg hit on {game.uid(target)} (partial cover)",
                                      game.uid(target))
        return
    damage.apply_damage(game, target, hit.location, amount, through_armor_critical=hit.through_armor_critical,
                        cause=cause)
