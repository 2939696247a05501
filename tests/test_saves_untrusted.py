"""Saves are untrusted input: format 2 and its front-end section, the whole
save checked before anything changes (the failures found on a fresh
install among them), levels named relative to the allowed folders and
confined, special files, and autosaves that clean up after a crash, report
a failure at once, step past a name collision and keep the newest ten."""
from __future__ import annotations

import json
import os
import re
import shutil
import signal
import time
from pathlib import Path

import pygame
import pytest

from components import Altitude, Position
from engine import saves
from engine.app import main as hexmech
from engine.errors import DataError
from engine.game import Game
from engine.paths import LEVELS, TILESETS, UNITS
from engine.replay import Replay
from engine.save_check import KIND_COMPONENTS
from engine import session
from engine.ui.app import App
from engine.autosaver import BackgroundSaver
from engine.persistence import CHECKS
from engine.unit_loader import load_unit
from tests.helpers import add, make_game
from tests.test_ui_app import _pygame  # noqa: F401  (headless pygame for this module's windows)


def window(save_dir: Path, level: Path | None = LEVELS / "skirmish.tmx", mods=()) -> App:
    app = App(pygame.display.set_mode((900, 640)), save_dir=save_dir, edge_pan=False, autosave=False,
              mods=list(mods))
    if level is not None:
        app.set_game(session.new_game(str(level), list(mods), 4), str(level))
        app.do("handover_done")
    return app


@pytest.fixture(scope="module")
def written_save(_pygame, tmp_path_factory) -> Path:
    """A save the hot-seat window wrote on the shipped skirmish level, one move in."""
    app = window(tmp_path_factory.mktemp("written") / "saves")
    app.do("next_unit")
    app.do("step", "F")
    app.do("confirm")
    return app.save("battle")


@pytest.fixture
def ui_save(written_save, tmp_path) -> Path:
    """The test's own copy of that save, in a save folder of its own."""
    (tmp_path / "saves").mkdir()
    return Path(shutil.copy2(written_save, tmp_path / "saves" / written_save.name))


def edit(path: Path, change) -> Path:
    data = json.loads(saves.file_text(path))
    change(data)
    out = path.with_name(f"edited-{len(list(path.parent.iterdir()))}.json")
    out.write_text(json.dumps(data))
    return out


# ------------------------------------------------------------------ format 2 and after
def test_format_2_keeps_the_window_section_out_of_the_game_state(ui_save):
    data = json.loads(saves.file_text(ui_save))
    assert list(data) == ["format", "version", "game", "frontend"] and data["version"] == saves.VERSION
    hotseat = data["frontend"]["hotseat"]
    assert set(hotseat) == {"flow", "level", "viewing", "shared_table", "table_dice", "notes"} and set(hotseat["flow"]) == {"sequence", "pos", "acted", "seen"}
    assert hotseat["level"] == {"folder": "shipped", "path": "skirmish.tmx"}
    assert "hotseat" not in data["game"]["phase_data"]
    assert "hotseat" not in json.dumps(data["game"]["record"])


def test_a_save_names_no_folder_of_the_machine_that_wrote_it(written_save):
    text = saves.file_text(written_save)
    for folder in (LEVELS.parent, written_save.parent, Path.home()):
        assert str(folder) not in text
    assert not re.search(r'"/[^"]*/', text)


def test_a_format_1_save_is_upgraded(ui_save, tmp_path):
    """Format 1 kept the window's position in phase_data with the level's
    absolute path: it moves to the front-end section, the level is named
    in the shipped folder (or dropped when it lies elsewhere)."""
    data = json.loads(saves.file_text(ui_save))
    hotseat = data.pop("frontend")["hotseat"]
    for level, wanted in ((str(LEVELS / "skirmish.tmx"), {"folder": "shipped", "path": "skirmish.tmx"}),
                          ("/somewhere/else/map.tmx", None)):
        old = json.loads(json.dumps(data))
        old["version"] = 1
        old["game"]["phase_data"]["hotseat"] = {**hotseat, "level": level}
        old["game"]["record"]["setup"]["phase_data"]["hotseat"] = {"flow": {}}
        path = tmp_path / "v1.json"
        path.write_text(json.dumps(old))
        game = saves.load_game(path, CHECKS)
        assert game.frontend["hotseat"]["level"] == wanted
        assert game.frontend["hotseat"]["flow"] == hotseat["flow"]
        assert "hotseat" not in game.phase_data
        assert Replay.from_file(path, CHECKS).verify() == []


def test_the_window_section_comes_back_with_the_game(ui_save, tmp_path):
    app = window(tmp_path, level=None)
    assert app.load(ui_save), app.message
    before = json.loads(saves.file_text(ui_save))["frontend"]["hotseat"]
    assert app.seat.flow.to_dict() == before["flow"] and app.seat.viewing == before["viewing"]
    assert app.seat.level == str(LEVELS / "skirmish.tmx") and app.renderer.art is not None


# ------------------------------------------------------------------ the whole save, before anything changes
def _first_vehicle(d):
    return next(u for u in d["game"]["units"] if "VehicleMovement" in u["components"])


FOUND_ON_A_FRESH_INSTALL = [
    # front-end data that crashed turnflow.py, theme.py and deployment.py
    ("flow", lambda d: d["frontend"]["hotseat"].__setitem__("flow", 5), "frontend.hotseat.flow"),
    ("seen", lambda d: d["frontend"]["hotseat"]["flow"].__setitem__("seen", [3]), "frontend.hotseat.flow.seen"),
    ("pos", lambda d: d["frontend"]["hotseat"]["flow"].__setitem__("pos", "1"), "frontend.hotseat.flow.pos"),
    ("viewing", lambda d: d["frontend"]["hotseat"].__setitem__("viewing", 3), "frontend.hotseat.viewing"),
    ("acted", lambda d: d["frontend"]["hotseat"]["flow"].__setitem__("acted", ["nobody"]),
     "frontend.hotseat.flow.acted[0]"),
    ("deployment", lambda d: d["game"]["phase_data"].__setitem__("deployment", {"zones": 5, "order": [], "done": []}),
     "game.phase_data.deployment.zones"),
    # impossible states that failed in play
    ("no movement", lambda d: d["game"]["units"][0]["components"].pop("MechMovement"), "MechMovement: missing"),
    ("teleport", lambda d: _first_vehicle(d)["components"]["VehicleMovement"].__setitem__("motive", "teleport"),
     "VehicleMovement.motive"),
    ("turn 10^9", lambda d: d["game"].__setitem__("turn", 10 ** 9), "game.turn: expected 0..10000"),
    ("weapon", lambda d: d["game"]["units"][0]["components"]["Weapons"]["mounts"][0].__setitem__("type", "phaser"),
     "Weapons.mounts[0].type"),
    ("ammo", lambda d: d["game"]["units"][0]["components"]["Ammo"]["bins"].append(
        {"type": "medium_laser", "location": "left_torso", "shots": 5}), "Ammo.bins"),
    ("phase", lambda d: d["game"].__setitem__("phase", "combat"), "game.phase"),
    ("off the map", lambda d: d["game"]["units"][0]["components"]["Position"].__setitem__("hex", [40, 3]),
     "Position.hex[0]"),
]


@pytest.mark.parametrize("name, change, field", FOUND_ON_A_FRESH_INSTALL, ids=[c[0] for c in FOUND_ON_A_FRESH_INSTALL])
def test_a_bad_save_is_one_line_and_exit_2_from_the_command_line(ui_save, tmp_path, capsys, name, change, field):
    bad = edit(ui_save, change)
    assert hexmech(["--load", str(bad), "--screenshot", str(tmp_path / "shot.png")]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and str(bad) in err[0] and field in err[0], err
    assert hexmech(["replay", str(bad), "--json"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and str(bad) in err[0] and field in err[0], err


@pytest.mark.parametrize("name, change, field", FOUND_ON_A_FRESH_INSTALL[::3], ids=[c[0] for c in FOUND_ON_A_FRESH_INSTALL[::3]])
def test_a_bad_save_leaves_the_battle_on_screen_untouched(ui_save, tmp_path, name, change, field):
    bad = edit(ui_save, change)
    app = window(tmp_path / "other")
    game, state, flow = app.game, json.dumps(app.game.to_dict()), app.flow.to_dict()
    assert not app.load(bad)
    assert app.message_bad and str(bad) in app.message and field in app.message and "\n" not in app.message
    assert app.game is game and json.dumps(app.game.to_dict()) == state and app.flow.to_dict() == flow
    app.draw()
    assert app.load(ui_save)


def test_units_that_share_a_hex_are_refused_but_an_airborne_vtol_may(tmp_path):
    game = make_game()
    add(game, "hopper", "grasshopper", "red", "0505")
    add(game, "jager", "jagermech", "blue", "0606")
    add(game, "heli", "warrior", "blue", "0505", altitude=3)
    ok = saves.save_game(game, tmp_path / "ok.json")
    assert saves.load_game(ok).world.component(saves.load_game(ok).units["heli"], Altitude).level == 3
    bad = edit(ok, lambda d: d["game"]["units"][1]["components"]["Position"].__setitem__("hex", [4, 4]))
    with pytest.raises(DataError, match=r"units\[(hopper|jager)\]\.components\.Position\.hex: .*one unit on the ground per hex"):
        saves.load_game(bad)


def test_turn_0_is_the_set_up_and_only_it(tmp_path):
    game = make_game()
    add(game, "hopper", "grasshopper", "red", "0505")
    path = saves.save_game(game, tmp_path / "g.json")
    saves.load_game(path)
    with pytest.raises(DataError, match="game.turn: turn 0 in the movement phase"):
        saves.load_game(edit(path, lambda d: d["game"].__setitem__("phase", "movement")))
    with pytest.raises(DataError, match="game.turn: turn 3 in the setup phase"):
        saves.load_game(edit(path, lambda d: d["game"].__setitem__("turn", 3)))


def test_events_are_checked_against_their_schemas(ui_save):
    def first(d, type_):
        return next(e for e in d["game"]["events"] if e["type"] == type_)
    for change, field in ((lambda d: first(d, "move").__setitem__("facing", "north"), "].facing: expected int"),
                          (lambda d: first(d, "move").__setitem__("unit", "ghost"), '].unit: no unit "ghost"'),
                          (lambda d: first(d, "move").__setitem__("to", "9999"), "].to: hex 9999 is off the map"),
                          (lambda d: first(d, "move").pop("mp_spent"), "].mp_spent: missing"),
                          (lambda d: first(d, "initiative")["order"].append("green"), "].order[2]"),
                          (lambda d: d["game"]["events"].append({"turn": 1, "phase": "movement", "type": "warp"}),
                           "type: no event type")):
        with pytest.raises(DataError, match=re.escape(field)):
            saves.load_game(edit(ui_save, change))


def test_the_systems_turn_state_is_checked(tmp_path):
    game = make_game()
    add(game, "hopper", "grasshopper", "red", "0505")
    add(game, "jager", "jagermech", "blue", "0507")
    game.start_turn()
    game.start_phase("movement")
    game.phase_data["charges"] = [{"unit": "hopper", "attack": "charge", "target": "jager"}]
    path = saves.save_game(game, tmp_path / "g.json")
    saves.load_game(path)
    for change, field in ((lambda pd: pd["charges"][0].__setitem__("target", "ghost"), "charges[0].target"),
                          (lambda pd: pd["charges"][0].__setitem__("attack", "bite"), "charges[0].attack"),
                          (lambda pd: pd["charges"][0].pop("unit"), "charges[0].unit: missing"),
                          (lambda pd: pd.__setitem__("psr_queue", [{"unit": "jager", "reason": 5}]), "psr_queue[0].reason"),
                          (lambda pd: pd.__setitem__("scratch", 1), "phase_data.scratch: unknown")):
        with pytest.raises(DataError, match=re.escape(field)):
            saves.load_game(edit(path, lambda d: change(d["game"]["phase_data"])))


def test_each_kind_needs_exactly_what_a_new_unit_of_it_has():
    """KIND_COMPONENTS is what Game.add_unit gives every shipped unit."""
    game = Game(make_game().map)
    for i, path in enumerate(sorted(UNITS.glob("*.toml"))):
        data = load_unit(path)
        ent = game.add_unit(data, f"u{i}", "red", game.map.all_hexes().__next__(), 0)
        names = {type(c).__name__ for c in game.world.components_of(ent)}
        needed, optional = KIND_COMPONENTS[data.kind]
        assert set(needed) <= names <= set(needed) | set(optional), path.name


# ------------------------------------------------------------------ levels named by saves
def _local_level(folder: Path, name: str = "local.tmx") -> Path:
    text = (LEVELS / "skirmish.tmx").read_text(encoding="utf-8")
    path = folder / name
    path.write_text(text.replace('source="../assets/tilesets/', f'source="{TILESETS}/'), encoding="utf-8")
    return path


def test_a_level_beside_the_save_or_in_a_mod_folder_travels_with_it(tmp_path):
    saves_dir, mods = tmp_path / "saves", tmp_path / "mods"
    saves_dir.mkdir()
    mods.mkdir()
    for level, mod_list, folder in ((_local_level(saves_dir), [], "save"), (_local_level(mods, "m.tmx"), [mods], "mod")):
        app = window(saves_dir, level, mod_list)
        path = app.save(f"with-{folder}")
        assert json.loads(saves.file_text(path))["frontend"]["hotseat"]["level"] == {"folder": folder, "path": level.name}
        moved = tmp_path / f"elsewhere-{folder}"           # the save and its level, on another machine
        shutil.copytree(saves_dir, moved / "saves")
        shutil.copytree(mods, moved / "mods")
        other = window(moved / "saves", level=None, mods=[moved / "mods"] if mod_list else [])
        assert other.load(moved / "saves" / path.name), other.message
        assert Path(other.level).parent.parent == moved and other.renderer.art is not None


@pytest.mark.parametrize("ref, field", [
    ({"folder": "save", "path": "../outside/secret.tmx"}, "leads outside the save folder"),
    ({"folder": "save", "path": "escape.tmx"}, "leads outside the save folder"),
    ({"folder": "shipped", "path": "../../outside/secret.tmx"}, "leads outside the shipped folder"),
    ({"folder": "save", "path": "/etc/hosts"}, "expected a path relative to the save folder"),
    ({"folder": "cloud", "path": "x.tmx"}, "level.folder"),
    ({"folder": "save", "path": 5}, "level.path: expected a string"),
    ("/tmp/map.tmx", "level: expected an object"),
])
def test_a_level_a_save_names_is_confined(ui_save, tmp_path, ref, field):
    outside = tmp_path / "outside"
    outside.mkdir()
    os.mkfifo(outside / "secret.tmx")          # opening it would hang the test: nothing may
    (ui_save.parent / "escape.tmx").symlink_to(outside / "secret.tmx")
    bad = edit(ui_save, lambda d: d["frontend"]["hotseat"].__setitem__("level", ref))
    with pytest.raises(DataError) as exc:
        saves.load_game(bad, CHECKS)
    assert field in exc.value.first_line() and "frontend.hotseat.level" in exc.value.first_line()


def test_a_level_that_is_gone_or_broken_only_loses_its_tiles(ui_save, tmp_path):
    (ui_save.parent / "broken.tmx").write_text("<map")
    for path, what in (("gone.tmx", "not found"), ("broken.tmx", "does not load")):
        save = edit(ui_save, lambda d: d["frontend"]["hotseat"].__setitem__("level", {"folder": "save", "path": path}))
        app = window(tmp_path / "w", level=None)
        assert app.load(save)
        assert what in app.message and app.level is None and app.renderer.art is None
        app.draw()


# ------------------------------------------------------------------ special files
@pytest.fixture
def alarm():
    def hang(signum, frame):
        raise AssertionError("hung")
    old = signal.signal(signal.SIGALRM, hang)
    signal.alarm(10)
    yield
    signal.alarm(0)
    signal.signal(signal.SIGALRM, old)


@pytest.mark.parametrize("special", ["/dev/zero", "fifo"])
def test_special_files_are_refused_at_once(tmp_path, capsys, alarm, special):
    from engine.__main__ import main as engine
    if special == "fifo":
        special = str(tmp_path / "pipe")
        os.mkfifo(special)
    for run in (lambda: hexmech(["--load", special, "--screenshot", str(tmp_path / "s.png")]),
                lambda: hexmech(["replay", special, "--json"]),
                lambda: engine(["scenario", special]), lambda: engine(["replay", special, "--text"])):
        assert run() == 2
        err = capsys.readouterr().err.strip().splitlines()
        assert len(err) == 1 and special in err[0] and "not a regular file" in err[0], err


# ------------------------------------------------------------------ autosaves
def _age(path: Path, seconds: float) -> None:
    t = time.time() - seconds
    os.utime(path, (t, t))


def test_stale_temporary_files_are_removed_when_autosaving_starts(tmp_path):
    stale = tmp_path / ".autosave-000003.json.abc123.tmp"
    fresh = tmp_path / ".battle.hexsave.json.def456.tmp"
    other = tmp_path / ".notes.tmp"
    for p in (stale, fresh, other):
        p.write_text("half a save")
    _age(stale, 3600)
    _age(other, 3600)
    (tmp_path / ".folder.json.x.tmp").mkdir()
    saver = BackgroundSaver()
    saver.autosave(make_game(), tmp_path)
    saver.wait()
    assert not stale.exists() and fresh.exists() and other.exists() and (tmp_path / ".folder.json.x.tmp").is_dir()
    assert saves.autosaves(tmp_path) and not saver.errors


def test_a_failed_autosave_is_told_on_the_next_frame(tmp_path):
    blocked = tmp_path / "not-a-folder"
    blocked.write_text("a file where the save folder should be")
    app = window(tmp_path)
    app.saves.saver.autosave(app.game, blocked)
    app.saves.saver.wait()
    app.update(0.016)
    assert app.message_bad and app.message.startswith("autosave failed")


def test_autosaves_step_past_a_name_already_taken(tmp_path):
    game = make_game()
    first = saves.autosave(game, tmp_path)
    (tmp_path / "autosave-000002.json").mkdir()          # a folder named like the next autosave
    second = saves.autosave(game, tmp_path)
    third = saves.autosave(game, tmp_path)
    assert [p.name for p in (first, second, third)] == [
        "autosave-000001.json", "autosave-000003.json", "autosave-000004.json"]
    saver = BackgroundSaver()
    saver.autosave(game, tmp_path)
    saver.wait()
    assert not saver.errors and saves.autosaves(tmp_path)[0].name == "autosave-000005.json"


def test_the_newest_ten_autosaves_are_kept_unless_told_otherwise(tmp_path, capsys):
    game = make_game()
    for _ in range(12):
        saves.autosave(game, tmp_path)
    assert [p.name for p in saves.autosaves(tmp_path)] == [f"autosave-{n:06d}.json" for n in range(12, 2, -1)]
    assert saves.AUTOSAVES_KEPT == 10 and BackgroundSaver().keep == 10
    from engine.ui.main import parse_args
    assert parse_args(["--autosaves", "3"]).autosaves == 3


def test_the_autosave_position_of_units_round_trips(tmp_path):
    app = window(tmp_path)
    app.saves.folder = tmp_path
    app.saves.autosave_on = True
    assert app.saves.autosave(app.game, app.seat.frontend()) is None
    app.saves.wait()
    game = saves.load_game(saves.autosaves(tmp_path)[0], CHECKS)
    assert game.frontend["hotseat"] == app.game.frontend["hotseat"]
    for uid, ent in app.game.units.items():
        assert game.world.component(game.units[uid], Position) == app.game.world.component(ent, Position)
