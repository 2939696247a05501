"""Rules every ruleset shares: the movement step loop, damage to armor and
structure, line of sight, the shared questions about a unit's state, and
victory."""
