"""Ground movement: paths of steps, their MP costs and legality, the move
itself, and the reachable-state search the UI draws.

One step loop serves every unit. What differs by unit type lives in small
rule objects (`MechMotion` here; vehicles and VTOLs register theirs in
`MOTION_RULES` from systems/vehicle_movement.py): the MP of each mode, the
cost of entering a hex, prohibited terrain. rules/mech_core.md section 2.
"""
from __future__ import annotations

import heapq
import math
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Callable, NamedTuple

from components import (Actuators, AlphaStrikeCard, Altitude, ClassicHeat, Crew, Identity, MechMovement, Position,
                        Status, Structure, TurnState, VehicleMovement)
from engine.hexgrid import Hex, neighbor, turn
from engine.hexmap import Terrain
from engine.orders import MoveOrder, MOVE_STEPS
from systems.heat_classic import movement_mp_penalty
from systems.unit_state import airborne

if TYPE_CHECKING:
    from engine.game import Game


@dataclass(frozen=True)
class MoveState:
    """Where a moving unit is after some steps."""

    hex: Hex
    facing: int
    mp: int = 0                 # MP spent so far
    hexes: int = 0              # hexes entered so far
    prone: bool = False
    altitude: int = 0           # VTOL elevation above the hex
    turned: bool = False        # changed facing since the last hex entered (sideslip/skid)
    backward: bool = False      # moved backward this turn
    tags: frozenset = frozenset()   # unit-type rule flags carried along the path (e.g. left the pavement)

    def replace(self, **changes) -> "MoveState":
        """A copy with some fields changed: `dataclasses.replace` without its
        per-call field checks (the reachable-state search makes thousands)."""
        new = object.__new__(type(self))
        new.__dict__.update(self.__dict__, **changes)
        return new


@dataclass
class PsrTrigger:
    step: int                   # index of the step that caused it
    reason: str
    modifier: int
    state: MoveState


@dataclass
class PathResult:
    states: list[MoveState]
    error: str | None = None
    psrs: list[PsrTrigger] = field(default_factory=list)

    @property
    def final(self) -> MoveState:
        return self.states[-1]


# --------------------------------------------------------------------- mechs
NO_BACKWARD_MODES = ("run", "flank", "jump")   # core section 2, V-MOVE-6
MECH_TERRAIN_COST = {"clear": 0, "rough": 1, "rubble": 1, "light_woods": 1, "heavy_woods": 2}
BUILDING_PSR = {1: 0, 2: 1, 3: 2, 4: 5}   # building type (light..hardened) -> PSR modifier


def mech_walk_mp(game: "Game", ent: int) -> int:
    """Walking MP after leg damage and heat (rules/mech_core.md sections 2, 13)."""
    base = game.world.component(ent, MechMovement).walk
    acts = game.world.try_component(ent, Actuators)
    status = game.world.component(ent, Status)
    structure = game.world.component(ent, Structure)
    legs_gone = [leg for leg in ("left_leg", "right_leg") if structure.points.get(leg, 1) <= 0]
    if len(legs_gone) == 2:
        return 0
    walk = base
    if acts is not None:
        hips = sum(1 for a in acts.destroyed if a.endswith("_hip"))
        for a in acts.destroyed:
            side = a.split("_")[0]
            if a.endswith(("_upper_leg", "_lower_leg", "_foot")) and f"{side}_hip" not in acts.destroyed:
                walk -= 1
        if hips == 1:
            walk = math.ceil(walk / 2)
        elif hips >= 2:
            return 0
    if legs_gone:
        walk = min(walk, 1)
    heat = game.world.try_component(ent, ClassicHeat)
    if heat is not None:
        walk -= movement_mp_penalty(heat.heat)
    if status.crits.count("gyro") >= 2:
        return 0
    return max(0, walk)


def mech_jump_mp(game: "Game", ent: int) -> int:
    status = game.world.component(ent, Status)
    return max(0, game.world.component(ent, MechMovement).jump - status.crits.count("jump_jet"))


class MechMotion:
    """Movement rules for BattleMechs."""

    modes = ("walk", "run", "jump")
    max_level_change = 2

    def mp(self, game: "Game", ent: int, mode: str) -> int:
        walk = mech_walk_mp(game, ent)
        if mode == "walk":
            return walk
        if mode == "run":
            structure = game.world.component(ent, Structure)
            if any(structure.points.get(l, 1) <= 0 for l in ("left_leg", "right_leg")):
                return walk   # one leg destroyed: no running
            return math.ceil(1.5 * walk)
        if mode == "jump":
            return mech_jump_mp(game, ent)
        return 0

    def mode_error(self, game: "Game", ent: int, mode: str, state: MoveState) -> str | None:
        if mode not in self.modes:
            return f"a mech moves by walk, run or jump, not {mode!r}"
        if mode == "jump" and state.prone:
            return "a prone mech cannot jump"
        if mode == "jump" and self.mp(game, ent, "jump") == 0:
            return "this mech has no working jump jets"
        return None

    def enter_cost(self, game: "Game", ent: int, mode: str, frm: Terrain, to: Terrain,
                   backward: bool) -> int | str:
        """MP to enter `to` from `frm`, or the reason it cannot."""
        if mode == "jump":
            return 1
        cost = 1 + MECH_TERRAIN_COST.get(to.terrain, 0)
        if to.terrain == "water":
            cost = {0: 1, 1: 2}.get(to.depth, 4)
        if to.building:
            cost = 1 + min(to.building, 4)
        change = abs(to.level - frm.level)
        if change > self.max_level_change:
            return f"a mech can climb or drop at most {self.max_level_change} levels per hex ({change} here)"
        return cost + change

    def enter_psrs(self, frm: Terrain, to: Terrain, mode: str, backward: bool) -> list[tuple[str, int]]:
        if mode == "jump":
            return []
        out = []
        if to.terrain == "rubble":
            out.append(("entering rubble", 0))
        if to.terrain == "water" and to.depth >= 1:
            out.append((f"entering depth {to.depth} water", {1: -1, 2: 0}.get(to.depth, 1)))
        if to.building:
            out.append(("entering a building", BUILDING_PSR.get(min(to.building, 4), 0)))
        if backward and to.level != frm.level:
            out.append(("changing level while moving backward", 0))
        return out


MOTION_RULES: dict[str, object] = {"mech": MechMotion()}

# Extra checks on a completed path (charge / DFA declarations): each returns
# a refusal reason or None. Physical attack rules register theirs here.
DECLARATION_CHECKS: list[Callable[["Game", int, MoveOrder, "PathResult"], str | None]] = []
# Called after a move is carried out (PSRs during movement, sideslips, ...).
AFTER_MOVE: list[Callable[["Game", int, MoveOrder, "PathResult"], None]] = []


def motion_rules(game: "Game", ent: int):
    import systems.vehicle_movement  # noqa: F401  (registers the vehicle motive rules)
    if game.world.try_component(ent, AlphaStrikeCard) is not None:
        import systems.as_motion  # noqa: F401  (registers the Alpha Strike rules)
        return MOTION_RULES["alpha-strike"]
    vm = game.world.try_component(ent, VehicleMovement)
    if vm is not None:
        rules = MOTION_RULES.get(vm.motive)
        if rules is None:
            raise ValueError(f"no movement rules for motive type {vm.motive!r}")
        return rules
    return MOTION_RULES["mech"]


def start_state(game: "Game", ent: int) -> MoveState:
    pos = game.world.component(ent, Position)
    alt = game.world.try_component(ent, Altitude)
    return MoveState(pos.hex, pos.facing, prone=game.world.component(ent, Status).prone,
                     altitude=alt.level if alt else 0)


def step(game: "Game", ent: int, rules, mode: str, state: MoveState, token: str,
         mp_limit: int) -> tuple[MoveState, list[tuple[str, int]]] | str:
    """Apply one path step. Returns the new state and its PSR triggers, or a reason."""
    if hasattr(rules, "step"):
        custom = rules.step(game, ent, mode, state, token, mp_limit)
        if custom is not NotImplemented:
            return custom
    return base_step(game, ent, rules, mode, state, token, mp_limit)


def base_step(game: "Game", ent: int, rules, mode: str, state: MoveState, token: str,
              mp_limit: int) -> tuple[MoveState, list[tuple[str, int]]] | str:
    """The shared step rules; a rules object's own `step` may wrap them."""
    hm = game.map
    if token in ("L", "R"):
        if state.prone and mode == "jump":
            return "a prone mech cannot jump"
        cost = 0 if mode == "jump" else 1
        new = state.replace(facing=turn(state.facing, -1 if token == "L" else 1),
                      mp=state.mp + cost, turned=True)
        if new.mp > mp_limit:
            return f"not enough MP to turn (needs {new.mp}, has {mp_limit})"
        return new, []
    if token == "prone":
        if state.prone:
            return "the mech is already prone"
        if mode == "jump":
            return "a jumping mech cannot drop prone"
        new = state.replace(prone=True, mp=state.mp + 1)
        if new.mp > mp_limit:
            return f"not enough MP to drop prone (needs {new.mp}, has {mp_limit})"
        return new, []
    if token == "stand":
        if not state.prone:
            return "the mech is already standing"
        if game.world.component(ent, Status).crits.count("gyro") >= 2:
            return "a mech with a destroyed gyro cannot stand"
        new = state.replace(prone=False, mp=state.mp + 2)
        if new.mp > mp_limit:
            return f"not enough MP to stand (needs {new.mp}, has {mp_limit})"
        return new, [("standing up", 0)]
    if token in ("F", "B"):
        if state.prone:
            return "a prone mech must stand before it can move"
        backward = token == "B"
        if backward and mode in NO_BACKWARD_MODES:
            return {"run": "a running mech cannot move backward",
                    "flank": "a vehicle at flank speed cannot move backward",
                    "jump": "a jump cannot go backward"}[mode]
        direction = state.facing if not backward else turn(state.facing, 3)
        dest = neighbor(state.hex, direction)
        if not hm.on_map(dest):
            return f"hex {hm.label(dest)} is off the map"
        for other in game.units_at(dest):
            if game.is_enemy(ent, other) and not airborne(game, other) and mode != "jump":
                return f"hex {hm.label(dest)} holds an enemy unit"
        cost = rules.enter_cost(game, ent, mode, hm.terrain(state.hex), hm.terrain(dest), backward)
        if isinstance(cost, str):
            return f"cannot enter {hm.label(dest)}: {cost}"
        new = state.replace(hex=dest, mp=state.mp + cost, hexes=state.hexes + 1, turned=False,
                      backward=state.backward or backward)
        if new.mp > mp_limit:
            noun = getattr(rules, "move_noun", "MP")   # Alpha Strike counts hexes of Move
            return f"not enough {noun} to enter {hm.label(dest)} (needs {new.mp}, has {mp_limit})"
        return new, rules.enter_psrs(hm.terrain(state.hex), hm.terrain(dest), mode, backward)
    return f"{token!r} is not a step for this unit"


STAND_RETRY_MP = 2


def plan(game: "Game", ent: int, mode: str, path: list[str], start: MoveState | None = None) -> PathResult:
    """Walk the path without changing anything; stops at the first illegal step.

    `start`: plan from this state instead of where the unit stands (the rest
    of a move after a failed attempt to stand, systems/piloting.py)."""
    rules = motion_rules(game, ent)
    state = start or start_state(game, ent)
    result = PathResult([state])
    err = rules.mode_error(game, ent, mode, state)
    if err:
        result.error = err
        return result
    limit = rules.mp(game, ent, mode)
    for i, token in enumerate(path):
        if token not in MOVE_STEPS:
            result.error = f"{token!r} is not a step (use F, B, L, R, U, D, prone, stand, land, lift)"
            return result
        if token == "stand" and i > 0 and path[i - 1] == "stand" and not state.prone:
            # Another attempt to stand, made only if the one before fails (a
            # failed attempt is a fall, and the mech tries again while MP
            # remain: core section 9). Planned as spent; refunded if unused.
            new = state.replace(mp=state.mp + STAND_RETRY_MP)
            if new.mp > limit:
                result.error = f"not enough MP for another attempt to stand (needs {new.mp}, has {limit})"
                return result
            state = new
            result.states.append(state)
            continue
        out = step(game, ent, rules, mode, state, token, limit)
        if isinstance(out, str):
            result.error = out
            return result
        state, psrs = out
        result.states.append(state)
        result.psrs += [PsrTrigger(i, r, m, state) for r, m in psrs]
    if hasattr(rules, "finish_error"):
        err = rules.finish_error(game, ent, mode, path, result)
        if err:
            result.error = err
            return result
    if mode == "jump" and path:
        start_level = game.map.terrain(result.states[0].hex).level
        if game.map.terrain(state.hex).level - start_level > limit:
            result.error = "a mech cannot jump more levels up than it has jump MP"
            return result
    # The end hex is checked when the unit arrives on the ground there: it
    # entered it, or it was flying and landed (a VTOL landing in place).
    landed = _airborne_state(game, ent, result.states[0]) and not _airborne_state(game, ent, state)
    if (state.hex != result.states[0].hex or landed) and not _airborne_state(game, ent, state):
        result.error = stacking_error(game, ent, state.hex)
    return result


def stacking_error(game: "Game", ent: int, at: Hex) -> str | None:
    """Why `ent`, on the ground, may not end a move in `at`: another ground
    unit is there (an airborne VTOL may share a hex with ground units)."""
    for other in game.units_at(at):
        if other == ent or airborne(game, other):
            continue
        if game.is_enemy(ent, other):
            return f"cannot end the move in {game.map.label(at)}: an enemy unit is there"
        return f"cannot end the move in {game.map.label(at)}: a friendly unit is already there"
    return None


def _airborne_state(game: "Game", ent: int, state: MoveState) -> bool:
    return game.world.try_component(ent, Altitude) is not None and state.altitude > 0


def check_move(game: "Game", order: MoveOrder) -> str | None:
    ent = game.units[order.unit]
    st = game.world.component(ent, Status)
    name = game.world.component(ent, Identity).name
    ts = game.world.component(ent, TurnState)
    if ts.moved:
        return f"{name} has already moved this turn"
    if st.shutdown:
        return f"{name} is shut down and cannot move"
    if st.immobile and order.path:
        return f"{name} is immobile"
    crew = game.world.try_component(ent, Crew)
    if crew is not None and crew.unconscious:
        return f"{name}'s pilot is unconscious"
    result = plan(game, ent, order.mode, order.path)
    if result.error:
        return result.error
    for check in DECLARATION_CHECKS:
        reason = check(game, ent, order, result)
        if reason:
            return reason
    return None


def apply_move(game: "Game", order: MoveOrder) -> None:
    """Carry out a checked move. PSRs on the way are rolled by AFTER_MOVE hooks
    (systems/piloting.py), which may cut the move short with a fall."""
    ent = game.units[order.unit]
    result = plan(game, ent, order.mode, order.path)
    start = result.states[0]
    final = result.final
    pos = game.world.component(ent, Position)
    ts = game.world.component(ent, TurnState)
    ts.moved = True
    ts.mode = order.mode if order.path else "none"
    ts.start_hex = (start.hex.x, start.hex.y)
    ts.charge_target = order.charge
    ts.dfa_target = order.dfa
    pos.hex, pos.facing = final.hex, final.facing
    if order.mode == "jump" and order.facing is not None:
        pos.facing = order.facing
    game.world.component(ent, Status).prone = final.prone
    alt = game.world.try_component(ent, Altitude)
    if alt is not None:
        alt.level = final.altitude
    ts.hexes_moved = final.hexes
    ts.mp_spent = final.mp
    ts.backward = final.backward
    game.log.emit("move", unit=order.unit, mode=order.mode, **{"from": game.map.label(start.hex)},
                  to=game.map.label(pos.hex), facing=pos.facing, mp_spent=final.mp,
                  hexes_moved=final.hexes, path=list(order.path),
                  **({"altitude": final.altitude} if alt is not None else {}))
    for hook in AFTER_MOVE:
        hook(game, ent, order, result)


# --------------------------------------------------------------------- reachable states
class Reach(NamedTuple):
    """The cheapest way found to a state: MP spent and the steps taken."""

    mp: int
    path: tuple[str, ...]


def reachable(game: "Game", ent: int, mode: str, tokens: tuple[str, ...] | None = None
              ) -> dict[tuple[Hex, int, int], Reach]:
    """Every (hex, facing, altitude) the unit can reach with `mode`, with the
    cheapest MP and a path to it. Uses the same step rules as `plan`."""
    rules = motion_rules(game, ent)
    state = start_state(game, ent)
    if rules.mode_error(game, ent, mode, state):
        return {}
    limit = rules.mp(game, ent, mode)
    with game.positions_fixed():
        if hasattr(rules, "reachable") and tokens is None:
            return rules.reachable(game, ent, mode, state, limit)
        tokens = tokens or getattr(rules, "search_tokens", ("F", "B", "L", "R"))
        if mode in NO_BACKWARD_MODES:
            tokens = tuple(t for t in tokens if t != "B")   # always refused: skip the tries
        return search(game, ent, rules, mode, state, limit, tokens)


def search(game: "Game", ent: int, rules, mode: str, state: MoveState, limit: int,
           tokens: tuple[str, ...], prefix: tuple[str, ...] = ()) -> dict[tuple[Hex, int, int], Reach]:
    """Cheapest-MP search from `state` (reached by `prefix`) with `tokens`."""
    key0 = (state.hex, state.facing, state.altitude)
    best: dict[tuple, Reach] = {key0: Reach(state.mp, prefix)}
    frontier = [(state.mp, 0, state, prefix)]
    counter = 0
    while frontier:
        mp, _, st, path = heapq.heappop(frontier)
        if best[(st.hex, st.facing, st.altitude)].mp < mp:
            continue                    # reached more cheaply since it was queued
        for tok in tokens:
            out = step(game, ent, rules, mode, st, tok, limit)
            if isinstance(out, str):
                continue
            nxt = out[0]
            k = (nxt.hex, nxt.facing, nxt.altitude)
            old = best.get(k)
            if old is None or old.mp > nxt.mp:
                longer = path + (tok,)
                best[k] = Reach(nxt.mp, longer)
                counter += 1
                heapq.heappush(frontier, (nxt.mp, counter, nxt, longer))
    return best
