"""Random play keeps the invariants (short run; `python -m engine soak` is the long one),
and the invariant checks do catch broken states."""
import random

import pytest

from components import Armor, ClassicHeat, Position, Status
from engine import random_play as rp
from engine.events import EventError
from engine.orders import MoveOrder
from tests.helpers import add, make_game


@pytest.mark.parametrize("seed", [1, 2])
def test_short_random_play_is_clean(seed):
    stats = rp.run(turns=6, seed=seed, max_turns_per_game=3)
    assert stats.turns >= 6 and stats.orders > 0
    assert stats.problems == []


def test_random_play_on_every_shipped_level():
    rng = random.Random(5)
    for level in sorted(rp.LEVELS.glob("*.tmx")):
        game = rp.random_game(rng, level=level, units_per_side=1)
        stats, inv = rp.Stats(), rp.Invariants(check_refusals=False)
        rp.play_game(game, rng, 1, stats, inv)
        game.close()
        assert stats.problems == [], level.name


def test_all_unit_kinds_take_part():
    kinds = {d.kind for pool in rp.shipped_units().values() for d in pool}
    assert {"mech", "vehicle", "alpha-strike"} <= kinds
    seen = set()
    for seed in range(8):
        game = rp.random_game(random.Random(seed), ruleset="classic", units_per_side=3)
        seen |= {game.kind(e) for e in game.units.values()}
        game.close()
    assert {"mech", "vehicle"} <= seen


@pytest.fixture
def game():
    g = make_game(8, 8)
    add(g, "a", "grasshopper", "red", "0405")
    add(g, "b", "jagermech", "blue", "0402", facing=3)
    g.start_turn(["red", "blue"])
    return g


def _after(game, inactive=frozenset(), start=0):
    inv = rp.Invariants()
    inv.after_phase(game, start, set(inactive))
    return inv.problems


def test_invariants_pass_on_a_fresh_game(game):
    assert _after(game) == []


def test_negative_armor_is_caught(game):
    game.get("a", Armor).points["head"] = -1
    assert any("armor head = -1" in p for p in _after(game))


def test_enemies_in_one_hex_are_caught(game):
    game.get("b", Position).hex = game.get("a", Position).hex
    assert any("enemy ground units share hex" in p for p in _after(game))


def test_friends_in_one_hex_and_a_wreck_under_a_unit_are_caught(game):
    # Saves refuse two units on the ground in one hex, whatever their sides
    # (engine/save_check.check_stacking): the soak asks the same after every phase.
    add(game, "c", "locust", "red", "0406")
    game.get("c", Position).hex = game.get("a", Position).hex
    assert any("friendly ground units share hex 0405" in p for p in _after(game))
    game.get("c", Position).hex = game.get("b", Position).hex
    game.get("b", Status).destroyed = True
    assert any("enemy ground units share hex 0402" in p for p in _after(game))


def test_a_wreck_left_after_the_end_phase_is_caught(game):
    game.get("b", Status).destroyed = True
    game.log.phase = "end"
    assert any("b is destroyed and still on the map after the End Phase" in p for p in _after(game))
    game.get("b", Status).removed = True
    assert _after(game) == []


def test_heat_off_the_scale_is_caught(game):
    game.get("a", ClassicHeat).heat = -2
    assert any("heat" in p for p in _after(game))


def test_a_destroyed_unit_acting_is_caught(game):
    game.get("a", Status).destroyed = True
    start = len(game.log.events)
    game.log.emit("move", unit="a", mode="walk", **{"from": "0405"}, to="0404", facing=0, mp_spent=1,
                  hexes_moved=1, path=["F"])
    assert any("moved although destroyed" in p for p in _after(game, {"a"}, start))


def test_malformed_events_are_caught(game):
    """Events that reached the log without `emit` (which refuses them at once)."""
    start = len(game.log.events)
    common = {"turn": game.turn, "phase": game.phase}
    game.log.events.append({**common, "type": "damage", "unit": "a", "amount": 5})
    game.log.events.append({**common, "type": "attack", "attacker": "a", "target": "b", "attack": "x",
                            "to_hit": 8, "modifiers": [["gunnery", 4]], "roll": 9, "hit": True})
    game.log.events.append({**common, "type": "heat", "unit": "a", "from": 0, "to": "hot"})
    problems = _after(game, start=start)
    assert any("damage event: armor_left: missing" in p for p in problems)
    assert any("heat event: to: expected int, got 'hot'" in p for p in problems)
    assert any("modifiers sum to 4, not 8" in p for p in problems)


def test_emit_refuses_an_event_that_does_not_match_its_schema(game):
    with pytest.raises(EventError, match="damage event: armor_left: missing"):
        game.log.emit("damage", unit="a", location="head", amount=5, structure_left=3)
    with pytest.raises(EventError, match="move event: facing: expected int, got '3'"):
        game.log.emit("move", unit="a", mode="walk", **{"from": "0405"}, to="0404", facing="3", mp_spent=1,
                      hexes_moved=1, path=["F"])
    with pytest.raises(EventError, match="shutdown event: heat_level: not a field"):
        game.log.emit("shutdown", unit="a", heat_level=30)
    with pytest.raises(EventError, match="no event type 'teleport'"):
        game.log.emit("teleport", unit="a")
    with pytest.raises(EventError, match="attack event: modifiers: expected \\[label, value\\] pairs"):
        game.log.emit("attack", attacker="a", target="b", attack="x", to_hit=4, modifiers=[["gunnery", "4"]],
                      roll=9, hit=True)


def test_a_refusal_that_changes_the_game_is_caught(game, monkeypatch):
    game.start_phase("movement")
    real_check = game.ruleset.check

    def sloppy_check(g, order):
        pos = g.get("a", Position)
        pos.facing = (pos.facing + 1) % 6    # a check with a side effect
        return "no"
    inv = rp.Invariants()
    monkeypatch.setattr(game.ruleset, "check", sloppy_check)
    inv.submit(game, MoveOrder("a", {}, mode="walk", path=["F"]))
    monkeypatch.setattr(game.ruleset, "check", real_check)
    assert any("changed the game" in p for p in inv.problems)


def test_a_crash_is_reported_not_raised(game, monkeypatch):
    def boom(*a, **k):
        raise KeyError("boom")
    monkeypatch.setattr(game.ruleset, "end_phase", boom)
    stats, inv = rp.Stats(), rp.Invariants()
    rp.play_game(game, random.Random(1), 1, stats, inv)
    assert stats.crashes == 1 and "CRASH KeyError" in stats.problems[0]


def test_found_by_random_play_a_vtol_cannot_land_on_an_enemy():
    """Random play found a VTOL landing in place on an enemy mech's hex."""
    g = make_game(8, 8)
    add(g, "v", "warrior", "red", "0404", altitude=2)
    add(g, "m", "jagermech", "blue", "0404")
    g.start_turn(["red", "blue"])
    g.start_phase("movement")
    reason = g.submit(MoveOrder("v", {}, mode="cruise", path=["land"]))
    assert reason and "enemy" in reason
    assert g.submit(MoveOrder("v", {}, mode="cruise", path=["F", "land"])) is None


def test_a_vtol_with_a_mechs_on_roof_flag_is_caught():
    g = make_game(8, 8, hexes={"0404": {"terrain": "building", "building": 2}})
    add(g, "v", "warrior", "red", "0404", altitude=2)
    g.start_turn(["red"])
    assert _after(g) == []                                          # landed on the roof by its altitude
    g.get("v", Position).on_roof = True
    assert any("v has a mech's on-roof flag in 0404" in p for p in _after(g))


def test_a_vtol_airborne_after_a_displacement_is_caught():
    g = make_game(8, 8)
    add(g, "v", "warrior", "red", "0404", altitude=2)
    g.start_turn(["red"])
    start = len(g.log.events)
    g.log.emit("displace", unit="v", **{"from": "0405"}, to="0404", cause="push")
    assert any("v was displaced while landed and is airborne in 0404" in p for p in _after(g, start=start))
