"""Armor and internal structure points per location (current and original)."""
from dataclasses import dataclass, field


@dataclass
class Armor:
    points: dict[str, int] = field(default_factory=dict)
    original: dict[str, int] = field(default_factory=dict)


@dataclass
class Structure:
    points: dict[str, int] = field(default_factory=dict)
    original: dict[str, int] = field(default_factory=dict)
