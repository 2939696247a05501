"""Rulesets: each is a choice of systems over the same spine.

A `Ruleset` names its phases, which system checks and carries out each kind
of order in each phase, what runs when a phase begins and ends, and the
hooks (`Hooks`) through which its systems take part in each other's rules.
Classic (Total Warfare) and Alpha Strike share the map, units, dice, events,
saves and UI; only this wiring differs. Every game builds its own ruleset,
so the rules of one never run in another.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable

from components import Identity, Status, TurnRecord, TurnState
from engine.orders import Order, MoveOrder, FireOrder, PhysicalOrder, PickOrder
from engine.turns import roll_initiative
from systems.common.victory import sides_able_to_fight

if TYPE_CHECKING:
    from engine.game import Game

Check = Callable[["Game", Order], "str | None"]
Apply = Callable[["Game", Order], None]
Hook = Callable[["Game"], None]

ORDER_NOUN = {MoveOrder: "movement", FireOrder: "weapon attack", PhysicalOrder: "physical attack", PickOrder: "weapon pick"}


@dataclass
class Hooks:
    """The points where one rule system lets others take part, filled by the
    wiring of the rule packages a ruleset plays with (nothing registers
    itself on import). Lists run in order; the `*_hit` tables hold the rule
    for each unit kind other than the mech (mechs are the Classic rules'
    own), `structure_damaged` one for each kind that rolls critical hits as
    it takes damage. The signatures are those of the functions the wiring
    modules put in."""

    # Unit type ("mech", a vehicle motive, "alpha-strike") -> its movement
    # rules object (systems/common/movement.py `motion_rules`).
    movement_rules: dict[str, Any] = field(default_factory=dict)
    # (game, ent, MoveOrder, PathResult) -> refusal or None: a charge or DFA
    # declared with a move.
    declaration_checks: list[Callable[..., "str | None"]] = field(default_factory=list)
    # (game, ent, MoveOrder, PathResult): what happens while a move is carried out.
    after_move: list[Callable[..., None]] = field(default_factory=list)
    # (game, ent, location): a mech location destroyed.
    location_destroyed: list[Callable[..., None]] = field(default_factory=list)
    # (game, ent): a unit put on the map (`Game.add_unit`), with the damage
    # its scenario or force gives it at the start.
    unit_placed: list[Callable[..., None]] = field(default_factory=list)
    # Unit kind -> (game, ent, location, points): a location's internal
    # structure damaged (points 0: a mech's through-armor critical), the
    # critical hit roll of that kind.
    structure_damaged: dict[str, Callable[..., None]] = field(default_factory=dict)
    # (game, ent): a MechWarrior wounded.
    pilot_wounded: list[Callable[..., None]] = field(default_factory=list)
    # (game, ent, hex, levels, cause) -> whether it was a fall onto a unit:
    # a mech that failed a PSR on its way falls from where it stands into
    # `hex`; one that falls 2 or more levels onto a unit there makes an
    # accidental fall from above instead of its own fall.
    fall_onto: list[Callable[..., bool]] = field(default_factory=list)
    # Displacement by unit type: (game, ent, destination hex) -> outcome or
    # None, and (game, ent, direction, cause) -> outcome carried out or None.
    displacement_outcome: list[Callable[..., "str | None"]] = field(default_factory=list)
    displace: list[Callable[..., "str | None"]] = field(default_factory=list)
    # (game, attacker, target, attack, limb) -> the judgement of a physical
    # attack on an unusual target (vehicles, airborne VTOLs) or None.
    physical_target: list[Callable[..., Any]] = field(default_factory=list)
    # (game, charger, target) -> the hit table a charge uses, or None.
    charge_table: list[Callable[..., "str | None"]] = field(default_factory=list)
    # (game, attacker, target, dfa) -> extra modifiers of a charge or DFA.
    charge_modifiers: list[Callable[..., list]] = field(default_factory=list)
    # (game, charger, target, charge entry) -> why a declared charge or DFA
    # can no longer be made at the start of the physical phase, or None.
    charge_recheck: list[Callable[..., "str | None"]] = field(default_factory=list)
    # (game, charge entry, hit): after each charge's damage.
    after_charge: list[Callable[..., None]] = field(default_factory=list)
    # (game, ent): a VTOL forced one level down (a pilot hit, V-VCE-4).
    forced_descent: list[Callable[..., None]] = field(default_factory=list)
    # (game, ent): a VTOL that passed its forced landing roll sets down in its hex (V-VCE-2).
    forced_landing: list[Callable[..., None]] = field(default_factory=list)
    # The options call's provider (systems/common/options.py): a module with
    # attack_options, declaration_options and unit_actions.
    options: Any = None
    # (game, attacker, target, mount) -> a ToHit of extra weapon modifiers,
    # or with the reason the unit may not fire.
    weapon_modifiers: list[Callable[..., Any]] = field(default_factory=list)
    # Unit kind -> (game, attacker, target, amount, cause): one weapon damage group.
    weapon_hit: dict[str, Callable[..., Any]] = field(default_factory=dict)
    # Unit kind -> (game, target, amount, side, cause): one physical damage group.
    physical_hit: dict[str, Callable[..., Any]] = field(default_factory=dict)
    # Unit kind -> (game, faller, target, attack) -> hit: an accidental fall
    # from above onto a unit of that kind (mechs are the Classic rules' own).
    fallen_on: dict[str, Callable[..., bool]] = field(default_factory=dict)
    # Unit kind -> (game, ent, levels, cause): a fall of `levels` in its hex
    # (a building collapsing under it).
    unit_fall: dict[str, Callable[..., Any]] = field(default_factory=dict)
    # Unit kind -> (game, ent, hex, hexes, backward, verb): the roll on
    # entering a building hex and what follows it (B-MOVE-3..6, B-VEH-3..5).
    building_entry: dict[str, Callable[..., Any]] = field(default_factory=dict)


@dataclass
class Ruleset:
    name: str
    phases: tuple[str, ...]
    handlers: dict[tuple[str, type], tuple[Check, Apply]] = field(default_factory=dict)
    # Orders taken in any phase (no phase waits for them): answers to a
    # choice the rules asked for (engine/orders.py PickOrder).
    anytime: dict[type, tuple[Check, Apply]] = field(default_factory=dict)
    on_begin: dict[str, list[Hook]] = field(default_factory=dict)
    on_end: dict[str, list[Hook]] = field(default_factory=dict)
    hooks: Hooks = field(default_factory=Hooks)

    def order_phase(self, order: Order) -> str | None:
        for (phase, otype) in self.handlers:
            if isinstance(order, otype):
                return phase
        return None

    def handler(self, game: "Game", order: Order) -> tuple[Check, Apply] | None:
        return self.anytime.get(type(order)) or self.handlers.get((game.phase, type(order)))

    def check(self, game: "Game", order: Order) -> str | None:
        return self.gate(game, order) or self.handler(game, order)[0](game, order)

    def gate(self, game: "Game", order: Order) -> str | None:
        """Why no order of this kind by this unit is taken now, whatever it
        says (the phase, a unit off the battlefield), or None."""
        if order.unit not in game.units:
            return f"there is no unit {order.unit!r}"
        ent = game.units[order.unit]
        handler = self.handler(game, order)
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
        return None

    def apply(self, game: "Game", order: Order) -> None:
        self.handler(game, order)[1](game, order)

    def start_turn(self, game: "Game", initiative: list[str] | None) -> None:
        game.log.turn += 1
        game.log.phase = "initiative"
        game.turn_record = TurnRecord()
        for _, ts in game.world.get_component(TurnState):
            ts.__init__()
        active = sides_able_to_fight(game)
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


def plays_unit_kind(ruleset: str, kind: str) -> bool:
    """Alpha Strike plays Alpha Strike cards only; Classic plays mechs and
    vehicles, no cards."""
    return (kind == "alpha-strike") == (ruleset == "alpha-strike")


def ruleset_names() -> tuple[str, ...]:
    return tuple(RULESETS)


def get_ruleset(name: str) -> Ruleset:
    if name not in RULESETS:
        raise ValueError(f"unknown ruleset {name!r} (expected one of {', '.join(RULESETS)})")
    return RULESETS[name]()


def classic() -> Ruleset:
    """Total Warfare: movement, weapon, physical, heat and end phases; the
    BattleMech rules (systems/classic/wiring.py), then the combat vehicle
    rules (systems/vehicles/wiring.py)."""
    from systems.classic import wiring as classic_wiring
    from systems.vehicles import wiring as vehicle_wiring
    rs = Ruleset(name="classic", phases=("movement", "weapon", "physical", "heat", "end"))
    classic_wiring.register(rs)
    vehicle_wiring.register(rs)
    return rs


def alpha_strike() -> Ruleset:
    """Alpha Strike: movement, combat and end phases (systems/alpha_strike/wiring.py)."""
    from systems.alpha_strike import wiring as alpha_strike_wiring
    rs = Ruleset(name="alpha-strike", phases=("movement", "combat", "end"))
    alpha_strike_wiring.register(rs)
    return rs


RULESETS: dict[str, Callable[[], Ruleset]] = {"classic": classic, "alpha-strike": alpha_strike}
