"""Replays: play a saved game back step by step by re-simulating it.

A game records its state before the first action (`record.setup`: map,
units, dice seed and generator state, forced dice) and every action taken on
it afterwards (turn and phase calls, every order submitted, accepted or
refused, forced dice added later): see `Game._recorded` in engine/game.py.
A replay rebuilds the game from the setup and performs the actions again
through the same rules, so the dice come out the same and the replay ends in
exactly the saved final state; `verify()` checks that it does, in time that
grows with the game (each action once, one comparison at the end).
Stepping back restores the nearest checkpoint: the state at the start of
every `CHECKPOINT_TURNS`-th turn, taken while playing forward, without the
event log and record (their length is kept: both only grow), so taking one
costs the size of the units, not of the game so far. Checkpoints live in
memory only, never in saves.

`Replay` is the step API the UI drives: `forward()`, `back()`,
`jump_to_turn(n)`, `to_end()`, with `game` always the state after the
current step. A save without a record (an old format) can only be shown from
its event log: `simulated` is then False and the steps walk the events.

Command line: `hexmech replay SAVE` opens the game window in read-only replay
mode (engine/ui/replay_view.py; `--screenshot PATH` renders one frame);
`--json` / `--text` play it back headless (also `python -m engine replay`).
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from engine.errors import DataError

CHECKPOINT_TURNS = 10


class Replay:
    def __init__(self, saved_game: dict[str, Any], fname: str = "save",
                 frontend: dict[str, Any] | None = None) -> None:
        """`saved_game`: a checked game state with its record (read, never changed)."""
        from engine.game import Game
        self.fname = fname
        self.final = saved_game
        self.frontend = frontend or {}
        record = self.final.get("record") or {"setup": None, "actions": []}
        self.setup = record["setup"]
        self.actions: list[dict[str, Any]] = record["actions"]
        self.simulated = self.setup is not None
        self.position = 0
        if self.simulated:
            self.game = Game.from_dict(self.setup)
            self._checkpoints: dict[int, tuple[dict[str, Any], int, int]] = {0: self._checkpoint()}
        else:
            self.game = Game.from_dict(self.final)

    @classmethod
    def from_file(cls, path: Path | str, frontends: dict[str, Any] | None = None) -> "Replay":
        """A replay of a save file, checked whole first (front-end sections
        through `frontends`, as engine/saves.py `read`)."""
        from engine.saves import read
        loaded = read(path, frontends)
        return cls(loaded.data["game"], str(path), loaded.frontend)

    @classmethod
    def from_game(cls, game) -> "Replay":
        return cls(game.to_dict(), "game")

    # ---------------------------------------------------------------- size
    @property
    def length(self) -> int:
        """Number of steps: recorded actions, or events for an event-only replay."""
        return len(self.actions) if self.simulated else len(self.final["events"])

    @property
    def at_end(self) -> bool:
        return self.position >= self.length

    @property
    def events(self) -> list[dict[str, Any]]:
        """The events up to the current step."""
        if self.simulated:
            return self.game.log.events
        return self.final["events"][:self.position]

    @property
    def turn(self) -> int:
        if self.simulated:
            return self.game.turn
        return self.final["events"][self.position - 1]["turn"] if self.position else 0

    def turns(self) -> list[int]:
        """The turns that were played."""
        if self.simulated:
            return [a["turn"] + 1 for a in self.actions if a["do"] == "start_turn"]
        return sorted({e["turn"] for e in self.final["events"] if e["turn"] > 0})

    # ---------------------------------------------------------------- stepping
    def forward(self, steps: int = 1) -> list[dict[str, Any]]:
        """Take up to `steps` steps; returns the events they produced."""
        before = len(self.events)
        for _ in range(steps):
            if self.at_end:
                break
            if self.simulated:
                self._apply(self.actions[self.position], self.position)
                self.position += 1
                nxt = self.actions[self.position] if self.position < self.length else None
                if nxt is not None and nxt["do"] == "start_turn" and nxt["turn"] % CHECKPOINT_TURNS == 0:
                    if self.position not in self._checkpoints:
                        self._checkpoints[self.position] = self._checkpoint()
            else:
                self.position += 1
        return self.events[before:]

    def back(self, steps: int = 1) -> None:
        self.seek(max(0, self.position - steps))

    def seek(self, position: int) -> None:
        """Go to the state after `position` steps (re-simulating from the
        nearest turn start before it)."""
        position = max(0, min(position, self.length))
        if not self.simulated:
            self.position = position
            return
        if position < self.position:
            start = max(p for p in self._checkpoints if p <= position)
            state, events, actions = self._checkpoints[start]
            record = self.game.record
            self.game.restore({**state, "events": self.game.log.events[:events],
                               "record": {"setup": record["setup"], "actions": record["actions"][:actions]}})
            self.position = start
        self.forward(position - self.position)

    def _checkpoint(self) -> tuple[dict[str, Any], int, int]:
        """The state now without the log and record, and their lengths."""
        g = self.game
        return g.to_dict(record=False, events=False), len(g.log.events), len(g.record["actions"])

    def jump_to_turn(self, turn: int) -> None:
        """Go to the start of `turn` (initiative decided, nothing moved yet);
        turn 0 is the setup, a turn after the last one goes to the end."""
        if turn <= 0:
            self.seek(0)
            return
        if self.simulated:
            for i, a in enumerate(self.actions):
                if a["do"] == "start_turn" and a["turn"] + 1 == turn:
                    self.seek(i + 1)
                    return
        else:
            for i, e in enumerate(self.final["events"]):
                if e["turn"] >= turn:
                    self.seek(i)
                    return
        self.seek(self.length)

    def to_end(self) -> None:
        self.seek(self.length)

    def _apply(self, action: dict[str, Any], index: int) -> None:
        try:
            apply_action(self.game, action)
        except DataError:
            raise
        except Exception as exc:
            raise DataError(f"{self.fname}: game.record.actions[{index}]: the replay failed here: "
                            f"{type(exc).__name__}: {exc}"[:500]) from None

    # ---------------------------------------------------------------- checking
    def verify(self) -> list[str]:
        """Play to the end and compare with the saved final state. Returns the
        differences (empty when the replay reproduces the game exactly)."""
        if not self.simulated:
            return []
        self.to_end()
        g, final = self.game, self.final
        rest = {k: v for k, v in final.items() if k not in ("events", "record")}
        if g.log.events == final["events"] and g.record == final["record"] \
                and g.to_dict(record=False, events=False) == {**rest, "events": []}:
            return []          # the log and record compared as they are, without copying them
        return differences(final, g.to_dict())

    def close(self) -> None:
        self.game.close()


def apply_action(game, action: dict[str, Any]) -> None:
    """Carry out one action of a game's record (`Game.record`) on `game`."""
    from engine.orders import order_from_dict
    do = action["do"]
    if do == "start_turn":
        game.start_turn(action.get("initiative"))
    elif do == "start_phase":
        game.start_phase(action["phase"])
    elif do == "end_phase":
        game.end_phase()
    elif do == "submit":
        game.submit(order_from_dict(action["order"]))
    elif do == "force":
        game.dice.force(action["purpose"], *action["totals"])
    else:
        raise ValueError(f"unknown action {do!r}")


def differences(a: Any, b: Any, where: str = "game", limit: int = 10) -> list[str]:
    """Where two JSON values differ (paths, at most `limit`)."""
    if a == b:
        return []
    out: list[str] = []

    def walk(x: Any, y: Any, w: str) -> None:
        if len(out) >= limit:
            return
        if isinstance(x, dict) and isinstance(y, dict):
            for k in list(x) + [k for k in y if k not in x]:
                if k not in x or k not in y:
                    out.append(f"{w}.{k}: only in {'the saved game' if k in x else 'the replay'}")
                else:
                    walk(x[k], y[k], f"{w}.{k}")
        elif isinstance(x, list) and isinstance(y, list):
            if len(x) != len(y):
                out.append(f"{w}: {len(x)} entries saved, {len(y)} replayed")
            for i, (p, q) in enumerate(zip(x, y)):
                walk(p, q, f"{w}[{i}]")
        elif x != y:
            out.append(f"{w}: saved {json.dumps(x)[:60]}, replayed {json.dumps(y)[:60]}")
    walk(a, b, where)
    return out[:limit]


# --------------------------------------------------------------------- command line
def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="hexmech replay",
                                     description="play a saved game back from its record")
    parser.add_argument("save")
    parser.add_argument("--json", action="store_true", help="print one JSON document (events, final units)")
    parser.add_argument("--text", action="store_true", help="print the combat log instead of opening the window")
    parser.add_argument("--turn", type=int, default=None, help="stop at the start of this turn")
    parser.add_argument("--screenshot", metavar="PATH", help="render one frame of the replay window to PATH and exit")
    parser.add_argument("--size", default="1400x860", help="window size WxH")
    args = parser.parse_args(argv)
    from engine.persistence import CHECKS
    try:
        replay = Replay.from_file(args.save, CHECKS)
        if not (args.json or args.text):
            from engine.ui.main import run_replay
            if args.turn is not None:
                replay.jump_to_turn(args.turn)
            return run_replay(replay, args.screenshot, args.size)
        if args.turn is not None:
            replay.jump_to_turn(args.turn)
            problems: list[str] = []
        else:
            problems = replay.verify()
    except DataError as exc:
        print(exc.first_line(), file=sys.stderr)
        return 2
    game = replay.game
    if args.json:
        json.dump({"ruleset": game.ruleset.name, "events": replay.events, "units": game.snapshots(),
                   "winner": game.winner, "simulated": replay.simulated,
                   "verified": (not problems) if replay.simulated and args.turn is None else None,
                   "differences": problems}, sys.stdout)
        sys.stdout.write("\n")
    else:
        from engine import combat_log
        for line in combat_log.lines(replay.events):
            print(line)
        if not replay.simulated:
            print("(this save has no record of its orders: shown from its event log)")
        elif args.turn is None:
            print("replay matches the saved game" if not problems else "replay differs from the saved game:")
    for p in problems:
        print(f"{args.save}: {p}", file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
