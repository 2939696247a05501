"""The dice prompt of the tabletop assistant mode: the roll the rules need
now (what it is for, the dice, the number to reach when there is one),
rolled with real dice at the table and typed in. The App carries the action
on with the typed total (App.perform; engine/dice.py says how an action
waits for a typed roll). A roll the end of a phase asks for waits there
(`resumes`): a save made while it is up resumes at the same prompt."""
from __future__ import annotations

import re
from typing import Any, Callable

from engine.dice import RollNeeded
from engine.ui import theme
from engine.ui.screens import box, cover
from engine.ui.screens.files import TextScreen
from engine.ui.widgets import button, text, wrap

PURPOSE_WORDS = {
    "initiative": "initiative", "to_hit": "to-hit roll", "location": "hit location", "cluster": "cluster hits",
    "critical": "critical hit check", "slot": "critical slot", "motive": "motive system damage",
    "psr": "piloting or driving skill roll", "fall": "fall direction", "consciousness": "consciousness roll",
    "shutdown": "shutdown roll", "ammo_explosion": "ammunition explosion roll", "displacement": "displacement",
    "misc": "roll", "minimal_damage": "minimal damage roll",
}


def named(app, said: str) -> str:
    """What a roll is for, with the units the rules name by their ids
    ("... LRM 20 at locust") named as everywhere else (Locust LCT-1V)."""
    return re.sub(r"[A-Za-z0-9_]+", lambda m: app.name(m[0]) if m[0] in app.game.units else m[0], said)


class DicePrompt(TextScreen):
    name = "dice"
    modal = True
    closes_on_right_click = False
    ACTIONS = frozenset({"dice_ok", "focus_field"})

    def __init__(self, need: RollNeeded, action: Callable[[], None], typed: list[tuple[str, int]],
                 resumes: bool = False) -> None:
        self.need = need
        self.action = action
        self.typed = list(typed)
        self.resumes = resumes          # the game waits where it stopped: a save made now resumes here
        self.value = ""

    def focused(self) -> str | None:
        return "value"

    def text(self, app, s: str) -> None:
        digits = "".join(c for c in s if c.isdigit())
        self.value = (self.value + digits)[:2]

    def bounds(self) -> tuple[int, int]:
        return self.need.count, 6 * self.need.count

    def do(self, app, action: str, arg: Any) -> None:
        if action != "dice_ok":
            return
        lo, hi = self.bounds()
        total = int(self.value) if self.value.isdigit() else None
        if total is None or not lo <= total <= hi:
            app.say(f"type the total the {self.need.count}d6 show ({lo}-{hi})", True)
            self.value = ""
            return
        app.close_overlay()
        app.say("")
        app.perform(self.action, self.typed + [(self.need.purpose, total)])

    def draw(self, app) -> None:
        s = app.screen
        need = self.need
        cover(app, 120)
        r = box(app, 520, 250, "Roll at the table")
        text(s, f"{need.count}d6: {PURPOSE_WORDS.get(need.purpose, need.purpose)}", (r.x + 16, r.y + 40), 20,
             theme.ACCENT, True)
        y = r.y + 70
        for part in wrap(f"for {named(app, need.for_)}" if need.for_ else "", 13, r.w - 32)[:2]:
            text(s, part, (r.x + 16, y), 13, theme.TEXT)
            y += 17
        if need.target is not None:
            goal = "cannot succeed" if need.target > 6 * need.count else f"needs {need.target} or more"
            text(s, goal, (r.x + 16, y + 2), 15, theme.WARN, True)
        lo, hi = self.bounds()
        self.draw_field(app, (r.x + 16, r.y + 150, 120, 30), f"total rolled ({lo}-{hi}), then Enter", "value")
        so_far = len(self.typed) + (app.game.dice.forced_count() if self.resumes else 0)
        if so_far:      # resumed at a phase's end: the totals typed for it wait in the game as forced dice
            text(s, f"{so_far} roll{'s' if so_far != 1 else ''} typed for this action so far",
                 (r.x + 150, r.y + 158), 12, theme.TEXT_DIM)
        button(s, app.hits, (r.right - 156, r.bottom - 44, 140, 32), "Use it", "dice_ok", key="Enter",
               active=True, mouse=app.mouse)
        if app.message and app.message_bad:      # a total out of range, a save refused: left of the button
            for i, part in enumerate(wrap(app.message, 12, r.w - 190)[:3]):
                text(s, part, (r.x + 16, r.bottom - 58 + 15 * i), 12, theme.BAD)
