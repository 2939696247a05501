"""An Alpha Strike unit card (contract/units.md [AlphaStrike])."""
from dataclasses import dataclass, field


@dataclass
class AlphaStrikeCard:
    type: str
    size: int
    move: int                  # inches; hexes = move // 2
    jump: int = 0              # inches
    tmm: int = 0
    skill: int = 4
    damage: list[str] = field(default_factory=lambda: ["0", "0", "0"])  # "3", "0*"
    overheat: int = 0
    armor: int = 0
    structure: int = 0
    specials: list[str] = field(default_factory=list)
    points: int = 0
    role: str = ""
    crits: dict[str, int] = field(default_factory=dict)   # crit name -> hits
    stunned: bool = False      # Crew Stunned: no move or attack this turn (AS-CRIT-DEST)
