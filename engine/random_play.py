"""Random play: a driver that plays games with random orders of every kind and
checks the game's invariants after every phase.

Games are set up on generated maps (random terrain, levels, water, woods,
buildings) or on the shipped levels, with every shipped unit kind (mechs,
vehicles, VTOLs; Alpha Strike cards in the Alpha Strike ruleset). Each phase
gets random orders through `Game.submit`: moves with random modes and paths
(and reachable ones, so games progress), fire with random weapons, targets,
torso twists and turrets, physical attacks of every type, plus some orders
for destroyed units and unknown ids.

Invariants checked after each phase (`Invariants`):
- armor and structure never negative;
- a building's CF within 0..150; a unit caught in a collapse at ground
  level in the rubble; only a mech flagged on a roof, and only in a
  building hex; a VTOL displaced (landed) still landed where it ends;
- one unit on the ground per hex, friend or foe, wrecks included (what a
  save must hold); every unit on the map; no destroyed unit left on the map
  after the End Phase;
- units destroyed when the phase began make no move and no attack;
- heat within its scale (Classic heat >= 0, Alpha Strike 0..4);
- every event well formed (turn, phase, type and the fields its type's
  schema declares, engine/event_types.py), and an attack's modifiers sum to
  its to-hit number;
- a refused order adds exactly one `refused` event and changes nothing else;
- the state saves and loads back identically (through engine/saves.py);
- at the end of each game, the replay of its record reproduces it exactly.

A crash (any exception out of the engine) is a problem too. `python -m engine
soak --turns N` runs the long version; tests/test_random_play.py a short one.
"""
from __future__ import annotations

import json
import random
import time
import traceback
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from components import AlphaStrikeHeat, Altitude, Armor, ClassicHeat, Position, Status, Structure, Weapons
from engine.events import COMMON, fields_problem
from engine.game import Game
from engine.hexgrid import Hex
from engine.hexmap import HexMap, Terrain
from engine.orders import MOVE_STEPS, FireOrder, MoveOrder, Order, PhysicalOrder
from engine.paths import LEVELS, UNITS
from engine.unit_loader import UnitData, load_unit

MOVE_MODES = ("walk", "run", "jump", "cruise", "flank")
PHYSICAL = ("punch", "kick", "push", "club", "hatchet", "pick_up_club", "charge", "dfa", "standard", "melee")
ORDER_PHASES = {"movement": "move", "weapon": "fire", "combat": "fire", "physical": "physical"}

# --------------------------------------------------------------------- set-up
_UNIT_CACHE: dict[str, list[UnitData]] = {}


def shipped_units() -> dict[str, list[UnitData]]:
    """The shipped unit files by ruleset ('classic' / 'alpha-strike')."""
    if not _UNIT_CACHE:
        _UNIT_CACHE["classic"], _UNIT_CACHE["alpha-strike"] = [], []
        for p in sorted(UNITS.glob("*.toml")):
            data = load_unit(p)
            _UNIT_CACHE["alpha-strike" if data.kind == "alpha-strike" else "classic"].append(data)
    return _UNIT_CACHE


def random_map(rng: random.Random) -> HexMap:
    w, h = rng.randint(5, 12), rng.randint(5, 12)
    m = HexMap(w, h)
    for hx in m.all_hexes():
        r = rng.random()
        if r < 0.55:
            continue
        terrain = rng.choice(["rough", "rubble", "light_woods", "heavy_woods", "water", "building", "clear"])
        t = Terrain(terrain=terrain, level=rng.choice([0, 0, 0, 1, 2, -1, 3]))
        if terrain == "water":
            t.depth = rng.choice([0, 1, 2, 3])
        if terrain == "building":
            t.building = rng.randint(1, 4)
            if rng.random() < 0.5:
                t.building_class = rng.choice(["light", "medium", "heavy", "hardened"])
            if rng.random() < 0.5:
                t.cf = rng.randint(1, 150)
        if rng.random() < 0.1:
            t.road = True
            t.paved = rng.random() < 0.5
        m.set(hx, t)
    return m


def _free_hexes(game: Game) -> list[Hex]:
    taken = {game.world.component(e, Position).hex for e in game.units.values()}
    return [h for h in game.map.all_hexes() if h not in taken]


def random_game(rng: random.Random, ruleset: str | None = None, level: Path | None = None,
                units_per_side: int | None = None) -> Game:
    """A new game: a generated map or a shipped level, units of every kind."""
    from engine.levels import new_game_from_level
    if level is not None:
        game = new_game_from_level(level, seed=rng.randrange(2**31))
        ruleset = game.ruleset.name
    else:
        ruleset = ruleset or rng.choice(["classic", "classic", "alpha-strike"])
        game = Game(random_map(rng), ruleset, rng.randrange(2**31))
    pool = shipped_units()[ruleset]
    sides = list(game.sides) or ["red", "blue"]
    while len(sides) < 2:
        sides.append("red" if "red" not in sides else "blue")
    n = units_per_side or rng.randint(1, 3)
    free = _free_hexes(game)
    rng.shuffle(free)
    count = 0
    for i in range(n * len(sides)):
        if not free:
            break
        side = sides[i % len(sides)]
        data = rng.choice(pool)
        uid = f"{side}{count}"
        while uid in game.units:
            count += 1
            uid = f"{side}{count}"
        count += 1
        overrides: dict[str, Any] = {}
        if data.altitude is not None:
            overrides["altitude"] = rng.choice([0, 1, 2, 5])
        game.add_unit(data, uid, side, free.pop(), rng.randrange(6), overrides)
    return game


# --------------------------------------------------------------------- orders
def _uids(game: Game) -> list[str]:
    return list(game.units)


def _target(game: Game, rng: random.Random, uid: str) -> str:
    """Mostly an enemy still in play; sometimes anyone (refusals are tested too)."""
    side = game.side_of(game.units[uid])
    enemies = [u for u, e in game.units.items() if game.side_of(e) != side
               and not game.world.component(e, Status).removed]
    if enemies and rng.random() < 0.85:
        return rng.choice(enemies)
    return rng.choice(_uids(game))


def _adjacent_target(game: Game, rng: random.Random, uid: str) -> str:
    """An enemy next to the attacker when there is one (physical attacks)."""
    from engine.hexgrid import distance
    here = game.world.component(game.units[uid], Position).hex
    side = game.side_of(game.units[uid])
    near = [u for u, e in game.units.items() if game.side_of(e) != side
            and not game.world.component(e, Status).removed
            and distance(game.world.component(e, Position).hex, here) <= 1]
    if near and rng.random() < 0.85:
        return rng.choice(near)
    return _target(game, rng, uid)


def _modes(game: Game, ent: int) -> tuple[str, ...]:
    from systems.common.movement import motion_rules
    try:
        return tuple(getattr(motion_rules(game, ent), "modes", MOVE_MODES))
    except Exception:
        return MOVE_MODES


def random_move(game: Game, rng: random.Random, uid: str) -> MoveOrder:
    from systems.common.movement import reachable
    from engine.hexgrid import distance
    ent = game.units[uid]
    mode = rng.choice(_modes(game, ent)) if rng.random() < 0.9 else rng.choice(MOVE_MODES)
    path: list[str]
    if rng.random() < 0.45:
        try:
            reach = reachable(game, ent, mode)
        except Exception:      # a crash in the search is found again by the order below
            reach = {}
        options = sorted(reach.items(), key=lambda kv: (kv[1].mp, kv[1].path))
        if options and rng.random() < 0.8:
            # close in on an enemy so that the fight happens
            foe = game.units[_target(game, rng, uid)]
            there = game.world.component(foe, Position).hex
            best = min(distance(k[0], there) for k, _ in options)
            options = [kv for kv in options if distance(kv[0][0], there) <= best + 1]
        path = list(rng.choice(options)[1].path) if options else []
    else:
        flies = game.world.try_component(ent, Altitude) is not None
        tokens = MOVE_STEPS if flies or rng.random() < 0.2 else ("F", "F", "F", "B", "L", "R", "prone", "stand")
        path = [rng.choice(tokens) for _ in range(rng.randint(0, 8))]
    raw: dict[str, Any] = {"unit": uid, "mode": mode, "path": path}
    order = MoveOrder(uid, raw, mode=mode, path=path)
    r = rng.random()
    if r < 0.08:
        order.charge = raw["charge"] = _target(game, rng, uid)
    elif r < 0.14:
        order.dfa = raw["dfa"] = _target(game, rng, uid)
    elif r < 0.2 and game.ruleset.name == "classic":
        standing = [h for h in game.map.buildings() if game.map.terrain(h).building]
        if standing:                                          # a charge on a building (B-PHYS-3)
            order.charge_hex = raw["charge_hex"] = game.map.label(rng.choice(standing))
    if mode == "jump" and rng.random() < 0.5:
        order.facing = raw["facing"] = rng.randrange(6)
    return order


def random_fire(game: Game, rng: random.Random, uid: str) -> FireOrder:
    ent = game.units[uid]
    target = _target(game, rng, uid)
    raw: dict[str, Any] = {"unit": uid, "target": target}
    order = FireOrder(uid, raw, target=target)
    standing = [h for h in game.map.buildings() if game.map.terrain(h).building]
    if game.ruleset.name == "classic" and standing and rng.random() < 0.25:   # a building (B-ATK)
        order.target, order.target_hex = "", game.map.label(rng.choice(standing))
        raw.pop("target")
        raw["target_hex"] = order.target_hex
    weapons = game.world.try_component(ent, Weapons)
    if weapons is not None and weapons.mounts:
        mount = rng.choice(weapons.mounts)
        name = mount.type
        same = [m for m in weapons.mounts if m.type == name]
        if len(same) > 1 and rng.random() < 0.5:
            name += f"#{rng.randint(1, len(same) + 1)}"
        if rng.random() < 0.05:
            name = rng.choice(["nonsense", "", "#0", "medium_laser#99"])
        order.weapon = raw["weapon"] = name
    elif rng.random() < 0.1:
        order.weapon = raw["weapon"] = "medium_laser"
    if rng.random() < 0.1:
        order.torso_twist = raw["torso_twist"] = rng.choice(["left", "right"])
    if rng.random() < 0.1:
        order.turret = raw["turret"] = rng.randrange(6)
    if game.ruleset.name == "alpha-strike" and rng.random() < 0.3:
        order.overheat = raw["overheat"] = rng.randint(0, 4)
    return order


def random_physical(game: Game, rng: random.Random, uid: str) -> PhysicalOrder:
    attack = rng.choice(PHYSICAL[:6] if game.ruleset.name == "classic" else PHYSICAL[8:])
    if rng.random() < 0.05:
        attack = rng.choice(PHYSICAL)
    raw: dict[str, Any] = {"unit": uid, "attack": attack}
    order = PhysicalOrder(uid, raw, attack=attack)
    if attack == "pick_up_club":
        order.source = raw["source"] = rng.choice(["limb", "tree"])
    else:
        order.target = raw["target"] = _adjacent_target(game, rng, uid)
        standing = [h for h in game.map.buildings() if game.map.terrain(h).building]
        if game.ruleset.name == "classic" and standing and rng.random() < 0.2:     # B-ATK-3
            order.target, order.target_hex = None, game.map.label(rng.choice(standing))
            raw.pop("target")
            raw["target_hex"] = order.target_hex
    if rng.random() < (0.9 if attack in ("punch", "kick", "hatchet") else 0.3):
        order.limb = raw["limb"] = rng.choice(["left", "right"])
    return order


def random_orders(game: Game, rng: random.Random, phase: str) -> list[Order]:
    kind = ORDER_PHASES.get(phase)
    uids = _uids(game)
    if kind is None or not uids:
        return []
    rng.shuffle(uids)
    orders: list[Order] = []
    for uid in uids:
        if rng.random() < 0.15:
            continue
        if kind == "move":
            orders.append(random_move(game, rng, uid))
        elif kind == "fire":
            for _ in range(rng.randint(1, 3)):
                orders.append(random_fire(game, rng, uid))
            if phase == "combat" and rng.random() < 0.3:
                orders.append(random_physical(game, rng, uid))
        else:
            orders.append(random_physical(game, rng, uid))
    if rng.random() < 0.05:          # an order for nobody, and one of the wrong kind
        orders.append(MoveOrder("nobody", {"unit": "nobody"}, mode="walk", path=["F"]))
    if rng.random() < 0.05 and uids:
        orders.append(rng.choice([random_move, random_fire, random_physical])(game, rng, uids[0]))
    return orders


# --------------------------------------------------------------------- invariants
@dataclass
class Invariants:
    problems: list[str] = field(default_factory=list)
    check_refusals: bool = True
    check_saves: bool = True
    refusal_rate: float = 1.0      # share of orders whose refusal is checked for side effects
    save_rate: float = 1.0         # share of phases (besides the last of each turn) saved and reloaded
    rng: random.Random = field(default_factory=lambda: random.Random(0))

    def add(self, game: Game, what: str) -> None:
        self.problems.append(f"turn {game.turn} {game.phase}: {what}")

    def inactive_at_start(self, game: Game) -> set[str]:
        out = set()
        for uid, ent in game.units.items():
            st = game.world.component(ent, Status)
            if st.destroyed or st.removed:
                out.add(uid)
        return out

    def after_phase(self, game: Game, events_from: int, inactive: set[str]) -> None:
        w = game.world
        for uid, ent in game.units.items():
            for ctype in (Armor, Structure):
                for loc, n in w.component(ent, ctype).points.items():
                    if not isinstance(n, int) or n < 0:
                        self.add(game, f"{uid} {ctype.__name__.lower()} {loc} = {n}")
            heat = w.try_component(ent, ClassicHeat)
            if heat is not None and not 0 <= heat.heat <= 99:
                self.add(game, f"{uid} Classic heat {heat.heat} off the scale")
            as_heat = w.try_component(ent, AlphaStrikeHeat)
            if as_heat is not None and not 0 <= as_heat.level <= 4:
                self.add(game, f"{uid} Alpha Strike heat {as_heat.level} off the scale")
            st = w.component(ent, Status)
            pos = w.component(ent, Position)
            if st.removed:
                continue
            if not game.map.on_map(pos.hex):
                self.add(game, f"{uid} is off the map at {pos.hex}")
            if not 0 <= pos.facing <= 5:
                self.add(game, f"{uid} has facing {pos.facing}")
            if st.destroyed and game.phase == "end":
                self.add(game, f"{uid} is destroyed and still on the map after the End Phase")
        self.stacking(game)
        self.buildings(game, events_from)
        for e in game.log.events[events_from:]:
            self.event(game, e)
            if e.get("type") == "move" and e.get("unit") in inactive:
                self.add(game, f"{e['unit']} moved although destroyed: {e}")
            if e.get("type") == "attack" and e.get("attacker") in inactive:
                self.add(game, f"{e['attacker']} attacked although destroyed: {e}")
        last = game.phase == game.ruleset.phases[-1]
        if self.check_saves and (last or self.rng.random() < self.save_rate):
            # save, load, compare; at the end of the turn the load also goes
            # through every check of engine/saves.py
            self.save_round_trip(game, continue_loaded=self.rng.random() < 0.5, full=last)

    def buildings(self, game: Game, events_from: int) -> None:
        """A building's CF is never negative nor above 150; a unit that was in
        or on a building when it collapsed is at ground level in its rubble;
        a unit on a roof stands in a building hex, and only a mech carries
        the on-roof flag (a VTOL's roof is its altitude); a VTOL displaced
        and not moved since is landed."""
        from systems.classic.buildings import elevation
        hm = game.map
        for h in hm.buildings():
            cf = hm.terrain(h).construction_factor
            if not 0 <= cf <= 150:
                self.add(game, f"the building in {hm.label(h)} has CF {cf}")
            if h in hm.collapsed and hm.terrain(h).building:
                self.add(game, f"the building in {hm.label(h)} collapsed and stands again")
        for uid, ent in game.units.items():
            pos = game.world.component(ent, Position)
            if pos.on_roof and not hm.terrain(pos.hex).building:
                self.add(game, f"{uid} stands on a roof in {hm.label(pos.hex)}, which has no building")
            if pos.on_roof and game.kind(ent) != "mech":
                self.add(game, f"{uid} has a mech's on-roof flag in {hm.label(pos.hex)}")
        events = game.log.events[events_from:]
        for i, e in enumerate(events):
            moved_since = {m.get("unit") for m in events[i + 1:] if m.get("type") == "move"}
            if e.get("type") == "displace" and e["unit"] not in moved_since:
                self.landed_after_displacement(game, e["unit"])
            if e.get("type") != "collapse":
                continue
            for uid in set(e["units"]) - moved_since:
                ent = game.units[uid]
                st = game.world.component(ent, Status)
                if st.destroyed or st.removed or hm.label(game.world.component(ent, Position).hex) != e["hex"]:
                    continue
                if elevation(game, ent) != 0:
                    self.add(game, f"{uid} stands {elevation(game, ent)} levels up in the rubble of {e['hex']}")

    def landed_after_displacement(self, game: Game, uid: str) -> None:
        """Only a unit on the ground is displaced: a VTOL displaced (landed,
        on the ground or a roof) is still landed where it ends, on the
        ground or on a roof (B-VTOL-5)."""
        from systems.common.unit_state import airborne
        ent = game.units[uid]
        if airborne(game, ent):
            at = game.map.label(game.world.component(ent, Position).hex)
            self.add(game, f"{uid} was displaced while landed and is airborne in {at}")

    def stacking(self, game: Game) -> None:
        """One unit on the ground per hex, whatever its side, wrecks
        included: the rule a save is checked by (systems/common/stacking.py)."""
        from systems.common.stacking import occupant_as_placed
        for uid, ent in game.units.items():
            if game.world.component(ent, Status).removed:
                continue
            other = occupant_as_placed(game, ent)
            if other is not None and game.uid(other) > uid:
                kind = "enemy" if game.is_enemy(ent, other) else "friendly"
                at = game.world.component(ent, Position).hex
                self.add(game, f"{kind} ground units share hex {game.map.label(at)}: "
                               f"{uid}, {game.uid(other)}")

    def event(self, game: Game, e: Any) -> None:
        if not isinstance(e, dict):
            self.add(game, f"event is not a dict: {e!r}")
            return
        if not isinstance(e.get("turn"), int) or not isinstance(e.get("phase"), str) \
                or not isinstance(e.get("type"), str):
            self.add(game, f"event without turn/phase/type: {e}")
            return
        problem = fields_problem(e["type"], {k: v for k, v in e.items() if k not in COMMON})
        if problem is not None:
            self.add(game, f"{e['type']} event: {problem[0]}: {problem[1]}: {e}"[:300])
            return
        if e["type"] == "attack" and e.get("automatic"):
            if e["to_hit"] is not None or e["roll"] is not None or e["modifiers"] or not e["hit"]:
                self.add(game, f"an automatic hit has a to-hit, a roll or modifiers, or missed: {e}")
        elif e["type"] == "attack":
            mods = e["modifiers"]
            if not isinstance(e["to_hit"], int) or isinstance(e["to_hit"], bool):
                self.add(game, f"attack to_hit is not an integer: {e}")
            elif not isinstance(mods, list) or not all(isinstance(m, (list, tuple)) and len(m) == 2 for m in mods):
                self.add(game, f"attack modifiers are not [label, value] pairs: {e}")
            elif sum(m[1] for m in mods) != e["to_hit"]:
                self.add(game, f"attack modifiers sum to {sum(m[1] for m in mods)}, not {e['to_hit']}: {e}")
        try:
            json.dumps(e, allow_nan=False)
        except (TypeError, ValueError) as exc:
            self.add(game, f"event is not JSON data ({exc}): {e!r}"[:300])

    def save_round_trip(self, game: Game, continue_loaded: bool = False, full: bool = True) -> None:
        """Save and load the game: the loaded state must be identical; with
        `continue_loaded` play goes on from the loaded copy (restored in place),
        so that a loaded game must also behave exactly like the original."""
        from engine import saves
        from engine.errors import DataError
        try:
            text = saves.dumps(game)
        except (TypeError, ValueError) as exc:
            self.add(game, f"the game cannot be saved: {exc}")
            return
        try:
            if full:
                loaded = saves.loads(text, "roundtrip")     # every field checked as for a file
            else:
                loaded = Game.from_dict(json.loads(text)["game"])
        except DataError as exc:
            self.add(game, f"the game's own save is refused: {exc.first_line()}")
            return
        try:
            saved = json.loads(text)["game"]
            again = loaded.to_dict()
            if again != saved:
                from engine.replay import differences
                self.add(game, f"save/load round trip differs: {differences(saved, again)}")
            elif continue_loaded:
                game.restore(saved)
        finally:
            loaded.close()

    def submit(self, game: Game, order: Order) -> None:
        """Submit, checking that a refusal changes nothing but the log."""
        # Orders the rules refuse are checked for side effects (check() itself
        # must change nothing, so asking first is safe).
        sample = self.check_refusals and self.rng.random() < self.refusal_rate
        before = _state_without_log(game) if sample and game.check(order) else None
        n = len(game.log.events)
        reason = game.submit(order)
        if reason is None or before is None:
            return
        new = game.log.events[n:]
        if len(new) != 1 or new[0]["type"] != "refused":
            self.add(game, f"a refused order logged {[e['type'] for e in new]}: {order}")
        if not isinstance(reason, str) or not reason.strip():
            self.add(game, f"a refusal without a reason: {order}")
        after = _state_without_log(game)
        if after != before:
            from engine.replay import differences
            self.add(game, f"a refused order ({reason}) changed the game: "
                           f"{differences(json.loads(before), json.loads(after), limit=3)}")


def _state_without_log(game: Game) -> str:
    """The game's state as JSON text, without the event log and record."""
    from engine.game import _dataclass_fields
    return json.dumps(game._state(False, False, lambda c: c), default=_dataclass_fields)


# --------------------------------------------------------------------- driving
@dataclass
class Stats:
    games: int = 0
    turns: int = 0
    phases: int = 0
    orders: int = 0
    refused: int = 0
    events: int = 0
    crashes: int = 0
    problems: list[str] = field(default_factory=list)

    def summary(self) -> str:
        return (f"{self.games} games, {self.turns} turns, {self.phases} phases, {self.orders} orders "
                f"({self.refused} refused), {self.events} events, {self.crashes} crashes, "
                f"{len(self.problems)} problems")


def play_game(game: Game, rng: random.Random, max_turns: int, stats: Stats,
              inv: Invariants, replay_check: bool = True) -> None:
    """Play random turns until someone wins or `max_turns` have been played."""
    label = f"game {stats.games} ({game.ruleset.name}, {game.map.width}x{game.map.height})"
    try:
        for _ in range(max_turns):
            if game.winner is not None:
                break
            game.start_turn()
            stats.turns += 1
            for phase in game.ruleset.phases:
                inactive = inv.inactive_at_start(game)
                start = len(game.log.events)
                game.start_phase(phase)
                for order in random_orders(game, rng, phase):
                    stats.orders += 1
                    inv.submit(game, order)
                game.end_phase()
                stats.phases += 1
                inv.after_phase(game, start, inactive)
        if replay_check:
            from engine.replay import Replay
            replay = Replay.from_game(game)
            try:
                diffs = replay.verify()
            finally:
                replay.close()
            if diffs:
                inv.add(game, f"the replay differs: {diffs[:3]}")
    except Exception as exc:   # a crash in the engine: report it with where it happened
        stats.crashes += 1
        tb = traceback.extract_tb(exc.__traceback__)
        where = " <- ".join(f"{Path(f.filename).name}:{f.lineno} {f.name}" for f in reversed(tb[-4:]))
        inv.add(game, f"CRASH {type(exc).__name__}: {exc} at {where}")
    finally:
        stats.events += len(game.log.events)
        stats.refused += len(game.log.of_type("refused"))
        stats.problems += [f"{label}: {p}" for p in inv.problems]
        inv.problems.clear()


def run(turns: int, seed: int = 0, max_turns_per_game: int = 20, levels: bool = True,
        check_refusals: bool = True, progress: bool = False, time_limit: float | None = None,
        refusal_rate: float = 1.0, save_rate: float = 1.0) -> Stats:
    """Play random games until `turns` turns have been played."""
    rng = random.Random(seed)
    stats = Stats()
    level_files = sorted(LEVELS.glob("*.tmx")) if levels else []
    started = time.monotonic()
    while stats.turns < turns:
        if time_limit is not None and time.monotonic() - started > time_limit:
            break
        stats.games += 1
        use_level = level_files and rng.random() < 0.4
        try:
            game = random_game(rng, level=rng.choice(level_files) if use_level else None)
        except Exception as exc:
            stats.crashes += 1
            stats.problems.append(f"game {stats.games}: CRASH while setting up: {type(exc).__name__}: {exc}")
            continue
        inv = Invariants(check_refusals=check_refusals, refusal_rate=refusal_rate, save_rate=save_rate,
                         rng=random.Random(rng.randrange(2**31)))
        known = len(stats.problems)
        try:
            play_game(game, rng, min(max_turns_per_game, turns - stats.turns), stats, inv)
        finally:
            game.close()
        if progress:
            for p in stats.problems[known:]:
                print(f"seed {seed}: {p}"[:2000], flush=True)
        if progress and stats.games % 20 == 0:
            print(stats.summary(), flush=True)
    return stats


def _run_task(task: tuple) -> Stats:
    turns, seed, per_game, rate, save_rate, progress = task
    return run(turns, seed, per_game, refusal_rate=rate, save_rate=save_rate, progress=progress)


def main(argv: list[str] | None = None) -> int:
    import argparse
    parser = argparse.ArgumentParser(prog="python -m engine soak",
                                     description="random play with invariant checks")
    parser.add_argument("--turns", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--turns-per-game", type=int, default=12)
    parser.add_argument("--refusal-rate", type=float, default=0.15,
                        help="share of orders whose refusal is checked for side effects (default 0.15)")
    parser.add_argument("--save-rate", type=float, default=0.3,
                        help="share of phases besides the last of each turn whose save/load round trip is "
                             "checked (default 0.3; the end of every turn always is)")
    parser.add_argument("--progress", action="store_true")
    parser.add_argument("--jobs", type=int, default=1, help="play in this many processes (seeds seed, seed+1, ...)")
    args = parser.parse_args(argv)
    if args.turns < 1:
        parser.error(f"--turns must be at least 1, got {args.turns}")
    started = time.monotonic()
    jobs = max(1, args.jobs)
    shares = [args.turns // jobs + (1 if i < args.turns % jobs else 0) for i in range(jobs)]
    tasks = [(n, args.seed + i, args.turns_per_game, args.refusal_rate, args.save_rate, args.progress)
             for i, n in enumerate(shares) if n > 0]
    if len(tasks) == 1:
        stats = _run_task(tasks[0])
    else:
        import multiprocessing
        with multiprocessing.get_context("spawn").Pool(len(tasks)) as pool:
            parts = pool.map(_run_task, tasks)
        stats = Stats()
        for part in parts:
            for f in ("games", "turns", "phases", "orders", "refused", "events", "crashes"):
                setattr(stats, f, getattr(stats, f) + getattr(part, f))
            stats.problems += part.problems
    seen: dict[str, int] = {}
    for p in stats.problems:
        key = p.split(": ", 2)[-1][:160]
        seen[key] = seen.get(key, 0) + 1
        if seen[key] <= 3:
            print(p)
    print(f"{stats.summary()} in {time.monotonic() - started:.0f} s")
    return 1 if stats.problems else 0
