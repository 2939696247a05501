"""The hot-seat window: input, selection, planned moves and attacks, and the
frame. Every player action becomes an engine order (`game.check` to explain,
`game.submit` to carry out); the turn flow (engine/ui/turnflow.py) decides
who acts next. Nothing here decides a rule.

Input handling goes through `App.do(action, arg)`: mouse clicks on widgets,
map clicks and key presses all end there, so every action has a key and the
tests can drive the window by posting ordinary pygame events.
"""
from __future__ import annotations

import os
import re
import time
from pathlib import Path

import pygame

from components import Identity, Position, Status, Turret, AlphaStrikeCard, Altitude
from engine.errors import DataError
from engine.hexgrid import Hex, FACING_NAMES, direction_to, neighbors
from engine.orders import MoveOrder, FireOrder, PhysicalOrder
from engine import saves
from engine.ui import theme
from engine.ui.geometry import Camera, SQRT3
from engine.ui.mapview import MapRenderer, draw_unit, draw_hex_outline, fill_hex, load_art
from engine.ui.panels import CombatLog, draw_unit_panel
from engine.ui import queries
from engine.ui.turnflow import TurnFlow
from engine.ui.autosaver import BackgroundSaver
from engine.ui.widgets import render as widgets_render
from engine.ui.widgets import Hit, button, checkbox, fit_text, panel, text, wrap
from engine.ui import overlays
from systems import movement

TOP = 34
SIDE_W = 380
UNIT_PANEL_H = 370
HOTSEAT_KEY = "hotseat"
MODE_LABELS = {"walk": "Walk", "run": "Run", "jump": "Jump", "cruise": "Cruise", "flank": "Flank"}


_NOT_NAMES = {"Light", "Medium", "Heavy", "Assault", "Attack", "Hover", "Tank", "Helicopter", "Prime"}


def short_name(name: str) -> str:
    """'Shadow Hawk SHD-2H' -> 'Shadow Hawk', 'Atlas AS7-D' -> 'Atlas',
    'Condor Heavy Hover Tank' -> 'Condor'."""
    words = name.split()
    out = words[:1]
    if len(words) > 1 and words[1][:1].isupper() and words[1] not in _NOT_NAMES \
            and not any(c.isdigit() for c in words[1]) and "-" not in words[1]:
        out.append(words[1])
    return " ".join(out) or name


def short_reason(reason: str, target_name: str = "") -> str:
    """A refusal sentence trimmed for a one-line list (the full sentence is
    in the hover tip)."""
    r = reason
    if target_name and r.startswith(target_name + " is "):
        r = r[len(target_name) + 4:]
    r = re.sub(r" \([^()]*\)\.?$", "", r)
    return r


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
        if game is not None:
            self.set_game(game, level)

    # ================================================================ setup
    def set_game(self, game, level: str | None = None, frontend: dict | None = None) -> None:
        self.game = game
        self.level = level
        self.flow = TurnFlow(game, on_phase_start=self._on_phase_start)
        self.viewing = None
        if frontend:
            self.flow.load(frontend.get("flow", {}))
            self.viewing = frontend.get("viewing")
        self.renderer = MapRenderer(game, load_art(level))
        self.camera = Camera(game.map.width, game.map.height, self.map_rect())
        self.camera.fit()
        self.camera.zoom = max(self.camera.zoom + 1, 6)   # close enough to read; the map scrolls
        self.log.reset()
        self.overlay, self.ov, self.stack = None, {}, []
        self.clear_selection()
        self.flow.start()
        self.after_flow()

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
        return {"flow": self.flow.to_dict(), "level": self.level, "viewing": self.viewing}

    def stamp(self) -> None:
        """Put the hot-seat position (whose action, who has acted, the level's
        tiles) into the game's phase data so it is saved with the game."""
        self.game.phase_data[HOTSEAT_KEY] = self.frontend()

    def after_flow(self) -> None:
        """Called after anything that may move the turn flow on."""
        self._preview_cache = {}
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
        self.say(f"{MODE_LABELS.get(mode, mode)}: {self.mp_limit()} MP")

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
        reason = self.game.submit(order)
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
            self.game.submit(order)
        self.say(f"{self.name(uid)} stays put")
        self.unit_done(uid)

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
        if refused:
            self.say(f"{self.name(uid)} fires {done} weapon(s); " + "; ".join(refused), True)
        else:
            self.say(f"{self.name(uid)} fires {done} weapon(s) at {self.name(self.target)}")
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
        self.say(f"{self.name(uid)}: {label}")
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
        try:
            game = saves.load_game(path)
        except DataError as exc:
            msg = exc.first_line()
            good = saves.latest_good_autosave(self.save_dir, exclude=path)
            if good is not None:
                msg += f" (the newest autosave that loads is {good.name})"
            self.say(msg, True)
            return False
        front = game.phase_data.get(HOTSEAT_KEY) or {}
        self.set_game(game, front.get("level"), front)
        self.say(f"loaded {path}")
        return True

    def new_game(self, level: str | None, seed: int | None = None) -> bool:
        from engine.ui.session import new_game
        try:
            game = new_game(level, self.mods, seed)
        except DataError as exc:
            self.say(exc.first_line(), True)
            return False
        except (OSError, ValueError, ImportError) as exc:
            self.say(f"cannot start that level: {exc}", True)
            return False
        self.set_game(game, level)
        return True

    # ================================================================ actions
    def do(self, action: str, arg=None) -> None:
        """Every user action, from a click, a key or a test."""
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
            self.open_overlay("new", {"levels": level_choices(), "choice": default_level(), "path": "",
                                      "field": None, "mods": ""})
        elif action == "new_pick":
            self.ov["choice"] = arg
        elif action == "new_start":
            level = self.ov.get("path") or self.ov.get("choice")
            mods = self.ov.get("mods", "").strip()
            if mods:
                self.mods = [Path(m) for m in mods.split(os.pathsep) if m]
            self.new_game(level)
        elif action == "save_menu":
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
        elif g is None:
            return
        elif self.flow.current_side and not self.flow.waiting():
            # the acting side lost its last waiting unit outside the flow (e.g. an edit): move on
            self.flow.settle()
            self.after_flow()
        if action in ("quit", "really_quit", "close", "help", "menu", "handover_done", "new_menu", "new_pick",
                      "new_start", "save_menu", "save_do", "load_menu", "load_do", "focus_field") or g is None:
            pass
        elif action == "select":
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
        elif action == "confirm":
            kind = self.phase_kind()
            if self.flow.phase_done():
                self.end_phase()
            elif kind == "move":
                self.confirm_move()
            elif kind == "fire":
                self.fire()
            elif kind == "physical":
                self.say("choose a physical attack (1-9) or press Space for none", True)
        elif action == "hold":
            self.hold()
        elif action == "end_phase":
            self.end_phase()
        elif action == "hold_all":
            self.hold_all()
        elif action == "declare":
            opts = self.declarations()
            if 0 <= arg < len(opts):
                self.declare = opts[arg]
                self.confirm_move(opts[arg][1])
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
        elif action == "overheat":
            card = g.world.try_component(self.ent(self.selected), AlphaStrikeCard) if self.selected else None
            if card is not None:
                self.overheat = max(0, min(card.overheat, self.overheat + arg))
                self.set_target(self.target)
        self.update_hover()

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
                self.say(f"path to {g.map.label(h)}: {self.planned().final.mp} MP; Enter to confirm, "
                         "click again or Q/E to turn")
                return
            if h == g.world.component(self.ent(self.selected), Position).hex:
                self.path = []
                return
            if not here:
                self.say(self.unreachable_reason(h) or "out of reach", True)
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
            alt = self.game.world.try_component(self.ent(self.selected), Altitude)
            return self.do("step", "land" if alt and self.planned().final.altitude > 0 else "lift")
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
        top = TOP + UNIT_PANEL_H + 210
        return pygame.Rect(w - SIDE_W, min(top, h - 120), SIDE_W, h - min(top, h - 120))

    def draw(self) -> None:
        t0 = time.perf_counter()
        s = self.screen
        s.fill(theme.BG)
        self.hits = []
        hidden = self.overlay == "handover" or any(o == "handover" for o, _ in self.stack)
        if self.game is not None and not hidden:
            self.log.update(self.game.log.events, self.short_names())
            self.draw_map()
            self.draw_topbar()
            self.draw_sidebar()
        elif self.game is not None:
            self.draw_topbar()
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

    # ---------------------------------------------------------------- map
    def recent_damage(self) -> dict[str, int]:
        """Damage each unit took in the last phase that dealt any (shown as a
        red badge on its counter until the next such phase)."""
        events = self.game.log.events
        if getattr(self, "_dmg_count", -1) == len(events):
            return self._dmg
        last = None
        for e in reversed(events):
            if e["type"] == "damage":
                last = (e["turn"], e["phase"])
                break
        out: dict[str, int] = {}
        if last is not None:
            for e in events:
                if e["type"] == "damage" and (e["turn"], e["phase"]) == last:
                    out[e["unit"]] = out.get(e["unit"], 0) + int(e.get("amount", 0))
        self._dmg, self._dmg_count = out, len(events)
        return out

    def reach_layer(self, view: pygame.Rect, limit: int) -> pygame.Surface:
        """The movement range drawn once per selection, mode and camera
        position: a dark veil outside the reachable hexes and an MP-left
        badge in each. Hovering then costs one blit per frame."""
        cam = self.camera
        key = (id(self.reach_hex), self.selected, self.mode, limit, cam.zoom, int(cam.ox), int(cam.oy),
               tuple(view))
        if getattr(self, "_reach_key", None) == key:
            return self._reach_surf
        size = cam.size
        layer = pygame.Surface(view.size, pygame.SRCALPHA)
        layer.fill((0, 0, 0, 110))
        ox, oy = view.topleft
        visible = []
        for h in self.reach_hex:
            x, y = cam.to_screen(h)
            c = (x - ox, y - oy)
            if -size < c[0] < view.w + size and -size < c[1] < view.h + size:
                fill_hex(layer, c, size + 1, (0, 0, 0, 0))
                visible.append((h, c))
        if size >= 16:
            start_hex = self.game.world.component(self.ent(self.selected), Position).hex
            r = max(7, int(size * 0.24))
            for h, c in visible:
                if h == start_hex:
                    continue
                left = limit - self.reach_hex[h][0]
                frac = left / limit if limit else 0
                col = (0, 130, 95) if frac >= 0.5 else ((200, 135, 0) if frac > 0 else (190, 80, 0))
                pos = (c[0], c[1] + size * 0.52)
                pygame.draw.circle(layer, col, pos, r)
                pygame.draw.circle(layer, (250, 250, 250), pos, r, 1)
                text(layer, str(left), pos, max(9, int(r * 1.3)), (255, 255, 255), True, "center")
        self._reach_key, self._reach_surf = key, layer
        return layer

    def draw_map(self) -> None:
        s = self.screen
        cam = self.camera
        g = self.game
        view = pygame.Rect(cam.view)
        s.set_clip(view)
        surf = self.renderer.surface(cam.size)
        s.blit(surf, view.topleft, pygame.Rect(int(cam.ox), int(cam.oy), view.w, view.h))
        size = cam.size
        ox, oy = view.topleft

        def local(h):
            x, y = cam.to_screen(h)
            return x - ox, y - oy
        kind = self.phase_kind()
        sel = self.selected
        limit = self.mp_limit() if kind == "move" and sel else 0
        if kind == "move" and sel and self.reach_hex:
            s.blit(self.reach_layer(view, limit), view.topleft)
        # line of sight to the hovered or chosen target
        tgt = None
        if kind in ("fire", "physical") and sel:
            hov = [u for u in (self.units_in(self.hover_hex) if self.hover_hex else [])
                   if self.is_enemy_uid(sel, u)]
            tgt = hov[0] if hov else self.target
            if tgt:
                overlay = pygame.Surface(view.size, pygame.SRCALPHA)
                a = g.world.component(self.ent(sel), Position).hex
                b = g.world.component(self.ent(tgt), Position).hex
                for cell in queries.los_hexes(a, b)[1:-1]:
                    for h in cell:
                        fill_hex(overlay, local(h), size, (86, 180, 233, 70 if len(cell) == 1 else 40))
                s.blit(overlay, view.topleft)
        if tgt:
            a = cam.to_screen(g.world.component(self.ent(sel), Position).hex)
            b = cam.to_screen(g.world.component(self.ent(tgt), Position).hex)
            pygame.draw.line(s, (86, 180, 233), a, b, 3)
        # planned path (solid) and hovered path (thin)
        ghost = None
        if kind == "move" and sel and self.mode:
            for path, width, colour in ((self.hover_path, 2, (250, 250, 250)), (self.path, 4, theme.ACCENT)):
                if not path:
                    continue
                res = self.planned(path)
                pts = [cam.to_screen(st.hex) for st in res.states]
                if len(pts) > 1:
                    pygame.draw.lines(s, colour, False, pts, width)
                if path is self.path:
                    ghost = res.final
                elif ghost is None:
                    ghost = res.final
                    ghost_is_hover = True
            if self.hover_path and self.path:
                ghost = self.planned(self.path).final
        # attacks declared this phase
        if kind in ("fire", "physical"):
            for e in reversed(g.log.events):
                if (e["turn"], e["phase"]) != (g.turn, g.phase):
                    break
                if e["type"] == "declare" and e.get("target") in g.units and e.get("unit") in g.units:
                    a = cam.to_screen(g.world.component(self.ent(e["unit"]), Position).hex)
                    b = cam.to_screen(g.world.component(self.ent(e["target"]), Position).hex)
                    col = theme.side_colour(g.sides, g.side_of(self.ent(e["unit"])))
                    pygame.draw.line(s, col, a, b, 2)
                    mx, my = (a[0] * 0.35 + b[0] * 0.65), (a[1] * 0.35 + b[1] * 0.65)
                    pygame.draw.circle(s, col, (mx, my), max(3, size // 8))
        # hover outline
        if self.hover_hex is not None:
            draw_hex_outline(s, cam.to_screen(self.hover_hex), size, (255, 255, 255), 2)
        # units
        waiting_now = set(self.flow.waiting())
        damage = self.recent_damage()
        for uid, ent in g.units.items():
            st = g.world.component(ent, Status)
            if st.removed:
                continue
            h = g.world.component(ent, Position).hex
            c = cam.to_screen(h)
            if not view.inflate(size * 2, size * 2).collidepoint(c):
                continue
            stack = [e for e in g.units_at(h)]
            if len(stack) > 1:
                i = stack.index(ent)
                c = (c[0] + (i - (len(stack) - 1) / 2) * size * 0.35, c[1] - (i - (len(stack) - 1) / 2) * size * 0.2)
            waiting = uid in waiting_now and g.side_of(ent) == self.viewing
            draw_unit(s, g, ent, c, size, selected=(uid == sel or uid == self.inspect and not sel),
                      dim=(not waiting and self.flow.current_side == g.side_of(ent)
                           and self.flow.interactive() and uid in self.flow.acted))
            if waiting and uid != sel:
                pygame.draw.circle(s, (255, 255, 255), c, size * 0.78, 1)
            if tgt == uid:
                draw_hex_outline(s, cam.to_screen(h), size, (86, 180, 233), 3)
            dmg = damage.get(uid)
            if dmg and size >= 14:
                img = widgets_render(f"-{dmg}", max(10, int(size * 0.32)), (255, 255, 255), True)
                rr = img.get_rect(midright=(c[0] - size * 0.45, c[1] - size * 0.45)).inflate(6, 2)
                pygame.draw.rect(s, (200, 40, 40), rr, border_radius=4)
                s.blit(img, img.get_rect(center=rr.center))
        if ghost is not None and sel:
            c = cam.to_screen(ghost.hex)
            draw_unit(s, g, self.ent(sel), c, size, ghost=True, facing=ghost.facing, altitude=ghost.altitude)
        # hover tooltip
        self.draw_tooltip()
        # message line
        if self.message:
            lines = wrap(self.message, 13, view.w - 40)[:3]
            hgt = 18 * len(lines) + 8
            r = pygame.Rect(view.x + 10, view.bottom - hgt - 8, min(view.w - 20, 40 + max(
                theme.font(13).size(l)[0] for l in lines)), hgt)
            panel(s, r, alpha=225)
            for i, l in enumerate(lines):
                text(s, l, (r.x + 8, r.y + 5 + 18 * i), 13, theme.BAD if self.message_bad else theme.TEXT)
        s.set_clip(None)

    def draw_tooltip(self) -> None:
        if self.hover_hex is None or self.dragging:
            return
        g = self.game
        h = self.hover_hex
        t = g.map.terrain(h)
        lines: list[tuple[str, tuple]] = []
        feat = [t.terrain.replace("_", " ")]
        if t.depth:
            feat.append(f"depth {t.depth}")
        if t.building:
            feat.append(f"building height {t.building}")
        if t.road:
            feat.append("paved road" if t.paved else "road")
        lines.append((f"{g.map.label(h)}  level {t.level}  " + ", ".join(feat), theme.TEXT_DIM))
        for u in self.units_in(h):
            e = self.ent(u)
            lines.append((f"{self.name(u)} ({g.side_of(e)})" + ("" if not queries.status_words(g, e) else
                          " - " + ", ".join(queries.status_words(g, e))), theme.TEXT))
        kind = self.phase_kind()
        sel = self.selected
        if kind == "move" and sel and self.mode:
            if self.hover_path is not None:
                res = self.planned(self.hover_path)
                lines.append((f"{MODE_LABELS.get(self.mode, self.mode)}: {res.final.mp} MP, "
                              f"{self.mp_limit() - res.final.mp} MP left, facing {FACING_NAMES[res.final.facing]}",
                              theme.GOOD))
                for p in res.psrs:
                    lines.append((f"piloting roll: {p.reason}", theme.WARN))
            elif self.hover_reason:
                lines.append((self.hover_reason, theme.BAD))
        if kind in ("fire", "physical") and sel:
            enemies = [u for u in self.units_in(h) if self.is_enemy_uid(sel, u)]
            if enemies:
                lines += self.attack_lines(enemies[0])
        if len(lines) <= 1 and not self.units_in(h):
            lines = lines[:1]
        width = min(460, max(theme.font(12).size(l)[0] for l, _ in lines) + 16)
        wrapped = []
        for l, col in lines:
            for part in wrap(l, 12, width - 16):
                wrapped.append((part, col))
        hgt = 16 * len(wrapped) + 8
        mx, my = self.mouse
        view = pygame.Rect(self.camera.view)
        r = pygame.Rect(mx + 18, my + 18, width, hgt)
        if r.right > view.right:
            r.x = mx - width - 12
        if r.bottom > view.bottom:
            r.y = my - hgt - 12
        panel(self.screen, r, alpha=235)
        for i, (l, col) in enumerate(wrapped):
            text(self.screen, l, (r.x + 8, r.y + 4 + 16 * i), 12, col)

    def attack_lines(self, target: str) -> list[tuple[str, tuple]]:
        g = self.game
        sel = self.selected
        rng = queries.range_between(g, self.ent(sel), self.ent(target))
        out = [(f"Range {rng} hexes", theme.TEXT)]
        if self.phase_kind() == "fire":
            previews = self.weapon_previews(target)
        else:
            previews = [(type("S", (), {"label": label})(), p) for label, _o, p in self.physical_options(target)]
        shown_mods = False
        impossible = []
        for slot, p in previews:
            if p.reason:
                impossible.append((slot.label, p.reason))
            elif p.to_hit is not None:
                out.append((f"{slot.label}: needs {p.to_hit}  ({p.chance * 100:.0f}%)", theme.GOOD))
                if p.modifiers and not shown_mods:
                    out.append(("   " + p.breakdown(), theme.TEXT))
                    shown_mods = True
            else:
                out.append((f"{slot.label}: allowed", theme.GOOD))
        reasons: dict[str, list[str]] = {}
        for label, reason in impossible:
            reasons.setdefault(short_reason(reason, self.name(target)), []).append(label.split(" (")[0])
        for reason, labels in reasons.items():
            names = ", ".join(sorted(set(labels), key=labels.index))
            out.append((f"{names}: {reason}", theme.TEXT_DIM))
        return out

    # ---------------------------------------------------------------- top bar
    def draw_topbar(self) -> None:
        s = self.screen
        g = self.game
        w, _ = s.get_size()
        pygame.draw.rect(s, theme.PANEL, (0, 0, w, TOP))
        pygame.draw.line(s, theme.BORDER, (0, TOP - 1), (w, TOP - 1))
        side = self.flow.current_side
        x = 10
        x = text(s, f"Turn {g.turn}", (x, TOP // 2), 15, theme.TEXT, True, "midleft").right + 14
        x = text(s, f"{g.phase.capitalize()} phase", (x, TOP // 2), 15, theme.ACCENT, True, "midleft").right + 14
        if g.winner:
            msg = f"Battle over: {g.winner} wins" if g.winner != "draw" else "Battle over: draw"
            text(s, msg, (x, TOP // 2), 15, theme.TEXT, True, "midleft")
        elif side:
            col = theme.side_colour(g.sides, side)
            pygame.draw.rect(s, col, (x, 8, 18, 18), border_radius=3)
            n = len(self.flow.waiting(side))
            x = text(s, f"{side.capitalize()} to {'move' if self.phase_kind() == 'move' else 'declare attacks'}"
                     f" ({n} unit{'s' if n != 1 else ''} waiting)", (x + 24, TOP // 2), 14, theme.TEXT, False,
                     "midleft").right + 10
            order = self.flow.sequence[self.flow.pos:self.flow.pos + 8]
            for sd in order[1:]:
                pygame.draw.rect(s, theme.side_colour(g.sides, sd), (x, 12, 10, 10), border_radius=2)
                x += 13
        elif self.flow.phase_done():
            text(s, "All units have acted", (x, TOP // 2), 14, theme.TEXT, False, "midleft")
        bx = w - 10
        for label, action, key, enabled in (("Menu", "menu", "M", True), ("Help", "help", "F1", True),
                                            ("End phase", "end_phase", "N", self.flow.phase_done())):
            bw = theme.font(13).size(f"{label} [{key}]")[0] + 16
            bx -= bw
            button(s, self.hits, (bx, 5, bw, TOP - 10), label, action, key=key, enabled=enabled,
                   active=(action == "end_phase" and enabled), mouse=self.mouse,
                   tip="units still have to act" if not enabled else "")
            bx -= 6

    # ---------------------------------------------------------------- sidebar
    def draw_sidebar(self) -> None:
        s = self.screen
        w, h = s.get_size()
        x = w - SIDE_W
        uid = self.inspect or self.selected
        if self.hover_hex is not None and not self.selected:
            here = self.units_in(self.hover_hex)
            if here:
                uid = here[0]
        mp_text = ""
        if uid and uid in self.game.units and self.game.kind(self.ent(uid)) != "alpha-strike":
            rules = movement.motion_rules(self.game, self.ent(uid))
            mps = []
            for m in getattr(rules, "modes", ()):
                try:
                    mps.append(f"{m} {rules.mp(self.game, self.ent(uid), m)}")
                except Exception:
                    pass
            mp_text = "MP: " + ", ".join(mps)
        unit_rect = pygame.Rect(x, TOP, SIDE_W, UNIT_PANEL_H)
        draw_unit_panel(s, unit_rect, self.game, uid, mp_text)
        act = pygame.Rect(x, unit_rect.bottom, SIDE_W, self.log_rect().y - unit_rect.bottom)
        self.draw_actions(act)
        self.log.draw(s, self.log_rect())

    def draw_fire_extras(self, rect: pygame.Rect, x: int, y: int) -> int:
        """Alpha Strike's combat phase: overheat, and the physical attacks
        that share the phase with the weapon attack."""
        s, g, sel = self.screen, self.game, self.selected
        card = g.world.try_component(self.ent(sel), AlphaStrikeCard)
        if card is not None and card.overheat:
            text(s, f"overheat: {self.overheat} of {card.overheat}", (x, y + 4), 12)
            button(s, self.hits, (x + 130, y, 60, 22), "-", "overheat", -1, key="I", mouse=self.mouse,
                   enabled=self.overheat > 0)
            button(s, self.hits, (x + 196, y, 60, 22), "+", "overheat", 1, key="O", mouse=self.mouse,
                   enabled=self.overheat < card.overheat)
            y += 26
        if PhysicalOrder in self.flow.order_types() and self.target:
            n = len(self.weapon_previews(self.target))
            text(s, "or a physical attack:", (x, y), 12, theme.TEXT_DIM)
            y += 16
            for i, (label, order, p) in enumerate(self.physical_options(self.target)):
                txt = f"{n + i + 1}. {label}: " + (short_reason(p.reason, self.name(self.target)) if p.reason
                                                   else f"needs {p.to_hit} ({p.chance * 100:.0f}%)")
                r = pygame.Rect(x, y, SIDE_W - 16, 20)
                if r.collidepoint(self.mouse) and p.reason is None:
                    pygame.draw.rect(s, theme.PANEL_LIGHT, r)
                text(s, fit_text(txt, 12, SIDE_W - 24), (x + 4, y + 3), 12,
                     theme.GOOD if p.reason is None else theme.TEXT_DIM)
                self.hits.append(Hit(r, "physical", i, p.reason is None, p.reason or p.breakdown()))
                y += 21
        return y

    def draw_actions(self, rect: pygame.Rect) -> None:
        s = self.screen
        panel(s, rect)
        x, y = rect.x + 8, rect.y + 6
        g = self.game
        kind = self.phase_kind()
        sel = self.selected
        m = self.mouse
        if self.flow.phase_done():
            text(s, "Every unit has acted this phase.", (x, y), 13)
            button(s, self.hits, (x, y + 24, 200, 30), f"End {g.phase} phase", "end_phase", key="Enter",
                   active=True, mouse=m)
            return
        if not sel:
            text(s, "Select one of your units (Tab)", (x, y), 13, theme.TEXT_DIM)
            return
        name = self.name(sel)
        if kind == "move":
            text(s, f"Move {name}", (x, y), 14, theme.ACCENT, True)
            y += 22
            bx = x
            for i, mode in enumerate(self.modes(sel)):
                label = MODE_LABELS.get(mode, mode)
                rules = movement.motion_rules(g, self.ent(sel))
                err = rules.mode_error(g, self.ent(sel), mode, movement.start_state(g, self.ent(sel)))
                r = button(s, self.hits, (bx, y, 104, 26), f"{label} {rules.mp(g, self.ent(sel), mode)}", "mode",
                           mode, enabled=err is None, active=(mode == self.mode), key=str(i + 1), mouse=m, tip=err or "")
                bx = r.right + 6
            y += 32
            res = self.planned() if self.mode else None
            if res is not None:
                fin = res.final
                info = (f"planned: {len(self.path)} steps, {fin.mp}/{self.mp_limit()} MP, to "
                        f"{g.map.label(fin.hex)} facing {FACING_NAMES[fin.facing]}")
                if fin.altitude:
                    info += f", altitude {fin.altitude}"
                text(s, info, (x, y), 12)
                y += 16
                if res.psrs:
                    text(s, "piloting rolls: " + ", ".join(p.reason for p in res.psrs), (x, y), 12, theme.WARN)
                    y += 16
            bx = x
            for label, action, arg, key in (("Turn left", "turn", -1, "Q"), ("Turn right", "turn", 1, "E"),
                                            ("Undo", "undo", None, "Bksp")):
                r = button(s, self.hits, (bx, y, 112, 26), label, action, arg, key=key, mouse=m)
                bx = r.right + 6
            y += 32
            bx = x
            r = button(s, self.hits, (bx, y, 170, 28), "Confirm move" if self.path else "Stay put",
                       "confirm" if self.path else "hold", key="Enter" if self.path else "Space", active=True,
                       mouse=m)
            decl = self.declarations()
            bx = r.right + 6
            for i, (label, order) in enumerate(decl[:2]):
                r = button(s, self.hits, (bx, y, SIDE_W - (bx - rect.x) - 8, 28), fit_text(label, 13, 150),
                           "declare", i, mouse=m, key="G" if i == 0 else "", tip=label)
                y += 32
        elif kind == "fire":
            text(s, f"{name}: weapon attacks", (x, y), 14, theme.ACCENT, True)
            y += 20
            if not self.target:
                text(s, "Click an enemy (or T) to choose a target", (x, y), 12, theme.TEXT_DIM)
                y += 18
            else:
                rng = queries.range_between(g, self.ent(sel), self.ent(self.target))
                extra = ""
                if g.kind(self.ent(sel)) == "mech":
                    extra = f"  torso twist: {self.twist or 'none'} [Z/X]"
                elif g.world.try_component(self.ent(sel), Turret):
                    tf = self.turret if self.turret is not None else g.world.component(self.ent(sel), Turret).facing
                    extra = f"  turret {FACING_NAMES[tf]} [Z/X]"
                text(s, f"target {self.name(self.target)}, range {rng}{extra}", (x, y), 12)
                y += 18
                for i, (slot, p) in enumerate(self.weapon_previews(self.target)):
                    if y > rect.bottom - 40:
                        break
                    if p.reason:
                        label = f"{i + 1}. {slot.label}: {short_reason(p.reason, self.name(self.target))}"
                        tip = p.reason
                    elif p.to_hit is not None:
                        label = f"{i + 1}. {slot.label}: needs {p.to_hit} ({p.chance * 100:.0f}%)"
                        tip = p.breakdown()
                    else:
                        label = f"{i + 1}. {slot.label}"
                        tip = ""
                    checkbox(s, self.hits, (x, y, SIDE_W - 16, 18), fit_text(label, 12, SIDE_W - 40),
                             self.checks.get(slot.order_name, False), "toggle_weapon", slot.order_name,
                             enabled=p.reason is None, colour=theme.GOOD if p.reason is None else theme.TEXT)
                    self.hits[-1].tip = tip
                    y += 19
                y = self.draw_fire_extras(rect, x, y)
            by = rect.bottom - 34
            button(s, self.hits, (x, by, 150, 28), "Fire", "confirm", key="Enter", active=True,
                   enabled=bool(self.target and any(self.checks.values())), mouse=m)
            button(s, self.hits, (x + 156, by, 100, 28), "Hold fire", "hold", key="Space", mouse=m)
            button(s, self.hits, (x + 262, by, 100, 28), "All hold", "hold_all", key="Shift+Sp", mouse=m,
                   tip="every unit of this side that has not acted passes this phase")
        elif kind == "physical":
            text(s, f"{name}: physical attacks", (x, y), 14, theme.ACCENT, True)
            y += 20
            tname = self.name(self.target) if self.target else "no target (click an enemy or T)"
            text(s, f"target: {tname}", (x, y), 12)
            y += 18
            for i, (label, order, p) in enumerate(self.physical_options(self.target)):
                if y > rect.bottom - 40:
                    break
                if p.reason:
                    txt = f"{i + 1}. {label}: {short_reason(p.reason, self.name(self.target) if self.target else '')}"
                elif p.to_hit is not None:
                    txt = f"{i + 1}. {label}: needs {p.to_hit} ({p.chance * 100:.0f}%)"
                else:
                    txt = f"{i + 1}. {label}"
                r = pygame.Rect(x, y, SIDE_W - 16, 20)
                hov = r.collidepoint(m) and p.reason is None
                if hov:
                    pygame.draw.rect(s, theme.PANEL_LIGHT, r)
                text(s, fit_text(txt, 12, SIDE_W - 24), (x + 4, y + 3), 12,
                     theme.GOOD if p.reason is None else theme.TEXT_DIM)
                self.hits.append(Hit(r, "physical", i, p.reason is None, p.reason or p.breakdown()))
                y += 21
            button(s, self.hits, (x, rect.bottom - 34, 150, 28), "No attack", "hold", key="Space", mouse=m)
            button(s, self.hits, (x + 156, rect.bottom - 34, 150, 28), "All pass", "hold_all", key="Shift+Sp",
                   mouse=m, tip="every unit of this side that has not acted passes this phase")
        else:
            text(s, f"{g.phase} phase", (x, y), 13)
