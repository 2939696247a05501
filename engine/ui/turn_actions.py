"""The acting player's actions on the board that belong to no one panel:
choosing the unit and the target, passing (one unit or the whole side),
Enter (confirm the move, the ticked weapons or the physical attack chosen,
or end a finished phase), ending the phase, taking back a move, Backspace
and Esc, and the number keys, which mean a movement mode, a weapon or a
physical attack by phase. `actions()` is the App's table of the
board's actions, these and the panels' (engine/ui/app.py routes them)."""
from __future__ import annotations

from typing import Any, Callable

from engine.combat_log import plural
from engine.orders import PhysicalOrder
from engine.ui import queries


WHAT_NOW = {
    "deploy": "click a unit, then a hex of your tinted zone; Enter confirms the deployment",
    "move": "click a hex to plan the move there, Enter makes it (H: stay put)",
    "fire": "click an enemy or press T, then Enter fires the weapons ticked (H: hold fire)",
    "physical": "click an enemy or press T, choose an attack (1-9), Enter declares it (H: none)",
}


class TurnActions:
    def __init__(self, app) -> None:
        self.app = app

    def what_now(self) -> str:
        """What the player to act does in this phase, in a line."""
        app = self.app
        kind = app.phase_kind()
        if kind == "fire" and app.game.ruleset.name == "alpha-strike":      # one attack a unit, no weapons
            return "click an enemy or press T, then Enter attacks (H: hold fire)"
        return WHAT_NOW.get(kind, "the phase ends by itself")

    def actions(self) -> dict[str, Callable[[Any], None]]:
        app = self.app
        move, fire, physical = app.move, app.fire, app.physical
        return {
            "select": self.select, "next_unit": self.next_unit, "target": app.set_target,
            "cycle_target": self.cycle_target, "undo": self.undo, "take_back": self.take_back,
            "confirm": self.confirm, "hold": self.hold, "hold_all": self.hold_all, "end_phase": self.end_phase,
            "space_hint": self.space_hint,
            "number": self.number,
            "mode": move.set_mode, "mode_index": move.mode_index, "fast_mode": move.fast_mode,
            "step": move.add_step, "vtol": move.add_step, "turn": move.turn, "prone": move.prone,
            "land_lift": move.land_lift, "cycle_path": move.cycle_path, "declare": move.declare_attack, "charge_miss": move.cycle_charge_miss,
            "toggle_weapon": fire.toggle, "weapon_index": fire.toggle_index, "twist": fire.turn,
            "overheat": fire.change_overheat,
            "physical": physical.choose, "physical_done": physical.done,
        }

    # ------------------------------------------------------------ units and targets
    def select(self, uid: str | None) -> None:
        app = self.app
        app.select(uid)
        if uid and not app.flow.may_act(uid):
            app.inspect = uid

    def next_unit(self, step: int = 1) -> None:
        app = self.app
        waiting = app.flow.waiting()
        if waiting:
            i = waiting.index(app.selected) if app.selected in waiting else -1
            app.select(waiting[(i + (step or 1)) % len(waiting)])
            app.center_on(app.selected)

    def cycle_target(self, step: int = 1) -> None:
        app = self.app
        if not app.selected:
            return
        es = queries.enemies(app.game, app.selected)
        if app.phase_kind() in ("fire", "physical"):     # then the buildings it could aim at
            es += queries.building_targets(app.game, app.selected, app.phase_kind())
        if not es:
            return
        i = es.index(app.target) if app.target in es else -1
        app.set_target(es[(i + (step or 1)) % len(es)])
        app.say(f"target: {app.target_name(app.target)}")

    # ------------------------------------------------------------ acting
    def number(self, i: int) -> None:
        """1-9: a movement mode, a weapon (then, in a combat phase shared with
        physical attacks, a physical attack) or a physical attack."""
        app = self.app
        kind = app.phase_kind()
        if kind == "move":
            app.move.mode_index(i)
        elif kind == "fire":
            n = len(app.fire.previews(app.target)) if app.target else 0
            if i >= n and PhysicalOrder in app.flow.order_types():
                app.physical.choose(i - n)
            else:
                app.fire.toggle_index(i)
        elif kind == "physical":
            app.physical.choose(i)

    def confirm(self, _arg=None) -> None:
        """Enter: end a finished phase, or confirm the move or the attacks."""
        app = self.app
        kind = app.phase_kind()
        if app.flow.phase_done():
            self.end_phase()
        elif kind == "move":
            app.move.confirm()
        elif app.physical.chosen is not None and kind in ("fire", "physical"):
            app.physical.declare_chosen()
        elif kind == "fire":
            app.fire.fire()
        elif kind == "physical":
            if app.physical.declared(app.selected):
                app.physical.done()
            else:
                app.say("choose a physical attack (1-9) or press H for none", True)

    def hold(self, _arg=None) -> None:
        """The selected unit passes (no move, no attack) this phase."""
        app = self.app
        kind = app.phase_kind()
        if kind == "move":
            app.move.stand_still()
            return
        uid = app.selected
        if kind == "physical" and app.physical.declared(uid):
            app.physical.done()
            return
        if uid and app.flow.may_act(uid):
            app.say(f"{app.name(uid)} holds")
            app.seat.note_hold(app.game.side_of(app.game.units[uid]), [uid])
            app.unit_done(uid)

    def space_hint(self, _arg=None) -> None:
        """Space goes past screens only: on the board it says how to hold,
        so that a second press never makes the next unit stay put."""
        self.app.say("Space only goes past screens: H (or the panel's button) makes this unit hold")

    def hold_all(self, _arg=None) -> None:
        """Every unit of the acting side that has not acted passes this phase."""
        app = self.app
        side = app.flow.current_side
        if side is None:
            return
        waiting = app.seat.hold_all()
        app.say(f"{side.capitalize()} passes with {plural(len(waiting), 'unit')} this phase")
        app.selected = None
        app.after_flow()

    def end_phase(self, _arg=None) -> None:
        if self.app.seat.end_phase():
            self.app.after_flow()
        else:
            self.app.say("units still have to act (H: the selected unit holds)", True)

    def take_back(self, _arg=None) -> None:
        """Ctrl+Z: take the last move back (engine/hotseat.py says who may)."""
        app = self.app
        reason = app.take_back_reason()
        if reason:
            app.say(f"Cannot take back: {reason}", True)
            return
        uid = app.seat.take_back()
        app.clear_selection()
        app.say(f"{app.name(uid)}'s move taken back")
        app.after_flow()
        if app.overlay is None and uid and app.flow.may_act(uid):
            app.select(uid)

    # ------------------------------------------------------------ taking back a choice
    def undo(self, _arg=None) -> None:
        """Backspace: the last planned step back, else the physical attack
        chosen, else drop the target."""
        app = self.app
        if not app.move.undo_step() and not app.physical.take_back() and app.target:
            app.target = None
            app.fire.checks = {}

    def escape(self, _arg=None) -> None:
        """Esc: put the ruler or the roster away, else clear the planned
        path, else the target, else the menu (in a replay: leave it)."""
        app = self.app
        if app.ruler.on:
            app.ruler.toggle()
        elif app.roster.on:
            app.roster.toggle()
        elif app.move.path:
            app.move.path = []
        elif app.target:
            self.undo()
        elif app.replay is not None:
            app.do("quit")                     # leaving a replay: its own question
        else:
            app.do("menu")
