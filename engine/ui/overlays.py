"""Full-window screens drawn over the battle: hand-over between players,
the digest of what happened since a player's last turn, help, the game
menu (new, save, load, quit), the quit confirmation and the victory
summary."""
from __future__ import annotations

from pathlib import Path

import pygame

from components import Identity, Status
from engine import combat_log
from engine.ui import theme
from engine.ui.mapview import armor_fraction
from engine.ui.widgets import button, panel, text, wrap, Hit

HELP = [
    ("Map", [("drag / arrows / screen edge", "pan"), ("wheel, + / -", "zoom (keeps the hex under the cursor)"),
             ("C", "centre on the selected unit"), ("click a unit", "select it / show its record sheet")]),
    ("Turn", [("Tab / Shift+Tab", "next / previous unit that may act"), ("Space", "this unit passes (stays put, holds fire)"),
              ("Shift+Space", "all your units that have not acted pass this phase"),
              ("Enter", "confirm the move or the attacks; end the phase when all have acted"),
              ("N", "end the phase (when every unit has acted)")]),
    ("Deployment", [("click a unit, then a hex", "place it in your zone (tinted)"),
                    ("Q / E, click its hex again", "turn it"), ("Enter", "confirm this side's deployment")]),
    ("Movement", [("1 2 3 / R / J", "mode: walk, run, jump (vehicles: cruise, flank)"),
                  ("click a hex in range", "plan the cheapest path there (badge = MP left)"),
                  ("click it again / right-click", "turn right / left at the end"),
                  ("Q E (A D), Shift+wheel", "turn left / right"), ("W / S", "step forward / backward"),
                  ("PgUp / PgDn, L", "VTOL up / down, land or lift off"), ("P", "drop prone / stand up"),
                  ("Backspace", "undo the last step"), ("Esc", "clear the planned path"),
                  ("Ctrl+Z", "take back the last confirmed move (until a die is rolled)"),
                  ("G", "declare the charge / death from above offered"),
                  ("V", "where a missed charge ends: engine's choice / front-left / front-right")]),
    ("Attacks", [("hover an enemy", "line of sight, range, to-hit and chance for each weapon"),
                 ("click an enemy / T", "choose / cycle the target"), ("1-9", "tick a weapon / declare a physical attack (several while legal)"),
                 ("Z / X", "torso twist or turret left / right"),
                 ("Enter (physical)", "done: no more physical attacks for this unit"), ("O / I", "Alpha Strike overheat up / down")]),
    ("Game", [("M / Esc", "menu"), ("Ctrl+S / Ctrl+L / Ctrl+N", "save / load / new battle"),
              ("[ ] End", "scroll the combat log"), ("F1 / ?", "this help"), ("Ctrl+Q", "quit")]),
    ("Replay (hexmech replay SAVE)", [("Right / Left", "step forward / back"),
                                      ("PgDn / PgUp, T / Shift+T", "next / previous turn"),
                                      ("Home / End", "the start / the end")]),
]


def _cover(app, alpha=235) -> pygame.Rect:
    s = app.screen
    shade = pygame.Surface(s.get_size(), pygame.SRCALPHA)
    shade.fill((10, 11, 14, alpha))
    s.blit(shade, (0, 0))
    return s.get_rect()


def _box(app, w, h, title) -> pygame.Rect:
    sr = app.screen.get_rect()
    r = pygame.Rect(0, 0, min(w, sr.w - 20), min(h, sr.h - 20))
    r.center = sr.center
    panel(app.screen, r, title)
    return r


def draw(app) -> None:
    name = app.overlay
    if name is None:
        return
    fn = globals().get("_draw_" + name)
    if fn:
        fn(app)


def _draw_handover(app) -> None:
    s = app.screen
    g = app.game
    _cover(app, 255)
    side = app.ov.get("side", "")
    col = theme.side_colour(g.sides, side)
    r = s.get_rect()
    pygame.draw.rect(s, col, (r.centerx - 160, r.centery - 110, 320, 12), border_radius=4)
    from engine.ui.mapview import draw_shape
    draw_shape(s, theme.side_shape(g.sides, side), (r.centerx, r.centery - 150), 22, col, (255, 255, 255), 2)
    text(s, f"{side.capitalize()}'s turn", (r.centerx, r.centery - 60), 40, theme.TEXT, True, "center")
    stage = "deployment" if app.ov.get("deploy") else f"Turn {g.turn}, {g.phase} phase"
    text(s, stage[0].upper() + stage[1:], (r.centerx, r.centery - 15), 18, theme.TEXT_DIM, anchor="center")
    text(s, "Hand the screen over, then click or press Enter to continue", (r.centerx, r.centery + 20), 16,
         theme.TEXT, anchor="center")
    button(s, app.hits, (r.centerx - 90, r.centery + 50, 180, 36), "Continue", "handover_done", key="Enter",
           active=True, mouse=app.mouse)
    button(s, app.hits, (r.centerx - 90, r.centery + 94, 180, 30), "Menu", "menu", key="Esc", mouse=app.mouse)
    if app.phase_kind() == "move" and app.take_back_reason() is None:
        button(s, app.hits, (r.centerx - 90, r.centery + 134, 180, 30), "Take back my move", "take_back",
               key="Ctrl+Z", mouse=app.mouse)


def digest_summary(app, side: str, events: list[dict]) -> list[tuple[str, tuple]]:
    """One line per unit of `side` that something happened to, and how its
    own attacks went: 'Saladin: 8 damage, motive damage (major)'."""
    g = app.game
    names = app.short_names()
    mine = g.unit_ids(side)
    per: dict[str, list[str]] = {}
    dmg: dict[str, int] = {}
    shots = hits = 0
    for e in events:
        t = e["type"]
        u = e.get("unit")
        if t == "damage" and u in mine:
            dmg[u] = dmg.get(u, 0) + int(e.get("amount", 0))
        elif t == "critical" and u in mine:
            per.setdefault(u, []).append(f"critical: {str(e.get('effect', '')).replace('_', ' ')}")
        elif t in ("destroyed", "fall", "shutdown", "immobile", "motive_damage", "location_destroyed",
                   "pilot_damage") and u in mine:
            what = {"destroyed": "DESTROYED", "fall": "fell", "shutdown": "shut down", "immobile": "immobilised",
                    "motive_damage": f"motive damage ({e.get('result', '')})",
                    "location_destroyed": f"{str(e.get('location', '')).replace('_', ' ')} destroyed",
                    "pilot_damage": "pilot hit"}[t]
            per.setdefault(u, []).append(what)
        elif t == "attack" and e.get("attacker") in mine:
            shots += 1
            hits += bool(e.get("hit"))
    out = []
    for u in mine:
        parts = ([f"{dmg[u]} damage"] if u in dmg else []) + per.get(u, [])
        if parts:
            bad = any("DESTROYED" in p for p in parts)
            out.append((f"{names.get(u, u)}: " + ", ".join(dict.fromkeys(parts)), theme.BAD if bad else (255, 170, 120)))
    if shots:
        out.append((f"Your attacks: {hits} of {shots} hit", theme.TEXT))
    return out


def _draw_digest(app) -> None:
    s = app.screen
    _cover(app, 180)
    side = app.ov.get("side", "")
    r = _box(app, 680, 470, f"Since {side.capitalize()}'s last turn")
    lines = []
    names = app.short_names()
    mine = set(app.game.unit_ids(side))
    events = app.ov.get("events", [])
    for part, col in digest_summary(app, side, events):
        for p in wrap(part, 14, r.w - 30, True):
            lines.append((p, col, True))
    if lines:
        lines.append(("", theme.TEXT, False))
    for e in events:
        if e.get("attacker") in mine or (e["type"] == "declare" and e.get("unit") in mine):
            continue        # the player's own attacks are in the summary line
        t = combat_log.describe(e, names, app.game.ruleset.name)
        if t:
            col = (255, 170, 120) if e["type"] in ("damage", "critical", "destroyed", "fall") else theme.TEXT_DIM
            for part in wrap(t, 12, r.w - 30):
                lines.append((part, col, False))
    avail = (r.h - 84) // 17
    start = min(app.ov.get("scroll", 0), max(0, len(lines) - avail))
    y = r.y + 32
    for part, col, bold in lines[start:start + avail]:
        text(s, part, (r.x + 14, y), 14 if bold else 12, col, bold)
        y += 17
    if len(lines) > avail:
        text(s, f"wheel to scroll ({start + 1}-{min(len(lines), start + avail)} of {len(lines)})",
             (r.right - 14, r.bottom - 50), 11, theme.TEXT_DIM, anchor="bottomright")
    if not lines:
        text(s, "Nothing happened to your units.", (r.x + 14, y), 13, theme.TEXT_DIM)
    button(s, app.hits, (r.centerx - 80, r.bottom - 42, 160, 30), "Continue", "close", key="Enter", active=True,
           mouse=app.mouse)


def _draw_help(app) -> None:
    s = app.screen
    _cover(app, 200)
    r = _box(app, 880, 540, "Keys and mouse (F1 or ? to close)")
    col_x = [r.x + 16, r.x + r.w // 2 + 8]
    y = [r.y + 34, r.y + 34]
    for title, rows in HELP:
        c = 1 if title in ("Deployment", "Movement", "Game") else 0
        text(s, title, (col_x[c], y[c]), 15, theme.ACCENT, True)
        y[c] += 22
        for key, what in rows:
            text(s, key, (col_x[c], y[c]), 12, theme.TEXT, True)
            for part in wrap(what, 12, r.w // 2 - 200):
                text(s, part, (col_x[c] + 190, y[c]), 12, theme.TEXT_DIM)
                y[c] += 15
            y[c] += 2
        y[c] += 10


def _draw_menu(app) -> None:
    _cover(app, 170)
    r = _box(app, 300, 290, "Menu")
    y = r.y + 40
    for label, action, key in (("New battle", "new_menu", "N"), ("Save", "save_menu", "S"),
                               ("Load", "load_menu", "L"), ("Help", "help", "H"),
                               ("Quit", "quit", "Q"), ("Back to the battle", "close", "Esc")):
        button(app.screen, app.hits, (r.x + 30, y, r.w - 60, 32), label, action, key=key,
               enabled=(app.game is not None or action not in ("save_menu", "close")), mouse=app.mouse)
        y += 39


def _draw_confirm_quit(app) -> None:
    _cover(app, 170)
    r = _box(app, 380, 150, "Quit hexmech?")
    text(app.screen, "The game is autosaved at the start of every phase.", (r.x + 16, r.y + 40), 13, theme.TEXT_DIM)
    button(app.screen, app.hits, (r.x + 30, r.bottom - 50, 140, 32), "Quit", "really_quit", key="Y",
           active=True, mouse=app.mouse)
    button(app.screen, app.hits, (r.right - 170, r.bottom - 50, 140, 32), "Cancel", "close", key="N",
           mouse=app.mouse)


def _field(app, rect, label, key) -> None:
    s = app.screen
    text(s, label, (rect[0], rect[1] - 16), 12, theme.TEXT_DIM)
    r = pygame.Rect(rect)
    focused = app.ov.get("field") == key or app.overlay == "save"
    pygame.draw.rect(s, (20, 22, 26), r)
    pygame.draw.rect(s, theme.ACCENT if focused else theme.BORDER, r, 1)
    value = app.ov.get(key, "")
    text(s, value + ("|" if focused else ""), (r.x + 6, r.centery), 13, theme.TEXT, anchor="midleft")
    app.hits.append(Hit(r, "focus_field", key))


def _draw_new(app) -> None:
    s = app.screen
    _cover(app, 220)
    r = _box(app, 620, 470, "New battle")
    y = r.y + 36
    text(s, "Level (Up / Down, or click)", (r.x + 16, y), 13, theme.ACCENT, True)
    y += 20
    from engine.ui.session import level_summary
    for lv in app.ov.get("levels", [])[:9]:
        label = level_summary(lv)
        button(s, app.hits, (r.x + 16, y, r.w - 32, 28), label, "new_pick", lv,
               active=(app.ov.get("choice") == lv and not app.ov.get("path")), mouse=app.mouse)
        y += 32
    y += 22
    _field(app, (r.x + 16, y, r.w - 32, 26), "or a .tmx path (click, then type)", "path")
    y += 50
    _field(app, (r.x + 16, y, r.w - 32, 26), "mod folder (optional, searched first for unit files)", "mods")
    deploy = app.ov.get("deploy", True)
    button(s, app.hits, (r.x + 16, r.bottom - 84, 220, 30), f"deploy units: {'yes' if deploy else 'no'}",
           "new_deploy", None, key="F2", mouse=app.mouse,
           tip="yes: each side places its units in its zone before turn 1")
    button(s, app.hits, (r.right - 176, r.bottom - 44, 160, 32), "Start", "new_start", key="Enter", active=True,
           mouse=app.mouse)
    if app.game is not None:
        button(s, app.hits, (r.x + 16, r.bottom - 44, 120, 32), "Cancel", "close", key="Esc", mouse=app.mouse)
    if app.message and app.message_bad:
        for i, part in enumerate(wrap(app.message, 12, r.w - 340)[:3]):
            text(s, part, (r.x + 150, r.bottom - 44 + 14 * i), 12, theme.BAD)


def _draw_save(app) -> None:
    _cover(app, 200)
    r = _box(app, 520, 170, "Save game")
    _field(app, (r.x + 16, r.y + 60, r.w - 32, 28), f"name (saved in {app.save_dir})", "name")
    button(app.screen, app.hits, (r.right - 156, r.bottom - 44, 140, 32), "Save", "save_do", key="Enter",
           active=True, mouse=app.mouse)
    button(app.screen, app.hits, (r.x + 16, r.bottom - 44, 120, 32), "Cancel", "close", key="Esc", mouse=app.mouse)


def _draw_load(app) -> None:
    s = app.screen
    _cover(app, 220)
    r = _box(app, 620, 460, "Load game (Up / Down, Enter)")
    y = r.y + 36
    files = app.ov.get("files", [])
    if not files:
        text(s, f"No saves in {app.save_dir}", (r.x + 16, y), 13, theme.TEXT_DIM)
    for f in files[:9]:
        button(s, app.hits, (r.x + 16, y, r.w - 32, 28), Path(f).name, "load_do", f, mouse=app.mouse,
               active=(app.ov.get("choice", files[0]) == f and not app.ov.get("path")))
        y += 32
    _field(app, (r.x + 16, r.bottom - 90, r.w - 32, 26), "or a save file path", "path")
    button(s, app.hits, (r.right - 156, r.bottom - 44, 140, 32), "Load path", "load_do", app.ov.get("path"),
           enabled=bool(app.ov.get("path")), key="Enter", mouse=app.mouse)
    button(s, app.hits, (r.x + 16, r.bottom - 44, 120, 32), "Cancel", "close", key="Esc", mouse=app.mouse)
    if app.message and app.message_bad:
        text(s, app.message[:80], (r.x + 150, r.bottom - 36), 12, theme.BAD)


def _draw_victory(app) -> None:
    s = app.screen
    g = app.game
    _cover(app, 190)
    r = _box(app, 640, 460, "Battle over")
    w = g.winner
    title = "Draw: no side has a unit able to fight" if w in (None, "draw") else f"{w.capitalize()} wins"
    text(s, title, (r.centerx, r.y + 48), 30, theme.side_colour(g.sides, w) if w not in (None, "draw") else
         theme.TEXT, True, "center")
    text(s, f"after {g.turn} turn{'s' if g.turn != 1 else ''}", (r.centerx, r.y + 76), 14, theme.TEXT_DIM,
         anchor="center")
    y = r.y + 100
    for side in g.sides:
        text(s, side.capitalize(), (r.x + 20, y), 15, theme.side_colour(g.sides, side), True)
        y += 20
        for uid in g.unit_ids(side):
            ent = g.units[uid]
            st = g.world.component(ent, Status)
            state = "destroyed" + (f" ({st.destroyed_cause})" if st.destroyed_cause else "") if st.destroyed \
                else ("out of the fight" if not g.can_fight(ent) else f"{armor_fraction(g, ent) * 100:.0f}% armor left")
            text(s, f"{g.world.component(ent, Identity).name}: {state}", (r.x + 36, y), 13,
                 theme.TEXT_DIM if st.destroyed else theme.TEXT)
            y += 17
        y += 6
    button(s, app.hits, (r.x + 20, r.bottom - 46, 160, 32), "New battle", "new_menu", key="Enter", active=True,
           mouse=app.mouse)
    button(s, app.hits, (r.centerx - 80, r.bottom - 46, 160, 32), "Look at the map", "close", key="Esc",
           mouse=app.mouse)
    button(s, app.hits, (r.right - 180, r.bottom - 46, 160, 32), "Quit", "quit", mouse=app.mouse)
