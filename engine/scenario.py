"""Scenario files (contract/scenario.md): parse and validate, build the game,
play the scripted turns headless, report what happened.

`load_scenario(path)` returns a `Scenario` (a ready `Game` plus its scripted
turns) or raises DataError with `FILE: where: what is wrong`.
`run_scenario(scenario)` plays every turn through the same systems the
hot-seat game uses.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine.dice import PURPOSES
from engine.errors import DataError
from engine.files import MAX_SCENARIO_BYTES, read_toml
from engine.game import Game
from engine.hexgrid import Hex, parse_hex_label
from engine.hexmap import BUILDING_CLASSES, MAX_CF, TERRAINS, HexMap, Terrain
from engine.orders import FireOrder, MoveOrder, Order, PhysicalOrder, MOVE_STEPS
from engine.forces import load_force, place_forces
from engine.rulesets import plays_unit_kind, ruleset_names
from engine.paths import LEVELS, allowed_roots, confine, is_inside
from engine.unit_loader import find_unit_file, is_file, load_unit
from engine.weapons import weapon_table

UNIT_KEYS = ("id", "data", "side", "at", "facing", "piloting", "driving", "gunnery", "prone",
             "altitude", "turret", "heat", "damaged", "missing", "armor", "structure", "weapon_loss_order")
MOVE_KEYS = ("unit", "mode", "path", "charge", "dfa", "facing", "charge_miss", "charge_hex")
FIRE_KEYS = ("unit", "weapon", "target", "target_hex", "torso_twist", "turret", "overheat")
PHYSICAL_KEYS = ("unit", "attack", "limb", "target", "target_hex", "source")
MOVE_MODES = ("walk", "run", "jump", "cruise", "flank")
PHYSICAL_ATTACKS = ("punch", "kick", "push", "club", "hatchet", "pick_up_club", "standard", "melee")


@dataclass
class ScriptedTurn:
    initiative: list[str] | None
    orders: dict[str, list[Order]] = field(default_factory=dict)   # "move"/"fire"/"physical"


@dataclass
class Scenario:
    path: Path
    game: Game
    turns: list[ScriptedTurn]
    warnings: list[str] = field(default_factory=list)   # e.g. card specials without effect
    players: dict[str, str] = field(default_factory=dict)   # side -> the computer player giving its orders
    play_turns: int | None = None                            # turns to play (default: the scripted ones)


class _V:
    """Validation helpers that raise the first problem as `FILE: where: what`."""

    def __init__(self, fname: str) -> None:
        self.fname = fname

    def fail(self, where: str, what: str):
        raise DataError(f"{self.fname}: {where}: {what}")

    def table(self, v: Any, where: str) -> dict:
        if not isinstance(v, dict):
            self.fail(where, f"expected a table, got {_show(v)}")
        return v

    def array(self, v: Any, where: str) -> list:
        if not isinstance(v, list) or not all(isinstance(x, dict) for x in v):
            self.fail(where, "expected an array of tables")
        return v

    def keys(self, d: dict, allowed, where: str) -> None:
        for k in d:
            if k not in allowed:
                self.fail(f"{where}.{k}" if where else k, "unknown key")

    def int_(self, d: dict, key: str, where: str, lo: int | None = None, hi: int | None = None,
             required: bool = False, default: Any = None) -> Any:
        if key not in d:
            if required:
                self.fail(f"{where}.{key}" if where else key, "required")
            return default
        v = d[key]
        if not isinstance(v, int) or isinstance(v, bool):
            self.fail(f"{where}.{key}" if where else key, f"expected an integer, got {_show(v)}")
        if (lo is not None and v < lo) or (hi is not None and v > hi):
            self.fail(f"{where}.{key}" if where else key, f"expected {lo}..{hi}, got {v}")
        return v

    def str_(self, d: dict, key: str, where: str, required: bool = False,
             choices: tuple[str, ...] | None = None, default: Any = None) -> Any:
        if key not in d:
            if required:
                self.fail(f"{where}.{key}" if where else key, "required")
            return default
        v = d[key]
        if not isinstance(v, str):
            self.fail(f"{where}.{key}" if where else key, f"expected a string, got {_show(v)}")
        if choices is not None and v not in choices:
            self.fail(f"{where}.{key}" if where else key, f"expected one of {', '.join(choices)}, got {_show(v)}")
        return v

    def bool_(self, d: dict, key: str, where: str) -> Any:
        if key not in d:
            return None
        if not isinstance(d[key], bool):
            self.fail(f"{where}.{key}", f"expected true or false, got {_show(d[key])}")
        return d[key]

    def hex_(self, d: dict, key: str, where: str, hexmap: HexMap | None) -> Hex:
        text = self.str_(d, key, where, required=True)
        try:
            h = parse_hex_label(text)
        except ValueError as exc:
            self.fail(f"{where}.{key}", str(exc))
        if hexmap is not None and not hexmap.on_map(h):
            self.fail(f"{where}.{key}", f"hex {text} is off the {hexmap.width}x{hexmap.height} map")
        return h

    def str_list(self, d: dict, key: str, where: str) -> list[str]:
        v = d.get(key, [])
        if not isinstance(v, list) or not all(isinstance(x, str) for x in v):
            self.fail(f"{where}.{key}", f"expected a list of strings, got {_show(v)}")
        return list(v)


def _show(v: Any) -> str:
    return f'"{v}"' if isinstance(v, str) else repr(v)


def load_scenario(path: Path | str, mods: list[Path] | None = None) -> Scenario:
    path = Path(path)
    fname = str(path)
    raw = read_toml(path, MAX_SCENARIO_BYTES, fname)
    return parse_scenario(raw, path, mods)


def parse_scenario(raw: dict, path: Path, mods: list[Path] | None = None) -> Scenario:
    v = _V(str(path))
    v.keys(raw, ("ruleset", "map", "seed", "dice", "unit", "forces", "turn", "title", "description", "players",
                 "turns"), "")
    ruleset = v.str_(raw, "ruleset", "", choices=ruleset_names(), default="classic")
    seed = v.int_(raw, "seed", "", lo=0, default=0)
    if "map" not in raw:
        v.fail("map", "required (a .tmx path or an inline [map] table)")
    hexmap, level_units, map_warnings = _load_map(raw["map"], path, v, mods,
                                                  with_level_units="unit" not in raw and "forces" not in raw)
    forced: dict[str, list[int]] = {}
    if "dice" in raw:
        dice = v.table(raw["dice"], "dice")
        for purpose, values in dice.items():
            if purpose not in PURPOSES:
                v.fail(f"dice.{purpose}", f"unknown dice purpose (expected one of {', '.join(PURPOSES)})")
            if not isinstance(values, list) or not all(isinstance(x, int) and not isinstance(x, bool) for x in values):
                v.fail(f"dice.{purpose}", f"expected a list of integers, got {_show(values)}")
            for x in values:
                if not 1 <= x <= 12:
                    v.fail(f"dice.{purpose}", f"a forced roll must be 1..12, got {x}")
            forced[purpose] = list(values)
    weapon_table(mods)      # a mod's weapons.toml reports its own problems, not a unit's
    game = Game(hexmap, ruleset, seed, forced)
    for spec in level_units:
        game.add_unit(*spec)
    if "forces" in raw:
        place_forces(game, [load_force(_force_path(f, path, mods, v), mods) for f in v.str_list(raw, "forces", "")])
    warnings: list[str] = list(map_warnings)
    units = v.array(raw.get("unit", []), "unit")
    for i, u in enumerate(units):
        where = f"unit[{i + 1}]"
        v.keys(u, UNIT_KEYS, where)
        uid = v.str_(u, "id", where, required=True)
        where = f"unit {uid}"
        if uid in game.units:
            v.fail(f"{where}.id", "duplicate unit id")
        data_name = v.str_(u, "data", where, required=True)
        side = v.str_(u, "side", where, required=True)
        at = v.hex_(u, "at", where, hexmap)
        facing = v.int_(u, "facing", where, 0, 5, default=0)
        data_path = _resolve_unit(data_name, path, mods)
        if isinstance(data_path, str):
            v.fail(f"{where}.data", f"unit file {data_name!r} {data_path}")
        if data_path is None:
            v.fail(f"{where}.data", f"unit file {data_name!r} not found")
        try:
            data = load_unit(data_path, mods=mods)
        except DataError as exc:
            raise DataError(f"{path}: {where}.data: {exc.first_line()}") from None
        if not plays_unit_kind(ruleset, data.kind):
            v.fail(f"{where}.data", f"{data_name} is an Alpha Strike card: set ruleset = \"alpha-strike\""
                   if data.kind == "alpha-strike" else
                   f"{data_name} is not an Alpha Strike card (the scenario's ruleset is alpha-strike)")
        overrides = _overrides(u, where, v, data)
        game.add_unit(data, uid, side, at, facing, overrides)
        warnings += [w for w in data.warnings if w not in warnings]
    _check_stacking(game, v)
    turns = []
    for t_i, t in enumerate(v.array(raw.get("turn", []), "turn")):
        where = f"turn[{t_i + 1}]"
        v.keys(t, ("initiative", "move", "fire", "physical"), where)
        init = None
        if "initiative" in t:
            init = v.str_list(t, "initiative", where)
            for s in init:
                if s not in game.sides:
                    v.fail(f"{where}.initiative", f"no side named {s!r}")
        st = ScriptedTurn(init)
        st.orders["move"] = [_move(o, f"{where}.move[{i + 1}]", v, game) for i, o in enumerate(v.array(t.get("move", []), f"{where}.move"))]
        st.orders["fire"] = [_fire(o, f"{where}.fire[{i + 1}]", v, game) for i, o in enumerate(v.array(t.get("fire", []), f"{where}.fire"))]
        st.orders["physical"] = [_physical(o, f"{where}.physical[{i + 1}]", v, game) for i, o in enumerate(v.array(t.get("physical", []), f"{where}.physical"))]
        turns.append(st)
    players = _players(raw, v, game)
    play_turns = v.int_(raw, "turns", "", 1, 200, default=None if not players else max(len(turns), 20))
    return Scenario(path, game, turns, warnings, players, play_turns)


def _players(raw: dict, v: _V, game: Game) -> dict[str, str]:
    """`players = { red = "bot:2" }`: sides whose orders the computer gives."""
    from engine.bot.names import HUMAN, parse_player
    table = v.table(raw.get("players", {}), "players")
    out = {}
    for side, name in table.items():
        if side not in game.sides:
            v.fail(f"players.{side}", f"no side named {side!r} (the sides are {', '.join(game.sides)})")
        if not isinstance(name, str):
            v.fail(f"players.{side}", f"expected a player name, got {_show(name)}")
        try:
            out[side] = parse_player(name)
        except ValueError as exc:
            v.fail(f"players.{side}", str(exc))
        if out[side] == HUMAN:
            v.fail(f"players.{side}", "a scenario has no people at the table: its turns script the other sides")
    return out


def _resolve_unit(name: str, scenario_path: Path, mods: list[Path] | None) -> Path | str | None:
    """The unit file a scenario names: a path relative to the scenario (which
    must stay inside the scenario's folder tree, the shipped assets or a mod
    folder), else a file name looked up in the mods and assets/units/.
    Returns the path, a reason it may not be read, or None if not found."""
    if "\x00" in name or len(name) > 1000:
        return "is not a usable file name"
    if "/" in name or "\\" in name or name.endswith(".toml"):
        candidate = scenario_path.parent / name
        if not is_inside(candidate, allowed_roots(scenario_path.parent, mods or [])):
            return "leads outside the scenario's folder, the shipped data and the mod folders"
        if is_file(candidate):
            return candidate
    return find_unit_file(Path(name).name, mods)


def _force_path(name: str, scenario_path: Path, mods: list[Path] | None, v: "_V") -> Path:
    """A force file named by a scenario: a path relative to the scenario,
    inside its folder tree, the shipped data or a mod folder."""
    candidate = scenario_path.parent / name
    if "\x00" in name or not is_inside(candidate, allowed_roots(scenario_path.parent, mods or [])):
        v.fail("forces", f"force file {name[:100]!r} leads outside the scenario's folder, the shipped data "
                         f"and the mod folders")
    return candidate


def _overrides(u: dict, where: str, v: _V, data) -> dict[str, Any]:
    o: dict[str, Any] = {}
    for key in ("piloting", "driving", "gunnery"):
        val = v.int_(u, key, where, 0, 8)
        if val is not None:
            o[key] = val
    if (p := v.bool_(u, "prone", where)) is not None:
        if p and data.kind != "mech":
            v.fail(f"{where}.prone", "only mechs can be prone")
        o["prone"] = p
    if (a := v.int_(u, "altitude", where, 0, 500)) is not None:
        if data.altitude is None:
            v.fail(f"{where}.altitude", "this unit does not fly")
        o["altitude"] = a
    if (t := v.int_(u, "turret", where, 0, 5)) is not None:
        if data.turret is None:
            v.fail(f"{where}.turret", "this unit has no turret")
        o["turret"] = t
    if (h := v.int_(u, "heat", where, 0, 99)) is not None:
        if data.kind == "alpha-strike" and h > 4:
            v.fail(f"{where}.heat", f"expected 0..4, got {h}")
        o["heat"] = h
    for key in ("damaged", "missing"):
        if key in u:
            items = v.str_list(u, key, where)
            for item in items:
                if item not in data.actuators and not (key == "damaged" and item == "hatchet"):
                    v.fail(f"{where}.{key}", f"{item!r} is not an actuator of this unit")
            o[key] = items
    if "weapon_loss_order" in u:
        if data.kind != "vehicle":
            v.fail(f"{where}.weapon_loss_order", "only a vehicle's owner picks the weapon a critical destroys")
        order = v.str_list(u, "weapon_loss_order", where)
        types = {w["type"] for w in data.weapons}
        for w in order:
            if w not in types:
                v.fail(f"{where}.weapon_loss_order", f"{w!r} is not a weapon of this unit")
        o["weapon_loss_order"] = order
    for key in ("armor", "structure"):
        if key in u:
            tbl = v.table(u[key], f"{where}.{key}")
            allowed = data.armor if key == "armor" else data.structure
            for loc, val in tbl.items():
                if loc not in allowed:
                    v.fail(f"{where}.{key}.{loc}", "not a location of this unit")
                v.int_(tbl, loc, f"{where}.{key}", 0, 999)
            o[key] = dict(tbl)
    return o


def _check_stacking(game: Game, v: _V) -> None:
    """Stacking at the start, as at the end of a move: each unit where it
    is put asks the one test (systems/common/stacking.py
    `occupant_as_placed`: airborne, on a roof or inside as its altitude
    says); a pair that may not share a hex is refused at the later unit's
    `at`."""
    from components import Position
    from systems.common.stacking import occupant_as_placed
    order = {ent: n for n, ent in enumerate(game.units.values())}
    for ent in game.units.values():
        other = occupant_as_placed(game, ent)
        if other is None:
            continue
        first, later = sorted((ent, other), key=order.__getitem__)
        at = game.map.label(game.world.component(later, Position).hex)
        held = ", an enemy unit" if game.is_enemy(later, first) else ": one unit on the ground per hex"
        v.fail(f"unit {game.uid(later)}.at", f"hex {at} already holds {game.uid(first)}{held}")


def _unit_ref(o: dict, key: str, where: str, v: _V, game: Game, required: bool = True) -> str | None:
    uid = v.str_(o, key, where, required=required)
    if uid is not None and uid not in game.units:
        v.fail(f"{where}.{key}", f"unknown unit id {uid!r}")
    return uid


def _hex_ref(o: dict, key: str, where: str, v: _V, game: Game) -> str | None:
    """A hex an order names (`target_hex`, `charge_hex`), as its label.
    Whether a building stands there is the rules' question."""
    return game.map.label(v.hex_(o, key, where, game.map)) if key in o else None


def _move(o: dict, where: str, v: _V, game: Game) -> MoveOrder:
    v.keys(o, MOVE_KEYS, where)
    uid = _unit_ref(o, "unit", where, v, game)
    mode = v.str_(o, "mode", where, choices=MOVE_MODES, default="walk")
    path = v.str_list(o, "path", where)
    for s in path:
        if s not in MOVE_STEPS:
            v.fail(f"{where}.path", f"{s!r} is not a step (expected one of {', '.join(MOVE_STEPS)})")
    return MoveOrder(uid, dict(o), mode=mode, path=path,
                     charge=_unit_ref(o, "charge", where, v, game, required=False),
                     dfa=_unit_ref(o, "dfa", where, v, game, required=False),
                     facing=v.int_(o, "facing", where, 0, 5),
                     charge_miss=v.str_(o, "charge_miss", where, choices=("left", "right")),
                     charge_hex=_hex_ref(o, "charge_hex", where, v, game))


def _fire(o: dict, where: str, v: _V, game: Game) -> FireOrder:
    v.keys(o, FIRE_KEYS, where)
    uid = _unit_ref(o, "unit", where, v, game)
    target_hex = _hex_ref(o, "target_hex", where, v, game)
    if target_hex is not None and "target" in o:
        v.fail(f"{where}.target_hex", "give a target or a target_hex, not both")
    return FireOrder(uid, dict(o), weapon=v.str_(o, "weapon", where),
                     target=_unit_ref(o, "target", where, v, game, required=target_hex is None) or "",
                     target_hex=target_hex,
                     torso_twist=v.str_(o, "torso_twist", where, choices=("left", "right")),
                     turret=v.int_(o, "turret", where, 0, 5),
                     overheat=v.int_(o, "overheat", where, 0, 4, default=0))


def _physical(o: dict, where: str, v: _V, game: Game) -> PhysicalOrder:
    v.keys(o, PHYSICAL_KEYS, where)
    uid = _unit_ref(o, "unit", where, v, game)
    attack = v.str_(o, "attack", where, required=True, choices=PHYSICAL_ATTACKS)
    target_hex = _hex_ref(o, "target_hex", where, v, game)
    if target_hex is not None and "target" in o:
        v.fail(f"{where}.target_hex", "give a target or a target_hex, not both")
    return PhysicalOrder(uid, dict(o), attack=attack,
                         limb=v.str_(o, "limb", where, choices=("left", "right")),
                         target=_unit_ref(o, "target", where, v, game,
                                          required=attack != "pick_up_club" and target_hex is None),
                         target_hex=target_hex,
                         source=v.str_(o, "source", where, choices=("limb", "tree")))


def _load_map(spec: Any, path: Path, v: _V, mods: list[Path] | None = None,
              with_level_units: bool = False) -> tuple[HexMap, list, list[str]]:
    if isinstance(spec, str):
        from engine.levels import load_level
        try:
            found = confine(spec, path.parent, allowed_roots(path.parent, mods or []), f"{path}: map",
                            shipped=LEVELS)
            level = load_level(found.path, mods)
        except DataError as exc:
            raise DataError(f"{path}: map: {exc.first_line().removeprefix(f'{path}: map: ')}") from None
        # A scenario without [[unit]] tables plays the level's own placed units
        # (their ids are the level's unit ids); with [[unit]] tables only the map is used.
        warnings = ([found.warning] if found.warning else []) + level.warnings
        return level.map, (list(level.placements) if with_level_units else []), warnings
    m = v.table(spec, "map")
    v.keys(m, ("width", "height", "terrain", "level", "depth", "hex", "title", "building", "building_class", "cf"),
           "map")
    w = v.int_(m, "width", "map", 1, 999, required=True)
    h = v.int_(m, "height", "map", 1, 999, required=True)
    default = _terrain(m, "map", v, Terrain())
    hexmap = HexMap(w, h, default, title=v.str_(m, "title", "map", default="") or "")
    for i, hx in enumerate(v.array(m.get("hex", []), "map.hex")):
        where = f"map.hex[{i + 1}]"
        v.keys(hx, ("at", "terrain", "level", "depth", "building", "road", "paved", "building_class", "cf"), where)
        at = v.hex_(hx, "at", where, hexmap)
        hexmap.set(at, _terrain(hx, where, v, default))
    return hexmap, [], []


def _terrain(d: dict, where: str, v: _V, base: Terrain) -> Terrain:
    t = v.str_(d, "terrain", where, choices=TERRAINS, default=base.terrain)
    depth = v.int_(d, "depth", where, 0, 99, default=base.depth if t == base.terrain else 0)
    if t == "water" and "depth" not in d and base.terrain != "water":
        depth = 1
    same = t == base.terrain
    building = v.int_(d, "building", where, 0, 99, default=base.building if same else 0)
    if t == "building" and not building:
        building = 1
    klass = v.str_(d, "building_class", where, default=base.building_class if same else "")
    if klass and klass not in BUILDING_CLASSES:
        v.fail(f"{where}.building_class", f"must be light, medium, heavy or hardened, got {klass!r}")
    cf = v.int_(d, "cf", where, 1, MAX_CF, default=base.cf if same else None)
    for key, given in (("building_class", klass), ("cf", cf)):
        if (given or key in d) and not building:
            v.fail(f"{where}.{key}", f"only a building hex has a {'building class' if key == 'building_class' else 'CF'}")
    return Terrain(terrain=t, level=v.int_(d, "level", where, -99, 99, default=base.level),
                   depth=depth, road=bool(v.bool_(d, "road", where)), paved=bool(v.bool_(d, "paved", where)),
                   building=building, building_class=klass or "", cf=cf)


# --------------------------------------------------------------------- running
PHASE_ORDERS = {"movement": "move", "weapon": "fire", "combat": "fire", "physical": "physical"}


def run_scenario(scenario: Scenario) -> Game:
    game = scenario.game
    players = None
    if scenario.players:
        from engine.bot.players import make_player
        players = {side: make_player(name, side) for side, name in scenario.players.items()}
    for i in range(scenario.play_turns or len(scenario.turns)):
        if i >= len(scenario.turns) and game.winner is not None:
            break                  # the computer's own turns stop at a victory; scripted turns all play
        play_turn(game, scenario.turns[i] if i < len(scenario.turns) else ScriptedTurn(None), players)
    return game


def play_turn(game: Game, st: ScriptedTurn, players: dict | None = None) -> None:
    """One turn: the scripted orders of each phase, then those the computer
    players give their sides' units (engine/bot/driver.py)."""
    game.start_turn(st.initiative)
    for phase in game.ruleset.phases:
        orders = list(st.orders.get(PHASE_ORDERS.get(phase, ""), []))
        if phase == "combat":   # Alpha Strike: physical attacks are combat-phase attacks
            orders += st.orders.get("physical", [])
        game.start_phase(phase)
        for order in orders:
            game.submit(order)
        if players and phase in PHASE_ORDERS:
            from engine.bot.driver import play_side
            for side, player in players.items():
                play_side(game, player, side)
        game.end_phase()


def result_json(game: Game) -> dict[str, Any]:
    return {"ruleset": game.ruleset.name, "events": game.log.events, "units": game.snapshots(),
            "winner": game.winner, **({"buildings": game.map.building_summary()} if game.map.buildings() else {})}
