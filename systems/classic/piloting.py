"""Piloting skill rolls (PSRs), falls, MechWarrior consciousness and standing
up (rules/mech_core.md sections 9 and 11).

What this module owns:
- `psr_target`: Piloting plus the persistent damage modifiers (legs, hips,
  gyro) plus the triggering event's modifier, as a target number in the
  to-hit model (systems/common/to_hit.py; an automatic failure is its
  `reason`).
- The end-of-phase queue (`queue_psr`, `queue_automatic_fall`), resolved at
  the end of the weapon and physical phases unit by unit, in the order the
  rolls were asked for; the first failure makes the unit fall and cancels
  its remaining rolls (MM `resolvePilotingRolls`). The 20+ damage roll is
  added here, for every phase, from `TurnState.damage_this_phase`.
- PSRs during movement (an after-move hook): terrain entered (rubble,
  water), backward level changes, standing up, running with a damaged hip
  or gyro, jumping with damage. The first failure ends the move with a fall
  in the hex where it failed. The roll on entering a building is rolled in
  its place on the path too, but a failure is damage, not a fall
  (systems/classic/buildings.py, rules/buildings.md B-MOVE-4).
- `fall`: damage ceil(W/10) x (levels + 1) in 5-point groups on the
  standard table, the 1d6 facing table, prone, then the MechWarrior damage
  roll.
- Consciousness rolls (a pilot-wounded hook) and the end-phase
  wake-up roll; a destroyed leg is an automatic fall, and both legs
  destroyed leave the mech immobile (a location-destroyed hook).
"""
from __future__ import annotations

import math
from typing import TYPE_CHECKING

from components import Actuators, Crew, Identity, Position, PsrRequest, Status, Structure, TurnState
from engine.hexgrid import turn
from systems.classic import buildings
from systems.common.to_hit import MAX_TO_HIT, Modifier, ToHit
from systems.common.unit_state import airborne

if TYPE_CHECKING:
    from engine.game import Game

LEGS = ("left_leg", "right_leg")
# Consciousness target number by total MechWarrior damage (section 11).
CONSCIOUSNESS_TN = {1: 3, 2: 5, 3: 7, 4: 10, 5: 11}
# Facing after a fall (section 9): 1d6 -> (hexsides turned clockwise, hit column).
FALL_FACING = {1: (0, "front"), 2: (1, "right"), 3: (2, "right"), 4: (3, "rear"),
               5: (4, "left"), 6: (5, "left")}
DAMAGE_PSR = 20              # damage in one phase that asks for a PSR at +1 (section 9)
AUTOMATIC = "automatic"
# Phases whose PSRs wait in the queue for the end of the phase (the heat
# rules resolve the queue at the end of the heat phase too).
QUEUE_PHASES = ("weapon", "physical", "heat")


# --------------------------------------------------------------------- target numbers
def persistent_modifiers(game: "Game", ent: int, *, for_pilot_damage: bool = False) -> ToHit:
    """The damage modifiers every PSR of this mech carries (section 9).

    Per leg: destroyed +5 (replaces the rest of that leg); else a destroyed
    hip +2 (that leg's other actuators ignored); else +1 per destroyed upper
    leg, lower leg or foot. Gyro hit +3; a destroyed gyro is an automatic
    failure, the `reason` (dropped for the MechWarrior damage roll after a
    fall)."""
    th = ToHit()
    mods = th.modifiers
    acts = game.world.try_component(ent, Actuators)
    structure = game.world.try_component(ent, Structure)
    status = game.world.component(ent, Status)
    destroyed = set(acts.destroyed) if acts is not None else set()
    for leg in LEGS:
        side = leg.split("_")[0]
        if structure is not None and leg in structure.points and structure.points[leg] <= 0:
            mods.append(Modifier(f"{side} leg destroyed", 5, "section 9"))
            continue
        if f"{side}_hip" in destroyed:
            mods.append(Modifier(f"{side} hip destroyed", 2, "section 9"))
            continue
        for part in ("upper_leg", "lower_leg", "foot"):
            if f"{side}_{part}" in destroyed:
                mods.append(Modifier(f"{side} {part.replace('_', ' ')} actuator destroyed", 1, "section 9"))
    gyro = status.crits.count("gyro")
    if gyro == 1:
        mods.append(Modifier("gyro hit", 3, "section 9"))
    elif gyro >= 2 and not for_pilot_damage:
        th.reason = "gyro destroyed"
    return th


def psr_target(game: "Game", ent: int, modifier: int = 0, reason: str = "",
               *, for_pilot_damage: bool = False, extra: list[Modifier] = ()) -> ToHit:
    """The target number of a PSR: Piloting, the persistent damage modifiers
    and the event's own; `reason` set means an automatic failure. MechWarrior
    wounds add nothing (core disagreement 8)."""
    th = ToHit([Modifier("piloting", game.world.component(ent, Crew).piloting, "section 9")])
    persistent = persistent_modifiers(game, ent, for_pilot_damage=for_pilot_damage)
    th.modifiers += persistent.modifiers
    th.reason = persistent.reason
    if modifier and not th.reason:
        th.add(reason or "event", modifier, "section 9")
    if not th.reason:
        th.modifiers += extra
    return th


def event_modifiers(th: ToHit) -> list[list]:
    """A PSR's modifiers as its `psr` event shows them: an automatic failure
    last, as [its cause, "automatic"]."""
    return th.pairs() + ([[th.reason, AUTOMATIC]] if th.reason else [])


def roll_psr(game: "Game", ent: int, reason: str, modifier: int = 0, *,
             for_pilot_damage: bool = False, extra: list[Modifier] = ()) -> bool:
    """Roll one PSR now and emit its `psr` event. Returns True when passed.
    A target above 12 (or an automatic failure) fails without a roll.
    `extra`: the event's modifiers one by one (a building entry's)."""
    th = psr_target(game, ent, modifier, reason, for_pilot_damage=for_pilot_damage, extra=extra)
    uid = game.uid(ent)
    if th.reason or th.number > MAX_TO_HIT:
        game.log.emit("psr", unit=uid, reason=reason, target=None if th.reason else th.number, roll=None,
                      passed=False, modifiers=event_modifiers(th), automatic=True)
        return False
    roll = game.dice.roll("psr", 2, f"PSR {uid}: {reason}")
    passed = roll >= th.number
    game.log.emit("psr", unit=uid, reason=reason, target=th.number, roll=roll, passed=passed,
                  modifiers=th.pairs())
    return passed


# --------------------------------------------------------------------- the end-of-phase queue
def queue_psr(game: "Game", ent: int, reason: str, modifier: int = 0) -> None:
    """Ask for a PSR at the end of this phase (weapon / physical phases)."""
    game.turn_record.psr_queue.append(PsrRequest(game.uid(ent), reason, modifier=modifier))


def queue_automatic_fall(game: "Game", ent: int, reason: str) -> None:
    game.turn_record.psr_queue.append(PsrRequest(game.uid(ent), reason, automatic=True))


def _needs_rolls(game: "Game", ent: int) -> bool:
    st = game.world.component(ent, Status)
    crew = game.world.try_component(ent, Crew)
    return (game.kind(ent) == "mech" and not st.destroyed and not st.removed and not st.prone
            and not (crew is not None and crew.killed))


def resolve_queue(game: "Game") -> None:
    """End of a weapon or physical phase: every queued PSR, unit by unit in
    the order first asked for, plus the 20+ damage roll (+1). An automatic
    fall comes first and needs no roll; otherwise the first failed roll falls
    and the unit's other rolls this phase are cancelled."""
    queue, game.turn_record.psr_queue = game.turn_record.psr_queue, []
    order: list[str] = []
    per_unit: dict[str, list[PsrRequest]] = {}
    for entry in queue:
        if entry.unit not in per_unit:
            order.append(entry.unit)
            per_unit[entry.unit] = []
        per_unit[entry.unit].append(entry)
    for uid, ent in game.units.items():
        ts = game.world.try_component(ent, TurnState)
        if ts is not None and ts.damage_this_phase >= DAMAGE_PSR and game.kind(ent) == "mech":
            if uid not in order:
                order.append(uid)
            per_unit.setdefault(uid, []).append(
                PsrRequest(uid, f"took {ts.damage_this_phase} damage this phase", modifier=1))
    for uid in order:
        ent = game.units[uid]
        entries = per_unit[uid]
        if not _needs_rolls(game, ent):
            continue
        automatic = [e for e in entries if e.automatic]
        if automatic:
            game.log.emit("psr", unit=uid, reason=automatic[0].reason, target=None, roll=None,
                          passed=False, automatic=True)
            fall(game, ent, 0, automatic[0].reason)
            continue
        for e in entries:
            if not roll_psr(game, ent, e.reason, e.modifier or 0):
                fall(game, ent, 0, e.reason)
                break
    for _, ts in game.world.get_component(TurnState):
        ts.damage_this_phase = 0


def reset_phase_damage(game: "Game") -> None:
    """The 20+ damage count is per phase."""
    for _, ts in game.world.get_component(TurnState):
        ts.damage_this_phase = 0


# --------------------------------------------------------------------- falls
def fall_damage(tons: int, levels: int) -> int:
    """ceil(W/10) x (levels fallen + 1) (section 9)."""
    return math.ceil(tons / 10) * (max(0, levels) + 1)


def fall(game: "Game", ent: int, levels: int = 0, reason: str = "", *, at=None,
         column: str | None = None, pilot_roll: bool = True) -> None:
    """The unit falls `levels` levels (into hex `at`, default where it is).

    Facing 1d6 (FALL_FACING) unless `column` is given (a missed DFA lands on
    the mech's back: column "rear", facing kept). Damage in 5-point groups on
    the standard table in that column; halved (round up) when landing in
    water of depth 1 or more. Then the MechWarrior damage roll (section 9)."""
    from systems.common import damage
    from systems.classic import hit_location
    pos = game.world.component(ent, Position)
    st = game.world.component(ent, Status)
    tons = game.world.component(ent, Identity).tonnage
    if at is not None:
        pos.hex, pos.on_roof = at, False
    if column is None:
        face = game.dice.d6("fall", f"facing after the fall of {game.uid(ent)}")
        turned, column = FALL_FACING[face]
        pos.facing = turn(pos.facing, turned)
    amount = fall_damage(tons, levels)
    if game.map.terrain(pos.hex).is_water:
        amount = math.ceil(amount / 2)
    st.prone = True
    game.log.emit("fall", unit=game.uid(ent), levels=levels, damage=amount, facing=pos.facing,
                  at=game.map.label(pos.hex), side=column, reason=reason)
    if game.kind(ent) != "mech":
        return
    for group in hit_location.groups(amount):
        hit = hit_location.mech_hit(game, "standard", column, f"fall damage of {game.uid(ent)}")
        damage.apply_damage(game, ent, hit.location, group,
                            through_armor_critical=hit.through_armor_critical, cause="fall")
    if pilot_roll and not st.destroyed:
        extra = max(0, levels - 1)
        if not roll_psr(game, ent, "avoid MechWarrior damage in the fall", extra,
                        for_pilot_damage=True):
            damage.pilot_damage(game, ent, 1, "fall")


# --------------------------------------------------------------------- consciousness
def consciousness_roll(game: "Game", ent: int) -> None:
    """Pilot-wounded hook: after each wound, roll 2d6 >= the table value for
    the new total or fall unconscious (section 11). An unconscious standing
    mech falls (automatic: at the end of a weapon or physical phase, at once
    otherwise)."""
    crew = game.world.try_component(ent, Crew)
    if crew is None or crew.killed or crew.unconscious or game.kind(ent) != "mech":
        return
    target = CONSCIOUSNESS_TN[crew.hits]
    roll = game.dice.roll("consciousness", 2, f"consciousness of {game.uid(ent)}'s MechWarrior")
    passed = roll >= target
    game.log.emit("consciousness", unit=game.uid(ent), target=target, roll=roll, passed=passed)
    if passed:
        return
    crew.unconscious = True
    st = game.world.component(ent, Status)
    if st.prone or st.destroyed:
        return
    if game.phase in QUEUE_PHASES:
        queue_automatic_fall(game, ent, "MechWarrior unconscious")
    else:
        game.log.emit("psr", unit=game.uid(ent), reason="MechWarrior unconscious", target=None,
                      roll=None, passed=False, automatic=True)
        fall(game, ent, 0, "MechWarrior unconscious")


def wake_up(game: "Game") -> None:
    """End phase: each unconscious MechWarrior rolls on the same table to wake."""
    for uid, ent in game.units.items():
        crew = game.world.try_component(ent, Crew)
        st = game.world.component(ent, Status)
        if crew is None or not crew.unconscious or crew.killed or st.destroyed:
            continue
        target = CONSCIOUSNESS_TN[crew.hits]
        roll = game.dice.roll("consciousness", 2, f"{uid}'s MechWarrior wakes up")
        passed = roll >= target
        game.log.emit("consciousness", unit=uid, target=target, roll=roll, passed=passed, waking=True)
        if passed:
            crew.unconscious = False


def mark_legless(game: "Game", ent: int) -> None:
    """A mech whose legs are both destroyed is immobile (sections 2 and 7:
    "Two legs destroyed: immobile"), whether they were shot off or it was
    put on the map without them (a unit-placed hook)."""
    if game.kind(ent) != "mech":
        return
    structure = game.world.component(ent, Structure)
    if all(structure.points.get(leg, 1) <= 0 for leg in LEGS):
        game.world.component(ent, Status).immobile = True


def leg_destroyed(game: "Game", ent: int, loc: str) -> None:
    """Location-destroyed hook: a mech that loses its second leg is
    immobile; a standing mech that loses a leg falls."""
    if loc not in LEGS or game.kind(ent) != "mech":
        return
    mark_legless(game, ent)
    st = game.world.component(ent, Status)
    if not st.prone and not st.destroyed and game.phase in QUEUE_PHASES:
        queue_automatic_fall(game, ent, f"{loc.replace('_', ' ')} destroyed")


# --------------------------------------------------------------------- movement
def _movement_triggers(game: "Game", ent: int, order, result) -> list:
    """The path's PSR triggers plus those judged at the end of the move."""
    from systems.common.movement import PsrTrigger
    triggers = list(result.psrs)
    if game.kind(ent) != "mech" or not order.path:
        return triggers
    acts = game.world.try_component(ent, Actuators)
    destroyed = acts.destroyed if acts is not None else []
    status = game.world.component(ent, Status)
    structure = game.world.component(ent, Structure)
    gyro_hit = status.crits.count("gyro") >= 1
    last = len(result.states) - 1   # judged after the last step: a fall there is in place
    if order.mode == "run" and (gyro_hit or any(a.endswith("_hip") for a in destroyed)):
        triggers.append(PsrTrigger(last, "running with a damaged hip or gyro", 0, result.final))
    if order.mode == "jump":
        leg_damage = any(a.endswith(("_hip", "_upper_leg", "_lower_leg", "_foot")) for a in destroyed)
        leg_gone = any(structure.points.get(l, 1) <= 0 for l in LEGS)
        if gyro_hit or leg_damage or leg_gone:
            triggers.append(PsrTrigger(last, "landing a jump with a damaged gyro or leg", 0, result.final))
    return triggers


def planned_rolls(game: "Game", ent: int, mode: str, path: list[str]) -> list[tuple]:
    """The PSRs a planned mech move would make, in the order they are
    rolled, each as (trigger, target number; None for an automatic
    failure): what a front end lists before the move is confirmed. A failed
    roll is a fall where it happens (core section 9)."""
    from engine.orders import MoveOrder
    from systems.common.movement import plan
    order = MoveOrder(game.uid(ent), raw={}, mode=mode, path=list(path))
    triggers = _movement_triggers(game, ent, order, plan(game, ent, mode, list(path)))
    out = []
    for t in triggers:
        th = psr_target(game, ent, t.modifier, t.reason)
        out.append((t, None if th.reason else th.number))
    return out


def after_move(game: "Game", ent: int, order, result) -> None:
    """After-move hook: roll the move's PSRs in path order. The first failure
    stops the unit where it failed (the rest of the path is not moved) and it
    falls there: into a lower hex it fell into, from the level it left.

    A failed attempt to stand is a 0-level fall; when the path asks for
    another attempt ("stand" again right after), the mech tries again while
    MP remain and the rest of the path is planned anew from where it lies
    (its facing changed in the fall). A successful attempt skips the retries
    and gives back their MP."""
    if game.kind(ent) != "mech":
        return
    path, offset = list(order.path), 0
    while result is not None:
        result, offset = _roll_move_psrs(game, ent, order, result, path, offset)


def _roll_move_psrs(game: "Game", ent: int, order, result, path: list[str], offset: int):
    """Roll one planned stretch's PSRs; returns the re-planned rest of the
    move and its offset in the path after a failed stand with a retry, else
    (None, offset)."""
    from systems.common import movement
    pos = game.world.component(ent, Position)
    ts = game.world.component(ent, TurnState)
    triggers = _movement_triggers(game, ent, order, result)
    for trig in triggers:
        at = offset + trig.step
        if trig.reason == buildings.ENTRY:
            _enter_building(game, ent, trig.state, result.final, path[at] == "B")
            if game.world.component(ent, Status).destroyed:
                return None, offset
            continue
        if roll_psr(game, ent, trig.reason, trig.modifier):
            if trig.reason == "standing up":
                retries = _retries_after(path, at)
                ts.mp_spent -= movement.STAND_RETRY_MP * retries
            continue
        state = trig.state
        prev = result.states[trig.step] if trig.step < len(result.states) else result.states[0]
        stopped_early = state != result.final
        pos.facing = state.facing
        ts.hexes_moved, ts.mp_spent = state.hexes, state.mp
        ts.charge_target = ts.dfa_target = ts.charge_hex = None     # a fallen unit neither charges nor DFAs
        retry = trig.reason == "standing up" and _retries_after(path, at) > 0
        if stopped_early and not retry:
            game.log.emit("move_stopped", unit=game.uid(ent), at=game.map.label(state.hex),
                          reason=trig.reason)
        levels = 0
        if prev.hex != state.hex and order.mode != "jump":
            # From the level it stood at: a roof's top for a mech stepping off it (B-POS-4).
            levels = max(0, movement.standing_level(game, prev) - movement.standing_level(game, state))
        # It falls from where it stood: onto a unit in the hex, 2 or more
        # levels, that is an accidental fall from above (section 10).
        pos.hex, pos.on_roof = prev.hex, "on_roof" in prev.tags
        if not any(rule(game, ent, state.hex, levels, trig.reason) for rule in game.ruleset.hooks.fall_onto):
            pos.hex, pos.on_roof = state.hex, "on_roof" in state.tags
            fall(game, ent, levels, trig.reason)
        if not retry:
            return None, offset
        return _replan_after_fall(game, ent, order, path, at + 1, state)
    return None, offset


def _enter_building(game: "Game", ent: int, state, final, backward: bool) -> None:
    """B-MOVE-2..6: the entry roll of a building hex on the way (a failure
    is damage, not a fall), the building's damage, a collapse at once; the
    mech stands in that hex meanwhile, then goes on."""
    pos = game.world.component(ent, Position)
    pos.hex, pos.facing = state.hex, state.facing
    enter_building(game, ent, state.hex, state.hexes, backward)
    pos.hex, pos.facing = final.hex, final.facing


def enter_building(game: "Game", ent: int, h, hexes: int, backward: bool, verb: str = "entered by") -> None:
    """B-MOVE-3..6: a mech's entry roll for a building hex with `hexes`
    entered this turn, and what follows it (`buildings.enter`)."""
    t = game.map.terrain(h)
    passed = roll_psr(game, ent, buildings.ENTRY, extra=buildings.entry_modifiers(t, hexes))
    buildings.enter(game, ent, h, hexes, backward, passed, buildings.mech_entry_damage, verb=verb)


def _retries_after(path: list[str], at: int) -> int:
    n = 0
    while at + 1 + n < len(path) and path[at + 1 + n] == "stand":
        n += 1
    return n


def _replan_after_fall(game: "Game", ent: int, order, path: list[str], at: int, state):
    """After a failed stand: the rest of the path from `at` (another "stand"),
    from where the mech lies now. An illegal step ends the move before it."""
    from systems.common import movement
    st = game.world.component(ent, Status)
    crew = game.world.try_component(ent, Crew)
    if st.destroyed or (crew is not None and (crew.unconscious or crew.killed)):
        return None, at
    pos = game.world.component(ent, Position)
    ts = game.world.component(ent, TurnState)
    start = state.replace(hex=pos.hex, facing=pos.facing, prone=True)
    rest = path[at:]
    sub = movement.plan(game, ent, order.mode, rest, start=start)
    final = sub.final
    if sub.error:
        # Keep the legal part; never end in another unit's hex.
        k = max(i for i, s in enumerate(sub.states) if s.hex == start.hex or not [
            o for o in game.units_at(s.hex) if o != ent and not airborne(game, o)])
        sub.states = sub.states[:k + 1]
        sub.psrs = [p for p in sub.psrs if p.step < k]
        final = sub.states[-1]
        game.log.emit("move_stopped", unit=game.uid(ent), at=game.map.label(final.hex), reason=sub.error)
        sub.error = None
    game.log.emit("stand_retry", unit=game.uid(ent), at=game.map.label(start.hex),
                  to=game.map.label(final.hex), facing=final.facing, mp_spent=final.mp)
    pos.hex, pos.facing = final.hex, final.facing
    st.prone = final.prone
    ts.hexes_moved, ts.mp_spent = final.hexes, final.mp
    return sub, at

