"""The hot-seat window driven headless by posting real pygame events:
select, move, end phases, attack, save and load, and compare game state."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from components import Identity, Position, Status
from engine.hexgrid import Hex, neighbor
from engine.ui.app import App
from engine.persistence import CHECKS
from engine.session import training_ground


@pytest.fixture(scope="module", autouse=True)
def _pygame():
    pygame.init()
    yield
    pygame.quit()


@pytest.fixture
def app(tmp_path):
    screen = pygame.display.set_mode((1280, 800))
    a = App(screen, training_ground(seed=3), level=None, save_dir=tmp_path, edge_pan=False)
    a.draw()
    return a


def pump(app):
    app.pump()
    app.draw()


def key(app, k, unicode="", mod=0):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=unicode, scancode=0))
    pump(app)


def type_text(app, s):
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=s))
    pump(app)


def move_mouse(app, pos):
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pump(app)


def click(app, pos, button=1):
    pos = (int(pos[0]), int(pos[1]))
    move_mouse(app, pos)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
    pump(app)


def click_hex(app, h):
    app.camera.center_on(h)
    click(app, app.camera.to_screen(h))


def click_button(app, action, arg=None):
    pump(app)
    for hit in app.hits:
        if hit.action == action and (arg is None or hit.arg == arg):
            click(app, hit.rect.center)
            return
    raise AssertionError(f"no {action} button on screen: {[h.action for h in app.hits]}")


def hex_of(app, uid):
    return app.game.world.component(app.game.units[uid], Position).hex


def handover(app):
    assert app.overlay == "handover"
    key(app, pygame.K_RETURN)
    assert app.overlay is None


def test_first_player_gets_a_handover_screen_hiding_the_board(app):
    assert app.game.turn == 1 and app.game.phase == "movement"
    assert app.overlay == "handover"
    side = app.flow.current_side
    assert app.top.side == side
    # the board is not drawn behind the hand-over screen: no map widgets
    assert not any(h.action == "mode" for h in app.hits)
    handover(app)
    assert app.seat.viewing == side
    assert app.selected in app.flow.waiting(side)


def test_click_a_reachable_hex_then_enter_moves_the_unit(app):
    handover(app)
    uid = app.selected
    start = hex_of(app, uid)
    dest = max((h for h in app.move.reach_hex if not app.game.units_at(h)),
               key=lambda h: (app.move.reach_hex[h][0], h))
    click_hex(app, dest)
    assert app.move.planned().final.hex == dest
    key(app, pygame.K_RETURN)
    assert hex_of(app, uid) == dest != start
    assert uid in app.flow.acted
    moves = app.game.log.of_type("move")
    assert moves[-1]["unit"] == uid and moves[-1]["to"] == app.game.map.label(dest)
    # the other side moves next, behind a hand-over screen
    assert app.overlay == "handover" and app.top.side != app.game.side_of(app.game.units[uid])


def test_keyboard_steps_turns_and_undo(app):
    handover(app)
    uid = app.selected
    start = hex_of(app, uid)
    facing = app.game.world.component(app.game.units[uid], Position).facing
    key(app, pygame.K_w)
    key(app, pygame.K_e)
    key(app, pygame.K_w)
    key(app, pygame.K_BACKSPACE)
    assert app.move.path == ["F", "R"]
    key(app, pygame.K_RETURN)
    pos = app.game.world.component(app.game.units[uid], Position)
    assert pos.hex == neighbor(start, facing) and pos.facing == (facing + 1) % 6


def test_illegal_step_shows_the_engines_reason_and_changes_nothing(app):
    handover(app)
    uid = app.selected
    for _ in range(12):
        key(app, pygame.K_w)
    assert app.message_bad and ("MP" in app.message or "off the map" in app.message or "cannot" in app.message)
    path = list(app.move.path)
    assert app.move.planned().error is None
    assert len(path) < 12
    assert hex_of(app, uid) == app.move.planned([]).final.hex   # nothing moved yet


def test_unreachable_hover_explains_why(app):
    handover(app)
    far = Hex(app.game.map.width // 2, app.game.map.height // 2)
    app.camera.center_on(far)
    move_mouse(app, tuple(int(v) for v in app.camera.to_screen(far)))
    assert far not in app.move.reach_hex
    assert app.move.hover_reason


def test_mode_buttons_change_the_reachable_area(app):
    handover(app)
    walk = set(app.move.reach_hex)
    key(app, pygame.K_2)
    assert app.move.mode in ("run", "flank")
    assert set(app.move.reach_hex) > walk


def play_out_phase(app):
    """Every waiting unit holds (H) until the phase is over: it ends by itself."""
    start = (app.game.turn, app.game.phase)
    for _ in range(20):
        if app.overlay == "handover":
            handover(app)
        if (app.game.turn, app.game.phase) != start or app.flow.over:
            return
        key(app, pygame.K_h)
    raise AssertionError("phase did not finish")


def test_phases_end_by_themselves_into_the_next_turn(app):
    play_out_phase(app)
    assert app.game.phase == "weapon"          # the last unit held: the movement phase ended
    # phases without orders run by themselves, and so do phases where nobody can
    # attack (the units hold by themselves, with a line in the log)
    for _ in range(3):
        if app.game.phase == "movement":
            break
        play_out_phase(app)
    assert app.game.turn == 2 and app.game.phase == "movement"
    # autosaved once where a player acts: the phases passed through on the way
    # (heat, end, the next turn's initiative) make none; the newest is this phase
    from engine import saves
    app.saves.wait()
    made = [saves.load_game(p, CHECKS) for p in saves.autosaves(app.saves.folder)]
    assert [(g.turn, g.phase) for g in made][0] == (2, "movement")
    assert {g.phase for g in made} <= {"movement", "weapon", "physical"}
    assert len(made) == len({(g.turn, g.phase) for g in made})
    g = made[0]
    assert g.frontend["hotseat"]["flow"]["acted"] == [] and "hotseat" not in g.phase_data


def test_save_and_load_restore_the_game_and_the_turn_flow(app):
    handover(app)
    uid = app.selected
    key(app, pygame.K_w)
    key(app, pygame.K_RETURN)
    snap = app.game.snapshots()
    flow = app.flow.to_dict()
    key(app, pygame.K_s, mod=pygame.KMOD_CTRL)
    assert app.overlay == "save"
    type_text(app, "mysave")                           # replaces the suggested name
    key(app, pygame.K_RETURN)
    assert (app.saves.folder / "mysave.hexsave.json").is_file()
    # saving from the hand-over screen returns to it: the board stays hidden
    assert app.overlay == "handover"
    # change the game, then load
    handover(app)
    key(app, pygame.K_h)
    assert app.game.snapshots() != snap or app.flow.to_dict() != flow
    key(app, pygame.K_l, mod=pygame.KMOD_CTRL)
    assert app.overlay == "load"
    pump(app)                                          # each save says its battle, turn and date
    assert app.saves.describe(app.saves.folder / "mysave.hexsave.json").startswith(
        "Training ground, turn 1 movement phase, ")
    playing = app.game
    click_button(app, "load_do", str(app.saves.folder / "mysave.hexsave.json"))
    assert app.top.asking and app.game is playing           # a battle is on screen: it asks first
    key(app, pygame.K_ESCAPE)
    assert app.overlay == "load" and app.top.asking is None
    click_button(app, "load_do", str(app.saves.folder / "mysave.hexsave.json"))
    key(app, pygame.K_RETURN)
    assert app.game.snapshots() == snap
    assert app.flow.to_dict()["acted"] == flow["acted"] and app.flow.pos == flow["pos"]
    assert uid in app.flow.acted


def test_the_save_chosen_on_the_load_screen_reads_dark_on_its_highlight(app):
    """The chosen save's row is lit in the accent colour: its name and its
    battle, turn and date are written dark on it, not in the light text of
    the other rows (white on yellow could not be read)."""
    from engine.ui import theme
    handover(app)
    assert app.save("first") and app.save("second")
    key(app, pygame.K_l, mod=pygame.KMOD_CTRL)
    assert app.overlay == "load"
    rows = [h.rect for h in app.hits if h.action == "load_do" and h.arg]
    lit = [r for r in rows if app.screen.get_at((r.x + 2, r.centery))[:3] == theme.ACCENT]
    assert len(lit) == 1 and len(rows) >= 2
    colours = {app.screen.get_at((x, y))[:3] for x in range(lit[0].x, lit[0].right)
               for y in range(lit[0].y, lit[0].bottom)}
    assert theme.TEXT not in colours and theme.TEXT_DIM not in colours
    assert any(max(c) < 90 for c in colours)               # the dark writing is there


def test_the_load_screen_scrolls_to_the_save_chosen_with_up_and_down(app):
    """Eight saves are shown at a time; Down past the eighth brings the
    chosen one into the list (it was chosen unseen), Enter then asks about it."""
    handover(app)
    for i in range(11):
        assert app.save(f"s{i:02d}")
    key(app, pygame.K_l, mod=pygame.KMOD_CTRL)
    files = app.top.files
    assert len(files) >= 11
    for _ in range(10):
        key(app, pygame.K_DOWN)
    chosen = app.top.choice
    assert chosen == files[9]
    shown = [h.arg for h in app.hits if h.action == "load_do" and h.arg]
    assert chosen in shown and len(shown) == 8
    key(app, pygame.K_RETURN)
    assert app.top.asking == chosen


def test_zoom_keeps_the_hex_under_the_cursor(app):
    handover(app)
    h = Hex(5, 6)
    app.camera.center_on(h)
    x, y = app.camera.to_screen(h)
    move_mouse(app, (int(x) + 3, int(y) + 2))
    z = app.camera.zoom
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False, precise_x=0.0,
                                         precise_y=1.0))
    pump(app)
    assert app.camera.zoom == z + 1
    assert app.camera.hex_at(int(x) + 3, int(y) + 2) == h


def test_drag_pans_the_map(app):
    handover(app)
    app.camera.zoom = len(__import__("engine.ui.geometry", fromlist=["Z"]).ZOOM_LEVELS) - 1
    app.camera.center_on(Hex(7, 8))
    ox = app.camera.ox
    x, y, w, h = app.camera.view
    start = (x + w // 2, y + h // 2)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(start[0] - 100, start[1]), rel=(-100, 0),
                                         buttons=(1, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(start[0] - 100, start[1]), button=1))
    sel = app.selected
    path = list(app.move.path)
    pump(app)
    assert app.camera.ox == pytest.approx(ox + 100)
    assert app.selected == sel and app.move.path == path      # a drag is not a click


def test_victory_screen_when_a_side_has_nobody_left(app):
    handover(app)
    g = app.game
    loser = [s for s in g.sides if s != app.seat.viewing][0]
    for uid in g.unit_ids(loser):
        g.world.component(g.units[uid], Status).destroyed = True
    for _ in range(4):
        if app.overlay == "victory":
            break
        play_out_phase(app)
    assert app.overlay == "victory" and g.winner == app.seat.viewing


def test_every_button_of_the_victory_screen_shows_its_key(app, monkeypatch):
    from engine.ui.screens import victory
    test_victory_screen_when_a_side_has_nobody_left(app)
    drawn = []
    real = victory.button
    monkeypatch.setattr(victory, "button", lambda *a, **kw: (drawn.append((a[3], kw.get("key"))), real(*a, **kw))[1])
    pump(app)
    assert dict(drawn) == {"New battle": "Enter", "Look at the map": "Esc", "Quit": "Q"}
    key(app, pygame.K_q, unicode="q")
    assert app.overlay == "confirm_quit" and app.running
    key(app, pygame.K_n)
    assert app.overlay == "victory"


def test_quit_asks_for_confirmation(app):
    key(app, pygame.K_q, mod=pygame.KMOD_CTRL)
    assert app.overlay == "confirm_quit" and app.running
    key(app, pygame.K_n)
    assert app.overlay == "handover" and app.running     # back where we were
    key(app, pygame.K_q, mod=pygame.KMOD_CTRL)
    key(app, pygame.K_y)
    assert not app.running


def test_help_overlay_toggles(app):
    handover(app)
    key(app, pygame.K_F1)
    assert app.overlay == "help"
    key(app, pygame.K_F1)
    assert app.overlay is None


@pytest.mark.parametrize("size", [(1400, 860), (900, 600)])
def test_the_help_screen_writes_every_key_inside_its_box(app, monkeypatch, size):
    """Every row of the key map, the replay's keys too, is written inside
    the help screen's box, at the usual window size and at the smallest
    (the box was of a fixed height: its last rows ran out of it, at the
    smallest size off the window)."""
    from engine.ui import keymap
    from engine.ui.screens import menus
    app.screen = pygame.display.set_mode(size)
    handover(app)
    key(app, pygame.K_F1)
    drawn, boxes = [], []
    real_text, real_box = menus.text, menus.box
    monkeypatch.setattr(menus, "text", lambda surf, s, *a, **k: drawn.append((s, real_text(surf, s, *a, **k))))
    monkeypatch.setattr(menus, "box", lambda *a, **k: boxes.append(real_box(*a, **k)) or boxes[-1])
    pump(app)
    (r,) = boxes
    assert r.bottom <= size[1] and r.right <= size[0]
    outside = [s for s, rect in drawn if not r.contains(rect)]
    assert not outside, outside
    written = {s for s, _rect in drawn}
    assert all(row.keys in written for section in keymap.HELP for row in section.rows)


def face_off(app, jager_row: int, phase: str):
    """Hopper at 0607 facing north, the JagerMech north of it at 06(jager_row+1)
    facing south on level ground; play on to `phase` with the Hopper selected."""
    g = app.game
    g.world.component(g.units["hopper"], Position).hex = Hex(5, 6)
    g.world.component(g.units["hopper"], Position).facing = 0
    g.world.component(g.units["jager"], Position).hex = Hex(5, jager_row)
    g.world.component(g.units["jager"], Position).facing = 3
    assert _skip_to(app, phase)
    while app.selected != "hopper":
        key(app, pygame.K_h)
        if app.overlay == "handover":
            handover(app)
    return g


def _skip_to(app, phase):
    for _ in range(60):
        if app.game.phase == phase and not app.flow.phase_done() and app.overlay != "handover":
            return True
        if app.overlay == "handover":
            handover(app)
            continue
        if app.flow.phase_done():
            click_button(app, "end_phase")
        else:
            key(app, pygame.K_h)
    return False


def _close_in(app):
    """Put the two mechs next to each other for attack tests (test setup)."""
    g = app.game
    g.world.component(g.units["hopper"], Position).hex = Hex(6, 8)
    g.world.component(g.units["hopper"], Position).facing = 0
    g.world.component(g.units["jager"], Position).hex = Hex(6, 7)
    g.world.component(g.units["jager"], Position).facing = 3


def hopper_aims_at_jager(app, phase: str) -> None:
    """The two mechs side by side, on to `phase` with the Hopper to act
    (the others hold), the JagerMech clicked as its target."""
    _close_in(app)
    assert _skip_to(app, phase)
    while app.selected != "hopper":
        key(app, pygame.K_h)
        if app.overlay == "handover":
            handover(app)
    click_hex(app, hex_of(app, "jager"))
    assert app.target == "jager"


def test_weapon_attack_by_checkbox(app):
    hopper_aims_at_jager(app, "weapon")
    assert app.target == "jager"
    # hovering the enemy: range, to-hit with named modifiers, chance to hit
    from engine.ui import board
    lines = [t for t, _c in board.attack_lines(app, "jager")]
    assert lines[0].startswith("Range 1")
    legal = [(slot, p) for slot, p in app.fire.previews("jager") if p.reason is None]
    assert legal
    slot, p = legal[0]
    assert p.to_hit == sum(v for _l, v in p.modifiers) and p.modifiers[0][0] == "gunnery"
    assert any(f"needs {p.to_hit}" in t and "%" in t for t in lines)
    ticked = [n for n, v in app.fire.checks.items() if v]
    assert ticked
    key(app, pygame.K_RETURN)
    assert "hopper" in app.flow.acted
    refused = [e for e in app.game.log.of_type("refused") if e["unit"] == "hopper"]
    assert not refused
    assert len([e for e in app.game.log.of_type("declare") if e["unit"] == "hopper"]) == len(ticked)


def test_physical_menu_lists_reasons_and_declares(app):
    hopper_aims_at_jager(app, "physical")
    opts = app.physical.options("jager")
    assert opts and all(p.reason or p.reason is None for _l, _o, p in opts)
    legal = [i for i, (_l, _o, p) in enumerate(opts) if p.reason is None]
    assert legal
    key(app, pygame.K_1 + legal[0])
    assert "hopper" not in app.flow.acted and app.physical.chosen == legal[0]   # chosen, not yet declared
    key(app, pygame.K_RETURN)
    if "hopper" not in app.flow.acted:     # more attacks possible: Done (Enter) finishes the unit
        assert app.physical.declared("hopper")
        key(app, pygame.K_RETURN)
    assert "hopper" in app.flow.acted


def test_P_PUNCH_1_both_arms_punch_then_done(app):
    face_off(app, jager_row=5, phase="physical")
    click_hex(app, hex_of(app, "jager"))
    labels = [label for label, _o, _p in app.physical.options("jager")]
    left, right = labels.index("Punch (left arm)"), labels.index("Punch (right arm)")
    assert app.physical.options("jager")[left][2].reason is None
    key(app, pygame.K_1 + left)
    key(app, pygame.K_RETURN)
    assert "hopper" not in app.flow.acted and app.selected == "hopper"
    # the engine now refuses a kick (P-PUNCH-1: punches and kicks do not mix), the right arm is still free
    opts = app.physical.options("jager")
    assert opts[right][2].reason is None
    assert opts[labels.index("Kick (left leg)")][2].reason
    assert opts[left][2].reason          # that arm has punched already
    key(app, pygame.K_1 + right)
    key(app, pygame.K_RETURN)
    decl = app.physical.declared("hopper")
    assert [(d.attack, d.limb) for d in decl] == [("punch", "left"), ("punch", "right")]
    if "hopper" not in app.flow.acted:
        click_button(app, "physical_done")
    assert "hopper" in app.flow.acted
    assert not [e for e in app.game.log.of_type("refused") if e.get("unit") == "hopper"]


def _select_in_movement(app, uid):
    for _ in range(20):
        if app.overlay == "handover":
            handover(app)
        if app.flow.may_act(uid):
            app.do("select", uid)
            return
        key(app, pygame.K_h)
    raise AssertionError(f"{uid} never got to move")


def test_charge_is_offered_at_the_end_of_a_move_and_declared_with_it(app):
    g = app.game
    g.world.component(g.units["hopper"], Position).hex = Hex(6, 10)
    g.world.component(g.units["hopper"], Position).facing = 0
    g.world.component(g.units["jager"], Position).hex = Hex(6, 8)
    g.world.component(g.units["jager"], Position).facing = 3
    _select_in_movement(app, "hopper")
    key(app, pygame.K_w)
    decl = app.move.declarations()
    assert [label for label, _o in decl] == ["Charge JagerMech JM6-S"]
    from components import TurnState
    click_button(app, "declare", 0)          # chosen, not yet carried out: a second press confirms
    assert "hopper" not in app.flow.acted and "press G again" in app.message
    assert app.move.declare[0] == "Charge JagerMech JM6-S"
    key(app, pygame.K_BACKSPACE)             # dropped again
    assert app.move.declare is None and app.move.path == ["F"]
    click_button(app, "declare", 0)
    click_button(app, "declare", 0)
    assert g.world.component(g.units["hopper"], TurnState).charge_target == "jager"
    assert "hopper" in app.flow.acted
    # the declaration is in the hand-over of the charged JagerMech's side, and in the log
    assert app.overlay == "handover" and app.top.side == "red"
    assert any("declares a charge on JagerMech" in n for n in app.top.notes)
    handover(app)
    assert any("declares a charge on JagerMech" in t for t, _c in app.log.lines)


def test_a_charge_not_offered_says_why(app):
    g = app.game
    g.world.component(g.units["hopper"], Position).hex = Hex(6, 10)
    g.world.component(g.units["hopper"], Position).facing = 0
    g.world.component(g.units["saladin_r"], Position).hex = Hex(6, 8)
    _select_in_movement(app, "hopper")
    key(app, pygame.K_w)
    assert app.move.declarations() == []
    refused = app.move.refusals()
    assert refused and refused[0][0] == "charge" and refused[0][1].startswith("Saladin")
    assert "V-PHYS-2" in refused[0][2]
    pump(app)
    assert any(h.tip == refused[0][2] for h in app.hits)      # shown in the panel, in full under the mouse


def test_a_death_from_above_not_offered_says_so(app):
    """B-MOVE-9: the Grasshopper (Jump MP 4) cannot come down on a tank 6
    levels up; the panel names the attack refused, not a charge."""
    import dataclasses
    g = app.game
    g.world.component(g.units["hopper"], Position).hex = Hex(6, 10)
    g.world.component(g.units["hopper"], Position).facing = 0
    g.world.component(g.units["saladin_r"], Position).hex = Hex(6, 8)
    g.map.set(Hex(6, 8), dataclasses.replace(g.map.terrain(Hex(6, 8)), level=6))
    _select_in_movement(app, "hopper")
    click_button(app, "mode", "jump")
    key(app, pygame.K_w)
    assert app.move.declarations() == []
    (attack, name, reason), = app.move.refusals()
    assert attack == "death from above" and name.startswith("Saladin") and "B-MOVE-9" in reason
    pump(app)
    assert any(h.tip == reason for h in app.hits)


def test_vtol_climbs_with_page_up(tmp_path):
    from engine import session
    from engine.paths import LEVELS
    coast = LEVELS / "coast.tmx"
    screen = pygame.display.set_mode((1280, 800))
    a = App(screen, session.new_game(str(coast), [], 2), level=str(coast), save_dir=tmp_path, edge_pan=False)
    vtols = [u for u in a.game.units if a.game.world.try_component(a.game.units[u],
                                                                   __import__("components").Altitude)]
    uid = vtols[0]
    _select_in_movement(a, uid)
    before = a.move.planned().final.altitude
    click_button(a, "vtol", "U")                   # by mouse ...
    assert a.move.path == ["U"] and a.move.planned().final.altitude == before + 1
    key(a, pygame.K_BACKSPACE)
    key(a, pygame.K_PAGEUP)                        # ... and by key
    assert a.move.path == ["U"] and a.move.planned().final.altitude == before + 1
    key(a, pygame.K_w)
    key(a, pygame.K_RETURN)
    from components import Altitude
    assert a.game.world.component(a.game.units[uid], Altitude).level == before + 1


def test_alpha_strike_combat_phase_declares_the_card_attack(tmp_path):
    from engine import session
    from engine.paths import LEVELS
    lvl = LEVELS / "alpha_skirmish.tmx"
    screen = pygame.display.set_mode((1280, 800))
    a = App(screen, session.new_game(str(lvl), [], 2), level=str(lvl), save_dir=tmp_path, edge_pan=False)
    g = a.game
    blue, red = g.unit_ids(g.sides[0]), g.unit_ids(g.sides[1])
    g.world.component(g.units[blue[0]], Position).hex = Hex(8, 8)
    g.world.component(g.units[red[0]], Position).hex = Hex(8, 6)
    assert _skip_to(a, "combat")
    for _ in range(10):
        if a.selected == blue[0]:
            break
        key(a, pygame.K_h)
        if a.overlay == "handover":
            handover(a)
    a.set_target(red[0])
    assert a.fire.checks.get("") is True       # the card's one attack, ticked when possible
    key(a, pygame.K_RETURN)
    decl = [e for e in g.log.of_type("declare") if e["unit"] == blue[0]]
    assert decl and decl[0]["target"] == red[0]


def test_new_battle_from_the_keyboard(app):
    key(app, pygame.K_n, mod=pygame.KMOD_CTRL)
    assert app.overlay == "new"
    levels = app.top.levels
    key(app, pygame.K_DOWN)
    chosen = app.top.choice
    assert chosen in levels
    old = app.game
    key(app, pygame.K_RETURN)
    assert app.game is not old and app.level == chosen
    from engine import deployment      # the default: deployment before turn 1
    assert app.game.turn == 0 and deployment.active(app.game) and app.overlay == "handover"
    assert app.phase_kind() == "deploy"


def test_new_battle_without_deployment_starts_turn_1(app):
    key(app, pygame.K_n, mod=pygame.KMOD_CTRL)
    assert app.top.deploy is True
    click_button(app, "new_deploy")          # deploy units: no
    assert app.top.deploy is False
    key(app, pygame.K_F2)
    key(app, pygame.K_F2)
    key(app, pygame.K_RETURN)
    assert app.game.turn == 1 and app.overlay in ("handover", None)


def _deploying_app(tmp_path, level=None):
    from engine.session import BUILTIN
    screen = pygame.display.set_mode((1280, 800))
    a = App(screen, None, save_dir=tmp_path, edge_pan=False, autosave=False)
    assert a.new_game(level or BUILTIN, seed=5, deploy=True)
    a.draw()
    return a


def test_deployment_each_side_places_and_faces_its_units_then_turn_1(tmp_path):
    from engine import deployment
    a = _deploying_app(tmp_path)
    g = a.game
    assert a.overlay == "handover" and a.top.side == "blue"
    handover(a)
    assert a.selected in g.unit_ids("blue") and a.deploy.zone()
    a.do("select", "hopper")
    # a hex outside the zone: refused with the engine's reason, nothing moves
    before = hex_of(a, "hopper")
    click_hex(a, Hex(7, 7))
    assert hex_of(a, "hopper") == before and "outside blue's deployment zone" in a.message
    # prohibited terrain for the hover tank is refused through the engine, the mech may go there
    dest = Hex(5, 14)
    assert dest in deployment.deployment_hexes(g, "blue")
    click_hex(a, dest)
    assert hex_of(a, "hopper") == dest
    key(a, pygame.K_e)
    key(a, pygame.K_e)
    assert g.world.component(g.units["hopper"], Position).facing == 2
    click_hex(a, dest)                         # clicking the unit's own hex turns it too
    assert g.world.component(g.units["hopper"], Position).facing == 3
    a.do("select", "saladin_b")
    from engine.hexmap import Terrain
    g.map.set(Hex(2, 13), Terrain("heavy_woods"))
    click_hex(a, Hex(2, 13))                   # woods: prohibited terrain for a hover tank (V-MOVE-8)
    assert hex_of(a, "saladin_b") == Hex(6, 15) and "prohibited terrain" in a.message
    click_hex(a, Hex(4, 15))
    assert hex_of(a, "saladin_b") == Hex(4, 15)
    # a save in the middle of deployment loads back into it
    path = a.save("mid-deploy")
    click_button(a, "deploy_confirm")
    assert a.overlay == "handover" and a.top.side == "red" and a.game.turn == 0
    assert a.load(path)
    assert deployment.current_side(a.game) == "blue" and hex_of(a, "hopper") == dest
    assert a.phase_kind() == "deploy"
    key(a, pygame.K_RETURN)                    # blue confirms (Enter)
    assert a.overlay == "handover" and a.top.side == "red"
    handover(a)
    assert a.selected in a.game.unit_ids("red")
    key(a, pygame.K_RETURN)                    # red confirms: turn 1 begins
    assert not deployment.active(a.game) and a.game.turn == 1 and a.game.phase == "movement"
    assert hex_of(a, "hopper") == dest
    assert a.game.record["setup"] is not None     # replays start from the deployed positions


def test_the_window_never_gets_smaller_than_its_minimum(app):
    from engine.ui.layout import MIN_WINDOW
    handover(app)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(400, 300), w=400, h=300))
    pump(app)
    assert app.screen.get_size() == MIN_WINDOW
    x, y, w, h = app.camera.view
    assert w >= MIN_WINDOW[0] - 380 and h >= MIN_WINDOW[1] - 34     # the map keeps most of the window


def test_at_the_smallest_window_the_panel_of_the_phase_keeps_its_controls(app):
    """At 900 x 600 the record sheet gives up its lines under the doll and
    the combat log shrinks, not the panel of the phase: the move's
    Confirm and every weapon's checkbox with Fire below them are on
    screen, above the log (the log took the panel's room: no weapon could
    be ticked with the mouse, no move confirmed by its button)."""
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(900, 600), w=900, h=600))
    pump(app)
    handover(app)
    log_top = app.log_rect().y
    assert app.log_rect().h >= 40
    key(app, pygame.K_w)                                  # a step planned: Confirm move
    confirm = [h.rect for h in app.hits if h.action == "confirm"]
    assert confirm and confirm[0].bottom <= log_top
    key(app, pygame.K_BACKSPACE)
    hopper_aims_at_jager(app, "weapon")
    pump(app)
    boxes = [h.rect for h in app.hits if h.action == "toggle_weapon"]
    fire = next(h.rect for h in app.hits if h.action == "confirm")
    assert len(boxes) == len(app.fire.previews("jager")) >= 4
    assert all(b.bottom <= fire.top for b in boxes) and fire.bottom <= log_top


def test_the_hover_tooltip_stays_inside_the_map_view(app, monkeypatch):
    """A tooltip as wide as they come (a weapon's modifiers, 460 pixels),
    hovered near each corner and in the middle of the smallest window's
    map view: it flips to the cursor's other side where it must and never
    runs off the view (in the middle of a narrow view it went past the
    window's left edge)."""
    from engine.ui import board
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(900, 600), w=900, h=600))
    pump(app)
    handover(app)
    words = "gunnery 4, attacker ran +2, target moved 6 hexes +2, medium range +2, woods +1, partial cover +1"
    monkeypatch.setattr(board, "hover_lines", lambda _app: [(words, (255, 255, 255))] * 6)
    boxes = []
    real = board.panel
    monkeypatch.setattr(board, "panel", lambda surf, rect, *a, **k: (boxes.append(pygame.Rect(rect)),
                                                                   real(surf, rect, *a, **k))[1])
    view = pygame.Rect(app.camera.view)
    for pos in ((view.x + 30, view.y + 30), (view.right - 30, view.y + 30), view.center,
                (view.x + 30, view.bottom - 30), (view.right - 30, view.bottom - 30)):
        boxes.clear()
        move_mouse(app, pos)
        assert app.hover_hex is not None and boxes
        assert view.contains(boxes[-1]), (pos, boxes[-1], view)


def test_the_top_bar_writes_whose_turn_it_is_clear_of_its_buttons(app, monkeypatch):
    """On the smallest window the top bar's buttons leave little room:
    whose turn it is is still written, shortened, and nothing of it runs
    under the buttons (the line and the squares of the sides to come ran
    under "Take back move")."""
    from engine.ui import sidebar
    from engine.ui.layout import TOP
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(900, 600), w=900, h=600))
    pump(app)
    handover(app)
    written = []
    real = sidebar.text
    def text(surf, line, *a, **k):
        written.append((line, real(surf, line, *a, **k)))
        return written[-1][1]
    monkeypatch.setattr(sidebar, "text", text)
    pump(app)
    bar = [(line, r) for line, r in written if r.bottom <= TOP]
    buttons = [h.rect for h in app.hits if h.rect.bottom <= TOP]
    assert {h.action for h in app.hits if h.rect.bottom <= TOP} >= {"take_back", "end_phase", "menu"}
    assert any(line.startswith(f"{app.flow.current_side.capitalize()} to move") for line, _r in bar)
    assert not [line for line, r in bar if any(r.colliderect(b) for b in buttons)]
    assert max(r.right for _l, r in bar) < min(b.left for b in buttons)


def test_window_resize_moves_the_panels_and_keeps_the_map_view(app):
    handover(app)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(1000, 700), w=1000, h=700))
    pump(app)
    assert app.screen.get_size() == (1000, 700)
    assert app.camera.view[2] == 1000 - 380 and app.camera.view[3] == 700 - 34


def test_all_hold_passes_the_rest_of_a_side_without_hand_overs(app):
    handover(app)
    side = app.seat.viewing
    mine = app.flow.waiting(side)
    key(app, pygame.K_h, mod=pygame.KMOD_SHIFT)
    # the other side still moves; this side's units are skipped from now on
    for _ in range(10):
        if app.game.phase != "movement":
            break
        if app.overlay == "handover":
            assert app.top.side != side
            handover(app)
        key(app, pygame.K_h)
    assert app.game.phase == "weapon"           # the phase ended by itself
    assert set(mine) <= {e["unit"] for e in app.game.log.of_type("move")}


def _log_text(app) -> list[str]:
    pump(app)
    return [line for line, _col in app.log.lines]


def test_a_unit_told_to_hold_fire_is_in_the_combat_log_like_one_that_holds_by_itself(app):
    """H in the weapon phase writes the hold into the combat log with the
    line of the units that hold by themselves (Shift+H: the side's rest in
    one line); a save keeps the lines."""
    for _ in range(12):                                # every unit stays put: the weapon phase
        if app.game.phase == "weapon":
            break
        if app.overlay == "handover":
            handover(app)
        key(app, pygame.K_h)
    assert app.game.phase == "weapon"
    if app.overlay == "handover":
        handover(app)
    uid, side = app.selected, app.flow.current_side
    name = app.game.world.component(app.game.units[uid], Identity).name
    key(app, pygame.K_h)
    line = f"{side.capitalize()}: {name} holds"
    assert line in _log_text(app)
    assert any(t.endswith(" holds (no attack it could make)") for t in _log_text(app))   # the same line, by itself
    for _ in range(4):
        if app.flow.current_side == side and app.flow.waiting(side):
            break
        if app.overlay == "handover":
            handover(app)
        else:
            key(app, pygame.K_h)
    rest = app.flow.waiting(side)
    key(app, pygame.K_h, mod=pygame.KMOD_SHIFT)
    if app.overlay == "handover":                      # the log is on the board, behind the hand-over
        handover(app)
    names = ", ".join(app.game.world.component(app.game.units[u], Identity).name for u in rest)
    assert f"{side.capitalize()}: {names} {'holds' if len(rest) == 1 else 'hold'}" in _log_text(app)
    shown = _log_text(app)
    path = app.save("holds")
    assert path and app.load(str(path)), app.message
    if app.overlay == "handover":
        handover(app)
    assert app.overlay is None and _log_text(app) == shown


def test_digest_tells_a_player_what_happened_to_their_units(app):
    hopper_aims_at_jager(app, "weapon")
    key(app, pygame.K_RETURN)          # hopper fires at the JagerMech
    # red's hand-over tells it the declarations on its JagerMech ...
    assert app.overlay == "handover" and app.top.side == "red"
    declared = [e for e in app.top.events if e["type"] == "declare" and e["target"] == "jager"]
    assert {e["unit"] for e in declared} == {"hopper"} and len(declared) >= 3
    # ... the rest hold, the phase ends, attacks resolve; when red next gets
    # the screen, its hand-over lists the attacks on its JagerMech
    handover(app)
    for _ in range(20):
        if app.overlay == "handover" and app.top.side == "red" and app.game.phase != "weapon":
            break
        if app.overlay == "handover":
            handover(app)
        else:
            key(app, pygame.K_h)
    assert app.overlay == "handover" and app.top.side == "red"
    events = app.top.events
    assert any(e["type"] == "attack" and e["target"] == "jager" and e["attacker"] == "hopper" for e in events)
    assert not any(e["type"] == "move" and e.get("unit") in ("jager", "saladin_r") for e in events)
    key(app, pygame.K_RETURN)          # one key: the digest was on the hand-over screen
    assert app.overlay is None


def test_clicking_an_enemy_hex_while_moving_says_why_and_shows_its_record(app):
    g = app.game
    g.world.component(g.units["hopper"], Position).hex = Hex(6, 10)
    g.world.component(g.units["hopper"], Position).facing = 0
    g.world.component(g.units["jager"], Position).hex = Hex(6, 9)
    _select_in_movement(app, "hopper")
    click_hex(app, Hex(6, 9))
    assert app.message_bad and "enemy" in app.message
    assert app.inspect == "jager" and app.selected == "hopper" and app.move.path == []


def test_jump_then_turn_by_clicking_the_destination_again(app):
    _select_in_movement(app, "hopper")              # the Grasshopper has jump jets
    key(app, pygame.K_j)
    assert app.move.mode == "jump"
    start = hex_of(app, "hopper")
    dest = max((h for h in app.move.reach_hex if not app.game.units_at(h)), key=lambda h: (app.move.reach_hex[h][0], h))
    click_hex(app, dest)
    facing = app.move.planned().final.facing
    click_hex(app, dest)                            # again: turn right (free while jumping)
    assert app.move.planned().final.facing == (facing + 1) % 6
    mp = app.move.planned().final.mp
    key(app, pygame.K_RETURN)
    pos = app.game.world.component(app.game.units["hopper"], Position)
    assert pos.hex == dest != start and pos.facing == (facing + 1) % 6
    move = app.game.log.of_type("move")[-1]
    assert move["mode"] == "jump" and move["mp_spent"] == mp


def test_V_SLIP_2_tooltip_names_the_hex_and_number_of_each_sideslip_roll(tmp_path):
    import sys
    sys.path.insert(0, os.path.dirname(__file__))
    from tests.helpers import make_game
    from vehicle_fixtures import add
    from engine.ui import board
    game = make_game(height=12)
    add(game, "heli", "warrior.toml", "0410", altitude=3)
    add(game, "foe", "warrior.toml", "0102", altitude=3, side="blue")
    screen = pygame.display.set_mode((1280, 800))
    a = App(screen, game, level=None, save_dir=tmp_path, edge_pan=False, autosave=False)
    _select_in_movement(a, "heli")
    a.do("mode", "flank")
    a.move.path = ["F", "L", "F", "R", "F"]         # two turns at flank speed: two sideslip rolls
    warn = a.move.path_risks(a.move.path)
    assert len(warn) == 2 and len(set(warn)) == 2
    assert warn[0].startswith("sideslip roll entering 0309: needs ") and warn[0].endswith("+")
    assert warn[1].startswith("sideslip roll entering 0308: needs ")
    pump(a)         # the sidebar shows them (in full under the mouse)
    assert any(h.tip == "; ".join(warn) for h in a.hits)
    # the hover tooltip lists the rolls of the hovered path the same way
    a.hover_hex, a.move.hover_path = a.move.planned().final.hex, list(a.move.path)
    said = [t for t, _c in board.hover_lines(a) if "roll" in t]
    assert said[0].startswith("2 rolls") and said[1:] == warn        # the count, then each roll


def test_P_CHARGE_16_player_chooses_where_a_missed_charge_ends(app):
    g = app.game
    g.world.component(g.units["hopper"], Position).hex = Hex(6, 10)
    g.world.component(g.units["hopper"], Position).facing = 0
    g.world.component(g.units["jager"], Position).hex = Hex(6, 8)
    g.world.component(g.units["jager"], Position).facing = 3
    _select_in_movement(app, "hopper")
    key(app, pygame.K_w)
    assert app.move.declarations()
    assert app.move.charge_miss is None                  # default: the engine's choice
    click_button(app, "charge_miss")
    assert app.move.charge_miss == "left"
    key(app, pygame.K_v)
    assert app.move.charge_miss == "right"
    key(app, pygame.K_g)
    key(app, pygame.K_RETURN)                            # Enter confirms the charge chosen
    assert "hopper" in app.flow.acted
    assert not [e for e in g.log.of_type("refused") if e.get("unit") == "hopper"]
    assert g.phase_data["charges"] == [{"unit": "hopper", "attack": "charge", "target": "jager",
                                        "miss_to": "right"}]


def test_alpha_strike_presentation_hexes_no_facing_attacker_card_and_overheat(tmp_path, monkeypatch):
    from engine import session
    from engine.ui import sidebar
    from engine.paths import LEVELS
    from engine import combat_log
    lvl = LEVELS / "alpha_skirmish.tmx"
    screen = pygame.display.set_mode((1280, 800))
    a = App(screen, session.new_game(str(lvl), [], 2), level=str(lvl), save_dir=tmp_path, edge_pan=False)
    g = a.game
    loki = [u for u in g.unit_ids() if u.startswith("loki")][0]
    foe = [u for u in g.unit_ids() if g.side_of(g.units[u]) != g.side_of(g.units[loki])][0]
    g.world.component(g.units[loki], Position).hex = Hex(8, 8)
    g.world.component(g.units[foe], Position).hex = Hex(8, 6)
    _select_in_movement(a, loki)
    pump(a)
    assert not [h for h in a.hits if h.action == "turn"]      # no facing in Alpha Strike (AS-MOVE-5)
    a.do("mode", "walk")
    assert a.message.endswith("hexes") and "MP" not in a.message
    # the combat log words an Alpha Strike move in hexes, without MP
    line = combat_log.describe({"type": "move", "unit": "u", "mode": "walk", "from": "0101", "to": "0103",
                                "facing": 0, "mp_spent": 3, "hexes_moved": 2}, None, "alpha-strike")
    assert line == "u moves 0101 -> 0103, 2 hexes (3 hexes of Move used)"
    assert _skip_to(a, "combat")
    for _ in range(10):
        if a.selected == loki:
            break
        key(a, pygame.K_h)
        if a.overlay == "handover":
            handover(a)
    assert a.selected == loki
    a.set_target(foe)
    shown = []
    real = sidebar.draw_unit_panel
    monkeypatch.setattr(sidebar, "draw_unit_panel", lambda s, r, game, uid, mp="": (shown.append(uid),
                                                                                   real(s, r, game, uid, mp)))
    move_mouse(a, a.camera.to_screen(Hex(8, 6)))            # hovering the target ...
    assert shown[-1] == loki                                # ... the attacker's card stays up
    lines = [t for t, _bad in a.fire.attack_lines()]
    assert lines[0].startswith("Short range: ") and "up to" in lines[0]
    assert lines[-1].startswith("heat at the end of the turn: ")
    key(a, pygame.K_o)
    assert a.fire.overheat == 1
    lines = [t for t, _bad in a.fire.attack_lines()]
    assert "with overheat 1" in lines[0] and "without overheat" in lines[-1]
    # Long range: overheat adds no damage without OVL (AS-SPA-OVL)
    from systems.alpha_strike.card import specials
    from components import AlphaStrikeCard
    assert specials(g, g.units[loki]).ovl           # the Loki has OVL: Long range gains the overheat
    from engine.hexgrid import distance
    found = False
    for h in sorted(g.map.all_hexes(), key=lambda h: (h.x, h.y)):
        if not 13 <= distance(h, Hex(8, 8)) <= 21 or g.units_at(h):
            continue
        g.world.component(g.units[foe], Position).hex = h
        a.drop_caches()
        plan = a.fire.previews(foe)[0][1]
        if plan.reason is None and plan.attack.range == "long":
            found = True
            break
    assert found
    assert a.fire.attack_lines()[0][0].startswith("Long range: ") and "with overheat 1" in a.fire.attack_lines()[0][0]
    card = g.world.component(g.units[loki], AlphaStrikeCard)
    card.specials = [sp for sp in card.specials if sp.upper() != "OVL"]      # the same card without OVL
    a.drop_caches()
    assert not specials(g, g.units[loki]).ovl
    assert "adds nothing" in a.fire.attack_lines()[0][0]


def test_prone_mech_weapon_conflicts_show_while_ticking_not_after_firing(app):
    g = face_off(app, jager_row=4, phase="weapon")
    g.world.component(g.units["hopper"], Status).prone = True      # test setup: no event, so
    app.drop_caches()                                          # drop the cached previews
    app.set_target("jager")
    slots = {slot.order_name: slot for slot, _p in app.fire.previews("jager")}
    arms = [n for n, sl in slots.items() if sl.mount.location in ("left_arm", "right_arm")
            and app.fire.previews("jager")[list(slots).index(n)][1].reason is None]
    assert len({slots[n].mount.location for n in arms}) == 2, "needs weapons in both arms"
    ticked_arms = {slots[n].mount.location for n in arms if app.fire.checks.get(n)}
    assert len(ticked_arms) == 1              # the auto-ticking kept one arm only
    other = [n for n in arms if slots[n].mount.location not in ticked_arms][0]
    assert "one arm only" in app.fire.conflicts("jager")[other]
    click_button(app, "toggle_weapon", other)  # ticked anyway: still marked before firing
    assert app.fire.checks[other] and "one arm only" in app.fire.conflicts("jager")[other]
    hit = [h for h in app.hits if h.action == "toggle_weapon" and h.arg == other][0]
    assert "one arm only" in hit.tip
    click_button(app, "toggle_weapon", other)
    key(app, pygame.K_RETURN)
    assert not [e for e in g.log.of_type("refused") if e.get("unit") == "hopper"]


def test_weapon_conflict_previews_leave_the_game_as_it_was(app):
    """Every weapon-conflict preview declares the ticked weapons on the game
    itself and puts it back in place: 100 previews leave the whole state,
    the entity ids and the number of esper worlds as they were."""
    import esper
    g = face_off(app, jager_row=4, phase="weapon")
    app.set_target("jager")
    weapons = [slot.order_name for slot, p in app.fire.previews("jager") if p.reason is None]
    assert len(weapons) >= 2 and any(app.fire.checks.values())
    before, worlds, ents = g.to_dict(), len(esper.list_worlds()), dict(g.units)
    for i in range(100):
        app.fire.checks = {name: (i >> k) & 1 == 0 for k, name in enumerate(weapons)}
        app.fire.checks[weapons[0]] = True          # something ticked: declared for a trial
        app.drop_caches()
        app.fire.conflicts("jager")
        app.draw()                                  # the panel asks for them too
    assert g.to_dict() == before and dict(g.units) == ents and len(esper.list_worlds()) == worlds


def test_take_back_move_with_ctrl_z_puts_the_unit_back_and_lets_it_move_again(app):
    handover(app)
    uid = app.selected
    side = app.flow.current_side
    start = app.game.world.component(app.game.units[uid], Position)
    start = (start.hex, start.facing)
    key(app, pygame.K_w)
    key(app, pygame.K_RETURN)
    assert hex_of(app, uid) != start[0] and uid in app.flow.acted
    assert app.overlay == "handover" and app.top.side != side     # the other side's turn is next
    # the mover, still at the screen, takes the move back from the hand-over screen
    assert any(h.action == "take_back" for h in app.hits)
    key(app, pygame.K_z, mod=pygame.KMOD_CTRL)
    # the move is gone, record and all; the turn order steps back to the mover's side
    pos = app.game.world.component(app.game.units[uid], Position)
    assert (pos.hex, pos.facing) == start and uid not in app.flow.acted
    assert not app.game.log.of_type("move")
    assert app.flow.current_side == side
    # the hand-over to the other side is gone: the board is back with the mover, no digest of theirs
    assert app.overlay is None and app.seat.viewing == side
    assert app.selected == uid and app.flow.may_act(uid)
    key(app, pygame.K_w)
    key(app, pygame.K_w)
    key(app, pygame.K_RETURN)
    assert hex_of(app, uid) == neighbor(neighbor(start[0], start[1]), start[1])


def test_the_next_player_cannot_take_back_the_other_sides_move(app):
    handover(app)
    uid = app.selected
    key(app, pygame.K_w)
    key(app, pygame.K_RETURN)
    moved = hex_of(app, uid)
    handover(app)                                # the other player now has the screen
    assert "only they may take it back" in app.take_back_reason()
    key(app, pygame.K_z, mod=pygame.KMOD_CTRL)
    assert hex_of(app, uid) == moved and uid in app.flow.acted
    assert app.message_bad


def test_the_take_back_button_is_lit_only_while_the_move_can_be_taken_back(app):
    """The top bar's "Take back move" is greyed out, its tip saying why,
    when Ctrl+Z would be refused: nothing moved yet, or the last move is
    the other side's; the mover sees it lit until the screen is handed over."""
    def button_state():
        pump(app)
        hit = next(h for h in app.hits if h.action == "take_back")
        return hit.enabled, hit.tip
    handover(app)
    enabled, tip = button_state()
    assert not enabled and tip == app.take_back_reason()
    key(app, pygame.K_w)
    key(app, pygame.K_RETURN)
    assert app.overlay == "handover"              # the mover may still take it back from here
    handover(app)
    enabled, tip = button_state()
    assert not enabled and "only they may take it back" in tip
    click_button(app, "take_back")
    assert app.message_bad and "only they may take it back" in app.message


def test_take_back_button_refuses_once_a_die_was_rolled(app):
    handover(app)
    uid = app.selected
    key(app, pygame.K_w)
    key(app, pygame.K_RETURN)
    moved = hex_of(app, uid)
    handover(app)
    app.game.dice.roll("psr", 2, uid)            # e.g. a piloting roll during the move: it is final now
    pump(app)
    tip = next(h.tip for h in app.hits if h.action == "take_back")
    assert "die has been rolled" in tip
    click_button(app, "take_back")
    assert hex_of(app, uid) == moved and uid in app.flow.acted
    assert app.message_bad and "die has been rolled" in app.message


def test_the_hidden_top_bar_does_not_answer_clicks_under_the_hand_over_screen(app):
    assert app.overlay == "handover"
    app.draw()
    assert {h.action for h in app.hits} <= {"handover_done", "menu", "take_back"}


def test_F_cycles_the_other_ways_to_the_hex_clicked_the_safest_among_them(app):
    from engine.hexmap import Terrain
    from engine.hexgrid import parse_hex_label as hx
    g = app.game
    g.map.set(hx("0504"), Terrain("rubble"))
    g.world.component(g.units["hopper"], Position).hex = hx("0505")
    g.world.component(g.units["hopper"], Position).facing = 0
    _select_in_movement(app, "hopper")
    key(app, pygame.K_2)                                   # run
    # 0503 is cheapest straight through the rubble (a roll); F offers the other ways there
    click_hex(app, hx("0503"))
    assert app.move.path == ["F", "F"] and len(app.move.path_risks(app.move.path)) == 1
    app.hover_hex, app.move.hover_path = hx("0503"), ["F", "F"]
    from engine.ui import board
    assert any(t.startswith("1 roll; ") and "other way" in t for t, _c in board.hover_lines(app))
    seen = [list(app.move.path)]
    for _ in range(len(app.move.alternatives(hx("0503"))) - 1):
        key(app, pygame.K_f)
        assert app.move.planned().final.hex == hx("0503") and app.move.path not in seen
        seen.append(list(app.move.path))
    assert any(not app.move.path_risks(p) for p in seen)    # a way without a roll was among them
    key(app, pygame.K_f)
    assert app.move.path == ["F", "F"]                      # round again to the cheapest


def test_the_save_dialog_offers_its_name_selected(app):
    """The suggested name is selected: Enter keeps it, the first character
    typed replaces it, Backspace clears it, End keeps it to type after."""
    handover(app)
    key(app, pygame.K_s, mod=pygame.KMOD_CTRL)
    assert app.overlay == "save" and app.top.name_text == "turn1-movement"
    key(app, pygame.K_RETURN)
    assert app.overlay is None and (app.saves.folder / "turn1-movement.hexsave.json").is_file()
    key(app, pygame.K_s, mod=pygame.KMOD_CTRL)
    key(app, pygame.K_m, unicode="m")
    type_text(app, "m")
    type_text(app, "y")
    assert app.top.name_text == "my"
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_s, mod=pygame.KMOD_CTRL)
    key(app, pygame.K_BACKSPACE)
    assert app.top.name_text == ""
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_s, mod=pygame.KMOD_CTRL)
    key(app, pygame.K_END)
    type_text(app, "-b")
    assert app.top.name_text == "turn1-movement-b"
    key(app, pygame.K_RETURN)
    assert (app.saves.folder / "turn1-movement-b.hexsave.json").is_file()


def test_text_fields_keep_their_keys_and_ctrl_a_selects_the_field(app):
    handover(app)
    key(app, pygame.K_w)
    path = list(app.move.path)
    key(app, pygame.K_s, mod=pygame.KMOD_CTRL)
    assert app.overlay == "save"
    key(app, pygame.K_a, unicode="a", mod=pygame.KMOD_CTRL)      # select all: nothing reaches the board
    type_text(app, "mine")                                       # replaces the whole name
    assert app.top.name_text == "mine" and app.move.path == path
    for k, ch in ((pygame.K_a, "a"), (pygame.K_d, "d"), (pygame.K_h, "h"), (pygame.K_F2, "")):
        key(app, k, unicode=ch)                                  # letters are typed, never turn or hold
    assert app.move.path == path and app.flow.may_act(app.selected)
    key(app, pygame.K_a, unicode="a", mod=pygame.KMOD_CTRL)
    key(app, pygame.K_BACKSPACE)
    assert app.top.name_text == ""
    key(app, pygame.K_ESCAPE)
    assert app.overlay is None and app.move.path == path


def test_the_new_battle_screen_chooses_the_rules_and_how_the_table_plays(app):
    from engine import session
    key(app, pygame.K_n, mod=pygame.KMOD_CTRL)
    screen = app.top
    assert screen.rules.rules == "classic"
    assert session.BUILTIN not in screen.levels                 # no near-duplicate of Training Grounds
    assert all(session.level_info(lv)[1] == "classic" for lv in screen.levels)
    key(app, pygame.K_RIGHT)                                     # Alpha Strike: its levels only
    assert screen.rules.rules == "alpha-strike"
    assert screen.levels and all(session.level_info(lv)[1] == "alpha-strike" for lv in screen.levels)
    assert screen.choice in screen.levels
    key(app, pygame.K_F3)                                        # a shared table
    key(app, pygame.K_F4)                                        # dice at the table
    key(app, pygame.K_F2)                                        # no deployment
    assert (screen.table.shared, screen.table.dice, screen.deploy) == (True, True, False)
    key(app, pygame.K_RETURN)
    assert app.game.ruleset.name == "alpha-strike"
    assert app.seat.shared_table and app.seat.table_dice and app.game.dice.ask
    assert app.overlay == "dice" and app.top.need.purpose == "initiative"     # the first roll is asked for
    assert app.seat.frontend()["shared_table"] is True


def _drawn_text(app, monkeypatch):
    """Every line of text the next frame draws (buttons' labels included)."""
    from engine.ui import widgets
    from engine.ui.screens import new_battle
    drawn = []
    orig = widgets.text

    def spy(surf, line, *a, **k):
        drawn.append(line)
        return orig(surf, line, *a, **k)
    monkeypatch.setattr(widgets, "text", spy)
    monkeypatch.setattr(new_battle, "text", spy)
    pump(app)
    monkeypatch.undo()
    return drawn


def test_the_level_list_names_the_rules_once_in_its_heading(app, monkeypatch):
    """The list holds the levels of the rules chosen: its heading names the
    rules, and a level titled after them ("Alpha Strike: Twin Hills") is
    listed by its own name; the level's title itself is not changed."""
    from engine import session
    key(app, pygame.K_n, mod=pygame.KMOD_CTRL)
    drawn = _drawn_text(app, monkeypatch)
    assert "Classic levels (Up / Down, or click)" in drawn
    assert "Skirmish at Harlech Crossing: blue vs red, 10 units, 32 x 17" in drawn
    key(app, pygame.K_RIGHT)
    drawn = _drawn_text(app, monkeypatch)
    assert "Alpha Strike levels (Up / Down, or click)" in drawn
    summaries = [session.level_summary(lv) for lv in app.top.levels]
    assert summaries and all(s.startswith("Alpha Strike: ") for s in summaries)
    listed = [line for line in drawn if "blue vs red" in line]
    assert sorted(listed) == sorted(s.removeprefix("Alpha Strike: ") for s in summaries)
    assert [line for line in drawn if "Alpha Strike" in line] == ["Alpha Strike", "Alpha Strike levels (Up / Down, or click)"]


def test_the_hover_over_the_planned_end_follows_its_turns(app):
    from engine.hexgrid import FACING_NAMES
    from engine.ui import board
    handover(app)
    dest = min((h for h in app.move.reach_hex if not app.game.units_at(h)), key=lambda h: (app.move.reach_hex[h][0], h))
    click_hex(app, dest)                  # one hex away: MP left to turn
    before = app.move.planned().final.facing
    key(app, pygame.K_e)
    after = app.move.planned().final.facing
    assert after != before
    said = " ".join(t for t, _c in board.hover_lines(app))
    assert f"facing {FACING_NAMES[after]}" in said


def test_the_first_run_card_once_per_save_folder_and_from_the_menu(app, tmp_path):
    from engine.persistence import SaveFolder
    folder = SaveFolder(tmp_path / "fresh")
    assert folder.first_run() and not folder.first_run()
    key(app, pygame.K_ESCAPE)            # the hand-over's Esc opens the menu
    assert app.overlay == "menu"
    key(app, pygame.K_k)
    assert app.overlay == "welcome"
    key(app, pygame.K_RETURN)
    assert app.overlay == "menu"


def test_the_hover_names_a_buildings_class_and_cf(app):
    from engine.hexgrid import parse_hex_label
    from engine.hexmap import Terrain
    from engine.ui import board
    h = parse_hex_label("0101")
    app.game.map.set(h, Terrain("building", building=2, building_class="heavy", cf=37))
    app.hover_hex = h
    assert "heavy building, height 2, CF 37" in board.hover_lines(app)[0][0]


def test_a_new_phase_is_autosaved_on_the_frame_after_it_is_shown_or_before_the_next_action(app):
    """The copy of the game an autosave makes is not made in the frame that
    answers the key ending a phase: on the next frame, or, when a key comes
    first, before it changes anything (the autosave holds the phase's
    start, no unit acted)."""
    from engine import saves

    def newest():
        app.saves.wait()
        made = saves.autosaves(app.saves.folder)
        return saves.load_game(made[0], CHECKS) if made else None

    def shown(g) -> tuple:
        return g.turn, g.phase, g.frontend["hotseat"]["flow"]["acted"]

    def to_next_phase() -> tuple:
        start = (app.game.turn, app.game.phase)
        for _ in range(20):
            key(app, pygame.K_RETURN if app.overlay == "handover" else pygame.K_h)
            if (app.game.turn, app.game.phase) != start:
                return app.game.turn, app.game.phase
        raise AssertionError("phase did not finish")

    assert to_next_phase() == (1, "weapon")               # the last unit held: the weapon phase is shown
    before = newest()
    assert before is None or before.phase != "weapon"
    app.update(1 / 60)                                    # the next frame
    assert shown(newest()) == (1, "weapon", [])
    now = to_next_phase()
    assert shown(newest())[:2] != now
    key(app, pygame.K_RETURN if app.overlay == "handover" else pygame.K_h)
    assert shown(newest()) == (*now, [])


def test_the_victory_screen_writes_what_armor_and_structure_a_card_has_left_as_its_card_does(tmp_path, monkeypatch):
    """A Loki with none of its 5 armor and 2 of its 4 structure left is not
    '22% armor left': the victory screen writes armor 0/5, structure 2/4,
    the pips its card shows; the roster (B) and the counter's armor bar
    count its armor apart from its structure too."""
    from components import Armor, Structure
    from engine.ui.mapview import armor_fraction
    from engine import session
    from engine.paths import LEVELS
    from engine.ui.screens import victory
    lvl = LEVELS / "alpha_lances.tmx"
    screen = pygame.display.set_mode((1280, 800))
    a = App(screen, session.new_game(str(lvl), [], 2), level=str(lvl), save_dir=tmp_path, edge_pan=False)
    g = a.game
    for uid in g.unit_ids("red"):
        g.world.component(g.units[uid], Status).destroyed = True
    loki = next(u for u in g.unit_ids("blue") if "Loki" in g.world.component(g.units[u], Identity).name)
    g.world.component(g.units[loki], Armor).points["unit"] = 0
    g.world.component(g.units[loki], Structure).points["unit"] = 2
    handover(a)
    key(a, pygame.K_b)
    assert any(line.startswith("Loki (blue)") and "armor 0% structure 50%" in line
               for line, _c, _u in a.roster.rows()), a.roster.rows()
    assert armor_fraction(g, g.units[loki]) == 0
    key(a, pygame.K_b)
    for _ in range(4):
        if a.overlay == "victory":
            break
        play_out_phase(a)
    assert a.overlay == "victory"
    drawn = []
    real = victory.text
    monkeypatch.setattr(victory, "text", lambda surf, line, *x, **k: (drawn.append(line), real(surf, line, *x, **k))[1])
    pump(a)
    assert "Loki (Hellbringer) Prime: armor 0/5, structure 2/4" in drawn, drawn


def test_with_the_same_lance_a_side_the_combat_log_names_each_units_side(tmp_path):
    """Alpha Strike: Twin Hills gives both sides a Loki: the log of a turn
    played at the window says which side's Loki moved ('Loki (blue)'), never
    only its id."""
    from engine import session
    from engine.paths import LEVELS
    from tests.newcomer import Newcomer
    lvl = LEVELS / "alpha_lances.tmx"
    screen = pygame.display.set_mode((1280, 800))
    a = App(screen, session.new_game(str(lvl), [], 5), level=str(lvl), save_dir=tmp_path, edge_pan=False)
    Newcomer(a).play_turns(1)
    lines = _log_text(a)
    moves = [line for line in lines if " moves " in line]
    assert any(line.startswith("Loki (blue) moves") for line in moves), moves
    assert any(line.startswith("Loki (red) moves") for line in moves), moves
    assert not any("(loki" in line for line in lines), lines
