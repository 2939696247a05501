"""The damage a side has already aimed at each enemy this phase, read from
the `declare` events of the phase (docs/events.md): each declared shot's
chance to hit times its weapon damage (a physical attack is not counted). The computer player counts it off the
target's durability, so later units finish off what earlier ones started
(focus fire) and the count survives a saved and loaded game."""
from __future__ import annotations

from components import AlphaStrikeCard, Position, Weapons
from engine.bot.odds import hit_chance
from engine.bot.value import weapon_damage
from engine.hexgrid import distance
from systems.alpha_strike import card as as_card
from systems.alpha_strike.combat import range_bracket
from systems.classic.weapon_attacks import find_mount


def committed(game, side: str) -> dict[int, float]:
    """Target entity -> the expected damage `side` declared on it this phase."""
    out: dict[int, float] = {}
    for e in reversed(game.log.events):
        if e.get("turn") != game.turn or e.get("phase") != game.phase:
            break
        if e.get("type") != "declare" or e.get("unit") not in game.units or e.get("target") not in game.units:
            continue
        ent, tgt = game.units[e["unit"]], game.units[e["target"]]
        if game.side_of(ent) != side:
            continue
        amount = _damage(game, ent, tgt, e)
        if amount:
            out[tgt] = out.get(tgt, 0.0) + hit_chance(game, e["to_hit"]) * amount
    return out


def _damage(game, ent: int, tgt: int, e: dict) -> float:
    if game.world.try_component(ent, AlphaStrikeCard) is not None:
        if e.get("attack") != "weapon":
            return 0.0
        hexes = distance(game.world.component(ent, Position).hex, game.world.component(tgt, Position).hex)
        bracket = range_bracket(hexes)
        return float(as_card.damage_value(game, ent, bracket[0])[0]) if bracket else 0.0
    if e.get("weapon") and game.world.try_component(ent, Weapons) is not None:
        ref = find_mount(game, ent, e["weapon"])
        if ref.reason is None:
            return weapon_damage(game, ent, game.world.component(ent, Weapons).mounts[ref.index])
    return 0.0
