"""`python -m engine import-units` and the loader's MegaMek files
(engine/megamek.py) against the real MegaMek samples in ../shared/megamek:
every supported unit imports, loads and equals its source file; the others
are skipped naming their equipment; spelling variants read alike; damaged
files are refused with one line."""
import re
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from components import CriticalSlots
from engine import construction
from engine.errors import DataError
from engine.game import Game
from engine.hexgrid import Hex
from engine.hexmap import HexMap
from engine.import_units import file_stem
from engine.megamek import Unsupported
from engine.scenario import load_scenario, run_scenario
from engine.unit_loader import find_unit_file, load_unit, parse_unit
from tests.megamek_facts import BEYOND, MECH_SAMPLES, SAMPLES, VEHICLE_SAMPLES, facts, unit_facts

ROOT = Path(__file__).resolve().parent.parent
pytestmark = pytest.mark.skipif(not SAMPLES.is_dir(), reason="the MegaMek samples (../shared/megamek) are absent")
ALL = MECH_SAMPLES + VEHICLE_SAMPLES


def run_cli(*args: str):
    return subprocess.run([sys.executable, "-m", "engine", "import-units", *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)


@pytest.fixture(scope="module")
def imported(tmp_path_factory):
    out = tmp_path_factory.mktemp("imported")
    r = run_cli(str(SAMPLES / "mechs"), str(SAMPLES / "vehicles"), "--out", str(out))
    return r, out


def test_the_samples_import_with_one_line_each(imported):
    r, out = imported
    lines = r.stdout.splitlines()
    assert r.returncode == 0 and r.stderr == ""
    ok = [line for line in lines if line.startswith("ok ")]
    skipped = [line for line in lines if line.startswith("skipped ")]
    assert (len(ok), len(skipped), len(lines)) == (61, 3, 64)
    assert len(list(out.glob("*.toml"))) == 61
    assert f"ok Atlas AS7-D -> {out / 'atlas_as7_d.toml'}" in lines


def test_units_beyond_the_supported_tech_are_skipped_naming_their_equipment(imported):
    skipped = {line.split(":")[0]: line for line in imported[0].stdout.splitlines() if line.startswith("skipped")}
    assert skipped["skipped Atlas AS7-K"] == ("skipped Atlas AS7-K: XL Engine, ISAntiMissileSystem, ISAMS Ammo, "
                                              "ISMediumPulseLaser")
    assert "Ferro-Fibrous armor" in skipped["skipped Enforcer ENF-5D"] and "ISLBXAC10" in skipped[
        "skipped Enforcer ENF-5D"]
    daishi = skipped["skipped Daishi Prime"]
    for item in ("Biped Omnimech configuration", "Clan tech base", "CLERLargeLaser (omnipod)", "CLDoubleHeatSink"):
        assert item in daishi


@pytest.mark.parametrize("path", [p for p in ALL if p.name not in BEYOND], ids=lambda p: p.name)
def test_each_imported_unit_loads_and_equals_its_source(imported, path):
    written = imported[1] / f"{file_stem(load_unit(path).name)}.toml"
    unit = load_unit(written)
    # armor per location, weapons with locations (and rear mounts), heat
    # sinks, jump MP, tonnage, ammunition by location and shots
    assert unit_facts(unit) == facts(path)
    game = Game(HexMap(6, 6), "classic", 1)
    ent = game.add_unit(unit, "u", "red", Hex(2, 2), 0)
    if unit.kind == "mech":       # the record sheet's slot layout
        assert game.world.component(ent, CriticalSlots).slots == unit.criticals


def test_the_importer_writes_our_own_format_only(imported):
    text = (imported[1] / "grasshopper_ghr_5h.toml").read_text()
    assert text.startswith("# Grasshopper GHR-5H (TRO: 3039)")
    assert "overview" not in text.lower() and "Lantren" not in text
    assert parse_unit(text, "x.toml").criticals is not None


def test_exit_1_when_every_unit_is_skipped(tmp_path):
    r = run_cli(*(str(SAMPLES / "mechs" / name) for name in sorted(BEYOND)), "--out", str(tmp_path))
    assert r.returncode == 1 and len(r.stdout.splitlines()) == 3 and list(tmp_path.iterdir()) == []


def test_exit_2_with_one_line_on_an_unreadable_input(tmp_path):
    r = run_cli(str(tmp_path / "nowhere"), "--out", str(tmp_path / "out"))
    assert (r.returncode, r.stderr) == (2, f"{tmp_path / 'nowhere'}: no such file or folder\n")
    garbage = tmp_path / "junk.mtf"
    garbage.write_bytes(b"\x00\xff nonsense\nmass:heavy\n")
    r = run_cli(str(garbage), str(SAMPLES / "mechs" / "Locust LCT-1V.mtf"), "--out", str(tmp_path / "out"))
    assert r.returncode == 2 and "Traceback" not in r.stderr and len(r.stderr.splitlines()) == 1
    assert r.stderr.startswith(f"{garbage}: ") and r.stdout.startswith("ok Locust LCT-1V -> ")


# ------------------------------------------------------------------ spelling variants
def _variant(tmp_path, name: str, *edits: tuple[str, str]) -> Path:
    text = (SAMPLES / "mechs" / name).read_text()
    for old, new in edits:
        assert old in text, old
        text = text.replace(old, new)
    path = tmp_path / name
    path.write_text(text)
    return path


def test_megamek_spelling_variants_read_alike(tmp_path):
    base = load_unit(SAMPLES / "mechs" / "Atlas AS7-D.mtf")
    variant = load_unit(_variant(
        tmp_path, "Atlas AS7-D.mtf", ("Medium Laser", "ISMediumLaser"), ("IS Ammo LRM-20", "ISLRM20 Ammo"),
        ("Autocannon/20", "ISAC20"), ("mass:", "Mass:"), ("LA armor:", "la ARMOR:"), ("walk mp:", "Walk MP:"),
        ("Fusion Engine(IS)", "Fusion Engine")))
    assert unit_facts(variant) == unit_facts(base) and variant.criticals == base.criticals


def test_half_ton_bins_and_key_case(tmp_path):
    path = _variant(tmp_path, "Locust LCT-1V.mtf", ("IS Ammo MG - Full", "IS Machine Gun Ammo - Half"))
    locust = load_unit(path)
    assert [a["shots"] for a in locust.ammo] == [100]
    assert dict(construction.mass_items(locust))["ammunition"] == 0.5


def test_a_pulse_laser_is_named_when_skipped(tmp_path):
    path = _variant(tmp_path, "Locust LCT-1V.mtf", ("Medium Laser", "ISMediumPulseLaser"))
    with pytest.raises(Unsupported) as exc:
        load_unit(path)
    assert exc.value.first_line() == f"{path}: Locust LCT-1V: unsupported equipment: ISMediumPulseLaser"


# ------------------------------------------------------------------ mod folders
def test_a_megamek_folder_works_as_a_mod_folder(tmp_path):
    mods = [SAMPLES]
    found = find_unit_file("Locust LCT-1V.mtf", mods)
    assert found == (SAMPLES / "mechs" / "Locust LCT-1V.mtf").resolve()      # the loader resolves mod folders
    assert find_unit_file("Locust LCT-1V.mtf") is None            # only mod folders hold MegaMek files
    scenario = tmp_path / "s.toml"
    scenario.write_text(
        '[map]\nwidth = 10\nheight = 10\n[dice]\nto_hit = [10]\nlocation = [7]\n'
        '[[unit]]\nid = "l"\ndata = "Locust LCT-1V.mtf"\nside = "red"\nat = "0508"\n'
        '[[unit]]\nid = "t"\ndata = "Manticore Heavy Tank.blk"\nside = "blue"\nat = "0505"\nfacing = 3\n'
        '[[turn]]\ninitiative = ["red", "blue"]\n[[turn.fire]]\nunit = "l"\nweapon = "medium_laser"\ntarget = "t"\n')
    game = run_scenario(load_scenario(scenario, mods))
    assert any(e["type"] == "attack" and e["hit"] for e in game.log.events)
    skipped = tmp_path / "s2.toml"
    skipped.write_text(scenario.read_text().replace("Locust LCT-1V.mtf", "Atlas AS7-K.mtf"))
    with pytest.raises(DataError, match="Atlas AS7-K: unsupported equipment: XL Engine"):
        load_scenario(skipped, mods)


# ------------------------------------------------------------------ damaged files (fuzz)
TEXTS = {p.name: p.read_text(encoding="utf-8") for p in ALL} if SAMPLES.is_dir() else {"x.mtf": ""}


@st.composite
def damaged(draw):
    name = draw(st.sampled_from(sorted(TEXTS)))
    lines = TEXTS[name].split("\n")
    for _ in range(draw(st.integers(1, 4))):
        i = draw(st.integers(0, max(0, len(lines) - 1)))
        op = draw(st.sampled_from(["delete", "duplicate", "number", "junk", "truncate", "swap"]))
        if op == "delete" and lines:
            del lines[i]
        elif op == "duplicate" and lines:
            lines.insert(i, lines[i])
        elif op == "number" and lines:
            lines[i] = re.sub(r"\d+", str(draw(st.integers(-5, 10**7))), lines[i])
        elif op == "junk":
            lines.insert(i, draw(st.text(max_size=30)))
        elif op == "truncate":
            lines = lines[:i]
        elif op == "swap" and len(lines) > 1:
            j = draw(st.integers(0, len(lines) - 1))
            lines[i], lines[j] = lines[j], lines[i]
    return name, "\n".join(lines)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(damaged())
def test_damaged_megamek_files_load_or_are_refused_in_one_line(tmp_path_factory, case):
    name, text = case
    path = tmp_path_factory.mktemp("fuzz") / name
    path.write_text(text, encoding="utf-8")
    try:
        unit = load_unit(path)
    except DataError as exc:
        assert exc.problems and all(p.startswith(f"{path}: ") and "\n" not in p for p in exc.problems)
        return
    game = Game(HexMap(4, 4), "classic", 0)
    game.add_unit(unit, "u", "red", Hex(1, 1), 0)
