"""The hot-seat window's section of a save, `frontend.hotseat`: whose action
it is (the turn flow, engine/ui/turnflow.py), the level the battle is drawn
with, and whose view the screen shows:

    {"flow": {"sequence": [side, ...], "pos": n, "acted": [unit id, ...],
              "seen": {side: event index}},
     "level": {"folder": "shipped" | "mod" | "save", "path": "relative.tmx"} | null,
     "viewing": side | null}

`section` writes it; `check` is the check engine/saves.py runs on it when a
save is read (`CHECKS`), so a bad section refuses the save with one line
before the window changes anything. No pygame here: `hexmech replay` checks
saves with it too.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

from engine import saves
from engine.ui.layout import HOTSEAT_KEY as KEY


def section(flow: dict[str, Any], level: str | None, viewing: str | None, mods: list[Path],
            save_dir: Path) -> dict[str, Any]:
    return {"flow": flow, "level": saves.level_ref(level, saves.level_roots(mods, save_dir)),
            "viewing": viewing}


def check(c, data: Any, where: str, game: dict[str, Any]) -> dict[str, Any]:
    """`c` is the save's engine.save_check.SaveCheck; returns the section as
    the window reads it (a level that is gone or broken left out)."""
    c.obj(data, where, ("flow", "level", "viewing"))
    fw = f"{where}.flow"
    flow = c.obj(data["flow"], fw, ("sequence", "pos", "acted", "seen"))
    units = len(game["units"])
    sequence = c.list_(flow["sequence"], f"{fw}.sequence", units)
    for i, side in enumerate(sequence):
        c.side(side, f"{fw}.sequence[{i}]")
    c.int_(flow["pos"], f"{fw}.pos", 0, len(sequence))
    acted = c.list_(flow["acted"], f"{fw}.acted", units)
    for i, uid in enumerate(acted):
        c.unit(uid, f"{fw}.acted[{i}]")
    if len(set(acted)) != len(acted):
        c.fail(f"{fw}.acted", "a unit is listed twice")
    for side, index in c.obj(flow["seen"], f"{fw}.seen").items():
        c.side(side, f"{fw}.seen")
        c.int_(index, f"{fw}.seen.{side}", 0, len(game["events"]))
    if data["viewing"] is not None:
        c.side(data["viewing"], f"{where}.viewing")
    level = c.level(data["level"], f"{where}.level")
    return {**data, "level": data["level"] if level is not None else None}


CHECKS = {KEY: check}


def level_of(data: dict[str, Any], mods: list[Path], save_folder: Path) -> str | None:
    """The level file a checked section names, as a path to open."""
    ref = data.get("level")
    path = saves.level_path(ref, saves.level_roots(mods, save_folder)) if ref else None
    return str(path) if path is not None else None
