"""Rulesets: each is a choice of systems over the same spine.

A `Ruleset` names its phases, which system checks and carries out each kind
of order in each phase, and what runs when a phase begins and ends. Classic
(Total Warfare) and Alpha Strike share the map, units, dice, events, saves
and UI; only this wiring differs.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Callable

from components import Status, TurnState, Identity
from engine.orders import Order, MoveOrder, FireOrder, PhysicalOrder
from engine.turns import roll_initiative

if TYPE_CHECKING:
    from engine.game import Game

Check = Callable[["Game", Order], "str | None"]
Apply = Callable[["Game", Order], None]
Hook = Callable[["Game"], None]

ORDER_NOUN = {MoveOrder: "movement", FireOrder: "weapon attack", PhysicalOrder: "physical attack"}


@dataclass
class Ruleset:
    name: str
    phases: tuple[str, ...]
    handlers: dict[tuple[str, type], tuple[Check, Apply]] = field(default_factory=dict)
    on_begin: dict[str, list[Hook]] = field(default_factory=dict)
    on_end: dict[str, list[Hook]] = field(default_factory=dict)

    def order_phase(self, order: Order) -> str | None:
        for (phase, otype) in self.handlers:
            if isinstance(order, otype):
                return phase
        return None

    def check(self, game: "Game", order: Order) -> str | None:
        if order.unit not in game.units:
            return f"there is no unit {order.unit!r}"
        ent = game.units[order.unit]
        handler = self.handlers.get((game.phase, type(order)))
        if handler is None:
            wanted = self.order_phase(order)
            noun = ORDER_NOUN.get(type(order), "that order")
            if wanted is None:
                return f"the {self.name} rules have no {noun} orders"
            return f"a {noun} order belongs to the {wanted} phase, not the {game.phase} phase"
        st = game.world.component(ent, Status)
        name = game.world.component(ent, Identity).name
        if st.removed:
            return f"{name} is no longer on the battlefield"
        if st.destroyed and game.phase == "movement":
            return f"{name} is destroyed"
        return handler[0](game, order)

    def apply(self, game: "Game", order: Order) -> None:
        self.handlers[(game.phase, type(order))][1](game, order)

    def start_turn(self, game: "Game", initiative: list[str] | None) -> None:
        game.log.turn += 1
        game.log.phase = "initiative"
        game.phase_data = {}
        for _, ts in game.world.get_component(TurnState):
            ts.__init__()
        active = [s for s in game.sides if any(
            game.can_fight(game.units[u]) for u in game.unit_ids(s))]
        if initiative:
            order = list(initiative) + [s for s in active if s not in initiative]
            game.log.emit("initiative", order=order, forced=True)
        else:
            order = roll_initiative(game, active)
            game.log.emit("initiative", order=order, forced=False)
        game.initiative = order

    def begin_phase(self, game: "Game", phase: str) -> None:
        for hook in self.on_begin.get(phase, []):
            hook(game)

    def end_phase(self, game: "Game", phase: str) -> None:
        for hook in self.on_end.get(phase, []):
            hook(game)


_RULESETS: dict[str, Callable[[], Ruleset]] = {}


def register(name: str):
    def deco(factory: Callable[[], Ruleset]):
        _RULESETS[name] = factory
        return factory
    return deco


def ruleset_names() -> tuple[str, ...]:
    return tuple(_RULESETS)


def get_ruleset(name: str) -> Ruleset:
    if name not in _RULESETS:
        raise ValueError(f"unknown ruleset {name!r} (expected one of {', '.join(_RULESETS)})")
    return _RULESETS[name]()


@register("classic")
def classic() -> Ruleset:
    """Total Warfare: movement, weapon, physical, heat and end phases. The
    systems register in this order; later ones add to the hooks of earlier
    ones (the vehicle rules wrap weapon and physical damage)."""
    from systems.classic import (end_phase as end_phase_classic, heat as heat_classic, physical_attacks,
                                 piloting, weapon_attacks)
    from systems.common import movement
    from systems.vehicles import physical as vehicle_physical, wiring as vehicles
    rs = Ruleset(
        name="classic",
        phases=("movement", "weapon", "physical", "heat", "end"),
    )
    rs.handlers[("movement", MoveOrder)] = (movement.check_move, movement.apply_move)
    rs.on_end["end"] = [end_phase_classic.finish_turn]
    weapon_attacks.register_classic(rs)
    physical_attacks.register_classic(rs)
    heat_classic.register_classic(rs)
    piloting.register_classic(rs)
    vehicles.register_classic(rs)
    vehicle_physical.register_classic(rs)
    return rs


@register("alpha-strike")
def alpha_strike() -> Ruleset:
    """Alpha Strike: movement, combat and end phases (systems/alpha_strike/wiring.py)."""
    from systems.alpha_strike import wiring as alpha_strike_rules
    from systems.common import movement
    rs = Ruleset(name="alpha-strike", phases=("movement", "combat", "end"))
    rs.handlers[("movement", MoveOrder)] = (movement.check_move, movement.apply_move)
    alpha_strike_rules.register_alpha_strike(rs)
    return rs
