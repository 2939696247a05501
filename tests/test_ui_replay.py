"""Replay mode of the hot-seat window, driven headless by posting real pygame
events: a short game is played through the UI and saved, then shown
read-only and stepped forward, back and by turns."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from engine import saves
from engine.replay import Replay
from engine.ui.app import App
from engine.session import training_ground
from tests.test_ui_app import click_button, handover, hex_of, key, play_out_phase, pump


@pytest.fixture(scope="module", autouse=True)
def _pygame():
    pygame.init()
    yield
    pygame.quit()


def _played_save(tmp_path):
    """Turn 1: one unit walks a hex, everyone else passes; all phases run; turn 2 starts."""
    screen = pygame.display.set_mode((1280, 800))
    a = App(screen, training_ground(seed=3), level=None, save_dir=tmp_path, edge_pan=False)
    a.draw()
    handover(a)
    uid = a.selected
    key(a, pygame.K_w)
    key(a, pygame.K_RETURN)
    moved_to = hex_of(a, uid)
    for _ in range(5):
        play_out_phase(a)
        if a.game.phase == "movement":
            break
    assert (a.game.turn, a.game.phase) == (2, "movement")
    path = saves.save_game(a.game, tmp_path / "played.json")
    return path, uid, moved_to, a.game.to_dict()


def _viewer(path):
    screen = pygame.display.set_mode((1280, 800))
    a = App(screen, edge_pan=False, autosave=False)
    a.set_replay(Replay.from_file(path))
    pump(a)
    return a


def _state_at(path, position):
    ref = Replay.from_file(path)
    ref.seek(position)
    return ref.game.to_dict()


def test_replay_window_steps_forward_back_and_by_turn(tmp_path):
    path, uid, moved_to, final = _played_save(tmp_path)
    a = _viewer(path)
    r = a.replay
    assert r.position == 0 and a.game is r.game
    key(a, pygame.K_RIGHT)
    key(a, pygame.K_RIGHT)
    key(a, pygame.K_RIGHT)
    assert r.position == 3 and a.game.to_dict() == _state_at(path, 3)
    key(a, pygame.K_LEFT)
    assert r.position == 2 and a.game.to_dict() == _state_at(path, 2)
    key(a, pygame.K_PAGEDOWN)                       # the start of the next turn
    assert a.game.turn == 2 and a.game.log.events[-1]["turn"] == 2
    assert hex_of(a, uid) == moved_to
    key(a, pygame.K_t, mod=pygame.KMOD_SHIFT)       # back to the start of turn 1: nothing moved yet
    assert a.game.turn == 1 and not a.game.log.of_type("move")
    key(a, pygame.K_END)
    assert r.at_end and saves.load_game(path).to_dict()["units"] == a.game.to_dict()["units"]
    assert r.game.to_dict()["events"] == final["events"]
    key(a, pygame.K_HOME)
    assert r.position == 0
    click_button(a, "replay", "next_turn")          # the bar's buttons do the same
    assert a.game.turn == 1
    click_button(a, "replay", "forward")
    assert "Replay: turn 1" in __import__("engine.ui.replay_view", fromlist=["status"]).status(r)


def test_replay_window_takes_no_orders(tmp_path):
    path, uid, _moved_to, _final = _played_save(tmp_path)
    a = _viewer(path)
    key(a, pygame.K_PAGEDOWN)
    before = a.game.to_dict()
    for k in (pygame.K_TAB, pygame.K_w, pygame.K_RETURN, pygame.K_SPACE, pygame.K_n):
        key(a, k)
    a.do("select", uid)
    a.do("confirm")
    a.do("end_phase")
    a.do("take_back")
    pump(a)
    assert a.game.to_dict() == before and a.selected is None
    assert not any(h.action in ("end_phase", "confirm", "mode") for h in a.hits)


def test_replay_command_screenshot(tmp_path):
    from engine.replay import main
    path, *_ = _played_save(tmp_path)
    out = tmp_path / "replay.png"
    assert main([str(path), "--turn", "2", "--screenshot", str(out), "--size", "1000x700"]) == 0
    assert pygame.image.load(str(out)).get_size() == (1000, 700)


def test_esc_leaves_the_replay_after_a_question_that_says_the_save_stays(tmp_path, monkeypatch):
    from engine.ui.screens import menus
    path, *_ = _played_save(tmp_path)
    a = _viewer(path)
    key(a, pygame.K_ESCAPE)
    assert a.overlay == "confirm_quit" and a.running
    shown = []
    real = menus.text
    monkeypatch.setattr(menus, "text", lambda surf, s, *args, **kw: (shown.append(s), real(surf, s, *args, **kw))[1])
    pump(a)
    assert any("nothing in it changes" in s for s in shown) and not any("autosaved" in s for s in shown)
    key(a, pygame.K_y)
    assert not a.running


def test_the_replay_s_empty_record_sheet_asks_for_a_click_only(tmp_path, monkeypatch):
    """In a replay Tab selects nothing (nobody acts): the empty record
    sheet says to click a unit, not to press Tab; a click shows its record."""
    from engine.ui import record_sheet
    path, uid, _moved_to, _final = _played_save(tmp_path)
    a = _viewer(path)
    written = []
    real = record_sheet.text
    monkeypatch.setattr(record_sheet, "text", lambda surf, line, *r, **k: (written.append(line), real(surf, line, *r, **k))[1])
    pump(a)
    assert "No unit selected" in written and not [w for w in written if "Tab" in w]
    assert any(w.startswith("Click a unit") for w in written)
    key(a, pygame.K_TAB)
    assert a.inspect is None and a.selected is None


def test_the_replay_bar_has_a_leave_button_with_its_key(tmp_path, monkeypatch):
    """Leave [Esc] on the bar asks the same question as Esc; every button
    of the bar shows its key and none covers the status, at the smallest window."""
    from engine.ui import replay_view
    path, *_ = _played_save(tmp_path)
    a = _viewer(path)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(900, 600), w=900, h=600))
    drawn, written = [], []
    real_button, real_text = replay_view.button, replay_view.text
    monkeypatch.setattr(replay_view, "button", lambda *a, **kw: (drawn.append((a[3], kw.get("key"))),
                                                                 real_button(*a, **kw))[1])
    monkeypatch.setattr(replay_view, "text", lambda *a, **kw: (written.append(real_text(*a, **kw)), written[-1])[1])
    pump(a)
    assert ("Leave", "Esc") in drawn and all(k for _label, k in drawn)
    bar = [h.rect for h in a.hits if h.rect.bottom <= 40]
    assert written and not [r for r in written if any(r.colliderect(b) for b in bar)]
    assert max(b.right for b in bar) <= 900
    click_button(a, "quit")
    assert a.overlay == "confirm_quit" and a.running
    key(a, pygame.K_y)
    assert not a.running
