"""A whole battle played through the window's own actions (the same entry
points clicks and keys use) until one side wins: no crash, no refused order."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from engine.orders import PhysicalOrder
from engine.paths import LEVELS
from engine import session
from engine.ui.app import App
from engine.ui.demo import _advance_all, _aim, _dismiss


def choose(app, options: list[int]) -> None:
    """The first physical attack possible, chosen then declared (Enter), or none."""
    if options:
        app.do("physical", options[0])
        app.do("confirm")
    else:
        app.do("hold")


def play(app, max_steps=800):
    for _ in range(max_steps):
        if app.flow.over:
            return
        _dismiss(app)
        kind = app.phase_kind()
        if app.flow.phase_done():
            app.do("end_phase")
        elif kind == "move":
            _advance_all(app, keep=1)
        elif kind in ("fire", "physical") and app.selected and app.target is None and _aim(app):
            pass
        elif kind == "fire" and app.selected:
            if app.target and any(app.fire.checks.values()):
                app.do("confirm")
            else:
                opts = ([i for i, (_l, _o, p) in enumerate(app.physical.options(app.target)) if p.reason is None]
                        if app.target and PhysicalOrder in app.flow.order_types() else [])
                choose(app, opts)
        elif kind == "physical" and app.selected:
            opts = ([i for i, (_l, _o, p) in enumerate(app.physical.options(app.target)) if p.reason is None]
                    if app.target else [])
            choose(app, opts)
        else:
            app.do("hold")
        app.draw()


@pytest.mark.parametrize("level", ["alpha_skirmish.tmx", "training.tmx"])
def test_a_battle_plays_to_victory_through_the_ui(tmp_path, level):
    path = LEVELS / level
    pygame.init()
    screen = pygame.display.set_mode((1200, 800))
    app = App(screen, session.new_game(str(path), [], 3), level=str(path), save_dir=tmp_path, edge_pan=False)
    play(app)
    assert app.flow.over and app.game.winner
    assert app.overlay == "victory"
    assert not app.game.log.of_type("refused")


def test_autosave_snapshot_equals_a_full_save_and_loads(tmp_path):
    """The incremental autosave copy is exactly engine/saves.py's save dict."""
    from engine import saves
    from engine.autosaver import BackgroundSaver
    path = LEVELS / "training.tmx"
    pygame.init()
    screen = pygame.display.set_mode((1200, 800))
    app = App(screen, session.new_game(str(path), [], 4), level=str(path), save_dir=tmp_path, edge_pan=False)
    saver = BackgroundSaver()
    for steps in (25, 25):
        play(app, steps)
        assert saver.snapshot(app.game) == saves.save_dict(app.game)
    app.saves.wait()
    newest = saves.autosaves(tmp_path)[0]
    assert saves.load_game(newest).snapshots() == app.game.snapshots() or app.game.phase != "movement"


def test_an_autosave_holds_the_map_as_it_was_when_it_was_made(tmp_path):
    """The autosave's copy shares the map's hex terrains: a building that
    collapses after the copy is made (HexMap.set, as the rules do it) is
    still standing in that autosave, and in the next one it is rubble."""
    from engine import saves
    from engine.autosaver import BackgroundSaver, _envelope
    from engine.hexmap import HexMap, Terrain
    from engine.levels import new_game_from_level
    game = new_game_from_level(LEVELS / "training.tmx", seed=1)
    h = next(iter(game.map.hexes))
    game.map.set(h, Terrain("clear", building=2, building_class="medium", cf=40))
    saver = BackgroundSaver()
    copied = saver._copy(game)
    game.map.set(h, Terrain("rubble"))
    game.map.clubs[h] = ["left_arm"]
    before = HexMap.from_dict(_envelope(*copied)["game"]["map"])
    assert before.terrain(h).building == 2 and h not in before.clubs
    after = saver.snapshot(game)
    assert after == saves.save_dict(game)
    assert HexMap.from_dict(after["game"]["map"]).terrain(h).terrain == "rubble"
