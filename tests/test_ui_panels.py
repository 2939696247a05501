"""What the window's panels, cards and record sheets say, checked against
the rules' own functions, and the previews and warnings before an attack
or a move is committed (Alpha Strike physical attacks, VTOL crashes),
driven by posting pygame events."""
from __future__ import annotations

import pygame

from components import Altitude, Ammo, Status, TurnState, VehicleCrits
from engine.ui import record_sheet
from tests.test_ui_app import (_pygame, _skip_to, app, click_button, click_hex, face_off, handover,  # noqa: F401
                               hex_of, key, pump)
from tests.helpers import make_game
from tests.vehicle_fixtures import add


def test_record_reads_ammunition_criticals_and_the_move_in_display_names():
    game = make_game()
    ent = add(game, "atlas", "atlas.toml", "0505")
    ammo = game.world.component(ent, Ammo)
    st = game.world.component(ent, Status)
    st.crits += ["ammo:ac_20", "jump_jet", "jump_jet", "weapon:medium_laser"]
    lines = [t for t, _c in record_sheet.detail_lines(game, ent)]
    total = {}
    for b in ammo.bins:
        total[b.type] = total.get(b.type, 0) + b.shots
    assert f"AC/20: {total['ac_20']} shots" in next(t for t in lines if t.startswith("ammo: "))
    assert "criticals: AC/20 ammo, jump jet x2, Medium Laser" in lines
    ts = game.world.component(ent, TurnState)
    ts.moved, ts.mode, ts.hexes_moved = True, "none", 0
    assert "this turn: stayed put" in record_sheet.status_lines(game, ent, "")
    ts.mode, ts.hexes_moved = "run", 1
    assert "this turn: ran 1 hex" in record_sheet.status_lines(game, ent, "")


def test_T_9_record_shows_the_driving_roll_penalty_from_motive_damage():
    from systems.vehicles import driving, motive_damage
    game = make_game()
    ent = add(game, "tank", "condor.toml", "0505")
    motive_damage.apply_result(game, ent, "moderate")
    game.world.component(ent, VehicleCrits).stun_turns = 1
    expected = sum(m.value for m in driving.standing_modifiers(game, ent))
    assert expected == 2
    assert "driving rolls +2 (moderate motive damage +2)" in record_sheet.status_lines(game, ent, "")
    assert "crew: stunned 1 turn" in [t for t, _c in record_sheet.detail_lines(game, ent)]


def test_mech_core_3_a_natural_2_misses_so_classic_chances_top_out_at_97_percent():
    from engine.ui import queries
    from systems.classic import weapon_attacks
    game = make_game()
    ent = add(game, "atlas", "atlas.toml", "0505")
    assert not weapon_attacks.roll_hits(2, -1) and weapon_attacks.roll_hits(3, 3)
    assert queries.hit_chance(game, ent, -1) == queries.hit_chance(game, ent, 2) == 35 / 36
    assert queries.hit_chance(game, ent, 8) == 15 / 36 and queries.hit_chance(game, ent, 13) == 0
    p = queries.Preview(to_hit=0, chance=queries.hit_chance(game, ent, 0))
    assert p.needs() == "needs 0 (97%)"


def test_AS_B5_a_number_of_2_or_less_is_an_automatic_hit():
    from engine.ui import queries
    from systems.alpha_strike import combat as as_combat
    from tests.alpha_strike_helpers import add_card
    game = make_game(12, 30, "alpha-strike")
    ent = add_card(game, "loki", "clan", "0505")
    assert as_combat.roll_hits(2, 2) and not as_combat.roll_hits(4, 5)
    assert queries.hit_chance(game, ent, -1) == queries.hit_chance(game, ent, 2) == 1.0
    assert queries.Preview(to_hit=-1, chance=1.0).needs() == "automatic hit"
    assert queries.hit_chance(game, ent, 3) == 35 / 36


# ---------------------------------------------------------------- driven through the window


def test_the_next_unit_comes_up_with_no_target_and_nothing_ticked_so_a_stray_enter_fires_nothing(app):
    from engine.hexgrid import Hex
    from components import Position
    g = app.game
    for uid, at in (("hopper", Hex(6, 8)), ("saladin_b", Hex(7, 8)), ("jager", Hex(6, 7)), ("saladin_r", Hex(7, 7))):
        g.world.component(g.units[uid], Position).hex = at
    assert _skip_to(app, "weapon")
    first = app.selected
    assert app.target is None and not any(app.fire.checks.values())
    key(app, pygame.K_t)                               # the player picks the target: its weapons are ticked
    assert app.target and any(app.fire.checks.values())
    key(app, pygame.K_RETURN)
    assert first in app.flow.acted
    for _ in range(3):                                 # the Enters meant for the hand-over and the digest ...
        if app.overlay is None:
            break
        key(app, pygame.K_RETURN)
    nxt = app.selected
    assert nxt and nxt != first and app.target is None and not any(app.fire.checks.values())
    fired = len(g.log.of_type("declare"))
    key(app, pygame.K_RETURN)                          # ... one too many fires nothing
    assert nxt not in app.flow.acted and len(g.log.of_type("declare")) == fired
    assert "no weapons chosen" in app.message


def test_a_prone_mech_has_one_arm_ticked_only_once_its_player_picks_the_target(app):
    g = face_off(app, jager_row=4, phase="weapon")
    g.world.component(g.units["hopper"], Status).prone = True
    app.drop_caches()
    app.do("select", "hopper")
    assert app.target is None and not any(app.fire.checks.values())
    click_hex(app, hex_of(app, "jager"))
    assert app.target == "jager"
    slots = {slot.order_name: slot for slot, _p in app.fire.previews("jager")}
    arms = {slots[n].mount.location for n, v in app.fire.checks.items() if v
            and slots[n].mount.location in ("left_arm", "right_arm")}
    assert len(arms) == 1


def _alpha_app(tmp_path, placements: dict):
    """alpha_skirmish.tmx with units placed (test setup), played on to the
    combat phase."""
    from components import Position
    from engine import session
    from engine.hexgrid import parse_hex_label
    from engine.paths import LEVELS
    from engine.ui.app import App
    lvl = LEVELS / "alpha_skirmish.tmx"
    a = App(pygame.display.set_mode((1400, 860)), session.new_game(str(lvl), [], 2), level=str(lvl),
            save_dir=tmp_path, edge_pan=False, autosave=False)
    for uid, at in placements.items():
        a.game.world.component(a.game.units[uid], Position).hex = parse_hex_label(at)
    a.drop_caches()
    return a


def _turn_of(a, uid: str, phase: str) -> None:
    for _ in range(60):
        if a.game.phase == phase and a.overlay is None and a.selected == uid:
            return
        if a.overlay is not None:
            handover(a)
        elif a.flow.phase_done():
            click_button(a, "end_phase")
        elif a.game.phase == phase and a.flow.may_act(uid):
            a.do("select", uid)
        else:
            key(a, pygame.K_h)         # the unit up now holds (stays put, holds fire)
    raise AssertionError(f"{uid} never got its {phase} phase")


AS_CLOSE = {"loki": "0404", "hunchback_as": "1313", "hatchetman_as": "0909", "firestarter_as": "0908"}


def test_AS_PHYS_2_a_melee_attack_is_previewed_with_its_damage_and_can_be_taken_back(tmp_path):
    a = _alpha_app(tmp_path, AS_CLOSE)
    _turn_of(a, "hatchetman_as", "combat")
    click_hex(a, hex_of(a, "firestarter_as"))
    assert a.fire.checks == {"": True}                      # the card's weapon attack, ticked
    labels = [label for label, _o, _p in a.physical.options("firestarter_as")]
    melee = labels.index("Melee attack (MEL)")
    declared = len(a.game.log.of_type("declare"))
    key(a, pygame.K_2 + melee)                              # 1 is the weapon attack
    assert a.physical.chosen == melee and not any(a.fire.checks.values())
    lines = [t for t, _bad in a.physical.chosen_lines()]
    p = a.physical.options("firestarter_as")[melee][2]
    assert lines[0] == p.needs() and p.to_hit == sum(v for _l, v in p.modifiers)
    assert lines[1] == "3 points of damage (Size 2 + 1 for MEL)"       # AS-SPA-MEL, W10
    assert lines[2] == "heat at the end of the turn: 0"
    hit = next(h for h in a.hits if h.action == "confirm")
    assert hit.enabled and len(a.game.log.of_type("declare")) == declared    # shown, not declared
    key(a, pygame.K_BACKSPACE)                              # taken back: nothing declared, target kept
    assert a.physical.chosen is None and a.target == "firestarter_as"
    assert len(a.game.log.of_type("declare")) == declared and a.flow.may_act("hatchetman_as")
    key(a, pygame.K_2)                                      # the standard attack instead: Size 2, no MEL
    assert a.physical.chosen_lines()[1][0] == "2 points of damage (Size 2)"
    key(a, pygame.K_1)                                      # ticking the weapon attack replaces it
    assert a.physical.chosen is None and a.fire.checks[""]
    key(a, pygame.K_2 + melee)
    key(a, pygame.K_RETURN)
    decl = a.game.log.of_type("declare")[-1]
    assert (decl["unit"], decl["attack"], decl["target"]) == ("hatchetman_as", "melee", "firestarter_as")
    assert "hatchetman_as" in a.flow.acted


def test_AS_SPA_HT_every_weapon_attack_shows_damage_and_heat_without_overheat_too(tmp_path):
    a = _alpha_app(tmp_path, AS_CLOSE)
    _turn_of(a, "firestarter_as", "combat")
    click_hex(a, hex_of(a, "hatchetman_as"))
    lines = [t for t, _bad in a.fire.attack_lines()]
    assert lines == ["Short range: 2 points of damage", "HT: +1 heat to Hatchetman HCT-3F at the end of the turn",
                     "heat at the end of the turn: 0"]
    pump(a)
    assert not [h for h in a.hits if h.action == "overheat"]      # OV 0: no overheat buttons


def test_P_PUNCH_a_classic_punch_chosen_shows_its_damage_before_enter_declares_it(app):
    from systems.classic import melee
    g = face_off(app, jager_row=5, phase="physical")
    click_hex(app, hex_of(app, "jager"))
    labels = [label for label, _o, _p in app.physical.options("jager")]
    left = labels.index("Punch (left arm)")
    key(app, pygame.K_1 + left)
    damage = melee.evaluate(g, g.units["hopper"], g.units["jager"], "punch", "left").damage
    assert damage == 7                                       # the Grasshopper: 70 tons / 10
    assert [t for t, _b in app.physical.chosen_lines()][1:] == ["7 points of damage"]
    assert not app.physical.declared("hopper")
    key(app, pygame.K_RETURN)
    assert [(d.attack, d.limb) for d in app.physical.declared("hopper")] == [("punch", "left")]


def test_P_PUNCH_every_physical_attack_is_listed_clear_of_the_panel_buttons(app):
    """With a punch chosen (its damage under it) the eight candidate
    attacks do not all fit above the panel's buttons: every possible one
    keeps its row, the impossible ones left over share one line whose tip
    gives each reason, and no row runs into the Declare button."""
    g = face_off(app, jager_row=5, phase="physical")
    click_hex(app, hex_of(app, "jager"))
    opts = app.physical.options("jager")
    assert len(opts) == 8
    key(app, pygame.K_1)
    pump(app)
    rows = {h.arg: h.rect for h in app.hits if h.action == "physical"}
    more = [h for h in app.hits if h.action == "physical_more"]
    buttons = [h.rect for h in app.hits if h.action in ("confirm", "hold", "hold_all", "physical_done")]
    assert buttons and all(r.bottom <= min(b.top for b in buttons) for r in [*rows.values(), *(h.rect for h in more)])
    possible = {i for i, (_l, _o, p) in enumerate(opts) if p.reason is None}
    assert possible <= set(rows)
    hidden = set(more[0].arg) if more else set()
    assert set(rows) | hidden == set(range(len(opts))) and not set(rows) & hidden
    for i in hidden:
        assert opts[i][2].reason in more[0].tip
    assert g.phase == "physical"


def test_P_PUNCH_the_shared_line_of_impossible_attacks_says_the_first_one_s_reason(app, monkeypatch):
    """One line of room left for the impossible attacks: it names the
    first with its reason (readable without hovering), then the others."""
    from engine.ui import physical_panel
    from engine.ui.layout import short_reason
    face_off(app, jager_row=5, phase="physical")
    click_hex(app, hex_of(app, "jager"))
    opts = app.physical.options("jager")
    key(app, pygame.K_1)
    written = []
    real = physical_panel.text
    monkeypatch.setattr(physical_panel, "text", lambda surf, s, *r, **k: (written.append(s), real(surf, s, *r, **k))[1])
    pump(app)
    (more,) = [h for h in app.hits if h.action == "physical_more"]
    first = more.arg[0]
    why = short_reason(opts[first][2].reason, app.target_name("jager"), app.name("hopper"))
    (line,) = [t for t in written if t.startswith("not possible: ")]
    assert line.startswith(f"not possible: {first + 1}. {opts[first][0]}: {why}"), line


def _shut_down(a, uid: str) -> None:
    """Test setup: the unit reached heat S in the last end phase (AS-SHUT-1)."""
    from components import AlphaStrikeHeat
    ent = a.game.units[uid]
    a.game.world.component(ent, AlphaStrikeHeat).level = 4
    a.game.world.component(ent, Status).shutdown = True
    a.drop_caches()


def test_AS_SHUT_1_a_shut_down_card_shows_move_0_and_immobile_and_its_controls_are_off(tmp_path):
    from engine.hexgrid import Hex
    from engine.ui import queries
    from systems.alpha_strike import card as as_card
    # The Hunchback beside the enemy too: its side has an attack to make, so
    # the combat phase is played, not passed for a side with nothing to do.
    a = _alpha_app(tmp_path, {**AS_CLOSE, "hunchback_as": "1008"})
    _shut_down(a, "loki")
    ent = a.game.units["loki"]
    assert as_card.ground_hexes(a.game, ent) == 1          # 10" - 2" per heat level: still a hex on paper
    assert queries.as_card_now(a.game, ent)["line"] == "now: Move 0, immobile (shut down), TMM -4"
    _turn_of(a, "loki", "movement")
    pump(a)
    modes = {h.arg: h for h in a.hits if h.action == "mode"}
    assert set(modes) == {"walk", "jump"} and not any(h.enabled for h in modes.values())
    assert all("shut down" in h.tip for h in modes.values())
    click_hex(a, Hex(4, 1))
    assert a.message_bad and "shut down" in a.message
    assert a.move.reach_hex == {}
    key(a, pygame.K_h)                                      # it stays put
    for _ in range(60):                                     # on to the combat phase
        if a.game.phase == "combat" and "loki" in a.flow.acted:
            break
        if a.overlay is not None:
            handover(a)
        elif a.flow.phase_done():
            click_button(a, "end_phase")
        else:
            key(a, pygame.K_h)
    # A shut-down unit makes no attack (AS-SHUT-1): it holds by itself, said in the log.
    assert (a.game.turn, a.game.phase) == (1, "combat")
    assert any("Loki" in n["text"] and "hold" in n["text"] for n in a.seat.notes)


def test_AS_SHUT_2_an_attack_needing_2_or_less_reads_automatic_hit(tmp_path):
    a = _alpha_app(tmp_path, {**AS_CLOSE, "loki": "0907"})
    _shut_down(a, "loki")
    _turn_of(a, "firestarter_as", "combat")
    click_hex(a, hex_of(a, "loki"))
    _slot, p = a.fire.previews("loki")[0]
    assert p.to_hit <= 2 and ("target shut down", -4) in p.modifiers
    pump(a)
    label = next(h for h in a.hits if h.action == "toggle_weapon")
    assert p.needs() == "automatic hit"
    from engine.ui import board
    a.hover_hex = hex_of(a, "loki")
    assert any(t == "Weapon attack: automatic hit" for t, _c in board.attack_lines(a, "loki"))
    assert label.enabled


def test_V_CE_7_the_record_of_a_vehicle_with_an_engine_hit_shows_cruise_0():
    from systems.vehicles import criticals as vehicle_criticals
    game = make_game()
    ent = add(game, "tank", "vedette.toml", "0505")
    assert "tracked, cruise 5" in record_sheet.status_lines(game, ent, "")
    vehicle_criticals.apply_effect(game, ent, "left", "engine_hit")
    assert "tracked, cruise 0" in record_sheet.status_lines(game, ent, "")


def test_mech_core_13_a_shut_down_mech_shows_no_MP_and_says_why(app, monkeypatch):
    from engine.ui import sidebar
    g = app.game
    handover(app)
    uid = app.selected
    g.world.component(g.units[uid], Status).shutdown = True
    app.drop_caches()
    app.do("select", uid)
    assert app.flow.may_act(uid) and app.move.reach_hex == {}
    shown = []
    real = sidebar.draw_unit_panel
    monkeypatch.setattr(sidebar, "draw_unit_panel",
                        lambda s, r, game, u, mp="": (shown.append(mp), real(s, r, game, u, mp)))
    pump(app)
    assert shown[-1].startswith("MP 0: shut down and cannot move")
    key(app, pygame.K_w)
    assert app.move.path == [] and "shut down" in app.message


def _coast_app(tmp_path):
    from engine import session
    from engine.paths import LEVELS
    from engine.ui.app import App
    lvl = LEVELS / "coast.tmx"
    return App(pygame.display.set_mode((1400, 860)), session.new_game(str(lvl), [], 2), level=str(lvl),
               save_dir=tmp_path, edge_pan=False, autosave=False)


def test_V_VTOL_11_a_vtol_landing_in_water_is_warned_before_and_confirmed_twice(tmp_path):
    a = _coast_app(tmp_path)
    g = a.game
    _turn_of(a, "warrior", "movement")
    assert g.map.terrain(hex_of(a, "warrior")).terrain == "water"         # the Warrior flies over the sea
    key(a, pygame.K_PAGEDOWN)
    key(a, pygame.K_l)                                                    # land: a crash into the water
    assert a.move.path[-1] == "land"
    assert a.message_bad and "destroys" in a.message and "crashed into water" in a.message
    pump(a)
    tips = [h.tip for h in a.hits if h.action == "" and h.tip]
    assert any(t.startswith("Destroys it: landing in") and "crashed into water" in t for t in tips)
    assert any("is a crash that destroys it" in t for t in tips)
    key(a, pygame.K_RETURN)                                               # the first Enter only asks
    assert not g.log.of_type("move") and a.flow.may_act("warrior")
    assert "Press Enter again" in a.message
    key(a, pygame.K_BACKSPACE)
    key(a, pygame.K_l)                                                    # a changed move asks again
    key(a, pygame.K_RETURN)
    assert not g.log.of_type("move")
    key(a, pygame.K_RETURN)                                               # confirmed twice: it is made
    assert g.log.of_type("move")[-1]["unit"] == "warrior"
    assert g.world.component(g.units["warrior"], Status).destroyed
    assert g.log.of_type("destroyed")[-1]["cause"] == "crashed into water"


def test_V_VTOL_4_the_badges_and_the_record_follow_each_climb(tmp_path, monkeypatch):
    from engine.ui import board, sidebar
    a = _coast_app(tmp_path)
    _turn_of(a, "warrior", "movement")
    limit = a.move.mp_limit()
    key(a, pygame.K_PAGEUP)                                               # altitude 3 -> 4
    assert a.move.planned().final.altitude == 4
    shown = []
    real = sidebar.draw_unit_panel
    monkeypatch.setattr(sidebar, "draw_unit_panel",
                        lambda s, r, game, u, mp="": (shown.append(mp), real(s, r, game, u, mp)))
    pump(a)
    assert "after this move: altitude 4" in shown[-1]
    checked = 0
    for h, (mp, k) in a.move.reach_hex.items():
        if k[2] != 4 or h == hex_of(a, "warrior"):
            continue
        a.hover_hex, a.move.hover_path = h, a.move.path_to(h)
        tip = next(t for t, _c in board.hover_lines(a) if t.startswith("Cruise: "))
        assert f"{limit - mp} MP left" in tip                           # the badge is the tooltip's number
        checked += 1
    assert checked > 10
    key(a, pygame.K_BACKSPACE)
    key(a, pygame.K_PAGEDOWN)                                             # down instead: the badges follow
    assert all(k[2] == 2 for _h, (_mp, k) in a.move.reach_hex.items()
               if any(kk[0] == _h and kk[2] == 2 for kk in a.move.reach))


def test_V_VTOL_4_a_climb_in_place_shows_one_altitude_badge_the_planned_one(tmp_path, monkeypatch):
    """PgUp plans a climb in the VTOL's own hex: its counter shows the
    altitude planned (A4) alone, not the ghost's badge printed over the
    standing one (A3 under A4 could not be read)."""
    from engine.ui import mapview
    a = _coast_app(tmp_path)
    _turn_of(a, "warrior", "movement")
    drawn = []
    real = mapview.render
    monkeypatch.setattr(mapview, "render", lambda label, *rest: (drawn.append(label), real(label, *rest))[1])
    pump(a)
    assert "A3" in drawn and "A4" not in drawn
    drawn.clear()
    key(a, pygame.K_PAGEUP)
    assert a.move.planned().final.hex == hex_of(a, "warrior") and a.move.planned().final.altitude == 4
    assert "A4" in drawn and "A3" not in drawn
    others = [u for u in a.game.units if u != "warrior" and a.game.world.try_component(a.ent(u), Altitude)]
    assert all(a.game.world.component(a.ent(u), Altitude).level not in (3, 4) for u in others)


def test_core_9_a_planned_path_lists_its_piloting_rolls_and_the_fall_a_failure_means(app):
    from components import Position
    from engine.hexgrid import Hex
    from engine.hexmap import Terrain
    from tests.test_ui_app import _select_in_movement
    g = app.game
    g.world.component(g.units["hopper"], Position).hex = Hex(5, 10)
    g.world.component(g.units["hopper"], Position).facing = 0
    g.map.set(Hex(5, 9), Terrain("rubble"))
    _select_in_movement(app, "hopper")
    key(app, pygame.K_w)
    assert app.move.planned().final.hex == Hex(5, 9)
    assert app.move.path_risks(app.move.path) == ["piloting roll at 0610 (entering rubble): needs 5+, a fall if it fails"]
    pump(app)
    assert any(h.tip == app.move.path_risks(app.move.path)[0] for h in app.hits)


def test_the_digest_reports_both_sides_kills_and_the_enemy_s_crashes(tmp_path):
    """Blue's Loki destroys the Firestarter; red's Warrior crashes: each
    side's digest says what it lost and what the other side lost."""
    from components import Armor, Structure
    from engine import combat_log
    from engine.ui.screens.handover import digest_summary
    a = _alpha_app(tmp_path, {**AS_CLOSE, "loki": "0907"})
    g = a.game
    fs = g.units["firestarter_as"]
    g.world.component(fs, Armor).points["unit"] = 0          # test setup: one hit finishes it
    g.world.component(fs, Structure).points["unit"] = 1
    g.dice.force("to_hit", 12, 2, 2, 2)
    _turn_of(a, "loki", "combat")
    click_hex(a, hex_of(a, "firestarter_as"))
    key(a, pygame.K_RETURN)                                   # the Loki fires
    digests: dict[str, list[str]] = {}
    seen_in_turn_2: set[str] = set()
    for _ in range(60):
        if len(seen_in_turn_2) == 2:
            break
        if a.overlay == "handover":         # the digest is on the hand-over screen
            digests.setdefault(a.top.side, []).extend(t for t, _c in digest_summary(a, a.top.side, a.top.events))
            if g.turn == 2:
                seen_in_turn_2.add(a.top.side)
            key(a, pygame.K_RETURN)
        elif a.overlay is not None:
            key(a, pygame.K_RETURN)
        elif a.flow.phase_done():
            click_button(a, "end_phase")
        else:
            key(a, pygame.K_h)
    assert g.world.component(fs, Status).destroyed
    blue, red = g.side_of(g.units["loki"]), g.side_of(fs)
    assert "Firestarter: DESTROYED (unit structure destroyed)" in digests[blue]        # its own kill
    assert "Firestarter: 1 damage, DESTROYED (unit structure destroyed)" in digests[red]   # its loss
    assert any(t.startswith("Your attacks: 1 of 1 hit") for t in digests[blue])
    crash = [{"turn": 3, "phase": "movement", "type": "crash", "unit": "heli", "damage": 3, "at": "0206",
              "cause": "landed in water"},
             {"turn": 3, "phase": "movement", "type": "destroyed", "unit": "heli", "cause": "crashed into water"}]
    assert combat_log.summary(crash, {"loki"}, {"heli": "Warrior"}) == [
        ("Warrior: crashed, DESTROYED (crashed into water)", "gain")]


def test_the_digest_holds_every_side_s_crashes_and_the_criticals_of_the_units_a_player_hit(tmp_path):
    a = _coast_app(tmp_path)
    g = a.game
    g.log.emit("crash", unit="warrior-2", damage=2, at="2205", side="front", hexes=1, cause="landed in water")
    g.log.emit("destroyed", unit="warrior-2", cause="crashed into water")
    g.log.emit("attack", attacker="saladin", target="manticore", attack="ac_20", to_hit=8, modifiers=[],
               roll=9, hit=True)
    g.log.emit("critical", unit="manticore", location="front", effect="engine_hit", roll=9)
    g.log.emit("critical", unit="shadow_hawk", location="left_leg", effect="gyro", slot=5)
    blue = g.side_of(g.units["saladin"])
    types = [(e["type"], e.get("unit")) for e in a.flow.digest(blue)]
    assert ("crash", "warrior-2") in types and ("destroyed", "warrior-2") in types
    assert ("critical", "manticore") in types                  # hit by blue's Saladin
    assert ("critical", "shadow_hawk") not in types             # nothing of blue's hit it


def test_no_tooltip_or_click_of_the_board_reaches_through_the_hand_over_and_its_digest(app, monkeypatch):
    from engine.ui import board, controls
    from engine.ui.screens.handover import HandOver
    handover(app)
    pump(app)
    mode = next(h for h in app.hits if h.action == "mode")
    app.open_overlay(HandOver(app.seat.viewing, events=[{"turn": 1, "phase": "movement", "type": "initiative",
                                                          "order": ["red", "blue"], "forced": False}]))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=mode.rect.center, rel=(0, 0), buttons=(0, 0, 0)))
    pump(app)
    hit = controls.hit_at(app, mode.rect.center)
    assert hit is None or hit.action in ("close", "scroll", "handover_done")
    assert not [h for h in app.hits if h.action == "mode"]
    asked = []
    monkeypatch.setattr(board, "hover_lines", lambda a: asked.append(a) or [("x", (0, 0, 0))])
    app.hover_hex = hex_of(app, app.selected)          # the hover left over from before the digest
    app.draw()
    assert not asked                                   # no hex tooltip over the hand-over


def test_an_alpha_strike_record_writes_its_criticals_below_the_card_inside_the_panel(monkeypatch):
    from components import AlphaStrikeCard
    from tests.alpha_strike_helpers import add_card
    game = make_game(12, 30, "alpha-strike")
    ent = add_card(game, "loki", "clan", "0505", specials=["CASE", "OVL"])
    game.world.component(ent, AlphaStrikeCard).crits.update({"fire_control_hit": 2, "weapon_hit": 1})
    game.world.component(ent, Status).crits += ["fire_control_hit", "fire_control_hit", "weapon_hit"]
    cards, lines = [], []
    real_card, real_text = record_sheet._draw_as_card, record_sheet.text
    monkeypatch.setattr(record_sheet, "_draw_as_card", lambda surf, r, *a: (cards.append(r), real_card(surf, r, *a)))
    monkeypatch.setattr(record_sheet, "text", lambda surf, s, pos, *a, **k: (lines.append((s, pos)),
                                                                             real_text(surf, s, pos, *a, **k))[1])
    surf = pygame.Surface((400, 380))
    panel = pygame.Rect(10, 0, 380, 370)
    record_sheet.draw_unit_panel(surf, panel, game, "loki")
    (s, (x, y)), = [(s, pos) for s, pos in lines if s.startswith("criticals: ")]
    assert s == "criticals: fire control hit x2, weapon hit"
    assert y >= cards[0].bottom and panel.left <= x and y < panel.bottom
    assert real_text(surf, s, (x, y), 11).right <= panel.right


def test_the_as_melee_demo_shows_a_melee_attack_chosen_and_not_yet_declared(app):
    from engine.ui.demo import run_demo
    run_demo(app, "as-melee")
    assert app.game.ruleset.name == "alpha-strike" and app.phase_kind() == "fire"
    label, order, p = app.physical.options(app.target)[app.physical.chosen]
    assert order.attack == "melee" and p.reason is None
    assert not [e for e in app.game.log.of_type("declare") if e["unit"] == app.selected]
    assert app.physical.chosen_lines()[1][0].endswith("for MEL)")


def test_the_vtol_warning_demo_shows_the_crash_warned_before_the_move(app):
    from engine.ui.demo import run_demo
    run_demo(app, "vtol-warning")
    uid = app.selected
    assert app.move.path == ["land"] and "crashed into water" in app.move.path_risks(app.move.path)[0]
    assert app.move.armed == (uid, app.move.mode, ("land",)) and "Press Enter again" in app.message
    assert not [e for e in app.game.log.of_type("move") if e["unit"] == uid]


def test_the_deployment_zone_is_outlined_over_deep_water(tmp_path):
    """Coastal Cliffs deploys blue on deep water, where the veil outside
    the zone is hardly seen: the zone's edge is drawn (every hexside
    between a zone hex and one outside it), as a movement range's is."""
    from engine import session
    from engine.hexgrid import neighbor
    from engine.paths import LEVELS
    from engine.ui import board
    from engine.ui.app import App
    from engine.ui.geometry import corners, map_pos
    a = App(pygame.display.set_mode((1400, 860)), save_dir=tmp_path, edge_pan=False, autosave=False)
    assert a.new_game(str(LEVELS / "coast.tmx"), seed=2, deploy=True)
    if a.overlay == "handover":
        key(a, pygame.K_RETURN)
    zone = a.deploy.zone()
    assert zone and a.phase_kind() == "deploy"
    for _ in range(5):
        a.draw()
    patch, rect = board.reach_patch(a, zone, 0)
    size = a.camera.size
    edges = 0
    for h in zone:
        x, y = map_pos(h, size)
        pts = corners(x - rect.x, y - rect.y, size)
        for d in range(6):
            if neighbor(h, d) in zone:
                continue
            p, q = pts[(d + 4) % 6], pts[(d + 5) % 6]
            mid = (int((p[0] + q[0]) / 2), int((p[1] + q[1]) / 2))
            near = [(mid[0] + i, mid[1] + j) for i in (-1, 0, 1) for j in (-1, 0, 1)]
            if all(patch.get_rect().collidepoint(n) for n in near):
                assert any(patch.get_at(n)[:3] == board.RANGE_EDGE for n in near), (a.game.map.label(h), d)
                edges += 1
    assert edges >= 12
