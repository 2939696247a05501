"""A mech that fails a PSR on the way and falls in a hex a friend stands in,
which it was only passing through (rules/mech_core.md section 1: one unit on
the ground per hex at the end of movement; section 10: the domino effect).
As MegaMek's doEntityFallsInto for a fall of less than 2 levels: the unit
there is displaced along the move, or the nearest way it can go, and makes
a PSR 0; a wreck or a unit with no room stays, and the fallen mech is moved
aside instead."""
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
