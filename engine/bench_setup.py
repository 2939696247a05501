"""What the benchmarks (engine/bench.py) play on: a generated mixed-terrain
Tiled level painted with the shipped tileset, and scripted 4-versus-4
battles written as scenario files.

The level is drawn with levels/make_levels.py's `MapBuilder` (the same code
that makes the shipped levels) from a seeded random layout: hills, woods,
rough and rubble, lakes, towns and roads, and units of both sides spread
over clear ground. It refers to the shipped tileset by absolute path, so it
can be written to any folder.
"""
from __future__ import annotations

import importlib.util
import random
import sys
from pathlib import Path

from engine.hexgrid import Hex, distance, hexes_within
from engine.paths import ASSETS, LEVELS

TILESET = ASSETS / "tilesets" / "terrain.tsx"

# Units of the generated level, cycled per side: mechs, ground vehicles and a
# VTOL (with its altitude), so every kind of movement rule is on the board.
LEVEL_UNITS = ("shadow_hawk.toml", "saladin.toml", "warrior.toml", "atlas.toml", "locust.toml",
               "manticore.toml", "jagermech.toml", "condor.toml", "grasshopper.toml", "striker.toml",
               "hatchetman.toml", "panther.toml")
VTOL_ALTITUDE = 3


def _make_levels():
    """levels/make_levels.py as a module (it is a script, not a package)."""
    name = "hexmech_make_levels"
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, LEVELS / "make_levels.py")
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
    return sys.modules[name]


def level_tmx(width: int = 100, height: int = 100, units: int = 40, seed: int = 1) -> str:
    """The text of a generated mixed-terrain level (`units` units, half a side)."""
    ml = _make_levels()
    rng = random.Random(seed)
    m = ml.MapBuilder(width, height, f"Benchmark {width}x{height}", sides="blue,red")
    area = width * height

    def anywhere() -> Hex:
        return Hex(rng.randrange(width), rng.randrange(height))

    for _ in range(max(1, area // 250)):                       # hills
        c, peak, slope = anywhere(), rng.randint(1, 4), rng.randint(1, 2)
        for h in hexes_within(c, peak * slope):
            lv = peak - distance(c, h) // slope
            if lv > 0 and m.on_map(h):
                m.levels[h] = max(m.levels.get(h, 0), lv)
    for _ in range(max(1, area // 80)):                        # woods
        c = anywhere()
        m.paint("light_woods", hexes_within(c, rng.randint(0, 3)))
        if rng.random() < 0.5:
            m.paint("heavy_woods", hexes_within(c, rng.randint(0, 1)))
    for _ in range(max(1, area // 150)):                       # rough ground and rubble
        m.paint(rng.choice(("rough", "rubble")), hexes_within(anywhere(), rng.randint(0, 1)))
    for _ in range(max(1, area // 700)):                       # lakes, deeper in the middle
        c, radius = anywhere(), rng.randint(1, 3)
        for h in hexes_within(c, radius):
            m.paint(f"water_depth_{min(3, radius - distance(c, h) + 1)}", [h])
    for _ in range(max(1, area // 2500)):                      # roads from edge to edge
        a = Hex(0, rng.randrange(height))
        b = Hex(width - 1, rng.randrange(height))
        mid = anywhere()
        if len({a, b, mid}) == 3:
            m.road(a, mid, b)
        a, b = Hex(rng.randrange(width), 0), Hex(rng.randrange(width), height - 1)
        if a != b:
            m.road(a, b)
    for h, sides in m.roads.items():                           # crossings without a piece: a hub
        try:
            m.road_tile(sides)
        except ValueError:
            sides.update(range(6))
    for _ in range(max(1, area // 1500)):                      # towns: buildings off the roads
        c = anywhere()
        for h in hexes_within(c, 2):
            if m.on_map(h) and h not in m.roads and rng.random() < 0.5:
                m.paint(f"building_{rng.randint(1, 4)}", [h])

    free = [Hex(x, y) for x in range(width) for y in range(height)
            if Hex(x, y) not in m.terrain and Hex(x, y) not in m.roads]
    rng.shuffle(free)
    west = [h for h in free if h.x < width // 2]
    east = [h for h in free if h.x >= width // 2]
    for i in range(units):
        side, spots = ("blue", west) if i % 2 == 0 else ("red", east)
        if not spots:
            raise ValueError(f"no clear hex left for unit {i + 1} on a {width}x{height} level")
        unit = LEVEL_UNITS[(i // 2) % len(LEVEL_UNITS)]
        altitude = VTOL_ALTITUDE if unit == "warrior.toml" else None
        m.unit(unit, side, spots.pop(), rng.randrange(6), name=f"{Path(unit).stem}-{side}-{i // 2 + 1}",
               altitude=altitude)
    text = m.tmx()
    return text.replace(f'source="{ml.TILESET}"', f'source="{TILESET}"')


def write_level(folder: Path, width: int = 100, height: int = 100, units: int = 40, seed: int = 1) -> Path:
    path = Path(folder) / f"bench_{width}x{height}.tmx"
    path.write_text(level_tmx(width, height, units, seed), encoding="utf-8")
    return path


# ---------------------------------------------------------------- battles
# Two lances facing each other across open ground with a few woods. Each
# column holds one duel: the sides close in for three turns, then hold and
# fire everything at the unit across, stepping forward and back.
CLASSIC_LANCES = (("shadow_hawk", "hatchetman", "grasshopper", "panther"),
                  ("jagermech", "atlas", "locust", "panther"))
ALPHA_LANCES = (("loki", "hatchetman_as", "firestarter_as", "hunchback_as"),
                ("hunchback_as", "manticore_as", "firestarter_as", "loki"))


def battle_toml(ruleset: str = "classic", turns: int = 10, seed: int = 7) -> str:
    """A scripted 4-versus-4 battle of `turns` turns as scenario TOML."""
    from engine.unit_loader import find_unit_file, load_unit
    from systems.classic.weapon_names import weapon_names
    lances = CLASSIC_LANCES if ruleset == "classic" else ALPHA_LANCES
    width, height = 16, 24
    columns = (3, 6, 9, 12)
    lines = [f'ruleset = "{ruleset}"', f"seed = {seed}", "",
             "[map]", f"width = {width}", f"height = {height}"]
    for at, terrain in (("0510", "light_woods"), ("0811", "light_woods"), ("1110", "heavy_woods"),
                        ("0415", "rough"), ("1014", "light_woods")):
        lines += ["[[map.hex]]", f'at = "{at}"', f'terrain = "{terrain}"']
    units: list[tuple[str, str, list[str]]] = []      # id, side, weapon order names
    for side, (row, facing), lance in zip(("blue", "red"), ((2, 3), (height - 1, 0)), lances):
        for col, name in zip(columns, lance):
            uid = f"{side}_{name}_{col}"
            data = load_unit(find_unit_file(f"{name}.toml"))
            units.append((uid, side, weapon_names([w["type"] for w in data.weapons])))
            lines += ["", "[[unit]]", f'id = "{uid}"', f'data = "{name}.toml"', f'side = "{side}"',
                      f'at = "{col:02d}{row:02d}"', f"facing = {facing}"]
    half = len(columns)
    for t in range(1, turns + 1):
        lines += ["", "[[turn]]"]
        if t <= 3:
            path = ["F", "F", "F"]
        else:
            path = ["F"] if t % 2 else ["B"]
        for uid, _, _ in units:
            lines += ["[[turn.move]]", f'unit = "{uid}"', 'mode = "walk"',
                      "path = [" + ", ".join(f'"{s}"' for s in path) + "]"]
        for i, (uid, _, weapons) in enumerate(units):
            target = units[(i + half) % len(units)][0]
            if ruleset == "classic":
                for w in weapons:
                    lines += ["[[turn.fire]]", f'unit = "{uid}"', f'weapon = "{w}"', f'target = "{target}"']
            else:
                lines += ["[[turn.fire]]", f'unit = "{uid}"', f'target = "{target}"']
    return "\n".join(lines) + "\n"


def write_battle(folder: Path, ruleset: str = "classic", turns: int = 10, seed: int = 7) -> Path:
    path = Path(folder) / f"bench_battle_{ruleset}.toml"
    path.write_text(battle_toml(ruleset, turns, seed), encoding="utf-8")
    return path


# ---------------------------------------------------------------- a long game (replay verification)
def long_game(folder: Path, turns: int = 100, marks: tuple[int, ...] = (), seed: int = 0) -> dict[int, Path]:
    """A game of random orders on the shipped skirmish level played for
    `turns` turns (the first seed from `seed` whose game lasts that long),
    saved at the end of each turn in `marks` and of the last: turn -> save."""
    from engine import random_play, saves
    for s in range(seed, seed + 50):
        rng = random.Random(s)
        game = random_play.random_game(rng, level=LEVELS / "skirmish.tmx")
        inv = random_play.Invariants(check_refusals=False, check_saves=False)
        out: dict[int, Path] = {}
        try:
            for _ in range(turns):
                random_play.play_game(game, rng, 1, random_play.Stats(), inv, replay_check=False)
                if game.winner is not None or inv.problems:
                    break
                if game.turn in marks or game.turn == turns:
                    out[game.turn] = saves.save_game(game, Path(folder) / f"bench_game_turn{game.turn}.json")
        finally:
            game.close()
        if turns in out:
            return out
    raise ValueError(f"no random game on the skirmish level lasted {turns} turns")
