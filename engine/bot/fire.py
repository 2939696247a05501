"""Choosing a unit's attacks for the weapon (Classic) or combat (Alpha
Strike) phase, and what they are worth (the same answer values a planned
move's offence).

Classic: for each torso twist or turret facing worth trying, every weapon's
best use (the target where its shot is worth most; once a first target is
chosen the others are judged as secondary targets by the rules, section 3),
then the set of weapons whose value best pays for the heat they add
(a 0/1 knapsack over heat: engine/bot/heat_cost.py prices the heat a turn
ends on). Weapons in an arm are held back when that arm's punch at an
adjacent enemy is worth more (a punching arm fires nothing, P-PUNCH-2).
A weapon may fire at a building instead, where bringing it down pays
(engine/bot/buildings.py). Alpha Strike: the one attack of the card, weapon attack with each overheat
the card allows that leaves its heat below 2 (from heat 2 its TMM is 1
lower, and the heat stays while it keeps firing: AS-HEAT-2, AS-COOL-2),
or any overheat for an attack that destroys its target when it hits (a
Loki's 3 and 3 overheat on a Hunchback with 6 left), or a physical
attack, less what its heat costs (only the miss's share of it for a shot
that destroys the last enemy: a hit ends the battle).
"""
from __future__ import annotations

from dataclasses import dataclass, field

from components import AlphaStrikeCard, Armor, Position, Status, Structure, Turret, Weapons
from engine.bot import heat_cost, sides
from engine.bot.attacks import Shot, shots_against
from engine.bot.buildings import assign, building_shots
from engine.bot.geometry import facing_toward
from engine.bot.value import Valuer
from engine.bot.whatif import first_target
from systems.alpha_strike import card as as_card
from systems.alpha_strike.combat import RANGE_BRACKETS
from systems.alpha_strike.end_phase import heat_preview

MEDIUM = RANGE_BRACKETS[1][2]     # the to-hit modifier of Alpha Strike's medium range


@dataclass
class FirePlan:
    """The attacks chosen, in the order to declare them (the first target
    first), and what they are worth after their heat."""

    shots: list[Shot] = field(default_factory=list)
    value: float = 0.0
    torso_twist: str | None = None
    turret: int | None = None
    heat: int = 0


def fire_plan(game, valuer: Valuer, uid: str, targets: list[str], wide: bool = True) -> FirePlan:
    """The best attacks of `uid` on `targets` as the game stands. `wide`:
    try every torso twist and the second-target choices (the weapon phase
    itself, a thorough search); else only the weapons as they bear now."""
    if not targets:
        return FirePlan()
    ent = game.units[uid]
    if game.world.try_component(ent, AlphaStrikeCard) is not None:
        return _card_plan(game, valuer, uid, targets)
    best = FirePlan()
    for twist, turret in _aims(game, ent, targets, wide):
        plan = _classic_plan(game, valuer, uid, targets, twist, turret, wide)
        if plan.value > best.value:
            best = plan
    return best


def _aims(game, ent: int, targets: list[str], wide: bool) -> list[tuple[str | None, int | None]]:
    """The torso twists (a mech standing) or turret facings (towards each
    target) to try."""
    tur = game.world.try_component(ent, Turret)
    if tur is not None and not tur.destroyed and not tur.locked and not tur.jammed:
        here = game.world.component(ent, Position).hex
        facings = []
        for t in targets:
            f = facing_toward(here, game.world.component(game.units[t], Position).hex)
            if f not in facings:
                facings.append(f)
        return [(None, f) for f in facings] or [(None, None)]
    if wide and game.kind(ent) == "mech" and not game.world.component(ent, Status).prone:
        return [(None, None), ("left", None), ("right", None)]
    return [(None, None)]


def _classic_plan(game, valuer: Valuer, uid: str, targets: list[str], twist: str | None,
                  turret: int | None, wide: bool) -> FirePlan:
    ent = game.units[uid]
    by_target = shots_against(game, valuer, uid, targets, torso_twist=twist, turret=turret)
    weapon_value = {t: sum(s.value for s in found if s.option.kind == "weapon") for t, found in by_target.items()}
    primary = max(targets, key=lambda t: weapon_value[t])
    on_buildings = building_shots(game, valuer, uid, torso_twist=twist, turret=turret, kinds=("weapon",))
    if weapon_value[primary] <= 0 and not on_buildings:
        return FirePlan(torso_twist=twist, turret=turret)
    best: dict[int, Shot] = {s.mount: s for s in by_target[primary] if s.option.kind == "weapon" and s.value > 0}
    assign(game, valuer, best, on_buildings)
    if wide and len(targets) > 1:
        with first_target(game, ent, primary):
            others = shots_against(game, valuer, uid, [t for t in targets if t != primary], torso_twist=twist,
                                   turret=turret, kinds=("weapon",))
            for found in others.values():
                for s in found:
                    if s.value > 0 and s.value > getattr(best.get(s.mount), "value", 0.0):
                        best[s.mount] = s
    _hold_punching_arms(game, ent, best, by_target)
    chosen, heat, value = _within_heat(game, valuer, ent, list(best.values()))
    order = sorted(chosen, key=lambda s: (s.target != primary, s.mount))
    return FirePlan(order, value, twist, turret, heat)


def _hold_punching_arms(game, ent: int, best: dict[int, Shot], by_target: dict[str, list[Shot]]) -> None:
    """Leave an arm's weapons silent when its punch is worth more (P-PUNCH-2)."""
    mounts = game.world.component(ent, Weapons).mounts
    for found in by_target.values():
        for s in found:
            if s.option.kind != "physical" or s.option.attack != "punch":
                continue
            arm = f"{s.option.limb}_arm"
            arm_shots = [m for m, shot in best.items() if mounts[m].location == arm]
            if arm_shots and s.value > sum(best[m].value for m in arm_shots):
                for m in arm_shots:
                    del best[m]


def _within_heat(game, valuer: Valuer, ent: int, candidates: list[Shot]) -> tuple[list[Shot], int, float]:
    """The shots whose value, less the heat cost of the turn's end heat,
    is greatest (exact 0/1 knapsack over the weapons' heat)."""
    worth, firepower, durability = valuer.worth(ent), valuer.firepower(ent), valuer.durability(ent)
    # heat -> (value, shots) of the best set making exactly that heat
    table: dict[int, tuple[float, list[Shot]]] = {0: (0.0, [])}
    for s in candidates:
        for h, (v, chosen) in list(table.items()):
            nh, nv = h + s.heat, v + s.value
            if nv > table.get(nh, (-1.0, None))[0]:
                table[nh] = (nv, chosen + [s])
    best = ([], 0, 0.0)
    base = None
    for h in sorted(table):
        v, chosen = table[h]
        cost = heat_cost.classic_cost(game, ent, heat_cost.classic_end_heat(game, ent, h), worth, firepower,
                                      durability)
        if base is None:
            base = cost        # the heat the turn ends on anyway (movement) is not the weapons' doing
        net = v - (cost - base)
        if net > best[2]:
            best = (chosen, h, net)
    return best


def _card_plan(game, valuer: Valuer, uid: str, targets: list[str]) -> FirePlan:
    ent = game.units[uid]
    worth = valuer.worth(ent)
    top = as_card.card(game, ent).overheat if as_card.has_heat_scale(game, ent) else 0
    plain = shots_against(game, valuer, uid, targets, kinds=("weapon", "physical"))
    weapon = max((s for t in targets for s in plain[t] if s.option.kind == "weapon"), key=lambda s: s.value,
                 default=None)
    next_attack = (0.0, 0)
    if weapon is not None and weapon.chance:
        # next turn's attack on the same target from medium range, without heat (AS-HIT-1)
        number = as_card.card(game, ent).skill + MEDIUM + as_card.current_tmm(game, game.units[weapon.target])
        next_attack = (weapon.value / weapon.chance, number)
    idle = heat_cost.alpha_strike_cost(game, ent, 0, False, worth, next_attack)
    last = len(sides.enemies(game, game.side_of(ent))) == 1
    best = FirePlan()
    for ov in range(top + 1):
        hot = ov and heat_preview(game, ent, ov) >= as_card.HEAT_TMM_LEVEL
        found = plain if not ov else shots_against(game, valuer, uid, targets, overheat=ov, kinds=("weapon",))
        for s in (s for t in targets for s in found[t]):
            kills = destroys(game, s)
            if hot and not kills:
                continue
            fires = s.option.kind == "weapon"
            cost = heat_cost.alpha_strike_cost(game, ent, ov, fires, worth, next_attack) - idle
            if kills and last:
                cost *= 1 - s.chance         # a hit ends the battle: the heat matters only after a miss
            net = s.value - cost
            if net > best.value:
                best = FirePlan([s], net)
    return best


def destroys(game, shot: Shot) -> bool:
    """Does an Alpha Strike attack destroy its target when it hits (its
    damage, overheat included, at least the armor and structure left)?"""
    if not shot.chance:
        return False
    tgt = game.units[shot.target]
    left = sum(max(0, v) for v in game.world.component(tgt, Armor).points.values()) \
        + sum(max(0, v) for v in game.world.component(tgt, Structure).points.values())
    return shot.damage / shot.chance >= left
