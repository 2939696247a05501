"""Headless battles between players, for balance and to measure the
computer opponent:

    python -m engine duel LEVEL [--ruleset R] [--forces-red F] [--forces-blue F]
        --red PLAYER --blue PLAYER [--games N] [--seed S] [--jobs J] [--max-turns 20] [--json]

PLAYER is `bot:1` .. `bot:3`, `random` or `greedy` (engine/bot/players.py).
Battle i plays with seed S + i // 2; in every second battle the players
change sides (the --red player commands the blue units), so both players
command both forces equally often. Wins are counted for the players (the
`red` and `blue` of the command line), not the map sides. A battle that
reaches --max-turns turns, or in which neither side can reach the other
(no unit that can fight and is either not immobile or able to hit an enemy
from where it stands), is a draw. --ruleset works as the new-battle screen's rules
choice: a level plays the rules its map names, so a level of other rules
is refused (one line naming the levels of the rules asked for). Forces: the level's own units, or a force file per side
(docs/forces.md). The battles run in J processes (a standard process pool)
and the results are put together in battle order, so the same command
gives the same results."""
from __future__ import annotations

import argparse
import json
import multiprocessing
import statistics
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from components import Position, Status
from engine.bot import sides as unit_sides
from engine.bot.driver import Tally, step
from engine.bot.names import CHOICES, HUMAN, parse_player
from engine.bot.players import make_player
from engine.bot.threat import weapon_reach
from engine.errors import DataError
from engine.hexgrid import distance
from engine.paths import LEVELS
from engine.turnflow import TurnFlow

SIDES = ("red", "blue")


@dataclass(frozen=True)
class Battle:
    """One battle to play (plain data, sent to a worker process)."""

    level: str
    ruleset: str | None
    forces: tuple[str, ...]           # force files, red's then blue's (or none)
    players: tuple[str, str]          # the --red and --blue players
    seed: int
    swapped: bool                     # the --red player commands the blue side
    max_turns: int
    mods: tuple[str, ...] = ()


def level_path(name: str) -> Path:
    """A level by path, or a shipped level by name (`skirmish`)."""
    path = Path(name)
    if path.is_file():
        return path
    shipped = LEVELS / (name if name.endswith((".tmx", ".tmj", ".json")) else f"{name}.tmx")
    if shipped.is_file():
        return shipped
    raise DataError(f"{name}: no such level (a .tmx path, or one of "
                    f"{', '.join(sorted(p.stem for p in LEVELS.glob('*.tmx')))})")


def check_ruleset(level: str, plays: str, asked: str) -> None:
    """--ruleset as the new-battle screen has it: a level plays the rules its
    map names (the `ruleset` map property, docs/levels.md) and the rules
    chosen only pick among the levels; a level of other rules is refused,
    naming the shipped levels that play the rules asked for."""
    from engine.rulesets import ruleset_names
    from engine.session import level_choices, level_info
    if asked not in ruleset_names():
        raise DataError(f"--ruleset {asked}: no such rules (one of {', '.join(ruleset_names())})")
    if asked != plays:
        others = [Path(lv).stem for lv in level_choices() if level_info(lv)[1] == asked]
        raise DataError(f"{level}: the level plays {plays} (its map's ruleset), not {asked}; a level's rules "
                        f"cannot be switched: levels for {asked}: {', '.join(others) or 'none ships'}")


def new_game(b: Battle):
    from engine.forces import battle, load_force
    from engine.levels import load_level, new_game_from_level
    mods = [Path(m) for m in b.mods]
    path = level_path(b.level)
    if b.ruleset:
        check_ruleset(b.level, load_level(path, mods).ruleset, b.ruleset)
    if not b.forces:
        return new_game_from_level(path, mods, b.seed)
    forces = []
    for side, force_file in zip(SIDES, b.forces):
        force = load_force(force_file, mods)
        for unit in force.units:
            unit.side = side
        forces.append(force)
    return battle(path, forces, mods, b.seed)


def can_reach(game, side: str, others: list[str]) -> bool:
    """Has `side` a unit able to fight that is not immobile (one shut down,
    stunned or with its pilot knocked out moves again once it starts up or
    comes round), or that can hit one of `others` from where it stands?"""
    foes = [game.world.component(game.units[u], Position).hex for u in others]
    for uid in unit_sides.friends(game, side):
        ent = game.units[uid]
        if not game.world.component(ent, Status).immobile:
            return True
        here, reach = game.world.component(ent, Position).hex, weapon_reach(game, ent)
        if any(distance(here, h) <= reach for h in foes):
            return True
    return False


def stalemate(game) -> bool:
    """Neither side can reach the other."""
    return not any(can_reach(game, s, unit_sides.enemies(game, s)) for s in game.sides)


def play(b: Battle) -> dict[str, Any]:
    """Play one battle; what happened, by player slot (red, blue)."""
    game = new_game(b)
    slot_of = {side: (SIDES[1 - i] if b.swapped else side) for i, side in enumerate(SIDES)}
    slot_of.update({s: s for s in game.sides if s not in slot_of})
    players = {side: make_player(b.players[SIDES.index(slot_of[side])], side)
               for side in game.sides if slot_of[side] in SIDES}
    tally = Tally()
    flow = TurnFlow(game)
    flow.start()
    turn, outcome = game.turn, None
    try:
        while not flow.over:
            if game.turn != turn:
                turn = game.turn
                if turn > b.max_turns or stalemate(game):
                    outcome = "draw"
                    break
            if step(game, flow, players, tally=tally) is None:
                raise RuntimeError(f"nobody to act in turn {game.turn}, {game.phase} phase")
        if outcome is None:
            outcome = slot_of.get(game.winner, "draw") if game.winner not in (None, "draw") else "draw"
        damage = {s: 0 for s in SIDES}
        refused_events = {s: 0 for s in SIDES}
        cancelled_events = {s: 0 for s in SIDES}       # declared charges that could no longer be made
        for e in game.log.events:
            if e["type"] == "damage" and e.get("unit") in game.units:
                victim = slot_of[game.side_of(game.units[e["unit"]])]
                damage[SIDES[1 - SIDES.index(victim)]] += e["amount"]
            elif e["type"] == "refused" and e.get("unit") in game.units:
                refused_events[slot_of[game.side_of(game.units[e["unit"]])]] += 1
            elif e["type"] == "attack_cancelled" and e.get("unit") in game.units:
                cancelled_events[slot_of[game.side_of(game.units[e["unit"]])]] += 1
        seconds = {s: [] for s in SIDES}
        for (side, _turn), secs in sorted(tally.seconds.items()):
            seconds[slot_of[side]].append(secs)
        return {"seed": b.seed, "swapped": b.swapped, "winner": outcome,
                "turns": min(game.turn, b.max_turns), "damage": damage, "seconds": seconds,
                "submitted": {slot_of[s]: n for s, n in tally.submitted.items()},
                "refused_at_check": {slot_of[s]: n for s, n in tally.refused.items()},
                "refused_events": refused_events, "cancelled_events": cancelled_events, "events": len(game.log.events),
                "final": game.log.events[-1].get("type") if game.log.events else None}
    finally:
        game.close()


def summary(battles: list[Battle], results: list[dict[str, Any]]) -> dict[str, Any]:
    players = dict(zip(SIDES, battles[0].players)) if battles else {}
    wins = {"red": 0, "blue": 0, "draw": 0}
    for r in results:
        wins[r["winner"]] += 1
    bot_seconds = [s for r in results for slot in SIDES if players[slot].startswith("bot:")
                   for s in r["seconds"][slot]]
    n = len(results)
    return {
        "games": n, "players": players, "wins": wins,
        "win_rate": {k: round(v / n, 3) if n else 0.0 for k, v in wins.items()},
        "mean_turns": round(statistics.fmean(r["turns"] for r in results), 2) if n else 0.0,
        "damage_per_game": {s: round(statistics.fmean(r["damage"][s] for r in results), 1) if n else 0.0
                            for s in SIDES},
        "bot_seconds_per_turn": {"median": round(statistics.median(bot_seconds), 4) if bot_seconds else None,
                                 "max": round(max(bot_seconds), 4) if bot_seconds else None,
                                 "turns": len(bot_seconds), "clock": "CPU"},
        "refused_at_check": {s: sum(r["refused_at_check"].get(s, 0) for r in results) for s in SIDES},
        "refused_events": {s: sum(r["refused_events"][s] for r in results) for s in SIDES},
        "cancelled_events": {s: sum(r["cancelled_events"][s] for r in results) for s in SIDES},
        "level": battles[0].level if battles else None, "seeds": [r["seed"] for r in results][:1],
        "battles": results,
    }


def text(doc: dict[str, Any]) -> str:
    p, w, n = doc["players"], doc["wins"], doc["games"]
    secs = doc["bot_seconds_per_turn"]
    lines = [f"{doc['level']}: {p['red']} (red) against {p['blue']} (blue), {n} battles, sides changed every second one",
             f"  wins: {p['red']} {w['red']} ({100 * w['red'] / max(1, n):.0f}%), "
             f"{p['blue']} {w['blue']} ({100 * w['blue'] / max(1, n):.0f}%), draws {w['draw']}",
             f"  mean turns {doc['mean_turns']}; damage dealt per battle: {p['red']} {doc['damage_per_game']['red']}, "
             f"{p['blue']} {doc['damage_per_game']['blue']}"]
    if secs["median"] is not None:
        lines.append(f"  computer's time per turn (CPU): median {secs['median']:.3f} s, max {secs['max']:.3f} s "
                     f"over {secs['turns']} turns")
    lines.append(f"  orders refused at the check (never submitted): {doc['refused_at_check']}; "
                 f"refused events: {doc['refused_events']}; cancelled charges: {doc['cancelled_events']}")
    return "\n".join(lines)


def run(battles: list[Battle], jobs: int) -> list[dict[str, Any]]:
    if jobs <= 1 or len(battles) <= 1:
        return [play(b) for b in battles]
    with multiprocessing.get_context("spawn").Pool(min(jobs, len(battles))) as pool:
        return pool.map(play, battles, chunksize=1)


def main(argv: list[str] | None = None) -> int:
    players = [c for c in CHOICES if c != HUMAN]
    p = argparse.ArgumentParser(prog="python -m engine duel", description=__doc__.split("\n\n")[0])
    p.add_argument("level", help="a level (.tmx path, or a shipped level's name: skirmish)")
    p.add_argument("--ruleset", help="the rules to play (classic, alpha-strike): a level plays the rules its map "
                                     "names, so one of other rules is refused")
    p.add_argument("--forces-red", help="the red side's force file (docs/forces.md)")
    p.add_argument("--forces-blue", help="the blue side's force file")
    p.add_argument("--red", required=True, help=f"the first player: {', '.join(players)}")
    p.add_argument("--blue", required=True, help="the second player")
    p.add_argument("--games", type=int, default=10)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--jobs", type=int, default=1, help="processes to play in")
    p.add_argument("--max-turns", type=int, default=20, help="a battle this long is a draw")
    p.add_argument("--mods", action="append", default=[], help="mod folder searched first for unit files")
    p.add_argument("--json", action="store_true", help="print one JSON document")
    args = p.parse_args(argv)
    try:
        red, blue = (parse_player(x) for x in (args.red, args.blue))
        if HUMAN in (red, blue):
            raise ValueError("a duel is played by the computer: choose bot:1..3, random or greedy")
        if bool(args.forces_red) != bool(args.forces_blue):
            raise ValueError("give both --forces-red and --forces-blue, or neither (the level's own units)")
        if args.games < 1 or args.max_turns < 1:
            raise ValueError("--games and --max-turns must be at least 1")
        forces = (args.forces_red, args.forces_blue) if args.forces_red else ()
        battles = [Battle(args.level, args.ruleset, forces, (red, blue), args.seed + i // 2, bool(i % 2),
                          args.max_turns, tuple(args.mods)) for i in range(args.games)]
        new_game(battles[0]).close()          # a bad level or force file is said once, here
    except (ValueError, DataError) as exc:
        print(f"duel: {exc}" if not isinstance(exc, DataError) else exc.first_line(), file=sys.stderr)
        return 2
    started = time.monotonic()
    doc = summary(battles, run(battles, args.jobs))
    doc["wall_seconds"] = round(time.monotonic() - started, 1)
    if args.json:
        json.dump(doc, sys.stdout)
        sys.stdout.write("\n")
    else:
        print(text(doc))
    return 0


if __name__ == "__main__":
    sys.exit(main())
