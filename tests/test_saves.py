"""Saved games: round trip, crash-safe writes, migrations, refusals, autosaves."""
import json
import os
from pathlib import Path

import pytest

from engine import saves
from engine.errors import DataError
from engine.game import Game
from engine.orders import MoveOrder
from engine.scenario import parse_scenario, run_scenario

ROOT = Path(__file__).resolve().parent.parent

SCENARIO = {
    "ruleset": "classic", "seed": 11,
    "map": {"width": 10, "height": 10, "hex": [{"at": "0504", "terrain": "light_woods"},
                                                {"at": "0606", "terrain": "water", "depth": 1}]},
    "unit": [
        {"id": "hopper", "data": "grasshopper", "side": "red", "at": "0208", "facing": 0},
        {"id": "jager", "data": "jagermech", "side": "blue", "at": "0802", "facing": 3},
        {"id": "tank", "data": "saladin", "side": "blue", "at": "0902", "facing": 3},
    ],
    "turn": [
        {"move": [{"unit": "hopper", "mode": "walk", "path": ["F", "F", "R", "F"]},
                  {"unit": "jager", "mode": "run", "path": ["F", "F"]},
                  {"unit": "tank", "mode": "cruise", "path": ["F", "F", "F"]}]},
        {"move": [{"unit": "hopper", "mode": "jump", "path": ["F", "F"]},
                  {"unit": "jager", "mode": "walk", "path": ["B"]}]},
    ],
}


def make_game(turns: bool = True) -> Game:
    raw = dict(SCENARIO)
    if not turns:
        raw = {k: v for k, v in raw.items() if k != "turn"}
    sc = parse_scenario(json.loads(json.dumps(raw)), ROOT / "tests" / "inline.toml")
    return run_scenario(sc)


def as_json(d):
    return json.loads(json.dumps(d))


def test_round_trip_is_identical(tmp_path):
    game = make_game()
    path = saves.save_game(game, tmp_path / "a.json")
    loaded = saves.load_game(path)
    assert as_json(loaded.to_dict()) == as_json(game.to_dict())
    assert loaded.snapshots() == game.snapshots()
    # and saving the loaded game gives the same bytes
    saves.save_game(loaded, tmp_path / "b.json")
    assert (tmp_path / "a.json").read_bytes() == (tmp_path / "b.json").read_bytes()


def test_loaded_game_plays_on_exactly_like_the_original(tmp_path):
    game = make_game()
    loaded = saves.load_game(saves.save_game(game, tmp_path / "a.json"))
    for g in (game, loaded):
        g.start_turn()
        g.run_phase("movement", [MoveOrder("hopper", {}, mode="walk", path=["F"])])
    assert as_json(loaded.to_dict()) == as_json(game.to_dict())


def test_save_is_versioned_json(tmp_path):
    path = saves.save_game(make_game(), tmp_path / "a.json")
    data = json.loads(saves.file_text(path))
    assert data["format"] == "hexmech-save" and data["version"] == saves.VERSION
    assert "record" in data["game"] and data["game"]["record"]["actions"]


def test_write_is_atomic_when_the_rename_fails(tmp_path, monkeypatch):
    path = tmp_path / "a.json"
    saves.save_game(make_game(turns=False), path)
    before = path.read_bytes()

    def boom(*a, **k):
        raise OSError("disk pulled out")
    monkeypatch.setattr(os, "replace", boom)
    with pytest.raises(OSError):
        saves.save_game(make_game(), path)
    assert path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["a.json"]   # no temp file left behind


def test_write_never_starts_when_the_state_cannot_be_serialised(tmp_path):
    path = tmp_path / "a.json"
    game = make_game(turns=False)
    saves.save_game(game, path)
    before = path.read_bytes()
    game.frontend["bad"] = object()
    with pytest.raises(TypeError):
        saves.save_game(game, path)
    assert path.read_bytes() == before


def test_write_fsyncs_before_renaming(tmp_path, monkeypatch):
    calls = []
    real_fsync, real_replace = os.fsync, os.replace
    monkeypatch.setattr(os, "fsync", lambda fd: (calls.append("fsync"), real_fsync(fd)))
    monkeypatch.setattr(os, "replace", lambda a, b: (calls.append("replace"), real_replace(a, b)))
    saves.save_game(make_game(turns=False), tmp_path / "a.json")
    assert calls[:2] == ["fsync", "replace"]


def test_older_version_migrates(tmp_path):
    game = make_game()
    d = game.to_dict()
    d.pop("record")
    v0 = {"format": "hexmech-save", "version": 0, **d}     # format 0: game fields at top level
    path = tmp_path / "old.json"
    path.write_text(json.dumps(v0))
    loaded = saves.load_game(path)
    assert loaded.snapshots() == game.snapshots()
    assert loaded.log.events == game.log.events
    assert loaded.record == {"setup": None, "actions": []}


def test_newer_version_is_refused_with_a_clear_message(tmp_path):
    path = tmp_path / "new.json"
    path.write_text(json.dumps({"format": "hexmech-save", "version": 99, "game": {}}))
    with pytest.raises(DataError) as exc:
        saves.load_game(path)
    msg = exc.value.first_line()
    assert str(path) in msg and "version" in msg and "newer" in msg


def test_unknown_old_version_is_refused(tmp_path):
    path = tmp_path / "old.json"
    path.write_text(json.dumps({"format": "hexmech-save", "version": -3}))
    with pytest.raises(DataError, match="too old"):
        saves.load_game(path)


@pytest.mark.parametrize("text,field", [
    ("", "empty"),
    ("{", "not valid JSON"),
    ("[1, 2]", "expected a JSON object"),
    ('{"format": "something-else"}', "format"),
    ('{"format": "hexmech-save", "version": "1"}', "version"),
    ('{"format": "hexmech-save", "version": 1}', "save.game: missing"),
    ('{"format": "hexmech-save", "version": 1, "game": {"x": NaN}}', "not valid JSON"),
    ("[" * 100000, "nested too deeply"),
])
def test_bad_files_are_refused_in_one_line(tmp_path, text, field):
    path = tmp_path / "bad.json"
    path.write_text(text)
    with pytest.raises(DataError) as exc:
        saves.load_game(path)
    assert len(exc.value.problems) == 1 and "\n" not in exc.value.problems[0]
    assert str(path) in exc.value.problems[0] and field in exc.value.problems[0]


def test_binary_and_missing_files_are_refused(tmp_path):
    path = tmp_path / "bin.json"
    path.write_bytes(b"\xff\xfe\x00garbage")
    with pytest.raises(DataError, match="not UTF-8"):
        saves.load_game(path)
    with pytest.raises(DataError, match="cannot be read"):
        saves.load_game(tmp_path / "nope.json")
    with pytest.raises(DataError, match="not a regular file"):
        saves.load_game(tmp_path)


def test_truncated_saves_are_refused(tmp_path):
    text = saves.dumps(make_game())
    for cut in (1, 10, len(text) // 3, len(text) // 2, len(text) - 1):
        path = tmp_path / "cut.json"
        path.write_text(text[:cut])
        with pytest.raises(DataError) as exc:
            saves.load_game(path)
        assert str(path) in exc.value.first_line()


def _submit(g):
    return next(a for a in g["record"]["actions"] if a["do"] == "submit")


@pytest.mark.parametrize("mutate,field", [
    (lambda g: g["units"][0]["components"]["Position"].__setitem__("hex", [50, 1]), "Position.hex[0]"),
    (lambda g: g["units"][0]["components"]["Position"].__setitem__("facing", 9), "Position.facing"),
    (lambda g: g["units"][0]["components"]["Armor"]["points"].__setitem__("head", -1), "Armor.points.head"),
    (lambda g: g["units"][0]["components"]["Armor"]["points"].__setitem__("head", "9"), "Armor.points.head"),
    (lambda g: g["units"][0]["components"].__setitem__("Evil", {}), "Evil: not a component of a mech"),
    (lambda g: g["units"][0]["components"]["Status"].__setitem__("__class__", "os.system"), "unknown field"),
    (lambda g: g["units"][0]["components"].pop("Identity"), "Identity: missing"),
    (lambda g: g["units"][1].__setitem__("uid", "hopper"), "used twice"),
    (lambda g: g.__setitem__("ruleset", "chess"), "game.ruleset"),
    (lambda g: g["map"].__setitem__("width", 0), "game.map.width"),
    (lambda g: g["dice"].__setitem__("rng", [3, [1, 2], None]), "game.dice.rng"),
    (lambda g: g["events"].append({"type": "move"}), "turn: missing"),
    (lambda g: g["record"]["actions"].append({"do": "exec", "turn": 1, "phase": "x"}), "actions"),
    (lambda g: _submit(g)["order"].__setitem__("evil", 1), "order"),
    (lambda g: _submit(g)["order"].__setitem__("path", 5), "order.path"),
    (lambda g: g["record"]["actions"][-1].__setitem__("order", {}), "unknown field"),
])
def test_wrong_shape_names_the_field(tmp_path, mutate, field):
    data = json.loads(saves.dumps(make_game()))
    mutate(data["game"])
    path = tmp_path / "m.json"
    path.write_text(json.dumps(data))
    with pytest.raises(DataError) as exc:
        saves.load_game(path)
    assert field in exc.value.first_line() and str(path) in exc.value.first_line()


def test_autosave_rotates_and_offers_the_last_good_one(tmp_path):
    game = make_game(turns=False)
    paths = []
    for _ in range(7):
        game.start_turn()
        paths.append(saves.autosave(game, tmp_path, keep=3))
    left = saves.autosaves(tmp_path)
    assert left == list(reversed(paths[-3:]))
    # the newest is corrupt: the one before it is offered
    left[0].write_bytes(left[0].read_bytes()[:100])
    with pytest.raises(DataError):
        saves.load_game(left[0])
    good = saves.latest_good_autosave(tmp_path)
    assert good == left[1]
    assert saves.load_game(good).turn == 6
    assert saves.latest_good_autosave(tmp_path / "none") is None


def test_restore_in_place_keeps_the_game_object():
    game = make_game(turns=False)
    before = game.to_dict()
    log = game.log
    game.start_turn()
    game.run_phase("movement", [MoveOrder("hopper", {}, mode="walk", path=["F"])])
    game.restore(before)
    assert game.log is log and game.dice.log is log
    assert as_json(game.to_dict()) == as_json(before)


def test_a_lone_surrogate_escape_an_older_save_holds_still_loads_and_saves_again_the_same(tmp_path):
    """orjson refuses a string with half of a surrogate pair, which the json
    module writes as an escape and reads: such a save is read as before."""
    game = make_game()
    game.map.title = "Harlech \ud800 Crossing"
    path = tmp_path / "surrogate.json"
    path.write_text(saves.dumps(game))
    again = saves.load_game(path)
    assert again.map.title == "Harlech \ud800 Crossing"
    assert saves.dumps(again) == saves.dumps(game)


def test_the_game_of_a_save_read_takes_its_data_over_and_is_built_once(tmp_path):
    path = saves.save_game(make_game(), tmp_path / "once.json")
    loaded = saves.read(path)
    game = loaded.game()
    assert game.log.events is loaded.data["game"]["events"]      # no second copy of the event log
    with pytest.raises(ValueError, match="built once"):
        loaded.game()
    assert saves.dumps(game) == saves.dumps(saves.load_game(path))
