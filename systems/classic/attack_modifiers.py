"""To-hit modifiers the Classic attacks share (rules/mech_core.md
sections 3, 4 and 10; T-12 for vehicles): the attacker's movement, the
target's movement, an immobile target, the woods the target stands in, and
the to-hit of an accidental fall from above (a unit falling onto another: a
push or charge over a drop, a VTOL crash). Weapon attacks, physical
attacks, charges, vehicle attacks and falls all ask here; each caller names
the modifier as its attack type always has. Also the side of a target an
attack from a hex strikes (T-6a for vehicles)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from components import Crew, Position, Status, TurnState
from engine.hexgrid import Hex, mech_attack_side, vehicle_attack_side
from systems.common.line_of_sight import body
from systems.common.to_hit import Modifier, ToHit
from systems.common.unit_state import airborne

if TYPE_CHECKING:
    from engine.game import Game

MOVEMENT_BANDS = ((2, 0), (4, 1), (6, 2), (9, 3), (17, 4), (24, 5))
# Section 3; a vehicle's cruise and flank count as walking and running (T-12).
ATTACKER_MOVEMENT = {"walk": 1, "run": 2, "jump": 3, "cruise": 1, "flank": 2}
ATTACKER_MOVED = {"walk": "walked", "run": "ran", "jump": "jumped", "cruise": "cruised", "flank": "flanked"}
TARGET_JUMPED = 1
TARGET_IMMOBILE = -4
WOODS = {1: ("target in light woods", 1), 2: ("target in heavy woods", 2)}
ACCIDENTAL_FALL_BASE = 7        # section 10


def struck_side(game: "Game", target: int, from_hex: Hex) -> str:
    """The side of `target` an attack from `from_hex` strikes: a mech's
    (section 6) or a vehicle's attack direction (T-6a)."""
    pos = game.world.component(target, Position)
    if game.kind(target) == "mech":
        return mech_attack_side(pos.hex, pos.facing, from_hex)
    return vehicle_attack_side(pos.hex, pos.facing, from_hex)


def attacker_movement(game: "Game", ent: int, mode: str | None = None) -> Modifier | None:
    """Section 3: walked +1, ran +2, jumped +3 (cruised +1, flanked +2, T-12),
    for this turn's move or the movement `mode` of a move being planned."""
    mode = mode or game.world.component(ent, TurnState).mode
    if mode not in ATTACKER_MOVEMENT:
        return None
    return Modifier(f"attacker {ATTACKER_MOVED[mode]}", ATTACKER_MOVEMENT[mode], "section 3")


def movement_band(hexes: int) -> int:
    """Section 3 (TW / AGoAC bands): 0-2: 0, 3-4: +1, 5-6: +2, 7-9: +3,
    10-17: +4, 18-24: +5, 25+: +6."""
    for top, value in MOVEMENT_BANDS:
        if hexes <= top:
            return value
    return 6


def target_movement(game: "Game", ent: int) -> tuple[int, int]:
    """The target's movement this turn (section 3): the band of the hexes it
    entered, and +1 when it used jump movement, even if it ended in the hex
    it started from (MM Compute.getTargetMovementModifier)."""
    ts = game.world.try_component(ent, TurnState)
    if ts is None:
        return 0, 0
    return movement_band(ts.hexes_moved), TARGET_JUMPED if ts.mode == "jump" else 0


def target_movement_modifier(game: "Game", ent: int) -> int:
    """The target movement modifier as one number (band + jumped)."""
    band, jumped = target_movement(game, ent)
    return band + jumped


def target_immobile(game: "Game", ent: int) -> bool:
    """Shut down, immobile, or its MechWarrior unconscious: -4 to hit it
    (section 3)."""
    st = game.world.component(ent, Status)
    crew = game.world.try_component(ent, Crew)
    return st.shutdown or st.immobile or (crew is not None and crew.unconscious)


def woods_modifier(game: "Game", ent: int) -> Modifier | None:
    """Woods in the target's hex: light +1, heavy +2 (section 3). None for a
    unit above the treetops; an airborne VTOL gets no benefit from the woods
    in its hex (V-VATK-5) unless it flies under the treetops along a road
    through them (V-VTOL-9)."""
    t = game.map.terrain(game.world.component(ent, Position).hex)
    if not t.woods:
        return None
    if airborne(game, ent):
        if not t.road or body(game, ent).top >= t.level + 2:
            return None
    label, value = WOODS[t.woods]
    return Modifier(label, value, "section 3")


def accidental_fall_to_hit(game: "Game", target: int) -> ToHit:
    """An accidental fall from above onto `target` (section 10, V-CRASH-5):
    7 + the target's movement + the woods it stands in."""
    th = ToHit()
    th.add("base", ACCIDENTAL_FALL_BASE, "section 10")
    mv = target_movement_modifier(game, target)
    if mv:
        th.add("target movement", mv, "section 3")
    if (woods := woods_modifier(game, target)) is not None:
        th.modifiers.append(woods)
    return th


def target_skidded(game: "Game", tgt: int) -> Modifier | None:
    """T-8, T-12: a target that skidded this turn is +2 to hit (MegaMek
    TH_TAR_SKID), for weapon and physical attacks alike."""
    ts = game.world.try_component(tgt, TurnState)
    return Modifier("target skidded", 2, "T-12") if ts is not None and ts.skidded else None
