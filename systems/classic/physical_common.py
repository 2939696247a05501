"""What the BattleMech physical attacks share (rules/physical.md, core
rules/mech_core.md section 4): the modifiers every physical attack adds
(attacker and target movement, a prone or immobile target, woods and
partial cover), the judgement of one attack (`PhysicalAttack`), who may attack and be
attacked, and the unit questions the attacks ask (name, level, water depth).
The attacks themselves: systems/classic/melee.py (punch, kick, push, club,
hatchet), systems/classic/charge.py (charge, death from above); their
resolution: systems/classic/physical_resolution.py."""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from components import Crew, Identity, Position, Status, TurnState
from engine.hexgrid import Hex, distance
from systems.classic import buildings
from systems.classic.attack_modifiers import (TARGET_IMMOBILE, attacker_movement, target_immobile, target_skidded,
                                              target_movement_modifier, woods_modifier)
from systems.common.to_hit import Modifier, ToHit
from systems.common.unit_state import roof_height

if TYPE_CHECKING:
    from engine.game import Game


def common_modifiers(game: "Game", ent: int, tgt: int, *, terrain: bool = True,
                     attacker_move: bool = True, attacker_mode: str | None = None) -> list[Modifier]:
    """The modifiers every physical attack adds (section 4): the attacker's
    and the target's movement, a prone (-2) or immobile (-4) target, the
    woods it stands in and its partial cover (`terrain`: not for a DFA).
    `attacker_mode`: the movement mode of a move being planned."""
    mods: list[Modifier] = []
    if isinstance(tgt, Hex):
        return mods                              # a building is hit without a roll (B-ATK-3)
    if attacker_move and (moved := attacker_movement(game, ent, attacker_mode)) is not None:
        mods.append(moved)
    if (mv := target_movement_modifier(game, tgt)):
        mods.append(Modifier("target movement", mv, "section 3"))
    if game.world.component(tgt, Status).prone:
        mods.append(Modifier("target prone", -2, "section 4"))
    if target_immobile(game, tgt):
        mods.append(Modifier("target immobile", TARGET_IMMOBILE, "section 3"))
    if (skid := target_skidded(game, tgt)) is not None:
        mods.append(skid)
    if terrain and (woods := woods_modifier(game, tgt)) is not None:
        mods.append(woods)
    if terrain and partial_cover(game, tgt):
        mods.append(Modifier("target has partial cover", 1, "section 4"))
    return mods


def partial_cover(game: "Game", tgt: int) -> bool:
    """A standing mech in depth 1 water has partial cover: +1 to physical
    attacks too (core sections 3 and 4; the seed's modifier table; MM's
    common physical code). Adjacent units have no intervening hex, so water
    is the only cover a physical attack meets. DFAs skip it (MM)."""
    return (game.kind(tgt) == "mech" and not game.world.component(tgt, Status).prone
            and water_depth(game, tgt) == 1)


def unit_name(game: "Game", ent: "int | Hex") -> str:
    """A unit's name, or "the building in 0505" for a building's hex."""
    if isinstance(ent, Hex):
        return f"the building in {game.map.label(ent)}"
    return game.world.component(ent, Identity).name


def level_of(game: "Game", ent: "int | Hex") -> int:
    """The level a unit stands on (a roof's top for a unit on it, B-PHYS-2),
    or the ground level of a building's hex (B-ATK-3)."""
    if isinstance(ent, Hex):
        return game.map.terrain(ent).level
    return game.map.terrain(game.world.component(ent, Position).hex).level + roof_height(game, ent)


@dataclass
class PhysicalAttack(ToHit):
    """The judgement of one physical attack: its to-hit
    (systems/common/to_hit.py: the modifiers, or the reason it cannot be
    made; the hit table, "none" for a push; the side struck, "random" when a
    die picks it), the damage it deals, whether that was halved for a
    limb under water, and whether it hits without a roll."""

    table: str | None = "standard"
    damage: int = 0
    wet: bool = False
    automatic: bool = False        # on a building in the next hex: hit without a roll (B-ATK-3)

    @property
    def to_hit(self) -> int | None:
        """The number needed, None when impossible (what the UI's preview reads)."""
        return None if self.reason else self.number

    @property
    def mods(self) -> list[list]:
        """The modifiers as [label, value] pairs (what the UI's preview reads)."""
        return self.pairs()


def attacker_error(game: "Game", ent: int, prone_ok: bool = False) -> str | None:
    name = unit_name(game, ent)
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
    if ts.charge_target or ts.dfa_target or ts.charge_hex:
        kind = 'death from above' if ts.dfa_target else 'charge'
        return f"{name} is making a {kind} this turn: that is its attack, it makes no other"
    return None


INSIDE = "the target is inside a building"


def prone_reason(game: "Game", ent: int) -> str:
    return f"{unit_name(game, ent)} is prone and cannot make a physical attack"


def in_reach(game: "Game", ent: int, tgt: int) -> bool:
    """Whether `tgt` is in `ent`'s hex or next to it: no physical attack
    reaches farther (section 4; a vehicle in the mech's own hex, V-PHYS-5;
    `target_error` asks a mech target to be in the next hex)."""
    return distance(game.world.component(ent, Position).hex, game.world.component(tgt, Position).hex) <= 1


def target_error(game: "Game", ent: int, tgt: int) -> str | None:
    tname = unit_name(game, tgt)
    tst = game.world.component(tgt, Status)
    if tgt == ent:
        return "a mech cannot attack itself"
    if tst.destroyed or tst.removed:
        return f"{tname} is already destroyed"
    if not game.is_enemy(ent, tgt):
        return f"{tname} is on your own side"
    if distance(game.world.component(ent, Position).hex, game.world.component(tgt, Position).hex) != 1:
        return f"{tname} is not in an adjacent hex"
    if buildings.inside(game, tgt):
        return INSIDE                            # B-PHYS-1 / D13: from outside that building
    if game.world.component(tgt, TurnState).dfa_target:
        return f"{tname} is in the air making a death from above attack"
    diff = level_of(game, tgt) - level_of(game, ent)
    if abs(diff) >= 2:
        return f"{tname} is {abs(diff)} levels {'higher' if diff > 0 else 'lower'}: too far for a physical attack"
    if (water_depth(game, ent) >= 2) != (water_depth(game, tgt) >= 2):
        return "a unit under water (depth 2 or more) and one above it cannot attack each other"
    return None


def water_depth(game: "Game", ent: int) -> int:
    t = game.map.terrain(game.world.component(ent, Position).hex)
    return t.depth if t.is_water else 0


