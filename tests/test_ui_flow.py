"""The hot-seat flow as a table of players meets it, driven by posting real
pygame events (tests/newcomer.py plays as a newcomer and counts): three
full Classic turns on the default level cost at most half the key presses
they did before, with one hand-over per change of player at most, a
take-back from the hand-over screen that leaves the board with the mover,
and staying put only on purpose; and a turn with the dice rolled at the
table, whose results follow the typed totals and which saves and replays
as any other battle."""
from __future__ import annotations

import itertools
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from components import Position
from engine import saves, session
from engine.replay import Replay
from engine.session import Table
from engine.ui.app import App
from tests.newcomer import Newcomer

# Key presses of each turn for this newcomer on the default level (seed 1)
# with the flow of before: a hand-over and often a digest before every unit,
# Enter to end every phase, physical phases with nobody in reach played
# unit by unit (measured on the window as it was, commit 8c364df).
KEYS_BEFORE = {1: 74, 2: 74, 3: 73}


@pytest.fixture(scope="module", autouse=True)
def _pygame():
    pygame.init()
    yield
    pygame.quit()


def _app(tmp_path, table: Table | None = None) -> App:
    screen = pygame.display.set_mode((1400, 860))
    level = session.default_level()
    app = App(screen, None, save_dir=tmp_path, edge_pan=False, autosave=False)
    assert app.new_game(level, seed=1, table=table)
    app.draw()
    return app


def _press(app, k, mod=0):
    """A key press the newcomer does not count (the checks of this test)."""
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))
    app.pump()
    app.draw()


def _take_back_from_the_hand_over(app, n: Newcomer) -> None:
    """Item 1: the first move, then Ctrl+Z on the hand-over to the next
    player: the board is back with the mover, the unit where it stood."""
    n.act()                                   # the first hand-over
    assert app.overlay is None and app.phase_kind() == "move"
    uid, side = app.selected, app.flow.current_side
    before = app.game.world.component(app.game.units[uid], Position).hex
    n.act()                                   # click a hex, Enter
    assert app.overlay == "handover" and app.top.side != side
    _press(app, pygame.K_z, pygame.KMOD_CTRL)
    assert app.overlay is None and app.seat.viewing == side and app.flow.current_side == side
    assert app.game.world.component(app.game.units[uid], Position).hex == before and app.flow.may_act(uid)
    assert app.selected == uid


def _stay_put_only_on_purpose(app) -> None:
    """Item 2: Space twice at a hand-over never makes the unit stay put,
    nor Enter with nothing planned; H does."""
    assert app.overlay == "handover"
    moves = len(app.game.log.of_type("move"))
    _press(app, pygame.K_SPACE)               # goes past the hand-over ...
    assert app.overlay is None
    uid = app.selected
    _press(app, pygame.K_SPACE)               # ... and a second press does nothing to the unit
    assert len(app.game.log.of_type("move")) == moves and app.flow.may_act(uid) and "H" in app.message
    _press(app, pygame.K_RETURN)              # nothing planned: Enter says how to stay put
    assert len(app.game.log.of_type("move")) == moves and app.flow.may_act(uid)
    assert "H (Stay put)" in app.message and app.message_bad
    _press(app, pygame.K_h)
    stayed = app.game.log.of_type("move")[-1]
    assert stayed["unit"] == uid and stayed["path"] == [] and not app.flow.may_act(uid)


def test_three_classic_turns_on_the_default_level_take_half_the_keys_and_one_hand_over_per_change(tmp_path):
    app = _app(tmp_path)
    n = Newcomer(app)
    _take_back_from_the_hand_over(app, n)
    n.act()                                    # the mover moves again
    _stay_put_only_on_purpose(app)
    n.play_turns(3)
    t = n.tally
    assert app.game.turn == 4 and not app.game.log.of_type("refused")
    for turn in (1, 2, 3):
        assert t.keys[turn] * 2 <= KEYS_BEFORE[turn], (turn, t.keys[turn])
        assert t.handovers[turn] <= t.changes[turn] + (1 if turn == 1 else 0), (turn, t.handovers, t.changes)
        assert t.digests[turn] == 0 and t.screens[turn] == t.handovers[turn]    # the digest is on the hand-over
    assert t.keys[2] <= 37                     # turn 2 took 74 key presses before


def test_a_shared_table_has_no_hand_overs(tmp_path):
    app = _app(tmp_path, Table(shared=True))
    n = Newcomer(app)
    n.play_turns(1)
    assert n.tally.handovers[1] == 0 and n.tally.changes[1] > 5
    assert app.game.turn == 2


def test_a_turn_with_the_dice_rolled_at_the_table_follows_the_typed_totals(tmp_path):
    app = _app(tmp_path, Table(dice_at_table=True))
    n = Newcomer(app)
    totals = itertools.cycle([9, 5, 12, 12, 11, 10, 8, 7, 6, 4, 3, 12])
    typed, asked = [], []
    for _ in range(900):
        if app.game.turn >= 2:
            break               # the last declaration carried the rest of turn 1 and turn 2's initiative
        if app.overlay == "dice":
            need = app.top.need
            lo, hi = app.top.bounds()
            total = max(lo, min(hi, next(totals)))
            asked.append((need.purpose, need.for_, need.target))
            typed.append(total)
            pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=str(total)))
            n.pump()
            n.key(pygame.K_RETURN)
        else:
            n.act()
    g = app.game
    rolls = g.log.of_type("roll")
    assert len(rolls) == len(typed) and (g.turn, g.phase) == (2, "movement")
    assert [r["total"] for r in rolls] == typed and all(r["forced"] for r in rolls)
    assert [r["purpose"] for r in rolls] == [p for p, _f, _t in asked]
    attacks = [a for a in g.log.of_type("attack") if a.get("roll") is not None]
    assert any(a["hit"] for a in attacks) and any(not a["hit"] for a in attacks)
    assert {"initiative", "to_hit", "location"} <= {r["purpose"] for r in rolls}
    for a in attacks:
        assert a["hit"] == (a["roll"] >= a["to_hit"] and a["roll"] != 2)
    assert [t for p, _f, t in asked if p == "to_hit"] == [a["to_hit"] for a in attacks]   # the prompt said it
    for e in g.log.of_type("psr"):
        if e.get("roll") is not None:
            assert e["passed"] == (e["roll"] >= e["target"])
    # it saves, loads and replays as any other battle
    assert Replay.from_game(g).verify() == []
    path = saves.save_game(g, tmp_path / "table.json")
    assert saves.load_game(path).snapshots() == g.snapshots()


def test_after_the_computer_s_unit_acts_the_person_s_next_unit_is_on_screen(tmp_path):
    """Against the computer there is no hand-over screen, whose Enter
    centres the view on the unit to act: the view follows the computer's
    unit, then pans (no more than needed) to bring the person's next unit
    on screen, so that no turn begins with a search for it (C)."""
    from engine.ui.computer_turns import PAUSE
    screen = pygame.display.set_mode((1400, 860))
    level = session.default_level()
    app = App(screen, None, save_dir=tmp_path, edge_pan=False, autosave=False)
    assert app.new_game(level, seed=1, players={"red": "bot:1"})
    app.draw()
    turns = 0
    for _ in range(60):
        if app.computer.acting():
            app.update(PAUSE)
            app.draw()
            if app.flow.current_side == "blue" and app.selected:
                turns += 1
                h = app.game.world.component(app.ent(app.selected), Position).hex
                assert app.camera.in_view(*app.camera.to_screen(h)), (app.game.turn, app.game.phase, app.selected)
        elif app.flow.current_side == "blue" and app.selected:
            app.do("hold")                  # H: stays put, holds fire
        else:
            _press(app, pygame.K_RETURN)
        if app.game.turn > 1:
            break
    assert turns >= 4


def _lost_by_the_pan(camera, cpu, mine) -> bool:
    """Would the old pan (to `mine` only, from the view centred on `cpu`)
    put `cpu` off screen, though both fit on it?"""
    from engine.ui.geometry import Camera
    c = Camera(camera.map_w, camera.map_h, camera.view, camera.zoom)
    c.center_on(cpu)
    c.bring_into_view(mine)
    (x0, y0), (x1, y1) = c.to_screen(cpu), c.to_screen(mine)
    fits = abs(x1 - x0) <= camera.view[2] - camera.size and abs(y1 - y0) <= camera.view[3] - camera.size
    return fits and not c.in_view(x0, y0)


def _on_to_the_computer_s_weapon_phase(app) -> None:
    """Play on, the person's units staying put, until the computer (red) is
    to act in the weapon phase."""
    from engine.ui.computer_turns import PAUSE
    for _ in range(60):
        if app.game.phase == "weapon" and app.computer.acting() and app.flow.current_side == "red":
            return
        if app.computer.acting():
            app.update(PAUSE)
            app.draw()
        elif app.selected:
            app.do("hold")
        else:
            _press(app, pygame.K_RETURN)


def test_after_the_computer_s_unit_acts_the_view_frames_it_with_the_person_s_next_unit(tmp_path):
    """The computer's unit fires (the view centres on it), then the view
    pans to the person's next unit, placed where the pan to it alone would
    lose the computer's unit though both fit on screen: both are framed."""
    from engine.session import training_ground
    from engine.ui.computer_turns import PAUSE
    from engine.ui.geometry import ZOOM_LEVELS
    game = training_ground(seed=3)
    w = game.world
    app = App(pygame.display.set_mode((1280, 800)), None, save_dir=tmp_path, edge_pan=False, autosave=False)
    app.set_game(game, None, players={"red": "bot:1"})
    app.draw()
    _on_to_the_computer_s_weapon_phase(app)
    assert game.phase == "weapon" and app.flow.current_side == "red" and app.flow.waiting("blue")
    mine = app.flow.waiting("blue")[0]
    cpu = {u: w.component(game.units[u], Position).hex for u in app.flow.waiting("red")}
    free = [h for h in sorted(game.map.all_hexes()) if not game.units_at(h)]
    for zoom in sorted(range(len(ZOOM_LEVELS)), key=lambda z: abs(z - app.camera.zoom)):   # as near as can be
        app.camera.zoom = zoom
        spots = [h for h in free if all(_lost_by_the_pan(app.camera, c, h) for c in cpu.values())]
        if spots:
            break
    w.component(game.units[mine], Position).hex = spots[0]
    app.drop_caches()
    app.update(PAUSE)
    app.draw()
    acted = [u for u in cpu if u in app.flow.acted]
    assert len(acted) == 1 and app.selected == mine
    cam = app.camera
    assert cam.in_view(*cam.to_screen(spots[0])) and cam.in_view(*cam.to_screen(cpu[acted[0]]))


class _HoldingPlayer:
    """A computer player whose units never attack (a player told to hold)."""

    def __init__(self, player) -> None:
        self.player = player

    def choose_unit(self, game, waiting):
        return self.player.choose_unit(game, waiting)

    def act(self, game, uid):
        if game.phase == "movement":
            yield from self.player.act(game, uid)


def test_a_computer_unit_that_holds_fire_is_in_the_combat_log_as_a_person_s_is(tmp_path):
    """A computer's unit that could fire and does not: the log says it holds,
    as it does for a person's unit told to hold."""
    from engine.session import training_ground
    from engine.ui.computer_turns import PAUSE
    game = training_ground(seed=3)
    app = App(pygame.display.set_mode((1280, 800)), None, save_dir=tmp_path, edge_pan=False, autosave=False)
    app.set_game(game, None, players={"red": "bot:1"})
    app.computer.players()["red"] = _HoldingPlayer(app.computer.players()["red"])
    app.draw()
    _on_to_the_computer_s_weapon_phase(app)
    assert game.phase == "weapon" and app.flow.current_side == "red"
    uid = app.flow.waiting("red")[0]
    app.update(PAUSE)
    name = app.name(uid)
    assert uid in app.flow.acted
    assert any(n["text"] == f"Red: {name} holds" for n in app.seat.notes)


def test_when_the_computer_hands_the_board_back_the_line_says_what_the_person_does_now(tmp_path):
    """Against the computer there is no hand-over screen to say whose turn
    it is: each time the board comes back to the person after the
    computer's units acted, and at each new phase, the message line says
    what to do now (as after a hand-over), not the computer's last action
    (that is in the combat log)."""
    from engine.ui.computer_turns import PAUSE
    from engine.ui.turn_actions import WHAT_NOW
    screen = pygame.display.set_mode((1400, 860))
    app = App(screen, None, save_dir=tmp_path, edge_pan=False, autosave=False)
    assert app.new_game(session.default_level(), seed=1, players={"red": "bot:1"}, deploy=False)
    app.draw()
    came_back, computer_acted, phases = 0, False, set()
    for _ in range(200):
        if app.game.turn > 1:
            break
        if app.computer.acting():
            app.update(PAUSE)
            app.draw()
            computer_acted = True
            continue
        if app.overlay is not None or not app.selected:
            _press(app, pygame.K_RETURN)
            continue
        assert app.flow.current_side == "blue"
        if computer_acted or app.game.phase not in phases:
            came_back += computer_acted
            phases.add(app.game.phase)
            assert app.message == f"Blue's turn: {WHAT_NOW[app.phase_kind()]}" and not app.message_bad, \
                (app.game.phase, app.message)
        computer_acted = False
        _press(app, pygame.K_h)                  # the person's unit holds
    assert app.game.turn == 2 and came_back >= 4 and {"movement", "weapon"} <= phases


def test_every_button_of_a_turn_and_the_screens_holds_its_label(tmp_path, monkeypatch):
    """No button's label (with its key) runs into the button's border, on
    any panel of a turn played through (deployment, move, fire, physical)
    nor on the new-battle, force builder, menu and help screens."""
    import sys
    from engine import deployment
    from engine.ui import theme, widgets
    too_long = {}
    orig = widgets.button

    def measured(surf, hits, rect, label, action, arg=None, enabled=True, active=False, key="", tip="",
                 mouse=None):
        full = label + (f" [{key}]" if key else "")
        if theme.font(13).size(full)[0] > pygame.Rect(rect).w - 8:
            too_long[full] = pygame.Rect(rect).w
        return orig(surf, hits, rect, label, action, arg, enabled, active, key, tip, mouse)
    for name, module in list(sys.modules.items()):
        if name.startswith("engine.ui") and getattr(module, "button", None) is orig:
            monkeypatch.setattr(module, "button", measured)
    screen = pygame.display.set_mode((1400, 860))
    app = App(screen, None, save_dir=tmp_path, edge_pan=False, autosave=False)
    assert app.new_game(session.default_level(), seed=1, deploy=True)
    app.draw()
    n = Newcomer(app)
    for _ in range(400):
        if app.game.turn > 2:
            break
        if app.top is None and deployment.active(app.game):
            n.key(pygame.K_RETURN)            # the deployment as the level placed the units
        else:
            n.act()
    assert app.game.turn > 2 and app.game.log.of_type("declare")
    for action in ("new_menu", "close", "menu", "close", "help", "close"):
        app.do(action)
        app.draw()
    app.do("new_menu")
    app.do("new_force", "blue")
    app.draw()
    assert app.overlay == "forces"
    assert not too_long, too_long
