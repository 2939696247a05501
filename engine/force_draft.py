"""A side's force as the new-battle screen builds it: units picked from the
roster (engine/roster.py) with each crew's gunnery and piloting, the side's
totals, and its force file (docs/forces.md, read by engine/forces.py).

A draft is saved only as a file name inside the forces folder given (no
path, no overwriting unless asked), and is read back through
`forces.load_force` before it counts as saved; a force file loaded into a
draft is checked the same way and every unit must be in the roster the
screen shows, so what a draft holds always starts a battle.
"""
from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from pathlib import Path

from engine.errors import DataError
from engine.forces import SKILLS, Force, ForceUnit, load_force, ruleset_refusal, with_card_skill
from engine.hexgrid import Hex
from engine.roster import RosterEntry, sums
from engine.unit_loader import control_skill, load_unit
from systems.alpha_strike.card import skill_adjusted_points
from systems.classic.battle_value import skill_adjusted_bv

FORCE_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9 _.-]{0,63}")


@dataclass
class Pick:
    """One unit of a draft: a roster entry and its crew (an Alpha Strike
    card's skill is its gunnery). A unit loaded from a force file keeps its
    id, start hex and facing."""
    entry: RosterEntry
    gunnery: int
    piloting: int
    uid: str | None = None
    at: Hex | None = None
    facing: int | None = None

    @classmethod
    def of(cls, entry: RosterEntry) -> "Pick":
        return cls(entry, entry.gunnery, entry.piloting)

    @property
    def pv(self) -> int | None:
        """The entry's PV at this crew's skill (AS-PV-1), None without one."""
        if self.entry.pv is None or self.entry.rules != "alpha-strike":
            return self.entry.pv
        return skill_adjusted_points(self.entry.pv, self.gunnery)

    @property
    def bv(self) -> int | None:
        """The entry's Battle Value at this crew's skills (BV-SKILL), None
        without one (an Alpha Strike card)."""
        if self.entry.bv is None:
            return None
        return skill_adjusted_bv(self.entry.bv, self.gunnery, self.piloting)


@dataclass
class Draft:
    side: str
    name: str = ""
    picks: list[Pick] = field(default_factory=list)

    def add(self, entry: RosterEntry) -> Pick:
        pick = Pick.of(entry)
        self.picks.append(pick)
        return pick

    def remove(self, index: int) -> None:
        if 0 <= index < len(self.picks):
            del self.picks[index]

    def set_skill(self, index: int, skill: str, step: int) -> None:
        """Raise or lower a pick's gunnery or piloting by `step`, within the
        skills a force file may give (SKILLS)."""
        if 0 <= index < len(self.picks) and skill in ("gunnery", "piloting"):
            pick = self.picks[index]
            card = pick.entry.rules == "alpha-strike"
            if skill == "piloting" and card:
                return          # a card has one skill, kept as its gunnery and piloting both
            lo, hi = SKILLS
            value = max(lo, min(hi, getattr(pick, skill) + step))
            setattr(pick, skill, value)
            if card:
                pick.piloting = value

    def totals(self) -> dict[str, int]:
        """Units, tonnage, PV and BV (at the crews' skills; engine/roster.sums)."""
        return sums([(p.entry.tonnage, p.pv, p.bv) for p in self.picks])

    def rules(self) -> set[str]:
        return {p.entry.rules for p in self.picks}

    def to_force(self, mods: list[Path] | None = None) -> Force:
        """The draft as a Force for engine/forces.battle."""
        where = f"{self.side}'s force{f' {self.name!r}' if self.name else ''}"
        units = []
        for p in self.picks:
            skills = _skills(p)
            data = with_card_skill(load_unit(Path(p.entry.path), mods=mods), skills)
            units.append(ForceUnit(data, p.entry.file, self.side, p.uid, p.at, p.facing, skills))
        return Force(where, self.name or where, units)


def _skills(p: Pick) -> dict[str, int]:
    if p.entry.rules == "alpha-strike":
        return {"skill": p.gunnery}
    return {"gunnery": p.gunnery, control_skill(p.entry.kind): p.piloting}


def _toml_string(s: str) -> str:
    """A TOML basic string: quote, backslash and control characters escaped."""
    return '"' + "".join(c if c not in '"\\' and ord(c) >= 0x20 and ord(c) != 0x7F else
                         ("\\" + c if c in '"\\' else f"\\u{ord(c):04x}") for c in s) + '"'


def force_text(draft: Draft) -> str:
    """The draft as a force file (engine/forces.py's format)."""
    name = draft.name if draft.name.strip() else f"{draft.side} force"
    lines = [f"name = {_toml_string(name)}", f"side = {_toml_string(draft.side)}"]
    for p in draft.picks:
        lines += ["", "[[unit]]", f"file = {_toml_string(p.entry.file)}"]
        if p.uid:
            lines.append(f"id = {_toml_string(p.uid)}")
        lines += [f"{k} = {v}" for k, v in _skills(p).items()]
        if p.at is not None:
            lines.append(f"at = \"{p.at.label}\"")
        if p.facing is not None:
            lines.append(f"facing = {p.facing}")
    return "\n".join(lines) + "\n"


def force_path(folder: Path, name: str) -> Path:
    """The force file `name` in `folder`: a plain file name (letters,
    digits, space, _ . -; `.toml` added), never a path leading elsewhere."""
    stem = name.strip()
    if stem.lower().endswith(".toml"):
        stem = stem[:-5]
    if not FORCE_NAME.fullmatch(stem) or ".." in stem:
        raise DataError(f"force file name {name!r}: use letters, digits, spaces, _ . - (no folders), "
                        f"at most 64 characters")
    return Path(folder) / f"{stem}.toml"


def save_draft(draft: Draft, folder: Path, name: str, overwrite: bool = False,
               mods: list[Path] | None = None) -> Path:
    """Write the draft to the force file `name` in `folder` and read it back.
    An existing file is replaced only with `overwrite`."""
    if not draft.picks:
        raise DataError(f"{draft.side}'s force: no units to save")
    path = force_path(folder, name)
    if path.exists() and not overwrite:
        raise DataError(f"{path}: already exists (save again to replace it)")
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.tmp")
    tmp.write_text(force_text(draft), encoding="utf-8")
    try:
        load_force(tmp, mods)
    except DataError as exc:
        tmp.unlink()
        raise DataError(f"{path}: not saved: {exc.first_line()}") from None
    os.replace(tmp, path)
    return path


def force_files(folder: Path) -> list[Path]:
    """The force files in `folder`, newest first."""
    folder = Path(folder)
    if not folder.is_dir():
        return []
    return sorted((p for p in folder.glob("*.toml") if p.is_file()), key=lambda p: (-p.stat().st_mtime, p.name))


def load_draft(path: Path | str, side: str, entries: list[RosterEntry], rules: str,
               mods: list[Path] | None = None) -> Draft:
    """A force file as the draft of `side` (its units join that side,
    whatever side the file names). Refused, naming the file and the field:
    anything load_force refuses, a unit the roster shown has not, a unit of
    other rules than `rules`."""
    force = load_force(path, mods)
    by_path = {str(Path(e.path).resolve()): e for e in entries}
    refusal = ruleset_refusal(force, rules)
    if refusal:
        raise DataError(refusal)
    picks = []
    for i, u in enumerate(force.units):
        entry = by_path.get(str(Path(u.data.path).resolve()))
        if entry is None:
            raise DataError(f"{force.path}: unit[{i + 1}].file: {u.file} is not in the roster of the mod folders "
                            f"chosen")
        pick = Pick(entry, entry.gunnery, entry.piloting, u.uid, u.at, u.facing)
        if entry.rules == "alpha-strike":
            pick.gunnery = pick.piloting = u.data.alpha_strike["skill"]
        pick.gunnery = u.overrides.get("gunnery", pick.gunnery)
        pick.piloting = u.overrides.get("piloting", u.overrides.get("driving", pick.piloting))
        picks.append(pick)
    return Draft(side, force.name, picks)
