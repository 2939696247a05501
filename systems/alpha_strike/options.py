"""The Alpha Strike ruleset's options (the API is systems/common/options.py):
the one weapon attack of the card and the standard and melee physical
attacks (AS-TURN-4, AS-PHYS-1/2); no charge or death from above and no clubs
in the introductory rules (AS-PHYS-3)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from engine.orders import FireOrder, PhysicalOrder
from systems.alpha_strike import combat
from systems.common.options import AttackOption, option

if TYPE_CHECKING:
    from engine.game import Game


def attack_options(game: "Game", attacker: str, target: str, *, torso_twist: str | None = None,
                   turret: int | None = None, overheat: int = 0) -> list[AttackOption]:
    raw = {"unit": attacker, "target": target, **({"overheat": overheat} if overheat else {})}
    fire = FireOrder(attacker, raw, target=target, overheat=overheat)
    out = [option(game, "weapon", "weapon", None, fire, combat.weapon_attack(game, fire))]
    for attack in combat.PHYSICAL_MODIFIER:
        order = PhysicalOrder(attacker, {"unit": attacker, "attack": attack, "target": target},
                              attack=attack, target=target)
        out.append(option(game, "physical", attack, None, order, combat.physical_attack(game, order)))
    return out


def attack_options_against(game: "Game", attacker: str, targets: list[str], *, torso_twist: str | None = None,
                           turret: int | None = None, overheat: int = 0,
                           kinds: tuple[str, ...] = ("weapon", "physical")) -> dict[str, list[AttackOption]]:
    return {t: [o for o in attack_options(game, attacker, t, overheat=overheat) if o.kind in kinds]
            for t in targets}


def attack_options_by_target(game: "Game", attacker: str, targets: list[str], *, torso_twist: str | None = None,
                             turret: int | None = None, kinds: tuple[str, ...] = ("weapon", "physical")):
    for t in targets:
        yield t, [o for o in attack_options(game, attacker, t) if o.kind in kinds]


def has_attack(game: "Game", attacker: str, targets: list[str], *, torso_twist: str | None = None,
               turret: int | None = None, kinds: tuple[str, ...] = ("weapon", "physical"),
               aims: list | None = None) -> bool:
    """Whether any of `attack_options_against`'s options is possible, the
    targets judged in the order given until the first that has one (a card
    has no torso twist or turret to aim with)."""
    return any(o.possible and o.kind in kinds for t in targets for o in attack_options(game, attacker, t))


def declaration_options(game: "Game", attacker: str, mode: str, path: list[str]) -> list[AttackOption]:
    return []


def building_options(game: "Game", attacker: str, hexes: list[str], *, torso_twist: str | None = None,
                     turret: int | None = None, kinds: tuple[str, ...] = ("weapon", "physical"),
                     in_reach: bool = False) -> dict[str, list[AttackOption]]:
    """Alpha Strike attacks no buildings (none in reach, none with an option)."""
    return {} if in_reach else {h: [] for h in hexes}


def has_building_attack(game: "Game", attacker: str, hexes: list[str], *, torso_twist: str | None = None,
                        turret: int | None = None, kinds: tuple[str, ...] = ("weapon", "physical")) -> bool:
    return False


def unit_actions(game: "Game", unit: str) -> list[AttackOption]:
    return []
