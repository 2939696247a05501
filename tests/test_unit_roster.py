"""The shipped unit roster (assets/units/, contract/units.md): every file
loads, the roster covers what the game promises, derived values are derived,
and mutated unit files are either loaded or refused with a DataError naming
the file (never a crash)."""
from __future__ import annotations

import json
import math
from functools import lru_cache
import tomllib

import pytest
from hypothesis import given, settings, strategies as st, HealthCheck

from engine.errors import DataError
from engine.game import Game
from engine.hexgrid import Hex
from engine.hexmap import HexMap
from engine.paths import UNITS
from engine.import_units import toml_value
from engine.unit_loader import load_unit, parse_unit
from tests.megamek_facts import BEYOND, MECH_SAMPLES, SAMPLES, VEHICLE_SAMPLES, facts, unit_facts

FILES = sorted(UNITS.glob("*.toml"))
ROSTER = {p.name: load_unit(p) for p in FILES}


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_every_shipped_unit_loads_without_warnings(path):
    unit = load_unit(path)
    assert unit.name and unit.warnings == []


def _mechs():
    return {n: u for n, u in ROSTER.items() if u.kind == "mech"}


def test_roster_has_the_promised_mech_weights():
    tonnages = {u.tonnage for u in _mechs().values()}
    assert {20, 35, 55, 65, 70, 100} <= tonnages


def test_the_canon_roster_covers_every_weight_class_and_motive():
    # At least 45 mechs of the 3025/3039 era (light 20-35, medium 40-55,
    # heavy 60-75, assault 80-100 t), 12 combat vehicles (tracked, wheeled,
    # hover) and 3 VTOLs.
    mechs = _mechs().values()
    assert len(mechs) >= 45
    for low, high in ((20, 35), (40, 55), (60, 75), (80, 100)):
        assert len([u for u in mechs if low <= u.tonnage <= high]) >= 6, (low, high)
    vehicles = [u for u in ROSTER.values() if u.kind == "vehicle"]
    ground = [u for u in vehicles if u.motive != "vtol"]
    assert len(ground) >= 12 and {"tracked", "wheeled", "hover"} <= {u.motive for u in ground}
    assert len([u for u in vehicles if u.motive == "vtol"]) >= 3


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_every_classic_unit_names_its_source(path):
    unit = ROSTER[path.name]
    if unit.kind == "alpha-strike":
        return
    first = path.read_text(encoding="utf-8").splitlines()[0]
    assert unit.source.startswith(("TRO 3039", "Record Sheets: 3039")), unit.source
    assert first.startswith(f"# {unit.name}. Source: {unit.source}")


SAMPLE_NAMES = {"Warrior H-7 Attack Helicopter": "Warrior Attack Helicopter H-7"}


@lru_cache(maxsize=1)
def _samples_by_name() -> dict:
    return {load_unit(p).name.removesuffix(" (Standard)"): p for p in MECH_SAMPLES + VEHICLE_SAMPLES
            if p.name not in BEYOND}


def _sample_of(unit):
    return _samples_by_name().get(SAMPLE_NAMES.get(unit.name, unit.name))


@pytest.mark.skipif(not SAMPLES.is_dir(), reason="the MegaMek samples (../shared/megamek) are absent")
@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_a_shipped_unit_matches_its_megamek_sample(path):
    # Armor per location, weapons and locations, rear mounts, heat sinks,
    # jump jets, tonnage and ammunition (by location and shots), read from
    # the sample by tests/megamek_facts.py.
    unit = ROSTER[path.name]
    if unit.kind == "alpha-strike":
        return
    sample = _sample_of(unit)
    assert sample is not None, f"no MegaMek sample named {unit.name}"
    assert unit_facts(unit) == facts(sample)
    if unit.kind == "mech":
        assert unit.criticals == load_unit(sample).criticals


def test_roster_has_a_hatchet_mech_and_a_mech_without_hands():
    assert any(u.equipment.get("hatchet") for u in _mechs().values())
    handless = [u for u in _mechs().values()
                if "left_hand" not in u.actuators and "right_hand" not in u.actuators]
    assert handless
    locust = ROSTER["locust.toml"]
    assert "left_lower_arm" not in locust.actuators and "left_upper_arm" in locust.actuators
    assert ROSTER["hatchetman.toml"].equipment["hatchet"] == "right_arm"


def test_roster_has_every_vehicle_type():
    vehicles = [u for u in ROSTER.values() if u.kind == "vehicle"]
    assert any(u.motive == "tracked" and u.turret is not None for u in vehicles)
    assert any(u.motive == "wheeled" for u in vehicles)
    assert len([u for u in vehicles if u.motive == "hover"]) >= 2
    vtols = [u for u in vehicles if u.motive == "vtol"]
    assert vtols and all("rotor" in u.armor and u.altitude is not None for u in vtols)


def test_roster_has_four_alpha_strike_cards_covering_the_specials():
    cards = [u for u in ROSTER.values() if u.kind == "alpha-strike"]
    assert len(cards) >= 4
    specials = {s for u in cards for s in u.alpha_strike["specials"]}
    assert {"CASE", "ENE", "MEL", "OVL"} <= specials
    assert any(s.startswith("HT") for s in specials)


# ------------------------------------------------------------------ derived values
def _spawn(name: str):
    game = Game(HexMap(6, 6), "classic", 0)
    ent = game.add_unit(ROSTER[name], "u", "blue", Hex(2, 2), 0)
    from systems.common.movement import motion_rules
    return game, ent, motion_rules(game, ent)


@pytest.mark.parametrize("name,walk,run", [
    ("locust.toml", 8, 12), ("panther.toml", 4, 6), ("shadow_hawk.toml", 5, 8), ("atlas.toml", 3, 5),
])
def test_run_mp_is_derived_from_walk(name, walk, run):
    game, ent, rules = _spawn(name)
    assert (rules.mp(game, ent, "walk"), rules.mp(game, ent, "run")) == (walk, run)
    assert run == math.ceil(1.5 * walk)


@pytest.mark.parametrize("name,cruise,flank", [
    ("manticore.toml", 4, 6), ("striker.toml", 5, 8), ("condor.toml", 8, 12),
])
def test_flank_mp_is_derived_from_cruise(name, cruise, flank):
    game, ent, rules = _spawn(name)
    assert (rules.mp(game, ent, "cruise"), rules.mp(game, ent, "flank")) == (cruise, flank)


@pytest.mark.parametrize("name,head,ct,side,arm,leg", [
    # Internal structure table (rules/mech_core.md section 7)
    ("locust.toml", 3, 6, 5, 3, 4), ("panther.toml", 3, 11, 8, 6, 8), ("hatchetman.toml", 3, 14, 11, 7, 11),
    ("shadow_hawk.toml", 3, 18, 13, 9, 13), ("jagermech.toml", 3, 21, 15, 10, 15),
    ("grasshopper.toml", 3, 22, 15, 11, 15), ("atlas.toml", 3, 31, 21, 17, 21),
])
def test_mech_structure_is_derived_from_tonnage(name, head, ct, side, arm, leg):
    s = ROSTER[name].structure
    assert (s["head"], s["center_torso"], s["left_torso"], s["right_torso"]) == (head, ct, side, side)
    assert (s["left_arm"], s["right_arm"], s["left_leg"], s["right_leg"]) == (arm, arm, leg, leg)


@pytest.mark.parametrize("name,per_location", [
    ("manticore.toml", 6), ("striker.toml", 4), ("condor.toml", 5), ("warrior.toml", 3),
])
def test_vehicle_structure_is_tonnage_over_ten_rounded_up(name, per_location):
    unit = ROSTER[name]
    assert set(unit.structure.values()) == {per_location}
    assert set(unit.structure) == set(unit.armor)


def test_mech_armor_never_exceeds_the_maximum():
    # Maximum armor: head 9, other locations twice their internal structure
    # (front + rear for torsos).
    for name, u in _mechs().items():
        s, a = u.structure, u.armor
        assert a["head"] <= 9, name
        for loc in ("center_torso", "left_torso", "right_torso"):
            assert a[loc] + a[f"{loc}_rear"] <= 2 * s[loc], (name, loc)
        for loc in ("left_arm", "right_arm", "left_leg", "right_leg"):
            assert a[loc] <= 2 * s[loc], (name, loc)


# ------------------------------------------------------------------ mutated files
def dump_toml(data: dict) -> str:
    """A small TOML writer for unit files (scalars, tables, arrays of tables)."""
    lines = []
    for k, v in data.items():
        if not isinstance(v, dict) and not (isinstance(v, list) and v and all(isinstance(x, dict) for x in v)):
            lines.append(f"{json.dumps(k)} = {toml_value(v)}")
    for k, v in data.items():
        if isinstance(v, dict):
            lines.append(f"[{json.dumps(k)}]")
            lines += [f"{json.dumps(kk)} = {toml_value(vv)}" for kk, vv in v.items()]
        elif isinstance(v, list) and v and all(isinstance(x, dict) for x in v):
            for item in v:
                lines.append(f"[[{json.dumps(k)}]]")
                lines += [f"{json.dumps(kk)} = {toml_value(vv)}" for kk, vv in item.items()]
    return "\n".join(lines) + "\n"


RAW = {p.name: tomllib.loads(p.read_text(encoding="utf-8")) for p in FILES}

VALUES = st.one_of(
    st.integers(-1000, 1000), st.booleans(), st.text(max_size=10),
    st.floats(allow_nan=False, allow_infinity=False, width=32),
    st.lists(st.integers(-5, 50), max_size=4), st.lists(st.text(max_size=6), max_size=3),
    st.dictionaries(st.text(min_size=1, max_size=6), st.integers(-5, 50), max_size=2),
    st.sampled_from(["mech", "vehicle", "alpha-strike", "hover", "vtol", "right_arm", "lrm_20", "HT1/1/-"]),
)


def test_dump_toml_round_trips_every_shipped_file():
    for name, raw in RAW.items():
        assert tomllib.loads(dump_toml(raw)) == raw, name


def _mutate(data: dict, draw) -> dict:
    data = json.loads(json.dumps(data))      # deep copy
    for _ in range(draw(st.integers(1, 3))):
        # pick a container: the top level, a table, or one entry of an array of tables
        containers = [data] + [v for v in data.values() if isinstance(v, dict)] + [
            x for v in data.values() if isinstance(v, list) for x in v if isinstance(x, dict)]
        box = draw(st.sampled_from(containers))
        op = draw(st.sampled_from(["delete", "replace", "add"]))
        keys = sorted(box)
        if op == "delete" and keys:
            del box[draw(st.sampled_from(keys))]
        elif op == "replace" and keys:
            box[draw(st.sampled_from(keys))] = draw(VALUES)
        else:
            box[draw(st.text(min_size=1, max_size=8))] = draw(VALUES)
    return data


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(sorted(RAW)), st.data())
def test_mutated_unit_files_load_or_are_refused_naming_the_file(name, data):
    mutated = _mutate(RAW[name], data.draw)
    try:
        text = dump_toml(mutated)
        tomllib.loads(text)
    except (TypeError, tomllib.TOMLDecodeError):
        return      # not expressible as TOML by this writer (e.g. empty arrays of tables)
    try:
        unit = parse_unit(text, "mutant.toml")
    except DataError as exc:
        assert exc.problems
        assert all(p.startswith("mutant.toml: ") for p in exc.problems), exc.problems
        return
    # loaded: then it must be a whole unit that the game can spawn
    assert unit.name
    game = Game(HexMap(4, 4), "alpha-strike" if unit.kind == "alpha-strike" else "classic", 0)
    game.add_unit(unit, "u", "blue", Hex(1, 1), 0)


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(sorted(RAW)), st.integers(0, 10_000), st.text(max_size=4))
def test_corrupted_unit_text_is_refused_with_the_file_name(name, at, junk):
    text = (UNITS / name).read_text(encoding="utf-8")
    at %= len(text)
    corrupted = text[:at] + junk + text[at + 1:]
    try:
        parse_unit(corrupted, "corrupt.toml")
    except DataError as exc:
        assert all(p.startswith("corrupt.toml: ") for p in exc.problems)
