"""Saving and loading hot-seat battles: the game (engine/saves.py) with the
front end's position in it (the turn flow, the level, the side at the
screen), the save folder, the autosave at the start of every phase
(engine/autosaver.py, on a worker thread) and the saves offered to load.

The front end's position travels in the game's phase data under
`HOTSEAT_KEY`, so saves, autosaves and the undo snapshots of moves
(engine/undo.py) all carry it. This module is the one place that writes or
reads it.
"""
from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Any

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
    game.phase_data[HOTSEAT_KEY] = frontend


def stamped(game) -> dict[str, Any]:
    """The front end's position last stamped into `game` ({} if none)."""
    return game.phase_data.get(HOTSEAT_KEY) or {}


def saved_level(game_dict: dict[str, Any]) -> str | None:
    """The level a saved game (a `Game.to_dict` dictionary) was played on."""
    return ((game_dict.get("phase_data") or {}).get(HOTSEAT_KEY) or {}).get("level")


class SaveFolder:
    """The folder the window saves to and loads from, and its autosaves."""

    def __init__(self, folder: str | Path | None = None, autosave: bool = True) -> None:
        self.folder = Path(folder) if folder else default_save_dir()
        self.autosave_on = autosave
        self.saver = BackgroundSaver()
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
        stamp(game, frontend)
        saves.save_game(game, path)
        return path

    def load(self, path: str | Path):
        """(game, front-end position) from a save file, or DataError in one
        line that names the newest autosave that does load."""
        try:
            game = saves.load_game(path)
        except DataError as exc:
            msg = exc.first_line()
            good = saves.latest_good_autosave(self.folder, exclude=path)
            if good is not None:
                msg += f" (the newest autosave that loads is {good.name})"
            raise DataError(msg) from exc
        return game, stamped(game)

    def autosave(self, game, frontend: dict[str, Any]) -> str | None:
        """Autosave in the background when autosaving is on; the newest
        problem met (this save or an earlier one), or None."""
        if not self.autosave_on:
            return None
        problem = None
        try:
            stamp(game, frontend)
            self.saver.autosave(game, self.folder)
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
                game = saves.load_save_dict(path)["game"]
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
