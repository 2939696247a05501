"""Alpha Strike movement on hexes (rules/alpha_strike.md B3, AS-MOVE-*,
AS-HEAT-2 for Move)."""
import pytest

from components import AlphaStrikeCard, Position, Status
from engine.hexgrid import parse_hex_label
from systems.alpha_strike import card as as_card
from systems.common import movement
from systems.alpha_strike.motion import AlphaStrikeMotion
from tests.helpers import make_game
from tests.alpha_strike_helpers import add_card, fire, move, of, play


def planned(game, uid, path, mode="walk"):
    return movement.plan(game, game.units[uid], mode, path)


def test_motion_rules_pick_the_alpha_strike_rules():
    game = make_game(12, 30, ruleset="alpha-strike")
    ent = add_card(game, "a", "red", "0510")
    assert isinstance(movement.motion_rules(game, ent), AlphaStrikeMotion)


@pytest.mark.parametrize("inches,hexes", [(10, 5), (5, 2), (8, 4), (1, 0), (0, 0)])
def test_AS_MOVE_2_hexes_are_inches_halved_rounded_down(inches, hexes):
    game = make_game(12, 30, ruleset="alpha-strike")
    ent = add_card(game, "a", "red", "0510", move=inches, jump=inches)
    assert as_card.ground_hexes(game, ent) == hexes
    assert as_card.jump_hexes(game, ent) == hexes


def test_AS_MOVE_1_ground_move_or_jump_only():
    game = make_game(12, 30, ruleset="alpha-strike")
    add_card(game, "a", "red", "0520", move=10)
    game.start_turn(["red"])
    game.start_phase("movement")
    assert "walk" in game.check(move("a", ["F"], "run"))
    assert "no jump Move" in game.check(move("a", ["F"], "jump"))
    assert game.check(move("a", ["F"] * 5)) is None
    assert "not enough Move (hexes) to enter 0514 (needs 6, has 5)" in game.check(move("a", ["F"] * 6))


@pytest.mark.parametrize("terrain,cost", [
    ({"terrain": "clear"}, 1), ({"terrain": "rough"}, 2), ({"terrain": "rubble"}, 2),
    ({"terrain": "light_woods"}, 2), ({"terrain": "heavy_woods"}, 3),
    ({"terrain": "water", "depth": 0}, 2), ({"terrain": "water", "depth": 1}, 3),
    ({"terrain": "clear", "level": 1}, 2), ({"terrain": "clear", "level": 2}, 3),
    ({"terrain": "light_woods", "level": -1}, 3), ({"terrain": "heavy_woods", "road": True}, 1),
])
def test_AS_MOVE_3_terrain_costs_for_a_mech(terrain, cost):
    game = make_game(12, 30, ruleset="alpha-strike", hexes={"0509": terrain})
    add_card(game, "a", "red", "0510", move=20)
    result = planned(game, "a", ["F"])
    assert result.error is None and result.final.mp == cost


@pytest.mark.parametrize("klass, cost", [("light", 2), ("medium", 3), ("heavy", 4), ("hardened", 5)])
def test_AS_MOVE_3_B_CLASS_1_a_building_hex_costs_by_its_class(klass, cost):
    """The AS terrain table's "per building class": the class's cost of
    rules/buildings.md B-CLASS-1, the level change on top; no entry roll and
    no damage to the building (Alpha Strike has no CF)."""
    b = {"terrain": "building", "building": 2, "building_class": klass, "cf": 5}
    game = make_game(12, 30, ruleset="alpha-strike", hexes={"0509": b, "0409": {**b, "level": 1}})
    add_card(game, "a", "red", "0510", move=20)
    result = planned(game, "a", ["F"])
    assert result.error is None and result.final.mp == cost and not result.psrs
    assert planned(game, "a", ["L", "F"]).final.mp == cost + 1                  # one level up
    game.start_turn(["red"])
    game.start_phase("movement")
    assert game.submit(move("a", ["F"])) is None
    game.end_phase()
    assert not game.log.of_type("building_damage") and game.map.terrain(parse_hex_label("0509")).building


def test_AS_MOVE_3_level_limits_and_prohibited_terrain():
    game = make_game(12, 30, ruleset="alpha-strike", hexes={"0509": {"level": 3}, "0309": {"level": 2},
                               "0709": {"terrain": "water", "depth": 1},
                               "0909": {"terrain": "heavy_woods"}})
    add_card(game, "mech", "red", "0510", move=20)
    add_card(game, "cv", "red", "0310", move=20, type="CV", heat=False)
    add_card(game, "cv2", "red", "0710", move=20, type="CV", heat=False)
    add_card(game, "cv3", "red", "0910", move=20, type="CV", heat=False)
    add_card(game, "mech2", "red", "0310", move=20)
    assert "at most 2 levels" in planned(game, "mech", ["F"]).error
    assert "at most 1 level" in planned(game, "cv", ["F"]).error
    assert "'Mech-only" in planned(game, "cv2", ["F"]).error
    assert "vehicles" in planned(game, "cv3", ["F"]).error
    assert planned(game, "mech2", ["F"]).error is None


def test_AS_MOVE_4_jumping_costs_one_hex_per_hex_and_ignores_terrain():
    game = make_game(12, 30, ruleset="alpha-strike", hexes={"0509": {"terrain": "heavy_woods"}, "0508": {"level": 2},
                               "0506": {"terrain": "water", "depth": 2}})
    add_card(game, "a", "red", "0510", move=4, jump=8)
    add_card(game, "enemy", "blue", "0507")
    result = planned(game, "a", ["F", "F", "F", "F"], "jump")
    assert result.error is None and result.final.mp == 4 and result.final.hex == parse_hex_label("0506")
    # It must be allowed to end where it lands: deep water is 'Mech-only.
    game.get("a", AlphaStrikeCard).type = "BA"
    assert "Mech-only" in planned(game, "a", ["F", "F", "F", "F"], "jump").error


def test_AS_MOVE_5_no_facing_turns_are_free_and_back_is_just_another_direction():
    game = make_game(12, 30, ruleset="alpha-strike")
    add_card(game, "a", "red", "0510", move=4)
    result = planned(game, "a", ["L", "L", "L", "F", "R", "R", "R", "B"])
    assert result.error is None and result.final.mp == 2
    assert result.final.hex == parse_hex_label("0512")      # facing north, B steps south


def test_AS_MOVE_6_no_moving_through_or_ending_on_enemies():
    game = make_game(12, 30, ruleset="alpha-strike")
    add_card(game, "a", "red", "0510", move=10, jump=10)
    add_card(game, "friend", "red", "0508")
    add_card(game, "enemy", "blue", "0509")
    assert "enemy" in planned(game, "a", ["F", "F"]).error
    assert "friendly unit" in planned(game, "a", ["F", "F"], "jump").error
    assert planned(game, "a", ["F", "F", "F"], "jump").error is None


def test_AS_MOVE_7_immobile_units_do_not_move():
    # An MP hit on 2" of Move takes at least 2": Move 0, immobile.
    game = make_game(12, 30, ruleset="alpha-strike", forced={"to_hit": [12], "critical": [7]})
    add_card(game, "a", "red", "0510", move=2, armor_left=0)
    add_card(game, "b", "blue", "0508")
    play(game, fires=[fire("b", "a")])
    assert as_card.move_inches(game, game.units["a"]) == 0
    assert game.get("a", Status).immobile
    events = play(game, moves=[move("a", ["F"])])
    assert of(events, "refused", unit="a")


def test_AS_HEAT_2_heat_costs_ground_move_not_jump():
    game = make_game(12, 30, ruleset="alpha-strike")
    add_card(game, "a", "red", "0520", move=10, jump=6, heat_level=3)
    game.start_turn(["red"])
    game.start_phase("movement")
    assert "needs 3, has 2" in game.check(move("a", ["F"] * 3))
    assert game.check(move("a", ["F"] * 3, "jump")) is None


def test_AS_SHUT_1_and_stunned_units_cannot_move():
    game = make_game(12, 30, ruleset="alpha-strike")
    add_card(game, "a", "red", "0520", heat_level=4)
    add_card(game, "b", "red", "0320")
    game.get("a", Status).shutdown = True
    game.get("b", AlphaStrikeCard).stunned = True
    events = play(game, moves=[move("a", ["F"]), move("b", ["F"])])
    assert len(of(events, "refused")) == 2 and of(events, "move") == []
    assert "stunned" in of(events, "refused", unit="b")[0]["reason"]


def test_reachable_hexes_for_the_ui():
    game = make_game(12, 30, ruleset="alpha-strike")
    ent = add_card(game, "a", "red", "0615", move=4)
    reach = movement.reachable(game, ent, "walk")
    hexes = {k[0] for k in reach}
    assert len(hexes) == 19      # everything within 2 hexes
    assert all(r.mp <= 2 for r in reach.values())


def test_a_move_updates_position_and_turn_state():
    game = make_game(12, 30, ruleset="alpha-strike")
    add_card(game, "a", "red", "0520", move=6)
    events = play(game, moves=[move("a", ["F", "F", "R", "F"])])
    m = of(events, "move", unit="a")[0]
    assert (m["from"], m["to"], m["hexes_moved"], m["mp_spent"]) == ("0520", "0617", 3, 3)
    assert game.get("a", Position).hex == parse_hex_label("0617")


def test_AS_PHYS_3_charge_and_death_from_above_are_refused():
    # AS-PHYS-3: no charge or DFA in the introductory rules: a move that
    # declares one is refused with a reason (and offers nothing to the UI).
    from engine.orders import MoveOrder
    from engine.ui.queries import declarations
    game = make_game(12, 30, ruleset="alpha-strike")
    add_card(game, "a", "red", "0510", move=10, jump=10)
    add_card(game, "b", "blue", "0508")
    game.start_turn(["red", "blue"])
    game.start_phase("movement")
    charge = MoveOrder("a", {}, mode="walk", path=["F"], charge="b")
    dfa = MoveOrder("a", {}, mode="jump", path=["F"], dfa="b")
    assert "no charge attack" in game.check(charge)
    assert "no death from above attack" in game.check(dfa)
    assert game.check(move("a", ["F"])) is None
    assert declarations(game, "a", "walk", ["F"]) == []
    events = play(game, moves=[charge])
    assert len(of(events, "refused", unit="a")) == 1 and of(events, "move", unit="a") == []
