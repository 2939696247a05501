"""Saved games: versioned JSON files of the whole game state.

A save is `{"format": "hexmech-save", "version": N, "game": Game.to_dict()}`.
Saves are data only: they are read with `json` and checked field by field
before anything is built from them; nothing in a save is executed or
unpickled. Any problem (not JSON, truncated, wrong shape, a value out of
range, a newer format) is refused with one `DataError` line naming the file
and the field.

Writes are crash-safe: the text goes to a temporary file in the same folder,
is flushed and fsynced, then renamed over the target (os.replace), so a
crash leaves either the old save or the new one, never half of either.

Older format versions load through `MIGRATIONS` (version -> function that
turns a save of that version into the next one).

`autosave(game, folder, keep)` writes a rotating set of autosaves and
`latest_good_autosave(folder)` finds the newest one that still loads, to offer
when a save is refused.
"""
from __future__ import annotations

import dataclasses
import functools
import json
import math
import os
import random
import re
import tempfile
import types
import typing
from pathlib import Path
from typing import Any, Callable

from engine.errors import DataError
from engine.hexgrid import Hex

FORMAT = "hexmech-save"
VERSION = 2
MAX_BYTES = 256 * 1024 * 1024          # a save bigger than this is not one of ours
MAX_INT = 10 ** 9                       # no field of a game state is anywhere near this
SAVE_SUFFIX = ".hexsave.json"
AUTOSAVE_PREFIX = "autosave-"
_AUTOSAVE_RE = re.compile(r"^autosave-(\d+)\.json$")

# Components every unit has (Game code relies on them).
REQUIRED_COMPONENTS = ("Identity", "Position", "Status", "TurnState", "Armor", "Structure")
ACTION_FIELDS = {"start_turn": ("initiative",), "start_phase": (), "end_phase": (),
                 "submit": ("order",), "force": ("purpose", "totals")}
RECORD_ACTIONS = tuple(ACTION_FIELDS)


# --------------------------------------------------------------------- migrations
def _v0_to_v1(save: dict[str, Any]) -> dict[str, Any]:
    """Format 0 kept the game's fields at the top level and had no record of
    actions (so it cannot be re-simulated, only shown from its events)."""
    game = {k: v for k, v in save.items() if k not in ("format", "version")}
    game.setdefault("record", {"setup": None, "actions": []})
    return {"format": FORMAT, "version": 1, "game": game}


def _v1_to_v2(save: dict[str, Any]) -> dict[str, Any]:
    """Format 1 kept each unit's start hex in its TurnState (`start_hex`),
    which nothing read; format 2 has no such field."""
    game = save.get("game")
    record = game.get("record") if isinstance(game, dict) else None
    setup = record.get("setup") if isinstance(record, dict) else None
    for state in (game, setup):
        units = state.get("units") if isinstance(state, dict) else None
        for unit in units if isinstance(units, list) else []:
            comps = unit.get("components") if isinstance(unit, dict) else None
            turn_state = comps.get("TurnState") if isinstance(comps, dict) else None
            if isinstance(turn_state, dict):
                turn_state.pop("start_hex", None)
    return {**save, "version": 2}


MIGRATIONS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {0: _v0_to_v1, 1: _v1_to_v2}


def migrate(save: dict[str, Any], fname: str = "save") -> dict[str, Any]:
    """Bring a save dict of any known version up to `VERSION`."""
    version = save.get("version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise DataError(f"{fname}: version: expected an integer save format version, got {_show(version)}")
    if version > VERSION:
        raise DataError(f"{fname}: version: this save was written by a newer hexmech "
                        f"(save format {version}; this version reads formats up to {VERSION})")
    while version < VERSION:
        step = MIGRATIONS.get(version)
        if step is None:
            raise DataError(f"{fname}: version: save format {version} is too old to load "
                            f"(this version reads formats {min(MIGRATIONS, default=VERSION)} to {VERSION})")
        try:
            save = step(save)
        except DataError:
            raise
        except Exception as exc:   # a migration met data it does not understand
            raise DataError(f"{fname}: version: cannot upgrade save format {version}: {exc}") from None
        version = save.get("version")
    return save


# --------------------------------------------------------------------- writing
def write_atomic(path: Path | str, text: str) -> None:
    """Write `text` to `path` so that a crash leaves the old file or the new
    one: temp file in the same folder, flush, fsync, os.replace."""
    path = Path(path)
    folder = path.parent
    folder.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise
    try:   # make the rename itself durable
        dfd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(dfd)
        finally:
            os.close(dfd)
    except OSError:
        pass


def save_dict(game) -> dict[str, Any]:
    return {"format": FORMAT, "version": VERSION, "game": game.to_dict()}


def dumps(game) -> str:
    return json.dumps(save_dict(game), allow_nan=False, separators=(",", ":"))


def save_game(game, path: Path | str) -> Path:
    """Save the whole game to `path` (crash-safe). Returns the path."""
    text = dumps(game)      # serialise first: a failure here leaves the old file untouched
    write_atomic(path, text)
    return Path(path)


# --------------------------------------------------------------------- reading
def load_save_dict(path: Path | str) -> dict[str, Any]:
    """Read, check and migrate a save file; returns the current-version dict."""
    path = Path(path)
    fname = str(path)
    try:
        size = path.stat().st_size
        if size > MAX_BYTES:
            raise DataError(f"{fname}: file is too large to be a save ({size} bytes)")
        raw = path.read_bytes()
    except FileNotFoundError:
        raise DataError(f"{fname}: save file not found") from None
    except IsADirectoryError:
        raise DataError(f"{fname}: is a folder, not a save file") from None
    except OSError as exc:
        raise DataError(f"{fname}: cannot read save file: {exc.strerror or exc}") from None
    return parse_save(raw, fname)


def parse_save(raw: bytes | str, fname: str = "save") -> dict[str, Any]:
    if isinstance(raw, bytes):
        try:
            raw = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise DataError(f"{fname}: not a save file (not UTF-8 text at byte {exc.start})") from None
    if not raw.strip():
        raise DataError(f"{fname}: the save file is empty")
    try:
        data = json.loads(raw, parse_constant=_no_constant)
    except json.JSONDecodeError as exc:
        raise DataError(f"{fname}: not valid JSON (truncated or corrupt?) at line {exc.lineno} "
                        f"column {exc.colno}: {exc.msg}") from None
    except ValueError as exc:
        raise DataError(f"{fname}: not valid JSON: {exc}") from None
    except RecursionError:
        raise DataError(f"{fname}: not a save file (JSON nested too deeply)") from None
    if not isinstance(data, dict):
        raise DataError(f"{fname}: not a hexmech save (expected a JSON object, got {_kind(data)})")
    if data.get("format") != FORMAT:
        raise DataError(f"{fname}: format: not a hexmech save (expected \"{FORMAT}\", "
                        f"got {_show(data.get('format'))})")
    data = migrate(data, fname)
    _Check(fname).save(data)
    return data


def load_game(path: Path | str):
    """Load a save file into a new Game, or raise DataError (one line)."""
    data = load_save_dict(path)
    return game_from_save(data, str(path))


def game_from_save(data: dict[str, Any], fname: str = "save"):
    from engine.game import Game
    try:
        return Game.from_dict(data["game"])
    except DataError:
        raise
    except Exception as exc:   # safety net: the checks above should catch every bad shape
        raise DataError(f"{fname}: game: cannot be restored: {type(exc).__name__}: {exc}"[:500]) from None


def loads(text: str, fname: str = "save"):
    return game_from_save(parse_save(text, fname), fname)


def _no_constant(name: str):
    raise ValueError(f"{name} is not a number a save can hold")


# --------------------------------------------------------------------- autosaves
def autosaves(folder: Path | str) -> list[Path]:
    """The autosaves in `folder`, newest first."""
    folder = Path(folder)
    if not folder.is_dir():
        return []
    found = []
    for p in folder.iterdir():
        m = _AUTOSAVE_RE.match(p.name)
        if m and p.is_file():
            found.append((int(m.group(1)), p))
    return [p for _, p in sorted(found, reverse=True)]


def autosave(game, folder: Path | str, keep: int = 5) -> Path:
    """Write the next autosave in `folder` and delete all but the newest `keep`."""
    folder = Path(folder)
    existing = autosaves(folder)
    serial = int(_AUTOSAVE_RE.match(existing[0].name).group(1)) + 1 if existing else 1
    path = folder / f"{AUTOSAVE_PREFIX}{serial:06d}.json"
    save_game(game, path)
    for old in autosaves(folder)[max(1, keep):]:
        try:
            old.unlink()
        except OSError:
            pass
    return path


def latest_good_autosave(folder: Path | str, exclude: Path | str | None = None) -> Path | None:
    """The newest autosave in `folder` that loads cleanly (or None)."""
    skip = Path(exclude).resolve() if exclude is not None else None
    for p in autosaves(folder):
        if skip is not None and p.resolve() == skip:
            continue
        try:
            load_save_dict(p)
        except DataError:
            continue
        return p
    return None


# --------------------------------------------------------------------- checking
AS_DAMAGE = re.compile(r"^(\d+|0\*|-)$")


def _show(v: Any) -> str:
    text = json.dumps(v) if isinstance(v, (str, int, float, bool, type(None))) else _kind(v)
    return text if len(text) <= 60 else text[:57] + "..."


def _kind(v: Any) -> str:
    return {dict: "an object", list: "a list", str: "a string", bool: "true/false",
            int: "an integer", float: "a number", type(None): "null"}.get(type(v), type(v).__name__)


@functools.lru_cache(maxsize=None)
def _hints(ctype: type) -> tuple[dict[str, Any], dict[str, dataclasses.Field]]:
    return typing.get_type_hints(ctype), {f.name: f for f in dataclasses.fields(ctype)}


@functools.lru_cache(maxsize=None)
def _simple_fields(ctype: type) -> tuple[tuple[str, type], ...] | None:
    """(name, type) of every field when all are plain int / str / bool."""
    hints, fields = _hints(ctype)
    out = tuple((name, hints.get(name)) for name in fields)
    return out if all(t in (int, str, bool) for _, t in out) else None


class _Check:
    """Field-by-field check of a current-version save dict. The first problem
    raises DataError `FILE: field.path: what is wrong`."""

    def __init__(self, fname: str) -> None:
        self.fname = fname

    def fail(self, where: str, what: str):
        raise DataError(f"{self.fname}: {where}: {what}")

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

    def list_(self, v: Any, where: str) -> list:
        if not isinstance(v, list):
            self.fail(where, f"expected a list, got {_kind(v)}")
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
            self.fail(where, f"expected one of {', '.join(choices)}, got {_show(v)}")
        return v

    # ---------------------------------------------------------------- whole save
    def save(self, data: dict) -> None:
        self.obj(data, "save", ("format", "version", "game"))
        self.game(data["game"], "game", with_record=True)

    def game(self, g: Any, where: str, with_record: bool) -> None:
        from engine.rulesets import ruleset_names
        keys = ("ruleset", "map", "turn", "phase", "sides", "initiative", "dice", "events",
                "phase_data", "winner", "units")
        self.obj(g, where)
        for k in keys:          # fields other systems add to the state are allowed
            if k not in g:
                self.fail(f"{where}.{k}", "missing")
        if not with_record and "record" in g:
            self.fail(f"{where}.record", "unknown field")
        self.str_(g["ruleset"], f"{where}.ruleset", ruleset_names())
        w, h = self.map(g["map"], f"{where}.map")
        self.int_(g["turn"], f"{where}.turn", 0)
        self.str_(g["phase"], f"{where}.phase")
        sides = [self.str_(s, f"{where}.sides[{i}]") for i, s in enumerate(self.list_(g["sides"], f"{where}.sides"))]
        if len(set(sides)) != len(sides):
            self.fail(f"{where}.sides", "a side is named twice")
        for i, s in enumerate(self.list_(g["initiative"], f"{where}.initiative")):
            self.str_(s, f"{where}.initiative[{i}]", tuple(sides))
        self.dice(g["dice"], f"{where}.dice")
        for i, e in enumerate(self.list_(g["events"], f"{where}.events")):
            ew = f"{where}.events[{i}]"
            self.obj(e, ew)
            for k in ("turn", "phase", "type"):
                if k not in e:
                    self.fail(f"{ew}.{k}", "missing")
            self.int_(e["turn"], f"{ew}.turn", 0)
            self.str_(e["phase"], f"{ew}.phase")
            self.str_(e["type"], f"{ew}.type")
        self.obj(g["phase_data"], f"{where}.phase_data")
        self.str_(g["winner"], f"{where}.winner", nullable=True)
        self.units(g["units"], f"{where}.units", sides, w, h)
        if with_record and "record" in g:
            self.record(g["record"], f"{where}.record")

    def map(self, m: Any, where: str) -> tuple[int, int]:
        from engine.hexmap import TERRAINS, Terrain
        self.obj(m, where)
        for k in ("width", "height", "default", "hexes"):
            if k not in m:
                self.fail(f"{where}.{k}", "missing")
        w = self.int_(m["width"], f"{where}.width", 1, 999)
        h = self.int_(m["height"], f"{where}.height", 1, 999)
        if "title" in m:
            self.str_(m["title"], f"{where}.title")

        def terrain(t: Any, tw: str) -> None:
            self.dataclass_(t, Terrain, tw)
            self.str_(t.get("terrain", "clear"), f"{tw}.terrain", TERRAINS)
        terrain(m["default"], f"{where}.default")
        for i, entry in enumerate(self.list_(m["hexes"], f"{where}.hexes")):
            hw = f"{where}.hexes[{i}]"
            if not isinstance(entry, list) or len(entry) != 3:
                self.fail(hw, f"expected [x, y, terrain], got {_kind(entry)}")
            self.int_(entry[0], f"{hw}[0]", 0, w - 1)
            self.int_(entry[1], f"{hw}[1]", 0, h - 1)
            terrain(entry[2], f"{hw}[2]")
        for i, entry in enumerate(self.list_(m.get("clubs", []), f"{where}.clubs")):
            cw = f"{where}.clubs[{i}]"
            if not isinstance(entry, list) or len(entry) != 3:
                self.fail(cw, f"expected [x, y, clubs], got {_kind(entry)}")
            self.int_(entry[0], f"{cw}[0]", 0, w - 1)
            self.int_(entry[1], f"{cw}[1]", 0, h - 1)
            for j, c in enumerate(self.list_(entry[2], f"{cw}[2]")):
                self.str_(c, f"{cw}[2][{j}]")
        return w, h

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
            if rng[2] is not None and not isinstance(rng[2], (int, float)):
                raise ValueError("gauss is not a number")
            random.Random().setstate((rng[0], tuple(state), rng[2]))
        except (ValueError, TypeError, OverflowError) as exc:
            self.fail(f"{where}.rng", f"not a random generator state ({exc})")
        forced = self.obj(d.get("forced", {}), f"{where}.forced")
        for p, values in forced.items():
            if p not in PURPOSES:
                self.fail(f"{where}.forced.{p}", "unknown dice purpose")
            for i, x in enumerate(self.list_(values, f"{where}.forced.{p}")):
                self.int_(x, f"{where}.forced.{p}[{i}]", 1, 12)

    def units(self, units: Any, where: str, sides: list[str], w: int, h: int) -> None:
        from engine.game import _COMPONENT_BY_NAME
        seen: set[str] = set()
        for i, u in enumerate(self.list_(units, where)):
            uw = f"{where}[{i}]"
            self.obj(u, uw, ("uid", "components"))
            uid = self.str_(u["uid"], f"{uw}.uid")
            if uid in seen:
                self.fail(f"{uw}.uid", f"unit id {uid!r} is used twice")
            seen.add(uid)
            uw = f"{where}[{uid}]"
            comps = self.obj(u["components"], f"{uw}.components")
            for name in REQUIRED_COMPONENTS:
                if name not in comps:
                    self.fail(f"{uw}.components.{name}", "missing")
            for name, data in comps.items():
                ctype = _COMPONENT_BY_NAME.get(name)
                if ctype is None:
                    self.fail(f"{uw}.components.{name}", "unknown component")
                self.dataclass_(data, ctype, f"{uw}.components.{name}")
            cw = f"{uw}.components"
            ident = comps["Identity"]
            if ident["uid"] != uid:
                self.fail(f"{cw}.Identity.uid", f"expected {uid!r}, got {_show(ident['uid'])}")
            if ident["side"] not in sides:
                self.fail(f"{cw}.Identity.side", f"{_show(ident['side'])} is not one of the game's sides")
            self.str_(ident["kind"], f"{cw}.Identity.kind", ("mech", "vehicle", "alpha-strike"))
            pos = comps["Position"]
            self.int_(pos["hex"][0], f"{cw}.Position.hex[0]", 0, w - 1)
            self.int_(pos["hex"][1], f"{cw}.Position.hex[1]", 0, h - 1)
            self.int_(pos.get("facing", 0), f"{cw}.Position.facing", 0, 5)
            for table in ("Armor", "Structure"):
                for part in ("points", "original"):
                    for loc, n in comps[table].get(part, {}).items():
                        self.int_(n, f"{cw}.{table}.{part}.{loc}", 0, 9999)
            if "Turret" in comps:
                self.int_(comps["Turret"].get("facing", 0), f"{cw}.Turret.facing", 0, 5)
            if "Altitude" in comps:
                self.int_(comps["Altitude"].get("level", 0), f"{cw}.Altitude.level", 0, 500)
            if "AlphaStrikeHeat" in comps:
                self.int_(comps["AlphaStrikeHeat"].get("level", 0), f"{cw}.AlphaStrikeHeat.level", 0, 4)
            if "ClassicHeat" in comps:
                self.int_(comps["ClassicHeat"].get("heat", 0), f"{cw}.ClassicHeat.heat", 0, 999)
                if ident["kind"] == "mech" and "HeatSinks" not in comps:
                    self.fail(f"{cw}.HeatSinks", "missing: a mech that tracks heat needs its heat sinks")
            if "AlphaStrikeCard" in comps:
                dmg = self.list_(comps["AlphaStrikeCard"].get("damage", []), f"{cw}.AlphaStrikeCard.damage")
                if len(dmg) != 3 or not all(isinstance(d, str) and AS_DAMAGE.match(d) for d in dmg):
                    self.fail(f"{cw}.AlphaStrikeCard.damage", f"expected 3 damage values (short, medium, "
                              f"long: a number, 0* or -), got {_show(dmg)}")
            if "Crew" in comps:
                for k in ("piloting", "gunnery"):
                    self.int_(comps["Crew"].get(k, 4), f"{cw}.Crew.{k}", 0, 12)
                self.int_(comps["Crew"].get("hits", 0), f"{cw}.Crew.hits", 0, 6)
        if not seen and sides:
            pass   # a game with sides but no units is odd but harmless

    def record(self, r: Any, where: str) -> None:
        from engine.orders import order_from_dict
        self.obj(r, where, ("setup", "actions"))
        if r["setup"] is not None:
            self.game(r["setup"], f"{where}.setup", with_record=False)
        for i, a in enumerate(self.list_(r["actions"], f"{where}.actions")):
            aw = f"{where}.actions[{i}]"
            self.obj(a, aw)
            self.str_(a.get("do"), f"{aw}.do", RECORD_ACTIONS)
            self.obj(a, aw, ("do", "turn", "phase") + ACTION_FIELDS[a["do"]])
            self.int_(a.get("turn"), f"{aw}.turn", 0)
            self.str_(a.get("phase"), f"{aw}.phase")
            do = a["do"]
            if do == "submit":
                order = self.obj(a["order"], f"{aw}.order")
                try:
                    cls = type(order_from_dict(order))
                except (ValueError, TypeError) as exc:
                    self.fail(f"{aw}.order", str(exc)[:200])
                self.dataclass_({k: v for k, v in order.items() if k != "kind"}, cls, f"{aw}.order")
            elif do == "start_phase":
                self.str_(a.get("phase"), f"{aw}.phase")
            elif do == "start_turn":
                ini = a.get("initiative")
                if ini is not None:
                    for j, s in enumerate(self.list_(ini, f"{aw}.initiative")):
                        self.str_(s, f"{aw}.initiative[{j}]")
            elif do == "force":
                from engine.dice import PURPOSES
                self.str_(a.get("purpose"), f"{aw}.purpose", PURPOSES)
                for j, x in enumerate(self.list_(a.get("totals"), f"{aw}.totals")):
                    self.int_(x, f"{aw}.totals[{j}]", 1, 36)
        if r["actions"] and r["setup"] is None:
            self.fail(f"{where}.setup", "missing while actions are recorded")

    # ---------------------------------------------------------------- typed dataclass fields
    def dataclass_(self, data: Any, ctype: type, where: str) -> None:
        self.obj(data, where)
        simple = _simple_fields(ctype)
        if simple is not None and len(data) == len(simple) and all(
                type(data.get(name)) is t and (t is not int or -MAX_INT <= data[name] <= MAX_INT)
                for name, t in simple):
            return      # fast path: every field present with its exact scalar type
        hints, fields = _hints(ctype)
        for k in data:
            if k not in fields:
                self.fail(f"{where}.{k}", "unknown field")
        for name, f in fields.items():
            if name not in data:
                if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING:
                    self.fail(f"{where}.{name}", "missing")
                continue
            self.typed(data[name], hints.get(name, Any), f"{where}.{name}")

    def typed(self, v: Any, hint: Any, where: str) -> None:
        if hint is Any:
            return
        origin = typing.get_origin(hint)
        args = typing.get_args(hint)
        if origin in (typing.Union, types.UnionType):
            if v is None and type(None) in args:
                return
            problems = []
            for alt in args:
                if alt is type(None) and len(args) > 1:
                    continue
                try:
                    self.typed(v, alt, where)
                    return
                except DataError as exc:
                    problems.append(exc)
            raise problems[0]
        if hint is type(None):
            if v is not None:
                self.fail(where, f"expected null, got {_show(v)}")
            return
        if hint is bool:
            if not isinstance(v, bool):
                self.fail(where, f"expected true or false, got {_show(v)}")
            return
        if hint is int:
            self.int_(v, where)
            return
        if hint is float:
            if isinstance(v, bool) or not isinstance(v, (int, float)) or not math.isfinite(v):
                self.fail(where, f"expected a number, got {_show(v)}")
            return
        if hint is str:
            self.str_(v, where)
            return
        if hint is Hex:
            if not (isinstance(v, list) and len(v) == 2):
                self.fail(where, f"expected a hex [x, y], got {_show(v)}")
            self.int_(v[0], f"{where}[0]")
            self.int_(v[1], f"{where}[1]")
            return
        if dataclasses.is_dataclass(hint):
            self.dataclass_(v, hint, where)
            return
        if origin in (list, tuple):
            self.list_(v, where)
            if origin is tuple and args and args[-1] is not Ellipsis:
                if len(v) != len(args):
                    self.fail(where, f"expected {len(args)} values, got {len(v)}")
                for i, (x, a) in enumerate(zip(v, args)):
                    self.typed(x, a, f"{where}[{i}]")
            elif args:
                for i, x in enumerate(v):
                    self.typed(x, args[0], f"{where}[{i}]")
            return
        if origin is dict:
            self.obj(v, where)
            if len(args) == 2:
                for k, x in v.items():
                    self.typed(x, args[1], f"{where}.{k}")
            return
        if hint in (list, tuple):
            self.list_(v, where)
            return
        if hint is dict:
            self.obj(v, where)
            return
        # anything else: plain JSON is all a save can hold
