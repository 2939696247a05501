"""Deployment before turn 1 (engine/deployment.py): zones, placement
legality through the engine's terrain and stacking rules, turns of sides."""
from __future__ import annotations

from hypothesis import given, settings, strategies as st

from components import Position, Turret
from engine import deployment
from engine.hexgrid import Hex, distance, parse_hex_label
from engine.session import training_ground


def pos(game, uid):
    return game.world.component(game.units[uid], Position)


def test_default_zone_is_within_two_hexes_of_the_sides_units():
    g = training_ground(1)
    deployment.begin(g)
    zone = set(deployment.deployment_hexes(g, "blue"))
    starts = [pos(g, u).hex for u in g.unit_ids("blue")]
    assert zone == {h for h in g.map.all_hexes() if any(distance(h, s) <= 2 for s in starts)}
    assert not zone & set(deployment.deployment_hexes(g, "red"))


def test_level_zones_replace_the_default():
    g = training_ground(1)
    deployment.begin(g, {"blue": [parse_hex_label("0101"), parse_hex_label("0102")]})
    assert [g.map.label(h) for h in deployment.deployment_hexes(g, "blue")] == ["0101", "0102"]
    assert len(deployment.deployment_hexes(g, "red")) > 2       # red: near its units


def test_place_moves_and_turns_the_unit_and_its_turret():
    g = training_ground(1)
    deployment.begin(g)
    g.world.add_component(g.units["saladin_b"], Turret(facing=(pos(g, "saladin_b").facing + 1) % 6))
    tur = g.world.component(g.units["saladin_b"], Turret)
    target = parse_hex_label("0615")
    assert deployment.place(g, "saladin_b", target, 5) is None
    assert pos(g, "saladin_b").hex == target and pos(g, "saladin_b").facing == 5
    assert tur.facing == 0            # still one hexside right of the hull


def test_placement_refusals_name_the_reason():
    g = training_ground(1)
    deployment.begin(g)
    assert "outside blue's deployment zone" in deployment.check_placement(g, "hopper", parse_hex_label("0808"), 0)
    assert "facing" in deployment.check_placement(g, "hopper", pos(g, "hopper").hex, 6)
    assert "red's" not in (deployment.check_placement(g, "hopper", pos(g, "hopper").hex, 2) or "")
    # not red's turn yet: blue deploys first
    assert "turn to deploy" in deployment.check_placement(g, "jager", pos(g, "jager").hex, 0)


def test_V_MOVE_8_ground_vehicle_cannot_deploy_in_prohibited_terrain():
    g = training_ground(1)
    hm = g.map
    from engine.hexmap import Terrain
    hm.set(parse_hex_label("0615"), Terrain("heavy_woods"))
    deployment.begin(g)
    reason = deployment.check_placement(g, "saladin_b", parse_hex_label("0615"), 0)
    assert reason and "prohibited terrain" in reason
    assert deployment.check_placement(g, "hopper", parse_hex_label("0615"), 0) is None   # a mech may


def test_stacking_one_ground_unit_per_hex_as_at_the_end_of_a_move():
    """Deployment follows the movement rule (systems/common/stacking.py): one
    unit on the ground per hex, whatever its side. It used to let a friendly
    vehicle into a mech's or vehicle's hex, where no move may end."""
    g = training_ground(1)
    deployment.begin(g)
    pos(g, "hopper").hex = parse_hex_label("0615")
    reason = deployment.check_placement(g, "saladin_b", parse_hex_label("0615"), 0)
    assert reason == "0615 already holds Grasshopper GHR-5H: one unit on the ground per hex"
    pos(g, "jager").hex = parse_hex_label("0614")       # an enemy standing inside blue's zone
    assert "another side" in deployment.check_placement(g, "hopper", parse_hex_label("0614"), 0)
    from engine.paths import UNITS
    from engine.unit_loader import load_unit
    g.add_unit(load_unit(UNITS / "warrior.toml"), "heli", "blue", parse_hex_label("0515"), 0, {"altitude": 3})
    assert deployment.check_placement(g, "heli", parse_hex_label("0615"), 0) is None   # it flies above


def test_confirm_passes_to_the_next_side_and_ends_deployment():
    g = training_ground(1)
    deployment.begin(g)
    assert deployment.current_side(g) == "blue"
    deployment.confirm(g, "blue")
    assert deployment.current_side(g) == "red" and deployment.active(g)
    deployment.confirm(g, "red")
    assert not deployment.active(g) and g.turn_record.deployment is None


def test_deployment_state_survives_a_save_round_trip():
    from engine.game import Game
    g = training_ground(1)
    deployment.begin(g)
    deployment.place(g, "hopper", parse_hex_label("0415"), 1)
    deployment.confirm(g, "blue")
    g2 = Game.from_dict(g.to_dict())
    assert deployment.current_side(g2) == "red"
    assert deployment.deployment_hexes(g2, "blue") == deployment.deployment_hexes(g, "blue")
    assert pos(g2, "hopper").hex == parse_hex_label("0415")


@settings(deadline=None, max_examples=60)
@given(st.integers(0, 14), st.integers(0, 16), st.integers(0, 5))
def test_a_placement_the_engine_accepts_is_in_the_zone_and_legal(x, y, facing):
    g = training_ground(1)
    deployment.begin(g)
    h = Hex(x, y)
    before = pos(g, "hopper").hex, pos(g, "hopper").facing
    reason = deployment.place(g, "hopper", h, facing)
    if reason is None:
        assert h in deployment.deployment_hexes(g, "blue") and pos(g, "hopper").hex == h
    else:
        assert (pos(g, "hopper").hex, pos(g, "hopper").facing) == before


def test_V_VTOL_5_and_11_vtol_placement_follows_altitude():
    from components import Altitude
    from engine.hexmap import Terrain
    from engine.paths import UNITS
    from engine.unit_loader import load_unit
    g = training_ground(1)
    g.add_unit(load_unit(UNITS / "warrior.toml"), "heli", "blue", parse_hex_label("0515"), 0, {"altitude": 1})
    g.map.set(parse_hex_label("0415"), Terrain("light_woods"))          # trees 2 levels tall
    g.map.set(parse_hex_label("0615"), Terrain("water", depth=1))
    deployment.begin(g)
    alt = g.world.component(g.units["heli"], Altitude)
    assert "treetops" in deployment.check_placement(g, "heli", parse_hex_label("0415"), 0)   # V-VTOL-5
    alt.level = 3
    assert deployment.check_placement(g, "heli", parse_hex_label("0415"), 0) is None
    assert deployment.check_placement(g, "heli", parse_hex_label("0615"), 0) is None        # flying over water
    alt.level = 0
    assert "water" in deployment.check_placement(g, "heli", parse_hex_label("0615"), 0)     # V-VTOL-11 landed
    assert "woods" in deployment.check_placement(g, "heli", parse_hex_label("0415"), 0)
