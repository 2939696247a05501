"""Combat vehicles and VTOLs in the Classic game: movement by motive type,
the rolls made while moving (sideslips, skids, collisions, crashes), hit
locations, critical hits, motive damage, physical attacks and displacement."""
