"""Where a displaced vehicle may go (rules/vehicles.md V-DISP, V-VTOL-8,
V-VTOL-11, V-CRASH-2; buildings.md B-POS-1/4, B-PHYS-5/7; physical.md
P-PUSH-9, P-CHARGE-17): a ground vehicle goes into a building hex through
its wall, never down onto its roof; a landed VTOL pushed where it could
not land is lost there."""
from __future__ import annotations

from hypothesis import given, settings, strategies as st

from components import Altitude, Identity, Position, Status
from engine.hexgrid import direction_to, neighbor, parse_hex_label
from systems.classic import displacement
from systems.common import unit_state
from tests.helpers import make_game
from vehicle_fixtures import add, events, label

H = parse_hex_label
SRC, DEST = "0505", "0504"
NORTH = direction_to(H(SRC), H(DEST))


def building(height: int, cf: int = 40, level: int = 0) -> dict:
    return {"terrain": "building", "building": height, "level": level, "building_class": "medium", "cf": cf}


def hill(level: int) -> dict:
    return {"terrain": "clear", "level": level}


def tank_on(start: dict, dest: dict, forced: dict | None = None):
    """A 60 t Manticore (tracked) in 0505 on `start`, 0504 north of it `dest`."""
    game = make_game(height=12, forced=forced or {}, hexes={SRC: start, DEST: dest})
    tank = add(game, "tank", "manticore.toml", SRC)
    assert game.world.component(tank, Identity).tonnage == 60
    return game, tank


# --------------------------------------------------------------------- B-POS-1: never onto a roof
def test_B_POS_1_a_tank_pushed_toward_a_roof_two_levels_below_it_is_not_displaced():
    # From a level-3 hill toward a height-1 building on ground 0: its roof
    # (level 1) is 2 levels down, where a mech would fall onto it (B-PHYS-7).
    game, tank = tank_on(hill(3), building(1))
    assert displacement.outcome(game, tank, NORTH) == displacement.PROHIBITED
    assert displacement.displace(game, tank, NORTH, "charge") == displacement.PROHIBITED
    (blocked,) = events(game, "displace_blocked")
    assert (blocked["from"], blocked["to"]) == (SRC, DEST)
    assert label(game, "tank") == SRC and not game.world.component(tank, Position).on_roof
    assert not events(game, "fall") and not events(game, "damage") and not events(game, "building_damage")


def test_B_POS_1_a_tank_level_with_a_roof_over_a_two_level_drop_is_not_displaced_onto_it():
    # Level 2 toward a height-2 building on ground 0: a mech steps onto the
    # roof; a tank may not stand there, and the ground is 2 levels down.
    game, tank = tank_on(hill(2), building(2))
    assert displacement.displace(game, tank, NORTH, "push") == displacement.PROHIBITED
    assert label(game, "tank") == SRC and not events(game, "building_damage")


def test_B_PHYS_5_a_tank_pushed_one_level_down_into_a_height_1_building_goes_inside_with_the_entry_roll():
    # Level 1 toward a height-1 building on ground 0 (its roof level with the
    # tank): one level down, as it would drive in. The entry roll is made at
    # once for 1 hex moved; the building takes ceil(60/10) = 6: CF 40 -> 34.
    game, tank = tank_on(hill(1), building(1), forced={"psr": [12]})
    assert displacement.displace(game, tank, NORTH, "charge") == displacement.MOVE
    assert label(game, "tank") == DEST and unit_state.roof_height(game, tank) == 0
    (dmg,) = events(game, "building_damage")
    assert (dmg["damage"], dmg["cf_left"]) == (6, 34)


def test_V_DISP_2_B_PHYS_5_through_the_wall_of_a_taller_building_it_falls_inside():
    # Level 2 toward a height-3 building on ground 0: the roof (3) is above
    # it, so it goes in through the wall, 2 levels down: ceil(60/10) x 3 = 18.
    game, tank = tank_on(hill(2), building(3), forced={"fall": [1, 1, 1, 1], "location": [7] * 4,
                                                       "critical": [2] * 4})
    assert displacement.displace(game, tank, NORTH, "charge") == displacement.FALL
    (fall,) = events(game, "fall")
    assert (fall["levels"], fall["damage"]) == (2, 18)
    assert label(game, "tank") == DEST and unit_state.roof_height(game, tank) == 0


def _hex(height: int, level: int) -> dict:
    return building(height, cf=150, level=level) if height else hill(level)


@settings(max_examples=120, deadline=None)
@given(start=st.integers(0, 3), dest=st.tuples(st.integers(0, 3), st.integers(0, 3)),
       direction=st.integers(0, 5))
def test_B_POS_1_4_a_displaced_ground_vehicle_never_ends_on_a_roof(start, dest, direction):
    """Whatever the levels and the building, what `outcome` foretold
    happens, and a ground vehicle that ends in a building hex is inside,
    having come in through the wall (the roof above the level it left, or
    a step of 1 level down onto the ground floor)."""
    to = neighbor(H(SRC), direction)
    game = make_game(height=12, forced={"fall": [1] * 8, "location": [7] * 8, "critical": [2] * 8, "psr": [12]},
                     hexes={SRC: hill(start), to.label: _hex(*dest)})
    tank = add(game, "tank", "manticore.toml", SRC,
               armor={"front": 99, "rear": 99, "left": 99, "right": 99, "turret": 99})
    predicted = displacement.outcome(game, tank, direction)
    assert displacement.displace(game, tank, direction, "push") == predicted
    pos = game.world.component(tank, Position)
    assert not pos.on_roof and unit_state.roof_height(game, tank) == 0
    t = game.map.terrain(pos.hex)
    if pos.hex == to and t.building:
        assert t.roof > start or start - t.level <= 1
    # B-PHYS-5: in through the wall, with one driving roll, whether it stepped or fell in.
    if not game.world.component(tank, Status).destroyed:
        came_in = pos.hex != H(SRC) and bool(t.building)
        assert len(events(game, "psr", unit="tank", reason="entering a building")) == int(came_in)


# --------------------------------------------------------------------- V-VTOL-8: a landed VTOL
def landed_vtol(dest: dict, src: dict | None = None, altitude: int = 0):
    game = make_game(height=12, hexes={SRC: src or hill(0), DEST: dest})
    heli = add(game, "heli", "warrior.toml", SRC, altitude=altitude)
    assert not unit_state.airborne(game, heli)
    return game, heli


def test_V_VTOL_8_V_CRASH_2_a_landed_vtol_pushed_into_woods_or_rough_is_lost_there():
    for terrain in ("light_woods", "heavy_woods", "rough"):
        game, heli = landed_vtol({"terrain": terrain})
        assert displacement.outcome(game, heli, NORTH) == displacement.MOVE
        assert displacement.displace(game, heli, NORTH, "charge") == displacement.MOVE
        assert label(game, "heli") == DEST
        (gone,) = events(game, "destroyed", unit="heli")
        assert "V-VTOL-8" in gone["cause"] and terrain.replace("_", " ") in gone["cause"]


def test_V_VTOL_8_a_landed_vtol_pushed_onto_clear_ground_or_a_road_stays_landed():
    for dest in (hill(0), {"terrain": "light_woods", "road": True}):
        game, heli = landed_vtol(dest)
        assert displacement.displace(game, heli, NORTH, "push") == displacement.MOVE
        assert label(game, "heli") == DEST and not game.world.component(heli, Status).destroyed
        assert game.world.component(heli, Altitude).level == 0


def test_V_VTOL_8_off_a_roof_into_rough_below_it_is_lost_not_fallen():
    game, heli = landed_vtol({"terrain": "rough"}, src=building(2, cf=90), altitude=2)
    assert displacement.displace(game, heli, NORTH, "push") == displacement.MOVE
    assert game.world.component(heli, Status).destroyed and not events(game, "fall")
    assert game.world.component(heli, Altitude).level == 0


# --------------------------------------------------------------------- coming down beside, onto a roof
def light_roof(height: int, cf: int) -> dict:
    return {"terrain": "building", "building": height, "level": 0, "building_class": "light", "cf": cf}


def crash_beside(beside: dict, altitude: int = 3):
    """The Warrior (21 t) flying at `altitude` over 0505 crashes (V-CRASH-1:
    1 hex, ceil(2.1) = 3 on the front) onto a Locust standing there, misses
    it (to-hit 7, rolled 2) and comes down beside (V-CRASH-5, MM
    resolveSideslipCrashAftermath), in 0504 first: `beside`."""
    from systems.vehicles import crash
    game = make_game(height=12, forced={"location": [7] * 4, "to_hit": [2], "critical": [2] * 4},
                     hexes={DEST: beside})
    heli = add(game, "heli", "warrior.toml", SRC, altitude=altitude)
    add(game, "mech", "locust.toml", SRC, side="blue")
    crash.crash(game, heli, side="front", hexes=1)
    (fall_on,) = events(game, "attack", attacker="heli")
    assert not fall_on["hit"] and fall_on["to_hit"] == 7
    return game, heli


def test_V_CRASH_5_B_VTOL_2_a_vtol_that_comes_down_beside_on_a_roof_lands_on_it():
    game, heli = crash_beside(light_roof(2, 90))
    assert label(game, "heli") == DEST and not game.world.component(heli, Status).destroyed
    assert game.world.component(heli, Altitude).level == 2 and unit_state.roof_height(game, heli) == 2
    assert events(game, "land", unit="heli")[0]["at"] == DEST and not events(game, "collapse")


def test_B_VTOL_4_B_COLL_2_the_roof_a_crashed_vtol_comes_down_on_beside_is_weighed():
    # 21 t on a light roof at CF 15: more than the CF, it collapses at once.
    game, heli = crash_beside(light_roof(1, 15))
    (col,) = events(game, "collapse")
    assert (col["hex"], col["cause"], col["units"]) == (DEST, "overload", ["heli"])


def test_B_VTOL_4_a_vtol_that_crashes_onto_a_roof_in_its_own_hex_weighs_it():
    from systems.vehicles import crash
    game = make_game(height=12, forced={"location": [7] * 4}, hexes={SRC: light_roof(1, 15)})
    heli = add(game, "heli", "warrior.toml", SRC, altitude=3)
    crash.crash(game, heli, side="front", hexes=1)
    (col,) = events(game, "collapse")
    assert (col["hex"], col["cause"]) == (SRC, "overload")          # 21 t > CF 15


def test_V_CRASH_5_a_crashed_vtol_comes_down_beside_on_no_roof_above_where_it_fell_from():
    # Flying at 2 over 0505: the height-3 roof of 0504 is above it; it
    # comes down in the next hex beside instead.
    game, heli = crash_beside(light_roof(3, 90), altitude=2)
    assert label(game, "heli") not in (SRC, DEST) and game.world.component(heli, Altitude).level == 0


def test_V_DISP_2_B_PHYS_7_a_vtol_off_a_roof_that_comes_down_beside_on_a_lower_roof_falls_to_that_roof():
    """A 40 t VTOL landed on a height-3 roof (0505), pushed toward a height-1
    roof above an enemy inside (0504, B-POS-3), comes down beside on the
    height-2 roof of 0503: 1 level, ceil(40/10) x (1 + 1) = 8."""
    game = make_game(height=12, forced={"fall": [1] * 4, "location": [7] * 8, "critical": [2] * 8},
                     hexes={SRC: building(3, cf=90), DEST: building(1, cf=90), "0503": building(2, cf=90)})
    heli = add(game, "heli", "warrior.toml", SRC, altitude=3, armor={"front": 40, "rear": 40, "left": 40,
                                                                     "right": 40})
    game.world.component(heli, Identity).tonnage = 40
    add(game, "tank", "manticore.toml", DEST, side="blue")
    assert displacement.displace(game, heli, NORTH, "push") == displacement.FALL
    assert label(game, "heli") == "0503" and game.world.component(heli, Altitude).level == 2
    assert [(e["levels"], e["damage"]) for e in events(game, "fall")] == [(1, 8)]


def test_V_DISP_2_B_POS_1_a_tank_that_misses_the_unit_it_falls_on_comes_down_beside_never_on_a_roof():
    """A 60 t Manticore on a level-3 hill pushed into the clear hex below
    (0504, level 0) falls on the Locust there (to-hit 7, rolled 2: a miss)
    and comes down beside: not on the height-1 roof of 0503 (B-POS-1: the
    roof 2 levels below it), in the next free hex, where it falls the 3
    levels: ceil(60/10) x (3 + 1) = 24."""
    game = make_game(height=12, forced={"to_hit": [2], "fall": [1] * 6, "location": [7] * 6, "critical": [2] * 6},
                     hexes={SRC: hill(3), "0503": building(1)})
    tank = add(game, "tank", "manticore.toml", SRC,
               armor={"front": 99, "rear": 99, "left": 99, "right": 99, "turret": 99})
    add(game, "locust", "locust.toml", DEST, side="blue")
    assert displacement.displace(game, tank, NORTH, "charge") == displacement.FALL
    assert label(game, "tank") not in (SRC, DEST, "0503") and not game.world.component(tank, Position).on_roof
    assert [(e["levels"], e["damage"]) for e in events(game, "fall")] == [(3, 24)]


def test_V_VTOL_8_V_CRASH_2_a_vtol_off_a_roof_that_comes_down_beside_in_rough_is_lost():
    """As above, with rough beside in 0503: it comes down where it cannot
    land, so it is destroyed there (V-CRASH-2)."""
    game = make_game(height=12, forced={"fall": [1] * 4, "location": [7] * 8, "critical": [2] * 8},
                     hexes={SRC: building(3, cf=90), DEST: building(1, cf=90), "0503": {"terrain": "rough"}})
    heli = add(game, "heli", "warrior.toml", SRC, altitude=3)
    add(game, "tank", "manticore.toml", DEST, side="blue")
    assert displacement.displace(game, heli, NORTH, "push") == displacement.FALL
    assert label(game, "heli") == "0503"
    (gone,) = events(game, "destroyed", unit="heli")
    assert "rough" in gone["cause"] and "V-VTOL-8" in gone["cause"]


def test_V_DISP_2_a_tank_that_misses_the_unit_below_and_comes_down_beside_at_the_level_it_left_takes_no_fall():
    """Seed 002 (押し出し): "前のヘクスより2レベル以上低いヘクスに押し出しされた車輌は、
    その重量10トン(切り上げ)ごとに1ポイントの落下ダメージを受け、落下したレベルの数に1を
    足した値を乗じる。" Falling damage counts the levels fallen; a vehicle has no
    fall without a drop (unlike a mech, which falls over). The 60 t Manticore on
    a level-2 hill (0505) is pushed into 0504, 2 levels lower, onto the Locust
    there (to-hit 7, rolled 2: a miss) and comes down beside it in 0503, a
    level-2 hill: 0 levels below the hex it left, so no fall and no damage
    (not ceil(60/10) x (0 + 1) = 6)."""
    game = make_game(height=12, forced={"to_hit": [2], "fall": [1] * 4, "location": [7] * 4},
                     hexes={SRC: hill(2), "0503": hill(2)})
    tank = add(game, "tank", "manticore.toml", SRC)
    add(game, "locust", "locust.toml", DEST, side="blue")
    assert displacement.displace(game, tank, NORTH, "push") == displacement.FALL
    (attack,) = events(game, "attack")
    assert (attack["attacker"], attack["hit"]) == ("tank", False)
    assert label(game, "tank") == "0503"
    assert not events(game, "fall")
    assert not [e for e in events(game, "damage") if e["unit"] == "tank"]


def test_V_DISP_2_a_tank_that_misses_the_unit_below_is_put_down_beside_in_a_hex_it_may_enter():
    """A 60 t Manticore (tracked) on a level-2 hill is pushed into 0504, 2
    levels lower, onto the Locust there (to-hit 7, rolled 2: a miss). The
    hex beside along the push (0503) is heavy woods, prohibited to a tracked
    vehicle (T-7): as MegaMek's Compute.getValidDisplacement (the direction,
    then +1, -1, +2, -2, +3; isValidDisplacement passes over prohibited
    terrain) it is put down in the next one, north-east of 0504, and falls
    the 2 levels there: ceil(60/10) x (2 + 1) = 18 (seed 002: "前のヘクスより2
    レベル以上低いヘクスに押し出しされた車輌は、その重量10トン(切り上げ)ごとに1ポイントの
    落下ダメージを受け、落下したレベルの数に1を足した値を乗じる")."""
    from engine.hexgrid import turn
    game = make_game(height=12, forced={"to_hit": [2], "fall": [1] * 6, "location": [7] * 6, "critical": [2] * 6},
                     hexes={SRC: hill(2), "0503": {"terrain": "heavy_woods"}})
    tank = add(game, "tank", "manticore.toml", SRC,
               armor={"front": 99, "rear": 99, "left": 99, "right": 99, "turret": 99})
    add(game, "locust", "locust.toml", DEST, side="blue")
    assert displacement.displace(game, tank, NORTH, "push") == displacement.FALL
    assert game.world.component(tank, Position).hex == neighbor(H(DEST), turn(NORTH, 1))
    assert not game.world.component(tank, Status).destroyed
    assert [(e["levels"], e["damage"]) for e in events(game, "fall")] == [(2, 18)]


def test_V_DISP_2_a_tank_that_misses_the_unit_below_never_comes_back_into_the_hex_it_was_displaced_from():
    """As a mech (`displacement.beside`, one judge for both): the Manticore
    on a level-2 hill pushed 2 levels down onto the Locust in 0504 misses it;
    every other hex beside 0504 is a cliff above the level it fell from, and
    the hex it left (0505, where its attacker advances) is not a place to
    land, so it has no room to come down and is destroyed."""
    cliffs = {nb: hill(3) for nb in (neighbor(H(DEST), d).label for d in range(6)) if nb != SRC}
    game = make_game(height=12, forced={"to_hit": [2]}, hexes={SRC: hill(2), **cliffs})
    tank = add(game, "tank", "manticore.toml", SRC)
    add(game, "locust", "locust.toml", DEST, side="blue")
    assert displacement.displace(game, tank, NORTH, "charge") == displacement.FALL
    assert events(game, "destroyed", unit="tank")[0]["cause"] == "no room to come down"
    assert label(game, "tank") != SRC
