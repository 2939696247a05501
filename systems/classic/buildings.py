"""Buildings in play (rules/buildings.md): what entering a building hex
costs and asks (B-MOVE, B-VEH), the damage a building takes and absorbs
(B-DMG, B-IN-2), and its collapse (B-COLL).

Each building hex is its own building (D17); its class, height and CF are
read from the map (engine/hexmap.py `Terrain.building_type`,
`construction_factor`). Damage lowers the CF at once; the CF the hex had
when the phase began (the phase CF, `HexMap.phase_cf`, written when the
first damage of a phase lands) sets absorption and collapse damage
(B-DMG-3). A hex brought to CF 0 while units move collapses at once
(B-MOVE-6); by attacks, at the end of the phase (B-COLL-1, D9:
`end_of_phase`).

Who is where in a building hex (B-POS-1): a ground unit in it is inside,
on the ground floor; a VTOL landed on it stands on the roof (altitude H).
"""
from __future__ import annotations

import math
from typing import TYPE_CHECKING

from components import Altitude, Identity, Position, Status
from engine.hexmap import Terrain
from systems.common.to_hit import Modifier
from systems.common.unit_state import UNIT_HEIGHT, elevation

if TYPE_CHECKING:
    from engine.game import Game
    from engine.hexgrid import Hex

# B-CLASS-1: the entry roll's modifier (the MP: systems/common/building_class.py).
CLASS_ROLL_MODIFIER = {"light": 0, "medium": 1, "heavy": 2, "hardened": 5}
ENTRY = "entering a building"
# B-MOVE-3 / D6: hexes entered this turn, counting the building hex -> modifier.
HEXES_MOVED_MODIFIER = ((2, 0), (4, 1), (6, 2), (9, 3))


def hexes_moved_modifier(hexes: int) -> int:
    """B-MOVE-3: the entry roll's modifier for the hexes entered this turn,
    the building hex included (compared, never computed: the reachable
    search traces the count)."""
    for upto, mod in HEXES_MOVED_MODIFIER:
        if hexes <= upto:
            return mod
    return 4


def entry_modifiers(t: Terrain, hexes: int) -> list[Modifier]:
    """The entry roll's own modifiers (B-MOVE-3, B-VEH-3): the class's, and
    the hexes moved where they add any."""
    klass = t.building_type
    out = [Modifier(f"{klass} building", CLASS_ROLL_MODIFIER[klass], "B-MOVE-3")]
    moved = hexes_moved_modifier(hexes)
    if moved:
        out.append(Modifier(f"{int(hexes)} hexes moved", moved, "B-MOVE-3"))
    return out


def entry_modifier(t: Terrain, hexes: int) -> int:
    """The sum of `entry_modifiers` (what a planned move shows)."""
    return CLASS_ROLL_MODIFIER[t.building_type] + hexes_moved_modifier(hexes)


# --------------------------------------------------------------------- where units are
def occupants(game: "Game", h: "Hex") -> list[int]:
    """The units inside the building of hex `h` or on its roof, highest
    first (B-COLL-3): not the wrecks, not a VTOL flying above the roof."""
    t = game.map.terrain(h)
    out = [e for e in game.units_at(h) if not game.world.component(e, Status).destroyed
           and elevation(game, e) <= t.building]
    return sorted(out, key=lambda e: -elevation(game, e))


def inside(game: "Game", ent: int) -> bool:
    """B-POS-1: on the ground floor of a building hex."""
    t = game.map.terrain(game.world.component(ent, Position).hex)
    return bool(t.building) and elevation(game, ent) == 0


def fully_inside(game: "Game", ent: int) -> bool:
    """B-POS-2: inside, and no taller than the building (a mech in a
    height-1 building sticks out of it)."""
    t = game.map.terrain(game.world.component(ent, Position).hex)
    return inside(game, ent) and UNIT_HEIGHT.get(game.kind(ent), 1) <= t.building


def sticks_out(game: "Game", ent: int) -> bool:
    """B-POS-2, B-IN-5 / D15: a mech inside a height-1 building stands out
    of it: partial cover, not absorption."""
    return inside(game, ent) and not fully_inside(game, ent)


# --------------------------------------------------------------------- CF
def phase_cf(game: "Game", h: "Hex") -> int:
    """B-DMG-3: the CF the hex had when the phase began."""
    return game.map.phase_cf.get(h, game.map.terrain(h).construction_factor)


def absorption(game: "Game", h: "Hex") -> int:
    """B-IN-2: what the building absorbs of each hit on a unit inside."""
    return math.ceil(phase_cf(game, h) / 10)


def absorption_against(game: "Game", attacker: int, target: int) -> int:
    """B-IN-2/3: what the building absorbs of each hit by `attacker` on
    `target` (0: the target is not fully inside, or the attacker is in its hex)."""
    h = game.world.component(target, Position).hex
    if not fully_inside(game, target) or game.world.component(attacker, Position).hex == h:
        return 0
    return absorption(game, h)


def absorb(game: "Game", attacker: int, target: int, amount: int) -> int:
    """B-IN-2/3, D11: of one hit (a weapon's, an LRM group, one SRM
    missile) on a unit fully inside a building, from outside it, the
    building takes up to ceil(phase CF / 10); returns what reaches the unit.
    The hit location is rolled only for damage that gets through (MegaMek
    rolls it first; the damage dealt is the same)."""
    taken = min(absorption_against(game, attacker, target), amount)
    if not taken:
        return amount
    h = game.world.component(target, Position).hex
    damage_building(game, h, taken, f"absorbed a hit on {game.uid(target)}", game.uid(target))
    return amount - taken


def damage_building(game: "Game", h: "Hex", amount: int, cause: str, unit: str | None = None) -> None:
    """B-DMG-1/4: lower the hex's CF by `amount` (never below 0), a
    `building_damage` event. The phase CF is kept from the first damage."""
    hm = game.map
    t = hm.terrain(h)
    if not t.building or amount <= 0:
        return
    cf = t.construction_factor
    hm.phase_cf.setdefault(h, cf)
    left = max(0, cf - amount)
    hm.set(h, t.with_building_fixed(cf=left))
    game.log.emit("building_damage", hex=hm.label(h), damage=amount, cf_left=left, cause=cause,
                  **({"unit": unit} if unit else {}))


def enter(game: "Game", ent: int, h: "Hex", hexes: int, backward: bool, passed: bool, unit_damage,
          verb: str = "entered by") -> None:
    """B-MOVE-4/5/6, B-VEH-4/5, B-PHYS-5: after the entry roll (`passed`), a
    failure deals ceil(CF / 10) to the unit (`unit_damage(game, ent,
    amount, column)`, CF before this entry's own damage; Rear column when
    backing in), the building takes ceil(W / 10), and a CF of 0 collapses
    the hex at once. The move goes on."""
    t = game.map.terrain(h)
    if not t.building:
        return
    if not passed:
        unit_damage(game, ent, math.ceil(t.construction_factor / 10), "rear" if backward else "front")
    tons = game.world.component(ent, Identity).tonnage
    damage_building(game, h, math.ceil(tons / 10), f"{verb} {game.uid(ent)}", game.uid(ent))
    if game.map.terrain(h).building and game.map.terrain(h).construction_factor == 0:
        collapse(game, h, "damage", also=[ent])


def mech_entry_damage(game: "Game", ent: int, amount: int, column: str) -> None:
    """B-MOVE-4 / D3: one hit of the whole amount on the standard table."""
    from systems.classic import hit_location
    from systems.common import damage
    hit = hit_location.mech_hit(game, "standard", column, f"building damage to {game.uid(ent)}")
    damage.apply_damage(game, ent, hit.location, amount, through_armor_critical=hit.through_armor_critical,
                        cause="building")


# --------------------------------------------------------------------- collapse
def roof_load(game: "Game", h: "Hex") -> int:
    """Tons standing on the roof (B-COLL-2: the ground floor never counts)."""
    return sum(game.world.component(e, Identity).tonnage for e in occupants(game, h) if elevation(game, e) > 0)


def check_weight(game: "Game", h: "Hex") -> bool:
    """B-COLL-2, B-VTOL-3: more tons on the roof than the CF collapses the
    hex at once (equal holds). True when it collapsed."""
    t = game.map.terrain(h)
    if t.building and roof_load(game, h) > t.construction_factor:
        collapse(game, h, "overload")
        return True
    return False


def after_jump(game: "Game", ent: int, order, result) -> None:
    """After-move hook, B-MOVE-9 / B-COLL-2: a mech that jumped onto a roof
    is weighed with what else stands there."""
    pos = game.world.component(ent, Position)
    if pos.on_roof and order.mode == "jump" and result.states[0].hex != pos.hex \
            and not game.world.component(ent, Status).destroyed:
        check_weight(game, pos.hex)


def collapse_damage(cf: int, height: int, floor: int, unit_height: int) -> int:
    """B-COLL-3 / D7 / D8: ceil(phase CF / 10) x the building levels above
    the unit's top (at least 1)."""
    return math.ceil(cf / 10) * max(1, height - (floor + unit_height))


def collapse(game: "Game", h: "Hex", cause: str, also: list[int] = ()) -> None:
    """B-COLL-3..7: the hex collapses: a `collapse` event, each unit inside
    or on the roof (highest first; `also`: a unit entering it whose
    position is not set yet) takes the collapse damage in 5-point groups,
    Punch table below the roof and standard table on it, Front column; a
    unit above the ground falls to it. The hex becomes rubble."""
    from systems.classic import hit_location
    from systems.common import damage
    hm = game.map
    t = hm.terrain(h)
    cf = phase_cf(game, h)
    units = occupants(game, h) + [e for e in also if e not in occupants(game, h)]
    units.sort(key=lambda e: -elevation(game, e))
    floors = {e: elevation(game, e) for e in units}
    game.log.emit("collapse", hex=hm.label(h), cause=cause, cf=cf, units=[game.uid(e) for e in units])
    hm.collapsed[h] = t
    hm.set(h, Terrain("rubble", level=t.level))
    hm.phase_cf.pop(h, None)
    for ent in units:
        floor = floors[ent]
        amount = collapse_damage(cf, t.building, floor, UNIT_HEIGHT.get(game.kind(ent), 1))
        on_roof = floor >= t.building
        for group in hit_location.groups(amount):
            if game.world.component(ent, Status).destroyed:
                break
            if game.kind(ent) == "mech":
                hit = hit_location.mech_hit(game, "standard" if on_roof else "punch", "front",
                                            f"building collapse on {game.uid(ent)}")
                damage.apply_damage(game, ent, hit.location, group,
                                    through_armor_critical=hit.through_armor_critical, cause="building collapse")
            else:
                game.ruleset.hooks.physical_hit[game.kind(ent)](game, ent, group, "front", "building collapse")
        if floor > 0 and not game.world.component(ent, Status).destroyed:
            _fall_with_the_building(game, ent, floor)


def _fall_with_the_building(game: "Game", ent: int, levels: int) -> None:
    """B-COLL-4: a unit above the ground falls `levels` to the ground of its
    hex; a VTOL ends landed in the rubble (D14)."""
    alt = game.world.try_component(ent, Altitude)
    if alt is not None:
        alt.level = 0
    game.world.component(ent, Position).on_roof = False
    game.ruleset.hooks.unit_fall[game.kind(ent)](game, ent, levels, "building collapse")


def end_of_phase(game: "Game") -> None:
    """End of every phase (B-COLL-1/2, B-DMG-3): each hex at CF 0 collapses,
    each hex whose CF dropped has its roof weighed again, and the phase CF
    becomes the CF."""
    hm = game.map
    for h in sorted(hm.phase_cf):
        t = hm.terrain(h)
        if t.building and t.construction_factor == 0:
            collapse(game, h, "damage")
        elif t.building:
            check_weight(game, h)
    hm.phase_cf.clear()

