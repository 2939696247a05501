"""Planning a move: the movement mode, the path built by clicks and keys,
the hexes in reach with the cheapest path to each (of equal MP, the one
with the fewest and easiest rolls), the other ways to a hex (other
facings, the safest way: F cycles them), the rolls a path makes,
why a hex is out of reach, the charges and deaths from above on offer at
the end of the path, and the movement panel in the sidebar. Every step and
every order is judged by the movement rules (through engine/ui/queries.py,
and `game.check`); the move is carried out through the hot-seat flow so
that it can be taken back (engine/hotseat.py)."""
from __future__ import annotations

import dataclasses

import pygame

from components import Altitude, Position
from engine.hexgrid import FACING_NAMES, Hex, direction_to, neighbors
from engine.orders import MoveOrder
from engine.ui import queries, theme
from engine.ui.layout import MODE_LABELS, SIDE_W
from engine.ui.widgets import Hit, button, fit_text, text, wrap

CHARGE_MISS = (None, "left", "right")     # P-CHARGE-16: where a missed charger ends; None: the engine's choice


def rolls_words(n: int) -> str:
    return "no rolls" if n == 0 else f"{n} roll{'s' if n != 1 else ''}"


class MovePlanner:
    def __init__(self, app) -> None:
        self.app = app
        self.reset()

    def reset(self) -> None:
        self.mode: str | None = None
        self.path: list[str] = []
        self.reach = {}
        self._reach_hex: dict = {}           # planned altitude (None: any) -> reach_hex, for this reach
        self.safe_reach = None              # the reachable states by fewest rolls, asked for when needed
        self.armed: tuple | None = None      # (unit, mode, path) a second Enter makes although it destroys the unit
        self.hover_path: list[str] | None = None
        self.hover_reason: str | None = None
        self.declare: tuple[str, MoveOrder] | None = None
        self.charge_miss: str | None = None
        self.cache: dict = {}

    # ------------------------------------------------------------ questions
    def _ent(self) -> int:
        return self.app.ent(self.app.selected)

    def planning(self) -> bool:
        """Is a move of the selected unit being planned now?"""
        app = self.app
        return bool(app.phase_kind() == "move" and app.selected and self.mode and app.flow.may_act(app.selected))

    def modes(self, uid: str) -> list[str]:
        return queries.move_modes(self.app.game, self.app.ent(uid))

    def mp_limit(self) -> int:
        if not self.app.selected or not self.mode:
            return 0
        return queries.move_mp(self.app.game, self._ent(), self.mode)

    def planned(self, path=None):
        return queries.plan_move(self.app.game, self._ent(), self.mode, self.path if path is None else path)

    def path_risks(self, path: list[str]) -> list[str]:
        """The rolls a planned path makes (queries.path_rolls), cached."""
        game = self.app.game
        key = ("risk", self.app.selected, self.mode, tuple(path), len(game.log.events))
        if key not in self.cache:
            self.cache[key] = queries.path_rolls(game, self._ent(), self.mode, path)
        return self.cache[key]

    @property
    def reach_hex(self) -> dict:
        """hex -> (MP, reach key) of the cheapest way there (of equal MP,
        the one with the fewest and easiest rolls); for a VTOL with a path
        planned, at the altitude planned now where that altitude can be
        reached there (PgUp / PgDn set it), so that the MP-left badges
        follow every climb and descent. No paths: `path_to` gives one."""
        alt = None
        if self.path and self.app.selected and self.app.game.world.try_component(self._ent(), Altitude) is not None:
            alt = self.planned().final.altitude
        if alt not in self._reach_hex:
            self._reach_hex[alt] = queries.cheapest_by_hex(self.reach, alt)
        return self._reach_hex[alt]

    def path_to(self, h: Hex) -> list[str] | None:
        """The cheapest path to `h` (for a VTOL, at the altitude planned now
        when that is reachable there: reach_hex)."""
        best = self.reach_hex.get(h)
        return list(self.reach[best[1]].path) if best else None

    def unreachable_reason(self, h: Hex) -> str | None:
        """Why the selected unit cannot get to `h`: the engine's reason for
        the last step from the cheapest reachable neighbour."""
        g = self.app.game
        if not g.map.on_map(h):
            return None
        cannot = queries.mode_error(g, self._ent(), self.mode) if self.mode else None
        if cannot:
            return cannot                     # shut down, immobile, ...: no hex is in reach
        cands = [(b[0], n, b) for n in neighbors(h) if (b := self.reach_hex.get(n))]
        if not cands:
            return "out of reach"
        cands.sort(key=lambda c: (c[0], c[1]))
        _, n, (mp, key) = cands[0]
        diff = (direction_to(n, h) - key[1]) % 6
        turns = ["R"] * diff if diff <= 3 else ["L"] * (6 - diff)
        trial = list(self.reach[key].path) + turns + ["F"]
        reason = g.check(queries.move_order(self.app.selected, self.mode, trial))
        return reason if reason is not None else self.planned(trial).error

    def _declarations(self) -> list[queries.Declaration]:
        """The charges or deaths from above the planned path could declare,
        each with the rules' reason when refused (queries.declarations)."""
        app = self.app
        if not app.selected or app.phase_kind() != "move" or not self.mode:
            return []
        key = ("d", app.selected, self.mode, tuple(self.path))
        if key not in self.cache:
            self.cache[key] = [] if self.planned().error else queries.declarations(
                app.game, app.selected, self.mode, self.path)
        return self.cache[key]

    def declarations(self) -> list[tuple[str, MoveOrder]]:
        """The charges and deaths from above the rules take with this path."""
        return [(d.label, d.order) for d in self._declarations() if d.reason is None]

    def refusals(self) -> list[tuple[str, str, str]]:
        """The targets next to the end of the path that no charge or death
        from above is offered on, whatever else is offered: (the attack
        refused, the target, the rules' reason)."""
        offered = {d.target for d in self._declarations() if d.reason is None}
        return [("death from above" if d.order.dfa else "charge", d.target, d.reason)
                for d in self._declarations() if d.reason is not None and d.target not in offered]

    def charge_miss_label(self) -> str:
        return {None: "the engine chooses left or right", "left": "end front-left of the target",
                "right": "end front-right of the target"}[self.charge_miss]

    # ------------------------------------------------------------ planning
    def start(self, uid: str) -> None:
        """`uid` was selected to move: its first mode and its reach."""
        modes = self.modes(uid)
        self.mode = modes[0] if modes else None
        self.compute_reach()

    def compute_reach(self) -> None:
        self.reach, self._reach_hex = {}, {}
        self.safe_reach = None
        self.cache = {k: v for k, v in self.cache.items() if k[0] != "ways"}
        if self.app.selected and self.mode:
            self.reach = queries.reachable(self.app.game, self._ent(), self.mode)

    def alternatives(self, h: Hex) -> list[list[str]]:
        """The ways to `h` to choose from: the cheapest first, then the
        other facings and the safest way found (fewest rolls, then MP)."""
        if h not in self.reach_hex:
            return []
        key = ("ways", self.app.selected, self.mode, h)
        if key not in self.cache:
            self.cache[key] = self._ways(h)
        return self.cache[key]

    def _ways(self, h: Hex) -> list[list[str]]:
        alt = self.reach_hex[h][1][2]          # a VTOL's altitude is chosen with PgUp / PgDn, not here
        ways = queries.ways_at(self.reach, h, alt)
        if any(r.rolls for r in ways):         # else no way there has fewer rolls than the cheapest ones
            if self.safe_reach is None:
                self.safe_reach = queries.reachable(self.app.game, self._ent(), self.mode, prefer="rolls")
            ways += queries.ways_at(self.safe_reach, h, alt)
        ways.sort(key=lambda r: (r.rolls, r.roll_mods, r.mp, len(r.path)))
        out = [self.path_to(h)]
        for r in ways:
            if list(r.path) not in out:
                out.append(list(r.path))
        return out[:8]

    def cycle_path(self, _arg=None) -> None:
        """F: the next way to the hex the planned path ends in."""
        app = self.app
        if not self.planning() or not self.path:
            app.say("plan a path first (click a hex); F then shows the other ways there", True)
            return
        ways = self.alternatives(self.planned().final.hex)
        if len(ways) < 2:
            app.say("no other way there", True)
            return
        i = ways.index(self.path) if self.path in ways else -1
        self.path = ways[(i + 1) % len(ways)]
        self.declare = None
        fin = self.planned().final
        rolls = len(self.path_risks(self.path))
        app.say(f"way {(i + 1) % len(ways) + 1} of {len(ways)} to {app.game.map.label(fin.hex)}: {fin.mp} MP, "
                f"{rolls_words(rolls)}, facing {FACING_NAMES[fin.facing]} (F: next)")

    def set_mode(self, mode: str) -> None:
        app = self.app
        if not app.selected or app.phase_kind() != "move" or not app.flow.may_act(app.selected):
            return
        if mode not in self.modes(app.selected):
            app.say(f"{app.name(app.selected)} cannot {mode}", True)
            return
        ent = self._ent()
        err = queries.mode_error(app.game, ent, mode)
        if err:
            app.say(err, True)
            return
        self.mode = mode
        self.path = []
        self.declare = self.armed = None
        self.compute_reach()
        if queries.is_alpha(app.game, ent):
            app.say(f"{'Move' if mode == 'walk' else 'Jump'}: {self.mp_limit()} hexes")
        else:
            app.say(f"{MODE_LABELS.get(mode, mode)}: {self.mp_limit()} MP")

    def mode_index(self, i: int) -> None:
        if self.app.selected and self.app.phase_kind() == "move":
            ms = self.modes(self.app.selected)
            if 0 <= i < len(ms):
                self.set_mode(ms[i])

    def fast_mode(self, _arg=None) -> None:
        """Run, or flank speed for a vehicle."""
        ms = self.modes(self.app.selected) if self.app.selected else []
        self.set_mode("run" if "run" in ms else "flank")

    def add_step(self, token: str) -> None:
        app = self.app
        if not app.selected or not self.mode or not app.flow.may_act(app.selected):
            return
        cannot = queries.mode_error(app.game, self._ent(), self.mode)
        if cannot:
            app.say(cannot, True)
            return
        trial = self.path + [token]
        res = self.planned(trial)
        if res.error and len(res.states) <= len(trial):
            app.say(res.error, True)
            return
        self.path = trial
        self.declare = self.armed = None
        destroys = queries.move_destroys(app.game, self._ent(), self.mode, trial)
        app.say(f"Warning: this move destroys {app.name(app.selected)} ({destroys})" if destroys else "", bool(destroys))

    def turn_step(self, direction: int) -> None:
        """Turn the planned final facing (cancelling the opposite turn first)."""
        opposite = "L" if direction > 0 else "R"
        if self.path and self.path[-1] == opposite:
            self.path.pop()
            self.declare = self.armed = None
            return
        self.add_step("R" if direction > 0 else "L")

    def turn(self, direction: int) -> None:
        if self.app.phase_kind() == "move":
            self.turn_step(direction)

    def prone(self, _arg=None) -> None:
        if self.app.selected and self.app.phase_kind() == "move":
            self.add_step("stand" if self.planned().final.prone else "prone")

    def land_lift(self, _arg=None) -> None:
        app = self.app
        if app.selected and app.phase_kind() == "move" and self.mode:
            if app.game.world.try_component(self._ent(), Altitude) is not None:
                self.add_step("land" if self.planned().final.altitude > 0 else "lift")

    def undo_step(self) -> bool:
        """Take the last planned step back; False when there was none."""
        if self.declare is not None:
            self.declare = None          # first the charge chosen, then the steps
            return True
        if not self.path:
            return False
        self.path.pop()
        self.declare = self.armed = None
        return True

    def cycle_charge_miss(self, arg=None) -> None:
        i = CHARGE_MISS.index(self.charge_miss)
        self.charge_miss = arg if arg in CHARGE_MISS and arg is not None else CHARGE_MISS[(i + 1) % 3]
        self.app.say("if the charge misses: " + self.charge_miss_label())

    # ------------------------------------------------------------ orders
    def confirm(self, order: MoveOrder | None = None) -> None:
        app = self.app
        uid = app.selected
        if not uid or not app.flow.may_act(uid):
            return
        if order is None and not self.path and not self.declare:
            app.say("Nothing planned: click a hex to move there, or press H (Stay put) to stay where you are",
                    True)
            return
        if order is None:
            order = self.armed_order() if self.declare else queries.move_order(uid, self.mode or "walk", self.path)
        destroys = queries.move_destroys(app.game, app.ent(uid), order.mode, order.path)
        planned = (uid, order.mode, tuple(order.path))
        if destroys and self.armed != planned:      # a move that surely destroys the unit: asked twice
            self.armed = planned
            app.say(f"This move destroys {app.name(uid)} ({destroys}). Press Enter again to make it anyway, "
                    "or change it (Backspace, Esc)", True)
            return
        self.armed = None
        reason = app.seat.submit_move(order)
        if reason:
            app.say(reason, True)
            return
        app.say(f"{app.name(uid)} moved to {app.game.map.label(app.game.world.component(app.ent(uid), Position).hex)}")
        app.unit_done(uid)

    def stand_still(self) -> None:
        app = self.app
        uid = app.selected
        if not uid or not app.flow.may_act(uid):
            return
        app.seat.stay(uid, self.mode or "walk")
        app.say(f"{app.name(uid)} stays put")
        app.unit_done(uid)

    def declare_attack(self, index: int) -> None:
        """The charge or death from above offered at `index`: the first
        press chooses it, the second (or Enter) moves and declares it."""
        app = self.app
        opts = self.declarations()
        if not 0 <= index < len(opts):
            return
        label, order = opts[index]
        if self.declare is None or self.declare[0] != label:
            self.declare = (label, order)
            app.say(f"{label}: press G again (or Enter) to move and declare it; Esc or Backspace drops it")
            return
        self.confirm()

    def armed_order(self) -> MoveOrder:
        """The charge or death from above chosen, with where a missed charge ends."""
        order = self.declare[1]
        if order.charge and self.charge_miss:
            order = dataclasses.replace(order, charge_miss=self.charge_miss,
                                        raw={**order.raw, "charge_miss": self.charge_miss})
        return order

    # ------------------------------------------------------------ the map
    def hover(self, h: Hex) -> None:
        self.hover_path = None
        self.hover_reason = None
        if not self.planning():
            return
        p = self.path if self.path and self.planned().final.hex == h else self.path_to(h)
        if p is not None:
            self.hover_path = p      # the planned path itself over its end: its facing after Q / E
        elif not self.app.game.units_at(h) or h != self.app.game.world.component(self._ent(), Position).hex:
            self.hover_reason = self.unreachable_reason(h)

    def click_hex(self, h: Hex, here: list[str]) -> bool:
        """A click on `h` while planning; True when it is used up."""
        app = self.app
        g = app.game
        if self.path and self.planned().final.hex == h:
            self.turn_step(1)
            return True
        p = self.path_to(h)
        if p is not None:
            self.path = p
            self.declare = self.armed = None
            if queries.is_alpha(g, self._ent()):
                app.say(f"path to {g.map.label(h)}: {self.planned().final.mp} hexes of Move; Enter to confirm")
            else:
                app.say(f"path to {g.map.label(h)}: {self.planned().final.mp} MP; Enter to confirm, "
                        "click again or Q/E to turn")
            return True
        if h == g.world.component(self._ent(), Position).hex:
            self.path = []
            return True
        app.say(self.unreachable_reason(h) or "out of reach", True)
        return not here

    # ------------------------------------------------------------ the panel
    def draw(self, rect: pygame.Rect, x: int, y: int) -> None:
        app = self.app
        s, g, sel, m = app.screen, app.game, app.selected, app.mouse
        ent = self._ent()
        alpha = queries.is_alpha(g, ent)
        text(s, f"Move {app.name(sel)}", (x, y), 14, theme.ACCENT, True)
        y += 22
        bx = x
        for i, mode in enumerate(self.modes(sel)):
            label = MODE_LABELS.get(mode, mode) if not alpha else ("Move" if mode == "walk" else "Jump")
            err = queries.mode_error(g, ent, mode)
            r = button(s, app.hits, (bx, y, 104, 26), f"{label} {0 if err else queries.move_mp(g, ent, mode)}",
                       "mode", mode, enabled=err is None, active=(mode == self.mode), key=str(i + 1), mouse=m,
                       tip=err or "")
            bx = r.right + 6
        y += 32
        cannot = queries.mode_error(g, ent, self.mode) if self.mode else None
        res = self.planned() if self.mode and not cannot else None
        if cannot:
            text(s, fit_text(cannot, 12, SIDE_W - 24), (x, y), 12, theme.BAD)
            y += 16
        if res is not None:
            fin = res.final
            if alpha:      # Move in hexes; no facing (AS-MOVE-5)
                info = f"planned: {fin.mp} of {self.mp_limit()} hexes of Move used, to {g.map.label(fin.hex)}"
            else:
                info = (f"planned: {len(self.path)} steps, {fin.mp}/{self.mp_limit()} MP, to "
                        f"{g.map.label(fin.hex)} facing {FACING_NAMES[fin.facing]}")
            if g.world.try_component(ent, Altitude) is not None:
                info += f", altitude {fin.altitude}"
            text(s, info, (x, y), 12)
            y += 16
            risks = self.path_risks(self.path)
            if risks:
                text(s, fit_text("; ".join(risks), 12, SIDE_W - 24), (x, y), 12, theme.WARN)
                app.hits.append(Hit(pygame.Rect(x, y, SIDE_W - 16, 16), "", None, False, "; ".join(risks)))
                y += 16
            destroys = queries.move_destroys(g, ent, self.mode, self.path)
            if destroys:
                warn = f"Destroys it: {destroys}. Enter twice to confirm"
                text(s, fit_text(warn, 12, SIDE_W - 24, True), (x, y), 12, theme.BAD, True)
                app.hits.append(Hit(pygame.Rect(x, y, SIDE_W - 16, 16), "", None, False, warn))
                y += 16
        bx = x
        turns = () if alpha else (("Turn left", "turn", -1, "Q"), ("Turn right", "turn", 1, "E"))
        for label, action, arg, key in turns + (("Undo", "undo", None, "Bksp"),):
            r = button(s, app.hits, (bx, y, 112, 26), label, action, arg, key=key, mouse=m)
            bx = r.right + 6
        y += 30
        bx = x
        if g.world.try_component(ent, Altitude) is not None:
            extra = (("Up", "vtol", "U", "PgUp"), ("Down", "vtol", "D", "PgDn"), ("Land/lift", "land_lift", None, "L"))
        elif g.kind(ent) == "mech":
            extra = (("Forward", "step", "F", "W"), ("Back", "step", "B", "S"), ("Prone/stand", "prone", None, "P"))
        else:
            extra = (("Forward", "step", "F", "W"), ("Back", "step", "B", "S"))
        for label, action, arg, key in extra:
            r = button(s, app.hits, (bx, y, 112, 24), label, action, arg, key=key, mouse=m)
            bx = r.right + 6
        y += 30
        r = button(s, app.hits, (x, y, 170, 28), "Confirm move" if self.path else "Stay put",
                   "confirm" if self.path else "hold", key="Enter" if self.path else "H", active=True, mouse=m)
        decl = self.declarations()
        bx, column = r.right + 6, y           # the offers, in a column right of the confirm button
        for i, (label, _order) in enumerate(decl[:2]):
            armed = self.declare is not None and self.declare[0] == label
            button(s, app.hits, (bx, column, SIDE_W - (bx - rect.x) - 8, 28),
                   fit_text(("Confirm: " if armed else "") + label, 13, 150), "declare", i, mouse=m, active=armed,
                   key="G" if i == 0 else "", tip=label + (": press again or Enter to move and declare" if armed
                                                          else ": press to choose it"))
            column += 32
        if any(o.charge for _l, o in decl[:2]):
            word = {None: "engine's choice", "left": "front-left", "right": "front-right"}[self.charge_miss]
            button(s, app.hits, (bx, column, SIDE_W - (bx - rect.x) - 8, 24), f"if it misses: {word}",
                   "charge_miss", None, mouse=m, key="V", tip=self.charge_miss_label())
            column += 28
        y = max(y + 32, column)
        for attack, name, reason in self.refusals()[:2]:     # each on up to two lines, the whole reason its tip
            lines = wrap(f"no {attack} on {name}: {reason}", 11, SIDE_W - 24)
            lines = lines[:1] + [fit_text(" ".join(lines[1:]), 11, SIDE_W - 24)] if len(lines) > 2 else lines
            lines = lines[:max(0, (rect.bottom - y) // 14)]
            for i, line in enumerate(lines):
                text(s, line, (x, y + 14 * i), 11, theme.TEXT_DIM)
            if lines:
                app.hits.append(Hit(pygame.Rect(x, y, SIDE_W - 16, 14 * len(lines)), "", None, False, reason))
            y += 14 * len(lines) + 2
