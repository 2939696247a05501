"""Autosaves without stalling the frame. The game state is copied on the
main thread (the only step that reads the live game), but the append-only
parts (the event log, the replay record's actions) are copied
incrementally, so the copy stays small however long the battle, and the
map's hexes are shared, not copied (a rule replaces a hex's terrain, never
changes it). Telling the map as a dict, the maps as their level plus the
changes (engine/saves.py `on_level`), encoding (the pure-Python JSON
encoder, which lets the frame loop run between chunks, then gzip), the
atomic fsynced write and pruning old autosaves happen on a worker thread,
one save at a time, in order.

The first autosave into a folder removes the temporary files a crash left
there; each write takes the next free autosave name (engine/saves.py
`next_autosave`) and keeps the newest `keep`. A failed write is put in
`errors` as soon as it fails (the window shows it on its next frame)."""
from __future__ import annotations

import json
import queue
import threading
from dataclasses import replace
from pathlib import Path

from engine import saves
from engine.hexmap import HexMap


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


def _envelope(state: dict, hexmap: HexMap, frontend: dict) -> dict:
    """The save (saves.envelope) of a state copied without its map."""
    return saves.envelope({"ruleset": state.pop("ruleset"), "map": hexmap.to_dict(), **state}, frontend)


class BackgroundSaver:
    def __init__(self, keep: int = saves.AUTOSAVES_KEPT) -> None:
        self.keep = keep
        self.errors: list[str] = []
        self._jobs: "queue.Queue[tuple | None]" = queue.Queue()
        self._thread: threading.Thread | None = None
        self._cleaned: set[Path] = set()

    def snapshot(self, game) -> dict:
        """`saves.save_dict(game)`, made as an autosave makes it (`_copy`,
        then `_envelope`)."""
        return _envelope(*self._copy(game))

    def _copy(self, game) -> tuple[dict, HexMap, dict]:
        """What an autosave of `game` needs, copied (the game may change
        meanwhile): its state without the map, reusing the copies of events
        and record actions made for earlier autosaves of the same game (the
        copy is made again from where the log no longer holds what was
        copied: a move taken back) and sharing the record's setup (it never
        changes once made); the map as a HexMap holding the game's hex
        terrains (the rules replace a hex's Terrain, HexMap.set, and never
        change one), told as a dict on the worker; the front end's sections."""
        if getattr(self, "_game", None) is not game:
            self._game, self._events, self._actions = game, _Copied(), _Copied()
        d = game.to_dict(record=False, events=False, map=False)
        d["events"] = self._events.update(game.log.events)
        rec = getattr(game, "record", None)
        if isinstance(rec, dict):
            d["record"] = {"setup": rec.get("setup"), "actions": self._actions.update(rec.get("actions", []))}
        hm = game.map
        shared = replace(hm, hexes=dict(hm.hexes), clubs={h: list(v) for h, v in hm.clubs.items()},
                         phase_cf=dict(hm.phase_cf), collapsed=dict(hm.collapsed))
        return d, shared, json.loads(json.dumps(game.frontend))

    def autosave(self, game, folder: Path, level: str | Path | None = None,
                 roots: dict[str, list[Path]] | None = None, mods: list[Path] | None = None) -> None:
        """Autosave `game` (played on `level`, named in `roots`) into `folder`."""
        self._jobs.put((self._copy(game), Path(folder), level, roots or {}, list(mods or [])))
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
                copied, folder, level, roots, mods = job
                data = _envelope(*copied)
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
