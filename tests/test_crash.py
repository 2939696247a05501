"""VTOL crashes and vehicle displacement: V-CRASH, V-DMG-5, V-VTOL-8,
V-VTOL-10, V-VTOL-11, V-DISP (rules/vehicles.md; examples E4, E5, E6)."""
from components import Altitude, Identity, Status
from systems.vehicles import crash, criticals as vehicle_criticals
from tests.helpers import make_game
from vehicle_fixtures import add, events, label, move


def test_V_CRASH_1_damage_is_hexes_times_tons_over_10_rounded_up():
    assert crash.crash_damage(6, 30) == 18          # E4
    assert crash.crash_damage(3, 25) == 8           # E5: the product is rounded, not tons/10


def test_V_CRASH_1_groups_of_5_on_the_vtol_table_in_the_struck_side_column():
    # E4 with the Warrior (21 t): 6 hexes -> ceil(12.6) = 13 in groups 5, 5, 3, all on the left column.
    game = make_game(height=12, forced={"location": [6, 6, 6], "critical": [2] * 5})
    ent = add(game, "heli", "warrior.toml", "0505", altitude=2, armor={"left": 20})
    game.world.component(ent, Identity).tonnage = 21
    total = crash.crash(game, ent, side="left", hexes=6)
    assert total == 13
    assert [(e["location"], e["amount"]) for e in events(game, "damage")] == [("left", 5), ("left", 5), ("left", 3)]
    assert events(game, "crash")[0]["damage"] == 13


def test_V_CRASH_2_survivor_lands_where_it_could_land():
    game = make_game(height=12, forced={"location": [7]})
    ent = add(game, "heli", "warrior.toml", "0505", altitude=2)
    crash.crash(game, ent, side="front", hexes=2)          # ceil(4.2) = 5 into 8 front armor
    assert not game.world.component(ent, Status).destroyed
    assert game.world.component(ent, Altitude).level == 0
    assert events(game, "land")


def test_V_CRASH_2_destroyed_where_it_could_not_land():
    game = make_game(height=12, forced={"location": [7]}, hexes={"0505": {"terrain": "rough"}})
    ent = add(game, "heli", "warrior.toml", "0505", altitude=2)
    crash.crash(game, ent, side="front", hexes=2)
    assert game.world.component(ent, Status).destroyed


def test_V_CRASH_3_no_attacks_in_the_turn_it_crashed():
    game = make_game(height=12, forced={"location": [7]})
    ent = add(game, "heli", "warrior.toml", "0505", altitude=2)
    game.start_turn(["red"])
    crash.crash(game, ent, side="front", hexes=1)
    assert vehicle_criticals.can_attack(game, ent) == "it crashed this turn"
    game.start_turn(["red"])
    assert vehicle_criticals.can_attack(game, ent) is None


def test_V_CRASH_4_V_DMG_5_structure_damage_in_a_crash_explodes_the_vtol():
    game = make_game(height=12, forced={"location": [7], "critical": [2]})
    ent = add(game, "heli", "warrior.toml", "0505", altitude=2, armor={"front": 3})
    crash.crash(game, ent, side="front", hexes=2)          # 5 damage: 3 armor, 2 of 3 structure
    assert game.world.component(ent, Status).destroyed
    assert "exploded" in events(game, "destroyed")[0]["cause"]


def test_V_CRASH_5_crashing_onto_a_unit_falls_on_it():
    game = make_game(height=12, forced={"location": [7, 7], "to_hit": [8]})
    ent = add(game, "heli", "warrior.toml", "0505", altitude=2)
    add(game, "mech", "locust.toml", "0505", side="blue")
    crash.crash(game, ent, side="front", hexes=1)
    fall = [e for e in events(game, "attack") if e["attack"] == "accidental fall from above"][0]
    assert fall["hit"] and fall["to_hit"] == 7
    assert any(e["unit"] == "mech" for e in events(game, "damage"))
    # MM's sideslip crash aftermath: the unit fallen on is displaced, the VTOL stays.
    assert label(game, "mech") == "0504" and label(game, "heli") == "0505"


def test_V_VTOL_8_landing_in_rough_is_an_automatic_crash():
    game = make_game(height=12, forced={"fall": [1], "location": [7]}, hexes={"0504": {"terrain": "rough"}})
    ent = add(game, "heli", "warrior.toml", "0505", altitude=2)
    assert move(game, "heli", "cruise", ["F", "land"]) is None
    c = events(game, "crash")[0]
    assert c["hexes"] == 1 and c["damage"] == 3 and c["side"] == "front"
    assert game.world.component(ent, Status).destroyed              # cannot land in rough


def test_V_VTOL_8_landing_on_clear_is_fine():
    game = make_game(height=12)
    ent = add(game, "heli", "warrior.toml", "0505", altitude=2)
    assert move(game, "heli", "cruise", ["F", "land"]) is None
    assert not events(game, "crash") and game.world.component(ent, Altitude).level == 0


def test_V_VTOL_11_crash_into_water_destroys_the_vtol():
    # The seed: a VTOL cannot land on water; doing so it crashes and is destroyed.
    game = make_game(height=12, forced={"fall": [1], "location": [7]},
                     hexes={"0504": {"terrain": "water", "depth": 1}})
    ent = add(game, "heli", "warrior.toml", "0505", altitude=2)
    move(game, "heli", "cruise", ["F", "land"])
    assert events(game, "crash")[0]["at"] == "0504"
    assert game.world.component(ent, Status).destroyed
    assert "water" in events(game, "destroyed")[0]["cause"]


def test_V_VTOL_11_landing_on_depth_0_water_is_a_crash_too():
    # Seed: no landing on a water hex (the landing list is clear, paved, roof, helipad).
    game = make_game(height=12, forced={"location": [7]}, hexes={"0504": {"terrain": "water", "depth": 0}})
    ent = add(game, "heli", "warrior.toml", "0505", altitude=2)
    move(game, "heli", "cruise", ["F", "land"])
    assert events(game, "crash")[0]["at"] == "0504"
    assert game.world.component(ent, Status).destroyed
    assert "water" in events(game, "destroyed")[0]["cause"]


def test_V_VTOL_10_sliding_into_the_treetops_crashes():
    game = make_game(height=12, forced={"psr": [2]}, hexes={"0406": {"terrain": "heavy_woods"}})
    ent = add(game, "heli", "warrior.toml", "0410", altitude=2)
    move(game, "heli", "flank", ["F", "F", "F", "R", "F"])
    assert events(game, "crash")[0]["at"] == "0406"
    assert game.world.component(ent, Status).destroyed              # woods: no landing there


# ----------------------------------------------------------------- V-DISP
def test_V_DISP_1_displaced_into_water_it_cannot_enter_is_destroyed():
    from systems.classic import displacement
    game = make_game(height=12, hexes={"0504": {"terrain": "water", "depth": 1}})
    ent = add(game, "tank", "manticore.toml", "0505")
    assert displacement.outcome(game, ent, 0) == displacement.MOVE
    displacement.displace(game, ent, 0, "push")
    assert game.world.component(ent, Status).destroyed and label(game, "tank") == "0504"


def test_V_DISP_1_landed_vtol_displaced_into_depth_0_water_is_destroyed():
    # A VTOL may not land on any water hex (V-VTOL-11): pushed into one while landed, it is lost.
    from systems.classic import displacement
    game = make_game(height=12, hexes={"0504": {"terrain": "water", "depth": 0}})
    ent = add(game, "heli", "warrior.toml", "0505", altitude=0)
    assert displacement.outcome(game, ent, 0) == displacement.MOVE
    displacement.displace(game, ent, 0, "push")
    assert game.world.component(ent, Status).destroyed and label(game, "heli") == "0504"


def test_V_DISP_1_hover_displaced_onto_water_is_fine():
    from systems.classic import displacement
    game = make_game(height=12, hexes={"0504": {"terrain": "water", "depth": 1}})
    ent = add(game, "hover", "condor.toml", "0505")
    displacement.displace(game, ent, 0, "push")
    assert not game.world.component(ent, Status).destroyed and label(game, "hover") == "0504"


def test_V_DISP_2_two_levels_down_falls_with_T11b_sides():
    # E6: 40 t tank two levels down: ceil(40/10) x 3 = 12 in groups 5, 5, 2, each side by 1d6.
    from systems.classic import displacement
    game = make_game(height=12, forced={"fall": [4, 1, 2], "location": [7, 7, 7]}, hexes={"0505": {"level": 2}})
    ent = add(game, "tank", "manticore.toml", "0505")
    game.world.component(ent, Identity).tonnage = 40
    assert displacement.displace(game, ent, 0, "charge") == displacement.FALL
    assert events(game, "fall")[0]["damage"] == 12
    assert [(e["location"], e["amount"]) for e in events(game, "damage")] == [
        ("rear", 5), ("front", 5), ("right", 2)]
    assert label(game, "tank") == "0504" and not game.world.component(ent, Status).prone


def test_V_DISP_2_one_level_down_is_no_damage():
    from systems.classic import displacement
    game = make_game(height=12, hexes={"0505": {"level": 1}})
    ent = add(game, "tank", "manticore.toml", "0505")
    displacement.displace(game, ent, 0, "push")
    assert not events(game, "damage") and label(game, "tank") == "0504"


def test_V_VTOL_10_flying_into_a_unit_at_its_altitude_may_charge_it():
    game = make_game(height=12, forced={"to_hit": [12], "location": [7, 7, 7], "motive": [2]})
    add(game, "heli", "warrior.toml", "0505", altitude=1)
    add(game, "tank", "manticore.toml", "0504", side="blue")
    assert move(game, "heli", "cruise", ["F", "F"]) is None
    charge = [e for e in events(game, "attack") if e["attack"] == "accidental charge"][0]
    assert charge["hit"] and charge["target"] == "tank"
    assert label(game, "heli") == "0505"                 # stopped before the tank's hex


def test_V_VTOL_10_missed_accidental_charge_flies_on_and_above_it_no_roll():
    game = make_game(height=12, forced={"to_hit": [2]})
    add(game, "heli", "warrior.toml", "0505", altitude=1)
    add(game, "tank", "manticore.toml", "0504", side="blue")
    move(game, "heli", "cruise", ["F", "F"])
    assert label(game, "heli") == "0503"
    game2 = make_game(height=12)
    add(game2, "heli", "warrior.toml", "0505", altitude=2)
    add(game2, "tank", "manticore.toml", "0504", side="blue")
    move(game2, "heli", "cruise", ["F", "F"])
    assert not events(game2, "attack") and label(game2, "heli") == "0503"


def test_V_CRASH_2_a_crash_survivor_moves_normally_next_turn():
    # Seed: still working and able to land there, it counts as landed and
    # moves normally next turn (lift off first: V-VTOL-7).
    game = make_game(height=12, forced={"location": [7]})
    ent = add(game, "heli", "warrior.toml", "0505", altitude=2)
    game.start_turn(["red"])
    crash.crash(game, ent, side="front", hexes=2)
    assert not game.world.component(ent, Status).destroyed
    game.start_turn(["red"])
    game.start_phase("movement")
    assert move(game, "heli", "cruise", ["lift", "F", "F"]) is None
    assert label(game, "heli") == "0503" and game.world.component(ent, Altitude).level == 1


def test_V_VTOL_11_V_CRASH_2_certain_loss_names_a_landing_that_surely_destroys_the_vtol():
    """Landing where a VTOL may not land crashes it there (V-VTOL-8) and the
    crash destroys it whatever the damage, in water (V-VTOL-11) or in a hex
    it could not land in normally (V-CRASH-2): the move says so before it is
    made, with the cause the destruction will carry."""
    from engine.hexgrid import parse_hex_label
    from systems.vehicles import moves
    game = make_game(hexes={"0504": {"terrain": "water", "depth": 0}, "0503": {"terrain": "rough"}},
                     forced={"location": [7]})
    ent = add(game, "heli", "warrior.toml", "0505", altitude=2)
    assert crash.wreck_reason(game, parse_hex_label("0504")) == "crashed into water"
    assert crash.wreck_reason(game, parse_hex_label("0503")) == "crashed in rough"
    assert crash.wreck_reason(game, parse_hex_label("0505")) is None
    assert moves.certain_loss(game, ent, "cruise", ["F", "land"]) == "landing in 0504: crashed into water"
    assert moves.certain_loss(game, ent, "cruise", ["F", "F", "land"]) == "landing in 0503: crashed in rough"
    assert moves.certain_loss(game, ent, "cruise", ["land"]) is None          # clear: a landing
    assert moves.certain_loss(game, ent, "cruise", ["F"]) is None
    assert moves.risks(game, ent, "cruise", ["F", "land"]) == [
        "landing in water at 0504 is a crash that destroys it (crashed into water)"]
    move(game, "heli", "cruise", ["F", "land"])
    assert events(game, "destroyed")[0]["cause"] == "crashed into water"


def test_V_DISP_2_section_10_one_threshold_a_mech_or_a_vehicle_displaced_1_level_down_moves_2_levels_down_falls():
    """Seed 002 (押し出し): "前のヘクスより2レベル以上低いヘクスに押し出しされた車輌は
    ... 落下ダメージを受け" (a vehicle displaced 2+ levels down takes falling
    damage); seed 000 (禁入地形): "除非进入的六角格比目标目前所在格低两层以上，那就导致
    自动坠落" (only 2+ levels lower is an automatic fall). One level down, the
    Manticore and the Shadow Hawk are simply moved in; two levels down, both fall."""
    from systems.classic import displacement
    for uid, unit in (("tank", "manticore.toml"), ("hawk", "shadow_hawk.toml")):
        for drop, result in ((1, displacement.MOVE), (2, displacement.FALL)):
            game = make_game(height=12, forced={"fall": [1] * 4, "location": [7] * 6, "critical": [2] * 6},
                             hexes={"0505": {"level": drop}})
            ent = add(game, uid, unit, "0505")
            assert displacement.displace(game, ent, 0, "charge") == result
            assert label(game, uid) == "0504"
            assert [e["levels"] for e in events(game, "fall")] == ([drop] if result == displacement.FALL else [])
            assert bool(events(game, "displace")[0].get("accidental_fall")) == (result == displacement.FALL)
