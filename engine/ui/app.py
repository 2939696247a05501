"""The hot-seat window: input, selection, planned moves and attacks, and the
frame. Every player action becomes an engine order (`game.check` to explain,
`game.submit` to carry out); the turn flow (engine/ui/turnflow.py) decides
who acts next. Nothing here decides a rule.

Input handling goes through `App.do(action, arg)`: mouse clicks on widgets,
map clicks and key presses all end there, so every action has a key and the
tests can drive the window by posting ordinary pygame events.
"""
from __future__ import annotations

import dataclasses
import os
import time
from pathlib import Path

import pygame

from components import Identity, Position, Status, Turret, AlphaStrikeCard, Altitude, VehicleMovement
from engine.errors import DataError
from engine.hexgrid import Hex, FACING_NAMES, direction_to, neighbors
from engine.orders import MoveOrder, FireOrder, PhysicalOrder
from engine import deployment, saves, undo
from engine.ui import theme
from engine.ui.geometry import Camera
from engine.ui.mapview import MapRenderer, load_art
from engine.ui.panels import CombatLog
from engine.ui import queries
from engine.ui.turnflow import TurnFlow
from engine.ui.autosaver import BackgroundSaver
from engine.ui import hotseat_save
from engine.ui.widgets import Hit, panel, text, wrap
from engine.ui import board, overlays, sidebar
from engine.ui import deploy as deploy_ui
from engine.ui import replay_view
from engine.ui.layout import HOTSEAT_KEY, MODE_LABELS, SIDE_W, TOP, UNIT_PANEL_H, short_name
from systems import movement

def default_save_dir() -> Path:
    env = os.environ.get("HEXMECH_SAVE_DIR")
    if env:
        return Path(env)
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(Path.home(), ".local", "share")
    return Path(base) / "hexmech" / "saves"


class App:
    def __init__(self, screen: pygame.Surface, game=None, level: str | None = None,
                 save_dir: str | Path | None = None, edge_pan: bool = True, autosave: bool = True,
                 mods: list[Path] | None = None) -> None:
        self.screen = screen
        theme.reset_fonts()
        self.save_dir = Path(save_dir) if save_dir else default_save_dir()
        self.edge_pan = edge_pan
        self.autosave_on = autosave
        self.saver = BackgroundSaver()
        self.mods = list(mods or [])
        self.running = True
        self.hits: list[Hit] = []
        self.mouse = (-1, -1)
        self.mouse_seen = False
        self.message = ""
        self.message_bad = False
        self.overlay: str | None = None
        self.ov: dict = {}
        self.stack: list[tuple[str, dict]] = []
        self.passing: set[str] = set()      # units told to pass for the rest of this phase
        self.log = CombatLog()
        self.drag_from = None
        self.dragging = False
        self.game = None
        self.level = level
        self.viewing: str | None = None
        self.frame_ms = 0.0
        self.replay = None       # an engine.replay.Replay shown read-only (engine/ui/replay_view.py)
        if game is not None:
            self.set_game(game, level)

    # ================================================================ setup
    def set_game(self, game, level: str | None = None, frontend: dict | None = None,
                 deploy: bool = False) -> None:
        """Show `game`; `deploy`: a new game starts with the deployment step
        (a game saved during deployment resumes it)."""
        self.game = game
        self.level = level
        self.flow = TurnFlow(game, on_phase_start=self._on_phase_start)
        self.viewing = None
        if frontend:
            self.flow.load(frontend.get("flow", {}))
            self.viewing = frontend.get("viewing")
        self.renderer = MapRenderer(game, load_art(level))
        if pygame.display.get_init() and pygame.display.get_surface() is not None:
            pygame.display.set_caption(f"hexmech - {game.map.title or 'battle'}")
        self.camera = Camera(game.map.width, game.map.height, self.map_rect())
        self.camera.fit()
        self.camera.zoom = max(self.camera.zoom + 1, 6)   # close enough to read; the map scrolls
        self.log.reset()
        self.overlay, self.ov, self.stack = None, {}, []
        self.clear_selection()
        if deploy and game.turn == 0 and not deployment.active(game):
            deployment.begin(game)
        if deployment.active(game):
            deploy_ui.after(self)
            return
        self.flow.start()
        self.after_flow()

    def set_replay(self, replay, level: str | None = None) -> None:
        """Show a replay read-only: `replay.game` is drawn as a game is; no
        orders can be given (engine/ui/replay_view.py)."""
        self.replay = replay
        game = replay.game
        self.game = game
        self.level = level
        self.flow = TurnFlow(game)          # never started: nobody acts in a replay
        self.viewing = None
        self.renderer = MapRenderer(game, load_art(level))
        self.camera = Camera(game.map.width, game.map.height, self.map_rect())
        self.camera.fit()
        self.camera.zoom = max(self.camera.zoom + 1, 6)
        self.log.reset()
        self.overlay, self.ov, self.stack = None, {}, []
        self.clear_selection()

    def map_rect(self) -> tuple[int, int, int, int]:
        w, h = self.screen.get_size()
        return (0, TOP, max(100, w - SIDE_W), max(100, h - TOP))

    def resize(self, size) -> None:
        if pygame.display.get_surface() is not None and (self.screen.get_size() != tuple(size)):
            try:
                self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
            except pygame.error:
                pass
        if self.game is not None:
            self.camera.view = self.map_rect()
            self.camera.clamp()

    # ================================================================ state helpers
    def clear_selection(self) -> None:
        self.selected: str | None = None
        self.inspect: str | None = None
        self.mode: str | None = None
        self.path: list[str] = []
        self.reach = {}
        self.reach_hex = {}
        self.hover_hex: Hex | None = None
        self.hover_path: list[str] | None = None
        self.hover_reason: str | None = None
        self.target: str | None = None
        self.checks: dict[str, bool] = {}
        self.twist: str | None = None
        self.turret: int | None = None
        self.overheat = 0
        self.declare: tuple[str, MoveOrder] | None = None
        self.charge_miss: str | None = None   # where a missed charge ends: None = the engine's choice
        self._preview_cache = {}

    def open_overlay(self, name: str, data: dict | None = None) -> None:
        """Show a screen over the current one; closing it returns there (a
        hand-over screen stays up under a menu, so the board stays hidden)."""
        if self.overlay is not None and self.overlay != name:
            self.stack.append((self.overlay, self.ov))
        self.overlay, self.ov = name, dict(data or {})

    def close_overlay(self) -> None:
        if self.stack:
            self.overlay, self.ov = self.stack.pop()
        else:
            self.overlay, self.ov = None, {}

    def say(self, msg: str, bad: bool = False) -> None:
        self.message = msg
        self.message_bad = bad

    def short_names(self) -> dict[str, str]:
        """Unit id -> a short display name for the log ("Atlas"; the id is
        added when two units share a name)."""
        g = self.game
        if getattr(self, "_names_for", None) is not g:
            first = {u: short_name(g.world.component(e, Identity).name) for u, e in g.units.items()}
            dup = {n for n in first.values() if list(first.values()).count(n) > 1}
            self._names = {u: (f"{n} ({u})" if n in dup else n) for u, n in first.items()}
            self._names_for = g
        return self._names

    def ent(self, uid: str) -> int:
        return self.game.units[uid]

    def name(self, uid: str) -> str:
        return self.game.world.component(self.ent(uid), Identity).name

    def phase_kind(self) -> str | None:
        if self.game is not None and deployment.active(self.game):
            return "deploy"
        types = self.flow.order_types()
        if MoveOrder in types:
            return "move"
        if FireOrder in types:
            return "fire"
        if PhysicalOrder in types:
            return "physical"
        return None

    def sides_in_play(self) -> list[str]:
        return [s for s in self.game.sides if self.flow.eligible(s)]

    def _on_phase_start(self, phase: str) -> None:
        self._preview_cache = {}
        self.passing = set()
        if self.autosave_on:
            try:
                self.stamp()
                self.saver.autosave(self.game, self.save_dir)
            except (OSError, ValueError) as exc:
                self.say(f"autosave failed: {exc}", True)
            if self.saver.errors:
                self.say(self.saver.errors.pop(), True)

    def frontend(self) -> dict:
        return hotseat_save.section(self.flow.to_dict(), self.level, self.viewing, self.mods, self.save_dir)

    def stamp(self) -> None:
        """Put the hot-seat position (whose action, who has acted, the level's
        tiles) into the game's front-end data so it is saved with the game."""
        self.game.frontend[HOTSEAT_KEY] = self.frontend()

    def after_flow(self) -> None:
        """Called after anything that may move the turn flow on."""
        self._preview_cache = {}
        if deployment.active(self.game):
            deploy_ui.after(self)
            return
        for _ in range(200):        # units told to pass act at once, without a hand-over
            side = self.flow.current_side
            waiting = self.flow.waiting(side) if side else []
            if not waiting or waiting[0] not in self.passing:
                break
            self._pass(waiting[0])
        self.stack = []
        if self.flow.over:
            self.overlay = "victory"
            self.selected = None
            return
        side = self.flow.current_side
        if side is not None and side != self.viewing and len(self.sides_in_play()) > 1:
            self.overlay, self.ov = "handover", {"side": side}
            self.selected = None
            return
        if side is not None:
            self.viewing = side
            if self.selected is None or not self.flow.may_act(self.selected):
                waiting = self.flow.waiting()
                self.select(waiting[0] if waiting else None)
        else:
            self.selected = None

    def finish_handover(self) -> None:
        side = self.ov.get("side")
        self.viewing = side
        events = self.flow.digest(side)
        self.flow.mark_seen(side)
        self.overlay = None
        if events:
            self.overlay = "digest"
            self.ov = {"side": side, "events": events, "scroll": 0}
        if deployment.active(self.game):
            deploy_ui.after(self)
            if self.selected:
                self.camera.center_on(self.game.world.component(self.ent(self.selected), Position).hex)
            return
        waiting = self.flow.waiting()
        self.select(waiting[0] if waiting else None)
        if self.selected:
            self.camera.center_on(self.game.world.component(self.ent(self.selected), Position).hex)

    # ================================================================ selection & movement
    def select(self, uid: str | None) -> None:
        keep_target = self.target
        self.clear_selection()
        self.selected = uid
        self.inspect = uid
        if uid is None:
            return
        kind = self.phase_kind()
        if kind == "move" and self.flow.may_act(uid):
            modes = self.modes(uid)
            self.mode = modes[0] if modes else None
            self.compute_reach()
        elif kind in ("fire", "physical") and self.flow.may_act(uid):
            if keep_target and keep_target in self.game.units and self.is_enemy_uid(uid, keep_target):
                self.set_target(keep_target)
            else:
                self.auto_target()

    def modes(self, uid: str) -> list[str]:
        rules = movement.motion_rules(self.game, self.ent(uid))
        return list(getattr(rules, "modes", ()))

    def mp_limit(self) -> int:
        if not self.selected or not self.mode:
            return 0
        rules = movement.motion_rules(self.game, self.ent(self.selected))
        try:
            return rules.mp(self.game, self.ent(self.selected), self.mode)
        except Exception:
            return 0

    def compute_reach(self) -> None:
        self.reach, self.reach_hex = {}, {}
        if not self.selected or not self.mode:
            return
        reach = movement.reachable(self.game, self.ent(self.selected), self.mode)
        self.reach = reach
        best: dict[Hex, tuple] = {}
        for key, r in reach.items():
            h = key[0]
            if h not in best or (r.mp, len(r.path)) < (best[h][0], len(best[h][1])):
                best[h] = (r.mp, r.path, key)
        # only destinations where the move may end (plan says so)
        self.reach_hex = best

    def set_mode(self, mode: str) -> None:
        if not self.selected or self.phase_kind() != "move" or not self.flow.may_act(self.selected):
            return
        if mode not in self.modes(self.selected):
            self.say(f"{self.name(self.selected)} cannot {mode}", True)
            return
        err = movement.motion_rules(self.game, self.ent(self.selected)).mode_error(
            self.game, self.ent(self.selected), mode, movement.start_state(self.game, self.ent(self.selected)))
        if err:
            self.say(err, True)
            return
        self.mode = mode
        self.path = []
        self.declare = None
        self.compute_reach()
        if queries.is_alpha(self.game, self.ent(self.selected)):
            self.say(f"{'Move' if mode == 'walk' else 'Jump'}: {self.mp_limit()} hexes")
        else:
            self.say(f"{MODE_LABELS.get(mode, mode)}: {self.mp_limit()} MP")

    def path_risks(self, path: list[str]) -> list[str]:
        """The rolls a planned path makes, each naming its hex (and, for a
        vehicle's driving rolls, its target number: systems/vehicle_moves.risks)."""
        key = ("risk", self.selected, self.mode, tuple(path), len(self.game.log.events))
        if key in self._preview_cache:
            return self._preview_cache[key]
        ent = self.ent(self.selected)
        res = self.planned(path)
        out = []
        try:
            from systems import vehicle_moves
            driving = vehicle_moves.risks(self.game, ent, self.mode, list(path)) \
                if self.game.world.try_component(ent, VehicleMovement) is not None else []
            named = set(vehicle_moves.ROLLS)
        except (ImportError, AttributeError, KeyError):
            driving, named = [], set()
        for p in res.psrs:
            if p.reason in named and driving:
                continue
            out.append(f"piloting roll at {self.game.map.label(p.state.hex)}: {p.reason}")
        out += driving
        self._preview_cache[key] = out
        return out

    def planned(self, path=None):
        return movement.plan(self.game, self.ent(self.selected), self.mode, list(self.path if path is None else path))

    def add_step(self, token: str) -> None:
        if not self.selected or not self.mode or not self.flow.may_act(self.selected):
            return
        trial = self.path + [token]
        res = self.planned(trial)
        if res.error and len(res.states) <= len(trial):
            self.say(res.error, True)
            return
        self.path = trial
        self.declare = None
        self.say("")

    def turn_step(self, direction: int) -> None:
        """Turn the planned final facing (cancelling the opposite turn first)."""
        opposite = "L" if direction > 0 else "R"
        if self.path and self.path[-1] == opposite:
            self.path.pop()
            self.declare = None
            return
        self.add_step("R" if direction > 0 else "L")

    def undo(self) -> None:
        if self.path:
            self.path.pop()
            self.declare = None
        elif self.target:
            self.target = None
            self.checks = {}

    def path_to(self, h: Hex) -> list[str] | None:
        """The cheapest path to `h`; for a VTOL, at the altitude planned now
        when that is reachable (PgUp / PgDn set it)."""
        best = self.reach_hex.get(h)
        if not best:
            return None
        if self.selected and self.game.world.try_component(self.ent(self.selected), Altitude) is not None:
            alt = self.planned().final.altitude if self.path else None
            if alt is not None:
                same = [(r.mp, len(r.path), r.path) for k, r in self.reach.items() if k[0] == h and k[2] == alt]
                if same:
                    return list(min(same)[2])
        return list(best[1])

    def unreachable_reason(self, h: Hex) -> str | None:
        """Why the selected unit cannot get to `h`: the engine's reason for
        the last step from the cheapest reachable neighbour."""
        g = self.game
        if not g.map.on_map(h):
            return None
        cands = []
        for n in neighbors(h):
            b = self.reach_hex.get(n)
            if b:
                cands.append((b[0], n, b))
        if not cands:
            return "out of reach"
        cands.sort(key=lambda c: (c[0], c[1]))
        _, n, (mp, path, key) = cands[0]
        d = direction_to(n, h)
        facing = key[1]
        diff = (d - facing) % 6
        turns = ["R"] * diff if diff <= 3 else ["L"] * (6 - diff)
        trial = list(path) + turns + ["F"]
        order = queries.move_order(self.selected, self.mode, trial)
        reason = g.check(order)
        if reason is None:
            res = self.planned(trial)
            reason = res.error
        return reason

    def update_hover(self) -> None:
        self.hover_hex = None
        self.hover_path = None
        self.hover_reason = None
        if self.game is None or self.overlay or not self.camera.in_view(*self.mouse):
            return
        h = self.camera.hex_at(*self.mouse)
        if not self.game.map.on_map(h):
            return
        self.hover_hex = h
        if self.phase_kind() == "move" and self.selected and self.mode and self.flow.may_act(self.selected):
            p = self.path_to(h)
            if p is not None:
                self.hover_path = p
            elif not self.game.units_at(h) or h != self.game.world.component(self.ent(self.selected), Position).hex:
                self.hover_reason = self.unreachable_reason(h)

    def confirm_move(self, order: MoveOrder | None = None) -> None:
        uid = self.selected
        if not uid or not self.flow.may_act(uid):
            return
        if order is None:
            order = self.declare[1] if self.declare else queries.move_order(uid, self.mode or "walk", self.path)
        self.stamp()            # the turn flow goes into the undo snapshot (take_back restores it)
        reason = undo.submit_move(self.game, order)
        if reason:
            self.say(reason, True)
            return
        ts_to = self.game.world.component(self.ent(uid), Position).hex
        self.say(f"{self.name(uid)} moved to {self.game.map.label(ts_to)}")
        self.unit_done(uid)

    def stand_still(self) -> None:
        uid = self.selected
        if not uid or not self.flow.may_act(uid):
            return
        order = queries.move_order(uid, self.mode or "walk", [])
        if self.game.check(order) is None:
            self.stamp()
            undo.submit_move(self.game, order)
        self.say(f"{self.name(uid)} stays put")
        self.unit_done(uid)

    def take_back_reason(self) -> str | None:
        """Why the last move cannot be taken back now, or None."""
        if self.phase_kind() != "move":
            return "moves can only be taken back during the movement phase"
        reason = undo.undo_reason(self.game)
        if reason:
            return reason
        # Hot seat: a player takes back only their own side's last move: on
        # their turn, or from the hand-over screen before passing the screen on.
        uid = undo.last_undoable_unit(self.game)
        mover = self.game.side_of(self.ent(uid)) if uid is not None else None
        if self.overlay == "handover":
            at_screen_is_mover = mover is not None and mover != self.ov.get("side")
            return None if at_screen_is_mover else "the screen has been handed over: that move is final"
        side = self.flow.current_side
        if mover is not None and side is not None and mover != side:
            return f"the last move was {mover.title()}'s: only they may take it back, before handing over"
        return None

    def take_back(self) -> None:
        """Take back the last whole move (engine/undo.py): the unit stands
        where it started and the turn order steps back to its side."""
        reason = self.take_back_reason()
        if reason:
            self.say(f"Cannot take back: {reason}", True)
            return
        uid = undo.last_undoable_unit(self.game)
        undo.undo_move(self.game)
        flow = (self.game.frontend.get(HOTSEAT_KEY) or {}).get("flow")
        if flow:
            self.flow.load(flow)
        self.renderer_dirty = True
        self.clear_selection()
        self.selected = None
        self.say(f"{self.name(uid)}'s move taken back")
        self.after_flow()
        if self.overlay is None and uid and self.flow.may_act(uid):
            self.select(uid)

    def unit_done(self, uid: str) -> None:
        self.renderer_dirty = True
        self.selected = None
        self.flow.unit_done(uid)
        self.after_flow()

    # ================================================================ attacks
    def is_enemy_uid(self, a: str, b: str) -> bool:
        return self.game.is_enemy(self.ent(a), self.ent(b))

    def enemies(self, uid: str) -> list[str]:
        g = self.game
        ent = self.ent(uid)
        pos = g.world.component(ent, Position).hex
        out = [u for u in g.unit_ids(active_only=True)
               if g.is_enemy(ent, g.units[u]) and not g.world.component(g.units[u], Status).destroyed]
        from engine.hexgrid import distance
        return sorted(out, key=lambda u: (distance(pos, g.world.component(g.units[u], Position).hex), u))

    def auto_target(self) -> None:
        if not self.selected:
            return
        for u in self.enemies(self.selected):
            if self.phase_kind() == "fire":
                if any(p.reason is None for _, p in self.weapon_previews(u)):
                    self.set_target(u)
                    return
            else:
                if any(p.reason is None for _, _, p in queries.physical_candidates(self.game, self.selected, u)):
                    self.set_target(u)
                    return

    def set_target(self, uid: str | None) -> None:
        if uid and uid != self.target and self.selected and self.phase_kind() == "fire":
            self.aim_turret(uid)
        self.target = uid
        self.checks = {}
        if uid and self.phase_kind() == "fire":
            for slot, p in self.weapon_previews(uid):
                self.checks[slot.order_name] = p.reason is None
            # untick what cannot fire together with the weapons before it (one arm when prone, ...)
            for name in self.weapon_conflicts(uid):
                self.checks[name] = False

    def aim_turret(self, target: str) -> None:
        """Point a free turret at the new target (the player can still turn it, Z/X)."""
        from engine.hexgrid import bearing
        tur = self.game.world.try_component(self.ent(self.selected), Turret)
        if tur is None or tur.destroyed or tur.locked or tur.jammed:
            return
        a = self.game.world.component(self.ent(self.selected), Position).hex
        b = self.game.world.component(self.ent(target), Position).hex
        self.turret = int(round(bearing(a, b) / 60.0)) % 6

    def cycle_target(self, step: int = 1) -> None:
        if not self.selected:
            return
        es = self.enemies(self.selected)
        if not es:
            return
        i = es.index(self.target) if self.target in es else -1
        self.set_target(es[(i + step) % len(es)])
        self.say(f"target: {self.name(self.target)}")

    def weapon_previews(self, target: str) -> list[tuple[object, queries.Preview]]:
        uid = self.selected
        key = ("w", uid, target, self.twist, self.turret, self.overheat, len(self.game.log.events))
        if key in self._preview_cache:
            return self._preview_cache[key]
        out = []
        if queries.is_alpha(self.game, self.ent(uid)):
            slot = queries.WeaponSlot("", "Weapon attack", None, None)
            out.append((slot, queries.preview(self.game, queries.fire_order(uid, None, target,
                                                                             overheat=self.overheat))))
        else:
            for slot in queries.weapon_slots(self.game, self.ent(uid)):
                order = queries.fire_order(uid, slot.order_name, target, self.twist, self.turret)
                out.append((slot, queries.preview(self.game, order)))
        self._preview_cache[key] = out
        return out

    def weapon_conflicts(self, target: str) -> dict[str, str]:
        """Weapons that cannot fire together with the ones ticked (a prone
        mech fires from one arm only, ...): order name -> the engine's reason.
        The ticked weapons are declared, in list order, on a scratch copy of
        the game (declarations roll no dice), and every weapon is checked
        after the ones before it; cached per set of ticked weapons."""
        ticked = tuple(n for n, v in sorted(self.checks.items()) if v)
        key = ("wc", self.selected, target, ticked, self.twist, self.turret, len(self.game.log.events))
        if key in self._preview_cache:
            return self._preview_cache[key]
        out: dict[str, str] = {}
        uid = self.selected
        if uid and target and not queries.is_alpha(self.game, self.ent(uid)) and ticked:
            from engine.game import Game
            scratch = Game.from_dict(self.game.to_dict(record=False, events=False))
            slots = [slot for slot, p in self.weapon_previews(target) if p.reason is None]
            for slot in slots:              # the ticked ones, in the order fire() declares them
                if not self.checks.get(slot.order_name):
                    continue
                order = queries.fire_order(uid, slot.order_name, target, self.twist, self.turret)
                reason = scratch.check(order)
                if reason:
                    out[slot.order_name] = reason
                else:
                    scratch.submit(order)
            for slot in slots:              # the others, against everything ticked
                if self.checks.get(slot.order_name):
                    continue
                reason = scratch.check(queries.fire_order(uid, slot.order_name, target, self.twist, self.turret))
                if reason:
                    out[slot.order_name] = reason
        self._preview_cache[key] = out
        return out

    def as_overheat_lines(self) -> list[tuple[str, bool]]:
        """Alpha Strike overheat, in words: the damage at the target's range
        with and without the overheat chosen (AS-DMG-1; Long range adds none
        without OVL, AS-SPA-OVL) and the heat it leads to
        (as_end_phase.heat_preview), with a warning at S (shutdown)."""
        uid, target = self.selected, self.target
        key = ("ov", uid, target, self.overheat, len(self.game.log.events))
        if key in self._preview_cache:
            return self._preview_cache[key]
        out: list[tuple[str, bool]] = []
        if uid and target:
            plan = self.weapon_previews(target)[0][1].extra if self.weapon_previews(target) else {}
            if plan and "damage" in plan:
                base = plan["damage"]
                rng = str(plan.get("range", "")).capitalize()
                if self.overheat and plan.get("overheat_damage"):
                    out.append((f"{rng} range: {base} damage, {base + plan['overheat_damage']} with "
                                f"overheat {self.overheat}", False))
                elif self.overheat:
                    out.append((f"{rng} range: {base} damage; overheat adds nothing here "
                                "(Long range needs OVL)", True))
                else:
                    card = self.game.world.component(self.ent(uid), AlphaStrikeCard)
                    try:
                        from systems.as_card import specials
                        ovl = specials(self.game, self.ent(uid)).ovl
                    except (ImportError, AttributeError):
                        ovl = False
                    if rng.lower() == "long" and not ovl:
                        out.append((f"{rng} range: {base} damage; overheat would add none (no OVL)", False))
                    else:
                        out.append((f"{rng} range: {base} damage, up to {base + card.overheat} with "
                                    f"overheat {card.overheat}", False))
            heat = queries.as_heat_after(self.game, self.ent(uid), self.overheat)
            cool = queries.as_heat_after(self.game, self.ent(uid), 0)
            if heat is not None:
                label = "S: SHUTS DOWN" if heat >= 4 else str(heat)
                extra = f" (without overheat: {cool})" if self.overheat and cool is not None else ""
                out.append((f"heat at the end of the turn: {label}{extra}", heat >= 4))
        self._preview_cache[key] = out
        return out

    def physical_options(self, target: str | None):
        key = ("p", self.selected, target, len(self.game.log.events))
        if key not in self._preview_cache:
            self._preview_cache[key] = queries.physical_candidates(self.game, self.selected, target)
        return self._preview_cache[key]

    def fire(self) -> None:
        uid = self.selected
        if not uid or not self.flow.may_act(uid):
            return
        if not self.target or not any(self.checks.values()):
            self.say("no weapons chosen: press Space to hold fire, or tick a weapon", True)
            return
        done, refused = 0, []
        for slot, _p in self.weapon_previews(self.target):
            if not self.checks.get(slot.order_name):
                continue
            order = queries.fire_order(uid, slot.order_name or None, self.target, self.twist, self.turret,
                                       self.overheat)
            # re-checked against the declarations just made (e.g. a prone mech fires one arm only)
            reason = self.game.check(order) or self.game.submit(order)
            if reason:
                refused.append(f"{slot.label} not fired: {reason}")
            else:
                done += 1
        if queries.is_alpha(self.game, self.ent(uid)):       # one attack per unit, no weapon count
            what = f"attacks {self.name(self.target)}" if done else "makes no attack"
        else:
            what = f"fires {done} weapon{'s' if done != 1 else ''} at {self.name(self.target)}"
        if refused:
            self.say(f"{self.name(uid)} {what}; " + "; ".join(refused), True)
        else:
            self.say(f"{self.name(uid)} {what}")
        self.unit_done(uid)

    def physical(self, index: int) -> None:
        uid = self.selected
        if not uid or not self.flow.may_act(uid):
            return
        opts = self.physical_options(self.target)
        if not (0 <= index < len(opts)):
            return
        label, order, p = opts[index]
        if p.reason:
            self.say(f"{label}: {p.reason}", True)
            return
        reason = self.game.submit(order)
        if reason:
            self.say(reason, True)
            return
        self._preview_cache = {}
        if self.phase_kind() != "physical" or not self.more_physical(uid):
            self.say(f"{self.name(uid)}: {label}")
            self.unit_done(uid)
            return
        self.say(f"{self.name(uid)}: {label} declared; choose another attack, or Done (Enter)")

    def declared_physical(self, uid: str | None) -> list[dict]:
        """The physical attacks `uid` has declared this phase (the engine's
        declarations, so they survive a save)."""
        if not uid or self.game is None:
            return []
        return [d for d in self.game.phase_data.get("physical", []) if d.get("unit") == uid]

    def more_physical(self, uid: str) -> bool:
        """May `uid` still declare another physical attack on some enemy?
        (Both arms, two targets, a punch and a hatchet: the engine's checks
        decide which combinations are legal, P-PUNCH-1, P-PUNCH-9.)"""
        for enemy in self.enemies(uid):
            for _l, order, _p in queries.physical_candidates(self.game, uid, enemy):
                if order.attack != "pick_up_club" and self.game.check(order) is None:
                    return True
        return False

    def physical_done(self) -> None:
        """Finish the selected unit's physical attacks."""
        uid = self.selected
        if uid and self.flow.may_act(uid):
            n = len(self.declared_physical(uid))
            self.say(f"{self.name(uid)}: {n} physical attack(s) declared" if n else f"{self.name(uid)} holds")
            self.unit_done(uid)

    def _pass(self, uid: str) -> None:
        """`uid` does nothing this phase (a movement order without steps)."""
        if self.phase_kind() == "move":
            order = queries.move_order(uid, (self.modes(uid) or ["walk"])[0], [])
            if self.game.check(order) is None:
                self.game.submit(order)
        self.flow.unit_done(uid)

    def hold_all(self) -> None:
        """Every unit of the acting side that has not acted passes this phase."""
        side = self.flow.current_side
        if side is None:
            return
        waiting = self.flow.waiting(side)
        self.passing |= set(waiting)
        self.say(f"{side.capitalize()} passes with {len(waiting)} unit(s) this phase")
        self.selected = None
        self.after_flow()

    def hold(self) -> None:
        """The selected unit passes (no move, no attack) this phase."""
        kind = self.phase_kind()
        if kind == "move":
            self.stand_still()
            return
        uid = self.selected
        if kind == "physical" and self.declared_physical(uid):
            self.physical_done()
            return
        if uid and self.flow.may_act(uid):
            self.say(f"{self.name(uid)} holds")
            self.unit_done(uid)

    def end_phase(self) -> None:
        if self.flow.phase_done() or not self.flow.interactive():
            self.flow.next_phase()
            self.flow.settle()
            self.renderer_dirty = True
            self.after_flow()
        else:
            self.say("units still have to act (Space passes a unit)", True)

    # ================================================================ save / load / new
    def save(self, name: str | None = None) -> Path | None:
        name = name or f"turn{self.game.turn}-{self.game.phase}"
        if not name.endswith(".json"):
            name += saves.SAVE_SUFFIX
        path = Path(name) if os.path.isabs(name) else self.save_dir / name
        try:
            self.stamp()
            saves.save_game(self.game, path)
        except (OSError, ValueError) as exc:
            self.say(f"could not save: {exc}", True)
            return None
        self.say(f"saved {path}")
        return path

    def load(self, path: str | Path) -> bool:
        """Load a save into a new game; the battle on screen changes only
        once the whole save has been checked."""
        try:
            loaded = saves.read(path, hotseat_save.CHECKS, self.mods)
            game = loaded.game()
        except DataError as exc:
            msg = exc.first_line()
            good = saves.latest_good_autosave(self.save_dir, path, hotseat_save.CHECKS, self.mods)
            if good is not None:
                msg += f" (the newest autosave that loads is {good.name})"
            self.say(msg, True)
            return False
        front = game.frontend.get(HOTSEAT_KEY) or {}
        self.set_game(game, hotseat_save.level_of(front, self.mods, Path(path).parent), front)
        self.say(f"loaded {path}" + "".join(f"; {w}" for w in loaded.warnings), bool(loaded.warnings))
        return True

    def new_game(self, level: str | None, seed: int | None = None, deploy: bool = False) -> bool:
        from engine.ui.session import new_game
        try:
            game = new_game(level, self.mods, seed)
        except DataError as exc:
            self.say(exc.first_line(), True)
            return False
        except (OSError, ValueError, ImportError) as exc:
            self.say(f"cannot start that level: {exc}", True)
            return False
        self.set_game(game, level, deploy=deploy)
        return True

    # ================================================================ actions
    META_ACTIONS = ("quit", "really_quit", "close", "help", "menu", "handover_done", "new_menu", "new_pick",
                    "new_start", "new_deploy", "save_menu", "save_do", "load_menu", "load_do", "focus_field")

    def do(self, action: str, arg=None) -> None:
        """Every user action, from a click, a key or a test."""
        if self.replay is not None:         # read-only: orders are ignored
            if action == "replay":
                replay_view.do(self, action, arg)
            elif action == "select":            # shows the unit's record sheet; selects nothing
                self.inspect = arg if arg in self.game.units else None
            elif action in replay_view.VIEW_ACTIONS:
                self._do_meta(action, arg) if action in self.META_ACTIONS else self._do_game(action, arg)
            self.update_hover()
            return
        if action in self.META_ACTIONS:
            self._do_meta(action, arg)
        elif self.game is not None and deployment.active(self.game):
            if action in deploy_ui.ACTIONS:
                deploy_ui.do(self, action, arg)
            elif action in ("zoom", "pan", "center", "log_scroll", "log_end"):
                self._do_game(action, arg)
        elif self.game is not None:
            if self.flow.current_side and not self.flow.waiting():
                # the acting side lost its last waiting unit outside the flow (e.g. an edit): move on
                self.flow.settle()
                self.after_flow()
            self._do_game(action, arg)
        self.update_hover()

    def _do_meta(self, action: str, arg) -> None:
        """Screens, menus, saving and loading."""
        g = self.game
        if action == "quit":
            self.open_overlay("confirm_quit")
        elif action == "really_quit":
            self.saver.wait()
            self.running = False
        elif action == "close":
            self.close_overlay()
        elif action == "help":
            self.close_overlay() if self.overlay == "help" else self.open_overlay("help")
        elif action == "menu":
            self.close_overlay() if self.overlay == "menu" else self.open_overlay("menu")
        elif action == "handover_done":
            self.finish_handover()
        elif action == "new_menu":
            from engine.ui.session import level_choices, default_level
            self.open_overlay("new", {"levels": level_choices(), "choice": default_level(), "path": "", "deploy": True,
                                      "field": None, "mods": ""})
        elif action == "new_pick":
            self.ov["choice"] = arg
        elif action == "new_start":
            level = self.ov.get("path") or self.ov.get("choice")
            mods = self.ov.get("mods", "").strip()
            if mods:
                self.mods = [Path(m) for m in mods.split(os.pathsep) if m]
            self.new_game(level, deploy=self.ov.get("deploy", True))
        elif action == "new_deploy":
            self.ov["deploy"] = not self.ov.get("deploy", True)
        elif action == "save_menu" and g is not None:
            self.open_overlay("save", {"name": f"turn{g.turn}-{g.phase}"})
        elif action == "save_do":
            if self.save(arg if arg is not None else self.ov.get("name")):
                self.close_overlay()
        elif action == "load_menu":
            files = sorted(self.save_dir.glob("*.json"), key=lambda p: p.stat().st_mtime, reverse=True) \
                if self.save_dir.is_dir() else []
            self.open_overlay("load", {"files": [str(f) for f in files], "path": ""})
        elif action == "load_do":
            if self.load(arg):
                pass
        elif action == "focus_field":
            self.ov["field"] = arg

    def _do_game(self, action: str, arg) -> None:
        """Selecting, moving, attacking, the camera and the log."""
        g = self.game
        if action == "select":
            self.select(arg)
            if arg and not self.flow.may_act(arg):
                self.inspect = arg
        elif action == "next_unit":
            waiting = self.flow.waiting()
            if waiting:
                i = waiting.index(self.selected) if self.selected in waiting else -1
                self.select(waiting[(i + (arg or 1)) % len(waiting)])
                self.camera.center_on(g.world.component(self.ent(self.selected), Position).hex)
        elif action == "mode":
            self.set_mode(arg)
        elif action == "mode_index":
            if self.selected and self.phase_kind() == "move":
                ms = self.modes(self.selected)
                if 0 <= arg < len(ms):
                    self.set_mode(ms[arg])
        elif action == "step":
            self.add_step(arg)
        elif action == "turn":
            if self.phase_kind() == "move":
                self.turn_step(arg)
        elif action == "undo":
            self.undo()
        elif action == "take_back":
            self.take_back()
        elif action == "confirm":
            kind = self.phase_kind()
            if self.flow.phase_done():
                self.end_phase()
            elif kind == "move":
                self.confirm_move()
            elif kind == "fire":
                self.fire()
            elif kind == "physical":
                if self.declared_physical(self.selected):
                    self.physical_done()
                else:
                    self.say("choose a physical attack (1-9) or press Space for none", True)
        elif action == "hold":
            self.hold()
        elif action == "physical_done":
            self.physical_done()
        elif action == "end_phase":
            self.end_phase()
        elif action == "hold_all":
            self.hold_all()
        elif action == "declare":
            opts = self.declarations()
            if 0 <= arg < len(opts):
                label, order = opts[arg]
                if order.charge and self.charge_miss:
                    # P-CHARGE-16: the attacking player chooses where a missed charger ends
                    order = dataclasses.replace(order, charge_miss=self.charge_miss,
                                                raw={**order.raw, "charge_miss": self.charge_miss})
                self.declare = (label, order)
                self.confirm_move(order)
        elif action == "charge_miss":
            cycle = [None, "left", "right"]
            self.charge_miss = arg if arg in cycle and arg is not None else \
                cycle[(cycle.index(self.charge_miss) + 1) % 3]
            self.say("if the charge misses: " + self.charge_miss_label())
        elif action == "target":
            self.set_target(arg)
        elif action == "cycle_target":
            self.cycle_target(arg or 1)
        elif action == "toggle_weapon":
            self.checks[arg] = not self.checks.get(arg, False)
        elif action == "weapon_index":
            if self.target and self.phase_kind() == "fire":
                ws = self.weapon_previews(self.target)
                if 0 <= arg < len(ws):
                    n = ws[arg][0].order_name
                    self.checks[n] = not self.checks.get(n, False)
        elif action == "twist":
            self.set_twist(arg)
        elif action == "physical":
            self.physical(arg)
        elif action == "zoom":
            x, y, w, h = self.camera.view
            self.camera.zoom_at(arg, x + w / 2, y + h / 2)
        elif action == "pan":
            self.camera.pan(*arg)
        elif action == "center":
            uid = self.selected or self.inspect
            if uid:
                self.camera.center_on(g.world.component(self.ent(uid), Position).hex)
        elif action == "log_scroll":
            self.log.scroll_by(arg)
        elif action == "log_end":
            self.log.scroll = 0
        elif action == "prone":
            if self.selected and self.phase_kind() == "move":
                res = self.planned()
                self.add_step("stand" if res.final.prone else "prone")
        elif action == "vtol":
            self.add_step(arg)
        elif action == "land_lift":
            if self.selected and self.phase_kind() == "move" and self.mode:
                alt = g.world.try_component(self.ent(self.selected), Altitude)
                if alt is not None:
                    self.add_step("land" if self.planned().final.altitude > 0 else "lift")
        elif action == "overheat":
            card = g.world.try_component(self.ent(self.selected), AlphaStrikeCard) if self.selected else None
            if card is not None:
                self.overheat = max(0, min(card.overheat, self.overheat + arg))
                self.set_target(self.target)

    def set_twist(self, d: int) -> None:
        if not self.selected or self.phase_kind() != "fire":
            return
        ent = self.ent(self.selected)
        tur = self.game.world.try_component(ent, Turret)
        if tur is not None:
            base = self.turret if self.turret is not None else tur.facing
            self.turret = (base + d) % 6
            self.say(f"turret faces {FACING_NAMES[self.turret]}")
        elif self.game.kind(ent) == "mech":
            order = [ "left", None, "right"]
            i = order.index(self.twist) + d
            self.twist = order[max(0, min(2, i))]
            self.say("torso twist: " + (self.twist or "none"))
        self.set_target(self.target)

    def charge_miss_label(self) -> str:
        return {None: "the engine chooses left or right", "left": "end front-left of the target",
                "right": "end front-right of the target"}[self.charge_miss]

    def declarations(self) -> list[tuple[str, MoveOrder]]:
        if not self.selected or self.phase_kind() != "move" or not self.mode:
            return []
        key = ("d", self.selected, self.mode, tuple(self.path))
        if key not in self._preview_cache:
            res = self.planned()
            if res.error:
                self._preview_cache[key] = []
            else:
                self._preview_cache[key] = queries.declaration_candidates(
                    self.game, self.selected, self.mode, self.path, res.final.hex)
        return self._preview_cache[key]

    # ================================================================ events
    def pump(self) -> None:
        for ev in pygame.event.get():
            self.handle(ev)

    def handle(self, ev: pygame.event.Event) -> None:
        if ev.type == pygame.QUIT:
            self.do("quit")
            return
        if ev.type in (pygame.VIDEORESIZE, pygame.WINDOWRESIZED, pygame.WINDOWSIZECHANGED):
            size = getattr(ev, "size", None) or (getattr(ev, "x", 0), getattr(ev, "y", 0))
            if size and size[0] > 0:
                self.resize(size)
            return
        if ev.type == pygame.MOUSEMOTION:
            self.mouse = ev.pos
            self.mouse_seen = True
            if self.drag_from is not None and self.game is not None:
                dx, dy = ev.pos[0] - self.drag_from[0], ev.pos[1] - self.drag_from[1]
                if self.dragging or abs(dx) + abs(dy) > 6:
                    self.dragging = True
                    self.camera.pan(-dx, -dy)
                    self.drag_from = ev.pos
            self.update_hover()
            return
        if ev.type == pygame.MOUSEWHEEL:
            self.on_wheel(ev)
            return
        if ev.type == pygame.MOUSEBUTTONDOWN:
            self.mouse = ev.pos
            if ev.button in (1, 2) and self.overlay is None and self.game is not None \
                    and self.camera.in_view(*ev.pos) and not self._hit_at(ev.pos):
                self.drag_from = ev.pos
                self.dragging = False
            if ev.button in (4, 5):      # old-style wheel events
                return
            return
        if ev.type == pygame.MOUSEBUTTONUP:
            self.mouse = ev.pos
            was_drag = self.dragging
            self.drag_from, self.dragging = None, False
            if was_drag:
                return
            if ev.button == 1:
                self.on_click(ev.pos)
            elif ev.button == 3:
                self.on_right_click(ev.pos)
            return
        if ev.type == pygame.KEYDOWN:
            self.on_key(ev)
        if ev.type == pygame.TEXTINPUT:
            self.on_text(ev.text)

    def _hit_at(self, pos) -> Hit | None:
        for h in reversed(self.hits):
            if h.rect.collidepoint(pos):
                return h
        return None

    def on_wheel(self, ev) -> None:
        if self.overlay == "digest":
            self.ov["scroll"] = max(0, self.ov.get("scroll", 0) - ev.y)
            return
        if self.overlay or self.game is None:
            return
        mods = pygame.key.get_mods()
        w, h = self.screen.get_size()
        if self.mouse[0] >= w - SIDE_W and self.mouse[1] >= self.log_rect().y:
            self.log.scroll_by(ev.y * 3)
            return
        if self.camera.in_view(*self.mouse):
            if mods & pygame.KMOD_SHIFT and self.phase_kind() == "move" and self.selected:
                self.turn_step(1 if ev.y < 0 else -1)
                self.update_hover()
                return
            self.camera.zoom_at(1 if ev.y > 0 else -1, *self.mouse)
            self.update_hover()

    def on_click(self, pos) -> None:
        hit = self._hit_at(pos)
        if hit is not None:
            if hit.enabled:
                self.do(hit.action, hit.arg)
            elif hit.tip:
                self.say(hit.tip, True)
            return
        if self.overlay == "handover":
            self.do("handover_done")
            return
        if self.overlay == "digest":
            self.close_overlay()
            return
        if self.overlay in ("help",):
            self.close_overlay()
            return
        if self.overlay or self.game is None or not self.camera.in_view(*pos):
            return
        h = self.camera.hex_at(*pos)
        if not self.game.map.on_map(h):
            return
        self.click_hex(h)

    def units_in(self, h: Hex) -> list[str]:
        return [self.game.uid(e) for e in self.game.units_at(h)]

    def click_hex(self, h: Hex) -> None:
        g = self.game
        here = self.units_in(h)
        kind = self.phase_kind()
        if kind == "deploy":
            deploy_ui.click_hex(self, h)
            return
        mine = [u for u in here if self.flow.may_act(u)]
        if mine and mine[0] != self.selected and not (kind == "move" and self.path and self.path_to(h)):
            self.select(mine[0])
            return
        if kind == "move" and self.selected and self.mode and self.flow.may_act(self.selected):
            res = self.planned()
            if self.path and res.final.hex == h:
                self.turn_step(1)
                return
            p = self.path_to(h)
            if p is not None:
                self.path = p
                self.declare = None
                if queries.is_alpha(g, self.ent(self.selected)):
                    self.say(f"path to {g.map.label(h)}: {self.planned().final.mp} hexes of Move; "
                             "Enter to confirm")
                else:
                    self.say(f"path to {g.map.label(h)}: {self.planned().final.mp} MP; Enter to confirm, "
                             "click again or Q/E to turn")
                return
            if h == g.world.component(self.ent(self.selected), Position).hex:
                self.path = []
                return
            self.say(self.unreachable_reason(h) or "out of reach", True)
            if not here:
                return
        if kind in ("fire", "physical") and self.selected and self.flow.may_act(self.selected):
            enemies = [u for u in here if self.is_enemy_uid(self.selected, u)]
            if enemies:
                self.set_target(enemies[0])
                self.say(f"target: {self.name(enemies[0])}")
                return
        if here:
            self.inspect = here[0]

    def on_right_click(self, pos) -> None:
        if self.overlay:
            if self.overlay in ("help", "menu", "save", "load", "new"):
                self.close_overlay()
            return
        if self.game is None or not self.camera.in_view(*pos):
            return
        h = self.camera.hex_at(*pos)
        if self.phase_kind() == "move" and self.selected and self.path and self.planned().final.hex == h:
            self.turn_step(-1)
            return
        if self.path:
            self.path = []
        elif self.target:
            self.target = None

    def on_text(self, s: str) -> None:
        field = self.ov.get("field") if self.overlay in ("new", "save", "load") else None
        if self.overlay == "save":
            field = "name"
        if field:
            self.ov[field] = self.ov.get(field, "") + s

    KEYS = {
        pygame.K_F1: ("help", None), pygame.K_TAB: ("next_unit", 1),
        pygame.K_BACKSPACE: ("undo", None), pygame.K_RETURN: ("confirm", None),
        pygame.K_KP_ENTER: ("confirm", None), pygame.K_SPACE: ("hold", None),
        pygame.K_w: ("step", "F"), pygame.K_s: ("step", "B"),
        pygame.K_a: ("turn", -1), pygame.K_q: ("turn", -1), pygame.K_d: ("turn", 1), pygame.K_e: ("turn", 1),
        pygame.K_PAGEUP: ("vtol", "U"), pygame.K_PAGEDOWN: ("vtol", "D"),
        pygame.K_p: ("prone", None), pygame.K_t: ("cycle_target", 1),
        pygame.K_z: ("twist", -1), pygame.K_x: ("twist", 1), pygame.K_c: ("center", None),
        pygame.K_LEFTBRACKET: ("log_scroll", 3), pygame.K_RIGHTBRACKET: ("log_scroll", -3),
        pygame.K_END: ("log_end", None), pygame.K_n: ("end_phase", None),
        pygame.K_PLUS: ("zoom", 1), pygame.K_EQUALS: ("zoom", 1), pygame.K_KP_PLUS: ("zoom", 1),
        pygame.K_MINUS: ("zoom", -1), pygame.K_KP_MINUS: ("zoom", -1),
        pygame.K_v: ("charge_miss", None),
        pygame.K_o: ("overheat", 1), pygame.K_i: ("overheat", -1), pygame.K_g: ("declare", 0),
    }

    def on_key(self, ev) -> None:
        k, mods = ev.key, ev.mod
        ctrl = mods & (pygame.KMOD_CTRL | pygame.KMOD_META)
        if self.overlay in ("new", "save", "load") and self._text_key(ev):
            return
        if ctrl and k == pygame.K_s:
            return self.do("save_menu")
        if ctrl and k == pygame.K_l:
            return self.do("load_menu")
        if ctrl and k == pygame.K_n:
            return self.do("new_menu")
        if ctrl and k == pygame.K_q:
            return self.do("quit")
        if ctrl and k == pygame.K_z:
            return self.do("take_back")
        if self.replay is not None and self.overlay is None and replay_view.on_key(self, ev):
            return
        if self.overlay == "confirm_quit":
            if k in (pygame.K_y, pygame.K_RETURN):
                self.do("really_quit")
            elif k in (pygame.K_n, pygame.K_ESCAPE):
                self.close_overlay()
            return
        if self.overlay == "handover":
            if k in (pygame.K_RETURN, pygame.K_SPACE, pygame.K_KP_ENTER):
                self.do("handover_done")
            elif k == pygame.K_ESCAPE:
                self.do("menu")
            return
        if self.overlay == "digest" and k in (pygame.K_UP, pygame.K_DOWN, pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            step = {pygame.K_UP: -1, pygame.K_DOWN: 1, pygame.K_PAGEUP: -10, pygame.K_PAGEDOWN: 10}[k]
            self.ov["scroll"] = max(0, self.ov.get("scroll", 0) + step)
            return
        if self.overlay in ("digest", "help"):
            if k in (pygame.K_RETURN, pygame.K_SPACE, pygame.K_ESCAPE, pygame.K_F1, pygame.K_KP_ENTER) \
                    or ev.unicode == "?":
                self.close_overlay()
            return
        if self.overlay == "victory":
            if k == pygame.K_ESCAPE:
                self.close_overlay()
            elif k == pygame.K_RETURN:
                self.do("new_menu")
            return
        if self.overlay == "menu":
            table = {pygame.K_n: "new_menu", pygame.K_s: "save_menu", pygame.K_l: "load_menu",
                     pygame.K_q: "quit", pygame.K_ESCAPE: "close", pygame.K_h: "help"}
            if k in table:
                self.do(table[k])
            return
        if k == pygame.K_ESCAPE:
            if self.path or self.target:
                self.do("undo") if not self.path else setattr(self, "path", [])
                self.update_hover()
            else:
                self.do("menu")
            return
        if ev.unicode == "?":
            return self.do("help")
        if self.game is None:
            return
        if k in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN):
            step = 80
            d = {pygame.K_LEFT: (-step, 0), pygame.K_RIGHT: (step, 0), pygame.K_UP: (0, -step),
                 pygame.K_DOWN: (0, step)}[k]
            return self.do("pan", d)
        if k == pygame.K_TAB and mods & pygame.KMOD_SHIFT:
            return self.do("next_unit", -1)
        if k == pygame.K_SPACE and mods & pygame.KMOD_SHIFT:
            return self.do("hold_all")
        if pygame.K_1 <= k <= pygame.K_9:
            i = k - pygame.K_1
            kind = self.phase_kind()
            if kind == "move":
                return self.do("mode_index", i)
            if kind == "fire":
                n = len(self.weapon_previews(self.target)) if self.target else 0
                if i >= n and PhysicalOrder in self.flow.order_types():
                    return self.do("physical", i - n)
                return self.do("weapon_index", i)
            if kind == "physical":
                return self.do("physical", i)
            return
        if k == pygame.K_j:
            return self.do("mode", "jump")
        if k == pygame.K_r:
            ms = self.modes(self.selected) if self.selected else []
            return self.do("mode", "run" if "run" in ms else "flank")
        if k == pygame.K_l and self.selected and self.phase_kind() == "move":
            return self.do("land_lift")
        if k == pygame.K_m:
            return self.do("menu")
        if k in self.KEYS:
            a, arg = self.KEYS[k]
            return self.do(a, arg)

    def _text_key(self, ev) -> bool:
        """Keys for the text fields of the new/save/load screens."""
        field = "name" if self.overlay == "save" else self.ov.get("field")
        if ev.key in (pygame.K_UP, pygame.K_DOWN) and self.overlay in ("new", "load"):
            items = self.ov.get("levels" if self.overlay == "new" else "files") or []
            if items:
                cur = self.ov.get("choice")
                i = items.index(cur) if cur in items else -1
                i = (i + (1 if ev.key == pygame.K_DOWN else -1)) % len(items)
                self.ov["choice"] = items[i]
                if self.overlay == "new":
                    self.ov["path"] = ""
            return True
        if ev.key == pygame.K_F2 and self.overlay == "new":
            self.do("new_deploy")
            return True
        if ev.key == pygame.K_ESCAPE:
            self.close_overlay()
            return True
        if ev.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            if self.overlay == "save":
                self.do("save_do")
            elif self.overlay == "new":
                self.do("new_start")
            elif self.overlay == "load":
                files = self.ov.get("files") or []
                path = self.ov.get("path") or self.ov.get("choice") or (files[0] if files else None)
                if path:
                    self.do("load_do", path)
            return True
        if field and ev.key == pygame.K_BACKSPACE:
            self.ov[field] = self.ov.get(field, "")[:-1]
            return True
        if field and ev.unicode and ev.unicode.isprintable() and not (ev.mod & pygame.KMOD_CTRL):
            return True      # the character arrives as TEXTINPUT
        return False

    # ================================================================ update & draw
    def update(self, dt: float) -> None:
        if self.saver.errors:               # a failed autosave is told at once
            self.say(self.saver.errors.pop(), True)
        if self.game is None or self.overlay or not self.edge_pan or not self.mouse_seen:
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
        top = TOP + UNIT_PANEL_H + 236
        return pygame.Rect(w - SIDE_W, min(top, h - 120), SIDE_W, h - min(top, h - 120))

    def draw(self) -> None:
        t0 = time.perf_counter()
        s = self.screen
        s.fill(theme.BG)
        self.hits = []
        hidden = self.overlay == "handover" or any(o == "handover" for o, _ in self.stack)
        if self.game is not None and not hidden:
            self.log.update(self.game.log.events, self.short_names(), self.game.ruleset.name)
            self.draw_map()
            self.draw_topbar()
            self.draw_sidebar()
        elif self.game is not None:
            self.draw_topbar()
            self.hits = []      # the hand-over screen covers the bar: its buttons must not answer
        overlays.draw(self)
        self.draw_hit_tip()
        self.frame_ms = (time.perf_counter() - t0) * 1000

    def draw_hit_tip(self) -> None:
        """The full text behind a shortened widget line, under the mouse."""
        hit = self._hit_at(self.mouse) if self.mouse_seen else None
        if hit is None or not hit.tip:
            return
        parts = wrap(hit.tip, 12, 360)
        w = max(theme.font(12).size(p)[0] for p in parts) + 16
        r = pygame.Rect(self.mouse[0] - w - 10, self.mouse[1] + 14, w, 16 * len(parts) + 8)
        r.clamp_ip(self.screen.get_rect())
        panel(self.screen, r, alpha=245)
        for i, part in enumerate(parts):
            text(self.screen, part, (r.x + 8, r.y + 4 + 16 * i), 12)

    # ---------------------------------------------------------------- drawing (engine/ui/board.py, sidebar.py)
    def recent_damage(self) -> dict[str, int]:
        return board.recent_damage(self)

    def draw_map(self) -> None:
        board.draw_map(self)

    def draw_topbar(self) -> None:
        if self.replay is not None:
            replay_view.draw_bar(self)
        else:
            sidebar.draw_topbar(self)

    def draw_sidebar(self) -> None:
        sidebar.draw_sidebar(self)

    # ---------------------------------------------------------------- top bar
    # ---------------------------------------------------------------- sidebar