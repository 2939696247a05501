"""Vehicle and VTOL movement: V-CHAR-4, V-MOVE, V-VTOL, V-PAVE-1, T-7
(rules/vehicles.md; example E18)."""
import time

import pytest

from components import Altitude, Position, TurnState, VehicleMovement
from engine.hexgrid import parse_hex_label as H
from systems.common.movement import motion_rules, plan, reachable
from tests.helpers import make_game
from vehicle_fixtures import add, events, label, move


def test_V_CHAR_4_flank_is_ceil_one_and_a_half_cruise():
    game = make_game(height=12)
    for uid, data, cruise, flank in (("m", "manticore.toml", 4, 6), ("c", "condor.toml", 8, 12),
                                     ("s", "striker.toml", 5, 8)):
        ent = add(game, uid, data, "0101" if uid == "m" else "0303" if uid == "c" else "0505")
        rules = motion_rules(game, ent)
        assert (rules.mp(game, ent, "cruise"), rules.mp(game, ent, "flank")) == (cruise, flank)


# ----------------------------------------------------------------- T-7 costs and prohibited terrain
@pytest.mark.parametrize("data,terrain,expect", [
    ("manticore.toml", "light_woods", 2), ("manticore.toml", "rough", 2), ("manticore.toml", "rubble", 2),
    ("manticore.toml", "heavy_woods", None), ("striker.toml", "rough", None),
    ("striker.toml", "rubble", None), ("striker.toml", "light_woods", None),
    ("condor.toml", "light_woods", None), ("condor.toml", "rough", 2), ("condor.toml", "clear", 1),
])
def test_V_MOVE_8_T7_costs_and_prohibited_terrain(data, terrain, expect):
    game = make_game(height=12, hexes={"0504": {"terrain": terrain}})
    ent = add(game, "v", data, "0505")
    r = plan(game, ent, "cruise", ["F"])
    if expect is None:
        assert "prohibited" in r.error
    else:
        assert r.error is None and r.final.mp == expect


def test_V_MOVE_8_road_through_woods_lifts_the_prohibition():
    game = make_game(height=12, hexes={"0504": {"terrain": "light_woods", "road": True}})
    ent = add(game, "v", "striker.toml", "0505")
    assert plan(game, ent, "cruise", ["F"]).final.mp == 1


def test_V_MOVE_7_water_depth_1_only_for_hovers_which_ride_the_surface():
    game = make_game(height=12, hexes={"0504": {"terrain": "water", "depth": 2},
                                       "0503": {"terrain": "water", "depth": 0}})
    tank = add(game, "t", "manticore.toml", "0505")
    assert "water of depth 2" in plan(game, tank, "cruise", ["F"]).error
    hover = add(game, "h", "condor.toml", "0705")
    game.world.component(hover, Position).hex = H("0505")
    game.world.component(tank, Position).hex = H("0101")
    r = plan(game, hover, "cruise", ["F", "F"])
    assert r.error is None and r.final.mp == 2


def test_V_MOVE_4_one_level_per_hex_at_2_mp_a_level():
    game = make_game(height=12, hexes={"0504": {"level": 1}, "0503": {"level": 3}})
    ent = add(game, "t", "manticore.toml", "0505")
    assert plan(game, ent, "cruise", ["F"]).final.mp == 3
    assert "at most one level" in plan(game, ent, "flank", ["F", "F"]).error


def test_V_MOVE_5_minimum_movement_one_hex_counts_as_flank():
    game = make_game(height=12, hexes={"0504": {"terrain": "light_woods"}})
    ent = add(game, "t", "manticore.toml", "0505")
    game.world.component(ent, VehicleMovement).motive_penalty = 3      # cruise 1
    assert plan(game, ent, "cruise", ["F"]).error is None               # woods cost 2
    assert plan(game, ent, "cruise", ["F", "F"]).error is not None       # only the one hex
    assert move(game, "t", "cruise", ["F"]) is None
    assert game.world.component(ent, TurnState).mode == "flank"


def test_V_MOVE_5_minimum_movement_not_into_prohibited_terrain():
    game = make_game(height=12, hexes={"0504": {"terrain": "heavy_woods"}})
    ent = add(game, "t", "manticore.toml", "0505")
    game.world.component(ent, VehicleMovement).motive_penalty = 3
    assert "prohibited" in plan(game, ent, "cruise", ["F"]).error


def test_V_MOVE_6_no_backing_at_flank_and_no_level_change_backing():
    game = make_game(height=12, hexes={"0506": {"level": 1}})
    ent = add(game, "t", "manticore.toml", "0505")
    assert "flank" in plan(game, ent, "flank", ["B"]).error
    assert "backing up" in plan(game, ent, "cruise", ["B"]).error


# ----------------------------------------------------------------- V-PAVE
def test_V_PAVE_1_one_more_mp_when_the_whole_move_is_on_pavement():
    # E18: wheeled cruise 5 / flank 8 on pavement: 6 cruising, 9 flanking.
    hexes = {f"05{r:02d}": {"paved": True} for r in range(1, 12)}
    game = make_game(height=12, hexes=hexes)
    ent = add(game, "s", "striker.toml", "0511")
    rules = motion_rules(game, ent)
    assert (rules.mp(game, ent, "cruise"), rules.mp(game, ent, "flank")) == (6, 9)
    assert plan(game, ent, "cruise", ["F"] * 6).error is None
    assert plan(game, ent, "flank", ["F"] * 9).error is None


def test_V_PAVE_1_no_bonus_once_it_leaves_the_pavement():
    hexes = {f"05{r:02d}": {"paved": True} for r in range(6, 12)}
    game = make_game(height=12, hexes=hexes)
    ent = add(game, "s", "striker.toml", "0511")
    assert plan(game, ent, "cruise", ["F"] * 5).error is None          # 0510..0506 paved
    assert "paved" in plan(game, ent, "cruise", ["F"] * 6).error         # 0505 is not
    assert plan(game, ent, "cruise", ["L"] + ["F"] * 4).error is None   # off it after 4 MP: fine


def test_V_PAVE_1_hovers_get_no_bonus():
    # vehicles.md section 6: the seed's wording (MegaMek gives it).
    game = make_game(height=12, hexes={"0505": {"paved": True}})
    ent = add(game, "h", "condor.toml", "0505")
    assert motion_rules(game, ent).mp(game, ent, "cruise") == 8


# ----------------------------------------------------------------- VTOL
def _heli(game, at="0505", altitude=3, facing=0):
    return add(game, "heli", "warrior.toml", at, facing, altitude=altitude)


def test_V_VTOL_2_one_mp_per_hex_whatever_the_terrain():
    game = make_game(height=12, hexes={"0504": {"terrain": "rough"}, "0503": {"terrain": "water", "depth": 3}})
    ent = _heli(game)
    r = plan(game, ent, "cruise", ["F", "F"])
    assert r.error is None and r.final.mp == 2


def test_V_VTOL_2_V_VTOL_7_landed_vtol_must_lift_before_turning_or_moving():
    game = make_game(height=12)
    ent = _heli(game, altitude=0)
    assert "lift off" in plan(game, ent, "cruise", ["L"]).error
    assert "lift off" in plan(game, ent, "cruise", ["F"]).error
    r = plan(game, ent, "cruise", ["lift", "R", "F"])
    assert r.error is None and r.final.altitude == 1 and r.final.mp == 3


def test_V_VTOL_3_up_and_down_one_mp_a_level_any_number_in_a_hex():
    game = make_game(height=12)
    ent = _heli(game)
    r = plan(game, ent, "cruise", ["U", "U", "D", "U", "D", "D", "F"])
    assert r.error is None and r.final.altitude == 3 and r.final.mp == 7


def test_V_VTOL_4_ceiling_is_500_levels():
    game = make_game(height=12)
    ent = _heli(game, altitude=499)
    assert plan(game, ent, "cruise", ["U"]).final.altitude == 500
    assert "500" in plan(game, ent, "cruise", ["U", "U"]).error


def test_V_VTOL_4_altitude_recorded_at_the_end_of_movement():
    game = make_game(height=12)
    ent = _heli(game)
    assert move(game, "heli", "cruise", ["U", "U", "F"]) is None
    assert game.world.component(ent, Altitude).level == 5
    assert game.snapshot("heli")["altitude"] == 5


def test_V_VTOL_5_no_flying_at_or_below_the_treetops():
    # vehicles.md section 6: a deliberate move into the treetops is refused.
    game = make_game(height=12, hexes={"0504": {"terrain": "light_woods"}})
    ent = _heli(game, altitude=2)
    assert "treetops" in plan(game, ent, "cruise", ["F"]).error
    assert plan(game, ent, "cruise", ["U", "F"]).error is None


def test_V_VTOL_5_no_flying_at_roof_level_unless_landing_on_it():
    game = make_game(height=12, hexes={"0504": {"terrain": "building", "building": 2}})
    ent = _heli(game, altitude=2)
    assert "roof" in plan(game, ent, "cruise", ["F"]).error
    r = plan(game, ent, "cruise", ["U", "F", "land"])
    assert r.error is None and r.final.altitude == 2 and r.final.mp == 3


def test_V_VTOL_higher_ground_keeps_the_absolute_altitude():
    game = make_game(height=12, hexes={"0504": {"level": 2}, "0503": {"level": 3}})
    ent = _heli(game, altitude=3)
    r = plan(game, ent, "cruise", ["F"])
    assert r.final.altitude == 1
    assert "ground" in plan(game, ent, "cruise", ["F", "F"]).error


def test_V_VTOL_8_landing_costs_the_levels_down():
    game = make_game(height=12, hexes={"0504": {"paved": True}})
    ent = _heli(game)
    r = plan(game, ent, "cruise", ["F", "land"])
    assert r.error is None and r.final.altitude == 0 and r.final.mp == 4
    assert "use the land step" in plan(game, ent, "cruise", ["D", "D", "D"]).error


def test_V_VTOL_9_road_under_the_trees_when_starting_on_it():
    woods_road = {"terrain": "heavy_woods", "road": True}
    game = make_game(height=12, hexes={"0505": woods_road, "0504": woods_road, "0503": {"terrain": "heavy_woods"}})
    ent = _heli(game, altitude=1)
    assert plan(game, ent, "cruise", ["F"]).error is None
    assert "treetops" in plan(game, ent, "cruise", ["F", "F"]).error      # off the road
    assert plan(game, ent, "cruise", ["F", "U", "U", "F"]).error is None  # climbs out first


def test_V_VTOL_9_no_road_flight_when_not_starting_on_the_road():
    woods_road = {"terrain": "heavy_woods", "road": True}
    game = make_game(height=12, hexes={"0504": woods_road})
    ent = _heli(game, altitude=1)
    assert "treetops" in plan(game, ent, "cruise", ["F"]).error


def test_V_MOVE_6_vtol_no_backward_at_flank():
    game = make_game(height=12)
    ent = _heli(game)
    assert "backward" in plan(game, ent, "flank", ["B"]).error
    assert plan(game, ent, "cruise", ["B"]).error is None


def test_V_VTOL_reachable_includes_altitude_and_matches_plan():
    game = make_game(height=12, hexes={"0504": {"terrain": "light_woods"},
                                       "0604": {"terrain": "building", "building": 4}})
    ent = _heli(game, altitude=2)
    reach = reachable(game, ent, "cruise")
    assert (H("0505"), 0, 10) in reach and (H("0505"), 0, 0) in reach
    over_woods = [k for k in reach if k[0] == H("0504")]
    assert over_woods and all(alt >= 3 for _, _, alt in over_woods)
    for key, r in list(reach.items())[::7]:
        p = plan(game, ent, "cruise", list(r.path))
        assert p.error is None, (key, r.path, p.error)
        assert (p.final.hex, p.final.facing, p.final.altitude) == key and p.final.mp == r.mp


def test_V_VTOL_4_reachable_at_altitude_500_stays_fast():
    game = make_game(30, 30)
    ent = _heli(game, at="1515", altitude=500)
    t0 = time.perf_counter()
    reach = reachable(game, ent, "flank")
    assert time.perf_counter() - t0 < 3.0
    alts = {a for _, _, a in reach}
    assert max(alts) == 500 and min(alts) == 500 - 14          # the Warrior H-7 flanks 14 (cruise 9)


def test_ground_vehicle_reachable_respects_pavement_bonus():
    hexes = {f"05{r:02d}": {"paved": True} for r in range(1, 12)}
    game = make_game(height=12, hexes=hexes)
    ent = add(game, "s", "striker.toml", "0511")
    reach = reachable(game, ent, "cruise")
    assert (H("0505"), 0, 0) in reach and reach[(H("0505"), 0, 0)].mp == 6


def test_wige_moves_one_mp_a_hex_and_not_through_woods():
    game = make_game(height=12, hexes={"0504": {"level": 2}, "0503": {"terrain": "light_woods"}})
    from engine.unit_loader import parse_unit
    data = parse_unit("""name = "Test WiGE"
kind = "vehicle"
tonnage = 30
[Crew]
driving = 5
gunnery = 4
[Movement]
motive = "wige"
cruise = 6
[Armor]
front = 10
left = 8
right = 8
rear = 6
""", "wige.toml")
    ent = game.add_unit(data, "w", "red", H("0505"), 0)
    r = plan(game, ent, "cruise", ["F"])
    assert r.error is None and r.final.mp == 1
    assert "woods" in plan(game, ent, "cruise", ["F", "F"]).error


def test_refused_move_changes_nothing():
    game = make_game(height=12, hexes={"0403": {"terrain": "light_woods"}})
    add(game, "hover", "condor.toml", "0405")
    reason = move(game, "hover", "cruise", ["F", "F"])
    assert "light woods is prohibited terrain for hover vehicles" in reason
    assert label(game, "hover") == "0405" and len(events(game, "refused")) == 1


from hypothesis import given, settings, strategies as st  # noqa: E402

TERRAIN = st.sampled_from(["clear", "clear", "rough", "light_woods", "heavy_woods", "rubble", "water"])


@settings(max_examples=25, deadline=None)
@given(st.lists(st.tuples(st.integers(2, 7), st.integers(2, 7), TERRAIN, st.integers(0, 2), st.booleans()),
                max_size=12),
       st.sampled_from(["manticore.toml", "striker.toml", "condor.toml"]), st.sampled_from(["cruise", "flank"]))
def test_T7_every_reachable_state_is_a_legal_plan(cells, data, mode):
    hexes = {f"{x:02d}{y:02d}": {"terrain": t, "level": lv, "paved": pv} for x, y, t, lv, pv in cells
             if f"{x:02d}{y:02d}" != "0505"}
    game = make_game(9, 9, hexes=hexes)
    ent = add(game, "v", data, "0505")
    reach = reachable(game, ent, mode)
    for key, r in sorted(reach.items())[::3]:
        p = plan(game, ent, mode, list(r.path))
        assert p.error is None, (key, r.path, p.error)
        assert (p.final.hex, p.final.facing, p.final.altitude) == key


def test_V_SLIP_6_path_blocked_after_the_slide_stops_the_move():
    # After slipping 2 hexes north the hover's next hex (NE of 0405) is woods: it stops there.
    game = make_game(height=12, forced={"psr": [2]}, hexes={"0505": {"terrain": "light_woods"}})
    add(game, "hover", "saladin.toml", "0410")
    move(game, "hover", "flank", ["F", "F", "F", "R", "F"])
    assert events(game, "move_stopped") and label(game, "hover") == "0405"


VTOL_TERRAIN = st.sampled_from(["clear", "rough", "light_woods", "heavy_woods", "water", "building"])


@settings(max_examples=12, deadline=None)
@given(st.lists(st.tuples(st.integers(2, 7), st.integers(2, 7), VTOL_TERRAIN, st.integers(0, 3)), max_size=10),
       st.integers(1, 4))
def test_V_VTOL_every_reachable_state_is_a_legal_plan(cells, altitude):
    hexes = {}
    for x, y, t, lv in cells:
        lab = f"{x:02d}{y:02d}"
        if lab != "0505":
            hexes[lab] = {"terrain": t, "level": lv, **({"building": 2} if t == "building" else {})}
    game = make_game(9, 9, hexes=hexes)
    ent = add(game, "heli", "warrior.toml", "0505", altitude=altitude)
    reach = reachable(game, ent, "cruise")
    for key, r in sorted(reach.items())[::11]:
        p = plan(game, ent, "cruise", list(r.path))
        assert p.error is None, (key, r.path, p.error)
        assert (p.final.hex, p.final.facing, p.final.altitude) == key and p.final.mp == r.mp
