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


class _Copied:
    """A copy of an append-only list, brought up to date by copying what
    was added since (all of it again when the list no longer starts with
    the items copied last time: entries taken back and others added)."""

    def __init__(self) -> None:
        self.items: list = []
        self._last = None           # the list's item the copy ends with

    def update(self, source: list) -> list:
        n = len(self.items)
        if n > len(source) or (n and source[n - 1] is not self._last):
            self.items, n = [], 0
        self.items += json.loads(json.dumps(source[n:]))
        self._last = source[-1] if source else None
        return list(self.items)


class BackgroundSaver:
    def __init__(self, keep: int = saves.AUTOSAVES_KEPT) -> None:
        self.keep = keep
        self.errors: list[str] = []
        self._jobs: "queue.Queue[tuple | None]" = queue.Queue()
        self._thread: threading.Thread | None = None
        self._cleaned: set[Path] = set()

    def snapshot(self, game) -> dict:
        """`saves.save_dict(game)`, reusing the copies of events and record
        actions made for earlier autosaves of the same game (the copy is
        made again from where the log no longer holds what was copied: a
        move taken back), the map copied by its own `to_dict` (fresh data)
        and the record's setup shared: it never changes once made."""
        if getattr(self, "_game", None) is not game:
            self._game, self._events, self._actions = game, _Copied(), _Copied()
        d = game.to_dict(record=False, events=False, map=False)
        d = {"ruleset": d.pop("ruleset"), "map": game.map.to_dict(), **d}
        d["events"] = self._events.update(game.log.events)
        rec = getattr(game, "record", None)
        if isinstance(rec, dict):
            d["record"] = {"setup": rec.get("setup"), "actions": self._actions.update(rec.get("actions", []))}
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
