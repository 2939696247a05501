"""Checking a save whole before anything is built from it.

`SaveCheck(fname, ...).save(data)` walks a current-version save dict
(engine/saves.py) section by section and raises one `DataError` line,
`FILE: field.path: what is wrong`, at the first problem:

- the game state: ruleset, map, turn (0 only before the first turn, else
  1..MAX_TURN) and a phase of the save's ruleset, sides, initiative, dice;
- every event against its type's schema (engine/event_types.py), its unit
  ids, sides and hexes included;
- the systems' turn state in `phase_data`, entry by entry (`PHASE_DATA`);
- every unit: its components field by field, the components its kind needs
  (`KIND_COMPONENTS`, what `Game.add_unit` gives each kind), a known motive
  type, weapons and ammunition from the weapons table at locations the
  unit has, unit ids it names that exist, its hex on the map;
- the record a replay starts from (the same checks for its set-up state);
- the front-end sections, through the check each front end supplies for its
  own section (the hot-seat window's is engine/persistence.py); a level
  a section names goes through `level()`: confined to the allowed folders
  and read by the same level loader as any level.

Stacking needs the units in a world: `check_stacking` runs on the new game
built from a checked save, through the stacking rule (systems/common/stacking.py).
"""
from __future__ import annotations

import dataclasses
import json
import math
import random
import types
import typing
from pathlib import Path
from typing import Any, Callable

from engine import event_types as et
from engine.errors import DataError
from components import TurnRecord
from engine.hexgrid import Hex, parse_hex_label
from engine.save_hints import MAX_INT, field_hints, fields_fit, form, simple_fields, typed_dict_hints
from engine.weapons import WeaponType, parse_weapons, weapons

MAX_TURN = 10_000
PRE_GAME_PHASES = ("setup", "initiative")  # before the ruleset's first phase (engine/rulesets.py)
ACTION_FIELDS = {"start_turn": ("initiative",), "start_phase": (), "end_phase": (),
                 "submit": ("order",), "force": ("purpose", "totals")}

# The components Game.add_unit gives each kind, and those the rules may add later.
_COMMON = ("Identity", "Position", "Status", "TurnState", "Armor", "Structure", "Crew")
_CLASSIC = _COMMON + ("Weapons", "Ammo", "Equipment")
KIND_COMPONENTS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "mech": (_CLASSIC + ("MechMovement", "Actuators", "HeatSinks", "ClassicHeat"), ("CriticalSlots",)),
    "vehicle": (_CLASSIC + ("VehicleMovement", "VehicleCrits"), ("Turret", "Altitude")),
    "alpha-strike": (_COMMON + ("AlphaStrikeCard",), ("AlphaStrikeHeat",)),
}
# Bounds of the integer fields the rules count with (component, field): lo, hi.
BOUNDS: dict[tuple[str, str], tuple[int, int]] = {
    ("Position", "facing"): (0, 5), ("Turret", "facing"): (0, 5), ("Identity", "tonnage"): (0, 1000),
    ("Crew", "piloting"): (0, 12), ("Crew", "gunnery"): (0, 12), ("Crew", "hits"): (0, 6),
    ("MechMovement", "walk"): (0, 99), ("MechMovement", "jump"): (0, 99),
    ("VehicleMovement", "cruise"): (0, 99), ("VehicleMovement", "motive_penalty"): (0, 99),
    ("VehicleMovement", "motive_psr_mods"): (0, 99),
    ("HeatSinks", "count"): (0, 999), ("HeatSinks", "destroyed"): (0, 999),
    ("ClassicHeat", "heat"): (0, 999), ("ClassicHeat", "pending"): (0, 999),
    ("AlphaStrikeHeat", "level"): (0, 4), ("Altitude", "level"): (0, 500),
    ("AlphaStrikeCard", "size"): (0, 9), ("AlphaStrikeCard", "move"): (0, 999),
    ("AlphaStrikeCard", "jump"): (0, 999), ("AlphaStrikeCard", "tmm"): (-9, 9),
    ("AlphaStrikeCard", "skill"): (0, 12), ("AlphaStrikeCard", "overheat"): (0, 9),
    ("AlphaStrikeCard", "armor"): (0, 999), ("AlphaStrikeCard", "structure"): (0, 999),
    ("TurnState", "hexes_moved"): (0, 999), ("TurnState", "mp_spent"): (0, 999),
    ("TurnState", "torso_twist"): (-1, 1), ("VehicleCrits", "cargo"): (0, 10_000),
    ("VehicleCrits", "stun_turns"): (0, 99), ("VehicleCrits", "sensor_hits"): (0, 99),
    ("VehicleCrits", "rotor_mp_lost"): (0, 99), ("VehicleCrits", "pending_rotor"): (0, 99),
}

# ---------------------------------------------------------------- the systems' turn state
UnitId, Side, HexLabel, Modifiers = et.UnitId, et.Side, et.HexLabel, et.Modifiers


def _record_hints() -> dict[str, Any]:
    """phase_data key -> the shape of its JSON: the turn record's own field
    types (components/turn_record.py), as engine/turn_record.py saves them
    (an empty entry is left out, so none is null; a jam is [unit, item])."""
    hints = typing.get_type_hints(TurnRecord)
    out = {}
    for name, hint in hints.items():
        args = [a for a in typing.get_args(hint) if a is not type(None)]
        out[name] = args[0] if typing.get_origin(hint) in (typing.Union, types.UnionType) else hint
    out["jams_at_start"] = list[tuple[UnitId, str | int]]
    return out


PHASE_DATA: dict[str, Any] = _record_hints()

FrontendCheck = Callable[["SaveCheck", Any, str, dict], Any]


def _show(v: Any) -> str:
    text = json.dumps(v) if isinstance(v, (str, int, float, bool, type(None))) else _kind(v)
    return text if len(text) <= 60 else text[:57] + "..."


def _kind(v: Any) -> str:
    return {dict: "an object", list: "a list", str: "a string", bool: "true/false",
            int: "an integer", float: "a number", type(None): "null"}.get(type(v), type(v).__name__)


@dataclasses.dataclass
class _Names:
    """What ids and hexes in the state being checked may name."""
    units: frozenset[str] = frozenset()
    sides: frozenset[str] = frozenset()
    width: int = 0
    height: int = 0


class SaveCheck:
    """Field-by-field check of a current-version save dict. The first problem
    raises DataError `FILE: field.path: what is wrong`. Front ends check
    their own sections with its helpers (`obj`, `list_`, `int_`, `str_`,
    `level`); `warnings` collects what loads but is worth telling the player."""

    def __init__(self, fname: str, frontends: dict[str, FrontendCheck] | None = None,
                 level_roots: dict[str, list[Path]] | None = None, mods: list[Path] | None = None) -> None:
        self.fname = fname
        self.frontends = dict(frontends or {})
        self.level_roots = level_roots or {}
        self.mods = list(mods or [])
        self.warnings: list[str] = []
        self.names = _Names()

    def fail(self, where: str, what: str):
        raise DataError(f"{self.fname}: {where}: {what}")

    # ---------------------------------------------------------------- plain JSON values
    def obj(self, v: Any, where: str, keys: tuple[str, ...] = (), optional: tuple[str, ...] = ()) -> dict:
        if not isinstance(v, dict):
            self.fail(where, f"expected an object, got {_kind(v)}")
        for k in keys:
            if k not in v:
                self.fail(f"{where}.{k}", "missing")
        if keys or optional:
            for k in v:
                if k not in keys and k not in optional:
                    self.fail(f"{where}.{k}", "unknown field")
        return v

    def list_(self, v: Any, where: str, most: int | None = None) -> list:
        if not isinstance(v, list):
            self.fail(where, f"expected a list, got {_kind(v)}")
        if most is not None and len(v) > most:
            self.fail(where, f"at most {most} entries, got {len(v)}")
        return v

    def int_(self, v: Any, where: str, lo: int = -MAX_INT, hi: int = MAX_INT) -> int:
        if not isinstance(v, int) or isinstance(v, bool):
            self.fail(where, f"expected an integer, got {_show(v)}")
        if not lo <= v <= hi:
            self.fail(where, f"expected {lo}..{hi}, got {v}")
        return v

    def str_(self, v: Any, where: str, choices: tuple[str, ...] | None = None, nullable: bool = False) -> str:
        if v is None and nullable:
            return v
        if not isinstance(v, str):
            self.fail(where, f"expected a string, got {_show(v)}")
        if choices is not None and v not in choices:
            shown = ", ".join(choices) if len(choices) <= 12 else ", ".join(choices[:12]) + ", ..."
            self.fail(where, f"expected one of {shown}, got {_show(v)}")
        return v

    def unit(self, v: Any, where: str) -> str:
        if self.str_(v, where) not in self.names.units:
            self.fail(where, f"no unit {_show(v)} in this game")
        return v

    def side(self, v: Any, where: str) -> str:
        if self.str_(v, where) not in self.names.sides:
            self.fail(where, f"{_show(v)} is not one of the game's sides")
        return v

    def hex_label(self, v: Any, where: str) -> Hex:
        try:
            h = parse_hex_label(v)
        except ValueError as exc:
            self.fail(where, str(exc))
        if not (0 <= h.x < self.names.width and 0 <= h.y < self.names.height):
            self.fail(where, f"hex {v} is off the map")
        return h

    # ---------------------------------------------------------------- the whole save
    def save(self, data: dict) -> dict[str, Any]:
        """Check everything; returns the front-end sections this reader checked."""
        self.obj(data, "save", ("format", "version", "game", "frontend"))
        self.game(data["game"], "game", with_record=True)
        return self.frontend(data["frontend"], "frontend", data["game"])

    def frontend(self, f: Any, where: str, game: dict) -> dict[str, Any]:
        self.obj(f, where)
        self.names = self._names_of(game)
        checked = {}
        for key, section in f.items():
            check = self.frontends.get(key)
            if check is not None:       # a section no front end here reads is not used
                checked[key] = check(self, section, f"{where}.{key}", game)
        return checked

    def _names_of(self, g: dict) -> _Names:
        return _Names(frozenset(u["uid"] for u in g["units"]), frozenset(g["sides"]),
                      g["map"]["width"], g["map"]["height"])

    def game(self, g: Any, where: str, with_record: bool) -> None:
        from engine.rulesets import get_ruleset, ruleset_names
        keys = ("ruleset", "map", "turn", "phase", "sides", "initiative", "dice", "events",
                "phase_data", "winner", "units")
        self.obj(g, where, keys, ("record", "weapons") if with_record else ("weapons",))
        self.str_(g["ruleset"], f"{where}.ruleset", ruleset_names())
        phases = PRE_GAME_PHASES + get_ruleset(g["ruleset"]).phases
        w, h = self.map(g["map"], f"{where}.map")
        turn = self.int_(g["turn"], f"{where}.turn", 0, MAX_TURN)
        self.str_(g["phase"], f"{where}.phase", phases)
        if (turn == 0) != (g["phase"] == PRE_GAME_PHASES[0]):
            self.fail(f"{where}.turn", f"turn {turn} in the {g['phase']} phase: turn 0 is the set-up "
                                       f"before turn 1, and only it")
        sides = [self.str_(s, f"{where}.sides[{i}]") for i, s in enumerate(self.list_(g["sides"], f"{where}.sides", 64))]
        if len(set(sides)) != len(sides):
            self.fail(f"{where}.sides", "a side is named twice")
        for i, s in enumerate(self.list_(g["initiative"], f"{where}.initiative")):
            self.str_(s, f"{where}.initiative[{i}]", tuple(sides))
        self.dice(g["dice"], f"{where}.dice")
        self.str_(g["winner"], f"{where}.winner", nullable=True)
        table = weapons()
        if "weapons" in g:        # the mod weapons the battle's units carry
            table = {**table, **parse_weapons(g["weapons"], f"{self.fname}: {where}.weapons")}
        self.units(g["units"], f"{where}.units", sides, w, h, table)
        outer, self.names = self.names, self._names_of(g)
        try:
            self.events(g["events"], f"{where}.events", turn, phases)
            self.phase_data(g["phase_data"], f"{where}.phase_data")
            for uid_, comps in ((u["uid"], u["components"]) for u in g["units"]):
                self.unit_references(comps, f"{where}.units[{uid_}].components")
        finally:
            self.names = outer
        if with_record and "record" in g:
            self.record(g["record"], f"{where}.record", turn, phases)

    def map(self, m: Any, where: str) -> tuple[int, int]:
        from engine.hexmap import BUILDING_CLASSES, MAX_CF, TERRAINS, Terrain
        self.obj(m, where, ("width", "height", "default", "hexes"), ("title", "source", "clubs", "phase_cf",
                                                                     "collapsed"))
        w = self.int_(m["width"], f"{where}.width", 1, 999)
        h = self.int_(m["height"], f"{where}.height", 1, 999)
        for k in ("title", "source"):
            if k in m:
                self.str_(m[k], f"{where}.{k}")

        def terrain(t: Any, tw: str) -> None:
            self.dataclass_(t, Terrain, tw)
            self.str_(t.get("terrain", "clear"), f"{tw}.terrain", TERRAINS)
            for k in ("level", "depth", "building"):
                self.int_(t.get(k, 0), f"{tw}.{k}", -99 if k == "level" else 0, 99)
            self.str_(t.get("building_class", ""), f"{tw}.building_class", ("", *BUILDING_CLASSES))
            if t.get("cf") is not None:
                self.int_(t["cf"], f"{tw}.cf", 0, MAX_CF)
            if not t.get("building", 0) and (t.get("building_class") or t.get("cf") is not None):
                self.fail(f"{tw}.building_class", "only a building hex has a building class and a CF")
        terrain(m["default"], f"{where}.default")
        for hw, entry in self.hex_entries(m["hexes"], f"{where}.hexes", w, h, "terrain"):
            terrain(entry[2], f"{hw}[2]")
        for cw, entry in self.hex_entries(m.get("clubs", []), f"{where}.clubs", w, h, "clubs"):
            for j, c in enumerate(self.list_(entry[2], f"{cw}[2]")):
                self.str_(c, f"{cw}[2][{j}]")
        # Buildings in play: the phase CF of a standing building, the
        # building that stood in a hex that is rubble now (engine/hexmap.py).
        height = {(e[0], e[1]): e[2].get("building", 0) for e in m["hexes"]}
        for key, check, standing in (("phase_cf", lambda v, vw: self.int_(v, vw, 0, MAX_CF), True),
                                     ("collapsed", lambda v, vw: terrain(v, vw), False)):
            for ew, entry in self.hex_entries(m.get(key, []), f"{where}.{key}", w, h, "value"):
                check(entry[2], f"{ew}[2]")
                if bool(height.get((entry[0], entry[1]), m["default"].get("building", 0))) != standing:
                    self.fail(ew, "a phase CF needs a building in its hex" if standing
                              else "a collapsed building's hex holds a building again")
        return w, h

    def hex_entries(self, entries: Any, where: str, w: int, h: int, what: str):
        """Each `[x, y, value]` entry of a map list, with where it is, its
        hex checked on the w x h map (the value is the caller's)."""
        for i, entry in enumerate(self.list_(entries, where, w * h)):
            ew = f"{where}[{i}]"
            if not isinstance(entry, list) or len(entry) != 3:
                self.fail(ew, f"expected [x, y, {what}], got {_kind(entry)}")
            self.int_(entry[0], f"{ew}[0]", 0, w - 1)
            self.int_(entry[1], f"{ew}[1]", 0, h - 1)
            yield ew, entry

    def dice(self, d: Any, where: str) -> None:
        from engine.dice import PURPOSES
        self.obj(d, where, ("seed", "rng"), ("forced",))
        self.int_(d["seed"], f"{where}.seed", -2 ** 63, 2 ** 63)
        rng = d["rng"]
        if not isinstance(rng, list) or len(rng) != 3:
            self.fail(f"{where}.rng", "expected [version, state, gauss]")
        try:
            state = rng[1]
            if not isinstance(state, list) or not all(isinstance(x, int) and not isinstance(x, bool) for x in state):
                raise ValueError("state is not a list of integers")
            if rng[2] is not None and (isinstance(rng[2], bool) or not isinstance(rng[2], (int, float))):
                raise ValueError("gauss is not a number")
            random.Random().setstate((rng[0], tuple(state), rng[2]))
        except (ValueError, TypeError, OverflowError) as exc:
            self.fail(f"{where}.rng", f"not a random generator state ({exc})")
        forced = self.obj(d.get("forced", {}), f"{where}.forced")
        for p, values in forced.items():
            if p not in PURPOSES:
                self.fail(f"{where}.forced.{p}", "unknown dice purpose")
            for i, x in enumerate(self.list_(values, f"{where}.forced.{p}")):
                self.int_(x, f"{where}.forced.{p}[{i}]", 1, 36)

    # ---------------------------------------------------------------- events
    def events(self, events: Any, where: str, turn: int, phases: tuple[str, ...]) -> None:
        from engine.events import COMMON, SCHEMAS, value_problem
        last = 0
        for i, e in enumerate(self.list_(events, where)):
            if not isinstance(e, dict):
                self.fail(f"{where}[{i}]", f"expected an object, got {_kind(e)}")
            t, phase = e.get("turn"), e.get("phase")
            schema = SCHEMAS.get(e.get("type")) if type(e.get("type")) is str else None
            if not (type(t) is int and last <= t <= turn and type(phase) is str and phase in phases
                    and schema is not None):
                self._event_head(e, f"{where}[{i}]", last, turn, phases)
            last = t
            for k in schema.required:
                if k not in e:
                    self.fail(f"{where}[{i}].{k}", "missing")
            specs = schema.fields
            for k, v in e.items():
                spec = specs.get(k)
                if spec is None:
                    if k not in COMMON:
                        self.fail(f"{where}[{i}].{k}", f"not a field of {e['type']} events")
                    continue
                problem = value_problem(spec, v)
                if problem:
                    self.fail(f"{where}[{i}].{k}", problem)
                if spec.refers and v is not None:
                    for j, x in enumerate(v if isinstance(v, (list, tuple)) else [v]):
                        self.reference(spec.refers, x, f"{where}[{i}].{k}" if x is v else f"{where}[{i}].{k}[{j}]")

    def _event_head(self, e: dict, ew: str, last: int, turn: int, phases: tuple[str, ...]) -> None:
        """Refuse an event whose turn, phase or type is wrong, saying which."""
        from engine.events import COMMON, SCHEMAS
        for k in COMMON:
            if k not in e:
                self.fail(f"{ew}.{k}", "missing")
        self.int_(e["turn"], f"{ew}.turn", last, turn)
        self.str_(e["phase"], f"{ew}.phase", phases)
        if not isinstance(e["type"], str) or e["type"] not in SCHEMAS:
            self.fail(f"{ew}.type", f"no event type {_show(e['type'])}")

    def reference(self, refers: str, v: Any, where: str) -> None:
        {"unit": self.unit, "side": self.side, "hex": self.hex_label}[refers](v, where)

    # ---------------------------------------------------------------- the systems' turn state
    def phase_data(self, pd: Any, where: str) -> None:
        self.obj(pd, where)
        for k, v in pd.items():
            shape = PHASE_DATA.get(k)
            if shape is None:
                self.fail(f"{where}.{k}", "unknown turn state")
            self.typed(v, shape, f"{where}.{k}")

    # ---------------------------------------------------------------- units
    def units(self, units: Any, where: str, sides: list[str], w: int, h: int,
              table: dict[str, WeaponType]) -> None:
        from engine.game import _COMPONENT_BY_NAME
        seen: set[str] = set()
        for i, u in enumerate(self.list_(units, where, 10_000)):
            uw = f"{where}[{i}]"
            self.obj(u, uw, ("uid", "components"))
            uid = self.str_(u["uid"], f"{uw}.uid")
            if uid in seen:
                self.fail(f"{uw}.uid", f"unit id {uid!r} is used twice")
            seen.add(uid)
            cw = f"{where}[{uid}].components"
            comps = self.obj(u["components"], cw)
            if "Identity" not in comps:
                self.fail(f"{cw}.Identity", "missing")
            ident = comps["Identity"]
            self.dataclass_(ident, _COMPONENT_BY_NAME["Identity"], f"{cw}.Identity")
            kind = self.str_(ident["kind"], f"{cw}.Identity.kind", tuple(KIND_COMPONENTS))
            needed, optional = KIND_COMPONENTS[kind]
            for name in needed:
                if name not in comps:
                    self.fail(f"{cw}.{name}", f"missing: every {kind} has one")
            for name, data in comps.items():
                if name not in needed and name not in optional:
                    self.fail(f"{cw}.{name}", f"not a component of a {kind}")
                ctype = _COMPONENT_BY_NAME[name]
                self.dataclass_(data, ctype, f"{cw}.{name}")
                for field_, v in data.items():
                    bounds = BOUNDS.get((name, field_))
                    if bounds is not None:
                        self.int_(v, f"{cw}.{name}.{field_}", *bounds)
            if ident["uid"] != uid:
                self.fail(f"{cw}.Identity.uid", f"expected {uid!r}, got {_show(ident['uid'])}")
            if ident["side"] not in sides:
                self.fail(f"{cw}.Identity.side", f"{_show(ident['side'])} is not one of the game's sides")
            pos = comps["Position"]
            self.int_(pos["hex"][0], f"{cw}.Position.hex[0]", 0, w - 1)
            self.int_(pos["hex"][1], f"{cw}.Position.hex[1]", 0, h - 1)
            self.unit_needs(kind, comps, cw, table)

    def unit_needs(self, kind: str, comps: dict, cw: str, weapon_table: dict[str, WeaponType]) -> None:
        """What the rules need of a unit of `kind` beyond the field types."""
        from components import ARM_ACTUATORS, LEG_ACTUATORS
        from engine.unit_loader import (MECH_ARMOR_LOCATIONS, MECH_LOCATIONS, MOTIVES, VEHICLE_BASE_LOCATIONS,
                                        ammo_locations)
        if kind == "mech":
            armor_locs, needed = MECH_ARMOR_LOCATIONS, MECH_LOCATIONS
        elif kind == "vehicle":
            armor_locs, needed = VEHICLE_BASE_LOCATIONS + ("turret", "rotor"), VEHICLE_BASE_LOCATIONS
            self.str_(comps["VehicleMovement"]["motive"], f"{cw}.VehicleMovement.motive", MOTIVES)
        else:
            armor_locs, needed = ("unit",), ("unit",)
        crew = comps["Crew"]
        if crew.get("unconscious") and not crew.get("killed"):
            from systems.classic.piloting import CONSCIOUSNESS_TN      # the wake-up roll needs the wounds in the table
            self.int_(crew.get("hits", 0), f"{cw}.Crew.hits", min(CONSCIOUSNESS_TN), max(CONSCIOUSNESS_TN))
        structure_locs = tuple(loc for loc in armor_locs if not loc.endswith("_rear"))
        for table, locs in (("Armor", armor_locs), ("Structure", structure_locs)):
            for part in ("points", "original"):
                values = comps[table].get(part, {})
                for loc, n in values.items():
                    self.str_(loc, f"{cw}.{table}.{part}", locs)
                    self.int_(n, f"{cw}.{table}.{part}.{loc}", 0, 9999)
        has = comps["Structure"].get("points", {})
        for loc in needed:
            if loc not in has:
                self.fail(f"{cw}.Structure.points.{loc}", f"missing: every {kind} has this location")
        if kind == "alpha-strike":
            from systems.alpha_strike.card import parse_damage
            damage = self.list_(comps["AlphaStrikeCard"].get("damage", ["0", "0", "0"]),
                                f"{cw}.AlphaStrikeCard.damage")
            if len(damage) != 3:
                self.fail(f"{cw}.AlphaStrikeCard.damage", f"expected [short, medium, long], got {len(damage)} values")
            for i, text in enumerate(damage):
                try:
                    if parse_damage(text)[0] < 0:
                        raise ValueError
                except ValueError:
                    self.fail(f"{cw}.AlphaStrikeCard.damage[{i}]", f"expected a damage value like \"3\" or \"0*\", "
                                                                   f"got {_show(text)}")
            return
        for i, m in enumerate(comps["Weapons"].get("mounts", [])):
            self.str_(m["type"], f"{cw}.Weapons.mounts[{i}].type", tuple(weapon_table))
            self.str_(m["location"], f"{cw}.Weapons.mounts[{i}].location", tuple(has))
        for i, b in enumerate(comps["Ammo"].get("bins", [])):
            ammo = tuple(name for name, wt in weapon_table.items() if wt.shots_per_ton)
            self.str_(b["type"], f"{cw}.Ammo.bins[{i}].type", ammo)
            self.str_(b["location"], f"{cw}.Ammo.bins[{i}].location", ammo_locations(kind, tuple(has)))
            self.int_(b["shots"], f"{cw}.Ammo.bins[{i}].shots", 0, 10_000)
        eq = comps["Equipment"]
        if eq.get("hatchet") is not None:
            self.str_(eq["hatchet"], f"{cw}.Equipment.hatchet", tuple(has))
        for i, loc in enumerate(eq.get("case", [])):
            self.str_(loc, f"{cw}.Equipment.case[{i}]", tuple(has))
        if kind == "mech":
            ids = tuple(f"{s}_{a}" for s in ("left", "right") for a in ARM_ACTUATORS + LEG_ACTUATORS)
            act = comps["Actuators"]
            for part in ("installed", "destroyed"):
                for i, a in enumerate(act.get(part, [])):
                    self.str_(a, f"{cw}.Actuators.{part}[{i}]", ids)
            if "CriticalSlots" in comps:
                self.critical_slots(comps, f"{cw}.CriticalSlots", tuple(has))

    def critical_slots(self, comps: dict, where: str, locations: tuple[str, ...]) -> None:
        cs = comps["CriticalSlots"]
        counts = {"weapon": len(comps["Weapons"].get("mounts", [])), "ammo": len(comps["Ammo"].get("bins", []))}
        slots = cs.get("slots", {})
        for loc, items in slots.items():
            self.str_(loc, f"{where}.slots", locations)
            self.list_(items, f"{where}.slots.{loc}", 12)
            for i, item in enumerate(items):
                kind, _, num = item.partition(":")
                if kind in counts and not (num.isdigit() and int(num) < counts[kind]):
                    self.fail(f"{where}.slots.{loc}[{i}]", f"{_show(item)} names no {kind} of this unit")
        for loc, hits in cs.get("hit", {}).items():
            for i, n in enumerate(hits):
                self.int_(n, f"{where}.hit.{loc}[{i}]", 0, len(slots.get(loc, [])) - 1)

    def unit_references(self, comps: dict, cw: str) -> None:
        """Unit ids a unit's turn state names."""
        ts = comps["TurnState"]
        for k in ("charge_target", "dfa_target"):
            if ts.get(k) is not None:
                self.unit(ts[k], f"{cw}.TurnState.{k}")
        for i, t in enumerate(ts.get("targets", [])):
            # a unit, or the hex of a building fired at (rules/buildings.md B-ATK-4)
            if self.str_(t, f"{cw}.TurnState.targets[{i}]") not in self.names.units:
                self.hex_label(t, f"{cw}.TurnState.targets[{i}]")

    # ---------------------------------------------------------------- the record
    def record(self, r: Any, where: str, turn: int, phases: tuple[str, ...]) -> None:
        from engine.dice import PURPOSES
        from engine.orders import ORDER_KINDS
        self.obj(r, where, ("setup", "actions"))
        if r["setup"] is not None:
            self.game(r["setup"], f"{where}.setup", with_record=False)
        last = 0
        keys = {do: {"do", "turn", "phase", *fields} for do, fields in ACTION_FIELDS.items()}
        for i, a in enumerate(self.list_(r["actions"], f"{where}.actions")):
            aw = f"{where}.actions[{i}]"
            do = a.get("do") if type(a) is dict else None
            t = a.get("turn") if do is not None else None
            if not (type(do) is str and do in keys and a.keys() == keys[do] and type(t) is int and last <= t <= turn
                    and type(a["phase"]) is str and a["phase"] in phases):
                self.obj(a, aw)
                self.str_(a.get("do"), f"{aw}.do", tuple(ACTION_FIELDS))
                self.obj(a, aw, ("do", "turn", "phase") + ACTION_FIELDS[a["do"]])
                self.int_(a["turn"], f"{aw}.turn", last, turn)
                self.str_(a["phase"], f"{aw}.phase", phases)
            last = t
            if do == "submit":
                order = self.obj(a["order"], f"{aw}.order")
                kind = self.str_(order.get("kind"), f"{aw}.order.kind", tuple(ORDER_KINDS))
                self.dataclass_({k: v for k, v in order.items() if k != "kind"}, ORDER_KINDS[kind],
                                f"{aw}.order")
            elif do == "start_phase":
                self.str_(a["phase"], f"{aw}.phase", phases)
            elif do == "start_turn" and a["initiative"] is not None:
                for j, s in enumerate(self.list_(a["initiative"], f"{aw}.initiative")):
                    self.str_(s, f"{aw}.initiative[{j}]")
            elif do == "force":
                self.str_(a["purpose"], f"{aw}.purpose", PURPOSES)
                for j, x in enumerate(self.list_(a["totals"], f"{aw}.totals")):
                    self.int_(x, f"{aw}.totals[{j}]", 1, 36)
        if r["actions"] and r["setup"] is None:
            self.fail(f"{where}.setup", "missing while actions are recorded")

    # ---------------------------------------------------------------- a level named by a front end
    def level_file(self, ref: Any, where: str) -> Path | None:
        """The level file a reference names (`{"folder": ..., "path": ...}`,
        engine/saves.py `level_ref`) in the allowed folders, or None when
        none has it; a malformed reference, or one leading outside its
        folder, refuses the save."""
        from engine import saves
        self.obj(ref, where, ("folder", "path"))
        self.str_(ref["folder"], f"{where}.folder", saves.LEVEL_FOLDERS)
        self.str_(ref["path"], f"{where}.path")
        try:
            return saves.level_path(ref, self.level_roots)
        except ValueError as exc:
            self.fail(f"{where}.path", str(exc))

    def level(self, ref: Any, where: str) -> Path | None:
        """The level file a front-end section names (`{"folder": ..., "path":
        ...}`, engine/saves.py `level_ref`), confined to the allowed folders
        and read by the level loader. A malformed reference, or one leading
        outside the folders, refuses the save; a level that is gone or
        broken only loses its art (a warning): the save holds the map."""
        from engine.levels import load_level
        if ref is None:
            return None
        path = self.level_file(ref, where)
        if path is None:
            self.warnings.append(f"{self.fname}: {where}: level {ref['path']!r} not found: "
                                 f"shown without its tiles")
            return None
        try:
            load_level(path, self.mods)
        except DataError as exc:
            self.warnings.append(f"{self.fname}: {where}: the level does not load ({exc.first_line()}): "
                                 f"shown without its tiles")
            return None
        return path

    # ---------------------------------------------------------------- typed fields
    def dataclass_(self, data: Any, ctype: type, where: str) -> None:
        self.obj(data, where)
        simple = simple_fields(ctype)
        if simple is not None and fields_fit(data, simple):
            return      # fast path: every field present with its exact plain type
        hints, fields = field_hints(ctype)
        for k in data:
            if k not in fields:
                self.fail(f"{where}.{k}", "unknown field")
        for name, f in fields.items():
            if name not in data:
                if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING:
                    self.fail(f"{where}.{name}", "missing")
                continue
            self.typed(data[name], hints.get(name, Any), f"{where}.{name}")

    def typed_dict(self, v: Any, hint: Any, where: str) -> None:
        self.obj(v, where)
        for k in hint.__required_keys__:
            if k not in v:
                self.fail(f"{where}.{k}", "missing")
        for k, h in typed_dict_hints(hint):
            if k in v:
                self.typed(v[k], h, f"{where}.{k}")

    def typed(self, v: Any, hint: Any, where: str) -> None:
        kind, arg = form(hint)
        if kind == "any":
            return
        if kind == "union":
            nullable, alts = arg
            if v is None and nullable:
                return
            problems = []
            for alt in alts:
                try:
                    self.typed(v, alt, where)
                    return
                except DataError as exc:
                    problems.append(exc)
            raise problems[0]
        if kind == "str":
            self.str_(v, where)
        elif kind == "int":
            self.int_(v, where)
        elif kind == "bool":
            if not isinstance(v, bool):
                self.fail(where, f"expected true or false, got {_show(v)}")
        elif kind == "float":
            if isinstance(v, bool) or not isinstance(v, (int, float)) or not math.isfinite(v):
                self.fail(where, f"expected a number, got {_show(v)}")
        elif kind == "none":
            if v is not None:
                self.fail(where, f"expected null, got {_show(v)}")
        elif kind == "literal":
            self.str_(v, where, arg)
        elif kind == "ref":
            self.reference(arg, v, where)
        elif kind == "modifiers":
            for i, pair in enumerate(self.list_(v, where)):
                if not (isinstance(pair, list) and len(pair) == 2):
                    self.fail(f"{where}[{i}]", f"expected [label, value], got {_show(pair)}")
                self.str_(pair[0], f"{where}[{i}][0]")
                self.int_(pair[1], f"{where}[{i}][1]")
        elif kind == "typeddict":
            self.typed_dict(v, arg, where)
        elif kind == "dataclass":
            self.dataclass_(v, arg, where)
        elif kind == "hex":
            if not (isinstance(v, list) and len(v) == 2):
                self.fail(where, f"expected a hex [x, y], got {_show(v)}")
            self.int_(v[0], f"{where}[0]")
            self.int_(v[1], f"{where}[1]")
        elif kind == "tuple":
            self.list_(v, where)
            if len(v) != len(arg):
                self.fail(where, f"expected {len(arg)} values, got {len(v)}")
            for i, (x, a) in enumerate(zip(v, arg)):
                self.typed(x, a, f"{where}[{i}]")
        elif kind == "list":
            self.list_(v, where)
            if arg is not Any:
                for i, x in enumerate(v):
                    self.typed(x, arg, f"{where}[{i}]")
        elif kind == "dict":
            self.obj(v, where)
            if arg is not None:
                for k, x in v.items():
                    self.typed(k, arg[0], f"{where}.{k}")
                    self.typed(x, arg[1], f"{where}.{k}")


def check_stacking(game, fname: str) -> None:
    """No ground unit in a hex another ground unit holds (an airborne VTOL
    may share, and a unit on a roof one inside): the rule a move must end by
    (systems/common/stacking.py), asked of every unit where it stands; only
    a mech in a building hex stands on its roof."""
    from components import Identity, Position, Status
    from systems.common.stacking import occupant_as_placed
    for uid, ent in game.units.items():
        pos = game.world.component(ent, Position)
        if pos.on_roof and (game.kind(ent) != "mech" or not game.map.terrain(pos.hex).building):
            raise DataError(f"{fname}: game.units[{uid}].components.Position.on_roof: only a mech in a building hex "
                            f"stands on its roof")
        if game.world.component(ent, Status).removed:
            continue
        other = occupant_as_placed(game, ent)
        if other is not None:
            raise DataError(f"{fname}: game.units[{uid}].components.Position.hex: {game.map.label(pos.hex)} also holds "
                            f"{game.world.component(other, Identity).uid}: one unit on the ground per hex")
