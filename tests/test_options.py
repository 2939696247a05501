"""The options call (systems/common/options.py): every attack a unit has
against a target, each with its to-hit or the sentence its order would be
refused with, for weapons, physical attacks, charges and deaths from above,
and Alpha Strike attacks; nothing changes, and the line of sight of a pair
is worked out once."""
import dataclasses
import json

import pytest

from components import Equipment, Position, Weapons
from engine.hexgrid import parse_hex_label
from systems.alpha_strike import combat as as_combat
from systems.classic import weapon_attacks as wa
from systems.classic.weapon_names import find_weapon, weapon_names
from systems.common import line_of_sight
from systems.common.options import attack_options, declaration_options, unit_actions
from tests.alpha_strike_helpers import add_card
from tests.helpers import add, make_game, pairs
from tests.physical_helpers import nb, to_weapon_phase, two_mechs


def weapon_game():
    game = make_game(16, 16)
    add(game, "a", "jagermech", "red", "0808", 0)
    add(game, "t", "grasshopper", "blue", "0804", 3)
    add(game, "v", "saladin", "red", "0310", 0)
    to_weapon_phase(game, initiative=("blue", "red"))
    game.start_phase("weapon")
    return game


def test_one_weapon_option_per_mount_named_as_orders_name_it():
    game = weapon_game()
    opts = [o for o in attack_options(game, "a", "t") if o.kind == "weapon"]
    assert [o.attack for o in opts] == ["medium_laser", "medium_laser#2", "ac_2", "ac_2#2", "ac_5", "ac_5#2"]
    assert [o.mount for o in opts] == [0, 1, 2, 3, 4, 5]
    for o in opts:
        assert o.reason == game.check(o.order)
        assert pairs(o.to_hit.modifiers) == pairs(wa.preview(game, "a", "t", o.attack).modifiers)
        assert o.possible and o.to_hit.number == sum(m.value for m in o.to_hit.modifiers)


def test_weapon_names_are_built_and_read_by_one_rule():
    types = ["ac_5", "medium_laser", "ac_5", "ac_5"]
    assert weapon_names(types) == ["ac_5", "medium_laser", "ac_5#2", "ac_5#3"]
    assert [find_weapon(types, n, "X").index for n in weapon_names(types)] == [0, 1, 2, 3]
    assert find_weapon(types, "ac_5#1", "X").index == 0
    assert find_weapon(types, "ac_5#4", "X").reason == "X has 3 ac 5(s), not a #4"


def test_the_line_of_sight_of_a_pair_is_worked_out_once(monkeypatch):
    game = weapon_game()
    calls = []
    real = line_of_sight.line_of_sight
    monkeypatch.setattr(line_of_sight, "line_of_sight", lambda g, a, t: calls.append((a, t)) or real(g, a, t))
    assert len([o for o in attack_options(game, "a", "t") if o.kind == "weapon" and o.possible]) == 6
    assert len(calls) == 1
    calls.clear()
    for name in ("ac_5", "ac_5#2", "medium_laser"):
        game.check(wa_fire("a", name, "t"))
    assert len(calls) == 3                            # one order, one line of sight


def wa_fire(uid, weapon, target):
    from engine.orders import FireOrder
    return FireOrder(uid, {"unit": uid, "weapon": weapon, "target": target}, weapon=weapon, target=target)


def test_a_torso_twist_not_yet_made_is_judged_with_the_options():
    game = make_game(16, 16)
    add(game, "a", "jagermech", "red", "0808", 0)
    add(game, "t", "grasshopper", "blue", nb("0808", 2, 3), 3)      # in the right side arc
    to_weapon_phase(game, initiative=("blue", "red"))
    game.start_phase("weapon")
    ahead = {o.attack: o for o in attack_options(game, "a", "t") if o.kind == "weapon"}
    twisted = {o.attack: o for o in attack_options(game, "a", "t", torso_twist="right") if o.kind == "weapon"}
    assert not ahead["medium_laser"].possible and "forward arc" in ahead["medium_laser"].reason
    assert twisted["medium_laser"].possible and twisted["medium_laser"].order.torso_twist == "right"
    assert game.check(twisted["medium_laser"].order) is None


def test_a_vehicle_has_weapons_but_no_physical_attack_and_no_club():
    game = weapon_game()
    opts = attack_options(game, "v", "t")
    assert {o.kind for o in opts} == {"weapon"} and len(opts) == len(game.get("v", Weapons).mounts)
    assert unit_actions(game, "v") == []


def test_physical_options_in_the_physical_phase_are_what_the_orders_get():
    game = two_mechs()
    game.world.component(game.units["a"], Equipment).hatchet = "left_arm"
    to_weapon_phase(game)
    game.start_phase("weapon")
    game.end_phase()
    game.start_phase("physical")
    opts = {(o.attack, o.limb): o for o in attack_options(game, "a", "t") if o.kind == "physical"}
    assert set(opts) == {("punch", "left"), ("punch", "right"), ("kick", "left"), ("kick", "right"),
                         ("push", None), ("club", None), ("hatchet", None)}
    for o in opts.values():
        assert o.reason == game.check(o.order)
    assert opts[("punch", "left")].possible and opts[("hatchet", None)].possible
    assert "holds no club" in opts[("club", None)].reason
    actions = unit_actions(game, "a")
    assert [o.order.source for o in actions] == ["limb", "tree"]
    assert all(o.reason == game.check(o.order) for o in actions)


def test_charge_options_for_every_enemy_next_to_the_end_of_the_path():
    game = make_game(8, 12)
    add(game, "hopper", "grasshopper", "red", "0404", 3)
    add(game, "jager", "jagermech", "blue", "0409", 0)
    game.start_turn(["blue", "red"])
    game.start_phase("movement")
    path = ["F"] * 4                       # ends below the target, facing it
    [opt] = declaration_options(game, "jager", "run", path)
    assert opt.kind == "charge" and opt.possible and opt.order.path == path
    assert opt.order.charge == "hopper" and game.check(opt.order) is None
    assert ["attacker ran", 2] in opt.to_hit.pairs() and opt.to_hit.modifiers[0].label == "piloting"
    [aside] = declaration_options(game, "jager", "run", path + ["R"])        # no longer facing it
    assert not aside.possible and "P-CHARGE-1" in aside.reason and aside.order.path == path + ["R"]
    assert declaration_options(game, "jager", "run", ["F"]) == []            # nobody near the end
    assert game.submit(opt.order) is None


def test_a_jump_declares_a_death_from_above():
    game = make_game(8, 12)
    add(game, "hopper", "grasshopper", "red", "0404", 3)
    add(game, "jager", "grasshopper", "blue", "0406", 0)
    game.start_turn(["blue", "red"])
    game.start_phase("movement")
    [opt] = declaration_options(game, "jager", "jump", ["F"])
    assert opt.kind == "dfa" and opt.possible and opt.order.dfa == "hopper"
    assert ["attacker jumped", 3] in opt.to_hit.pairs()


def test_alpha_strike_options_are_the_weapon_attack_and_the_two_physical_attacks():
    game = make_game(12, 30, ruleset="alpha-strike", forced={})
    add_card(game, "a", "red", "0510", specials=["MEL"])
    add_card(game, "b", "blue", "0509")
    game.start_turn(["red", "blue"])
    game.start_phase("movement")
    game.end_phase()
    game.start_phase("combat")
    opts = attack_options(game, "a", "b", overheat=0)
    assert [(o.kind, o.attack) for o in opts] == [("weapon", "weapon"), ("physical", "standard"),
                                                  ("physical", "melee")]
    for o in opts:
        assert o.possible and o.reason == game.check(o.order)
    assert dataclasses.asdict(opts[0].to_hit.record()) == as_combat.plan_weapon_attack(game, opts[0].order)
    assert declaration_options(game, "a", "walk", ["F"]) == [] and unit_actions(game, "a") == []


def test_asking_for_options_changes_nothing():
    game = weapon_game()
    before = json.dumps(game.to_dict(), sort_keys=True)
    for a in game.unit_ids():
        for t in game.unit_ids():
            attack_options(game, a, t, torso_twist="left", turret=2)
        declaration_options(game, a, "walk", ["F", "F"])
        unit_actions(game, a)
    assert json.dumps(game.to_dict(), sort_keys=True) == before
    assert game.get("t", Position).hex == parse_hex_label("0804")


def test_a_weapon_option_says_the_side_and_table_it_strikes():
    game = make_game(16, 16)
    add(game, "a", "jagermech", "red", "0808", 0)
    add(game, "t", "grasshopper", "blue", "0804", 0)          # facing away: the shot strikes its rear
    add(game, "v", "saladin", "blue", "0806", 1)
    to_weapon_phase(game, initiative=("blue", "red"))
    game.start_phase("weapon")
    mech = [o for o in attack_options(game, "a", "t") if o.kind == "weapon"][2].to_hit
    tank = [o for o in attack_options(game, "a", "v") if o.kind == "weapon"][2].to_hit
    assert (mech.side, mech.table) == ("rear", "standard")
    assert tank.side in ("front", "left", "right", "rear") and tank.table is None


from hypothesis import given, settings, strategies as st  # noqa: E402

UNITS = st.sampled_from(["jagermech", "grasshopper", "locust", "atlas", "manticore", "saladin", "warrior"])
PLACED = st.tuples(UNITS, st.integers(0, 13), st.integers(0, 13), st.integers(0, 5), st.booleans(), st.booleans())


CELLS = st.lists(st.tuples(st.integers(0, 13), st.integers(0, 13),
                          st.sampled_from(["light_woods", "heavy_woods", "water", "building", "clear"]),
                          st.integers(0, 3)), max_size=25)


def drawn_game(units, cells):
    """A 14x14 battlefield of the drawn terrain cells, with the drawn units
    (u1 blue, the others by their draw) prone, moved, VTOLs flying, in the
    initiative phase's end (to_weapon_phase)."""
    from components import Status, TurnState
    from engine.hexmap import Terrain
    hexes = {f"{x + 1:02d}{y + 1:02d}": Terrain(t, level, depth=level % 3 if t == "water" else 0,
                                                   building=1 + level if t == "building" else 0)
             for x, y, t, level in cells}
    game = make_game(14, 14, hexes=hexes)
    for i, (unit, x, y, facing, prone, blue) in enumerate(units):
        add(game, f"u{i}", unit, "blue" if blue or i == 1 else "red", f"{x + 1:02d}{y + 1:02d}", facing,
            **({"altitude": 2} if unit == "warrior" else {}))
        ent = game.units[f"u{i}"]
        game.world.component(ent, Status).prone = prone and game.kind(ent) == "mech"
        game.world.component(ent, TurnState).mode = ("walk", "run", "jump", "none")[(x + y) % 4]
        game.world.component(ent, TurnState).hexes_moved = (x * y) % 9
    to_weapon_phase(game, initiative=("blue", "red"))
    return game


@settings(max_examples=40, deadline=None)
@given(st.lists(PLACED, min_size=2, max_size=7, unique_by=lambda p: (p[1], p[2])), CELLS,
       st.sampled_from([None, "left", "right"]), st.sampled_from([None, 0, 3]), st.integers(0, 3))
def test_options_against_many_targets_are_each_shot_judged_alone(units, cells, twist, turret, fired):
    """What the attacker and a pair share is worked out once
    (weapon_attacks.Shooter, PairSight): the options against every target
    at once are what each order is judged alone, in any state: prone, moved,
    damaged, shots already declared (fired weapons, a primary target), a
    twist or turret facing not yet set, VTOLs, woods, water, buildings."""
    from engine.orders import FireOrder
    from systems.common.options import attack_options_against
    game = drawn_game(units, cells)
    game.start_phase("weapon")
    for opt in attack_options(game, "u0", "u1")[:fired]:      # shots already declared: fired weapons, a primary target
        if opt.kind == "weapon" and opt.possible:
            game.submit(opt.order)
    targets = list(game.units)
    together = attack_options_against(game, "u0", targets, torso_twist=twist, turret=turret)
    assert list(together) == targets
    for target, opts in together.items():
        assert [(o.kind, o.attack, o.limb, o.mount) for o in opts] == \
            [(o.kind, o.attack, o.limb, o.mount) for o in attack_options(game, "u0", target, torso_twist=twist,
                                                                          turret=turret)]
        for o in opts:
            alone = game.check(o.order) if o.kind == "weapon" else o.reason
            assert o.reason == alone, (target, o.attack)
            if o.kind == "weapon":
                order = FireOrder("u0", {}, weapon=o.attack, target=target, torso_twist=twist, turret=turret)
                single = wa.shot(game, order)
                assert (single.reason, single.modifiers, single.range, single.band) == \
                    (o.to_hit.reason, o.to_hit.modifiers, o.to_hit.range, o.to_hit.band)


def test_options_of_some_kinds_only_are_those_of_all_kinds():
    from systems.common.options import attack_options_against
    game = weapon_game()
    every = attack_options_against(game, "a", ["t", "v"])
    for kinds in (("weapon",), ("physical",), ()):
        some = attack_options_against(game, "a", ["t", "v"], kinds=kinds)
        assert {t: [(o.kind, o.attack, o.limb, o.reason) for o in opts] for t, opts in some.items()} == \
            {t: [(o.kind, o.attack, o.limb, o.reason) for o in opts if o.kind in kinds] for t, opts in every.items()}
    cards = make_game(12, 30, ruleset="alpha-strike", forced={})
    add_card(cards, "a", "red", "0510")
    add_card(cards, "b", "blue", "0509")
    assert [o.kind for o in attack_options_against(cards, "a", ["b"], kinds=("physical",))["b"]] == ["physical"] * 2


@settings(max_examples=40, deadline=None)
@given(st.lists(PLACED, min_size=2, max_size=7, unique_by=lambda p: (p[1], p[2])), CELLS,
       st.sampled_from([None, "left", "right"]), st.sampled_from([None, 0, 3]), st.sampled_from(["weapon", "physical"]))
def test_has_attack_is_whether_any_option_is_possible(units, cells, twist, turret, phase):
    """options.has_attack, which skips the weapons out of range and the
    physical attacks out of reach and stops at the first possible option,
    answers what the options say, for every unit, kind and aim."""
    from systems.common.options import attack_options_against, has_attack
    game = drawn_game(units, cells)
    game.start_phase("weapon")
    if phase == "physical":
        game.start_phase("physical")
    for uid in game.units:
        targets = [t for t in game.units if t != uid]
        for kinds in (("weapon",), ("physical",), ("weapon", "physical")):
            every = attack_options_against(game, uid, targets, torso_twist=twist, turret=turret, kinds=kinds)
            assert has_attack(game, uid, targets, torso_twist=twist, turret=turret, kinds=kinds) == \
                any(o.possible for opts in every.values() for o in opts), (uid, kinds)
        aims = [(None, None), ("left", None), (None, 2)]
        each = [attack_options_against(game, uid, targets, torso_twist=tw, turret=tu) for tw, tu in aims]
        assert has_attack(game, uid, targets, aims=aims) == \
            any(o.possible for every in each for opts in every.values() for o in opts), uid


def test_has_attack_finds_an_adjacent_punch_and_an_alpha_strike_attack():
    from systems.common.options import has_attack
    game = two_mechs()
    to_weapon_phase(game, initiative=("blue", "red"))
    game.start_phase("weapon")
    game.start_phase("physical")
    assert has_attack(game, "a", ["t"], kinds=("physical",)) and not has_attack(game, "a", ["t"], kinds=("weapon",))
    cards = make_game(12, 30, ruleset="alpha-strike", forced={})
    add_card(cards, "a", "red", "0510")
    add_card(cards, "b", "blue", "0509")
    assert has_attack(cards, "a", ["b"]) == any(o.possible for o in attack_options(cards, "a", "b"))


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_units_that_only_hold_are_those_without_a_possible_option(tmp_path, seed):
    """queries.hold_reasons (one side's units at once, the nearest enemy
    first, stopping at the first possible attack) against every option the
    options call gives each unit on every enemy, with every aim, and on
    every standing building, at the start of a weapon attack phase and of a
    physical one on a generated battlefield (hills, woods, towns)."""
    from engine import session
    from engine.bench_setup import write_level
    from engine.ui import queries
    from systems.common.options import attack_options_against, building_options
    game = session.new_game(str(write_level(tmp_path, 18, 18, 16, seed=seed)), [], seed)
    game.start_turn(["red", "blue"] if "red" in game.sides else list(game.sides))
    answers = []
    for phase, kind, kinds in (("weapon", "fire", ("weapon",)), ("physical", "physical", ("physical",))):
        game.start_phase(phase)
        for side in game.sides:
            uids = game.unit_ids(side)
            found = queries.hold_reasons(game, uids, kind)
            for uid in uids:
                ent = game.units[uid]
                aims = queries._aims(game, ent) if kind == "fire" else [(None, None)]
                foes = queries.enemies(game, uid)
                has = any(o.possible for tw, tu in aims
                          for opts in attack_options_against(game, uid, foes, torso_twist=tw, turret=tu,
                                                             kinds=kinds).values() for o in opts)
                has = has or any(p.reason is None for _l, _o, p in queries.physical_candidates(game, uid, None)
                                 if kind == "physical")
                has = has or any(o.possible for opts in building_options(game, uid, kinds=kinds).values()
                                 for o in opts)
                assert (found[uid] is None) == has, (phase, uid)
                assert found[uid] == queries.only_holds(game, uid, kind)
                answers.append(has)
    assert True in answers and False in answers
