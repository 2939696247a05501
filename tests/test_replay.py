"""Replays re-simulate a saved game from its record and end in the same state."""
import json
import subprocess
import sys
from pathlib import Path

from engine import saves
from engine.orders import MoveOrder
from engine.replay import Replay, differences
from tests.test_saves import make_game, as_json

ROOT = Path(__file__).resolve().parent.parent


def test_replay_reproduces_the_final_state_exactly():
    game = make_game()
    replay = Replay.from_game(game)
    assert replay.simulated
    assert replay.verify() == []
    assert as_json(replay.game.to_dict()) == as_json(game.to_dict())
    assert replay.events == game.log.events


def test_replay_with_forced_dice_added_mid_game():
    game = make_game(turns=False)
    game.start_turn()
    game.dice.force("psr", 2)          # forced after the setup: recorded as an action
    game.run_phase("movement", [MoveOrder("hopper", {}, mode="walk", path=["F", "F"])])
    assert Replay.from_game(game).verify() == []


def test_refused_orders_are_replayed_too():
    game = make_game(turns=False)
    game.start_turn()
    game.run_phase("movement", [MoveOrder("hopper", {}, mode="walk", path=["F"] * 30)])
    assert game.log.of_type("refused")
    assert Replay.from_game(game).verify() == []


def test_step_forward_back_and_jump_to_turn():
    game = make_game()
    replay = Replay.from_game(game)
    assert replay.position == 0 and replay.events == [] and replay.turns() == [1, 2]
    replay.forward(3)
    three = as_json(replay.game.to_dict())
    replay.forward(5)
    replay.back(5)
    assert replay.position == 3 and as_json(replay.game.to_dict()) == three
    replay.jump_to_turn(2)
    assert replay.game.turn == 2 and replay.game.phase == "initiative"
    moves_before = [e for e in replay.events if e["type"] == "move"]
    assert all(e["turn"] == 1 for e in moves_before)
    replay.jump_to_turn(1)
    assert replay.game.turn == 1
    replay.to_end()
    assert replay.at_end and replay.verify() == []


def test_tampered_record_is_detected():
    game = make_game()
    d = game.to_dict()
    d["units"][0]["components"]["Position"]["facing"] = (d["units"][0]["components"]["Position"]["facing"] + 1) % 6
    problems = Replay(d).verify()
    assert problems and "Position.facing" in problems[0]


def test_a_tampered_event_log_is_detected():
    game = make_game()
    d = game.to_dict()
    roll = next(i for i, e in enumerate(d["events"]) if e["type"] == "roll")
    d["events"][roll]["total"] += 1
    problems = Replay(d).verify()
    assert problems and problems[0].startswith(f"game.events[{roll}].total")
    d = game.to_dict()
    d["events"].pop()
    assert "game.events:" in Replay(d).verify()[0]


def test_event_only_replay_for_saves_without_a_record():
    game = make_game()
    d = game.to_dict()
    d["record"] = {"setup": None, "actions": []}
    replay = Replay(d)
    assert not replay.simulated and replay.length == len(game.log.events)
    replay.jump_to_turn(2)
    assert all(e["turn"] < 2 for e in replay.events)
    replay.to_end()
    assert replay.events == game.log.events


def test_differences_names_the_path():
    assert differences({"a": [1, {"b": 2}]}, {"a": [1, {"b": 3}]}) == ["game.a[1].b: saved 2, replayed 3"]


def _run(*args):
    return subprocess.run([sys.executable, "-m", "engine", *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=300)


def test_replay_command_json(tmp_path):
    game = make_game()
    path = saves.save_game(game, tmp_path / "g.json")
    run = _run("replay", str(path), "--json")
    assert run.returncode == 0, run.stderr
    out = json.loads(run.stdout)
    assert out["verified"] is True and out["events"] == as_json(game.log.events)
    assert out["units"] == as_json(game.snapshots())
    text = _run("replay", str(path), "--text")
    assert text.returncode == 0 and "replay matches the saved game" in text.stdout


def test_replay_command_refuses_a_bad_save(tmp_path):
    path = tmp_path / "g.json"
    path.write_text('{"format": "hexmech-save", "version": 1, "game": {"units": 5')
    run = _run("replay", str(path), "--json")
    assert run.returncode == 2 and "Traceback" not in run.stderr
    assert len(run.stderr.strip().splitlines()) == 1 and str(path) in run.stderr


def test_hexmech_app_dispatches_replay(tmp_path, capsys):
    from engine.app import main
    path = saves.save_game(make_game(), tmp_path / "g.json")
    assert main(["replay", str(path), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["verified"] is True


def test_front_end_data_stays_out_of_the_state_a_replay_reproduces():
    game = make_game(turns=False)
    game.start_turn()
    game.frontend["hotseat"] = {"flow": {"acted": ["hopper"]}, "level": None}
    game.run_phase("movement", [MoveOrder("hopper", {}, mode="walk", path=["F"])])
    game.frontend["hotseat"] = {"flow": {"acted": []}}
    assert Replay.from_game(game).verify() == []
    saved = saves.save_dict(game)
    assert saved["frontend"] == {"hotseat": {"flow": {"acted": []}}}
    assert "hotseat" not in json.dumps(saved["game"])


def test_a_battle_played_through_the_ui_replays_exactly(tmp_path):
    import os
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame
    from engine.paths import LEVELS
    from engine import session
    from engine.ui.app import App
    from tests.test_ui_fullgame import play
    level = LEVELS / "alpha_skirmish.tmx"
    pygame.init()
    screen = pygame.display.set_mode((1200, 800))
    app = App(screen, session.new_game(str(level), [], 3), level=str(level), save_dir=tmp_path, edge_pan=False)
    play(app)
    assert app.game.turn >= 2
    assert Replay.from_game(app.game).verify() == []
    path = saves.save_game(app.game, tmp_path / "ui.json")
    assert Replay.from_file(path).verify() == []
