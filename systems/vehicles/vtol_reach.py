"""The VTOL's reachable states: every (hex, facing, elevation) a VTOL can
end its move in, with the cheapest MP and a path, for the movement range the
UI draws (rules/vehicles.md V-VTOL). Gives exactly what the generic search
of systems/common/movement.py finds with the VTOL step rules of
systems/vehicles/movement.py (F, B, L, R, U, D, and a landing as the last
step where landing is safe), only faster.

Why it can be fast: every step a VTOL makes costs the same MP, whatever the
terrain (V-VTOL-2, V-VTOL-3). A horizontal step keeps the absolute altitude
(ground level + elevation) and is legal when that altitude is above the
hex's "floor": its treetops or roof, or its ground under the trees along a
road the VTOL started on (V-VTOL-5, V-VTOL-9). Flying higher only makes more
hexes legal, and climbing (U) is legal anywhere, so a cheapest path never
needs to climb or descend on the way: it climbs at the start to the highest
altitude it uses, flies there, then climbs, descends (where each level is
legal) or lands at the end hex. So the search is

1. one breadth-first search on (hex, facing) per altitude band: the start
   altitude and every altitude just above a floor within reach. The search
   holds, for each MP spent and facing, the set of hexes reached as the
   bits of one integer (a hex's bit is its place in the square of axial
   coordinates around the start), so a step is a shift and a mask;
2. for every (hex, facing) reached, the cheapest of those bands for each end
   elevation, plus a landing where landing is safe (V-VTOL-8, V-VTOL-11),
   worked out when a state is asked for: the result (`VtolReach`) is a
   mapping that lists its states and builds each one's `Reach` on demand,
   and answers what the movement range asks (movement.cheapest_by_hex: the
   cheapest way to each hex; movement.ways_at: the ways to one hex) without
   building every state's path.

The tables come from the VTOL's own rules: each hex's floor is the lowest
elevation its `below_top_reason` lets a VTOL fly at there (with and without
the road exemption), landings from `landing_level` and `landing_problem`,
and what each step costs and whether it may back up from the VTOL's `step`
made for real at the start; a rule that made the costs differ from step to
step makes this search refuse, loudly, rather than answer wrongly.

The road exemption depends on the path (it ends once the VTOL enters a hex
without a road), so when the VTOL starts on a road in woods the search also
carries that flag. Climbs are made at the start hex, so on uneven ground a
VTOL within a few levels of the 500-level ceiling (V-VTOL-4) may miss a
state that only a climb made over higher ground reaches.

The ways' rolls are not counted (a VTOL turning at flank sideslips on its
next step, V-VTOL-1): of ways of equal MP any one is kept, and each `Reach`
says 0 rolls, whatever `movement.reachable` is asked to prefer (the step
rules' own search by rolls takes 150-400 ms for a VTOL on a large map and
misses states).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Iterator

from engine.hexgrid import CUBE_DIRECTIONS, Hex, from_axial, neighbor, to_cube
from systems.common.movement import LazyReach, MoveState, Reach, step
from systems.vehicles.terrain import MAX_ALTITUDE, landing_level, landing_problem

if TYPE_CHECKING:
    from engine.game import Game

PROBE_ELEVATION = MAX_ALTITUDE // 2     # the steps are probed this high: above everything, below the ceiling


def _may_back_up(game: "Game", ent: int, rules, mode: str, state: MoveState) -> bool:
    """Whether the VTOL may back up in `mode`, from its own steps made for
    real high above the start hex, which also check that every step costs
    one MP and a landing one MP a level (what this search assumes; it
    refuses, loudly, rules that say otherwise)."""
    hm = game.map
    high = state.replace(altitude=PROBE_ELEVATION, mp=0, hexes=0, turned=False, tags=frozenset())
    ahead = next((high.replace(facing=f) for f in range(6) if hm.on_map(neighbor(state.hex, f))), None)
    costs = {}
    for token, probe in (("F", ahead), ("L", high), ("R", high), ("U", high), ("D", high)):
        if probe is not None:
            out = step(game, ent, rules, mode, probe, token, 10**6)
            costs[token] = out if isinstance(out, str) else out[0].mp
    landed = step(game, ent, rules, mode, high, "land", 10**6)
    if set(costs.values()) != {1} or isinstance(landed, str) or \
            landed[0].mp != PROBE_ELEVATION - landing_level(hm.terrain(state.hex)):
        raise RuntimeError(f"the VTOL's steps high above the map give {costs} (and a landing {landed}): the "
                           f"VTOL search assumes one MP a step and a landing of one MP a level")
    return ahead is not None and not isinstance(step(game, ent, rules, mode, ahead, "B", 10**6), str)


class _Board:
    """The hexes within reach of the start as bits: axial (q, r) around the
    start hex in a square of side 2R + 1, each row one bit longer, so that a
    step in a direction is a shift of the whole set and never wraps into a
    hex (the extra bit of each row is never a hex)."""

    def __init__(self, game: "Game", start: Hex, radius: int) -> None:
        hm = game.map
        self.radius, self.width = radius, 2 * radius + 2
        w = self.width
        self.shifts = tuple(d.r * w + d.q for d in CUBE_DIRECTIONS)     # a step in each facing
        c = to_cube(start)
        self.q0, self.r0 = c.q - radius, c.r - radius
        self.hexes: list[tuple[int, Hex]] = []                           # (bit index, hex) on the map
        for dr in range(-radius, radius + 1):
            for dq in range(max(-radius, -dr - radius), min(radius, -dr + radius) + 1):
                h = from_axial(c.q + dq, c.r + dr)
                if hm.on_map(h):
                    self.hexes.append(((dr + radius) * w + dq + radius, h))

    def index(self, h: Hex) -> int | None:
        c = to_cube(h)
        dq, dr = c.q - self.q0 - self.radius, c.r - self.r0 - self.radius
        if max(abs(dq), abs(dr), abs(dq + dr)) > self.radius:
            return None
        return (dr + self.radius) * self.width + dq + self.radius

    def hex_at(self, i: int) -> Hex:
        return from_axial(self.q0 + i % self.width, self.r0 + i // self.width)


def _floors(game: "Game", ent: int, rules, state: MoveState, board: _Board, road_start: bool) -> dict:
    """Per bit index: (ground level, floor, floor while still on the road
    or None, landing elevation or None where landing is not safe). A floor
    is the highest absolute altitude a VTOL may not fly at: one below the
    lowest elevation `below_top_reason` allows."""
    hm = game.map
    by_terrain: dict = {}
    out = {}
    for i, h in board.hexes:
        t = hm.terrain(h)
        key = tuple(vars(t).values())
        found = by_terrain.get(key)
        if found is None:
            floor = _lowest(game, ent, rules, state, t, frozenset({"off_road"})) - 1
            road = _lowest(game, ent, rules, state, t, frozenset()) - 1 if road_start and t.road else None
            land = landing_level(t) if landing_problem(t) is None else None
            found = by_terrain[key] = (t.level, t.level + floor, None if road is None else t.level + road, land)
        out[i] = found
    return out


def _lowest(game: "Game", ent: int, rules, state: MoveState, t, tags: frozenset) -> int:
    """The lowest elevation the VTOL may fly at over terrain `t`."""
    e = 1
    while rules.below_top_reason(game, ent, state, t, e, tags) and e <= MAX_ALTITUDE:
        e += 1
    return e


def vtol_reachable(game: "Game", ent: int, rules, mode: str, state: MoveState, limit: int) -> "VtolReach":
    """(hex, facing, elevation) -> cheapest Reach for a VTOL at `state` with
    `limit` MP in `mode`; `rules` is its VTOLMotion (its step, the floors,
    landings and the road start)."""
    hm = game.map
    back = _may_back_up(game, ent, rules, mode, state)
    start = state.hex
    start_t = hm.terrain(start)
    a0 = start_t.level + state.altitude                 # absolute altitude at the start
    landed = state.altitude <= landing_level(start_t)
    road_start = rules.start_on_road_in_woods(game, ent)
    board = _Board(game, start, limit)
    cells = _floors(game, ent, rules, state, board, road_start)

    # Altitude bands: the graph of legal hexes only changes just above a floor.
    # A landed VTOL lifts off first (V-VTOL-7): its lowest band is one level
    # above its landing level; climbing is legal up to the ceiling (V-VTOL-4).
    base = start_t.level + landing_level(start_t) + 1 if landed else a0
    top_band = min(a0 + limit, start_t.level + MAX_ALTITUDE)
    bands = [base] if not landed or base <= top_band else []
    floors = {c[1] for c in cells.values()} | {c[2] for c in cells.values() if c[2] is not None}
    bands += sorted({f + 1 for f in floors if base < f + 1 <= top_band})

    road_bits = 0
    for i, (_lv, _floor, road, _land) in cells.items():
        if road is not None:
            road_bits |= 1 << i
    s_bit = 1 << board.index(start)
    searches = []
    for band in bands:
        climb = band - a0
        legal = road_legal = 0
        for i, (_lv, floor, road, _land) in cells.items():
            if band > floor:
                legal |= 1 << i
            if road is not None and band > road:
                road_legal |= 1 << i
        searches.append((band, climb, _layers(board, s_bit, state.facing, road_start, legal,
                                              road_legal & road_bits, limit - climb, back)))
    return VtolReach(board, cells, searches, state, start, a0, base, landed, limit, back)


def _layers(board: _Board, s_bit: int, facing: int, road_start: bool, legal: int, road_legal: int,
            steps: int, back: bool) -> list[tuple[tuple, tuple]]:
    """Breadth-first search on (hex, facing) at one altitude: per MP spent,
    per facing, the hexes first reached (off the road, on the road)."""
    shifts = board.shifts
    off = [0] * 6
    on = [0] * 6
    (on if road_start else off)[facing] = s_bit
    seen_off, seen_on = list(off), list(on)
    layers = [(tuple(off), tuple(on))]
    for _ in range(steps):
        new_off, new_on = [0] * 6, [0] * 6
        for f in range(6):
            for cur, new, is_on in ((off[f], new_off, False), (on[f], new_on, True)):
                if not cur:
                    continue
                new[(f + 1) % 6] |= cur
                new[(f - 1) % 6] |= cur
                for s in ((shifts[f], shifts[(f + 3) % 6]) if back else (shifts[f],)):
                    moved = cur << s if s > 0 else cur >> -s
                    if is_on:
                        new_on[f] |= moved & road_legal
                        new_off[f] |= moved & legal & ~road_legal
                    else:
                        new_off[f] |= moved & legal
        grew = False
        for f in range(6):
            new_off[f] &= ~seen_off[f]
            new_on[f] &= ~seen_on[f]
            seen_off[f] |= new_off[f]
            seen_on[f] |= new_on[f]
            grew = grew or new_off[f] or new_on[f]
        if not grew:
            break
        off, on = new_off, new_on
        layers.append((tuple(off), tuple(on)))
    return layers


def _bits(x: int) -> Iterator[int]:
    while x:
        low = x & -x
        yield low.bit_length() - 1
        x ^= low


class VtolReach(LazyReach):
    """The VTOL's reachable states (module docstring): (hex, facing,
    elevation) -> `Reach`, each worked out when asked for."""

    def __init__(self, board: _Board, cells: dict, searches: list, state: MoveState, start: Hex, a0: int,
                 base: int, landed: bool, limit: int, back: bool) -> None:
        self.board, self.cells, self.searches = board, cells, searches
        self.state, self.start, self.a0, self.base, self.landed = state, start, a0, base, landed
        self.limit, self.back = limit, back
        self._ways: dict | None = None
        self._dist: list[dict] = [{} for _ in searches]        # per band: (bit, facing, on road) -> flight MP
        self._flights: list[dict] = [{} for _ in searches]     # per band: (bit, facing, on road) -> its path
        self._outside: dict | None = None
        self._items: dict | None = None

    # ------------------------------------------------------------ the ways to each (hex, facing)
    def ways(self) -> dict:
        """(bit index, facing) -> the ways there, lowest band first, each a
        shorter flight than those below it: (band number, band, climb, flight
        MP, on the road)."""
        if self._ways is None:
            ways: dict = {}
            shortest: dict = {}
            for b, (band, climb, layers) in enumerate(self.searches):
                dist = self._dist[b]
                for d, (off, on) in enumerate(layers):
                    for f in range(6):
                        for bits, is_on in ((off[f], False), (on[f], True)):
                            for i in _bits(bits):
                                key = (i, f, is_on)
                                dist[key] = d
                                if d < shortest.get(key, self.limit + 1):
                                    shortest[key] = d
                                    ways.setdefault((i, f), []).append((b, band, climb, d, is_on))
            self._ways = ways
        return self._ways

    def _path(self, b: int, i: int, f: int, is_on: bool) -> tuple[str, ...]:
        """A shortest flight in band `b` to (bit `i`, facing `f`): through a
        state one MP nearer, turned or one hex back."""
        flights = self._flights[b]
        key = (i, f, is_on)
        path = flights.get(key)
        if path is None:
            dist = self._dist[b]
            d = dist[key]
            if d == 0:
                path = ()
            else:
                s = self.board.shifts[f]
                came = [((i, (f - 1) % 6, is_on), "R"), ((i, (f + 1) % 6, is_on), "L"), ((i - s, f, True), "F")]
                if not is_on:
                    came.append(((i - s, f, False), "F"))
                if self.back:
                    came.append(((i + s, f, True), "B"))
                    if not is_on:
                        came.append(((i + s, f, False), "B"))
                before, token = next(c for c in came if dist.get(c[0]) == d - 1)
                path = self._path(b, *before) + (token,)
            flights[key] = path
        return path

    def _best(self, i: int, f: int, e: int) -> tuple[int, tuple] | None:
        """The cheapest way to end at elevation `e` over bit `i` facing `f`:
        (MP, way, how many levels up (+) or down (-), or "land")."""
        lv, floor, road, land = self.cells[i]
        alt = lv + e
        found = None
        for way in self.ways().get((i, f), ()):
            _b, band, climb, d, is_on = way
            mp = climb + d
            if land is not None and e == land:
                cost, end = mp + band - lv - land, "land"
            else:
                rem = self.limit - mp
                lowest = road if is_on and road is not None else floor
                if not min(band, max(band - rem, lowest + 1)) <= alt <= max(band, min(band + rem,
                                                                                     lv + MAX_ALTITUDE)):
                    continue
                cost, end = mp + abs(alt - band), alt - band
            if cost <= self.limit and (found is None or cost < found[0]):
                found = (cost, way, end)
        return found

    def _extra(self) -> dict:
        """The states outside the bands: where it starts, and a landed VTOL
        climbing in place below the roof of its own building."""
        if self._outside is None:
            extra = {}
            if self.landed:
                for up in range(1, min(self.base - self.a0, self.limit + 1)):
                    extra[(self.start, self.state.facing, self.state.altitude + up)] = Reach(up, ("U",) * up)
            extra[(self.start, self.state.facing, self.state.altitude)] = Reach(0, ())
            self._outside = extra
        return self._outside

    def _bit(self, key) -> int | None:
        h, f, e = key
        i = self.board.index(h)
        return i if i is not None and i in self.cells else None

    # ------------------------------------------------------------ without every path
    def cheapest_by_hex(self, altitude: int | None) -> dict:
        """hex -> (MP, state key) of the best way to each hex
        (movement.cheapest_by_hex), without the paths. With no `altitude`:
        the shortest flight in any band, ending at the band's own elevation
        (a climb or descent at the end costs more, and so does a landing: a
        band is above the hex's floor, which is at or above its landing
        level). At an `altitude`: each (hex, facing)'s cheapest way to it."""
        at, cells, searches = self.board.hex_at, self.cells, self.searches
        best: dict = {}                                   # hex -> ((not at altitude, MP, steps), key)
        if altitude is None:
            for i, (mp, f, b) in self._flights_by_hex().items():
                h = at(i)
                best[h] = ((False, mp, mp), (h, f, searches[b][0] - cells[i][0]))
        else:
            ways = self.ways()
            for i, (mp, f, b) in self._flights_by_hex().items():
                h = at(i)
                found = ((True, mp, mp), (h, f, searches[b][0] - cells[i][0]))
                for g in range(6):
                    if (i, g) in ways and (got := self._best(i, g, altitude)) is not None:
                        cost, (_b, _band, climb, d, _on), end = got
                        rank = (False, cost, climb + d + (1 if end == "land" else abs(end)))
                        if rank < found[0]:
                            found = (rank, (h, g, altitude))
                best[h] = found
        for k, r in self._extra().items():
            rank = (altitude is not None and k[2] != altitude, r.mp, len(r.path))
            old = best.get(k[0])
            if old is None or rank < old[0]:
                best[k[0]] = (rank, k)
        return {h: (rank[1], k) for h, (rank, k) in best.items()}

    def _flights_by_hex(self) -> dict[int, tuple[int, int, int]]:
        """bit index -> (MP, facing, band number) of the shortest flight to
        the hex over all bands (the climb at the start counted), the lowest
        band of equal MP."""
        best: dict = {}
        for b, (_band, climb, layers) in enumerate(self.searches):
            seen = 0
            for d, (off, on) in enumerate(layers):
                mp = climb + d
                for f in range(6):
                    new = (off[f] | on[f]) & ~seen
                    if new:
                        seen |= new
                        for i in _bits(new):
                            old = best.get(i)
                            if old is None or old[0] > mp:
                                best[i] = (mp, f, b)
        return best

    def ways_at(self, h: Hex, altitude: int) -> list[Reach]:
        """The ways to `h` at elevation `altitude`, one for each facing
        (movement.ways_at)."""
        return [self[k] for k in ((h, f, altitude) for f in range(6)) if k in self]

    # ------------------------------------------------------------ the mapping
    def __getitem__(self, key) -> Reach:
        if self._items is not None:
            return self._items[key]
        extra = self._extra()
        if key in extra:
            return extra[key]
        i = self._bit(key)
        found = None if i is None else self._best(i, key[1], key[2])
        if found is None:
            raise KeyError(key)
        cost, (b, _band, climb, d, is_on), end = found
        self.ways()
        return Reach(cost, ("U",) * climb + self._path(b, i, key[1], is_on) + _ending(end))

    def __contains__(self, key) -> bool:
        if self._items is not None:
            return key in self._items
        if key in self._extra():
            return True
        if not (isinstance(key, tuple) and len(key) == 3 and isinstance(key[0], Hex)):
            return False
        i = self._bit(key)
        return i is not None and self._best(i, key[1], key[2]) is not None

    def __iter__(self) -> Iterator:
        return iter(self._materialised())

    def __len__(self) -> int:
        return len(self._materialised())

    def items(self):
        return self._materialised().items()

    def values(self):
        return self._materialised().values()

    def _materialised(self) -> dict:
        """Every state with its Reach, worked out together: the flight to a
        (hex, facing) once for all its end elevations."""
        if self._items is None:
            out: dict = {}
            at, cells, limit, path = self.board.hex_at, self.cells, self.limit, self._path
            ups = [("U",) * n for n in range(limit + 1)]
            tails = {n: ups[n] for n in range(limit + 1)} | {-n: ("D",) * n for n in range(1, limit + 1)}
            tails["land"] = ("land",)
            new_reach = tuple.__new__
            for (i, f), ways in self.ways().items():
                lv, floor, road, land = cells[i]
                h = at(i)
                if len(ways) == 1:              # most states: one way, each elevation its own cost
                    b, band, climb, d, is_on = ways[0]
                    mp = climb + d
                    rem = limit - mp
                    lowest = road if is_on and road is not None else floor
                    flight = ups[climb] + path(b, i, f, is_on)
                    for alt in range(min(band, max(band - rem, lowest + 1)),
                                     max(band, min(band + rem, lv + MAX_ALTITUDE)) + 1):
                        end = alt - band
                        out[(h, f, alt - lv)] = new_reach(Reach, (mp + (end if end >= 0 else -end),
                                                                  flight + tails[end], 0, 0))
                    if land is not None and mp + band - lv - land <= limit:
                        out[(h, f, land)] = new_reach(Reach, (mp + band - lv - land, flight + tails["land"], 0, 0))
                    continue
                best: dict = {}                 # elevation -> (MP, way, levels up / down or "land")
                for w, (_b, band, climb, d, is_on) in enumerate(ways):
                    mp = climb + d
                    rem = limit - mp
                    lowest = road if is_on and road is not None else floor
                    for alt in range(min(band, max(band - rem, lowest + 1)),
                                     max(band, min(band + rem, lv + MAX_ALTITUDE)) + 1):
                        cost = mp + (alt - band if alt >= band else band - alt)
                        old = best.get(alt - lv)
                        if old is None or old[0] > cost:
                            best[alt - lv] = (cost, w, alt - band)
                    if land is not None:
                        cost = mp + band - lv - land
                        old = best.get(land)
                        if cost <= limit and (old is None or old[0] > cost):
                            best[land] = (cost, w, "land")
                flights: dict = {}
                for e, (cost, w, end) in best.items():
                    flight = flights.get(w)
                    if flight is None:
                        b, _band, climb, _d, is_on = ways[w]
                        flight = flights[w] = ups[climb] + path(b, i, f, is_on)
                    out[(h, f, e)] = new_reach(Reach, (cost, flight + tails[end], 0, 0))
            out.update(self._extra())
            self._items = out
        return self._items


def _ending(end) -> tuple[str, ...]:
    """The steps at the end hex: a landing, or levels up (+) or down (-)."""
    if end == "land":
        return ("land",)
    return ("U",) * end if end > 0 else ("D",) * -end
