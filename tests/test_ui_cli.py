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


def test_play_command_takes_options_before_the_level(tmp_path):
    """`python -m engine play` passes every argument to the game, options first too."""
    import subprocess
    import sys
    from pathlib import Path
    out = tmp_path / "shot.png"
    env = dict(os.environ, PYTHONPATH=str(Path(__file__).resolve().parent.parent))
    run_ = subprocess.run([sys.executable, "-m", "engine", "play", "--screenshot", str(out), "--size", "1000x700",
                           "--save-dir", str(tmp_path)], capture_output=True, text=True, timeout=120,
                          env=env, cwd=tmp_path)
    assert run_.returncode == 0, run_.stderr
    pygame.init()
    assert pygame.image.load(str(out)).get_size() == (1000, 700)
