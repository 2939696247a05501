"""Units displaced into a building through its wall (rules/buildings.md
B-PHYS-5, B-MOVE-3..6, B-VEH-3..5; mech_core.md section 10; vehicles.md
V-DISP-2; physical.md P-CHARGE-16): whether the unit steps in or falls in
behind a wall above the level it came from, it makes the entry roll at once
as for 1 hex moved, takes ceil(CF/10) on a failure (the Rear column when it
went backward), and the building takes ceil(tons/10) and may come down; a
fall to the ground floor follows. A missed charger's side step into a
building is such a displacement too."""
from __future__ import annotations

from components import Position
from engine.hexgrid import direction_to, parse_hex_label
from engine.hexmap import Terrain
from systems.classic import buildings, displacement
from tests.physical_helpers import (add, events, make_game, move, nb, physical_phase, set_tons, to_weapon_phase,
                                    weapon_phase)

H = parse_hex_label
SRC, DEST = "0505", "0504"
NORTH = direction_to(H(SRC), H(DEST))


def building(height: int, klass: str = "medium", cf: int = 40, level: int = 0) -> dict:
    return {"terrain": "building", "building": height, "level": level, "building_class": klass, "cf": cf}


def hill(level: int) -> dict:
    return {"terrain": "clear", "level": level}


def pushed(start: dict, dest: dict, forced: dict, facing: int = 0):
    """A 70 t Grasshopper (P5) in 0505 on `start`, displaced north into 0504."""
    game = make_game(forced=forced, hexes={SRC: start, DEST: dest})
    m = add(game, "m", "grasshopper", "red", SRC, facing)
    set_tons(game, "m", 70)
    game.start_turn(["red", "blue"])
    return game, m, displacement.displace(game, m, NORTH, "push")


def order_of(game, *kinds) -> list[str]:
    return [e["type"] for e in game.log.events if e["type"] in kinds]


def test_B_PHYS_5_a_mech_pushed_off_a_hill_behind_a_taller_wall_rolls_to_enter_then_falls_inside():
    # Level 2 into a height-3 medium building on ground 0 (its roof, 3, is
    # above the mech): through the wall, entry TN 5 + 1 = 6 for 1 hex moved,
    # the building takes ceil(70/10) = 7 (CF 40 -> 33), then a 2-level fall
    # to the ground floor: ceil(70/10) x 3 = 21.
    game, m, result = pushed(hill(2), building(3), forced={"psr": [12, 12], "fall": [1], "location": [7] * 8})
    assert result == displacement.FALL
    (entry,) = events(game, "psr", unit="m", reason=buildings.ENTRY)
    assert (entry["target"], entry["passed"]) == (6, True)
    assert [(mod[0], mod[1]) for mod in entry["modifiers"]][-1] == ("medium building", 1)
    (hit,) = events(game, "building_damage")
    assert (hit["hex"], hit["damage"], hit["cf_left"], hit["cause"]) == (DEST, 7, 33, "displaced into by m")
    (fall,) = events(game, "fall", unit="m")
    assert (fall["levels"], fall["damage"], fall["at"]) == (2, 21, DEST)
    assert order_of(game, "psr", "building_damage", "fall")[:3] == ["psr", "building_damage", "fall"]
    assert game.world.component(m, Position).hex == H(DEST) and buildings.inside(game, m)


def test_B_PHYS_5_B_MOVE_4_a_failed_entry_is_one_hit_of_ceil_cf_10_on_the_rear_when_pushed_backward():
    # Facing south and pushed north, it goes in backward (MM
    # doEntityDisplacement): ceil(40/10) = 4 as one hit, Rear column (2d6 7:
    # centre torso, rear), before the fall's damage.
    game, m, _ = pushed(hill(2), building(3), facing=3, forced={"psr": [2, 12], "fall": [1], "location": [7] * 8})
    (entry,) = events(game, "psr", unit="m", reason=buildings.ENTRY)
    assert not entry["passed"]
    first = events(game, "damage", unit="m")[0]
    assert (first["location"], first["amount"], first["cause"]) == ("center_torso_rear", 4, "building")
    assert events(game, "building_damage")[0]["cf_left"] == 33


def test_B_PHYS_5_B_MOVE_4_pushed_forward_the_failed_entry_strikes_the_front():
    game, m, _ = pushed(hill(2), building(3), facing=0, forced={"psr": [2, 12], "fall": [1], "location": [7] * 8})
    first = events(game, "damage", unit="m")[0]
    assert (first["location"], first["amount"], first["cause"]) == ("center_torso", 4, "building")


def test_B_PHYS_5_B_MOVE_6_B_COLL_3_an_entry_that_brings_the_building_down_leaves_the_mech_to_fall_in_the_rubble():
    # Light, height 3, CF 5: the 70 t mech's 7 bring it to 0, it collapses at
    # once: ceil(5/10) x (3 - 2) = 1 on the Punch table; then the 2-level
    # fall, now into rubble: 21.
    game, m, _ = pushed(hill(2), building(3, "light", cf=5),
                        forced={"psr": [12, 12], "fall": [1], "location": [1] + [7] * 8})
    (col,) = events(game, "collapse")
    assert (col["hex"], col["cause"], col["cf"], col["units"]) == (DEST, "damage", 5, ["m"])
    assert [d["amount"] for d in events(game, "damage", unit="m")][:1] == [1]
    (fall,) = events(game, "fall", unit="m")
    assert (fall["levels"], fall["damage"], fall["at"]) == (2, 21, DEST)
    assert game.map.terrain(H(DEST)).terrain == "rubble"


def test_B_PHYS_5_a_mech_that_steps_in_level_with_the_ground_rolls_once_and_does_not_fall():
    game, m, result = pushed(hill(0), building(2), forced={"psr": [12]})
    assert result == displacement.MOVE
    assert len(events(game, "psr", unit="m", reason=buildings.ENTRY)) == 1
    assert not events(game, "fall") and events(game, "building_damage")[0]["cf_left"] == 33


def test_B_PHYS_7_onto_a_roof_no_entry_roll_and_no_damage_to_the_building():
    game, m, result = pushed(hill(3), building(1, "heavy", cf=90),
                             forced={"psr": [12], "fall": [1], "location": [7] * 8})
    assert result == displacement.FALL and game.world.component(m, Position).on_roof
    assert not events(game, "psr", reason=buildings.ENTRY) and not events(game, "building_damage")


def test_B_PHYS_5_section_10_a_mech_that_falls_inside_onto_a_friend_below_enters_through_the_wall():
    # The friend inside is hit (to-hit 7 + 0) and displaced south-west of the
    # building's hex; the faller comes down inside, entry roll first.
    game = make_game(forced={"to_hit": [12], "psr": [12] * 4, "fall": [1], "location": [7] * 20},
                     hexes={SRC: hill(2), DEST: building(3)})
    m = add(game, "m", "grasshopper", "red", SRC, 0)
    set_tons(game, "m", 70)
    add(game, "f", "commando", "red", DEST, 0)
    game.start_turn(["red", "blue"])
    assert displacement.displace(game, m, NORTH, "push") == displacement.FALL
    (attack,) = events(game, "attack", attacker="m")
    assert attack["hit"]
    assert len(events(game, "psr", unit="m", reason=buildings.ENTRY)) == 1
    assert [e["cause"] for e in events(game, "building_damage")][-1] == "displaced into by m"
    assert game.world.component(m, Position).hex == H(DEST) and buildings.inside(game, m)


# --------------------------------------------------------------------- vehicles
def test_B_PHYS_5_B_VEH_3_V_DISP_2_a_tank_through_a_taller_wall_makes_the_driving_roll_then_falls():
    # A 60 t Manticore (Driving 5) off a level-2 hill into a height-3 medium
    # building: driving roll TN 5 + 1 = 6, the building takes ceil(60/10) = 6
    # (CF 40 -> 34), then the vehicle's 2-level fall: ceil(60/10) x 3 = 18.
    from tests.vehicle_fixtures import add as add_vehicle
    game = make_game(height=12, forced={"psr": [12], "fall": [1] * 4, "location": [7] * 4, "critical": [2] * 4},
                     hexes={SRC: hill(2), DEST: building(3)})
    tank = add_vehicle(game, "tank", "manticore.toml", SRC)
    assert displacement.displace(game, tank, NORTH, "charge") == displacement.FALL
    (entry,) = events(game, "psr", unit="tank", reason=buildings.ENTRY)
    assert (entry["target"], entry["skill"], entry["passed"]) == (6, "driving", True)
    (hit,) = events(game, "building_damage")
    assert (hit["damage"], hit["cf_left"], hit["cause"]) == (6, 34, "displaced into by tank")
    (fall,) = events(game, "fall", unit="tank")
    assert (fall["levels"], fall["damage"]) == (2, 18)
    assert order_of(game, "psr", "building_damage", "fall") == ["psr", "building_damage", "fall"]


def test_B_PHYS_5_B_VEH_1_a_tank_pushed_in_behind_a_unit_it_dominoes_still_makes_the_driving_roll():
    # The friend standing in the building is pushed on first (domino); the
    # tank then drives in through the wall with its roll.
    from tests.vehicle_fixtures import add as add_vehicle
    game = make_game(height=12, forced={"psr": [12] * 4}, hexes={DEST: building(2)})
    tank = add_vehicle(game, "tank", "manticore.toml", SRC)
    add(game, "f", "commando", "red", DEST, 0)
    assert displacement.displace(game, tank, NORTH, "push") == displacement.MOVE
    assert len(events(game, "psr", unit="tank", reason=buildings.ENTRY)) == 1
    assert events(game, "building_damage", unit="tank")[0]["cf_left"] == 34


# --------------------------------------------------------------------- P-CHARGE-16
def test_P_CHARGE_16_B_PHYS_5_a_missed_chargers_side_step_into_a_building_makes_the_entry_roll():
    # MM resolveChargeDamage: a missed charger is displaced to the side hex
    # (doEntityDisplacement). The 65 t Jagermech steps into a light building
    # (CF 15): TN 5 + 0, the building takes ceil(65/10) = 7 (CF 8).
    side = nb("0405", 5)
    game = make_game(8, 12, forced={"to_hit": [2], "psr": [12] * 4},
                     hexes={side: Terrain("building", building=2, building_class="light", cf=15)})
    add(game, "hopper", "grasshopper", "red", "0404", 3)
    add(game, "jager", "jagermech", "blue", nb("0405", 3, 5), 0)
    order = move("jager", "run", ["F"] * 5, charge="hopper", charge_miss="left")
    assert to_weapon_phase(game, [order], initiative=("blue", "red")) == [None]
    weapon_phase(game)
    physical_phase(game)
    jager = game.units["jager"]
    assert game.world.component(jager, Position).hex == H(side) and buildings.inside(game, jager)
    (entry,) = events(game, "psr", unit="jager", reason=buildings.ENTRY)
    assert entry["target"] == 5
    (hit,) = events(game, "building_damage")
    assert (hit["damage"], hit["cf_left"], hit["cause"]) == (7, 8, "displaced into by jager")
