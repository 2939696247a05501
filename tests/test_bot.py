"""The computer opponent (engine/bot) and the duel command (engine/duel.py):
who plays a side by name, short battles of the computer against the simple
players in both rulesets (orders only through the check, never a refused
one; the same seed gives the same battle; its noise never touches the
battle's dice), and the hot-seat's computer screen."""
from __future__ import annotations

import json

import pytest

from engine import duel
from engine.bot.driver import Tally, play_unit, step
from engine.bot.names import computer_sides, parse_assignments, parse_player
from engine.bot.players import make_player
from engine.hotseat import HotSeat
from engine.levels import new_game_from_level
from engine.paths import LEVELS
from engine.session import training_ground
from engine.turnflow import TurnFlow


def test_players_by_name():
    assert parse_player(" Bot ") == "bot:2"
    assert parse_player("bot:3") == "bot:3"
    with pytest.raises(ValueError, match="unknown player 'bot:4'"):
        parse_player("bot:4")
    assert parse_assignments("red=bot:1, blue=human") == {"red": "bot:1", "blue": "human"}
    with pytest.raises(ValueError, match="SIDE=PLAYER"):
        parse_assignments(["red"])
    assert computer_sides({"red": "bot:1", "blue": "human"}) == {"red": "bot:1"}


def _battle(level: str, players: dict[str, str], turns: int, seed: int):
    game = new_game_from_level(LEVELS / level, seed=seed)
    made = {side: make_player(name, side) for side, name in players.items()}
    tally, flow = Tally(), TurnFlow(game)
    flow.start()
    while not flow.over and game.turn <= turns:
        assert step(game, flow, made, tally=tally) is not None
    return game, tally


def test_a_classic_battle_against_random_plays_the_same_twice_without_a_refused_order():
    first, tally = _battle("skirmish.tmx", {"red": "bot:2", "blue": "random"}, 2, seed=5)
    again, _ = _battle("skirmish.tmx", {"red": "bot:2", "blue": "random"}, 2, seed=5)
    assert first.log.events == again.log.events
    assert tally.refused["red"] == 0 and tally.submitted["red"] > 0
    fired = [e for e in first.log.of_type("declare") if first.side_of(first.units[e["unit"]]) == "red"]
    assert fired, "the computer declared no attack in two turns"
    first.close(), again.close()


def test_an_alpha_strike_duel_by_command_counts_its_battle(capsys):
    assert duel.main(["alpha_skirmish", "--red", "bot:1", "--blue", "greedy", "--games", "1", "--seed", "2",
                      "--max-turns", "2", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["games"] == 1 and sum(doc["wins"].values()) == 1
    assert doc["refused_at_check"]["red"] == 0
    assert doc["bot_seconds_per_turn"]["median"] > 0
    assert 1 <= doc["mean_turns"] <= 2


def test_the_computer_thinks_without_drawing_the_battles_dice():
    game = training_ground(seed=4)
    flow = TurnFlow(game)
    flow.start()
    side = flow.current_side
    player = make_player("bot:3", side)
    before = game.dice.rng.getstate()
    uid = flow.waiting(side)[0]
    orders = player.act(game, uid)
    next(orders)                           # the whole judgement of the move is made here
    assert game.dice.rng.getstate() == before
    play_unit(game, make_player("bot:3", side), uid, game.submit, Tally())
    game.close()


def test_a_bad_duel_is_one_line_and_exit_2(capsys):
    assert duel.main(["skirmish", "--red", "human", "--blue", "greedy"]) == 2
    assert "played by the computer" in capsys.readouterr().err
    assert duel.main(["nowhere", "--red", "bot:1", "--blue", "greedy"]) == 2
    assert "no such level" in capsys.readouterr().err


def test_the_hot_seat_shows_the_computers_turn_and_no_hand_over_between_people_and_it():
    game = training_ground(seed=3)
    seat = HotSeat(game, players={"red": "bot:2"})
    nxt = seat.start()
    side = seat.flow.current_side
    assert nxt.screen == ("computer" if side == "red" else "play")
    assert seat.frontend()["players"] == {"red": "bot:2"}
    assert "players" not in HotSeat(training_ground(seed=3)).frontend()      # people only: as before


def test_a_save_keeps_who_the_computer_plays_and_refuses_a_player_it_does_not_know(tmp_path):
    from engine import persistence
    from engine.errors import DataError
    seat = HotSeat(training_ground(seed=3), players={"red": "bot:3"})
    seat.start()
    folder = persistence.SaveFolder(tmp_path, autosave=False)
    path = folder.save(seat.game, seat.frontend())
    game, front, _level, _warnings = folder.load(path)
    assert HotSeat(game, None, front).players == {"red": "bot:3"}
    from engine import saves
    data = json.loads(saves.file_text(path))
    data["frontend"][persistence.HOTSEAT_KEY]["players"] = {"red": "bot:9"}
    edited = path.with_name("edited.json")
    edited.write_text(json.dumps(data))          # a plain JSON save reads as well
    with pytest.raises(DataError, match=r"players\.red: expected a computer player"):
        folder.load(edited)


def test_the_new_battle_screen_gives_a_side_to_the_computer_which_plays_it_in_the_window(tmp_path):
    import os
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame
    from engine.ui.app import App
    from engine.ui.computer_turns import PAUSE
    from engine.ui.sidebar import whose_turn
    from tests.test_ui_app import click_button, handover, key
    pygame.init()
    try:
        app = App(pygame.display.set_mode((1280, 800)), training_ground(seed=3), save_dir=tmp_path,
                  edge_pan=False, autosave=False)
        key(app, pygame.K_n, mod=pygame.KMOD_CTRL)
        sides = app.top.sections[2].sides
        click_button(app, "new_player", sides[0])
        click_button(app, "new_player", sides[0])            # human -> computer 1 -> computer 2
        click_button(app, "new_deploy")                      # no deployment step
        key(app, pygame.K_RETURN)
        computer = sides[0]
        assert app.seat.players == {computer: "bot:2"}
        said = []
        for _ in range(40):                                  # the computer's turns, a pause each
            if app.overlay == "handover":
                handover(app)
            if app.computer.acting():
                if app.flow.current_side == computer:                 # its difficulty is shown
                    assert f"{computer.capitalize()} (computer 2) is about to" in whose_turn(app, computer)
                app.update(PAUSE)
                app.draw()
                if app.message.endswith((" acts", " holds")):
                    said.append(app.message)
            elif app.flow.current_side is not None and app.flow.current_side != computer:
                side = app.flow.current_side
                for uid in app.flow.waiting(side):            # the person's units stay put
                    app.seat.stay(uid, "walk")
                    app.seat.unit_done(uid)
                app.after_flow()
            if app.game.phase == "weapon":
                break
        moved = {e["unit"] for e in app.game.log.of_type("move")}
        assert moved & set(app.game.unit_ids(computer)), "the computer moved no unit"
        assert said and all(m.startswith(f"{computer.capitalize()} (computer 2): ") for m in said), said
        assert app.computer.tally.refused[computer] == 0
    finally:
        pygame.quit()


def test_a_level_names_its_computer_sides_and_a_bad_one_is_refused(tmp_path):
    from engine.errors import DataError
    from engine.levels import load_level
    from tests.test_levels import two_sides, write_map
    good = write_map(tmp_path, objects=two_sides(), props='<property name="players" value="red=bot:3"/>')
    assert load_level(good).players == {"red": "bot:3"}
    assert new_game_from_level(good).level_players == {"red": "bot:3"}
    for value, needle in (("green=bot:1", '"green" is not a side of this level'), ("red=bot:7", "unknown player")):
        bad = write_map(tmp_path, objects=two_sides(), props=f'<property name="players" value="{value}"/>',
                        name=f"bad{len(needle)}.tmx")
        with pytest.raises(DataError, match="map property players") as exc:
            load_level(bad)
        assert needle in str(exc.value)


def test_a_scenario_side_played_by_the_computer_plays_the_same_every_time(tmp_path):
    from engine.errors import DataError
    from engine.scenario import load_scenario, result_json, run_scenario
    text = ('map = "{level}"\nseed = 9\nturns = 2\nplayers = {{ red = "bot:1", blue = "greedy" }}\n')
    path = tmp_path / "solo.toml"
    path.write_text(text.format(level=(LEVELS / "training.tmx").as_posix()))
    first = result_json(run_scenario(load_scenario(path)))
    assert first == result_json(run_scenario(load_scenario(path)))
    assert first["events"] and any(e["type"] == "move" for e in first["events"])
    path.write_text(text.format(level=(LEVELS / "training.tmx").as_posix()).replace('"greedy"', '"human"'))
    with pytest.raises(DataError, match="players.blue"):
        load_scenario(path)


# --------------------------------------------------------------------- buildings (rules/buildings.md)
def _building_game(cf: int, inside_side: str = "blue", klass: str = "light", *, building_at: str = "0505",
                   height: int = 2, attacker_at: str = "0507", target_at: str = "0505"):
    """A Grasshopper of red's at `attacker_at` in the weapon phase, another
    of `inside_side`'s at `target_at`, a building at `building_at`."""
    from tests.physical_helpers import add, make_game, to_weapon_phase
    game = make_game(hexes={building_at: {"terrain": "building", "building": height, "level": 0,
                                          "building_class": klass, "cf": cf}})
    add(game, "a", "grasshopper", "red", attacker_at, 0, gunnery=4)
    add(game, "t", "grasshopper", inside_side, target_at, 3)
    if inside_side == "red":
        add(game, "far", "jagermech", "blue", "0502", 3)
    to_weapon_phase(game)
    game.start_phase("weapon")
    return game


def _fire_orders(game, uid: str):
    from engine.bot.computer import Computer
    orders = Computer("red", 3).act(game, uid)
    out = []
    try:
        order = next(orders)
        while True:
            out.append(order)
            game.submit(order)
            order = orders.send(None)
    except StopIteration:
        return out


def test_B_ATK_1_the_computer_brings_down_a_weak_building_with_an_enemy_inside():
    # a light building at CF 8 absorbs 1 of every hit on the Grasshopper fully inside it (B-IN-2); two
    # medium lasers on the building collapse it on the mech (B-COLL-3): the computer fires at the hex
    game = _building_game(cf=8)
    orders = _fire_orders(game, "a")
    assert [o.target_hex for o in orders if o.target_hex] and all(o.target_hex in (None, "0505") for o in orders)
    game.end_phase()
    assert game.log.of_type("collapse"), "the building was not brought down"
    game.close()


def test_the_computer_leaves_a_strong_building_and_one_holding_a_friend_alone():
    from engine.bot.buildings import building_shots
    from engine.bot.value import Valuer
    game = _building_game(cf=8, inside_side="red")            # its own mech inside: no attack pays
    assert building_shots(game, Valuer(game), "a") == []
    assert not [o for o in _fire_orders(game, "a") if o.target_hex]
    game.close()
    best = {}
    for cf, klass in ((8, "light"), (150, "hardened")):
        game = _building_game(cf=cf, klass=klass)
        best[cf] = max(s.value for s in building_shots(game, Valuer(game), "a"))
        game.close()
    assert best[150] < best[8] / 4                             # 30 laser hits to bring down: it seldom pays


def test_a_building_between_the_computer_and_its_target_is_not_shot_at():
    game = _building_game(cf=5, building_at="0506", height=1, target_at="0504")
    orders = _fire_orders(game, "a")
    assert orders and not [o for o in orders if o.target_hex]
    game.close()


def test_a_duel_plays_a_level_with_its_own_rules_and_refuses_other_rules_in_one_line(capsys):
    # as on the new-battle screen: the level's map names its rules; the rules asked for pick among levels
    assert duel.main(["skirmish", "--ruleset", "alpha-strike", "--red", "bot:1", "--blue", "greedy"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert "skirmish: the level plays classic" in err and "cannot be switched" in err and "alpha_skirmish" in err
    assert duel.main(["skirmish", "--ruleset", "chess", "--red", "bot:1", "--blue", "greedy"]) == 2
    assert "--ruleset chess: no such rules (one of classic, alpha-strike)" in capsys.readouterr().err
    assert duel.main(["alpha_skirmish", "--ruleset", "alpha-strike", "--red", "bot:1", "--blue", "greedy",
                      "--games", "1", "--max-turns", "1", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["games"] == 1


def test_B_ATK_3_the_computer_kicks_down_a_weak_building_an_enemy_hides_in_when_it_cannot_strike_the_enemy():
    # a mech inside cannot be struck from outside by a physical attack; its building can, without a roll
    from engine.bot.computer import Computer
    game = _building_game(cf=6, attacker_at="0506")
    game.end_phase()
    game.start_phase("physical")
    orders = list(Computer("red", 3).act(game, "a"))
    assert orders and all(o.target_hex == "0505" and o.attack in ("punch", "kick") for o in orders)
    game.close()


def test_B_MOVE_9_the_computer_never_plans_a_jump_onto_a_roof_a_friend_stands_on():
    """The end states of a move are those the move's own rules take a unit
    to: a jump into a building hex ends on its roof (B-MOVE-9), which a
    friendly mech already holds, so no jump may end there."""
    from components import Position
    from engine.bot.moves import end_states
    from engine.hexgrid import parse_hex_label
    from systems.common.movement import plan
    from tests.physical_helpers import add, make_game, move
    game = make_game(hexes={"0505": {"terrain": "building", "building": 2, "level": 0,
                                     "building_class": "heavy", "cf": 90}})
    add(game, "f", "grasshopper", "red", "0506", 0)
    add(game, "m", "grasshopper", "red", "0508", 0)
    add(game, "e", "jagermech", "blue", "0101", 3)
    game.start_turn(["red", "blue"])
    game.start_phase("movement")
    assert game.submit(move("f", "jump", ["F"])) is None
    assert game.world.component(game.units["f"], Position).on_roof
    m = game.units["m"]
    found = end_states(game, m)
    into_roof = [c for c in found if c.hex == parse_hex_label("0505")]
    assert into_roof and {c.mode for c in into_roof} <= {"walk", "run"}    # walking in: inside, beneath it
    assert all(plan(game, m, c.mode, list(c.path)).error is None for c in found if c.path)


def test_AS_MOVE_7_the_computer_gives_no_move_for_a_unit_whose_crew_is_stunned():
    """A stunned crew neither moves nor stays (the rules refuse even a stay):
    the computer offers no move order at all for the unit."""
    from components import AlphaStrikeCard
    from engine.bot.computer import Computer
    from engine.bot.moves import end_states
    from engine.turnflow import TurnFlow
    game = new_game_from_level(LEVELS / "alpha_skirmish.tmx", seed=4)
    TurnFlow(game).start()
    assert game.phase == "movement"
    ent = game.units["hunchback_as"]
    assert end_states(game, ent)
    game.world.component(ent, AlphaStrikeCard).stunned = True
    from systems.common.movement import cannot_move_reason
    assert cannot_move_reason(game, ent, staying=True) == "Hunchback HBK-4G's crew is stunned this turn"
    assert end_states(game, ent) == []
    assert list(Computer("red", 2).act(game, "hunchback_as")) == []
    game.close()


def test_a_duel_is_no_stalemate_while_a_unit_out_of_reach_is_only_shut_down_or_stunned():
    """AS-SHUT-2, AS-MOVE-7: a unit shut down or with its crew stunned moves
    again in a later turn, so a battle whose units are all out of reach and
    shut down or stunned goes on; once they are all immobile it is a draw."""
    from components import AlphaStrikeCard, Position, Status
    from engine.hexgrid import Hex
    game = new_game_from_level(LEVELS / "alpha_skirmish.tmx", seed=4)
    TurnFlow(game).start()
    corners = {"loki": Hex(0, 0), "hatchetman_as": Hex(0, 1), "hunchback_as": Hex(23, 16), "firestarter_as": Hex(23, 15)}
    for uid, h in corners.items():
        game.world.component(game.units[uid], Position).hex = h
    units = list(game.units.values())
    from engine.bot.threat import weapon_reach
    from engine.hexgrid import distance
    assert all(distance(corners[a], corners[b]) > max(weapon_reach(game, game.units[a]), weapon_reach(game, game.units[b]))
               for a in ("loki", "hatchetman_as") for b in ("hunchback_as", "firestarter_as"))
    for i, ent in enumerate(units):
        if i % 2:
            game.world.component(ent, Status).shutdown = True
        else:
            game.world.component(ent, AlphaStrikeCard).stunned = True
    assert not duel.stalemate(game)
    for ent in units:
        game.world.component(ent, Status).immobile = True
    assert duel.stalemate(game)
    game.close()
