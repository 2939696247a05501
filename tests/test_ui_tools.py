"""The window's tools, driven by posting pygame events: the heat preview of
the firing panel (against what the Heat phase then does), the per-weapon
modifiers of the attack hover."""
from __future__ import annotations

import pygame

from components import ClassicHeat
from engine.ui import board, queries
from tests.test_ui_app import (_pygame, app, click_hex, handover, hopper_aims_at_jager,  # noqa: F401
                               key, pump)


def test_the_heat_preview_is_what_the_heat_phase_then_does(app):
    hopper_aims_at_jager(app, "weapon")
    g = app.game
    g.world.component(g.units["hopper"], ClassicHeat).heat = 9          # 9: +1 to hit, -1 MP already
    ticked = [n for n, on in app.fire.checks.items() if on]
    assert ticked
    fc = queries.heat_forecast(g, "hopper", ticked)
    weapon_heat = dict(fc.sources)["weapons ticked"]
    assert fc.now == 9 and fc.end == max(0, 9 + sum(v for _w, v in fc.sources) - fc.dissipation)
    assert weapon_heat == sum(s.wtype.heat for s in queries.weapon_slots(g, g.units["hopper"])
                              if s.order_name in ticked)
    pump(app)                   # the panel shows it, its sources under the mouse
    assert any(h.tip.startswith(", ".join(f"{w} +{v}" for w, v in fc.sources)) for h in app.hits)
    # untick everything: only this turn's movement is left
    for name in ticked:
        app.do("toggle_weapon", name)
    cool = queries.heat_forecast(g, "hopper", [])
    assert cool.end == max(0, fc.end - weapon_heat) or cool.end == 0
    for name in ticked:
        app.do("toggle_weapon", name)
    key(app, pygame.K_RETURN)           # fire; the rest hold; the Heat phase comes
    for _ in range(30):
        if g.log.of_type("heat"):
            break
        if app.overlay == "handover":
            handover(app)
        else:
            key(app, pygame.K_h)
    heat = [e for e in g.log.of_type("heat") if e["unit"] == "hopper"]
    assert heat and heat[0]["from"] == 9 and heat[0]["to"] == fc.end


def test_the_heat_preview_names_the_heat_scale_effects_it_reaches(app):
    hopper_aims_at_jager(app, "weapon")
    g = app.game
    g.world.component(g.units["hopper"], ClassicHeat).heat = 30
    fc = queries.heat_forecast(g, "hopper", [n for n, on in app.fire.checks.items() if on])
    said = [t for t, _grave in fc.effects]
    assert fc.end >= 24
    assert "shuts down (automatic)" in said if fc.end >= 30 else any(t.startswith("shutdown roll") for t in said)
    assert any(t.startswith("-") and "walking MP" in t for t in said)
    assert any(t.startswith("+4 to hit") for t in said)          # heat 24+: +4 (section 13)
    assert queries.heat_forecast(g, "saladin_b", []) is None     # vehicles have no heat scale


def test_the_attack_hover_names_each_weapons_modifiers(app):
    hopper_aims_at_jager(app, "weapon")
    lines = [t for t, _c in board.attack_lines(app, "jager")]
    legal = [p for _s, p in app.fire.previews("jager") if p.reason is None and p.to_hit is not None]
    for p in legal:
        assert "   " + p.breakdown() in lines


def _hx(label):
    from engine.hexgrid import parse_hex_label
    return parse_hex_label(label)


def test_the_ruler_names_the_hex_that_blocks_the_line_of_sight(app):
    handover(app)
    key(app, pygame.K_u)
    assert app.ruler.on
    click_hex(app, _hx("0610"))
    click_hex(app, _hx("0614"))              # the building of height 2 at 0612 is between
    sight = app.ruler.reading()
    assert (sight.frm, sight.to, sight.range) == (_hx("0610"), _hx("0614"), 4)
    assert not sight.los.clear and sight.blocking == _hx("0612") and "0612" in sight.los.reason
    assert any("BLOCKED" in t for t, _c in app.ruler.lines(sight))
    assert app.selected and not app.move.path          # the clicks measured: no path was planned
    key(app, pygame.K_ESCAPE)
    assert not app.ruler.on and app.overlay is None


def test_the_ruler_counts_the_intervening_woods_and_a_units_attack(app):
    from components import Position
    handover(app)
    key(app, pygame.K_u)
    click_hex(app, _hx("0502"))
    click_hex(app, _hx("0505"))              # through the light woods at 0504; the end hex's own woods do not count
    sight = app.ruler.reading()
    assert sight.los.clear and sight.los.woods_points == 1 and [h for h, _p in sight.los.woods_hexes] == ["0504"]
    assert any(t.startswith("intervening woods: +1") for t, _c in app.ruler.lines(sight))
    g = app.game
    g.world.component(g.units["hopper"], Position).hex = _hx("0608")
    g.world.component(g.units["jager"], Position).hex = _hx("0605")
    click_hex(app, _hx("0608"))
    click_hex(app, _hx("0605"))
    sight = app.ruler.reading()
    assert sight.ends == ("Grasshopper GHR-5H", "JagerMech JM6-S") and sight.attack is not None
    label, p = sight.attack
    assert p.to_hit == sum(v for _l, v in p.modifiers)
    right = app.camera.to_screen(_hx("0605"))
    from tests.test_ui_app import click
    click(app, right, button=3)              # a right-click puts it away
    assert not app.ruler.on


def test_the_roster_lists_both_sides_their_state_and_the_victory_conditions(app):
    from components import Status
    handover(app)
    g = app.game
    g.world.component(g.units["jager"], Status).prone = True
    key(app, pygame.K_b)
    assert app.roster.on
    rows = app.roster.rows()
    assert [r[2] for r in rows if r[2]] == g.unit_ids("blue") + g.unit_ids("red")
    assert rows[0][0] == "Blue: 2 of 2 able to fight"
    jager = next(t for t, _c, u in rows if u == "jager")
    assert "heavy mech" in jager and "prone" in jager and "armor 100%" in jager
    assert "(light hover vehicle, 0902)" in next(t for t, _c, u in rows if u == "saladin_r")
    g.world.component(g.units["saladin_r"], Status).destroyed = True
    assert "Red: 1 of 2 able to fight" in [t for t, _c, _u in app.roster.rows()]
    pump(app)
    assert queries.VICTORY
    hit = next(h for h in app.hits if h.action == "roster_unit" and h.arg == "jager")
    from tests.test_ui_app import click
    click(app, hit.rect.center)
    assert app.inspect == "jager"
    key(app, pygame.K_b)
    assert not app.roster.on


def _make_counters():
    import importlib.util
    from engine.paths import ASSETS
    spec = importlib.util.spec_from_file_location("make_counters", ASSETS / "make_counters.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_the_counter_sheet_is_what_its_script_draws_and_every_unit_has_a_picture(app):
    import json
    from engine.paths import ASSETS, UNITS
    from engine.ui import counter_art
    from tests.helpers import add, make_game
    maker = _make_counters()
    index = json.loads((ASSETS / "counters" / "counters.json").read_text(encoding="utf-8"))
    assert list(index["art"]) == maker.ART
    sheet = pygame.image.load(str(ASSETS / "counters" / "counters.png"))
    cell = index["cell"]
    for i, name in enumerate(maker.ART):
        cut = sheet.subsurface(((i % index["columns"]) * cell, (i // index["columns"]) * cell, cell, cell))
        assert pygame.image.tobytes(cut.convert_alpha(), "RGBA") == \
            pygame.image.tobytes(maker.render(name).convert_alpha(), "RGBA"), name
    game = make_game()
    for n, f in enumerate(sorted(UNITS.glob("*.toml"))):
        if f.stem.endswith("_as"):
            continue
        ent = add(game, f"u{n}", f.stem, "red", f"{1 + n % 9:02d}{1 + n // 9:02d}")
        name = counter_art.art_name(game, ent)
        assert name in index["art"] and counter_art.picture(name, 40) is not None, f.name


def test_the_facing_reads_at_every_zoom(app):
    """At every counter size the hexside a unit faces is marked: the pixels
    toward it change when the unit turns the other way."""
    from components import Position
    from engine.ui.geometry import facing_vector
    from engine.ui.mapview import draw_unit
    g = app.game
    ent = g.units["hopper"]

    def drawn(size, face):
        g.world.component(ent, Position).facing = face
        surf = pygame.Surface((4 * size, 4 * size))
        surf.fill((0, 0, 0))
        draw_unit(surf, g, ent, (2 * size, 2 * size), size)
        return surf
    for size in (8, 12, 20, 44, 90):
        for face in range(6):
            fx, fy = facing_vector(face)
            spot = (int(2 * size + fx * size * 0.8), int(2 * size + fy * size * 0.8))
            toward, away = drawn(size, face).get_at(spot)[:3], drawn(size, (face + 3) % 6).get_at(spot)[:3]
            assert toward in ((250, 250, 250), (20, 20, 20)) and toward != away, (size, face)


def test_the_record_sheet_shows_the_weapons_of_a_destroyed_location_as_destroyed(app, monkeypatch):
    from components import Structure
    from engine.ui import record_sheet
    handover(app)
    g = app.game
    g.world.component(g.units["hopper"], Structure).points["left_arm"] = 0
    shown = []
    real = record_sheet.text
    monkeypatch.setattr(record_sheet, "text",
                        lambda surf, s, *a, **kw: (shown.append((s, a[1] if len(a) > 1 else kw.get("colour"))),
                                                   real(surf, s, *a, **kw))[1])
    app.inspect = app.selected = "hopper"
    app.draw()
    arm = [s for s, _c in shown if "(LA)" in s]
    assert arm and all("DESTROYED" in s for s in arm)
    assert not any("DESTROYED" in s for s, _c in shown if "(RA)" in s)


def test_the_panel_demo_shows_the_record_sheet_of_a_damaged_unit(tmp_path):
    """`--demo panel` (the README's record-sheet picture) plays on until
    attacks have landed: the record sheet shown is of a damaged unit, in a
    phase with a unit to act."""
    from engine import session
    from engine.ui.app import App
    from engine.ui.demo import run_demo
    from engine.ui.mapview import armor_fraction
    level = session.default_level()
    a = App(pygame.display.set_mode((1400, 860)), session.new_game(level, [], 1), level=level,
            save_dir=tmp_path, edge_pan=False, autosave=False)
    run_demo(a, "panel")
    g = a.game
    assert a.inspect and armor_fraction(g, g.units[a.inspect]) < 1
    assert a.phase_kind() in ("fire", "physical") and a.selected and a.overlay is None


def test_the_heat_demo_shows_a_heat_that_does_something_and_what_it_does(tmp_path, monkeypatch):
    """`--demo heat` (the README's heat picture, "and what it does"): the
    mech up has its weapons ticked to a heat with an effect, and the effect
    is written above the panel's buttons (on the heat's line when the
    weapons leave no room for its own)."""
    from engine import session
    from engine.ui import heat_preview, queries
    from engine.ui.app import App
    from engine.ui.demo import run_demo
    level = session.default_level()
    a = App(pygame.display.set_mode((1400, 860)), session.new_game(level, [], 1), level=level,
            save_dir=tmp_path, edge_pan=False, autosave=False)
    run_demo(a, "heat")
    forecast = queries.heat_forecast(a.game, a.selected, [n for n, on in a.fire.checks.items() if on])
    assert forecast is not None and forecast.effects and a.phase_kind() == "fire" and a.target
    written = []
    real = heat_preview.text
    monkeypatch.setattr(heat_preview, "text", lambda surf, s, *r, **k: (written.append((s, real(surf, s, *r, **k))),
                                                                       written[-1][1])[1])
    a.draw()
    fire = next(h.rect for h in a.hits if h.action == "confirm")
    said = forecast.effects[0][0]
    assert [r for s, r in written if said in s and r.bottom <= fire.top], written
