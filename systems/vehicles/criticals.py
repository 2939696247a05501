"""Critical hits on combat vehicles and VTOLs (rules/vehicles.md V-CRIT,
V-CE, V-VCE; tables T-3 and T-4).

`roll_critical(game, ent, location)` rolls 2d6 (purpose "critical") in the
location's column, moves down the column past results that do not apply
(V-CRIT-4: wrapping from 12 to 6, ignoring the critical when the whole
column is used up) and applies the effect. It runs when the hit location
table shows a critical marker (systems/vehicles/hit_location.py) and,
through the ruleset's structure-damaged hook (systems/common/damage.py),
whenever a vehicle location's internal structure is damaged (V-CRIT-2).

Every effect taken is appended to Status.crits and announced by a
`critical` event (unit, location, effect, and `rolled` when the result was
escalated or moved down the column). The read-only helpers at the end
(`attack_modifiers`, `can_attack`, `stunned`) are for the attack and
movement rules.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from components import (Altitude, Ammo, Armor, Crew, Equipment, Identity, Jam, Position, Status, Structure,
                        Turret, VehicleCrits, Weapons)
from systems.classic.attack_modifiers import attacker_movement
from systems.common.to_hit import Modifier, ToHit
from systems.common.unit_state import airborne, is_vtol
from systems.vehicles import weapon_loss
from systems.vehicles.cruise import cruise_mp

if TYPE_CHECKING:
    from engine.game import Game

NO_CRITICAL = "none"

# T-3 Ground combat vehicle critical hits (TW p.194), rolls 6..12.
GROUND = {
    "front": ("driver_hit", "weapon_malfunction", "stabilizer", "sensors", "commander_hit",
              "weapon_destroyed", "crew_killed"),
    "side": ("cargo_hit", "weapon_malfunction", "crew_stunned", "stabilizer", "weapon_destroyed",
             "engine_hit", "fuel_tank"),
    "rear": ("weapon_malfunction", "cargo_hit", "stabilizer", "weapon_destroyed", "engine_hit",
             "ammunition", "fuel_tank"),
    "turret": ("stabilizer", "turret_jam", "weapon_malfunction", "turret_lock", "weapon_destroyed",
               "ammunition", "turret_blown_off"),
}

# T-4 VTOL combat vehicle critical hits (TW p.196-197), rolls 6..12.
VTOL = {
    "front": ("copilot_hit", "weapon_malfunction", "stabilizer", "sensors", "pilot_hit",
              "weapon_destroyed", "crew_killed"),
    "side": ("weapon_malfunction", "cargo_hit", "stabilizer", "weapon_destroyed", "engine_hit",
             "ammunition", "fuel_tank"),
    "rear": ("cargo_hit", "weapon_malfunction", "stabilizer", "weapon_destroyed", "sensors",
             "engine_hit", "fuel_tank"),
    "rotor": ("rotor_damage", "rotor_damage", "rotor_damage", "flight_stabilizer",
              "flight_stabilizer", "rotors_destroyed", "rotors_destroyed"),
    "turret": ("stabilizer", "turret_jam", "weapon_malfunction", "turret_lock", "weapon_destroyed",
               "ammunition", "turret_blown_off"),
}

SENSOR_MAX = 4          # V-CE-9: four sensor hits and the vehicle cannot fire
LANDING_TERRAIN = ("clear", "rough", "building")   # V-VCE-2 forced landing (plus paved / road)


def column_of(location: str) -> str:
    return {"left": "side", "right": "side"}.get(location, location)


def table_result(vtol: bool, location: str, roll: int) -> str:
    """The printed T-3 / T-4 entry (before moving down the column)."""
    if roll <= 5:
        return NO_CRITICAL
    return (VTOL if vtol else GROUND)[column_of(location)][roll - 6]


# --------------------------------------------------------------------- helpers
def _vc(game: "Game", ent: int) -> VehicleCrits:
    return game.world.component(ent, VehicleCrits)


def _mounts(game: "Game", ent: int, location: str, usable: bool = False):
    w = game.world.try_component(ent, Weapons)
    if w is None:
        return []
    return [m for m in w.mounts if m.location == location and not m.destroyed
            and not (usable and m.jammed)]


def _turret(game: "Game", ent: int) -> Turret | None:
    tur = game.world.try_component(ent, Turret)
    return tur if tur is not None and not tur.destroyed else None


def ammo_damage(game: "Game", ent: int) -> int:
    """Total damage of every round carried (V-CE-1). Gauss slugs do not explode."""
    ammo = game.world.try_component(ent, Ammo)
    if ammo is None:
        return 0
    table = game.weapons
    total = 0
    for b in ammo.bins:
        wt = table.get(b.type)
        if wt is None or wt.explodes or b.shots <= 0:
            continue
        total += b.shots * wt.damage * max(1, wt.cluster)
    return total


def applicable(game: "Game", ent: int, location: str, effect: str) -> bool:
    """Whether `effect` can happen to this vehicle in `location` (V-CRIT-4)."""
    vc = _vc(game, ent)
    st = game.world.component(ent, Status)
    if vc.crew_killed and effect in ("driver_hit", "commander_hit", "crew_stunned", "crew_killed",
                                     "copilot_hit", "pilot_hit"):
        return False
    if effect in ("weapon_malfunction",):
        return bool(_mounts(game, ent, location, usable=True))
    if effect == "weapon_destroyed":
        return bool(_mounts(game, ent, location))
    if effect == "stabilizer":      # V-CE-10: no weapons, no stabilizer; once per location
        return bool(_mounts(game, ent, location)) and location not in vc.stabilizers
    if effect == "sensors":
        return vc.sensor_hits < SENSOR_MAX
    if effect == "cargo_hit":
        return vc.cargo > 0
    if effect == "engine_hit":
        return not vc.engine_hit
    if effect == "fuel_tank":
        return vc.engine in ("ice", "fuel_cell") or not vc.engine_hit
    if effect == "ammunition":      # seed general rule: no ammo -> move down (vehicles.md 5.5)
        return ammo_damage(game, ent) > 0
    if effect in ("turret_jam", "turret_lock"):
        tur = _turret(game, ent)
        return tur is not None and not tur.locked
    if effect == "turret_blown_off":
        return _turret(game, ent) is not None
    if effect == "rotor_damage":
        # V-VCE-5 cuts Cruise MP: a VTOL that has none left to lose (immobile,
        # or brought to 0 by the rotor hits waiting for the phase end) moves
        # down the column to Flight Stabilizer (MM VTOL.getCriticalEffect).
        return cruise_mp(game, ent) - vc.pending_rotor > 0 and not vc.rotors_destroyed
    if effect == "flight_stabilizer":
        return not vc.flight_stabilizer
    if effect == "rotors_destroyed":
        return not vc.rotors_destroyed
    return not st.destroyed


def choose_result(game: "Game", ent: int, location: str, roll: int) -> str:
    """Move down the column from `roll` to the first result that applies,
    wrapping from 12 to 6 (V-CRIT-4); NO_CRITICAL if none does."""
    if roll <= 5:
        return NO_CRITICAL
    vtol = is_vtol(game, ent)
    r = roll
    for _ in range(7):
        effect = table_result(vtol, location, r)
        if applicable(game, ent, location, effect):
            return effect
        r = r + 1 if r < 12 else 6
    return NO_CRITICAL


# --------------------------------------------------------------------- rolling
def roll_critical(game: "Game", ent: int, location: str, weapon_damage: int = 0) -> str:
    """Roll once on T-3 / T-4 for `location` and apply the result."""
    st = game.world.component(ent, Status)
    if st.destroyed or game.world.try_component(ent, VehicleCrits) is None:
        return NO_CRITICAL
    roll = game.dice.roll("critical", 2, f"vehicle critical hit, {location}")
    effect = choose_result(game, ent, location, roll)
    printed = table_result(is_vtol(game, ent), location, roll)
    if effect == NO_CRITICAL:
        game.log.emit("critical", unit=game.uid(ent), location=location, effect=NO_CRITICAL, roll=roll,
                      **({"rolled": printed} if printed != NO_CRITICAL else {}))
        return NO_CRITICAL
    return apply_effect(game, ent, location, effect, roll=roll, rolled=printed,
                        weapon_damage=weapon_damage)


def _record(game: "Game", ent: int, location: str, effect: str, **extra) -> None:
    game.world.component(ent, Status).crits.append(effect)
    game.log.emit("critical", unit=game.uid(ent), location=location, effect=effect, **extra)


def apply_effect(game: "Game", ent: int, location: str, effect: str, *, roll: int = 0,
                 rolled: str = "", weapon_damage: int = 0) -> str:
    """Apply one critical effect (after escalation); returns the effect taken."""
    vc = _vc(game, ent)
    # Crew escalation (V-CE-3, V-CE-5, V-CE-6, V-VCE-1, V-VCE-4).
    if effect == "driver_hit" and vc.driver_hit:
        effect = "crew_stunned"
    elif effect == "commander_hit" and vc.commander_hit:
        effect = "crew_stunned"
    elif effect in ("copilot_hit",) and vc.copilot_hit:
        effect = "crew_killed"
    elif effect == "pilot_hit" and vc.driver_hit:
        effect = "crew_killed"
    if effect == "crew_stunned" and vc.commander_hit and vc.driver_hit:
        effect = "crew_killed"
    if effect == "turret_jam" and "turret_jam" in game.world.component(ent, Status).crits:
        effect = "turret_lock"      # V-CE-12: a second jam locks
    if effect == "fuel_tank" and vc.engine not in ("ice", "fuel_cell"):
        effect = "engine_hit"       # V-CE-8 / V-VCE-3: fusion and fission
    extra = {"roll": roll} if roll else {}
    if rolled and rolled != effect:
        extra["rolled"] = rolled
    _record(game, ent, location, effect, **extra)
    EFFECTS[effect](game, ent, location, weapon_damage)
    return effect


# --------------------------------------------------------------------- effects
def _destroy(game: "Game", ent: int, cause: str) -> None:
    from systems.common import damage
    damage.destroy_unit(game, ent, cause)


def _ammunition(game: "Game", ent: int, location: str, weapon_damage: int, extra: int = 0) -> None:
    """V-CE-1: every round explodes; CASE sends it to the rear armor."""
    from systems.common import damage
    total = ammo_damage(game, ent) + extra
    ammo = game.world.try_component(ent, Ammo)
    if ammo is not None:
        for b in ammo.bins:
            wt = game.weapons.get(b.type)
            if wt is not None and not wt.explodes:
                b.shots = 0
    eq = game.world.try_component(ent, Equipment)
    game.log.emit("ammo_explosion", unit=game.uid(ent), location=location, damage=total,
                  case=bool(eq and eq.case))
    if eq is not None and eq.case:
        armor = game.world.component(ent, Armor)
        taken = min(total, armor.points.get("rear", 0))
        armor.points["rear"] = armor.points.get("rear", 0) - taken
        structure = game.world.component(ent, Structure)
        game.log.emit("damage", unit=game.uid(ent), location="rear", amount=taken,
                      armor_left=armor.points["rear"], structure_left=structure.points.get("rear", 0),
                      cause="ammunition explosion (CASE)")
        apply_effect(game, ent, location, "crew_stunned")
        return
    damage.apply_damage(game, ent, location, total, cause="ammunition explosion", structure_only=True)


def _cargo(game: "Game", ent: int, location: str, weapon_damage: int) -> None:
    # V-CE-2: cargo is destroyed; carried infantry would take the weapon's full damage.
    vc = _vc(game, ent)
    game.log.emit("cargo_hit", unit=game.uid(ent), tons=vc.cargo, infantry_damage=weapon_damage)
    vc.cargo = 0


def _commander(game, ent, location, wd) -> None:
    _vc(game, ent).commander_hit = True


def _driver(game, ent, location, wd) -> None:
    _vc(game, ent).driver_hit = True


def _copilot(game, ent, location, wd) -> None:
    _vc(game, ent).copilot_hit = True


def _crew_killed(game: "Game", ent: int, location: str, wd: int) -> None:
    vc = _vc(game, ent)
    vc.crew_killed = True
    crew = game.world.try_component(ent, Crew)
    if crew is not None:
        crew.killed = True
    immobilize(game, ent, "crew killed")
    game.log.emit("crew_killed", unit=game.uid(ent))
    if airborne(game, ent):        # V-CE-4: a VTOL or WiGE crashes and is destroyed
        _destroy(game, ent, "crew killed: crashed")


def _stunned(game: "Game", ent: int, location: str, wd: int) -> None:
    """V-CE-5: no actions and no faster than cruise next turn; stacking."""
    vc = _vc(game, ent)
    vc.stun_turns = vc.stun_turns + 1 if vc.stun_turns > 0 else 2
    vc.stunned_turn = game.turn


def immobilize(game: "Game", ent: int, cause: str) -> None:
    """The vehicle can no longer move (crew killed, engine hit, motive
    system destroyed, prohibited terrain in a skid); said once."""
    st = game.world.component(ent, Status)
    vc = _vc(game, ent)
    if not st.immobile:
        st.immobile = True
        vc.immobile_cause = cause
        game.log.emit("immobile", unit=game.uid(ent), cause=cause)


def _engine(game: "Game", ent: int, location: str, wd: int) -> None:
    vc = _vc(game, ent)
    vc.engine_hit = True
    immobilize(game, ent, "engine hit")          # V-CE-7
    if is_vtol(game, ent) and airborne(game, ent):
        forced_landing(game, ent)                 # V-VCE-2


def forced_landing(game: "Game", ent: int) -> None:
    """V-VCE-2: over clear, paved, rough or a building a driving roll at +4
    lands the VTOL (immobile), beside a unit standing below it
    (systems/vehicles/crash.land_forced); failing it, or any other terrain,
    destroys it."""
    from systems.vehicles import driving
    t = game.map.terrain(game.world.component(ent, Position).hex)
    if (t.terrain in LANDING_TERRAIN and not t.is_water) or t.paved or t.road:
        passed, _ = driving.roll(game, ent, "forced landing after engine damage", [Modifier("forced landing", 4, "V-VCE-2")])
        if passed:
            for hook in game.ruleset.hooks.forced_landing:      # beside a unit below it
                hook(game, ent)
            return
        _destroy(game, ent, "engine damage: forced landing failed")
        return
    _destroy(game, ent, "engine damage over terrain it cannot land on")


def _fuel(game: "Game", ent: int, location: str, wd: int) -> None:
    vc = _vc(game, ent)
    if vc.cargo:
        vc.cargo = 0
    _destroy(game, ent, "fuel tank explosion")


def _sensors(game, ent, location, wd) -> None:
    _vc(game, ent).sensor_hits += 1


def _stabilizer(game, ent, location, wd) -> None:
    _vc(game, ent).stabilizers.append(location)


def _turret_blown(game: "Game", ent: int, location: str, wd: int) -> None:
    tur = game.world.component(ent, Turret)
    tur.destroyed = True
    for m in _mounts(game, ent, "turret"):
        m.destroyed = True


def _turret_jam(game: "Game", ent: int, location: str, wd: int) -> None:
    game.world.component(ent, Turret).jammed = True


def _turret_lock(game: "Game", ent: int, location: str, wd: int) -> None:
    tur = game.world.component(ent, Turret)
    tur.locked = True
    tur.jammed = False


def _weapon_destroyed(game: "Game", ent: int, location: str, wd: int) -> None:
    """V-CE-14: 1d6 1-3 the owner picks the weapon, 4-6 the attacker (a
    player's pick or the fixed one: systems/vehicles/weapon_loss.py). An
    exploding weapon counts as an Ammunition result."""
    table = game.weapons
    picker = game.dice.d6("slot", f"who picks the destroyed weapon, {location}")
    m = weapon_loss.pick(game, ent, location, weapon_loss.chooser_of(picker))
    m.destroyed = True
    m.jammed = False
    game.log.emit("weapon_destroyed", unit=game.uid(ent), location=location, weapon=m.type,
                  chosen_by="defender" if picker <= 3 else "attacker")
    if table[m.type].explodes:
        _ammunition(game, ent, location, wd, extra=table[m.type].explodes)


def _weapon_malfunction(game: "Game", ent: int, location: str, wd: int) -> None:
    mounts = _mounts(game, ent, location, usable=True)
    m = game.dice.choice("slot", mounts[:6], f"which weapon malfunctions, {location}")
    m.jammed = True
    game.log.emit("weapon_jammed", unit=game.uid(ent), location=location, weapon=m.type)


def _pilot(game: "Game", ent: int, location: str, wd: int) -> None:
    """V-VCE-4: +2 driving; pass a driving roll at once or drop one level."""
    from systems.vehicles import driving
    vc = _vc(game, ent)
    vc.driver_hit = True
    if not airborne(game, ent):
        return
    passed, _ = driving.roll(game, ent, "pilot hit")
    if not passed:
        alt = game.world.component(ent, Altitude)
        alt.level -= 1
        game.log.emit("descend", unit=game.uid(ent), altitude=alt.level, cause="pilot hit")
        for hook in game.ruleset.hooks.forced_descent:      # may crash it (V-VTOL-8)
            hook(game, ent)


def _rotor_damage(game: "Game", ent: int, location: str, wd: int) -> None:
    _vc(game, ent).pending_rotor += 1           # V-VCE-5, at the end of the phase


def _flight_stabilizer(game, ent, location, wd) -> None:
    _vc(game, ent).flight_stabilizer = True


def _rotors_destroyed(game: "Game", ent: int, location: str, wd: int) -> None:
    # The seed: the rotor and the VTOL are destroyed (vehicles.md section 5.6).
    _vc(game, ent).rotors_destroyed = True
    _destroy(game, ent, "rotors destroyed")


EFFECTS = {
    "ammunition": _ammunition, "cargo_hit": _cargo, "commander_hit": _commander,
    "crew_killed": _crew_killed, "crew_stunned": _stunned, "driver_hit": _driver,
    "engine_hit": _engine, "fuel_tank": _fuel, "sensors": _sensors, "stabilizer": _stabilizer,
    "turret_blown_off": _turret_blown, "turret_jam": _turret_jam, "turret_lock": _turret_lock,
    "weapon_destroyed": _weapon_destroyed, "weapon_malfunction": _weapon_malfunction,
    "copilot_hit": _copilot, "pilot_hit": _pilot, "rotor_damage": _rotor_damage,
    "flight_stabilizer": _flight_stabilizer, "rotors_destroyed": _rotors_destroyed,
}


# --------------------------------------------------------------------- hooks
def on_structure_damaged(game: "Game", ent: int, location: str, points: int) -> None:
    """V-CRIT-2: a critical roll each time a vehicle location's structure is damaged."""
    if game.world.try_component(ent, VehicleCrits) is None or points <= 0:
        return
    structure = game.world.component(ent, Structure)
    if structure.points.get(location, 0) <= 0:
        return        # the location is gone and the vehicle with it (V-DMG-2)
    roll_critical(game, ent, location)


def end_of_turn(game: "Game") -> None:
    """Stuns wear off one turn at a time (V-CE-5)."""
    for _, vc in game.world.get_component(VehicleCrits):
        if vc.stun_turns > 0:
            vc.stun_turns -= 1


# --------------------------------------------------------------------- queries
def stunned(game: "Game", ent: int) -> bool:
    vc = game.world.try_component(ent, VehicleCrits)
    return vc is not None and vc.stun_turns > 0


def can_attack(game: "Game", ent: int) -> str | None:
    """Why a vehicle may not attack at all now (None when it may)."""
    vc = game.world.try_component(ent, VehicleCrits)
    if vc is None:
        return None
    if vc.crew_killed:
        return "its crew is dead"
    if vc.stun_turns > 0:
        return "its crew is stunned"
    if vc.crashed_turn and vc.crashed_turn == game.turn:
        return "it crashed this turn"                   # V-CRASH-3
    if vc.sensor_hits >= SENSOR_MAX:
        return "its sensors are destroyed"              # V-CE-9
    return None


def attack_modifiers(game: "Game", ent: int, weapon_location: str, attacker_movement: int = 0
                     ) -> list[Modifier]:
    """To-hit modifiers from the attacking vehicle's crits (T-12, V-CE-3,
    V-CE-9, V-CE-10, V-VCE-1, V-VCE-7): a stabilizer hit doubles the
    attacker movement modifier of the weapons in that location."""
    vc = game.world.try_component(ent, VehicleCrits)
    if vc is None:
        return []
    out = []
    if vc.sensor_hits:
        out.append(Modifier("sensor hits", vc.sensor_hits, "V-CE-9"))
    if vc.commander_hit:
        out.append(Modifier("commander hit", 1, "V-CE-3"))
    if vc.copilot_hit:
        out.append(Modifier("co-pilot hit", 1, "V-VCE-1"))
    if vc.flight_stabilizer:
        out.append(Modifier("flight stabilizer hit", 1, "V-VCE-7"))
    if weapon_location in vc.stabilizers and attacker_movement:
        out.append(Modifier("stabilizer hit (movement doubled)", attacker_movement, "V-CE-10"))
    return out


# --------------------------------------------------------------------- weapon attack wiring
def weapon_modifiers(game: "Game", attacker: int, target: int, mount) -> ToHit:
    """Weapon modifier hook (systems/classic/weapon_attacks.py) for a vehicle
    attacker: who may not fire (V-CE-4/5/9, V-CRASH-3) and its crit
    modifiers (T-12)."""
    if game.world.try_component(attacker, VehicleCrits) is None:
        return ToHit()
    reason = can_attack(game, attacker)
    if reason:
        return ToHit.impossible(f"{game.world.component(attacker, Identity).name} cannot fire: {reason}")
    moved = attacker_movement(game, attacker)
    return ToHit(attack_modifiers(game, attacker, mount.location, moved.value if moved else 0))


def note_jams(game: "Game") -> None:
    """At the start of the weapon phase, remember what is jammed: only a jam
    that stood at the start of a weapon phase can be cleared in it (clearing
    costs a whole weapon attack phase, V-CE-12 / V-CE-15)."""
    jams = []
    for ent, _vc in sorted(game.world.get_component(VehicleCrits), key=lambda p: p[0]):
        tur = game.world.try_component(ent, Turret)
        if tur is not None and tur.jammed:
            jams.append(Jam(game.uid(ent), "turret"))
        w = game.world.try_component(ent, Weapons)
        for i, m in enumerate(w.mounts if w else []):
            if m.jammed:
                jams.append(Jam(game.uid(ent), i))
    game.turn_record.jams_at_start = jams


def clear_jams(game: "Game") -> None:
    """V-CE-12 / V-CE-15: a crew that fires nothing in a weapon attack phase
    spends it clearing one jam that stood when the phase began: the turret
    first, else one malfunctioned weapon."""
    from components import TurnState
    standing = game.turn_record.jams_at_start
    for ent, vc in sorted(game.world.get_component(VehicleCrits), key=lambda p: p[0]):
        st = game.world.component(ent, Status)
        if st.destroyed or vc.crew_killed or vc.stun_turns > 0:
            continue
        if game.world.component(ent, TurnState).fired:
            continue
        tur = game.world.try_component(ent, Turret)
        uid = game.uid(ent)
        if tur is not None and tur.jammed and not tur.locked and not tur.destroyed \
                and Jam(uid, "turret") in standing:
            tur.jammed = False
            game.log.emit("jam_cleared", unit=game.uid(ent), item="turret")
            continue
        w = game.world.try_component(ent, Weapons)
        jammed = [m for i, m in enumerate(w.mounts if w else [])
                  if m.jammed and not m.destroyed and Jam(uid, i) in standing]
        if jammed:
            jammed[0].jammed = False
            game.log.emit("jam_cleared", unit=game.uid(ent), item=jammed[0].type, location=jammed[0].location)


def charge_check(game: "Game", ent: int, order, result) -> str | None:
    """Declaration check (systems/common/movement.py): a stunned or dead crew declares no
    charge (V-CE-4, V-CE-5: no actions other than moving at cruise)."""
    if not order.charge:
        return None
    vc = game.world.try_component(ent, VehicleCrits)
    if vc is None:
        return None
    if vc.crew_killed:
        return "its crew is dead"
    if vc.stun_turns > 0:
        return "a stunned crew can only move (at cruise speed): no charge"
    return None
