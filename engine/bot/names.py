"""Who plays a side, by name: `human` (people at the screen), `bot:1` ..
`bot:3` (the computer opponent at a difficulty level, engine/bot/profile.py),
`random` (random orders, those the rules accept) or `greedy` (walks towards
the nearest enemy and fires everything in range). Light on purpose: level
files, scenarios and the command line read names without loading the
computer player."""
from __future__ import annotations

HUMAN = "human"
BOT_LEVELS = (1, 2, 3)
SIMPLE = ("random", "greedy")
CHOICES = (HUMAN,) + tuple(f"bot:{n}" for n in BOT_LEVELS) + SIMPLE


def parse_player(text: str) -> str:
    """The player a text names (`bot` is `bot:2`); ValueError with the choices if none."""
    name = str(text).strip().lower()
    if name == "bot":
        name = "bot:2"
    if name not in CHOICES:
        raise ValueError(f"unknown player {text!r} (expected one of {', '.join(CHOICES)})")
    return name


def parse_assignments(items: list[str] | str) -> dict[str, str]:
    """`SIDE=PLAYER` items (a list, or one text separated by commas) as side -> player."""
    if isinstance(items, str):
        items = [i for i in items.split(",") if i.strip()]
    out: dict[str, str] = {}
    for item in items:
        side, sep, player = item.partition("=")
        if not sep or not side.strip():
            raise ValueError(f"expected SIDE=PLAYER (e.g. red=bot:2), got {item!r}")
        out[side.strip()] = parse_player(player)
    return out


def computer_sides(players: dict[str, str]) -> dict[str, str]:
    """The sides the computer plays (every player but people)."""
    return {side: p for side, p in players.items() if p != HUMAN}
