"""MegaMek boards as Tiled levels (engine/board_import.py): every sample
board in ../shared/megamek/boards imports, checks clean, and keeps every
hex's elevation, woods, water depth, road and building; a bad board is one
line and exit 2."""
import os
import subprocess
import sys
from pathlib import Path

import pytest

from engine.board_import import parse_board, road_tile_name
from engine.errors import DataError
from engine.hexgrid import Hex
from engine.levels import level_report

ROOT = Path(__file__).resolve().parent.parent
BOARDS = ROOT.parent / "shared" / "megamek" / "boards"
SAMPLES = sorted(BOARDS.glob("*.board")) if BOARDS.is_dir() else []
needs_boards = pytest.mark.skipif(not SAMPLES, reason="../shared/megamek/boards (MegaMek sample boards) absent")


def _run(*args, cwd=ROOT):
    return subprocess.run([sys.executable, "-m", "engine", *args], cwd=cwd, capture_output=True, text=True,
                          timeout=120, env=dict(os.environ, PYTHONPATH=str(ROOT)))


@needs_boards
@pytest.mark.parametrize("board", SAMPLES, ids=lambda p: p.stem)
def test_sample_board_imports_checks_clean_and_keeps_every_hex(board, tmp_path):
    out = tmp_path / "level.tmx"
    run = _run("import-board", str(board), "--out", str(out))
    assert run.returncode == 0, run.stderr
    level, problems, _warnings = level_report(out)
    assert problems == []
    parsed = parse_board(board.read_text(), board.name)
    m = level.map
    assert (m.width, m.height) == (parsed.width, parsed.height)
    for at, (elevation, f) in parsed.hexes.items():
        t = m.terrain(at)
        assert t.level == elevation, at
        woods = (f.get("woods") or [0])[0]
        assert t.woods == min(woods, 2), at
        water = (f.get("water") or [0])[0] if "building" not in f else 0
        assert t.depth == water and (t.terrain == "water") == (water > 0), at
        assert t.road == ("road" in f), at
        assert t.building == ((f.get("bldg_elev") or [1])[0] if "building" in f else 0), at
        assert t.paved == ("pavement" in f or "road" in f), at
    assert set(level.deployment) == {"blue", "red"}
    assert all(h.x < 3 for h in level.deployment["blue"]) and all(h.x >= m.width - 3 for h in level.deployment["red"])
    # Each building's MegaMek class and CF (B-CLASS-4): what the level now reads.
    classes = {1: "light", 2: "medium", 3: "heavy", 4: "hardened"}
    for at, (_e, f) in parsed.hexes.items():
        if "building" not in f:
            continue
        t = m.terrain(at)
        mm_type, mm_cf = (f["building"] or [0])[0], (f.get("bldg_cf") or [0])[0]
        if mm_type in classes:
            assert t.building_type == classes[mm_type], at
        if mm_cf > 0:
            assert t.construction_factor == min(mm_cf, 150), at


@needs_boards
def test_dropped_features_are_listed():
    board = BOARDS / "16x17 Grassland 2 (Low Bridges).board"
    run = _run("import-board", str(board), "--out", "/dev/null/x.tmx")
    assert run.returncode == 2 and len(run.stderr.strip().splitlines()) == 1
    import tempfile
    with tempfile.TemporaryDirectory() as tmp:
        run = _run("import-board", str(board), cwd=tmp)
        assert run.returncode == 0 and "dropped: bridge in 5 hex(es)" in run.stdout
        assert (Path(tmp) / "16x17_grassland_2_low_bridges.tmx").is_file()


@pytest.mark.parametrize("text,why", [("", "no \"size"), ("size 2 2\nhex 0303 0 \"\" \"\"\n", "off the 2 x 2"),
                                      ("size 2\n", "size"), ("hex 0101 0 \"\" \"\"\n", "before the size"),
                                      ("size 2 2\nhex 0101 x \"\" \"\"\n", "expected hex"),
                                      ("size 2 2\nhex 0101 0 \"woods:a\" \"\"\n", "terrain woods"),
                                      ("<map/>", "not a MegaMek board line")])
def test_a_bad_board_is_one_line(text, why):
    with pytest.raises(DataError, match=why):
        parse_board(text, "b.board")


def test_a_bad_board_exits_2_with_one_line(tmp_path):
    bad = tmp_path / "bad.board"
    bad.write_bytes(b"\xff\xfe garbage")
    run = _run("import-board", str(bad), "--out", str(tmp_path / "o.tmx"))
    assert run.returncode == 2 and len(run.stderr.strip().splitlines()) == 1 and "Traceback" not in run.stderr


def test_every_set_of_road_exits_has_a_shipped_piece():
    from engine.board_import import _shipped_tiles
    names = _shipped_tiles()
    for mask in range(64):
        assert road_tile_name({d for d in range(6) if mask >> d & 1}) in names


def test_a_map_without_units_from_a_board_plays(tmp_path):
    board = tmp_path / "small.board"
    board.write_text('size 3 2\nhex 0101 2 "woods:2" ""\nhex 0201 0 "water:1" ""\n'
                     'hex 0102 1 "road:1:9" ""\nend\n', encoding="utf-8")
    assert _run("import-board", str(board), "--out", str(tmp_path / "m.tmx")).returncode == 0
    level, problems, warnings = level_report(tmp_path / "m.tmx")
    assert problems == [] and level.placements == [] and level.map.terrain(Hex(0, 0)).terrain == "heavy_woods"
    assert any("no units" in w for w in warnings)
