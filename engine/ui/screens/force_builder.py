"""The force builder of the new-battle screen: the forces section (one
button per side of the level chosen: the level's own units, or a force
built for it) and the builder screen it opens for a side: the roster of
the rules chosen plus the mod folder's units, filtered by kind, weight
class and name; the side's units with each crew's gunnery and piloting;
the side's tonnage, Alpha Strike PV and BV; saving the force to a force
file and loading one. What a unit is, what it counts and what a force file
may hold are the engine's (engine/roster.py, engine/force_draft.py)."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame

from engine import session
from engine.errors import DataError
from engine.force_draft import Draft, Pick, force_files, force_path, load_draft, save_draft
from engine.roster import KINDS, RosterEntry, describe_sums, query, roster
from engine.ui import theme
from engine.ui.screens import box, cover
from engine.ui.screens.files import TextScreen
from engine.ui.widgets import button, fit_path, fit_text, text, wrap

CLASSES = ("light", "medium", "heavy", "assault")
KIND_LABELS = {"mech": "Mechs", "vehicle": "Vehicles", "vtol": "VTOLs"}
ROW = 26
FILES_SHOWN = 3


def forces_folder(app) -> Path:
    """Where force files are saved: the `forces` folder of the save folder."""
    return Path(app.saves.folder) / "forces"


class ForcesSection:
    """The new-battle screen's forces: per side of the level chosen, its
    own units (the default) or a draft built in the builder screen, one
    draft per side and rules (Classic units and Alpha Strike cards never
    mix)."""
    title = "Forces (click a side to build its force from the roster)"
    ACTIONS = frozenset({"new_force"})
    fields: tuple[str, ...] = ()

    def __init__(self) -> None:
        self.drafts: dict[tuple[str, str], Draft] = {}      # (rules, side) -> draft
        self.own: dict[str, bool] = {}           # side -> plays the level's own units
        self._roster: dict[tuple[str, ...], tuple[list[RosterEntry], list[str]]] = {}

    # ------------------------------------------------------------ what the screen chose
    @staticmethod
    def sides(choices) -> list[str]:
        return session.level_sides(choices.level or session.default_level())

    @staticmethod
    def rules(screen, choices) -> str:
        return (session.level_info(choices.level)[1] if choices.level else None) or screen.rules.rules

    def roster(self, mods: list[Path]) -> tuple[list[RosterEntry], list[str]]:
        """The roster of the mod folders chosen (read once per choice)."""
        key = tuple(str(m) for m in mods)
        if key not in self._roster:
            self._roster[key] = roster(mods)
        return self._roster[key]

    def draft(self, rules: str, side: str) -> Draft:
        return self.drafts.setdefault((rules, side), Draft(side))

    def built(self, rules: str, side: str) -> bool:
        return not self.own.get(side, True) and bool(self.draft(rules, side).picks)

    def label(self, rules: str, side: str) -> str:
        if self.built(rules, side):
            draft = self.draft(rules, side)
            t = draft.totals()
            pv = f", PV {t['pv']}" if rules == "alpha-strike" else ""
            return f"{side.capitalize()}: {draft.name or 'built'}, {t['units']} units, {t['tonnage']} t{pv}"
        return f"{side.capitalize()}: the level's own units"

    # ------------------------------------------------------------ the section protocol
    def height(self, screen) -> int:
        return 34

    def draw(self, app, screen, x: int, y: int, w: int) -> None:
        chosen = screen.chosen()
        rules, sides = self.rules(screen, chosen), self.sides(chosen)
        bw = (w - 8 * (len(sides) - 1)) // max(1, len(sides))
        for i, side in enumerate(sides):
            button(app.screen, app.hits, (x + i * (bw + 8), y, bw, 28), fit_text(self.label(rules, side), 13, bw - 12),
                   "new_force", side, active=self.built(rules, side), mouse=app.mouse,
                   tip="the level's own units, or a force built from the roster (and the mod folder)")

    def do(self, app, screen, action: str, arg: Any) -> None:
        chosen = screen.chosen()
        if action == "new_force" and arg in self.sides(chosen):
            mods = list(chosen.mods or [])
            rules = self.rules(screen, chosen)
            app.open_overlay(ForceBuilder(self, arg, self.draft(rules, arg), *self.roster(mods), rules, mods,
                                          shown_before=app.message))

    def choose(self, screen, choices) -> None:
        if choices.level:
            rules = self.rules(screen, choices)
            choices.forces = [self.draft(rules, side) for side in self.sides(choices) if self.built(rules, side)]


class ForceBuilder(TextScreen):
    """One side's force: the roster on the left, the force on the right,
    its file at the bottom."""
    name = "forces"
    ACTIONS = frozenset({"focus_field", "fb_own", "fb_kind", "fb_class", "fb_add", "fb_remove", "fb_skill",
                         "fb_save", "fb_load", "fb_scroll"})

    def __init__(self, section: ForcesSection, side: str, draft: Draft, entries: list[RosterEntry],
                 problems: list[str], rules: str, mods: list[Path], shown_before: str = "") -> None:
        self.section, self.side, self.draft, self.rules, self.mods = section, side, draft, rules, mods
        self.shown_before = shown_before        # the window's message when the builder opened: not its own
        self.roster = entries
        self.entries = query(entries, rules=rules)
        self.problems = problems
        self.kind: str | None = None
        self.weight: str | None = None
        self.name_filter = ""
        self.typed_file_name: str | None = None     # until typed, the file is named after the force
        self.load_path = ""
        self.scroll = 0
        self.force_scroll = 0
        self.force_rect = pygame.Rect(0, 0, 0, 0)
        self.replacing: Path | None = None       # the file a second Save replaces

    @property
    def file_name(self) -> str:
        if self.typed_file_name is None:
            return self.draft.name or f"{self.side} force"
        return self.typed_file_name

    @file_name.setter
    def file_name(self, value: str) -> None:
        self.typed_file_name = value[:64]

    @property
    def force_name(self) -> str:
        return self.draft.name

    @force_name.setter
    def force_name(self, value: str) -> None:
        self.draft.name = value[:60]

    def shown(self) -> list[RosterEntry]:
        """The roster entries the filters let through."""
        return query(self.entries, weight_class=self.weight, name=self.name_filter, kind=self.kind)

    # ------------------------------------------------------------ actions
    def do(self, app, action: str, arg: Any) -> None:
        if action == "focus_field":
            self.field = arg
        elif action == "fb_own":
            self.section.own[self.side] = bool(arg)
        elif action == "fb_kind":
            self.kind, self.scroll = (arg if arg in KINDS else None), 0
        elif action == "fb_class":
            self.weight, self.scroll = (arg if arg in CLASSES else None), 0
        elif action == "fb_scroll":
            self.wheel(app, -arg)
        elif action == "fb_add":
            entry = next((e for e in self.entries if e.path == arg), None)
            if entry is not None:
                self.draft.add(entry)
                self.section.own[self.side] = False
        elif action == "fb_remove":
            self.draft.remove(arg)
        elif action == "fb_skill":
            self.draft.set_skill(*arg)
        elif action == "fb_save":
            self.save(app)
        elif action == "fb_load":
            self.load(app, arg)
        if action != "fb_save":
            self.replacing = None

    def text(self, app, s: str) -> None:
        super().text(app, s)
        if self.field == "name_filter":
            self.scroll = 0

    def wheel(self, app, dy: int) -> None:
        """The wheel scrolls the force under the mouse, else the roster."""
        if self.force_rect.collidepoint(app.mouse):
            self.force_scroll = max(0, min(len(self.draft.picks) - 1, self.force_scroll - dy))
        else:
            self.scroll = max(0, min(len(self.shown()) - 1, self.scroll - dy))

    def save(self, app) -> None:
        folder = forces_folder(app)
        try:
            target = force_path(folder, self.file_name)
            if target.exists() and self.replacing != target:
                self.replacing = target
                app.say(f"{target} already exists: Save again to replace it", True)
                return
            path = save_draft(self.draft, folder, self.file_name, overwrite=True, mods=self.mods)
        except DataError as exc:
            self.replacing = None
            app.say(exc.first_line(), True)
            return
        except OSError as exc:
            app.say(f"could not save the force: {exc}", True)
            return
        self.replacing = None
        app.say(f"saved {path}")

    def load(self, app, arg: str | None) -> None:
        typed = (arg or self.load_path).strip()
        if not typed:
            app.say("type the path of a force file, or click a saved one", True)
            return
        path = Path(typed)
        if not path.is_absolute() and not path.exists() and (forces_folder(app) / typed).exists():
            path = forces_folder(app) / typed
        try:
            draft = load_draft(path, self.side, self.roster, self.rules, self.mods)
        except DataError as exc:
            app.say(exc.first_line(), True)
            return
        self.draft.name, self.draft.picks = draft.name, draft.picks
        self.file_name = path.stem
        self.section.own[self.side] = False
        app.say(f"loaded {path}: {_sums_line(self.draft.totals(), self.rules)}")

    # ------------------------------------------------------------ drawing
    def draw(self, app) -> None:
        s, m = app.screen, app.mouse
        cover(app, 225)
        rules = session.RULESET_LABELS.get(self.rules, self.rules)
        r = box(app, 1000, 680, f"{self.side.capitalize()}'s force: {rules}")
        own = self.section.own.get(self.side, True)
        y = r.y + 36
        button(s, app.hits, (r.x + 16, y, 230, 28), "Use the level's own forces", "fb_own", True, active=own, mouse=m,
               tip="this side plays the units the level places")
        button(s, app.hits, (r.x + 254, y, 230, 28), "Play the force built here", "fb_own", False,
               active=not own, enabled=bool(self.draft.picks), mouse=m,
               tip="this side plays the units listed on the right (add one to start)")
        left = pygame.Rect(r.x + 16, y + 40, (r.w - 48) * 11 // 20, r.bottom - 150 - (y + 40))
        right = pygame.Rect(left.right + 16, left.y, r.right - 16 - left.right - 16, left.h)
        self._draw_roster(app, left)
        self._draw_force(app, right)
        self._draw_files(app, pygame.Rect(r.x + 16, left.bottom + 10, r.w - 32, r.bottom - left.bottom - 10))
        button(s, app.hits, (r.right - 136, r.bottom - 44, 120, 32), "Done", "close", key="Esc", active=True,
               mouse=m)
        if app.message and app.message != self.shown_before:
            for i, part in enumerate(wrap(app.message, 12, r.w - 520)[:2]):
                text(s, part, (r.x + 380, r.bottom - 42 + 15 * i), 12, theme.BAD if app.message_bad else theme.GOOD)

    def _draw_roster(self, app, r: pygame.Rect) -> None:
        s, m = app.screen, app.mouse
        y = r.y
        text(s, "Roster: click a unit to add it", (r.x, y), 13, theme.ACCENT, True)
        y += 20
        bw = (r.w - 3 * 6) // 4
        for i, kind in enumerate((None,) + KINDS):
            button(s, app.hits, (r.x + i * (bw + 6), y, bw, 24), KIND_LABELS.get(kind, "All kinds"), "fb_kind",
                   kind or "", active=self.kind == kind, mouse=m)
        y += 28
        bw = (r.w - 4 * 6) // 5
        for i, weight in enumerate((None,) + CLASSES):
            button(s, app.hits, (r.x + i * (bw + 6), y, bw, 24), (weight or "all weights").capitalize(),
                   "fb_class", weight or "", active=self.weight == weight, mouse=m)
        y += 46
        self.draw_field(app, (r.x, y, r.w, 24), "name contains (click, then type)", "name_filter")
        y += 30
        shown = self.shown()
        card = self.rules == "alpha-strike"
        cols = (r.x + 8, r.right - 200, r.right - 130, r.right - 80, r.right - 40)
        heads = ("unit", "class", "tons", "PV") if card else ("unit", "class", "tons", "PV", "BV")
        for j, head in enumerate(heads):
            text(s, head, (cols[j], y), 11, theme.TEXT_DIM)
        y += 16
        rows = max(1, (r.bottom - y - 18) // ROW)
        self.scroll = max(0, min(self.scroll, max(0, len(shown) - rows)))
        for e in shown[self.scroll:self.scroll + rows]:
            row = pygame.Rect(r.x, y, r.w, ROW - 3)
            button(s, app.hits, row, "", "fb_add", e.path, mouse=m, tip=f"{e.name} ({', '.join(x for x in (e.file, e.source) if x)})")
            # a card's PV at the skill it comes with (AS-PV-1); a classic unit's PV as its card gives it
            # and its BV at the crew it comes with (BV-SKILL)
            values = (_value(Pick.of(e).pv),) if card else (_value(e.pv), _value(Pick.of(e).bv))
            for j, value in enumerate((fit_text(e.name, 13, cols[1] - cols[0] - 8), e.weight_class,
                                       f"{e.tonnage} t") + values):
                text(s, value, (cols[j], row.centery), 13 if j == 0 else 12, theme.TEXT if j == 0 else theme.TEXT_DIM,
                     anchor="midleft")
            y += ROW
        more = f"{len(shown)} of {len(self.entries)} units"
        if len(shown) > rows:
            more += f", {self.scroll + 1}-{min(len(shown), self.scroll + rows)} shown (wheel scrolls)"
        if self.problems:
            more += f"; {len(self.problems)} files do not load (python -m engine roster --mods DIR --problems)"
        text(s, fit_text(more, 12, r.w), (r.x, r.bottom - 14), 12, theme.TEXT_DIM)

    def _draw_force(self, app, r: pygame.Rect) -> None:
        s, m = app.screen, app.mouse
        self.draw_field(app, (r.x, r.y + 18, r.w, 24), "force name", "force_name")
        y = r.y + 52
        t = self.draft.totals()
        text(s, fit_text(_sums_line(t, self.rules), 13, r.w, True), (r.x, y), 13, theme.ACCENT, True)
        y += 20
        if not self.draft.picks:
            text(s, "No units yet: click units of the roster to add them.", (r.x, y + 4), 12, theme.TEXT_DIM)
        else:
            text(s, "skill (lower is better)" if self.rules == "alpha-strike" else
                 "G gunnery, P piloting (a vehicle's driving); lower is better", (r.x, y), 11, theme.TEXT_DIM)
            y += 16
        self.force_rect = r
        rows = max(1, (r.bottom - y - 16) // ROW)
        picks = self.draft.picks
        self.force_scroll = max(0, min(self.force_scroll, len(picks) - rows))
        card = self.rules == "alpha-strike"
        for i, p in list(enumerate(picks))[self.force_scroll:self.force_scroll + rows]:
            row = pygame.Rect(r.x, y, r.w, ROW - 3)
            pygame.draw.rect(s, theme.PANEL_LIGHT, row, border_radius=3)
            skills_w = 92 if card else 184
            worth = f", PV {p.pv}" if card else (f", BV {p.bv}" if p.bv is not None else "")
            tail = f", {p.entry.tonnage} t{worth}"       # the name is shortened, never its tonnage and worth
            room = r.w - skills_w - 46 - theme.font(12).size(tail)[0]
            text(s, fit_text(p.entry.name, 12, room) + tail, (row.x + 6, row.centery),
                 12, theme.TEXT, anchor="midleft")
            x = row.right - skills_w - 28
            for skill, short in (("gunnery", "skill" if card else "G"),) + ((() if card else (("piloting", "P"),))):
                text(s, f"{short} {getattr(p, skill)}", (x, row.centery), 12, theme.TEXT, anchor="midleft")
                button(s, app.hits, (x + 44, row.y + 1, 20, ROW - 5), "-", "fb_skill", (i, skill, -1), mouse=m,
                       tip=f"better {skill} (lower is better)")
                button(s, app.hits, (x + 66, row.y + 1, 20, ROW - 5), "+", "fb_skill", (i, skill, 1), mouse=m,
                       tip=f"worse {skill}")
                x += 92
            button(s, app.hits, (row.right - 24, row.y + 1, 22, ROW - 5), "x", "fb_remove", i, mouse=m,
                   tip="take the unit out of the force")
            y += ROW
        if len(picks) > rows:
            text(s, f"{self.force_scroll + 1}-{min(len(picks), self.force_scroll + rows)} of {len(picks)} units "
                 f"shown (the wheel over them scrolls)", (r.x, y), 12, theme.TEXT_DIM)

    def _draw_files(self, app, r: pygame.Rect) -> None:
        s, m = app.screen, app.mouse
        folder = forces_folder(app)
        self.draw_field(app, (r.x, r.y + 16, 260, 24), f"save as (in {fit_path(str(folder), 12, 180)})", "file_name")
        button(s, app.hits, (r.x + 268, r.y + 16, 90, 24), "Save", "fb_save", enabled=bool(self.draft.picks),
               mouse=m, tip="write this force to a force file (docs/forces.md)")
        self.draw_field(app, (r.x, r.y + 64, 260, 24), "load a force file (path)", "load_path")
        button(s, app.hits, (r.x + 268, r.y + 64, 90, 24), "Load", "fb_load", None, enabled=bool(self.load_path),
               mouse=m, tip="replace this side's force with the file's units")
        saved = force_files(folder)[:FILES_SHOWN]
        x = r.x + 380
        if saved:
            text(s, "saved forces (click to load)", (x, r.y), 12, theme.TEXT_DIM)
        for i, path in enumerate(saved):
            button(s, app.hits, (x + i * 130, r.y + 16, 124, 24), fit_text(path.stem, 12, 114), "fb_load", str(path),
                   mouse=m, tip=str(path))


def _value(v: int | None) -> str:
    return "-" if v is None else str(v)


def _sums_line(t: dict[str, int], rules: str) -> str:
    """The force's totals; Alpha Strike cards count PV only (they have no BV)."""
    if rules == "alpha-strike":
        return f"{t['units']} units, {t['tonnage']} t, PV {t['pv']}"
    return describe_sums(t)
