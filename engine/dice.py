"""The one dice service. Every roll has a purpose (contract/scenario.md) and
becomes a `roll` event. Scenarios and tests may force results per purpose;
a forced value is the total of the roll. Unforced rolls come from a seeded
generator whose state is saved with the game.

Dice rolled at the table (the hot-seat window's tabletop assistant mode):
the players roll real dice and type the totals in. The rules resolve rolls
in the middle of a phase (a sideslip during a move, the criticals of a hit),
and they stay as they are, synchronous and deterministic: the seam is the
forced results. With `ask` on, a roll that has no forced result does not
touch the generator: it raises `RollNeeded` (purpose, dice, what it decides).
Waiting for a typed roll is then done by the caller, around a whole action
(a move, the last declaration of a phase, ending a phase):

1. keep a checkpoint of everything the action can change (the game's
   state, record included, and the hot-seat position);
2. force the rolls already typed for this action, in the order they were
   asked for, and run the action;
3. if it raises `RollNeeded`, go back to the checkpoint, ask the players
   for that roll (its target number, when the rules show one, is found by
   running the action once more with a stand-in result on top and reading
   the event that roll decides, before going back again), add the typed
   total to the list and start again at 2;
4. when the action runs through, every roll it made was a typed one.

An action is deterministic given its rolls, so each attempt makes the same
rolls in the same order and the typed totals land where they were asked
for. The typed totals are forced results like any other: the game records
them (engine/game.py records every `force` made outside an action), so the
battle saves and replays as any other, and `ask` itself is not saved (a
replay or a loaded game rolls nothing new unless the window turns it on).
"""
from __future__ import annotations

import random
import re
from collections import deque

from engine.events import EventLog

PURPOSES = (
    "initiative", "to_hit", "location", "cluster", "critical", "slot",
    "motive", "psr", "fall", "consciousness",
    # extensions beyond contract v1
    "shutdown", "ammo_explosion", "displacement", "misc",
    "minimal_damage",   # Alpha Strike 0* damage: 1d6, 4-6 deals 1 (AS-DMG-2)
)


class RollNeeded(Exception):
    """A roll must be made at the table: `count` d6 for `purpose`, deciding
    `for_`; `target` is the number to roll, when the rules show one."""

    def __init__(self, purpose: str, count: int, for_: str) -> None:
        super().__init__(f"{count}d6 for {purpose}: {for_}")
        self.purpose = purpose
        self.count = count
        self.for_ = for_
        self.target: int | None = None


class Dice:
    def __init__(self, log: EventLog, seed: int = 0, forced: dict[str, list[int]] | None = None) -> None:
        self.log = log
        self.seed = seed
        self.rng = random.Random(seed)
        self.forced: dict[str, deque[int]] = {p: deque(v) for p, v in (forced or {}).items()}
        self.on_force = None      # the game records forced dice added during play (replays)
        self.ask = False          # rolls without a forced result are made at the table (RollNeeded)

    def force(self, purpose: str, *totals: int) -> None:
        self.forced.setdefault(purpose, deque()).extend(totals)
        if self.on_force is not None:
            self.on_force(purpose, list(totals))

    def forced_count(self) -> int:
        """How many forced results wait to be rolled."""
        return sum(len(q) for q in self.forced.values())

    def roll(self, purpose: str, count: int = 2, for_: str = "") -> int:
        """Roll `count` d6 for `purpose`; returns the total and logs a roll event."""
        if purpose not in PURPOSES:
            raise ValueError(f"unknown dice purpose {purpose!r}")
        queue = self.forced.get(purpose)
        if queue:
            total = int(queue.popleft())
            lo, hi = count, 6 * count
            total = min(max(total, lo), hi)
            faces = _faces_for_total(total, count)
            forced = True
        elif self.ask:
            raise RollNeeded(purpose, count, for_)
        else:
            faces = [self.rng.randint(1, 6) for _ in range(count)]
            total = sum(faces)
            forced = False
        self.log.emit("roll", purpose=purpose, dice=faces, total=total, forced=forced, **{"for": for_})
        return total

    def d6(self, purpose: str, for_: str = "") -> int:
        return self.roll(purpose, 1, for_)

    def choice(self, purpose: str, options: list, for_: str = ""):
        """Pick one of up to six options with a d6 (re-rolling faces beyond the list)."""
        if len(options) == 1:
            return options[0]
        if len(options) > 6:
            raise ValueError("choice supports at most six options")
        while True:
            face = self.d6(purpose, for_)
            if face <= len(options):
                return options[face - 1]

    # ------------------------------------------------------------ save/load
    def to_dict(self) -> dict:
        version, internal, gauss = self.rng.getstate()
        return {
            "seed": self.seed,
            "rng": [version, list(internal), gauss],
            "forced": {p: list(q) for p, q in sorted(self.forced.items())},
        }

    @classmethod
    def from_dict(cls, log: EventLog, d: dict) -> "Dice":
        dice = cls(log, d["seed"], d.get("forced"))
        version, internal, gauss = d["rng"]
        dice.rng.setstate((version, tuple(internal), gauss))
        return dice


def _faces_for_total(total: int, count: int) -> list[int]:
    faces = []
    remaining = total
    for i in range(count):
        left = count - i - 1
        face = min(6, remaining - left)
        faces.append(face)
        remaining -= face
    return faces


def player_generator(seed: int, *names: object) -> random.Random:
    """A generator of a player's own (a computer opponent's noise, the
    random player's choices), derived from the battle's seed and the names
    given (side, turn, phase, unit): the same names give the same numbers in
    every process, and it never draws from the battle's dice nor changes
    them (a string seed is hashed with SHA-512, whatever PYTHONHASHSEED)."""
    return random.Random("/".join(str(n) for n in (seed, *names)))


def target_shown(events: list[dict], index: int) -> int | None:
    """The number the `index`-th roll among `events` had to reach, where
    the events show it: "needs N" in what the roll was for, else the to-hit
    of the attack it decided or the target of the piloting or
    consciousness roll it was (the events up to the next roll)."""
    rolls = [i for i, e in enumerate(events) if e["type"] == "roll"]
    if index >= len(rolls):
        return None
    at = rolls[index]
    end = rolls[index + 1] if index + 1 < len(rolls) else len(events)
    said = re.search(r"needs (\d+)", str(events[at].get("for", "")))
    if said:
        return int(said.group(1))
    for e in events[at + 1:end]:
        if e["type"] == "attack" and isinstance(e.get("to_hit"), int):
            return e["to_hit"]
        if e["type"] in ("psr", "consciousness") and isinstance(e.get("target"), int):
            return e["target"]
    return None
