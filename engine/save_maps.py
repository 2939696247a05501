"""A save's maps as the level they came from plus the changes to it (save
format 3), so that a save does not hold every hex of its battlefield:

    "map": {"level": {"folder": ..., "path": ...},   # as saves.level_ref names it
            "digest": ...,                        # of the level's map when saved
            "width": w, "height": h, "title": ..., "source": ...,
            "changes": [[x, y, terrain], ...],   # hexes whose terrain differs from the level's
            "cleared": [[x, y], ...],            # hexes the level lists and the map no longer does
            "clubs": [[x, y, [club, ...]], ...],
            "phase_cf": ..., "collapsed": ...}   # as HexMap.to_dict has them

`compact` writes that for a map (`HexMap.to_dict` data) given its level's
map; a map without a level in an allowed folder, or whose size or default
terrain is not its level's, stays whole. `expand` reads it back: the level
named through the same confinement as every level a save names
(saves.level_path), read by the level reader (engine/levels.read_terrain),
the changes applied and the whole map handed on to the save check like any
other. A level that is gone or no longer reads refuses the save in one
line: the map cannot be rebuilt without it; a level changed since (its
digest) loads with a warning.
"""
from __future__ import annotations

import functools
import hashlib
import json
from pathlib import Path
from typing import Any

from engine.errors import DataError

MAP_KEYS = ("level", "width", "height", "changes")
CARRIED = ("title", "source", "clubs", "phase_cf", "collapsed")     # the map's other keys, as saved whole
MAP_OPTIONAL = ("digest", "cleared", *CARRIED)


def level_map(path: Path | str, mods: tuple[Path, ...] = ()) -> dict[str, Any]:
    """The terrain of a level file as `HexMap.to_dict` data with its
    `digest` (read once per version of the file); DataError in one line if
    it does not read. Not to be changed: it is shared."""
    p = Path(path).resolve()
    info = p.stat()
    return _level_map(p, info.st_mtime_ns, info.st_size, tuple(mods))


@functools.lru_cache(maxsize=8)
def _level_map(path: Path, _mtime: int, _size: int, mods: tuple[Path, ...]) -> dict[str, Any]:
    from engine.levels import read_terrain
    _tmap, hexmap, _tiles, _geometry, probs = read_terrain(path, list(mods))
    if hexmap is None or len(probs):
        raise DataError(list(probs) or [f"{path}: cannot read the level"])
    m = hexmap.to_dict()
    m["digest"] = hashlib.sha256(json.dumps([m["width"], m["height"], m["default"], m["hexes"]],
                                            sort_keys=True).encode()).hexdigest()[:16]
    return m


def compact(m: dict[str, Any], ref: dict[str, str] | None, base: dict[str, Any] | None) -> dict[str, Any]:
    """`m` as its level `ref` (whose map is `base`) plus the changes to it,
    or `m` itself when it cannot be told that way."""
    if ref is None or base is None or (m["width"], m["height"], m["default"]) != \
            (base["width"], base["height"], base["default"]):
        return m
    was = {(x, y): t for x, y, t in base["hexes"]}
    now = {(x, y): t for x, y, t in m["hexes"]}
    out = {"level": dict(ref), "digest": base["digest"], "width": m["width"], "height": m["height"],
           "changes": [[x, y, t] for (x, y), t in now.items() if was.get((x, y)) != t],
           "cleared": [[x, y] for (x, y) in was if (x, y) not in now]}
    for key in CARRIED:
        if key in m:
            out[key] = m[key]
    return out


def expand(check, m: Any, where: str) -> Any:
    """The whole map a saved map stands for (a map saved whole as it is),
    its level read and the changes applied; refused through `check`
    (engine/save_check.SaveCheck) in one line when it cannot be."""
    if not isinstance(m, dict) or "level" not in m:
        return m
    check.obj(m, where, MAP_KEYS, MAP_OPTIONAL)
    ref = m["level"]
    path = check.level_file(ref, f"{where}.level")
    if path is None:
        check.fail(f"{where}.level", f"the level {ref['folder']}/{ref['path']} is not found (the save holds "
                                     f"only its changes to that level's map)")
    try:
        base = level_map(path, tuple(check.mods or ()))
    except DataError as exc:
        check.fail(f"{where}.level", f"the level does not read: {exc.first_line()}")
    w = check.int_(m["width"], f"{where}.width", 1, 999)
    h = check.int_(m["height"], f"{where}.height", 1, 999)
    if (w, h) != (base["width"], base["height"]):
        check.fail(f"{where}.width", f"the save's map is {w}x{h}, its level {ref['path']} is now "
                                     f"{base['width']}x{base['height']}")
    if "digest" in m and check.str_(m["digest"], f"{where}.digest") != base["digest"]:
        check.warnings.append(f"{check.fname}: {where}.level: the level {ref['path']} changed since the save "
                              f"was made: its map as it is now, with the save's changes")
    hexes = {(x, y): t for x, y, t in base["hexes"]}
    for i, entry in enumerate(check.list_(m.get("cleared", []), f"{where}.cleared", w * h)):
        cw = f"{where}.cleared[{i}]"
        if not isinstance(entry, list) or len(entry) != 2:
            check.fail(cw, f"expected [x, y], got {type(entry).__name__}")
        hexes.pop((check.int_(entry[0], f"{cw}[0]", 0, w - 1), check.int_(entry[1], f"{cw}[1]", 0, h - 1)), None)
    for i, entry in enumerate(check.list_(m["changes"], f"{where}.changes", w * h)):
        cw = f"{where}.changes[{i}]"
        if not isinstance(entry, list) or len(entry) != 3:
            check.fail(cw, f"expected [x, y, terrain], got {type(entry).__name__}")
        hexes[(check.int_(entry[0], f"{cw}[0]", 0, w - 1), check.int_(entry[1], f"{cw}[1]", 0, h - 1))] = entry[2]
    out = {"width": w, "height": h, "default": base["default"],
           "hexes": [[x, y, t] for (x, y), t in sorted(hexes.items())]}
    for key in CARRIED:
        if key in m:
            out[key] = m[key]
    return out


def expand_save(check, data: dict[str, Any]) -> None:
    """Expand, in place, the maps of a save's game and of its record's setup."""
    game = data.get("game")
    if not isinstance(game, dict):
        return
    game["map"] = expand(check, game.get("map"), "game.map")
    record = game.get("record")
    setup = record.get("setup") if isinstance(record, dict) else None
    if isinstance(setup, dict):
        setup["map"] = expand(check, setup.get("map"), "game.record.setup.map")
