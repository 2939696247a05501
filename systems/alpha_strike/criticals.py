"""Alpha Strike critical hits (rules/alpha_strike.md B7, AS-CRIT-*, and the
seed's AS-SPA-CASE / CASEII / ENE): one 2d6 roll on the unit type's table
each time an attack damages structure, and the effects.

Effects are counted in the card's `crits` (effect -> hits) and listed in
Status.crits; the derived values (Move, TMM, damage, to-hit) read them
(systems/alpha_strike/card.py, systems/alpha_strike/combat.py). Rolled and applied in the end
phase, when damage takes effect (AS-END-2).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from components import Identity, Status, Structure
from systems.alpha_strike import card as as_card
from systems.common import damage

if TYPE_CHECKING:
    from engine.game import Game

MECH_TABLE = {2: "ammo_hit", 3: "engine_hit", 4: "fire_control_hit", 5: "no_critical_hit",
              6: "weapon_hit", 7: "mp_hit", 8: "weapon_hit", 9: "no_critical_hit",
              10: "fire_control_hit", 11: "engine_hit", 12: "unit_destroyed"}
VEHICLE_TABLE = {2: "ammo_hit", 3: "crew_stunned", 4: "fire_control_hit", 5: "fire_control_hit",
                 6: "no_critical_hit", 7: "no_critical_hit", 8: "no_critical_hit", 9: "weapon_hit",
                 10: "weapon_hit", 11: "crew_killed", 12: "engine_hit"}
PROTO_TABLE = {2: "weapon_hit", 3: "weapon_hit", 4: "fire_control_hit", 5: "mp_hit",
               6: "no_critical_hit", 7: "mp_hit", 8: "no_critical_hit", 9: "mp_hit",
               10: "fire_control_hit", 11: "weapon_hit", 12: "unit_destroyed"}
TABLES = {"BM": MECH_TABLE, "IM": MECH_TABLE, "CV": VEHICLE_TABLE, "SV": VEHICLE_TABLE,
          "PM": PROTO_TABLE}
CASE_DAMAGE = 1     # AS-SPA-CASE (AS:CE: 1 extra point; ambiguity Q6)


def critical_table(unit_type: str) -> dict[int, str] | None:
    """The unit type's table; None for types without critical hits (infantry, ...)."""
    return TABLES.get(unit_type)


def roll_critical(game: "Game", ent: int) -> str | None:
    """Roll once on the critical hit table and apply the result. Returns the
    effect, or None for a unit type without a table or already destroyed."""
    status = game.world.component(ent, Status)
    table = critical_table(as_card.card(game, ent).type)
    if table is None or status.destroyed:
        return None
    uid = game.world.component(ent, Identity).uid
    roll = game.dice.roll("critical", 2, f"critical hit on {uid}")
    effect = table[roll]
    apply_effect(game, ent, effect, roll)
    return effect


def _emit(game: "Game", ent: int, effect: str, roll: int | None, result: str) -> None:
    game.log.emit("critical", unit=game.world.component(ent, Identity).uid, location="unit",
                  effect=effect, roll=roll, result=result)


def _count(game: "Game", ent: int, effect: str) -> int:
    c = as_card.card(game, ent)
    c.crits[effect] = c.crits.get(effect, 0) + 1
    game.world.component(ent, Status).crits.append(effect)
    return c.crits[effect]


def apply_effect(game: "Game", ent: int, effect: str, roll: int | None = None) -> None:
    c = as_card.card(game, ent)
    mech = c.type in as_card.MECH_TYPES
    if effect == "no_critical_hit":
        _emit(game, ent, effect, roll, "no effect")
        return
    if effect == "ammo_hit":
        _ammo_hit(game, ent, roll)
        return
    if effect in ("unit_destroyed", "crew_killed"):
        _emit(game, ent, effect, roll, "unit destroyed")
        _count(game, ent, effect)
        damage.destroy_unit(game, ent, effect.replace("_", " "))
        return
    n = _count(game, ent, effect)
    if effect == "engine_hit":
        if n >= 2:   # AS-CRIT-ENGINE: a second Engine Hit destroys the unit
            _emit(game, ent, effect, roll, "second engine hit: unit destroyed")
            damage.destroy_unit(game, ent, "engine destroyed")
            return
        _emit(game, ent, effect, roll, "+1 heat when it fires" if mech else "Move and damage halved")
    elif effect == "fire_control_hit":
        _emit(game, ent, effect, roll, "+2 to hit for weapon attacks")
    elif effect == "weapon_hit":
        _emit(game, ent, effect, roll, "-1 damage at every range")
    elif effect == "mp_hit":
        _emit(game, ent, effect, roll, f"Move now {as_card.move_inches(game, ent)}\"")
    elif effect == "crew_stunned":
        c.stunned = True
        _emit(game, ent, effect, roll, "no move or attack next turn")
    else:
        _emit(game, ent, effect, roll, "")
    if as_card.move_inches(game, ent) <= 0 and as_card.jump_inches(game, ent) <= 0:
        game.world.component(ent, Status).immobile = True    # AS-MOVE-7


def _ammo_hit(game: "Game", ent: int, roll: int | None) -> None:
    """AS-CRIT-AMMO: destroyed unless CASE (+1 damage, and a new roll if that
    point hits structure), CASEII or ENE (no effect)."""
    sp = as_card.specials(game, ent)
    if sp.ignores_ammo_hit:
        _emit(game, ent, "ammo_hit", roll, "no effect (" + ("CASEII" if sp.caseii else "ENE") + ")")
        return
    if sp.case:
        _emit(game, ent, "ammo_hit", roll, f"CASE: {CASE_DAMAGE} extra damage")
        _count(game, ent, "ammo_hit")
        structure = game.world.component(ent, Structure)
        before = structure.points.get("unit", 0)
        damage.apply_damage(game, ent, "unit", CASE_DAMAGE, cause="ammo hit (CASE)")
        lost = before - structure.points.get("unit", 0)
        if lost > 0:
            roll_critical(game, ent)
        return
    _emit(game, ent, "ammo_hit", roll, "ammunition explodes: unit destroyed")
    _count(game, ent, "ammo_hit")
    damage.destroy_unit(game, ent, "ammo explosion")
