"""The bars around the map: the top bar (turn, phase, whose action, the
order of play to come, End phase / Help / Menu) and the right-hand column
(record sheet, the action panel of the phase: movement modes and steps,
weapon checkboxes, physical attack menu; the combat log). Functions of the
App; the widgets they draw turn into App.do actions when clicked."""
from __future__ import annotations

import pygame

from components import AlphaStrikeCard, Altitude, Turret
from engine.hexgrid import FACING_NAMES
from engine.orders import PhysicalOrder
from engine.ui import queries, theme
from engine.ui.layout import MODE_LABELS, SIDE_W, TOP, UNIT_PANEL_H, short_reason  # noqa: F401
from engine.ui.panels import draw_unit_panel
from engine.ui.widgets import Hit, button, checkbox, fit_text, panel, text
from systems.common import movement


def draw_topbar(app) -> None:
    s = app.screen
    g = app.game
    w, _ = s.get_size()
    pygame.draw.rect(s, theme.PANEL, (0, 0, w, TOP))
    pygame.draw.line(s, theme.BORDER, (0, TOP - 1), (w, TOP - 1))
    side = app.flow.current_side
    x = 10
    if app.phase_kind() == "deploy":
        from engine import deployment
        dside = deployment.current_side(g)
        x = text(s, "Deployment", (x, TOP // 2), 15, theme.ACCENT, True, "midleft").right + 14
        if dside:
            pygame.draw.rect(s, theme.side_colour(g.sides, dside), (x, 8, 18, 18), border_radius=3)
            text(s, f"{dside.capitalize()} places its units", (x + 24, TOP // 2), 14, theme.TEXT, False,
                 "midleft")
        bx = w - 10
        for label, action, key in (("Menu", "menu", "M"), ("Help", "help", "F1")):
            bw = theme.font(13).size(f"{label} [{key}]")[0] + 16
            bx -= bw
            button(s, app.hits, (bx, 5, bw, TOP - 10), label, action, key=key, mouse=app.mouse)
            bx -= 6
        return
    x = text(s, f"Turn {g.turn}", (x, TOP // 2), 15, theme.TEXT, True, "midleft").right + 14
    x = text(s, f"{g.phase.capitalize()} phase", (x, TOP // 2), 15, theme.ACCENT, True, "midleft").right + 14
    if g.winner:
        msg = f"Battle over: {g.winner} wins" if g.winner != "draw" else "Battle over: draw"
        text(s, msg, (x, TOP // 2), 15, theme.TEXT, True, "midleft")
    elif side:
        col = theme.side_colour(g.sides, side)
        pygame.draw.rect(s, col, (x, 8, 18, 18), border_radius=3)
        n = len(app.flow.waiting(side))
        x = text(s, f"{side.capitalize()} to {'move' if app.phase_kind() == 'move' else 'declare attacks'}"
                 f" ({n} unit{'s' if n != 1 else ''} waiting)", (x + 24, TOP // 2), 14, theme.TEXT, False,
                 "midleft").right + 10
        order = app.flow.sequence[app.flow.pos:app.flow.pos + 8]
        for sd in order[1:]:
            pygame.draw.rect(s, theme.side_colour(g.sides, sd), (x, 12, 10, 10), border_radius=2)
            x += 13
    elif app.flow.phase_done():
        text(s, "All units have acted", (x, TOP // 2), 14, theme.TEXT, False, "midleft")
    bx = w - 10
    for label, action, key, enabled in (("Menu", "menu", "M", True), ("Help", "help", "F1", True),
                                        ("End phase", "end_phase", "N", app.flow.phase_done()),
                                        *((("Take back move", "take_back", "Ctrl+Z", True),)
                                          if app.phase_kind() == "move" else ())):
        bw = theme.font(13).size(f"{label} [{key}]")[0] + 16
        bx -= bw
        button(s, app.hits, (bx, 5, bw, TOP - 10), label, action, key=key, enabled=enabled,
               active=(action == "end_phase" and enabled), mouse=app.mouse,
               tip=("units still have to act" if not enabled else
                    (app.take_back_reason() or "") if action == "take_back" else ""))
        bx -= 6


def draw_sidebar(app) -> None:
    s = app.screen
    w, h = s.get_size()
    x = w - SIDE_W
    uid = app.inspect or app.selected
    declaring_as = (app.phase_kind() in ("fire", "physical") and app.selected and app.target
                    and app.flow.may_act(app.selected) and queries.is_alpha(app.game, app.ent(app.selected)))
    if declaring_as:
        uid = app.selected      # the attacker's card (heat scale, overheat); the target's summary is below
    elif app.hover_hex is not None and not app.dragging:
        here = app.units_in(app.hover_hex)      # the record sheet follows the hovered unit
        if here:
            uid = here[0]
    mp_text = ""
    if uid and uid in app.game.units and app.game.kind(app.ent(uid)) != "alpha-strike":
        rules = movement.motion_rules(app.game, app.ent(uid))
        mps = []
        for m in getattr(rules, "modes", ()):
            try:
                mps.append(f"{m} {rules.mp(app.game, app.ent(uid), m)}")
            except Exception:
                pass
        mp_text = "MP: " + ", ".join(mps)
        if uid == app.selected and app.mode and app.phase_kind() == "move" and app.flow.may_act(uid):
            mp_text += f"\nMP left ({app.mode}): {app.mp_limit() - app.planned().final.mp}"
    unit_rect = pygame.Rect(x, TOP, SIDE_W, UNIT_PANEL_H)
    draw_unit_panel(s, unit_rect, app.game, uid, mp_text)
    act = pygame.Rect(x, unit_rect.bottom, SIDE_W, app.log_rect().y - unit_rect.bottom)
    if app.replay is None:          # a replay takes no orders
        draw_actions(app, act)
    app.log.draw(s, app.log_rect())


def draw_fire_extras(app, rect: pygame.Rect, x: int, y: int) -> int:
    """Alpha Strike's combat phase: overheat, and the physical attacks
    that share the phase with the weapon attack."""
    s, g, sel = app.screen, app.game, app.selected
    card = g.world.try_component(app.ent(sel), AlphaStrikeCard)
    if card is not None and card.overheat:
        text(s, f"overheat: {app.overheat} of {card.overheat}", (x, y + 4), 12)
        button(s, app.hits, (x + 130, y, 60, 22), "-", "overheat", -1, key="I", mouse=app.mouse,
               enabled=app.overheat > 0)
        button(s, app.hits, (x + 196, y, 60, 22), "+", "overheat", 1, key="O", mouse=app.mouse,
               enabled=app.overheat < card.overheat)
        y += 26
        for line, bad in app.as_overheat_lines():
            text(s, fit_text(line, 12, SIDE_W - 24), (x, y), 12, theme.BAD if bad else theme.TEXT)
            y += 15
        y += 2
    if PhysicalOrder in app.flow.order_types() and app.target:
        n = len(app.weapon_previews(app.target))
        text(s, "or a physical attack:", (x, y), 12, theme.TEXT_DIM)
        y += 16
        for i, (label, order, p) in enumerate(app.physical_options(app.target)):
            txt = f"{n + i + 1}. {label}: " + (short_reason(p.reason, app.name(app.target)) if p.reason
                                               else f"needs {p.to_hit} ({p.chance * 100:.0f}%)")
            r = pygame.Rect(x, y, SIDE_W - 16, 20)
            if r.collidepoint(app.mouse) and p.reason is None:
                pygame.draw.rect(s, theme.PANEL_LIGHT, r)
            text(s, fit_text(txt, 12, SIDE_W - 24), (x + 4, y + 3), 12,
                 theme.GOOD if p.reason is None else theme.TEXT_DIM)
            app.hits.append(Hit(r, "physical", i, p.reason is None, p.reason or p.breakdown()))
            y += 21
    return y


def draw_actions(app, rect: pygame.Rect) -> None:
    s = app.screen
    panel(s, rect)
    x, y = rect.x + 8, rect.y + 6
    g = app.game
    kind = app.phase_kind()
    sel = app.selected
    m = app.mouse
    if kind == "deploy":
        from engine.ui import deploy
        deploy.draw_panel(app, rect)
        return
    if app.flow.phase_done():
        text(s, "Every unit has acted this phase.", (x, y), 13)
        button(s, app.hits, (x, y + 24, 200, 30), f"End {g.phase} phase", "end_phase", key="Enter",
               active=True, mouse=m)
        return
    if not sel:
        text(s, "Select one of your units (Tab)", (x, y), 13, theme.TEXT_DIM)
        return
    name = app.name(sel)
    if kind == "move":
        alpha = queries.is_alpha(g, app.ent(sel))
        text(s, f"Move {name}", (x, y), 14, theme.ACCENT, True)
        y += 22
        bx = x
        for i, mode in enumerate(app.modes(sel)):
            label = MODE_LABELS.get(mode, mode) if not alpha else ("Move" if mode == "walk" else "Jump")
            rules = movement.motion_rules(g, app.ent(sel))
            err = rules.mode_error(g, app.ent(sel), mode, movement.start_state(g, app.ent(sel)))
            r = button(s, app.hits, (bx, y, 104, 26), f"{label} {rules.mp(g, app.ent(sel), mode)}", "mode",
                       mode, enabled=err is None, active=(mode == app.mode), key=str(i + 1), mouse=m, tip=err or "")
            bx = r.right + 6
        y += 32
        res = app.planned() if app.mode else None
        if res is not None:
            fin = res.final
            if alpha:      # Move in hexes; no facing (AS-MOVE-5)
                info = f"planned: {fin.mp} of {app.mp_limit()} hexes of Move used, to {g.map.label(fin.hex)}"
            else:
                info = (f"planned: {len(app.path)} steps, {fin.mp}/{app.mp_limit()} MP, to "
                        f"{g.map.label(fin.hex)} facing {FACING_NAMES[fin.facing]}")
            if fin.altitude:
                info += f", altitude {fin.altitude}"
            text(s, info, (x, y), 12)
            y += 16
            if res.psrs:
                risks = app.path_risks(app.path)
                text(s, fit_text("; ".join(risks), 12, SIDE_W - 24), (x, y), 12, theme.WARN)
                app.hits.append(Hit(pygame.Rect(x, y, SIDE_W - 16, 16), "", None, False, "; ".join(risks)))
                y += 16
        bx = x
        turns = () if alpha else (("Turn left", "turn", -1, "Q"), ("Turn right", "turn", 1, "E"))
        for label, action, arg, key in turns + (("Undo", "undo", None, "Bksp"),):
            r = button(s, app.hits, (bx, y, 112, 26), label, action, arg, key=key, mouse=m)
            bx = r.right + 6
        y += 30
        bx = x
        if g.world.try_component(app.ent(sel), Altitude) is not None:
            extra = (("Up", "vtol", "U", "PgUp"), ("Down", "vtol", "D", "PgDn"), ("Land/lift", "land_lift", None, "L"))
        elif g.kind(app.ent(sel)) == "mech":
            extra = (("Forward", "step", "F", "W"), ("Back", "step", "B", "S"), ("Prone/stand", "prone", None, "P"))
        else:
            extra = (("Forward", "step", "F", "W"), ("Back", "step", "B", "S"))
        for label, action, arg, key in extra:
            r = button(s, app.hits, (bx, y, 112, 24), label, action, arg, key=key, mouse=m)
            bx = r.right + 6
        y += 30
        bx = x
        r = button(s, app.hits, (bx, y, 170, 28), "Confirm move" if app.path else "Stay put",
                   "confirm" if app.path else "hold", key="Enter" if app.path else "Space", active=True,
                   mouse=m)
        decl = app.declarations()
        bx = r.right + 6
        for i, (label, order) in enumerate(decl[:2]):
            r = button(s, app.hits, (bx, y, SIDE_W - (bx - rect.x) - 8, 28), fit_text(label, 13, 150),
                       "declare", i, mouse=m, key="G" if i == 0 else "", tip=label)
            y += 32
        if any(o.charge for _l, o in decl[:2]):
            # P-CHARGE-16: where a missed charger ends is the attacking player's choice
            word = {None: "engine's choice", "left": "front-left", "right": "front-right"}[app.charge_miss]
            button(s, app.hits, (bx, y, SIDE_W - (bx - rect.x) - 8, 24), f"if it misses: {word}",
                   "charge_miss", None, mouse=m, key="V", tip=app.charge_miss_label())
            y += 28
    elif kind == "fire":
        text(s, f"{name}: weapon attacks", (x, y), 14, theme.ACCENT, True)
        y += 20
        if not app.target:
            text(s, "Click an enemy (or T) to choose a target", (x, y), 12, theme.TEXT_DIM)
            y += 18
        else:
            rng = queries.range_between(g, app.ent(sel), app.ent(app.target))
            extra, turnable = "", None
            if g.kind(app.ent(sel)) == "mech":
                extra, turnable = (f", twist {app.twist}" if app.twist else ", no twist"), "twist"
            elif g.world.try_component(app.ent(sel), Turret):
                tf = app.turret if app.turret is not None else g.world.component(app.ent(sel), Turret).facing
                extra, turnable = f", turret {FACING_NAMES[tf]}", "turret"
            tname = app.short_names().get(app.target, app.target)
            text(s, fit_text(f"target {tname}, range {rng}{extra}", 12, SIDE_W - 124), (x, y + 4), 12)
            if queries.is_alpha(g, app.ent(app.target)):
                y += 17
                text(s, fit_text(queries.as_summary(g, app.ent(app.target)), 12, SIDE_W - 24), (x, y + 4), 12,
                     theme.TEXT_DIM)
            if turnable:
                button(s, app.hits, (rect.right - 110, y, 48, 22), "< Z", "twist", -1, mouse=m,
                       tip=f"{turnable} left")
                button(s, app.hits, (rect.right - 56, y, 48, 22), "X >", "twist", 1, mouse=m,
                       tip=f"{turnable} right")
            y += 25
            conflicts = app.weapon_conflicts(app.target)
            for i, (slot, p) in enumerate(app.weapon_previews(app.target)):
                if y > rect.bottom - 40:
                    break
                clash = conflicts.get(slot.order_name)
                if clash and p.reason is None:
                    # cannot fire together with the weapons ticked (shown before firing)
                    label = f"{i + 1}. {slot.label}: {short_reason(clash, app.name(app.target))}"
                    checkbox(s, app.hits, (x, y, SIDE_W - 16, 18), fit_text(label, 12, SIDE_W - 40),
                             app.checks.get(slot.order_name, False), "toggle_weapon", slot.order_name,
                             colour=theme.BAD if app.checks.get(slot.order_name) else theme.WARN)
                    app.hits[-1].tip = f"not with the weapons ticked: {clash}"
                    y += 19
                    continue
                if p.reason:
                    label = f"{i + 1}. {slot.label}: {short_reason(p.reason, app.name(app.target))}"
                    tip = p.reason
                elif p.to_hit is not None:
                    label = f"{i + 1}. {slot.label}: needs {p.to_hit} ({p.chance * 100:.0f}%)"
                    tip = p.breakdown()
                else:
                    label = f"{i + 1}. {slot.label}"
                    tip = ""
                checkbox(s, app.hits, (x, y, SIDE_W - 16, 18), fit_text(label, 12, SIDE_W - 40),
                         app.checks.get(slot.order_name, False), "toggle_weapon", slot.order_name,
                         enabled=p.reason is None, colour=theme.GOOD if p.reason is None else theme.TEXT)
                app.hits[-1].tip = tip
                y += 19
            y = draw_fire_extras(app, rect, x, y)
        by = rect.bottom - 34
        button(s, app.hits, (x, by, 150, 28), "Fire", "confirm", key="Enter", active=True,
               enabled=bool(app.target and any(app.checks.values())), mouse=m)
        button(s, app.hits, (x + 156, by, 100, 28), "Hold fire", "hold", key="Space", mouse=m)
        button(s, app.hits, (x + 262, by, 100, 28), "All hold", "hold_all", key="Shift+Sp", mouse=m,
               tip="every unit of this side that has not acted passes this phase")
    elif kind == "physical":
        text(s, f"{name}: physical attacks", (x, y), 14, theme.ACCENT, True)
        y += 20
        tname = app.name(app.target) if app.target else "no target (click an enemy or T)"
        text(s, f"target: {tname}", (x, y), 12)
        y += 18
        declared = app.declared_physical(sel)
        for d in declared:
            label = (queries.PHYSICAL_LABELS.get((d["attack"], d.get("limb")))
                     or queries.PHYSICAL_LABELS.get((d["attack"], None)) or d["attack"].capitalize())
            tn = app.short_names().get(d["target"], d["target"])
            text(s, fit_text(f"declared: {label} on {tn}, needs {d['to_hit']}", 12, SIDE_W - 24),
                 (x + 4, y), 12, theme.ACCENT)
            y += 16
        for i, (label, order, p) in enumerate(app.physical_options(app.target)):
            if y > rect.bottom - 40:
                break
            if p.reason:
                txt = f"{i + 1}. {label}: {short_reason(p.reason, app.name(app.target) if app.target else '')}"
            elif p.to_hit is not None:
                txt = f"{i + 1}. {label}: needs {p.to_hit} ({p.chance * 100:.0f}%)"
            else:
                txt = f"{i + 1}. {label}"
            r = pygame.Rect(x, y, SIDE_W - 16, 20)
            hov = r.collidepoint(m) and p.reason is None
            if hov:
                pygame.draw.rect(s, theme.PANEL_LIGHT, r)
            text(s, fit_text(txt, 12, SIDE_W - 24), (x + 4, y + 3), 12,
                 theme.GOOD if p.reason is None else theme.TEXT_DIM)
            app.hits.append(Hit(r, "physical", i, p.reason is None, p.reason or p.breakdown()))
            y += 21
        if declared:
            button(s, app.hits, (x, rect.bottom - 34, 150, 28), "Done", "physical_done", key="Enter",
                   active=True, mouse=m, tip="no more physical attacks for this unit")
        else:
            button(s, app.hits, (x, rect.bottom - 34, 150, 28), "No attack", "hold", key="Space", mouse=m)
        button(s, app.hits, (x + 156, rect.bottom - 34, 150, 28), "All pass", "hold_all", key="Shift+Sp",
               mouse=m, tip="every unit of this side that has not acted passes this phase")
    else:
        text(s, f"{g.phase} phase", (x, y), 13)
