"""State flags of a unit and the list of critical effects it has suffered."""
from dataclasses import dataclass, field


@dataclass
class Status:
    prone: bool = False
    shutdown: bool = False
    immobile: bool = False
    destroyed: bool = False
    destroyed_cause: str = ""
    removed: bool = False      # off the map (destroyed and removed, or pushed off)
    crits: list[str] = field(default_factory=list)
