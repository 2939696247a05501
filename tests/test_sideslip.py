"""Sideslips and collisions while sideslipping: V-SLIP, V-MOVE-3, V-VTOL-1,
V-SKID-2, V-COLL (rules/vehicles.md; example E3 and the seed's example)."""
from hypothesis import given, strategies as st

from components import Altitude, Armor, Status, TurnState
from systems.vehicles import sideslip
from systems.common.movement import plan
from tests.helpers import make_game
from vehicle_fixtures import add, events, label, move


# ----------------------------------------------------------------- V-SLIP-4 distance
def test_V_SLIP_4_seed_example_three_hexes_failure_by_4_slips_2():
    assert sideslip.distance(4, 3) == 2
    assert sideslip.distance(7, 3) == 2


def test_V_SLIP_4_megamek_examples():
    # E3: 4 entered / MoF 4 -> 3; 5 / 1 -> 1; 1 / 3 -> 0.
    assert [sideslip.distance(4, 4), sideslip.distance(1, 5), sideslip.distance(3, 1)] == [3, 1, 0]


@given(st.integers(0, 12), st.integers(0, 30))
def test_V_SLIP_4_never_more_than_margin_or_hexes_before_minus_one(margin, before):
    d = sideslip.distance(margin, before)
    assert 0 <= d <= margin and d <= max(0, before - 1)


# ----------------------------------------------------------------- V-SLIP-2 trigger
def _psr_reasons(game, ent, mode, path):
    return [p.reason for p in plan(game, ent, mode, path).psrs]


def test_V_SLIP_2_hover_at_flank_turning_then_entering_rolls_before_the_hex():
    game = make_game(height=12)
    ent = add(game, "hover", "saladin.toml", "0410")
    r = plan(game, ent, "flank", ["F", "F", "F", "R", "F"])
    assert [(p.step, p.reason, p.modifier) for p in r.psrs] == [(4, "sideslip", 0)]


def test_V_SLIP_2_no_roll_at_cruise_or_when_it_does_not_move_on():
    game = make_game(height=12)
    ent = add(game, "hover", "saladin.toml", "0410")
    assert _psr_reasons(game, ent, "cruise", ["F", "R", "F"]) == []
    assert _psr_reasons(game, ent, "flank", ["F", "F", "R"]) == []


def test_V_SLIP_1_no_skid_modifier_and_hovers_do_not_skid_on_pavement():
    game = make_game(height=12, hexes={f"04{r:02d}": {"paved": True} for r in range(1, 12)})
    ent = add(game, "hover", "saladin.toml", "0410")
    r = plan(game, ent, "flank", ["F"] * 9 + ["R", "F"])
    assert [(p.reason, p.modifier) for p in r.psrs] == [("sideslip", 0)]     # V-SKID-2


def test_V_VTOL_1_vtol_at_flank_rolls_for_sideslip():
    game = make_game(height=12)
    ent = add(game, "heli", "warrior.toml", "0410", altitude=3)
    assert _psr_reasons(game, ent, "flank", ["F", "L", "F"]) == ["sideslip"]


# ----------------------------------------------------------------- V-SLIP-3..6 resolution
def test_V_SLIP_3_success_proceeds_as_intended():
    game = make_game(height=12, forced={"psr": [5]})
    add(game, "hover", "saladin.toml", "0410")
    assert move(game, "hover", "flank", ["F", "F", "F", "R", "F"]) is None
    assert not events(game, "sideslip") and label(game, "hover") == "0507"


def test_V_SLIP_4_seed_slide_along_the_old_facing_then_carry_on():
    # The seed: 3 hexes entered, failed by 3 (driving 5, roll 2): min(3, 2) = 2 hexes north.
    game = make_game(height=12, forced={"psr": [2]})
    ent = add(game, "hover", "saladin.toml", "0410")
    move(game, "hover", "flank", ["F", "F", "F", "R", "F"])
    psr, slip = events(game, "psr")[0], events(game, "sideslip")[0]
    assert (psr["target"], psr["roll"], psr["passed"]) == (5, 2, False)
    assert (slip["from"], slip["to"], slip["hexes"]) == ("0407", "0405", 2)
    # V-SLIP-6: it then enters the hex it meant to, from where it stopped, facing NE.
    assert label(game, "hover") == "0505"
    ts = game.world.component(ent, TurnState)
    assert ts.hexes_moved == 3 + 2 + 1 and ts.mp_spent == 5 and ts.sideslipped


def test_V_SLIP_5_vtol_keeps_its_altitude_while_slipping():
    game = make_game(height=12, forced={"psr": [2]})
    ent = add(game, "heli", "warrior.toml", "0410", altitude=4)
    move(game, "heli", "flank", ["F", "F", "F", "R", "F"])
    assert events(game, "sideslip")[0]["hexes"] == 2
    assert game.world.component(ent, Altitude).level == 4


# ----------------------------------------------------------------- V-COLL
def test_V_COLL_1_V_SKID_3_hover_slipping_into_woods_is_damaged_and_immobile():
    # E7: 35 t hover into woods: ceil(35/5) = 7 in groups 5, 2 on the front column; immobile.
    game = make_game(height=12, forced={"psr": [2], "location": [7, 6]}, hexes={"0406": {"terrain": "light_woods"}})
    ent = add(game, "hover", "saladin.toml", "0410")
    move(game, "hover", "flank", ["F", "F", "F", "R", "F"])
    assert events(game, "sideslip")[0]["to"] == "0406"
    assert events(game, "terrain_damage")[0]["damage"] == 7
    assert [e["amount"] for e in events(game, "damage")] == [5, 2]
    assert game.world.component(ent, Armor).points["front"] == 17 - 7          # the Saladin's 17 front armor
    assert game.world.component(ent, Status).immobile and label(game, "hover") == "0406"


def test_V_COLL_2_vtol_slipping_at_a_mech_s_height_charges_it():
    # Mech on level 0 stands 2 levels tall; the VTOL at altitude 2 runs into it.
    game = make_game(height=12, forced={"psr": [2], "to_hit": [12], "location": [7, 7, 7, 7]})
    add(game, "heli", "warrior.toml", "0410", altitude=2)
    add(game, "mech", "locust.toml", "0406", side="blue")
    move(game, "heli", "flank", ["F", "F", "F", "R", "F"])
    charge = [e for e in events(game, "attack") if e["attack"] == "accidental charge"]
    assert charge and charge[0]["target"] == "mech" and charge[0]["hit"]
    assert events(game, "sideslip")[0]["to"] == "0407"         # stopped in the hex before


def test_V_COLL_2_vtol_above_the_unit_slides_over_it():
    game = make_game(height=12, forced={"psr": [2]})
    add(game, "heli", "warrior.toml", "0410", altitude=3)
    add(game, "mech", "locust.toml", "0406", side="blue")
    move(game, "heli", "flank", ["F", "F", "F", "R", "F"])
    assert not [e for e in events(game, "attack") if e["attack"] == "accidental charge"]
    assert events(game, "sideslip")[0]["to"] == "0405"


def test_V_COLL_3_vtol_slipping_into_higher_ground_crashes():
    game = make_game(height=12, forced={"psr": [2]}, hexes={"0406": {"level": 3}})
    ent = add(game, "heli", "warrior.toml", "0410", altitude=3)
    move(game, "heli", "flank", ["F", "F", "F", "R", "F"])
    crash = events(game, "crash")[0]
    assert crash["at"] == "0406" and crash["side"] == "left"     # facing NE, sliding north
    assert crash["hexes"] == 4 and crash["damage"] == 9      # 3 moved + the crash hex: ceil(4 x 21 / 10)
    assert game.world.component(ent, Status).destroyed or game.world.component(ent, Altitude).level == 0


def test_V_COLL_4_vtol_slipping_into_a_building_at_its_altitude_charges_it_and_crashes():
    game = make_game(height=12, forced={"psr": [2]}, hexes={"0406": {"terrain": "building", "building": 3}})
    add(game, "heli", "warrior.toml", "0410", altitude=3)
    move(game, "heli", "flank", ["F", "F", "F", "R", "F"])
    assert events(game, "collision")[0]["target"] == "building"
    assert events(game, "crash")
    # B-VTOL-6: the building takes the charge, ceil(21 / 10) x 3 hexes moved before the slide
    (bd,) = events(game, "building_damage")
    assert (bd["hex"], bd["damage"], bd["cf_left"], bd["cause"]) == ("0406", 9, 81, "accidental charge by heli")


def test_V_SLIP_2_risk_is_shown_before_committing():
    from systems.vehicles.moves import risks
    game = make_game(height=12)
    ent = add(game, "hover", "saladin.toml", "0410")
    assert risks(game, ent, "flank", ["F", "F", "F", "R", "F"]) == ["sideslip roll entering 0507: needs 5+"]
    assert risks(game, ent, "cruise", ["F", "F", "F", "R", "F"]) == []


def test_V_MOVE_3_hover_flank_turn_then_move_makes_a_driving_roll():
    game = make_game(height=12, forced={"psr": [12]})
    add(game, "hover", "saladin.toml", "0410")
    move(game, "hover", "flank", ["F", "L", "F"])
    assert [(e["reason"], e["passed"]) for e in events(game, "psr")] == [("sideslip", True)]


def test_V_COLL_6_vtol_slipping_over_lower_ground_does_not_fall():
    game = make_game(height=12, forced={"psr": [2]}, hexes={f"04{r:02d}": {"level": 3} for r in range(7, 12)})
    ent = add(game, "heli", "warrior.toml", "0410", altitude=2)
    move(game, "heli", "flank", ["F", "F", "F", "R", "F"])
    assert events(game, "sideslip")[0]["to"] == "0405"
    assert not events(game, "fall") and not events(game, "crash")
    assert game.world.component(ent, Altitude).level == 5 - 0 and label(game, "heli") == "0505"


def test_V_CHAR_6_vehicles_stand_one_level_tall():
    from systems.common.unit_state import UNIT_HEIGHT
    from systems.vehicles.movement import VTOLMotion
    from engine.hexgrid import parse_hex_label as H
    game = make_game(height=12)
    add(game, "tank", "manticore.toml", "0504", side="blue")
    assert UNIT_HEIGHT["vehicle"] == 1
    assert VTOLMotion.units_in_the_way(game, -1, H("0504"), 1) and not VTOLMotion.units_in_the_way(game, -1, H("0504"), 2)


from hypothesis import settings  # noqa: E402

TOKENS = st.sampled_from(["F", "F", "F", "L", "R", "B", "U", "D", "land", "lift"])
CELL = st.tuples(st.integers(1, 8), st.integers(1, 10),
                 st.sampled_from(["clear", "rough", "light_woods", "heavy_woods", "water", "building", "rubble"]),
                 st.integers(-1, 3), st.booleans())


@settings(max_examples=int(__import__("os").environ.get("VEH_FUZZ", "40")), deadline=None)
@given(st.lists(CELL, max_size=14), st.sampled_from(["saladin.toml", "striker.toml", "warrior.toml", "manticore.toml"]),
       st.lists(TOKENS, max_size=9), st.sampled_from(["cruise", "flank"]), st.lists(st.integers(2, 12), max_size=6),
       st.integers(0, 5))
def test_any_vehicle_move_is_carried_out_or_refused_cleanly(cells, data, path, mode, psr, facing):
    """Invariant: whatever the terrain, path and dice, a move either is
    refused with a reason and changes nothing, or ends on the map with the
    unit's hexes moved at least its slides."""
    hexes = {}
    for x, y, t, lv, paved in cells:
        lab = f"{x:02d}{y:02d}"
        if lab != "0405":
            hexes[lab] = {"terrain": t, "level": lv, "paved": paved,
                          **({"depth": 1} if t == "water" else {}), **({"building": 2} if t == "building" else {})}
    game = make_game(9, 11, forced={"psr": list(psr)}, hexes=hexes)
    kw = {"altitude": 4} if data == "warrior.toml" else {}
    if not kw:
        path = [t for t in path if t in ("F", "B", "L", "R")]
    ent = add(game, "v", data, "0405", facing, **kw)
    before = game.snapshot("v")
    reason = move(game, "v", mode, path)
    if reason is not None:
        after = game.snapshot("v")
        assert (after["at"], after["facing"], after["altitude"]) == (before["at"], before["facing"], before["altitude"])
        return
    from components import Position
    assert game.map.on_map(game.world.component(ent, Position).hex)
    slid = sum(e["hexes"] for e in events(game, "sideslip") + events(game, "skid"))
    assert game.world.component(ent, TurnState).hexes_moved >= slid or game.world.component(ent, Status).destroyed


def test_V_SLIP_6_a_move_carried_on_after_a_sideslip_stops_short_of_a_friendly_units_hex():
    # The slide (2 hexes north, to 0405) hits nothing and the move goes on
    # north-east (V-SLIP-6), to end in 0604 where a friend stands: no move
    # ends in another unit's hex, so the hover stops in the last hex of its
    # way it may stand in (0505).
    game = make_game(height=12, forced={"psr": [2]})
    add(game, "hover", "saladin.toml", "0410")
    add(game, "friend", "locust.toml", "0604")
    assert move(game, "hover", "flank", ["F", "F", "F", "R", "F", "F"]) is None
    assert events(game, "sideslip")[0]["to"] == "0405"
    assert label(game, "hover") == "0505" and label(game, "friend") == "0604"
    assert events(game, "move_end")[0]["at"] == "0505"
