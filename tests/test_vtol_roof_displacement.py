"""A VTOL landed on a roof, displaced (rules/buildings.md B-VTOL-2/3/5,
B-PHYS-7, B-POS-1/3, B-VEH-1; vehicles.md V-DISP-2, example E6): it is a
vehicle displaced from the roof's level, and comes down landed, on the
ground or on a roof not above that level, never inside a building."""
from __future__ import annotations

from hypothesis import given, settings, strategies as st

from components import Altitude, Identity, Position, Status
from engine.hexgrid import direction_to, parse_hex_label
from systems.classic import displacement
from systems.common import unit_state
from systems.common.stacking import occupant_as_placed
from tests.helpers import make_game
from vehicle_fixtures import add, events, label

H = parse_hex_label
SRC, DEST = "0505", "0504"
NORTH = direction_to(H(SRC), H(DEST))


def building(height: int, klass: str = "heavy", cf: int | None = None, level: int = 0) -> dict:
    return {"terrain": "building", "building": height, "level": level, "building_class": klass,
            **({"cf": cf} if cf is not None else {})}


def landed_on_a_roof(roof: int, dest: dict, tons: int = 40, forced: dict | None = None):
    """A VTOL of `tons` landed on a height-`roof` heavy roof in 0505 (B-VTOL-2),
    0504 north of it as `dest`."""
    game = make_game(height=12, forced=forced or {}, hexes={SRC: building(roof), DEST: dest})
    heli = add(game, "heli", "warrior.toml", SRC, altitude=roof, armor={"front": 40, "rear": 40, "left": 40,
                                                                        "right": 40})
    game.world.component(heli, Identity).tonnage = tons
    assert not unit_state.airborne(game, heli) and unit_state.roof_height(game, heli) == roof
    return game, heli


def where(game, heli) -> tuple[str, int, bool, bool]:
    """Its hex, its altitude, airborne, and the mech's on-roof flag."""
    return (label(game, "heli"), game.world.component(heli, Altitude).level, unit_state.airborne(game, heli),
            game.world.component(heli, Position).on_roof)


def falls(game) -> list[tuple[int, int]]:
    return [(e["levels"], e["damage"]) for e in events(game, "fall")]


CLEAR = {"terrain": "clear", "level": 0}
SIDES = {"fall": [4, 1, 2], "location": [7, 7, 7], "critical": [2] * 3}


# --------------------------------------------------------------------- V-DISP-2 from a roof
def test_V_DISP_2_E6_B_VTOL_5_a_vtol_pushed_off_a_height_2_roof_falls_2_levels_as_a_vehicle():
    # E6: 40 t, 2 levels down: ceil(40/10) x (2 + 1) = 12 in groups 5, 5, 2, a T-11b side each.
    game, heli = landed_on_a_roof(2, CLEAR, forced=SIDES)
    assert displacement.outcome(game, heli, NORTH) == displacement.FALL
    assert displacement.displace(game, heli, NORTH, "charge") == displacement.FALL
    assert falls(game) == [(2, 12)]
    assert [e["amount"] for e in events(game, "damage")] == [5, 5, 2]
    assert not events(game, "psr")                                  # a vehicle fall, no mech roll
    assert where(game, heli) == (DEST, 0, False, False)             # landed on the ground


def test_V_DISP_2_B_VTOL_5_off_a_height_1_roof_is_one_level_down_and_no_damage():
    game, heli = landed_on_a_roof(1, CLEAR)
    assert displacement.displace(game, heli, NORTH, "push") == displacement.MOVE
    assert not falls(game) and not events(game, "damage")
    assert where(game, heli) == (DEST, 0, False, False)


def test_V_DISP_2_B_PHYS_7_B_VTOL_3_a_fall_of_2_levels_onto_a_lower_roof_lands_on_it_and_weighs_it():
    game, heli = landed_on_a_roof(3, building(1, cf=90), forced=SIDES)
    assert displacement.displace(game, heli, NORTH, "push") == displacement.FALL
    assert falls(game) == [(2, 12)]                                 # from the roof at 3 to the roof at 1
    assert where(game, heli) == (DEST, 1, False, False)             # landed on the roof: altitude 1
    assert not events(game, "collapse")                             # 40 t on CF 90 holds


def test_B_VTOL_3_B_PHYS_7_a_roof_that_cannot_carry_the_vtol_collapses():
    game, heli = landed_on_a_roof(3, building(1, klass="light", cf=15), forced={**SIDES, "location": [7] * 6})
    displacement.displace(game, heli, NORTH, "push")
    (col,) = events(game, "collapse")
    assert col["cause"] == "overload" and col["units"] == ["heli"]   # 40 t > CF 15
    assert game.world.component(heli, Altitude).level == 0 and not unit_state.airborne(game, heli)


def test_V_DISP_2_B_VTOL_5_one_level_down_onto_a_lower_roof_is_no_fall():
    game, heli = landed_on_a_roof(2, building(1, cf=90))
    assert displacement.displace(game, heli, NORTH, "push") == displacement.MOVE
    assert not falls(game)
    assert where(game, heli) == (DEST, 1, False, False)


def test_B_VTOL_5_onto_a_roof_level_with_it_stays_landed_on_that_roof():
    game, heli = landed_on_a_roof(2, building(2, cf=90))
    assert displacement.displace(game, heli, NORTH, "push") == displacement.MOVE
    assert where(game, heli) == (DEST, 2, False, False)


# --------------------------------------------------------------------- B-VEH-1: never inside
def test_B_VEH_1_a_landed_vtol_cannot_be_displaced_into_a_building_above_it():
    for roof, dest in ((1, building(2)), (0, building(1))):
        game = make_game(height=12, hexes={SRC: building(roof) if roof else CLEAR, DEST: dest})
        heli = add(game, "heli", "warrior.toml", SRC, altitude=roof)
        assert displacement.outcome(game, heli, NORTH) == displacement.PROHIBITED
        assert displacement.displace(game, heli, NORTH, "push") == displacement.PROHIBITED
        assert events(game, "displace_blocked") and label(game, "heli") == SRC
        assert game.world.component(heli, Altitude).level == roof


# --------------------------------------------------------------------- B-POS-3 on the roof it lands on
def test_B_POS_3_a_vtol_falling_onto_a_roof_lands_above_a_friend_inside_and_falls_on_no_one():
    game, heli = landed_on_a_roof(3, building(1, cf=90), forced=SIDES)
    add(game, "tank", "manticore.toml", DEST)
    displacement.displace(game, heli, NORTH, "push")
    assert not events(game, "attack")                               # the tank inside is not fallen on
    assert where(game, heli) == (DEST, 1, False, False) and label(game, "tank") == DEST
    assert occupant_as_placed(game, heli) is None


def test_B_POS_3_a_vtol_falling_onto_a_roof_above_an_enemy_inside_comes_down_beside():
    game, heli = landed_on_a_roof(3, building(1, cf=90), forced=SIDES)
    add(game, "tank", "manticore.toml", DEST, side="blue")
    displacement.displace(game, heli, NORTH, "push")
    # It comes down beside, on the clear ground of 0503: from the roof at 3
    # to level 0 (B-PHYS-7), ceil(40/10) x (3 + 1) = 16, not the 2 levels to
    # the roof it missed.
    assert falls(game) == [(3, 16)]
    assert label(game, "heli") == "0503" and occupant_as_placed(game, heli) is None
    assert not unit_state.airborne(game, heli)


def beside_a_friend(roof: dict):
    """The VTOL of `landed_on_a_roof(3, ...)` falls toward a height-1 roof
    above an enemy inside and comes down beside, on `roof` in 0503 (the
    nearest hex beside) above a friend inside."""
    game = make_game(height=12, forced={**SIDES, "location": [7] * 8, "critical": [2] * 8},
                     hexes={SRC: building(3), DEST: building(1, cf=90), "0503": roof})
    heli = add(game, "heli", "warrior.toml", SRC, altitude=3, armor={"front": 40, "rear": 40, "left": 40,
                                                                     "right": 40})
    game.world.component(heli, Identity).tonnage = 40
    add(game, "tank", "manticore.toml", DEST, side="blue")
    add(game, "friend", "manticore.toml", "0503")
    displacement.displace(game, heli, NORTH, "push")
    return game, heli


def test_B_POS_3_coming_down_beside_it_may_land_on_a_roof_above_a_friend_inside():
    game, heli = beside_a_friend(building(1, cf=90))
    assert where(game, heli) == ("0503", 1, False, False)
    assert occupant_as_placed(game, heli) is None and not events(game, "collapse")


def test_B_VTOL_3_the_roof_it_comes_down_on_beside_is_weighed():
    game, heli = beside_a_friend(building(1, klass="light", cf=15))
    (col,) = events(game, "collapse")
    assert col["hex"] == "0503" and col["cause"] == "overload"        # 40 t > CF 15


def test_B_POS_3_a_step_onto_a_roof_above_an_enemy_inside_is_prohibited():
    game, heli = landed_on_a_roof(2, building(1, cf=90))
    add(game, "tank", "manticore.toml", DEST, side="blue")
    assert displacement.outcome(game, heli, NORTH) == displacement.PROHIBITED
    assert displacement.displace(game, heli, NORTH, "push") == displacement.PROHIBITED
    assert where(game, heli) == (SRC, 2, False, False)


# --------------------------------------------------------------------- domino
def test_V_DISP_2_domino_a_mech_pushed_onto_the_roof_pushes_the_vtol_off_it():
    from tests.physical_helpers import add as add_mech
    game = make_game(height=12, forced={**SIDES, "psr": [12] * 4},
                     hexes={"0506": building(2, cf=90), "0505": building(2, cf=90), "0504": CLEAR})
    m = add_mech(game, "m", "grasshopper", "red", "0506", 0)
    game.world.component(m, Position).on_roof = True
    heli = add(game, "heli", "warrior.toml", "0505", altitude=2, side="blue",
               armor={"front": 40, "rear": 40, "left": 40, "right": 40})
    game.world.component(heli, Identity).tonnage = 40
    game.start_turn(["red", "blue"])
    assert displacement.displace(game, m, direction_to(H("0506"), H("0505")), "push") == displacement.MOVE
    assert falls(game) == [(2, 12)]                                 # the VTOL, off the roof at 2 (E6)
    assert where(game, heli) == ("0504", 0, False, False)
    assert game.world.component(m, Position).on_roof and label(game, "m") == "0505"


# --------------------------------------------------------------------- invariant
ROOFS = st.integers(0, 4)
LEVELS = st.integers(0, 3)


@settings(max_examples=150, deadline=None)
@given(src_level=LEVELS, src_roof=st.integers(1, 4), dest_level=LEVELS, dest_roof=ROOFS,
       below=st.sampled_from([None, "red", "blue"]), direction=st.integers(0, 5), tons=st.sampled_from([21, 40]))
def test_B_VTOL_5_B_POS_1_a_displaced_vtol_ends_landed_never_inside_nor_flagged_on_a_roof(
        src_level, src_roof, dest_level, dest_roof, below, direction, tons):
    """Whatever the levels and roofs, a VTOL displaced off a roof ends landed
    (not airborne), on a roof only where a building stands, never inside
    one, with no mech's on-roof flag, sharing its hex only as stacking
    allows (the save check's test)."""
    from engine.hexgrid import neighbor
    from engine.save_check import check_stacking
    dest = neighbor(H(SRC), direction).label
    dest_hex = building(dest_roof, cf=90, level=dest_level) if dest_roof else {"terrain": "clear",
                                                                               "level": dest_level}
    game = make_game(height=12, forced={"fall": [1] * 8, "location": [7] * 8, "critical": [2] * 8,
                                        "to_hit": [12] * 4},
                     hexes={SRC: building(src_roof, level=src_level), dest: dest_hex})
    heli = add(game, "heli", "warrior.toml", SRC, altitude=src_roof,
               armor={"front": 99, "rear": 99, "left": 99, "right": 99})
    game.world.component(heli, Identity).tonnage = tons
    if below:
        add(game, "tank", "manticore.toml", dest, side=below)
    predicted = displacement.outcome(game, heli, direction)
    assert displacement.displace(game, heli, direction, "push") == predicted
    pos = game.world.component(heli, Position)
    t = game.map.terrain(pos.hex)
    if game.world.component(heli, Status).destroyed:
        return
    assert not unit_state.airborne(game, heli) and not pos.on_roof
    assert game.world.component(heli, Altitude).level in (0, t.building)
    assert not t.building or unit_state.roof_height(game, heli) == t.building      # never inside
    check_stacking(game, "s.json")


def test_V_DISP_2_P_PUSH_a_push_on_the_roofs_knocks_a_landed_vtol_off_and_play_stays_sound():
    """Through the orders: a mech on a roof pushes one on the next roof into
    a VTOL landed on the roof beyond; the domino pushes the VTOL off, a
    vehicle's fall (E6); random play's invariants (the save check's stacking,
    a save and load) hold after the phase."""
    from engine import random_play as rp
    from tests.physical_helpers import add as add_mech, phys, physical_phase, to_weapon_phase, weapon_phase
    game = make_game(height=12, forced={"to_hit": [12], "psr": [12] * 6, "fall": [4, 1, 2] * 3,
                                        "location": [7] * 20, "critical": [2] * 10},
                     hexes={h: building(2, cf=150) for h in ("0507", "0506", "0505")} | {"0504": CLEAR})
    for uid, at, side in (("a", "0507", "red"), ("b", "0506", "blue")):
        game.world.component(add_mech(game, uid, "grasshopper", side, at, 0 if side == "red" else 3),
                             Position).on_roof = True
    heli = add(game, "heli", "warrior.toml", "0505", altitude=2, side="blue",
               armor={"front": 99, "rear": 99, "left": 99, "right": 99})
    game.world.component(heli, Identity).tonnage = 40
    to_weapon_phase(game)
    weapon_phase(game)
    start = len(game.log.events)
    assert physical_phase(game, [phys("a", "push", "b")]) == [None]
    assert falls(game) == [(2, 12)]
    assert where(game, heli) == ("0504", 0, False, False)
    assert (label(game, "b"), label(game, "a")) == ("0505", "0506")
    inv = rp.Invariants()
    inv.after_phase(game, start, set())
    assert inv.problems == []
