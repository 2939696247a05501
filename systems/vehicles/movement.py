"""Movement rules for combat vehicles by motive type (rules/vehicles.md
V-MOVE, V-VTOL, V-PAVE, T-7): MP by mode, terrain costs, prohibited
terrain, level changes, minimum movement, backing up, the paved-hex bonus,
VTOL flight (altitude steps, landing and lifting off, roads under trees) and
the points where a sideslip or skid roll is due. The ruleset holds one rules
object per motive (`motion_rules_by_motive`); the step loop of
systems/common/movement.py is shared. The rolls
themselves are made while the move is carried out (systems/vehicles/moves.py).

VTOL altitude: `MoveState.altitude` and the `Altitude` component hold the
elevation above the hex's ground. A horizontal move keeps the absolute
altitude (ground level + elevation), so flying into higher ground lowers the
elevation (V-VTOL-10, V-COLL-3).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from components import Position
from engine.hexgrid import neighbor, turn
from engine.hexmap import Terrain
from systems.classic import buildings
from systems.common.building_class import entry_mp
from systems.common import movement
from systems.common.movement import MotionRules, MoveState, Reach
from systems.common.stacking import ground_units
from systems.common.unit_state import UNIT_HEIGHT, roof_height
from systems.vehicles.criticals import stunned
from systems.vehicles.cruise import cruise_mp, flank_mp
from systems.vehicles.terrain import MAX_ALTITUDE, landing_level, prohibited_reason

if TYPE_CHECKING:
    from engine.game import Game

# T-8 skid modifier by hexes moved this turn (never for a vehicle sideslip, V-SLIP-1).
SKID_MODIFIER = ((2, -1), (4, 0), (7, 1), (10, 2), (17, 4), (24, 5))


def skid_modifier(hexes: int) -> int:
    for upto, mod in SKID_MODIFIER:
        if hexes <= upto:
            return mod
    return 6


def is_paved(t: Terrain) -> bool:
    """Pavement, or a road (T-8: pavement, road or bridge at road level)."""
    return t.paved or t.road


class VehicleMotionBase(MotionRules):
    modes = ("cruise", "flank")

    def __init__(self, motive: str) -> None:
        self.motive = motive

    def base_mp(self, game: "Game", ent: int, mode: str) -> int:
        cruise = cruise_mp(game, ent)
        return cruise if mode == "cruise" else flank_mp(cruise)

    def mp(self, game: "Game", ent: int, mode: str) -> int:
        return self.base_mp(game, ent, mode)

    def mode_error(self, game: "Game", ent: int, mode: str, state) -> str | None:
        if mode not in self.modes:
            return f"a vehicle moves at cruise or flank speed, not {mode!r}"
        if mode == "flank" and stunned(game, ent):
            return "a stunned crew cannot move faster than cruise speed"      # V-CE-5
        return None

    def enter_psrs(self, frm, to, mode, backward):
        return []


class GroundVehicleMotion(VehicleMotionBase):
    """Tracked, wheeled and hover vehicles."""

    max_level_change = 1

    def paved_bonus(self, game: "Game", ent: int) -> int:
        """V-PAVE-1: +1 MP for a non-hover ground vehicle that starts on pavement
        (it must stay on pavement to use it; checked per step)."""
        if self.motive == "hover":
            return 0          # the seed excludes hovers (vehicles.md section 6)
        pos = game.world.component(ent, Position)
        return 1 if is_paved(game.map.terrain(pos.hex)) else 0

    def mp(self, game: "Game", ent: int, mode: str) -> int:
        base = self.base_mp(game, ent, mode)
        return base + self.paved_bonus(game, ent) if base > 0 else 0

    def enter_cost(self, game: "Game", ent: int, mode: str, frm: Terrain, to: Terrain,
                   backward: bool) -> int | str:
        reason = prohibited_reason(self.motive, to)
        if reason:
            return reason
        change = abs(to.level - frm.level)
        if change > self.max_level_change:       # V-MOVE-4: counts as prohibited terrain
            return f"a ground vehicle can change at most one level per hex ({change} here)"
        if change and backward:                  # V-MOVE-6
            return "a vehicle cannot change level while backing up"
        cost = entry_mp(to) if to.building else 1                 # B-VEH-2
        if to.terrain in ("rough", "rubble", "light_woods") and not to.road:
            cost += 1
        return cost + 2 * change                 # V-MOVE-4: 2 MP per level

    def step(self, game: "Game", ent: int, mode: str, state: MoveState, token: str, mp_limit: int):
        if token not in ("F", "B", "L", "R"):
            return movement.base_step(game, ent, self, mode, state, token, mp_limit)
        entering = token in ("F", "B")
        minimum = entering and state.hexes == 0 and state.mp == 0 and mp_limit >= 1
        out = movement.base_step(game, ent, self, mode, state, token, 10**6 if minimum else mp_limit)
        if isinstance(out, str):
            return out
        new, psrs = out
        bonus = self.paved_bonus(game, ent)
        if bonus:
            off = "off_pavement" in state.tags or (entering and not is_paved(game.map.terrain(new.hex)))
            if off:
                new = new.replace(tags=new.tags | {"off_pavement"})
                if new.mp > mp_limit - bonus and not (minimum and state.mp == 0):
                    return (f"not enough MP to leave the pavement (needs {new.mp}, has {mp_limit - bonus}"
                            " without the paved-hex bonus)")
        if minimum and new.mp > mp_limit:
            # V-MOVE-5: one hex with at least 1 MP; it uses the whole move and counts as flank.
            new = new.replace(tags=new.tags | {"minimum"})
        if entering and state.turned and mode == "flank":
            psrs = list(psrs) + self.turn_rolls(game, state)
        to = game.map.terrain(new.hex)
        if entering and to.building:                             # B-VEH-3
            psrs = [*psrs, ("building", buildings.entry_modifier(to, new.hexes))]
        return new, psrs

    def turn_rolls(self, game: "Game", state: MoveState) -> list[tuple[str, int]]:
        if self.motive == "hover":
            return [("sideslip", 0)]                       # V-MOVE-3, V-SLIP-2
        if is_paved(game.map.terrain(state.hex)):
            return [("skid", skid_modifier(state.hexes))]  # V-PAVE-1, T-8
        return []


class VTOLMotion(VehicleMotionBase):
    """VTOL flight (V-VTOL)."""

    max_level_change = 10**6
    search_tokens = ("F", "B", "L", "R", "U", "D")

    def enter_cost(self, game, ent, mode, frm, to, backward):
        return 1

    def start_on_road_in_woods(self, game: "Game", ent: int) -> bool:
        t = game.map.terrain(game.world.component(ent, Position).hex)
        return bool(t.woods and t.road)

    def below_top_reason(self, game: "Game", ent: int, state: MoveState, t: Terrain, elevation: int,
                         tags: frozenset) -> str | None:
        """V-VTOL-5/9: never at or below the treetops or a building's roof,
        except along a road through woods started on that road."""
        if elevation < 1:
            return "the VTOL would fly into the ground"
        altitude = t.level + elevation
        if altitude > t.top:
            return None
        if t.woods:
            if t.road and "off_road" not in tags and self.start_on_road_in_woods(game, ent):
                return None
            return "a VTOL cannot fly at or below the treetops"
        return "a VTOL cannot fly at or below a building's roof unless it lands on it"

    def step(self, game: "Game", ent: int, mode: str, state: MoveState, token: str, mp_limit: int):
        hm = game.map
        here = hm.terrain(state.hex)
        landed = state.altitude <= landing_level(here)
        if token in ("L", "R", "F", "B"):      # turning and flying: the steps a search makes most
            if landed:
                return "a landed VTOL must lift off before it can turn or move"     # V-VTOL-7
            if state.altitude < 1:
                return "a VTOL must be at least one level up to turn or move"      # V-VTOL-2
            if token in ("L", "R"):
                new = state.replace(facing=turn(state.facing, -1 if token == "L" else 1),
                                    mp=state.mp + 1, turned=True)
                if new.mp > mp_limit:
                    return f"not enough MP to turn (needs {new.mp}, has {mp_limit})"
                return new, []
            # F or B
            backward = token == "B"
            if backward and mode == "flank":
                return "a vehicle at flank speed cannot move backward"
            dest = neighbor(state.hex, state.facing if not backward else turn(state.facing, 3))
            if not hm.on_map(dest):
                return f"hex {hm.label(dest)} is off the map"
            to = hm.terrain(dest)
            elevation = here.level + state.altitude - to.level     # the absolute altitude is kept
            tags = state.tags if to.road else state.tags | {"off_road"}
            why = self.below_top_reason(game, ent, state, to, elevation, tags)
            if why:
                return f"cannot enter {hm.label(dest)}: {why}"
            new = state.replace(hex=dest, altitude=elevation, mp=state.mp + 1, hexes=state.hexes + 1,
                                turned=False, backward=state.backward or backward, tags=tags)
            if new.mp > mp_limit:
                return f"not enough MP to enter {hm.label(dest)} (needs {new.mp}, has {mp_limit})"
            psrs = [("sideslip", 0)] if state.turned and mode == "flank" else []   # V-VTOL-1
            if game.units_at(dest) and self.units_in_the_way(game, ent, dest, to.level + elevation):
                psrs.append(("collision", 0))                                      # V-VTOL-10
            return new, psrs

        def spend(new: MoveState, what: str):
            if new.mp > mp_limit:
                return f"not enough MP to {what} (needs {new.mp}, has {mp_limit})"
            return new, []

        if token in ("U", "lift"):
            if token == "lift" and not landed:
                return "the VTOL is already airborne"
            new_alt = state.altitude + 1
            if new_alt > MAX_ALTITUDE:
                return f"a VTOL cannot fly higher than {MAX_ALTITUDE} levels"
            return spend(state.replace(altitude=new_alt, mp=state.mp + 1,
                                       tags=state.tags - {"landed_now"}), "climb")
        if token == "D":
            if landed:
                return "the VTOL is already on the ground"
            new_alt = state.altitude - 1
            if new_alt <= landing_level(here):
                return "descending to the ground is a landing: use the land step"
            why = self.below_top_reason(game, ent, state, here, new_alt, state.tags)
            if why:
                return why
            return spend(state.replace(altitude=new_alt, mp=state.mp + 1), "descend")
        if token == "land":
            if landed:
                return "the VTOL is already on the ground"
            level = landing_level(here)
            cost = state.altitude - level
            return spend(state.replace(altitude=level, mp=state.mp + cost,
                                       tags=state.tags | {"landed_now"}), "land")
        return f"{token!r} is not a step for a VTOL"

    @staticmethod
    def units_in_the_way(game: "Game", ent: int, dest, altitude: int) -> list[int]:
        """Ground units in `dest` standing as high as `altitude` (V-VTOL-10)."""
        level = game.map.terrain(dest).level
        return [o for o in ground_units(game, dest, ent)
                if level + roof_height(game, o) + UNIT_HEIGHT.get(game.kind(o), 1) >= altitude]

    # ------------------------------------------------------------ reachable states
    def reachable(self, game: "Game", ent: int, mode: str, state: MoveState, limit: int
                  ) -> dict[tuple, Reach]:
        """Reachable (hex, facing, elevation): systems/vehicles/vtol_reach.py."""
        from systems.vehicles.vtol_reach import vtol_reachable
        return vtol_reachable(game, ent, self, mode, state, limit)



class WiGEMotion(GroundVehicleMotion):
    """Wing-in-ground-effect craft: 1 MP a hex over any terrain it may cross,
    no level-change limit or charge (T-7), no paved bonus; sideslips like a
    hover (V-SLIP-2). The rest of the WiGE rules are outside the seed."""

    def paved_bonus(self, game, ent) -> int:
        return 0

    def enter_cost(self, game, ent, mode, frm, to, backward):
        return prohibited_reason(self.motive, to) or 1

    def turn_rolls(self, game, state):
        return [("sideslip", 0)]



def motion_rules_by_motive() -> dict[str, VehicleMotionBase]:
    """The movement rules of each motive type (the ruleset's
    `Hooks.movement_rules`)."""
    rules: dict[str, VehicleMotionBase] = {m: GroundVehicleMotion(m) for m in ("tracked", "wheeled", "hover")}
    rules["vtol"] = VTOLMotion("vtol")
    rules["wige"] = WiGEMotion("wige")
    return rules
