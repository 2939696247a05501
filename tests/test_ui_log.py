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
    assert combat_log.describe(end) == "a ends its move in 1203 facing 5, 6 hexes"
