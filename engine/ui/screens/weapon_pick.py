"""The destroyed weapon's pick (rules/vehicles.md V-CE-14): a critical hit
destroys one weapon in a vehicle's location, and the rules stopped for the
side that picks it, the owner on 1-3, the attacker on 4-6 (engine/orders.py
ChoiceNeeded; App.perform took the action back). At a shared table the
prompt asks at once; otherwise the screen is first handed to the side that
picks (the board hidden) and, after the pick, back to the side that was
playing. The pick is a pick order through the game's check and submit;
then the action is made again with it, or, when it stopped at the end of a
phase, that end and the flow from there (App.perform): the game waits
where it stopped, so a save made while the prompt is up resumes at it (a
save is refused while a pick waits that it could not resume)."""
from __future__ import annotations

from typing import Any, Callable

from engine.combat_log import location_name
from engine.orders import ChoiceNeeded
from engine.ui import queries, theme
from engine.ui.screens import Screen, box, cover
from engine.ui.widgets import button, text, wrap


class WeaponPick(Screen):
    name = "weapon_pick"
    closes_on_right_click = False
    ACTIONS = frozenset({"pick_weapon", "pick_go_on"})

    def __init__(self, need: ChoiceNeeded, action: Callable[[], None], typed: list[tuple[str, int]],
                 labels: list[str], unit_name: str, hand_back_to: str | None, resumes: bool = False) -> None:
        self.need = need
        self.resumes = resumes                    # the game waits where it stopped: a save made now resumes here
        self.action = action
        self.typed = list(typed)
        self.labels = labels                      # one per option, as the record sheet names the weapons
        self.unit_name = unit_name
        self.hand_back_to = hand_back_to          # the side to give the screen back to, None at a shared table
        self.stage = "pass_to" if hand_back_to else "choose"
        self.chosen: str | None = None

    @property
    def hides_board(self) -> bool:
        return self.stage != "choose"

    def do(self, app, action: str, arg: Any) -> None:
        if action == "pick_weapon" and self.stage == "choose" and 0 <= arg < len(self.need.options):
            self.chosen = self.need.options[arg]
            if self.hand_back_to:
                self.stage = "pass_back"
            else:
                self._finish(app)
        elif action == "pick_go_on" and self.stage == "pass_to":
            self.stage = "choose"
        elif action == "pick_go_on" and self.stage == "pass_back":
            self._finish(app)

    def _finish(self, app) -> None:
        order = queries.pick_order(self.need, self.chosen)
        app.close_overlay()
        reason = app.game.check(order) or app.game.submit(order)
        if reason:
            app.say(reason, True)
            return
        app.say(f"{self.need.side.capitalize()} picks the {self.labels[self.need.options.index(self.chosen)]}")
        app.perform(self.action, self.typed)

    def draw(self, app) -> None:
        s = app.screen
        need = self.need
        who = "its owner" if need.chooser == "owner" else "the attacker"
        if self.stage != "choose":
            side = need.side if self.stage == "pass_to" else self.hand_back_to
            cover(app, 255)
            r = box(app, 560, 200, "Hand the screen over")
            text(s, f"Pass the screen to {side.capitalize()}", (r.centerx, r.y + 56), 26, theme.ACCENT, True, "center")
            why = (f"{need.side.capitalize()} ({who}) picks the weapon {self.unit_name} loses" if self.stage == "pass_to"
                   else f"{need.side.capitalize()} has picked; {side.capitalize()} goes on")
            text(s, why, (r.centerx, r.y + 96), 14, theme.TEXT, anchor="center")
            button(s, app.hits, (r.centerx - 80, r.bottom - 50, 160, 34), "Go on", "pick_go_on", key="Enter",
                   active=True, mouse=app.mouse)
            self._draw_message(app, r)
            return
        cover(app, 150)
        r = box(app, 560, 96 + 36 * len(need.options), "Weapon destroyed")
        lines = wrap(f"A critical hit destroys a weapon of {self.unit_name} in its {location_name(need.location)}. "
                     f"The die gave the pick to {who}: {need.side.capitalize()} chooses which (V-CE-14).", 14, r.w - 32)
        y = r.y + 36
        for part in lines:
            text(s, part, (r.x + 16, y), 14, theme.TEXT)
            y += 18
        y += 8
        for i, label in enumerate(self.labels):
            button(s, app.hits, (r.x + 16, y, r.w - 32, 30), f"{i + 1}. {label}", "pick_weapon", i,
                   key=str(i + 1), mouse=app.mouse)
            y += 36

    def _draw_message(self, app, r) -> None:
        """A refusal said while the board is covered (a save refused), under
        the box: the window's message line is hidden then."""
        if app.message_bad and app.message:
            for i, part in enumerate(wrap(app.message, 14, r.w)):
                text(app.screen, part, (r.x, r.bottom + 12 + 18 * i), 14, theme.BAD)
