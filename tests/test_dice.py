"""Dice service: purposes, forced results, seeded rolls, events, save state."""
from hypothesis import given, strategies as st
import pytest

from engine.dice import Dice, PURPOSES
from engine.events import EventLog


@given(st.integers(0, 2**32), st.sampled_from(PURPOSES), st.integers(1, 3))
def test_roll_totals_in_range(seed, purpose, count):
    dice = Dice(EventLog(), seed)
    total = dice.roll(purpose, count)
    assert count <= total <= 6 * count


def test_forced_results_are_consumed_per_purpose_then_seeded():
    log = EventLog()
    dice = Dice(log, 3, {"to_hit": [8, 4], "location": [3]})
    assert dice.roll("to_hit") == 8
    assert dice.roll("location", 1) == 3
    assert dice.roll("to_hit") == 4
    free = dice.roll("to_hit")
    rolls = log.of_type("roll")
    assert [r["forced"] for r in rolls] == [True, True, True, False]
    assert rolls[0]["dice"] == [6, 2] and sum(rolls[-1]["dice"]) == free
    assert rolls[1]["purpose"] == "location"


def test_same_seed_same_rolls():
    a, b = Dice(EventLog(), 42), Dice(EventLog(), 42)
    assert [a.roll("psr") for _ in range(20)] == [b.roll("psr") for _ in range(20)]


def test_state_round_trip_continues_the_sequence():
    log = EventLog()
    a = Dice(log, 9, {"psr": [2]})
    a.roll("to_hit")
    b = Dice.from_dict(EventLog(), a.to_dict())
    assert [a.roll("to_hit") for _ in range(5)] == [b.roll("to_hit") for _ in range(5)]


def test_unknown_purpose_is_an_error():
    with pytest.raises(ValueError):
        Dice(EventLog(), 1).roll("luck")


def test_a_players_generator_comes_from_the_seed_and_never_touches_the_battles_dice():
    from engine.dice import player_generator
    dice = Dice(EventLog(), 42)
    before = dice.rng.getstate()
    a = [player_generator(42, "red", 3, "movement").random() for _ in range(3)]
    assert dice.rng.getstate() == before
    assert a[0] == a[1] == a[2]
    assert player_generator(42, "red", 3, "movement").random() != player_generator(42, "blue", 3, "movement").random()
    assert player_generator(42, "red").random() != player_generator(43, "red").random()
    # the battle's own rolls are those of a battle without a player generator
    untouched = Dice(EventLog(), 42)
    assert [dice.roll("to_hit") for _ in range(5)] == [untouched.roll("to_hit") for _ in range(5)]
