"""Alpha Strike card values as the rules read them: the parsed special
abilities (AS-SPA-*), the damage values after critical hits, the current Move
in inches and hexes (AS-MOVE-2, AS-HEAT-2, AS-CRIT-MP), the TMM (AS-TMM-1/2),
the heat scale (AS-HEAT-1) and the unit's "cannot act" states.

The card itself (components.AlphaStrikeCard) is data; critical hits are
counted in `card.crits` (effect name -> hits) and everything here is derived
from the card, those counters and the heat level.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from components import AlphaStrikeCard, AlphaStrikeHeat, Status, TurnState

if TYPE_CHECKING:
    from engine.game import Game

BRACKETS = ("short", "medium", "long")
SHUTDOWN_LEVEL = 4            # AS-SHUT-1: heat 4 = S
HEAT_TMM_LEVEL = 2            # AS-HEAT-2: from this heat level the unit's TMM is 1 lower
MECH_TYPES = ("BM", "IM")     # 'Mechs: physical attacks, the 'Mech critical table
PHYSICAL_TYPES = ("BM", "IM", "PM")
INTRO_SPECIALS = ("CASE", "CASEII", "ENE", "MEL", "OVL")   # plus HT#/#/# (AS-SPA-0)

_HT = re.compile(r"^HT(\d+|-)(?:/(\d+|-)/(\d+|-))?$")


@dataclass(frozen=True)
class Specials:
    """The special abilities that act in the introductory game (AS-SPA-0);
    any other ability is kept in `inactive` and has no effect."""

    case: bool = False
    caseii: bool = False
    ene: bool = False
    mel: bool = False
    ovl: bool = False
    ht: tuple[int, int, int] | None = None   # heat per bracket S/M/L
    inactive: tuple[str, ...] = ()

    @property
    def ignores_ammo_hit(self) -> bool:
        """AS-SPA-CASEII, AS-SPA-ENE: an Ammo Hit is treated as no critical hit."""
        return self.caseii or self.ene


def parse_specials(items: list[str] | tuple[str, ...]) -> Specials:
    """Parse a card's specials list. `HT2` is read as HT2/2/2; a `-` in an HT
    value means no heat in that bracket."""
    flags = {name: False for name in ("case", "caseii", "ene", "mel", "ovl")}
    ht = None
    inactive = []
    for raw in items:
        text = raw.strip().upper()
        if text in INTRO_SPECIALS:
            flags[text.lower()] = True
            continue
        m = _HT.match(text)
        if m:
            first = m.group(1)
            parts = (first, m.group(2), m.group(3)) if m.group(2) is not None else (first, first, first)
            ht = tuple(0 if p == "-" else int(p) for p in parts)
            continue
        inactive.append(raw)
    return Specials(ht=ht, inactive=tuple(inactive), **flags)


def card(game: "Game", ent: int) -> AlphaStrikeCard:
    return game.world.component(ent, AlphaStrikeCard)


def specials(game: "Game", ent: int) -> Specials:
    return parse_specials(card(game, ent).specials)


def hits(game: "Game", ent: int, effect: str) -> int:
    return card(game, ent).crits.get(effect, 0)


# ------------------------------------------------------------------ heat
def has_heat_scale(game: "Game", ent: int) -> bool:
    """Units with an [Heat] table track heat (contract/units.md); the others
    (vehicles, infantry) take HT as damage instead (AS-SPA-HT)."""
    return game.world.try_component(ent, AlphaStrikeHeat) is not None


def heat_level(game: "Game", ent: int) -> int:
    h = game.world.try_component(ent, AlphaStrikeHeat)
    return h.level if h is not None else 0


# ------------------------------------------------------------------ damage values
def parse_damage(text: str) -> tuple[int, bool]:
    """'3' -> (3, False); '0*' -> (0, True) minimal damage; '-' -> (0, False)."""
    text = str(text).strip()
    if text == "0*":
        return 0, True
    if text in ("-", ""):
        return 0, False
    return int(text), False


def damage_value(game: "Game", ent: int, bracket: int) -> tuple[int, bool]:
    """Damage for bracket 0..2 after critical hits: each Weapon Hit -1, floor 0
    (AS-CRIT-WEAPON; a 0* loses its minimal damage); a vehicle Engine Hit
    halves it, rounding down (AS-CRIT-ENGINE)."""
    c = card(game, ent)
    value, minimal = parse_damage(c.damage[bracket])
    weapon_hits = c.crits.get("weapon_hit", 0)
    if weapon_hits:
        if minimal:
            value, minimal = 0, False
        value = max(0, value - weapon_hits)
    if c.type not in MECH_TYPES and c.crits.get("engine_hit", 0):
        value //= 2
    return value, minimal


# ------------------------------------------------------------------ movement
def _after_mp_hits(inches: int, mp_hits: int) -> int:
    """AS-CRIT-MP: each hit takes half the current Move, rounded normally
    (halves up), at least 2"; floor 0."""
    for _ in range(mp_hits):
        loss = max(2, (inches + 1) // 2)
        inches = max(0, inches - loss)
    return inches


def move_inches(game: "Game", ent: int) -> int:
    """Ground Move in inches after critical hits, before heat."""
    c = card(game, ent)
    inches = _after_mp_hits(c.move, c.crits.get("mp_hit", 0))
    if c.type not in MECH_TYPES and c.crits.get("engine_hit", 0):
        inches //= 2
    return inches


def jump_inches(game: "Game", ent: int) -> int:
    """Jump Move in inches after MP hits; heat never reduces it (AS-HEAT-2)."""
    c = card(game, ent)
    return _after_mp_hits(c.jump, c.crits.get("mp_hit", 0))


def ground_hexes(game: "Game", ent: int) -> int:
    """AS-HEAT-2, AS-MOVE-2: Move - 2" per heat level, then inches // 2
    (a leftover inch buys nothing). The Loki's 10" at heat 2 is 6" = 3 hexes."""
    return max(0, move_inches(game, ent) - 2 * heat_level(game, ent)) // 2


def jump_hexes(game: "Game", ent: int) -> int:
    return jump_inches(game, ent) // 2


def tmm_for_move(inches: int) -> int:
    """AS-TMM-1 table (inches)."""
    for top, tmm in ((4, 0), (8, 1), (12, 2), (18, 3), (34, 4)):
        if inches <= top:
            return tmm
    return 5


def base_tmm(game: "Game", ent: int) -> int:
    """The printed TMM, recomputed from the reduced Move after MP hits or a
    vehicle Engine Hit (AS-TMM-2)."""
    c = card(game, ent)
    if c.crits.get("mp_hit", 0) or (c.type not in MECH_TYPES and c.crits.get("engine_hit", 0)):
        return tmm_for_move(move_inches(game, ent))
    return c.tmm


def jumped(game: "Game", ent: int) -> bool:
    """The unit made a jump this turn (AS-MOVE-1): it entered a hex jumping."""
    ts = game.world.component(ent, TurnState)
    return ts.mode == "jump" and ts.hexes_moved > 0


def heat_tmm_penalty(game: "Game", ent: int) -> int:
    """AS-HEAT-2: TMM -1 at heat 2 or more, never below 0, and not for a
    unit that jumped this turn (Q1, Q2)."""
    return 1 if heat_level(game, ent) >= HEAT_TMM_LEVEL and base_tmm(game, ent) > 0 and not jumped(game, ent) else 0


def current_tmm(game: "Game", ent: int) -> int:
    """The TMM an attack on the unit uses now, before the +1 for a jump:
    the card's after MP hits or an engine hit, then heat (AS-TMM-2, AS-HEAT-2)."""
    return base_tmm(game, ent) - heat_tmm_penalty(game, ent)


# ------------------------------------------------------------------ states
def is_shut_down(game: "Game", ent: int) -> bool:
    return game.world.component(ent, Status).shutdown


def is_stunned(game: "Game", ent: int) -> bool:
    return card(game, ent).stunned


def is_immobile(game: "Game", ent: int) -> bool:
    """AS-SHUT-2, AS-MOVE-7: shut down, stunned, or no Move left."""
    st = game.world.component(ent, Status)
    return st.shutdown or st.immobile or is_stunned(game, ent)


def cannot_act_reason(game: "Game", ent: int, name: str) -> str | None:
    """Why this unit may neither move nor attack this turn, or None."""
    if is_shut_down(game, ent):
        return f"{name} is shut down (heat S) this turn"
    if is_stunned(game, ent):
        return f"{name}'s crew is stunned this turn"
    return None


# ------------------------------------------------------------------ point value
def skill_adjusted_points(points: int, skill: int) -> int:
    """AS-PV-1 (AS:CE skill table): each skill level better than 4 adds 1 PV
    per full 5 PV above 7 plus 1 (PV 8-12: +2, 13-17: +3, ...); each level
    worse than 4 takes 1 PV per full 10 PV above 14 plus 1 (PV 15-24: -2,
    ...). At least 1 PV."""
    if skill < 4:
        step = 1 + ((points - 3) // 5 if points > 7 else 0)
        return points + (4 - skill) * step
    if skill > 4:
        step = 1 + ((points - 5) // 10 if points > 14 else 0)
        return max(1, points - (skill - 4) * step)
    return points
