"""Aiming at a building from the firing and physical panels, driven by
posted pygame events (rules/buildings.md B-ATK-1..3, B-CLASS, B-COLL-6):
the to-hit the rules give (an automatic hit from the next hex), the CF
falling in the game and on screen, the ruler and the hover naming the
class and CF, a collapse drawn as rubble."""
from __future__ import annotations

import pygame

from components import Position
from engine.hexgrid import neighbors, parse_hex_label
from engine.session import training_ground
from engine.ui import board, queries
from engine.ui.app import App
from systems.classic import buildings
from engine.ui.screens.handover import digest_lines
from tests.test_ui_app import _pygame, click_hex, key, move_mouse, pump  # noqa: F401
from tests.test_ui_panels import _turn_of

H = parse_hex_label
BUILDING = "0612"          # the training ground's medium building, height 2, CF 40


def _game_at(tmp_path, hopper_at: str, facing: int = 0, cf: int | None = None) -> App:
    game = training_ground(seed=3)
    pos = game.world.component(game.units["hopper"], Position)
    pos.hex, pos.facing = H(hopper_at), facing
    if cf is not None:
        game.map.set(H(BUILDING), game.map.terrain(H(BUILDING)).with_building_fixed(cf))
    a = App(pygame.display.set_mode((1280, 800)), game, level=None, save_dir=tmp_path, edge_pan=False,
            autosave=False)
    a.draw()
    return a


def _board_shown(a) -> None:
    """Past the hand-over, the board drawn again (its log brought up to date)."""
    while a.overlay is not None:
        key(a, pygame.K_RETURN)
    pump(a)


def _block_drawn(a) -> bool:
    """Is the building's grey block drawn in its hex (engine/ui/mapview.py)?"""
    a.camera.center_on(H(BUILDING))
    move_mouse(a, (5, 5))
    x, y = a.camera.to_screen(H(BUILDING))
    return tuple(a.screen.get_at((int(x - a.camera.size * 0.4), int(y + a.camera.size * 0.3))))[:3] == (105, 100, 98)


def _cf(a) -> int:
    return a.game.map.terrain(H(BUILDING)).construction_factor


def test_B_ATK_1_clicking_a_building_next_to_the_unit_aims_at_it_and_fire_brings_its_cf_down(tmp_path, monkeypatch):
    a = _game_at(tmp_path, "0613")
    _turn_of(a, "hopper", "weapon")
    click_hex(a, H(BUILDING))
    assert a.target == queries.building_key(BUILDING) and "the building in 0612" in a.message
    previews = a.fire.previews(a.target)
    ready = [p for _s, p in previews if p.reason is None]
    assert ready and all(p.needs() == "automatic hit" for p in ready)      # from the next hex (B-ATK-1)
    pump(a)
    shown = [h.tip for h in a.hits if h.action == "toggle_weapon"]
    assert shown, "the panel lists the weapons against the building"
    before = _cf(a)
    key(a, pygame.K_RETURN)            # Fire: one order per ticked weapon, target_hex 0612
    attacks = [e for e in a.game.log.of_type("declare") if e.get("target_hex") == BUILDING]
    assert len(attacks) == len(ready)
    for _ in range(40):                # the others hold; the phase ends and resolves
        if a.game.phase != "weapon":
            break
        if a.overlay is not None:
            key(a, pygame.K_RETURN)
        elif a.flow.phase_done():
            key(a, pygame.K_RETURN)
        else:
            key(a, pygame.K_h)
    damage = [e for e in a.game.log.of_type("building_damage") if e["hex"] == BUILDING]
    assert damage and _cf(a) == before - sum(e["damage"] for e in damage) < before
    _board_shown(a)
    assert any(f"CF {_cf(a)} left" in line for line, _c in a.log.lines), "the combat log says the CF left"
    a.hover_hex = H(BUILDING)
    assert any(f"CF {_cf(a)}" in line for line, _c in board.hover_lines(a))
    shown = []
    real = board.widgets_render
    monkeypatch.setattr(board, "widgets_render", lambda s, *args, **kw: (shown.append(s), real(s, *args, **kw))[1])
    pump(a)
    assert f"-{before - _cf(a)} CF {_cf(a)}" in shown, "the board shows the damage and the CF left on the hex"


def test_B_ATK_1_t_cycles_to_a_building_two_hexes_away_with_the_immobile_target_to_hit(tmp_path):
    a = _game_at(tmp_path, "0614")
    _turn_of(a, "hopper", "weapon")
    for _ in range(len(queries.enemies(a.game, "hopper")) + 1):
        key(a, pygame.K_t)
        if a.target == queries.building_key(BUILDING):
            break
    assert a.target == queries.building_key(BUILDING)
    (slot, p), *_ = [(s, p) for s, p in a.fire.previews(a.target) if p.reason is None]
    assert ("target immobile (a building)", -4) in p.modifiers and p.needs().startswith("needs ")
    pygame.image.save(a.screen, str(tmp_path / "aim.png"))


def test_B_ATK_3_a_kick_on_the_next_building_is_offered_hits_without_a_roll_and_lowers_the_cf(tmp_path):
    a = _game_at(tmp_path, "0613")
    _turn_of(a, "hopper", "physical")
    click_hex(a, H(BUILDING))
    assert a.target == queries.building_key(BUILDING)
    labels = [label for label, _o, p in a.physical.options(a.target) if p.reason is None]
    assert "Kick (left leg)" in labels and "Push" not in labels
    kick = labels.index("Kick (left leg)")
    key(a, pygame.K_1 + kick)
    assert a.physical.chosen == kick and "automatic hit" in a.message
    before = _cf(a)
    key(a, pygame.K_RETURN)
    for _ in range(40):
        if a.game.phase != "physical":
            break
        key(a, pygame.K_RETURN if a.overlay is not None or a.flow.phase_done() else pygame.K_h)
    (bd,) = [e for e in a.game.log.of_type("building_damage") if e["hex"] == BUILDING]
    assert bd["cause"].startswith("kick") and _cf(a) == before - bd["damage"]


def test_B_COLL_6_a_building_shot_to_cf_0_collapses_and_the_board_draws_rubble(tmp_path):
    a = _game_at(tmp_path, "0613", cf=3)
    _turn_of(a, "hopper", "weapon")
    click_hex(a, H(BUILDING))
    assert _block_drawn(a)
    key(a, pygame.K_RETURN)
    digests = []
    for _ in range(40):
        if a.overlay == "handover":
            digests.append(digest_lines(a, a.top.side, a.top.events, 600))
        if a.game.phase == "movement":
            break
        key(a, pygame.K_RETURN if a.overlay is not None or a.flow.phase_done() else pygame.K_h)
    assert [e["hex"] for e in a.game.log.of_type("collapse")] == [BUILDING]
    shown = [str(line[0]) for lines in digests for line in lines]
    assert "Building collapsed: 0612" in shown, "the other side's digest tells of the collapse"
    assert a.game.map.terrain(H(BUILDING)).terrain == "rubble"
    _board_shown(a)
    assert not _block_drawn(a), "the building's block is no longer drawn"
    a.hover_hex = H(BUILDING)
    assert any("rubble of a medium building" in line for line, _c in board.hover_lines(a))


def test_the_ruler_names_a_building_s_class_and_cf_and_the_to_hit_at_it(tmp_path):
    a = _game_at(tmp_path, "0614")
    _turn_of(a, "hopper", "weapon")
    key(a, pygame.K_u)
    click_hex(a, H("0614"))
    click_hex(a, H(BUILDING))
    lines = [line for line, _c in a.ruler.lines(a.ruler.reading())]
    assert "0612: medium building, height 2, CF 40" in lines
    assert any(line.startswith("Medium Laser") and "needs" in line for line in lines)


def test_an_alpha_strike_unit_aims_at_no_building_as_its_rules_have_no_attack_on_one(tmp_path):
    from engine.hexmap import Terrain
    from tests.test_ui_panels import AS_CLOSE, _alpha_app
    a = _alpha_app(tmp_path, AS_CLOSE)
    next_to = neighbors(a.game.world.component(a.game.units["loki"], Position).hex)[0]
    a.game.map.set(next_to, Terrain("building", building=1))
    assert queries.aim_in(a.game, "loki", next_to) is None
    assert queries.building_targets(a.game, "loki", "fire") == []


def test_a_unit_with_only_a_building_to_attack_does_not_hold_by_itself(tmp_path):
    from engine.hexmap import Terrain
    a = _game_at(tmp_path, "0613")
    _turn_of(a, "hopper", "physical")           # no enemy near: only the building next to it
    assert queries.only_holds(a.game, "hopper", "physical") is None
    a.game.map.set(H(BUILDING), Terrain("clear"))
    assert queries.only_holds(a.game, "hopper", "physical") == "no attack it could make"


def test_the_buildings_demo_enters_a_building_shoots_it_down_and_shows_the_rubble(tmp_path):
    """`--demo buildings` (engine/ui/demo.py) through the window's own
    actions: B-MOVE-2/5 (the entry roll, the CF down by the mech's weight),
    B-ATK-1 (shots at the hex), B-COLL-1/3/6 (the collapse at the end of the
    weapon phase, the mech inside hit, rubble)."""
    from engine.ui.demo import run_demo
    a = _game_at(tmp_path, "0316")
    run_demo(a, "buildings")
    g = a.game
    (entry,) = [e for e in g.log.of_type("move") if e["to"] == BUILDING]
    mech = entry["unit"]
    assert g.kind(g.units[mech]) == "mech"
    assert [e["unit"] for e in g.log.of_type("psr") if e["reason"] == buildings.ENTRY] == [mech]
    damage = [e for e in g.log.of_type("building_damage") if e["hex"] == BUILDING]
    assert damage[0]["cause"] == f"entered by {mech}" and damage[0]["cf_left"] == 40 - 7   # a 70 t mech
    shots = [e for e in damage[1:] if e["phase"] == "weapon"]
    assert shots and shots[-1]["cf_left"] == 0
    (col,) = g.log.of_type("collapse")
    assert (col["hex"], col["units"], col["cf"]) == (BUILDING, [mech], 33)
    assert any(e["cause"] == "building collapse" for e in g.log.of_type("damage") if e["unit"] == mech)
    assert g.map.terrain(H(BUILDING)).terrain == "rubble"
    assert a.hover_hex == H(BUILDING) and a.inspect == mech
    assert any("rubble of a medium building" in line for line, _c in board.hover_lines(a))


def _charge_at_a_roof(tmp_path, height: int) -> App:
    """The window with the Grasshopper one hex south of the training
    ground's building after 1 hex walked (1 + 3 MP of its 4), the JagerMech
    on the building's roof, now `height` levels tall."""
    from engine.hexmap import Terrain
    game = training_ground(seed=3)
    game.map.set(H(BUILDING), Terrain("building", 0, building=height, building_class="medium", cf=90))
    pos = game.world.component(game.units["hopper"], Position)
    pos.hex, pos.facing = H("0614"), 0
    jager = game.world.component(game.units["jager"], Position)
    jager.hex, jager.facing, jager.on_roof = H(BUILDING), 3, True
    a = App(pygame.display.set_mode((1280, 800)), game, level=None, save_dir=tmp_path, edge_pan=False,
            autosave=False)
    _turn_of(a, "hopper", "movement")
    key(a, pygame.K_w)
    assert a.move.path == ["F"]
    return a


def _charges_offered_at_a_roof(tmp_path, height: int) -> list[str]:
    return [label for label, _o in _charge_at_a_roof(tmp_path, height).move.declarations()]


def test_section_4_the_move_panel_offers_no_charge_at_a_mech_on_a_roof_2_levels_up(tmp_path):
    """The move panel asks the rules' declaration check: a JagerMech on a
    height-2 roof is out of a charge's reach from the ground (within 1
    level, MegaMek ChargeAttackAction): only the charge on the building
    itself is offered (B-PHYS-3); on a height-1 roof the JagerMech is too."""
    assert _charges_offered_at_a_roof(tmp_path, 2) == ["Charge the building in 0612"]
    assert _charges_offered_at_a_roof(tmp_path, 1) == ["Charge JagerMech JM6-S", "Charge the building in 0612"]


def test_section_4_the_move_panel_says_why_the_mech_on_the_roof_is_not_offered_beside_the_building(tmp_path):
    """With the charge on the building offered, the panel still shows the
    reason the rules give for not offering one at the JagerMech on the
    height-2 roof: the charge's reach (charge.reach_error, within 1 level)."""
    from systems.classic import charge
    a = _charge_at_a_roof(tmp_path, 2)
    g = a.game
    reason = charge.reach_error(g, g.units["hopper"], H("0613"), g.units["jager"])
    assert reason is not None and "within 1 level" in reason
    assert [label for label, _o in a.move.declarations()] == ["Charge the building in 0612"]
    assert a.move.refusals() == [("charge", "JagerMech JM6-S", reason)]
    pump(a)
    refusal = [h for h in a.hits if h.tip == reason]
    offer = [h for h in a.hits if h.action == "declare"]
    assert len(refusal) == 1 and len(offer) == 1 and refusal[0].rect.top >= offer[0].rect.bottom
    pygame.image.save(a.screen, str(tmp_path / "roof_charge.png"))
    # Pressed, the building's charge is armed and the reason stays on show.
    key(a, pygame.K_g)
    assert a.move.declare is not None and [h for h in a.hits if h.tip == reason]
