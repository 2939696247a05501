"""The record sheet in the sidebar: a mech's paper doll, a vehicle's
outline, or an Alpha Strike card, with weapons, ammunition and damage."""
from __future__ import annotations

import pygame

from components import (Actuators, AlphaStrikeCard, AlphaStrikeHeat, Altitude, Ammo, Armor, ClassicHeat,
                        Crew, HeatSinks, Identity, Position, Status, Structure, Turret, TurnState,
                        VehicleMovement)
from components.vehicle_state import VehicleCrits
from engine.hexgrid import FACING_NAMES
from engine.ui import theme
from engine.ui.mapview import draw_shape
from engine.combat_log import counted, crit_name, plural, weapon_name
from engine.unit_loader import control_skill
from engine.ui.queries import (as_card_now, card_points, driving_modifiers, move_mp, status_words, weapon_slots,
                               weapon_state)
from engine.ui.widgets import text, wrap


def _frac_colour(frac: float, destroyed: bool = False):
    if destroyed:
        return (25, 25, 25)
    if frac >= 0.99:
        return (60, 120, 80)
    if frac > 0.6:
        return (90, 140, 60)
    if frac > 0.3:
        return (190, 150, 40)
    if frac > 0:
        return (190, 80, 30)
    return (120, 40, 40)


def _loc_box(surf, rect, abbr: str, armor: int | None, armor0: int, struct: int | None, struct0: int) -> None:
    rect = pygame.Rect(rect)
    destroyed = struct is not None and struct <= 0 and struct0 > 0
    frac = (armor / armor0) if armor is not None and armor0 else (1.0 if armor0 == 0 else 0.0)
    pygame.draw.rect(surf, _frac_colour(frac, destroyed), rect, border_radius=3)
    pygame.draw.rect(surf, (220, 220, 220), rect, 1, border_radius=3)
    text(surf, abbr, (rect.centerx, rect.y + 2), 10, (235, 235, 235), anchor="midtop")
    if destroyed:
        pygame.draw.line(surf, (230, 60, 60), rect.topleft, rect.bottomright, 2)
        pygame.draw.line(surf, (230, 60, 60), rect.bottomleft, rect.topright, 2)
        return
    if armor is not None:
        text(surf, str(max(0, armor)), (rect.centerx, rect.centery), 14, (255, 255, 255), True, "center")
    if struct is not None:
        text(surf, f"s{max(0, struct)}", (rect.centerx, rect.bottom - 2), 10, (230, 230, 230), anchor="midbottom")


MECH_DOLL = [  # location, abbreviation, rect in a 206 x 190 box (front view: right side on the left)
    ("head", "HD", (83, 0, 40, 32)),
    ("right_arm", "RA", (0, 36, 38, 72)), ("right_torso", "RT", (40, 34, 40, 66)),
    ("center_torso", "CT", (83, 34, 40, 78)), ("left_torso", "LT", (126, 34, 40, 66)),
    ("left_arm", "LA", (168, 36, 38, 72)),
    ("right_leg", "RL", (44, 116, 52, 70)), ("left_leg", "LL", (110, 116, 52, 70)),
]
MECH_REAR = [("right_torso_rear", "RTR"), ("center_torso_rear", "CTR"), ("left_torso_rear", "LTR")]
VEHICLE_BOXES = [("front", "FRONT", (50, 0, 106, 34)), ("left", "LEFT", (0, 38, 46, 110)),
                 ("right", "RIGHT", (160, 38, 46, 110)), ("rear", "REAR", (50, 152, 106, 34))]


def draw_unit_panel(surf, rect, game, uid: str | None, mp_text: str = "",
                    hint: str = "Click a unit, or press Tab") -> None:
    """The record sheet of `uid`; with no unit, `hint` says how to show one."""
    rect = pygame.Rect(rect)
    pygame.draw.rect(surf, theme.PANEL, rect)
    pygame.draw.rect(surf, theme.BORDER, rect, 1)
    if uid is None or uid not in game.units:
        text(surf, "No unit selected", (rect.x + 10, rect.y + 10), 14, theme.TEXT_DIM)
        text(surf, hint, (rect.x + 10, rect.y + 30), 13, theme.TEXT_DIM)
        return
    w = game.world
    ent = game.units[uid]
    ident = w.component(ent, Identity)
    pos = w.component(ent, Position)
    x, y = rect.x + 8, rect.y + 6
    draw_shape(surf, theme.side_shape(game.sides, ident.side), (x + 8, y + 9), 7,
               theme.side_colour(game.sides, ident.side), (255, 255, 255), 1)
    text(surf, ident.name, (x + 22, y), 15, theme.TEXT, True)
    y += 20
    flags = status_words(game, ent)
    crew = w.try_component(ent, Crew)
    if ident.kind == "alpha-strike":      # no facing in Alpha Strike (AS-MOVE-5)
        info = f"{ident.side} · {uid} · in {game.map.label(pos.hex)}"
    else:
        info = f"{ident.side} · {uid} · {ident.tonnage} t · {game.map.label(pos.hex)} facing {FACING_NAMES[pos.facing]}"
    text(surf, info, (x, y), 12, theme.TEXT_DIM)
    y += 16
    line2 = []
    if crew is not None and w.try_component(ent, AlphaStrikeCard) is not None:
        line2.append(f"skill {crew.gunnery}")
    elif crew is not None:
        line2.append(f"gunnery {crew.gunnery} {control_skill(ident.kind)} {crew.piloting}")
        if crew.hits and ident.kind == "mech":
            line2.append(f"pilot hits {crew.hits}")
        if crew.unconscious:
            line2.append("UNCONSCIOUS")
        if crew.killed:
            line2.append("CREW KILLED")
    if flags:
        line2.append(", ".join(flags).upper())
    text(surf, " · ".join(line2), (x, y), 12, theme.BAD if flags else theme.TEXT_DIM)
    y += 18
    doll = pygame.Rect(rect.x + 8, y, 206, 190)
    armor = w.component(ent, Armor)
    struct = w.component(ent, Structure)
    card = w.try_component(ent, AlphaStrikeCard)
    right_x = doll.right + 8
    below = doll
    if card is not None:
        below = pygame.Rect(rect.x + 8, y, rect.w - 16, min(244, rect.bottom - y - 4))
        _draw_as_card(surf, below, game, ent, card)
    elif ident.kind == "mech":
        for loc, abbr, r in MECH_DOLL:
            rr = pygame.Rect(r).move(doll.x, doll.y)
            _loc_box(surf, rr, abbr, armor.points.get(loc), armor.original.get(loc, 0),
                     struct.points.get(loc), struct.original.get(loc, 0))
        ry = doll.y
        text(surf, "rear armor", (right_x, ry), 11, theme.TEXT_DIM)
        for i, (loc, abbr) in enumerate(MECH_REAR):
            rr = pygame.Rect(right_x + i * 48, ry + 14, 44, 36)
            _loc_box(surf, rr, abbr, armor.points.get(loc), armor.original.get(loc, 0), None, 0)
    else:
        for loc, abbr, r in VEHICLE_BOXES:
            rr = pygame.Rect(r).move(doll.x, doll.y)
            _loc_box(surf, rr, abbr, armor.points.get(loc), armor.original.get(loc, 0),
                     struct.points.get(loc), struct.original.get(loc, 0))
        body = pygame.Rect(doll.x + 50, doll.y + 38, 106, 110)
        pygame.draw.rect(surf, (60, 64, 72), body, border_radius=6)
        for loc, abbr in (("turret", "TUR"), ("rotor", "ROT")):
            if loc in armor.points or loc in armor.original:
                rr = pygame.Rect(0, 0, 60, 46)
                rr.center = (body.centerx, body.centery + (-22 if loc == "rotor" else 14))
                _loc_box(surf, rr, abbr, armor.points.get(loc), armor.original.get(loc, 0),
                         struct.points.get(loc), struct.original.get(loc, 0))
        if "turret" not in armor.original and "rotor" not in armor.original:
            text(surf, "hull", body.center, 12, theme.TEXT_DIM, anchor="center")
    # right column: movement, heat, altitude
    ry = doll.y + (60 if ident.kind == "mech" and card is None else 0)
    if card is None:
        for line in status_lines(game, ent, mp_text):
            for part in wrap(line, 12, rect.right - right_x - 6):
                text(surf, part, (right_x, ry), 12, theme.TEXT)
                ry += 15
    y = below.bottom + 6
    for s, col in detail_lines(game, ent):
        for part in wrap(s, 11, rect.w - 16):
            if y > rect.bottom - 14:
                return
            text(surf, part, (rect.x + 8, y), 11, col)
            y += 13


def detail_lines(game, ent) -> list[tuple[str, tuple]]:
    """The record's lines under the doll or the card: weapons, ammunition,
    damaged actuators, critical hits and a vehicle's crew and system damage,
    in display names ("AC/20: 10 shots")."""
    w = game.world
    st = w.component(ent, Status)
    lines = []
    if w.try_component(ent, AlphaStrikeCard) is None:
        for slot in weapon_slots(game, ent):
            wt = slot.wtype
            rng = f"{wt.short}/{wt.medium}/{wt.long}" if wt else ""
            state = (" " + weapon_state(game, ent, slot)).rstrip()
            lines.append((f"{slot.label}  dmg {wt.damage if wt else '?'}  rng {rng}{state}",
                          theme.BAD if state else theme.TEXT))
        ammo = w.try_component(ent, Ammo)
        if ammo is not None and ammo.bins:
            shots: dict[str, int] = {}
            for b in ammo.bins:
                shots[b.type] = shots.get(b.type, 0) + b.shots
            lines.append(("ammo: " + ", ".join(f"{weapon_name(t)}: {plural(n, 'shot')}" for t, n in shots.items()),
                          theme.TEXT_DIM))
    acts = w.try_component(ent, Actuators)
    if acts is not None and acts.destroyed:
        lines.append(("actuators hit: " + ", ".join(a.replace("_", " ") for a in acts.destroyed), theme.BAD))
    if st.crits:
        lines.append(("criticals: " + counted([crit_name(c) for c in st.crits]), theme.BAD))
    vc = w.try_component(ent, VehicleCrits)
    if vc is not None:
        crew = [n for n, hit in (("commander hit", vc.commander_hit), ("driver hit", vc.driver_hit),
                                 ("copilot hit", vc.copilot_hit), ("crew killed", vc.crew_killed)) if hit]
        if vc.stun_turns:
            crew.append(f"stunned {plural(vc.stun_turns, 'turn')}")
        sys_ = [label for hit, label in (
            (vc.engine_hit, "engine hit"), (vc.sensor_hits, f"sensors x{vc.sensor_hits}"),
            (vc.stabilizers, "stabilizers: " + ", ".join(vc.stabilizers)),
            (vc.flight_stabilizer, "flight stabilizer"), (vc.rotor_mp_lost, f"rotor -{vc.rotor_mp_lost} MP"),
            (vc.motive_results, "motive: " + ", ".join(vc.motive_results))) if hit]
        if crew:
            lines.append(("crew: " + ", ".join(crew), theme.BAD))
        if sys_:
            lines.append(("damage: " + ", ".join(sys_), theme.BAD))
    return lines


def status_lines(game, ent, mp_text: str) -> list[str]:
    w = game.world
    out = []
    if mp_text:
        out += [l for l in mp_text.split("\n") if l]
    heat = w.try_component(ent, ClassicHeat)
    if heat is not None:
        hs = w.try_component(ent, HeatSinks)
        out.append(f"heat {heat.heat}" + (f" (sinks {hs.count - hs.destroyed})" if hs else ""))
    alt = w.try_component(ent, Altitude)
    if alt is not None:
        out.append(f"altitude {alt.level}")
    tur = w.try_component(ent, Turret)
    if tur is not None:
        out.append("turret " + ("destroyed" if tur.destroyed else FACING_NAMES[tur.facing])
                   + (" (locked)" if tur.locked else "") + (" (jammed)" if tur.jammed else ""))
    vm = w.try_component(ent, VehicleMovement)
    if vm is not None:
        out.append(f"{vm.motive}, cruise {move_mp(game, ent, 'cruise')}" + (f" (-{vm.motive_penalty})" * bool(vm.motive_penalty)))
    driving = driving_modifiers(game, ent)
    if driving:
        out.append(f"driving rolls +{sum(m.value for m in driving)} ("
                   + ", ".join(f"{m.label} +{m.value}" for m in driving) + ")")
    ts = w.try_component(ent, TurnState)
    if ts is not None and ts.moved:
        out.append("this turn: " + (f"{MOVED.get(ts.mode, ts.mode)} {plural(ts.hexes_moved, 'hex')}"
                                    if ts.mode != "none" else "stayed put"))
    return out


MOVED = {"walk": "walked", "run": "ran", "jump": "jumped", "cruise": "cruised", "flank": "flank speed"}


def _draw_as_card(surf, rect, game, ent, card: AlphaStrikeCard) -> None:
    w = game.world
    armor = w.component(ent, Armor)
    struct = w.component(ent, Structure)
    x, y = rect.x, rect.y
    pygame.draw.rect(surf, (235, 232, 220), rect, border_radius=6)
    dark = (30, 30, 30)
    text(surf, f"{card.type}  SZ {card.size}  MV {card.move}\"" + (f"/{card.jump}\"j" if card.jump else "")
         + f"  TMM {card.tmm}  Skill {card.skill}", (x + 8, y + 6), 13, dark, True)
    text(surf, f"PV {card_points(card)}  {card.role}", (rect.right - 8, y + 6), 12, dark, anchor="topright")
    y += 22
    now = as_card_now(game, ent)
    red = (160, 30, 30)
    changed = now["changed"]
    text(surf, now["line"], (x + 8, y), 12, red if changed else (90, 90, 90), changed)
    y += 18
    text(surf, "DAMAGE  S {}  M {}  L {}".format(*now["damage"]) + f"   OV {card.overheat}",
         (x + 8, y), 13, red if now["damage_changed"] else dark, True)
    y += 22

    def pips(label, now, full, yy):
        text(surf, label, (x + 8, yy), 13, dark, True)
        for i in range(full):
            c = (x + 40 + i * 18, yy + 8)
            pygame.draw.circle(surf, dark, c, 7, 1)
            if i < now:
                pygame.draw.circle(surf, (40, 40, 40), c, 5)
            else:
                pygame.draw.line(surf, (200, 40, 40), (c[0] - 5, c[1] - 5), (c[0] + 5, c[1] + 5), 2)
    pips("A", max(0, armor.points.get("unit", card.armor)), max(card.armor, armor.original.get("unit", 0)), y)
    y += 20
    pips("S", max(0, struct.points.get("unit", card.structure)),
         max(card.structure, struct.original.get("unit", 0)), y)
    y += 22
    text(surf, "HEAT", (x + 8, y + 4), 13, dark, True)
    heat = w.try_component(ent, AlphaStrikeHeat)
    level = heat.level if heat else 0
    for i, lab in enumerate(("0", "1", "2", "3", "S")):
        r = pygame.Rect(x + 56 + i * 34, y, 30, 22)
        col = [(200, 200, 200), (240, 220, 80), (240, 160, 60), (230, 90, 50), (180, 30, 30)][i]
        pygame.draw.rect(surf, col if i <= level else (220, 218, 208), r, border_radius=3)
        pygame.draw.rect(surf, dark, r, 2 if i == level else 1, border_radius=3)
        text(surf, lab, r.center, 13, dark, True, "center")
    # critical hit boxes, as on the printed card (AS-CRIT-*)
    y += 28
    for key, label, boxes in CRIT_BOXES:
        got = card.crits.get(key, 0)
        text(surf, label, (x + 8, y), 11, dark, True)
        for b in range(boxes):
            r = pygame.Rect(x + 78 + b * 14, y + 1, 11, 11)
            pygame.draw.rect(surf, dark, r, 1)
            if b < got:
                pygame.draw.line(surf, (200, 40, 40), r.topleft, r.bottomright, 2)
                pygame.draw.line(surf, (200, 40, 40), r.bottomleft, r.topright, 2)
        y += 13
    y += 2
    specials = ", ".join(card.specials) or "none"
    text(surf, f"SPECIAL: {specials}", (x + 8, y), 12, dark)


# Critical hit boxes of an Alpha Strike card: (crits key, label, boxes).
CRIT_BOXES = [("engine_hit", "ENGINE", 1), ("fire_control_hit", "FIRE CON", 4), ("mp_hit", "MP", 4),
              ("weapon_hit", "WEAPONS", 4)]
