"""Systems: the rules, working on the esper world (nothing here imports
pygame), one module per rule area in four packages:

- systems/common/: what every ruleset shares (the movement step loop,
  damage, line of sight, unit state, victory);
- systems/classic/: the Classic (Total Warfare) rules for BattleMechs;
- systems/vehicles/: combat vehicles and VTOLs in the Classic game;
- systems/alpha_strike/: the Alpha Strike rules.

A ruleset (engine/rulesets.py) picks the packages it plays with."""
