"""How long the window takes to answer a player (`python -m engine bench
--only ui`): the actions of a hot-seat battle, on the default level and on
the generated 100x100 level with 40 units (engine/bench_setup.py), each
given as a player gives it, by posting the key's or the mouse's pygame
event, and timed from the event to the frame that shows its answer (the
event handled, the window updated, drawn and flipped).

The time is the CPU time of the window's own thread (`time.thread_time`):
work an action hands to another thread (the autosave's encoding and
writing) does not hold the frame up, and other processes on the machine
do not count; the wall time is kept beside it.

Actions (ui_<action> figures on the 100x100 level, ui_default_<action> on
the default level; each judged on its 95th percentile and its slowest run):
- zoom: every zoom level out and in from the start, each drawn the first
  time it is seen, and again;
- choose_mode: the movement mode keys (1, 2) of each unit that moves;
- hover_hex: the mouse moved onto hexes in the unit's reach (the path to
  each and its tooltip shown);
- confirm_move: Enter on a planned move (the path planned by a click on a
  hex in reach, not timed);
- hover_enemy: the mouse moved onto each enemy in view of an Atlas with
  every enemy within 15 hexes (engine/bench.gather_enemies) in the weapon
  attack phase (the line of sight and the attack's tooltip shown);
- toggle_weapon: ticking and unticking each weapon (1-9) of that Atlas;
- cycle_target: T through the Atlas's targets;
- end_phase: the key that ends a phase, when the turn goes on (the last
  unit's hold or move: the next phase starts, and the units that can only
  hold in it are found);
- end_turn: the key that ends the last phase of a turn (the last unit's
  hold or N; the Heat and End phases, the next turn's initiative and its
  movement phase follow).
"""
from __future__ import annotations

import tempfile
import time
from pathlib import Path

import pygame

ACTIONS = ("toggle_weapon", "cycle_target", "confirm_move", "hover_hex", "hover_enemy", "end_phase", "end_turn",
           "zoom", "choose_mode")
HOVERS = 6           # hexes hovered per unit that moves, enemies per weapon attack phase
P95_TARGET_MS = 50.0
MAX_TARGET_MS = 100.0


class Driver:
    """A window on a battle, given keys as events and timed per action."""

    def __init__(self, screen, level: Path, save_dir: Path, moves_per_turn: int) -> None:
        from engine import session
        from engine.bench import gather_enemies
        from engine.ui.app import App
        self.app = App(screen, save_dir=save_dir, edge_pan=False)
        game = session.new_game(str(level), [], 1)
        self.attacker, self.enemies = gather_enemies(game)
        self.app.set_game(game, str(level))
        self.moves_per_turn = moves_per_turn
        self.samples: dict[str, list[tuple[float, float]]] = {a: [] for a in ACTIONS}

    # ------------------------------------------------------------ input
    def frame(self) -> tuple[float, float]:
        """Handle the posted events and show the next frame: (wall, CPU) ms."""
        app = self.app
        c0, t0 = time.thread_time(), time.perf_counter()
        app.pump()
        app.update(1 / 60)
        app.draw()
        pygame.display.flip()
        return (time.perf_counter() - t0) * 1000, (time.thread_time() - c0) * 1000

    def press(self, key: int, mod: int = 0, action: str | None = None) -> None:
        """Post a key press and show the frame after it (`post`)."""
        self.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0), action)

    def post(self, event, action: str | None = None) -> None:
        """Post an event and show the frame after it, timed as `action`, or
        as `end_turn` or `end_phase` when it started a new turn or phase."""
        game = self.app.game
        turn, phase = game.turn, game.phase
        pygame.event.post(event)
        took = self.frame()
        if game.turn != turn:
            self.samples["end_turn"].append(took)
        elif game.phase != phase:
            self.samples["end_phase"].append(took)
        elif action is not None:
            self.samples[action].append(took)

    def hover(self, h, action: str) -> bool:
        """Move the mouse onto hex `h` (timed as `action`) if it is in view."""
        cam = self.app.camera
        x, y = cam.to_screen(h)
        if not cam.in_view(x, y):
            return False
        self.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(int(x), int(y)), rel=(0, 0), buttons=(0, 0, 0)),
                  action)
        return True

    def mouse_off(self) -> None:
        """Move the mouse off the map, onto the top bar (not timed)."""
        self.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(2, 2), rel=(0, 0), buttons=(0, 0, 0)))

    def settle(self) -> None:
        """Hand the screen over when the window asks for it (not timed)."""
        app = self.app
        for _ in range(8):
            if app.overlay == "handover":
                app.do("handover_done")
            elif app.overlay:
                app.close_overlay()
            else:
                break
        self.frame()

    # ------------------------------------------------------------ the battle
    def zoom_sweep(self) -> None:
        cam = self.app.camera
        for key in (pygame.K_MINUS, pygame.K_EQUALS, pygame.K_MINUS):
            for _ in range(40):
                was = cam.zoom
                self.press(key, action="zoom")
                if cam.zoom == was:
                    break

    def movement(self) -> None:
        app, moved = self.app, 0
        for _ in range(200):
            self.settle()
            if app.phase_kind() != "move" or app.flow.phase_done():
                return
            uid = app.selected
            if uid is None or moved >= self.moves_per_turn or uid == self.attacker:
                self.press(pygame.K_h, pygame.KMOD_SHIFT if moved >= self.moves_per_turn else 0)
                continue
            self.press(pygame.K_2, action="choose_mode")
            self.press(pygame.K_1, action="choose_mode")
            if not self._plan_move():
                self.press(pygame.K_h)
                continue
            self.press(pygame.K_RETURN, action="confirm_move")
            moved += 1

    def _plan_move(self) -> bool:
        from engine.ui import controls
        app = self.app
        dest = [h for h, (mp, _k) in sorted(app.move.reach_hex.items(), key=lambda kv: (-kv[1][0], kv[0]))
                if not app.game.units_at(h) and app.move.planned(app.move.path_to(h)).error is None]
        if not dest:
            return False
        hovered = 0
        for h in dest[::max(1, len(dest) // HOVERS)]:
            hovered += hovered < HOVERS and self.hover(h, "hover_hex")
        self.mouse_off()
        controls.click_hex(app, dest[len(dest) // 2])
        return app.move.path and app.move.planned().error is None

    def attacks(self) -> None:
        app = self.app
        for _ in range(200):
            self.settle()
            if app.phase_kind() not in ("fire", "physical") or app.flow.phase_done():
                return
            if app.phase_kind() == "fire" and app.flow.may_act(self.attacker):
                app.do("select", self.attacker)
                self.frame()
                self._aim_and_tick()
                self.press(pygame.K_h)
                continue
            self.press(pygame.K_h, pygame.KMOD_SHIFT)        # the side's other units hold

    def _aim_and_tick(self) -> None:
        from components import Position
        app = self.app
        game = app.game
        hovered = 0
        for uid in self.enemies:
            if hovered < HOVERS and game.can_fight(game.units[uid]):
                hovered += self.hover(game.world.component(game.units[uid], Position).hex, "hover_enemy")
        self.mouse_off()
        for _ in range(6):
            self.press(pygame.K_t, action="cycle_target")
        weapons = len(app.fire.previews(app.target)) if app.target else 0
        for i in range(min(weapons, 9)):
            self.press(pygame.K_1 + i, action="toggle_weapon")
            self.press(pygame.K_1 + i, action="toggle_weapon")

    def end_phases(self) -> None:
        """N while a phase is done and waits to be ended."""
        for _ in range(10):
            self.settle()
            if not self.app.flow.phase_done():
                return
            self.press(pygame.K_n)

    def play(self, turns: int) -> None:
        self.settle()
        self.zoom_sweep()
        for _ in range(turns):
            turn = self.app.game.turn
            while self.app.game.turn == turn and not self.app.flow.over:
                kind = self.app.phase_kind()
                if kind == "move":
                    self.movement()
                elif kind in ("fire", "physical"):
                    self.attacks()
                self.end_phases()
            self.zoom_sweep()
        self.app.saves.saver.wait()


def ui_figures(screen, level: Path, turns: int, moves_per_turn: int = 8, prefix: str = "ui_") -> list:
    """The `prefix`<action> figures of `turns` turns played through the window."""
    from engine.bench import Figure
    with tempfile.TemporaryDirectory(prefix="hexmech-ui-bench-") as folder:
        driver = Driver(screen, level, Path(folder), moves_per_turn)
        driver.play(turns)
        game = driver.app.game
        out = []
        for action in ACTIONS:
            runs = driver.samples[action]
            if not runs:
                raise RuntimeError(f"the UI bench made no {action!r} action on {level.name}")
            label = f"UI: {action.replace('_', ' ')}, {game.map.width}x{game.map.height} level ({len(game.units)} units)"
            out.append(Figure(f"{prefix}{action}", label, "ms", [w for w, _c in runs],
                              P95_TARGET_MS, "blit", MAX_TARGET_MS, {"actions": len(runs)},
                              [c for _w, c in runs], quantile=0.95))
        return out
