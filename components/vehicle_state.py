"""Combat vehicle state that damage changes: crew wounds, critical effects,
motive system damage and VTOL crash bookkeeping (rules/vehicles.md V-CE,
V-VCE, T-5). Plain data; systems/vehicles/criticals.py and
systems/vehicles/motive_damage.py hold the rules."""
from dataclasses import dataclass, field


@dataclass
class VehicleCrits:
    engine: str = "ice"                 # ice | fusion | fission | fuel_cell (fuel tank crit)
    cargo: int = 0                      # tons of cargo / infantry bays; 0 after a cargo hit
    # crew (V-CE-3..6, V-VCE-1, V-VCE-4)
    commander_hit: bool = False
    driver_hit: bool = False            # the pilot for a VTOL
    copilot_hit: bool = False
    crew_killed: bool = False
    stun_turns: int = 0                 # turns of "crew stunned" left, counted down in the end phase
    stunned_turn: int = 0               # the turn the last stun was received (stacking, V-CE-5)
    # systems
    engine_hit: bool = False
    sensor_hits: int = 0
    stabilizers: list[str] = field(default_factory=list)    # locations whose stabilizer is hit
    flight_stabilizer: bool = False
    rotor_mp_lost: int = 0              # cruise MP lost to rotor hits and rotor damage crits
    rotors_destroyed: bool = False
    # motive system damage (T-5): results taken so far and the ones waiting for the phase end
    motive_results: list[str] = field(default_factory=list)   # minor | moderate | heavy | major
    pending_motive: list[str] = field(default_factory=list)
    pending_rotor: int = 0              # rotor hits this phase, applied at its end (V-ROTOR-4)
    # V-CE-14: the weapon types the owner gives up first when it picks the
    # weapon a critical destroys (a scenario's weapon_loss_order)
    loss_order: list[str] = field(default_factory=list)
    immobile_cause: str = ""
    # movement events of this turn
    crashed_turn: int = 0               # V-CRASH-3: no attacks in the turn it crashed
    skidded_turn: int = 0
