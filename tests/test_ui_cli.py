"""`hexmech --screenshot PATH [--demo NAME]` renders one frame headless."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from engine.ui.main import run
from engine.session import BUILTIN


@pytest.mark.parametrize("demo", [None, "move", "heat", "ruler", "roster", "dice", "welcome", "as-melee",
                                  "vtol-warning", "buildings"])
def test_screenshot_writes_a_png(tmp_path, demo):
    out = tmp_path / "shot.png"
    argv = [BUILTIN, "--screenshot", str(out), "--size", "1000x700", "--save-dir", str(tmp_path)]
    if demo:
        argv += ["--demo", demo]
    assert run(argv) == 0
    pygame.init()
    img = pygame.image.load(str(out))
    assert img.get_size() == (1000, 700)
