"""A mech that fails a PSR on the way and falls in a hex a friend stands in,
which it was only passing through (rules/mech_core.md section 1: one unit on
the ground per hex at the end of movement; section 10: the domino effect).
As MegaMek's doEntityFallsInto for a fall of less than 2 levels: the unit
there is displaced along the move, or the nearest way it can go, and makes
a PSR 0; a wreck or a unit with no room stays, and the fallen mech is moved
aside instead. A fall of 2 or more levels onto the unit there is an
accidental fall from above (section 10)."""
from components import Position, PsrRequest, Status
from engine.hexmap import Terrain
from engine.orders import MoveOrder
from systems.common.stacking import occupant_as_placed
from tests.helpers import add, events, make_game
from tests.physical_helpers import nb

WATER = Terrain("water", depth=1)
# PSR 2 against 4 (piloting 5, depth 1 water -1) fails; fall facing 1 (no
# turn); fall damage 1 group; MechWarrior damage PSR 12 passes.
FAILS = {"psr": [2, 12], "fall": [1], "location": [7]}


def hex_of(game, uid):
    return game.world.component(game.units[uid], Position).hex.label


def run_through_water(hexes=None, wreck=False, behind=False):
    """Red `g` (Grasshopper, 0506 facing north) runs through 0505, depth 1
    water where the red Jagermech `j` stands, to 0504, and fails the water's
    PSR in 0505. `behind`: it starts in 0507 and passes the red Atlas `k`
    in 0506 first."""
    game = make_game(forced=FAILS, hexes={"0505": WATER, **(hexes or {})})
    add(game, "g", "grasshopper", "red", "0507" if behind else "0506", 0)
    add(game, "j", "jagermech", "red", "0505", 3)
    if behind:
        add(game, "k", "atlas", "red", "0506", 0)
    if wreck:
        game.world.component(game.units["j"], Status).destroyed = True
    game.start_turn(["red", "blue"])
    game.start_phase("movement")
    assert game.submit(MoveOrder("g", mode="run", path=["F", "F", "F"] if behind else ["F", "F"])) is None
    return game


def test_the_friend_is_displaced_along_the_move_with_a_domino_psr():
    game = run_through_water()
    assert events(game, "move_stopped", unit="g")[0]["at"] == "0505"
    assert events(game, "fall", unit="g")[0]["at"] == "0505"
    assert hex_of(game, "g") == "0505" and hex_of(game, "j") == "0504"     # north, the way g moved
    assert events(game, "displace", unit="j")[0]["cause"] == "domino"
    assert PsrRequest("j", "displaced by a domino effect", modifier=0) in game.turn_record.psr_queue
    assert occupant_as_placed(game, game.units["g"]) is None


def test_the_friend_goes_the_nearest_way_it_can():
    # 0504 is 2 levels up: the next hexside clockwise (MM getValidDisplacement)
    game = run_through_water(hexes={"0504": Terrain(level=2)})
    assert hex_of(game, "j") == nb("0505", 1) and hex_of(game, "g") == "0505"


def test_a_wreck_stays_and_the_fallen_mech_is_moved_aside():
    game = run_through_water(wreck=True)
    assert hex_of(game, "j") == "0505"
    assert hex_of(game, "g") == "0504"                 # displaced north itself
    assert events(game, "displace", unit="g")[0]["cause"] == "no room where it fell in 0505"
    assert occupant_as_placed(game, game.units["g"]) is None and not events(game, "displace", unit="j")


def test_with_no_room_anywhere_the_fallen_mech_is_destroyed():
    # every other hex around 0505 is 2 levels up (no displacement climbs 2),
    # and the Atlas stands in 0506, behind
    rises = {nb("0505", d): Terrain(level=2) for d in range(6) if nb("0505", d) != "0506"}
    game = run_through_water(hexes=rises, wreck=True, behind=True)
    status = game.world.component(game.units["g"], Status)
    assert status.destroyed and status.removed          # no hex for its wreck either
    assert occupant_as_placed(game, game.units["j"]) is None
    assert hex_of(game, "j") == "0505" and hex_of(game, "k") == "0506"
    assert not events(game, "displace")


def back_down_onto_a_friend(to_hit: int):
    """Red `g` (Grasshopper, 70 t, piloting 5) stands on a level-2 hill in 0506
    facing north and backs down 2 levels into 0507, where the red Jagermech
    `j` stands, on its way to 0508; it fails the roll for changing level
    while moving backward (2 against 5) in 0507 and falls 2 levels there."""
    game = make_game(forced={"psr": [2, 12, 12], "to_hit": [to_hit], "fall": [1], "location": [1] * 12},
                     hexes={"0506": Terrain(level=2)})
    add(game, "g", "grasshopper", "red", "0506", 0)
    add(game, "j", "jagermech", "red", "0507", 0)
    game.start_turn(["red", "blue"])
    game.start_phase("movement")
    assert game.submit(MoveOrder("g", mode="walk", path=["B", "B"])) is None
    return game


def test_section_10_a_fall_of_2_levels_onto_a_friend_is_an_accidental_fall_from_above_that_hits():
    # To-hit 7 (the Jagermech has not moved, clear ground): a roll of 7 hits. The
    # Jagermech takes ceil(70/10) = 7 on the punch table, front, is displaced along
    # the fall (south, to 0508) with a PSR +2; the Grasshopper falls 2 levels into
    # 0507 on its back: ceil(70/10) x 3 = 21.
    game = back_down_onto_a_friend(7)
    (attack,) = events(game, "attack")
    assert (attack["attacker"], attack["target"], attack["attack"]) == ("g", "j", "accidental_fall")
    assert (attack["to_hit"], attack["hit"]) == (7, True)
    assert sum(e["amount"] for e in events(game, "damage", unit="j")) == 7
    assert hex_of(game, "j") == "0508" and events(game, "displace", unit="j")[0]["cause"] == "fallen on"
    assert PsrRequest("j", "fallen on by a falling unit", modifier=2) in game.turn_record.psr_queue
    (fall,) = events(game, "fall", unit="g")
    assert (fall["at"], fall["levels"], fall["damage"], fall["side"]) == ("0507", 2, 21, "rear")
    assert hex_of(game, "g") == "0507" and not events(game, "displace", unit="g")


def test_section_10_a_fall_of_2_levels_onto_a_friend_that_misses_lands_beside_it():
    # A roll of 6 misses: the Grasshopper lands in the hex beside 0507 nearest the
    # line of its fall (0508, level 0, 2 levels down) and takes its fall there: 21.
    game = back_down_onto_a_friend(6)
    (attack,) = events(game, "attack")
    assert (attack["attack"], attack["hit"]) == ("accidental_fall", False)
    assert hex_of(game, "j") == "0507" and not events(game, "damage", unit="j")
    (fall,) = events(game, "fall", unit="g")
    assert (fall["at"], fall["levels"], fall["damage"]) == ("0508", 2, 21)
    assert occupant_as_placed(game, game.units["g"]) is None
