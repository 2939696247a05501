"""The Alpha Strike rules: card values, movement, combat, critical hits and
the end phase."""
