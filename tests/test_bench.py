"""The benchmarks run (engine/bench.py, engine/bench_setup.py): tiny sizes,
no timing assertions (speed is measured by `python -m engine bench`)."""
from __future__ import annotations

import json

import pytest

from engine import bench
from engine.ui.latency import ACTIONS
from engine.bench_setup import battle_toml, write_battle, write_level
from engine.levels import check_level, new_game_from_level
from engine.scenario import load_scenario, run_scenario


def test_generated_level_is_playable_with_every_probe_unit(tmp_path):
    path = write_level(tmp_path, 20, 16, 12, seed=5)
    assert check_level(path) == []
    game = new_game_from_level(path, seed=1)
    assert len(game.units) == 12
    assert {game.side_of(e) for e in game.units.values()} == {"blue", "red"}
    terrains = {t.terrain for t in game.map.hexes.values()}
    assert {"light_woods", "water"} <= terrains
    for probe in bench.PROBES:
        bench.place_probe(game, probe[1])


def test_generated_level_is_deterministic():
    from engine.bench_setup import level_tmx
    assert level_tmx(12, 12, 4, seed=2) == level_tmx(12, 12, 4, seed=2)
    assert level_tmx(12, 12, 4, seed=2) != level_tmx(12, 12, 4, seed=3)


@pytest.mark.parametrize("ruleset", ["classic", "alpha-strike"])
def test_scripted_battle_plays_with_attacks(tmp_path, ruleset):
    game = run_scenario(load_scenario(write_battle(tmp_path, ruleset, turns=4)))
    types = [e["type"] for e in game.log.events]
    assert game.turn == 4
    assert "attack" in types and "move" in types
    assert battle_toml(ruleset, 4).count("[[turn]]") == 4


def test_figures_on_a_small_level(tmp_path):
    game = new_game_from_level(write_level(tmp_path, 16, 16, 6), seed=1)
    figs = bench.reachable_figures(game, runs=1)
    assert [f.key for f in figs] == ["reachable_mech", "reachable_hover", "reachable_vtol", "reachable_vtol_12"]
    assert all(f.info["states"] > 1 and f.info["searched_again_cpu_ms"] > 0 for f in figs)
    los = bench.los_figure(game.map, runs=1, count=50)
    assert los.info["checks"] == 50 and 0 <= los.info["clear"] <= 50
    assert all(1 <= bench.distance_of(a, t) <= 30 for a, t in bench.los_pairs(game.map, 30))


def test_whole_bench_quick_writes_json_and_table(tmp_path, capsys):
    out = tmp_path / "b.json"
    assert bench.main(["--quick", "--json", str(out), "--markdown"]) == 0
    doc = json.loads(out.read_text())
    keys = [f["key"] for f in doc["figures"]]
    for key in ("frame_default", "frame_large", "reachable_mech", "reachable_hover", "reachable_vtol", "los",
                "battle_classic", "battle_alpha_strike", "load_level", "import_core", "peak_memory",
                "bot_default", "bot_large", *(f"ui_{a}" for a in ACTIONS)):
        assert key in keys
    for f in doc["figures"]:
        assert f["median"] > 0
        if f["calibration"]:                 # CPU time, against a calibration in CPU time
            assert f["cpu_median"] > 0 and f["cpu_max"] >= f["cpu_median"] and f["ratio"] > 0
            assert len(f["cpu_runs"]) == len(f["runs"])
    assert doc["calibration"]["loop_cpu_s"] > 0 and doc["calibration"]["blit_cpu_s"] > 0
    assert doc["machine"]["cpus"] >= 1
    printed = capsys.readouterr().out
    assert "| figure |" in printed and "import the rules core" in printed


def test_targets_and_ratios_are_judged_on_cpu_time():
    # A busy machine: the wall times swell, the CPU times do not.
    f = bench.Figure("k", "a rules figure", "ms", runs=[30.0, 40.0], target=20.0, calibration="loop",
                     cpu=[10.0, 12.0])
    d = f.to_json({"loop": 0.01})
    assert d["ok"] is True and d["cpu_median"] == 11.0 and d["median"] == 35.0
    assert d["ratio"] == 1.1                             # 11 ms of CPU against a 10 ms loop
    frame = bench.Figure("f", "frames", "ms", runs=[3.0, 25.0], target=8.0, calibration="blit",
                         max_target=16.7, cpu=[3.0, 9.0])
    assert frame.ok() is True
    frame.cpu[1] = 17.0
    assert frame.ok() is False                           # one frame over 16.7 ms of CPU
    memory = bench.Figure("m", "memory", "MB", runs=[120.0], target=200.0)
    assert memory.ok() is True and memory.to_json({})["cpu_median"] is None
