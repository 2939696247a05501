"""The one dice service. Every roll has a purpose (contract/scenario.md) and
becomes a `roll` event. Scenarios and tests may force results per purpose;
a forced value is the total of the roll. Unforced rolls come from a seeded
generator whose state is saved with the game.
"""
from __future__ import annotations

import random
from collections import deque

from engine.events import EventLog

PURPOSES = (
    "initiative", "to_hit", "location", "cluster", "critical", "slot",
    "motive", "psr", "fall", "consciousness",
    # extensions beyond contract v1
    "shutdown", "ammo_explosion", "displacement", "misc",
    "minimal_damage",   # Alpha Strike 0* damage: 1d6, 4-6 deals 1 (AS-DMG-2)
)


class Dice:
    def __init__(self, log: EventLog, seed: int = 0, forced: dict[str, list[int]] | None = None) -> None:
        self.log = log
        self.seed = seed
        self.rng = random.Random(seed)
        self.forced: dict[str, deque[int]] = {p: deque(v) for p, v in (forced or {}).items()}
        self.on_force = None      # the game records forced dice added during play (replays)

    def force(self, purpose: str, *totals: int) -> None:
        self.forced.setdefault(purpose, deque()).extend(totals)
        if self.on_force is not None:
            self.on_force(purpose, list(totals))

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
