"""Saved games: versioned JSON documents of the whole game state, written
gzip-compressed.

A save (format version 3) is

    {"format": "hexmech-save", "version": 3,
     "game": Game.to_dict(),                 # the rules' state, its event log and record
     "frontend": {"hotseat": {...}, ...}}    # each front end's own section

where the game's map and its record's setup map are each saved as the level
they came from plus the changes to it, when the level lies in an allowed
folder (engine/save_maps.py), and whole otherwise. The file is the
document's JSON text, gzip-compressed (`encode`); a plain JSON file (formats
0 to 2 were written so) reads as well. Decompressing stops at `MAX_BYTES`
of text: a file that would grow beyond is refused.

Saves are data only, and untrusted: a save is read as a regular file of at
most `MAX_BYTES` (engine/files.py), parsed as JSON (`decode`), upgraded through
`MIGRATIONS`, and checked whole (engine/save_check.py) before anything is
built from it; nothing in a save is executed or unpickled. Any problem is
refused with one `DataError` line naming the file and the field. A front
end supplies the check of its own section (`frontends`: section name ->
check); a section no check is given for is not used.

A save names no absolute path: a level is named relative to one of the
allowed folders (`level_ref` / `level_path`: the shipped levels, the mod
folders in use, the save's own folder), and the map's source is its file
name only.

Writes are crash-safe: the text goes to a temporary file in the same folder,
is flushed and fsynced, then renamed over the target (os.replace), so a
crash leaves either the old save or the new one, never half of either.

Autosaves (`autosave`, engine/ui/autosaver.py) rotate through numbered files,
keep the newest `AUTOSAVES_KEPT`, step past any name already taken, and
`remove_stale_temps` clears what a crash left; `latest_good_autosave` finds
the newest one that still loads, to offer when a save is refused.
"""
from __future__ import annotations

import gzip
import json
import os
import re
import zlib
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import Any, Callable

import orjson

from engine.errors import DataError
from engine.files import MAX_SAVE_BYTES, read_bytes
from engine.paths import LEVELS, is_inside
from engine.save_check import FrontendCheck, SaveCheck, check_stacking
from engine.save_maps import compact, expand_save, level_map
from engine.unit_loader import is_file

FORMAT = "hexmech-save"
VERSION = 3
MAX_BYTES = MAX_SAVE_BYTES
SAVE_SUFFIX = ".hexsave.json"
AUTOSAVE_PREFIX = "autosave-"
AUTOSAVES_KEPT = 10
STALE_TEMP_SECONDS = 60          # a temporary file this old is left over from a crash
_AUTOSAVE_RE = re.compile(r"^autosave-(\d+)\.json$")
_TEMP_RE = re.compile(r"^\..+\.json\.[^.]+\.tmp$")
LEVEL_FOLDERS = ("shipped", "mod", "save")


# --------------------------------------------------------------------- levels named by saves
def _inside(path: Path, root: Path) -> bool:
    """The one confinement test for a level a save names (engine/paths.py)."""
    return is_inside(path, [root])


def level_roots(mods: list[Path] | None = None, save_folder: Path | str | None = None) -> dict[str, list[Path]]:
    """The allowed folders a save may name its level in, by name."""
    return {"shipped": [LEVELS], "mod": [Path(m) for m in mods or []],
            "save": [Path(save_folder)] if save_folder is not None else []}


def level_ref(level: str | Path | None, roots: dict[str, list[Path]]) -> dict[str, str] | None:
    """How a save names `level`: `{"folder": ..., "path": relative path}`,
    or None when it lies in none of the allowed folders (the save then
    holds the map alone)."""
    if not level or not is_file(Path(level)):
        return None
    for name in LEVEL_FOLDERS:
        for root in roots.get(name, []):
            if _inside(Path(level), root):
                rel = Path(level).resolve().relative_to(Path(root).resolve())
                return {"folder": name, "path": rel.as_posix()}
    return None


def level_path(ref: dict[str, str], roots: dict[str, list[Path]]) -> Path | None:
    """The level file a reference names, or None when no allowed folder has
    it. ValueError when the reference is not a relative path or leads
    outside its folder (symbolic links followed)."""
    rel = ref["path"]
    if not rel or "\\" in rel or "\0" in rel or PurePosixPath(rel).is_absolute() or re.match(r"^[A-Za-z]:", rel):
        raise ValueError(f"expected a path relative to the {ref['folder']} folder, got {rel!r}")
    for root in roots.get(ref["folder"], []):
        candidate = Path(root) / PurePosixPath(rel)
        if not _inside(candidate, root):
            raise ValueError(f"{rel!r} leads outside the {ref['folder']} folder")
        if is_file(candidate):
            return candidate
    return None


# --------------------------------------------------------------------- migrations
def _v0_to_v1(save: dict[str, Any]) -> dict[str, Any]:
    """Format 0 kept the game's fields at the top level and had no record of
    actions (so it cannot be re-simulated, only shown from its events)."""
    game = {k: v for k, v in save.items() if k not in ("format", "version")}
    game.setdefault("record", {"setup": None, "actions": []})
    return {"format": FORMAT, "version": 1, "game": game}


def _v1_to_v2(save: dict[str, Any]) -> dict[str, Any]:
    """Format 1 kept the hot-seat window's position in `game.phase_data
    ["hotseat"]`, its level as an absolute path: it moves to the front-end
    section, the level named in the shipped folder or dropped. Format 1 also
    kept each unit's start hex in its TurnState (`start_hex`), which nothing
    read; format 2 has no such field."""
    game = save.get("game")
    frontend: dict[str, Any] = {}
    if isinstance(game, dict):
        for state in (game, (game.get("record") or {}).get("setup") if isinstance(game.get("record"), dict) else None):
            pd = state.get("phase_data") if isinstance(state, dict) else None
            if isinstance(pd, dict) and "hotseat" in pd:
                hotseat = pd.pop("hotseat")
                if state is game:
                    frontend["hotseat"] = hotseat
            units = state.get("units") if isinstance(state, dict) else None
            for unit in units if isinstance(units, list) else []:
                comps = unit.get("components") if isinstance(unit, dict) else None
                turn_state = comps.get("TurnState") if isinstance(comps, dict) else None
                if isinstance(turn_state, dict):
                    turn_state.pop("start_hex", None)
    hotseat = frontend.get("hotseat")
    if isinstance(hotseat, dict) and "level" in hotseat:
        level = hotseat["level"]
        hotseat["level"] = level_ref(level, level_roots()) if isinstance(level, str) else level
    return {**save, "version": 2, "frontend": frontend}


def _v2_to_v3(save: dict[str, Any]) -> dict[str, Any]:
    """Format 2 saved every map whole, which format 3 still reads."""
    return {**save, "version": 3}


MIGRATIONS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {0: _v0_to_v1, 1: _v1_to_v2, 2: _v2_to_v3}


def migrate(save: dict[str, Any], fname: str = "save") -> dict[str, Any]:
    """Bring a save dict of any known version up to `VERSION`."""
    version = save.get("version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise DataError(f"{fname}: version: expected an integer save format version, got {version!r}"[:200])
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
            raise DataError(f"{fname}: version: cannot upgrade save format {version}: {exc}"[:300]) from None
        version = save.get("version")
    return save


# --------------------------------------------------------------------- writing
def write_atomic(path: Path | str, text: str | bytes) -> None:
    """Write `text` to `path` so that a crash leaves the old file or the new
    one: temp file in the same folder, flush, fsync, os.replace."""
    path = Path(path)
    folder = path.parent
    folder.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=folder)
    try:
        with (os.fdopen(fd, "wb") if isinstance(text, bytes) else os.fdopen(fd, "w", encoding="utf-8")) as f:
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


def envelope(state: dict[str, Any], frontend: dict[str, Any]) -> dict[str, Any]:
    """The save of a game state (`Game.to_dict()`, maps whole) and its
    front-end sections. The record's setup state is not changed (an
    autosave shares it with the game): a copy of it takes the new map."""
    state["map"] = _portable(state["map"])
    record = state.get("record")
    if record and record.get("setup"):
        state["record"] = {**record, "setup": {**record["setup"], "map": _portable(record["setup"]["map"])}}
    return {"format": FORMAT, "version": VERSION, "game": state, "frontend": frontend}


def _portable(m: dict[str, Any]) -> dict[str, Any]:
    """A map naming its source file without a folder."""
    if not m.get("source"):
        return m
    return {**m, "source": PurePosixPath(m["source"].replace("\\", "/")).name}


def on_level(save: dict[str, Any], level: str | Path | None, roots: dict[str, list[Path]],
             mods: list[Path] | None = None) -> dict[str, Any]:
    """`save` (an `envelope`) with its maps as `level` plus the changes to
    it (engine/save_maps.py), when the level lies in the shipped or a mod
    folder (a save moved away from a level beside it still loads) and
    reads; its maps whole otherwise."""
    ref = level_ref(level, {k: v for k, v in roots.items() if k != "save"})
    if ref is None:
        return save
    try:
        base = level_map(level, tuple(mods or ()))
    except (DataError, OSError):
        return save
    game = save["game"]
    game["map"] = compact(game["map"], ref, base)
    record = game.get("record")
    if record and record.get("setup"):
        game["record"] = {**record, "setup": {**record["setup"], "map": compact(record["setup"]["map"], ref, base)}}
    return save


def save_dict(game, level: str | Path | None = None, roots: dict[str, list[Path]] | None = None,
              mods: list[Path] | None = None) -> dict[str, Any]:
    """The save of `game`; with the `level` it was played on, its maps as
    that level plus the changes to it (`on_level`)."""
    save = envelope(game.to_dict(), json.loads(json.dumps(game.frontend)))
    return on_level(save, level, roots or level_roots(mods), mods) if level else save


def dumps(game) -> str:
    return json.dumps(save_dict(game), allow_nan=False, separators=(",", ":"))


def encode(save: dict[str, Any]) -> bytes:
    """A save's file: its JSON text, gzip-compressed (the same bytes for the
    same save). The text is made by the pure-Python encoder, in chunks
    between which other threads run (an autosave's frame loop)."""
    text = "".join(json.JSONEncoder(allow_nan=False, separators=(",", ":")).iterencode(save))
    return gzip.compress(text.encode("utf-8"), mtime=0)


def save_game(game, path: Path | str, level: str | Path | None = None,
              roots: dict[str, list[Path]] | None = None, mods: list[Path] | None = None) -> Path:
    """Save the whole game to `path` (crash-safe; its maps as `level` plus
    the changes to it when given). Returns the path."""
    data = encode(save_dict(game, level, roots, mods))   # first: a failure leaves the old file untouched
    write_atomic(path, data)
    return Path(path)


def file_text(path: Path | str) -> str:
    """The JSON text of a save file, compressed or not (DataError, one line)."""
    fname = str(path)
    return _text(read_bytes(path, MAX_BYTES, fname), fname)


def _text(raw: bytes | str, fname: str) -> str:
    if isinstance(raw, str):
        return raw
    if raw[:2] == b"\x1f\x8b":
        raw = decompress(raw, fname)
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise DataError(f"{fname}: not a save file (not UTF-8 text at byte {exc.start})") from None


def decompress(raw: bytes, fname: str) -> bytes:
    """A gzip-compressed save's text, at most `MAX_BYTES` of it (DataError, one line)."""
    unzip = zlib.decompressobj(wbits=31)
    try:
        out = unzip.decompress(raw, MAX_BYTES + 1)
    except zlib.error as exc:
        raise DataError(f"{fname}: not a save file (corrupt compressed data: {exc})") from None
    if len(out) > MAX_BYTES:
        raise DataError(f"{fname}: the save decompresses to more than {MAX_BYTES >> 20} MB")
    if not unzip.eof:
        raise DataError(f"{fname}: not a save file (the compressed data ends early: truncated?)")
    if unzip.unused_data:
        raise DataError(f"{fname}: not a save file (data after the end of the compressed save)")
    return out


# --------------------------------------------------------------------- reading
@dataclass
class Loaded:
    """A save read and checked whole: nothing has been built from it yet."""
    fname: str
    data: dict[str, Any]                    # the current-version save
    frontend: dict[str, Any]                # the front-end sections this reader checked
    warnings: list[str] = field(default_factory=list)
    built: bool = False                     # `game()` took `data` over

    def game(self):
        """A new Game of the saved state (its `frontend` the checked
        sections), once its units are found to stand where they may. The
        game takes `data` over (no copy of a long event log to make): it is
        built once, and `data` is the game's own afterwards."""
        if self.built:
            raise ValueError(f"{self.fname}: the game of a save read once is built once")
        self.built = True
        game = game_from_save(self.data, self.fname)
        try:
            check_stacking(game, self.fname)
        except DataError:
            game.close()
            raise
        game.frontend = self.frontend
        return game


def read(path: Path | str, frontends: dict[str, FrontendCheck] | None = None,
         mods: list[Path] | None = None) -> Loaded:
    """Read a save file and check it whole (DataError, one line, if it is bad)."""
    fname = str(path)
    raw = read_bytes(path, MAX_BYTES, fname)
    return parse(raw, fname, frontends, mods, Path(path).parent)


def parse(raw: bytes | str, fname: str = "save", frontends: dict[str, FrontendCheck] | None = None,
          mods: list[Path] | None = None, save_folder: Path | None = None) -> Loaded:
    raw = _text(raw, fname)
    if not raw.strip():
        raise DataError(f"{fname}: the save file is empty")
    data = decode(raw, fname)
    if not isinstance(data, dict):
        raise DataError(f"{fname}: not a hexmech save (expected a JSON object, got {type(data).__name__})")
    if data.get("format") != FORMAT:
        shown = json.dumps(data.get("format")) if isinstance(data.get("format"), (str, int, type(None))) else "?"
        raise DataError(f"{fname}: format: not a hexmech save (expected \"{FORMAT}\", got {shown[:60]})")
    data = migrate(data, fname)
    check = SaveCheck(fname, frontends, level_roots(mods, save_folder), mods)
    try:
        expand_save(check, data)
        sections = check.save(data)
    except RecursionError:
        raise DataError(f"{fname}: not a save file (nested too deeply)") from None
    return Loaded(fname, data, sections, check.warnings)


def load_game(path: Path | str, frontends: dict[str, FrontendCheck] | None = None,
              mods: list[Path] | None = None):
    """Load a save file into a new Game, or raise DataError (one line)."""
    return read(path, frontends, mods).game()


def loads(text: str, fname: str = "save", frontends: dict[str, FrontendCheck] | None = None):
    return parse(text, fname, frontends).game()


def game_from_save(data: dict[str, Any], fname: str = "save"):
    """The Game of a checked save, which takes `data` over."""
    from engine.game import Game
    try:
        return Game.from_dict(data["game"], adopt=True)
    except DataError:
        raise
    except Exception as exc:   # safety net: the checks above should catch every bad shape
        raise DataError(f"{fname}: game: cannot be restored: {type(exc).__name__}: {exc}"[:500]) from None


def decode(text: str, fname: str = "save") -> Any:
    """The JSON value of a save's text (DataError, one line, if it is not
    JSON). orjson reads it, in half the time of the json module on a long
    game; a text orjson refuses is read by the json module, which says
    where and why (or reads what only orjson is strict about: a lone
    surrogate escape in a string, which older saves may hold). An integer
    past 64 bits, which no save holds, orjson reads as a float: the checks
    refuse it where an integer belongs."""
    try:
        return orjson.loads(text)
    except orjson.JSONDecodeError:
        pass
    try:
        return json.loads(text, parse_constant=_no_constant)
    except json.JSONDecodeError as exc:
        raise DataError(f"{fname}: not valid JSON (truncated or corrupt?) at line {exc.lineno} "
                        f"column {exc.colno}: {exc.msg}") from None
    except ValueError as exc:
        raise DataError(f"{fname}: not valid JSON: {exc}") from None
    except RecursionError:
        raise DataError(f"{fname}: not a save file (JSON nested too deeply)") from None


def _no_constant(name: str):
    raise ValueError(f"{name} is not a number a save can hold")


# --------------------------------------------------------------------- autosaves
def autosaves(folder: Path | str) -> list[Path]:
    """The autosave files in `folder`, newest first."""
    return [p for _, p in _autosave_names(folder) if p.is_file()]


def _autosave_names(folder: Path | str) -> list[tuple[int, Path]]:
    """Every entry named like an autosave (files or not), newest first."""
    folder = Path(folder)
    if not folder.is_dir():
        return []
    found = []
    for p in folder.iterdir():
        m = _AUTOSAVE_RE.match(p.name)
        if m:
            found.append((int(m.group(1)), p))
    return sorted(found, reverse=True)


def next_autosave(folder: Path | str) -> Path:
    """The next autosave's path: past every name already taken, a folder or
    anything else named like an autosave included."""
    names = _autosave_names(folder)
    serial = names[0][0] + 1 if names else 1
    return Path(folder) / f"{AUTOSAVE_PREFIX}{serial:06d}.json"


def prune_autosaves(folder: Path | str, keep: int = AUTOSAVES_KEPT) -> None:
    """Delete all but the newest `keep` autosave files."""
    for old in autosaves(folder)[max(1, keep):]:
        try:
            old.unlink()
        except OSError:
            pass


def remove_stale_temps(folder: Path | str, older_than: float = STALE_TEMP_SECONDS) -> list[Path]:
    """Delete the temporary files a crash left in `folder` during a save
    (regular files named like `write_atomic`'s, not touched for
    `older_than` seconds); returns them."""
    folder = Path(folder)
    removed = []
    if not folder.is_dir():
        return removed
    now = time.time()
    for p in folder.iterdir():
        if not _TEMP_RE.match(p.name):
            continue
        try:
            info = p.lstat()
            if p.is_file() and not p.is_symlink() and now - info.st_mtime >= older_than:
                p.unlink()
                removed.append(p)
        except OSError:
            continue
    return removed


def autosave(game, folder: Path | str, keep: int = AUTOSAVES_KEPT) -> Path:
    """Write the next autosave in `folder` and delete all but the newest `keep`."""
    path = next_autosave(folder)
    save_game(game, path)
    prune_autosaves(folder, keep)
    return path


def latest_good_autosave(folder: Path | str, exclude: Path | str | None = None,
                         frontends: dict[str, FrontendCheck] | None = None,
                         mods: list[Path] | None = None) -> Path | None:
    """The newest autosave in `folder` that loads cleanly (or None)."""
    skip = Path(exclude).resolve() if exclude is not None else None
    for p in autosaves(folder):
        if skip is not None and p.resolve() == skip:
            continue
        try:
            read(p, frontends, mods)
        except DataError:
            continue
        return p
    return None
