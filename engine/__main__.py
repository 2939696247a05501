"""Command line: `python -m engine scenario FILE [--json]`, `check LEVEL
[--json]`, `relink LEVEL`, `import-board FILE.board`, `play [LEVEL]`, `duel
LEVEL --red PLAYER --blue PLAYER`, and the other tools. Bad input gives one line and exit 2."""
from __future__ import annotations

import argparse
import importlib
import json
import sys
from pathlib import Path


def _scenario(args) -> int:
    from engine.errors import DataError
    from engine.scenario import load_scenario, run_scenario, result_json
    from engine import combat_log
    mods = [Path(m) for m in (args.mods or [])]
    try:
        scenario = load_scenario(args.file, mods)
    except DataError as exc:
        print(exc.first_line(), file=sys.stderr)
        return 2
    for warning in scenario.warnings:
        print(f"warning: {warning}", file=sys.stderr)
    game = run_scenario(scenario)
    if args.json:
        json.dump(result_json(game), sys.stdout)
        sys.stdout.write("\n")
    else:
        for line in combat_log.lines(game.log.events, ruleset=game.ruleset.name):
            print(line)
        for uid, snap in game.snapshots().items():
            print(f"{uid}: {snap}")
    return 0


def _check(args) -> int:
    from engine.levels import level_json, level_report
    level, problems, warnings = level_report(Path(args.level), [Path(m) for m in (args.mods or [])])
    if args.json:
        doc = level_json(level, warnings) if level is not None and not problems else {"warnings": warnings}
        json.dump({"level": args.level, **doc, "problems": problems}, sys.stdout, indent=1)
        sys.stdout.write("\n")
        return 2 if problems else 0
    for w in warnings:
        print(f"warning: {w}")
    for p in problems:
        print(p)
    if not problems:
        print(f"{args.level}: ok")
    return 2 if problems else 0


def _relink(args) -> int:
    from engine.errors import run_command
    from engine.relink import relink
    code, changes = run_command(lambda: relink(Path(args.level), [Path(m) for m in (args.mods or [])]),
                                args.level)
    if code:
        return code
    for line in changes:
        print(line)
    print(f"{args.level}: {len(changes)} path(s) rewritten" if changes else f"{args.level}: nothing to relink")
    return 0


# Tools with their own argument parsers: (module with main(argv), help line).
TOOLS = {
    "play": ("engine.app", "start the hot-seat game (same as `hexmech`)"),
    "replay": ("engine.replay", "play a saved game back (`hexmech replay`)"),
    "soak": ("engine.random_play", "random play with invariant checks (long robustness run)"),
    "bench": ("engine.bench", "measure speed and memory (engine/bench.py; bench --help)"),
    "import-board": ("engine.board_import", "convert a MegaMek .board into a Tiled level"),
    "import-units": ("engine.import_units", "convert MegaMek .mtf/.blk units (`import-units SRC... [--out DIR]`)"),
    "roster": ("engine.roster", "list every unit of the roster and the mods (`roster --help`)"),
    "forces": ("engine.forces", "check force files, show totals (`forces FILE... [--level LEVEL]`)"),
    "duel": ("engine.duel", "computer players' battles for balance (`duel LEVEL --red bot:2 --blue greedy`)"),
}


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    if argv and argv[0] in TOOLS:
        return importlib.import_module(TOOLS[argv[0]][0]).main(argv[1:])
    parser = argparse.ArgumentParser(prog="python -m engine", description="hexmech engine tools")
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("scenario", help="play a scenario file headless")
    p.add_argument("file")
    p.add_argument("--json", action="store_true", help="print one JSON document")
    p.add_argument("--mods", action="append", help="mod folder searched first for unit files")
    p.set_defaults(func=_scenario)
    c = sub.add_parser("check", help="validate a Tiled level")
    c.add_argument("level")
    c.add_argument("--mods", action="append")
    c.add_argument("--json", action="store_true", help="print what the engine reads as one JSON document")
    c.set_defaults(func=_check)
    rl = sub.add_parser("relink", help="point a level's stale tileset/template paths at the shipped files")
    rl.add_argument("level")
    rl.add_argument("--mods", action="append")
    rl.set_defaults(func=_relink)
    for name, (_module, help_line) in TOOLS.items():
        sub.add_parser(name, help=help_line, add_help=False)     # listed here, run above
    args = parser.parse_args(argv)
    return args.func(args)


if __name__ == "__main__":
    sys.exit(main())
