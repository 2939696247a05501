"""The options call: every attack a unit could make, each with its to-hit
or the reason it cannot be made, from the rules of the game's ruleset. A
front end lists what it returns and decides no rule itself; a computer
opponent weighs the same options.

API (each returns a list of `AttackOption`; nothing is changed, nothing
rolled):

- `attack_options(game, attacker, target, torso_twist=None, turret=None,
  overheat=0)`: every weapon and physical attack `attacker` (a unit id) has
  against `target`; `attack_options_against(game, attacker, targets, ...)`
  the same against many targets at once (target id -> options: the
  previews of every enemy, a computer opponent weighing its shots), with
  `kinds` the options of those kinds only ("weapon", "physical"). Classic: one option per weapon (unit-file order,
  `attack` its order name, `mount` its index), then a mech's punch (left,
  right), kick (left, right), push, club and, with a hatchet, the hatchet (a
  vehicle has no physical attack but the charge, V-PHYS-1). Alpha Strike:
  the weapon attack (with `overheat`), then the standard and melee physical
  attacks. `torso_twist` ("left" / "right") and `turret` (0..5) judge the
  shots with a twist or turret facing not yet set. The attacker's state is
  looked up once, and line of sight and arcs once for each pair.
- `attack_options_by_target(game, attacker, targets, ...)`: the same, one
  (target, options) at a time as each target is judged; `has_attack(game,
  attacker, targets, ...)`: whether any of those options is possible (what
  a unit with nothing to do but hold lacks), stopping at the first.
- `declaration_options(game, attacker, mode, path)`: the charges (or, for
  a jump, the deaths from above) a planned move could declare, one per
  enemy able to fight in or next to the hex the path ends in; each is
  judged with the path and with one more step forward, the first the rules
  take being kept (Alpha Strike: none, AS-PHYS-3).
- `unit_actions(game, unit)`: what else the unit may do in the physical
  phase: pick up a severed limb or uproot a tree as a club.
- `building_options(game, attacker, hexes=None, torso_twist=None,
  turret=None, kinds=..., in_reach=False)`: the attacks on buildings of the `kinds` asked
  for (rules/buildings.md B-ATK), hex label -> options, for the given hexes or every standing building: one
  weapon attack per weapon (a `FireOrder` with `target_hex`), then a
  mech's punches, kicks, club and hatchet (a `PhysicalOrder` with
  `target_hex`; no push); Alpha Strike: none. `in_reach`: only the
  buildings an attack of those kinds could reach (a weapon's long range,
  not the attacker's own hex; the next hexes for a physical attack), nearest
  first; `has_building_attack(game, attacker, hexes=None, ...)`: whether
  any of those options is possible, stopping at the first (what a unit
  with nothing to do but hold lacks, beside `has_attack`); `standing_buildings(game)`:
  the hexes of every standing building. Attacks on units inside a building are in
  `attack_options` (a physical attack from outside is refused, "the target
  is inside a building"); a charge into the building directly ahead of a
  planned move's end is among `declaration_options` (an order with
  `charge_hex`, hit without a roll).

An `AttackOption` holds the `order` that makes the attack (submit it as
is), `kind` ("weapon", "physical", "charge", "dfa", "pick_up_club"),
`attack` (weapon order name, punch/kick/push/club/hatchet,
standard/melee, charge/dfa), `limb`, `mount` (a weapon's index), `to_hit`
(the rules' judgement in the to-hit model of systems/common/to_hit.py:
`WeaponToHit` with range, band, line of sight and the side and table it
strikes, `PhysicalAttack` with its damage and table, `AlphaStrikeAttack`
with range bracket, damage and overheat, or a charge's `ToHit`; its
`reason` when the attack itself is impossible) and `reason`: the sentence
`game.check(order)` gives now (the to-hit's reason, or why no such order
is taken in this phase), None when the order would be accepted.

Rules the front end reads elsewhere: a weapon's order name
(systems/classic/weapon_names.weapon_names), an Alpha Strike unit's
current TMM (systems/alpha_strike/card.current_tmm, AS-HEAT-2) and the
damage an overheat adds at a range (systems/alpha_strike/combat
.overheat_damage, AS-SPA-OVL), a side's units able to fight
(systems/common/victory.units_able_to_fight).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Iterator

from systems.common.to_hit import ToHit

if TYPE_CHECKING:
    from engine.game import Game
    from engine.orders import Order


@dataclass
class AttackOption:
    """One attack a unit could make now (see the module docstring)."""

    kind: str
    attack: str
    limb: str | None
    order: "Order"
    to_hit: ToHit
    reason: str | None
    mount: int | None = None

    @property
    def possible(self) -> bool:
        return self.reason is None


def option(game: "Game", kind: str, attack: str, limb: str | None, order: "Order", to_hit: ToHit,
           mount: int | None = None, gates: dict | None = None) -> AttackOption:
    """An option whose reason is what `game.check(order)` says: the ruleset's
    refusal of the order now (its phase, a unit off the battlefield), else
    the rules' judgement `to_hit`. `gates` keeps that refusal per kind of
    order when one unit's options are judged together."""
    if gates is None:
        gate = game.ruleset.gate(game, order)
    elif type(order) in gates:
        gate = gates[type(order)]
    else:
        gate = gates[type(order)] = game.ruleset.gate(game, order)
    return AttackOption(kind, attack, limb, order, to_hit, gate or to_hit.reason, mount)


def attack_options(game: "Game", attacker: str, target: str, *, torso_twist: str | None = None,
                   turret: int | None = None, overheat: int = 0) -> list[AttackOption]:
    return game.ruleset.hooks.options.attack_options(game, attacker, target, torso_twist=torso_twist,
                                                     turret=turret, overheat=overheat)


def attack_options_against(game: "Game", attacker: str, targets: list[str] | None = None, *,
                           torso_twist: str | None = None, turret: int | None = None,
                           overheat: int = 0, kinds: tuple[str, ...] = ("weapon", "physical")
                           ) -> dict[str, list[AttackOption]]:
    """`attack_options` against many targets at once (None: every other
    unit in the game), target id -> its options of the `kinds` asked for:
    what the attacker and each pair share is worked out once."""
    if targets is None:
        targets = [uid for uid in game.units if uid != attacker]
    return game.ruleset.hooks.options.attack_options_against(game, attacker, list(targets),
                                                             torso_twist=torso_twist, turret=turret,
                                                             overheat=overheat, kinds=kinds)


def attack_options_by_target(game: "Game", attacker: str, targets: list[str], *, torso_twist: str | None = None,
                             turret: int | None = None, kinds: tuple[str, ...] = ("weapon", "physical")
                             ) -> Iterator[tuple[str, list[AttackOption]]]:
    """`attack_options_against` one target at a time, in the order given,
    each judged when its turn comes: a caller that has found what it
    looks for judges no more."""
    return game.ruleset.hooks.options.attack_options_by_target(game, attacker, list(targets),
                                                               torso_twist=torso_twist, turret=turret, kinds=kinds)


def has_attack(game: "Game", attacker: str, targets: list[str] | None = None, *, torso_twist: str | None = None,
               turret: int | None = None, kinds: tuple[str, ...] = ("weapon", "physical"),
               aims: list[tuple[str | None, int | None]] | None = None) -> bool:
    """Whether any option `attack_options_against` gives is possible, with
    the torso twist and turret facing given or with any of `aims` ((torso
    twist, turret facing) pairs), found without judging the rest: the
    targets in the order given (nearest first finds one soonest), stopping
    at the first possible option."""
    if targets is None:
        targets = [uid for uid in game.units if uid != attacker]
    return game.ruleset.hooks.options.has_attack(game, attacker, list(targets), torso_twist=torso_twist,
                                                 turret=turret, kinds=kinds, aims=aims)


def declaration_options(game: "Game", attacker: str, mode: str, path: list[str]) -> list[AttackOption]:
    return game.ruleset.hooks.options.declaration_options(game, attacker, mode, list(path))


def unit_actions(game: "Game", unit: str) -> list[AttackOption]:
    return game.ruleset.hooks.options.unit_actions(game, unit)


def building_options(game: "Game", attacker: str, hexes: list[str] | None = None, *,
                     torso_twist: str | None = None, turret: int | None = None,
                     kinds: tuple[str, ...] = ("weapon", "physical"),
                     in_reach: bool = False) -> dict[str, list[AttackOption]]:
    """The attacks on buildings (None: every standing building) of the
    `kinds` asked for, hex label -> options; `in_reach`: only the buildings
    an attack of those kinds could reach, nearest first."""
    if hexes is None:
        hexes = standing_buildings(game)
    return game.ruleset.hooks.options.building_options(game, attacker, list(hexes), torso_twist=torso_twist,
                                                       turret=turret, kinds=kinds, in_reach=in_reach)


def has_building_attack(game: "Game", attacker: str, hexes: list[str] | None = None, *,
                        torso_twist: str | None = None, turret: int | None = None,
                        kinds: tuple[str, ...] = ("weapon", "physical")) -> bool:
    """Whether any option `building_options` gives is possible (None: every
    standing building), found without judging the rest: the buildings in
    reach nearest first, stopping at the first possible option."""
    if hexes is None:
        hexes = standing_buildings(game)
    return game.ruleset.hooks.options.has_building_attack(game, attacker, list(hexes), torso_twist=torso_twist,
                                                          turret=turret, kinds=kinds)


def standing_buildings(game: "Game") -> list[str]:
    """The hex labels of every standing building, in the map's order."""
    return [game.map.label(h) for h in game.map.buildings() if game.map.terrain(h).building]
