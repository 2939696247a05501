"""The project's own fuzz corpus for saves (front-end sections included) and
for the command line, and the checks each variant must pass: no traceback,
no hang over `HANG_SECONDS`, no read outside the allowed folders.

A workspace (`Workspace`) holds an `allowed/` folder (the save folder, a mod
folder, a level copied next to the saves) and an `outside/` folder whose
files are FIFOs and secrets. Reads are watched two ways: an audit hook sees
every file Python opens, and a sentinel thread opens each outside FIFO for
writing without blocking, which only succeeds while something has it open
for reading (C code such as SDL's image loader included); the sentinel then
closes it, so the reader gets end-of-file instead of hanging.

Variants are made from real saves (played through the hot-seat window and
the random-play driver, mid-phase with declarations, during deployment, an
Alpha Strike combat) by seeded mutations aimed at the front-end section,
the systems' turn state, units, events and the record, plus byte-level
damage; command lines combine every entry point with hostile paths and
values. Variant `i` of a corpus is the same on every run.

    python -m tests.fuzz_corpus [saves|cli|all] [--count N]

runs the whole corpus (500 of each by default) and prints the counts;
tests/test_fuzz.py runs a sample of each in the default test run.
"""
from __future__ import annotations

import argparse
import contextlib
import copy
import io
import json
import os
import random
import shutil
import signal
import sys
import tempfile
import threading
import time
import traceback
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterator

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

ROOT = Path(__file__).resolve().parent.parent
HANG_SECONDS = 10
FULL_COUNT = 500


# --------------------------------------------------------------------- watching reads
class Hang(BaseException):
    """A variant ran longer than HANG_SECONDS (a BaseException: no `except
    Exception` of the code under test may swallow it)."""


class ReadWatch:
    """Records reads outside the allowed folders while `active`."""

    def __init__(self, allowed: list[Path], fifos: list[Path]) -> None:
        self.allowed = [p.resolve() for p in allowed]
        self.fifos = fifos
        self.outside: list[str] = []
        self.named: set[str] = set()           # files a command line names itself
        self.active = False
        self._stop = threading.Event()
        self._sentinel_thread = threading.Thread(target=self._sentinel, name="fuzz-fifo-sentinel", daemon=True)
        sys.addaudithook(self._audit)
        self._sentinel_thread.start()

    def _allowed(self, path: Path) -> bool:
        return any(path.is_relative_to(root) for root in self.allowed)

    def _audit(self, event: str, args: tuple) -> None:
        if not self.active or event != "open" or not args or not isinstance(args[0], (str, bytes, os.PathLike)):
            return
        if threading.current_thread() is self._sentinel_thread:
            return
        mode, flags = (args + (None, None))[1:3]
        if isinstance(mode, str) and any(c in mode for c in "wax+"):
            return
        if isinstance(flags, int) and flags & (os.O_WRONLY | os.O_RDWR):
            return
        try:
            path = Path(os.fsdecode(args[0])).resolve()
        except (OSError, ValueError, RuntimeError):
            return
        if not self._allowed(path) and str(path) not in self.named:
            self.outside.append(str(path))

    def close(self) -> None:
        """Stop watching (an audit hook cannot be removed: it stays idle)."""
        self.active = False
        self._stop.set()

    def _sentinel(self) -> None:
        while not self._stop.is_set():
            for fifo in self.fifos:
                try:
                    fd = os.open(fifo, os.O_WRONLY | os.O_NONBLOCK)
                except OSError:
                    continue            # ENXIO: nobody is reading it
                os.close(fd)
                if self.active and str(fifo.resolve()) not in self.named:
                    self.outside.append(f"{fifo} (opened for reading)")
            time.sleep(0.02)


@contextlib.contextmanager
def guarded(watch: ReadWatch):
    """Run a variant: reads watched, a hang interrupted by an alarm."""
    def on_alarm(signum, frame):
        raise Hang(f"still running after {HANG_SECONDS} s")
    old = signal.signal(signal.SIGALRM, on_alarm)
    watch.outside.clear()
    watch.active = True
    signal.alarm(HANG_SECONDS)
    try:
        yield
    finally:
        signal.alarm(0)
        watch.active = False
        signal.signal(signal.SIGALRM, old)


# --------------------------------------------------------------------- the workspace
@dataclass
class Workspace:
    root: Path
    bases: dict[str, dict] = field(default_factory=dict)      # name -> a real save (current format)
    scenario: str = ""                                         # a real scenario's text

    @property
    def saves(self) -> Path:
        return self.root / "allowed" / "saves"

    @property
    def mods(self) -> Path:
        return self.root / "allowed" / "mods"

    @property
    def outside(self) -> Path:
        return self.root / "outside"

    def allowed_roots(self) -> list[Path]:
        import pygame
        roots = [self.root / "allowed", ROOT, Path(sys.prefix), Path(sys.base_prefix),
                 Path(pygame.__file__).parent, Path("/dev/null"), Path("/dev/urandom")]
        return roots + [Path(p) for p in sys.path if p and Path(p).is_dir() and "site-packages" in p]

    def fifos(self) -> list[Path]:
        return sorted(p for p in self.outside.iterdir() if p.is_fifo())


def make_workspace(root: Path | None = None) -> Workspace:
    """Folders, outside FIFOs and secrets, links leading out, and base saves."""
    ws = Workspace(Path(root or tempfile.mkdtemp(prefix="hexmech-fuzz-")))
    for folder in (ws.saves, ws.mods, ws.outside):
        folder.mkdir(parents=True, exist_ok=True)
    for name in ("secret.tmx", "secret.tsx", "secret.json", "secret.toml", "terrain.png"):
        os.mkfifo(ws.outside / name)
    (ws.outside / "plain.tmx").write_text("<map/>")
    (ws.saves / "escape.tmx").symlink_to(ws.outside / "secret.tmx")
    (ws.mods / "escape.tmx").symlink_to(ws.outside / "secret.tmx")
    from engine.paths import LEVELS
    shutil.copy(LEVELS / "skirmish.tmx", ws.saves / "local.tmx")
    tileset = (LEVELS.parent / "assets" / "tilesets")
    text = (ws.saves / "local.tmx").read_text(encoding="utf-8")
    (ws.saves / "local.tmx").write_text(text.replace('source="../assets/tilesets/', f'source="{tileset}/'),
                                        encoding="utf-8")
    shutil.copy(ws.saves / "local.tmx", ws.mods / "modded.tmx")
    ws.bases = _base_saves(ws)
    ws.scenario = (ROOT / "docs" / "examples" / "classic_mechs.toml").read_text(encoding="utf-8")
    return ws


def _base_saves(ws: Workspace) -> dict[str, dict]:
    import pygame
    from engine import random_play as rp, saves
    from engine.paths import LEVELS
    from engine import session
    from engine.ui.app import App
    pygame.init()
    screen = pygame.display.set_mode((800, 600))
    out: dict[str, dict] = {}
    for name, level, mods, deploy in (("ui_shipped", LEVELS / "skirmish.tmx", [], False),
                                      ("ui_local", ws.saves / "local.tmx", [], False),
                                      ("ui_mod", ws.mods / "modded.tmx", [ws.mods], False),
                                      ("ui_deploy", LEVELS / "alpha_skirmish.tmx", [], True)):
        app = App(screen, save_dir=ws.saves, edge_pan=False, autosave=False, mods=mods)
        app.set_game(session.new_game(str(level), mods, 5), str(level), deploy=deploy)
        for action, arg in (("handover_done", None), ("next_unit", None), ("step", "F"), ("confirm", None)):
            app.do(action, arg)
        out[name] = json.loads(saves.file_text(app.save(f"base-{name}")))
    for name, ruleset, phase in (("classic_weapon", "classic", "weapon"), ("classic_physical", "classic", "physical"),
                                 ("alpha_combat", "alpha-strike", "combat")):
        rng = random.Random(len(out))
        game = rp.random_game(rng, ruleset=ruleset, units_per_side=3)
        rp.play_game(game, rng, 1, rp.Stats(), rp.Invariants(check_refusals=False, check_saves=False),
                     replay_check=False)
        game.start_turn()
        for p in game.ruleset.phases:
            game.start_phase(p)
            for order in rp.random_orders(game, rng, p):
                game.submit(order)
            if p == phase:
                break
            game.end_phase()
        out[name] = json.loads(saves.dumps(game))
        game.close()
    pygame.quit()
    return out


# --------------------------------------------------------------------- save variants
def _hostile(ws: Workspace, rng: random.Random) -> Any:
    outside = str(ws.outside / "secret.tmx")
    pool = [-1, 0, 1, 7, 10 ** 9, 2 ** 63, -2 ** 63 - 1, 1.5, 1e308, True, False, None, "", "nobody", "red",
            "teleport", "0101", "9999", "\x00", "x" * 5000, "../outside/secret.tmx", outside, "/dev/zero",
            "/etc/passwd", [], {}, [1, 2], {"x": 1}, ["nobody"], [[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]],
            list(range(3000)), {"folder": "save", "path": "../outside/secret.tmx"},
            {"folder": "save", "path": "escape.tmx"}, {"folder": "mod", "path": "escape.tmx"},
            {"folder": "shipped", "path": "../../../../../../" + outside.lstrip("/")},
            {"folder": "save", "path": outside}, {"folder": "save", "path": "C:/x.tmx"},
            {"folder": "save", "path": "missing.tmx"}, {"folder": "save", "path": "local.tmx"},
            {"folder": "mod", "path": "modded.tmx"}, {"folder": "cloud", "path": "x.tmx"},
            {"folder": "save", "path": "../outside/plain.tmx"}, {"folder": "save"}]
    return copy.deepcopy(rng.choice(pool))


def _paths(data: Any, prefix: tuple = ()) -> Iterator[tuple]:
    yield prefix
    if isinstance(data, dict):
        for k, v in data.items():
            yield from _paths(v, prefix + (k,))
    elif isinstance(data, list):
        for i, v in enumerate(data[:40]):
            yield from _paths(v, prefix + (i,))


def _at(data: Any, path: tuple) -> Any:
    for k in path:
        data = data[k]
    return data


REGIONS = (("frontend",), ("game", "phase_data"), ("game", "units"), ("game", "events"), ("game", "record"),
           ("game",), ())


def _plausible(v: Any, strings: list[str], rng: random.Random) -> Any:
    """A value of the same kind as `v`, often one the checks let through."""
    if isinstance(v, bool):
        return not v
    if isinstance(v, int):
        return rng.choice([v - 1, v + 1, 0, -1, v * 2, 5, 12])
    if isinstance(v, str):
        return rng.choice(strings)
    if isinstance(v, list):
        out = list(v)
        rng.shuffle(out)
        return out[:rng.randint(0, len(out))] if rng.random() < 0.5 else out
    if isinstance(v, dict) and v:
        out = dict(v)
        out.pop(rng.choice(list(out)))
        return out
    return v


def _strings(data: Any, out: set[str]) -> set[str]:
    if isinstance(data, str) and len(data) < 40:
        out.add(data)
    elif isinstance(data, dict):
        for k, v in data.items():
            out.add(k)
            _strings(v, out)
    elif isinstance(data, list):
        for v in data[:200]:
            _strings(v, out)
    return out


def mutate(ws: Workspace, save: dict, rng: random.Random) -> dict:
    data = copy.deepcopy(save)
    strings = sorted(_strings(save["game"]["units"], set()) | _strings(save.get("frontend"), set()))
    for _ in range(rng.randint(1, 3)):
        region = rng.choices(REGIONS, weights=(30, 15, 25, 8, 8, 8, 6))[0]
        try:
            base = _at(data, region)
        except (KeyError, IndexError, TypeError):
            base, region = data, ()
        path = region + rng.choice(list(_paths(base)))
        if not path:
            data["surprise"] = _hostile(ws, rng)
            continue
        parent, key = _at(data, path[:-1]), path[-1]
        op = rng.choice(("plausible", "plausible", "plausible", "replace", "replace", "delete", "add",
                         "duplicate", "retype"))
        target = parent[key]
        if op == "plausible":
            parent[key] = _plausible(target, strings, rng)
        elif op == "replace":
            parent[key] = _hostile(ws, rng)
        elif op == "delete":
            del parent[key]
        elif op == "add" and isinstance(target, dict):
            target[rng.choice(["evil", "__class__", "Turret", "hotseat", "deployment", "x"])] = _hostile(ws, rng)
        elif op == "add" and isinstance(target, list):
            target.append(copy.deepcopy(rng.choice(target)) if target and rng.random() < 0.5 else _hostile(ws, rng))
        elif op == "duplicate" and isinstance(parent, list):
            parent.append(copy.deepcopy(target))
        elif op == "retype":
            parent[key] = [target] if rng.random() < 0.5 else json.dumps(target)
        else:
            parent[key] = _hostile(ws, rng)
    return data


def save_variants(ws: Workspace, count: int, seed: int = 0) -> Iterator[tuple[str, bytes]]:
    """(name, file bytes) of `count` variants of the base saves."""
    names = sorted(ws.bases)
    for i in range(count):
        rng = random.Random(f"{seed}:save:{i}")
        base = names[i % len(names)]
        if i % 10 == 9:          # byte-level damage of a whole save
            raw = bytearray(json.dumps(ws.bases[base]).encode())
            cut = rng.randint(0, len(raw))
            raw = raw[:cut] if rng.random() < 0.4 else raw
            for _ in range(rng.randint(1, 4)):
                if raw:
                    raw[rng.randrange(len(raw))] = rng.randrange(256)
            yield f"save-{i}-{base}-bytes", bytes(raw)
        else:
            yield f"save-{i}-{base}", json.dumps(mutate(ws, ws.bases[base], rng)).encode()


@dataclass
class Tally:
    variants: int = 0
    refused: int = 0
    loaded: int = 0
    tracebacks: list[str] = field(default_factory=list)
    hangs: list[str] = field(default_factory=list)
    outside_reads: list[str] = field(default_factory=list)
    other: list[str] = field(default_factory=list)

    def ok(self) -> bool:
        return not (self.tracebacks or self.hangs or self.outside_reads or self.other)

    def summary(self, what: str) -> str:
        return (f"{what}: {self.variants} variants, {self.refused} refused in one line, {self.loaded} ran, "
                f"{len(self.tracebacks)} tracebacks, {len(self.hangs)} hangs over {HANG_SECONDS} s, "
                f"{len(self.outside_reads)} reads outside the allowed folders, {len(self.other)} other problems")


class SaveOracle:
    """Loads each variant headless, into a window running a battle, and
    plays on from it; counts what went wrong."""

    def __init__(self, ws: Workspace) -> None:
        import pygame
        from engine.ui.app import App
        self.ws = ws
        self.watch = ReadWatch(ws.allowed_roots(), ws.fifos())
        pygame.init()
        self.app = App(pygame.display.set_mode((800, 600)), save_dir=ws.saves, edge_pan=False,
                       autosave=False, mods=[ws.mods])
        self.home = ws.saves / "home.json"
        self.home.write_text(json.dumps(ws.bases["ui_shipped"]))
        self.tally = Tally()

    def run(self, name: str, raw: bytes) -> None:
        from engine.errors import DataError
        path = self.ws.saves / f"{name}.json"
        path.write_bytes(raw)
        t = self.tally
        t.variants += 1
        try:
            with guarded(self.watch):
                self._headless(path, name)
                self._in_window(path, name)
        except Hang as exc:
            t.hangs.append(f"{name}: {exc}")
        except DataError as exc:
            t.other.append(f"{name}: a DataError escaped: {exc.first_line()}")
        except Exception:
            t.tracebacks.append(f"{name}: {traceback.format_exc(limit=-10)}")
        if self.watch.outside:
            t.outside_reads.append(f"{name}: {sorted(set(self.watch.outside))[:3]}")
        path.unlink()

    def _headless(self, path: Path, name: str) -> None:
        from engine import random_play as rp, saves
        from engine.errors import DataError
        from engine.persistence import CHECKS
        try:
            game = saves.load_game(path, CHECKS, [self.ws.mods])
        except DataError as exc:
            self._one_line(exc.first_line(), path, name)
            self.tally.refused += 1
            return
        self.tally.loaded += 1
        try:
            again_path = saves.save_game(game, self.ws.saves / "again.json")
            again = saves.load_game(again_path, CHECKS, [self.ws.mods])
            if saves.save_dict(again) != saves.save_dict(game):
                self.tally.other.append(f"{name}: the loaded game does not save back as it loaded")
            again.close()
            stats = rp.Stats()
            rp.play_game(game, random.Random(1), 1, stats,
                         rp.Invariants(check_refusals=False, save_rate=0.0), replay_check=False)
            self.tally.tracebacks += [f"{name}: {p}" for p in stats.problems if "CRASH" in p]
        finally:
            game.close()

    def _in_window(self, path: Path, name: str) -> None:
        app = self.app
        if app.game is None or getattr(app, "_home", None) is not app.game:
            assert app.load(self.home), app.message
            app._home = app.game
        before = (app.game, json.dumps(app.game.snapshots()), app.game.turn, app.game.phase)
        if app.load(path):
            import pygame
            app.draw()
            for key in (pygame.K_RETURN, pygame.K_TAB, pygame.K_w, pygame.K_RETURN, pygame.K_SPACE,
                        pygame.K_RETURN, pygame.K_n, pygame.K_ESCAPE, pygame.K_RETURN):
                pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
                app.pump()
                app.draw()
        else:
            after = (app.game, json.dumps(app.game.snapshots()), app.game.turn, app.game.phase)
            if after != before:
                self.tally.other.append(f"{name}: a refused load changed the battle on screen")
            self._one_line(app.message, path, name)

    def _one_line(self, message: str, path: Path, name: str) -> None:
        if "\n" in message or str(path) not in message:
            self.tally.other.append(f"{name}: the refusal is not one line naming the file: {message[:200]!r}")


# --------------------------------------------------------------------- command-line variants
ENTRY_POINTS = ("engine", "hexmech")


def cli_variants(ws: Workspace, count: int, seed: int = 0) -> Iterator[tuple[str, str, list[str]]]:
    """(name, entry point, argv) of `count` command lines."""
    from engine.session import BUILTIN
    files = ws.root / "allowed" / "cli"
    files.mkdir(exist_ok=True)
    good_save = files / "good.json"
    good_save.write_text(json.dumps(ws.bases["ui_shipped"]))
    scen = files / "scenario.toml"
    scen.write_text(ws.scenario)
    (files / "binary.json").write_bytes(bytes(range(256)) * 40)
    (files / "empty.toml").write_text("")
    outside = ws.outside
    hostile_files = [str(outside / "secret.json"), str(outside / "secret.toml"), "/dev/zero", "/dev/null",
                     str(files), str(files / "missing.json"), str(files / "binary.json"), str(files / "empty.toml"),
                     str(ws.saves / "escape.tmx"), "", "-", "--", "\x01", "x" * 5000]
    for i in range(count):
        rng = random.Random(f"{seed}:cli:{i}")
        bad = rng.choice(hostile_files)
        save = bad if rng.random() < 0.5 else _mutated_file(ws, files, rng, i)
        scenario_file = bad if rng.random() < 0.4 else _mutated_scenario(ws, files, rng, i)
        number = str(rng.choice([-1, 0, 1, 3, 10 ** 9, "x", "1.5", ""]))
        shot = str(files / f"shot{i % 3}.png")
        size = rng.choice(["640x480", "320x200", "0x0", "axb", "640", "1x1"])
        level = rng.choice([BUILTIN, str(ws.saves / "local.tmx"), str(outside / "plain.tmx"), str(files),
                            str(files / "missing.tmx"), "builtin:nothing"])
        forms = [
            ("engine", ["scenario", scenario_file] + rng.choice([[], ["--json"], ["--mods", bad], ["--json", "--mods", str(ws.mods)]])),
            ("engine", ["replay", save] + rng.choice([["--json"], ["--text"], ["--text", "--turn", number],
                                                      ["--json", "--turn", number]])),
            ("engine", ["replay", save, "--screenshot", shot, "--size", size]),
            ("hexmech", ["--load", save, "--screenshot", shot, "--size", size, "--mods", str(ws.mods)]),
            ("hexmech", ["--load", save, "--screenshot", shot, "--save-dir", rng.choice([str(ws.saves), bad])]),
            ("hexmech", [level, "--screenshot", shot, "--size", size, "--seed", number]
             + rng.choice([[], ["--demo", rng.choice(["move", "attack", "panel", "menu", "help", "deploy"])],
                           ["--no-deploy"], ["--autosaves", number]])),
            ("hexmech", ["replay", save, rng.choice(["--json", "--text"])]),
            ("engine", ["soak", "--turns", rng.choice(["0", "1", "-5", "x"]), "--seed", number]),
            ("engine", [rng.choice(["scenario", "replay", "check", "nope", "--help", ""])]),
            ("hexmech", rng.choice([["--nope"], ["--load"], ["--size"], ["--load", save, "--load"], ["replay"]])),
        ]
        entry, argv = forms[i % len(forms)]
        yield f"cli-{i}", entry, argv


def _mutated_file(ws: Workspace, folder: Path, rng: random.Random, i: int) -> str:
    path = folder / f"save{i % 7}.json"
    base = ws.bases[sorted(ws.bases)[i % len(ws.bases)]]
    path.write_text(json.dumps(mutate(ws, base, rng) if rng.random() < 0.7 else base))
    return str(path)


def _mutated_scenario(ws: Workspace, folder: Path, rng: random.Random, i: int) -> str:
    path = folder / f"scenario{i % 7}.toml"
    text = ws.scenario
    for _ in range(rng.randint(0, 3)):
        pick = rng.choice([("grasshopper.toml", f"../../outside/secret.toml"), ("grasshopper.toml", str(ws.outside / "secret.toml")),
                           ('"walk"', '"teleport"'), ("= 3", "= 99999999999"), ("[[turn]]", "[[turn]]\n[[turn.move]]"),
                           ("seed", "seed = \"x\"\nx"), ('ruleset = "classic"', f'map = "{ws.outside / "secret.tmx"}"')])
        text = text.replace(*pick, 1)
    if rng.random() < 0.2:
        text = text[:rng.randint(0, len(text))]
    path.write_text(text)
    return str(path)


class CliOracle:
    """Runs each command line in this process (output captured), as the
    installed `hexmech` and `python -m engine` would."""

    def __init__(self, ws: Workspace) -> None:
        self.ws = ws
        self.watch = ReadWatch(ws.allowed_roots(), ws.fifos())
        self.tally = Tally()

    def run(self, name: str, entry: str, argv: list[str]) -> None:
        """A file the command line names is the player's choice (read it, or
        refuse it if it is no regular file); what it names in turn is data."""
        from engine.__main__ import main as engine_main
        from engine.app import main as hexmech_main
        t = self.tally
        t.variants += 1
        named = [Path(a).resolve() for a in argv if a.startswith("/")]
        self.watch.named = set(map(str, named))
        out, err = io.StringIO(), io.StringIO()
        try:
            with guarded(self.watch), contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
                try:
                    code = (engine_main if entry == "engine" else hexmech_main)(list(argv))
                except SystemExit as exc:          # argparse: a usage line and exit 2 (0 for --help)
                    code = exc.code if isinstance(exc.code, int) else 2
        except Hang as exc:
            t.hangs.append(f"{name} {entry} {argv}: {exc}")
            code = None
        except Exception:
            t.tracebacks.append(f"{name} {entry} {argv}: {traceback.format_exc(limit=-10)}")
            code = None
        if "Traceback" in err.getvalue():
            t.tracebacks.append(f"{name} {entry} {argv}: {err.getvalue()[-500:]}")
        if code == 2:
            t.refused += 1
        elif code is not None:
            t.loaded += 1
            if code not in (0, 1):
                t.other.append(f"{name} {entry} {argv}: exit code {code!r}")
        if self.watch.outside:
            t.outside_reads.append(f"{name} {entry} {argv}: {sorted(set(self.watch.outside))[:3]}")


# --------------------------------------------------------------------- command
def run_saves(ws: Workspace, count: int, seed: int = 0) -> Tally:
    oracle = SaveOracle(ws)
    try:
        for name, raw in save_variants(ws, count, seed):
            oracle.run(name, raw)
    finally:
        oracle.watch.close()
    return oracle.tally


def run_cli(ws: Workspace, count: int, seed: int = 0) -> Tally:
    oracle = CliOracle(ws)
    try:
        for name, entry, argv in cli_variants(ws, count, seed):
            oracle.run(name, entry, argv)
    finally:
        oracle.watch.close()
    return oracle.tally


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m tests.fuzz_corpus", description=__doc__.split("\n\n")[0])
    p.add_argument("corpus", nargs="?", default="all", choices=("saves", "cli", "all"))
    p.add_argument("--count", type=int, default=FULL_COUNT, help=f"variants of each corpus (default {FULL_COUNT})")
    p.add_argument("--seed", type=int, default=0)
    args = p.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="hexmech-fuzz-") as tmp:
        ws = make_workspace(Path(tmp))
        ok = True
        for what, runner in (("saves", run_saves), ("cli", run_cli)):
            if args.corpus in (what, "all"):
                started = time.monotonic()
                tally = runner(ws, args.count, args.seed)
                for problem in tally.tracebacks + tally.hangs + tally.outside_reads + tally.other:
                    print(problem[:2000])
                print(f"{tally.summary(what)} ({time.monotonic() - started:.0f} s)", flush=True)
                ok = ok and tally.ok()
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
