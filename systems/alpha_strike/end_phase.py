"""The Alpha Strike end phase, exactly as the seed gives it (rules/
alpha_strike.md part A: AS-END, AS-HEAT, AS-SHUT, AS-COOL, AS-SPA-HT).

For every unit at once (AS-END-1), in this order:
1. Stunned crews that sat out this turn recover.
2. Damage recorded in the combat phase takes effect, with its critical hits
   (AS-END-2, AS-DMG-3); a unit killed in combat still fired this turn.
3. Destroyed units leave the map (AS-END-2, AS-DEST-1).
4. The heat update of each remaining unit with a heat scale (AS-COOL-*,
   AS-HEAT-1/4, AS-SHUT-1), see `new_heat_level`.
5. Victory is checked.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from components import AlphaStrikeCard, AlphaStrikeCombat, AlphaStrikeHeat, Identity, Position, Status, Structure
from systems.alpha_strike import card as as_card, combat as as_combat, criticals as as_criticals
from systems.common import damage, victory

if TYPE_CHECKING:
    from engine.game import Game

HT_CAP = 2          # AS-HEAT-4: heat from HT attacks per target per turn
ENGINE_HEAT = 1     # AS-CRIT-ENGINE ('Mech): +1 heat in a turn it made a weapon attack


def end_phase(game: "Game") -> None:
    rec = as_combat.state(game)
    _recover_stunned(game)
    _apply_hits(game, rec)
    damage.remove_destroyed(game)
    for uid, ent in list(game.units.items()):
        if game.world.try_component(ent, AlphaStrikeCard) is None:
            continue
        if game.world.component(ent, Status).removed:
            continue
        if game.world.try_component(ent, AlphaStrikeHeat) is not None:
            update_heat(game, ent, rec)
    victory.check_victory(game)


def _recover_stunned(game: "Game") -> None:
    for uid, ent in game.units.items():
        c = game.world.try_component(ent, AlphaStrikeCard)
        if c is not None and c.stunned:
            c.stunned = False
            game.log.emit("recover", unit=uid, reason="crew no longer stunned")


def _apply_hits(game: "Game", rec: AlphaStrikeCombat) -> None:
    """AS-END-2 / AS-DMG-3: each hit in the order rolled; armor first, then
    structure; one critical roll for each hit that damaged structure."""
    for hit in rec.hits:
        ent = game.units[hit.target]
        if game.world.component(ent, Status).destroyed:
            continue
        structure = game.world.component(ent, Structure)
        before = structure.points.get(damage_location(), 0)
        damage.apply_damage(game, ent, damage_location(), hit.amount,
                            cause=f"{hit.attack} attack by {hit.attacker}")
        if structure.points.get(damage_location(), 0) < before:
            as_criticals.roll_critical(game, ent)


def damage_location() -> str:
    return "unit"      # contract/scenario.md: an Alpha Strike unit's one location


def in_water(game: "Game", ent: int) -> bool:
    """AS-COOL-3: the seed says only "in water" (水域中), with no depth, for the
    overheat-1 exception: any water hex, shallow (depth 0, under 2") too,
    where the unit stands at the end phase (Q3)."""
    return game.map.terrain(game.world.component(ent, Position).hex).terrain == "water"


def in_deep_water(game: "Game", ent: int) -> bool:
    """AS-COOL-4c: water 2" deep or more (depth 1: one level is 2", Q8), where
    the unit stands at the end phase (Q3)."""
    t = game.map.terrain(game.world.component(ent, Position).hex)
    return t.terrain == "water" and t.depth >= 1


def new_heat_level(old: int, *, began_shut_down: bool, overheat: int, fired: bool,
                   in_water: bool, deep_water: bool | None = None, engine_hits: int = 0,
                   ht_heat: int = 0) -> tuple[int, str]:
    """The seed's heat update for one unit; returns (new level, reason).
    `in_water`: the unit stands in water of any depth (AS-COOL-3);
    `deep_water`: in water 2" deep or more (AS-COOL-4c; defaults to `in_water`).

    - AS-COOL-4a: began the end phase shut down -> 0 (and restarts).
    - AS-COOL-1: overheated -> + OV used, no cooling at all;
      AS-COOL-3: in water with exactly 1 OV -> unchanged.
    - AS-COOL-4b: no weapon attack this turn -> 0 (a physical attack is no
      weapon attack, Q4).
    - AS-COOL-4c: in water 2"+ deep, fired, no OV -> -1.
    - AS-COOL-2: fired without OV, out of water -> unchanged.
    Then a 'Mech's Engine Hit adds 1 if it fired (AS-CRIT-ENGINE), HT heat is
    added capped at 2 (AS-HEAT-4, after the reset, Q5), and the level is
    clamped to 4 = S (AS-SHUT-1)."""
    if deep_water is None:
        deep_water = in_water
    in_water = in_water or deep_water
    if began_shut_down:
        level, reason = 0, "restart after shutdown"
    elif overheat > 0:
        if in_water and overheat == 1:
            level, reason = old, "overheat 1 absorbed by water"
        else:
            level, reason = old + overheat, f"overheat {overheat}"
    elif not fired:
        level, reason = 0, "no weapon attack"
    elif deep_water:
        level, reason = max(0, old - 1), "cooled by water"
    else:
        level, reason = old, "fired without overheat"
    if fired and engine_hits:
        level += ENGINE_HEAT
        reason += ", engine hit"
    ht = min(ht_heat, HT_CAP)
    if ht:
        level += ht
        reason += f", HT heat {ht}" + (f" (capped from {ht_heat})" if ht_heat > HT_CAP else "")
    return min(level, as_card.SHUTDOWN_LEVEL), reason


def update_heat(game: "Game", ent: int, rec: AlphaStrikeCombat) -> None:
    uid = game.world.component(ent, Identity).uid
    heat = game.world.component(ent, AlphaStrikeHeat)
    status = game.world.component(ent, Status)
    c = as_card.card(game, ent)
    began_shut_down = status.shutdown
    old = heat.level
    level, reason = new_heat_level(
        old, began_shut_down=began_shut_down, overheat=rec.overheat.get(uid, 0),
        fired=uid in rec.fired, in_water=in_water(game, ent), deep_water=in_deep_water(game, ent),
        engine_hits=c.crits.get("engine_hit", 0) if c.type in as_card.MECH_TYPES else 0,
        ht_heat=rec.ht_heat.get(uid, 0))
    heat.level = level
    if level != old:
        game.log.emit("heat", unit=uid, **{"from": old, "to": level}, reason=reason)
    if began_shut_down:
        status.shutdown = False
        game.log.emit("restart", unit=uid)
    if level >= as_card.SHUTDOWN_LEVEL:
        status.shutdown = True
        game.log.emit("shutdown", unit=uid)


def heat_preview(game: "Game", ent: int, overheat: int, fires: bool = True) -> int:
    """The heat level this unit will reach in this turn's end phase if it makes
    a weapon attack with `overheat` (or, with fires=False, none), before any
    HT heat it may still receive: what a front end shows beside the overheat
    choice (4 = S: shut down next turn). Same rules as `update_heat`."""
    c = as_card.card(game, ent)
    level, _ = new_heat_level(
        as_card.heat_level(game, ent), began_shut_down=game.world.component(ent, Status).shutdown,
        overheat=overheat if fires else 0, fired=fires, in_water=in_water(game, ent),
        deep_water=in_deep_water(game, ent),
        engine_hits=c.crits.get("engine_hit", 0) if c.type in as_card.MECH_TYPES else 0)
    return level
