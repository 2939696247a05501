"""Starting a battle for the hot-seat window: from a Tiled level (through
engine/levels.py) or, when no level file is available, from a small
built-in training ground so the window always opens on a playable map."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from engine.errors import DataError
from engine.game import Game
from engine.hexgrid import parse_hex_label
from engine.hexmap import HexMap, Terrain
from engine.paths import DEFAULT_LEVEL, LEVELS, UNITS
from engine.unit_loader import load_unit

BUILTIN = "builtin:training-ground"


@dataclass(frozen=True)
class Table:
    """How the players sit at the screen: `shared` (everyone sees the board,
    BattleTech hides nothing: no hand-over screens), `dice_at_table` (every
    roll is made with real dice and typed in: engine/dice.py)."""
    shared: bool = False
    dice_at_table: bool = False


def level_choices() -> list[str]:
    """Levels shipped in levels/; the built-in map only when none ships (it
    stands in for them: the shipped training level is the same ground)."""
    out = sorted(str(p) for p in LEVELS.glob("*.tmx")) if LEVELS.is_dir() else []
    return out or [BUILTIN]


_INFO: dict[str, tuple[str, str | None]] = {}
_SIDES: dict[str, list[str]] = {}

RULESET_LABELS = {"classic": "Classic (Total Warfare)", "alpha-strike": "Alpha Strike"}


def level_info(level: str) -> tuple[str, str | None]:
    """(a one-line summary, the ruleset it is played with; None when the
    level cannot be loaded, the summary then says why)."""
    if level == BUILTIN:
        return "Training ground (built in): blue vs red, 4 units, 15 x 17", "classic"
    if level not in _INFO:
        try:
            from engine.levels import load_level
            lv = load_level(Path(level))
            _INFO[level] = (f"{lv.title or Path(level).stem}: {' vs '.join(lv.sides)}, "
                            f"{len(lv.placements)} units, {lv.map.width} x {lv.map.height}", lv.ruleset)
            _SIDES[level] = list(lv.sides)
        except Exception as exc:      # a broken level still shows up, with why
            _INFO[level] = (f"{Path(level).stem}: cannot load ({str(exc).splitlines()[0][:80]})", None)
    return _INFO[level]


def level_sides(level: str) -> list[str]:
    """The sides of a level (blue and red for the built-in map, and for a
    level that cannot be loaded: starting it says why)."""
    level_info(level)
    return list(_SIDES.get(level, ["blue", "red"]))


def level_summary(level: str) -> str:
    """'Skirmish at Harlech Crossing: blue vs red, 10 units, 32 x 17'."""
    return level_info(level)[0]


def default_level() -> str:
    return str(DEFAULT_LEVEL) if DEFAULT_LEVEL.is_file() else BUILTIN


def new_game(level: str | None = None, mods: list[Path] | None = None, seed: int | None = None,
             forces: list | None = None) -> Game:
    """A new battle on `level` (a .tmx path or BUILTIN); with `forces`
    (engine/force_draft.Draft, built on the new-battle screen), their sides
    have the drafts' units and the other sides the level's own
    (engine/forces.battle)."""
    import random
    level = level or default_level()
    seed = random.randrange(1 << 30) if seed is None else seed
    if forces:
        if level == BUILTIN:
            raise DataError(f"{BUILTIN}: plays its own units; choose a level file for built forces")
        from engine.forces import battle
        mods = list(mods or [])
        return battle(Path(level), [draft.to_force(mods) for draft in forces], mods, seed, keep_others=True)
    if level == BUILTIN:
        return training_ground(seed)
    from engine.levels import new_game_from_level
    return new_game_from_level(Path(level), list(mods or []), seed)


def training_ground(seed: int = 0) -> Game:
    """A 15x17 map with woods, a hill, water, a road and a building, and two
    mechs and a hover tank per side."""
    hm = HexMap(15, 17, title="Training ground")

    def put(labels: str, **kw) -> None:
        for lab in labels.split():
            hm.set(parse_hex_label(lab), Terrain(**kw))

    put("0404 0405 0504 0305 1109 1110 1210", terrain="light_woods")
    put("0505 1011 1111", terrain="heavy_woods")
    put("0709 0710 0809", terrain="clear", level=1)
    put("0808", terrain="clear", level=2)
    put("0810", terrain="light_woods", level=1)
    put("1204 1205 1305", terrain="water", depth=1)
    put("1304", terrain="water", depth=2)
    put("0313 0314", terrain="rough")
    put("0612", terrain="building", building=2)
    for y in range(1, 18):
        lab = f"02{y:02d}" if y < 9 else f"13{y:02d}"
        if hm.terrain(parse_hex_label(lab)).terrain == "clear":
            hm.set(parse_hex_label(lab), Terrain(road=True))
    for lab in ("0309", "0409", "0509", "0609", "0710", "0810", "0910", "1010", "1110", "1210", "1309"):
        t = hm.terrain(parse_hex_label(lab))
        hm.set(parse_hex_label(lab), Terrain(t.terrain, t.level, t.depth, True, False, t.building))
    game = Game(hm, "classic", seed, sides=["blue", "red"])
    units = [("grasshopper.toml", "hopper", "blue", "0316", 0), ("jagermech.toml", "jager", "red", "1202", 3),
             ("saladin.toml", "saladin_b", "blue", "0716", 0), ("saladin.toml", "saladin_r", "red", "0902", 3)]
    for fname, uid, side, at, facing in units:
        game.add_unit(load_unit(UNITS / fname), uid, side, parse_hex_label(at), facing)
    return game
