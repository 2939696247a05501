"""engine/paths.py: the one rule for a path that comes from data."""
import os

import pytest

from engine.errors import DataError
from engine.paths import TILESETS, allowed_roots, confine


def test_a_path_inside_the_allowed_folders_resolves(tmp_path):
    (tmp_path / "t.tsx").write_text("x")
    assert confine("t.tsx", tmp_path, allowed_roots(tmp_path), "tileset t.tsx").path == (tmp_path / "t.tsx").resolve()


def test_outside_missing_and_unusable_paths_are_refused(tmp_path):
    os.mkfifo(tmp_path / "fifo")
    (tmp_path / "lvl").mkdir()
    roots = allowed_roots(tmp_path / "lvl")
    for name, why in (("../fifo", "leads outside"), ("/etc/passwd", "leads outside"), ("gone.tsx", "not found"),
                      ("", "expected a file path"), ("a\x00b", "not a usable"), (7, "expected a file path")):
        with pytest.raises(DataError, match=why):
            confine(name, tmp_path / "lvl", roots, "tileset")


def test_a_shipped_name_stands_in_for_a_missing_or_outside_path(tmp_path):
    roots = allowed_roots(tmp_path)
    missing = confine("../assets/tilesets/terrain.tsx", tmp_path, roots, "tileset", shipped=TILESETS)
    assert missing.path == (TILESETS / "terrain.tsx").resolve() and "not found" in missing.warning
    (tmp_path / "elsewhere").mkdir()
    (tmp_path / "lvl").mkdir()
    (tmp_path / "elsewhere" / "terrain.tsx").write_text("not read")
    outside = confine("../elsewhere/terrain.tsx", tmp_path / "lvl", allowed_roots(tmp_path / "lvl"), "tileset",
                      shipped=TILESETS)
    assert outside.path == (TILESETS / "terrain.tsx").resolve() and outside.warning is None
