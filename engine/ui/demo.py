"""Scripted UI actions for `hexmech --screenshot PATH --demo NAME`: they go
through the same entry points as the mouse and keyboard (`App.do`, and
engine/ui/controls.py for map clicks and mouse motion), so a screenshot
shows what a player sees."""
from __future__ import annotations

import pygame

from components import Position
from engine.hexgrid import distance, parse_hex_label, relative_bearing
from engine.ui.geometry import ZOOM_LEVELS, map_pos
from engine.ui import controls, queries
from engine.ui.mapview import armor_fraction


TYPED = (8, 5, 9, 7, 6, 10, 4)      # the totals the dice demo "rolls" at the table, in turn


def _dismiss(app) -> None:
    for i in range(40):
        if app.overlay == "handover":
            app.do("handover_done")
        elif app.overlay in ("help", "menu", "new"):
            app.close_overlay()
        elif app.overlay == "dice" and app.top.need.purpose != "to_hit":
            lo, hi = app.top.bounds()
            app.top.value = str(max(lo, min(hi, TYPED[i % len(TYPED)])))
            app.do("dice_ok")
        else:
            return


def _hover(app, h) -> None:
    x, y = app.camera.to_screen(h)
    controls.handle(app, pygame.event.Event(pygame.MOUSEMOTION, pos=(int(x), int(y)), rel=(0, 0), buttons=(0, 0, 0)))


def _frame(app, uids, zoom_cap: int | None = None) -> None:
    """Zoom in as far as the units still fit, centred between them."""
    g = app.game
    hexes = [g.world.component(g.units[u], Position).hex for u in uids]
    cam = app.camera
    for z in range(zoom_cap or len(ZOOM_LEVELS) - 3, 3, -1):
        pts = [map_pos(h, ZOOM_LEVELS[z]) for h in hexes]
        w = max(p[0] for p in pts) - min(p[0] for p in pts) + 4 * ZOOM_LEVELS[z]
        h = max(p[1] for p in pts) - min(p[1] for p in pts) + 4 * ZOOM_LEVELS[z]
        if w <= cam.view[2] * 0.7 and h <= cam.view[3] * 0.7:
            break
    cam.zoom = z
    pts = [map_pos(h, cam.size) for h in hexes]
    cam.ox = sum(p[0] for p in pts) / len(pts) - cam.view[2] / 2
    cam.oy = sum(p[1] for p in pts) / len(pts) - cam.view[3] / 2
    cam.clamp()


def _nearest_enemy_hex(app, uid):
    g = app.game
    me = g.world.component(g.units[uid], Position).hex
    best = None
    for e in queries.enemies(g, uid):
        h = g.world.component(g.units[e], Position).hex
        if best is None or distance(me, h) < distance(me, best):
            best = h
    return best


def _aim(app) -> bool:
    """Press T until the target can be attacked, or every enemy was tried (a
    unit comes up with no target chosen); False when there is no enemy."""
    for _ in queries.enemies(app.game, app.selected):
        app.do("cycle_target")
        if app.phase_kind() == "fire" and any(p.reason is None for _s, p in app.fire.previews(app.target)):
            break
        if any(p.reason is None for _l, _o, p in app.physical.options(app.target)):
            break
    return app.target is not None


def _advance_all(app, keep: int = 3) -> None:
    """Every unit moves towards the nearest enemy, stopping `keep` hexes away."""
    for _ in range(40):
        _dismiss(app)
        if app.phase_kind() != "move" or app.flow.phase_done() or not app.selected:
            break
        _advance(app, _nearest_enemy_hex(app, app.selected), keep)
    _dismiss(app)


def _fast(app) -> None:
    """The selected unit runs (or goes at flank speed) when it can."""
    modes = app.move.modes(app.selected)
    if "run" in modes:
        app.do("mode", "run")
    elif "flank" in modes:
        app.do("mode", "flank")


def _free_ends(app) -> list:
    """The hexes the selected unit's move may end in, by the moves planned."""
    return [h for h in app.move.reach_hex
            if not app.game.units_at(h) and app.move.planned(app.move.path_to(h)).error is None]


def _advance(app, target, keep: int) -> None:
    """The selected unit moves towards `target`, stopping `keep` hexes away,
    and turns to face it; it holds when it cannot."""
    _fast(app)
    options = _free_ends(app)
    if target is None or not options:
        app.do("hold")
        return
    dest = min(options, key=lambda h: (abs(distance(h, target) - keep), app.move.reach_hex[h][0], h))
    controls.click_hex(app, dest)
    for _turn in range(3):
        res = app.move.planned()
        rb = relative_bearing(res.final.hex, res.final.facing, target)
        if rb <= 30 or rb >= 330:
            break
        app.do("turn", 1 if rb < 180 else -1)
    app.do("confirm")


def _level_with(app, level: str, wanted) -> None:
    """Play `level` (a shipped level) unless the battle shown has what the
    demo needs (`wanted(app)`)."""
    if not wanted(app):
        from engine.paths import LEVELS
        app.new_game(str(LEVELS / level), seed=1)
    _dismiss(app)


def _melee_option(app) -> tuple[str, int] | None:
    """An enemy the selected unit may strike with its melee weapon (MEL),
    and the index of that attack among its physical attacks."""
    for enemy in queries.enemies(app.game, app.selected):
        for i, (_label, order, p) in enumerate(app.physical.options(enemy)):
            if order.attack == "melee" and p.reason is None:
                return enemy, i
    return None


def _as_melee(app) -> None:
    """Alpha Strike: the units close in, holding fire, until a unit with MEL
    stands next to an enemy in the combat phase; it targets that enemy and
    chooses its melee attack, shown (to-hit, damage, heat) before Enter."""
    _level_with(app, "alpha_skirmish.tmx", lambda a: a.game.ruleset.name == "alpha-strike")
    for _ in range(300):
        _dismiss(app)
        if app.flow.over:
            return
        if app.flow.phase_done():
            app.do("end_phase")
        elif app.phase_kind() == "move":
            _advance_all(app, keep=1)
        elif app.phase_kind() == "fire" and app.selected:
            found = _melee_option(app)
            if found is None:
                app.do("hold")
                continue
            enemy, index = found
            _frame(app, [app.selected, enemy], zoom_cap=8)
            controls.click_hex(app, app.game.world.component(app.game.units[enemy], Position).hex)
            app.do("number", len(app.fire.previews(enemy)) + index)
            controls.handle(app, pygame.event.Event(pygame.MOUSEMOTION, pos=(app.camera.view[0] + 8,) * 2,
                                                    rel=(0, 0), buttons=(0, 0, 0)))
            return
        else:
            return


def _vtol_warning(app) -> None:
    """A VTOL over water plans to land: the crash destroys it, so the move
    panel warns before Enter, and the first Enter asks again."""
    def over_water(a) -> list[str]:
        return [u for u in a.game.unit_ids() if queries.has_altitude(a.game, a.game.units[u])
                and a.game.map.terrain(a.game.world.component(a.game.units[u], Position).hex).terrain == "water"]
    _level_with(app, "coast.tmx", over_water)
    for _ in range(20):
        _dismiss(app)
        ready = [u for u in over_water(app) if app.flow.may_act(u)]
        if app.phase_kind() == "move" and ready:
            app.do("select", ready[0])
            break
        app.do("hold")
    if app.selected:
        _frame(app, [app.selected], zoom_cap=8)
        app.do("land_lift")
        app.do("confirm")
        app.draw()
        warning = [h for h in app.hits if h.tip.startswith("Destroys it")]
        if warning:              # the mouse on the warning: its full text as a tooltip
            controls.handle(app, pygame.event.Event(pygame.MOUSEMOTION, pos=warning[0].rect.center,
                                                    rel=(0, 0), buttons=(0, 0, 0)))


def _buildings(app) -> None:
    """A mech walks or runs into a building (its entry roll, the building's
    CF down by its weight), the units near it shoot the building (its CF
    shown falling), and at the end of the weapon phase it collapses with
    the mech inside: the rubble, the mech in it and the combat log."""
    _level_with(app, "skirmish.tmx", lambda a: a.phase_kind() == "move" and queries.standing_buildings(a.game))
    g = app.game
    aim = min((parse_hex_label(label) for label in queries.standing_buildings(g)),
              key=lambda h: (g.map.terrain(h).construction_factor, h))
    entered = None
    for _ in range(400):
        _dismiss(app)
        if app.flow.over or g.log.of_type("collapse"):
            break
        if app.flow.phase_done():
            app.do("end_phase")
        elif app.phase_kind() == "move" and app.selected:
            if entered is None and g.kind(app.ent(app.selected)) == "mech":
                _fast(app)
                inside = [h for h in _free_ends(app) if g.map.terrain(h).building]
                if inside:
                    entered = min(inside, key=lambda h: (g.map.terrain(h).construction_factor,
                                                         app.move.reach_hex[h][0], h))
                    controls.click_hex(app, entered)
                    app.do("confirm")
                    continue
            _advance(app, entered or aim, keep=2)
        elif app.phase_kind() == "fire" and app.selected and entered is not None:
            app.set_target(queries.building_key(g.map.label(entered)))
            app.do("confirm" if any(app.fire.checks.values()) else "hold")
        elif app.selected:
            app.do("hold")
        else:
            break
    _dismiss(app)
    fallen = g.log.of_type("collapse")
    if fallen:
        app.clear_selection()            # the hex's own tooltip, no attack or move of a unit's
        if fallen[0]["units"]:
            app.inspect = fallen[0]["units"][0]
            _frame(app, fallen[0]["units"][:1], zoom_cap=8)
        _hover(app, parse_hex_label(fallen[0]["hex"]))


def run_demo(app, name: str) -> None:
    _dismiss(app)
    if name == "as-melee":
        _as_melee(app)
        return
    if name == "buildings":
        _buildings(app)
        return
    if name == "vtol-warning":
        _vtol_warning(app)
        return
    g = app.game
    if name == "help":
        app.do("help")
        return
    if name == "menu":
        app.do("menu")
        return
    if name == "welcome":
        app.do("welcome")
        return
    if name == "deploy":
        # the first side moves a unit one hex further into its zone and turns it
        from engine import deployment
        uid = app.selected
        if uid:
            here = g.world.component(g.units[uid], Position).hex
            zone = deployment.deployment_hexes(g, g.side_of(g.units[uid]))
            for h in sorted(zone, key=lambda z: (distance(z, here), g.map.label(z))):
                if h != here and not app.units_in(h) and deployment.check_placement(g, uid, h, 0) is None:
                    controls.click_hex(app, h)
                    break
            app.do("turn", 1)
            _frame(app, app.deploy.units())
            _hover(app, g.world.component(g.units[uid], Position).hex)
        return
    if name == "move":
        # the waiting unit that can go furthest, running, with a path planned
        best = None
        for uid in app.flow.waiting():
            app.select(uid)
            modes = app.move.modes(uid)
            fast = "run" if "run" in modes else ("flank" if "flank" in modes else None)
            if fast:
                app.do("mode", fast)
            if best is None or len(app.move.reach_hex) > best[1]:
                best = (uid, len(app.move.reach_hex), app.move.mode)
        if best is None:
            return
        app.select(best[0])
        app.do("mode", best[2])
        uid = best[0]
        target = _nearest_enemy_hex(app, uid)
        options = [h for h in app.move.reach_hex if not app.game.units_at(h)]
        if target is not None and options:
            dest = min(options, key=lambda h: (distance(h, target), -app.move.reach_hex[h][0], h))
            controls.click_hex(app, dest)
            _frame(app, [uid], zoom_cap=8)
            res = app.move.planned()
            mid = res.states[len(res.states) // 2].hex
            app.move.path = []
            controls.click_hex(app, mid)
            app.do("turn", 1)
            x, y, w, h = app.camera.view
            near = [d for d in options if app.camera.in_view(*app.camera.to_screen(d))
                    and distance(d, mid) >= 3]
            if near:
                _hover(app, min(near, key=lambda d: (distance(d, target), d)))
        return
    if name in ("attack", "panel", "victory", "heat", "ruler", "roster"):
        _to_attacks(app, keep=3 if name in ("attack", "heat", "ruler") else 1)
        if name == "attack" and app.selected:
            enemy = app.target or (queries.enemies(g, app.selected) or [None])[0]
            if enemy:
                app.set_target(enemy)
                _frame(app, [app.selected, enemy])
                _hover(app, g.world.component(g.units[enemy], Position).hex)
        elif name == "heat":
            _heat(app)
        elif name == "ruler":
            _ruler(app)
        elif name in ("panel", "roster"):
            _fire_rounds(app, 80, _damage_shown)
            worst = min(g.units, key=lambda u: armor_fraction(g, g.units[u]))
            app.inspect = worst
            _frame(app, [worst], zoom_cap=8)
            if name == "roster":
                app.do("roster")
        return
    if name == "dice":
        _dice(app)
    if name == "forces":
        _forces(app)


def _forces(app) -> None:
    """Blue's force built from the roster (a lance of mechs, crews set),
    then red's being built: vehicles and a VTOL, the roster filtered to
    vehicles."""
    app.do("new_menu")
    sides = app.top.sections[-1].sides(app.top.chosen())
    for side, picks, kind in ((sides[0], ("Atlas", "Marauder", "Griffin", "Jenner"), None),
                              (sides[1], ("Manticore", "Warrior", "Vedette", "Demolisher"), "vehicle")):
        app.do("new_force", side)
        builder = app.top
        for part in picks:
            entry = next((e for e in builder.shown() if part.lower() in e.name.lower()), None)
            if entry is not None:
                app.do("fb_add", entry.path)
        app.do("fb_skill", (0, "gunnery", -1))
        app.do("fb_skill", (1, "piloting", 1))
        builder.draft.name = "Fox lance" if side == sides[0] else "Iron column"
        if kind:
            app.do("fb_kind", kind)
        else:
            app.do("close")


def _to_attacks(app, keep: int) -> None:
    """Two turns of closing in to `keep` hexes (holding fire), then on to a
    phase with attacks and a unit to make them."""
    _advance_all(app, keep=keep)
    for _ in range(40):
        _dismiss(app)
        if app.game.turn >= 2 or app.flow.over:
            break
        if app.flow.phase_done():
            app.do("end_phase")
        elif app.phase_kind() in ("fire", "physical"):
            app.do("hold")
        else:
            break
    _advance_all(app, keep=keep)
    for _ in range(6):
        _dismiss(app)
        if app.phase_kind() in ("fire", "physical") and app.selected:
            break
        if app.flow.phase_done():
            app.do("end_phase")
        elif app.phase_kind() == "move":
            _advance_all(app)
        else:
            break
    _dismiss(app)


def _fire_rounds(app, steps: int, stop=lambda app: False) -> None:
    """Every unit fires what it can (or makes its first physical attack)."""
    for _ in range(steps):
        _dismiss(app)
        if app.flow.over or stop(app):
            break
        if app.flow.phase_done():
            app.do("end_phase")
        elif app.phase_kind() in ("fire", "physical") and app.selected and app.target is None and _aim(app):
            continue            # a unit comes up with no target: its player picks one first
        elif app.phase_kind() == "fire" and app.selected:
            app.do("confirm" if app.target and any(app.fire.checks.values()) else "hold")
        elif app.phase_kind() == "physical" and app.selected:
            opts = [i for i, (_l, _o, p) in enumerate(app.physical.options(app.target)) if p.reason is None]
            if opts and app.target:
                app.do("physical", opts[0])      # chosen and shown, then declared
                app.do("confirm")
            else:
                app.do("hold")
        elif app.phase_kind() == "move":
            _advance_all(app, keep=1)
        else:
            break
    _dismiss(app)


def _damage_shown(app) -> bool:
    """Attacks have landed, and a unit is up to attack with nothing chosen yet."""
    g = app.game
    return (any(armor_fraction(g, ent) < 1 for ent in g.units.values()) and app.selected is not None
            and app.target is None and app.phase_kind() in ("fire", "physical"))


def _aiming_mech(app) -> bool:
    """Select a waiting mech with a target and weapons ticked whose heat at
    the end of the turn has an effect (the heat preview says what it does)."""
    for uid in app.flow.waiting():
        app.select(uid)
        if app.game.kind(app.ent(uid)) == "mech" and _aim(app) and sum(app.fire.checks.values()) > 1:
            forecast = queries.heat_forecast(app.game, uid, [n for n, on in app.fire.checks.items() if on])
            if forecast is not None and forecast.effects:
                return True
    return False


def _heat(app) -> None:
    """The firing panel of a mech with its weapons ticked: the heat preview
    and the effects the heat reaches."""
    for _ in range(40):
        if app.phase_kind() == "fire" and _aiming_mech(app):
            break
        app.do("hold")
        _dismiss(app)
    if app.selected and app.target:
        _frame(app, [app.selected, app.target])


def _ruler(app) -> None:
    """The ruler from the selected unit to the enemy behind the most in the way."""
    g = app.game
    if not app.selected:
        return
    me = g.world.component(app.ent(app.selected), Position).hex
    foes = queries.enemies(g, app.selected)
    if not foes:
        return
    there = [g.world.component(g.units[u], Position).hex for u in foes]
    sights = [(not queries.sight(g, me, h).los.clear, queries.sight(g, me, h).los.woods_points, -distance(me, h), h)
              for h in there]
    far = max(sights)[3]
    app.do("ruler")
    controls.click_hex(app, me)
    controls.click_hex(app, far)
    _frame(app, [app.selected, foes[there.index(far)]])


def _dice(app) -> None:
    """Dice rolled at the table: the prompt for the first to-hit roll, the
    earlier rolls typed in (initiative, piloting rolls ...)."""
    def to_hit_asked(app) -> bool:
        return app.overlay == "dice" and app.top.need.purpose == "to_hit"
    _advance_all(app, keep=3)
    _fire_rounds(app, 40, to_hit_asked)
