"""Saving while the dice prompt of the tabletop assistant mode waits (every
roll made at the table and typed in: engine/dice.py), driven by posted
pygame events. A roll the end of a phase asks for (the weapon phase's
to-hit rolls) leaves the game waiting just before that end, with the
totals typed for it so far: a save then resumes at the same prompt. A roll
asked for elsewhere (the initiative of a turn) took the game back to
before its action, which a save could not resume: the save is refused and
the prompt says why."""
from __future__ import annotations

import itertools

import pygame

from components import Position
from engine.replay import Replay
from engine.session import Table
from engine.ui.app import App
from tests.helpers import make_game
from tests.test_ui_app import _pygame, click_button, click_hex, key, type_text  # noqa: F401
from tests.test_ui_weapon_pick import TURRET, _battle, _fire_and_resolve, _lost, _pick_srm, assert_save_refused
from tests.vehicle_fixtures import add


def _table_battle(tmp_path) -> App:
    """A JagerMech (red) three hexes from a Shadow Hawk (blue), both sides
    at one shared table, every roll typed in."""
    game = make_game(12, 12)
    add(game, "jager", "jagermech.toml", "0603", 3, side="red")
    add(game, "hawk", "shadow_hawk.toml", "0606", 0, side="blue")
    a = App(pygame.display.set_mode((1280, 800)), save_dir=tmp_path, edge_pan=False, autosave=False)
    a.set_game(game, None, table=Table(shared=True, dice_at_table=True))
    a.draw()
    return a


def _roll(a, total: int) -> None:
    lo, hi = a.top.bounds()
    type_text(a, str(max(lo, min(hi, total))))
    key(a, pygame.K_RETURN)


def _save(a, name: str) -> None:
    key(a, pygame.K_s, mod=pygame.KMOD_CTRL)
    assert a.overlay == "save", a.message
    type_text(a, name)
    key(a, pygame.K_RETURN)


def _to_the_weapon_phase_end(a) -> None:
    """Initiative typed in, both units hold in the movement phase, the
    JagerMech fires at the Shadow Hawk and the Shadow Hawk holds fire: the
    phase's end asks for the first to-hit roll."""
    initiative = iter([9, 4, 8, 3])
    for _ in range(80):
        if a.overlay == "dice" and a.game.phase == "weapon":
            return
        if a.overlay == "dice":
            _roll(a, next(initiative))
        elif a.flow.phase_done():
            click_button(a, "end_phase")
        elif a.game.phase == "weapon" and a.flow.may_act("jager") and a.selected == "jager":
            click_hex(a, a.game.world.component(a.game.units["hawk"], Position).hex)
            key(a, pygame.K_RETURN)
        elif a.game.phase == "weapon" and a.flow.may_act("jager"):
            a.do("select", "jager")
        else:
            key(a, pygame.K_h)
    raise AssertionError(f"the weapon phase's end never asked for a roll: {a.overlay}, {a.message}")


def _type_into_the_next_turn(a, totals) -> None:
    """Type the rolls the phases ask for, the next turn's initiative too
    (which the rest of the turn waits for), until its movement phase."""
    for _ in range(200):
        if a.overlay != "dice":
            return
        _roll(a, next(totals))
    raise AssertionError("the prompt kept asking")


def _state(a):
    return a.game.snapshots(), [e["type"] for e in a.game.log.events], a.game.turn, a.game.phase


def test_a_save_made_while_a_phase_end_roll_waits_resumes_at_the_prompt_with_the_rolls_typed(tmp_path):
    a = _table_battle(tmp_path)
    _to_the_weapon_phase_end(a)
    assert a.top.need.purpose == "to_hit" and a.top.resumes
    assert a.flow.phase_done() and not a.game.log.of_type("attack")    # every unit done, nothing resolved yet
    assert a.top.need.target == a.game.log.of_type("declare")[0]["to_hit"]
    _roll(a, 11)                                                        # the first to-hit roll: a hit
    assert a.overlay == "dice" and a.top.resumes and a.top.need.purpose == "location" and a.top.need.target is None
    asked = (a.top.need.purpose, a.top.need.count, a.top.need.for_, a.top.need.target)
    _save(a, "at-roll")
    (path,) = [p for p in a.saves.files() if "at-roll" in p]
    assert a.overlay == "dice" and not a.message_bad, a.message
    assert Replay.from_file(path).verify() == []
    totals = [7, 12, 5, 9, 3, 10, 8, 6, 11, 4, 2, 12] * 10
    _type_into_the_next_turn(a, iter(totals))
    after = _state(a)
    typed = [r["total"] for r in a.game.log.of_type("roll") if r["purpose"] != "initiative"]
    assert typed[0] == 11 and a.game.log.of_type("attack") and (a.game.turn, a.game.phase) == (2, "movement")

    b = App(pygame.display.set_mode((1280, 800)), save_dir=tmp_path, edge_pan=False, autosave=False)
    assert b.load(path), b.message
    assert b.overlay == "dice" and b.top.resumes, b.message
    assert (b.top.need.purpose, b.top.need.count, b.top.need.for_, b.top.need.target) == asked
    assert not b.game.log.of_type("attack")              # the end of the phase runs again, the 11 kept
    _type_into_the_next_turn(b, iter(totals))
    assert _state(b) == after


def test_a_save_is_refused_while_a_roll_waits_that_a_save_could_not_resume(tmp_path):
    """The first initiative roll: the start of the turn was taken back to
    before it; Ctrl+S and the menu's Save say why no save is made and
    write nothing; once the rolls are typed the battle saves."""
    a = _table_battle(tmp_path)
    assert a.overlay == "dice" and a.top.need.purpose == "initiative" and not a.top.resumes
    assert_save_refused(a, "dice", "cannot save while this roll waits: type the roll first")
    _roll(a, 9)
    _roll(a, 4)
    assert a.overlay != "dice" and a.game.phase == "movement"
    assert a.save("now") is not None


def test_a_weapon_pick_at_a_phase_end_with_the_dice_at_the_table_resumes_too(tmp_path):
    """rules/vehicles.md V-CE-14 with every roll typed in: the pick the end
    of the weapon phase stops at waits there as without the dice at the
    table, so a save made with it up resumes at it."""
    a = _battle(tmp_path, slot=2)
    a.set_game(a.game, None, table=Table(shared=True, dice_at_table=True))
    _fire_and_resolve(a)
    assert a.overlay == "weapon_pick" and a.top.resumes, a.message
    path = a.save("at-pick")
    assert path is not None and not a.message_bad, a.message
    _pick_srm(a)
    _type_into_the_next_turn(a, itertools.repeat(7))
    after = _state(a)
    assert _lost(a) == ["srm_6"] and a.overlay == "victory"           # every shot hits: the tank is lost

    b = App(pygame.display.set_mode((1280, 800)), save_dir=tmp_path, edge_pan=False, autosave=False)
    assert b.load(path), b.message
    assert b.overlay == "weapon_pick" and b.top.resumes and b.top.need.options == TURRET
    _pick_srm(b)
    _type_into_the_next_turn(b, itertools.repeat(7))
    assert _state(b) == after and b.overlay == "victory"


def test_the_to_hit_roll_asked_for_names_the_target_as_everywhere_else(tmp_path, monkeypatch):
    """The prompt for a to-hit roll says what it is for with both units
    by their names (the target was named by its id: "... at hawk")."""
    from engine.ui.screens import dice
    a = _table_battle(tmp_path)
    _to_the_weapon_phase_end(a)
    assert a.top.need.purpose == "to_hit" and a.top.need.for_.endswith(" at hawk")
    written = []
    real = dice.text
    monkeypatch.setattr(dice, "text", lambda surf, line, *r, **k: (written.append(line), real(surf, line, *r, **k))[1])
    a.draw()
    (line,) = [w for w in written if w.startswith("for ")]
    assert line.startswith("for JagerMech JM6-S: ") and line.endswith(" at Shadow Hawk SHD-2H")
