"""Read-only questions the UI asks the engine: which weapons a unit can name
in an order, what an attack would need to hit (from the attack systems'
preview functions), the chance of rolling it, line of sight hexes, and the
candidate physical attacks with their to-hit or the reason they are
impossible (from `game.check`). No rules are decided here: every answer
comes from the engine or from the rule systems.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from components import Identity, Position, Weapons, Equipment, Status, AlphaStrikeCard
from engine.hexgrid import distance, line, neighbors
from engine.orders import FireOrder, PhysicalOrder, MoveOrder
from systems import as_combat, as_end_phase, physical_attacks, weapon_attacks

_2D6 = {n: sum(1 for a in range(1, 7) for b in range(1, 7) if a + b >= n) / 36 for n in range(0, 14)}


def hit_chance(target: int | None) -> float:
    """Chance that 2d6 rolls `target` or more (0 above 12, 1 at 2 or less)."""
    if target is None:
        return 0.0
    if target <= 2:
        return 1.0
    if target > 12:
        return 0.0
    return _2D6[target]


@dataclass
class WeaponSlot:
    order_name: str          # the name an order uses: "medium_laser" or "medium_laser#2"
    label: str               # "Medium Laser (RA)"
    mount: Any
    wtype: Any | None


LOC_SHORT = {"head": "H", "center_torso": "CT", "left_torso": "LT", "right_torso": "RT",
             "left_arm": "LA", "right_arm": "RA", "left_leg": "LL", "right_leg": "RL",
             "front": "Fr", "left": "L", "right": "R", "rear": "Rr", "turret": "Tu", "rotor": "Ro",
             "body": "Bd"}


def weapon_slots(game, ent: int) -> list[WeaponSlot]:
    w = game.world.try_component(ent, Weapons)
    if w is None:
        return []
    table = game.weapons
    seen: dict[str, int] = {}
    out = []
    for m in w.mounts:
        seen[m.type] = seen.get(m.type, 0) + 1
        name = m.type if seen[m.type] == 1 else f"{m.type}#{seen[m.type]}"
        wt = table.get(m.type)
        label = f"{wt.name if wt else m.type} ({LOC_SHORT.get(m.location, m.location)}{', rear' if m.rear else ''})"
        out.append(WeaponSlot(name, label, m, wt))
    return out


# ---------------------------------------------------------------- previews
@dataclass
class Preview:
    reason: str | None = None                 # why the attack is impossible, else None
    to_hit: int | None = None
    modifiers: list[tuple[str, int]] = field(default_factory=list)
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def chance(self) -> float:
        return 0.0 if self.reason else hit_chance(self.to_hit)

    def breakdown(self) -> str:
        mods = ", ".join(f"{label} {value:+d}" if i else f"{label} {value}"
                         for i, (label, value) in enumerate(self.modifiers))
        return mods


def _mods(raw) -> list[tuple[str, int]]:
    return [(str(m[0]), int(m[1])) for m in raw or []]


def preview(game, order) -> Preview:
    """What `order` (a FireOrder or PhysicalOrder) would need to hit, or why
    it cannot be made. The reason comes from `game.check`; the number and
    its modifiers from the attack systems' preview functions
    (weapon_attacks.preview, physical_attacks.evaluate, as_combat.plan_*)."""
    reason = game.check(order)
    if reason is not None:
        return Preview(reason=reason)
    ent = game.units[order.unit]
    if isinstance(order, FireOrder):
        if is_alpha(game, ent):
            return _plan_preview(as_combat.plan_weapon_attack(game, order))
        th = weapon_attacks.preview(game, order.unit, order.target, order.weapon, order.torso_twist,
                                    turret=order.turret)
        if th.reason:
            return Preview(reason=th.reason)
        return Preview(to_hit=th.number, modifiers=_mods(th.modifiers),
                       extra={"range": th.range, "band": th.band, "los": th.los})
    if isinstance(order, PhysicalOrder) and order.target:
        if is_alpha(game, ent):
            return _plan_preview(as_combat.plan_physical_attack(game, order))
        ev = physical_attacks.evaluate(game, ent, game.units[order.target], order.attack, order.limb)
        if ev.reason:
            return Preview(reason=ev.reason)
        return Preview(to_hit=ev.to_hit, modifiers=_mods(ev.mods), extra={"damage": ev.damage, "table": ev.table})
    return Preview()


def _plan_preview(plan) -> Preview:
    """An Alpha Strike attack plan (a dict with to_hit and modifiers, or a reason string)."""
    if isinstance(plan, dict):
        return Preview(to_hit=plan["to_hit"], modifiers=_mods(plan["modifiers"]), extra=plan)
    return Preview(reason=plan) if isinstance(plan, str) else Preview()


# ---------------------------------------------------------------- physical
PHYSICAL_LABELS = {
    ("punch", "left"): "Punch (left arm)", ("punch", "right"): "Punch (right arm)",
    ("kick", "left"): "Kick (left leg)", ("kick", "right"): "Kick (right leg)",
    ("push", None): "Push", ("club", None): "Club",
    ("hatchet", None): "Hatchet",
    ("standard", None): "Physical attack", ("melee", None): "Melee attack (MEL)",
}


def physical_candidates(game, uid: str, target: str | None) -> list[tuple[str, PhysicalOrder, Preview]]:
    """Every physical attack the unit could try on `target` (and picking up a
    club), each with its preview: to-hit, or the reason it is impossible."""
    ent = game.units[uid]
    kind = game.kind(ent)
    out = []
    if kind == "alpha-strike":
        combos = [("standard", None), ("melee", None)]
    elif kind == "mech":
        combos = [("punch", "left"), ("punch", "right"), ("kick", "left"), ("kick", "right"),
                  ("push", None), ("club", None)]
        eq = game.world.try_component(ent, Equipment)
        if eq is not None and eq.hatchet:
            combos.append(("hatchet", None))
    else:
        combos = []
    if target is not None:
        for attack, limb in combos:
            order = PhysicalOrder(uid, raw={"unit": uid, "attack": attack, "limb": limb, "target": target},
                                  attack=attack, limb=limb, target=target)
            out.append((PHYSICAL_LABELS[(attack, limb)], order, preview(game, order)))
    if kind == "mech":
        for source in ("limb", "tree"):
            order = PhysicalOrder(uid, raw={"unit": uid, "attack": "pick_up_club", "source": source},
                                  attack="pick_up_club", source=source)
            label = "Pick up a severed limb as a club" if source == "limb" else "Uproot a tree as a club"
            out.append((label, order, Preview(reason=game.check(order))))
    return out


def fire_order(uid: str, weapon: str | None, target: str, twist: str | None = None,
               turret: int | None = None, overheat: int = 0) -> FireOrder:
    raw = {"unit": uid, "target": target}
    if weapon:
        raw["weapon"] = weapon
    if twist:
        raw["torso_twist"] = twist
    if turret is not None:
        raw["turret"] = turret
    if overheat:
        raw["overheat"] = overheat
    return FireOrder(uid, raw=raw, weapon=weapon, target=target, torso_twist=twist, turret=turret,
                     overheat=overheat)


def move_order(uid: str, mode: str, path: list[str], charge: str | None = None,
               dfa: str | None = None) -> MoveOrder:
    raw = {"unit": uid, "mode": mode, "path": list(path)}
    if charge:
        raw["charge"] = charge
    if dfa:
        raw["dfa"] = dfa
    return MoveOrder(uid, raw=raw, mode=mode, path=list(path), charge=charge, dfa=dfa)


def declaration_candidates(game, uid: str, mode: str, path: list[str], final_hex) -> list[tuple[str, MoveOrder]]:
    """Charges and death-from-above attacks the unit may declare at the end
    of this path: every enemy next to (or in) the final hex, each order
    checked by the movement rules' declaration checks."""
    ent = game.units[uid]
    out = []
    near = [final_hex] + neighbors(final_hex)
    for other_uid in game.unit_ids(active_only=True):
        other = game.units[other_uid]
        if not game.is_enemy(ent, other) or not game.can_fight(other):
            continue
        ohex = game.world.component(other, Position).hex
        if ohex not in near:
            continue
        kinds = ["dfa"] if mode == "jump" else ["charge"]
        for kind in kinds:
            for p in (path, path + ["F"]):
                order = move_order(uid, mode, p, **{kind: other_uid})
                if game.check(order) is None:
                    name = game.world.component(other, Identity).name
                    label = ("Charge " if kind == "charge" else "Death from above on ") + name
                    out.append((label, order))
                    break
    return out


def los_hexes(a, b) -> list[list]:
    return line(a, b)


def attack_side(game, attacker: int, target: int) -> str | None:
    """Which side of the target an attack from `attacker` strikes (front,
    left, right, rear), from engine.hexgrid's attack-direction helpers."""
    from engine.hexgrid import mech_attack_side, vehicle_attack_side
    kind = game.kind(target)
    if kind == "alpha-strike":
        return None
    tpos = game.world.component(target, Position)
    apos = game.world.component(attacker, Position).hex
    if tpos.hex == apos:
        return None
    fn = mech_attack_side if kind == "mech" else vehicle_attack_side
    return fn(tpos.hex, tpos.facing, apos)


def as_heat_after(game, ent: int, overheat: int) -> int:
    """Alpha Strike: the end-phase heat level a weapon attack with this
    overheat leads to (systems/as_end_phase.heat_preview)."""
    return as_end_phase.heat_preview(game, ent, overheat)


def range_between(game, a: int, b: int) -> int:
    return distance(game.world.component(a, Position).hex, game.world.component(b, Position).hex)


def is_alpha(game, ent: int) -> bool:
    return game.world.try_component(ent, AlphaStrikeCard) is not None


def status_words(game, ent: int) -> list[str]:
    st = game.world.component(ent, Status)
    out = []
    for flag in ("destroyed", "prone", "shutdown", "immobile"):
        if getattr(st, flag):
            out.append(flag)
    return out


def as_summary(game, ent: int) -> str:
    """An Alpha Strike target in one line: armor and structure left, current
    TMM and Move, heat, state ('A 2/3 S 2/2 · TMM 2 · Move 6 · heat 1')."""
    from components import Armor, Structure
    try:
        from engine.ui.panels import as_now
        now = as_now(game, ent)
    except ImportError:
        now = None
    a = game.world.component(ent, Armor)
    st = game.world.component(ent, Structure)
    parts = [f"A {max(0, a.points.get('unit', 0))}/{a.original.get('unit', 0)} "
             f"S {max(0, st.points.get('unit', 0))}/{st.original.get('unit', 0)}"]
    if now:
        parts.append(now["line"].replace("now: ", ""))
    parts += status_words(game, ent)
    return " · ".join(parts)
