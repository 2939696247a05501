"""The names a saved or logged value may carry: `UnitId` names a unit,
`Side` a side, `HexLabel` a hex number ("XXYY"), `Modifiers` a list of
`[label, value]` pairs summing to a target number. Typing a field with one
of them lets a save check that the value names something in the game."""
from typing import NewType

UnitId = NewType("UnitId", str)
Side = NewType("Side", str)
HexLabel = NewType("HexLabel", str)
Modifiers = NewType("Modifiers", list)
