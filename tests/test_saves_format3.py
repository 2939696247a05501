"""Save format 3: maps as their level plus the changes to it, the file
gzip-compressed, older plain-JSON saves still read, and every refusal one
line naming the file and the field."""
import gzip
import json
import shutil
from pathlib import Path

import pytest

from engine import saves
from engine.errors import DataError
from engine.hexgrid import parse_hex_label
from engine.hexmap import Terrain
from engine.paths import LEVELS, TILESETS
from engine.persistence import CHECKS
from tests.test_saves_untrusted import edit, window


def refused(path: Path, *words: str) -> str:
    with pytest.raises(DataError) as exc:
        saves.load_game(path, CHECKS)
    line = exc.value.first_line()
    assert len(exc.value.problems) == 1 and str(path) in line, line
    for w in words:
        assert w in line, line
    return line


def test_a_window_save_holds_its_level_and_the_changes_and_loads_the_same(tmp_path):
    app = window(tmp_path / "saves")
    g = app.game
    woods = parse_hex_label("0101")
    g.map.set(woods, Terrain("rubble", level=1))                 # a hex the battle changed
    g.map.clubs[parse_hex_label("0202")] = ["left_arm"]
    path = app.save("battle")
    data = json.loads(saves.file_text(path))
    for m in (data["game"]["map"], data["game"]["record"]["setup"]["map"]):
        assert m["level"] == {"folder": "shipped", "path": "skirmish.tmx"} and "hexes" not in m
    m = data["game"]["map"]
    assert m["changes"] == [[woods.x, woods.y, {**vars(Terrain("rubble", level=1))}]]
    assert data["game"]["record"]["setup"]["map"]["changes"] == []
    loaded = saves.load_game(path, CHECKS)
    whole = saves.save_dict(g)["game"]                              # maps whole, as saved before
    assert loaded.map.to_dict() == whole["map"] and loaded.record["setup"]["map"] == whole["record"]["setup"]["map"]
    assert path.read_bytes()[:2] == b"\x1f\x8b"                  # gzip
    assert len(path.read_bytes()) < len(saves.dumps(g)) // 4


def test_a_save_whose_level_is_gone_or_outside_is_refused_in_one_line(tmp_path):
    mods = tmp_path / "mods"
    mods.mkdir()
    text = (LEVELS / "skirmish.tmx").read_text(encoding="utf-8")
    (mods / "modded.tmx").write_text(text.replace('source="../assets/tilesets/', f'source="{TILESETS}/'),
                                     encoding="utf-8")
    app = window(tmp_path / "saves", mods / "modded.tmx", [mods])
    path = app.save("modded")
    assert json.loads(saves.file_text(path))["game"]["map"]["level"] == {"folder": "mod", "path": "modded.tmx"}
    assert saves.load_game(path, CHECKS, [mods]).map.to_dict() == saves.save_dict(app.game)["game"]["map"]
    refused(path, "game.map.level", "not found")                   # read without the mod folder
    outside = edit(path, lambda d: d["game"]["map"]["level"].update(path="../../etc/passwd"))
    with pytest.raises(DataError, match="game.map.level.path: .*outside"):
        saves.load_game(outside, CHECKS, [mods])
    shutil.copy(mods / "modded.tmx", mods / "keep.tmx")
    (mods / "modded.tmx").write_text("<map", encoding="utf-8")
    with pytest.raises(DataError, match="game.map.level: the level does not read"):
        saves.load_game(path, CHECKS, [mods])


@pytest.mark.parametrize("change, field", [
    (lambda m: m.update(width=7), "game.map.width"),
    (lambda m: m["changes"].append([999, 0, {"terrain": "clear"}]), "game.map.changes[0][0]"),
    (lambda m: m["changes"].append([0, 0, {"terrain": "lava"}]), "game.map.hexes"),
    (lambda m: m["changes"].append("0101"), "game.map.changes[0]"),
    (lambda m: m.update(cleared=[[1]]), "game.map.cleared[0]"),
    (lambda m: m.update(extra=1), "game.map.extra"),
    (lambda m: m["level"].update(folder="home"), "game.map.level.folder"),
    (lambda m: m.update(digest=5), "game.map.digest"),
])
def test_bad_map_references_are_refused_in_one_line(tmp_path, change, field):
    path = window(tmp_path / "saves").save("battle")
    refused(edit(path, lambda d: change(d["game"]["map"])), field)


def test_a_level_changed_since_loads_with_a_warning(tmp_path):
    path = window(tmp_path / "saves").save("battle")
    changed = edit(path, lambda d: d["game"]["map"].update(digest="0" * 16))
    assert any("changed since the save" in w for w in saves.read(changed, CHECKS).warnings)


def test_compressed_files_are_bounded_and_checked(tmp_path, monkeypatch):
    path = window(tmp_path / "saves").save("battle")
    raw = path.read_bytes()
    cut = tmp_path / "cut.hexsave.json"
    cut.write_bytes(raw[: len(raw) // 2])
    refused(cut, "truncated")
    tail = tmp_path / "tail.hexsave.json"
    tail.write_bytes(raw + b"junk")
    refused(tail, "after the end")
    bad = tmp_path / "bad.hexsave.json"
    bad.write_bytes(raw[:10] + bytes(100))
    refused(bad, "corrupt compressed data")
    bomb = tmp_path / "bomb.hexsave.json"
    bomb.write_bytes(gzip.compress(b" " * (2 << 20)))
    monkeypatch.setattr(saves, "MAX_BYTES", 1 << 20)
    refused(bomb, "decompresses to more than 1 MB")


def test_plain_json_saves_of_earlier_formats_still_load(tmp_path):
    path = window(tmp_path / "saves").save("battle")
    data = json.loads(saves.file_text(path))
    game = saves.load_game(path, CHECKS)
    whole = saves.envelope(game.to_dict(), data["frontend"])
    whole["version"] = 2                                           # format 2: plain JSON, maps whole
    old = tmp_path / "old.json"
    old.write_text(json.dumps(whole))
    assert saves.load_game(old, CHECKS).to_dict() == game.to_dict()
