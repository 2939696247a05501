"""The new-battle screen's players section: for each side of the level
chosen, who plays it, people at the screen or the computer at difficulty
1 to 3 (a click cycles human, computer 1, 2, 3). It starts from the
level's own `players` property and adds what it chose to the battle
started (side -> player, engine/bot/names.py)."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from engine import session
from engine.errors import DataError
from engine.bot.names import BOT_LEVELS, HUMAN
from engine.ui.widgets import button

CYCLE = (HUMAN,) + tuple(f"bot:{n}" for n in BOT_LEVELS)
DEFAULT_SIDES = ("blue", "red")


def player_label(player: str) -> str:
    """'human', 'computer 2' (its difficulty), or the computer's kind ('computer (greedy)')."""
    if player == HUMAN:
        return "human"
    kind, _, level = player.partition(":")
    return f"computer {level}" if kind == "bot" else f"computer ({player})"


def level_sides(level: str | None) -> tuple[list[str], dict[str, str]]:
    """The sides of a level and its own players (the built-in map and a
    level that does not load: blue and red, people)."""
    if not level or level == session.BUILTIN:
        return list(DEFAULT_SIDES), {}
    from engine.levels import load_level
    try:
        lv = load_level(Path(level))
    except (DataError, OSError, ValueError):      # a broken level still shows the usual sides; starting it says why
        return list(DEFAULT_SIDES), {}
    return list(lv.sides), dict(lv.players)


class PlayersSection:
    """A section of the new-battle screen (engine/ui/screens/new_battle.py)."""

    title = "Players (click a side to change who plays it)"
    ACTIONS = frozenset({"new_player"})
    fields: tuple[str, ...] = ()

    def __init__(self) -> None:
        self.level: str | None = None
        self.sides: list[str] = list(DEFAULT_SIDES)
        self.chosen: dict[str, str] = {}

    def follow(self, level: str | None) -> None:
        """Show the sides of `level` (its own players first)."""
        if level != self.level:
            self.level = level
            self.sides, self.chosen = level_sides(level)

    def height(self, screen) -> int:
        return 34

    def draw(self, app, screen, x: int, y: int, w: int) -> None:
        self.follow(screen.level.path.strip() or screen.level.choice)
        n = max(1, len(self.sides))
        bw = (w - 8 * (n - 1)) // n
        for i, side in enumerate(self.sides):
            player = self.chosen.get(side, HUMAN)
            button(app.screen, app.hits, (x + i * (bw + 8), y, bw, 28), f"{side.capitalize()}: {player_label(player)}",
                   "new_player", side, active=player != HUMAN, mouse=app.mouse,
                   tip="human: people at this screen; computer 1-3: the computer plays it (1 easy, 3 hard)")

    def do(self, app, screen, action: str, arg: Any) -> None:
        if action == "new_player" and arg in self.sides:
            now = self.chosen.get(arg, HUMAN)
            self.chosen[arg] = CYCLE[(CYCLE.index(now) + 1) % len(CYCLE)] if now in CYCLE else HUMAN

    def choose(self, screen, choices) -> None:
        """Who plays each side (every side of the level) goes into the battle started."""
        self.follow(screen.level.path.strip() or screen.level.choice)
        choices.players = {side: self.chosen.get(side, HUMAN) for side in self.sides}
