"""Saving and loading hot-seat battles: the game (engine/saves.py) with the
front end's position in it, the save folder, the autosave once in each
phase where a player acts (engine/autosaver.py, on a worker thread) and the
saves offered to load.

The front end's position is the game's `frontend[HOTSEAT_KEY]`, so saves,
autosaves and the undo snapshots of moves (engine/undo.py) all carry it; in
a save it is the section `frontend.hotseat`:

    {"flow": {"sequence": [side, ...], "pos": n, "acted": [unit id, ...],
              "seen": {side: event index}},
     "level": {"folder": "shipped" | "mod" | "save", "path": "relative.tmx"} | null,
     "viewing": side | null,
     "shared_table": bool, "table_dice": bool,        # the new-battle options
     "notes": [{"at": event index, "turn", "phase", "text", "units": [unit id, ...], "side": side | null}],
     "players": {side: "bot:1" | "bot:2" | "bot:3" | "random" | "greedy"}}   # the sides the computer plays

`check` is the check engine/saves.py runs on that section when a save is
read (`CHECKS`), so a bad section refuses the save with one line before the
window changes anything. This module is the one place that writes or reads
the section.
"""
from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Any, TypedDict

from components.vocabulary import Side, UnitId
from engine.bot.names import CHOICES, HUMAN

from engine import saves
from engine.autosaver import BackgroundSaver
from engine.errors import DataError

HOTSEAT_KEY = "hotseat"


def default_save_dir() -> Path:
    env = os.environ.get("HEXMECH_SAVE_DIR")
    if env:
        return Path(env)
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(Path.home(), ".local", "share")
    return Path(base) / "hexmech" / "saves"


def default_name(game) -> str:
    return f"turn{game.turn}-{game.phase}"


def stamp(game, frontend: dict[str, Any]) -> None:
    """Put the front end's position into the game, so that what is saved or
    snapshotted next carries it."""
    game.frontend[HOTSEAT_KEY] = frontend


def stamped(game) -> dict[str, Any]:
    """The front end's position last stamped into `game` ({} if none)."""
    return game.frontend.get(HOTSEAT_KEY) or {}


def section(frontend: dict[str, Any], mods: list[Path], save_dir: Path) -> dict[str, Any]:
    """The position as a save holds it: its level named relative to the
    shipped, mod or save folder (engine/saves.py `level_ref`)."""
    return {**frontend, "level": saves.level_ref(frontend.get("level"), saves.level_roots(mods, save_dir))}


# A line the hot-seat flow adds to the combat log (engine/hotseat.py `note`).
Note = TypedDict("Note", {"at": int, "turn": int, "phase": str, "text": str, "units": list[UnitId],
                          "side": Side | None})


def check(c, data: Any, where: str, game: dict[str, Any]) -> dict[str, Any]:
    """`c` is the save's engine.save_check.SaveCheck; returns the section as
    the window reads it (a level that is gone or broken left out)."""
    c.obj(data, where, ("flow", "level", "viewing"), ("shared_table", "table_dice", "notes", "players"))
    for key in ("shared_table", "table_dice"):
        if key in data:
            c.typed(data[key], bool, f"{where}.{key}")
    for side, player in c.obj(data.get("players", {}), f"{where}.players").items():
        c.side(side, f"{where}.players")
        if not isinstance(player, str) or player not in CHOICES or player == HUMAN:
            c.fail(f"{where}.players.{side}", f"expected a computer player ({', '.join(CHOICES[1:])}), got {player!r}")
    for i, note in enumerate(c.list_(data.get("notes", []), f"{where}.notes", 100_000)):
        c.typed(note, Note, f"{where}.notes[{i}]")
        c.int_(note["at"], f"{where}.notes[{i}].at", 0, len(game["events"]))
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


CHECKS = {HOTSEAT_KEY: check}


def level_of(data: dict[str, Any], mods: list[Path], save_folder: Path) -> str | None:
    """The level file a checked section names, as a path to open."""
    ref = data.get("level")
    path = saves.level_path(ref, saves.level_roots(mods, save_folder)) if ref else None
    return str(path) if path is not None else None


class SaveFolder:
    """The folder the window saves to and loads from, and its autosaves."""

    def __init__(self, folder: str | Path | None = None, autosave: bool = True,
                 mods: list[Path] | None = None, keep: int = saves.AUTOSAVES_KEPT) -> None:
        self.folder = Path(folder) if folder else default_save_dir()
        self.autosave_on = autosave
        self.mods = list(mods or [])
        self.saver = BackgroundSaver(keep)
        self._described: dict[tuple[str, float], str] = {}

    def path_for(self, name: str) -> Path:
        """`name` as a save file: in the folder unless absolute, with the save suffix."""
        if not name.endswith(".json"):
            name += saves.SAVE_SUFFIX
        return Path(name) if os.path.isabs(name) else self.folder / name

    def save(self, game, frontend: dict[str, Any], name: str | None = None) -> Path:
        """Save `game` with the front end's position (named after its turn and
        phase unless `name` is given); OSError or ValueError if it fails."""
        path = self.path_for(name or default_name(game))
        stamp(game, section(frontend, self.mods, self.folder))
        saves.save_game(game, path, frontend.get("level"), saves.level_roots(self.mods, self.folder), self.mods)
        return path

    def load(self, path: str | Path):
        """(game, front-end position, level file, warnings) from a save
        file, checked whole (the front-end section too); DataError in one
        line that names the newest autosave that does load."""
        try:
            loaded = saves.read(path, CHECKS, self.mods)
            game = loaded.game()
        except DataError as exc:
            msg = exc.first_line()
            good = saves.latest_good_autosave(self.folder, path, CHECKS, self.mods)
            if good is not None:
                msg += f" (the newest autosave that loads is {good.name})"
            raise DataError(msg) from exc
        front = stamped(game)
        return game, front, level_of(front, self.mods, Path(path).parent), loaded.warnings

    def autosave(self, game, frontend: dict[str, Any]) -> str | None:
        """Autosave in the background when autosaving is on; the newest
        problem met (this save or an earlier one), or None."""
        if not self.autosave_on:
            return None
        problem = None
        try:
            stamp(game, section(frontend, self.mods, self.folder))
            self.saver.autosave(game, self.folder, frontend.get("level"), saves.level_roots(self.mods, self.folder),
                                self.mods)
        except (OSError, ValueError) as exc:
            problem = f"autosave failed: {exc}"
        return self.saver.errors.pop() if self.saver.errors else problem

    def describe(self, path: str | Path) -> str:
        """A save in one line: its battle, turn and phase, and when it was
        written ('Skirmish at Harlech Crossing, turn 3 weapon phase, 2026-12-01
        10:44'), or why it cannot be loaded. Read once per version of the file."""
        path = Path(path)
        try:
            stamp_ = path.stat().st_mtime
        except OSError as exc:
            return f"cannot be read: {exc.strerror or exc}"
        key = (str(path), stamp_)
        if key not in self._described:
            when = time.strftime("%Y-%m-%d %H:%M", time.localtime(stamp_))
            try:
                game = saves.read(path, CHECKS, self.mods).data["game"]
                title = (game.get("map") or {}).get("title") or "battle"
                said = f"{title}, turn {game.get('turn')} {game.get('phase')} phase, {when}"
            except DataError as exc:
                said = f"cannot be loaded ({exc.first_line()}), {when}"
            self._described[key] = said
        return self._described[key]

    def first_run(self) -> bool:
        """True the first time the window opens with this save folder (the
        first-run card is shown then); a marker file remembers it."""
        marker = self.folder / ".welcomed"
        if marker.exists():
            return False
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            marker.write_text("the first-run card was shown\n", encoding="utf-8")
        except OSError:
            pass                 # a read-only folder: the card shows each time
        return True

    def files(self) -> list[str]:
        """The saves in the folder, newest first."""
        if not self.folder.is_dir():
            return []
        return [str(f) for f in sorted(self.folder.glob("*.json"), key=lambda p: p.stat().st_mtime, reverse=True)]

    def wait(self) -> None:
        """Until every autosave asked for is on disk."""
        self.saver.wait()
