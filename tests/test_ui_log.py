"""The combat log the window scrolls: events in words, with unit names."""
from __future__ import annotations

from engine import combat_log


def test_a_punch_reads_as_a_sentence_with_every_modifier():
    e = {"turn": 1, "phase": "physical", "type": "attack", "attacker": "hopper", "target": "jager",
         "attack": "punch", "limb": "right", "to_hit": 8, "roll": 8, "hit": True,
         "modifiers": [["piloting", 5], ["upper arm actuator", 2], ["light woods", 1]]}
    text = combat_log.describe(e, {"hopper": "Grasshopper", "jager": "JagerMech"})
    assert text == ("Grasshopper punches JagerMech (right arm): needs 8 "
                    "[piloting 5, upper arm actuator +2, light woods +1], rolled 8: hit")


def test_a_weapon_shot_names_the_weapon_and_unknown_ids_stay_as_they_are():
    e = {"turn": 2, "phase": "weapon", "type": "attack", "attacker": "a", "target": "b", "attack": "medium_laser",
         "name": "Medium Laser", "to_hit": 9, "roll": 5, "hit": False,
         "modifiers": [["gunnery", 4], ["medium range", 2], ["target moved 4 hexes", 1], ["attacker ran", 2]]}
    assert combat_log.describe(e, {"a": "Atlas"}) == (
        "Atlas fires its Medium Laser at b: needs 9 [gunnery 4, medium range +2, target moved 4 hexes +1, "
        "attacker ran +2], rolled 5: miss")


def test_every_event_type_the_systems_emit_has_words_or_is_folded_away():
    samples = [
        {"type": "declare", "unit": "a", "target": "b", "weapon": "ppc", "to_hit": 7},
        {"type": "cluster", "attacker": "a", "target": "b", "weapon": "lrm_10", "roll": 7, "missiles": 6, "rack": 10},
        {"type": "pilot_damage", "unit": "a", "amount": 1, "total": 2, "reason": "fall"},
        {"type": "motive_damage", "unit": "a", "result": "heavy", "cruise": 3, "flank": 5, "driving_modifier": 3},
        {"type": "weapon_destroyed", "unit": "a", "location": "front", "weapon": "ac_5", "chosen_by": "defender"},
    ]
    for s in samples:
        s.update(turn=1, phase="weapon")
        text = combat_log.describe(s)
        assert text and "=" not in text, text          # a sentence, not the key=value fallback
    # A skid or sideslip moved the unit off the hex its move line names: say where it ended.
    end = {"turn": 1, "phase": "movement", "type": "move_end", "unit": "a", "at": "1203", "facing": 5,
           "altitude": 0, "hexes_moved": 6}
    assert combat_log.describe(end) == "a ends its move in 1203 facing NW, 6 hexes"


def ev(type_: str, **fields):
    return {"turn": 1, "phase": "movement", "type": type_, **fields}


def test_display_names_compass_facings_and_counted_nouns():
    d = combat_log.describe
    assert d(ev("declare", unit="a", target="b", weapon="medium_laser#2", to_hit=7)) == \
        "a declares Medium Laser at b, needs 7"
    assert d(ev("cluster", attacker="a", target="b", weapon="srm_2", roll=10, missiles=2, rack=2)) == \
        "a: SRM 2 cluster roll 10, 2 of 2 missiles hit"
    assert d(ev("weapon_jammed", unit="a", weapon="ac_20", location="turret")) == "a: AC/20 in turret jams"
    assert d(ev("turret", unit="a", facing=5)) == "a turns its turret to face NW"
    assert d(ev("move", unit="a", mode="walk", **{"from": "0101"}, to="0102", facing=3, mp_spent=1,
                hexes_moved=1, path=["F"])) == "a walks 0101 -> 0102 facing S, 1 MP, 1 hex"
    assert d(ev("move", unit="a", mode="flank", **{"from": "0101"}, to="0103", facing=0, mp_spent=2,
                hexes_moved=2, path=["F", "F"])) == "a moves at flank speed 0101 -> 0103 facing N, 2 MP, 2 hexes"
    assert d(ev("fall", unit="a", levels=1, damage=6, facing=4)) == "a falls 1 level, 6 damage, now facing SW"
    assert d(ev("fall", unit="a", levels=0, damage=2, facing=2)) == "a falls, 2 damage, now facing SE"
    assert d(ev("pilot_damage", unit="a", amount=1, total=1, reason="fall")) == \
        "a's pilot takes 1 hit (fall), 1 in all"
    assert d(ev("critical", unit="a", location="right_arm", effect="weapon", weapon="medium_laser", slot=2)) == \
        "a: critical hit in right arm: Medium Laser destroyed"
    assert d(ev("critical", unit="a", location="left_torso", effect="ammo", ammo="ac_20", shots=5, slot=1)) == \
        "a: critical hit in left torso: AC/20 ammo (5 shots)"
    assert d(ev("critical", unit="a", location="right_leg", effect="right_lower_leg", slot=3)) == \
        "a: critical hit in right leg: right lower leg actuator"
    assert d(ev("critical", unit="t", location="left", effect="engine_hit", roll=9)) == \
        "t: critical hit in left side: engine hit"
    assert d(ev("explosion", unit="a", location="right_torso", item="lrm_5 ammo", amount=120)) == \
        "a: LRM 5 ammo explodes in right torso, 120 damage"


def test_standing_still_and_turning_in_place_read_as_such():
    d = combat_log.describe
    stay = ev("move", unit="Atlas", mode="walk", **{"from": "1305"}, to="1305", facing=4, mp_spent=0,
              hexes_moved=0, path=[])
    assert d(stay) == "Atlas stays in 1305"
    assert d(stay, None, "alpha-strike") == "Atlas stays in 1305"
    turn = dict(stay, path=["L", "L"], mp_spent=2)
    assert d(turn) == "Atlas turns in 1305 to face SW, 2 MP"
    land = ev("move", unit="heli", mode="cruise", **{"from": "0206"}, to="0206", facing=2, mp_spent=3,
              hexes_moved=0, path=["D", "land"], altitude=0)
    assert d(land) == "heli descends and lands in 0206 facing SE, altitude 0, 3 MP"


def test_heat_that_did_not_change_is_not_a_line_nor_its_phase_heading():
    events = [dict(ev("heat", unit="atlas", **{"from": 0}, to=0), phase="heat"),
              dict(ev("heat", unit="hopper", **{"from": 3}, to=1), phase="heat"),
              {"turn": 2, "phase": "heat", "type": "heat", "unit": "atlas", "from": 0, "to": 0}]
    assert combat_log.lines(events) == ["-- turn 1, heat phase --", "  hopper heat 3 -> 1"]


def test_initiative_names_its_dice_and_the_re_roll_of_a_tie():
    def roll(side, total):
        return {"turn": 1, "phase": "initiative", "type": "roll", "purpose": "initiative", "dice": [1, total - 1],
                "total": total, "forced": False, "for": f"initiative {side}"}
    init = {"turn": 1, "phase": "initiative", "type": "initiative", "order": ["red", "blue"], "forced": False}
    assert combat_log.lines([roll("blue", 5), roll("red", 9), init])[1] == \
        "  Initiative: blue 5, red 9: red wins, blue acts first"
    tie = [roll("blue", 7), roll("red", 7), roll("blue", 4), roll("red", 8), init]
    assert combat_log.lines(tie)[1] == "  Initiative: blue 7, red 7; re-rolled: blue 4, red 8: red wins, blue acts first"
    assert combat_log.describe(dict(init, forced=True)) == "Initiative (set): red > blue"


def test_T_5_motive_roll_line_shows_the_hover_modifier():
    e = ev("motive", unit="Condor", roll=7, modifiers=[["attack direction left", 2], ["hover motive", 3]],
           total=12, result="major", reason="hit location")
    assert combat_log.describe(e) == \
        "Condor motive system roll: rolled 7, attack direction left +2, hover motive +3 = 12: major"


def test_alpha_strike_declarations_damage_and_criticals():
    d = combat_log.describe
    assert d(ev("declare", unit="Loki", target="Firestarter", attack="standard", to_hit=5)) == \
        "Loki declares a physical attack on Firestarter, needs 5"
    assert d(ev("declare", unit="Loki", target="Firestarter", attack="melee", to_hit=6)) == \
        "Loki declares a melee attack on Firestarter, needs 6"
    assert d(ev("declare", unit="Loki", target="Tank", attack="weapon", overheat=2, to_hit=7)) == \
        "Loki declares a weapon attack (overheat 2) on Tank, needs 7"
    crit = ev("critical", unit="Tank", location="unit", effect="crew_stunned", roll=3,
              result="no move or attack next turn")
    assert d(crit) == "Tank: critical hit (crew stunned): no move or attack next turn"
    assert d(ev("damage", unit="Tank", location="unit", amount=3, armor_left=0, structure_left=2)) == \
        "Tank takes 3 damage (armor 0, structure 2)"


def test_every_documented_event_reads_as_a_sentence_in_display_names():
    """Every example event of docs/events.md: a sentence (not the key=value
    fallback) with no internal names (snake_case weapons, locations, effects)."""
    import re
    from tests.test_docs import examples
    for _files, e in examples():
        names = {e[f]: "Unit" for f in ("unit", "attacker", "target") if isinstance(e.get(f), str)}
        text = combat_log.describe(e, names)
        if text is None:
            assert e["type"] in ("roll", "heat"), e
            continue
        assert not re.search(r"\w=\S", text) and not re.search(r"[a-z]_[a-z0-9]", text), text
