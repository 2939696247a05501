"""Firing arcs (rules/mech_core.md section 3; vehicles T-6b): arcs per
facing, torso twist, leg and rear mounts, turrets."""
from hypothesis import given, strategies as st

from components import Mount, TurnState, Turret
from engine.hexgrid import Hex, neighbor, parse_hex_label as P
from systems.classic.firing_arcs import in_arc, is_forward, mount_arc, mount_in_arc
from tests.helpers import make_game
from tests.weapons_support import mech_data, shipped

CENTRE = P("0808")


def adjacent_arcs(facing, arc):
    """Which directions' adjacent hexes are in `arc` for a unit facing `facing`."""
    return [d for d in range(6) if in_arc(arc, CENTRE, facing, neighbor(CENTRE, d))]


def test_forward_arc_is_the_three_front_hexsides_for_every_facing():
    for f in range(6):
        assert adjacent_arcs(f, "forward") == sorted([(f + 5) % 6, f, (f + 1) % 6])


def test_rear_arc_is_the_rear_hexside_only_for_adjacent_hexes():
    for f in range(6):
        assert adjacent_arcs(f, "rear") == [(f + 3) % 6]


def test_arm_arcs_add_their_side():
    assert adjacent_arcs(0, "left_arm") == [0, 1, 4, 5]
    assert adjacent_arcs(0, "right_arm") == [0, 1, 2, 5]
    assert adjacent_arcs(0, "left_side") == [4]
    assert adjacent_arcs(0, "right_side") == [2]


def test_cone_beyond_the_hexsides():
    # Two hexes straight ahead and the hexes between the forward lines.
    assert in_arc("forward", CENTRE, 0, P("0806"))
    assert in_arc("forward", CENTRE, 0, P("1006"))     # about 41 degrees
    assert in_arc("forward", CENTRE, 0, P("1007"))     # on the 60-degree line
    assert not in_arc("forward", CENTRE, 0, P("1008"))  # 90 degrees: right side
    assert in_arc("right_arm", CENTRE, 0, P("1008"))


def test_mount_arcs_by_location():
    assert mount_arc("mech", "left_arm") == "left_arm"
    assert mount_arc("mech", "right_arm") == "right_arm"
    assert mount_arc("mech", "center_torso") == "forward"
    assert mount_arc("mech", "head") == "forward"
    assert mount_arc("mech", "left_leg") == "forward"
    assert mount_arc("mech", "center_torso", rear=True) == "rear"
    assert mount_arc("vehicle", "turret") == "forward"
    assert mount_arc("vehicle", "left") == "vehicle_left"


def _mech(weapons):
    game = make_game(16, 16, initiative=["blue", "red"],
                     units=[("m", mech_data(weapons=weapons), "blue", "0808", 0),
                            ("t", mech_data(), "red", "0101", 0)])
    return game, game.units["m"]


def test_torso_twist_turns_torso_and_arm_weapons_one_hexside():
    game, m = _mech([("medium_laser", "center_torso"), ("medium_laser", "left_leg")])
    torso = Mount("medium_laser", "center_torso")
    leg = Mount("medium_laser", "left_leg")
    right_side = neighbor(CENTRE, 2)
    assert not mount_in_arc(game, m, torso, right_side)
    game.get(m, TurnState).torso_twist = 1
    assert mount_in_arc(game, m, torso, right_side)
    assert not mount_in_arc(game, m, torso, neighbor(CENTRE, 5))
    # Legs keep the feet's arc.
    assert not mount_in_arc(game, m, leg, right_side)
    assert mount_in_arc(game, m, leg, neighbor(CENTRE, 5))
    game.get(m, TurnState).torso_twist = -1
    assert mount_in_arc(game, m, Mount("medium_laser", "left_arm"), neighbor(CENTRE, 3))


def test_rear_mounted_weapon_fires_only_rearward():
    game, m = _mech([("medium_laser", "center_torso@rear")])
    rear = Mount("medium_laser", "center_torso", rear=True)
    assert mount_in_arc(game, m, rear, neighbor(CENTRE, 3))
    assert mount_in_arc(game, m, rear, P("0711"))
    assert not mount_in_arc(game, m, rear, neighbor(CENTRE, 0))
    assert not mount_in_arc(game, m, rear, neighbor(CENTRE, 2))


def test_turret_arc_is_measured_from_the_turret_facing():
    game = make_game(16, 16, initiative=["blue", "red"],
                     units=[("v", shipped("saladin"), "blue", "0808", 0),
                            ("t", mech_data(), "red", "0101", 0)])
    v = game.units["v"]
    behind = neighbor(CENTRE, 3)
    turret = Mount("ac_2", "turret")
    if game.get(v, Turret) is None:
        game.world.add_component(v, Turret(0))
    game.get(v, Turret).facing = 0
    assert not mount_in_arc(game, v, turret, behind)
    game.get(v, Turret).facing = 3
    assert mount_in_arc(game, v, turret, behind)
    assert not mount_in_arc(game, v, Mount("ac_2", "front"), behind)


def test_secondary_target_arc_uses_the_torso_facing():
    game, m = _mech([])
    assert is_forward(game, m, neighbor(CENTRE, 1))
    assert not is_forward(game, m, neighbor(CENTRE, 2))
    game.get(m, TurnState).torso_twist = 1
    assert is_forward(game, m, neighbor(CENTRE, 2))


def test_the_forward_arc_holds_the_three_hexes_ahead():
    ring = [neighbor(CENTRE, d) for d in range(6)]
    assert sorted(h for h in ring if in_arc("forward", CENTRE, 0, h)) == sorted(neighbor(CENTRE, d) for d in (5, 0, 1))


hexes = st.builds(Hex, st.integers(0, 15), st.integers(0, 15))


@given(hexes, st.integers(0, 5))
def test_forward_sides_and_rear_cover_every_hex_exactly_once(target, facing):
    if target == CENTRE:
        return
    arcs = [a for a in ("forward", "left_side", "right_side", "rear") if in_arc(a, CENTRE, facing, target)]
    assert len(arcs) == 1


@given(hexes, st.integers(0, 5))
def test_arm_arcs_are_forward_plus_their_side(target, facing):
    if target == CENTRE:
        return
    fwd = in_arc("forward", CENTRE, facing, target)
    assert in_arc("left_arm", CENTRE, facing, target) == (fwd or in_arc("left_side", CENTRE, facing, target))
    assert in_arc("right_arm", CENTRE, facing, target) == (fwd or in_arc("right_side", CENTRE, facing, target))


def test_a_mounts_arc_is_measured_from_the_facing_given():
    def fires(kind, location, rear, facing, target):
        return in_arc(mount_arc(kind, location, rear), CENTRE, facing, target)
    behind = neighbor(CENTRE, 3)
    assert not fires("mech", "center_torso", False, 0, behind)
    assert fires("mech", "center_torso", True, 0, behind)
    # A turret turned to face 3 puts the same hex in its forward arc.
    assert fires("vehicle", "turret", False, 3, behind)
    assert fires("vehicle", "right", False, 0, neighbor(CENTRE, 2))
    assert not fires("vehicle", "right", False, 0, neighbor(CENTRE, 0))


def test_V_ATK_2_side_mounts_never_fire_into_the_front_arc():
    from engine.hexgrid import relative_bearing
    # 1007 from 0808 facing north lies exactly on the front-right line (60
    # degrees, like the front-right adjacent hex 0908): front arc, not right.
    assert relative_bearing(CENTRE, 0, P("1007")) == 60.0
    for h in (P("1007"), neighbor(CENTRE, 1)):
        assert in_arc("forward", CENTRE, 0, h)
        assert not in_arc("vehicle_right", CENTRE, 0, h)
    assert in_arc("vehicle_right", CENTRE, 0, neighbor(CENTRE, 2))
    # T-6b: other boundaries are inclusive: the rear-right hex is right and rear.
    assert in_arc("vehicle_rear", CENTRE, 0, neighbor(CENTRE, 2))
    assert in_arc("vehicle_rear", CENTRE, 0, neighbor(CENTRE, 3))


def test_V_ATK_4_vehicle_mounts_fire_only_into_their_own_arc():
    # A hull facing north (0): adjacent directions 0..5 are N, NE, SE, S, SW, NW.
    assert adjacent_arcs(0, mount_arc("vehicle", "front")) == [0, 1, 5]
    assert adjacent_arcs(0, mount_arc("vehicle", "right")) == [2]       # the shared 60-degree line is front only
    assert adjacent_arcs(0, mount_arc("vehicle", "left")) == [4]
    assert adjacent_arcs(0, mount_arc("vehicle", "rear")) == [2, 3, 4]
    far_right = P("1108")           # 3 hexes east: fa 90, squarely in the right arc
    assert in_arc(mount_arc("vehicle", "right"), CENTRE, 0, far_right)
    assert not in_arc(mount_arc("vehicle", "left"), CENTRE, 0, far_right)
    assert not in_arc(mount_arc("vehicle", "front"), CENTRE, 0, far_right)
