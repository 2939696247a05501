"""Malformed levels are refused with lines naming the file (never a
traceback); a level's tileset, images and unit files cannot reach outside the
level's folder, the shipped assets and the mod folders."""
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from engine import random_play as rp
from engine.errors import DataError
from engine.levels import load_level, new_game_from_level
from engine.paths import ASSETS, LEVELS

ROOT = Path(__file__).resolve().parent.parent
TSX = (ASSETS / "tilesets" / "terrain.tsx").resolve()
SHIPPED = sorted(LEVELS.glob("*.tmx"))

ATTR_VALUES = st.one_of(st.sampled_from(["", "0", "-1", "999999", "abc", "1.5", "true", "hexagonal",
                                         "../../etc/passwd", "y", "even", "x" * 300]),
                        st.integers(-5, 40).map(str), st.text(max_size=6))


@pytest.fixture(scope="module")
def work(tmp_path_factory) -> Path:
    """One folder for the module's written files, removed with pytest's others."""
    return tmp_path_factory.mktemp("levels")


def _with_tileset_here(text: str) -> str:
    """Point the level's tileset at the shipped one wherever the copy lives."""
    return text.replace('source="../assets/tilesets/terrain.tsx"', f'source="{TSX}"')


def _assert_clean(path: Path) -> None:
    try:
        level = load_level(path)
    except DataError as exc:
        assert exc.problems
        for line in exc.problems:
            assert "\n" not in line and line.startswith(str(path)), line
        return
    assert level.map.width >= 1


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_mutated_levels_load_or_are_refused_cleanly(work, data):
    src = data.draw(st.sampled_from(SHIPPED))
    root = ET.fromstring(_with_tileset_here(src.read_text()))
    elements = list(root.iter())
    for _ in range(data.draw(st.integers(1, 3))):
        el = data.draw(st.sampled_from(elements))
        op = data.draw(st.sampled_from(["attr", "attr", "delete", "text", "new_attr"]))
        if op == "attr" and el.attrib:
            el.set(data.draw(st.sampled_from(sorted(el.attrib))), data.draw(ATTR_VALUES))
        elif op == "new_attr":
            el.set(data.draw(st.sampled_from(["evil", "type", "value", "name", "gid"])), data.draw(ATTR_VALUES))
        elif op == "delete":
            for parent in root.iter():
                if el in list(parent):
                    parent.remove(el)
                    break
        elif op == "text" and el.tag == "data" and el.text:
            text = el.text
            i = data.draw(st.integers(0, len(text)))
            el.text = text[:i] + data.draw(st.sampled_from(["9999", "-1", "x", ",,", "", "1,1,1"])) + text[i:]
    path = work / "mutant.tmx"
    path.write_text(ET.tostring(root, encoding="unicode"))
    _assert_clean(path)


@settings(max_examples=40, deadline=None)
@given(st.data())
def test_truncated_levels_are_refused_cleanly(work, data):
    text = _with_tileset_here(data.draw(st.sampled_from(SHIPPED)).read_text())
    path = work / "cut.tmx"
    path.write_text(text[:data.draw(st.integers(0, len(text)))])
    _assert_clean(path)


def _level(tmp: Path, text: str) -> Path:
    path = tmp / "lvl.tmx"
    path.write_text(text)
    return path


def test_tileset_outside_the_allowed_folders_is_refused(tmp_path):
    text = (LEVELS / "training.tmx").read_text().replace("../assets/tilesets/terrain.tsx", "../../../../etc/passwd")
    with pytest.raises(DataError) as exc:
        load_level(_level(tmp_path, text))
    assert "outside" in exc.value.first_line() and "tileset" in exc.value.first_line()


def test_tileset_image_outside_the_allowed_folders_is_refused(tmp_path):
    tsx = TSX.read_text()
    tsx = tsx.replace('source="terrain.png"', 'source="/etc/passwd"')
    (tmp_path / "mine.tsx").write_text(tsx)
    text = (LEVELS / "training.tmx").read_text().replace("../assets/tilesets/terrain.tsx", "mine.tsx")
    with pytest.raises(DataError) as exc:
        load_level(_level(tmp_path, text))
    assert any("image" in p and "outside" in p for p in exc.value.problems)


def test_unit_file_path_in_a_level_cannot_escape(tmp_path):
    text = _with_tileset_here((LEVELS / "training.tmx").read_text())
    root = ET.fromstring(text)
    prop = next(p for p in root.iter("property") if p.get("name") == "unit")
    prop.set("value", "../../etc/passwd")
    with pytest.raises(DataError) as exc:
        load_level(_level(tmp_path, ET.tostring(root, encoding="unicode")))
    assert "not found" in exc.value.first_line() or "outside" in exc.value.first_line()


def test_a_level_copied_elsewhere_with_its_own_tileset_loads(tmp_path):
    (tmp_path / "tiles").mkdir()
    (tmp_path / "tiles" / "terrain.tsx").write_text(TSX.read_text())
    (tmp_path / "tiles" / "terrain.png").write_bytes((TSX.parent / "terrain.png").read_bytes())
    text = (LEVELS / "training.tmx").read_text().replace("../assets/tilesets/terrain.tsx", "tiles/terrain.tsx")
    assert load_level(_level(tmp_path, text)).map.width == 16


@pytest.mark.parametrize("case", ["garbage", "empty", "escape", "huge"])
def test_check_command_never_shows_a_traceback(tmp_path, case):
    text = {"garbage": "<map><<<", "empty": "",
            "escape": (LEVELS / "training.tmx").read_text().replace("../assets/tilesets/terrain.tsx", "/etc/passwd"),
            "huge": (LEVELS / "training.tmx").read_text().replace('width="16"', 'width="100000"', 1)}[case]
    path = _level(tmp_path, text)
    run = subprocess.run([sys.executable, "-m", "engine", "check", str(path)], cwd=ROOT,
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 2 and "Traceback" not in run.stderr + run.stdout
    lines = (run.stdout + run.stderr).strip().splitlines()
    assert lines and all(line.startswith(str(path)) for line in lines), lines


def test_random_play_on_a_level_game_round_trips():
    import random
    game = new_game_from_level(LEVELS / "skirmish.tmx", seed=3)
    stats, inv = rp.Stats(), rp.Invariants(check_refusals=False)
    rp.play_game(game, random.Random(3), 2, stats, inv)
    game.close()
    assert stats.problems == []
