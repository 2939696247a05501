"""Weapon attacks on buildings and on units inside them (rules/buildings.md
B-ATK, B-IN, B-LOS; worked examples 5, 6 and 10): `target_hex` orders,
the immobile target, automatic hits from the next hex, absorption per hit
at the phase CF, misses from the next hex, rubble no longer blocking."""
from __future__ import annotations

import tomllib

import pytest

from components import Armor
from engine.errors import DataError
from engine.hexgrid import parse_hex_label
from engine.orders import FireOrder
from engine.scenario import parse_scenario
from systems.classic import buildings, weapon_attacks
from tests.physical_helpers import add, events, fire, make_game, to_weapon_phase, weapon_phase

H = parse_hex_label


def building(klass="light", height=2, cf=None, level=0) -> dict:
    return {"terrain": "building", "building": height, "level": level, "building_class": klass,
            **({"cf": cf} if cf is not None else {})}


def at_hex(uid: str, weapon: str, label: str) -> FireOrder:
    return FireOrder(uid, {"unit": uid, "weapon": weapon, "target_hex": label}, weapon=weapon, target_hex=label)


def shooter_game(hexes, forced=None, attacker_at="0507", inside=None):
    game = make_game(forced=forced or {}, hexes=hexes)
    add(game, "a", "grasshopper", "red", attacker_at, 0, gunnery=4)
    if inside:
        add(game, "t", "grasshopper", "blue", inside, 3)
    else:
        add(game, "t", "jagermech", "blue", "0101", 3)
    to_weapon_phase(game)
    return game


def cf(game, label):
    return game.map.terrain(H(label)).construction_factor


# --------------------------------------------------------------------- B-ATK
def test_B_ATK_1_example_g4_stationary_laser_at_a_building_two_hexes_away_needs_0():
    game = shooter_game({"0505": building(cf=15)})
    th = weapon_attacks.shot(game, at_hex("a", "medium_laser", "0505"))
    assert th.possible and th.number == 0
    assert [(m.label, m.value) for m in th.modifiers] == [("gunnery", 4), ("short range", 0),
                                                          ("target immobile (a building)", -4)]


def test_B_ATK_1_a_natural_2_still_misses_and_a_hit_goes_to_the_cf():
    game = shooter_game({"0505": building(cf=15)}, forced={"to_hit": [2, 3]})
    weapon_phase(game, [at_hex("a", "medium_laser", "0505"), at_hex("a", "medium_laser#2", "0505")])
    miss, hit = events(game, "attack", attacker="a")
    assert (miss["hit"], miss["target"], miss["target_hex"], miss["to_hit"]) == (False, None, "0505", 0)
    assert hit["hit"] is True
    (bd,) = events(game, "building_damage")
    assert (bd["damage"], bd["cf_left"], bd["cause"], bd["unit"]) == (5, 10, "medium_laser by a", "a")


def test_B_ATK_1_from_the_next_hex_every_shot_hits_without_a_roll():
    game = shooter_game({"0506": building(cf=40)})
    th = weapon_attacks.shot(game, at_hex("a", "medium_laser", "0506"))
    assert th.possible and th.automatic
    weapon_phase(game, [at_hex("a", "medium_laser", "0506")])
    (att,) = events(game, "attack", attacker="a")
    assert (att["automatic"], att["roll"], att["to_hit"], att["hit"]) == (True, None, None, True)
    assert not [r for r in events(game, "roll") if r["purpose"] == "to_hit"]
    assert cf(game, "0506") == 35


def test_B_ATK_2_an_adjacent_cluster_weapon_lands_every_missile():
    from components import Position
    game = shooter_game({"0506": building(cf=40)})
    game.world.component(game.units["a"], Position).facing = 0
    weapon_phase(game, [at_hex("a", "lrm_5", "0506")])
    assert not events(game, "cluster")
    assert events(game, "building_damage")[0]["damage"] == 5


def test_B_ATK_no_building_in_the_hex_is_refused_with_a_reason():
    game = shooter_game({})
    assert weapon_attacks.shot(game, at_hex("a", "medium_laser", "0505")).reason == "there is no building in 0505"
    game.start_phase("weapon")
    game.submit(at_hex("a", "medium_laser", "0505"))
    assert events(game, "refused")[0]["reason"] == "there is no building in 0505"


def test_B_ATK_4_a_building_first_makes_the_unit_the_secondary_target():
    game = make_game(hexes={"0505": building(cf=15)})
    add(game, "a", "grasshopper", "red", "0507", 0, gunnery=4)
    add(game, "t", "jagermech", "blue", "0604", 3)
    to_weapon_phase(game)
    game.start_phase("weapon")
    assert game.submit(at_hex("a", "medium_laser", "0505")) is None
    th = weapon_attacks.shot(game, fire("a", "medium_laser#2", "t"))
    assert ("secondary target, forward arc", 1) in [(m.label, m.value) for m in th.modifiers]


def test_scenario_orders_take_a_target_hex(tmp_path):
    text = ('[map]\nwidth = 6\nheight = 6\n[[map.hex]]\nat = "0303"\nbuilding = 2\n'
            '[[unit]]\nid = "a"\ndata = "grasshopper.toml"\nside = "red"\nat = "0305"\n'
            '[[unit]]\nid = "b"\ndata = "jagermech.toml"\nside = "blue"\nat = "0606"\n'
            '[[turn]]\n[[turn.fire]]\nunit = "a"\nweapon = "medium_laser"\ntarget_hex = "0303"\n')
    s = parse_scenario(tomllib.loads(text), tmp_path / "s.toml")
    (order,) = s.turns[0].orders["fire"]
    assert (order.target_hex, order.target) == ("0303", "")
    with pytest.raises(DataError, match="target or a target_hex, not both"):
        parse_scenario(tomllib.loads(text + 'target = "b"\n'), tmp_path / "s.toml")
    with pytest.raises(DataError, match=r"fire\[1\]\.target_hex: hex 0909 is off the 6x6 map"):
        parse_scenario(tomllib.loads(text.replace('target_hex = "0303"', 'target_hex = "0909"')), tmp_path / "s.toml")


# --------------------------------------------------------------------- B-IN-2 absorption
def _armor(game, uid, loc):
    return game.world.component(game.units[uid], Armor).points[loc]


def test_B_IN_2_example_1_a_medium_laser_on_a_mech_in_a_medium_building():
    game = shooter_game({"0505": building("medium", cf=40)}, forced={"to_hit": [12], "location": [7]},
                        inside="0505")
    before = _armor(game, "t", "center_torso")
    weapon_phase(game, [fire("a", "medium_laser", "t")])
    (bd,) = events(game, "building_damage")
    assert (bd["damage"], bd["cf_left"], bd["cause"], bd["unit"]) == (4, 36, "absorbed a hit on t", "t")
    assert _armor(game, "t", "center_torso") == before - 1


def test_B_IN_2_example_2_a_heavy_building_absorbs_a_laser_and_each_srm_missile_whole():
    game = make_game(forced={"to_hit": [12, 12], "cluster": [12]}, hexes={"0505": building("heavy", cf=90)})
    add(game, "a", "commando", "red", "0507", 0, gunnery=4)
    add(game, "t", "grasshopper", "blue", "0505", 3)
    to_weapon_phase(game)
    weapon_phase(game, [fire("a", "medium_laser", "t"), fire("a", "srm_4", "t")])
    assert [e["damage"] for e in events(game, "building_damage")] == [5, 2, 2, 2, 2]
    assert cf(game, "0505") == 77
    assert not events(game, "damage", unit="t")


def test_B_IN_2_example_3_the_phase_cf_sets_absorption_for_the_whole_phase():
    game = shooter_game({"0505": building("light", cf=12)}, forced={"to_hit": [12, 12, 12], "location": [7, 7, 7]},
                        inside="0505")
    weapon_phase(game, [fire("a", "medium_laser", "t"), fire("a", "medium_laser#2", "t"),
                        fire("a", "medium_laser#3", "t")])
    assert [e["cf_left"] for e in events(game, "building_damage")] == [10, 8, 6]
    assert [e["amount"] for e in events(game, "damage", unit="t")] == [3, 3, 3]


def test_B_IN_3_no_absorption_for_a_mech_sticking_out_of_a_height_1_building():
    game = shooter_game({"0505": building("light", height=1, cf=15)}, forced={"to_hit": [12], "location": [7]},
                        inside="0505")
    weapon_phase(game, [fire("a", "medium_laser", "t")])
    assert not events(game, "building_damage")
    assert [e["amount"] for e in events(game, "damage", unit="t")] == [5]


def test_B_IN_4_a_miss_from_the_next_hex_damages_the_building():
    game = shooter_game({"0506": building("medium", cf=40)}, forced={"to_hit": [3]}, inside="0506")
    weapon_phase(game, [fire("a", "medium_laser", "t")])
    (bd,) = events(game, "building_damage")
    assert (bd["damage"], bd["cf_left"], bd["cause"]) == (5, 35, "missed shot at t")


def test_B_IN_4_a_miss_from_farther_does_nothing():
    game = shooter_game({"0505": building("medium", cf=40)}, forced={"to_hit": [3]}, inside="0505")
    weapon_phase(game, [fire("a", "medium_laser", "t")])
    assert not events(game, "building_damage")


# --------------------------------------------------------------------- collapse and line of sight
def test_worked_example_6_two_lasers_bring_a_light_building_down_at_the_end_of_the_phase():
    game = shooter_game({"0505": building("light", cf=8)}, forced={"to_hit": [12, 12], "location": [3]},
                        inside="0505")
    from tests.physical_helpers import set_tons
    set_tons(game, "t", 65)
    weapon_phase(game, [at_hex("a", "medium_laser", "0505"), at_hex("a", "medium_laser#2", "0505")])
    assert [e["cf_left"] for e in events(game, "building_damage")] == [3, 0]
    (col,) = events(game, "collapse")
    assert (col["cf"], col["units"]) == (8, ["t"])
    assert [e["amount"] for e in events(game, "damage", unit="t")] == [1]
    kinds = [e["type"] for e in game.log.events if e["type"] in ("attack", "collapse")]
    assert kinds == ["attack", "attack", "collapse"]


def test_B_LOS_3_worked_example_10_the_rubble_stops_blocking_after_the_phase():
    game = make_game(forced={"to_hit": [12, 12]}, hexes={"0505": building("heavy", height=3, cf=5)})
    add(game, "a", "grasshopper", "red", "0507", 0, gunnery=4)
    add(game, "t", "jagermech", "blue", "0503", 3)
    to_weapon_phase(game)
    game.start_phase("weapon")
    assert game.submit(at_hex("a", "medium_laser", "0505")) is None
    assert "no line of sight" in game.submit(fire("a", "medium_laser#2", "t"))
    game.end_phase()
    assert events(game, "collapse")
    assert buildings.phase_cf(game, H("0505")) == 0
    assert weapon_attacks.shot(game, fire("a", "medium_laser#2", "t")).possible


# --------------------------------------------------------------------- the options call
def test_the_options_call_offers_the_attacks_on_buildings():
    from systems.common import options
    game = shooter_game({"0505": building(cf=15), "0905": building(cf=15)})
    game.start_phase("weapon")
    found = options.building_options(game, "a")
    assert set(found) == {"0505", "0905"}
    for kinds in (("weapon",), ("physical",)):
        some = options.building_options(game, "a", kinds=kinds)
        assert {h: [(o.attack, o.limb, o.reason) for o in opts] for h, opts in some.items()} == \
            {h: [(o.attack, o.limb, o.reason) for o in opts if o.kind in kinds] for h, opts in found.items()}
    near = {o.attack: o for o in found["0505"]}
    assert near["medium_laser"].possible and near["medium_laser"].to_hit.number == 0
    assert near["medium_laser"].order.target_hex == "0505"
    assert game.submit(near["medium_laser"].order) is None
    assert near["lrm_5"].to_hit.number == 4 + 0 + 5 - 4          # minimum range 6 at 2 hexes: +5
    far = {o.attack: o for o in found["0905"]}["medium_laser#2"]
    assert far.possible and ("target immobile (a building)", -4) in [(m.label, m.value) for m in far.to_hit.modifiers]


def test_B_PHYS_1_worked_example_9_no_physical_attack_on_a_unit_inside():
    from systems.common import options
    game = shooter_game({"0506": building("medium")}, inside="0506")
    game.start_phase("weapon")
    game.end_phase()
    game.start_phase("physical")
    punches = [o for o in options.attack_options(game, "a", "t") if o.kind == "physical"]
    assert punches and all(o.reason == "the target is inside a building" for o in punches)


def test_B_IN_5_example_a_mech_in_a_height_1_building_has_partial_cover_and_its_leg_hits_strike_the_building():
    game = make_game(forced={"to_hit": [12], "location": [5]}, hexes={"0505": building("light", height=1, cf=15)})
    add(game, "a", "grasshopper", "red", "0507", 0, gunnery=4)
    add(game, "t", "grasshopper", "blue", "0505", 3)
    game.start_turn(["red", "blue"])
    th = weapon_attacks.preview(game, "a", "t", "medium_laser")
    assert th.number == 5 and ("partial cover", 1) in [(m.label, m.value) for m in th.modifiers]
    game.start_phase("movement")
    game.end_phase()
    weapon_phase(game, [fire("a", "medium_laser", "t")])
    assert events(game, "partial_cover", unit="t")[0]["location"] == "right_leg"
    (bd,) = events(game, "building_damage")
    assert (bd["damage"], bd["cf_left"], bd["cause"]) == (5, 10, "leg hit on t (partial cover)")
    assert not events(game, "damage", unit="t")


# --------------------------------------------------------------------- B-PHYS-3, P-CHARGE-11
def charge_game(forced=None, hexes=None):
    game = make_game(forced=forced or {"location": [7, 7], "psr": [12]},
                     hexes=hexes or {"0504": building("medium", cf=40)})
    add(game, "a", "grasshopper", "red", "0509", 0, piloting=5)
    add(game, "t", "jagermech", "blue", "0101", 3)
    from tests.physical_helpers import set_tons
    set_tons(game, "a", 55)
    return game


def test_B_PHYS_3_P_CHARGE_11_example_a_55t_mech_charges_a_building_after_4_hexes():
    from tests.physical_helpers import move, physical_phase
    game = charge_game()
    assert to_weapon_phase(game, [move("a", "run", ["F"] * 4, charge_hex="0504")]) == [None]
    assert "makes no weapon attacks" in weapon_phase(game, [fire("a", "medium_laser", "t")])[0]
    physical_phase(game)
    (att,) = events(game, "attack", attacker="a")
    assert (att["attack"], att["target"], att["target_hex"], att["automatic"], att["roll"]) == \
        ("charge", None, "0504", True, None)
    (bd,) = events(game, "building_damage")
    assert (bd["damage"], bd["cf_left"], bd["cause"]) == (22, 18, "charge by a")        # ceil(5.5 x 4)
    assert [e["amount"] for e in events(game, "damage", unit="a")] == [5, 1]         # ceil(55/10), own tonnage
    (psr,) = events(game, "psr", unit="a")
    assert (psr["reason"], psr["target"]) == ("made a successful charge", 7)
    from components import Position
    assert game.map.label(game.world.component(game.units["a"], Position).hex) == "0505"    # D20: stays


@pytest.mark.parametrize("path, charge_hex, needle", [
    (["F"] * 3, "0504", "not in the hex directly ahead"),
    (["F"] * 4, "0404", "there is no building in 0404"),
])
def test_B_PHYS_3_a_charge_on_a_building_is_refused_unless_it_stands_ahead(path, charge_hex, needle):
    from tests.physical_helpers import move
    game = charge_game()
    assert needle in to_weapon_phase(game, [move("a", "run", path, charge_hex=charge_hex)])[0]


def test_the_options_call_offers_a_charge_into_the_building_ahead():
    from systems.common import options
    game = charge_game()
    game.start_turn(["red", "blue"])
    game.start_phase("movement")
    (opt,) = [o for o in options.declaration_options(game, "a", "run", ["F"] * 4) if o.order.charge_hex]
    assert opt.possible and opt.order.charge_hex == "0504"
    assert game.submit(opt.order) is None
    assert not [o for o in options.declaration_options(game, "a", "run", ["F"] * 3) if o.order.charge_hex]


# --------------------------------------------------------------------- B-ATK-3
def strike(uid, attack, label, limb=None):
    from engine.orders import PhysicalOrder
    raw = {"unit": uid, "attack": attack, "target_hex": label, **({"limb": limb} if limb else {})}
    return PhysicalOrder(uid, raw, attack=attack, limb=limb, target_hex=label)


def test_B_ATK_3_a_punch_and_a_kick_on_an_adjacent_building_hit_without_a_roll():
    from tests.physical_helpers import physical_phase
    game = shooter_game({"0506": building("medium", cf=40)})
    weapon_phase(game)
    out = physical_phase(game, [strike("a", "punch", "0506", "left"), strike("a", "kick", "0506", "right")])
    assert out[0] is None and "already declared" in out[1]           # punches or kicks, as against a unit
    (att,) = events(game, "attack", attacker="a")
    assert (att["attack"], att["target_hex"], att["automatic"], att["roll"]) == ("punch", "0506", True, None)
    (bd,) = events(game, "building_damage")
    assert (bd["damage"], bd["cf_left"], bd["cause"]) == (7, 33, "punch by a")        # ceil(70/10)
    assert not [r for r in events(game, "roll") if r["purpose"] == "to_hit"]


def test_B_ATK_3_a_kick_on_a_building_asks_no_roll_of_anyone():
    from tests.physical_helpers import physical_phase
    game = shooter_game({"0506": building("heavy", cf=90)})
    weapon_phase(game)
    assert physical_phase(game, [strike("a", "kick", "0506")]) == [None]
    assert events(game, "building_damage")[0]["damage"] == 14                          # 70 / 5
    assert not events(game, "psr")


def test_B_ATK_3_no_push_and_only_the_next_hex():
    from systems.classic import melee
    game = shooter_game({"0506": building(cf=15), "0505": building(cf=15)})
    weapon_phase(game)
    game.start_phase("physical")
    assert melee.physical_attack(game, strike("a", "push", "0506")).reason == "a building cannot be pushed"
    assert "not in an adjacent hex" in melee.physical_attack(game, strike("a", "punch", "0505", "left")).reason
    assert melee.physical_attack(game, strike("a", "punch", "0406", "left")).reason == "there is no building in 0406"


def test_the_options_call_offers_the_physical_attacks_on_an_adjacent_building():
    from systems.common import options
    game = shooter_game({"0506": building(cf=15)})
    weapon_phase(game)
    game.start_phase("physical")
    found = {(o.attack, o.limb): o for o in options.building_options(game, "a")["0506"] if o.kind == "physical"}
    assert ("push", None) not in found
    assert found[("punch", "left")].possible and found[("kick", "right")].possible
    assert game.submit(found[("punch", "left")].order) is None


# --------------------------------------------------------------------- B-LOS-4
@pytest.mark.parametrize("cover, struck", [(building("light", height=1, cf=15), True),
                                           ({"terrain": "clear", "level": 1}, False)])
def test_B_LOS_4_a_low_building_next_to_the_target_gives_partial_cover_and_takes_its_leg_hits(cover, struck):
    game = make_game(forced={"to_hit": [12], "location": [5]}, hexes={"0506": cover})
    add(game, "a", "grasshopper", "red", "0508", 0, gunnery=4)
    add(game, "t", "grasshopper", "blue", "0505", 3)
    to_weapon_phase(game)
    th = weapon_attacks.preview(game, "a", "t", "medium_laser")
    assert ("partial cover", 1) in [(m.label, m.value) for m in th.modifiers] and th.los.cover_hex == H("0506")
    weapon_phase(game, [fire("a", "medium_laser", "t")])
    assert events(game, "partial_cover", unit="t")[0]["location"] == "right_leg"
    assert not events(game, "damage", unit="t")
    if struck:
        (bd,) = events(game, "building_damage")
        assert (bd["hex"], bd["damage"], bd["cf_left"], bd["cause"]) == ("0506", 5, 10, "leg hit on t (partial cover)")
    else:
        assert not events(game, "building_damage")                 # a hill takes nothing


def test_the_options_call_keeps_the_buildings_in_reach_nearest_first():
    """`in_reach` (the range cut the window used to make itself): a weapon
    reaches the buildings within its long range (the LRM-5's 21 hexes: not
    the one 23 hexes away) but not the attacker's own hex (B-ATK-1), a
    physical attack only the next hexes (B-ATK-3); nearest first, each with
    the options the call gives for that hex alone."""
    from systems.common import options
    far, own, nearest, near = "2807", "0507", "0506", "0905"
    game = make_game(30, 10, forced={}, hexes={h: building(cf=15) for h in (far, own, nearest, near, "1507")})
    add(game, "a", "grasshopper", "red", own, 0, gunnery=4)
    add(game, "t", "jagermech", "blue", "0101", 3)
    to_weapon_phase(game)
    game.start_phase("weapon")
    assert game.weapons["lrm_5"].long == 21
    every = options.building_options(game, "a")
    assert set(every) == {far, own, nearest, near, "1507"}
    reached = options.building_options(game, "a", kinds=("weapon",), in_reach=True)
    assert list(reached) == [nearest, near, "1507"]
    for label, opts in reached.items():
        assert [(o.attack, o.reason) for o in opts] == \
            [(o.attack, o.reason) for o in every[label] if o.kind == "weapon"]
    assert list(options.building_options(game, "a", kinds=("physical",), in_reach=True)) == [nearest]
    assert list(options.building_options(game, "a", in_reach=True)) == [nearest, near, "1507"]


def test_has_building_attack_is_whether_any_building_option_is_possible():
    """options.has_building_attack, which judges only the buildings in
    reach and stops at the first possible option, answers what the
    options on every standing building say, for each kind: a building
    out of every weapon's range has none, one next to a mech has a punch."""
    from systems.common import options
    cases = [({"2807": building(cf=15)}, "0507"), ({"1507": building(cf=15)}, "0507"),
             ({"0506": building(cf=15)}, "0507"), ({}, "0507"),
             ({"0506": building(cf=15), "0505": {"terrain": "heavy_woods"}, "0504": building(cf=15)}, "0507")]
    seen = set()
    for hexes, at in cases:
        game = make_game(30, 10, forced={}, hexes=hexes)
        add(game, "a", "grasshopper", "red", at, 0, gunnery=4)
        add(game, "t", "jagermech", "blue", "0101", 3)
        to_weapon_phase(game)
        for phase in ("weapon", "physical"):
            game.start_phase(phase)
            every = options.building_options(game, "a")
            for kinds in (("weapon",), ("physical",), ("weapon", "physical")):
                found = any(o.possible for opts in every.values() for o in opts if o.kind in kinds)
                assert options.has_building_attack(game, "a", kinds=kinds) == found, (hexes, phase, kinds)
                seen.add(found)
    assert seen == {True, False}
    cards = make_game(12, 30, ruleset="alpha-strike", forced={}, hexes={"0506": building(cf=15)})
    from tests.alpha_strike_helpers import add_card
    add_card(cards, "a", "red", "0507")
    assert options.building_options(cards, "a", in_reach=True) == {} and not options.has_building_attack(cards, "a")
