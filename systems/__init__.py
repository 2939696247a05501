"""Systems: the rules, one module per area, working on the esper world.
Nothing here imports pygame."""
