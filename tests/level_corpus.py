"""Fuzz corpus for the level inputs: TMX levels, tilesets (TSX and JSON),
JSON maps, templates and MegaMek boards, each mutated from real files
(shipped levels, the Tiled-written fixtures, the sample boards), with
hostile paths (to a FIFO outside the allowed folders, devices, parents),
decompression bombs and broken values. Every variant must load or be refused
with DataError lines (no traceback), within 10 s (no hang), and read nothing
outside its allowed folders (an audit hook records every file opened).

    python tests/level_corpus.py [--count 500]     # the full corpus, with figures

tests/test_level_corpus.py runs a sample of it in the default test run.
"""
from __future__ import annotations

import base64
import json
import os
import random
import re
import shutil
import signal
import sys
import tempfile
import time
import zlib
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(ROOT))

from engine.errors import DataError  # noqa: E402
from engine.levels import level_report  # noqa: E402
from engine.paths import LEVELS, TILESETS  # noqa: E402

BOARDS = ROOT.parent / "shared" / "megamek" / "boards"
FIXTURES = HERE / "tiled_fixtures" / "levels"
KINDS = ("level", "tileset", "json", "template", "board")
HOSTILE_PATHS = ("../outside/terrain.tsx", "../outside/terrain.png", "../outside/unit.tx", "/dev/zero",
                 "/etc/passwd", "../../../../../../etc/passwd", "..", "", "\x00x", "outside", "x" * 5000,
                 "../outside/pic.png", "file:///etc/passwd", "C:\\\\windows\\\\x.tsx")
VALUES = ("", "0", "-1", "999999999", "4294967296", "abc", "1.5", "nan", "inf", "true", "hexagonal",
          "even", "y", "x" * 300, "1e308", "-0")
BOMB = base64.b64encode(zlib.compress(b"\0" * (64 << 20))).decode()


@dataclass
class Figures:
    variants: int = 0
    refused: int = 0
    tracebacks: list[str] = field(default_factory=list)
    hangs: int = 0
    outside_reads: list[str] = field(default_factory=list)
    slowest: float = 0.0
    slowest_variant: str = ""


class _Hang(Exception):
    pass


_watch: dict = {"on": False, "allowed": [], "opened": []}


def _audit(event: str, args) -> None:
    if _watch["on"] and event == "open" and args and isinstance(args[0], (str, bytes)):
        _watch["opened"].append(args[0] if isinstance(args[0], str) else args[0].decode(errors="replace"))


def _outside(opened: list[str], allowed: list[Path]) -> list[str]:
    bad = []
    for name in opened:
        p = Path(name)
        if not p.is_absolute():
            continue
        real = p.resolve()
        if any(real.is_relative_to(a) for a in allowed):
            continue
        if real.suffix in (".py", ".pyc", ".so", ".toml") and "/dev/" not in name:
            continue        # the interpreter's and the engine's own modules and unit files
        bad.append(name)
    return bad


# ---------------------------------------------------------------------- mutators
def _mutate_text(text: str, rng: random.Random) -> str:
    for _ in range(rng.randint(1, 4)):
        op = rng.random()
        attrs = list(re.finditer(r'(\w+)="([^"]*)"', text))
        if op < 0.45 and attrs:
            m = rng.choice(attrs)
            value = rng.choice(HOSTILE_PATHS) if m.group(1) in ("source", "template", "image") or rng.random() < 0.2 \
                else rng.choice(VALUES)
            value = value.replace('"', "&quot;").replace("\x00", "&#0;")
            text = text[:m.start(2)] + value + text[m.end(2):]
        elif op < 0.6:
            i = rng.randrange(len(text) + 1)
            text = text[:i] + rng.choice(['"', "<", ">", "&", "<!--", "]]>", "\x00", "&#0;", ",", "9999999999",
                                          '<data encoding="base64" compression="zlib">' + BOMB + "</data>",
                                          "<group><group><group>", "\u2028"]) + text[i:]
        elif op < 0.75:
            a = rng.randrange(len(text) + 1)
            text = text[:a] + text[a + rng.randint(1, 200):]
        elif op < 0.85:
            text = text.replace('encoding="csv"', rng.choice(['encoding="base64" compression="zlib"',
                                                              'encoding="base64" compression="zstd"',
                                                              'encoding="base64"', 'encoding="rle"']), 1)
        else:
            text = text[:rng.randrange(len(text) + 1)]
    return text


def _mutate_json(value, rng: random.Random, depth: int = 0):
    if isinstance(value, dict):
        out = {}
        for k, v in value.items():
            r = rng.random()
            if r < 0.04:
                continue
            out[k] = _mutate_json(v, rng, depth + 1) if r > 0.12 else rng.choice(
                [None, -1, 2 ** 40, "x", [], {}, 1.5, True, rng.choice(HOSTILE_PATHS)])
        if rng.random() < 0.05:
            out[rng.choice(["source", "template", "image", "compression", "encoding"])] = rng.choice(
                HOSTILE_PATHS + ("zstd", "zlib", "base64"))
        return out
    if isinstance(value, list):
        items = [_mutate_json(v, rng, depth + 1) for v in value if rng.random() > 0.03]
        if items and rng.random() < 0.05:
            items.append(items[0])
        return items
    if isinstance(value, str) and rng.random() < 0.1:
        return rng.choice(HOSTILE_PATHS + VALUES)
    if isinstance(value, (int, float)) and not isinstance(value, bool) and rng.random() < 0.05:
        return rng.choice([-1, 0, 2 ** 31, 10 ** 9, 0.5, "7"])
    return value


def _board_mutant(text: str, rng: random.Random) -> str:
    lines = text.splitlines()
    for _ in range(rng.randint(1, 5)):
        i = rng.randrange(len(lines))
        op = rng.random()
        if op < 0.3:
            lines[i] = re.sub(r"-?\d+", lambda m: rng.choice(["-1", "0", "99999", "07", "x", "1000"]), lines[i], 1)
        elif op < 0.5:
            lines[i] = lines[i].replace('"', rng.choice(['', '""', '"woods:9:9:9:9;', '"a:b"', '"']), 1)
        elif op < 0.65:
            del lines[i]
        elif op < 0.8:
            lines.insert(i, rng.choice(["size 0 0", "size 999 999", "hex 9999 0 \"\" \"\"", "garbage",
                                        'hex 0101 -200 "water:50" ""', 'hex 0101 5 "building:1:0;bldg_elev:40" ""',
                                        "end", "size 3"]))
        else:
            lines[i] = lines[i][:rng.randrange(len(lines[i]) + 1)]
    return "\n".join(lines)


# ---------------------------------------------------------------------- one variant
def _variant(kind: str, n: int, work: Path, rng: random.Random) -> Path:
    """Write variant `n` of `kind` in `work` (the level's allowed folder);
    returns the file to load."""
    for old in work.iterdir():
        if old.is_file():
            old.unlink()
    if kind == "board":
        boards = sorted(BOARDS.glob("*.board")) if BOARDS.is_dir() else []
        base = boards[n % len(boards)].read_text() if boards else 'size 2 2\nhex 0101 1 "woods:1" ""\nend\n'
        path = work / "b.board"
        path.write_text(_board_mutant(base, rng), encoding="utf-8")
        return path
    level_text = (LEVELS / "training.tmx").read_text()
    if kind == "level":
        sources = sorted(LEVELS.glob("*.tmx")) + sorted(FIXTURES.glob("*.tmx"))
        text = sources[n % len(sources)].read_text()
        text = re.sub(r'source="[^"]*terrain\.tsx"', f'source="{TILESETS / "terrain.tsx"}"', text)
        path = work / "l.tmx"
        path.write_text(_mutate_text(text, rng), encoding="utf-8")
        return path
    if kind == "tileset":
        if n % 2:
            tsx = _mutate_text((TILESETS / "terrain.tsx").read_text(), rng)
            (work / "t.tsx").write_text(tsx.replace('source="terrain.png"', f'source="{TILESETS / "terrain.png"}"'))
            name = "t.tsx"
        else:
            data = json.loads((FIXTURES / "terrain.tsj").read_text())
            data["image"] = str(TILESETS / "terrain.png")
            (work / "t.tsj").write_text(json.dumps(_mutate_json(data, rng)))
            name = "t.tsj"
        path = work / "l.tmx"
        path.write_text(re.sub(r'source="[^"]*terrain\.tsx"', f'source="{name}"', level_text))
        return path
    if kind == "json":
        sources = sorted(FIXTURES.glob("*.tmj"))
        data = json.loads(sources[n % len(sources)].read_text())
        for ts in data.get("tilesets", []):
            if "source" in ts:
                ts["source"] = str(TILESETS / "terrain.tsx") if ts["source"].endswith(".tsx") else \
                    str(FIXTURES / "terrain.tsj")
            elif "image" in ts:
                ts["image"] = str(TILESETS / "terrain.png")
        path = work / "l.tmj"
        path.write_text(json.dumps(_mutate_json(data, rng)))
        return path
    tx = _mutate_text((LEVELS / "templates" / "locust.tx").read_text(), rng)
    (work / "u.tx").write_text(tx)
    text = re.sub(r'source="[^"]*terrain\.tsx"', f'source="{TILESETS / "terrain.tsx"}"', level_text)
    text = re.sub(r'<object id="1" ', '<object id="1" template="u.tx" ', text, 1)
    path = work / "l.tmx"
    path.write_text(text)
    return path


def _load(kind: str, path: Path, work: Path) -> bool:
    """Whether the variant was refused (cleanly)."""
    if kind == "board":
        from engine.board_import import import_board
        try:
            import_board(path, work / "out.tmx")
        except DataError as exc:
            assert exc.problems and all("\n" not in p for p in exc.problems)
            return True
        path = work / "out.tmx"
    _level, problems, warnings = level_report(path)
    for line in problems + warnings:
        assert "\n" not in line and line.startswith(str(path)), line
    return bool(problems)


def run(count: int, kinds=KINDS, seed: int = 0) -> dict[str, Figures]:
    if not getattr(run, "hooked", False):
        sys.addaudithook(_audit)
        run.hooked = True
    out: dict[str, Figures] = {}
    tmp = Path(tempfile.mkdtemp(prefix="hexmech-corpus-"))
    try:
        (tmp / "outside").mkdir()
        for name in ("terrain.tsx", "terrain.png", "unit.tx", "pic.png", "outside"):
            os.mkfifo(tmp / "outside" / name)
        work = tmp / "allowed" / "level"
        work.mkdir(parents=True)
        allowed = [a.resolve() for a in (tmp / "allowed", LEVELS, TILESETS.parent, FIXTURES, HERE, BOARDS,
                                         ROOT / "assets")]
        for kind in kinds:
            figures = out[kind] = Figures()
            rng = random.Random(f"{seed}-{kind}")
            for n in range(count):
                path = _variant(kind, n, work, rng)
                figures.variants += 1
                _watch.update(on=True, opened=[])
                start = time.process_time()
                signal.signal(signal.SIGALRM, lambda *_: (_ for _ in ()).throw(_Hang()))
                signal.alarm(10)
                try:
                    figures.refused += _load(kind, path, work)
                except _Hang:
                    figures.hangs += 1
                except Exception as exc:       # the corpus counts every traceback
                    figures.tracebacks.append(f"{kind} #{n}: {type(exc).__name__}: {exc}"[:300])
                finally:
                    signal.alarm(0)
                    _watch["on"] = False
                if time.process_time() - start > figures.slowest:
                    figures.slowest, figures.slowest_variant = time.process_time() - start, f"#{n}"
                figures.outside_reads += [f"{kind} #{n}: {p}" for p in _outside(_watch["opened"], allowed)]
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return out


def main(argv: list[str]) -> int:
    import argparse
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--count", type=int, default=500, help="variants of each kind")
    p.add_argument("--seed", type=int, default=0)
    args = p.parse_args(argv)
    bad = 0
    for kind, f in run(args.count, seed=args.seed).items():
        print(f"{kind}: {f.variants} variants ({f.refused} refused), {len(f.tracebacks)} tracebacks, {f.hangs} hangs over 10 s, "
              f"{len(f.outside_reads)} reads outside, slowest {f.slowest:.2f} s CPU ({f.slowest_variant})")
        for line in f.tracebacks[:5] + f.outside_reads[:5]:
            print("   ", line)
        bad += len(f.tracebacks) + f.hangs + len(f.outside_reads)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
