"""What the rules remember within a turn, beyond the units' own components:
the attacks declared and waiting to be resolved, the piloting rolls asked
for, the Alpha Strike combat record, the jams standing when the weapon phase
began, deployment before the first turn, and the players' picks of a
destroyed weapon. Plain data; the systems that
declare and resolve them hold the rules, engine/turn_record.py its JSON form
(the game's `phase_data` in saves). Field metadata: "json" names the key a
field has in the saved form, "omit" leaves a None value out of it."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from components.vocabulary import HexLabel, Modifiers, Side, UnitId

OMIT = {"omit": True}


@dataclass
class ChargeDeclaration:
    """A charge or death from above declared with a move (P-CHARGE), judged
    again at the start of the physical phase (to-hit, hexes moved, where the
    units stood then)."""

    unit: UnitId
    attack: Literal["charge", "dfa"]
    target: UnitId | None                                          # None: a building (target_hex)
    miss_to: str | None = field(default=None, metadata=OMIT)      # "left" | "right" (P-CHARGE-16)
    automatic_miss: str | None = field(default=None, metadata=OMIT)
    to_hit: int | None = field(default=None, metadata=OMIT)
    modifiers: Modifiers | None = field(default=None, metadata=OMIT)
    hexes: int | None = field(default=None, metadata=OMIT)
    origin: list[int] | None = field(default=None, metadata={"json": "from", "omit": True})
    target_at: list[int] | None = field(default=None, metadata=OMIT)
    target_hex: HexLabel | None = field(default=None, metadata=OMIT)    # a charge on a building (B-PHYS-3)
    # A death from above: the level its jump started at and the jump MP, to
    # judge again where it comes down (B-MOVE-9).
    jump_from_level: int | None = field(default=None, metadata=OMIT)
    jump_mp: int | None = field(default=None, metadata=OMIT)


@dataclass
class PhysicalDeclaration:
    """A punch, kick, push, club or hatchet attack declared this phase."""

    unit: UnitId
    attack: str
    limb: str | None
    target: UnitId | None                     # None: a building (target_hex), hit without a roll
    to_hit: int | None
    modifiers: Modifiers
    damage: int
    table: str
    origin: list[int] = field(default_factory=list, metadata={"json": "from"})
    target_at: list[int] = field(default_factory=list)
    side: str | None = field(default=None, metadata=OMIT)    # "random": a die picks it
    target_hex: HexLabel | None = field(default=None, metadata=OMIT)


@dataclass
class PsrRequest:
    """A piloting skill roll asked for at the end of the phase, or an
    automatic fall (`automatic`, no roll)."""

    unit: UnitId
    reason: str
    modifier: int | None = field(default=None, metadata=OMIT)
    automatic: bool | None = field(default=None, metadata=OMIT)


@dataclass
class ShotDeclaration:
    """A weapon attack declared this phase, rolled when the phase ends: at
    a unit (`target`), or at the building in a hex (`target_hex`, target
    None; to_hit None when it hits without a roll)."""

    attacker: UnitId
    target: UnitId | None
    weapon: str
    mount: int
    type: str
    to_hit: int | None
    modifiers: Modifiers
    range: int
    band: str | None
    partial_cover: bool = False
    target_hex: HexLabel | None = field(default=None, metadata=OMIT)
    cover_hex: HexLabel | None = field(default=None, metadata=OMIT)    # the building the target's legs are behind


@dataclass
class AlphaStrikeDeclaration:
    """An Alpha Strike attack declared this turn (systems/alpha_strike/combat.py)."""

    attacker: UnitId
    target: UnitId
    attack: str
    range: str
    hexes: int
    to_hit: int
    modifiers: Modifiers
    damage: int
    minimal: bool
    overheat: int
    overheat_damage: int
    ht: int


@dataclass
class AlphaStrikeHit:
    """Damage an Alpha Strike attack dealt, taking effect in the end phase."""

    attacker: UnitId
    target: UnitId
    amount: int
    attack: str


@dataclass
class AlphaStrikeCombat:
    """This turn's Alpha Strike combat record."""

    declared: list[AlphaStrikeDeclaration] = field(default_factory=list)   # waiting to be rolled
    hits: list[AlphaStrikeHit] = field(default_factory=list)               # applied in the end phase
    overheat: dict[UnitId, int] = field(default_factory=dict)                 # OV used this turn (AS-COOL-1)
    fired: list[UnitId] = field(default_factory=list)                         # made a weapon attack (AS-COOL-2)
    ht_heat: dict[UnitId, int] = field(default_factory=dict)                  # HT heat received, before the cap


@dataclass
class Jam:
    """A turret ("turret") or weapon (mount index) jammed when the weapon
    phase began (V-CE-12, V-CE-15); saved as [unit, item]."""

    unit: UnitId
    item: str | int


@dataclass
class DeploymentState:
    """Deployment under way: each side's hexes (labels), the order the
    sides deploy in, and the sides that have finished."""

    zones: dict[Side, list[HexLabel]] = field(default_factory=dict)
    order: list[Side] = field(default_factory=list)
    done: list[Side] = field(default_factory=list)


@dataclass
class WeaponPick:
    """A player's pick of the weapon a "weapon destroyed" critical hit takes
    from `unit` in `location` (V-CE-14), waiting for that hit this turn."""

    unit: UnitId
    location: str
    weapon: str                 # its order name
    chooser: str                # owner | attacker


@dataclass
class TurnRecord:
    """Everything of the above the game holds now (empty at each turn's start)."""

    charges: list[ChargeDeclaration] = field(default_factory=list)
    physical: list[PhysicalDeclaration] = field(default_factory=list)
    psr_queue: list[PsrRequest] = field(default_factory=list)
    weapon_attacks: list[ShotDeclaration] = field(default_factory=list)
    turret_turned: list[UnitId] = field(default_factory=list)       # turrets set this turn (V-ATK-5)
    jams_at_start: list[Jam] = field(default_factory=list)
    alpha_strike: AlphaStrikeCombat | None = None
    deployment: DeploymentState | None = None
    weapon_picks: list[WeaponPick] = field(default_factory=list)
