"""Autosaves without stalling the frame. The game state is copied on the
main thread (the only step that reads the live game), but the append-only
parts (the event log, the replay record's actions) are copied
incrementally, so the copy stays small however long the battle. Telling
the maps as their level plus the changes (engine/saves.py `on_level`),
encoding (the pure-Python JSON encoder, which lets the frame loop run
between chunks, then gzip), the atomic fsynced write and pruning old
autosaves happen on a worker thread, one save at a time, in order.

The first autosave into a folder removes the temporary files a crash left
there; each write takes the next free autosave name (engine/saves.py
`next_autosave`) and keeps the newest `keep`. A failed write is put in
`errors` as soon as it fails (the window shows it on its next frame)."""
from __future__ import annotations

import json
import queue
import threading
from pathlib import Path

from engine import saves


class BackgroundSaver:
    def __init__(self, keep: int = saves.AUTOSAVES_KEPT) -> None:
        self.keep = keep
        self.errors: list[str] = []
        self._jobs: "queue.Queue[tuple | None]" = queue.Queue()
        self._thread: threading.Thread | None = None
        self._cleaned: set[Path] = set()

    def snapshot(self, game) -> dict:
        """`saves.save_dict(game)`, reusing the copies of events and record
        actions made for earlier autosaves of the same game."""
        if getattr(self, "_game", None) is not game:
            self._game, self._events, self._actions, self._setup = game, [], [], None
        events = game.log.events
        if len(events) < len(self._events):
            self._events = []
        self._events += json.loads(json.dumps(events[len(self._events):]))
        d = game.to_dict(record=False, events=False)
        d["events"] = list(self._events)
        rec = getattr(game, "record", None)
        if isinstance(rec, dict):
            if rec.get("setup") is not None and self._setup is None:
                self._setup = json.loads(json.dumps(rec["setup"]))
            acts = rec.get("actions", [])
            if len(acts) < len(self._actions):
                self._actions = []
            self._actions += json.loads(json.dumps(acts[len(self._actions):]))
            d["record"] = {"setup": self._setup, "actions": list(self._actions)}
        return saves.envelope(d, json.loads(json.dumps(game.frontend)))

    def autosave(self, game, folder: Path, level: str | Path | None = None,
                 roots: dict[str, list[Path]] | None = None, mods: list[Path] | None = None) -> None:
        """Autosave `game` (played on `level`, named in `roots`) into `folder`."""
        data = self.snapshot(game)             # copies: the game may change meanwhile
        self._jobs.put((data, Path(folder), level, roots or {}, list(mods or [])))
        if self._thread is None or not self._thread.is_alive():
            self._thread = threading.Thread(target=self._run, name="hexmech-autosave", daemon=True)
            self._thread.start()

    def _run(self) -> None:
        while True:
            try:
                job = self._jobs.get(timeout=0.5)
            except queue.Empty:
                return
            try:
                data, folder, level, roots, mods = job
                self._write(saves.on_level(data, level, roots, mods) if level else data, folder)
            except Exception as exc:          # a failed autosave must never end the game
                self.errors.append(f"autosave failed: {exc}")
            finally:
                self._jobs.task_done()

    def _write(self, data: dict, folder: Path) -> None:
        if folder not in self._cleaned:
            self._cleaned.add(folder)
            saves.remove_stale_temps(folder)
        saves.write_atomic(saves.next_autosave(folder), saves.encode(data))
        saves.prune_autosaves(folder, self.keep)

    def wait(self) -> None:
        """Block until every queued autosave is on disk (tests, quitting)."""
        self._jobs.join()
