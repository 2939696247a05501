"""Ground movement: paths of steps, their MP costs and legality, the move
itself, and the reachable-state search the UI draws.

One step loop serves every unit. What differs by unit type lives in small
rule objects that the ruleset holds (`Hooks.movement_rules`: mechs in
systems/classic/mech_movement.py, vehicles and VTOLs in
systems/vehicles/movement.py, Alpha Strike units in
systems/alpha_strike/motion.py): the MP of each mode, the cost of entering
a hex, prohibited terrain. rules/mech_core.md section 2.
"""
from __future__ import annotations

import heapq
import math
from abc import abstractmethod
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, NamedTuple

from components import AlphaStrikeCard, Altitude, Crew, Identity, Position, Status, TurnState, VehicleMovement
from engine.hexgrid import Hex, neighbor, turn
from engine.hexmap import Terrain
from engine.orders import MoveOrder, MOVE_STEPS
from systems.common.stacking import occupant
from systems.common.state_numbers import ALT_SHIFT
from systems.common.step_table import table_search
from systems.common.unit_state import airborne

if TYPE_CHECKING:
    from engine.game import Game


def run_mp(walk: int) -> int:
    """Running MP (a vehicle's Flank MP): 1.5 x walking (Cruise) MP, rounded up."""
    return math.ceil(1.5 * walk)


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


NO_BACKWARD_MODES = ("run", "flank", "jump")   # core section 2, V-MOVE-6
ON_ROOF = frozenset({"on_roof"})   # the state's tag of a mech standing on a roof (B-MOVE-9)


class MotionRules:
    """One unit type's movement rules, which the step loop below asks. A
    unit type gives its `modes` and `mp`, `mode_error`, `enter_cost` and
    `enter_psrs` (systems/classic/mech_movement.py, systems/vehicles/
    movement.py, systems/alpha_strike/motion.py), and may change these
    defaults."""

    modes: tuple[str, ...] = ()
    search_tokens: tuple[str, ...] = ("F", "B", "L", "R")   # the steps the reachable search tries
    move_noun = "MP"                                         # what refusals call the movement spent

    def step(self, game: "Game", ent: int, mode: str, state: MoveState, token: str,
             mp_limit: int) -> tuple[MoveState, list[tuple[str, int]]] | str:
        """One path step: the shared step rules."""
        return base_step(game, ent, self, mode, state, token, mp_limit)

    def leaving(self, game: "Game", state: MoveState) -> Terrain:
        """The ground a step leaves from, as `enter_cost` and `enter_psrs`
        see it: the terrain of the state's hex."""
        return game.map.terrain(state.hex)

    def cannot_act_reason(self, game: "Game", ent: int) -> str | None:
        """Why a unit of this type may neither move nor stay this turn,
        beyond what `cannot_move_reason` reads of every unit, or None."""
        return None

    def landing_error(self, game: "Game", ent: int, mode: str, h: Hex) -> str | None:
        """Why a move of `mode` that went somewhere cannot end in hex `h`,
        beyond its steps (asked by `plan` and of the search's end states)."""
        return None

    def reachable(self, game: "Game", ent: int, mode: str, state: MoveState,
                  limit: int) -> dict | None:
        """The reachable states by a search of the unit type's own, or None
        for the generic search."""
        return None


def motion_rules(game: "Game", ent: int):
    """The movement rules object of this unit's type in this game's ruleset
    (`Hooks.movement_rules`: "mech", a vehicle motive or "alpha-strike")."""
    if game.world.try_component(ent, AlphaStrikeCard) is not None:
        key = "alpha-strike"
    else:
        vm = game.world.try_component(ent, VehicleMovement)
        key = vm.motive if vm is not None else "mech"
    rules = game.ruleset.hooks.movement_rules.get(key)
    if rules is None:
        raise ValueError(f"the {game.ruleset.name} rules have no movement rules for {key!r} units")
    return rules


def start_state(game: "Game", ent: int) -> MoveState:
    pos = game.world.component(ent, Position)
    alt = game.world.try_component(ent, Altitude)
    return MoveState(pos.hex, pos.facing, prone=game.world.component(ent, Status).prone,
                     altitude=alt.level if alt else 0, tags=ON_ROOF if pos.on_roof else frozenset())


def step(game: "Game", ent: int, rules: MotionRules, mode: str, state: MoveState, token: str,
         mp_limit: int) -> tuple[MoveState, list[tuple[str, int]]] | str:
    """Apply one path step. Returns the new state and its PSR triggers, or a reason."""
    return rules.step(game, ent, mode, state, token, mp_limit)


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
        frm, to = rules.leaving(game, state), hm.terrain(dest)
        cost = rules.enter_cost(game, ent, mode, frm, to, backward)
        if isinstance(cost, str):
            return f"cannot enter {hm.label(dest)}: {cost}"
        new = state.replace(hex=dest, mp=state.mp + cost, hexes=state.hexes + 1, turned=False,
                      backward=state.backward or backward)
        if new.mp > mp_limit:
            return f"not enough {rules.move_noun} to enter {hm.label(dest)} (needs {new.mp}, has {mp_limit})"
        return new, rules.enter_psrs(frm, to, mode, backward)
    return f"{token!r} is not a step for this unit"


STAND_RETRY_MP = 2


def plan(game: "Game", ent: int, mode: str, path: list[str], start: MoveState | None = None) -> PathResult:
    """Walk the path without changing anything; stops at the first illegal step.

    `start`: plan from this state instead of where the unit stands (the rest
    of a move after a failed attempt to stand, systems/classic/piloting.py)."""
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
    if path and (err := rules.landing_error(game, ent, mode, state.hex)):
        result.error = err
        return result
    start_level = standing_level(game, result.states[0])
    if mode == "jump" and path and (err := jump_rise_error(game, start_level, state, limit)):
        result.error = err
        return result
    # Stacking is checked where the unit arrives: it entered the hex, or it
    # was flying and landed (a VTOL landing in place).
    flying = _airborne_state(game, ent, state)
    landed = _airborne_state(game, ent, result.states[0]) and not flying
    if state.hex != result.states[0].hex or landed:
        roof = standing_level(game, state) - game.map.terrain(state.hex).level if not flying else 0
        other = occupant(game, ent, state.hex, flying, roof)
        if other is not None:
            there = "an enemy unit is there" if game.is_enemy(ent, other) else "a friendly unit is already there"
            result.error = f"cannot end the move in {game.map.label(state.hex)}: {there}"
    return result


def jump_rise_error(game: "Game", start_level: int, end: MoveState, limit: int) -> str | None:
    """A jump may not end more levels up than its jump MP (mech_core
    section 2, B-MOVE-9: a roof counts at its top); `start_level` is the
    level the jump starts at (`standing_level`), `limit` the jump MP."""
    if standing_level(game, end) - start_level > limit:
        return "a mech cannot jump more levels up than it has jump MP"
    return None


def _without_refused_landings(game: "Game", ent: int, rules, start: MoveState, limit: int, found):
    """`found` without the jumps' end states `plan` refuses at the end: those
    the rules' `landing_error` refuses, and those `jump_rise_error` refuses,
    each planned where its hex's roof (the highest a mech stands in it) is
    above what the jump could climb."""
    start_level = standing_level(game, start)
    ceiling = start_level + limit
    refused_hexes = {}

    def refused(k, reach) -> bool:
        if not reach.path:
            return False
        h = k[0]
        if h not in refused_hexes:
            refused_hexes[h] = rules.landing_error(game, ent, "jump", h) is not None
        return refused_hexes[h] or (game.map.terrain(h).roof > ceiling and jump_rise_error(
            game, start_level, plan(game, ent, "jump", list(reach.path)).states[-1], limit) is not None)

    for k in [k for k, reach in found.items() if refused(k, reach)]:
        del found[k]
    return found


def _airborne_state(game: "Game", ent: int, state: MoveState) -> bool:
    """In the air, not landed on a roof (B-VTOL-5)."""
    return game.world.try_component(ent, Altitude) is not None and \
        state.altitude > game.map.terrain(state.hex).building


def standing_level(game: "Game", state: MoveState) -> int:
    """The level a state stands at: its hex's ground, or the roof a VTOL
    landed on or a mech jumped onto (B-MOVE-9, B-VTOL-2)."""
    t = game.map.terrain(state.hex)
    on_roof = "on_roof" in state.tags or (t.building and state.altitude == t.building)
    return t.level + (t.building if on_roof else 0)


def cannot_move_reason(game: "Game", ent: int, staying: bool = False) -> str | None:
    """Why the unit can make no move this turn, or None: shut down (heat,
    rules/mech_core.md section 13), immobile (it may still stay where it is:
    `staying`), its pilot unconscious, or what its type's rules forbid
    (`MotionRules.cannot_act_reason`: an Alpha Strike crew stunned)."""
    st = game.world.component(ent, Status)
    name = game.world.component(ent, Identity).name
    if st.shutdown:
        return f"{name} is shut down and cannot move"
    if st.immobile and not staying:
        return f"{name} is immobile"
    crew = game.world.try_component(ent, Crew)
    if crew is not None and crew.unconscious:
        return f"{name}'s pilot is unconscious"
    return motion_rules(game, ent).cannot_act_reason(game, ent)


def check_move(game: "Game", order: MoveOrder) -> str | None:
    ent = game.units[order.unit]
    name = game.world.component(ent, Identity).name
    ts = game.world.component(ent, TurnState)
    if ts.moved:
        return f"{name} has already moved this turn"
    reason = cannot_move_reason(game, ent, staying=not order.path)
    if reason:
        return reason
    result = plan(game, ent, order.mode, order.path)
    if result.error:
        return result.error
    for check in game.ruleset.hooks.declaration_checks:
        reason = check(game, ent, order, result)
        if reason:
            return reason
    return None


def apply_move(game: "Game", order: MoveOrder) -> None:
    """Carry out a checked move. PSRs on the way are rolled by the ruleset's
    after-move hooks (systems/classic/piloting.py), which may cut the move
    short with a fall."""
    ent = game.units[order.unit]
    result = plan(game, ent, order.mode, order.path)
    start = result.states[0]
    final = result.final
    pos = game.world.component(ent, Position)
    ts = game.world.component(ent, TurnState)
    ts.moved = True
    ts.mode = order.mode if order.path else "none"
    ts.charge_target = order.charge
    ts.dfa_target = order.dfa
    pos.hex, pos.facing = final.hex, final.facing
    pos.on_roof = "on_roof" in final.tags
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
                  **({"altitude": final.altitude} if alt is not None else {}),
                  **({"on_roof": True} if pos.on_roof else {}))
    for hook in game.ruleset.hooks.after_move:
        hook(game, ent, order, result)


# --------------------------------------------------------------------- reachable states
class Reach(NamedTuple):
    """The best way found to a state: MP spent, the steps taken, and the
    piloting or driving rolls the steps make (their count, and their
    modifiers summed: a higher sum is a harder roll)."""

    mp: int
    path: tuple[str, ...]
    rolls: int = 0
    roll_mods: int = 0


class LazyReach(Mapping):
    """Reachable states that build each one's `Reach` (its path) when it is
    asked for: a unit type's own search (systems/vehicles/vtol_reach.py).
    It answers `cheapest_by_hex` and `ways_at` without building the paths
    of every state."""

    @abstractmethod
    def cheapest_by_hex(self, altitude: int | None) -> dict[Hex, tuple[int, tuple[Hex, int, int]]]:
        """`cheapest_by_hex` of these states."""

    @abstractmethod
    def ways_at(self, h: Hex, altitude: int) -> list[Reach]:
        """`ways_at` of these states."""


class TableReach(LazyReach):
    """The reachable states of the step table's search
    (systems/common/step_table.py), kept by the search's state numbers
    (`StateNumbering`) with each way as (MP, path, rolls, modifiers, and
    what the search went on from): each `Reach` and (hex, facing, altitude)
    made when asked for."""

    def __init__(self, found: dict, numbers) -> None:
        self._found, self._numbers = found, numbers
        self._states: dict | None = None

    def _all(self) -> dict:
        if self._states is None:
            found = self._found
            self._states = dict(zip(self._numbers.state_keys(found), map(_reach, found.values())))
        return self._states

    def __getitem__(self, key) -> Reach:
        if self._states is not None:
            return self._states[key]
        way = self._found.get(self._numbers.state_number(key))
        if way is None:
            raise KeyError(key)
        return _reach(way)

    def __contains__(self, key) -> bool:
        return self._found.get(self._numbers.state_number(key)) is not None

    def __delitem__(self, key) -> None:
        del self._found[self._numbers.state_number(key)]
        self._states = None

    def __iter__(self):
        return iter(self._all())

    def __len__(self) -> int:
        return len(self._found)

    def items(self):
        return self._all().items()

    def values(self):
        return self._all().values()

    def cheapest_by_hex(self, altitude: int | None) -> dict[Hex, tuple[int, tuple[Hex, int, int]]]:
        mask = self._numbers.cell_mask
        best = _best_by_hex(((k >> 3 & mask, k >> ALT_SHIFT, way, k) for k, way in self._found.items()), altitude)
        hex_of, key = self._numbers.cell_hex, self._numbers.state_key
        return {hex_of(c): (rank[1], key(k)) for c, (rank, k) in best.items()}

    def ways_at(self, h: Hex, altitude: int) -> list[Reach]:
        k = self._numbers.state_number((h, 0, altitude))
        if k is None:
            return []
        return [_reach(way) for n, way in self._found.items() if n >> 3 == k >> 3]


def _reach(way: tuple) -> Reach:
    """The `Reach` of one of the table search's ways."""
    return tuple.__new__(Reach, way[:4])


def _best_by_hex(ways, altitude: int | None) -> dict:
    """(hex, elevation, way: a `Reach` or its values, state key) -> for each
    hex, (rank, key) of its first best way in `cheapest_by_hex`'s order: at
    `altitude` first, the cheapest, the fewest and easiest rolls, the
    fewest steps."""
    best: dict = {}
    for h, at, way, k in ways:
        rank = (altitude is not None and at != altitude, way[0], way[2], way[3], len(way[1]))
        old = best.get(h)
        if old is None or rank < old[0]:
            best[h] = (rank, k)
    return best


def cheapest_by_hex(states: Mapping, altitude: int | None = None) -> dict[Hex, tuple[int, tuple[Hex, int, int]]]:
    """hex -> (MP, state key) of the best way to each hex of `states` (a
    `reachable` answer): at elevation `altitude` where that can be reached
    there, the cheapest, then the fewest and easiest rolls, then the fewest
    steps. What the movement range draws: hexes and MP, no paths."""
    if isinstance(states, LazyReach):
        return states.cheapest_by_hex(altitude)
    best = _best_by_hex(((k[0], k[2], r, k) for k, r in states.items()), altitude)
    return {h: (rank[1], k) for h, (rank, k) in best.items()}


def ways_at(states: Mapping, h: Hex, altitude: int) -> list[Reach]:
    """The ways `states` (a `reachable` answer) hold to `h` at elevation
    `altitude`, one for each facing."""
    if isinstance(states, LazyReach):
        return states.ways_at(h, altitude)
    return [r for k, r in states.items() if k[0] == h and k[2] == altitude]


PREFER = ("mp", "rolls")


def _rank(prefer: str):
    """The order a search keeps the best way to each state in: "mp", the
    cheapest, and among ways of equal MP the fewest and easiest rolls;
    "rolls", the fewest and easiest rolls, then the cheapest."""
    if prefer == "rolls":
        return lambda r: (r.rolls, r.roll_mods, r.mp)
    return lambda r: (r.mp, r.rolls, r.roll_mods)


def reachable(game: "Game", ent: int, mode: str, tokens: tuple[str, ...] | None = None,
              prefer: str = "mp") -> dict[tuple[Hex, int, int], Reach]:
    """Every (hex, facing, altitude) the unit can reach with `mode`, with
    the best way there by `prefer` (`_rank`). Uses the same step rules as
    `plan`: by MP, each kind of step made once (systems/common/step_table.py,
    the same states at the same MP as `search`); by rolls (the window's other
    ways to a hex), `search` itself. A unit type with a search of its own
    (the VTOL's, systems/vehicles/vtol_reach.py) answers either way."""
    rules = motion_rules(game, ent)
    state = start_state(game, ent)
    if rules.mode_error(game, ent, mode, state):
        return {}
    limit = rules.mp(game, ent, mode)
    with game.positions_fixed():
        if tokens is None and (own := rules.reachable(game, ent, mode, state, limit)) is not None:
            return own
        tokens = tokens or rules.search_tokens
        if mode in NO_BACKWARD_MODES:
            tokens = tuple(t for t in tokens if t != "B")   # always refused: skip the tries
        if prefer == "rolls":
            found = search(game, ent, rules, mode, state, limit, tokens, prefer=prefer)
        else:
            found = table_search(game, ent, rules, mode, state, limit, tokens, step, TableReach)
    return _without_refused_landings(game, ent, rules, state, limit, found) if mode == "jump" else found


def search(game: "Game", ent: int, rules, mode: str, state: MoveState, limit: int,
           tokens: tuple[str, ...], prefix: tuple[str, ...] = (), prefer: str = "mp"
           ) -> dict[tuple[Hex, int, int], Reach]:
    """Best-first search from `state` (reached by `prefix`) with `tokens`,
    keeping the best way to each state by `prefer` (`_rank`). With "rolls"
    one way is kept per state, so a state reached only by a riskier but
    cheaper way beyond one reached safely may be missed: "mp" finds every
    reachable state."""
    rank = _rank(prefer)
    key0 = (state.hex, state.facing, state.altitude)
    first = Reach(state.mp, prefix)
    best: dict[tuple, Reach] = {key0: first}
    frontier = [(rank(first), 0, state, first)]
    counter = 0
    while frontier:
        order, _, st, way = heapq.heappop(frontier)
        if rank(best[(st.hex, st.facing, st.altitude)]) < order:
            continue                    # reached better since it was queued
        for tok in tokens:
            out = step(game, ent, rules, mode, st, tok, limit)
            if isinstance(out, str):
                continue
            nxt, psrs = out
            k = (nxt.hex, nxt.facing, nxt.altitude)
            new = Reach(nxt.mp, way.path + (tok,), way.rolls + len(psrs),
                        way.roll_mods + sum(m for _r, m in psrs if isinstance(m, int)))
            old = best.get(k)
            if old is None or rank(new) < rank(old):
                best[k] = new
                counter += 1
                heapq.heappush(frontier, (rank(new), counter, nxt, new))
    return best
