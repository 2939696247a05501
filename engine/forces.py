"""Force files: the units a side brings to a battle (docs/forces.md). A force
file lists units by unit file, with their side, gunnery and piloting and,
optionally, where they start; a scenario, the command line
(`python -m engine forces`, `hexmech --force`) and the new-battle screen
start a battle from them. Units without a start hex deploy into their
side's zone of the level.

    name = "Fox lance"
    side = "blue"

    [[unit]]
    file = "atlas"
    gunnery = 3
    piloting = 4
    at = "0512"
    facing = 0
"""
from __future__ import annotations

import argparse
import dataclasses
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine.errors import DataError
from engine.files import MAX_SCENARIO_BYTES, read_toml
from engine.hexgrid import Hex, parse_hex_label
from engine.level_units import new_uid
from engine.megamek import Unsupported
from engine.roster import describe_sums, unit_type
from engine.unit_loader import UnitData, find_unit_file, load_unit

FORCE_KEYS = ("name", "side", "unit")
UNIT_KEYS = ("file", "id", "side", "gunnery", "piloting", "driving", "skill", "at", "facing")
SKILL_KEYS = ("gunnery", "piloting", "driving", "skill")
SKILLS = (0, 8)                 # the lowest and highest skill a force file may give
MAX_UNITS = 200


@dataclass
class ForceUnit:
    data: UnitData
    file: str
    side: str
    uid: str | None = None
    at: Hex | None = None
    facing: int | None = None
    overrides: dict[str, Any] = field(default_factory=dict)    # gunnery / piloting / driving


@dataclass
class Force:
    path: str
    name: str
    units: list[ForceUnit]


class _Fields:
    """Reads one table's fields; the first problem raises `FILE: where.key: what`."""

    def __init__(self, fname: str, where: str, table: dict) -> None:
        self.fname, self.where, self.table = fname, where, table

    def fail(self, key: str, what: str):
        raise DataError(f"{self.fname}: {self.where}{'.' if self.where else ''}{key}: {what}")

    def str_(self, key: str, default: str | None = None) -> str | None:
        v = self.table.get(key, default)
        if v is not default and (not isinstance(v, str) or not v.strip() or len(v) > 200):
            self.fail(key, f"expected a name, got {v!r}"[:200])
        return v

    def int_(self, key: str, lo: int, hi: int) -> int | None:
        v = self.table.get(key)
        if v is not None and (not isinstance(v, int) or isinstance(v, bool) or not lo <= v <= hi):
            self.fail(key, f"expected an integer from {lo} to {hi}, got {v!r}"[:200])
        return v


def load_force(path: Path | str, mods: list[Path] | None = None) -> Force:
    """Read and check a force file and the unit files it names."""
    path = Path(path)
    fname = str(path)
    raw = read_toml(path, MAX_SCENARIO_BYTES, fname)
    top = _Fields(fname, "", raw)
    for key in raw:
        if key not in FORCE_KEYS:
            top.fail(key, "unknown key")
    default_side = top.str_("side")
    units = raw.get("unit", [])
    if not isinstance(units, list) or not all(isinstance(u, dict) for u in units):
        top.fail("unit", "expected [[unit]] tables")
    if not units:
        top.fail("unit", "a force needs at least one [[unit]]")
    if len(units) > MAX_UNITS:
        top.fail("unit", f"{len(units)} units, at most {MAX_UNITS}")
    out = [_unit(u, _Fields(fname, f"unit[{i + 1}]", u), default_side, mods) for i, u in enumerate(units)]
    return Force(fname, top.str_("name", "") or path.stem, out)


def with_card_skill(data: UnitData, skills: dict[str, int]) -> UnitData:
    """The unit with a card's skill taken out of `skills` into its card (a
    card's skill is on the card, not an override of the crew)."""
    if "skill" not in skills:
        return data
    return dataclasses.replace(data, alpha_strike={**data.alpha_strike, "skill": skills.pop("skill")})


def _unit(raw: dict, f: _Fields, default_side: str | None, mods: list[Path] | None) -> ForceUnit:
    for key in raw:
        if key not in UNIT_KEYS:
            f.fail(key, "unknown key")
    name = f.str_("file")
    if name is None:
        f.fail("file", "required (a unit file name: mods first, then assets/units/)")
    side = f.str_("side", default_side)
    if side is None:
        f.fail("side", "required (here or at the top of the force file)")
    path = find_unit_file(name, mods)
    if path is None:
        f.fail("file", f"unit file {name!r} not found (looked in the mod folders and assets/units/)")
    try:
        data = load_unit(path, mods=mods)
    except (Unsupported, DataError) as exc:
        f.fail("file", exc.first_line())
    skills = {k: f.int_(k, *SKILLS) for k in SKILL_KEYS if k in raw}
    if "skill" in skills and data.kind != "alpha-strike":
        f.fail("skill", "only Alpha Strike cards have a skill (classic units: gunnery and piloting)")
    if data.kind == "alpha-strike" and set(skills) - {"skill"}:
        f.fail(sorted(set(skills) - {"skill"})[0], "an Alpha Strike card has one skill: use skill")
    data = with_card_skill(data, skills)
    at = None
    if "at" in raw:
        try:
            at = parse_hex_label(raw["at"])
        except ValueError as exc:
            f.fail("at", str(exc))
    return ForceUnit(data, name, side, f.str_("id"), at, f.int_("facing", 0, 5), skills)


def totals(units: list[ForceUnit], mods: list[Path] | None = None) -> dict[str, dict[str, Any]]:
    """Per side: units, tonnage, and the sums of the Alpha Strike PV (a
    card's at its skill, AS-PV-1) and BV (at each crew's skills, BV-SKILL)
    the units have (with how many have none)."""
    from engine.roster import roster, sums
    from systems.alpha_strike.card import skill_adjusted_points
    from systems.classic.battle_value import battle_value
    entries, _ = roster(mods)
    pv_by_name = {e.name: e.pv for e in entries}
    rows: dict[str, list[tuple[int, int | None, int | None]]] = {}
    for u in units:
        card = u.data.alpha_strike
        pv = (skill_adjusted_points(card["points"], card.get("skill", 4)) if card
              else pv_by_name.get(u.data.name))
        bv = battle_value(u.data, u.overrides.get("gunnery"), u.overrides.get("piloting", u.overrides.get("driving")))
        rows.setdefault(u.side, []).append((u.data.tonnage, pv, bv))
    return {side: sums(r) for side, r in rows.items()}


# ------------------------------------------------------------------ a battle from forces
def edge_zones(game, sides: list[str]) -> dict[str, list[Hex]]:
    """Deployment zones when a level has none for a side: the first side the
    two southern rows, the second the two northern rows, then the western
    and eastern columns."""
    w, h = game.map.width, game.map.height
    bands = [lambda x: x.y >= h - 2, lambda x: x.y <= 1, lambda x: x.x <= 1, lambda x: x.x >= w - 2]
    return {side: [x for x in game.map.all_hexes() if bands[i % 4](x)] for i, side in enumerate(sides)}


def place_forces(game, forces: list[Force], zones: dict[str, list[Hex]] | None = None) -> None:
    """Spawn every force unit: at its hex, or in the first hex of its side's
    zone (in hex number order) where it may stand (the placement rules of
    engine/deployment.py). Zones missing for a side are edge zones. A unit
    that finds no hex is refused, naming its force file."""
    from components import Position
    from engine import deployment
    sides = list(dict.fromkeys(u.side for force in forces for u in force.units))
    for side in sides:
        if side not in game.sides:
            game.sides.append(side)
    zones = {**edge_zones(game, sides), **(zones or {})}
    taken = set(game.units)
    for force in forces:
        for i, u in enumerate(force.units):
            where = f"{force.path}: unit[{i + 1}]"
            uid = u.uid or new_uid(f"{u.side}_{Path(u.file).stem}", taken)
            if uid in game.units:
                raise DataError(f"{where}.id: another unit already has the id {uid!r}")
            taken.add(uid)
            zone = sorted(zones.get(u.side, []), key=game.map.label)
            if u.at is not None and not game.map.on_map(u.at):
                raise DataError(f"{where}.at: {game.map.label(u.at)} is off the {game.map.width}x"
                                f"{game.map.height} map")
            candidates = [u.at] if u.at is not None else zone
            if not candidates:
                raise DataError(f"{where}: side {u.side!r} has no deployment zone here: give the unit an 'at' hex")
            facing = u.facing if u.facing is not None else _facing_inward(game, zone)
            ent = game.add_unit(u.data, uid, u.side, candidates[0], facing, dict(u.overrides))
            reason = None
            for h in candidates:
                # Standing in the hex, the unit is inside its own side's zone:
                # what is checked is the terrain and the stacking.
                game.world.component(ent, Position).hex = h
                reason = deployment.check_placement(game, uid, h, facing)
                if reason is None:
                    break
            if reason is not None:
                raise DataError(f"{where}.at: {reason}" if u.at is not None else
                                f"{where}: no hex of side {u.side}'s zone takes it ({reason})")
    game.__dict__["deployment_zones"] = {side: zones[side] for side in sides}


def _facing_inward(game, zone: list[Hex]) -> int:
    """Face the map's far side: north from the southern half, south from the northern one."""
    if not zone:
        return 0
    mean_y = sum(h.y for h in zone) / len(zone)
    return 0 if mean_y >= game.map.height / 2 else 3


def new_battle(level: Path | str, force_files: list[Path | str], mods: list[Path] | None = None,
               seed: int | None = None):
    """A new Game on a level with the units of the force files instead of
    the level's own (`battle`)."""
    return battle(level, [load_force(f, mods) for f in force_files], mods, seed)


def ruleset_refusal(force: Force, ruleset: str) -> str | None:
    """Why the force cannot play a battle of `ruleset` (a card in a classic
    battle, a classic unit in an Alpha Strike one), or None."""
    for i, u in enumerate(force.units):
        if (u.data.kind == "alpha-strike") != (ruleset == "alpha-strike"):
            return (f"{force.path}: unit[{i + 1}].file: {u.file} is "
                    f"{'an Alpha Strike card' if u.data.kind == 'alpha-strike' else 'a classic unit'}"
                    f"; the level plays {ruleset}")
    return None


def battle(level: Path | str, forces: list[Force], mods: list[Path] | None = None, seed: int | None = None,
           keep_others: bool = False):
    """A new Game on a level with the units of `forces` instead of the
    level's own; with `keep_others`, the level sides no force names keep
    their own units and zones. A side deploys in the level's zone of the
    same name (its deployment layer, or around the level's units of that
    side); a side the level does not know takes the zone of a level side no
    force uses, in order; edge zones otherwise."""
    from engine import deployment
    from engine.levels import game_of_level, load_level
    level_data = load_level(Path(level), mods)
    ruleset = level_data.ruleset
    for force in forces:
        refusal = ruleset_refusal(force, ruleset)
        if refusal:
            raise DataError(refusal)
    level_game = game_of_level(level_data, seed)
    level_zones = {side: list(level_game.deployment_zones.get(side) or deployment.deployment_hexes(level_game, side))
                   for side in level_game.sides}
    force_sides = list(dict.fromkeys(u.side for force in forces for u in force.units))
    others = [side for side in level_game.sides if side not in force_sides]
    spare = [] if keep_others else list(others)
    zones = {}
    for side in force_sides:
        if level_zones.get(side):
            zones[side] = level_zones[side]
        elif spare:
            zones[side] = level_zones[spare.pop(0)]
    seed = level_game.dice.seed
    level_game.close()
    kept = others if keep_others else []
    game = game_of_level(level_data, seed, sides=kept)
    game.sides = list(kept)
    kept_zones = {side: level_zones[side] for side in kept}
    place_forces(game, forces, zones)
    game.sides = ([side for side in level_data.sides if side in game.sides]
                  + [side for side in game.sides if side not in level_data.sides])
    game.__dict__["deployment_zones"] = {**kept_zones, **game.deployment_zones}
    return game


# ------------------------------------------------------------------ the command
def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m engine forces",
                                description="check force files and show each side's totals")
    p.add_argument("files", nargs="+", help="force files")
    p.add_argument("--mods", action="append", default=[], help="mod folder searched first for unit files")
    p.add_argument("--level", help="also deploy the forces on this Tiled level")
    args = p.parse_args(argv)
    mods = [Path(m) for m in args.mods]
    try:
        forces = [load_force(f, mods) for f in args.files]
        if args.level:
            new_battle(args.level, args.files, mods, seed=0).close()
    except DataError as exc:
        print(exc.first_line(), file=sys.stderr)
        return 2
    units = [u for force in forces for u in force.units]
    for force in forces:
        print(f"{force.name} ({force.path})")
        for u in force.units:
            print(f"  {u.side:<8} {u.data.name:<34} {unit_type(u.data):<12} {u.data.tonnage:>3} t"
                  + "".join(f"  {k} {v}" for k, v in u.overrides.items())
                  + (f"  at {u.at.label}" if u.at is not None else ""))
    for side, t in totals(units, mods).items():
        print(f"{side}: {describe_sums(t)}")
    if args.level:
        print(f"{args.level}: every unit deploys")
    return 0
