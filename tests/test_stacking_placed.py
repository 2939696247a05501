"""Stacking for units put somewhere rather than moved there (mech_core.md
section 2, B-POS-3, B-VTOL-5): deployment, the save check and random play's
invariants ask the end-of-move test of systems/common/stacking.py of a unit
where it is put or stands, and level loading judges its placements alike, a
VTOL landed on a roof included: one unit on the ground per hex, a friend on
the roof above one inside, never an enemy."""
from __future__ import annotations

import json
import random

import pytest

from components import Altitude, Position
from engine import deployment, random_play as rp, saves
from engine.errors import DataError
from engine.hexgrid import Hex, parse_hex_label
from engine.hexmap import Terrain
from engine.paths import UNITS
from engine.session import training_ground
from engine.unit_loader import load_unit
from systems.common import unit_state
from tests.helpers import add, make_game

H = parse_hex_label
ROOF = {"terrain": "building", "building": 2, "building_class": "heavy", "cf": 90}


# --------------------------------------------------------------------- deployment
def _deploying():
    """The training ground with height-2 buildings in blue's zone, the blue
    mech inside one of them, and two blue VTOLs to deploy."""
    g = training_ground(1)
    for label in ("0615", "0614", "0616"):
        g.map.set(H(label), Terrain(**ROOF))
    g.world.component(g.units["hopper"], Position).hex = H("0615")
    for uid in ("heli", "heli2"):
        g.add_unit(load_unit(UNITS / "warrior.toml"), uid, "blue", H("0515"), 0, {"altitude": 2})
    deployment.begin(g)
    return g


def test_B_POS_3_B_VTOL_5_deployment_lands_a_vtol_on_a_roof_above_a_friend_never_an_enemy_or_a_second():
    g = _deploying()
    assert deployment.place(g, "heli", H("0615"), 0) is None            # on the roof above the blue mech
    assert deployment.check_placement(g, "heli2", H("0615"), 0) == \
        "0615 already holds Warrior H-7 Attack Helicopter: one unit on the ground per hex"
    g.world.component(g.units["jager"], Position).hex = H("0614")       # a red mech inside blue's zone
    assert "0614 holds JagerMech JM6-S, a unit of another side" == deployment.check_placement(g, "heli2", H("0614"), 0)
    g.world.component(g.units["heli2"], Altitude).level = 3             # flying above the roof: it may
    assert deployment.check_placement(g, "heli2", H("0614"), 0) is None
    assert deployment.check_placement(g, "hopper", H("0616"), 0) is None


# --------------------------------------------------------------------- level loading
def _level_with_a_vtol_on_a_roof(tmp_path, side: str):
    from tests.test_levels import layer_xml, unit_object, write_map
    objects = (unit_object(1, Hex(1, 1), "grasshopper.toml", "blue")             # inside the height-3 building
               + unit_object(2, Hex(1, 1), "warrior.toml", side,
                             extra='<property name="altitude" type="int" value="3"/>')
               + unit_object(3, Hex(5, 0), "jagermech.toml", "red"))
    return write_map(tmp_path, layers=layer_xml("town", 6, 5, {(1, 1): 5}), objects=objects)


def test_B_VTOL_2_B_POS_3_a_level_may_start_a_vtol_on_a_roof_above_a_friend_not_an_enemy(tmp_path):
    from engine.levels import load_level
    from tests.test_levels import refused
    level = load_level(_level_with_a_vtol_on_a_roof(tmp_path, "blue"))
    assert [p.overrides.get("altitude") for p in level.placements] == [None, 3, None]
    refused(_level_with_a_vtol_on_a_roof(tmp_path, "red"), "0202", "another side")


# --------------------------------------------------------------------- the save check
def _roof_save(tmp_path, side: str, altitude: int = 2):
    game = make_game(hexes={"0505": ROOF})
    add(game, "hopper", "grasshopper", "red", "0505")                    # inside
    add(game, "heli", "warrior", side, "0506", altitude=altitude)
    path = saves.save_game(game, tmp_path / "ok.json")
    data = json.loads(saves.file_text(path))
    data["game"]["units"][1]["components"]["Position"]["hex"] = [4, 4]   # onto the roof of 0505
    out = tmp_path / f"roof-{side}-{altitude}.json"
    out.write_text(json.dumps(data))
    return out


def test_B_POS_3_a_save_with_an_enemy_vtol_landed_on_the_roof_above_a_unit_inside_is_refused(tmp_path):
    with pytest.raises(DataError, match=r"units\[(hopper|heli)\]\.components\.Position\.hex: 0505 also holds "
                                        r"(hopper|heli): one unit on the ground per hex"):
        saves.load_game(_roof_save(tmp_path, "blue"))
    loaded = saves.load_game(_roof_save(tmp_path, "red"))                # a friend's VTOL may land there
    assert loaded.world.component(loaded.units["heli"], Position).hex == H("0505")
    saves.load_game(_roof_save(tmp_path, "blue", altitude=3))            # flying above the roof


# --------------------------------------------------------------------- random play
@pytest.fixture
def roof_game():
    g = make_game(8, 8, hexes={"0405": ROOF})
    add(g, "a", "grasshopper", "red", "0405")
    add(g, "heli", "warrior", "blue", "0404", altitude=2)
    g.start_turn(["red", "blue"])
    return g


def _problems(game):
    inv = rp.Invariants()
    inv.after_phase(game, 0, set())
    return [p for p in inv.problems if "share hex" in p]


def test_B_POS_3_random_play_catches_an_enemy_vtol_landed_on_the_roof_above_a_unit_inside(roof_game):
    assert _problems(roof_game) == []
    roof_game.get("heli", Position).hex = H("0405")
    assert any("enemy ground units share hex 0405: a, heli" in p for p in _problems(roof_game))
    roof_game.get("heli", Altitude).level = 3                            # above the roof: airborne
    assert _problems(roof_game) == []


def _town(seed: int):
    """A small town of roofs 1 and 2 levels up, jumping mechs, and VTOLs
    landed on roofs."""
    rng = random.Random(seed)
    hexes = {f"{x:02d}{y:02d}": {**ROOF, "building": rng.choice([1, 2])}
             for x in range(1, 9) for y in range(1, 9) if rng.random() < 0.5}
    game = make_game(8, 8, seed=seed, hexes=hexes)
    free = list(game.map.all_hexes())
    rng.shuffle(free)
    for i, unit in enumerate(["grasshopper", "warrior", "jenner", "warrior", "griffin", "commando"]):
        vtol = unit == "warrior"
        h = next(h for h in free if bool(game.map.terrain(h).building) or not vtol)
        free.remove(h)
        add(game, f"u{i}", unit, ("red", "blue")[i % 2], h.label, rng.randrange(6),
            **({"altitude": game.map.terrain(h).building} if vtol else {}))
    return game, rng


@pytest.mark.parametrize("seed", [3, 4])
def test_B_POS_3_random_play_among_roofs_never_stacks_units(seed):
    game, rng = _town(seed)
    assert sum(1 for e in game.units.values() if unit_state.roof_height(game, e)) == 2
    stats, inv = rp.Stats(), rp.Invariants(check_refusals=False)
    rp.play_game(game, rng, 3, stats, inv, replay_check=False)
    game.close()
    assert stats.turns == 3 and stats.orders > 0
    assert stats.problems == []
