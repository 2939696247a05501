"""The battlefield in the window: the cached map, the movement range (a
veil outside the reachable hexes, MP-left badges), line of sight, planned
and hovered paths, declared attacks, unit counters with damage badges, and
the hover tooltip with the terrain, the path or the attack breakdown.
Functions of the App; they read its state (and its controllers') and the
game, and change neither."""
from __future__ import annotations

import time

import pygame

from components import Position, Status
from engine.combat_log import plural
from engine.hexgrid import FACING_NAMES, distance, neighbor, parse_hex_label
from engine.ui import queries, theme
from engine.ui.layout import MODE_LABELS, short_reason
from engine.ui.geometry import corners, map_pixel_size, map_pos
from engine.ui.mapview import draw_hex_outline, draw_unit, fill_hex
from engine.ui.move_panel import rolls_words
from engine.ui.widgets import panel, render as widgets_render, text, wrap


def recent_damage(app, kind: str = "damage") -> dict[str, int]:
    """Damage each unit (`kind` "damage") or building hex ("building_damage")
    took in the last phase that dealt any (shown as a red badge on its
    counter or hex until the next such phase)."""
    events = app.game.log.events
    cached = app.board_cache.get(kind)
    if cached is not None and cached[0] == len(events):
        return cached[1]
    who, amount = ("unit", "amount") if kind == "damage" else ("hex", "damage")
    last = None
    for e in reversed(events):
        if e["type"] == kind:
            last = (e["turn"], e["phase"])
            break
    out: dict[str, int] = {}
    if last is not None:
        for e in events:
            if e["type"] == kind and (e["turn"], e["phase"]) == last:
                out[e[who]] = out.get(e[who], 0) + int(e.get(amount, 0))
    app.board_cache[kind] = (len(events), out)
    return out


def draw_building_damage(app, view: pygame.Rect) -> None:
    """A red badge on each building damaged in the last phase that damaged
    one: the damage and the CF left ('-10 CF 30')."""
    g, cam, size = app.game, app.camera, app.camera.size
    if size < 14:
        return
    for label, dmg in recent_damage(app, "building_damage").items():
        h = parse_hex_label(label)
        t = g.map.terrain(h)
        c = cam.to_screen(h)
        if not t.building or not view.inflate(size * 2, size * 2).collidepoint(c):
            continue
        img = widgets_render(f"-{dmg} CF {t.construction_factor}", max(10, int(size * 0.28)), (255, 255, 255), True)
        rr = img.get_rect(midbottom=(c[0], c[1] - size * 0.3)).inflate(6, 2)
        pygame.draw.rect(app.screen, (200, 40, 40), rr, border_radius=4)
        app.screen.blit(img, img.get_rect(center=rr.center))


ZOOM_BUDGET_MS = 8                                # a frame after a zoom makes map chunks for this long
FRAME_MS = 8                                      # a frame draws the chunks a pan needs next until this long,
PREFETCH_MIN_MS = 1                               # and for this long at least
VEIL_ALPHA = 110                                  # darkness outside the movement range
VEIL_MULTIPLY = (256 - VEIL_ALPHA * 256 // 255,) * 3   # the same darkening as a multiply
RANGE_EDGE = (235, 235, 235)                      # the outline of a range or zone, readable on any ground


def reach_patch(app, hexes: dict, limit: int) -> tuple[pygame.Surface, pygame.Rect] | None:
    """The movement range `hexes` (hex -> (MP, ...)) in map pixels: the part
    of the cached map around them, veiled outside them, with an MP-left
    badge in each. Built once per selection, mode and zoom (not when the
    view pans); on screen it is one opaque blit, and the rest of the view
    gets the veil as a multiply fill (an alpha blit of the whole view cost
    ~2 ms a frame). None while the map chunks under it are being made (a
    few frames after a new range or zoom: ZOOM_BUDGET_MS a frame)."""
    cam = app.camera
    size = cam.size
    key = (id(hexes), app.selected, app.move.mode, limit, size, id(app.renderer))
    cached = app.board_cache.get("reach")
    if cached is not None and cached[0] == key:
        return cached[1]
    centres = [(h, map_pos(h, size)) for h in hexes]
    xs, ys = [c[0] for _h, c in centres], [c[1] for _h, c in centres]
    pad = size + 2
    rect = pygame.Rect(int(min(xs) - pad), int(min(ys) - pad), 0, 0)
    rect.size = (int(max(xs) + pad) - rect.x, int(max(ys) + pad) - rect.y)
    rect = rect.clip(pygame.Rect((0, 0), map_pixel_size(app.game.map.width, app.game.map.height, size)))
    if not app.renderer.ready(rect, size, ZOOM_BUDGET_MS):
        return None
    patch = pygame.Surface(rect.size)
    patch.fill(theme.BG)
    app.renderer.draw(patch, patch.get_rect(), rect.x, rect.y, size)
    veil = pygame.Surface(rect.size, pygame.SRCALPHA)
    veil.fill((0, 0, 0, VEIL_ALPHA))
    for _h, (x, y) in centres:
        fill_hex(veil, (x - rect.x, y - rect.y), size + 1, (0, 0, 0, 0))
    patch.blit(veil, (0, 0))
    width = max(2, size // 20)
    for h, (x, y) in centres:            # the edge of the range: the veil alone is faint over dark ground
        pts = corners(x - rect.x, y - rect.y, size)
        for d in range(6):
            if neighbor(h, d) not in hexes:
                pygame.draw.line(patch, RANGE_EDGE, pts[(d + 4) % 6], pts[(d + 5) % 6], width)
    if size >= 16 and limit > 0 and app.selected:
        start_hex = app.game.world.component(app.ent(app.selected), Position).hex
        r = max(7, int(size * 0.24))
        for h, (x, y) in centres:
            if h == start_hex:
                continue
            left = limit - hexes[h][0]
            frac = left / limit if limit else 0
            col = (0, 130, 95) if frac >= 0.5 else ((200, 135, 0) if frac > 0 else (190, 80, 0))
            pos = (x - rect.x, y - rect.y + size * 0.52)
            pygame.draw.circle(patch, col, pos, r)
            pygame.draw.circle(patch, (250, 250, 250), pos, r, 1)
            text(patch, str(left), pos, max(9, int(r * 1.3)), (255, 255, 255), True, "center")
    app.board_cache["reach"] = (key, (patch, rect))
    return patch, rect


def draw_reach(app, view: pygame.Rect, hexes: dict, limit: int) -> None:
    """The movement range over the map drawn at the camera's position (not
    in the frames that are still making the map chunks it needs: after a
    zoom or for a new range)."""
    cam = app.camera
    made = None if app.renderer.pending else reach_patch(app, hexes, limit)
    if made is None:
        return
    patch, rect = made
    on_screen = rect.move(view.x - int(cam.ox), view.y - int(cam.oy))
    app.screen.blit(patch, on_screen.topleft)
    inside = on_screen.clip(view)
    if not inside.w or not inside.h:
        inside = pygame.Rect(view.x, view.y, 0, 0)      # the range is off screen: veil it all
    for strip in (pygame.Rect(view.x, view.y, view.w, inside.y - view.y),
                  pygame.Rect(view.x, inside.bottom, view.w, view.bottom - inside.bottom),
                  pygame.Rect(view.x, inside.y, inside.x - view.x, inside.h),
                  pygame.Rect(inside.right, inside.y, view.right - inside.right, inside.h)):
        if strip.w > 0 and strip.h > 0:
            app.screen.fill(VEIL_MULTIPLY, strip, special_flags=pygame.BLEND_RGB_MULT)


def draw_map(app) -> None:
    s = app.screen
    cam = app.camera
    g = app.game
    view = pygame.Rect(cam.view)
    s.set_clip(view)
    app.renderer.draw(s, view, cam.ox, cam.oy, cam.size, ZOOM_BUDGET_MS)
    size = cam.size
    ox, oy = view.topleft

    def local(h):
        x, y = cam.to_screen(h)
        return x - ox, y - oy
    kind = app.phase_kind()
    sel = app.selected
    move = app.move
    limit = move.mp_limit() if kind == "move" and sel else 0
    if kind == "move" and sel and move.reach_hex:
        draw_reach(app, view, move.reach_hex, limit)
    elif kind == "deploy" and app.deploy.zone():
        draw_reach(app, view, app.deploy.zone(), 0)          # the deploying side's zone
    # line of sight to the hovered or chosen target
    tgt = None
    if kind in ("fire", "physical") and sel:
        tgt = hovered_target(app) or app.target
        if tgt:
            overlay = pygame.Surface(view.size, pygame.SRCALPHA)
            a = g.world.component(app.ent(sel), Position).hex
            b = queries.target_hex(g, tgt)
            for cell in queries.los_hexes(a, b)[1:-1]:
                for h in cell:
                    fill_hex(overlay, local(h), size, (86, 180, 233, 70 if len(cell) == 1 else 40))
            s.blit(overlay, view.topleft)
    if tgt:
        a = cam.to_screen(g.world.component(app.ent(sel), Position).hex)
        b = cam.to_screen(queries.target_hex(g, tgt))
        if queries.building_label(tgt):
            draw_hex_outline(s, b, size, (86, 180, 233), 3)
        previews = (app.fire.previews(tgt) if kind == "fire" else
                    [(None, p) for _l, _o, p in app.physical.options(tgt)])
        possible = any(p.reason is None for _s, p in previews)
        pygame.draw.line(s, (86, 180, 233) if possible else (213, 94, 0), a, b, 3)
        if not possible:        # a cross in the middle: no attack on this target
            mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
            k = max(5, size // 5)
            pygame.draw.line(s, (213, 94, 0), (mx - k, my - k), (mx + k, my + k), 3)
            pygame.draw.line(s, (213, 94, 0), (mx - k, my + k), (mx + k, my - k), 3)
    # planned path (solid) and hovered path (thin)
    ghost = None
    if kind == "move" and sel and move.mode:
        for path, width, colour in ((move.hover_path, 2, (250, 250, 250)), (move.path, 4, theme.ACCENT)):
            if not path:
                continue
            res = move.planned(path)
            pts = [cam.to_screen(st.hex) for st in res.states]
            if len(pts) > 1:
                pygame.draw.lines(s, colour, False, pts, width)
            if path is move.path:
                ghost = res.final
            elif ghost is None:
                ghost = res.final
        if move.hover_path and move.path:
            ghost = move.planned(move.path).final
    # attacks declared this phase
    if kind in ("fire", "physical"):
        for e in reversed(g.log.events):
            if (e["turn"], e["phase"]) != (g.turn, g.phase):
                break
            aim = e.get("target") if e.get("target") in g.units else \
                queries.building_key(e["target_hex"]) if e.get("target_hex") else None
            if e["type"] == "declare" and aim and e.get("unit") in g.units:
                a = cam.to_screen(g.world.component(app.ent(e["unit"]), Position).hex)
                b = cam.to_screen(queries.target_hex(g, aim))
                col = theme.side_colour(g.sides, g.side_of(app.ent(e["unit"])))
                pygame.draw.line(s, col, a, b, 2)
                mx, my = (a[0] * 0.35 + b[0] * 0.65), (a[1] * 0.35 + b[1] * 0.65)
                pygame.draw.circle(s, col, (mx, my), max(3, size // 8))
    # hover outline
    if app.hover_hex is not None:
        draw_hex_outline(s, cam.to_screen(app.hover_hex), size, (255, 255, 255), 2)
    # units
    waiting_now = set(app.flow.waiting())
    damage = recent_damage(app)
    in_place = ghost is not None and sel is not None and ghost.hex == g.world.component(app.ent(sel), Position).hex
    for uid, ent in g.units.items():
        st = g.world.component(ent, Status)
        if st.removed:
            continue
        h = g.world.component(ent, Position).hex
        c = cam.to_screen(h)
        if not view.inflate(size * 2, size * 2).collidepoint(c):
            continue
        stack = [e for e in g.units_at(h)]
        if len(stack) > 1:
            i = stack.index(ent)
            c = (c[0] + (i - (len(stack) - 1) / 2) * size * 0.35, c[1] - (i - (len(stack) - 1) / 2) * size * 0.2)
        waiting = uid in waiting_now and g.side_of(ent) == app.seat.viewing
        draw_unit(s, g, ent, c, size, selected=(uid == sel or uid == app.inspect and not sel),
                  dim=(not waiting and app.flow.current_side == g.side_of(ent)
                       and app.flow.interactive() and uid in app.flow.acted),
                  altitude=ghost.altitude if in_place and uid == sel else None)
        if waiting and uid != sel:
            pygame.draw.circle(s, (255, 255, 255), c, size * 0.78, 1)
        if tgt == uid:
            draw_hex_outline(s, cam.to_screen(h), size, (86, 180, 233), 3)
        dmg = damage.get(uid)
        if dmg and size >= 14:
            img = widgets_render(f"-{dmg}", max(10, int(size * 0.32)), (255, 255, 255), True)
            rr = img.get_rect(midright=(c[0] - size * 0.45, c[1] - size * 0.45)).inflate(6, 2)
            pygame.draw.rect(s, (200, 40, 40), rr, border_radius=4)
            s.blit(img, img.get_rect(center=rr.center))
    draw_building_damage(app, view)
    if ghost is not None and sel:
        c = cam.to_screen(ghost.hex)
        draw_unit(s, g, app.ent(sel), c, size, ghost=True, facing=ghost.facing, altitude=ghost.altitude,
                  altitude_badge=not in_place)       # planned in its own hex: the counter's badge is the plan's
    app.ruler.draw(view)
    app.roster.draw(view)
    # hover tooltip
    if not app.ruler.on:
        draw_tooltip(app)
    # message line
    if app.message:
        lines = wrap(app.message, 13, view.w - 40)[:3]
        hgt = 18 * len(lines) + 8
        r = pygame.Rect(view.x + 10, view.bottom - hgt - 8, min(view.w - 20, 40 + max(
            theme.font(13).size(l)[0] for l in lines)), hgt)
        panel(s, r, alpha=225)
        for i, l in enumerate(lines):
            text(s, l, (r.x + 8, r.y + 5 + 18 * i), 13, theme.BAD if app.message_bad else theme.TEXT)
    s.set_clip(None)


def prefetch_map(app, started: float) -> None:
    """Draw the map chunks a pan will need next with what is left of the
    frame's time (the frame `started` at that `time.thread_time()` CPU
    time of the window's thread), FRAME_MS in all, PREFETCH_MIN_MS at least."""
    cam = app.camera
    until = max(started + FRAME_MS / 1000, time.thread_time() + PREFETCH_MIN_MS / 1000)
    app.renderer.prefetch(pygame.Rect(cam.view), cam.ox, cam.oy, cam.size, until)


def draw_tooltip(app) -> None:
    if app.hover_hex is None or app.dragging or app.top is not None:
        return
    lines = hover_lines(app)
    width = min(460, max(theme.font(12).size(l)[0] for l, _ in lines) + 16)
    wrapped = []
    for l, col in lines:
        for part in wrap(l, 12, width - 16):
            wrapped.append((part, col))
    hgt = 16 * len(wrapped) + 8
    mx, my = app.mouse
    view = pygame.Rect(app.camera.view)
    r = pygame.Rect(mx + 18, my + 18, width, hgt)
    if r.right > view.right:
        r.x = mx - width - 12
    if r.bottom > view.bottom:
        r.y = my - hgt - 12
    r.clamp_ip(view)              # flipped on a narrow view, it may still not fit beside the cursor
    panel(app.screen, r, alpha=235)
    for i, (l, col) in enumerate(wrapped):
        text(app.screen, l, (r.x + 8, r.y + 4 + 16 * i), 12, col)


def hover_lines(app) -> list[tuple[str, tuple]]:
    """The hovered hex's tooltip lines (terrain, units, the planned path and its rolls, the attack)."""
    g = app.game
    h = app.hover_hex
    t = g.map.terrain(h)
    lines: list[tuple[str, tuple]] = []
    feat = [] if t.building else [t.terrain.replace("_", " ")]     # a building's words name it
    if t.depth:
        feat.append(f"depth {t.depth}")
    if queries.building_words(g, h):
        feat.append(queries.building_words(g, h))
    if t.road:
        feat.append("paved road" if t.paved else "road")
    lines.append((f"{g.map.label(h)}  level {t.level}  " + ", ".join(feat), theme.TEXT_DIM))
    for u in app.units_in(h):
        e = app.ent(u)
        lines.append((f"{app.name(u)} ({g.side_of(e)})" + ("" if not queries.status_words(g, e) else
                      " - " + ", ".join(queries.status_words(g, e))), theme.TEXT))
    kind = app.phase_kind()
    sel = app.selected
    move = app.move
    if kind == "move" and sel and move.mode:
        if move.hover_path is not None:
            res = move.planned(move.hover_path)
            if queries.is_alpha(g, app.ent(sel)):
                lines.append((f"{'Move' if move.mode == 'walk' else 'Jump'}: {res.final.mp} hexes, "
                              f"{move.mp_limit() - res.final.mp} left", theme.GOOD))
            else:
                lines.append((f"{MODE_LABELS.get(move.mode, move.mode)}: {res.final.mp} MP, "
                              f"{move.mp_limit() - res.final.mp} MP left, facing {FACING_NAMES[res.final.facing]}",
                              theme.GOOD))
            risks = move.path_risks(move.hover_path)
            ways = len(move.alternatives(h))
            lines.append((f"{rolls_words(len(risks)).capitalize()}" +
                          (f"; {ways - 1} other way{'s' if ways > 2 else ''} (click, then F)" if ways > 1 else ""),
                          theme.WARN if risks else theme.TEXT_DIM))
            for risk in risks:
                lines.append((risk, theme.WARN))
        elif move.hover_reason:
            lines.append((move.hover_reason, theme.BAD))
    if kind in ("fire", "physical") and sel and hovered_target(app):
        lines += attack_lines(app, hovered_target(app))
    if len(lines) <= 1 and not app.units_in(h):
        lines = lines[:1]
    return lines


def hovered_target(app) -> str | None:
    """What the selected unit would aim at in the hovered hex: the first
    enemy there, else the building standing there (queries.building_key)."""
    h, sel = app.hover_hex, app.selected
    if h is None or not sel:
        return None
    key = (h, sel, app.game.turn, app.game.phase, len(app.game.log.events))
    cached = app.board_cache.get("aim")
    if cached is None or cached[0] != key:
        cached = app.board_cache["aim"] = (key, queries.aim_in(app.game, sel, h))
    return cached[1]


def attack_lines(app, target: str) -> list[tuple[str, tuple]]:
    g = app.game
    sel = app.selected
    rng = distance(g.world.component(app.ent(sel), Position).hex, queries.target_hex(g, target))
    side = app.fire.choices(target).side
    out = [(f"Range {plural(rng, 'hex')}" + (f", strikes its {side}" if side else ""), theme.TEXT)]
    if app.phase_kind() == "fire":
        previews = [(slot.label, p) for slot, p in app.fire.previews(target)]
    else:
        previews = [(label, p) for label, _o, p in app.physical.options(target)]
    shown_mods = None
    impossible = []
    for label, p in previews:
        if p.reason:
            impossible.append((label, p.reason))
        elif p.to_hit is not None:
            out.append((f"{label}: {p.needs()}", theme.GOOD))
            if p.modifiers and p.breakdown() != shown_mods:      # each weapon's, unless as the one above
                out.append(("   " + p.breakdown(), theme.TEXT))
                shown_mods = p.breakdown()
        else:
            out.append((f"{label}: allowed", theme.GOOD))
    reasons: dict[str, list[str]] = {}
    for label, reason in impossible:
        reasons.setdefault(short_reason(reason, app.target_name(target), app.name(sel)), []).append(label.split(" (")[0])
    for reason, labels in reasons.items():
        names = ", ".join(sorted(set(labels), key=labels.index))
        out.append((f"{names}: {reason}", theme.TEXT_DIM))
    return out
