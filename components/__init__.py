"""Components: plain dataclasses, one concern each, no rules."""
from components.identity import Identity
from components.position import Position
from components.crew import Crew
from components.movement import MechMovement, VehicleMovement
from components.armor import Armor, Structure
from components.actuators import Actuators, ARM_ACTUATORS, LEG_ACTUATORS
from components.weapons import Mount, Weapons, AmmoBin, Ammo, Equipment
from components.heat import HeatSinks, ClassicHeat, AlphaStrikeHeat
from components.flight import Altitude, Turret
from components.status import Status
from components.turn_state import TurnState
from components.alpha_strike import AlphaStrikeCard
from components.criticals import CriticalSlots
from components.vehicle_state import VehicleCrits
from components.turn_record import (AlphaStrikeCombat, AlphaStrikeDeclaration, AlphaStrikeHit, ChargeDeclaration,
                                    DeploymentState, Jam, PhysicalDeclaration, PsrRequest, ShotDeclaration,
                                    TurnRecord, WeaponPick)

ALL_COMPONENTS = (
    Identity, Position, Crew, MechMovement, VehicleMovement, Armor, Structure,
    Actuators, Weapons, Ammo, Equipment, HeatSinks, ClassicHeat, AlphaStrikeHeat,
    Altitude, Turret, Status, TurnState, AlphaStrikeCard, CriticalSlots, VehicleCrits,
)

__all__ = [
    "Identity", "Position", "Crew", "MechMovement", "VehicleMovement", "Armor", "Structure",
    "Actuators", "ARM_ACTUATORS", "LEG_ACTUATORS", "Mount", "Weapons", "AmmoBin", "Ammo",
    "Equipment", "HeatSinks", "ClassicHeat", "AlphaStrikeHeat", "Altitude", "Turret", "Status",
    "TurnState", "AlphaStrikeCard", "CriticalSlots", "VehicleCrits", "ALL_COMPONENTS",
    "TurnRecord", "ChargeDeclaration", "PhysicalDeclaration", "PsrRequest", "ShotDeclaration",
    "AlphaStrikeCombat", "AlphaStrikeDeclaration", "AlphaStrikeHit", "Jam", "DeploymentState",
    "WeaponPick",
]
