"""A force as the force builder builds it (engine/force_draft.py): the
roster's filters and sums, crews within a force file's skills, the force
file written and read back, names that lead outside the forces folder,
files never overwritten unasked, untrusted force files refused naming the
file and the field, and a battle where one side plays a built force and
the other its level's own units."""
from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from components import Crew, Identity, Position
from engine import deployment
from engine.errors import DataError
from engine.force_draft import Draft, force_path, force_text, load_draft, save_draft
from engine.forces import battle, load_force
from engine.levels import load_level
from engine.paths import DEFAULT_LEVEL, LEVELS
from engine.roster import describe_sums, query, roster


@pytest.fixture(scope="module")
def entries():
    return roster()[0]


def entry(entries, name, rules="classic"):
    return next(e for e in entries if e.name.startswith(name) and e.rules == rules)


def test_the_roster_filters_by_kind_class_name_and_rules(entries):
    assert {e.kind for e in query(entries, kind="vtol")} == {"vtol"}
    medium_mechs = query(entries, kind="mech", weight_class="medium", rules="classic")
    assert medium_mechs and all(40 <= e.tonnage <= 55 for e in medium_mechs)
    assert [e.name for e in query(entries, name="  HUNCH", rules="classic")] == ["Hunchback HBK-4G"]
    cards = query(entries, rules="alpha-strike")
    assert cards and all(e.type == "alpha-strike" for e in cards)
    # a card is a mech or a vehicle by its type (BM, CV)
    assert entry(cards, "Manticore", "alpha-strike").kind == "vehicle"
    assert entry(cards, "Hunchback", "alpha-strike").kind == "mech"


def test_a_drafts_totals_and_crews(entries):
    """BV is the computed Battle Value 2 (systems/classic/battle_value.py):
    Hatchetman HCT-3F 854, Atlas AS7-D 1897 at the files' 4/5 crews."""
    d = Draft("blue")
    d.add(entry(entries, "Hatchetman"))          # PV 26 from the Hatchetman's card
    d.add(entry(entries, "Atlas"))               # no card: no PV
    t = d.totals()
    assert (t["units"], t["tonnage"], t["pv"], t["pv_missing"], t["bv_missing"]) == (2, 145, 26, 1, 0)
    assert describe_sums(t) == "2 units, 145 t, PV 26 (1 units without), BV 2751"
    atlas = d.picks[1]
    assert (atlas.gunnery, atlas.piloting) == (4, 5)          # the unit file's crew
    for _ in range(12):
        d.set_skill(1, "gunnery", -1)
        d.set_skill(1, "piloting", 1)
    assert (atlas.gunnery, atlas.piloting) == (0, 8)          # a force file's skills: 0 to 8
    assert atlas.bv == 2846 and d.totals()["bv"] == 854 + 2846   # BV-SKILL: 1897 x 1.50 at 0/8
    d.remove(0)
    assert [p.entry.name for p in d.picks] == ["Atlas AS7-D"]


def test_a_card_has_one_skill(entries):
    d = Draft("red")
    d.add(entry(entries, "Manticore", "alpha-strike"))
    d.set_skill(0, "piloting", 1)
    d.set_skill(0, "gunnery", -1)
    assert d.picks[0].gunnery == 3 and 'skill = 3' in force_text(d) and "piloting" not in force_text(d)


def test_saved_and_read_back_the_same_force(tmp_path, entries):
    d = Draft("blue", "Fox lance")
    d.add(entry(entries, "Hunchback")).gunnery = 3
    d.add(entry(entries, "Manticore Heavy Tank")).piloting = 6
    path = save_draft(d, tmp_path, "fox")
    assert path == tmp_path / "fox.toml"
    force = load_force(path)
    assert force.name == "Fox lance"
    assert [(u.file, u.side, u.overrides) for u in force.units] == [
        ("hunchback.toml", "blue", {"gunnery": 3, "piloting": 5}),
        ("manticore.toml", "blue", {"gunnery": 4, "driving": 6})]
    back = load_draft(path, "red", entries, "classic")
    assert back.side == "red" and [(p.entry, p.gunnery, p.piloting) for p in back.picks] == [
        (p.entry, p.gunnery, p.piloting) for p in d.picks]


def test_a_force_file_is_never_overwritten_unasked(tmp_path, entries):
    d = Draft("blue")
    d.add(entry(entries, "Atlas"))
    path = save_draft(d, tmp_path, "mine.toml")
    before = path.read_text()
    d.add(entry(entries, "Jenner"))
    with pytest.raises(DataError, match="already exists"):
        save_draft(d, tmp_path, "mine")
    assert path.read_text() == before
    save_draft(d, tmp_path, "mine", overwrite=True)
    assert "jenner" in path.read_text()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["mine.toml"]       # no temporary file left


@pytest.mark.parametrize("name", ["../up", "a/b", "/abs/x", "..", "", " ", ".hidden", "x" * 80, "a\\b"])
def test_a_force_file_name_never_leads_outside_the_folder(tmp_path, name):
    with pytest.raises(DataError, match="no folders"):
        force_path(tmp_path / "forces", name)


def test_an_empty_draft_is_not_saved(tmp_path):
    with pytest.raises(DataError, match="no units"):
        save_draft(Draft("blue"), tmp_path, "empty")
    assert not list(tmp_path.iterdir())


@pytest.mark.parametrize("body, said", [
    ('[[unit]]\nfile = "atlas"\nside = "blue"\npiloting = -1\n', "unit[1].piloting: expected an integer from 0 to 8"),
    ('[[unit]]\nfile = "nowhere"\nside = "blue"\n', "unit[1].file: unit file 'nowhere' not found"),
    ('[[unit]]\nfile = "manticore_as"\nside = "blue"\n', "unit[1].file: manticore_as is an Alpha Strike card; "
                                                          "the level plays classic"),
    ('name = 3\n[[unit]]\nfile = "atlas"\nside = "blue"\n', "name: expected a name"),
    ('[[unit]]\nfile = "atlas"\nside = "blue"\nat = "9999"\n', None),
    ('this is = not toml ]', ""),
])
def test_untrusted_force_files_are_refused_naming_the_file_and_the_field(tmp_path, entries, body, said):
    path = tmp_path / "f.toml"
    path.write_text(body)
    if said is None:                     # a start hex is kept: the battle checks it against its map
        assert load_draft(path, "blue", entries, "classic").picks[0].at is not None
        return
    with pytest.raises(DataError) as exc:
        load_draft(path, "blue", entries, "classic")
    line = exc.value.first_line()
    assert line.startswith(f"{path}") and said in line and "\n" not in line


def test_a_unit_not_in_the_roster_shown_is_refused(tmp_path, entries):
    path = tmp_path / "f.toml"
    path.write_text('[[unit]]\nfile = "atlas"\nside = "blue"\n')
    without_atlas = [e for e in entries if not e.name.startswith("Atlas")]
    with pytest.raises(DataError, match=r"unit\[1\]\.file: atlas is not in the roster"):
        load_draft(path, "blue", without_atlas, "classic")


def test_one_side_built_the_other_with_the_levels_own_units(entries):
    d = Draft("red", "Iron column")
    d.add(entry(entries, "Warrior")).gunnery = 2
    d.add(entry(entries, "Atlas"))
    g = battle(DEFAULT_LEVEL, [d.to_force()], seed=4, keep_others=True)
    level = load_level(DEFAULT_LEVEL)
    assert g.sides == list(level.sides) == ["blue", "red"]
    assert g.unit_ids("blue") == [p.uid for p in level.placements if p.side == "blue"]
    red = {g.world.component(g.units[u], Identity).name: g.world.component(g.units[u], Crew) for u in g.unit_ids("red")}
    assert sorted(red) == ["Atlas AS7-D", "Warrior H-7 Attack Helicopter"]
    assert red["Warrior H-7 Attack Helicopter"].gunnery == 2
    zones = g.deployment_zones
    red_zone = set(zones["red"])
    assert red_zone and set(zones["blue"]) and not red_zone & set(zones["blue"])
    deployment.begin(g)
    for uid in g.unit_ids():
        assert deployment.check_placement(g, uid, g.world.component(g.units[uid], Position).hex, 0) in (
            None, f"it is {deployment.current_side(g)}'s turn to deploy")


def test_a_built_force_of_cards_on_an_alpha_strike_level(entries):
    d = Draft("blue")
    d.add(entry(entries, "Hunchback", "alpha-strike"))
    g = battle(LEVELS / "alpha_skirmish.tmx", [d.to_force()], seed=1, keep_others=True)
    assert g.ruleset.name == "alpha-strike" and len(g.unit_ids("blue")) == 1
    classic = Draft("blue")
    classic.add(entry(entries, "Atlas"))
    with pytest.raises(DataError, match="is a classic unit; the level plays alpha-strike"):
        battle(LEVELS / "alpha_skirmish.tmx", [classic.to_force()], seed=1, keep_others=True)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_any_draft_reads_back_as_saved(tmp_path_factory, entries, data):
    rules = data.draw(st.sampled_from(["classic", "alpha-strike"]))
    pool = query(entries, rules=rules)
    d = Draft(data.draw(st.sampled_from(["blue", "red", "green"])),
              data.draw(st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=30)))
    for e in data.draw(st.lists(st.sampled_from(pool), min_size=1, max_size=8)):
        d.add(e)
    for i in range(len(d.picks)):
        d.set_skill(i, data.draw(st.sampled_from(["gunnery", "piloting"])), data.draw(st.integers(-9, 9)))
    folder = tmp_path_factory.mktemp("forces")
    back = load_draft(save_draft(d, folder, "f"), d.side, entries, rules)
    assert back.name == (d.name if d.name.strip() else f"{d.side} force")
    assert [(p.entry, p.gunnery, p.piloting) for p in back.picks] == [(p.entry, p.gunnery, p.piloting) for p in d.picks]
    assert back.totals() == d.totals()
