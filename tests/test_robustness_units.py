"""Malformed unit files are refused with one line per problem naming the file
and the field; accepted ones spawn, save and play without a crash."""
import random
import tomllib

from hypothesis import HealthCheck, given, settings, strategies as st

from engine.errors import DataError
from engine.game import Game
from engine.hexgrid import Hex
from engine.hexmap import HexMap
from engine.paths import UNITS
from engine import random_play as rp
from engine.unit_loader import parse_unit
from tests.mutations import assert_one_line_error, mutated, to_toml

BASES = [tomllib.loads(p.read_text()) for p in sorted(UNITS.glob("*.toml"))]
FNAME = "mutant.toml"


def _accepted_unit_plays(data) -> None:
    """An accepted unit can be spawned, saved, loaded and play a random turn."""
    ruleset = "alpha-strike" if data.kind == "alpha-strike" else "classic"
    game = Game(HexMap(6, 6), ruleset, 1)
    game.add_unit(data, "m", "red", Hex(1, 1), 0)
    foe = rp.shipped_units()[ruleset][0]
    game.add_unit(foe, "f", "blue", Hex(4, 4), 3)
    stats, inv = rp.Stats(), rp.Invariants(check_refusals=False)
    rp.play_game(game, random.Random(0), 1, stats, inv, replay_check=True)
    game.close()
    assert stats.problems == []


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_mutated_unit_files_are_accepted_or_refused_cleanly(data):
    base = data.draw(st.sampled_from(BASES))
    unit = data.draw(mutated(base))
    text = to_toml(unit)
    try:
        parsed = parse_unit(text, FNAME)
    except DataError as exc:
        assert_one_line_error(exc, FNAME)
        return
    _accepted_unit_plays(parsed)


@settings(max_examples=100, deadline=None)
@given(st.data())
def test_damaged_unit_text_is_refused_cleanly(data):
    text = (UNITS / data.draw(st.sampled_from(sorted(p.name for p in UNITS.glob("*.toml"))))).read_text()
    cut = data.draw(st.integers(0, len(text)))
    junk = data.draw(st.text(max_size=20))
    where = data.draw(st.integers(0, cut))
    damaged = text[:where] + junk + text[where:cut]
    try:
        parse_unit(damaged, FNAME)
    except DataError as exc:
        assert_one_line_error(exc, FNAME)


def test_huge_and_wrong_values_name_their_field():
    base = tomllib.loads((UNITS / "grasshopper.toml").read_text())
    for table, key, value in [("Movement", "walk", 10**9), ("Armor", "head", -5), ("Crew", "piloting", "good"),
                              ("Movement", "jump", 2.5)]:
        unit = {k: (dict(v) if isinstance(v, dict) else v) for k, v in base.items()}
        unit[table][key] = value
        try:
            parse_unit(to_toml(unit), FNAME)
        except DataError as exc:
            assert f"[{table}] {key}" in exc.first_line()
        else:
            raise AssertionError(f"{table}.{key} = {value!r} was accepted")
