"""The event log: every rule outcome is appended here as a plain dict.

The combat log, the scenario runner's JSON output, replays and saves are all
built from this one list. Every event carries `turn`, `phase` and `type`
(contract/scenario.md); systems add the fields of their event type.
"""
from __future__ import annotations

from typing import Any


class EventLog:
    def __init__(self) -> None:
        self.events: list[dict[str, Any]] = []
        self.turn = 0
        self.phase = "setup"

    def emit(self, type_: str, **fields: Any) -> dict:
        event = {"turn": self.turn, "phase": self.phase, "type": type_}
        event.update(fields)
        self.events.append(event)
        return event

    def of_type(self, type_: str) -> list[dict]:
        return [e for e in self.events if e["type"] == type_]

    def since(self, index: int) -> list[dict]:
        return self.events[index:]

    def __len__(self) -> int:
        return len(self.events)
