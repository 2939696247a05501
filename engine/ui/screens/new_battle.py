"""The new-battle screen, built of sections stacked top to bottom: the rules
(Classic or Alpha Strike), the level (the shipped levels played with those
rules, or a .tmx path), who plays each side (people or the computer:
players.py), the table (deployment before turn 1, hand-over screens or a
shared table, the computer's dice or dice rolled at the table), the mod
folder and each side's force (force_builder.py). A section shows itself,
carries out its own actions and adds what it chose to the battle started; a
new part of the screen is one more section in `NewBattle.sections`."""
from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine import session
from engine.rulesets import ruleset_names
from engine.session import RULESET_LABELS, Table
from engine.ui import theme
from engine.ui.screens import box, cover
from engine.ui.screens.files import TextScreen
from engine.ui.screens.force_builder import ForcesSection
from engine.ui.screens.players import PlayersSection
from engine.ui.widgets import button, text, wrap

LEVELS_SHOWN = 7


@dataclass
class Choices:
    """What the sections chose, for starting the battle."""
    level: str | None = None
    mods: list[Path] | None = None
    deploy: bool = True
    table: Table = field(default_factory=Table)
    forces: list = field(default_factory=list)     # engine/force_draft.Draft of the sides built
    players: dict[str, str] = field(default_factory=dict)    # side -> who plays it (engine/bot/names.py)


class Section:
    title = ""
    ACTIONS: frozenset[str] = frozenset()
    fields: tuple[str, ...] = ()          # its text fields (attributes of the section)

    def height(self, screen: "NewBattle") -> int:
        raise NotImplementedError

    def draw(self, app, screen: "NewBattle", x: int, y: int, w: int) -> None:
        raise NotImplementedError

    def do(self, app, screen: "NewBattle", action: str, arg: Any) -> None:
        pass

    def choose(self, screen: "NewBattle", choices: Choices) -> None:
        """Add what this section chose to `choices`."""


class RulesSection(Section):
    title = "Rules (Left / Right)"
    ACTIONS = frozenset({"new_rules"})

    def __init__(self, rules: str) -> None:
        self.rules = rules

    def height(self, screen) -> int:
        return 34

    def draw(self, app, screen, x, y, w) -> None:
        names = ruleset_names()
        bw = (w - 8 * (len(names) - 1)) // len(names)
        for i, name in enumerate(names):
            button(app.screen, app.hits, (x + i * (bw + 8), y, bw, 28), RULESET_LABELS.get(name, name),
                   "new_rules", name, active=(name == self.rules), mouse=app.mouse)

    def do(self, app, screen, action, arg) -> None:
        names = list(ruleset_names())
        if isinstance(arg, int):
            arg = names[(names.index(self.rules) + arg) % len(names)]
        if arg in names and arg != self.rules:
            self.rules = arg
            screen.level.follow(arg)


class LevelSection(Section):
    """The levels of the rules chosen, under one heading naming the rules:
    a level whose title begins with the rules' name ("Alpha Strike: Twin
    Hills", as the window's caption shows it) is listed without it."""
    ACTIONS = frozenset({"new_pick", "pick"})
    fields = ("path",)

    def __init__(self, rules: str) -> None:
        self.path = ""
        self.all = session.level_choices()
        self.choice: str | None = None
        self.follow(rules)

    @property
    def rules_name(self) -> str:
        """'Alpha Strike', 'Classic': the rules' label without its gloss."""
        return RULESET_LABELS.get(self.rules, self.rules).split(" (")[0]

    @property
    def title(self) -> str:
        return f"{self.rules_name} levels (Up / Down, or click)"

    def label(self, level: str) -> str:
        """The level's line in the list, the rules' name (the heading's) not repeated."""
        summary = session.level_summary(level)
        prefix = f"{self.rules_name}: "
        return summary[len(prefix):] if summary.startswith(prefix) and len(summary) > len(prefix) else summary

    def shown(self) -> list[str]:
        """The levels played with the rules chosen (or that cannot be loaded: they say why)."""
        return self.levels

    def follow(self, rules: str) -> None:
        self.rules = rules
        self.levels = [lv for lv in self.all if session.level_info(lv)[1] in (rules, None)]
        if self.choice not in self.levels:
            default = session.default_level()
            self.choice = default if default in self.levels else (self.levels[0] if self.levels else None)

    def height(self, screen) -> int:
        return 32 * max(1, min(LEVELS_SHOWN, len(self.levels))) + 54

    def draw(self, app, screen, x, y, w) -> None:
        s = app.screen
        if not self.levels:
            text(s, "No level ships for these rules: type a .tmx path", (x, y + 6), 13, theme.TEXT_DIM)
            y += 32
        for lv in self.levels[:LEVELS_SHOWN]:
            button(s, app.hits, (x, y, w, 28), self.label(lv), "new_pick", lv,
                   active=(self.choice == lv and not self.path), mouse=app.mouse)
            y += 32
        screen.draw_field(app, (x, y + 22, w, 26), "or a .tmx path (click, then type)", "path")

    def do(self, app, screen, action, arg) -> None:
        if action == "new_pick":
            self.choice = arg
        else:
            screen.pick_from(self.levels, arg, self)
        self.path = ""

    def choose(self, screen, choices) -> None:
        choices.level = self.path.strip() or self.choice


class TableSection(Section):
    title = "At the table"
    ACTIONS = frozenset({"new_deploy", "new_shared", "new_dice"})

    def __init__(self) -> None:
        self.deploy = True
        self.shared = False
        self.dice = False

    def height(self, screen) -> int:
        return 34

    def draw(self, app, screen, x, y, w) -> None:
        s, m = app.screen, app.mouse
        bw = (w - 16) // 3
        button(s, app.hits, (x, y, bw, 28), f"deploy units: {'yes' if self.deploy else 'no'}", "new_deploy",
               key="F2", mouse=m, tip="yes: each side places its units in its zone before turn 1")
        button(s, app.hits, (x + bw + 8, y, bw, 28), "shared table" if self.shared else "hand-over screens",
               "new_shared", key="F3", mouse=m,
               tip=("shared table: everyone sees the board, no hand-over screens between players"
                    if self.shared else "hand-over screens hide the board until the next player has it"))
        button(s, app.hits, (x + 2 * (bw + 8), y, bw, 28), "dice at the table" if self.dice else "computer dice",
               "new_dice", key="F4", mouse=m,
               tip=("every roll is made with real dice and typed in (the game asks, naming what it is for)"
                    if self.dice else "the computer rolls every die"))

    def do(self, app, screen, action, arg) -> None:
        name = {"new_deploy": "deploy", "new_shared": "shared", "new_dice": "dice"}[action]
        setattr(self, name, not getattr(self, name))

    def choose(self, screen, choices) -> None:
        choices.deploy = self.deploy
        choices.table = Table(shared=self.shared, dice_at_table=self.dice)


class ModsSection(Section):
    title = "Mod folder (optional, searched first for unit files; click, then type)"
    fields = ("mods",)

    def __init__(self) -> None:
        self.mods = ""

    def height(self, screen) -> int:
        return 34

    def draw(self, app, screen, x, y, w) -> None:
        screen.draw_field(app, (x, y, w, 26), "", "mods")

    def choose(self, screen, choices) -> None:
        mods = self.mods.strip()
        if mods:
            choices.mods = [Path(m) for m in mods.split(os.pathsep) if m]


class NewBattle(TextScreen):
    name = "new"
    ACTIONS = frozenset({"new_start", "focus_field"}).union(
        RulesSection.ACTIONS, LevelSection.ACTIONS, TableSection.ACTIONS)

    def __init__(self) -> None:
        default = session.level_info(session.default_level())[1] or "classic"
        self.rules = RulesSection(default)
        self.level = LevelSection(default)
        self.table = TableSection()
        self.sections: list[Section] = [self.rules, self.level, PlayersSection(), self.table, ModsSection(), ForcesSection()]
        self.ACTIONS = type(self).ACTIONS.union(*(sec.ACTIONS for sec in self.sections))

    # the level list and the deployment switch, as the keys and tests see them
    @property
    def levels(self) -> list[str]:
        return self.level.shown()

    @property
    def choice(self) -> str | None:
        return self.level.choice

    @property
    def deploy(self) -> bool:
        return self.table.deploy

    def holder(self, name: str):
        return next((sec for sec in self.sections if name in sec.fields), self)

    def pick_from(self, items: list[str], step: int, holder) -> None:
        if items:
            i = items.index(holder.choice) if holder.choice in items else -1
            holder.choice = items[(i + step) % len(items)]

    def do(self, app, action: str, arg: Any) -> None:
        if action == "focus_field":
            self.field = arg
        elif action == "new_start":
            self.start(app)
        else:
            for sec in self.sections:
                if action in sec.ACTIONS:
                    sec.do(app, self, action, arg)

    def chosen(self) -> Choices:
        """What every section chose."""
        chosen = Choices()
        for sec in self.sections:
            sec.choose(self, chosen)
        return chosen

    def start(self, app) -> None:
        chosen = self.chosen()
        if chosen.mods:
            app.mods = chosen.mods
        if chosen.level is None:
            app.say("choose a level, or type the path of a .tmx file", True)
            return
        app.new_game(chosen.level, deploy=chosen.deploy, table=chosen.table, forces=chosen.forces,
                     players=chosen.players)

    def draw(self, app) -> None:
        s = app.screen
        cover(app, 220)
        height = 60 + sum(22 + sec.height(self) for sec in self.sections) + 50
        r = box(app, 680, height, "New battle")
        y = r.y + 36
        for sec in self.sections:
            if sec.title:
                text(s, sec.title, (r.x + 16, y), 13, theme.ACCENT, True)
            y += 20
            sec.draw(app, self, r.x + 16, y, r.w - 32)
            y += sec.height(self) + 2
        button(s, app.hits, (r.right - 176, r.bottom - 44, 160, 32), "Start", "new_start", key="Enter", active=True,
               mouse=app.mouse)
        if app.game is not None:
            button(s, app.hits, (r.x + 16, r.bottom - 44, 120, 32), "Cancel", "close", key="Esc", mouse=app.mouse)
        if app.message and app.message_bad:
            for i, part in enumerate(wrap(app.message, 12, r.w - 340)[:3]):
                text(s, part, (r.x + 150, r.bottom - 44 + 14 * i), 12, theme.BAD)
