"""`hexmech --screenshot PATH [--demo NAME]` renders one frame headless, and
saves are versioned JSON written atomically."""
from __future__ import annotations

import json
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from engine.errors import DataError
from engine.saves import SAVE_VERSION, load_game, save_game
from engine.ui.main import run
from engine.ui.session import BUILTIN, training_ground


@pytest.mark.parametrize("demo", [None, "move"])
def test_screenshot_writes_a_png(tmp_path, demo):
    out = tmp_path / "shot.png"
    argv = [BUILTIN, "--screenshot", str(out), "--size", "1000x700", "--save-dir", str(tmp_path)]
    if demo:
        argv += ["--demo", demo]
    assert run(argv) == 0
    pygame.init()
    img = pygame.image.load(str(out))
    assert img.get_size() == (1000, 700)
    pygame.quit()


def test_save_roundtrip_is_versioned_and_leaves_no_temp_files(tmp_path):
    g = training_ground(seed=5)
    g.start_turn()
    path = save_game(tmp_path / "a.json", g, {"flow": {"pos": 2}})
    doc = json.loads(path.read_text())
    assert doc["format"] == "hexmech-save" and doc["version"] == SAVE_VERSION
    assert [p.name for p in tmp_path.iterdir()] == ["a.json"]
    g2, front = load_game(path)
    assert g2.snapshots() == g.snapshots() and front == {"flow": {"pos": 2}}
    assert g2.turn == g.turn and g2.initiative == g.initiative


def test_load_refuses_other_versions_and_non_saves(tmp_path):
    p = tmp_path / "x.json"
    p.write_text(json.dumps({"format": "hexmech-save", "version": 99, "game": {}}))
    with pytest.raises(DataError, match="version 99"):
        load_game(p)
    p.write_text("{not json")
    with pytest.raises(DataError, match="not a hexmech save"):
        load_game(p)
