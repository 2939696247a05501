"""Properties of the rules in every state Hypothesis finds: the damage
events account for every point of armor and structure lost (transfers
included), `check` never changes the game, and the modifiers of every
attack sum to its to-hit, the same from the options call to the declared
order to the attack rolled."""
import json
import random

from hypothesis import HealthCheck, given, settings, strategies as st

from components import Armor, Structure
from engine import random_play as rp
from systems.common import damage
from systems.common.options import attack_options
from tests.helpers import add, make_game

MECH_LOCATIONS = ("head", "center_torso", "left_torso", "right_torso", "left_arm", "right_arm", "left_leg",
                  "right_leg", "center_torso_rear", "left_torso_rear", "right_torso_rear")
VEHICLE_LOCATIONS = ("front", "left", "right", "rear", "turret")
SLOW = settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def rebuilt_from_events(armor: dict, structure: dict, events: list[dict], uid: str) -> tuple[dict, dict]:
    """A unit's armor and structure as its damage and location_destroyed
    events say they became, from what it started with."""
    armor, structure = dict(armor), dict(structure)
    for e in events:
        if e.get("unit") != uid:
            continue
        if e["type"] == "damage":
            loc = e["location"]
            base = loc[:-5] if loc.endswith("_rear") else loc
            armor[loc if loc in armor else base] = e["armor_left"]
            structure[base] = e["structure_left"]
        elif e["type"] == "location_destroyed":
            for key in (e["location"], e["location"] + "_rear"):
                if key in armor:
                    armor[key] = 0
            structure[e["location"]] = 0
    return armor, structure


def points(game, ent) -> tuple[dict, dict]:
    return dict(game.world.component(ent, Armor).points), dict(game.world.component(ent, Structure).points)


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**31 - 1), unit=st.sampled_from(["locust", "grasshopper", "atlas", "manticore", "saladin"]),
       hits=st.lists(st.tuples(st.integers(0, 10), st.integers(1, 40), st.booleans(), st.booleans()),
                     min_size=1, max_size=10))
def test_the_damage_events_account_for_every_point_of_armor_and_structure_lost(seed, unit, hits):
    game = make_game(seed=seed)
    ent = add(game, "u", unit, "red", "0505")
    game.start_turn(["red"])
    game.start_phase("weapon")
    locations = MECH_LOCATIONS if game.kind(ent) == "mech" else VEHICLE_LOCATIONS
    armor, structure = points(game, ent)
    start = len(game.log.events)
    for where, amount, tac, inside in hits:
        damage.apply_damage(game, ent, locations[where % len(locations)], amount, through_armor_critical=tac,
                            structure_only=inside)
    assert rebuilt_from_events(armor, structure, game.log.events[start:], "u") == points(game, ent)
    game.close()


@SLOW
@given(seed=st.integers(0, 2**31 - 1))
def test_in_random_battles_every_units_armor_and_structure_is_what_its_events_say(seed):
    rng = random.Random(seed)
    game = rp.random_game(rng, ruleset="classic")
    first = {uid: points(game, ent) for uid, ent in game.units.items()}
    rp.play_game(game, rng, 3, rp.Stats(), rp.Invariants(check_refusals=False, save_rate=0), replay_check=False)
    for uid, ent in game.units.items():
        assert rebuilt_from_events(*first[uid], game.log.events, uid) == points(game, ent), uid
    game.close()


@SLOW
@given(seed=st.integers(0, 2**31 - 1), ruleset=st.sampled_from(["classic", "alpha-strike"]))
def test_check_never_changes_the_game(seed, ruleset):
    rng = random.Random(seed)
    game = rp.random_game(rng, ruleset=ruleset)
    game.start_turn()
    for phase in game.ruleset.phases:
        game.start_phase(phase)
        for order in rp.random_orders(game, rng, phase):
            before = json.dumps(game.to_dict(), sort_keys=True)
            game.check(order)
            assert json.dumps(game.to_dict(), sort_keys=True) == before, order
            game.submit(order)
        game.end_phase()
    game.close()


@SLOW
@given(seed=st.integers(0, 2**31 - 1), ruleset=st.sampled_from(["classic", "alpha-strike"]))
def test_the_modifiers_sum_to_the_to_hit_from_the_options_to_the_attack_rolled(seed, ruleset):
    rng = random.Random(seed)
    game = rp.random_game(rng, ruleset=ruleset)
    game.start_turn()
    game.start_phase("movement")
    for order in rp.random_orders(game, rng, "movement"):
        game.submit(order)
    game.end_phase()
    attack_phase = game.ruleset.phases[1]
    game.start_phase(attack_phase)
    chosen = {}
    for a in game.unit_ids(active_only=True):
        for t in game.unit_ids(active_only=True):
            for opt in attack_options(game, a, t):
                th = opt.to_hit
                if not opt.possible:
                    continue
                assert th.number == sum(m.value for m in th.modifiers) <= 12
                assert th.modifiers[0].label in ("gunnery", "piloting", "skill")
                if opt.kind == "weapon" and a not in chosen and game.submit(opt.order) is None:
                    declared = game.log.events[-1]
                    assert declared["type"] == "declare" and declared["to_hit"] == th.number
                    chosen[a] = (t, opt.attack, th.number, th.pairs())
    start = len(game.log.events)
    game.end_phase()
    attacks = [e for e in game.log.events[start:] if e["type"] == "attack"]
    for a, (t, weapon, number, pairs) in chosen.items():
        rolled = [e for e in attacks if e["attacker"] == a and e["target"] == t]
        assert rolled and rolled[0]["to_hit"] == number and rolled[0]["modifiers"] == pairs
        assert sum(v for _, v in rolled[0]["modifiers"]) == rolled[0]["to_hit"]
    game.close()
