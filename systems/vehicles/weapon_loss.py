"""Which weapon a "weapon destroyed" critical hit takes from a vehicle
(rules/vehicles.md V-CE-14): the attacker rolls 1d6; on 1-3 the owner picks
the weapon in the location, on 4-6 the attacker.

The pick is the player's when the game puts that side's choices to it
(`Game.choosers`, the window's human sides): the resolution stops with
`ChoiceNeeded` (engine/orders.py) and, once taken back, is made again after
a `PickOrder` has recorded the answer in the turn record (`weapon_picks`),
which the hit then uses. Otherwise the fixed picks stand: the owner gives
up the first weapon of its loss order there (a scenario's
`weapon_loss_order`), else its least damaging one; the attacker takes the
most damaging (ties: the first mounted). So a headless game (the scenario
runner, soak, bots, duels) never waits for anyone, and a replay or a save
carries the picks as the orders they were.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from components import Identity, VehicleCrits, WeaponPick, Weapons
from engine.orders import ChoiceNeeded, PickOrder
from systems.classic.weapon_names import weapon_names

if TYPE_CHECKING:
    from components import Mount
    from engine.game import Game

CHOOSERS = ("owner", "attacker")


def chooser_of(picker_roll: int) -> str:
    """V-CE-14: 1-3 the owner (defender) picks, 4-6 the attacker."""
    return "owner" if picker_roll <= 3 else "attacker"


def attacking_side(game: "Game", ent: int) -> str:
    """The side of the unit whose attack this phase last targeted `ent` (the
    event log's `attack` events); without one (a fall, a collision, a
    building) the first other side."""
    uid, own = game.uid(ent), game.side_of(ent)
    for e in reversed(game.log.events):
        if (e["turn"], e["phase"]) != (game.turn, game.phase):
            break
        if e["type"] == "attack" and e.get("target") == uid and e.get("attacker") in game.units:
            return game.side_of(game.units[e["attacker"]])
    return next((s for s in game.sides if s != own), own)


def chooser_side(game: "Game", ent: int, chooser: str) -> str:
    return game.side_of(ent) if chooser == "owner" else attacking_side(game, ent)


def named_mounts(game: "Game", ent: int, location: str) -> dict[str, "Mount"]:
    """The weapons a hit in `location` can destroy, by order name (unit-file order)."""
    w = game.world.try_component(ent, Weapons)
    if w is None:
        return {}
    names = weapon_names([m.type for m in w.mounts])
    return {n: m for n, m in zip(names, w.mounts) if m.location == location and not m.destroyed}


def fixed_pick(game: "Game", ent: int, location: str, chooser: str) -> str:
    """The pick made for a side that is not asked: the owner's loss order,
    else its least damaging weapon; the attacker's most damaging one."""
    mounts = named_mounts(game, ent, location)
    table = game.weapons
    ranked = sorted(mounts, key=lambda n: (table[mounts[n].type].damage * max(1, table[mounts[n].type].cluster),
                                           -list(mounts).index(n)))
    if chooser == "attacker":
        return ranked[-1]
    order = game.world.component(ent, VehicleCrits).loss_order
    listed = [n for wtype in order for n, m in mounts.items() if m.type == wtype]
    return (listed or ranked)[0]


def pick(game: "Game", ent: int, location: str, chooser: str) -> "Mount":
    """The weapon the hit destroys: a player's pick recorded this turn (used
    up), else, for a side the game asks, stop and ask (ChoiceNeeded) when
    there is more than one to pick from, else the fixed pick."""
    mounts = named_mounts(game, ent, location)
    uid = game.uid(ent)
    record = game.turn_record.weapon_picks
    for i, p in enumerate(record):
        if (p.unit, p.location, p.chooser) == (uid, location, chooser) and p.weapon in mounts:
            del record[i]
            return mounts[p.weapon]
    side = chooser_side(game, ent, chooser)
    if len(mounts) > 1 and side in game.choosers:
        raise ChoiceNeeded(uid, location, chooser, side, list(mounts))
    return mounts[fixed_pick(game, ent, location, chooser)]


# --------------------------------------------------------------------- the pick order
def check_pick(game: "Game", order: PickOrder) -> str | None:
    ent = game.units[order.unit]
    name = game.world.component(ent, Identity).name
    if game.world.try_component(ent, VehicleCrits) is None:
        return f"{name} is not a vehicle: no weapon of its is picked for a critical hit"
    if order.chooser not in CHOOSERS:
        return f"chooser must be owner or attacker, got {order.chooser!r}"
    if order.weapon not in named_mounts(game, ent, order.location):
        return f"{name} has no working weapon {order.weapon!r} in {order.location or 'no location'}"
    return None


def apply_pick(game: "Game", order: PickOrder) -> None:
    game.turn_record.weapon_picks.append(WeaponPick(order.unit, order.location, order.weapon, order.chooser))
    game.log.emit("weapon_pick", unit=order.unit, location=order.location, weapon=order.weapon,
                  chooser=order.chooser)
