"""What a unit did this turn: its move and its attacks. Reset each turn;
the rules read it for movement modifiers and for who may still attack."""
from dataclasses import dataclass, field


@dataclass
class TurnState:
    moved: bool = False
    mode: str = "none"          # none | walk | run | jump | cruise | flank
    hexes_moved: int = 0        # hexes entered (target movement modifier)
    mp_spent: int = 0
    backward: bool = False
    charge_target: str | None = None
    charge_hex: str | None = None     # the building hex a charge was declared on (B-PHYS-3)
    dfa_target: str | None = None
    fired_locations: list[str] = field(default_factory=list)
    fired: bool = False
    targets: list[str] = field(default_factory=list)
    torso_twist: int = 0        # -1 left, 0 none, +1 right
    physical_done: bool = False
    damage_this_phase: int = 0
    picked_up_club: bool = False
    skidded: bool = False
    sideslipped: bool = False
