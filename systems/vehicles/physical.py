"""Physical attacks by and against combat vehicles and VTOLs (rules/vehicles.md
V-PHYS, T-10, T-12; seed 002), taking part in the mech physical attack rules
(systems/classic/melee.py, charge.py, physical_resolution.py) through the
ruleset's hooks; the mech attacks themselves (modifiers, actuators, arcs, damage)
stay there.

What this module owns:
- Vehicle charges (V-PHYS-1..4): VTOLs and WiGEs may not charge (airships
  and fixed-wing support vehicles are not in the game); a vehicle charging a
  standing mech hits it on the kick table, a mech in depth 1 water on the
  punch table (the kick table when the vehicle itself is down at depth 1),
  a prone mech or a vehicle on the normal table; every vehicle in a charge,
  charger or target, hit or miss, makes one motive system roll (T-5): the
  charger with its front (+0), the target with the side struck.
- Mechs against ground vehicles (V-PHYS-5): kick (stomp) a vehicle in the
  mech's own hex, the side hit picked at random; a prone mech with both arms
  may punch a vehicle in its own hex at +2 (core section 4). A vehicle is one
  level tall (V-CHAR-6): like a prone mech, a standing mech cannot punch it
  at the same level, nor kick or swing at it a level lower. A push needs a
  standing mech as target (P-PUSH-1). A death from above uses the Front
  column of the vehicle's table.
- Mechs against airborne VTOLs (V-PHYS-6, -7, T-10): the attacks allowed by
  the level difference (VTOL altitude - the mech's hex level), +1 for an
  airborne target and no woods modifier for it (T-12); any hit destroys the
  rotor, which destroys the VTOL (project decision); a death from above
  needs jump MP >= the level difference.

Rule choices where the seed, the digest and MegaMek differ:
- The seed says vehicles may charge other vehicles "but cannot be charged by
  mechs" (V-PHYS-2: "車輌は他の車輌にチャージ攻撃することができるが、メックにチャージ
  攻撃されることはない"). The digest's project note calls it a mistranslation;
  nothing else in the seed lets a mech charge a vehicle (the sentences after
  it are about a vehicle's charge, the motive roll of a vehicle "チャージの目標
  になった" can be charged by another vehicle, and the mech attacks on
  vehicles it lists are the kick, stomp and death from above), so the seed
  wins, and MegaMek agrees (`ChargeAttackAction.toHit`: "meks can only
  charge standing meks"): a mech's charge on a vehicle is refused, the
  reason naming the rule and the attacks left (docs/rules.md).
- Both motive rolls are made hit or miss (seed V-PHYS-4); MM rolls them only
  when the charge hits.
- T-10 lists a push at level difference 0; the seed's push needs a standing
  mech as target (P-PUSH-1), so no VTOL is ever pushed.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from components import Altitude, Position, Status, VehicleMovement
from engine.hexgrid import Hex, distance
from systems.classic.attack_modifiers import struck_side
from systems.classic.melee import ARMS, club, hatchet, kick, limb_present, punch, underwater
from systems.classic.physical_common import (PhysicalAttack, in_reach, level_of, prone_reason, target_error,
                                             unit_name, water_depth)
from systems.common.to_hit import Modifier
from systems.common.unit_state import airborne

if TYPE_CHECKING:
    from components import ChargeDeclaration
    from engine.game import Game

NO_CHARGE = {"vtol": "VTOL", "wige": "WiGE"}          # V-PHYS-2 (airships, fixed wing: not in the game)
SURFACE_MOTIVES = ("hover", "naval", "hydrofoil", "wige", "vtol")   # ride on the water's surface
MECH_ATTACKS = ("punch", "kick", "club", "hatchet", "death from above")
VEHICLE_TALL = "a vehicle stands one level tall (V-CHAR-6)"


# --------------------------------------------------------------------- helpers
def is_vehicle(game: "Game", ent: int) -> bool:
    return game.kind(ent) == "vehicle"


def altitude(game: "Game", ent: int) -> int:
    """Absolute height: the hex's level plus the elevation above it."""
    alt = game.world.try_component(ent, Altitude)
    return level_of(game, ent) + (alt.level if alt else 0)


def level_difference(game: "Game", mech: int, vtol: int) -> int:
    """T-10: the VTOL's altitude minus the level of the mech's hex."""
    return altitude(game, vtol) - level_of(game, mech)


def t10_allowed(diff: int) -> tuple[str, ...]:
    """T-10: the physical attacks a mech may make on an airborne VTOL
    `diff` levels above its hex (push listed at 0 by T-10, refused by
    P-PUSH-1 anyway)."""
    if diff == 0:
        return ("kick", "club", "hatchet", "push")
    if diff in (1, 2):
        return ("punch", "club", "hatchet")
    if diff == 3:
        return ("club", "hatchet")
    return ()


# --------------------------------------------------------------------- vehicle charges
def check_charge(game: "Game", ent: int, order, result) -> str | None:
    """Declaration check: who may charge (V-PHYS-2), and a death from above
    on an airborne VTOL needs jump MP >= the level difference (V-PHYS-7)."""
    vm = game.world.try_component(ent, VehicleMovement)
    if order.charge and order.charge in game.units and game.kind(ent) == "mech" \
            and is_vehicle(game, game.units[order.charge]):
        return (f"{unit_name(game, game.units[order.charge])} is a vehicle: vehicles cannot be "
                f"charged by mechs (V-PHYS-2); kick it, punch or club it from a level below, "
                f"or jump onto it (death from above, V-PHYS-5)")
    if (order.charge or order.charge_hex) and vm is not None and vm.motive in NO_CHARGE:
        return (f"{unit_name(game, ent)} is a {NO_CHARGE[vm.motive]}: VTOLs, WiGEs, airships and "
                f"fixed-wing support vehicles cannot charge (V-PHYS-2)")
    if order.dfa and order.dfa in game.units and game.kind(ent) == "mech":
        from systems.classic.mech_movement import mech_jump_mp
        return dfa_on_vtol_error(game, result.final.hex, game.units[order.dfa], mech_jump_mp(game, ent))
    return None


def dfa_on_vtol_error(game: "Game", at: Hex, tgt: int, jump: int) -> str | None:
    """Why a mech in `at` with `jump` MP cannot make a death from above on
    `tgt`, an airborne VTOL: below the mech's hex (T-10), or more levels
    above it than the jump MP (V-PHYS-7); None otherwise."""
    if not (airborne(game, tgt) and is_vehicle(game, tgt)):
        return None
    diff = altitude(game, tgt) - game.map.terrain(at).level
    if diff < 0:
        return f"{unit_name(game, tgt)} flies below the mech's hex: no death from above (T-10)"
    if jump < diff:
        return (f"{unit_name(game, tgt)} flies {diff} levels above the mech's hex: a death from "
                f"above needs jump MP {diff} or more, the mech has {jump} (V-PHYS-7)")
    return None


def charge_recheck(game: "Game", ent: int, tgt: int, c: "ChargeDeclaration") -> str | None:
    """Start of the physical phase: a death from above on a VTOL, judged
    again where the VTOL flies after its move (P-CHARGE-3), with the jump
    MP the mech declared with (V-PHYS-7)."""
    if c.attack != "dfa" or c.jump_mp is None:
        return None
    return dfa_on_vtol_error(game, game.world.component(ent, Position).hex, tgt, c.jump_mp)


def charge_table(game: "Game", ent: int, tgt: int) -> str | None:
    """Charge table hook (V-PHYS-3): the table a vehicle's charge uses on a mech."""
    if not is_vehicle(game, ent) or game.kind(tgt) != "mech":
        return None
    if game.world.component(tgt, Status).prone:
        return None                           # the normal table
    if water_depth(game, tgt) == 1:
        return "kick" if submerged(game, ent) else "punch"
    return "kick"


def submerged(game: "Game", ent: int) -> bool:
    """A vehicle down in the water (depth 1 or more), not on its surface."""
    vm = game.world.try_component(ent, VehicleMovement)
    return water_depth(game, ent) >= 1 and (vm is None or vm.motive not in SURFACE_MOTIVES)


def after_charge(game: "Game", entry: "ChargeDeclaration", hit: bool) -> None:
    """After-charge hook (V-PHYS-4): every vehicle in a charge, hit or miss, makes
    one motive system roll: the charger struck with its front, the target
    with the side the charge came from. VTOLs have no motive table."""
    from systems.vehicles import motive_damage
    ent = game.units[entry.unit]
    tgt = game.units[entry.target] if entry.target is not None else None       # None: a building
    for unit, side, why in ((ent, "front", "made a charge"), (tgt, None, "was charged")):
        if unit is None or not is_vehicle(game, unit) or game.world.component(unit, Status).destroyed:
            continue
        if side is None:
            side = struck_side(game, unit, Hex(*entry.origin))
        motive_damage.roll_motive(game, unit, side, reason=f"{why} (V-PHYS-4)")


# --------------------------------------------------------------------- mechs against vehicles
def target_rule(game: "Game", ent: int, tgt: int, attack: str, limb: str | None):
    """Physical target hook: a mech's punch, kick, push, club or hatchet on a vehicle."""
    if not is_vehicle(game, tgt):
        return None
    tname = unit_name(game, tgt)
    tst = game.world.component(tgt, Status)
    if tst.destroyed or tst.removed:
        return PhysicalAttack.impossible(f"{tname} is already destroyed")
    if not game.is_enemy(ent, tgt):
        return PhysicalAttack.impossible(f"{tname} is on your own side")
    if not in_reach(game, ent, tgt):
        return PhysicalAttack.impossible(f"{tname} is not in an adjacent hex")
    d = distance(game.world.component(ent, Position).hex, game.world.component(tgt, Position).hex)
    if attack == "push":
        return PhysicalAttack.impossible(f"{tname} is a vehicle: only a standing mech can be pushed (P-PUSH-1)")
    prone = game.world.component(ent, Status).prone
    if airborne(game, tgt):
        if prone:
            return PhysicalAttack.impossible(prone_reason(game, ent))
        return _airborne_vtol(game, ent, tgt, attack, limb, d)
    if d == 0:
        return _same_hex(game, ent, tgt, attack, limb, prone)
    if prone:
        return PhysicalAttack.impossible(prone_reason(game, ent)
                       + " (a prone mech may punch only a vehicle in its own hex)")
    return _adjacent_ground(game, ent, tgt, attack, limb)


def _adjacent_ground(game: "Game", ent: int, tgt: int, attack: str, limb: str | None):
    """A ground vehicle (or landed VTOL) in an adjacent hex: the mech rules,
    with the vehicle one level tall like a prone mech (V-CHAR-6)."""
    if (reason := target_error(game, ent, tgt)):
        return PhysicalAttack.impossible(reason)
    tname = unit_name(game, tgt)
    diff = level_of(game, tgt) - level_of(game, ent)
    if attack == "punch" and diff == 0:
        return PhysicalAttack.impossible(f"{tname} is too low for a punch at the same level: {VEHICLE_TALL}; "
                       f"kick it, or punch it from a hex one level lower")
    if attack in ("kick", "club", "hatchet") and diff < 0:
        return PhysicalAttack.impossible(f"{tname} is a level lower: {VEHICLE_TALL}, out of reach of a "
                       f"{attack}")
    fn = {"punch": punch, "kick": kick, "club": club, "hatchet": hatchet}[attack]
    return underwater(game, ent, attack, fn(game, ent, tgt, limb))


def _same_hex(game: "Game", ent: int, tgt: int, attack: str, limb: str | None, prone: bool):
    """A vehicle in the mech's own hex: a standing mech kicks (stomps) it, a
    prone mech with both arms may punch it at +2; the side hit is random
    (V-PHYS-5, core section 4)."""
    tname = unit_name(game, tgt)
    if prone:
        if attack != "punch":
            return PhysicalAttack.impossible(f"{unit_name(game, ent)} is prone: it may only punch a vehicle in its own hex")
        for side in ARMS:
            if not limb_present(game, ent, f"{side}_arm"):
                return PhysicalAttack.impossible(f"the {side} arm is gone: a prone mech punches only with both arms "
                               f"intact (core section 4)")
        ev = punch(game, ent, tgt, limb, level_diff=0)
        if not ev.reason:
            ev.add("attacker prone", 2, "section 4")
    elif attack == "kick":
        ev = kick(game, ent, tgt, limb, level_diff=0)
    elif attack == "punch":
        return PhysicalAttack.impossible(f"{tname} is at the mech's feet: a standing mech kicks (stomps) a vehicle in its "
                       f"own hex; only a prone mech can punch it (V-PHYS-5)")
    else:
        return PhysicalAttack.impossible(f"{tname} is in the mech's own hex: only a kick (stomp) reaches it (V-PHYS-5)")
    if not ev.reason:
        ev.side = "random"
    return underwater(game, ent, attack, ev)


def _airborne_vtol(game: "Game", ent: int, tgt: int, attack: str, limb: str | None, d: int):
    """An airborne VTOL: T-10 by level difference, +1 for an airborne target
    (T-12); the woods in its hex give it nothing (V-VATK-5, the shared woods
    modifier)."""
    tname = unit_name(game, tgt)
    diff = level_difference(game, ent, tgt)
    allowed = t10_allowed(diff)
    if not allowed:
        where = "below the mech's hex" if diff < 0 else f"{diff} levels above the mech's hex"
        return PhysicalAttack.impossible(f"{tname} flies {where}: no physical attack reaches it (T-10)")
    if attack not in allowed:
        names = ", ".join(a for a in allowed if a != "push")
        return PhysicalAttack.impossible(f"{tname} flies {diff} level{'s' if diff != 1 else ''} above the mech's hex: "
                       f"a {attack} cannot reach it there, only {names} (T-10)")
    fn = {"punch": punch, "kick": kick, "club": club, "hatchet": hatchet}[attack]
    ev = fn(game, ent, tgt, limb, level_diff=0)
    if ev.reason:
        return ev
    ev.add("target airborne VTOL", 1, "T-12")
    if d == 0:
        ev.side = "random"
    return underwater(game, ent, attack, ev)


def charge_modifiers(game: "Game", ent: int, tgt: int, dfa: bool) -> list[Modifier]:
    """Charge modifier hook: a death from above on an airborne VTOL, +1 (T-12)."""
    if is_vehicle(game, tgt) and airborne(game, tgt):
        return [Modifier("target airborne VTOL", 1, "T-12")]
    return []


# --------------------------------------------------------------------- damage
def vehicle_hit(game: "Game", tgt: int, amount: int, side: str, cause: str) -> None:
    """One physical damage group on a vehicle (the ruleset's physical hit
    rule for vehicles): its own hit table in the column of `side`; a death
    from above strikes the Front column (V-PHYS-5, -7); any mech physical hit
    on an airborne VTOL destroys its rotor, and so the VTOL (V-PHYS-6,
    project decision)."""
    from systems.vehicles import criticals as vehicle_criticals, hit_location as vehicle_hit_location
    st = game.world.component(tgt, Status)
    if st.destroyed:
        return
    if cause == "death from above":
        side = "front"
    flying = airborne(game, tgt) and cause in MECH_ATTACKS
    vehicle_hit_location.physical_hit(game, tgt, amount, side, cause)
    if flying and not st.destroyed:
        vehicle_criticals.apply_effect(game, tgt, "rotor", "rotors_destroyed")

