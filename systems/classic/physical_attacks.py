"""BattleMech physical attacks (rules/physical.md, the seed's rules; core
rules/mech_core.md section 4 where the seed is silent): punch, club, hatchet,
push (mutual pushes included), kick, charge, death from above, and picking
up a club.

Flow: physical orders are checked against the state at declaration and
stored in `phase_data["physical"]`; charges and DFAs are declared with the
move (a declaration check of the ruleset), re-checked at the start of the physical phase
(P-CHARGE-1, -6, -7) and stored there too. At the end of the phase every
declared attack is resolved in declaration order (charges and DFAs first,
since they were declared first): to-hit, damage, then the displacements
(pushes netted against each other, P-PUSH-8), then the piloting rolls the
attacks asked for are rolled by systems/classic/piloting.py.

`physical_options(game, attacker_uid, target_uid)` is the preview the UI
shows before the player commits.

Rule choices where the seed, the digest and MegaMek differ or are silent:
- Attack modifiers the seed leaves to tables it does not include come from
  core section 4: punch +0, kick -2, push -1, club -1, hatchet -1; charge
  and DFA add the Piloting difference; a DFA adds no terrain modifier (MM).
- Halved punches: floor, minimum 1 (P-PUNCH-7, X-PUNCH-1); a missing lower
  arm is +2 instead of the missing hand's +1 (X-PUNCH-2); a damaged (not
  missing) lower arm and a damaged hand stay cumulative (core, MM).
- Clubs and hatchets use the standard table at the same level and the
  core/MM kick and punch tables one level up or down (X-CLUB-1).
- A carried club occupies both hands: the mech may club or kick, not
  punch, push or swing a hatchet (P-FIND-5). Uprooting a tree costs the
  turn like picking up a limb (project decision on P-FIND-3).
- One push per target per turn (P-PUSH-7 per-target reading); a push or
  charge into a hex two or more levels lower drops the target, and the
  attacker advances (project decision on P-PUSH-9).
- Charge damage ceil(W/10 x hexes moved), the target hex not counted
  (X-CHARGE-1, -2). A charge has no level limit of its own: the charger
  must be able to enter the target's hex (P-CHARGE-10) with its MP
  (P-CHARGE-5). A missed charger goes to the side the move order's
  `charge_miss` names (the attacking player's choice, P-CHARGE-16), else to
  the higher free hex of the two beside the target, else a die picks one
  (X-CHARGE-3). A prohibited charge
  displacement moves nobody (seed, X-CHARGE-4); a DFA target tries the
  hexes beside the line first (MM getValidDisplacement) and stays put if
  none is legal.
- A missed DFA: the target is moved aside (MM), the attacker falls 2
  levels into the target hex on its back (rear column, no facing roll).
"""
from __future__ import annotations

import math
from typing import TYPE_CHECKING

from components import (Actuators, Altitude, Crew, Equipment, Identity, Position, Status, Structure,
                        TurnState)
from engine.hexgrid import direction_to, distance, mech_attack_side, neighbor, turn, vehicle_attack_side
from engine.orders import MoveOrder, PhysicalOrder
from systems.classic import clubs, displacement, hit_location, piloting
from systems.classic.attack_modifiers import target_movement_modifier, terrain_modifier
from systems.common import damage
from systems.common.unit_state import airborne

if TYPE_CHECKING:
    from engine.game import Game

ATTACKS = ("punch", "kick", "push", "club", "hatchet")
ARMS = ("left", "right")
# Base modifier of each attack (core section 4; the seed gives punch +0 and
# defers the others to tables it does not include).
ATTACK_MODIFIER = {"punch": 0, "kick": -2, "push": -1, "club": -1, "hatchet": -1}


# --------------------------------------------------------------------- shared modifiers
def _attacker_movement(game: "Game", ent: int) -> list | None:
    mode = game.world.component(ent, TurnState).mode
    # A vehicle's cruise and flank count as walking and running (T-12).
    value = {"walk": 1, "run": 2, "jump": 3, "cruise": 1, "flank": 2}.get(mode, 0)
    past = {"walk": "walked", "run": "ran", "jump": "jumped", "cruise": "cruised", "flank": "flanked"}
    return [f"attacker {past[mode]}", value] if value else None


def _immobile(game: "Game", ent: int) -> bool:
    st = game.world.component(ent, Status)
    crew = game.world.try_component(ent, Crew)
    return st.shutdown or st.immobile or (crew is not None and crew.unconscious)


def _common_modifiers(game: "Game", ent: int, tgt: int, *, terrain: bool = True,
                      attacker_move: bool = True) -> list[list]:
    mods: list[list] = []
    if attacker_move and (m := _attacker_movement(game, ent)):
        mods.append(m)
    mv = target_movement_modifier(game, tgt)
    if mv:
        mods.append(["target movement", mv])
    if game.world.component(tgt, Status).prone:
        mods.append(["target prone", -2])
    if _immobile(game, tgt):
        mods.append(["target immobile", -4])
    if terrain and (t := terrain_modifier(game, tgt)):
        mods.append(t)
    if terrain and partial_cover(game, tgt):
        mods.append(["target has partial cover", 1])
    return mods


def partial_cover(game: "Game", tgt: int) -> bool:
    """A standing mech in depth 1 water has partial cover: +1 to physical
    attacks too (core sections 3 and 4; the seed's modifier table; MM's
    common physical code). Adjacent units have no intervening hex, so water
    is the only cover a physical attack meets. DFAs skip it (MM)."""
    return (game.kind(tgt) == "mech" and not game.world.component(tgt, Status).prone
            and water_depth(game, tgt) == 1)


def _name(game: "Game", ent: int) -> str:
    return game.world.component(ent, Identity).name


def _level(game: "Game", ent: int) -> int:
    return game.map.terrain(game.world.component(ent, Position).hex).level


def _acts(game: "Game", ent: int) -> tuple[set[str], set[str]]:
    a = game.world.try_component(ent, Actuators)
    return (set(a.installed), set(a.destroyed)) if a is not None else (set(), set())


def _bad(installed: set[str], destroyed: set[str], actuator: str) -> bool:
    """Damaged or missing."""
    return actuator not in installed or actuator in destroyed


def _limb_present(game: "Game", ent: int, loc: str) -> bool:
    return game.world.component(ent, Structure).points.get(loc, 0) > 0


def _fired_from(game: "Game", ent: int, loc: str) -> bool:
    return loc in game.world.component(ent, TurnState).fired_locations


def _torso_facing(game: "Game", ent: int) -> int:
    ts = game.world.component(ent, TurnState)
    return turn(game.world.component(ent, Position).facing, ts.torso_twist)


def _relative_direction(game: "Game", ent: int, tgt: int, facing: int) -> int | None:
    """0 ahead, 1 front-right, 2 right side, 3 behind, 4 left side, 5 front-left."""
    d = direction_to(game.world.component(ent, Position).hex, game.world.component(tgt, Position).hex)
    return None if d is None else (d - facing) % 6


def _charging(game: "Game", ent: int) -> bool:
    ts = game.world.try_component(ent, TurnState)
    return ts is not None and bool(ts.charge_target or ts.dfa_target)


# --------------------------------------------------------------------- evaluation
class Eval:
    """The result of judging one attack: a reason it is impossible, or its
    to-hit number, modifiers, damage and the hit table to use."""

    def __init__(self, reason: str | None = None, mods: list[list] | None = None,
                 damage: int = 0, table: str = "standard") -> None:
        self.reason = reason
        self.mods = mods or []
        self.damage = damage
        self.table = table
        self.wet = False        # damage halved for a limb under water
        self.side = None        # attack direction override ("random": a die picks it)

    @property
    def to_hit(self) -> int | None:
        return None if self.reason else sum(v for _, v in self.mods)


def _attacker_error(game: "Game", ent: int, prone_ok: bool = False) -> str | None:
    name = _name(game, ent)
    st = game.world.component(ent, Status)
    crew = game.world.try_component(ent, Crew)
    ts = game.world.component(ent, TurnState)
    if game.kind(ent) == "vehicle":
        return (f"{name} is a vehicle: its only physical attack is a charge, declared with its move "
                f"(V-PHYS-1)")
    if game.kind(ent) != "mech":
        return f"{name} is not a BattleMech; these physical attacks are for mechs"
    if st.destroyed:
        return f"{name} is destroyed"
    if st.shutdown:
        return f"{name} is shut down"
    if crew is not None and (crew.unconscious or crew.killed):
        return f"{name}'s MechWarrior is unconscious"
    if st.prone and not prone_ok:
        return prone_reason(game, ent)
    if ts.picked_up_club:
        return f"{name} picked up a club this turn and may not attack (P-FIND-2)"
    if ts.charge_target or ts.dfa_target:
        kind = 'charge' if ts.charge_target else 'death from above'
        return f"{name} is making a {kind} this turn: that is its attack, it makes no other"
    return None


def prone_reason(game: "Game", ent: int) -> str:
    return f"{_name(game, ent)} is prone and cannot make a physical attack"


def _target_error(game: "Game", ent: int, tgt: int) -> str | None:
    tname = _name(game, tgt)
    tst = game.world.component(tgt, Status)
    if tgt == ent:
        return "a mech cannot attack itself"
    if tst.destroyed or tst.removed:
        return f"{tname} is already destroyed"
    if not game.is_enemy(ent, tgt):
        return f"{tname} is on your own side"
    if distance(game.world.component(ent, Position).hex, game.world.component(tgt, Position).hex) != 1:
        return f"{tname} is not in an adjacent hex"
    if game.world.component(tgt, TurnState).dfa_target:
        return f"{tname} is in the air making a death from above attack"
    diff = _level(game, tgt) - _level(game, ent)
    if abs(diff) >= 2:
        return f"{tname} is {abs(diff)} levels {'higher' if diff > 0 else 'lower'}: too far for a physical attack"
    if (water_depth(game, ent) >= 2) != (water_depth(game, tgt) >= 2):
        return "a unit under water (depth 2 or more) and one above it cannot attack each other"
    return None


def water_depth(game: "Game", ent: int) -> int:
    t = game.map.terrain(game.world.component(ent, Position).hex)
    return t.depth if t.is_water else 0


def _underwater(game: "Game", ent: int, attack: str, ev: "Eval") -> "Eval":
    """A limb under water strikes for half damage, rounded up (core section 4):
    the legs in depth 1, every limb in depth 2 or more."""
    depth = water_depth(game, ent)
    if ev.reason or not ev.damage or depth == 0 or (depth == 1 and attack != "kick"):
        return ev
    ev.damage = math.ceil(ev.damage / 2)
    ev.wet = True
    return ev


def _arm_actuator_mods(installed, destroyed, side: str, attack: str) -> tuple[list[list], int]:
    """Actuator modifiers of one arm and the number of damage halvings."""
    mods, halvings = [], 0
    upper, lower, hand = f"{side}_upper_arm", f"{side}_lower_arm", f"{side}_hand"
    if _bad(installed, destroyed, upper):
        mods.append([f"{side} upper arm actuator {'missing' if upper not in installed else 'damaged'}", 2])
        halvings += 1
    if _bad(installed, destroyed, lower):
        mods.append([f"{side} lower arm actuator {'missing' if lower not in installed else 'damaged'}", 2])
        halvings += 1
    if attack == "punch" and _bad(installed, destroyed, hand) and lower in installed:
        # P-PUNCH-10/11: +1 for a missing or damaged hand; an arm without its
        # lower arm actuator has the +2 above instead (X-PUNCH-2).
        mods.append([f"{side} hand {'missing' if hand not in installed else 'damaged'}", 1])
    return mods, halvings


def punch_damage(tons: int, halvings: int) -> int:
    """P-PUNCH-6/7: ceil(W/10), halved per bad arm actuator, floor, minimum 1."""
    base = math.ceil(tons / 10)
    if halvings == 0:
        return base
    return max(1, base // (2 ** halvings))


def kick_damage(tons: int, halvings: int) -> int:
    """P-KICK-5/6: floor(W/5), halved per bad upper/lower leg actuator, floor."""
    return (tons // 5) // (2 ** halvings)


def evaluate(game: "Game", ent: int, tgt: int, attack: str, limb: str | None = None) -> Eval:
    """Judge one physical attack by `ent` on `tgt` as things stand now."""
    if attack not in ATTACKS:
        return Eval(f"{attack!r} is not a physical attack (punch, kick, push, club, hatchet)")
    if attack == "punch" and limb not in ARMS:
        return Eval("say which arm punches (limb = \"left\" or \"right\")")
    if (reason := _attacker_error(game, ent, prone_ok=True)):
        return Eval(reason)
    for rule in game.ruleset.hooks.physical_target:
        # Rules for unusual targets (vehicles in the attacker's hex, airborne
        # VTOLs: rules/vehicles.md V-PHYS) replace the mech-against-mech
        # judgement and judge a prone attacker themselves (a prone mech may
        # punch a vehicle in its own hex: core section 4).
        ev = rule(game, ent, tgt, attack, limb)
        if ev is not None:
            return ev
    if game.world.component(ent, Status).prone:
        return Eval(prone_reason(game, ent))
    reason = _target_error(game, ent, tgt)
    if reason:
        return Eval(reason)
    fn = {"punch": _punch, "kick": _kick, "push": _push, "club": _club, "hatchet": _hatchet}[attack]
    return _underwater(game, ent, attack, fn(game, ent, tgt, limb))


def _base(game: "Game", ent: int, attack: str) -> list[list]:
    return [["piloting", game.world.component(ent, Crew).piloting], [attack, ATTACK_MODIFIER[attack]]]


def _hands_busy(game: "Game", ent: int) -> str | None:
    eq = game.world.try_component(ent, Equipment)
    if eq is not None and eq.club is not None:
        return (f"{_name(game, ent)}'s hands hold a club: it may club or kick, not punch, push or "
                f"swing a hatchet (P-FIND-5)")
    return None


def _punch(game: "Game", ent: int, tgt: int, limb: str | None, level_diff: int | None = None) -> Eval:
    if limb not in ARMS:
        return Eval("say which arm punches (limb = \"left\" or \"right\")")
    loc = f"{limb}_arm"
    installed, destroyed = _acts(game, ent)
    tname = _name(game, tgt)
    if not _limb_present(game, ent, loc):
        return Eval(f"the {limb} arm is gone: it cannot punch")
    if _bad(installed, destroyed, f"{limb}_shoulder"):
        return Eval(f"the {limb} shoulder actuator is destroyed: that arm cannot punch (P-PUNCH-4)")
    if _fired_from(game, ent, loc):
        return Eval(f"the {limb} arm fired its weapons this turn and cannot punch (P-PUNCH-2)")
    if (busy := _hands_busy(game, ent)):
        return Eval(busy)
    rel = _relative_direction(game, ent, tgt, _torso_facing(game, ent))
    if rel == 3:
        return Eval(f"{tname} is behind: punches go to the forward and side arcs (P-PUNCH-3)")
    if rel == 2 and limb == "left":
        return Eval(f"{tname} is in the right side arc: only the right arm can punch it (P-PUNCH-3)")
    if rel == 4 and limb == "right":
        return Eval(f"{tname} is in the left side arc: only the left arm can punch it (P-PUNCH-3)")
    diff = _level(game, tgt) - _level(game, ent) if level_diff is None else level_diff
    prone = game.world.component(tgt, Status).prone
    if diff < 0:
        return Eval(f"{tname} is a level lower: a punch cannot reach it")
    if diff == 0 and prone:
        return Eval(f"{tname} is prone at the same level: a punch cannot reach it")
    mods = _base(game, ent, "punch")
    act_mods, halvings = _arm_actuator_mods(installed, destroyed, limb, "punch")
    mods += act_mods + _common_modifiers(game, ent, tgt)
    tons = game.world.component(ent, Identity).tonnage
    return Eval(None, mods, punch_damage(tons, halvings), "kick" if diff == 1 else "punch")


def _kick(game: "Game", ent: int, tgt: int, limb: str | None, level_diff: int | None = None) -> Eval:
    installed, destroyed = _acts(game, ent)
    tname = _name(game, tgt)
    if limb is None:
        # Either leg: the better one (lower to-hit, then right).
        options = [_kick(game, ent, tgt, side, level_diff) for side in ("right", "left")]
        ok = [o for o in options if not o.reason]
        return min(ok, key=lambda o: o.to_hit) if ok else options[0]
    if limb not in ARMS:
        return Eval("say which leg kicks (limb = \"left\" or \"right\")")
    loc = f"{limb}_leg"
    for leg in ("left_leg", "right_leg"):
        if not _limb_present(game, ent, leg):
            return Eval(f"the {leg.replace('_', ' ')} is gone: a kick needs both legs")
    for side in ARMS:
        if _bad(installed, destroyed, f"{side}_hip"):
            return Eval(f"the {side} hip actuator is destroyed: no kicks (P-KICK-2)")
    if _fired_from(game, ent, loc):
        return Eval(f"weapons in the {limb} leg fired this turn: it cannot kick (P-KICK-1)")
    rel = _relative_direction(game, ent, tgt, game.world.component(ent, Position).facing)
    if rel is not None and rel not in (0, 1, 5):     # None: a unit in the mech's own hex (a stomp)
        return Eval(f"{tname} is not in the three hexes in front of the feet (P-KICK-3)")
    diff = _level(game, tgt) - _level(game, ent) if level_diff is None else level_diff
    prone = game.world.component(tgt, Status).prone
    if diff > 0:
        return Eval(f"{tname} is a level higher: a kick cannot reach it")
    if diff < 0 and prone:
        return Eval(f"{tname} is prone a level lower: only a death from above can reach it")
    mods = _base(game, ent, "kick")
    halvings = 0
    for part in ("upper_leg", "lower_leg"):
        if _bad(installed, destroyed, f"{limb}_{part}"):
            mods.append([f"{limb} {part.replace('_', ' ')} actuator damaged", 2])
            halvings += 1
    if _bad(installed, destroyed, f"{limb}_foot"):
        mods.append([f"{limb} foot actuator damaged", 1])
    mods += _common_modifiers(game, ent, tgt)
    tons = game.world.component(ent, Identity).tonnage
    table = "punch" if diff < 0 else ("standard" if prone else "kick")
    return Eval(None, mods, kick_damage(tons, halvings), table)


def _push(game: "Game", ent: int, tgt: int, limb: str | None) -> Eval:
    installed, destroyed = _acts(game, ent)
    tname = _name(game, tgt)
    if game.kind(tgt) != "mech":
        return Eval(f"{tname} is not a mech: only a standing mech can be pushed (P-PUSH-1)")
    if game.world.component(tgt, Status).prone:
        return Eval(f"{tname} is prone: only a standing mech can be pushed (P-PUSH-1)")
    if _charging(game, tgt):
        return Eval(f"{tname} is charging this turn and cannot be pushed (P-PUSH-2)")
    for side in ARMS:
        if not _limb_present(game, ent, f"{side}_arm"):
            return Eval(f"the {side} arm is gone: a push needs both arms")
        if _fired_from(game, ent, f"{side}_arm"):
            return Eval(f"the {side} arm fired its weapons this turn: no push (P-PUSH-3)")
    if (busy := _hands_busy(game, ent)):
        return Eval(busy)
    if _relative_direction(game, ent, tgt, game.world.component(ent, Position).facing) != 0:
        return Eval(f"{tname} is not directly ahead of the feet (P-PUSH-4)")
    if _level(game, tgt) != _level(game, ent):
        return Eval(f"{tname} is not at the same level: no push")
    for p in game.phase_data.get("physical", []):
        if p["attack"] == "push" and p["target"] == game.uid(tgt):
            return Eval(f"{tname} is already being pushed this turn: one push per target (P-PUSH-7)")
    mods = _base(game, ent, "push")
    for side in ARMS:
        if _bad(installed, destroyed, f"{side}_shoulder"):
            mods.append([f"{side} shoulder actuator damaged", 2])
    mods += _common_modifiers(game, ent, tgt)
    return Eval(None, mods, 0, "none")


def _swing_table(game: "Game", ent: int, tgt: int, level_diff: int | None = None
                 ) -> tuple[str | None, str | None]:
    """Club and hatchet: (table, reason) by level difference (core section 4)."""
    tname = _name(game, tgt)
    diff = _level(game, tgt) - _level(game, ent) if level_diff is None else level_diff
    prone = game.world.component(tgt, Status).prone
    if prone and diff <= 0:
        return None, f"{tname} is prone {'at the same level' if diff == 0 else 'below'}: a swing cannot reach it"
    return {1: "kick", 0: "standard", -1: "punch"}[diff], None


def _club(game: "Game", ent: int, tgt: int, limb: str | None, level_diff: int | None = None) -> Eval:
    installed, destroyed = _acts(game, ent)
    eq = game.world.component(ent, Equipment)
    tname = _name(game, tgt)
    if eq.club is None:
        return Eval(f"{_name(game, ent)} holds no club (pick one up first: P-FIND-2, -3)")
    if (reason := clubs.hands_working(game, ent)):
        return Eval(f"a club needs both shoulders and hands: {reason} (P-CLUB-1)")
    for side in ARMS:
        if _fired_from(game, ent, f"{side}_arm"):
            return Eval(f"the {side} arm fired its weapons this turn: no club attack (P-CLUB-1)")
    if _relative_direction(game, ent, tgt, _torso_facing(game, ent)) not in (0, 1, 5):
        return Eval(f"{tname} is not in the forward arc (P-CLUB-1)")
    table, reason = _swing_table(game, ent, tgt, level_diff)
    if reason:
        return Eval(reason)
    mods = _base(game, ent, "club")
    for side in ARMS:
        for part in ("upper_arm", "lower_arm"):
            if _bad(installed, destroyed, f"{side}_{part}"):
                mods.append([f"{side} {part.replace('_', ' ')} actuator damaged", 2])
    mods += _common_modifiers(game, ent, tgt)
    return Eval(None, mods, game.world.component(ent, Identity).tonnage // 5, table)


def _hatchet(game: "Game", ent: int, tgt: int, limb: str | None, level_diff: int | None = None) -> Eval:
    installed, destroyed = _acts(game, ent)
    eq = game.world.component(ent, Equipment)
    tname = _name(game, tgt)
    if eq.hatchet is None:
        return Eval(f"{_name(game, ent)} has no hatchet")
    side = eq.hatchet.split("_")[0]
    if limb is not None and limb != side:
        return Eval(f"the hatchet is in the {side} arm, not the {limb} arm")
    if eq.hatchet_destroyed:
        return Eval("the hatchet is destroyed (P-WPN-4)")
    if not _limb_present(game, ent, eq.hatchet):
        return Eval(f"the {side} arm holding the hatchet is gone")
    for part in ("shoulder", "hand"):
        if _bad(installed, destroyed, f"{side}_{part}"):
            return Eval(f"the {side} {part} actuator is damaged or missing: the hatchet cannot be swung")
    if _fired_from(game, ent, eq.hatchet):
        return Eval(f"the {side} arm fired its weapons this turn: no hatchet attack (P-WPN-2)")
    if (busy := _hands_busy(game, ent)):
        return Eval(busy)
    rel = _relative_direction(game, ent, tgt, _torso_facing(game, ent))
    allowed = (0, 1, 5, 4) if side == "left" else (0, 1, 5, 2)
    if rel not in allowed:
        return Eval(f"{tname} is not in the {side} arm's arc")
    table, reason = _swing_table(game, ent, tgt, level_diff)
    if reason:
        return Eval(reason)
    mods = _base(game, ent, "hatchet")
    for part in ("upper_arm", "lower_arm"):
        if _bad(installed, destroyed, f"{side}_{part}"):
            mods.append([f"{side} {part.replace('_', ' ')} actuator damaged", 2])
    mods += _common_modifiers(game, ent, tgt)
    return Eval(None, mods, game.world.component(ent, Identity).tonnage // 5, table)


def _combination_error(game: "Game", uid: str, attack: str, limb: str | None) -> str | None:
    """Core section 4: per turn either one punch per arm, or one kick, or one
    club, or one push, or a physical weapon per arm (a punch and a hatchet
    may use different arms)."""
    mine = [p for p in game.phase_data.get("physical", []) if p["unit"] == uid]
    if not mine:
        return None
    arm_attacks = ("punch", "hatchet")
    if attack not in arm_attacks or any(p["attack"] not in arm_attacks for p in mine):
        done = ", ".join(p["attack"] for p in mine)
        return (f"this mech has already declared a {done} this turn: in one turn a mech punches (once "
                f"per arm, or punch and hatchet), or kicks once, or clubs once, or pushes once")
    for p in mine:
        if p["limb"] == limb:
            return f"the {limb} arm has already been used this turn"
    return None


# --------------------------------------------------------------------- the preview
def physical_options(game: "Game", attacker_uid: str, target_uid: str) -> list[tuple]:
    """Every physical attack `attacker_uid` could declare on `target_uid` now.

    Returns a list of `(attack, limb, to_hit, modifiers, reason)` tuples, one
    per attack and limb: punch left and right, kick left and right, push,
    club and hatchet. `to_hit` is the number needed on 2d6 (None when the
    attack is impossible), `modifiers` the `[label, value]` pairs summing to
    it, and `reason` None or the sentence saying why it cannot be made (the
    same sentence the refused order would carry). Nothing is changed."""
    ent, tgt = game.units[attacker_uid], game.units[target_uid]
    out = []
    for attack, limb in (("punch", "left"), ("punch", "right"), ("kick", "left"), ("kick", "right"),
                         ("push", None), ("club", None), ("hatchet", None)):
        ev = evaluate(game, ent, tgt, attack, limb)
        used = limb
        if attack == "hatchet":
            eq = game.world.try_component(ent, Equipment)
            used = eq.hatchet.split("_")[0] if eq is not None and eq.hatchet else None
        reason = ev.reason or _combination_error(game, attacker_uid, attack, used)
        if reason is None and ev.to_hit is not None and ev.to_hit > 12:
            reason = f"the to-hit number is {ev.to_hit}: above 12, it cannot succeed"
        out.append((attack, limb, None if reason else ev.to_hit, ev.mods, reason))
    return out


# --------------------------------------------------------------------- orders
def check_physical(game: "Game", order: PhysicalOrder) -> str | None:
    ent = game.units[order.unit]
    ts = game.world.component(ent, TurnState)
    if order.attack == "pick_up_club":
        reason = _attacker_error(game, ent)
        if reason:
            return reason
        if ts.fired:
            return f"{_name(game, ent)} fired weapons this turn: it cannot also pick up a club (P-FIND-2)"
        if any(p["unit"] == order.unit for p in game.phase_data.get("physical", [])):
            return f"{_name(game, ent)} has declared an attack: it cannot also pick up a club (P-FIND-2)"
        return clubs.pickup_error(game, ent, order.source)
    if order.attack not in ATTACKS:
        return f"{order.attack!r} is not a physical attack of the classic rules"
    if not order.target:
        return "a physical attack needs a target"
    if order.target not in game.units:
        return f"there is no unit {order.target!r}"
    tgt = game.units[order.target]
    ev = evaluate(game, ent, tgt, order.attack, order.limb)
    if ev.reason:
        return ev.reason
    limb = _declared_limb(game, ent, order)
    reason = _combination_error(game, order.unit, order.attack, limb)
    if reason:
        return reason
    if ev.to_hit > 12:
        return f"the to-hit number is {ev.to_hit}: above 12, the attack cannot succeed"
    return None


def _declared_limb(game: "Game", ent: int, order: PhysicalOrder) -> str | None:
    if order.attack == "hatchet":
        eq = game.world.component(ent, Equipment)
        return eq.hatchet.split("_")[0] if eq.hatchet else order.limb
    if order.attack == "kick" and order.limb is None:
        tgt = game.units[order.target]
        best = _kick(game, ent, tgt, None)
        for side in ("right", "left"):
            ev = _kick(game, ent, tgt, side)
            if not ev.reason and ev.to_hit == best.to_hit:
                return side
    return order.limb


def apply_physical(game: "Game", order: PhysicalOrder) -> None:
    """Declare the attack; it is resolved at the end of the phase."""
    ent = game.units[order.unit]
    if order.attack == "pick_up_club":
        clubs.pick_up(game, ent, order.source)
        game.world.component(ent, TurnState).picked_up_club = True
        return
    tgt = game.units[order.target]
    limb = _declared_limb(game, ent, order)
    ev = evaluate(game, ent, tgt, order.attack, limb)
    game.phase_data.setdefault("physical", []).append({
        "unit": order.unit, "attack": order.attack, "limb": limb, "target": order.target,
        "to_hit": ev.to_hit, "modifiers": ev.mods, "damage": ev.damage, "table": ev.table,
        "from": list(game.world.component(ent, Position).hex),
        "target_at": list(game.world.component(tgt, Position).hex),
        **({"side": ev.side} if ev.side else {}),
    })
    game.world.component(ent, TurnState).physical_done = True
    game.log.emit("declare", unit=order.unit, attack=order.attack, limb=limb, target=order.target,
                  to_hit=ev.to_hit)


# --------------------------------------------------------------------- charge and DFA
def charge_to_hit(game: "Game", ent: int, tgt: int, dfa: bool = False) -> list[list]:
    """Charge: P + attacker movement + target movement + terrain + (P - target P).
    DFA: P + 3 (jumped) + target movement + (P - target P); no terrain (MM)."""
    p = game.world.component(ent, Crew).piloting
    tp = game.world.component(tgt, Crew).piloting
    mods = [["piloting", p]]
    if dfa:
        mods.append(["attacker jumped", 3])
        mods += _common_modifiers(game, ent, tgt, terrain=False, attacker_move=False)
    else:
        mods += _common_modifiers(game, ent, tgt)
    if p - tp:
        mods.append(["piloting difference", p - tp])
    for hook in game.ruleset.hooks.charge_modifiers:     # an airborne VTOL target, T-12
        mods += hook(game, ent, tgt, dfa)
    return mods


def charge_damage(tons: int, hexes: int) -> int:
    """P-CHARGE-12: ceil(W/10 x hexes moved), rounding the product (X-CHARGE-1)."""
    return -(-tons * hexes // 10)


def charger_damage(game: "Game", ent: int, tgt: int) -> int:
    """P-CHARGE-13: ceil(target W/10); a target without tonnage (a hill) uses
    the charger's own (P-CHARGE-11); a charger standing in water takes half,
    rounded up (core worked example 2, MM)."""
    tons = game.world.component(tgt, Identity).tonnage or game.world.component(ent, Identity).tonnage
    if water_depth(game, ent) >= 1:
        return math.ceil(tons / 20)
    return math.ceil(tons / 10)


def check_declaration(game: "Game", ent: int, order: MoveOrder, result) -> str | None:
    """Declaration check: is the charge or DFA at the end of this path legal?"""
    miss = getattr(order, "charge_miss", None)
    if miss is not None and (not order.charge or miss not in ("left", "right")):
        return ("charge_miss says where a missed charger goes: \"left\" or \"right\" of the target hex, "
                "and only with a charge (P-CHARGE-16)")
    if not order.charge and not order.dfa:
        return None
    if order.charge and order.dfa:
        return "a unit declares a charge or a death from above, not both"
    kind = "charge" if order.charge else "death from above"
    tuid = order.charge or order.dfa
    if tuid not in game.units:
        return f"there is no unit {tuid!r}"
    tgt = game.units[tuid]
    tname = _name(game, tgt)
    final = result.final
    if tgt == ent:
        return f"a unit cannot {kind} itself"
    tst = game.world.component(tgt, Status)
    if tst.destroyed or tst.removed:
        return f"{tname} is already destroyed"
    if not game.is_enemy(ent, tgt):
        return f"{tname} is on your own side"
    alt = game.world.try_component(tgt, Altitude)
    if alt is not None and alt.level > 0 and order.charge:
        return f"{tname} is airborne and cannot be charged"
    for uid, other in game.units.items():
        ots = game.world.component(other, TurnState)
        if other != ent and tuid in (ots.charge_target, ots.dfa_target):
            return f"{tname} is already the target of a charge or death from above this turn (P-CHARGE-9)"
        if other != ent and order.unit in (ots.charge_target, ots.dfa_target):
            return (f"{_name(game, ent)} is itself the target of a charge or death from above this turn: "
                    f"a charging unit cannot be one (P-CHARGE-4)")
    tts = game.world.component(tgt, TurnState)
    if tts.charge_target or tts.dfa_target:
        return (f"{tname} is making a charge or death from above this turn: its move ends only in the "
                f"physical phase, so it cannot be charged or attacked from above (P-CHARGE-4)")
    thex = game.world.component(tgt, Position).hex
    if order.charge:
        if order.mode not in ("walk", "run", "cruise", "flank"):
            return "a charge is made walking or running, not jumping"
        if final.backward:
            return "a charge cannot include backward movement"
        if final.prone:
            return "a prone unit cannot charge"
        if neighbor(final.hex, final.facing) != thex:
            return f"{tname} is not in the hex directly ahead at the end of the move (P-CHARGE-1)"
        if tst.prone and game.kind(ent) == "mech":
            # A vehicle may charge a prone mech (V-PHYS-3: the normal table).
            return f"{tname} is prone and cannot be charged"
        from systems.common.movement import motion_rules
        rules = motion_rules(game, ent)
        cost = rules.enter_cost(game, ent, order.mode, game.map.terrain(final.hex), game.map.terrain(thex), False)
        if isinstance(cost, str):
            return f"{tname} stands in terrain this unit cannot enter: no charge (P-CHARGE-10): {cost}"
        # No level limit of its own: the charger only has to be able to enter
        # the target's hex (P-CHARGE-10; a mech climbs or drops 2 levels a
        # hex) with the MP it has left (P-CHARGE-5).
        limit = rules.mp(game, ent, order.mode)
        if final.mp + cost > limit:
            return (f"not enough MP left to enter {tname}'s hex: needs {final.mp + cost}, "
                    f"has {limit} (P-CHARGE-5)")
        return None
    if game.kind(ent) != "mech":
        return "only a mech can make a death from above attack"
    if order.mode != "jump":
        return "a death from above is made jumping"
    if distance(final.hex, thex) != 1:
        return f"{tname} is not adjacent to the end of the jump: the mech must jump into its hex"
    from systems.common.movement import motion_rules
    limit = motion_rules(game, ent).mp(game, ent, "jump")
    if final.mp + 1 > limit:
        return f"not enough jump MP left to jump into {tname}'s hex (needs {final.mp + 1}, has {limit})"
    return None


def record_declaration(game: "Game", ent: int, order: MoveOrder, result) -> None:
    """After-move hook: remember a declared charge or DFA, in order."""
    if order.charge or order.dfa:
        entry = {"unit": order.unit, "attack": "charge" if order.charge else "dfa",
                 "target": order.charge or order.dfa}
        if order.charge and getattr(order, "charge_miss", None):
            entry["miss_to"] = order.charge_miss
        game.phase_data.setdefault("charges", []).append(entry)


def begin_physical(game: "Game") -> None:
    """Start of the physical phase: re-check each declared charge and DFA
    (P-CHARGE-1, -6, -7); refused ones give a `refused` event."""
    kept = []
    for c in game.phase_data.pop("charges", []):
        ent, tgt = game.units[c["unit"]], game.units[c["target"]]
        ts = game.world.component(ent, TurnState)
        raw = {"unit": c["unit"], c["attack"]: c["target"]}
        if (ts.charge_target if c["attack"] == "charge" else ts.dfa_target) != c["target"]:
            kind = "charge" if c["attack"] == "charge" else "death from above"
            game.log.emit("refused", unit=c["unit"], order=raw,
                          reason=f"{_name(game, ent)} fell during its move: the {kind} is not made")
            continue
        reason = _charge_start_error(game, ent, tgt, c)
        st = game.world.component(ent, Status)
        if reason is None and st.prone:
            c["automatic_miss"] = f"{_name(game, ent)} fell in the weapon attack phase (P-CHARGE-6)"
        if reason:
            game.log.emit("refused", unit=c["unit"], order=raw, reason=reason)
            ts.charge_target = ts.dfa_target = None
            continue
        mods = charge_to_hit(game, ent, tgt, dfa=c["attack"] == "dfa")
        c.update(to_hit=sum(v for _, v in mods), modifiers=mods,
                 hexes=ts.hexes_moved, **{"from": list(game.world.component(ent, Position).hex),
                                           "target_at": list(game.world.component(tgt, Position).hex)})
        kept.append(c)
    game.phase_data["charges"] = kept


def _charge_start_error(game: "Game", ent: int, tgt: int, c: dict) -> str | None:
    name, tname = _name(game, ent), _name(game, tgt)
    st, tst = game.world.component(ent, Status), game.world.component(tgt, Status)
    kind = "charge" if c["attack"] == "charge" else "death from above"
    if st.destroyed or st.removed:
        return f"{name} was destroyed before its {kind}"
    if tst.destroyed or tst.removed:
        return f"{tname} was destroyed before the {kind}"
    if game.world.component(ent, TurnState).fired:
        return f"{name} fired weapons this turn: a charging unit makes no weapon attacks (P-CHARGE-2)"
    if tst.prone and c["attack"] == "charge" and game.kind(ent) == "mech":
        return f"{tname} fell in the weapon attack phase: the charge cannot be made (P-CHARGE-7)"
    pos, tpos = game.world.component(ent, Position), game.world.component(tgt, Position)
    if c["attack"] == "charge" and neighbor(pos.hex, pos.facing) != tpos.hex and not st.prone:
        return f"{tname} is not directly ahead at the start of the physical phase (P-CHARGE-1)"
    if c["attack"] == "dfa" and distance(pos.hex, tpos.hex) != 1:
        return f"{tname} is no longer adjacent: no death from above"
    return None


# --------------------------------------------------------------------- resolution
def _roll(game: "Game", entry: dict, attacker: str) -> tuple[int | None, bool]:
    if entry.get("automatic_miss"):
        return None, False
    roll = game.dice.roll("to_hit", 2, f"{attacker} {entry['attack']} {entry['target']}")
    return roll, roll >= entry["to_hit"] and roll != 2


def _emit_attack(game: "Game", entry: dict, roll: int | None, hit: bool) -> None:
    extra = {"limb": entry["limb"]} if entry.get("limb") else {}
    if entry.get("automatic_miss"):
        extra["automatic_miss"] = entry["automatic_miss"]
    game.log.emit("attack", attacker=entry["unit"], target=entry["target"], attack=entry["attack"],
                  to_hit=entry["to_hit"], modifiers=entry["modifiers"], roll=roll, hit=hit, **extra)


def _side(game: "Game", tgt: int, from_hex) -> str:
    tpos = game.world.component(tgt, Position)
    if game.kind(tgt) == "mech":
        return mech_attack_side(tpos.hex, tpos.facing, from_hex)
    return vehicle_attack_side(tpos.hex, tpos.facing, from_hex)


def hit_target(game: "Game", tgt: int, amount: int, table: str, side: str, cause: str) -> None:
    """One damage group on the table's location (mechs), or on the side hit
    (vehicles: their hit tables belong to the vehicle damage rules)."""
    if amount <= 0:
        return
    if game.kind(tgt) != "mech":
        game.ruleset.hooks.physical_hit[game.kind(tgt)](game, tgt, amount, side, cause)
        return
    hit = hit_location.mech_hit(game, table, side, f"{cause}: {table} table, {side}")
    damage.apply_damage(game, tgt, hit.location, amount,
                        through_armor_critical=hit.through_armor_critical, cause=cause)


RANDOM_SIDES = ("front", "right", "rear", "left")


def random_side(game: "Game", cause: str) -> str:
    """A side picked at random (a vehicle kicked in the attacker's own hex,
    V-PHYS-5): 1d6 1-4 in RANDOM_SIDES order, 5-6 rolled again."""
    return game.dice.choice("location", list(RANDOM_SIDES), f"{cause}: random side of the vehicle")


def charge_table(game: "Game", ent: int, tgt: int) -> str:
    """The hit table a charge uses on its target: the standard one, unless a
    unit type's rule says otherwise (a vehicle charging a mech, V-PHYS-3)."""
    for hook in game.ruleset.hooks.charge_table:
        table = hook(game, ent, tgt)
        if table:
            return table
    return "standard"


def resolve_physical(game: "Game") -> None:
    """End of the physical phase: every declared attack in order, then the
    displacements, then (systems/classic/piloting.py) the piloting rolls."""
    from engine.hexgrid import Hex
    charges = game.phase_data.pop("charges", [])
    attacks = game.phase_data.pop("physical", [])
    moves: list[tuple[str, dict, bool]] = []
    for c in charges:
        ent, tgt = game.units[c["unit"]], game.units[c["target"]]
        roll, hit = _roll(game, c, c["unit"])
        _emit_attack(game, c, roll, hit)
        tons = game.world.component(ent, Identity).tonnage
        side = _side(game, tgt, Hex(*c["from"]))
        if hit and c["attack"] == "charge":
            table = charge_table(game, ent, tgt)
            for g in hit_location.groups(charge_damage(tons, c["hexes"])):
                hit_target(game, tgt, g, table, side, "charge")
            for g in hit_location.groups(charger_damage(game, ent, tgt)):
                hit_target(game, ent, g, "standard", "front", "charge (attacker)")
        if c["attack"] == "charge":
            for hook in game.ruleset.hooks.after_charge:     # a vehicle's motive roll, V-PHYS-4
                hook(game, c, hit)
        elif hit:
            tprone = game.world.component(tgt, Status).prone
            for g in hit_location.groups(charge_damage(tons, 3)):
                hit_target(game, tgt, g, "standard" if tprone else "punch",
                           "rear" if tprone else side, "death from above")
            for g in hit_location.groups(math.ceil(tons / 5)):
                hit_target(game, ent, g, "kick", "front", "death from above (attacker)")
        moves.append((c["attack"], c, hit))
    for a in attacks:
        ent, tgt = game.units[a["unit"]], game.units[a["target"]]
        roll, hit = _roll(game, a, a["unit"])
        _emit_attack(game, a, roll, hit)
        if a["attack"] == "push":
            moves.append(("push", a, hit))
            continue
        if hit:
            side = a.get("side") or _side(game, tgt, Hex(*a["from"]))
            if side == "random":
                side = random_side(game, a["attack"])
            hit_target(game, tgt, a["damage"], a["table"], side, a["attack"])
            if a["attack"] == "club":
                clubs.club_hit(game, ent)
        if a["attack"] == "kick":
            if hit:
                piloting.queue_psr(game, tgt, "kicked", 0)          # P-KICK-8
            else:
                piloting.queue_psr(game, ent, "missed a kick", 0)   # P-KICK-8
    _resolve_moves(game, moves)


def _resolve_moves(game: "Game", moves: list[tuple[str, dict, bool]]) -> None:
    """Displacements after the attacks: mutual pushes net out (P-PUSH-8)."""
    pushes = {(m[1]["unit"], m[1]["target"]): m[2] for m in moves if m[0] == "push"}
    for kind, e, hit in moves:
        ent, tgt = game.units[e["unit"]], game.units[e["target"]]
        if kind == "push":
            mutual = pushes.get((e["target"], e["unit"]))
            if not hit:
                continue
            if mutual:
                # Both hit: nobody moves, both make PSRs (each from the push on it).
                piloting.queue_psr(game, tgt, "pushed", 0)
                continue
            _push_target(game, ent, tgt, e, psr=("pushed", 0), cause="push")
        elif kind == "charge":
            _spend_charge_mp(game, ent, e)
            if hit:
                _push_target(game, ent, tgt, e, psr=("hit by a charge", 2), cause="charge")
                piloting.queue_psr(game, ent, "made a successful charge", 2)   # P-CHARGE-18
            elif not e.get("automatic_miss"):
                _missed_charge(game, ent, tgt, e.get("miss_to"))
        elif kind == "dfa":
            if hit:
                _push_target(game, ent, tgt, e, psr=("hit by a death from above", 2), cause="dfa",
                             alternatives=True)
                piloting.queue_psr(game, ent, "made a successful death from above", 4)
            elif not e.get("automatic_miss"):
                _missed_dfa(game, ent, tgt)


def _spend_charge_mp(game: "Game", ent: int, e: dict) -> None:
    """P-CHARGE-5: hit or miss, the charger spends the MP to enter the target hex."""
    from engine.hexgrid import Hex
    from systems.common.movement import motion_rules
    ts = game.world.component(ent, TurnState)
    cost = motion_rules(game, ent).enter_cost(game, ent, ts.mode, game.map.terrain(Hex(*e["from"])),
                                              game.map.terrain(Hex(*e["target_at"])), False)
    if isinstance(cost, int):
        ts.mp_spent += cost


def _push_target(game: "Game", ent: int, tgt: int, e: dict, *, psr: tuple[str, int], cause: str,
                 alternatives: bool = False) -> None:
    """The target goes one hex on along the attack, the attacker takes its
    hex (P-PUSH-6, P-CHARGE-15); a prohibited hex means nobody moves but the
    PSR still happens (P-PUSH-9, P-CHARGE-17); 2+ levels down it falls."""
    from engine.hexgrid import Hex
    pos, tpos = game.world.component(ent, Position), game.world.component(tgt, Position)
    frm, tat = Hex(*e["from"]), Hex(*e["target_at"])
    tname = game.uid(tgt)
    piloting.queue_psr(game, tgt, psr[0], psr[1])
    if tpos.hex != tat or pos.hex != frm or game.world.component(tgt, Status).removed:
        game.log.emit("displace_blocked", unit=tname, **{"from": game.map.label(tpos.hex)}, to=None,
                      cause=f"{cause}: the units have moved since the attack")
        return
    direction = direction_to(frm, tat)
    if airborne(game, tgt):
        # An airborne VTOL is not in the way: nothing to displace, the
        # attacker lands in the hex beneath it (V-PHYS-7).
        st = game.world.component(ent, Status)
        if not st.destroyed and not st.removed and not displacement._ground_units_at(game, tat, exclude=ent):
            displacement.move_into(game, ent, tat, f"{cause}: attacker advances")
        return
    result = displacement.outcome(game, tgt, direction)
    if result == displacement.PROHIBITED and alternatives:
        options = displacement.legal_alternatives(game, tgt, direction)
        if options:
            direction = options[0]
            result = displacement.MOVE
    if result == displacement.PROHIBITED:
        displacement.displace(game, tgt, direction, cause)   # emits displace_blocked
        return
    displacement.displace(game, tgt, direction, cause)
    st = game.world.component(ent, Status)
    if not st.destroyed and not st.removed and not displacement._ground_units_at(game, tat, exclude=ent):
        displacement.move_into(game, ent, tat, f"{cause}: attacker advances")


def _missed_charge(game: "Game", ent: int, tgt: int, choice: str | None = None) -> None:
    """P-CHARGE-16: the charger goes to the hex front-left or front-right of
    where it was (beside the target hex). The attacking player chooses with
    the move order's `charge_miss` ("left" / "right"); when that hex cannot
    be entered the other one is used. Without a choice the engine takes the
    higher, else rolls (MM); neither legal: it stays (X-CHARGE-3). The MP to
    enter the target hex are spent (P-CHARGE-5)."""
    pos = game.world.component(ent, Position)
    legal, sides = [], {}
    for t, side in ((-1, "left"), (1, "right")):
        d = turn(pos.facing, t)
        h = neighbor(pos.hex, d)
        if game.map.on_map(h) and displacement.outcome(game, ent, d) == displacement.MOVE \
                and not displacement._ground_units_at(game, h, exclude=ent):
            legal.append(h)
            sides[side] = h
    if not legal:
        game.log.emit("displace_blocked", unit=game.uid(ent), **{"from": game.map.label(pos.hex)},
                      to=None, cause="missed charge: no room beside the target")
        return
    if choice in sides:
        displacement.move_into(game, ent, sides[choice], f"missed charge: the {choice} hex, as ordered")
        return
    top = max(game.map.terrain(h).level for h in legal)
    legal = [h for h in legal if game.map.terrain(h).level == top]
    dest = game.dice.choice("displacement", legal, "missed charge: left or right") if len(legal) > 1 else legal[0]
    displacement.move_into(game, ent, dest, "missed charge")


def _missed_dfa(game: "Game", ent: int, tgt: int) -> None:
    """A missed DFA: the target is moved aside to an adjacent hex (MM
    getPreferredDisplacement), and the attacker falls into the target hex
    as a 2-level fall on its back (core section 4). With no room for the
    target, the attacker falls in its own hex."""
    pos, tpos = game.world.component(ent, Position), game.world.component(tgt, Position)
    thex = tpos.hex
    direction = direction_to(pos.hex, thex) or 0
    if airborne(game, tgt):
        # An airborne VTOL need not make room: the mech falls beneath it.
        piloting.fall(game, ent, 2, "missed death from above", at=thex, column="rear")
        return
    options = displacement.legal_alternatives(game, tgt, direction)
    if options:
        displacement.displace(game, tgt, options[0], "missed death from above")
        piloting.fall(game, ent, 2, "missed death from above", at=thex, column="rear")
    else:
        piloting.fall(game, ent, 2, "missed death from above", column="rear")

