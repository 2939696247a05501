"""Command line: `python -m engine scenario FILE [--json]`, `check LEVEL
[--json]`, `relink LEVEL`, `import-board FILE.board`, `play [LEVEL]`, `duel
LEVEL --red PLAYER --blue PLAYER`, and the other tools. Bad input gives one line and exit 2."""
from __future__ import annotations

import argparse
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


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    tools = {"replay": "engine.replay", "soak": "engine.random_play",     # own argument parsers
             "import-board": "engine.board_import", "import-units": "engine.import_units",
             "roster": "engine.roster", "forces": "engine.forces", "duel": "engine.duel"}
    if argv and argv[0] in tools:
        return __import__(tools[argv[0]], fromlist=["main"]).main(argv[1:])
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
    ib = sub.add_parser("import-board", help="convert a MegaMek .board into a Tiled level", add_help=False)
    ib.add_argument("rest", nargs=argparse.REMAINDER)
    ib.set_defaults(func=lambda a: __import__("engine.board_import", fromlist=["main"]).main(a.rest))
    g = sub.add_parser("play", help="start the hot-seat game (same as `hexmech`)")
    g.add_argument("rest", nargs=argparse.REMAINDER)
    g.set_defaults(func=lambda a: __import__("engine.app", fromlist=["main"]).main(a.rest))
    r = sub.add_parser("replay", help="play a saved game back (`hexmech replay`)")
    r.add_argument("rest", nargs=argparse.REMAINDER)
    r.set_defaults(func=lambda a: __import__("engine.replay", fromlist=["main"]).main(a.rest))
    k = sub.add_parser("soak", help="random play with invariant checks (long robustness run)")
    k.add_argument("rest", nargs=argparse.REMAINDER)
    k.set_defaults(func=lambda a: __import__("engine.random_play", fromlist=["main"]).main(a.rest))
    sub.add_parser("import-units", help="convert MegaMek .mtf/.blk units (`import-units SRC... [--out DIR]`)",
                   add_help=False)
    sub.add_parser("roster", help="list every unit of the roster and the mods (`roster --help`)", add_help=False)
    sub.add_parser("forces", help="check force files, show totals (`forces FILE... [--level LEVEL]`)",
                   add_help=False)
    sub.add_parser("duel", help="computer players' battles for balance (`duel LEVEL --red bot:2 --blue greedy`)",
                   add_help=False)
    sub.add_parser("bench", help="measure speed and memory (engine/bench.py; bench --help)", add_help=False)
    if (sys.argv[1:] if argv is None else argv)[:1] == ["bench"]:
        from engine.bench import main as bench_main
        return bench_main((sys.argv[1:] if argv is None else argv)[1:])
    args = parser.parse_args(argv)
    return args.func(args)


if __name__ == "__main__":
    sys.exit(main())
