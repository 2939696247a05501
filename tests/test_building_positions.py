"""Where units are in building hexes and what that changes (rules/buildings.md
B-POS, B-VTOL, B-LOS, B-IN-1/6, B-MOVE-6/7/8, B-PHYS-4, B-DMG-2/4,
B-COLL-7): inside or on the roof, roofs shared with units inside, landings
and forced landings weighed, line of sight past buildings, the order of a
collapse's events."""
from __future__ import annotations

from components import Altitude, Position, Status, TurnState
from engine.hexgrid import parse_hex_label
from systems.classic import buildings, weapon_attacks
from systems.common.line_of_sight import line_of_sight
from systems.common.movement import plan
from tests.physical_helpers import add, events, fire, make_game, move, set_tons, to_weapon_phase, weapon_phase

H = parse_hex_label


def building(klass="light", height=2, cf=None, level=0) -> dict:
    return {"terrain": "building", "building": height, "level": level, "building_class": klass,
            **({"cf": cf} if cf is not None else {})}


def test_B_POS_1_2_4_ground_units_are_inside_on_the_ground_floor_a_mech_sticks_out_of_a_height_1_building():
    """B-POS-1, B-POS-2 (a mech stays 2 levels tall), B-POS-4."""
    game = make_game(height=12, hexes={"0505": building(height=2), "0507": building(height=1),
                                       "0509": building(height=1)})
    mech = add(game, "m", "grasshopper", "red", "0505", 0)
    low = add(game, "low", "grasshopper", "red", "0507", 0)
    tank = add(game, "v", "manticore", "red", "0509", 0)
    assert buildings.inside(game, mech) and buildings.fully_inside(game, mech)
    assert buildings.inside(game, low) and buildings.sticks_out(game, low)          # 2 levels tall in 1
    assert buildings.fully_inside(game, tank)                                        # a vehicle is 1 tall
    assert buildings.elevation(game, mech) == 0                                      # no upper floors (D21)


def test_B_VTOL_1_no_flying_at_or_below_a_roof_except_to_land():
    game = make_game(height=12, hexes={"0504": building(height=3)})
    heli = add(game, "heli", "warrior", "red", "0505", 0, altitude=3)
    assert "roof" in plan(game, heli, "cruise", ["F"]).error
    assert plan(game, heli, "cruise", ["U", "F", "land"]).error is None


def test_B_POS_3_B_VTOL_2_a_vtol_lands_on_a_roof_above_a_unit_inside_and_stands_on_it():
    game = make_game(height=12, hexes={"0504": building("heavy", height=2)})
    heli = add(game, "heli", "warrior", "red", "0506", 0, altitude=3)
    inside = add(game, "in", "grasshopper", "red", "0504", 0)
    add(game, "e", "jagermech", "blue", "0101", 3)
    assert to_weapon_phase(game, [move("heli", "cruise", ["F", "F", "land"])]) == [None]
    assert game.world.component(heli, Altitude).level == 2
    assert game.world.component(heli, Position).hex == game.world.component(inside, Position).hex
    assert buildings.occupants(game, H("0504")) == [heli, inside]                    # highest first
    assert not buildings.inside(game, heli) and buildings.roof_load(game, H("0504")) == 21
    assert not events(game, "building_damage")                                       # a landing does none


def test_B_VTOL_4_a_vtol_forced_down_onto_a_roof_that_cannot_carry_it_collapses_it():
    from systems.vehicles import crash
    game = make_game(height=12, forced={"location": [7, 7, 7, 7], "fall": [1, 1, 1]},
                     hexes={"0505": building(height=1, cf=5)})
    heli = add(game, "heli", "warrior", "red", "0505", 0, altitude=3)
    game.start_turn(["red", "blue"])
    crash.land_forced(game, heli)
    (col,) = events(game, "collapse")
    assert (col["cause"], col["units"]) == ("overload", ["heli"])                   # 21 tons > CF 5


def test_B_COLL_7_a_collapse_then_the_units_damage_then_their_falls():
    game = make_game(height=12, forced={"location": [7, 7, 7, 7], "fall": [1, 1, 1]},
                     hexes={"0504": building(height=2, cf=15)})
    add(game, "heli", "warrior", "red", "0505", 0, altitude=3)
    add(game, "e", "jagermech", "blue", "0101", 3)
    set_tons(game, "heli", 30)
    to_weapon_phase(game, [move("heli", "cruise", ["F", "land"])])
    kinds = [e["type"] for e in game.log.events if e["type"] in ("collapse", "damage", "fall")]
    assert kinds[0] == "collapse" and kinds.index("fall") > kinds.index("damage")


def test_B_LOS_1_2_a_building_between_blocks_a_unit_inside_is_seen():
    """B-LOS-1, B-LOS-2."""
    game = make_game(height=12, hexes={"0505": building(height=3), "0503": building(height=3)})
    a = add(game, "a", "grasshopper", "red", "0507", 0)
    behind = add(game, "b", "jagermech", "blue", "0504", 3)
    inside = add(game, "c", "jagermech", "blue", "0505", 3)
    assert not line_of_sight(game, a, behind).clear                                 # the roof at 3 is above both
    assert line_of_sight(game, a, inside).clear                                     # its own hex never blocks


def test_B_IN_1_the_shot_at_a_unit_inside_has_no_building_modifier():
    game = make_game(hexes={"0505": building("hardened", height=3)})
    add(game, "a", "grasshopper", "red", "0507", 0, gunnery=4)
    add(game, "t", "jagermech", "blue", "0505", 3)
    th = weapon_attacks.preview(game, "a", "t", "medium_laser")
    assert [(m.label, m.value) for m in th.modifiers] == [("gunnery", 4), ("short range", 0)]


def test_B_IN_6_a_unit_inside_fires_out_normally():
    game = make_game(forced={"to_hit": [12], "location": [7]}, hexes={"0507": building("medium", cf=40)})
    add(game, "a", "grasshopper", "red", "0507", 0, gunnery=4)
    add(game, "t", "jagermech", "blue", "0505", 3)
    to_weapon_phase(game)
    weapon_phase(game, [fire("a", "medium_laser", "t")])
    assert not events(game, "building_damage")
    assert [e["amount"] for e in events(game, "damage", unit="t")] == [5]


def test_B_MOVE_7_buildings_count_as_hexes_moved_and_do_not_stop_a_run():
    game = make_game(height=12, forced={"psr": [12, 12]},
                     hexes={"0508": building("light"), "0507": building("light")})
    m = add(game, "m", "grasshopper", "red", "0509", 0)
    add(game, "e", "jagermech", "blue", "0101", 3)
    to_weapon_phase(game, [move("m", "run", ["F", "F", "F"])])
    assert game.world.component(m, TurnState).hexes_moved == 3
    assert game.world.component(m, Position).hex == H("0506")


def test_B_MOVE_8_standing_up_inside_needs_no_extra_roll():
    game = make_game(forced={"psr": [12]}, hexes={"0505": building("heavy")})
    add(game, "m", "grasshopper", "red", "0505", 0, prone=True)
    add(game, "e", "jagermech", "blue", "0101", 3)
    to_weapon_phase(game, [move("m", "walk", ["stand"])])
    assert [e["reason"] for e in events(game, "psr", unit="m")] == ["standing up"]


def test_B_MOVE_6_an_entry_at_cf_0_collapses_at_once_before_the_move_goes_on():
    game = make_game(height=12, forced={"psr": [12, 12], "location": [3]},
                     hexes={"0508": building("light", height=1, cf=5)})
    add(game, "m", "grasshopper", "red", "0509", 0)
    add(game, "e", "jagermech", "blue", "0101", 3)
    to_weapon_phase(game, [move("m", "walk", ["F", "F"])])
    (col,) = events(game, "collapse")
    assert (col["phase"], col["hex"]) == ("movement", "0508")
    assert not game.world.component(game.units["m"], Status).prone


def test_B_PHYS_4_no_death_from_above_on_a_unit_inside():
    game = make_game(hexes={"0505": building("light")})
    add(game, "a", "grasshopper", "red", "0507", 0)
    add(game, "t", "jagermech", "blue", "0505", 3)
    assert "inside a building" in to_weapon_phase(game, [move("a", "jump", ["F"], dfa="t")])[0]


def test_B_DMG_2_4_every_source_is_a_building_damage_event_naming_its_cause():
    game = make_game(forced={"psr": [12], "to_hit": [12, 3], "location": [7]},
                     hexes={"0505": building("medium", cf=40), "0506": building("medium", cf=40)})
    add(game, "a", "grasshopper", "red", "0507", 0, gunnery=4)
    add(game, "t", "jagermech", "blue", "0505", 3)
    to_weapon_phase(game, [move("a", "walk", ["F"])])                           # entered by a
    weapon_phase(game, [fire("a", "medium_laser", "t"), fire("a", "medium_laser#2", "t")])
    causes = [(e["hex"], e["cause"]) for e in events(game, "building_damage")]
    assert causes == [("0506", "entered by a"), ("0505", "absorbed a hit on t"), ("0505", "missed shot at t")]


def test_B_PHYS_6_a_unit_displaced_out_of_a_building_makes_no_roll_for_leaving():
    from engine.hexgrid import direction_to
    from systems.classic import displacement
    game = make_game(hexes={"0505": building("medium")})
    m = add(game, "m", "grasshopper", "red", "0505", 0)
    game.start_turn(["red", "blue"])
    displacement.displace(game, m, direction_to(H("0505"), H("0504")), "domino")
    assert game.world.component(m, Position).hex == H("0504")
    assert not events(game, "psr") and not events(game, "building_damage")
