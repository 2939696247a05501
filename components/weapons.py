"""Mounted weapons, ammunition bins and other equipment."""
from dataclasses import dataclass, field


@dataclass
class Mount:
    type: str                 # weapons table name (assets/weapons.toml)
    location: str
    rear: bool = False
    destroyed: bool = False
    jammed: bool = False      # vehicle weapon malfunction


@dataclass
class Weapons:
    mounts: list[Mount] = field(default_factory=list)


@dataclass
class AmmoBin:
    type: str
    location: str
    shots: int


@dataclass
class Ammo:
    bins: list[AmmoBin] = field(default_factory=list)


@dataclass
class Equipment:
    hatchet: str | None = None          # arm location carrying a hatchet
    hatchet_destroyed: bool = False
    case: list[str] = field(default_factory=list)
    club: str | None = None             # carried club: "tree" | "<limb>" | None
