"""The computer's turns in the window: while a side the computer plays has
to act (engine/hotseat.py says so with a "computer" screen), one of its
units acts every `PAUSE` seconds (engine/bot/driver.py: the same check and
submit as a person's orders; moves through the hot-seat, like a person's),
and the board follows it: the unit is shown on the record sheet, the view
centres on it, the combat log says what it did (a unit that holds, as a
person's told to hold). A phase every unit has
acted in ends after the same pause. A menu or another screen on top pauses
the computer."""
from __future__ import annotations

from engine import deployment
from engine.bot.driver import Tally, step
from engine.bot.names import parse_player
from engine.bot.players import make_player
from engine.orders import MoveOrder
from engine.ui.screens.players import player_label

PAUSE = 0.6      # seconds between two actions of the computer


class ComputerTurns:
    def __init__(self, app) -> None:
        self.app = app
        self.wait = 0.0
        self.tally = Tally()
        self._players: tuple[object, dict] = (None, {})

    def players(self) -> dict:
        """The computer's players of the battle shown (side -> player), made
        once per hot-seat; a side whose saved player is not one the game
        knows is played by people."""
        seat = self.app.seat
        if self._players[0] is not seat:
            made = {}
            for side, name in (seat.players.items() if seat is not None else ()):
                try:
                    made[side] = make_player(parse_player(name), side)
                except ValueError as exc:
                    self.app.say(f"{side} is played by people: {exc}", True)
            self._players = (seat, made)
        return self._players[1]

    def who(self, side: str) -> str:
        """'Red (computer 2)': the side and the computer's difficulty."""
        return f"{side.capitalize()} ({player_label(parse_player(self.app.seat.players[side]))})"

    def acting(self) -> bool:
        """Is it the computer's turn (or a finished phase it ends)?"""
        app = self.app
        if app.seat is None or app.replay is not None or not self.players():
            return False
        flow = app.flow
        if deployment.active(app.game):
            return deployment.current_side(app.game) in self.players()
        return not flow.over and (flow.current_side in self.players() or
                                  (flow.phase_done() or not flow.interactive()))

    def update(self, dt: float) -> None:
        app = self.app
        if app.top is not None or not self.acting():
            self.wait = 0.0
            return
        self.wait += dt
        if self.wait < PAUSE:
            return
        self.wait = 0.0
        app.perform(self._act)

    def _act(self) -> None:
        """One action of the computer (with the dice rolled at the table, the
        window runs it again with each roll typed in: the computer's choice
        is the same every time, since it never reads the dice)."""
        app = self.app
        phase = app.game.phase
        action = step(app.game, app.flow, self.players(), self._submit, self.tally)
        if action is None:
            return
        if action.unit is not None:
            app.inspect = action.unit
            app.center_on(action.unit)
            app.say(f"{self.who(action.side)}: {app.name(action.unit)} "
                    f"{'acts' if action.orders else 'holds'}")
            if not action.orders and phase != "movement":     # a stay is logged by its move event
                app.seat.note_hold(action.side, [action.unit])
        app.after_flow()

    def _submit(self, order) -> None:
        if isinstance(order, MoveOrder):
            self.app.seat.submit_move(order)
        else:
            self.app.game.submit(order)
