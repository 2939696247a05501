"""A unit file's explicit critical-slot table ([Criticals], docs/units.md):
validated against the rest of the file, spawned as the unit's layout, and
hit slot by slot as listed. Without the table the layout is derived
(systems/classic/criticals.py)."""
import pytest

from components import CriticalSlots, Weapons
from engine.errors import DataError
from engine.game import Game
from engine.hexgrid import Hex
from engine.hexmap import HexMap
from engine.paths import UNITS
from engine.unit_loader import parse_unit
from systems.classic import criticals

# The Grasshopper GHR-5H as its record sheet lays it out (TRO 3039).
GRASSHOPPER = """
name = "Grasshopper GHR-5H"
tonnage = 70
[Crew]
piloting = 5
gunnery = 4
[Movement]
walk = 4
jump = 4
[Armor]
head = 9
center_torso = 30
center_torso_rear = 13
left_torso = 20
left_torso_rear = 10
right_torso = 20
right_torso_rear = 10
left_arm = 22
right_arm = 22
left_leg = 26
right_leg = 26
[HeatSinks]
count = 22
[[Weapons]]
type = "medium_laser"
location = "left_arm"
[[Weapons]]
type = "medium_laser"
location = "right_arm"
[[Weapons]]
type = "medium_laser"
location = "left_torso"
[[Weapons]]
type = "medium_laser"
location = "right_torso"
[[Weapons]]
type = "large_laser"
location = "center_torso"
[[Weapons]]
type = "lrm_5"
location = "head"
[[Ammo]]
type = "lrm_5"
location = "right_torso"
[Criticals]
head = ["life_support", "sensors", "cockpit", "lrm_5", "sensors", "life_support"]
center_torso = ["engine", "engine", "engine", "gyro", "gyro", "gyro", "gyro", "engine", "engine", "engine",
                "large_laser", "large_laser"]
left_torso = ["heat_sink", "heat_sink", "heat_sink", "heat_sink", "heat_sink", "medium_laser"]
right_torso = ["heat_sink", "heat_sink", "heat_sink", "heat_sink", "medium_laser", "ammo:lrm_5"]
left_arm = ["shoulder", "upper_arm", "lower_arm", "hand", "heat_sink", "medium_laser"]
right_arm = ["shoulder", "upper_arm", "lower_arm", "hand", "heat_sink", "medium_laser"]
left_leg = ["hip", "upper_leg", "lower_leg", "foot", "jump_jet", "jump_jet"]
right_leg = ["hip", "upper_leg", "lower_leg", "foot", "jump_jet", "jump_jet"]
"""


def spawn(text: str, overrides: dict | None = None):
    game = Game(HexMap(6, 6), "classic", 1)
    ent = game.add_unit(parse_unit(text, "hopper.toml"), "h", "red", Hex(2, 2), 0, overrides)
    return game, ent


def problems(text: str) -> list[str]:
    with pytest.raises(DataError) as exc:
        parse_unit(text, "hopper.toml")
    return exc.value.problems


def test_the_table_is_the_units_layout():
    game, ent = spawn(GRASSHOPPER)
    cs = game.world.component(ent, CriticalSlots)
    assert cs.slots["head"] == ["life_support", "sensors", "cockpit", "weapon:5", "sensors", "life_support"]
    # Heat sinks are numbered in location order (head, torsos, arms, legs).
    assert cs.slots["left_torso"][:6] == [f"heat_sink:{k}" for k in range(5)] + ["weapon:2"]
    assert cs.slots["right_torso"][:6] == [f"heat_sink:{k}" for k in range(5, 9)] + ["weapon:3", "ammo:0"]
    assert cs.slots["left_arm"][:6] == ["left_shoulder", "left_upper_arm", "left_lower_arm", "left_hand",
                                        "heat_sink:9", "weapon:0"]
    assert cs.slots["left_leg"] == ["left_hip", "left_upper_leg", "left_lower_leg", "left_foot",
                                    "jump_jet:0", "jump_jet:1"]
    assert cs.slots["center_torso"][10:] == ["weapon:4", "weapon:4"]
    # 22 sinks, 11 in slots: the 280-rated engine holds the other 11 (280 / 25).
    assert cs.engine_sinks == 11
    assert criticals.layout(game, ent) is cs


def test_the_head_lrm_is_hit_where_the_record_sheet_has_it():
    game, ent = spawn(GRASSHOPPER)
    criticals.apply_slot(game, ent, "head", 3)
    mounts = game.world.component(ent, Weapons).mounts
    assert [m.type for m in mounts if m.destroyed] == ["lrm_5"]


def test_without_a_table_the_layout_is_derived():
    text = GRASSHOPPER[:GRASSHOPPER.index("[Criticals]")]
    game, ent = spawn(text)
    assert game.world.try_component(ent, CriticalSlots) is None
    cs = criticals.layout(game, ent)
    assert cs.slots["head"][3] == "weapon:5"       # the LRM 5 in the head's free slot
    assert cs.engine_sinks == 11


def test_a_missing_actuator_frees_its_slot():
    game, ent = spawn(GRASSHOPPER, {"missing": ["left_hand"]})
    assert game.world.component(ent, CriticalSlots).slots["left_arm"][3] == ""


def test_rear_mounts_and_split_weapons():
    text = (UNITS / "locust.toml").read_text()
    text = text[:text.index("[[Weapons]]")] + """
[[Weapons]]
type = "medium_laser"
location = "center_torso"
rear = true
[[Weapons]]
type = "ac_20"
location = "right_arm"
[Criticals]
head = ["life_support", "sensors", "cockpit", "empty", "sensors", "life_support"]
center_torso = ["engine", "engine", "engine", "gyro", "gyro", "gyro", "gyro", "engine", "engine", "engine",
                "medium_laser@rear"]
left_torso = ["heat_sink", "heat_sink", "heat_sink", "heat_sink"]
right_torso = ["ac_20", "ac_20"]
left_arm = ["shoulder", "upper_arm"]
right_arm = ["shoulder", "upper_arm", "ac_20", "ac_20", "ac_20", "ac_20", "ac_20", "ac_20", "ac_20", "ac_20"]
left_leg = ["hip", "upper_leg", "lower_leg", "foot"]
right_leg = ["hip", "upper_leg", "lower_leg", "foot"]
"""
    game, ent = spawn(text)
    cs = game.world.component(ent, CriticalSlots)
    assert cs.slots["center_torso"][10] == "weapon:0"
    assert cs.slots["right_arm"][2:10] == ["weapon:1"] * 8 and cs.slots["right_torso"][:2] == ["weapon:1"] * 2


@pytest.mark.parametrize("old,new,expected", [
    ('head = ["life_support", "sensors", "cockpit"', 'head = ["sensors", "life_support", "cockpit"',
     "hopper.toml: [Criticals] head: slot 1 must be the life support, got 'sensors'"),
    ('"large_laser", "large_laser"]', '"large_laser"]',
     "hopper.toml: [Criticals]: large_laser ([Weapons #5], center_torso) has 1 of its 2 slots in [Criticals]"),
    ('"jump_jet", "jump_jet"]\nright_leg', '"jump_jet"]\nright_leg',
     "hopper.toml: [Criticals]: 3 jump jet slots for jump MP 4"),
    ('"medium_laser", "ammo:lrm_5"]', '"medium_laser", "ammo:lrm_5", "ammo:lrm_5"]',
     "hopper.toml: [Criticals] right_torso: slot 7: ammo:lrm_5 is not in the unit's [[Ammo]]"),
    ('"lower_arm", "hand", "heat_sink", "medium_laser"]\nright_arm', '"lower_arm", "heat_sink", "medium_laser"]\n'
     'right_arm', "hopper.toml: [Criticals] left_arm: slot 4 must be the hand actuator, got 'heat_sink'"),
    ('left_torso = ["heat_sink", ', 'left_torso = [' + '"heat_sink", ' * 8, "hopper.toml: [Criticals] left_torso: 13 slots listed, the location has 12"),
    ('left_torso = ["heat_sink", "heat_sink", ', 'left_torso = [',
     "hopper.toml: [Criticals]: 13 heat sinks left for the engine, a 280-rated engine holds 11: "
     "the others need slots in [Criticals]"),
    ('left_leg = ["hip", "upper_leg"', 'left_leg = ["hip", "cockpit"',
     "hopper.toml: [Criticals] left_leg: slot 2 must be the upper leg actuator, got 'cockpit'"),
    ('"medium_laser", "ammo:lrm_5"]', '"medium_laser", "ammo:lrm_5", "gyro"]',
     "hopper.toml: [Criticals] right_torso: slot 7: gyro has a fixed place (see docs/units.md)"),
    ('"medium_laser", "ammo:lrm_5"]', '"medium_laser", "ammo:lrm_5", "ppc"]',
     "hopper.toml: [Criticals] right_torso: slot 7: ppc is not in the unit's [[Weapons]] or [Equipment]"),
    ('"medium_laser", "ammo:lrm_5"]', '"medium_laser", "ammo:lrm_5", "laser_cannon"]',
     "hopper.toml: [Criticals] right_torso: slot 7: unknown item 'laser_cannon'"),
    ('right_leg = ["hip"', 'tail = ["hip"]\nright_leg = ["hip"', "hopper.toml: [Criticals] tail: unknown key"),
])
def test_a_bad_table_is_refused_naming_the_slot(old, new, expected):
    assert old in GRASSHOPPER
    assert expected in problems(GRASSHOPPER.replace(old, new, 1))


def _double(left_torso: int, right_torso: int) -> str:
    text = GRASSHOPPER.replace("count = 22", "count = 12\ndouble = true")
    text = text.replace('"hand", "heat_sink", "medium_laser"]', '"hand", "medium_laser"]')
    text = text.replace('left_torso = ["heat_sink", "heat_sink", "heat_sink", "heat_sink", "heat_sink", ',
                        'left_torso = [' + '"heat_sink", ' * left_torso)
    return text.replace('right_torso = ["heat_sink", "heat_sink", "heat_sink", "heat_sink", ',
                        'right_torso = [' + '"heat_sink", ' * right_torso)


def test_double_heat_sinks_fill_three_slots_in_one_location():
    game, ent = spawn(_double(3, 3))
    cs = game.world.component(ent, CriticalSlots)
    assert cs.slots["left_torso"][:3] == ["heat_sink:0"] * 3 and cs.slots["right_torso"][:3] == ["heat_sink:1"] * 3
    assert cs.engine_sinks == 10
    assert "hopper.toml: [Criticals]: 7 heat sink slots: double heat sinks fill 3 slots each" in problems(
        _double(4, 3))
    assert "hopper.toml: [Criticals]: a double heat sink's three slots must be in one location" in problems(
        _double(2, 4))


def test_vehicles_have_no_slot_table():
    text = (UNITS / "manticore.toml").read_text() + '\n[Criticals]\nhead = []\n'
    assert "hopper.toml: Criticals: only mechs have this table" in problems(text)
