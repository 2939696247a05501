"""The attacks one unit has on another, valued: each possible option of the
options call (systems/common/options.py) with its chance to hit (by the
ruleset's own test, engine/bot/odds.py), the damage it deals where it
strikes (a weapon's damage at its range band, a cluster weapon's average
missiles in its damage groups, less what a building absorbs of each hit on
a unit inside it, B-IN-2, a physical attack's damage on its table and
side, an Alpha Strike attack's damage with its overheat) and what that is
worth (engine/bot/value.py), plus the falls a kick or a push may cause.
Everything is judged as the game stands: a what-if placement
(engine/bot/whatif.py) judges it from a planned position."""
from __future__ import annotations

from dataclasses import dataclass

from components import Identity, Position, Weapons
from engine.bot.odds import at_least, expected_missiles, hit_chance
from engine.bot.value import Valuer
from engine.hexgrid import mech_attack_side, vehicle_attack_side
from systems.alpha_strike import card as as_card
from systems.alpha_strike.combat import MINIMAL_DAMAGE_ROLL
from systems.classic import hit_location, piloting
from systems.classic.buildings import absorption_against
from systems.common.options import AttackOption, attack_options_against

PRONE = 0.15              # of the worth of a mech that falls: a turn of prone attacks, standing up
MIN_AMMO_CHANCE = 0.1     # an ammunition weapon does not fire at worse odds than this


@dataclass
class Shot:
    """One attack option valued: `value` is the expected worth it takes
    from the target (chance x what its damage is worth), `damage` the
    expected damage points, `heat` the heat a Classic weapon makes."""

    option: AttackOption
    target: str
    chance: float
    value: float
    damage: float
    heat: int = 0

    @property
    def mount(self) -> int | None:
        return self.option.mount


def side_struck(game, attacker: int, target: int) -> str | None:
    """The side of `target` an attack from `attacker`'s hex strikes (section 3, T-6a)."""
    kind = game.world.component(target, Identity).kind
    if kind == "alpha-strike":
        return None
    t = game.world.component(target, Position)
    a = game.world.component(attacker, Position).hex
    if a == t.hex:
        return "random"
    return (mech_attack_side if kind == "mech" else vehicle_attack_side)(t.hex, t.facing, a)


def fall_value(valuer: Valuer, ent: int, levels: int = 0) -> float:
    """What a fall takes from a mech (section 9): its damage in 5-point
    groups in the column the facing die gives, and the prone turn after."""
    game = valuer.game
    if game.kind(ent) != "mech":
        return 0.0
    tons = game.world.component(ent, Identity).tonnage
    groups = hit_location.groups(piloting.fall_damage(tons, levels))
    columns = [column for _turned, column in piloting.FALL_FACING.values()]
    value = sum(valuer.group_value(ent, column, g) for column in columns for g in groups) / len(columns)
    return value + PRONE * valuer.worth(ent)


def fall_chance(game, ent: int, modifier: int = 0) -> float:
    """The chance that a mech fails a piloting roll with this modifier."""
    if game.kind(ent) != "mech":
        return 0.0
    th = piloting.psr_target(game, ent, modifier)
    return 1.0 if th.reason else 1.0 - at_least(th.number)


def _weapon_shot(game, valuer: Valuer, opt: AttackOption, attacker: int, target: int) -> Shot:
    wt = game.weapons[game.world.component(attacker, Weapons).mounts[opt.mount].type]
    p = hit_chance(game, opt.to_hit.number)
    side = side_struck(game, attacker, target)
    if wt.cluster:
        amounts = hit_location.groups(round(expected_missiles(wt.cluster) * wt.damage), wt.group or wt.damage)
    else:
        amounts = [wt.damage_at(opt.to_hit.band)]
    absorbed = absorption_against(game, attacker, target)
    if absorbed:
        amounts = [max(0, a - absorbed) for a in amounts]
    if wt.shots_per_ton and p < MIN_AMMO_CHANCE:
        p = 0.0
    value = p * sum(valuer.group_value(target, side, a) for a in amounts)
    return Shot(opt, game.uid(target), p, value, p * sum(amounts), wt.heat)


def _card_shot(game, valuer: Valuer, opt: AttackOption, target: int) -> Shot:
    th = opt.to_hit
    p = hit_chance(game, th.number)
    amount = float(th.damage) + th.overheat_damage
    if th.minimal:
        amount += (7 - MINIMAL_DAMAGE_ROLL) / 6
    if th.ht and not as_card.has_heat_scale(game, target):
        amount += th.ht
    value = p * valuer.group_value(target, None, amount)
    return Shot(opt, game.uid(target), p, value, p * amount)


def _physical_shot(game, valuer: Valuer, opt: AttackOption, attacker: int, target: int) -> Shot:
    th = opt.to_hit
    p = hit_chance(game, th.number)
    side = th.side or side_struck(game, attacker, target)
    damage = float(getattr(th, "damage", 0) or 0)
    value = p * valuer.group_value(target, side, damage, th.table if th.table in hit_location.TABLES else "standard")
    if opt.attack in ("kick", "push"):
        value += p * fall_chance(game, target) * fall_value(valuer, target)
    if opt.attack == "kick":
        value -= (1 - p) * fall_chance(game, attacker) * fall_value(valuer, attacker)
    return Shot(opt, game.uid(target), p, value, p * damage)


def shots(game, valuer: Valuer, attacker: str, target: str, *, torso_twist: str | None = None,
          turret: int | None = None, overheat: int = 0, kinds: tuple[str, ...] = ("weapon", "physical")
          ) -> list[Shot]:
    """The attacks of `attacker` on `target` of the kinds asked for that
    the rules allow as the game stands (their to-hit has no reason against
    them, whatever the phase: a planned move's attacks are judged in the
    movement phase), each valued."""
    return shots_against(game, valuer, attacker, [target], torso_twist=torso_twist, turret=turret,
                         overheat=overheat, kinds=kinds)[target]


def shots_against(game, valuer: Valuer, attacker: str, targets: list[str], *, torso_twist: str | None = None,
                  turret: int | None = None, overheat: int = 0, kinds: tuple[str, ...] = ("weapon", "physical")
                  ) -> dict[str, list[Shot]]:
    """`shots` at many targets, through the batched options call
    (systems/common/options.attack_options_against)."""
    a = game.units[attacker]
    card = game.world.component(a, Identity).kind == "alpha-strike"
    out: dict[str, list[Shot]] = {}
    found = attack_options_against(game, attacker, targets, torso_twist=torso_twist, turret=turret,
                                   overheat=overheat)
    for target in targets:
        t = game.units[target]
        mine = out[target] = []
        for opt in found[target]:
            if not opt.to_hit.possible or opt.kind not in kinds:
                continue
            if card:
                mine.append(_card_shot(game, valuer, opt, t))
            elif opt.kind == "weapon":
                mine.append(_weapon_shot(game, valuer, opt, a, t))
            else:
                mine.append(_physical_shot(game, valuer, opt, a, t))
    return out
