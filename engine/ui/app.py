"""The hot-seat window: the battle shown, the stack of full-window screens,
the selected unit and its target, the routing of every action, and the
frame. What it shows comes from the hot-seat flow (engine/hotseat.py:
whose turn, hand-overs, passing, take-backs) and what the players may do
from the rules, through engine/ui/queries.py. The panels of the phases are
controllers of their own (deploy.py, move_panel.py, fire_panel.py,
physical_panel.py, and turn_actions.py for what belongs to none), the
full-window screens are objects (engine/ui/screens), the keys are data
(keymap.py), and saving and loading go through engine/persistence.py.

Every user action goes through `App.do(action, arg)`: clicks on widgets,
map clicks and key presses (engine/ui/controls.py) all end there, so every
action has a key and the tests can drive the window by posting ordinary
pygame events.
"""
from __future__ import annotations

import gc
import time
from collections import Counter
from pathlib import Path
from typing import Any, Callable

import pygame

from components import Identity, Position, Status
from engine import deployment, session, undo
from engine.bot.names import computer_sides
from engine.dice import RollNeeded, target_shown
from engine.errors import DataError
from engine.hexgrid import Hex
from engine.hotseat import HotSeat, Next
from engine.orders import ChoiceNeeded
from engine.session import Table
from engine.persistence import SaveFolder, default_name
from engine.replay import apply_action
from engine.ui import board, controls, queries, replay_view, sidebar, theme
from engine.ui.computer_turns import ComputerTurns
from engine.ui.deploy import DeployPanel
from engine.ui.fire_panel import FirePanel
from engine.ui.geometry import Camera
from engine.ui.layout import ACTION_PANEL_H, MIN_WINDOW, SIDE_W, TOP, short_name, unit_panel_h
from engine.ui.log_view import CombatLog
from engine.ui.level_art import load_art
from engine.ui.mapview import MapRenderer
from engine.ui.move_panel import MovePlanner
from engine.ui.physical_panel import PhysicalPanel
from engine.ui.roster import Roster
from engine.ui.ruler import Ruler
from engine.ui.screens import Screen
from engine.ui.screens.files import LoadGame, SaveGame
from engine.ui.screens.new_battle import NewBattle
from engine.ui.screens.dice import DicePrompt
from engine.ui.screens.handover import HandOver
from engine.ui.screens.menus import ConfirmQuit, Help, Menu, Welcome
from engine.ui.screens.victory import Victory
from engine.ui.screens.weapon_pick import WeaponPick
from engine.ui.turn_actions import TurnActions
from engine.ui.widgets import Hit, panel, text, wrap


class App:
    def __init__(self, screen: pygame.Surface, game=None, level: str | None = None,
                 save_dir: str | Path | None = None, edge_pan: bool = True, autosave: bool = True,
                 mods: list[Path] | None = None) -> None:
        self.screen = screen
        theme.reset_fonts()
        self.saves = SaveFolder(save_dir, autosave, mods)
        self.edge_pan = edge_pan
        self.running = True
        self.hits: list[Hit] = []
        self.mouse = (-1, -1)
        self.mouse_seen = False
        self.message = ""
        self.message_bad = False
        self.screens: list[Screen] = []
        self.log = CombatLog()
        self.drag_from = None
        self.dragging = False
        self.game = None
        self.renderer: MapRenderer | None = None     # the game's map, drawn in cached chunks
        self.seat: HotSeat | None = None
        self.frame_ms = 0.0
        self._frozen_turn: int | None = None          # the turn whose objects were last frozen (keep_alive)
        self.replay = None       # an engine.replay.Replay shown read-only (engine/ui/replay_view.py)
        self._performing = False     # an action is being carried out (rolls at the table: perform)
        self._probing = False        # an action is run only to read a roll's target number
        self._autosave_due = False   # a phase began since the last autosave
        self._autosave_at: int | None = None   # the frame whose action left an autosave to make (`show`)
        self._frames = 0             # frames drawn
        self._shown_side: str | None = None
        self._told: tuple | None = None   # the (side, turn, phase) whose first line said what to do
        self.move = MovePlanner(self)
        self.fire = FirePanel(self)
        self.physical = PhysicalPanel(self)
        self.deploy = DeployPanel(self)
        self.turn = TurnActions(self)
        self.ruler = Ruler(self)
        self.roster = Roster(self)
        self.computer = ComputerTurns(self)
        self.selected: str | None = None
        self.inspect: str | None = None
        self.target: str | None = None
        self.hover_hex: Hex | None = None
        self.board_cache: dict = {}         # what the board drawing keeps between frames (engine/ui/board.py)
        self._names: tuple[object, dict[str, str]] = (None, {})
        self.window_actions = self._window_actions()
        self.view_actions = self._view_actions()
        self.game_actions = self.turn.actions()
        if game is not None:
            self.set_game(game, level)

    @property
    def mods(self) -> list[Path]:
        """The mod folders of the battle (units, weapons; saves name levels in them)."""
        return self.saves.mods

    @mods.setter
    def mods(self, folders: list[Path]) -> None:
        self.saves.mods = list(folders)

    # ================================================================ setup
    def set_game(self, game, level: str | None = None, frontend: dict | None = None,
                 deploy: bool = False, table: Table | None = None,
                 players: dict[str, str] | None = None) -> None:
        """Show `game`; `deploy`: a new game starts with the deployment step
        (a game saved during deployment resumes it); `table`: how the
        players sit (a loaded game keeps its own); `players`: who plays
        which side (side -> "human", "bot:2", ...; over the level's own)."""
        self._autosave()                    # the battle shown before keeps its last autosave
        table = table or Table()
        chosen = {**(getattr(game, "level_players", None) or {}), **(players or {})}
        self.seat = HotSeat(game, level, frontend, on_phase_start=self._on_phase_start,
                            only_holds=queries.hold_reasons, shared_table=table.shared,
                            table_dice=table.dice_at_table, players=computer_sides(chosen))
        self._show_game(game, level)
        game.choosers = set(game.sides) - set(self.seat.players)     # people pick their destroyed weapons (V-CE-14)
        if pygame.display.get_init() and pygame.display.get_surface() is not None:
            pygame.display.set_caption(f"hexmech - {game.map.title or 'battle'}")
        self.perform(lambda: self.show(self.seat.start(deploy)))

    def set_replay(self, replay, level: str | None = None) -> None:
        """Show a replay read-only: `replay.game` is drawn as a game is; no
        orders can be given (engine/ui/replay_view.py)."""
        self._autosave()
        self.replay = replay
        self.seat = HotSeat(replay.game, level)    # never started: nobody acts in a replay
        self._show_game(replay.game, level)

    def _show_game(self, game, level: str | None) -> None:
        self.game = game
        self.renderer = MapRenderer(game, load_art(level))
        queries.prepare_sight(game)
        self.camera = Camera(game.map.width, game.map.height, self.map_rect())
        self.camera.fit()
        self.camera.zoom = max(self.camera.zoom + 1, 6)   # close enough to read; the map scrolls
        self.log.reset()
        self.screens = []
        self.clear_selection()
        if self._frozen_turn is not None:
            gc.unfreeze()                # the battle this window showed before may go
        gc.collect()
        self.keep_alive()

    def keep_alive(self) -> None:
        """Move the objects alive now (the battle's map, units, pictures,
        log) out of the garbage collector's sight (gc.freeze) for as long as
        this battle is shown: a full collection looks at every object it
        sees, ~90,000 on a 100x100 level, and stalled a frame by up to 50 ms.
        Done when a battle is shown and at each new turn (App.update)."""
        gc.freeze()
        self._frozen_turn = self.game.turn if self.game is not None else None

    def map_rect(self) -> tuple[int, int, int, int]:
        w, h = self.screen.get_size()
        return (0, TOP, max(100, w - SIDE_W), max(100, h - TOP))

    def resize(self, size) -> None:
        """The window was resized: never below MIN_WINDOW (the window
        manager is told the minimum too: engine/ui/main.py)."""
        size = (max(MIN_WINDOW[0], int(size[0])), max(MIN_WINDOW[1], int(size[1])))
        if pygame.display.get_surface() is not None and (self.screen.get_size() != tuple(size)):
            try:
                self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
            except pygame.error:
                pass
        if self.game is not None:
            self.camera.view = self.map_rect()
            self.camera.clamp()

    # ================================================================ state
    @property
    def flow(self):
        return self.seat.flow

    @property
    def level(self) -> str | None:
        return self.seat.level if self.seat is not None else None

    def phase_kind(self) -> str | None:
        return self.seat.phase_kind() if self.seat is not None else None

    def clear_selection(self) -> None:
        self.selected = None
        self.inspect = None
        self.target = None
        self.hover_hex = None
        self.move.reset()
        self.fire.reset()
        self.physical.reset()

    def drop_caches(self) -> None:
        """Forget the previews (after a change the event log does not show)."""
        for controller in (self.move, self.fire, self.physical):
            controller.cache = {}

    def say(self, msg: str, bad: bool = False) -> None:
        self.message = msg
        self.message_bad = bad

    def short_names(self) -> dict[str, str]:
        """Unit id -> a short display name for the log ("Atlas"; when two
        units share a name, its side is added, "Loki (red)", and its id too
        when two of one side do, "Loki (red, loki-3)")."""
        g = self.game
        if self._names[0] is not g:
            first = {u: (short_name(g.world.component(e, Identity).name), g.world.component(e, Identity).side)
                     for u, e in g.units.items()}
            named = Counter(n for n, _side in first.values())
            sided = Counter(first.values())
            self._names = (g, {u: n if named[n] == 1 else f"{n} ({side})" if sided[n, side] == 1
                               else f"{n} ({side}, {u})" for u, (n, side) in first.items()})
        return self._names[1]

    def ent(self, uid: str) -> int:
        return self.game.units[uid]

    def name(self, uid: str) -> str:
        return self.game.world.component(self.ent(uid), Identity).name

    def target_name(self, target: str) -> str:
        """A target's name: the unit's, or 'the building in 0505'."""
        label = queries.building_label(target)
        return f"the building in {label}" if label else self.name(target)

    def units_in(self, h: Hex) -> list[str]:
        return [self.game.uid(e) for e in self.game.units_at(h)]

    def is_enemy_uid(self, a: str, b: str) -> bool:
        return self.game.is_enemy(self.ent(a), self.ent(b))

    def center_on(self, uid: str | None) -> None:
        if uid:
            self.camera.center_on(self.game.world.component(self.ent(uid), Position).hex)

    # ================================================================ screens
    @property
    def top(self) -> Screen | None:
        return self.screens[-1] if self.screens else None

    @property
    def overlay(self) -> str | None:
        """The name of the screen on top ("handover", "menu", ...), or None."""
        return self.screens[-1].name if self.screens else None

    def open_overlay(self, screen: Screen) -> None:
        """Show a screen over the current one; closing it returns there (a
        hand-over screen stays up under a menu, so the board stays hidden).
        A screen of the same kind is replaced."""
        if self.screens and self.screens[-1].name == screen.name:
            self.screens[-1] = screen
        else:
            self.screens.append(screen)

    def close_overlay(self) -> None:
        if self.screens:
            self.screens.pop()

    def _replace_top(self, screen: Screen | None) -> None:
        self.screens[-1:] = [screen] if screen is not None else []

    # ================================================================ the hot-seat flow
    def _on_phase_start(self, phase: str) -> None:
        """A phase began: autosave once the flow stops where a player acts
        (`show`), not in each phase passed through on the way (Heat, End,
        the next turn's Initiative)."""
        self.drop_caches()
        if not self._probing:
            self._autosave_due = True

    def _autosave(self) -> None:
        """Make the autosave `show` left to make, if any: on the first frame
        after the one that answered the action (`update`: the copy of the
        game is not made while the player waits for the new phase to be
        drawn), and at the latest before anything changes the game (the
        next action, a computer's turn, loading, a new battle, quitting)."""
        if self._autosave_at is None:
            return
        self._autosave_at = None
        problem = self.saves.autosave(self.game, self.seat.frontend())
        if problem:
            self.say(problem, True)

    def after_flow(self) -> None:
        """Called after anything that may move the turn flow on."""
        self.drop_caches()
        self.show(self.seat.advance())

    def show(self, nxt: Next) -> None:
        """Show what the hot-seat flow decided: the victory screen, a
        hand-over, or the board with a unit of the side to act selected.
        Screens under the top one close; an autosave is made when a phase
        began on the way."""
        self.screens = self.screens[-1:]
        if self._autosave_due and not self._probing:
            self._autosave_due = False
            self._autosave_at = self._frames
        if nxt.screen == "victory":
            self._replace_top(Victory())
            self.selected = None
            return
        if nxt.screen == "computer":
            self._replace_top(None)
            self.selected = None
            self._shown_side = self._told = None
            return
        if nxt.screen == "handover":
            self._replace_top(HandOver(nxt.side, nxt.deploy, self.seat.digest(nxt.side),
                                       self.seat.digest_notes(nxt.side)))
            self.selected = None
            return
        if isinstance(self.top, HandOver):
            self._replace_top(None)         # the screen stays with the side it was with (a take-back)
        if nxt.side:
            self.tell_what_now(nxt.side)
        self._shown_side = nxt.side
        if nxt.deploy:
            self.deploy.pick()
        elif nxt.side is None:
            self.selected = None
        elif self.selected is None or not self.flow.may_act(self.selected):
            shown = self.inspect       # the unit that acted last (the computer's): kept on screen if both fit
            waiting = self.flow.waiting()
            self.select(waiting[0] if waiting else None)
            if self.selected:          # after the computer's unit, or at a shared table: the next one on screen
                self.camera.bring_into_view(self._hex(self.selected), keep=self._hex(shown))

    def _hex(self, uid: str | None):
        """The hex of `uid` on the map (None: no unit, or one off the map)."""
        if uid not in self.game.units or self.game.world.component(self.ent(uid), Status).removed:
            return None
        return self.game.world.component(self.ent(uid), Position).hex

    def finish_handover(self) -> None:
        side = self.top.side
        self.seat.finish_handover(side)
        self._replace_top(None)
        self._shown_side = side
        if deployment.active(self.game):
            self.show(self.seat.advance())
        else:
            waiting = self.flow.waiting()
            self.select(waiting[0] if waiting else None)
            self.tell_what_now(side)
        self.center_on(self.selected)

    def tell_what_now(self, side: str) -> None:
        """The message line says what the player of `side` does now, once
        when the board comes to them: after a hand-over, after the
        computer's or the other player's units at a shared table, and at a
        new phase (the line of the last action before it is in the log)."""
        told = (side, self.game.turn, self.game.phase)
        if told != self._told:
            self._told = told
            self.say(f"{side.capitalize()}'s turn: {self.turn.what_now()}")

    def unit_done(self, uid: str) -> None:
        self.seat.unit_done(uid)
        self.selected = None
        self.after_flow()

    # ================================================================ rolls made at the table
    def perform(self, action: Callable[[], None], typed: list[tuple[str, int]] | None = None) -> None:
        """Carry out a player's action that may roll dice. With the dice
        rolled at the table (engine/dice.py): the rolls typed so far for it
        are forced and the action runs; when it needs one more, everything
        goes back to before it and the dice prompt asks for that roll,
        then the action runs again with it. In the same way, when the rules
        stop at a player's choice (ChoiceNeeded: a destroyed weapon's pick),
        everything goes back and the pick's prompt asks, then the action
        runs again with the pick made. When either stopped at the end of a
        phase, the game goes back only to just before that end, and goes on
        from there with the roll or the pick, so that a save made while the
        prompt is up resumes at it (`_wait_where_it_stopped`)."""
        seat = self.seat
        if not self._performing:
            self._autosave()
        if self._performing or seat is None or self.replay is not None or not (
                seat.table_dice or queries.choice_possible(self.game)):
            action()
            return
        typed = list(typed or [])
        game = self.game
        cp, ui = seat.checkpoint() if seat.table_dice else None, self._ui_state()
        if cp is None:      # only a choice can stop it: the game's state is kept once the action acts on it
            front, taken = seat.flow_checkpoint(), []
            game.on_action = lambda: taken or taken.append(undo.checkpoint(game))
        self._performing = True
        try:
            for purpose, total in typed:
                self.game.dice.force(purpose, total)
            action()
        except (RollNeeded, ChoiceNeeded) as stop:
            go_on, typed = self._wait_where_it_stopped(action, typed, cp or (taken[0], *front), ui)
            resumes = go_on == self._end_phase_again
            if isinstance(stop, RollNeeded):
                stop.target = self._target_of(go_on, typed, stop, seat.checkpoint() if resumes else cp, ui)
                self.open_overlay(DicePrompt(stop, go_on, typed, resumes))
            else:
                back = None if seat.shared_table or stop.side == seat.viewing else seat.viewing
                self.open_overlay(WeaponPick(stop, go_on, typed, queries.pick_labels(self.game, stop),
                                             self.name(stop.unit), back, resumes=resumes))
        finally:
            self._performing = False
            game.on_action = None

    def _wait_where_it_stopped(self, action, typed, cp, ui) -> tuple[Callable[[], None], list[tuple[str, int]]]:
        """Everything back to where the game waits for the roll or the pick
        the action stopped at: just before the end of a phase when it
        stopped there (the rolls typed for it so far are in the game then,
        forced dice a save holds), else before the action. Returns what goes
        on once the prompt is answered and the typed rolls it forces first."""
        if self._stopped_at_a_phase_end(cp[0]):
            self._back_to_the_phase_end(cp, ui)
            return self._end_phase_again, []
        self._go_back(cp, ui)
        return action, typed

    def _stopped_at_a_phase_end(self, cp: undo.Checkpoint) -> bool:
        """Did the action that began at `cp` stop in the end of a phase (the
        last action of the game's record it made)?"""
        done = self.game.record["actions"]
        return len(done) > cp.actions and done[-1]["do"] == "end_phase"

    def _back_to_the_phase_end(self, cp, ui) -> None:
        """Everything back to `cp`, then the game's actions the action made
        before the phase's end made again (the same dice: the game's
        own) and the hot-seat flow put where it stood at that end: the
        game waits at the end of the phase, as a save then holds it."""
        game = self.game
        done = [dict(a) for a in game.record["actions"][cp[0].actions:-1]]
        at_end = self.seat.flow_checkpoint()
        self._go_back(cp, ui)
        for action in done:
            apply_action(game, action)
        self.seat.flow_rollback(at_end)
        self.drop_caches()

    def _end_phase_again(self) -> None:
        """What an action stopped at the end of a phase goes on with: that
        end, then the flow from there."""
        self.seat.end_phase()
        self.after_flow()

    def save_refusal(self) -> str | None:
        """Why the battle cannot be saved now, or None: a destroyed weapon's
        pick or a roll at the table waits whose action a save could not
        resume (one stopped elsewhere than at the end of a phase)."""
        if any(isinstance(s, WeaponPick) and not s.resumes for s in self.screens):
            return ("cannot save while this weapon pick waits: pick the weapon first (a save now would go back "
                    "to before the action that destroyed the weapon)")
        if any(isinstance(s, DicePrompt) and not s.resumes for s in self.screens):
            return ("cannot save while this roll waits: type the roll first (a save now would go back "
                    "to before the action that needs it)")
        return None

    def _target_of(self, action, typed, need: RollNeeded, cp, ui) -> int | None:
        """The number the roll asked for must reach, when the rules show one:
        the action is run once more with a stand-in result and the event that
        roll decided is read (after the rolls of the totals forced so far:
        typed for the action, or waiting in the game at a phase's end); then
        everything goes back again (no autosave of that run)."""
        start = len(self.game.log.events)
        self._probing = True
        try:
            for purpose, total in typed:
                self.game.dice.force(purpose, total)
            made_before = self.game.dice.forced_count()
            self.game.dice.force(need.purpose, 7 * need.count // 2)
            try:
                action()
            except (RollNeeded, ChoiceNeeded):
                pass
            return target_shown(self.game.log.events[start:], made_before)
        finally:
            self._probing = False
            self._go_back(cp, ui)

    def _ui_state(self) -> tuple:
        panels = tuple(dict(vars(c)) for c in (self.move, self.fire, self.physical, self.deploy))
        return (self.selected, self.inspect, self.target, list(self.screens), self._shown_side, self._told,
                tuple({k: (list(v) if isinstance(v, list) else dict(v) if isinstance(v, dict) else v)
                       for k, v in p.items()} for p in panels))

    def _go_back(self, cp, ui) -> None:
        self.seat.rollback(cp)
        self.selected, self.inspect, self.target, screens, self._shown_side, self._told, panels = ui
        self.screens = list(screens)
        for controller, saved in zip((self.move, self.fire, self.physical, self.deploy), panels):
            vars(controller).update(saved)
        self.drop_caches()
        self.board_cache = {}

    def take_back_reason(self) -> str | None:
        """Why the last move cannot be taken back now, or None."""
        return self.seat.take_back_reason(self.top.side if isinstance(self.top, HandOver) else None)

    # ================================================================ selection and target
    def select(self, uid: str | None) -> None:
        """Select `uid`: a unit to move has its modes and reach; a unit to
        attack comes up with no target and nothing ticked, so that no key
        meant for another screen fires it (its player picks the target)."""
        self.clear_selection()
        self.selected = uid
        self.inspect = uid
        if uid is not None and self.phase_kind() == "move" and self.flow.may_act(uid):
            self.move.start(uid)

    def set_target(self, uid: str | None) -> None:
        """Aim at an enemy (its id) or a building (queries.building_key)."""
        fire = self.phase_kind() == "fire"
        if uid and uid != self.target and self.selected and fire:
            self.fire.aim_turret(uid)
        self.target = uid
        self.fire.checks = {}
        self.physical.chosen = None
        if uid and fire:
            self.fire.tick_for(uid)

    # ================================================================ save / load / new
    def save(self, name: str | None = None) -> Path | None:
        refusal = self.save_refusal()
        if refusal:
            self.say(refusal, True)
            return None
        try:
            path = self.saves.save(self.game, self.seat.frontend(), name)
        except (OSError, ValueError) as exc:
            self.say(f"could not save: {exc}", True)
            return None
        self.say(f"saved {path}")
        return path

    def load(self, path: str | Path) -> bool:
        """Load a save into a new game; the battle on screen changes only
        once the whole save has been checked."""
        try:
            game, front, level, warnings = self.saves.load(path)
        except DataError as exc:
            self.say(exc.first_line(), True)
            return False
        self.set_game(game, level, front)
        self.say(f"loaded {path}" + "".join(f"; {w}" for w in warnings), bool(warnings))
        return True

    def new_game(self, level: str | None, seed: int | None = None, deploy: bool = False,
                 table: Table | None = None, forces: list | None = None,
                 players: dict[str, str] | None = None) -> bool:
        try:
            game = session.new_game(level, self.mods, seed, forces)
        except DataError as exc:
            self.say(exc.first_line(), True)
            return False
        except (OSError, ValueError, ImportError) as exc:
            self.say(f"cannot start that level: {exc}", True)
            return False
        self.set_game(game, level, deploy=deploy, table=table, players=players)
        return True

    # ================================================================ actions
    def _window_actions(self) -> dict[str, Callable[[Any], None]]:
        """Actions with or without a battle: screens, saving and loading."""
        def toggle(screen: type[Screen]) -> Callable[[Any], None]:
            return lambda _arg: (self.close_overlay() if self.overlay == screen.name
                                 else self.open_overlay(screen()))

        def opener(make: Callable[[], Screen]) -> Callable[[Any], None]:
            return lambda _arg: self.open_overlay(make())
        return {
            "quit": opener(ConfirmQuit), "really_quit": self.really_quit,
            "close": lambda _arg: self.close_overlay(),
            "help": toggle(Help), "menu": toggle(Menu), "escape": self.turn.escape, "welcome": toggle(Welcome),
            "handover_done": lambda _arg: self.perform(self.finish_handover),
            "new_menu": opener(NewBattle), "save_menu": self.save_menu,
            "load_menu": opener(lambda: LoadGame(self.saves.files(), ask=self.game is not None and self.replay is None)),
        }

    def really_quit(self, _arg=None) -> None:
        self._autosave()
        self.saves.wait()
        self.running = False

    def save_menu(self, _arg=None) -> None:
        if self.game is None:
            return
        refusal = self.save_refusal()
        if refusal:
            if self.overlay == "menu":
                self.close_overlay()
            self.say(refusal, True)
            return
        self.open_overlay(SaveGame(default_name(self.game)))

    def _view_actions(self) -> dict[str, Callable[[Any], None]]:
        """The camera and the log: in play, in deployment and in a replay."""
        def zoom(steps: int) -> None:
            x, y, w, h = self.camera.view
            self.camera.zoom_at(steps, x + w / 2, y + h / 2)

        def log_end(_arg) -> None:
            self.log.scroll = 0
        return {"zoom": zoom, "pan": lambda d: self.camera.pan(*d),
                "center": lambda _arg: self.center_on(self.selected or self.inspect),
                "log_scroll": self.log.scroll_by, "log_end": log_end,
                "ruler": self.ruler.toggle, "roster": self.roster.toggle, "roster_unit": self.roster.show_unit}

    def do(self, action: str, arg=None) -> None:
        """Every user action, from a click, a key or a test."""
        if self.replay is not None:         # read-only: orders are ignored
            if action == "replay":
                replay_view.step(self, arg)
            elif action == "select":            # shows the unit's record sheet; selects nothing
                self.inspect = arg if arg in self.game.units else None
            elif action in replay_view.VIEW_ACTIONS:
                (self.window_actions.get(action) or self.view_actions[action])(arg)
        elif self.top is not None and action in self.top.ACTIONS:
            self.top.do(self, action, arg)
        elif action in self.window_actions:
            self.window_actions[action](arg)
        elif self.game is not None and deployment.active(self.game):
            if action in DeployPanel.ACTIONS:
                self.perform(lambda: self.deploy.do(action, arg))
            elif action in self.view_actions:
                self.view_actions[action](arg)
        elif self.game is not None and self.computer.acting():
            if action in self.view_actions:          # the computer's turn: the board only looks
                self.view_actions[action](arg)
        elif self.game is not None:
            if self.flow.current_side and not self.flow.waiting():
                self._autosave()
                self.seat.settle()
                self.after_flow()
            if action in self.game_actions:
                self.perform(lambda: self.game_actions[action](arg))
            elif action in self.view_actions:
                self.view_actions[action](arg)
        controls.update_hover(self)

    def pump(self) -> None:
        for ev in pygame.event.get():
            controls.handle(self, ev)

    # ================================================================ update & draw
    def update(self, dt: float) -> None:
        if self._autosave_at is not None and self._autosave_at < self._frames:
            self._autosave()
        self.computer.update(dt)
        if self.game is not None and self.game.turn != self._frozen_turn:
            self.keep_alive()
        if self.saves.saver.errors:         # a failed autosave is told at once
            self.say(self.saves.saver.errors.pop(), True)
        if self.game is None or self.top is not None or not self.edge_pan or not self.mouse_seen:
            return
        if not pygame.mouse.get_focused():
            return
        x, y, w, h = self.camera.view
        mx, my = self.mouse
        speed = 600 * dt
        dx = -speed if mx < x + 8 else (speed if x + w - 8 <= mx < x + w else 0)
        dy = -speed if y <= my < y + 8 else (speed if my > y + h - 8 and mx < x + w else 0)
        if dx or dy:
            self.camera.pan(dx, dy)

    def log_rect(self) -> pygame.Rect:
        w, h = self.screen.get_size()
        top = TOP + unit_panel_h(h) + ACTION_PANEL_H
        return pygame.Rect(w - SIDE_W, top, SIDE_W, h - top)

    def draw(self) -> None:
        t0, cpu0 = time.perf_counter(), time.thread_time()
        s = self.screen
        s.fill(theme.BG)
        self.hits = []
        hidden = any(screen.hides_board for screen in self.screens)
        if self.game is not None and not hidden:
            self.log.update(self.game.log.events, self.short_names(), self.game.ruleset.name, self.seat.notes)
            board.draw_map(self)
            self.draw_topbar()
            sidebar.draw_sidebar(self)
            board.prefetch_map(self, cpu0)
        elif self.game is not None:
            self.draw_topbar()
            self.hits = []      # the hand-over screen covers the bar: its buttons must not answer
        if self.top is not None:
            self.hits = []      # the board's widgets under a screen neither answer clicks nor show tips
            self.top.draw(self)
        self.draw_hit_tip()
        self._frames += 1
        self.frame_ms = (time.perf_counter() - t0) * 1000

    def draw_topbar(self) -> None:
        if self.replay is not None:
            replay_view.draw_bar(self)
        else:
            sidebar.draw_topbar(self)

    def draw_hit_tip(self) -> None:
        """The full text behind a shortened widget line, under the mouse."""
        hit = controls.hit_at(self, self.mouse) if self.mouse_seen else None
        if hit is None or not hit.tip:
            return
        parts = wrap(hit.tip, 12, 360)
        w = max(theme.font(12).size(p)[0] for p in parts) + 16
        r = pygame.Rect(self.mouse[0] - w - 10, self.mouse[1] + 14, w, 16 * len(parts) + 8)
        r.clamp_ip(self.screen.get_rect())
        panel(self.screen, r, alpha=245)
        for i, part in enumerate(parts):
            text(self.screen, part, (r.x + 8, r.y + 4 + 16 * i), 12)
