"""The window's tools, driven by posting pygame events: the heat preview of
the firing panel (against what the Heat phase then does), the per-weapon
modifiers of the attack hover."""
from __future__ import annotations

import pygame

from components import ClassicHeat
from engine.ui import board, queries
from tests.test_ui_app import (_close_in, _pygame, _skip_to, app, click_hex, handover, hex_of,  # noqa: F401
                               key, pump)


def _hopper_aims_at_jager(app):
    _close_in(app)
    assert _skip_to(app, "weapon")
    while app.selected != "hopper":
        key(app, pygame.K_h)
        if app.overlay == "handover":
            handover(app)
    click_hex(app, hex_of(app, "jager"))
    assert app.target == "jager"


def test_the_heat_preview_is_what_the_heat_phase_then_does(app):
    _hopper_aims_at_jager(app)
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
    _hopper_aims_at_jager(app)
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
    _hopper_aims_at_jager(app)
    lines = [t for t, _c in board.attack_lines(app, "jager")]
    legal = [p for _s, p in app.fire.previews("jager") if p.reason is None and p.to_hit is not None]
    for p in legal:
        assert "   " + p.breakdown() in lines
