"""Mutated, truncated and corrupted saves are refused with one line naming the
file and the field, or load into a game that is whole: it saves back
identically, replays or refuses its replay cleanly, and plays on."""
import json
import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from engine import random_play as rp
from engine import saves
from engine.errors import DataError
from engine.replay import Replay
from tests.mutations import assert_one_line_error, mutated



def _played(ruleset: str, seed: int) -> dict:
    rng = random.Random(seed)
    game = rp.random_game(rng, ruleset=ruleset, units_per_side=2)
    rp.play_game(game, rng, 2, rp.Stats(), rp.Invariants(check_refusals=False, check_saves=False),
                 replay_check=False)
    data = json.loads(saves.dumps(game))
    game.close()
    return data


BASES = [_played("classic", 1), _played("alpha-strike", 2)]


def _small(save: dict) -> dict:
    """The save with short lists, so mutations reach every kind of field."""
    g = json.loads(json.dumps(save))
    g["game"]["events"] = g["game"]["events"][:6]
    g["game"]["record"]["actions"] = g["game"]["record"]["actions"][:8]
    g["game"]["dice"]["rng"][1] = g["game"]["dice"]["rng"][1]   # kept whole: it must stay a valid state
    return g


@pytest.fixture(scope="module")
def work(tmp_path_factory) -> Path:
    """One folder for the module's written files, removed with pytest's others."""
    return tmp_path_factory.mktemp("saves")


def _check(path: Path) -> None:
    try:
        game = saves.load_game(path)
    except DataError as exc:
        assert_one_line_error(exc, str(path))
        return
    try:
        assert game.to_dict() == saves.load_game(saves.save_game(game, path.with_name("again.json"))).to_dict()
        game.snapshots()
        try:
            Replay(game.to_dict(), str(path)).verify()
        except DataError as exc:
            assert_one_line_error(exc, str(path))
        stats, inv = rp.Stats(), rp.Invariants(check_refusals=False)
        rp.play_game(game, random.Random(0), 1, stats, inv, replay_check=False)
        crashes = [p for p in stats.problems if "CRASH" in p]
        assert not crashes, crashes
    finally:
        game.close()


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_mutated_saves_are_refused_or_whole(work, data):
    base = _small(data.draw(st.sampled_from(BASES)))
    # mutate inside the game state mostly (the envelope is a small target)
    mutant = dict(base)
    mutant["game"] = data.draw(mutated(base["game"], max_ops=2))
    path = work / "mutant.json"
    path.write_text(json.dumps(mutant))
    _check(path)


@settings(max_examples=40, deadline=None)
@given(st.data())
def test_truncated_or_flipped_saves_are_refused_cleanly(work, data):
    text = json.dumps(_small(data.draw(st.sampled_from(BASES)))).encode()
    cut = data.draw(st.integers(0, len(text)))
    raw = bytearray(text[:cut])
    for _ in range(data.draw(st.integers(0, 3))):
        if raw:
            raw[data.draw(st.integers(0, len(raw) - 1))] = data.draw(st.integers(0, 255))
    path = work / "broken.json"
    path.write_bytes(bytes(raw))
    _check(path)


def test_a_save_is_never_unpickled_or_executed(tmp_path):
    import pickle
    path = tmp_path / "p.json"
    path.write_bytes(pickle.dumps({"format": "hexmech-save"}))
    try:
        saves.load_game(path)
    except DataError as exc:
        assert str(path) in exc.first_line()
    else:
        raise AssertionError("a pickle was accepted")


def test_an_alpha_strike_card_without_three_damage_values_is_refused(tmp_path):
    """Hypothesis found a save whose card damage list was cut short: the
    attack rules read three values, so the save is refused at load."""
    from tests.alpha_strike_helpers import add_card
    from tests.helpers import make_game
    game = make_game(12, 30, ruleset="alpha-strike")
    add_card(game, "a", "red", "0510")
    data = saves.save_dict(game)
    card = next(u for u in data["game"]["units"] if u["uid"] == "a")["components"]["AlphaStrikeCard"]
    for bad in (["3", "3"], ["3", "x", "1"], [3, 3, 3]):
        card["damage"] = bad
        path = tmp_path / "bad.json"
        path.write_text(json.dumps(data))
        with pytest.raises(DataError) as err:
            saves.load_game(path)
        assert "AlphaStrikeCard.damage" in str(err.value).splitlines()[0]
