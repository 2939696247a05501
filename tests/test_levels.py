"""Tiled levels (contract/levels.md): the shipped levels load and check clean;
terrain combines across layers; units are placed; bad maps are refused with
a message naming the file and the field."""
from __future__ import annotations

from pathlib import Path

import pytest

from engine.errors import DataError
from engine.hexgrid import Hex
from engine.levels import check_level, load_level, new_game_from_level
from engine.paths import LEVELS

SHIPPED = sorted(LEVELS.glob("*.tmx"))


def test_shipped_levels_exist():
    names = {p.name for p in SHIPPED}
    assert {"skirmish.tmx", "training.tmx", "coast.tmx", "alpha_skirmish.tmx"} <= names


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.name)
def test_shipped_level_checks_clean(path):
    assert check_level(path) == []


def test_default_level_starts_a_game_with_mechs_and_vehicles():
    game = new_game_from_level(LEVELS / "skirmish.tmx", seed=1)
    assert game.map.width == 32 and game.map.height == 17
    assert game.sides == ["blue", "red"]
    kinds = {game.kind(e) for e in game.units.values()}
    assert {"mech", "vehicle"} <= kinds


def test_alpha_skirmish_uses_alpha_strike_ruleset():
    level = load_level(LEVELS / "alpha_skirmish.tmx")
    assert level.ruleset == "alpha-strike"
    assert all(p.data.kind == "alpha-strike" for p in level.placements)
