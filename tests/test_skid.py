"""Paved hexes and skids of ground vehicles: V-PAVE, V-SKID, V-MOVE-2, T-8
(rules/vehicles.md; example E7)."""
from components import Armor, Status, TurnState
from systems.vehicles import skid
from systems.common.movement import plan
from systems.vehicles.movement import skid_modifier
from tests.helpers import make_game
from vehicle_fixtures import add, events, label, move

PAVED_COLUMN = {f"05{r:02d}": {"paved": True} for r in range(1, 13)}


def _board(extra=None, dice=None):
    hexes = dict(PAVED_COLUMN)
    hexes.update(extra or {})
    return make_game(height=12, forced=dice, hexes=hexes)


def test_T8_skid_modifier_by_hexes_moved():
    assert [skid_modifier(n) for n in (0, 2, 3, 4, 5, 7, 8, 10, 11, 17, 18, 24, 25)] == [
        -1, -1, 0, 0, 1, 1, 2, 2, 4, 4, 5, 5, 6]


def test_T8_skid_distance_is_half_the_hexes_moved_rounded_down():
    assert [skid.distance(d) for d in (1, 2, 3, 4, 5)] == [0, 1, 1, 2, 2]


def test_V_PAVE_1_turning_on_pavement_at_flank_risks_a_skid():
    game = _board()
    ent = add(game, "s", "striker.toml", "0511")
    r = plan(game, ent, "flank", ["F", "F", "F", "R", "F"])
    assert [(p.step, p.reason, p.modifier) for p in r.psrs] == [(4, "skid", 0)]
    assert plan(game, ent, "cruise", ["F", "F", "F", "R", "F"]).psrs == []


def test_V_PAVE_1_no_skid_when_turning_off_pavement():
    game = make_game(height=12)
    ent = add(game, "s", "striker.toml", "0511")
    assert plan(game, ent, "flank", ["F", "F", "F", "R", "F"]).psrs == []


def test_V_SKID_1_failed_roll_skids_then_motive_roll():
    # 3 hexes moved, turn on 0508, roll 2 against 5: skid floor(4/2) = 2 hexes north, move over,
    # then one T-5 roll at +0 direction (+2 wheeled): 2 + 0 + 2 = 4, no effect.
    game = _board(dice={"psr": [2], "motive": [2]})
    ent = add(game, "s", "striker.toml", "0511")
    move(game, "s", "flank", ["F", "F", "F", "R", "F", "F"])
    sk = events(game, "skid")[0]
    assert (sk["from"], sk["to"], sk["hexes"]) == ("0508", "0506", 2)
    assert label(game, "s") == "0506"
    ts = game.world.component(ent, TurnState)
    assert ts.skidded and ts.hexes_moved == 5
    m = events(game, "motive")[0]
    assert m["total"] == 4 and m["reason"] == "skid"
    order = [e["type"] for e in game.log.events if e["type"] in ("psr", "skid", "motive")]
    assert order == ["psr", "skid", "motive"]                  # vehicles.md section 6


def test_T12_a_target_that_skidded_this_turn_is_plus_2_to_hit():
    from systems.classic import weapon_attacks
    game = _board(dice={"psr": [2], "motive": [2]})
    add(game, "s", "striker.toml", "0511")
    add(game, "m", "grasshopper.toml", "0109", 1, side="blue")
    move(game, "s", "flank", ["F", "F", "F", "R", "F", "F"])
    th = weapon_attacks.preview(game, "m", "s", "medium_laser")
    assert ("target skidded", 2) in [(m.label, m.value) for m in th.modifiers]
    game.start_turn(["red", "blue"])
    assert "target skidded" not in [m.label for m in weapon_attacks.preview(game, "m", "s", "medium_laser").modifiers]


def test_V_SKID_1_skid_modifier_is_added_for_a_skid():
    game = _board(dice={"psr": [12]})
    add(game, "s", "striker.toml", "0511")
    move(game, "s", "flank", ["F", "F", "F", "F", "F", "R", "F"])
    psr = events(game, "psr")[0]
    assert psr["target"] == 5 + 1 and ["hexes moved", 1] in psr["modifiers"]


def test_V_SKID_3_skid_into_prohibited_terrain():
    # A 35 t wheeled tank skids into rough: ceil(35/5) = 7 in groups 5, 2, front column, immobile.
    game = _board(extra={"0506": {"terrain": "rough"}}, dice={"psr": [2], "location": [6, 7], "motive": [2]})
    ent = add(game, "s", "striker.toml", "0511")
    move(game, "s", "flank", ["F", "F", "F", "R", "F"])
    assert events(game, "terrain_damage")[0]["damage"] == 7
    assert game.world.component(ent, Armor).points["front"] == 24 - 7
    assert game.world.component(ent, Status).immobile and label(game, "s") == "0506"


def test_V_SKID_3_skid_into_water_it_cannot_enter_destroys():
    game = _board(extra={"0507": {"terrain": "water", "depth": 2}}, dice={"psr": [2]})
    ent = add(game, "s", "striker.toml", "0511")
    move(game, "s", "flank", ["F", "F", "F", "R", "F"])
    assert game.world.component(ent, Status).destroyed
    assert not events(game, "motive")


def test_T8_skid_into_a_unit_is_an_accidental_charge_that_stops_it():
    game = _board(dice={"psr": [2], "to_hit": [11], "motive": [2, 2]})
    add(game, "s", "striker.toml", "0511")
    add(game, "tank", "manticore.toml", "0507", side="blue")
    move(game, "s", "flank", ["F", "F", "F", "R", "F"])
    charge = [e for e in events(game, "attack") if e["attack"] == "accidental charge"][0]
    assert charge["hit"] and charge["to_hit"] == 5
    assert label(game, "s") == "0508"
    dealt = [e for e in events(game, "damage") if e["unit"] == "tank"]
    assert sum(e["amount"] for e in dealt) == 4 * 3          # ceil(35/10) x 3 hexes before the skid


def test_T8_missed_accidental_charge_lets_the_skid_go_on():
    game = _board(dice={"psr": [2], "to_hit": [2], "motive": [2]})
    add(game, "s", "striker.toml", "0511")
    add(game, "tank", "manticore.toml", "0507", side="blue")
    move(game, "s", "flank", ["F", "F", "F", "R", "F"])
    assert label(game, "s") == "0506"


def test_V_SKID_1_skid_over_a_drop_is_a_fall():
    game = _board(extra={"0507": {"level": -1, "paved": True}}, dice={"psr": [2], "fall": [1, 1], "motive": [2]})
    ent = add(game, "s", "striker.toml", "0511")
    move(game, "s", "flank", ["F", "F", "F", "R", "F"])
    fall = events(game, "fall")[0]
    assert fall["levels"] == 1 and fall["damage"] == 4 * 2
    assert label(game, "s") == "0507"
    assert not game.world.component(ent, Status).prone


def test_V_PAVE_1_skid_risk_is_shown_before_committing():
    from systems.vehicles.moves import risks
    game = _board()
    ent = add(game, "s", "striker.toml", "0511")
    assert risks(game, ent, "flank", ["F"] * 5 + ["R", "F"]) == ["skid roll entering 0605: needs 6+"]


def test_V_SKID_3_backward_skid_into_prohibited_terrain_uses_the_rear_column():
    # vehicles.md 5.11: "always the front/rear column": rear when sliding backward.
    from components import Status
    from engine.hexgrid import parse_hex_label as H
    from systems.vehicles import collisions
    from systems.common.movement import start_state
    game = make_game(height=12, forced={"location": [6, 6]}, hexes={"0506": {"terrain": "rough"}})
    ent = add(game, "s", "striker.toml", "0505", facing=0)
    state = start_state(game, ent)
    end, outcome = collisions.slide(game, ent, state, 3, 1, "skid", 4)
    assert outcome == "immobile" and end.hex == H("0506")
    assert {e["location"] for e in events(game, "damage")} == {"rear"}
    assert game.world.component(ent, Status).immobile


def test_V_MOVE_2_a_skidding_ground_vehicle_rolls_on_the_motive_table_at_once():
    game = _board(dice={"psr": [2], "motive": [10]})
    ent = add(game, "s", "striker.toml", "0511")
    move(game, "s", "flank", ["F", "F", "F", "R", "F"])
    assert events(game, "motive")[0]["result"] == "major"
    assert game.world.component(ent, Status).immobile             # applied at the end of the phase


# ----------------------------------------------------------------- a slide never ends in another unit's hex
def test_T8_a_skid_that_ends_in_a_friendly_units_hex_pushes_it_on_along_the_skid():
    # The accidental charge on the friend misses (2), the skid goes on and
    # ends in its hex: as MM's processSkid ("displace targets until it
    # doesn't" violate stacking) the friend moves one hex along the skid.
    game = _board(dice={"psr": [2], "to_hit": [2], "motive": [2]})
    add(game, "s", "striker.toml", "0511")
    add(game, "friend", "locust.toml", "0506")
    move(game, "s", "flank", ["F", "F", "F", "R", "F", "F"])
    assert [e["target"] for e in events(game, "attack")] == ["friend"]
    assert label(game, "s") == "0506" and label(game, "friend") == "0505"
    assert events(game, "displace", unit="friend")[0]["cause"] == "pushed aside by s's slide"


def test_T8_a_skid_pushes_a_unit_to_the_nearest_free_hex_and_stops_short_of_a_wreck():
    from engine.hexgrid import hex_label, neighbors, parse_hex_label
    game = _board(dice={"psr": [2], "to_hit": [2], "motive": [2]})
    add(game, "s", "striker.toml", "0511")
    add(game, "friend", "locust.toml", "0506")
    for i, h in enumerate(neighbors(parse_hex_label("0506"))):
        if hex_label(h) != "0507":
            add(game, f"m{i}", "locust.toml", hex_label(h))
    move(game, "s", "flank", ["F", "F", "F", "R", "F", "F"])
    # The only free hex beside the friend is the one the skid came through.
    assert label(game, "s") == "0506" and label(game, "friend") == "0507"
    game2 = _board(dice={"psr": [2], "motive": [2]})
    add(game2, "s", "striker.toml", "0511")
    wreck = add(game2, "wreck", "locust.toml", "0506")
    game2.world.component(wreck, Status).destroyed = True
    move(game2, "s", "flank", ["F", "F", "F", "R", "F", "F"])
    assert label(game2, "s") == "0507" and label(game2, "wreck") == "0506"


# ----------------------------------------------------------------- a skid over a drop onto a unit
def _skid_down_onto(target: str, dice: dict):
    """The Striker (35 t) skids north from 0508 into 0507, 1 level lower,
    where `target` (blue) stands (V-SKID-1)."""
    game = _board(extra={"0507": {"level": -1, "paved": True}}, dice=dice)
    add(game, "s", "striker.toml", "0511")
    add(game, "t", target, "0507", side="blue")
    move(game, "s", "flank", ["F", "F", "F", "R", "F"])
    return game


def test_V_SKID_1_skid_over_a_drop_onto_a_vehicle_falls_on_it():
    # TW p.152 (the seed: "in this case use the accidental fall from above"): a
    # vehicle below is hit automatically, ceil(35/10) = 4 on its front column, and
    # is displaced along the skid (north, 0506); the Striker falls 1 level into
    # 0507: 4 x (1 + 1) = 8. No accidental charge.
    game = _skid_down_onto("manticore.toml", {"psr": [2], "motive": [2, 2], "fall": [1, 1]})
    (attack,) = events(game, "attack")
    assert (attack["attacker"], attack["target"], attack["attack"], attack["hit"]) == \
        ("s", "t", "accidental fall from above", True)
    assert sum(e["amount"] for e in events(game, "damage") if e["unit"] == "t") == 4
    assert label(game, "t") == "0506" and label(game, "s") == "0507"
    (fall,) = events(game, "fall")
    assert (fall["unit"], fall["levels"], fall["damage"]) == ("s", 1, 8)


def test_V_SKID_1_skid_over_a_drop_onto_a_mech_that_misses_comes_down_beside():
    # A mech below: to-hit 7 (it has not moved); a roll of 6 misses. The Striker
    # comes down in the free hex beside 0507 nearest the skid's line (0506, level 0,
    # the level it fell from): it ends no level lower than it was, so it has not
    # fallen and takes no fall damage (seed 002: "その車輌が何かにぶつかるか、現在の
    # レベルより1レベル以上低いヘクスに移動しない限り、それ以上のダメージは発生しない").
    game = _skid_down_onto("locust.toml", {"psr": [2], "to_hit": [6], "motive": [2], "fall": [1]})
    (attack,) = events(game, "attack")
    assert (attack["target"], attack["to_hit"], attack["hit"]) == ("t", 7, False)
    assert label(game, "t") == "0507" and label(game, "s") == "0506"
    assert not [e for e in events(game, "damage") if e["unit"] == "t"]
    assert not events(game, "fall")
    assert not [e for e in events(game, "damage") if e["unit"] == "s"]


def test_V_SKID_1_V_SKID_3_put_down_beside_in_water_it_cannot_enter_the_skidder_is_destroyed():
    # As above, but the hex beside (0506) is depth-1 water: the Striker, put down
    # there after missing the mech below, is destroyed as a skid into that water.
    game = _board(extra={"0507": {"level": -1, "paved": True}, "0506": {"terrain": "water", "depth": 1}},
                  dice={"psr": [2], "to_hit": [6], "motive": [2], "fall": [1]})
    s = add(game, "s", "striker.toml", "0511")
    add(game, "t", "locust.toml", "0507", side="blue")
    move(game, "s", "flank", ["F", "F", "F", "R", "F"])
    assert label(game, "s") == "0506" and game.world.component(s, Status).destroyed


def test_V_SKID_1_put_down_beside_the_skidder_passes_over_terrain_prohibited_to_it():
    """As above, but the hex beside along the skid (0506) is light woods,
    prohibited to the wheeled Striker (T-7): it is put down in the next hex
    nearest the skid's line that it may enter (MegaMek
    Compute.getValidDisplacement: the direction, then +1, -1, ...;
    isValidDisplacement passes over prohibited terrain), not stuck in the
    woods with ceil(35/5) = 7 damage (V-SKID-3)."""
    game = _board(extra={"0507": {"level": -1, "paved": True}, "0506": {"terrain": "light_woods"}},
                  dice={"psr": [2], "to_hit": [6], "motive": [2], "fall": [1]})
    s = add(game, "s", "striker.toml", "0511")
    add(game, "t", "locust.toml", "0507", side="blue")
    move(game, "s", "flank", ["F", "F", "F", "R", "F"])
    assert label(game, "s") not in ("0506", "0507")
    assert not game.world.component(s, Status).destroyed
    assert not events(game, "terrain_damage") and not events(game, "fall")


def test_V_SKID_1_V_SKID_3_a_skid_over_a_drop_into_prohibited_terrain_falls_and_is_stuck():
    # The Striker (35 t, wheeled) skids 1 level down into rough: its fall, 4 x (1 + 1)
    # = 8, then the prohibited terrain, ceil(35/5) = 7 and immobile for the game.
    game = _board(extra={"0507": {"level": -1, "terrain": "rough"}}, dice={"psr": [2], "fall": [1, 1], "motive": [2]})
    s = add(game, "s", "striker.toml", "0511")
    move(game, "s", "flank", ["F", "F", "F", "R", "F"])
    assert label(game, "s") == "0507"
    assert [(e["levels"], e["damage"]) for e in events(game, "fall")] == [(1, 8)]
    assert events(game, "terrain_damage")[0]["damage"] == 7
    assert game.world.component(s, Status).immobile
