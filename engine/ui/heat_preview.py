"""The heat preview in the firing panel: a Classic mech's heat at the end
of the turn if it fires the weapons ticked, what it is made of, and the
heat-scale effects it reaches (movement, to-hit, shutdown and ammunition
rolls), all from queries.heat_forecast (the rules' heat functions)."""
from __future__ import annotations

from engine.ui import queries, theme
from engine.ui.layout import SIDE_W
from engine.ui.widgets import Hit, fit_text, text

import pygame


def draw(app, x: int, y: int, bottom: int) -> int:
    """Draw the preview for the selected unit at (x, y), above `bottom`;
    the y below it. Short of room for the effects' own line, they follow
    the heat on its line."""
    ticked = [name for name, on in app.fire.checks.items() if on]
    key = ("heat", app.selected, tuple(sorted(ticked)), len(app.game.log.events))
    cache = app.fire.cache
    if key not in cache:
        cache[key] = queries.heat_forecast(app.game, app.selected, ticked)
    fc = cache[key]
    if fc is None:
        return y
    s = app.screen
    grave = any(g for _t, g in fc.effects)
    colour = theme.BAD if grave else (theme.WARN if fc.effects else theme.GOOD)
    made_of = ", ".join(f"{why} +{v}" for why, v in fc.sources) or "no heat built up"
    said = "; ".join(t for t, _g in fc.effects)
    tip = f"{made_of}, heat sinks -{fc.dissipation}"
    one_line = bool(said) and y + 17 + 16 > bottom
    line = f"heat {fc.now} -> {fc.end}: {said}" if one_line else f"heat {fc.now} -> {fc.end} at the end of the turn"
    text(s, fit_text(line, 12, SIDE_W - 24, True), (x, y + 2), 12, colour, True)
    app.hits.append(Hit(pygame.Rect(x, y, SIDE_W - 16, 16), "", None, False,
                        f"{said} ({tip})" if one_line else tip))
    y += 17
    if said and not one_line:
        text(s, fit_text(said, 12, SIDE_W - 24), (x, y), 12, colour)
        app.hits.append(Hit(pygame.Rect(x, y, SIDE_W - 16, 16), "", None, False, said))
        y += 16
    return y + 4
