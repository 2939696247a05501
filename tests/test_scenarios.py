"""Every scenario under tests/scenarios/ (physical attacks, weapons, vehicles,
Alpha Strike, mixed battles) plays to its .expect.toml."""
from pathlib import Path

import pytest

from tests.scenario_expect import problems, scenario_files

FOLDER = Path(__file__).resolve().parent / "scenarios"
SCENARIOS = scenario_files(FOLDER)


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: str(p.relative_to(FOLDER).with_suffix("")))
def test_scenario(path):
    assert problems(path) == []


def test_every_area_has_scenarios():
    areas = {p.relative_to(FOLDER).parts[0] for p in SCENARIOS}
    assert {"physical", "weapons", "vehicles", "alpha_strike"} <= areas
