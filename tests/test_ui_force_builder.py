"""The new-battle screen's force builder driven by posting real pygame
events: two forces built from the roster (filters, crews, totals), deployed
in the level's zones and played for a turn; a force saved to a force file
(never overwritten without asking) and loaded to start the next battle; a
bad force file refused with one line naming the file and the field."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from components import AlphaStrikeCard, Crew, Identity, Position
from engine import deployment
from engine.paths import DEFAULT_LEVEL, UNITS
from tests.megamek_facts import SAMPLES
from tests.newcomer import Newcomer
from tests.test_ui_app import _pygame, app, click_button, key, move_mouse, pump, type_text  # noqa: F401  (fixtures)


def _open_builder(app, side):
    if app.overlay != "new":
        key(app, pygame.K_n, mod=pygame.KMOD_CTRL)
    assert app.overlay == "new" and app.top.choice == str(DEFAULT_LEVEL)
    click_button(app, "new_force", side)
    assert app.overlay == "forces" and app.top.side == side
    return app.top


def _type_filter(app, s):
    click_button(app, "focus_field", "name_filter")
    key(app, pygame.K_a, unicode="a", mod=pygame.KMOD_CTRL)
    key(app, pygame.K_BACKSPACE)
    type_text(app, s)


def _add_shown(app, builder, name_part):
    entry = next(e for e in builder.shown() if name_part in e.name)
    click_button(app, "fb_add", entry.path)
    return entry


def _build_blue(app):
    builder = _open_builder(app, "blue")
    click_button(app, "fb_kind", "mech")
    assert {e.kind for e in builder.shown()} == {"mech"}
    _type_filter(app, "hunch")
    assert [e.name for e in builder.shown()] == ["Hunchback HBK-4G"]
    hunchback = _add_shown(app, builder, "Hunchback")
    _type_filter(app, "")
    click_button(app, "fb_class", "light")
    assert builder.shown() and {e.weight_class for e in builder.shown()} == {"light"}
    jenner = _add_shown(app, builder, "Jenner")
    click_button(app, "fb_skill", (0, "gunnery", -1))        # the Hunchback's gunner: 3
    click_button(app, "fb_skill", (1, "piloting", 1))        # the Jenner's pilot: 6
    return builder, hunchback, jenner


def _deploy_every_side(app):
    for _ in range(10):
        if not deployment.active(app.game):
            return
        key(app, pygame.K_RETURN)                            # the hand-over, then Confirm deployment
    raise AssertionError("deployment did not end")


def test_two_forces_built_from_the_roster_deploy_and_play_a_turn(app):
    builder, hunchback, jenner = _build_blue(app)
    totals = builder.draft.totals()
    assert (totals["units"], totals["tonnage"]) == (2, hunchback.tonnage + jenner.tonnage) == (2, 85)
    key(app, pygame.K_ESCAPE)
    assert app.overlay == "new"
    builder = _open_builder(app, "red")
    click_button(app, "fb_kind", "vehicle")
    manticore = _add_shown(app, builder, "Manticore")
    click_button(app, "fb_kind", "vtol")
    assert {e.type for e in builder.shown()} == {"vtol"}
    warrior = _add_shown(app, builder, "Warrior")
    click_button(app, "fb_skill", (1, "gunnery", 1))
    click_button(app, "fb_skill", (1, "gunnery", 1))
    assert builder.draft.totals()["tonnage"] == manticore.tonnage + warrior.tonnage == 81
    key(app, pygame.K_RETURN)                                # Done
    assert app.overlay == "new"
    key(app, pygame.K_RETURN)                                # Start
    g = app.game
    assert app.level == str(DEFAULT_LEVEL) and g.turn == 0 and deployment.active(g)
    names = {side: sorted(g.world.component(g.units[u], Identity).name for u in g.unit_ids(side))
             for side in g.sides}
    assert names == {"blue": ["Hunchback HBK-4G", "Jenner JR7-D"],
                     "red": ["Manticore Heavy Tank", "Warrior H-7 Attack Helicopter"]}
    crews = {g.world.component(g.units[u], Identity).name: g.world.component(g.units[u], Crew)
             for u in g.unit_ids()}
    assert (crews["Hunchback HBK-4G"].gunnery, crews["Jenner JR7-D"].piloting) == (hunchback.gunnery - 1,
                                                                                   jenner.piloting + 1)
    assert crews["Warrior H-7 Attack Helicopter"].gunnery == warrior.gunnery + 2
    for uid in g.unit_ids():                                 # every unit stands in its side's zone
        side = g.side_of(g.units[uid])
        assert g.world.component(g.units[uid], Position).hex in set(deployment.deployment_hexes(g, side))
    _deploy_every_side(app)
    assert g.turn == 1 and not deployment.active(g)
    Newcomer(app).play_turns(1)
    assert g.turn == 2 and not g.log.of_type("refused")
    assert {e["unit"] for e in g.log.of_type("move")} == set(g.unit_ids())


def test_a_saved_force_file_starts_the_next_battle(app, tmp_path):
    builder, hunchback, jenner = _build_blue(app)
    click_button(app, "focus_field", "force_name")
    type_text(app, "Fox lance")
    click_button(app, "focus_field", "file_name")
    key(app, pygame.K_a, unicode="a", mod=pygame.KMOD_CTRL)
    type_text(app, "fox")
    click_button(app, "fb_save")
    saved = tmp_path / "forces" / "fox.toml"
    assert saved.is_file() and "saved" in app.message and not app.message_bad
    first = saved.read_text()
    click_button(app, "fb_remove", 1)                        # the Jenner out, then Save: asks first
    click_button(app, "fb_save")
    assert app.message_bad and "already exists" in app.message and saved.read_text() == first
    click_button(app, "fb_save")                             # the second Save replaces it
    assert saved.read_text() != first and 'file = "jenner' not in saved.read_text()
    saved.write_text(first)
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_ESCAPE)                                # the new-battle screen closed: nothing kept
    # the next battle: red's force comes from the file (whatever side it names)
    builder = _open_builder(app, "red")
    click_button(app, "fb_load", str(saved))
    assert [p.entry.name for p in builder.draft.picks] == ["Hunchback HBK-4G", "Jenner JR7-D"]
    assert builder.draft.name == "Fox lance" and builder.draft.picks[0].gunnery == hunchback.gunnery - 1
    key(app, pygame.K_RETURN)
    key(app, pygame.K_RETURN)
    g = app.game
    red = sorted(g.world.component(g.units[u], Identity).name for u in g.unit_ids("red"))
    assert red == ["Hunchback HBK-4G", "Jenner JR7-D"]
    from engine.levels import load_level
    own = [pl.uid for pl in load_level(DEFAULT_LEVEL).placements if pl.side == "blue"]
    assert own and g.unit_ids("blue") == own                # blue plays the level's own units
    _deploy_every_side(app)
    assert g.turn == 1


def test_a_bad_force_file_is_refused_naming_the_file_and_the_field(app, tmp_path):
    bad = tmp_path / "forces" / "bad.toml"
    bad.parent.mkdir()
    bad.write_text('side = "red"\n[[unit]]\nfile = "atlas"\ngunnery = 12\n')
    builder = _open_builder(app, "blue")
    _type_filter(app, "hunch")
    hunchback = _add_shown(app, builder, "Hunchback")
    click_button(app, "fb_load", str(bad))
    assert app.message_bad and app.message == f"{bad}: unit[1].gunnery: expected an integer from 0 to 8, got 12"
    assert [p.entry for p in builder.draft.picks] == [hunchback]              # the force on screen is kept
    click_button(app, "focus_field", "file_name")
    key(app, pygame.K_a, unicode="a", mod=pygame.KMOD_CTRL)
    type_text(app, "../escape")
    click_button(app, "fb_save")
    assert app.message_bad and "no folders" in app.message
    assert not (tmp_path / "escape.toml").exists()


def test_a_force_belongs_to_its_rules(app):
    from engine import session
    _build_blue(app)
    key(app, pygame.K_ESCAPE)
    screen = app.top
    forces = screen.sections[-1]
    assert forces.label("classic", "blue") == "Blue: built, 2 units, 85 t"
    key(app, pygame.K_RIGHT)                                 # Alpha Strike: blue has no cards built
    assert screen.chosen().forces == [] and session.level_info(screen.choice)[1] == "alpha-strike"
    click_button(app, "new_force", "blue")
    builder = app.top
    assert builder.entries and {e.type for e in builder.entries} == {"alpha-strike"} and not builder.draft.picks
    _add_shown(app, builder, "Hunchback")
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_LEFT)                                  # back to Classic: the classic force is still there
    assert [p.entry.name for p in screen.chosen().forces[0].picks] == ["Hunchback HBK-4G", "Jenner JR7-D"]
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RETURN)
    g = app.game
    assert g.ruleset.name == "alpha-strike"
    assert [g.world.component(g.units[u], Identity).name for u in g.unit_ids("blue")] == ["Hunchback HBK-4G"]


@pytest.mark.skipif(not (SAMPLES / "mechs").is_dir(), reason="the MegaMek samples (../shared/megamek) are absent")
def test_a_mod_folders_megamek_units_join_the_roster_and_the_battle(app, tmp_path):
    mods = SAMPLES / "mechs"
    key(app, pygame.K_n, mod=pygame.KMOD_CTRL)
    click_button(app, "focus_field", "mods")
    type_text(app, str(mods))
    builder = _open_builder(app, "blue")
    _type_filter(app, "Jenner")
    files = sorted(e.file for e in builder.shown())
    assert files == ["Jenner JR7-D.mtf", "jenner.toml"]                    # the mod's file and the shipped one
    mtf = next(e for e in builder.shown() if e.file.endswith(".mtf"))
    click_button(app, "fb_add", mtf.path)
    pump(app)
    assert any("Atlas AS7-K.mtf: Atlas AS7-K: unsupported equipment" in p for p in builder.problems)
    click_button(app, "fb_save")
    saved = tmp_path / "forces" / "blue force.toml"
    assert 'file = "Jenner JR7-D.mtf"' in saved.read_text()
    key(app, pygame.K_RETURN)
    key(app, pygame.K_RETURN)
    g = app.game
    (uid,) = g.unit_ids("blue")
    assert g.world.component(g.units[uid], Identity).name == "Jenner JR7-D" and app.mods == [mods]


def test_a_company_scrolls_under_the_wheel(app):
    builder = _open_builder(app, "blue")
    _type_filter(app, "Locust")
    locust = builder.shown()[0]
    for _ in range(16):
        click_button(app, "fb_add", locust.path)
    shown = [h.arg for h in app.hits if h.action == "fb_remove"]
    assert 0 in shown and 15 not in shown                    # the window shows the first units only
    pos = builder.force_rect.center
    move_mouse(app, pos)
    for _ in range(16):
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False, precise_x=0.0,
                                             precise_y=-1.0, touch=False))
        pump(app)
    shown = [h.arg for h in app.hits if h.action == "fb_remove"]
    assert 15 in shown and 0 not in shown
    click_button(app, "fb_remove", 15)
    assert len(builder.draft.picks) == 15 and builder.scroll == 0        # the roster did not move


def test_AS_PV_1_a_cards_skill_changes_its_pv_on_the_builder_the_new_battle_screen_and_its_card(app):
    """AS-PV-1: a Hatchetman (PV 26) at skill 2 is worth 26 + 2 x 5 = 36 PV:
    the builder's total and row, the new-battle screen's force line and the
    unit's card in the battle all say 36, and the card plays at skill 2."""
    from engine.ui import record_sheet
    key(app, pygame.K_n, mod=pygame.KMOD_CTRL)
    key(app, pygame.K_RIGHT)                                   # Alpha Strike
    click_button(app, "new_force", "blue")
    builder = app.top
    hatchetman = _add_shown(app, builder, "Hatchetman")
    assert hatchetman.pv == 26
    click_button(app, "fb_skill", (0, "gunnery", -1))
    click_button(app, "fb_skill", (0, "gunnery", -1))
    drawn = []
    from engine.ui.screens import force_builder as fb

    def spy(surf, line, *a, **k):
        drawn.append(line)
        return orig(surf, line, *a, **k)
    orig = fb.text
    fb.text = spy
    try:
        pump(app)
    finally:
        fb.text = orig
    assert any(line.startswith("1 units, 45 t, PV 36") for line in drawn), drawn
    assert any("Hatchetman HCT-3F" in line and "PV 36" in line for line in drawn), drawn
    key(app, pygame.K_ESCAPE)
    assert app.top.sections[-1].label("alpha-strike", "blue") == "Blue: built, 1 units, 45 t, PV 36"
    key(app, pygame.K_RETURN)
    g = app.game
    uid = next(u for u in g.unit_ids("blue") if "Hatchetman" in g.world.component(g.units[u], Identity).name)
    sheet = []
    orig_rs = record_sheet.text

    def spy_rs(surf, line, *a, **k):
        sheet.append(line)
        return orig_rs(surf, line, *a, **k)
    record_sheet.text = spy_rs
    try:
        record_sheet._draw_as_card(app.screen, pygame.Rect(0, 0, 320, 200), g, g.units[uid],
                                   g.world.component(g.units[uid], AlphaStrikeCard))
    finally:
        record_sheet.text = orig_rs
    assert any(line.startswith("PV 36") for line in sheet), sheet
    assert g.world.component(g.units[uid], AlphaStrikeCard).skill == 2
    assert g.world.component(g.units[uid], Crew).gunnery == 2


def _drawn_lines(app):
    """Every line of text the force builder draws on the next frame."""
    from engine.ui.screens import files, force_builder as fb
    drawn = []
    orig = fb.text

    def spy(surf, line, *a, **k):
        drawn.append(line)
        return orig(surf, line, *a, **k)
    fb.text = files.text = spy
    try:
        pump(app)
    finally:
        fb.text = files.text = orig
    return drawn


def test_AS_PV_1_the_alpha_strike_roster_shows_each_cards_pv_at_its_skill_and_no_bv(app, tmp_path):
    """An Alpha Strike card has a PV and no BV: the roster's value column
    says PV and holds each card's PV at the skill it comes with (AS-PV-1:
    a mod's Hatchetman, PV 26, at skill 3 is worth 26 + 5 = 31); the force's
    totals say PV only. The classic roster keeps its PV and BV columns."""
    mod = tmp_path / "mod"
    mod.mkdir()
    card = ((UNITS / "hatchetman_as.toml").read_text()
            .replace('name = "Hatchetman HCT-3F"', 'name = "Hatchetman Veteran"').replace("skill = 4", "skill = 3"))
    (mod / "veteran_as.toml").write_text(card)
    key(app, pygame.K_n, mod=pygame.KMOD_CTRL)
    click_button(app, "new_force", "blue")
    classic = _drawn_lines(app)
    assert {"PV", "BV"} <= set(classic)
    key(app, pygame.K_ESCAPE)
    click_button(app, "focus_field", "mods")
    type_text(app, str(mod))
    key(app, pygame.K_RIGHT)                                   # Alpha Strike
    click_button(app, "new_force", "blue")
    builder = app.top
    drawn = _drawn_lines(app)
    heads = drawn[drawn.index("unit"):drawn.index("unit") + 5]
    assert heads[:4] == ["unit", "class", "tons", "PV"] and "BV" not in drawn
    rows = {}
    for i, line in enumerate(drawn):
        if line in {e.name for e in builder.entries}:
            rows[line] = drawn[i + 1:i + 4]
    assert rows["Hatchetman HCT-3F"] == ["medium", "45 t", "26"]
    assert rows["Hatchetman Veteran"] == ["medium", "45 t", "31"]
    assert all(values[2] != "-" for values in rows.values()), rows
    _add_shown(app, builder, "Veteran")
    drawn = _drawn_lines(app)
    assert "1 units, 45 t, PV 31" in drawn and not any("BV" in line for line in drawn), drawn


def test_BV_SKILL_the_classic_roster_shows_each_units_battle_value_and_the_force_its_crews(app):
    """Classic units carry no published BV: the roster's BV column shows the
    computed Battle Value 2 (Atlas AS7-D 1897 at its file's 4/5 crew), the
    force row its BV at the crew's skills (gunnery 3: 1897 x 1.20 = 2276)
    and the force's totals the sum."""
    builder = _open_builder(app, "blue")
    _type_filter(app, "atlas")
    drawn = _drawn_lines(app)
    heads = drawn[drawn.index("unit"):drawn.index("unit") + 5]
    assert heads == ["unit", "class", "tons", "PV", "BV"]
    row = drawn.index("Atlas AS7-D")
    assert drawn[row + 1:row + 5] == ["assault", "100 t", "-", "1897"]
    _add_shown(app, builder, "Atlas")
    click_button(app, "fb_skill", (0, "gunnery", -1))
    drawn = _drawn_lines(app)
    assert "Atlas AS7-D, 100 t, BV 2276" in drawn
    assert "1 units, 100 t, PV -, BV 2276" in drawn, drawn


def test_the_forces_folder_is_named_by_its_last_folders_when_its_path_is_long(app, tmp_path):
    """The label over the save field cuts a long folder path at the front,
    at whole folders: '.../saves/forces' tells where the file goes."""
    from engine.ui import theme
    from engine.ui.widgets import fit_path
    app.saves.folder = tmp_path / ("a-long-folder-name-" * 4) / "hexmech" / "saves"
    _open_builder(app, "blue")
    (label,) = [line for line in _drawn_lines(app) if line.startswith("save as (in ")]
    shown = label.removeprefix("save as (in ").removesuffix(")")
    assert shown.startswith("..." + os.sep) and shown.endswith(os.path.join("hexmech", "saves", "forces"))
    assert theme.font(12).size(label)[0] <= 260                 # within the field under it
    assert shown == fit_path(str(app.saves.folder / "forces"), 12, 180)
    assert fit_path("/short/forces", 12, 180) == "/short/forces"
