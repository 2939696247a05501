"""The turn record (components/turn_record.py, engine/turn_record.py): what
the rules remember within a turn is typed data, saved as the `phase_data`
saves have always carried. Saves written in the middle of a turn by the
engine before the record was typed (tests/saves_v1/: a charge declared with
shots, a turret turned and a jam standing; a charge re-checked with punches
and a kick declared; Alpha Strike attacks with overheat; deployment under
way) load and play on exactly as they did."""
import json
import re
from pathlib import Path

import pytest

from components import ChargeDeclaration, DeploymentState, Jam, PhysicalDeclaration, ShotDeclaration
from engine import deployment, saves
from engine.hexgrid import parse_hex_label
from tests.helpers import add, make_game

OLD = Path(__file__).resolve().parent / "saves_v1"
PHASES = {"classic_weapon_phase": ["weapon", "physical", "heat", "end"],
          "classic_physical_phase": ["physical", "heat", "end"],
          "alpha_strike_combat_phase": ["combat", "end"]}


def same_wording(events):
    """The one change since: the 20+ damage PSR says how much damage in every
    phase ("took 26 damage this phase"), not "20 or more" outside the weapon
    phase."""
    return json.loads(re.sub(r"took (\d+|20 or more) damage this phase", "took 20+ damage this phase",
                             json.dumps(events)))


def load(name):
    data = json.loads((OLD / f"{name}.json").read_text())
    return data, saves.loads(json.dumps(data["save"]), name)


@pytest.mark.parametrize("name", sorted(PHASES))
def test_a_save_made_mid_turn_before_the_record_was_typed_plays_on_the_same(name):
    data, game = load(name)
    start = len(game.log.events)
    for i, phase in enumerate(PHASES[name]):
        if i:
            game.start_phase(phase)
        game.end_phase()
    assert same_wording(game.log.events[start:]) == same_wording(data["after"])
    assert game.snapshots() == data["snapshots"]
    game.close()


def test_the_old_saves_load_into_typed_records():
    _, game = load("classic_weapon_phase")
    rec = game.turn_record
    assert [type(c) for c in rec.charges] == [ChargeDeclaration] and rec.charges[0].target == "hopper"
    assert [type(s) for s in rec.weapon_attacks] == [ShotDeclaration, ShotDeclaration]
    assert rec.jams_at_start == [Jam("tank", 1)] and rec.turret_turned == ["tank"]
    _, game = load("classic_physical_phase")
    assert [p.attack for p in game.turn_record.physical] == ["punch", "kick"]
    assert isinstance(game.turn_record.physical[0], PhysicalDeclaration)
    assert game.turn_record.charges[0].origin == [3, 4] and game.turn_record.charges[0].miss_to == "left"
    _, game = load("alpha_strike_combat_phase")
    assert game.turn_record.alpha_strike.overheat == {"a": 2}
    assert [d.attacker for d in game.turn_record.alpha_strike.declared] == ["a", "b"]


def test_deployment_saved_half_way_goes_on():
    data, game = load("deployment")
    assert isinstance(game.turn_record.deployment, DeploymentState) and deployment.current_side(game) == "blue"
    assert deployment.place(game, "jager", parse_hex_label("0410"), 1) is None
    deployment.confirm(game, "blue")
    assert not deployment.active(game) and game.snapshots() == data["snapshots"]


@pytest.mark.parametrize("name", sorted(PHASES) + ["deployment"])
def test_the_record_saves_as_the_phase_data_it_was_read_from(name):
    data, game = load(name)
    old = {k: v for k, v in data["save"]["game"]["phase_data"].items() if v}
    assert game.to_dict()["phase_data"] == old


def test_the_phase_data_view_holds_the_record_alone():
    game = make_game()
    add(game, "a", "grasshopper", "red", "0505")
    with pytest.raises(ValueError, match="not part of the turn record"):
        game.phase_data["hotseat"] = {"flow": {"acted": ["a"]}}
    assert "hotseat" not in game.phase_data and "physical" not in game.phase_data
    game.turn_record.charges.append(ChargeDeclaration("a", "charge", "b"))
    assert game.phase_data["charges"] == [{"unit": "a", "attack": "charge", "target": "b"}]
    copy = type(game).from_dict(game.to_dict())
    assert copy.turn_record == game.turn_record
    copy.close()


def test_format_1_saves_lose_the_unused_start_hex_on_the_way_in():
    """Save format 2 drops TurnState.start_hex (nothing read it); the
    migration from format 1 takes it out of the units and the replay setup."""
    save = json.loads((OLD / "classic_weapon_phase.json").read_text())["save"]
    def start_hexes(s):
        states = [s["game"], s["game"]["record"]["setup"]]
        return [u["components"]["TurnState"].get("start_hex") for st in states for u in st["units"]]
    assert save["version"] == 1 and any(start_hexes(save))
    migrated = saves.migrate(save)
    assert migrated["version"] == saves.VERSION and not any(start_hexes(migrated))
