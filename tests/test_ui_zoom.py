"""A zoom on a large map never draws the whole view's chunks in one frame:
the frame after it makes some and shows the rest as the zoom drawn last,
scaled; the next frames make the rest, and the map then looks as if drawn
whole at once."""
import pygame

from engine import session
from engine.bench_setup import write_level
from engine.ui.app import App
from engine.ui.mapview import MapRenderer, chunk_px
from tests.test_ui_app import _pygame  # noqa: F401  (headless pygame for this module's windows)


def press(app, key):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
    app.pump()
    app.draw()


def shown_battle(tmp_path):
    """A window on a 60x60 generated level, handed over, its first frame drawn."""
    level = write_level(tmp_path, 60, 60, 6)
    app = App(pygame.display.set_mode((1400, 860)), save_dir=tmp_path, edge_pan=False, autosave=False)
    app.set_game(session.new_game(str(level), [], 1), str(level))
    app.do("handover_done")
    app.draw()
    return app


def test_a_zoom_spreads_the_map_chunks_over_frames_and_ends_drawn_whole(tmp_path):
    app = shown_battle(tmp_path)
    assert not app.renderer.pending                      # the first frame draws the map whole
    view = pygame.Rect(app.camera.view)
    press(app, pygame.K_MINUS)                           # zoom out: many chunks at the new size
    assert app.renderer.pending
    shown = app.screen.subsurface(view).copy()
    assert len({shown.get_at((x, y))[:3] for x in range(0, view.w, 37) for y in range(0, view.h, 41)}) > 3
    for _ in range(60):
        if not app.renderer.pending:
            break
        app.draw()
    assert not app.renderer.pending
    cam = app.camera
    drawn, whole = pygame.Surface(view.size), pygame.Surface(view.size)
    app.renderer.draw(drawn, drawn.get_rect(), cam.ox, cam.oy, cam.size, 8)
    MapRenderer(app.game, app.renderer.art).draw(whole, whole.get_rect(), cam.ox, cam.oy, cam.size)
    assert pygame.image.tobytes(drawn, "RGB") == pygame.image.tobytes(whole, "RGB")


def test_zooming_again_before_the_chunks_are_made_scales_what_the_last_frame_showed(tmp_path):
    app = shown_battle(tmp_path)
    view = pygame.Rect(app.camera.view)
    for _ in range(3):                                   # three zooms out, each before the last is drawn whole
        press(app, pygame.K_MINUS)
        assert app.renderer.pending and app.renderer._picture[3] == app.camera.size
        shown = app.screen.subsurface(view).copy()
        assert len({shown.get_at((x, y))[:3] for x in range(0, view.w, 37) for y in range(0, view.h, 41)}) > 3
    while app.renderer.pending:
        app.draw()
    assert app.renderer._picture is None


def _renderer_and_view(tmp_path):
    level = write_level(tmp_path, 60, 60, 6)
    app = App(pygame.display.set_mode((1400, 860)), save_dir=tmp_path, edge_pan=False, autosave=False)
    app.set_game(session.new_game(str(level), [], 1), str(level))
    return MapRenderer(app.game, app.renderer.art), pygame.Rect(0, 0, 700, 500), app.camera.size


def test_the_chunks_just_outside_the_view_are_drawn_hex_by_hex_over_frames_and_come_out_whole(tmp_path):
    renderer, view, size = _renderer_and_view(tmp_path)
    px = chunk_px(size)
    screen = pygame.Surface(view.size)
    renderer.draw(screen, view, 3 * px, 3 * px, size)
    made_in_view = set(renderer._chunks)
    calls = 0
    while renderer.prefetch(view, 3 * px, 3 * px, size, until=0.0) == 0 and calls < 10_000:
        calls += 1                                        # a spent budget: one hex a call
    assert calls > 20                                     # the first chunk took many calls
    for _ in range(20_000):
        renderer.prefetch(view, 3 * px, 3 * px, size, until=0.0)
    ring = set(renderer._chunks) - made_in_view
    assert {(size, cx, cy) for cx in range(2, 3 + view.w // px + 2) for cy in range(2, 3 + view.h // px + 2)
            if (size, cx, cy) not in made_in_view} == ring and not renderer._making
    shown, whole = pygame.Surface(view.size), pygame.Surface(view.size)
    renderer.draw(shown, view, 2.5 * px, 2.5 * px, size)
    MapRenderer(renderer.game, renderer.art).draw(whole, view, 2.5 * px, 2.5 * px, size)
    assert pygame.image.tobytes(shown, "RGB") == pygame.image.tobytes(whole, "RGB")


def test_a_pan_gets_the_chunks_it_heads_for_first(tmp_path):
    renderer, view, size = _renderer_and_view(tmp_path)
    px = chunk_px(size)
    x, y = 4 * px + 30, 4 * px + 30                     # 20 pixels to the left shows the same chunks
    renderer.draw(pygame.Surface(view.size), view, x, y, size)
    while renderer.prefetch(view, x - 20, y, size, until=0.0) == 0:     # the view was left of here
        pass
    before = set(renderer._chunks)
    while renderer.prefetch(view, x, y, size, until=0.0) == 0:     # ... and pans right
        pass
    (_size, cx, _cy), = set(renderer._chunks) - before
    assert cx == 4 + (view.w - 1) // px + 1                         # the column just right of the view


def test_a_battle_shown_is_kept_out_of_the_collectors_sight_and_the_one_before_is_freed(tmp_path):
    """App.keep_alive: the battle's objects are frozen (gc.freeze) when it is
    shown and at each new turn; showing another battle frees the first."""
    import gc
    import weakref
    level = write_level(tmp_path, 16, 16, 4)
    app = App(pygame.display.set_mode((1400, 860)), save_dir=tmp_path, edge_pan=False, autosave=False)
    first = session.new_game(str(level), [], 1)
    app.set_game(first, str(level))
    assert gc.get_freeze_count() > 0
    app.update(1 / 60)
    assert app._frozen_turn == first.turn == 1
    gone = weakref.ref(first)
    del first
    app.set_game(session.new_game(str(level), [], 2), str(level))
    assert gone() is None
    app.game.log.turn += 1
    app.update(1 / 60)
    assert app._frozen_turn == app.game.turn
