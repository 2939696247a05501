"""Battle Value 2 (systems/classic/battle_value.py, TechManual BV2 rules):
canon values of real BattleMechs (Master Unit List figures, base BV at
gunnery 4 / piloting 5) from the MegaMek sample files and from our own unit
files, worked cases of each step of the calculation, and the roster and
force totals that show it."""
from __future__ import annotations

import dataclasses

import pytest

from engine.paths import UNITS
from engine.roster import roster
from engine.unit_loader import load_unit
from engine.weapons import weapons
from systems.classic import battle_value as bv
from tests.megamek_facts import SAMPLES

# Master Unit List BV2 of Introductory BattleMechs, each checked against the
# TechManual algorithm (and MegaMek's calculator) on the record sheet data.
CANON = {
    "Locust LCT-1V": 432, "Commando COM-2D": 541, "Stinger STG-3R": 359, "Wasp WSP-1A": 384,
    "Jenner JR7-D": 875, "Panther PNT-9R": 769, "Hunchback HBK-4G": 1041, "Shadow Hawk SHD-2H": 1064,
    "Griffin GRF-1N": 1272, "Wolverine WVR-6R": 1101, "Phoenix Hawk PXH-1": 1041, "Centurion CN9-A": 945,
    "Enforcer ENF-4R": 1032, "Rifleman RFL-3N": 1039, "Catapult CPLT-C1": 1399, "Warhammer WHM-6R": 1299,
    "Marauder MAD-3R": 1363, "Thunderbolt TDR-5S": 1335, "Grasshopper GHR-5H": 1427,
    "BattleMaster BLR-1G": 1519, "Atlas AS7-D": 1897,
}
# The rest of the MegaMek samples, with the BV the Master Unit List and
# MegaMek publish for them (the Archer's is 1477: two rear lasers at half,
# 10 sinks for 15 heat of weapons).
PUBLISHED_MECHS = {
    "Archer ARC-2R": 1477, "Awesome AWS-8Q": 1605, "Banshee BNC-3E": 1422, "Blackjack BJ-1": 949,
    "Cicada CDA-2A": 659, "Crusader CRD-3R": 1317, "Dragon DRG-1N": 1125, "Firestarter FS9-H": 694,
    "Hatchetman HCT-3F": 854, "JagerMech JM6-S": 901, "Javelin JVN-10N": 594, "King Crab KGC-0000": 1810,
    "Kintaro KTO-18": 1187, "Orion ON1-K": 1429, "Ostscout OTT-7J": 596, "Quickdraw QKD-4G": 1192,
    "Spider SDR-5V": 622, "Stalker STK-3F": 1559, "Trebuchet TBT-5N": 1191, "UrbanMech UM-R60": 504,
    "Valkyrie VLK-QA": 723, "Victor VTR-9B": 1378, "Vindicator VND-1R": 1024, "Zeus ZEU-6S": 1348,
}
PUBLISHED_VEHICLES = {
    "Condor Heavy Hover Tank": 653, "Demolisher Heavy Tank (Mk. I)": 981, "Ferret Light Scout VTOL": 58,
    "Hetzer Wheeled Assault Gun": 574, "J. Edgar Light Hover Tank": 544, "Karnov UR Transport": 125,
    "LRM Carrier": 833, "Manticore Heavy Tank": 993, "Pegasus Scout Hover Tank": 640, "Rommel Tank": 933,
    "Saladin Assault Hover Tank": 596, "Savannah Master Hovercraft": 215, "Schrek PPC Carrier": 935,
    "Striker Light Tank": 564, "Vedette Medium Tank": 475, "Warrior H-7 Attack Helicopter": 295,
}

needs_samples = pytest.mark.skipif(not (SAMPLES / "mechs").is_dir(),
                                   reason="the MegaMek samples (../shared/megamek/mechs) are absent")


def unit(file: str):
    return load_unit(UNITS / file)


def shipped_by_name():
    out = {}
    for path in UNITS.glob("*.toml"):
        u = load_unit(path)
        if u.kind != "alpha-strike":
            out.setdefault(u.name, u)
    return out


# ------------------------------------------------------------------ canon values
@needs_samples
@pytest.mark.parametrize("name", sorted(CANON | PUBLISHED_MECHS))
def test_BV2_canon_value_of_the_megamek_record_sheet(name):
    u = load_unit(SAMPLES / "mechs" / f"{name}.mtf")
    assert u.bv is None
    assert bv.base_battle_value(u) == (CANON | PUBLISHED_MECHS)[name]


@needs_samples
@pytest.mark.parametrize("name", sorted(PUBLISHED_VEHICLES))
def test_BV_VEH_canon_value_of_the_megamek_vehicle(name):
    u = load_unit(SAMPLES / "vehicles" / f"{name}.blk")
    assert u.kind == "vehicle" and u.bv is None
    assert bv.base_battle_value(u) == PUBLISHED_VEHICLES[name]


def test_BV2_canon_values_of_our_own_unit_files():
    shipped = shipped_by_name()
    published = CANON | PUBLISHED_MECHS | PUBLISHED_VEHICLES
    assert {name: bv.base_battle_value(shipped[name]) for name in published} == published


# ------------------------------------------------------------------ worked cases
def test_BV_MECH_worked_locust_lct_1v():
    """Locust LCT-1V, 20 t, walk 8 (run 12), 10 single sinks.
    Defensive: armor 64 x 2.5 = 160, structure 33 x 1.5 = 49.5, gyro 20 x 0.5
    = 10, a ton of MG ammunition in the center torso -15 (BV-EXPL): 204.5;
    run 12 is TMM +4: x 1.4 = 286.3.
    Offensive: medium laser 46 + 2 MGs 10 (heat 3 of 6 + 10 - 2 = 14), MG
    ammunition 1, weight 20: 77 x speed factor 1.89 (MP 12) = 145.53.
    286.3 + 145.53 = 431.83 -> 432."""
    r = bv.ratings(unit("locust.toml"))
    assert r.defensive == pytest.approx(286.3)
    assert r.offensive == pytest.approx(145.53)
    assert r.base == 432


def test_BV_MECH_jump_tmm_and_speed_use_the_better_move():
    """Jenner JR7-D: run 11 (TMM +4) and jump 5 (TMM +2, +1 jumping): the
    run is better, x 1.4. Speed MP = 11 + 5 / 2 rounded up = 14: 2.16 (not
    the 2.02 of MP 13, as rounding half to even would give)."""
    assert bv.target_movement_factor(11, 5) == pytest.approx(1.4)
    assert bv.target_movement_factor(4, 6) == pytest.approx(1.3)     # jump 6: +2, +1 jumping
    assert bv.speed_factor(11, 5) == 2.16
    assert bv.speed_factor(13) == 2.02


@pytest.mark.parametrize("mp, factor", [(0, 0.44), (1, 0.54), (2, 0.65), (3, 0.77), (4, 0.88), (5, 1.0),
                                        (6, 1.12), (7, 1.24), (8, 1.37), (9, 1.5), (10, 1.63)])
def test_BV_speed_factor_table(mp, factor):
    """TechManual speed factor table: ((MP - 5) / 10 + 1) ^ 1.2, two decimals."""
    assert bv.speed_factor(mp) == factor


def test_BV_HEAT_the_weapon_that_reaches_the_heat_efficiency_counts_full_the_rest_half():
    """Archer ARC-2R-like load, efficiency 14: LRM 20 (181, heat 6) twice =
    12, the medium laser reaching 15 still counts full (46), the next one
    half (23); a heat-free MG counts full whatever its place."""
    values = [(46.0, 3), (181.0, 6), (5.0, 0), (46.0, 3), (181.0, 6)]
    assert bv.heat_adjusted(values, 14) == 181 + 181 + 46 + 23 + 5
    assert bv.heat_adjusted(values, 30) == 181 * 2 + 46 * 2 + 5          # all within the efficiency
    assert bv.heat_adjusted([(46.0, 3), (5.0, 0)], 0) == 23 + 2.5          # no efficiency at all


def test_BV_HEAT_efficiency_counts_double_sinks_and_the_hottest_move():
    """6 + heat sink capacity - movement heat (run 2; jump 1 per MP, at least 3)."""
    atlas = unit("atlas.toml")                         # 20 single, no jump jets
    assert bv.heat_efficiency(atlas) == 6 + 20 - 2
    jenner = unit("jenner.toml")                       # 10 single, jump 5
    assert bv.heat_efficiency(jenner) == 6 + 10 - 5
    doubled = dataclasses.replace(jenner, heat_sinks={"count": 10, "double": True},
                                  movement={"walk": 7, "jump": 2})
    assert bv.heat_efficiency(doubled) == 6 + 20 - 3


def test_BV_MECH_rear_weapons_count_half_unless_they_outweigh_the_front():
    """Atlas AS7-D: two rear medium lasers count 23 each; its arm lasers
    always count full. Turned round (the LRM 20 and AC/20 moved to the
    rear), the front torso weapons count half instead."""
    atlas = unit("atlas.toml")
    values = sorted(v for v, _ in bv.mech_weapon_values(atlas))
    assert values == [23, 23, 46, 46, 59, 178, 181]
    flipped = dataclasses.replace(atlas, weapons=[
        {**w, "rear": w["type"] in ("lrm_20", "ac_20")} for w in atlas.weapons])
    by_type = {(w["type"], w["location"], w["rear"]): v
               for w, (v, _) in zip(flipped.weapons, bv.mech_weapon_values(flipped))}
    assert by_type[("lrm_20", "left_torso", True)] == 181 and by_type[("ac_20", "right_torso", True)] == 178
    assert by_type[("srm_6", "left_torso", False)] == 29.5 and by_type[("medium_laser", "center_torso", False)] == 23
    assert by_type[("medium_laser", "left_arm", False)] == 46


def test_BV_EXPL_case_protects_side_torsos_and_the_arms_next_to_them():
    """Standard engine: CASE in a side torso protects its ammunition and that
    of the arm beside it; the center torso, head and legs never are. No
    Introductory mech carries CASE: a Griffin GRF-1N given one."""
    bare = unit("griffin.toml")                        # two tons of LRM 10 ammunition in the right torso
    assert {a["location"] for a in bare.ammo} == {"right_torso"} and "case" not in bare.equipment
    assert bv.explosive_value(bare) == 2 * 15
    griffin = dataclasses.replace(bare, equipment={"case": ["right_torso"]})
    assert bv.explosive_value(griffin) == 0
    assert bv.ratings(griffin).defensive - bv.ratings(bare).defensive == pytest.approx(30 * 1.3)   # run 8: TMM +3
    assert not bv.explosive_penalty_applies(griffin, "right_arm")
    assert bv.explosive_penalty_applies(griffin, "left_arm")
    ct_case = dataclasses.replace(griffin, equipment={"case": ["center_torso", "left_leg"]})
    assert bv.explosive_penalty_applies(ct_case, "center_torso") and bv.explosive_penalty_applies(ct_case, "left_leg")


def test_BV_EXPL_a_gauss_rifle_costs_one_per_slot_its_slugs_nothing():
    """A Gauss rifle (7 slots) unprotected: -7; its ammunition is inert."""
    base = unit("atlas.toml")
    gauss = dataclasses.replace(base, weapons=[{"type": "gauss_rifle", "location": "right_torso", "rear": False}],
                                ammo=[{"type": "gauss_rifle", "location": "right_torso", "shots": 8}])
    assert bv.explosive_value(gauss) == 7
    cased = dataclasses.replace(gauss, equipment={"case": ["right_torso"]})
    assert bv.explosive_value(cased) == 0


def test_BV_excessive_ammunition_counts_no_more_than_its_weapons():
    """Ammunition BV per weapon type is capped at the BV of the weapons it
    feeds: 20 tons of SRM 2 ammunition (60) for one SRM 2 (21) count 21; a
    half ton counts half a ton."""
    base = unit("atlas.toml")
    srm = dataclasses.replace(base, weapons=[{"type": "srm_2", "location": "left_torso", "rear": False}],
                              ammo=[{"type": "srm_2", "location": "left_torso", "shots": 50}] * 20)
    assert bv.ammo_value(srm) == 21
    half = dataclasses.replace(srm, ammo=[{"type": "srm_2", "location": "left_torso", "shots": 25}])
    assert bv.ammo_value(half) == 1.5
    orphan = dataclasses.replace(srm, weapons=[])
    assert bv.ammo_value(orphan) == 0


def test_BV_MECH_a_hatchet_adds_its_damage_x_1_5():
    """Hatchetman HCT-3F (45 t): the hatchet's 9 damage x 1.5 = 13.5 before
    the speed factor (run 6 + jump 4 / 2 = MP 8: 1.37): +18.5."""
    hatchetman = unit("hatchetman.toml")
    without = dataclasses.replace(hatchetman, equipment={k: v for k, v in hatchetman.equipment.items()
                                                          if k != "hatchet"})
    assert bv.ratings(hatchetman).offensive - bv.ratings(without).offensive == pytest.approx(13.5 * 1.37)


# ------------------------------------------------------------------ vehicles
def test_BV_VEH_worked_ferret_vtol():
    """Ferret (5 t VTOL, cruise 15, flank 23: TMM +5, +1 flying = 1.6).
    Defensive: (armor 8 x 2.5 + structure 5 x 1.5) x 0.7 (VTOL) x 1.6 = 30.8.
    Offensive: MG 5 + half a ton of MG ammunition 0.5 + 5 t / 2 = 8, x speed
    factor 3.44 (MP 23) = 27.52. 58.32 -> 58."""
    r = bv.ratings(unit("ferret.toml"))
    assert r.defensive == pytest.approx(30.8)
    assert r.offensive == pytest.approx(27.52)
    assert r.base == 58


def test_BV_VEH_front_and_rear_the_lesser_counts_half_sides_and_turret_full():
    manticore = unit("manticore.toml")
    weapons_ = [{"type": "ppc", "location": "front", "rear": False},
                {"type": "medium_laser", "location": "rear", "rear": False},
                {"type": "srm_6", "location": "turret", "rear": False}]
    v = dataclasses.replace(manticore, weapons=weapons_)
    assert bv.vehicle_weapon_value(v) == 176 + 23 + 59
    turned = dataclasses.replace(v, weapons=[{**w, "location": {"front": "rear", "rear": "front"}.get(
        w["location"], w["location"])} for w in weapons_])
    assert bv.vehicle_weapon_value(turned) == 176 + 23 + 59


def test_BV_VEH_motive_type_modifier():
    """Tracked 0.9, wheeled 0.8, hover 0.7 on the same defensive points."""
    vedette = unit("vedette.toml")
    tracked = bv.ratings(vedette).defensive
    for motive, mod in (("wheeled", 0.8), ("hover", 0.7)):
        other = dataclasses.replace(vedette, movement={**vedette.movement, "motive": motive})
        assert bv.ratings(other).defensive == pytest.approx(tracked / 0.9 * mod)


# ------------------------------------------------------------------ skills, file values, roster
def test_BV_SKILL_multiplier_table():
    assert bv.skill_multiplier(4, 5) == 1.0
    assert bv.skill_multiplier(3, 4) == 1.32 and bv.skill_multiplier(0, 0) == 2.42
    assert bv.skill_multiplier(8, 8) == 0.64 and bv.skill_multiplier(5, 6) == 0.86
    atlas = unit("atlas.toml")
    assert bv.battle_value(atlas, 3, 4) == 2504                   # 1897 x 1.32 = 2504.04
    assert bv.battle_value(atlas) == 1897                         # the file's 4/5 crew


def test_a_unit_files_own_bv_wins_over_the_computed_one():
    atlas = dataclasses.replace(unit("atlas.toml"), bv=1234)
    assert bv.base_battle_value(atlas) == 1234
    assert bv.battle_value(atlas, 3, 4) == 1629                   # 1234 x 1.32 = 1628.88


def test_an_alpha_strike_card_has_no_battle_value():
    assert bv.base_battle_value(unit("loki.toml")) is None


def test_every_shipped_weapon_has_a_battle_value_and_its_ammunition_one():
    for key, wt in weapons().items():
        assert wt.bv > 0, key
        assert (wt.ammo_bv > 0) == (wt.shots_per_ton > 0), key


def test_the_roster_shows_a_bv_for_every_classic_unit():
    entries, _ = roster()
    classic = [e for e in entries if e.rules == "classic"]
    assert classic and all(e.bv is not None and e.bv > 0 for e in classic)
    assert next(e.bv for e in entries if e.name == "Atlas AS7-D") == 1897
    assert all(e.bv is None for e in entries if e.rules == "alpha-strike")
