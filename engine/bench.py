"""Benchmarks: `python -m engine bench [--json PATH] [--runs N] [--quick]
[--only GROUP] [--markdown]`.

Measures what players and tools wait for, prints a table and writes JSON
(default `bench.json` in the current folder). Every figure is the median of
several runs in CPU time (process time; a child process's for the
whole-process figures), with the wall time beside it, and its ratio to a
calibration measured in CPU time in the same process, so that results
compare across machines and hold on a busy one (where wall times swell with
the other processes' load):

- rendering figures against one full-screen blit (software rendering),
- rules figures against a fixed pure-Python loop.

Targets are judged on the CPU times.

Figures (targets for a 2-core machine, software rendering):
 1. frame time while panning, on the default level with all its units and on
    a generated 100x100 mixed-terrain level with 40 units (median, max);
 2. reachable states (systems.common.movement.reachable) of a run-8 mech, a
    flank-12 hover and a flying VTOL (the canon Warrior H-7 at flank 14, and
    with a rotor hit at flank 12) on the 100x100 level;
 3. 10,000 line-of-sight checks at ranges 1..30 on the 100x100 level;
    every attack of one mech at every enemy (the options call for many
    targets), with its cost and component lookups per option;
 4. a scripted 4-versus-4 battle of 10 turns, Classic and Alpha Strike, run
    by `python -m engine scenario` as a whole process (start-up included);
 5. loading the 100x100 level into a new game; importing the rules core
    (a fresh process; pygame must stay unimported); peak memory of the game
    on the 100x100 level (a fresh process drawing frames and searching moves);
 6. verifying the replay of a 100-turn game (`hexmech replay SAVE`: read and
    check the save, play its record again, compare), with the same game's
    saves at 25 and 50 turns to show the time grows with the game, and
    loading that save;
 7. the window's answer to each player action on the default level and on
    the 100x100 level, driven by posted key and mouse events
    (engine/ui/latency.py: ui_* figures, judged on their 95th percentile
    and slowest run);
 8. a turn of the computer opponent at difficulty 2 (all its units, every
    phase: engine/bot), both sides played by it, on the default level and
    on the 100x100 level: the CPU time of each side's turn.

Subprocess figures run with bytecode caching on (a throw-away cache folder,
warmed by one unmeasured run), as an installed game runs.
"""
from __future__ import annotations

import argparse
import gc
import json
import os
import platform
import random
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

ROOT = Path(__file__).resolve().parent.parent


class BenchError(RuntimeError):
    """A benchmark could not run or its result is wrong (not a slow result)."""


@dataclass
class Figure:
    key: str
    label: str
    unit: str                        # "ms", "s" or "MB"
    runs: list[float]                # wall-clock times (or the measured values), in `unit`
    target: float | None = None      # the CPU median must be at most this
    calibration: str | None = None   # "blit" | "loop" | None
    max_target: float | None = None  # for frames: no single run above this (CPU time)
    info: dict[str, Any] = field(default_factory=dict)
    cpu: list[float] = field(default_factory=list)   # CPU time of the same runs, in `unit`
    quantile: float = 0.5            # the target is on this quantile of the CPU times (the median)

    @property
    def median(self) -> float:
        return statistics.median(self.runs)

    @property
    def max(self) -> float:
        return max(self.runs)

    @property
    def value(self) -> float:
        """What the target is judged on: the CPU median, or the quantile
        asked for (the value itself for figures without a CPU time, such as
        memory)."""
        if not self.cpu:
            return self.median
        if self.quantile == 0.5 or len(self.cpu) < 2:
            return statistics.median(self.cpu)
        return statistics.quantiles(self.cpu, n=100, method="inclusive")[round(self.quantile * 100) - 1]

    @property
    def peak(self) -> float:
        return max(self.cpu) if self.cpu else self.max

    def ok(self) -> bool | None:
        if self.target is None:
            return None
        good = self.value <= self.target
        if self.max_target is not None:
            good = good and self.peak <= self.max_target
        return good

    def to_json(self, calibrations: dict[str, float]) -> dict[str, Any]:
        cal = calibrations.get(self.calibration or "")
        seconds = self.value / 1000 if self.unit == "ms" else self.value
        cpu = bool(self.cpu)
        return {"key": self.key, "label": self.label, "unit": self.unit,
                "cpu_median": round(statistics.median(self.cpu), 4) if cpu else None,
                "cpu_judged": round(self.value, 4) if cpu else None,
                "cpu_max": round(self.peak, 4) if cpu else None,
                "cpu_runs": [round(r, 4) for r in self.cpu],
                "median": round(self.median, 4), "max": round(self.max, 4),
                "runs": [round(r, 4) for r in self.runs],
                "quantile": self.quantile, "calibration": self.calibration,
                "ratio": round(seconds / cal, 2) if cal and cpu and self.unit in ("ms", "s") else None,
                "target": self.target, "max_target": self.max_target, "ok": self.ok(),
                "info": self.info}


class Runs(list):
    """Wall-clock times of repeated runs, with the process CPU time of each
    in `.cpu` (on a busy machine the wall time exceeds the CPU time)."""

    def __init__(self) -> None:
        super().__init__()
        self.cpu: list[float] = []


def _times(fn: Callable[[], Any], runs: int, unit: str = "ms") -> Runs:
    scale = 1000.0 if unit == "ms" else 1.0
    out = Runs()
    for _ in range(runs):
        gc.collect()
        c0, t0 = time.process_time(), time.perf_counter()
        fn()
        out.append((time.perf_counter() - t0) * scale)
        out.cpu.append((time.process_time() - c0) * scale)
    return out


def figure(key: str, label: str, unit: str, runs: Runs, *args, **kwargs) -> Figure:
    return Figure(key, label, unit, list(runs), *args, cpu=list(runs.cpu), **kwargs)


# ====================================================================== calibration
def calibration_loop() -> int:
    """A fixed pure-Python workload: integer arithmetic, a dict and a list."""
    d: dict[int, int] = {}
    acc = []
    total = 0
    for i in range(60_000):
        total = (total + i * 7) % 1_000_003
        d[i & 1023] = total
        if i % 64 == 0:
            acc.append(d.get(i & 511, 0))
    return total + len(acc)


def calibrate_loop(runs: int = 9) -> float:
    """CPU seconds for `calibration_loop` (median)."""
    return statistics.median(_times(calibration_loop, runs, "s").cpu)


def init_display(size: tuple[int, int] = (1400, 860)):
    """A software-rendered screen (SDL_VIDEODRIVER=dummy unless set)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame
    pygame.init()
    return pygame.display.set_mode(size)


def calibrate_blit(screen, runs: int = 50) -> float:
    """CPU seconds for one full-screen blit of an opaque surface (median)."""
    import pygame
    src = pygame.Surface(screen.get_size()).convert(screen)
    src.fill((40, 90, 60))
    return statistics.median(_times(lambda: screen.blit(src, (0, 0)), runs, "s").cpu)


# ====================================================================== 1. frames
PAN_PX = 20     # per frame: 1200 px/s at 60 frames/s, twice the window's edge scrolling


def pan_path(lo_x: float, hi_x: float, lo_y: float, hi_y: float, frames: int,
             step: float = PAN_PX) -> list[tuple[float, float]]:
    """Camera offsets for a sweep over the map at `step` pixels a frame:
    across, ten steps down, back across, ... and up again at the bottom."""
    x, y, dx, dy, down = lo_x, lo_y, step, step, 0
    out = []
    for _ in range(frames):
        if down:
            y, down = min(max(y + dy, lo_y), hi_y), down - 1
        else:
            x += dx
            if not lo_x < x < hi_x:
                x, dx, down = min(max(x, lo_x), hi_x), -dx, 10
                if (dy > 0 and y >= hi_y) or (dy < 0 and y <= lo_y):
                    dy = -dy
        out.append((x, y))
    return out


def frame_times(screen, level: str | Path, frames: int = 120) -> tuple[Runs, float, dict]:
    """Frame times (ms) while panning (`pan_path`), and the CPU time of the
    first frame (which builds the UI's caches) separately."""
    import pygame
    from engine import session
    from engine.ui.app import App
    app = App(screen, edge_pan=False, autosave=False)
    app.set_game(session.new_game(str(level), [], 1), str(level))
    for _ in range(4):                                 # hand the screen to the first player
        if app.overlay == "handover":
            app.do("handover_done")
        elif app.overlay:
            app.close_overlay()
    c0 = time.process_time()
    app.draw()
    pygame.display.flip()
    first = (time.process_time() - c0) * 1000
    cam = app.camera
    cam.pan(-10**6, -10**6)
    lo_x, lo_y = cam.ox, cam.oy
    cam.pan(10**6, 10**6)
    hi_x, hi_y = cam.ox, cam.oy
    cam.pan(lo_x - hi_x, lo_y - hi_y)
    app.draw()                                         # the first frame at the starting corner
    times = Runs()
    for tx, ty in pan_path(lo_x, hi_x, lo_y, hi_y, frames):
        app.do("pan", (tx - cam.ox, ty - cam.oy))
        c0, t0 = time.process_time(), time.perf_counter()
        app.draw()
        pygame.display.flip()
        times.append((time.perf_counter() - t0) * 1000)
        times.cpu.append((time.process_time() - c0) * 1000)
    info = {"first_frame_cpu_ms": round(first, 2), "frames": frames, "units": len(app.game.units),
            "map": f"{app.game.map.width}x{app.game.map.height}", "zoom_px": cam.size,
            "pan_px_per_frame": PAN_PX,
            "screen": "x".join(map(str, screen.get_size()))}
    return times, first, info


# ====================================================================== 2. reachable
# (figure key, unit file stem, mode, MP, rotor hits, label, CPU target in ms): the
# Warrior H-7 flanks 14 (cruise 9); with a rotor hit (V-ROTOR-4) it cruises 8
# and flanks 12, the earlier probe's MP.
PROBES = (("mech", "shadow_hawk", "run", 8, 0, "reachable: mech run 8", 2.0),
          ("hover", "saladin", "flank", 12, 0, "reachable: hover flank 12", 5.0),
          ("vtol", "warrior", "flank", 14, 0, "reachable: VTOL flank 14, altitude", 8.0),
          ("vtol_12", "warrior", "flank", 12, 1, "reachable: VTOL flank 12 (a rotor hit), altitude", 8.0))


def place_probe(game, stem: str):
    """The first unit made from `stem`.toml, moved to the clear hex nearest
    the map centre that no unit holds; its entity."""
    from components import Identity, Position
    from engine.hexgrid import Hex, hexes_within
    ent = next((e for e in game.units.values()
                if Path(game.world.component(e, Identity).source or "").stem == stem), None)
    if ent is None:
        raise BenchError(f"the level has no {stem} unit")
    hm = game.map
    centre = Hex(hm.width // 2, hm.height // 2)
    for radius in range(max(hm.width, hm.height)):
        for h in sorted(hexes_within(centre, radius)):
            t = hm.terrain(h)
            if hm.on_map(h) and t.terrain == "clear" and not t.building and not game.units_at(h):
                game.world.component(ent, Position).hex = h
                return ent
    raise BenchError("no free clear hex on the map")


def reachable_figures(game, runs: int) -> list[Figure]:
    from components import Altitude, VehicleMovement
    from systems.common.movement import cheapest_by_hex, motion_rules, reachable
    out = []
    for key, stem, mode, mp, rotor_hits, label, target in PROBES:
        ent = place_probe(game, stem)
        vm = game.world.try_component(ent, VehicleMovement)
        if vm is not None:
            vm.motive_penalty = rotor_hits
        limit = motion_rules(game, ent).mp(game, ent, mode)
        if limit != mp:
            raise BenchError(f"{stem} has {limit} {mode} MP, expected {mp}")
        states = reachable(game, ent, mode)
        if len(states) < 2:
            raise BenchError(f"{stem} reaches nothing")
        # judged: the unit's first search where it stands, which makes its steps for real; a search
        # asked again keeps the step table of the one before (systems/common/step_table.py)
        fig = figure(f"reachable_{key}", label, "ms",
                     _times(lambda: (game.searches.forget_tables(), reachable(game, ent, mode)), runs),
                     target, "loop", info={"unit": stem, "states": len(states)})
        if (alt := game.world.try_component(ent, Altitude)) is not None:
            fig.info["altitude"] = alt.level
        # the search's mapping builds each state's Reach when asked: every state listed with its path,
        # and what the movement range draws (the best way to each hex, no paths), search included
        listed = _times(lambda: list(reachable(game, ent, mode).items()), max(1, runs // 2))
        fig.info["list_every_state_cpu_ms"] = round(statistics.median(listed.cpu), 2)
        drawn = _times(lambda: cheapest_by_hex(reachable(game, ent, mode)), max(1, runs // 2))
        fig.info["movement_range_cpu_ms"] = round(statistics.median(drawn.cpu), 2)
        again = _times(lambda: reachable(game, ent, mode), max(1, runs // 2))
        fig.info["searched_again_cpu_ms"] = round(statistics.median(again.cpu), 2)
        if vm is not None:
            vm.motive_penalty = 0
        out.append(fig)
    return out


# ====================================================================== 3. line of sight
def distance_of(a, b) -> int:
    """Hex distance between two LOS bodies."""
    from engine.hexgrid import distance
    return distance(a.hex, b.hex)


def los_pairs(hexmap, count: int, max_range: int = 30, seed: int = 3) -> list:
    """`count` (attacker, target) bodies at ranges 1..max_range: standing mechs
    on the ground (on the bottom in water)."""
    from engine.hexgrid import Hex, distance
    from systems.common.line_of_sight import Body, ground_level
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        a = Hex(rng.randrange(hexmap.width), rng.randrange(hexmap.height))
        b = Hex(a.x + rng.randint(-max_range, max_range), a.y + rng.randint(-max_range, max_range))
        if not hexmap.on_map(b) or not 1 <= distance(a, b) <= max_range:
            continue
        bodies = []
        for h in (a, b):
            g = ground_level(hexmap, h)
            bodies.append(Body(h, g, g + 1, standing_mech=True))
        out.append(tuple(bodies))
    return out


def los_figure(hexmap, runs: int, count: int = 10_000) -> Figure:
    from systems.common.line_of_sight import line_of_sight_between
    pairs = los_pairs(hexmap, count)

    def check_all():
        return sum(1 for a, t in pairs if line_of_sight_between(hexmap, a, t).clear)

    # the first run also reads the map and makes the lines (kept for the runs measured)
    c0 = time.process_time()
    clear = check_all()
    first = time.process_time() - c0
    return figure("los", f"{count:,} line-of-sight checks, range 1-30", "s", _times(check_all, runs, "s"),
                  0.2 if count == 10_000 else None, "loop",
                  info={"checks": count, "clear": clear, "first_run_cpu_s": round(first, 4)})


# ====================================================================== 4. to-hit
FIRE_PROBE = "atlas"          # seven weapons: arms, torsos, the rear


def fire_scene(game, enemies_within: int = 15, seed: int = 5) -> tuple[str, list[str]]:
    """`gather_enemies` in the weapon attack phase."""
    found = gather_enemies(game, enemies_within, seed)
    game.start_turn(sorted({game.side_of(e) for e in game.units.values()}))
    game.start_phase("weapon")
    return found


def gather_enemies(game, enemies_within: int = 15, seed: int = 5) -> tuple[str, list[str]]:
    """An Atlas at the map centre and every enemy moved to a clear hex
    within `enemies_within` of it: the attacker's id and the enemies' ids."""
    from components import Position
    from engine.hexgrid import distance, hexes_within
    ent = place_probe(game, FIRE_PROBE)
    centre = game.world.component(ent, Position).hex
    spots = sorted(h for h in hexes_within(centre, enemies_within)
                   if game.map.on_map(h) and distance(centre, h) >= 1 and game.map.terrain(h).terrain == "clear"
                   and not game.map.terrain(h).building and not game.units_at(h))
    random.Random(seed).shuffle(spots)
    enemies = [uid for uid, e in game.units.items() if game.is_enemy(ent, e)]
    if len(spots) < len(enemies):
        raise BenchError("no room for the enemies around the probe")
    for uid in enemies:
        game.world.component(game.units[uid], Position).hex = spots.pop()
    return game.uid(ent), enemies


def to_hit_figure(level: Path, runs: int) -> Figure:
    """Every weapon and physical attack of one mech against every enemy
    (systems/common/options.attack_options_against), with the component
    lookups of each evaluation counted in one more run."""
    from engine.levels import new_game_from_level
    from systems.common.options import attack_options_against
    game = new_game_from_level(level, seed=1)
    attacker, enemies = fire_scene(game)
    options = attack_options_against(game, attacker, enemies)
    count = sum(len(v) for v in options.values())
    weapons = sum(1 for v in options.values() for o in v if o.kind == "weapon")
    world, lookups = game.world, [0]
    plain = world.component, world.try_component

    def counted(method):
        def look(ent, ctype):
            lookups[0] += 1
            return method(ent, ctype)
        return look

    world.component, world.try_component = counted(plain[0]), counted(plain[1])
    attack_options_against(game, attacker, enemies)
    world.component, world.try_component = plain
    times = _times(lambda: attack_options_against(game, attacker, enemies), runs)
    label = f"to-hit: every attack of an Atlas at {len(enemies)} enemies"
    return figure("to_hit", label, "ms", times, None, "loop",
                  info={"options": count, "weapon_options": weapons,
                        "possible": sum(o.possible for v in options.values() for o in v),
                        "cpu_us_per_option": round(statistics.median(times.cpu) * 1000 / count, 2),
                        "lookups_per_option": round(lookups[0] / count, 2)})


# ====================================================================== subprocesses
def _child_env(cache: Path) -> dict[str, str]:
    """The environment of a measured child process: bytecode cached in a
    throw-away folder (as an installed game), headless SDL."""
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env["PYTHONPYCACHEPREFIX"] = str(cache)
    env.setdefault("SDL_VIDEODRIVER", "dummy")
    env.setdefault("SDL_AUDIODRIVER", "dummy")
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT)] + [p for p in env.get("PYTHONPATH", "").split(os.pathsep) if p])
    return env


def _children_cpu() -> float:
    import resource
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def _run(args: list[str], env: dict[str, str], runs: Runs | None = None) -> tuple[float, str]:
    """Run `python ARGS`; its wall time (and CPU time, added to `runs`)."""
    c0, t0 = _children_cpu(), time.perf_counter()
    proc = subprocess.run([sys.executable, *args], env=env, cwd=ROOT, capture_output=True, text=True)
    seconds = time.perf_counter() - t0
    if runs is not None:
        runs.append(seconds)
        runs.cpu.append(_children_cpu() - c0)
    if proc.returncode != 0:
        raise BenchError(f"{' '.join(args[:3])} failed ({proc.returncode}): "
                         f"{(proc.stderr.strip().splitlines() or ['?'])[-1]}")
    return seconds, proc.stdout


def battle_figure(folder: Path, ruleset: str, runs: int, env: dict[str, str], turns: int = 10,
                  warm: bool = True) -> Figure:
    from engine.bench_setup import write_battle
    path = write_battle(folder, ruleset, turns)
    args = ["-m", "engine", "scenario", str(path), "--json"]
    times = Runs()
    _, out = _run(args, env, None if warm else times)   # warms the bytecode cache; check the result
    result = json.loads(out)
    types = [e["type"] for e in result["events"]]
    played = max((e.get("turn", 0) for e in result["events"]), default=0)
    if played != turns or "attack" not in types:
        raise BenchError(f"the {ruleset} battle did not play {turns} turns with attacks")
    for _ in range(runs if warm else 0):
        _run(args, env, times)
    name = "Classic" if ruleset == "classic" else "Alpha Strike"
    return figure(f"battle_{ruleset.replace('-', '_')}", f"{turns}-turn 4v4 {name} battle, whole process",
                  "s", times, 2.0 if turns == 10 else None, "loop",
                  info={"events": len(types), "attacks": types.count("attack"),
                        "destroyed": types.count("destroyed")})


IMPORT_CODE = """
import json, sys, time
c0, t0 = time.process_time(), time.perf_counter()
import engine.game, engine.rulesets, engine.scenario, engine.levels
import {systems}
seconds = time.perf_counter() - t0
print(json.dumps({{"seconds": seconds, "cpu": time.process_time() - c0, "pygame": "pygame" in sys.modules}}))
"""


def rules_core_modules() -> list[str]:
    import pkgutil
    import systems
    return sorted(m.name for m in pkgutil.walk_packages(systems.__path__, "systems.") if not m.ispkg)


def import_figure(runs: int, env: dict[str, str], warm: bool = True) -> Figure:
    code = IMPORT_CODE.format(systems=", ".join(rules_core_modules()))
    if warm:
        _run(["-c", code], env)                   # warm the bytecode cache
    times = Runs()
    for _ in range(runs):
        _, out = _run(["-c", code], env)
        d = json.loads(out)
        if d["pygame"]:
            raise BenchError("importing the rules core imported pygame")
        times.append(d["seconds"])
        times.cpu.append(d["cpu"])
    return figure("import_core", "import the rules core (engine.game, systems.*)", "s", times, 0.2, "loop",
                  info={"modules": len(rules_core_modules()) + 4, "pygame_imported": False})


def load_figure(level: Path, runs: int) -> Figure:
    from engine.levels import new_game_from_level
    game = new_game_from_level(level, seed=1)
    return figure("load_level", f"load the {game.map.width}x{game.map.height} level (new game)", "s",
                  _times(lambda: new_game_from_level(level, seed=1), runs, "s"), 0.5, "loop",
                  info={"units": len(game.units)})


def replay_figure(folder: Path, runs: int, turns: int) -> list[Figure]:
    from engine.bench_setup import long_game
    from engine.replay import Replay
    marks = tuple(t for t in (turns // 4, turns // 2) if t)
    saved = long_game(folder, turns, marks)

    def verify(path: Path) -> None:
        replay = Replay.from_file(path)
        try:
            if replay.verify():
                raise BenchError(f"the replay of {path.name} differs from the save")
        finally:
            replay.close()

    verify(saved[turns])                          # imports the rules, checks the result
    info: dict[str, Any] = {"turns": turns, "save_mb": round(saved[turns].stat().st_size / 1e6, 2)}
    for t in marks:
        info[f"turn_{t}_s"] = round(min(_times(lambda: verify(saved[t]), max(1, runs // 2), "s")), 3)
    game = Replay.from_file(saved[turns])
    info |= {"actions": len(game.actions), "events": len(game.final["events"])}
    game.close()
    replayed = figure("replay_verify", f"verify the replay of a {turns}-turn game", "s",
                      _times(lambda: verify(saved[turns]), runs, "s"), 1.0 if turns == 100 else None, "loop",
                      info=info)
    return [replayed, load_save_figure(saved[turns], turns, runs)]


def load_save_figure(path: Path, turns: int, runs: int) -> Figure:
    """Loading the save of a `turns`-turn game (engine/saves.load_game: read,
    uncompress, check every section, restore the game)."""
    from engine import saves
    text = len(saves.dumps(saves.load_game(path)))
    return figure("load_save", f"load the save of a {turns}-turn game", "s",
                  _times(lambda: saves.load_game(path).close(), runs, "s"), 0.3 if turns == 100 else None, "loop",
                  info={"turns": turns, "file_mb": round(path.stat().st_size / 1e6, 2),
                        "text_mb": round(text / 1e6, 2)})


def memory_child(level: str, frames: int) -> None:
    """Play the part of the game on `level`: start it, draw frames while
    panning, search every unit's moves; print the peak resident memory."""
    import resource
    from systems.common.movement import reachable, motion_rules
    from engine.levels import new_game_from_level
    info: dict[str, Any] = {}
    if frames:
        screen = init_display()
        times, _, _ = frame_times(screen, level, frames)
        info["frames"] = len(times)
    game = new_game_from_level(level, seed=1)
    searched = 0
    for ent in list(game.units.values()):
        rules = motion_rules(game, ent)
        for mode in rules.modes:
            searched += len(reachable(game, ent, mode))
    info["states"] = searched
    info["maxrss_mb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024   # KiB on Linux
    print(json.dumps(info))


def memory_figure(level: Path, env: dict[str, str], frames: int) -> Figure:
    code = f"from engine.bench import memory_child; memory_child({str(level)!r}, {frames})"
    _, out = _run(["-c", code], env)
    d = json.loads(out.strip().splitlines()[-1])
    return Figure("peak_memory", "peak memory of the game on the 100x100 level", "MB",
                  [d.pop("maxrss_mb")], 200.0, None, info=d)


# ====================================================================== 6. computer player
def bot_turn_seconds(level: Path, turns: int, seed: int = 1) -> list[float]:
    """The CPU seconds each side's turn takes a bot:2 player deciding (all
    its units, every phase), both sides played by it for `turns` turns."""
    from engine.bot.driver import Tally, step
    from engine.bot.players import make_player
    from engine.levels import new_game_from_level
    from engine.turnflow import TurnFlow
    game = new_game_from_level(level, seed=seed)
    players = {side: make_player("bot:2", side) for side in game.sides}
    tally, flow = Tally(), TurnFlow(game)
    flow.start()
    while not flow.over and game.turn <= turns:
        if step(game, flow, players, tally=tally) is None:
            raise BenchError(f"the computer players stopped in turn {game.turn}")
    game.close()
    return [secs for (_side, turn), secs in sorted(tally.seconds.items()) if turn <= turns]


def bot_figures(levels: list[tuple[Path, str, str, float]], turns: int) -> list[Figure]:
    out = []
    for level, key, name, target in levels:
        times = Runs()
        for secs in bot_turn_seconds(level, turns):
            times.append(secs)
            times.cpu.append(secs)
        out.append(figure(key, f"computer player (bot:2) turn, {name}, CPU", "s", times, target, "loop",
                          info={"turns": turns, "side_turns": len(times)}))
    return out


# ====================================================================== all
@dataclass
class Sizes:
    runs: int = 7                 # runs per in-process figure
    process_runs: int = 5         # runs per subprocess figure
    frames: int = 240
    level: tuple[int, int, int] = (100, 100, 40)     # width, height, units
    los: int = 10_000
    turns: int = 10
    replay_turns: int = 100
    ui_turns: int = 3
    warm: bool = True             # one unmeasured run first to fill the bytecode cache
    bot_turns: int = 5            # turns the computer players play on each level

    @classmethod
    def quick(cls) -> "Sizes":
        return cls(runs=2, process_runs=1, frames=10, level=(14, 14, 8), los=200, turns=2, replay_turns=4,
                   ui_turns=1, warm=False,
                   bot_turns=1)


def run_all(sizes: Sizes, folder: Path, only: set[str] | None = None, log=print) -> dict[str, Any]:
    """Every figure; returns the JSON document."""
    from engine.bench_setup import write_level
    from engine.ui.latency import ui_figures
    from engine.levels import new_game_from_level
    from engine.paths import DEFAULT_LEVEL

    def want(group: str) -> bool:
        return not only or group in only

    w, h, n = sizes.level
    level = write_level(folder, w, h, n)
    figures: list[Figure] = []
    cal: dict[str, float] = {"loop": calibrate_loop()}
    log(f"calibration: pure-Python loop {cal['loop'] * 1000:.1f} ms CPU")
    env = _child_env(folder / "pycache")
    frames_ok = want("frames")
    if frames_ok or want("memory") or want("ui"):
        screen = init_display()
        cal["blit"] = calibrate_blit(screen)
        log(f"calibration: full-screen blit {cal['blit'] * 1000:.2f} ms CPU")
    if frames_ok:
        for lv, target, name in ((DEFAULT_LEVEL, 4.0, "default level"), (level, 8.0, f"{w}x{h} level")):
            times, _, info = frame_times(screen, lv, sizes.frames)
            figures.append(figure("frame_default" if lv == DEFAULT_LEVEL else "frame_large",
                                  f"frame while panning, {name} ({info['units']} units)", "ms", times,
                                  target, "blit", 16.7, info))
            log(_row(figures[-1], cal))
    game = new_game_from_level(level, seed=1) if want("reachable") or want("los") else None
    steps: list[tuple[str, Callable[[], list[Figure]]]] = [
        ("reachable", lambda: reachable_figures(game, sizes.runs)),
        ("los", lambda: [los_figure(game.map, sizes.runs, sizes.los)]),
        ("to_hit", lambda: [to_hit_figure(level, sizes.runs)]),
        ("battle", lambda: [battle_figure(folder, r, sizes.process_runs, env, sizes.turns, sizes.warm)
                            for r in ("classic", "alpha-strike")]),
        ("load", lambda: [load_figure(level, sizes.runs)]),
        ("import", lambda: [import_figure(sizes.process_runs, env, sizes.warm)]),
        ("memory", lambda: [memory_figure(level, env, sizes.frames if frames_ok else 0)]),
        ("replay", lambda: replay_figure(folder, sizes.runs, sizes.replay_turns)),
        ("ui", lambda: ui_figures(screen, DEFAULT_LEVEL, sizes.ui_turns, prefix="ui_default_")
         + ui_figures(screen, level, sizes.ui_turns)),
        ("bot", lambda: bot_figures([(DEFAULT_LEVEL, "bot_default", "default level", 1.0),
                                     (level, "bot_large", f"{w}x{h} level", 5.0)], sizes.bot_turns)),
    ]
    for group, make in steps:
        if want(group):
            for fig in make():
                figures.append(fig)
                log(_row(fig, cal))
    return {"machine": machine(), "calibration": {k + "_cpu_s": round(v, 6) for k, v in cal.items()},
            "sizes": sizes.__dict__ | {"level": list(sizes.level)},
            "figures": [f.to_json(cal) for f in figures]}


def machine() -> dict[str, Any]:
    cpu = ""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        cpu = platform.processor()
    try:
        import pygame
        pg = pygame.version.ver
    except ImportError:
        pg = None
    try:
        load = [round(v, 2) for v in os.getloadavg()]
    except OSError:
        load = None
    return {"cpus": os.cpu_count(), "cpu": cpu or platform.machine(), "python": platform.python_version(),
            "pygame": pg, "system": platform.system(), "video": os.environ.get("SDL_VIDEODRIVER"),
            "load_average": load}


# ====================================================================== table
def _fmt(v: float, unit: str) -> str:
    return f"{v:.0f} {unit}" if unit == "MB" else (f"{v:.2f} {unit}" if v < 10 else f"{v:.1f} {unit}")


def _cells(d: dict[str, Any]) -> tuple[str, str, str, str, str, str]:
    """CPU median, CPU max, wall median, ratio, target and met of a JSON figure."""
    unit = d["unit"]
    cpu = "" if d["cpu_median"] is None else _fmt(d["cpu_median"], unit)
    if d["quantile"] != 0.5 and d["cpu_judged"] is not None:
        cpu += f" (p{d['quantile'] * 100:g} {_fmt(d['cpu_judged'], unit)})"
    cpu_max = "" if d["cpu_max"] is None else _fmt(d["cpu_max"], unit)
    target = "" if d["target"] is None else f"{'' if d['quantile'] == 0.5 else 'p95 '}<= {d['target']:g} {unit}"
    if d["max_target"] is not None:
        target += f", max <= {d['max_target']:g} {unit}"
    ratio = "" if d["ratio"] is None else f"{d['ratio']:g} x {d['calibration']}"
    ok = {True: "yes", False: "no", None: ""}[d["ok"]]
    return cpu, cpu_max, _fmt(d["median"], unit), ratio, target, ok


def _row(f: Figure, cal: dict[str, float]) -> str:
    cpu, cpu_max, wall, ratio, target, ok = _cells(f.to_json(cal))
    if not cpu:                                 # memory: the value itself
        cpu, cpu_max, wall = wall, _fmt(f.max, f.unit), ""
    return (f"{f.label:<52} {cpu:>10} {cpu_max:>10} {wall:>10} {ratio:>13} {target:>24} "
            f"{ok.upper() if ok == 'no' else ok:>4}")


def header() -> str:
    return (f"{'figure':<52} {'cpu':>10} {'cpu max':>10} {'wall':>10} {'ratio':>13} {'target':>24} {'ok':>4}")


def markdown(doc: dict[str, Any]) -> str:
    """The results as a Markdown table (for the README)."""
    lines = ["| figure | CPU median | CPU max | wall median | ratio (CPU) | target (CPU) | met |",
             "|---|---:|---:|---:|---:|---|---|"]
    for f in doc["figures"]:
        cpu, cpu_max, wall, ratio, target, ok = _cells(f)
        if not cpu:
            cpu, cpu_max, wall = wall, _fmt(f["max"], f["unit"]), ""
        lines.append(f"| {f['label']} | {cpu} | {cpu_max} | {wall} | {ratio} | {target} | {ok} |")
    return "\n".join(lines)


GROUPS = ("frames", "reachable", "los", "to_hit", "battle", "load", "import", "memory", "replay", "ui", "bot")


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m engine bench",
                                description="Measure frame times, move searches, line of sight, to-hit, "
                                            "battles, loading, import time and memory; print a table and write "
                                            "JSON.")
    p.add_argument("--json", default="bench.json", help="where to write the results (default bench.json)")
    p.add_argument("--runs", type=int, help="runs per figure (median taken)")
    p.add_argument("--quick", action="store_true", help="tiny sizes: checks that every benchmark runs")
    p.add_argument("--only", action="append", choices=GROUPS, help="run only these groups")
    p.add_argument("--markdown", action="store_true", help="also print the table as Markdown")
    args = p.parse_args(argv)
    sizes = Sizes.quick() if args.quick else Sizes()
    if args.runs:
        sizes.runs = sizes.process_runs = args.runs
    print(header())
    with tempfile.TemporaryDirectory(prefix="hexmech-bench-") as tmp:
        try:
            doc = run_all(sizes, Path(tmp), set(args.only or ()))
        except BenchError as exc:
            print(f"bench: {exc}", file=sys.stderr)
            return 1
    m = doc["machine"]
    print(f"machine: {m['cpus']} CPUs, {m['cpu']}, Python {m['python']}, pygame-ce {m['pygame']}, "
          f"load average {m['load_average']} (targets are judged on CPU time; wall times exceed it on a busy machine)")
    if args.markdown:
        print(markdown(doc))
    Path(args.json).write_text(json.dumps(doc, indent=2) + "\n", encoding="utf-8")
    print(f"wrote {args.json}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
