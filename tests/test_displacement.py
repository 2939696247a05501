"""Unit displacement, domino effects, prohibited hexes, off-map, accidental
falls into lower hexes and accidental falls from above (rules/mech_core.md
section 10; physical.md P-PUSH-6, -9, P-CHARGE-15, -17)."""
from hypothesis import given, settings, strategies as st

from components import Position, Status
from engine.hexmap import Terrain
from systems.classic import displacement
from tests.physical_helpers import add, events, make_game, nb, phys, play


def at(game, uid):
    return game.world.component(game.units[uid], Position).hex.label


def pusher(hexes=None, forced=None, width=10, height=10, target_at="0504"):
    """Red `a` in the hex below `t`, both in column 05, `a` facing north."""
    game = make_game(width, height, forced=forced or {"to_hit": [12], "psr": [12, 12, 12]}, hexes=hexes or {})
    add(game, "a", "grasshopper", "red", nb(target_at, 3), 0)
    add(game, "t", "jagermech", "blue", target_at, 3)
    return game


def test_outcomes():
    game = pusher(hexes={"0503": Terrain(level=2)})
    t = game.units["t"]
    assert displacement.outcome(game, t, 0) == displacement.PROHIBITED     # 2 levels up
    assert displacement.outcome(game, t, 1) == displacement.MOVE
    game = pusher(hexes={"0503": Terrain(level=-2)})
    assert displacement.outcome(game, game.units["t"], 0) == displacement.FALL
    game = pusher(hexes={"0503": Terrain(level=-1)})
    assert displacement.outcome(game, game.units["t"], 0) == displacement.MOVE
    game = pusher(target_at="0501")
    assert displacement.outcome(game, game.units["t"], 0) == displacement.OFF_MAP


def test_displacement_keeps_facing_and_costs_no_mp():
    game = pusher()
    t = game.units["t"]
    assert displacement.displace(game, t, 1, "test") == displacement.MOVE
    assert game.world.component(t, Position).facing == 3
    ev = events(game, "displace", unit="t")[0]
    assert ev["from"] == "0504" and ev["to"] == nb("0504", 1) and ev["cause"] == "test"


def test_pushed_off_the_map_leaves_play():
    game = pusher(target_at="0501")
    play(game, [phys("a", "push", "t")])
    assert game.world.component(game.units["t"], Status).removed
    assert events(game, "displace", unit="t")[0]["to"] is None
    assert at(game, "a") == "0501"


def test_domino_effect_pushes_the_occupant_on():
    game = pusher()
    add(game, "u", "grasshopper", "red", "0503", 0)
    play(game, [phys("a", "push", "t")])
    assert at(game, "u") == "0502" and at(game, "t") == "0503" and at(game, "a") == "0504"
    assert events(game, "displace", unit="u", cause="domino")
    assert events(game, "psr", unit="u", reason="displaced by a domino effect")[0]["target"] == 5
    assert events(game, "psr", unit="t", reason="pushed")


def test_domino_that_cannot_move_blocks_the_push():
    game = pusher(hexes={"0502": Terrain(level=2)})
    add(game, "u", "grasshopper", "red", "0503", 0)
    play(game, [phys("a", "push", "t")])
    assert at(game, "u") == "0503" and at(game, "t") == "0504" and at(game, "a") == "0505"
    assert events(game, "psr", unit="t", reason="pushed")       # P-PUSH-9: the PSR still happens


def test_push_into_heavy_woods_and_one_level_down_is_allowed():
    game = pusher(hexes={"0503": Terrain("heavy_woods", level=-1)})
    play(game, [phys("a", "push", "t")])
    assert at(game, "t") == "0503"


def test_push_off_a_cliff_is_an_accidental_fall():
    """Target pushed into a hex 3 levels lower: it falls 3 levels, 7 x 4 = 28."""
    game = pusher(hexes={"0503": Terrain(level=-3)},
                  forced={"to_hit": [12], "fall": [1], "location": [7] * 6, "critical": [2] * 3, "psr": [12]})
    play(game, [phys("a", "push", "t")])
    fall = events(game, "fall", unit="t")[0]
    assert fall["levels"] == 3 and fall["damage"] == 28 and fall["at"] == "0503"
    assert events(game, "displace", unit="t")[0]["accidental_fall"]
    assert at(game, "a") == "0504"
    assert events(game, "psr", unit="t")[0]["target"] == 5 + 2   # MechWarrior roll: +1 per level beyond the first


def test_accidental_fall_from_above_hit():
    """The pushed mech (65 t) falls 2 levels onto `u`: to-hit 7; `u` takes
    ceil(65/10) = 7 as 5 + 2 on the punch table front, is displaced and rolls
    at +2; the faller takes its fall damage on its back."""
    game = pusher(hexes={"0503": Terrain(level=-2), "0502": Terrain(level=-2)},
                  forced={"to_hit": [12, 7], "location": [3, 3] + [7] * 5, "psr": [12, 12, 12],
                          "critical": [2] * 3})
    add(game, "u", "grasshopper", "red", "0503", 0)
    play(game, [phys("a", "push", "t")])
    affa = events(game, "attack", attack="accidental_fall")[0]
    assert affa["to_hit"] == 7 and affa["hit"]
    assert [(d["location"], d["amount"]) for d in events(game, "damage", unit="u")] == \
        [("center_torso", 5), ("center_torso", 2)]
    assert at(game, "u") == "0502" and at(game, "t") == "0503"
    fall = events(game, "fall", unit="t")[0]
    assert fall["side"] == "rear" and fall["damage"] == 21
    assert events(game, "psr", unit="u", reason="fallen on by a falling unit")[0]["target"] == 7


def test_accidental_fall_from_above_hit_but_no_room_lands_beside():
    game = pusher(hexes={"0503": Terrain(level=-2)},
                  forced={"to_hit": [12, 7], "location": [3, 3] + [7] * 5, "psr": [12, 12, 12],
                          "critical": [2] * 3, "fall": [1]})
    add(game, "u", "grasshopper", "red", "0503", 0)
    play(game, [phys("a", "push", "t")])
    assert at(game, "u") == "0503" and at(game, "t") not in ("0503", "0504")
    assert events(game, "damage", unit="u")


def test_accidental_fall_from_above_miss_lands_beside():
    game = pusher(hexes={"0503": Terrain(level=-2)},
                  forced={"to_hit": [12, 2], "location": [7] * 5, "psr": [12, 12], "fall": [1],
                          "critical": [2] * 3})
    add(game, "u", "grasshopper", "red", "0503", 0)
    play(game, [phys("a", "push", "t")])
    assert events(game, "attack", attack="accidental_fall")[0]["hit"] is False
    assert at(game, "u") == "0503"
    assert at(game, "t") not in ("0503", "0504")
    assert not events(game, "damage", unit="u")
    assert events(game, "fall", unit="t")


def test_section_10_a_mech_that_misses_lands_in_the_first_legal_free_hex_beside():
    """Pushed 2 levels down onto `u` in 0503 and missing it, the Jagermech
    (from level 0) is put down beside by `displacement.beside`, the one judge
    of the hex beside for mechs and vehicles: not in 0502 along the push (a
    cliff 3 levels above the level it fell from), not north-east of 0503
    (the wreck of a destroyed tank still stands there until the End Phase),
    nor back in 0504 (its pusher advances there), but north-west of 0503,
    where it falls the 2 levels down from level 0."""
    landing_hex = nb("0503", 5)
    game = pusher(hexes={"0503": Terrain(level=-2), "0502": Terrain(level=3), nb("0503", 1): Terrain(level=-2),
                         landing_hex: Terrain(level=-2)},
                  forced={"to_hit": [12, 2], "location": [7] * 5, "psr": [12, 12], "fall": [1],
                          "critical": [2] * 3})
    add(game, "u", "grasshopper", "red", "0503", 0)
    wreck = add(game, "wreck", "manticore", "red", nb("0503", 1), 0)
    game.world.component(wreck, Status).destroyed = True
    play(game, [phys("a", "push", "t")])
    assert events(game, "attack", attack="accidental_fall")[0]["hit"] is False
    assert at(game, "t") == landing_hex and at(game, "a") == "0504"
    assert [(e["levels"], e["at"]) for e in events(game, "fall", unit="t")] == [(2, landing_hex)]


@settings(max_examples=30, deadline=None)
@given(st.integers(-4, 4), st.integers(0, 5))
def test_displacement_never_stacks_two_mechs_and_only_falls_on_big_drops(level, direction):
    game = pusher(hexes={nb("0504", direction): Terrain(level=level)},
                  forced={"fall": [1], "location": [7] * 12, "psr": [12] * 4, "critical": [2] * 6})
    t = game.units["t"]
    result = displacement.displace(game, t, direction, "test")
    if level <= -2:
        assert result == displacement.FALL and game.world.component(t, Status).prone
    elif level >= 2:
        assert result == displacement.PROHIBITED and at(game, "t") == "0504"
    else:
        assert result in (displacement.MOVE, displacement.PROHIBITED)
    hexes = [game.world.component(e, Position).hex for e in game.units.values()
             if not game.world.component(e, Status).removed]
    assert len(hexes) == len(set(hexes))


def test_section_10_V_CRASH_5_a_mech_pushed_down_onto_a_vehicle_hits_it_automatically_on_its_own_table():
    """The pushed mech (65 t) falls 2 levels onto the Manticore: one rule for
    every accidental fall from above (`displacement.fall_onto`, as a crashing
    VTOL's): a vehicle is hit without a roll, ceil(65/10) = 7 as 5 + 2 on its
    own hit table, front column (2d6 7: front), and is displaced; the faller
    takes its fall damage on its back."""
    game = pusher(hexes={"0503": Terrain(level=-2), "0502": Terrain(level=-2)},
                  forced={"to_hit": [12], "location": [7, 7] + [7] * 5, "psr": [12, 12, 12], "motive": [2] * 4,
                          "critical": [2] * 3})
    add(game, "u", "manticore", "red", "0503", 0)
    play(game, [phys("a", "push", "t")])
    affa = events(game, "attack", attack="accidental_fall")[0]
    assert (affa["target"], affa["hit"], affa["roll"]) == ("u", True, 0)
    assert [(d["location"], d["amount"]) for d in events(game, "damage", unit="u")] == [("front", 5), ("front", 2)]
    assert at(game, "u") == "0502" and at(game, "t") == "0503"
    assert events(game, "fall", unit="t")[0]["damage"] == 21
