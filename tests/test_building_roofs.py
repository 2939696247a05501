"""Units on roofs (rules/buildings.md B-MOVE-9, B-POS-1/3/4, B-COLL-2/4,
B-PHYS-2/4/7, B-VTOL-5, B-IN-3): a mech that jumps into a building hex
stands on its roof, is weighed there and falls with it; it steps down from
the roof or jumps off; it is attacked at the roof's level; a death from
above on it lands on the roof; a unit that falls into a building hex lands
on the roof; a VTOL landed on a roof is landed for every rule."""
from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

from components import Altitude, MechMovement, Position, Status
from engine.hexgrid import direction_to, parse_hex_label
from systems.classic import buildings, displacement, melee, weapon_attacks
from systems.common import unit_state
from systems.common.line_of_sight import body
from systems.common.movement import plan, reachable
from tests.physical_helpers import (add, events, fire, make_game, move, physical_phase, set_tons,
                                    to_weapon_phase, ts, weapon_phase)

H = parse_hex_label


def building(klass="heavy", height=2, cf=None, level=0) -> dict:
    return {"terrain": "building", "building": height, "level": level, "building_class": klass,
            **({"cf": cf} if cf is not None else {})}


def jumper(hexes, forced=None, tons=70, at="0507", height=12):
    game = make_game(height=height, forced=forced or {}, hexes=hexes)
    add(game, "m", "grasshopper", "red", at, 0)            # jump 4
    add(game, "e", "jagermech", "blue", "0101", 3)
    set_tons(game, "m", tons)
    return game, game.units["m"]


def on_roof(game, uid) -> bool:
    return game.world.component(game.units[uid], Position).on_roof


# --------------------------------------------------------------------- B-MOVE-9
def test_B_MOVE_9_a_jump_into_a_building_hex_ends_on_the_roof_without_roll_or_damage():
    game, m = jumper({"0505": building("heavy", height=2, cf=90)})
    assert to_weapon_phase(game, [move("m", "jump", ["F", "F"])]) == [None]
    assert on_roof(game, "m") and game.world.component(m, Position).hex == H("0505")
    assert unit_state.roof_height(game, m) == 2 and unit_state.elevation(game, m) == 2
    assert not buildings.inside(game, m) and buildings.occupants(game, H("0505")) == [m]
    assert buildings.roof_load(game, H("0505")) == 70                      # 70 <= CF 90: it holds
    assert not events(game, "psr") and not events(game, "building_damage") and not events(game, "collapse")
    assert body(game, m).top == 0 + 2 + 1                                    # B-POS-1: it stands on the roof


def test_B_MOVE_9_the_roof_may_be_no_more_levels_up_than_the_jump_mp():
    game, m = jumper({"0506": building("hardened", height=4, level=1)})
    assert "more levels up than it has jump MP" in plan(game, m, "jump", ["F"]).error   # roof at 5, jump 4
    game, m = jumper({"0506": building("hardened", height=4)})
    assert plan(game, m, "jump", ["F"]).error is None                                    # roof at 4


@pytest.mark.parametrize("prefer", ["mp", "rolls"])
def test_B_MOVE_9_the_reachable_jumps_leave_out_a_roof_more_levels_up_than_the_jump_mp(prefer):
    game, m = jumper({"0506": building("hardened", height=4, level=1), "0406": building("hardened", height=4)})
    ways = reachable(game, m, "jump", prefer=prefer)
    assert not [k for k in ways if k[0] == H("0506")]                      # roof at 5, jump 4
    assert [k for k in ways if k[0] == H("0406")]                          # roof at 4
    assert H("0505") in {k[0] for k in ways}                               # jumped over, landed beyond
    assert all(plan(game, m, "jump", list(w.path)).error is None for w in ways.values())


def test_B_MOVE_9_the_jump_range_shown_leaves_out_a_roof_more_levels_up_than_the_jump_mp():
    game, m = jumper({"0506": building("hardened", height=4, level=1)})
    shown = reachable(game, m, "jump").cheapest_by_hex(None)
    assert H("0506") not in shown and H("0505") in shown


def test_B_MOVE_9_a_jump_over_a_building_hex_does_not_stay_on_its_roof():
    game, m = jumper({"0506": building("heavy", height=2)})
    to_weapon_phase(game, [move("m", "jump", ["F", "F"])])
    assert game.world.component(m, Position).hex == H("0505") and not on_roof(game, "m")


def test_B_MOVE_9_B_COLL_2_4_a_mech_too_heavy_for_the_roof_collapses_it_and_falls_two_levels():
    game, m = jumper({"0505": building("light", height=2, cf=15)},
                     forced={"location": [7] * 6, "fall": [1], "psr": [12]})
    to_weapon_phase(game, [move("m", "jump", ["F", "F"])])
    (col,) = events(game, "collapse")
    assert (col["hex"], col["cause"], col["cf"], col["units"]) == ("0505", "overload", 15, ["m"])  # 70 > 15
    hits = [(e["amount"], e["cause"]) for e in events(game, "damage", unit="m")]
    assert hits[0] == (2, "building collapse")                     # B-COLL-3: ceil(15/10) x 1, standard table
    (fall,) = events(game, "fall", unit="m")
    assert (fall["levels"], fall["damage"]) == (2, 21)             # ceil(70/10) x 3: 5 + 5 + 5 + 5 + 1
    assert [a for a, c in hits if c == "fall"] == [5, 5, 5, 5, 1]
    (pilot,) = events(game, "psr", unit="m", reason="avoid MechWarrior damage in the fall")
    assert pilot["target"] == 5 + 1                                 # +1 for the second level
    assert not on_roof(game, "m") and unit_state.elevation(game, m) == 0
    assert game.map.terrain(H("0505")).terrain == "rubble"


def test_B_DMG_4_a_collapse_is_reported_by_its_collapse_event_only():
    game, m = jumper({"0505": building("light", height=2, cf=15)},
                     forced={"location": [7] * 6, "fall": [1], "psr": [12]})
    to_weapon_phase(game, [move("m", "jump", ["F", "F"])])
    assert events(game, "collapse") and not events(game, "building_damage")     # the weight kept CF 15
    assert game.map.collapsed[H("0505")].construction_factor == 15


# --------------------------------------------------------------------- B-POS-3, B-POS-4
def test_B_POS_3_a_mech_jumps_onto_a_roof_above_a_friend_inside_not_above_an_enemy():
    game, m = jumper({"0505": building("heavy", height=2)})
    add(game, "in", "commando", "red", "0505", 0)
    assert plan(game, m, "jump", ["F", "F"]).error is None
    game, m = jumper({"0505": building("heavy", height=2)})
    add(game, "foe", "commando", "blue", "0505", 0)
    assert "an enemy unit is there" in plan(game, m, "jump", ["F", "F"]).error


def _on_a_roof(hexes, forced=None, at="0505"):
    game, m = jumper(hexes, forced=forced, at=at)
    game.world.component(m, Position).on_roof = True
    return game, m


def test_B_POS_4_a_mech_steps_down_from_a_roof_counting_the_levels_from_the_roof():
    game, m = _on_a_roof({"0505": building("heavy", height=2)})
    r = plan(game, m, "walk", ["F"])
    assert r.error is None and r.final.mp == 1 + 2 and "on_roof" not in r.final.tags     # a 2-level drop
    to_weapon_phase(game, [move("m", "walk", ["F"])])
    assert not on_roof(game, "m") and game.world.component(m, Position).hex == H("0504")


def test_B_POS_4_D21_no_walking_from_a_roof_onto_a_building_or_down_three_levels():
    game, m = _on_a_roof({"0505": building("heavy", height=3), "0504": building("light", height=2, level=1)})
    assert "must jump" in plan(game, m, "walk", ["F"]).error                              # a roof 0 levels down
    assert "at most 2 levels per hex (3 here)" in plan(game, m, "walk", ["B"]).error      # roof 3 -> ground 0
    r = plan(game, m, "jump", ["L", "L", "L", "F"])
    assert r.error is None and "on_roof" not in r.final.tags                             # it may jump off


def test_D21_no_walking_from_a_roof_down_onto_a_lower_roof_or_into_a_building():
    game, m = _on_a_roof({"0505": building("heavy", height=3), "0504": building("light", height=1, level=1),
                          "0506": building("light", height=2, level=1)})
    assert "must jump" in plan(game, m, "walk", ["F"]).error            # its roof at 2, its ground at 1
    assert "must jump" in plan(game, m, "walk", ["B"]).error            # its roof at 3: level with this one
    assert "must jump" in plan(game, m, "run", ["F"]).error


# Section 2 (mech_core.md): a mech climbs or drops at most 2 levels per hex
# entered, 1 MP per level; B-POS-4: from a roof the levels count from its top.
def _roof_and_hill(hill_level: int, terrain="clear", roof_height=2, roof_level=0):
    return _on_a_roof({"0505": building("heavy", height=roof_height, level=roof_level),
                       "0504": {"terrain": terrain, "level": hill_level}})


def test_B_POS_4_section_2_from_a_level_2_roof_a_mech_walks_up_onto_a_level_3_hill():
    game, m = _roof_and_hill(3)                   # roof top 0 + 2: one level up (3 from the ground)
    r = plan(game, m, "walk", ["F"])
    assert r.error is None and r.final.mp == 1 + 1 and "on_roof" not in r.final.tags
    to_weapon_phase(game, [move("m", "walk", ["F"])])
    assert not on_roof(game, "m") and game.world.component(m, Position).hex == H("0504")
    assert unit_state.elevation(game, m) == 0


def test_B_POS_4_section_2_from_a_roof_two_levels_up_is_legal_three_refused():
    game, m = _roof_and_hill(4)
    r = plan(game, m, "walk", ["F"])
    assert r.error is None and r.final.mp == 1 + 2
    game, m = _roof_and_hill(5)
    assert "at most 2 levels per hex (3 here)" in plan(game, m, "walk", ["F"]).error


def test_B_POS_4_section_2_from_a_roof_down_two_levels_is_legal_three_refused():
    game, m = _roof_and_hill(2, roof_height=3, roof_level=1)     # roof top 4, the hex at 2
    r = plan(game, m, "walk", ["F"])
    assert r.error is None and r.final.mp == 1 + 2                # 2 levels from the roof, 1 from its ground
    game, m = _roof_and_hill(1, roof_height=3, roof_level=1)
    assert "at most 2 levels per hex (3 here)" in plan(game, m, "walk", ["F"]).error


def test_B_POS_4_section_2_the_mp_of_a_step_off_a_roof_count_from_the_roof():
    game, m = _roof_and_hill(2, terrain="heavy_woods")            # level with the roof: woods 1 + 2 MP only
    r = plan(game, m, "walk", ["F"])                              # (from the ground it would be 5 > walk 4)
    assert r.error is None and r.final.mp == 1 + 2 + 0
    assert plan(game, m, "walk", ["F", "F"]).error.startswith("not enough MP")
    game, m = _roof_and_hill(3)
    r = plan(game, m, "run", ["F", "F"])                          # running: up 1 (2 MP), then down 3 to 0503
    assert "at most 2 levels per hex (3 here)" in r.error and r.states[-1].mp == 2


def test_B_POS_4_section_2_moving_backward_off_a_roof_rolls_for_a_level_change_from_the_roof():
    game, m = _on_a_roof({"0505": building("heavy", height=1), "0506": {"terrain": "clear", "level": 1}})
    r = plan(game, m, "walk", ["B"])
    assert r.error is None and r.final.mp == 1 and not r.psrs      # roof top 1 onto a level-1 hex: no change
    game, m = _on_a_roof({"0505": building("heavy", height=1)})
    (psr,) = plan(game, m, "walk", ["B"]).psrs                     # roof top 1 onto the ground at 0
    assert (psr.reason, psr.modifier) == ("changing level while moving backward", 0)


def test_B_POS_4_section_9_a_failed_roll_backing_off_a_roof_falls_from_the_roof_top():
    # A 70 t mech backs off a height-2 roof onto the ground and fails the roll for
    # the level change: it falls 2 levels (counted from the roof's top) in the hex
    # it entered, ceil(70/10) x (2 + 1) = 21 damage.
    game, m = _on_a_roof({"0505": building("heavy", height=2, cf=90)},
                         forced={"psr": [2, 12], "fall": [1], "location": [7] * 5})
    assert to_weapon_phase(game, [move("m", "walk", ["B"])]) == [None]
    (fall,) = events(game, "fall")
    assert (fall["at"], fall["levels"], fall["damage"]) == ("0506", 2, 21)
    assert game.world.component(m, Status).prone and not on_roof(game, "m")


def test_B_POS_4_the_reachable_search_steps_off_the_roof_onto_the_hill():
    game, m = _roof_and_hill(3)
    ways = reachable(game, m, "walk")
    assert min(w.mp for (h, _f, _a), w in ways.items() if h == H("0504")) == 2
    assert ways[(H("0504"), 0, 0)].path == ("F",)


def test_B_POS_4_turning_on_the_roof_keeps_the_mech_there():
    game, m = _on_a_roof({"0505": building("heavy", height=2)})
    to_weapon_phase(game, [move("m", "walk", ["L", "L"])])
    assert on_roof(game, "m") and game.world.component(m, Position).facing == 4


# --------------------------------------------------------------------- attacks on units on roofs
def test_B_IN_3_B_POS_1_a_mech_on_a_roof_is_not_shielded_by_the_building():
    game = make_game(forced={"to_hit": [12], "location": [7]}, hexes={"0505": building("heavy", height=1, cf=90)})
    add(game, "a", "grasshopper", "red", "0508", 0, gunnery=4)
    t = add(game, "t", "jagermech", "blue", "0505", 3)
    game.world.component(t, Position).on_roof = True
    to_weapon_phase(game)
    weapon_phase(game, [fire("a", "medium_laser", "t")])
    assert not events(game, "building_damage")
    assert [e["amount"] for e in events(game, "damage", unit="t")] == [5]


def test_B_PHYS_2_a_mech_on_a_height_1_roof_is_one_level_up():
    game = make_game(hexes={"0504": building("heavy", height=1)})
    a = add(game, "a", "grasshopper", "red", "0505", 0)
    t = add(game, "t", "jagermech", "blue", "0504", 3)
    game.world.component(t, Position).on_roof = True
    game.start_turn(["red", "blue"])
    assert "a level higher" in melee.kick(game, a, t, "right").reason
    assert melee.punch(game, a, t, "right").possible
    assert "inside a building" not in (melee.punch(game, a, t, "right").reason or "")


def test_B_PHYS_4_a_death_from_above_on_a_mech_on_a_roof_lands_the_attacker_on_the_roof():
    game = make_game(10, 12, forced={"to_hit": [12], "location": [7] * 8, "critical": [2] * 8, "psr": [12, 12]},
                     hexes={"0504": building("heavy", height=1, cf=90)})
    t = add(game, "t", "jagermech", "red", "0504", 3, piloting=5)
    d = add(game, "d", "grasshopper", "blue", "0507", 0, piloting=4)
    set_tons(game, "d", 60)
    game.world.component(t, Position).on_roof = True
    assert to_weapon_phase(game, [move("d", "jump", ["F", "F"], dfa="t")]) == [None]
    weapon_phase(game)
    physical_phase(game)
    assert events(game, "attack", attacker="d")[0]["hit"]
    assert game.world.component(d, Position).hex == H("0504") and on_roof(game, "d")
    assert game.world.component(t, Position).hex == H("0503") and not on_roof(game, "t")
    assert not events(game, "collapse")                                   # 60 t on CF 90 holds


def test_B_PHYS_4_a_death_from_above_that_overloads_the_roof_brings_it_down():
    game = make_game(10, 12, forced={"to_hit": [12], "location": [7] * 12, "critical": [2] * 12, "psr": [12] * 4,
                                     "fall": [1] * 2},
                     hexes={"0504": building("light", height=1, cf=15)})
    t = add(game, "t", "jagermech", "red", "0504", 3, piloting=5)
    add(game, "d", "grasshopper", "blue", "0507", 0, piloting=4)
    game.world.component(t, Position).on_roof = True
    set_tons(game, "t", 10)                                               # the roof held the target alone
    to_weapon_phase(game, [move("d", "jump", ["F", "F"], dfa="t")])
    weapon_phase(game)
    physical_phase(game)
    (col,) = events(game, "collapse")
    assert (col["cause"], col["units"]) == ("overload", ["d"])
    assert not on_roof(game, "d") and game.map.terrain(H("0504")).terrain == "rubble"


# --------------------------------------------------------------------- B-PHYS-7
def test_B_PHYS_7_a_mech_pushed_off_a_hill_falls_onto_a_roof_and_is_weighed():
    game = make_game(forced={"psr": [12, 12], "fall": [1], "location": [7] * 8},
                     hexes={"0505": {"terrain": "clear", "level": 3}, "0504": building("heavy", height=1, cf=90)})
    m = add(game, "m", "grasshopper", "red", "0505", 0)
    set_tons(game, "m", 70)
    game.start_turn(["red", "blue"])
    displacement.displace(game, m, direction_to(H("0505"), H("0504")), "push")
    (fall,) = events(game, "fall", unit="m")
    assert (fall["levels"], fall["damage"]) == (2, 21)                    # from 3 to the roof at 1
    assert on_roof(game, "m") and unit_state.roof_height(game, m) == 1
    assert not events(game, "psr", reason=buildings.ENTRY)               # no entry: it is on the roof
    assert not events(game, "collapse")


def test_B_PHYS_7_a_step_down_onto_a_roof_is_no_fall():
    game = make_game(forced={"psr": [12]}, hexes={"0505": {"terrain": "clear", "level": 2},
                                                  "0504": building("heavy", height=1, cf=90)})
    m = add(game, "m", "grasshopper", "red", "0505", 0)
    game.start_turn(["red", "blue"])
    displacement.displace(game, m, direction_to(H("0505"), H("0504")), "push")
    assert not events(game, "fall") and on_roof(game, "m")


def test_B_PHYS_7_a_mech_pushed_off_a_roof_falls_from_the_roof():
    game = make_game(forced={"psr": [12], "fall": [1], "location": [7] * 8},
                     hexes={"0505": building("heavy", height=2)})
    m = add(game, "m", "grasshopper", "red", "0505", 0)
    game.world.component(m, Position).on_roof = True
    game.start_turn(["red", "blue"])
    displacement.displace(game, m, direction_to(H("0505"), H("0504")), "push")
    (fall,) = events(game, "fall", unit="m")
    assert fall["levels"] == 2 and fall["at"] == "0504" and not on_roof(game, "m")


# Where a displaced mech ends, from a roof and into building hexes (B-PHYS-5/7,
# section 10): the levels count from the roof's top it stood on, and it lands
# on a roof whose top is not above that level.
def _displaced(start: dict, dest: dict, on_a_roof: bool, below: str | None = None):
    game = make_game(forced={"psr": [12] * 4, "fall": [1] * 2, "location": [7] * 16},
                     hexes={"0505": start, "0504": dest})
    m = add(game, "m", "grasshopper", "red", "0505", 0)
    set_tons(game, "m", 70)
    if below:
        add(game, "b", below, "red", "0504", 0)
    game.world.component(m, Position).on_roof = on_a_roof
    game.start_turn(["red", "blue"])
    d = direction_to(H("0505"), H("0504"))
    predicted = displacement.outcome(game, m, d)
    assert displacement.displace(game, m, d, "push") == predicted
    pos = game.world.component(m, Position)
    falls = [f["levels"] for f in events(game, "fall", unit="m")]
    return predicted, pos.hex.label, pos.on_roof, falls, events(game, "psr", reason=buildings.ENTRY)


CLEAR = {"terrain": "clear", "level": 0}


def _hill(level):
    return {"terrain": "clear", "level": level}


@pytest.mark.parametrize("start, dest, on_a_roof, expected", [
    # off a height-2 roof (top 2): up 1 is a move, up 2 is refused, down 1 a move, down 2 a fall
    (building(height=2), _hill(3), True, ("move", "0504", False, [], 0)),
    (building(height=2), _hill(4), True, ("prohibited", "0505", True, [], 0)),
    (building(height=2), _hill(1), True, ("move", "0504", False, [], 0)),
    (building(height=2), CLEAR, True, ("fall", "0504", False, [2], 0)),
    # off a roof onto a roof no higher: a step onto it (less than 2 down), else a fall onto it
    (building(height=2), building(height=2), True, ("move", "0504", True, [], 0)),
    (building(height=2), building(height=1), True, ("move", "0504", True, [], 0)),
    (building(height=1), building(height=1), True, ("move", "0504", True, [], 0)),
    (building(height=3), building(height=1), True, ("fall", "0504", True, [2], 0)),
    # from a hill: onto a roof not above it, else a fall into the hex through
    # the wall of the building, with its entry roll (B-PHYS-5)
    (_hill(1), building(height=1), False, ("move", "0504", True, [], 0)),
    (_hill(3), building(height=1), False, ("fall", "0504", True, [2], 0)),
    (_hill(2), building(height=3), False, ("fall", "0504", False, [2], 1)),
])
def test_B_PHYS_5_7_section_10_where_a_displaced_mech_ends_from_a_roof_and_into_buildings(start, dest, on_a_roof,
                                                                                         expected):
    outcome, at, roof, falls, entry_rolls = _displaced(start, dest, on_a_roof)
    assert (outcome, at, roof, falls, len(entry_rolls)) == expected


def test_B_PHYS_5_a_mech_pushed_into_a_building_hex_level_with_it_goes_inside_with_the_entry_roll():
    outcome, at, roof, falls, entry_rolls = _displaced(CLEAR, building(height=1), False)
    assert (outcome, at, roof, falls, len(entry_rolls)) == ("move", "0504", False, [], 1)


def test_B_PHYS_7_B_POS_3_a_mech_falls_onto_the_roof_above_a_friend_inside():
    outcome, at, roof, falls, _ = _displaced(building(height=3), building(height=1), True, below="commando")
    assert (outcome, at, roof, falls) == ("fall", "0504", True, [2])


def test_section_10_B_PHYS_7_a_mech_off_a_roof_that_misses_the_unit_below_lands_beside_from_the_roof():
    # 70 t from the top of a height-2 roof: the fall beside is 2 levels, ceil(70/10) x 3 = 21.
    game = make_game(forced={"to_hit": [2], "psr": [12] * 4, "fall": [1], "location": [7] * 8},
                     hexes={"0505": building(height=2)})
    m = add(game, "m", "grasshopper", "red", "0505", 0)
    set_tons(game, "m", 70)
    add(game, "x", "commando", "blue", "0504", 0)
    game.world.component(m, Position).on_roof = True
    game.start_turn(["red", "blue"])
    assert displacement.displace(game, m, direction_to(H("0505"), H("0504")), "push") == displacement.FALL
    (attack,) = events(game, "attack", attacker="m")
    (fall,) = events(game, "fall", unit="m")
    assert not attack["hit"] and (fall["levels"], fall["damage"]) == (2, 21)
    assert fall["at"] not in ("0504", "0505") and not on_roof(game, "m")


def _hex(height: int, level: int) -> dict:
    return building(height=height, cf=150, level=level) if height else _hill(level)


@settings(max_examples=150, deadline=None)
@given(start=st.tuples(st.integers(0, 3), st.integers(0, 3)), dest=st.tuples(st.integers(0, 3), st.integers(0, 3)),
       beyond=st.tuples(st.integers(0, 3), st.integers(0, 3)), direction=st.integers(0, 5),
       other=st.sampled_from([None, ("commando", "red"), ("commando", "blue"), ("warrior", "red"),
                              ("warrior", "blue")]), other_on_roof=st.booleans())
def test_section_10_B_PHYS_5_7_B_POS_3_a_displaced_mech_ends_where_a_unit_may_stand(start, dest, beyond, direction,
                                                                                   other, other_on_roof):
    """Whatever the levels and buildings of the hex it leaves, the hex it is
    pushed into and the one beyond, and whoever stands there: what
    `outcome` foretold happens, no unit is flagged on a roof without a
    building, and every unit stands as the save check's stacking allows."""
    from engine.errors import DataError
    from engine.hexgrid import neighbor
    from engine.save_check import check_stacking
    to = neighbor(H("0505"), direction)
    game = make_game(forced={"psr": [12] * 8, "fall": [1] * 8, "location": [7] * 40, "to_hit": [7] * 4,
                             "critical": [2] * 8},
                     hexes={"0505": _hex(*start), to.label: _hex(*dest), neighbor(to, direction).label: _hex(*beyond)})
    m = add(game, "m", "grasshopper", "red", "0505", 0)
    game.world.component(m, Position).on_roof = bool(start[0])
    if other:
        unit, side = other
        roof = dest[0] if other_on_roof else 0
        b = add(game, "b", unit, side, to.label, 0, **({"altitude": roof} if unit == "warrior" else {}))
        game.world.component(b, Position).on_roof = bool(roof) and unit != "warrior"
        try:
            check_stacking(game, "s.json")
        except DataError:
            return                                      # a start no game reaches (enemies in one hex)
    game.start_turn(["red", "blue"])
    started = {uid: game.world.component(ent, Position).hex for uid, ent in game.units.items()}
    predicted = displacement.outcome(game, m, direction)
    assert displacement.displace(game, m, direction, "push") == predicted
    for uid, ent in game.units.items():
        pos = game.world.component(ent, Position)
        assert not pos.on_roof or game.map.terrain(pos.hex).building
        # B-PHYS-5: whoever ends inside a building it was not in came in
        # through the wall, with one entry roll.
        came_in = pos.hex != started[uid] and buildings.inside(game, ent)
        if not game.world.component(ent, Status).destroyed:
            assert len(events(game, "psr", unit=uid, reason=buildings.ENTRY)) == int(came_in)
    check_stacking(game, "s.json")


def _above_an_enemy(start: dict, on_a_roof: bool):
    game = make_game(forced={"psr": [12] * 4, "fall": [1] * 2, "location": [7] * 16},
                     hexes={"0505": start, "0504": building(height=1)})
    m = add(game, "m", "grasshopper", "red", "0505", 0)
    add(game, "x", "commando", "blue", "0504", 0)
    game.world.component(m, Position).on_roof = on_a_roof
    game.start_turn(["red", "blue"])
    return game, m, displacement.displace(game, m, direction_to(H("0505"), H("0504")), "push")


def test_B_POS_3_a_mech_is_not_displaced_onto_a_roof_above_an_enemy_inside():
    from engine.save_check import check_stacking
    game, m, outcome = _above_an_enemy(building(height=2), True)       # a step down onto the roof
    assert outcome == displacement.PROHIBITED and game.world.component(m, Position).hex == H("0505")
    game, m, outcome = _above_an_enemy(_hill(3), False)                 # a fall of 2 onto it
    (fall,) = events(game, "fall", unit="m")
    assert outcome == displacement.FALL and fall["at"] not in ("0504", "0505") and not on_roof(game, "m")
    check_stacking(game, "s.json")


# --------------------------------------------------------------------- B-VTOL-5
def vtol_on_a_roof(forced=None):
    game = make_game(height=12, forced=forced or {}, hexes={"0505": building("heavy", height=2, cf=90)})
    heli = add(game, "heli", "warrior", "blue", "0505", 0, altitude=2)
    return game, heli


def test_B_VTOL_5_a_vtol_landed_on_a_roof_is_landed_at_the_roofs_height():
    game, heli = vtol_on_a_roof()
    assert not unit_state.airborne(game, heli)
    assert unit_state.roof_height(game, heli) == 2 and unit_state.elevation(game, heli) == 2
    assert body(game, heli).top == 2
    game.world.component(heli, Altitude).level = 3
    assert unit_state.airborne(game, heli) and unit_state.roof_height(game, heli) == 0


def test_B_VTOL_5_no_airborne_modifier_against_a_vtol_landed_on_a_roof():
    game, heli = vtol_on_a_roof()
    add(game, "a", "grasshopper", "red", "0508", 0, gunnery=4)
    game.start_turn(["red", "blue"])
    landed = [(m.label, m.value) for m in weapon_attacks.preview(game, "a", "heli", "medium_laser").modifiers]
    assert ("target airborne VTOL", 1) not in landed
    game.world.component(heli, Altitude).level = 3
    flying = [(m.label, m.value) for m in weapon_attacks.preview(game, "a", "heli", "medium_laser").modifiers]
    assert ("target airborne VTOL", 1) in flying


def test_B_VTOL_5_B_POS_3_a_ground_unit_walks_in_under_a_vtol_landed_on_the_roof():
    game, heli = vtol_on_a_roof(forced={"psr": [12]})
    m = add(game, "m", "grasshopper", "blue", "0506", 0)
    r = plan(game, m, "walk", ["F"])
    assert r.error is None
    to_weapon_phase(game, [move("m", "walk", ["F"])])
    assert buildings.occupants(game, H("0505")) == [heli, m]
    from engine.save_check import check_stacking
    check_stacking(game, "s.json")                                       # one on the roof, one inside


def test_B_VTOL_5_the_save_check_refuses_a_stranded_roof():
    from engine.errors import DataError
    from engine.save_check import check_stacking
    game = make_game()
    m = add(game, "m", "grasshopper", "red", "0505", 0)
    game.world.component(m, Position).on_roof = True
    with pytest.raises(DataError, match="Position.on_roof: only a mech in a building hex"):
        check_stacking(game, "s.json")
    assert not game.world.component(m, Status).destroyed


# --------------------------------------------------------------------- P-CHARGE-10 from a roof
def test_P_CHARGE_10_B_POS_4_a_charge_from_a_roof_counts_the_levels_from_the_roof():
    from systems.common.movement import check_move
    game, m = _on_a_roof({"0505": building("heavy", height=3)})          # the target 3 levels below
    add(game, "x", "commando", "blue", "0504", 3)
    game.start_turn(["red", "blue"])
    assert "at most 2 levels per hex (3 here)" in check_move(game, move("m", "walk", [], charge="x"))
    game, m = _on_a_roof({"0505": building("heavy", height=1), "0504": {"terrain": "clear", "level": 2}})
    add(game, "x", "commando", "blue", "0504", 3)                       # on a hill 1 level above the roof
    game.start_turn(["red", "blue"])
    assert check_move(game, move("m", "walk", [], charge="x")) is None


def _charge_from_the_roof(target_ground: dict) -> int:
    """The MP a charge from a height-1 roof (top at level 1) into the hex
    ahead shows as spent once resolved, missed (P-CHARGE-5)."""
    game, m = _on_a_roof({"0505": building("heavy", height=1), "0504": target_ground},
                         forced={"to_hit": [2], "psr": [12] * 4})
    add(game, "x", "commando", "blue", "0504", 3)
    assert to_weapon_phase(game, [move("m", "walk", [], charge="x")]) == [None]
    weapon_phase(game)
    physical_phase(game)
    (attack,) = events(game, "attack", attacker="m")
    assert attack["attack"] == "charge" and not attack["hit"]
    return ts(game, "m").mp_spent


def test_P_CHARGE_5_B_POS_4_section_2_the_mp_a_charge_from_a_roof_spends_count_from_the_roof():
    # Section 2: 1 MP a hex + 1 MP a level climbed or dropped; B-POS-4: from the roof's top.
    assert _charge_from_the_roof({"terrain": "clear", "level": 0}) == 1 + 1      # 1 level down (ground: 1)
    assert _charge_from_the_roof({"terrain": "clear", "level": 1}) == 1          # level with the roof (ground: 2)
    assert _charge_from_the_roof({"terrain": "clear", "level": 2}) == 1 + 1      # a hill 1 level above the roof


# --------------------------------------------------------------------- section 4: a charge's reach
def _charge_at_a_roof(height: int, charger: str = "grasshopper", target_on_roof: bool = True):
    """A charger in 0507 runs 1 hex north and charges a JagerMech standing
    on the roof of a hardened building (CF 150) of `height` in 0505 (or
    inside it): the entry costs 1 + 5 MP, within the run's 6."""
    game = make_game(forced={}, hexes={"0505": building("hardened", height=height, cf=150)})
    if charger == "grasshopper":
        add(game, "m", "grasshopper", "red", "0507", 0)
    else:
        from tests.vehicle_fixtures import add as add_vehicle
        add_vehicle(game, "m", charger, "0507")
    x = add(game, "x", "jagermech", "blue", "0505", 3)
    game.world.component(x, Position).on_roof = target_on_roof
    game.start_turn(["red", "blue"])
    game.start_phase("movement")
    return game


def test_section_4_a_mech_on_the_ground_charges_a_mech_on_a_height_1_roof():
    # MM ChargeAttackAction: a standing mech (its top 1 level up) reaches a
    # unit standing 1 level above the ground of the target's hex.
    game = _charge_at_a_roof(1)
    assert game.check(move("m", "run", ["F"], charge="x")) is None


def test_section_4_no_charge_on_a_mech_on_a_roof_2_levels_up():
    game = _charge_at_a_roof(2)
    reason = game.check(move("m", "run", ["F"], charge="x"))
    assert "within 1 level" in reason and "on a roof 2 levels up" in reason


def test_section_4_the_options_call_gives_the_same_refusal_for_a_charge_at_a_high_roof():
    """The UI and the computer ask the options call, which asks the
    declaration check: the charge on the height-3 roof is offered refused,
    with the reason."""
    from systems.common.options import declaration_options
    game = _charge_at_a_roof(3)
    (option,) = [o for o in declaration_options(game, "m", "run", ["F"]) if o.order.charge == "x"]
    assert not option.possible and "within 1 level" in option.reason


def test_section_4_V_PHYS_a_vehicle_reaches_no_unit_on_a_roof():
    # MM: a vehicle's top is its own level (height 0): a mech on a height-1
    # roof is out of its reach; the same mech inside would be refused for
    # being inside (B-PHYS-1).
    game = _charge_at_a_roof(1, charger="manticore.toml")
    reason = game.check(move("m", "flank", ["F"], charge="x"))
    assert "within 1 level" in reason


def test_section_4_a_charge_from_a_roof_2_levels_up_cannot_reach_a_unit_on_the_ground():
    # MM counts the charger's elevation (2, on the roof) in the target's
    # hex: above the standing mech's top (1), whatever the hex levels.
    from systems.common.movement import check_move
    game, m = _on_a_roof({"0505": building("heavy", height=2), "0504": {"terrain": "clear", "level": 2}})
    add(game, "x", "commando", "blue", "0504", 3)
    game.start_turn(["red", "blue"])
    assert "within 1 level" in check_move(game, move("m", "walk", [], charge="x"))


def test_section_4_B_PHYS_4_a_death_from_above_on_a_roof_2_levels_up_has_no_such_limit():
    # MM DfaAttackAction checks no level difference (the jump decides).
    game = _charge_at_a_roof(2)
    assert game.check(move("m", "jump", ["F"], dfa="x")) is None


@pytest.mark.parametrize("attacker, jump_mp, refused", [("shadow_hawk", 3, True), ("grasshopper", 4, False)])
def test_B_MOVE_9_a_death_from_above_comes_down_no_more_levels_up_than_the_jump_mp(attacker, jump_mp, refused):
    # The target stands on a height-4 roof, 4 levels above the attacker's start hex: a DFA
    # lands there (B-PHYS-4), and a jump ends no more than Jump MP levels up (B-MOVE-9).
    game = make_game(10, 12, hexes={"0505": building("heavy", height=4, cf=90)})
    t = add(game, "t", "jagermech", "red", "0505", 3)
    d = add(game, "d", attacker, "blue", "0507", 0)
    game.world.component(t, Position).on_roof = True
    assert game.world.component(d, MechMovement).jump == jump_mp
    [reason] = to_weapon_phase(game, [move("d", "jump", ["F"], dfa="t")])
    if refused:
        assert reason == ("cannot come down on JagerMech JM6-S: a mech cannot jump more levels up than it has "
                          "jump MP (B-MOVE-9)")
    else:
        assert reason is None and ts(game, "d").dfa_target == "t"


@pytest.mark.parametrize("attacker, jump_mp, cancelled", [("shadow_hawk", 3, True), ("grasshopper", 4, False)])
def test_B_MOVE_9_a_death_from_above_on_a_target_that_jumped_onto_a_roof_since_is_judged_again(
        attacker, jump_mp, cancelled):
    # The attacker jumps 0507 -> 0506 (ground level 0) and declares a DFA on t in 0505;
    # t then jumps onto the height-4 roof of 0605, still next to 0506. The attack comes
    # down on that roof, 4 levels above where its jump started: only with 4 Jump MP
    # (B-MOVE-9, B-PHYS-4).
    game = make_game(10, 12, forced={"to_hit": [2] * 4, "psr": [12] * 4, "fall": [1] * 4, "location": [7] * 8},
                     hexes={"0605": building("heavy", height=4, cf=90)})
    d = add(game, "d", attacker, "red", "0507", 0)
    t = add(game, "t", "grasshopper", "blue", "0505", 0)
    assert game.world.component(d, MechMovement).jump == jump_mp
    assert to_weapon_phase(game, [move("d", "jump", ["F"], dfa="t"), move("t", "jump", ["R", "R", "F"])]) == \
        [None, None]
    assert on_roof(game, "t") and game.world.component(t, Position).hex == H("0605")
    weapon_phase(game)
    physical_phase(game)
    if cancelled:
        (c,) = events(game, "attack_cancelled")
        assert (c["unit"], c["attack"], c["target"]) == ("d", "dfa", "t")
        assert c["reason"] == ("cannot come down on Grasshopper GHR-5H: a mech cannot jump more levels up than it "
                               "has jump MP (B-MOVE-9)")
        assert not events(game, "attack", attacker="d")
    else:
        assert not events(game, "attack_cancelled")
        assert events(game, "attack", attacker="d")[0]["attack"] == "dfa"


def test_B_PHYS_4_a_death_from_above_on_a_target_that_went_inside_a_building_since_is_cancelled():
    # The attacker jumps 0507 -> 0506 and declares a DFA on t in 0505; t then runs
    # into the light building in 0405, still next to 0506: a unit inside cannot be
    # attacked from above from outside (B-PHYS-1, B-PHYS-4).
    game = make_game(10, 12, forced={"to_hit": [12] * 4, "psr": [12] * 4, "location": [7] * 8},
                     hexes={"0405": building("light", height=2, cf=15)})
    add(game, "d", "grasshopper", "red", "0507", 0)
    t = add(game, "t", "jagermech", "blue", "0505", 0)
    assert to_weapon_phase(game, [move("d", "jump", ["F"], dfa="t"), move("t", "run", ["L", "L", "F"])]) == \
        [None, None]
    assert buildings.inside(game, t)
    weapon_phase(game)
    physical_phase(game)
    (c,) = events(game, "attack_cancelled")
    assert (c["unit"], c["attack"], c["reason"]) == ("d", "dfa", "JagerMech JM6-S is inside a building now: "
                                                                 "no death from above")
    assert not events(game, "attack", attacker="d") and not events(game, "displace")
