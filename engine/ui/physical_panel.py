"""The physical attack panel: the candidate attacks on the target with
their to-hit or why each is impossible (engine/ui/queries.py); the attack
chosen (a number key or a click) is shown with its to-hit, damage and the
attacker's heat before Enter declares it, and Backspace takes the choice
back, as ticked weapons are fired only by Fire. Attacks are declared one
after another while the rules allow another (both arms, a punch and a
hatchet: P-PUNCH-1, P-PUNCH-9), then the unit is finished. In an Alpha
Strike combat phase the same choice sits in the firing panel, in place of
the weapon attack (one attack per unit)."""
from __future__ import annotations

import pygame

from components import AlphaStrikeCard
from engine.combat_log import plural
from engine.ui import queries, theme
from engine.ui.fire_panel import heat_lines
from engine.ui.layout import SIDE_W, short_reason
from engine.ui.widgets import Hit, button, fit_text, text


ROW = 20          # an option's row (and 1 between rows)
DETAIL = 15       # a line under the option chosen


class PhysicalPanel:
    def __init__(self, app) -> None:
        self.app = app
        self.cache: dict = {}

    def reset(self) -> None:
        self.cache = {}
        self.chosen: int | None = None      # the option chosen, not yet declared

    def options(self, target: str | None) -> list[tuple[str, object, queries.Preview]]:
        app = self.app
        key = ("p", app.selected, target, len(app.game.log.events))
        if key not in self.cache:
            self.cache[key] = queries.physical_candidates(app.game, app.selected, target)
        return self.cache[key]

    def declared(self, uid: str | None) -> list:
        """The physical attacks `uid` has declared this phase (the rules'
        declarations, so they survive a save: queries.declared_physical)."""
        if not uid or self.app.game is None:
            return []
        return queries.declared_physical(self.app.game, uid)

    def more(self, uid: str) -> bool:
        """May `uid` still declare another physical attack on some enemy?
        The engine's checks decide which combinations are legal."""
        game = self.app.game
        for aim in queries.enemies(game, uid) + queries.building_targets(game, uid, "physical"):
            for _l, order, _p in queries.physical_candidates(game, uid, aim):
                if order.attack != "pick_up_club" and game.check(order) is None:
                    return True
        return False

    def choose(self, index: int) -> None:
        """Choose the attack at `index` (again: take the choice back); it is
        declared only by Enter (`declare_chosen`). In an Alpha Strike combat
        phase it replaces the ticked weapon attack (AS-TURN-4)."""
        app = self.app
        uid = app.selected
        if not uid or not app.flow.may_act(uid):
            return
        opts = self.options(app.target)
        if not (0 <= index < len(opts)):
            return
        label, _order, p = opts[index]
        if p.reason:
            app.say(f"{label}: {p.reason}", True)
            return
        if self.chosen == index:
            self.take_back()
            return
        self.chosen = index
        app.fire.checks = {n: False for n in app.fire.checks}
        app.say(f"{label}: {'; '.join(t for t, _bad in self.chosen_lines())}. Enter declares it, "
                "Backspace takes it back")

    def take_back(self) -> bool:
        """Take back the attack chosen; False when none was."""
        if self.chosen is None:
            return False
        self.chosen = None
        self.app.say("attack taken back: choose another, or Space for none")
        return True

    def chosen_lines(self) -> list[tuple[str, bool]]:
        """The attack chosen in words: its to-hit, its damage (an Alpha
        Strike unit's Size, +1 with MEL: AS-PHYS-2, AS-SPA-MEL) and, for an
        Alpha Strike attacker, the heat it ends the turn at (no weapon
        attack: AS-COOL-4). Each line with True when it warns."""
        app = self.app
        opts = self.options(app.target)
        if self.chosen is None or not (0 <= self.chosen < len(opts)):
            return []
        _label, _order, p = opts[self.chosen]
        out = [(p.needs(), False)]
        damage = getattr(p.attack, "damage", None)
        ent = app.ent(app.selected)
        card = app.game.world.try_component(ent, AlphaStrikeCard)
        if card is not None and damage is not None:
            bonus = damage - card.size
            out.append((f"{plural(damage, 'point')} of damage (Size {card.size}"
                        + (f" + {bonus} for MEL)" if bonus else ")"), False))
            out += heat_lines(app.game, ent, 0, fires=False)
        elif damage:
            out.append((f"{plural(damage, 'point')} of damage", False))
        return out

    def declare_chosen(self) -> None:
        """Enter: declare the attack chosen; the unit is done unless the
        rules allow it another."""
        app = self.app
        uid = app.selected
        opts = self.options(app.target)
        if not uid or not app.flow.may_act(uid) or self.chosen is None or not (0 <= self.chosen < len(opts)):
            return
        label, order, _p = opts[self.chosen]
        self.chosen = None
        reason = app.game.submit(order)
        if reason:
            app.say(reason, True)
            return
        app.drop_caches()
        if app.phase_kind() != "physical" or not self.more(uid):
            app.say(f"{app.name(uid)}: {label}")
            app.unit_done(uid)
            return
        app.say(f"{app.name(uid)}: {label} declared; choose another attack, or Done (Enter)")

    def done(self, _arg=None) -> None:
        """Finish the selected unit's physical attacks."""
        app = self.app
        uid = app.selected
        if uid and app.flow.may_act(uid):
            n = len(self.declared(uid))
            app.say(f"{app.name(uid)}: {plural(n, 'physical attack')} declared" if n else f"{app.name(uid)} holds")
            app.unit_done(uid)

    # ------------------------------------------------------------ the panel
    def draw_options(self, x: int, y: int, first: int = 1, bottom: int | None = None) -> int:
        """The candidate attacks on the target, numbered from `first` (the
        number keys that declare them), in rows that end above `bottom`:
        when they do not all fit, every possible attack keeps its row and
        the impossible ones left over share one line (the first one's reason
        written, every reason in its tip)."""
        app = self.app
        s, target = app.screen, app.target
        opts = self.options(target)
        shown, hidden = self._rows(opts, y, bottom)
        for i in shown:
            label, _order, p = opts[i]
            if p.reason:
                why = short_reason(p.reason, app.target_name(target) if target else "", app.name(app.selected))
                txt = f"{first + i}. {label}: {why}"
            elif p.to_hit is not None:
                txt = f"{first + i}. {label}: {p.needs()}"
            else:
                txt = f"{first + i}. {label}"
            r = pygame.Rect(x, y, SIDE_W - 16, ROW)
            chosen = i == self.chosen
            if chosen:
                pygame.draw.rect(s, theme.PANEL_LIGHT, r)
                pygame.draw.rect(s, theme.ACCENT, r, 1)
            elif r.collidepoint(app.mouse) and p.reason is None:
                pygame.draw.rect(s, theme.PANEL_LIGHT, r)
            text(s, fit_text(("> " if chosen else "") + txt, 12, SIDE_W - 24), (x + 4, y + 3), 12,
                 theme.ACCENT if chosen else theme.GOOD if p.reason is None else theme.TEXT_DIM)
            app.hits.append(Hit(r, "physical", i, p.reason is None, p.reason or p.breakdown()))
            y += ROW + 1
            if chosen:
                for line, bad in self.chosen_lines()[1:]:
                    text(s, fit_text(line, 12, SIDE_W - 40), (x + 20, y), 12, theme.BAD if bad else theme.TEXT)
                    y += DETAIL
        if hidden:          # the first one's reason in words, the others by name
            why = short_reason(opts[hidden[0]][2].reason, app.target_name(target) if target else "",
                               app.name(app.selected))
            names = "".join(f"; {first + i}. {opts[i][0]}" for i in hidden[1:])
            r = pygame.Rect(x, y, SIDE_W - 16, ROW)
            text(s, fit_text(f"not possible: {first + hidden[0]}. {opts[hidden[0]][0]}: {why}{names}", 12,
                             SIDE_W - 24), (x + 4, y + 3), 12, theme.TEXT_DIM)
            app.hits.append(Hit(r, "physical_more", tuple(hidden), False,
                                "; ".join(f"{opts[i][0]}: {opts[i][2].reason}" for i in hidden)))
            y += ROW + 1
        return y

    def _rows(self, opts: list, y: int, bottom: int | None) -> tuple[list[int], list[int]]:
        """Which options get a row of their own between `y` and `bottom`,
        and which impossible ones are left to share the last line."""
        every = list(range(len(opts)))
        if bottom is None:
            return every, []
        detail = DETAIL * len(self.chosen_lines()[1:])
        rows = max(0, (bottom - y - detail + 1) // (ROW + 1))
        if rows >= len(opts):
            return every, []
        possible = [i for i in every if opts[i][2].reason is None]
        impossible = [i for i in every if opts[i][2].reason is not None]
        room = max(0, rows - 1 - len(possible))          # one row for the line the others share
        return sorted(possible + impossible[:room]), impossible[room:]

    def draw(self, rect: pygame.Rect, x: int, y: int) -> None:
        app = self.app
        s, sel, m = app.screen, app.selected, app.mouse
        text(s, f"{app.name(sel)}: physical attacks", (x, y), 14, theme.ACCENT, True)
        y += 20
        tname = app.target_name(app.target) if app.target else "no target (click an enemy, a building or T)"
        text(s, f"target: {tname}", (x, y), 12)
        y += 18
        declared = self.declared(sel)
        for d in declared:
            label = (queries.PHYSICAL_LABELS.get((d.attack, d.limb))
                     or queries.PHYSICAL_LABELS.get((d.attack, None)) or d.attack.capitalize())
            tn = app.short_names().get(d.target, d.target) if d.target else f"the building in {d.target_hex}"
            roll = "hits without a roll" if d.to_hit is None else f"needs {d.to_hit}"       # a building (B-ATK-3)
            text(s, fit_text(f"declared: {label} on {tn}, {roll}", 12, SIDE_W - 24),
                 (x + 4, y), 12, theme.ACCENT)
            y += 16
        self.draw_options(x, y, bottom=rect.bottom - 38)
        if self.chosen is not None:
            button(s, app.hits, (x, rect.bottom - 34, 150, 28), "Declare", "confirm", key="Enter",
                   active=True, mouse=m, tip="declare the attack chosen (Backspace takes it back)")
        elif declared:
            button(s, app.hits, (x, rect.bottom - 34, 150, 28), "Done", "physical_done", key="Enter",
                   active=True, mouse=m, tip="no more physical attacks for this unit")
        else:
            button(s, app.hits, (x, rect.bottom - 34, 150, 28), "No attack", "hold", key="H", mouse=m)
        button(s, app.hits, (x + 156, rect.bottom - 34, 150, 28), "All pass", "hold_all", key="Shift+H",
               mouse=m, tip="every unit of this side that has not acted passes this phase")
