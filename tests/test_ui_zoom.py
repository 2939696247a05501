"""A zoom on a large map never draws the whole view's chunks in one frame:
the frame after it makes some and shows the rest as the zoom drawn last,
scaled; the next frames make the rest, and the map then looks as if drawn
whole at once."""
import pygame

from engine import session
from engine.bench_setup import write_level
from engine.ui.app import App
from engine.ui.mapview import MapRenderer
from tests.test_ui_app import _pygame  # noqa: F401  (headless pygame for this module's windows)


def press(app, key):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
    app.pump()
    app.draw()


def test_a_zoom_spreads_the_map_chunks_over_frames_and_ends_drawn_whole(tmp_path):
    level = write_level(tmp_path, 60, 60, 6)
    app = App(pygame.display.set_mode((1400, 860)), save_dir=tmp_path, edge_pan=False, autosave=False)
    app.set_game(session.new_game(str(level), [], 1), str(level))
    app.do("handover_done")
    app.draw()
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
