"""Critical hits on BattleMechs (rules/mech_core.md section 8): the
Determining Critical Hits roll, the critical slot layout, slot selection and
the effect of every critical the rules name.

Slot layout (`layout`): a unit file's `[Criticals]` table gives the layout
as it is (engine/critical_table.py; the unit spawns with its
`CriticalSlots`). Without one the standard biped layout is built the first
time it is needed, the same way every time:
- head (6): life support, sensors, cockpit, empty, sensors, life support;
- centre torso (12): engine x3, gyro x4, engine x3, two free slots;
- side torsos (12): free; arms (12): shoulder, upper arm, lower arm, hand
  (the slot of an actuator the unit lacks is free), 8 free; legs (6): hip,
  upper leg, lower leg, foot, 2 free.
Then, into the free slots, in this order:
1. each weapon in unit-file order, its `slots` (assets/weapons.toml) in its
   own location; what does not fit goes on inward (arm or leg -> side torso
   -> centre torso), as the damage transfer runs;
2. each ammunition bin, one slot (one ton) in its location (same overflow);
3. a hatchet, ceil(tons / 15) slots in its arm; one CASE slot per CASE
   location;
4. jump jets, one per jump MP: the centre torso first, then the side
   torsos (alternating left, right), then the legs;
5. heat sinks the engine does not hold: a fusion engine of rating
   walk x tons holds floor(rating / 25) sinks without slots (section 13);
   the rest (1 slot single, 3 slots double) go to the legs first
   (alternating left, right, until they are full), then the side torsos,
   the centre torso, the arms and the head.
Anything that finds no room is left out (it cannot be hit).

Slot selection: 12-slot locations roll 1d6 for the half (1-3 upper six,
4-6 lower six) and 1d6 for the slot; 6-slot locations roll 1d6. Empty slots
and slots already hit are rerolled (both dice). A location with nothing
left to hit takes no critical.

Effects (section 8): engine (3 hits destroy the mech), gyro (PSR; second
hit: automatic fall, immobile), sensors, cockpit (MechWarrior killed),
life support, actuators (leg actuators: PSR), weapons (destroyed by the
first hit; Gauss rifles explode), heat sinks, jump jets, hatchets, and
ammunition bins, which explode into the internal structure (CASE vents the
excess) and wound the MechWarrior twice. `Status.crits` records the system
hits the other rules read ("engine", "gyro", "sensors", "life_support",
"jump_jet", "heat_sink", actuator ids, "weapon:<type>", "ammo:<type>").
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from components import (Actuators, Ammo, CriticalSlots, Crew, Equipment, HeatSinks, Identity,
                        MechMovement, Status, Structure, Weapons)
from engine.construction import engine_heat_sink_capacity, hatchet_slots, heat_sink_slots
from engine.weapons import weapons

if TYPE_CHECKING:
    from engine.game import Game

LIMBS = ("head", "left_arm", "right_arm", "left_leg", "right_leg")
SIX_SLOT = ("head", "left_leg", "right_leg")
LOCATIONS = ("head", "center_torso", "left_torso", "right_torso", "left_arm", "right_arm",
             "left_leg", "right_leg")
INWARD = {"left_arm": "left_torso", "right_arm": "right_torso", "left_leg": "left_torso",
          "right_leg": "right_torso", "left_torso": "center_torso", "right_torso": "center_torso"}
LEG_ACTUATOR_SUFFIXES = ("_hip", "_upper_leg", "_lower_leg", "_foot")
# Spreading order: tiers filled one item at a time, round-robin inside a tier.
JUMP_JET_ORDER = (("center_torso",), ("left_torso", "right_torso"), ("left_leg", "right_leg"))
HEAT_SINK_ORDER = (("left_leg", "right_leg"), ("left_torso", "right_torso"), ("center_torso",),
                   ("left_arm", "right_arm"), ("head",))


def critical_count(roll: int) -> int:
    """Determining Critical Hits table: 2-7 none, 8-9 one, 10-11 two, 12
    three (a head or limb is blown off instead: `determine_critical_hits`)."""
    if roll <= 7:
        return 0
    if roll <= 9:
        return 1
    if roll <= 11:
        return 2
    return 3


# ------------------------------------------------------------------ layout
def location_size(location: str) -> int:
    return 6 if location in SIX_SLOT else 12


def build_layout(game: "Game", ent: int) -> CriticalSlots:
    """The standard biped layout for a mech (see the module docstring)."""
    w = game.world
    ident = w.component(ent, Identity)
    acts = w.try_component(ent, Actuators)
    installed = acts.installed if acts is not None else []
    slots: dict[str, list[str]] = {loc: [""] * location_size(loc) for loc in LOCATIONS}
    slots["head"] = ["life_support", "sensors", "cockpit", "", "sensors", "life_support"]
    slots["center_torso"][:10] = ["engine"] * 3 + ["gyro"] * 4 + ["engine"] * 3
    for side in ("left", "right"):
        for i, a in enumerate(("shoulder", "upper_arm", "lower_arm", "hand")):
            if f"{side}_{a}" in installed:
                slots[f"{side}_arm"][i] = f"{side}_{a}"
        for i, a in enumerate(("hip", "upper_leg", "lower_leg", "foot")):
            if f"{side}_{a}" in installed:
                slots[f"{side}_leg"][i] = f"{side}_{a}"

    def free(loc: str) -> list[int]:
        return [i for i, s in enumerate(slots[loc]) if not s]

    def place(loc: str | None, item: str, count: int, split: bool = True) -> int:
        """Put `count` slots of `item` in loc, overflowing inward; returns slots placed."""
        placed = 0
        while loc is not None and placed < count:
            room = free(loc)
            if not split and len(room) < count:
                loc = INWARD.get(loc)
                continue
            for i in room[: count - placed]:
                slots[loc][i] = item
                placed += 1
            loc = INWARD.get(loc)
        return placed

    def spread(tiers: tuple[tuple[str, ...], ...], prefix: str, n: int, size: int) -> None:
        placed = 0
        for tier in tiers:
            stuck = False
            while placed < n and not stuck:
                stuck = True
                for loc in tier:
                    if placed < n and len(free(loc)) >= size:
                        place(loc, f"{prefix}:{placed}", size, split=False)
                        placed += 1
                        stuck = False

    table = game.weapons
    wp = w.try_component(ent, Weapons)
    for i, m in enumerate(wp.mounts if wp else []):
        place(m.location, f"weapon:{i}", table[m.type].slots if m.type in table else 1)
    am = w.try_component(ent, Ammo)
    for i, b in enumerate(am.bins if am else []):
        place(b.location, f"ammo:{i}", 1)
    eq = w.try_component(ent, Equipment)
    if eq is not None and eq.hatchet:
        place(eq.hatchet, "hatchet:0", hatchet_slots(ident.tonnage), split=False)
    for loc in (eq.case if eq is not None else []):
        place(loc, "case", 1, split=False)
    mv = w.try_component(ent, MechMovement)
    if mv is not None and mv.jump:
        spread(JUMP_JET_ORDER, "jump_jet", mv.jump, 1)
    hs = w.try_component(ent, HeatSinks)
    engine_sinks = 0
    if hs is not None:
        rating = (mv.walk if mv else 0) * ident.tonnage
        engine_sinks = min(hs.count, engine_heat_sink_capacity(rating))
        spread(HEAT_SINK_ORDER, "heat_sink", hs.count - engine_sinks, heat_sink_slots(hs.double))
    return CriticalSlots(slots=slots, hit={loc: [] for loc in LOCATIONS}, engine_sinks=engine_sinks)


def layout(game: "Game", ent: int) -> CriticalSlots:
    """The mech's critical slots, built on first use."""
    cs = game.world.try_component(ent, CriticalSlots)
    if cs is None:
        cs = build_layout(game, ent)
        game.world.add_component(ent, cs)
    return cs


def items_in(cs: CriticalSlots, location: str, prefix: str) -> list[str]:
    """Distinct items of a kind in one location, in slot order."""
    out: list[str] = []
    for s in cs.slots.get(location, []):
        if s.startswith(prefix + ":") and s not in out:
            out.append(s)
    return out


# ------------------------------------------------------------------ the roll
def determine_critical_hits(game: "Game", ent: int, location: str) -> None:
    """Roll on the Determining Critical Hits table for a location whose
    internal structure was damaged (or a through-armor critical)."""
    if game.world.component(ent, Identity).kind != "mech":
        return
    roll = game.dice.roll("critical", 2, f"critical hits, {location.replace('_', ' ')}")
    count = critical_count(roll)
    if roll == 12 and location in LIMBS:
        from systems.common import damage
        game.log.emit("critical", unit=game.uid(ent), location=location, effect="blown off")
        damage.destroy_location(game, ent, location, cause="blown off")
        return
    if count:
        apply_critical_hits(game, ent, location, count)


def structure_damaged(game: "Game", ent: int, location: str, points: int) -> None:
    """The ruleset's structure-damaged rule for mechs: a Determining Critical
    Hits roll (also after a through-armor critical, `points` 0)."""
    determine_critical_hits(game, ent, location)


def apply_critical_hits(game: "Game", ent: int, location: str, count: int) -> None:
    """Pick `count` critical slots in the location and apply their effects."""
    for _ in range(count):
        if game.world.component(ent, Structure).points.get(location, 0) <= 0 and location != "center_torso":
            return      # the location is gone (an explosion destroyed it)
        index = choose_slot(game, ent, location)
        if index is None:
            game.log.emit("critical", unit=game.uid(ent), location=location, effect="none",
                          note="no critical slot left to hit")
            return
        apply_slot(game, ent, location, index)


def choose_slot(game: "Game", ent: int, location: str) -> int | None:
    cs = layout(game, ent)
    slots = cs.slots[location]
    hit = set(cs.hit.get(location, []))
    candidates = [i for i, s in enumerate(slots) if s and i not in hit]
    if not candidates:
        return None
    where = location.replace("_", " ")
    for _ in range(100):
        if len(slots) == 12:
            half = game.dice.d6("slot", f"critical slot half, {where}")
            face = game.dice.d6("slot", f"critical slot, {where}")
            index = (0 if half <= 3 else 6) + face - 1
        else:
            index = game.dice.d6("slot", f"critical slot, {where}") - 1
        if index in candidates:
            return index
    return candidates[0]


# ------------------------------------------------------------------ effects
def apply_slot(game: "Game", ent: int, location: str, index: int) -> None:
    """A critical hit on one slot: mark it and apply its item's effect."""
    cs = layout(game, ent)
    cs.hit.setdefault(location, []).append(index)
    item = cs.slots[location][index]
    first = item not in cs.destroyed_items or item in ("engine", "gyro", "sensors", "life_support")
    if item not in cs.destroyed_items:
        cs.destroyed_items.append(item)
    kind, _, num = item.partition(":")
    uid = game.uid(ent)
    st = game.world.component(ent, Status)
    ev = {"unit": uid, "location": location, "slot": index + 1}
    if not first:
        game.log.emit("critical", effect=_effect_name(game, ent, item), already_destroyed=True, **ev)
        return
    if kind in ("engine", "gyro", "sensors", "life_support", "cockpit"):
        st.crits.append(kind)
        hits = st.crits.count(kind)
        game.log.emit("critical", effect=kind, hits=hits, **ev)
        _system_effect(game, ent, kind, hits)
    elif kind == "weapon":
        mount = game.world.component(ent, Weapons).mounts[int(num)]
        mount.destroyed = True
        st.crits.append(f"weapon:{mount.type}")
        game.log.emit("critical", effect="weapon", weapon=mount.type, **ev)
        explodes = game.weapons[mount.type].explodes if mount.type in game.weapons else 0
        if explodes:
            from systems.common import damage
            game.log.emit("explosion", unit=uid, location=location, item=mount.type, amount=explodes)
            damage.apply_damage(game, ent, location, explodes, structure_only=True,
                                cause=f"{game.weapons[mount.type].name} explosion")
    elif kind == "ammo":
        b = game.world.component(ent, Ammo).bins[int(num)]
        st.crits.append(f"ammo:{b.type}")
        game.log.emit("critical", effect="ammo", ammo=b.type, shots=b.shots, **ev)
        explode_ammo(game, ent, int(num), "critical hit")
    elif kind == "heat_sink":
        game.world.component(ent, HeatSinks).destroyed += 1
        st.crits.append("heat_sink")
        game.log.emit("critical", effect="heat_sink", **ev)
    elif kind == "jump_jet":
        st.crits.append("jump_jet")
        game.log.emit("critical", effect="jump_jet", **ev)
    elif kind == "hatchet":
        game.world.component(ent, Equipment).hatchet_destroyed = True
        game.log.emit("critical", effect="hatchet", **ev)
    elif kind == "case":
        game.log.emit("critical", effect="case", **ev)
    else:   # an actuator
        acts = game.world.component(ent, Actuators)
        if item not in acts.destroyed:
            acts.destroyed.append(item)
        st.crits.append(item)
        game.log.emit("critical", effect=item, **ev)
        if item.endswith(LEG_ACTUATOR_SUFFIXES):
            from systems.classic.piloting import queue_psr
            queue_psr(game, ent, f"{item.replace('_', ' ')} destroyed", 0)


def _effect_name(game: "Game", ent: int, item: str) -> str:
    kind, _, num = item.partition(":")
    if kind == "weapon":
        return "weapon"
    return kind


def _system_effect(game: "Game", ent: int, kind: str, hits: int) -> None:
    from systems.common import damage
    from systems.classic.piloting import queue_automatic_fall, queue_psr
    st = game.world.component(ent, Status)
    if kind == "engine" and hits >= 3:
        damage.destroy_unit(game, ent, "engine destroyed")
    elif kind == "gyro":
        if hits == 1:
            queue_psr(game, ent, "gyro hit", 0)
        else:
            st.immobile = True      # section 7: a destroyed gyro leaves the mech immobile
            queue_automatic_fall(game, ent, "gyro destroyed")
    elif kind == "cockpit":
        crew = game.world.try_component(ent, Crew)
        if crew is not None:
            crew.killed = True
        damage.destroy_unit(game, ent, "cockpit destroyed")


# ------------------------------------------------------------------ ammunition
def ammo_explosion_damage(bin_type: str, shots: int, table: dict | None = None) -> int:
    """Shots left x damage per shot (missiles: x rack size). Gauss slugs are
    inert (they do not explode). `table`: the battle's weapons (default shipped)."""
    wt = (weapons() if table is None else table).get(bin_type)
    if wt is None or shots <= 0 or wt.explodes:
        return 0
    per_shot = wt.damage * (wt.cluster or 1)
    return shots * per_shot


def explode_ammo(game: "Game", ent: int, bin_index: int, reason: str) -> int:
    """An ammunition bin explodes: its damage goes to the internal
    structure of its location (CASE vents the excess, systems/common/damage.py)
    and the MechWarrior takes 2 damage. Returns the damage."""
    from systems.common import damage
    b = game.world.component(ent, Ammo).bins[bin_index]
    amount = ammo_explosion_damage(b.type, b.shots, game.weapons)
    if amount <= 0:
        return 0
    b.shots = 0
    game.log.emit("explosion", unit=game.uid(ent), location=b.location, item=f"{b.type} ammo",
                  amount=amount, reason=reason)
    damage.apply_damage(game, ent, b.location, amount, structure_only=True, cause="ammunition explosion")
    damage.pilot_damage(game, ent, 2, "ammunition explosion")
    return amount


def most_dangerous_bin(game: "Game", ent: int) -> int | None:
    """The bin that would do the most damage (heat-induced explosions)."""
    am = game.world.try_component(ent, Ammo)
    structure = game.world.component(ent, Structure)
    best, best_dmg = None, 0
    for i, b in enumerate(am.bins if am else []):
        if structure.points.get(b.location, 0) <= 0:
            continue
        d = ammo_explosion_damage(b.type, b.shots, game.weapons)
        if d > best_dmg:
            best, best_dmg = i, d
    return best


# ------------------------------------------------------------------ lost locations
def location_destroyed(game: "Game", ent: int, loc: str) -> None:
    """Jump jets and heat sinks in a destroyed location stop working."""
    if game.world.component(ent, Identity).kind != "mech":
        return
    cs = layout(game, ent)
    st = game.world.component(ent, Status)
    for item in items_in(cs, loc, "jump_jet"):
        if item not in cs.destroyed_items:
            cs.destroyed_items.append(item)
            st.crits.append("jump_jet")
    hs = game.world.try_component(ent, HeatSinks)
    for item in items_in(cs, loc, "heat_sink"):
        if item not in cs.destroyed_items:
            cs.destroyed_items.append(item)
            if hs is not None:
                hs.destroyed += 1

