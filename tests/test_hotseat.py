"""The hot-seat flow (engine/hotseat.py) and the saving of hot-seat battles
(engine/persistence.py), without the window: hand-overs at each change of
the side to act, units told to pass, who may take a move back, and the
front end's position surviving saves, loads and take-backs."""
from __future__ import annotations

import json

import pytest

from engine import persistence, saves
from engine.errors import DataError
from engine.hotseat import HotSeat
from engine.orders import MoveOrder
from engine.session import training_ground
from systems.common.movement import motion_rules


def seat(seed: int = 3) -> HotSeat:
    s = HotSeat(training_ground(seed=seed))
    s.start()
    return s


def stay(s: HotSeat, uid: str) -> None:
    s.stay(uid, motion_rules(s.game, s.game.units[uid]).modes[0])
    s.unit_done(uid)


def hand_to_acting_side(s: HotSeat) -> str:
    nxt = s.advance()
    if nxt.screen == "handover":
        s.finish_handover(nxt.side)
        nxt = s.advance()
    assert nxt.screen == "play"
    return nxt.side


def test_a_hand_over_at_each_change_of_side_and_none_after():
    s = seat()
    first = s.advance()
    assert first.screen == "handover" and s.viewing is None
    digest = s.finish_handover(first.side)
    assert any(e["type"] == "initiative" for e in digest)      # the digest: what the player missed
    assert s.advance().screen == "play" and s.viewing == first.side
    stay(s, s.flow.waiting()[0])
    nxt = s.advance()
    assert nxt.screen == "handover" and nxt.side != first.side


def test_units_told_to_pass_act_without_a_hand_over():
    s = seat()
    side = hand_to_acting_side(s)
    mine = s.hold_all()
    assert mine and set(mine) == set(s.flow.waiting(side))
    s.unit_done(mine[0])
    for _ in range(10):                     # the other side moves; the passers go by themselves
        nxt = s.advance()
        if s.game.phase != "movement":
            break
        assert not (nxt.screen == "handover" and nxt.side == side)
        if nxt.screen == "handover":
            s.finish_handover(nxt.side)
        stay(s, s.flow.waiting()[0])
    moved = {e["unit"] for e in s.game.log.of_type("move")}
    assert s.game.phase == "weapon" and set(mine[1:]) <= moved        # the phase ended by itself


def test_only_the_mover_takes_a_move_back_and_the_flow_steps_back():
    s = seat()
    side = hand_to_acting_side(s)
    uid = s.flow.waiting()[0]
    flow_before = s.flow.to_dict()
    assert s.take_back_reason() == "there is no move to take back"
    mode = motion_rules(s.game, s.game.units[uid]).modes[0]
    assert s.submit_move(MoveOrder(uid, {"unit": uid, "mode": mode, "path": ["F"]}, mode=mode, path=["F"])) is None
    s.unit_done(uid)
    nxt = s.advance()
    assert nxt.screen == "handover"
    assert s.take_back_reason(handover_side=nxt.side) is None              # the mover, still at the screen
    s.finish_handover(nxt.side)
    assert "only they may take it back" in s.take_back_reason()            # the next player may not
    assert s.take_back() == uid
    assert s.flow.to_dict()["acted"] == flow_before["acted"] and s.flow.current_side == side


def test_a_saved_game_loads_with_its_hot_seat_position(tmp_path):
    s = seat()
    hand_to_acting_side(s)
    uid = s.flow.waiting()[0]
    stay(s, uid)
    s.advance()
    folder = persistence.SaveFolder(tmp_path, autosave=False)
    path = folder.save(s.game, s.frontend())
    assert path.name == f"turn1-movement{saves.SAVE_SUFFIX}" and folder.files() == [str(path)]
    game, front, level, warnings = folder.load(path)
    again = HotSeat(game, level, front)
    assert again.frontend() == s.frontend() and again.flow.acted == [uid]
    assert level is None and warnings == []          # the built-in training ground
    assert "hotseat" not in json.dumps(game.to_dict())      # the position is in the save's front-end section


def test_a_bad_save_names_the_newest_autosave_that_loads(tmp_path):
    s = seat()
    folder = persistence.SaveFolder(tmp_path)
    assert folder.autosave(s.game, s.frontend()) is None
    folder.wait()
    good = saves.autosaves(tmp_path)[0]
    assert json.loads(saves.file_text(good))["frontend"][persistence.HOTSEAT_KEY] == s.frontend()
    bad = tmp_path / "broken.hexsave.json"
    bad.write_text("{not json")
    with pytest.raises(DataError) as err:
        folder.load(bad)
    assert f"(the newest autosave that loads is {good.name})" in err.value.first_line()


def test_autosaving_off_writes_nothing(tmp_path):
    s = seat()
    folder = persistence.SaveFolder(tmp_path, autosave=False)
    assert folder.autosave(s.game, s.frontend()) is None
    folder.wait()
    assert saves.autosaves(tmp_path) == []


def test_units_with_nothing_to_do_but_hold_pass_by_themselves_with_a_note():
    game = training_ground(seed=3)
    red = set(game.unit_ids("red"))
    s = HotSeat(game, only_holds=lambda g, uids, kind: {u: "it cannot move" if u in red else None for u in uids})
    s.start()
    seen = []
    for _ in range(10):
        nxt = s.advance()
        if game.phase != "movement":
            break
        if nxt.screen == "handover":
            seen.append(nxt.side)
            s.finish_handover(nxt.side)
        stay(s, s.flow.waiting()[0])
    assert game.phase == "weapon" and seen == ["blue"]         # red never got the screen
    moved = {e["unit"] for e in game.log.of_type("move")}
    assert red <= moved
    notes = [n for n in s.notes if n["phase"] == "movement"]
    assert notes and all(n["text"].startswith("Red: ") and "(it cannot move)" in n["text"] for n in notes)
    assert s.frontend()["notes"] == s.notes


def test_a_checkpoint_brings_the_game_and_the_hot_seat_position_back():
    s = seat()
    hand_to_acting_side(s)
    cp = s.checkpoint()
    before = (s.game.to_dict(), s.frontend())
    uid = s.flow.waiting()[0]
    stay(s, uid)
    s.advance()
    assert s.game.to_dict() != before[0]
    s.rollback(cp)
    assert s.game.to_dict() == before[0] and s.frontend() == before[1] and s.flow.may_act(uid)
