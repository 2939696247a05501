"""Mech movement: MP by mode, terrain and level costs, legality, reachable
states (rules/mech_core.md section 2)."""
import pytest

from engine.hexgrid import parse_hex_label
from engine.hexmap import Terrain
from engine.orders import MoveOrder
from systems.classic import mech_movement
from systems.common import movement
from tests.helpers import add, make_game


def moved(game, uid, mode, path):
    game.start_turn(["red", "blue"])
    game.start_phase("movement")
    reason = game.submit(MoveOrder(uid, {"unit": uid}, mode=mode, path=path))
    return reason, game.log.of_type("move")


def test_run_mp_is_ceil_one_and_a_half_walk():
    game = make_game()
    ent = add(game, "g", "grasshopper", "red", "0505")
    rules = movement.motion_rules(game, ent)
    assert rules.mp(game, ent, "walk") == 4
    assert rules.mp(game, ent, "run") == 6
    assert rules.mp(game, ent, "jump") == 4


@pytest.mark.parametrize("terrain,cost", [
    (Terrain("clear"), 1), (Terrain("rough"), 2), (Terrain("rubble"), 2),
    (Terrain("light_woods"), 2), (Terrain("heavy_woods"), 3),
    (Terrain("water", depth=0), 1), (Terrain("water", depth=1), 2), (Terrain("water", depth=2), 4),
])
def test_hex_entry_costs(terrain, cost):
    game = make_game(hexes={"0504": terrain})
    add(game, "g", "grasshopper", "red", "0505")
    reason, moves = moved(game, "g", "walk", ["F"])
    assert reason is None
    assert moves[-1]["mp_spent"] == cost


def test_level_change_costs_one_per_level_and_max_two():
    game = make_game(hexes={"0504": {"level": 2}, "0503": {"level": 5}})
    add(game, "g", "grasshopper", "red", "0505")
    reason, moves = moved(game, "g", "walk", ["F"])
    assert reason is None and moves[-1]["mp_spent"] == 3
    game2 = make_game(hexes={"0504": {"level": 3}})
    add(game2, "g", "grasshopper", "red", "0505")
    reason, _ = moved(game2, "g", "run", ["F"])
    assert "at most 2 levels" in reason


def test_facing_change_costs_one_mp_and_counts_no_hex():
    game = make_game()
    add(game, "g", "grasshopper", "red", "0505")
    reason, moves = moved(game, "g", "walk", ["R", "F", "L"])
    assert reason is None
    assert moves[-1]["mp_spent"] == 3 and moves[-1]["hexes_moved"] == 1 and moves[-1]["facing"] == 0
    assert moves[-1]["to"] == "0604"


def test_not_enough_mp_is_refused_with_reason_and_no_change():
    game = make_game()
    add(game, "g", "grasshopper", "red", "0508")
    reason, moves = moved(game, "g", "walk", ["F"] * 5)
    assert "not enough MP" in reason
    assert not moves
    assert game.log.of_type("refused")[0]["unit"] == "g"
    assert game.snapshot("g")["at"] == "0508"


def test_running_backward_is_refused():
    game = make_game()
    add(game, "g", "grasshopper", "red", "0505")
    reason, _ = moved(game, "g", "run", ["B"])
    assert "backward" in reason


def test_cannot_enter_enemy_hex_but_may_pass_friends():
    game = make_game()
    add(game, "g", "grasshopper", "red", "0505")
    add(game, "f", "jagermech", "red", "0504")
    add(game, "e", "jagermech", "blue", "0502")
    game.start_turn(["red", "blue"])
    game.start_phase("movement")
    assert game.check(MoveOrder("g", mode="walk", path=["F", "F"])) is None
    assert "enemy" in game.check(MoveOrder("g", mode="walk", path=["F", "F", "F"]))
    assert "friendly" in game.check(MoveOrder("g", mode="walk", path=["F"]))


def test_prone_mech_must_stand_first_and_standing_costs_two():
    game = make_game()
    add(game, "g", "grasshopper", "red", "0505", prone=True)
    game.start_turn(["red", "blue"])
    game.start_phase("movement")
    assert "stand" in game.check(MoveOrder("g", mode="walk", path=["F"]))
    result = movement.plan(game, game.units["g"], "walk", ["stand", "F"])
    assert result.error is None and result.final.mp == 3
    assert [p.reason for p in result.psrs] == ["standing up"]


def test_jump_ignores_terrain_and_turns_are_free():
    game = make_game(hexes={"0504": {"terrain": "heavy_woods"}, "0503": {"terrain": "heavy_woods"}})
    add(game, "g", "grasshopper", "red", "0505")
    reason, moves = moved(game, "g", "jump", ["F", "F", "R", "F"])
    assert reason is None and moves[-1]["mp_spent"] == 3


def test_leg_actuator_damage_and_heat_reduce_walk():
    game = make_game()
    ent = add(game, "g", "grasshopper", "red", "0505", damaged=["left_foot"], heat=10)
    assert mech_movement.mech_walk_mp(game, ent) == 4 - 1 - 2
    game2 = make_game()
    ent2 = add(game2, "g", "grasshopper", "red", "0505", damaged=["left_hip"])
    assert mech_movement.mech_walk_mp(game2, ent2) == 2


def test_entering_water_and_rubble_ask_for_psrs():
    game = make_game(hexes={"0504": {"terrain": "rubble"}, "0503": {"terrain": "water", "depth": 1}})
    ent = add(game, "g", "grasshopper", "red", "0505")
    result = movement.plan(game, ent, "run", ["F", "F"])
    assert [(p.reason, p.modifier) for p in result.psrs] == [("entering rubble", 0), ("entering depth 1 water", -1)]


def test_reachable_matches_plan_costs():
    game = make_game(hexes={"0504": {"terrain": "light_woods"}})
    ent = add(game, "g", "grasshopper", "red", "0505")
    reach = movement.reachable(game, ent, "walk")
    for (h, facing, alt), r in reach.items():
        res = movement.plan(game, ent, "walk", list(r.path))
        assert res.error is None and res.final.mp == r.mp and res.final.hex == h
    assert reach[(parse_hex_label("0504"), 0, 0)].mp == 2
    assert all(r.mp <= 4 for r in reach.values())


def test_search_sees_the_units_it_started_with_and_units_at_is_live_again_after():
    game = make_game()
    g = add(game, "g", "grasshopper", "red", "0505")
    e = add(game, "e", "jagermech", "blue", "0503")
    with game.positions_fixed():
        assert game.units_at(parse_hex_label("0503")) == [e]
        with game.positions_fixed():                       # nested: the outer index stays
            assert game.units_at(parse_hex_label("0505")) == [g]
        reach = movement.reachable(game, g, "walk")
    assert all(h != parse_hex_label("0503") for h, _f, _a in reach)    # the enemy's hex stays closed
    from components import Position
    game.world.component(e, Position).hex = parse_hex_label("0808")
    assert game.units_at(parse_hex_label("0808")) == [e] and game.units_at(parse_hex_label("0503")) == []


def test_move_state_replace_matches_dataclasses_replace():
    import dataclasses
    s = movement.MoveState(parse_hex_label("0505"), 2, mp=3, tags=frozenset({"x"}))
    changed = s.replace(facing=4, mp=5, turned=True)
    assert changed == dataclasses.replace(s, facing=4, mp=5, turned=True)
    assert hash(changed) == hash(dataclasses.replace(s, facing=4, mp=5, turned=True))
    assert s.facing == 2 and s.mp == 3          # the original is unchanged


def test_reachable_skips_backward_tries_only_where_they_are_refused():
    # Running mechs and vehicles at flank never back up (core section 2, V-MOVE-6):
    # the search leaves out "B" there, with the same result as trying it.
    game = make_game(hexes={"0504": {"terrain": "light_woods"}, "0606": {"level": 1}})
    ent = add(game, "g", "grasshopper", "red", "0505")
    hover = add(game, "h", "saladin", "red", "0308")
    for unit, mode in ((ent, "run"), (hover, "flank"), (ent, "walk")):
        rules = movement.motion_rules(game, unit)
        full = movement.search(game, unit, rules, mode, movement.start_state(game, unit),
                               rules.mp(game, unit, mode), ("F", "B", "L", "R"))
        assert {k: r.mp for k, r in movement.reachable(game, unit, mode).items()} == \
            {k: r.mp for k, r in full.items()}


def test_mech_core_13_cannot_move_reason_shut_down_immobile_unconscious():
    """A shut-down mech (heat, core section 13) or one whose MechWarrior is
    unconscious makes no move, not even staying put; an immobile one may
    only stay. The movement check refuses with the same sentence."""
    from components import Crew, Status
    game = make_game()
    ent = add(game, "hopper", "grasshopper", "red", "0505")
    assert movement.cannot_move_reason(game, ent) is None
    st = game.world.component(ent, Status)
    st.immobile = True
    assert movement.cannot_move_reason(game, ent) == "Grasshopper GHR-5H is immobile"
    assert movement.cannot_move_reason(game, ent, staying=True) is None
    st.shutdown = True
    reason = movement.cannot_move_reason(game, ent, staying=True)
    assert reason == "Grasshopper GHR-5H is shut down and cannot move"
    game.start_turn(["red"])
    game.start_phase("movement")
    assert game.check(MoveOrder("hopper", {}, mode="walk", path=[])) == reason
    st.shutdown = st.immobile = False
    game.world.component(ent, Crew).unconscious = True
    assert movement.cannot_move_reason(game, ent) == "Grasshopper GHR-5H's pilot is unconscious"


def _every_path(game, ent, mode, tokens, depth):
    """(state key) -> [(MP, rolls, roll modifiers)] of every legal path up to `depth` steps."""
    out = {}
    for n in range(depth + 1):
        for path in __import__("itertools").product(tokens, repeat=n):
            res = movement.plan(game, ent, mode, list(path))
            if res.error is None:
                f = res.final
                out.setdefault((f.hex, f.facing, f.altitude), []).append(
                    (f.mp, len(res.psrs), sum(p.modifier for p in res.psrs)))
    return out


@pytest.mark.parametrize("rubble,rough,safe", [("0504", "0604", ("R", "F", "L", "F")),
                                               ("0604", "0504", ("F", "R", "F", "L"))])
def test_reachable_prefers_the_fewest_and_easiest_rolls_among_paths_of_equal_mp(rubble, rough, safe):
    # Rubble (2 MP and a piloting roll) beside rough ground (2 MP, no roll):
    # the search's path to each state is the cheapest, and of the cheapest
    # the one with the fewest, then easiest, rolls (core sections 2 and 9).
    # 0505 -> 0603 facing north: F R F L crosses 0504, R F L F crosses 0604.
    game = make_game(hexes={rubble: Terrain("rubble"), rough: Terrain("rough"), "0404": Terrain("rubble"),
                            "0603": Terrain("water", depth=1)})
    ent = add(game, "g", "grasshopper", "red", "0505")
    every = _every_path(game, ent, "run", ("F", "L", "R"), 5)
    reach = movement.reachable(game, ent, "run")
    mattered = 0
    assert reach[(parse_hex_label("0603"), 0, 0)].path == safe
    for key, ways in every.items():
        r = reach[key]
        cheapest = min(w[0] for w in ways)
        if len(r.path) > 5:
            continue            # beyond the paths enumerated
        best = min(w for w in ways if w[0] == cheapest)
        assert (r.mp, r.rolls, r.roll_mods) == best, key
        res = movement.plan(game, ent, "run", list(r.path))
        assert (res.final.mp, len(res.psrs)) == (r.mp, r.rolls)
        mattered += any(w[0] == cheapest and w[1] > best[1] for w in ways)
    assert mattered          # some state had a riskier path of the same MP


def test_reachable_by_rolls_finds_a_safe_way_the_cheapest_does_not_take():
    game = make_game(hexes={"0504": Terrain("rubble")})
    ent = add(game, "g", "grasshopper", "red", "0505")
    hex_ = parse_hex_label("0503")
    cheapest = min((r.mp, r.rolls) for k, r in movement.reachable(game, ent, "run").items() if k[0] == hex_)
    safe = min((r.rolls, r.mp, r.path) for k, r in movement.reachable(game, ent, "run", prefer="rolls").items()
               if k[0] == hex_)
    assert cheapest == (3, 1)                   # straight through the rubble
    assert safe[0] == 0 and safe[1] > 3         # around it: more MP, no roll
    res = movement.plan(game, ent, "run", list(safe[2]))
    assert res.error is None and not res.psrs and res.final.hex == hex_
