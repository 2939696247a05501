"""Unit data files (contract/units.md): good files load with derived values,
bad files are refused naming the file, table and key."""
import pytest

from engine.errors import DataError
from engine.unit_loader import parse_unit

MECH = '''
name = "Test Mech"
kind = "mech"
tonnage = 50
[Crew]
piloting = 5
gunnery = 4
[Movement]
walk = 5
[Armor]
head = 9
center_torso = 20
center_torso_rear = 6
left_torso = 15
left_torso_rear = 5
right_torso = 15
right_torso_rear = 5
left_arm = 12
right_arm = 12
left_leg = 16
right_leg = 16
[[Weapons]]
type = "medium_laser"
location = "right_arm"
'''


def test_mech_loads_with_structure_from_tonnage():
    u = parse_unit(MECH, "test.toml")
    assert u.structure["center_torso"] == 16 and u.structure["left_leg"] == 12
    assert "left_hand" in u.actuators
    assert u.heat_sinks == {"count": 10, "double": False}


def test_wrong_type_names_file_table_and_key():
    with pytest.raises(DataError) as exc:
        parse_unit(MECH.replace("center_torso = 20", 'center_torso = "ten"'), "atlas.toml")
    assert 'atlas.toml: [Armor] center_torso: expected an integer' in str(exc.value)
    assert '"ten"' in str(exc.value)


@pytest.mark.parametrize("patch,fragment", [
    (("walk = 5", "walk = 5\nsprint = 9"), "[Movement] sprint: unknown key"),
    (("tonnage = 50", "tonnage = 52"), "tonnage: expected a mech tonnage"),
    (('type = "medium_laser"', 'type = "death_ray"'), "unknown weapon"),
    (('[Crew]', '[Crew]\nluck = 3'), "[Crew] luck: unknown key"),
    (('head = 9\n', ''), "[Armor] head: required"),
])
def test_every_problem_is_named(patch, fragment):
    with pytest.raises(DataError) as exc:
        parse_unit(MECH.replace(*patch), "m.toml")
    assert fragment in str(exc.value)


def test_all_problems_reported_at_once():
    bad = MECH.replace("walk = 5", 'walk = "five"').replace("gunnery = 4", "gunnery = -1")
    with pytest.raises(DataError) as exc:
        parse_unit(bad, "m.toml")
    assert len(exc.value.problems) == 2


def test_vehicle_structure_is_ceil_tons_over_ten_and_turret_location():
    text = '''
name = "Tank"
kind = "vehicle"
tonnage = 55
[Crew]
driving = 5
gunnery = 4
[Movement]
motive = "tracked"
cruise = 4
[Turret]
[Armor]
front = 30
left = 20
right = 20
rear = 15
turret = 25
'''
    u = parse_unit(text, "tank.toml")
    assert u.structure == {"front": 6, "left": 6, "right": 6, "rear": 6, "turret": 6}
    with pytest.raises(DataError) as exc:
        parse_unit(text.replace("turret = 25\n", ""), "tank.toml")
    assert "[Armor] turret: required" in str(exc.value)


def test_alpha_strike_card_and_unknown_special_warns():
    text = '''
name = "Card"
kind = "alpha-strike"
[AlphaStrike]
type = "BM"
size = 2
move = 8
damage = [2, "0*", 0]
armor = 4
structure = 3
specials = ["CASE", "ECM"]
'''
    u = parse_unit(text, "card.toml")
    assert u.alpha_strike["damage"] == ["2", "0*", "0"]
    assert u.armor == {"unit": 4} and u.structure == {"unit": 3}
    assert any("ECM" in w for w in u.warnings)


def test_not_toml_is_one_clear_error():
    with pytest.raises(DataError) as exc:
        parse_unit("name = ", "x.toml")
    assert str(exc.value).startswith("x.toml: not valid TOML")


def test_turret_without_facing_starts_aimed_along_the_hull():
    from components import Turret
    from tests.helpers import add, make_game
    game = make_game()
    ent = add(game, "m", "manticore", "red", "0505", facing=3)
    assert game.world.component(ent, Turret).facing == 3
    ent2 = add(game, "n", "manticore", "red", "0707", facing=3, turret=1)
    assert game.world.component(ent2, Turret).facing == 1
