"""`hexmech [LEVEL] [--load SAVE] [--screenshot PATH [--demo NAME]]`: open the
hot-seat window, or render one frame to a PNG and exit (works headless with
SDL_VIDEODRIVER=dummy). `--demo` scripts a few UI actions first so the
screenshot shows something worth judging: `move` (a unit's movement range
and a planned path), `attack` (the attack breakdown on a hovered enemy),
`panel` (a damaged unit's record sheet), `heat` (the heat preview of a mech
about to fire), `ruler` (the line-of-sight ruler), `roster` (both sides and
the victory conditions), `dice` (a to-hit roll asked for at the table),
`welcome` (the first-run card), `menu`, `help`, `forces` (the new-battle
screen's force builder), `as-melee` (an Alpha Strike
melee attack chosen and previewed before it is declared) and `vtol-warning`
(a VTOL about to land in water: the crash that destroys it, warned before
the move is made) and `buildings` (a mech walks into a building, the units
near shoot it down: the rubble with the mech in it and the combat log)."""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

DEMOS = ("move", "attack", "panel", "help", "menu", "deploy", "heat", "ruler", "roster", "dice", "welcome",
         "as-melee", "vtol-warning", "forces", "buildings")


def parse_args(argv: list[str]) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="hexmech", description="hexmech: hot-seat BattleTech on one screen")
    p.add_argument("level", nargs="?", help="a Tiled .tmx level (default: levels/skirmish.tmx)")
    p.add_argument("--load", metavar="SAVE", help="continue a saved game")
    p.add_argument("--mods", action="append", default=[], help="mod folder searched first for unit files")
    p.add_argument("--force", action="append", default=[], metavar="FILE",
                   help="a force file (docs/forces.md): the battle has the forces' units, not the level's")
    p.add_argument("--seed", type=int, default=None, help="dice seed")
    p.add_argument("--size", default="1400x860", help="window size WxH")
    p.add_argument("--screenshot", metavar="PATH", help="render one frame to PATH (PNG) and exit")
    p.add_argument("--demo", choices=DEMOS, help="UI actions to script before the screenshot")
    p.add_argument("--save-dir", help="where saves and the autosave go")
    p.add_argument("--autosaves", type=int, default=None, metavar="N",
                   help="how many autosaves to keep (default 10)")
    p.add_argument("--no-deploy", action="store_true",
                   help="start turn 1 at once, units where the level placed them (no deployment step)")
    p.add_argument("--red", metavar="PLAYER", help="who plays red: human, bot:1..bot:3 (the computer), random, greedy")
    p.add_argument("--blue", metavar="PLAYER", help="who plays blue (as --red)")
    p.add_argument("--player", action="append", default=[], metavar="SIDE=PLAYER",
                   help="who plays a side of any name (red=bot:2); default: the level's players, else people")
    p.add_argument("--shared-table", action="store_true",
                   help="everyone sees the board: no hand-over screens between the players")
    p.add_argument("--table-dice", action="store_true",
                   help="every roll is made with real dice at the table and typed in")
    return p.parse_args(argv)


def players_of(args: argparse.Namespace) -> dict[str, str] | None:
    """The players the command line names (None: none named); ValueError if one is not a player."""
    from engine.bot.names import parse_assignments
    items = list(args.player) + [f"{side}={name}" for side, name in (("red", args.red), ("blue", args.blue)) if name]
    return parse_assignments(items) if items else None


def window_size(size: str) -> tuple[int, int] | None:
    """--size WxH, at least the window's minimum (None, said why, if not WxH)."""
    from engine.ui.layout import MIN_WINDOW
    try:
        w, h = (int(v) for v in size.lower().split("x"))
    except ValueError:
        print(f"hexmech: --size expects WxH like 1400x860, got {size!r}", file=sys.stderr)
        return None
    return max(MIN_WINDOW[0], w), max(MIN_WINDOW[1], h)


def open_window(size: tuple[int, int]):
    """The resizable window, which the window manager keeps at least MIN_WINDOW."""
    import warnings

    import pygame
    from engine.ui.layout import MIN_WINDOW
    screen = pygame.display.set_mode(size, pygame.RESIZABLE)
    with warnings.catch_warnings():     # pygame-ce 2.5 has no other way to the display module's window
        warnings.simplefilter("ignore", DeprecationWarning)
        pygame.Window.from_display_module().minimum_size = MIN_WINDOW
    return screen


def run_replay(replay, screenshot: str | None = None, size: str = "1400x860") -> int:
    """Open the window in read-only replay mode (or render one frame to `screenshot`)."""
    import os
    if screenshot:
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame
    from engine.persistence import HOTSEAT_KEY, level_of
    from engine.ui.app import App
    size_wh = window_size(size)
    if size_wh is None:
        return 2
    pygame.init()
    pygame.display.set_caption(f"hexmech replay - {replay.fname}")
    screen = open_window(size_wh)
    app = App(screen, edge_pan=not screenshot, autosave=False)
    level = level_of(replay.frontend.get(HOTSEAT_KEY) or {}, [], Path(replay.fname).parent)
    app.set_replay(replay, level)
    if screenshot:
        app.draw()
        pygame.image.save(app.screen, screenshot)
        pygame.quit()
        return 0
    clock = pygame.time.Clock()
    while app.running:
        dt = clock.tick(60) / 1000.0
        app.pump()
        app.update(dt)
        app.draw()
        pygame.display.flip()
    pygame.quit()
    return 0


def run(argv: list[str]) -> int:
    args = parse_args(argv)
    import os
    if args.screenshot:
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame
    from engine.errors import DataError
    from engine.ui.app import App
    from engine import session
    size_wh = window_size(args.size)
    if size_wh is None:
        return 2
    try:
        players = players_of(args)
    except ValueError as exc:
        print(f"hexmech: {exc}", file=sys.stderr)
        return 2
    pygame.init()
    pygame.display.set_caption("hexmech")
    screen = open_window(size_wh)
    mods = [Path(m) for m in args.mods]
    app = App(screen, save_dir=args.save_dir, edge_pan=not args.screenshot, autosave=not args.screenshot,
              mods=mods)
    if args.autosaves is not None:
        app.saves.saver.keep = max(1, args.autosaves)
    try:
        if args.load:
            if not app.load(args.load):
                print(f"hexmech: {app.message}", file=sys.stderr)
                return 2
        else:
            level = args.level or session.default_level()
            seed = args.seed if args.seed is not None else (1 if args.screenshot else None)
            if args.force:
                from engine.forces import new_battle
                game = new_battle(level, args.force, mods, seed)
            else:
                game = session.new_game(level, mods, seed)
            deploy = not args.no_deploy and (not args.screenshot or args.demo == "deploy")
            app.set_game(game, level, deploy=deploy, players=players,
                         table=session.Table(shared=args.shared_table,
                                             dice_at_table=args.table_dice or args.demo == "dice"))
            if not args.level and not args.screenshot:
                app.do("new_menu")
            if not args.screenshot and app.saves.first_run():
                app.do("welcome")
    except DataError as exc:
        print(exc.first_line(), file=sys.stderr)
        return 2
    if args.screenshot:
        if args.demo:
            from engine.ui.demo import run_demo
            run_demo(app, args.demo)
        app.draw()
        while app.renderer is not None and app.renderer.pending:     # the map chunks a zoom left to make
            app.draw()
        pygame.image.save(app.screen, args.screenshot)
        pygame.quit()
        return 0
    clock = pygame.time.Clock()
    while app.running:
        dt = clock.tick(60) / 1000.0
        try:
            app.pump()
            app.update(dt)
            app.draw()
        except Exception as exc:      # a bug must not throw away the battle: report it, keep playing
            import traceback
            traceback.print_exc()
            app.say(f"internal error: {type(exc).__name__}: {exc} (the autosave of this phase is in "
                    f"{app.saves.folder})", True)
            try:
                app.draw()
            except Exception:
                pass
        pygame.display.flip()
    app.saves.wait()
    pygame.quit()
    return 0
