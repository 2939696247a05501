"""The destroyed weapon's pick in the window (rules/vehicles.md V-CE-14),
driven by posted pygame events: a critical hit in the middle of the weapon
phase's resolution destroys a weapon of a tank; the side the die gave the
pick to is asked (a hand-over to it and back, or at a shared table at once),
its pick is a logged order, and the phase goes on with it; a save's replay
makes the same battle."""
from __future__ import annotations

import pygame

from components import Armor, Position, Weapons
from engine.replay import Replay
from engine.session import Table
from engine.ui.app import App
from tests.helpers import make_game
from tests.test_ui_app import _pygame, click_button, click_hex, key, pump, type_text  # noqa: F401
from tests.test_ui_panels import _turn_of
from tests.vehicle_fixtures import add

TURRET = ["lrm_10", "srm_6", "ppc"]


def _battle(tmp_path, slot: int, shared: bool = False) -> App:
    """A JagerMech (red) in front of a Manticore (blue) whose turret has no
    armor left: every hit there reaches the structure and rolls a critical,
    the first a weapon destroyed (T-3 turret 10), `slot` deciding who picks."""
    forced = {"to_hit": [12] * 12, "location": [10] * 12, "critical": [10] + [2] * 12, "slot": [slot]}
    game = make_game(12, 12, forced=forced)
    add(game, "jager", "jagermech.toml", "0603", 3, side="red")
    add(game, "mant", "manticore.toml", "0606", 0, side="blue")
    game.world.component(game.units["mant"], Armor).points["turret"] = 0
    a = App(pygame.display.set_mode((1280, 800)), game, level=None, save_dir=tmp_path, edge_pan=False,
            autosave=False)
    if shared:
        a.set_game(game, None, table=Table(shared=True))
    a.draw()
    return a


def _fire_and_resolve(a) -> None:
    _turn_of(a, "jager", "weapon")
    click_hex(a, a.game.world.component(a.game.units["mant"], Position).hex)
    key(a, pygame.K_RETURN)
    for _ in range(30):
        if a.overlay == "weapon_pick" or a.game.phase != "weapon":
            return
        key(a, pygame.K_RETURN if a.overlay is not None or a.flow.phase_done() else pygame.K_h)


def _lost(a) -> list[str]:
    return [m.type for m in a.game.world.component(a.game.units["mant"], Weapons).mounts if m.destroyed]


def test_V_CE_14_the_owner_picks_behind_a_hand_over_and_the_phase_goes_on_with_its_pick(tmp_path):
    a = _battle(tmp_path, slot=2)                     # 1-3: the owner, Blue
    _fire_and_resolve(a)
    assert a.overlay == "weapon_pick", a.message
    prompt = a.top
    assert prompt.need.side == "blue" and prompt.need.options == TURRET
    assert not a.game.log.of_type("weapon_destroyed")          # the resolution was taken back
    viewing = a.seat.viewing
    if viewing != "blue":                                      # the screen goes to Blue first
        assert prompt.stage == "pass_to" and prompt.hides_board
        key(a, pygame.K_RETURN)
    assert prompt.stage == "choose"
    pump(a)
    assert [h.arg for h in a.hits if h.action == "pick_weapon"] == [0, 1, 2]
    key(a, pygame.K_2)                                         # the SRM 6
    if viewing != "blue":
        assert prompt.stage == "pass_back" and a.overlay == "weapon_pick"
        key(a, pygame.K_RETURN)
    assert a.overlay != "weapon_pick"
    assert _lost(a) == ["srm_6"]
    (pick,) = a.game.log.of_type("weapon_pick")
    assert (pick["weapon"], pick["chooser"]) == ("srm_6", "owner")
    (lost,) = a.game.log.of_type("weapon_destroyed")
    assert (lost["weapon"], lost["chosen_by"]) == ("srm_6", "defender")
    path = a.save("picked")
    assert Replay.from_file(path).verify() == []               # the save's replay submits the pick again
    assert a.load(path) and _lost(a) == ["srm_6"]
    if a.overlay == "handover":
        key(a, pygame.K_RETURN)
    pump(a)
    a.log.update(a.game.log.events, a.short_names())       # drawn under a victory screen too
    assert any("Manticore: its owner picks the SRM 6 in turret" in line for line, _c in a.log.lines)


def test_V_CE_14_at_a_shared_table_the_attacker_is_asked_at_once_by_a_click(tmp_path):
    a = _battle(tmp_path, slot=5, shared=True)        # 4-6: the attacker, Red
    _fire_and_resolve(a)
    assert a.overlay == "weapon_pick" and a.top.stage == "choose"
    assert a.top.need.chooser == "attacker" and a.top.need.side == "red"
    click_button(a, "pick_weapon", 0)                          # the LRM 10
    assert _lost(a) == ["lrm_10"]
    assert a.game.log.of_type("weapon_pick")[0]["chooser"] == "attacker"


def test_V_CE_14_a_side_the_computer_plays_is_not_asked(tmp_path):
    a = _battle(tmp_path, slot=2)
    a.set_game(a.game, None, players={"blue": "bot:1"})
    assert a.game.choosers == {"red"}


def _pick_srm(a) -> None:
    """Blue picks the SRM 6 (behind a hand-over to it and back when needed)."""
    prompt = a.top
    if prompt.stage == "pass_to":
        key(a, pygame.K_RETURN)
    key(a, pygame.K_2)
    if a.overlay == "weapon_pick" and a.top.stage == "pass_back":
        key(a, pygame.K_RETURN)
    assert a.overlay != "weapon_pick"


def test_a_save_made_while_the_pick_waits_resumes_at_the_pick(tmp_path):
    """Saved (Ctrl+S) with the prompt up, the battle waits at the end of the
    weapon phase (the shots declared, every unit done): loaded, the same
    pick is asked again, and picking the same weapon makes the same battle
    as picking it without the save."""
    a = _battle(tmp_path, slot=2)
    _fire_and_resolve(a)
    assert a.overlay == "weapon_pick" and a.top.resumes
    assert a.game.phase == "weapon" and a.flow.phase_done() and not a.game.log.of_type("weapon_destroyed")
    key(a, pygame.K_s, mod=pygame.KMOD_CTRL)
    assert a.overlay == "save"
    type_text(a, "at-pick")
    key(a, pygame.K_RETURN)
    (path,) = [p for p in a.saves.files() if "at-pick" in p]
    assert a.overlay == "weapon_pick"
    assert Replay.from_file(path).verify() == []
    _pick_srm(a)
    after = (a.game.snapshots(), [e["type"] for e in a.game.log.events], a.game.turn, a.game.phase)
    assert _lost(a) == ["srm_6"]

    b = App(pygame.display.set_mode((1280, 800)), save_dir=tmp_path, edge_pan=False, autosave=False)
    assert b.load(path), b.message
    assert b.overlay == "weapon_pick", b.message
    assert (b.top.need.side, b.top.need.options, b.top.resumes) == ("blue", TURRET, True)
    assert not b.game.log.of_type("weapon_destroyed")
    _pick_srm(b)
    assert (b.game.snapshots(), [e["type"] for e in b.game.log.events], b.game.turn, b.game.phase) == after


def assert_save_refused(a, overlay: str, why: str) -> None:
    """Ctrl+S and the menu's Save both say `why` no save is made, on the
    prompt (`overlay`), and write nothing."""
    key(a, pygame.K_s, mod=pygame.KMOD_CTRL)
    assert a.overlay == overlay and a.message_bad and a.message.startswith(why), a.message
    a.say("")
    a.do("menu")
    assert a.overlay == "menu"
    click_button(a, "save_menu")
    assert a.overlay == overlay and a.message_bad and a.message.startswith(why), a.message
    assert a.save("anyway") is None and a.saves.files() == []


def test_a_save_is_refused_while_a_pick_waits_that_a_save_could_not_resume(tmp_path):
    """A pick whose action stopped elsewhere than at a phase's end (the
    game went back to before the action): Ctrl+S and the menu's Save say
    why no save is made, on the prompt, and write nothing."""
    from engine.orders import ChoiceNeeded
    from engine.ui.screens.weapon_pick import WeaponPick
    a = _battle(tmp_path, slot=2)
    need = ChoiceNeeded("mant", "turret", "owner", "blue", list(TURRET))
    a.open_overlay(WeaponPick(need, lambda: None, [], ["LRM 10", "SRM 6", "PPC"], "Manticore", None))
    assert_save_refused(a, "weapon_pick", "cannot save while this weapon pick waits")
    a.close_overlay()
    assert a.save("now") is not None
