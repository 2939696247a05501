"""The damage a side has already aimed at each enemy this phase, read from
the `declare` events of the phase (docs/events.md): each declared shot's
chance to hit times its weapon damage (a physical attack is not counted). The computer player counts it off the
target's durability, so later units finish off what earlier ones started
(focus fire) and the count survives a saved and loaded game. The same for
the buildings the side has fired at (`committed_cf`, by hex)."""
from __future__ import annotations

from components import AlphaStrikeCard, Position, Weapons
from engine.bot.odds import hit_chance
from engine.bot.value import weapon_damage
from engine.hexgrid import distance
from systems.alpha_strike import card as as_card
from systems.alpha_strike.combat import range_bracket
from systems.classic.weapon_attacks import find_mount


def _declared(game, side: str):
    """The `declare` events of `side` this phase, latest first, with the attacker."""
    for e in reversed(game.log.events):
        if e.get("turn") != game.turn or e.get("phase") != game.phase:
            break
        if e.get("type") == "declare" and e.get("unit") in game.units:
            ent = game.units[e["unit"]]
            if game.side_of(ent) == side:
                yield e, ent


def committed(game, side: str) -> dict[int, float]:
    """Target entity -> the expected damage `side` declared on it this phase."""
    out: dict[int, float] = {}
    for e, ent in _declared(game, side):
        if e.get("target") not in game.units:
            continue
        tgt = game.units[e["target"]]
        amount = _damage(game, ent, tgt, e)
        if amount:
            out[tgt] = out.get(tgt, 0.0) + hit_chance(game, e["to_hit"]) * amount
    return out


def committed_cf(game, side: str) -> dict[str, float]:
    """Building hex label -> the expected damage `side` declared on it this
    phase (a weapon's; a roll of None is a hit without one, B-ATK-1)."""
    out: dict[str, float] = {}
    for e, ent in _declared(game, side):
        if e.get("target_hex") is None or not e.get("weapon"):
            continue
        ref = find_mount(game, ent, e["weapon"])
        if ref.reason is None:
            amount = weapon_damage(game, ent, game.world.component(ent, Weapons).mounts[ref.index])
            p = 1.0 if e.get("to_hit") is None else hit_chance(game, e["to_hit"])
            out[e["target_hex"]] = out.get(e["target_hex"], 0.0) + p * amount
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
