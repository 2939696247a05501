"""Who picks the weapon a "weapon destroyed" critical hit takes (rules/vehicles.md
V-CE-14; seed 002): 1-3 the owner, 4-6 the attacker. A game that puts a
side's choices to it stops at the pick (ChoiceNeeded), takes the answer as a
pick order and makes the same hit again with it; without one, the fixed
picks stand (tests/test_vehicle_criticals.py)."""
from __future__ import annotations

import pytest

from components import Armor, Weapons
from engine import undo
from engine.orders import ChoiceNeeded, PickOrder
from engine.replay import Replay
from systems.vehicles import criticals, weapon_loss
from tests.helpers import make_game
from tests.physical_helpers import fire, to_weapon_phase
from tests.vehicle_fixtures import add, events

TURRET = ["lrm_10", "srm_6", "ppc"]          # the Manticore's turret, unit-file order


def pick(uid: str, weapon: str, chooser: str = "owner", location: str = "turret") -> PickOrder:
    raw = {"unit": uid, "location": location, "weapon": weapon, "chooser": chooser}
    return PickOrder(uid, raw, location=location, weapon=weapon, chooser=chooser)


def _critical(game, ent, slot: int):
    game.dice.force("slot", slot)
    game.dice.force("critical", 10)            # T-3 turret column 10: weapon destroyed
    return criticals.roll_critical(game, ent, "turret")


def _tank_game(slot_rolls=()):
    game = make_game(height=12, forced={"slot": list(slot_rolls)})
    ent = add(game, "mant", "manticore.toml", "0505", side="blue")
    add(game, "jager", "jagermech.toml", "0502", 3, side="red")
    return game, ent


def test_V_CE_14_on_1_to_3_a_side_asked_for_its_choices_is_asked_which_weapon_it_loses():
    game, ent = _tank_game()
    game.choosers = {"blue"}
    with pytest.raises(ChoiceNeeded) as need:
        _critical(game, ent, 2)
    assert (need.value.unit, need.value.location, need.value.chooser, need.value.side) == \
        ("mant", "turret", "owner", "blue")
    assert need.value.options == TURRET
    assert not any(m.destroyed for m in game.world.component(ent, Weapons).mounts)


def test_V_CE_14_on_4_to_6_the_attacker_picks_and_an_attacker_not_asked_keeps_the_fixed_pick():
    game, ent = _tank_game()
    game.choosers = {"blue"}                  # only the owner's side is asked
    _critical(game, ent, 5)
    assert [e["weapon"] for e in events(game, "weapon_destroyed")] == ["srm_6"]     # the most damaging
    game.choosers = {"red"}
    with pytest.raises(ChoiceNeeded) as need:
        _critical(game, ent, 6)
    assert (need.value.chooser, need.value.side, need.value.options) == ("attacker", "red", ["lrm_10", "ppc"])


def test_V_CE_14_the_owner_s_pick_order_is_logged_and_used_by_the_next_hit_there():
    game, ent = _tank_game()
    game.choosers = {"blue"}
    to_weapon_phase(game)
    assert game.check(pick("mant", "srm_6")) is None
    assert game.submit(pick("mant", "srm_6")) is None
    (ev,) = events(game, "weapon_pick")
    assert (ev["unit"], ev["location"], ev["weapon"], ev["chooser"]) == ("mant", "turret", "srm_6", "owner")
    _critical(game, ent, 1)
    assert [(e["weapon"], e["chosen_by"]) for e in events(game, "weapon_destroyed")] == [("srm_6", "defender")]
    assert game.turn_record.weapon_picks == []          # used up: the next hit asks again
    with pytest.raises(ChoiceNeeded) as need:
        _critical(game, ent, 3)
    assert need.value.options == ["lrm_10", "ppc"]


def test_V_CE_14_a_pick_order_is_refused_for_no_such_weapon_a_mech_or_a_wrong_chooser():
    game, _ent = _tank_game()
    to_weapon_phase(game)
    assert "no working weapon 'srm_6' in front" in game.check(pick("mant", "srm_6", location="front"))
    assert "not a vehicle" in game.check(pick("jager", "ac_5", location="right_arm"))
    assert "owner or attacker" in game.check(pick("mant", "srm_6", chooser="gunner"))


def test_V_CE_14_a_choice_stops_the_weapon_phase_which_is_made_again_with_the_pick_and_replays_the_same():
    game, ent = _tank_game()
    game.world.component(ent, Armor).points["turret"] = 0         # the hit reaches the structure (V-CRIT-2)
    game.choosers = {"blue"}
    to_weapon_phase(game)
    game.dice.force("to_hit", 12)
    game.dice.force("location", 10)               # T-1 front 10: turret
    game.dice.force("critical", 10)
    game.dice.force("slot", 2)                    # the owner picks
    game.start_phase("weapon")
    game.submit(fire("jager", "ac_5", "mant"))
    before = undo.checkpoint(game)
    with pytest.raises(ChoiceNeeded) as need:
        game.end_phase()
    undo.rollback(game, before)
    assert need.value.side == "blue" and "ppc" in need.value.options
    assert game.submit(pick("mant", "ppc")) is None
    game.end_phase()
    lost = [m.type for m in game.world.component(ent, Weapons).mounts if m.destroyed]
    assert lost == ["ppc"]
    assert [e["type"] for e in game.log.events].count("weapon_pick") == 1
    replay = Replay(game.to_dict())
    assert replay.verify() == []


def test_V_CE_14_a_headless_game_keeps_the_fixed_pick_and_names_every_weapon_by_order_name():
    game, ent = _tank_game()
    assert game.choosers == set()
    assert weapon_loss.fixed_pick(game, ent, "turret", "owner") == "ppc"       # least damaging: 10, last mounted
    assert weapon_loss.fixed_pick(game, ent, "turret", "attacker") == "srm_6"
    assert list(weapon_loss.named_mounts(game, ent, "turret")) == TURRET


def test_V_CE_14_a_save_holds_a_pick_not_used_yet_and_refuses_a_bad_one():
    import json
    from engine import saves
    from engine.errors import DataError
    from engine.game import Game
    game, _ent = _tank_game()
    to_weapon_phase(game)
    game.start_phase("weapon")
    game.submit(pick("mant", "srm_6"))
    env = saves.envelope(game.to_dict(), {})
    again = Game.from_dict(saves.parse(json.dumps(env)).data["game"])
    assert [(p.unit, p.weapon, p.chooser) for p in again.turn_record.weapon_picks] == [("mant", "srm_6", "owner")]
    env["game"]["phase_data"]["weapon_picks"][0]["weapon"] = 5
    with pytest.raises(DataError, match="weapon_picks.0..weapon: expected a string"):
        saves.parse(json.dumps(env))
