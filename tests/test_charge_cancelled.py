"""A charge or death from above declared with the move (P-CHARGE-3) that can
no longer be made when the physical phase starts (rules/physical.md P-CHARGE-1,
-7; core rules/mech_core.md section 4): its charger or target destroyed in the
weapon phase, the building it charges gone. That is a cancellation, not a
refused order: an `attack_cancelled` event that the combat log, saves,
replays and the computer's duel tally read as one. A charger that fired
(P-CHARGE-2) still has its charge refused."""
from __future__ import annotations

from components import Position, Status, TurnState
from engine import combat_log, saves
from engine.hexgrid import parse_hex_label
from engine.replay import Replay
from systems.classic import buildings
from systems.common import damage
from tests.physical_helpers import (add, events, fire, make_game, move, nb, physical_phase, set_tons,
                                    to_weapon_phase, weapon_phase)


def _charge(forced=None, hexes=None):
    """The seed's charge (P-EX-3): the 65 t Jagermech runs 5 hexes north
    to stand below the Grasshopper in 0404 and charges it."""
    game = make_game(8, 12, forced=forced or {}, hexes=hexes or {})
    add(game, "hopper", "grasshopper", "red", "0404", 3)
    add(game, "jager", "jagermech", "blue", nb("0405", 3, 5), 0)
    to_weapon_phase(game, [move("jager", "run", ["F"] * 5, charge="hopper")], initiative=("blue", "red"))
    assert game.world.component(game.units["jager"], TurnState).charge_target == "hopper"
    return game


# The Grasshopper's large laser and two medium lasers (8 + 5 + 5) hit the
# Jagermech's head (2d6 12): 9 armor, 3 structure, head destroyed, the
# Jagermech with it (section 7).
HEAD_SHOT = {"to_hit": [12] * 3, "location": [12] * 3, "critical": [2] * 4, "consciousness": [12] * 4}
SHOTS = [fire("hopper", w, "jager") for w in ("large_laser", "medium_laser", "medium_laser#2")]


def test_P_CHARGE_3_a_charger_destroyed_by_a_head_shot_in_the_weapon_phase_has_its_charge_cancelled():
    game = _charge(forced=HEAD_SHOT)
    weapon_phase(game, SHOTS)
    jager = game.units["jager"]
    assert game.world.component(jager, Status).destroyed
    mp_before = game.world.component(jager, TurnState).mp_spent
    physical_phase(game)
    (cancelled,) = events(game, "attack_cancelled")
    assert cancelled["unit"] == "jager" and cancelled["attack"] == "charge" and cancelled["target"] == "hopper"
    assert "destroyed before its charge" in cancelled["reason"]
    assert not events(game, "refused")
    assert not events(game, "attack", attack="charge") and not events(game, "displace")
    assert game.world.component(jager, TurnState).mp_spent == mp_before       # P-CHARGE-5: not made, no MP
    line = combat_log.describe(cancelled)
    assert line.startswith("jager: a charge on hopper is cancelled (") and "refused" not in line


def test_the_cancelled_charge_is_saved_checked_and_replayed():
    game = _charge(forced=HEAD_SHOT)
    weapon_phase(game, SHOTS)
    physical_phase(game)
    loaded = saves.loads(saves.dumps(game))
    assert [e["type"] for e in loaded.log.events].count("attack_cancelled") == 1
    replay = Replay.from_game(game)
    assert replay.verify() == []
    assert [e for e in replay.events if e["type"] == "attack_cancelled"] == events(game, "attack_cancelled")


def test_core_section_4_a_death_from_above_on_a_target_destroyed_in_the_weapon_phase_is_cancelled():
    game = make_game(10, 10)
    add(game, "t", "jagermech", "red", "0504", 3, piloting=5)
    add(game, "d", "grasshopper", "blue", "0507", 0, piloting=4)
    set_tons(game, "d", 60)
    to_weapon_phase(game, [move("d", "jump", ["F", "F"], dfa="t")], initiative=("red", "blue"))
    weapon_phase(game, during=lambda g: damage.apply_damage(g, g.units["t"], "head", 20, cause="test"))
    physical_phase(game)
    (cancelled,) = events(game, "attack_cancelled")
    assert (cancelled["unit"], cancelled["attack"], cancelled["target"]) == ("d", "dfa", "t")
    assert cancelled["reason"].endswith("was destroyed before the death from above")
    assert not events(game, "refused") and not events(game, "attack", attack="dfa")
    assert combat_log.describe(cancelled).startswith("d: a death from above on t is cancelled (")


def test_B_PHYS_3_a_charge_on_a_building_that_collapsed_in_the_weapon_phase_is_cancelled():
    # A light building, CF 15, charged from 4 hexes away; 15 points in the
    # weapon phase bring it down (B-COLL-1) before the charge is made.
    game = make_game(10, 10, hexes={"0504": {"terrain": "building", "building": 1, "building_class": "light",
                                             "cf": 15}})
    add(game, "a", "jagermech", "blue", "0509", 0)
    add(game, "x", "commando", "red", "0101", 0)
    assert to_weapon_phase(game, [move("a", "run", ["F"] * 4, charge_hex="0504")],
                           initiative=("red", "blue")) == [None]
    weapon_phase(game, during=lambda g: buildings.damage_building(g, parse_hex_label("0504"), 15, "test"))
    assert not game.map.terrain(parse_hex_label("0504")).building
    physical_phase(game)
    (cancelled,) = events(game, "attack_cancelled")
    assert cancelled["attack"] == "charge" and cancelled["target"] is None and cancelled["target_hex"] == "0504"
    assert "is gone" in cancelled["reason"] and not events(game, "refused")
    assert combat_log.describe(cancelled).startswith("a: a charge on the building in 0504 is cancelled (")


def test_P_CHARGE_2_a_charger_that_fired_has_its_charge_refused_not_cancelled():
    game = _charge()
    weapon_phase(game, during=lambda g: setattr(g.world.component(g.units["jager"], TurnState), "fired", True))
    physical_phase(game)
    (refused,) = events(game, "refused", unit="jager")
    assert "P-CHARGE-2" in refused["reason"] and refused["order"] == {"unit": "jager", "charge": "hopper"}
    assert not events(game, "attack_cancelled")


def test_a_cancelled_charge_leaves_the_charger_where_its_move_ended():
    game = _charge()
    weapon_phase(game, during=lambda g: damage.destroy_unit(g, g.units["hopper"], "test"))
    physical_phase(game)
    assert events(game, "attack_cancelled", unit="jager")
    assert game.world.component(game.units["jager"], Position).hex.label == "0405"
