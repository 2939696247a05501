"""The Classic (Total Warfare) rules for BattleMechs: weapon and physical
attacks, firing arcs, hit locations, critical hits, piloting, heat,
displacement and the end of the turn. Combat vehicles add theirs in
systems/vehicles/."""
