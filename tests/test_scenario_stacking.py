"""A scenario's units start stacked as a move may end (contract/scenario.md
"Map size and stacking"; mech_core.md section 2, B-POS-3, B-VTOL-2/5): the
file asks systems/common/stacking.occupant_as_placed of each unit, and a
pair that may not share a hex is refused with one line naming the file and
the later unit's `at`."""
from __future__ import annotations

import pytest

from engine.errors import DataError
from engine.scenario import load_scenario

UNITS = {"mech": "grasshopper.toml", "tank": "manticore.toml", "vtol": "warrior.toml"}


def scenario(tmp_path, *units: tuple[str, str, str, str, int | None], building: int = 2) -> str:
    """A file with a height-`building` building in 0505; `units`: (id, kind,
    side, hex, altitude or None)."""
    from engine.paths import UNITS as UNIT_DIR
    text = ('ruleset = "classic"\nseed = 1\n[map]\nwidth = 8\nheight = 8\n'
            f'[[map.hex]]\nat = "0505"\nterrain = "building"\nbuilding = {building}\n')
    for uid, kind, side, at, altitude in units:
        text += (f'[[unit]]\nid = "{uid}"\ndata = "{(UNIT_DIR / UNITS[kind]).as_posix()}"\nside = "{side}"\n'
                 f'at = "{at}"\n' + (f"altitude = {altitude}\n" if altitude is not None else ""))
    path = tmp_path / "s.toml"
    path.write_text(text)
    return str(path)


def refusal(path: str) -> str:
    with pytest.raises(DataError) as exc:
        load_scenario(path)
    line = exc.value.first_line()
    assert line == str(exc.value).strip() and "\n" not in line          # one line
    return line


def test_section_2_B_POS_3_enemies_on_the_ground_in_one_hex_are_refused_naming_file_and_field(tmp_path):
    path = scenario(tmp_path, ("a", "mech", "red", "0303", None), ("b", "tank", "blue", "0303", None))
    assert refusal(path) == f"{path}: unit b.at: hex 0303 already holds a, an enemy unit"


def test_section_2_two_friends_on_the_ground_in_one_hex_are_refused(tmp_path):
    path = scenario(tmp_path, ("a", "mech", "red", "0303", None), ("b", "tank", "red", "0303", None))
    assert refusal(path) == f"{path}: unit b.at: hex 0303 already holds a: one unit on the ground per hex"


def test_B_POS_3_B_VTOL_5_an_enemy_vtol_landed_on_the_roof_above_a_unit_inside_is_refused(tmp_path):
    path = scenario(tmp_path, ("a", "mech", "red", "0505", None), ("heli", "vtol", "blue", "0505", 2))
    assert refusal(path) == f"{path}: unit heli.at: hex 0505 already holds a, an enemy unit"
    # listed first, it is still the later unit's field that is named
    path = scenario(tmp_path, ("heli", "vtol", "blue", "0505", 2), ("a", "mech", "red", "0505", None))
    assert refusal(path) == f"{path}: unit a.at: hex 0505 already holds heli, an enemy unit"


def test_B_POS_3_B_VTOL_5_what_may_share_a_hex_loads(tmp_path):
    # a friend landed on the roof above a unit inside; an airborne enemy above the roof
    load_scenario(scenario(tmp_path, ("a", "mech", "red", "0505", None), ("heli", "vtol", "red", "0505", 2)))
    load_scenario(scenario(tmp_path, ("a", "mech", "red", "0505", None), ("heli", "vtol", "blue", "0505", 3)))
    load_scenario(scenario(tmp_path, ("a", "tank", "red", "0303", None), ("heli", "vtol", "blue", "0303", 1)))


def test_B_POS_3_two_vtols_landed_on_one_roof_are_refused(tmp_path):
    path = scenario(tmp_path, ("h1", "vtol", "red", "0505", 2), ("h2", "vtol", "red", "0505", 2))
    assert refusal(path) == f"{path}: unit h2.at: hex 0505 already holds h1: one unit on the ground per hex"
