"""The VTOL's reachable states: every (hex, facing, elevation) a VTOL can
end its move in, with the cheapest MP and a path, for the movement range the
UI draws (rules/vehicles.md V-VTOL). Gives exactly what the generic search
of systems/common/movement.py finds with the VTOL step rules of
systems/vehicles/movement.py (F, B, L, R, U, D, and a landing as the last
step where landing is safe), only faster.

Why it can be fast: a VTOL pays 1 MP for every step, whatever the terrain
(V-VTOL-2, V-VTOL-3). A horizontal step keeps the absolute altitude (ground
level + elevation) and is legal when that altitude is above the hex's
"floor": its treetops or roof, or its ground level under the trees along a
road the VTOL started on (V-VTOL-5, V-VTOL-9). Flying higher only makes more
hexes legal, and climbing (U) is legal anywhere, so a cheapest path never
needs to climb or descend on the way: it climbs at the start to the highest
altitude it uses, flies there, then climbs, descends (where each level is
legal) or lands at the end hex. So the search is

1. one breadth-first search on (hex, facing) per altitude band: the start
   altitude and every altitude just above a floor within reach, each legality
   check a lookup in a table of floors made once;
2. for every (hex, facing) reached, the cheapest of those bands for each end
   elevation, plus a landing where landing is safe (V-VTOL-8, V-VTOL-11).

The road exemption depends on the path (it ends once the VTOL enters a hex
without a road), so when the VTOL starts on a road in woods the search also
carries that flag. Climbs are made at the start hex, so on uneven ground a
VTOL within a few levels of the 500-level ceiling (V-VTOL-4) may miss a
state that only a climb made over higher ground reaches.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from engine.hexgrid import hexes_within, neighbor
from systems.common.movement import MoveState, Reach
from systems.vehicles.terrain import MAX_ALTITUDE, landing_level, landing_problem

if TYPE_CHECKING:
    from engine.game import Game


def vtol_reachable(game: "Game", ent: int, rules, mode: str, state: MoveState, limit: int
                   ) -> dict[tuple, Reach]:
    """(hex, facing, elevation) -> cheapest Reach for a VTOL at `state` with
    `limit` MP in `mode`; `rules` is its VTOLMotion (landing levels, safe
    landings, the road start)."""
    hm = game.map
    start = state.hex
    start_t = hm.terrain(start)
    a0 = start_t.level + state.altitude                 # absolute altitude at the start
    landed = state.altitude <= landing_level(start_t)
    road_start = rules.start_on_road_in_woods(game, ent)

    # Per hex within reach: ground level, floor (flying needs altitude > floor)
    # and, for road-in-woods hexes when starting on one, the floor while still
    # on the road (V-VTOL-9: the ground, as the VTOL must be at least 1 up).
    level: dict = {}
    floor: dict = {}
    road_floor: dict = {}
    for h in hexes_within(start, limit):
        if hm.on_map(h):
            t = hm.terrain(h)
            level[h] = t.level
            floor[h] = t.top
            if road_start and t.road:
                road_floor[h] = t.level if t.woods else t.top

    # Altitude bands: the graph of legal hexes only changes just above a floor.
    # A landed VTOL lifts off first (V-VTOL-7): its lowest band is one level
    # above its landing level; climbing is legal up to the ceiling (V-VTOL-4).
    base = start_t.level + landing_level(start_t) + 1 if landed else a0
    top_band = min(a0 + limit, start_t.level + MAX_ALTITUDE)
    bands = [base] if not landed or base <= top_band else []
    bands += sorted({f + 1 for f in (*floor.values(), *road_floor.values()) if base < f + 1 <= top_band})

    forward = ((0, "F"),) if mode == "flank" else ((0, "F"), (3, "B"))   # no backing at flank (V-MOVE-6)
    # (hex, facing) -> [(absolute altitude, MP, path, on road)]: the ways to
    # fly there, lowest band first, each a shorter flight than the ones before
    reached: dict[tuple, list] = {}
    shortest: dict[tuple, int] = {}     # (hex, facing, on road) -> fewest horizontal MP so far
    for band in bands:
        _flat_bfs(band, band - a0, limit, start, state.facing, road_start, floor, road_floor, forward,
                  reached, shortest)

    ups = [("U",) * n for n in range(limit + 1)]
    downs = [("D",) * n for n in range(limit + 1)]
    out: dict[tuple, Reach] = {}
    for (h, f), ways in reached.items():
        lv = level[h]
        if len(ways) == 1:
            costs = None
        else:
            costs = {}                  # elevation -> (MP, path), the cheapest of the ways
        for a, mp, path, on_road in ways:
            rem = limit - mp
            lowest = road_floor[h] if on_road and h in road_floor else floor[h]
            # climb at the end (up to the ceiling), or descend while each level
            # stays above the treetops or roof (V-VTOL-3, V-VTOL-5)
            for alt in range(min(a, max(a - rem, lowest + 1)), max(a, min(a + rem, lv + MAX_ALTITUDE)) + 1):
                cost = mp + (alt - a if alt >= a else a - alt)
                steps = ups[alt - a] if alt >= a else downs[a - alt]
                if costs is None:
                    out[(h, f, alt - lv)] = Reach(cost, path + steps)
                elif alt not in costs or costs[alt][0] > cost:
                    costs[alt] = (cost, path + steps)
        if costs:
            for alt, (cost, path) in costs.items():
                out[(h, f, alt - lv)] = Reach(cost, path)
        t = hm.terrain(h)
        if landing_problem(t) is None:          # V-VTOL-8: the levels down, where it may land
            ground = landing_level(t)
            cost, path = min(((mp + a - lv - ground, path) for a, mp, path, _ in ways), key=lambda c: c[0])
            if cost <= limit:
                out[(h, f, ground)] = Reach(cost, path + ("land",))
    if landed:      # climbing in place before lifting off (below the roof of its own building)
        for up in range(1, min(base - a0, limit + 1)):
            key = (start, state.facing, state.altitude + up)
            if key not in out or out[key].mp > up:
                out[key] = Reach(up, ups[up])
    out[(start, state.facing, state.altitude)] = Reach(0, ())
    return out


def _flat_bfs(alt: int, climb: int, limit: int, start, facing: int, road_start: bool, floor: dict,
              road_floor: dict, forward, reached: dict, shortest: dict) -> None:
    """Breadth-first search on (hex, facing, on road) flying at absolute
    altitude `alt` after `climb` U steps at the start; adds to `reached` what
    it reaches with fewer horizontal MP than the lower bands did (a higher
    band reached by as long a flight is never cheaper, even to descend)."""
    prefix = ("U",) * climb
    seen = {(start, facing, road_start)}
    layer = [(start, facing, road_start, prefix)]
    if (start, facing, road_start) not in shortest:
        shortest[(start, facing, road_start)] = 0
        reached.setdefault((start, facing), []).append((alt, climb, prefix, road_start))
    mp = climb
    while layer and mp < limit:
        mp += 1
        nxt = []
        for h, f, on_road, path in layer:
            for nf, tok in (((f - 1) % 6, "L"), ((f + 1) % 6, "R")):
                key = (h, nf, on_road)
                if key not in seen:
                    seen.add(key)
                    p = path + (tok,)
                    nxt.append((h, nf, on_road, p))
                    if mp - climb < shortest.get(key, limit + 1):
                        shortest[key] = mp - climb
                        reached.setdefault((h, nf), []).append((alt, mp, p, on_road))
            for turn, tok in forward:
                dest = neighbor(h, f + turn)
                fl = floor.get(dest)
                if fl is None:
                    continue                           # off the map
                still = on_road and dest in road_floor
                if alt <= (road_floor[dest] if still else fl):
                    continue                           # at or below the treetops or a roof
                key = (dest, f, still)
                if key not in seen:
                    seen.add(key)
                    p = path + (tok,)
                    nxt.append((dest, f, still, p))
                    if mp - climb < shortest.get(key, limit + 1):
                        shortest[key] = mp - climb
                        reached.setdefault((dest, f), []).append((alt, mp, p, still))
        layer = nxt
