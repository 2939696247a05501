"""What the enemy can do to a unit where it stands (or where a what-if
places it): every enemy within reach attacks it with all its weapons and
its best physical attack, judged by the rules' own to-hit (the options
call) and valued on the unit's hit table (engine/bot/attacks.py). Each
enemy's fire is shared among the units it can reach, so a unit that stands
alone draws all of it: evenly (`incoming`, Alpha Strike's exchange), or,
for a Classic move, in the share of the enemy's attacks' worth the unit is
as a target (`drawn`), since each enemy aims where its fire is worth most. How far a unit's weapons reach is its longest range
band: a Classic weapon's long range, an Alpha Strike card's last range
bracket with damage (systems/alpha_strike/combat.RANGE_BRACKETS)."""
from __future__ import annotations

import contextlib
from typing import Callable

from components import AlphaStrikeCard, Position, Weapons
from engine.bot.attacks import shots
from engine.bot.geometry import facing_toward
from engine.bot.value import Valuer, working
from engine.bot.whatif import moved_to
from engine.hexgrid import distance, line
from systems.alpha_strike import card as as_card
from systems.alpha_strike.combat import RANGE_BRACKETS

ADJACENT = 1


def weapon_reach(game, ent: int) -> int:
    """The farthest a unit's working weapons shoot, in hexes (at least
    adjacent: a physical attack)."""
    if game.world.try_component(ent, AlphaStrikeCard) is not None:
        reach = ADJACENT
        for i, (_name, last, _mod) in enumerate(RANGE_BRACKETS):
            value, minimal = as_card.damage_value(game, ent, i)
            if value > 0 or minimal:
                reach = last
        return reach
    weapons = game.world.try_component(ent, Weapons)
    return max([game.weapons[m.type].long for m in (weapons.mounts if weapons else []) if working(game, ent, m)]
               + [ADJACENT])


def in_reach(game, attacker: int, target: int, reach: int) -> bool:
    return distance(game.world.component(attacker, Position).hex, game.world.component(target, Position).hex) <= reach


def incoming(game, valuer: Valuer, uid: str, enemies: list[str], reach: dict[str, int],
             shares: dict[str, float], advance: dict[str, tuple[str, int]] | None = None) -> float:
    """The expected worth the `enemies` take from `uid` this turn as things
    stand: each enemy's attacks on it (`attacks_on`) times the share of its
    fire that enemy gives it."""
    return sum(shares.get(e, 1.0) * v for e, v in attacks_on(game, valuer, uid, enemies, reach, advance).items())


def drawn(attacks: dict[str, float], rival: Callable[[str], float]) -> float:
    """The expected worth the enemies take from a unit when each aims where
    its fire is worth most: each enemy's attacks on it (`attacks`: enemy ->
    worth, `attacks_on`) times the share of that enemy's fire it draws, the
    worth of those attacks over their worth on it and on the friends the
    enemy can also reach (`rival`: enemy -> the worth of its attacks on
    those friends, `rival_worth`). The enemy's best target draws the most
    of its fire: a light scout beside heavier friends is not hidden among
    them, as an even share would have it."""
    return sum(v * v / (v + rival(e)) for e, v in attacks.items() if v > 0)


def rival_worth(game, valuer: Valuer, uid: str, friends: list[str], enemy: str, reach: dict[str, int],
                advance: dict[str, tuple[str, int]] | None = None) -> float:
    """The worth of `enemy`'s attacks on the `friends` of `uid` it can reach
    (they stand where they are)."""
    return sum(attacks_on(game, valuer, f, [enemy], reach, advance).get(enemy, 0.0) for f in friends if f != uid)


def attacks_on(game, valuer: Valuer, uid: str, enemies: list[str], reach: dict[str, int],
               advance: dict[str, tuple[str, int]] | None = None) -> dict[str, float]:
    """Each enemy able to reach `uid` this turn -> the expected worth its
    weapons and best physical attack take from it. An enemy that has still
    to move (in `advance`: its first movement mode and the hexes that mode
    takes it) is judged where it stands and as if it had come that far
    straight towards the unit, whichever hurts more."""
    ent = game.units[uid]
    here = game.world.component(ent, Position).hex
    out = {}
    for e in enemies:
        foe = game.units[e]
        mode, hexes = (advance or {}).get(e, (None, 0))
        if not in_reach(game, foe, ent, reach[e] + hexes):
            continue
        best = _attack_on(game, valuer, e, uid) if in_reach(game, foe, ent, reach[e]) else 0.0
        if hexes:
            step = advanced_step(game, foe, here, hexes)
            if step != game.world.component(foe, Position).hex:
                with moved_to(game, foe, step, facing_toward(step, here), mode, hexes):
                    best = max(best, _attack_on(game, valuer, e, uid))
        out[e] = best
    return out


def _attack_on(game, valuer: Valuer, attacker: str, target: str) -> float:
    found = shots(game, valuer, attacker, target)
    weapons = sum(s.value for s in found if s.option.kind == "weapon")
    physical = max((s.value for s in found if s.option.kind == "physical"), default=0.0)
    if game.world.try_component(game.units[attacker], AlphaStrikeCard) is not None:
        return max(weapons, physical)          # one attack a turn (AS-TURN-4)
    return weapons + max(0.0, physical)


def advanced_step(game, foe: int, here, hexes: int):
    """The hex `foe` reaches coming `hexes` hexes straight towards `here` (never into it)."""
    there = game.world.component(foe, Position).hex
    path = line(there, here)
    return path[min(hexes, len(path) - 2)][0] if len(path) > 1 else there


@contextlib.contextmanager
def on_the_move(game, advance: dict[str, tuple[str, int]]):
    """Every enemy still to move (`advance`) as if it had moved and stood
    where it stands now: its attacks without the stood-still bonus."""
    with contextlib.ExitStack() as stack:
        for e, (mode, hexes) in advance.items():
            foe = game.units[e]
            if hexes:
                pos = game.world.component(foe, Position)
                stack.enter_context(moved_to(game, foe, pos.hex, pos.facing, mode, 1))
        yield


@contextlib.contextmanager
def advanced(game, advance: dict[str, tuple[str, int]], here):
    """Every enemy still to move (`advance`: its first movement mode and
    the hexes it takes it) as if it had come that far straight towards `here`."""
    with contextlib.ExitStack() as stack:
        for e, (mode, hexes) in advance.items():
            foe = game.units[e]
            step = advanced_step(game, foe, here, hexes)
            if step != game.world.component(foe, Position).hex:
                stack.enter_context(moved_to(game, foe, step, facing_toward(step, here), mode, hexes))
        yield
