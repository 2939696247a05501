"""Draw the unit art of the board's counters: `assets/counters/counters.png`
and its index `counters.json`.

Run from anywhere (headless, no window):

    SDL_VIDEODRIVER=dummy python assets/make_counters.py

One picture per kind of unit and weight class: a BattleMech, a tracked,
wheeled or hover vehicle, a VTOL and a WiGE craft, each light, medium,
heavy and assault (bulkier and larger as the class goes up). The pictures
are white silhouettes with a dark outline on a transparent ground, seen
from the side and facing right; the board draws them on the side's colour
(engine/ui/counter_art.py). `ART` lists them; its order is the cell order
of the sheet (`counters.json` names each cell), so add new pictures at the
END.
"""
from __future__ import annotations

import json
import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

CELL = 96                    # final pixels of one picture
SS = 4                       # supersampling factor (drawn at 4x, smoothed down)
COLUMNS = 4
OUT = Path(__file__).resolve().parent / "counters"
CLASSES = ("light", "medium", "heavy", "assault")
KINDS = ("mech", "tracked", "wheeled", "hover", "vtol", "wige")
ART = [f"{kind}-{cls}" for kind in KINDS for cls in CLASSES]

FILL = (250, 250, 250, 255)
LINE = (20, 22, 26, 255)


def _poly(surf, pts, w: float) -> None:
    pygame.draw.polygon(surf, FILL, pts)
    pygame.draw.polygon(surf, LINE, pts, max(1, int(w)))


def _rect(surf, x, y, w, h, line: float) -> None:
    _poly(surf, [(x, y), (x + w, y), (x + w, y + h), (x, y + h)], line)


def _circle(surf, c, r, line: float) -> None:
    pygame.draw.circle(surf, FILL, c, r)
    pygame.draw.circle(surf, LINE, c, r, max(1, int(line)))


def mech(surf, k: float, bulk: float) -> None:
    """A BattleMech from the front: legs, torso, arms, head; `bulk` 0..1."""
    u = CELL * SS / 100 * k
    cx, base = CELL * SS / 2, CELL * SS / 2 + 44 * u
    lw = u * (7 + 4 * bulk)                      # leg width
    tw = u * (15 + 9 * bulk)                     # torso half-width
    line = 2.2 * SS
    for side in (-1, 1):                         # legs with feet
        x = cx + side * (3 * u + lw / 2)
        _poly(surf, [(x - lw / 2, base - 40 * u), (x + lw / 2, base - 40 * u), (x + lw / 2 + 2 * u, base - 6 * u),
                     (x + side * 6 * u + lw / 2, base), (x - lw / 2 - 2 * u, base)], line)
    top = base - 80 * u
    _poly(surf, [(cx - tw, top + 6 * u), (cx + tw, top + 6 * u), (cx + tw * 0.8, top + 42 * u),
                 (cx - tw * 0.8, top + 42 * u)], line)            # torso
    aw = u * (7 + 4 * bulk)
    for side in (-1, 1):                                          # arms, shoulders
        x = cx + side * (tw + aw / 2 + 1 * u)
        _rect(surf, x - aw / 2, top + 4 * u, aw, 40 * u, line)
        if bulk > 0.5:
            _rect(surf, x - aw * 0.75, top, aw * 1.5, 12 * u, line)
    _rect(surf, cx - 8 * u, top - 10 * u, 16 * u, 16 * u, line)   # head
    pygame.draw.rect(surf, LINE, (cx - 5 * u, top - 5 * u, 10 * u, 4 * u))   # the cockpit


def _hull(surf, k: float, bulk: float, y_shift: float = 0.0) -> tuple[float, float, float, float]:
    u = CELL * SS / 100 * k
    cx, cy = CELL * SS / 2, CELL * SS / 2 + y_shift * u
    w, h = (62 + 18 * bulk) * u, (16 + 8 * bulk) * u
    line = 2.2 * SS
    x0, y0 = cx - w / 2, cy - h / 2
    _poly(surf, [(x0, y0 + h * 0.2), (x0 + w * 0.85, y0), (x0 + w, y0 + h * 0.45), (x0 + w * 0.92, y0 + h),
                 (x0 + w * 0.05, y0 + h)], line)
    tw, th = (22 + 10 * bulk) * u, (10 + 5 * bulk) * u          # turret and gun, facing right
    tx, ty = cx - tw * 0.4, y0 - th
    _poly(surf, [(tx, ty + th), (tx + tw * 0.1, ty), (tx + tw * 0.85, ty), (tx + tw, ty + th)], line)
    _rect(surf, tx + tw * 0.9, ty + th * 0.3, (18 + 6 * bulk) * u, (2.5 + 2 * bulk) * u, line)
    return x0, y0, w, h


def tracked(surf, k: float, bulk: float) -> None:
    x0, y0, w, h = _hull(surf, k, bulk, -6)
    u = CELL * SS / 100 * k
    line = 2.2 * SS
    ty, th = y0 + h, (12 + 4 * bulk) * u
    _poly(surf, [(x0 + th / 2, ty), (x0 + w - th / 2, ty), (x0 + w, ty + th / 2), (x0 + w - th / 2, ty + th),
                 (x0 + th / 2, ty + th), (x0, ty + th / 2)], line)
    n = 4 + int(bulk * 2)
    for i in range(n):
        _circle(surf, (x0 + th / 2 + i * (w - th) / (n - 1), ty + th / 2), th * 0.32, 1.5 * SS)


def wheeled(surf, k: float, bulk: float) -> None:
    x0, y0, w, h = _hull(surf, k, bulk, -6)
    u = CELL * SS / 100 * k
    r = (7 + 2 * bulk) * u
    n = 3 if bulk < 0.6 else 4
    for i in range(n):
        _circle(surf, (x0 + r + 2 * u + i * (w - 2 * r - 4 * u) / (n - 1), y0 + h + r * 0.6), r, 2.2 * SS)


def hover(surf, k: float, bulk: float) -> None:
    x0, y0, w, h = _hull(surf, k, bulk, -6)
    u = CELL * SS / 100 * k
    sh = (9 + 3 * bulk) * u
    _poly(surf, [(x0 - 3 * u, y0 + h), (x0 + w + 3 * u, y0 + h), (x0 + w - 4 * u, y0 + h + sh),
                 (x0 + 4 * u, y0 + h + sh)], 2.2 * SS)                      # the skirt
    for i in range(3):
        y = y0 + h + sh + 3 * u + i * 3 * u
        pygame.draw.line(surf, FILL, (x0 + 10 * u + i * 6 * u, y), (x0 + w - 10 * u - i * 6 * u, y), int(1.5 * SS))


def vtol(surf, k: float, bulk: float) -> None:
    u = CELL * SS / 100 * k
    cx, cy = CELL * SS / 2, CELL * SS / 2 + 4 * u
    line = 2.2 * SS
    bw, bh = (40 + 12 * bulk) * u, (20 + 6 * bulk) * u
    _poly(surf, [(cx - bw * 0.9, cy - 2 * u), (cx - bw * 0.2, cy - 4 * u), (cx - bw * 0.2, cy + 3 * u),
                 (cx - bw * 0.9, cy + 2 * u)], line)                            # tail boom
    _rect(surf, cx - bw * 0.95, cy - 12 * u, 6 * u, 14 * u, line)                # tail fin
    body = pygame.Rect(0, 0, bw, bh)
    body.center = (cx + bw * 0.2, cy)
    pygame.draw.ellipse(surf, FILL, body)
    pygame.draw.ellipse(surf, LINE, body, int(line))
    pygame.draw.ellipse(surf, LINE, (body.centerx + bw * 0.1, body.y + bh * 0.2, bw * 0.3, bh * 0.4))   # canopy
    _rect(surf, body.centerx - 2 * u, body.y - 8 * u, 4 * u, 8 * u, line)       # mast
    _rect(surf, body.centerx - (32 + 8 * bulk) * u, body.y - 11 * u, (64 + 16 * bulk) * u, 4 * u, line)  # rotor
    for dx in (-bw * 0.3, bw * 0.3):                                             # skids
        pygame.draw.line(surf, LINE, (body.centerx + dx, body.bottom), (body.centerx + dx, body.bottom + 6 * u),
                         int(line))
    _rect(surf, body.centerx - bw * 0.45, body.bottom + 5 * u, bw * 0.9, 3 * u, 1.5 * SS)


def wige(surf, k: float, bulk: float) -> None:
    u = CELL * SS / 100 * k
    cx, cy = CELL * SS / 2, CELL * SS / 2
    line = 2.2 * SS
    bw, bh = (70 + 14 * bulk) * u, (14 + 6 * bulk) * u
    _poly(surf, [(cx - bw / 2, cy - bh * 0.8), (cx - bw * 0.35, cy - bh / 2), (cx + bw * 0.3, cy - bh / 2),
                 (cx + bw / 2, cy), (cx + bw * 0.3, cy + bh / 2), (cx - bw / 2, cy + bh / 2)], line)
    _poly(surf, [(cx - bw * 0.1, cy), (cx + bw * 0.15, cy), (cx - bw * 0.05, cy + bh * 1.6),
                 (cx - bw * 0.3, cy + bh * 1.6)], line)                          # the wing


DRAW = {"mech": mech, "tracked": tracked, "wheeled": wheeled, "hover": hover, "vtol": vtol, "wige": wige}


def render(name: str) -> pygame.Surface:
    kind, cls = name.split("-")
    i = CLASSES.index(cls)
    big = pygame.Surface((CELL * SS, CELL * SS), pygame.SRCALPHA)
    DRAW[kind](big, 0.74 + 0.085 * i, i / 3)
    return pygame.transform.smoothscale(big, (CELL, CELL))


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    rows = -(-len(ART) // COLUMNS)
    sheet = pygame.Surface((COLUMNS * CELL, rows * CELL), pygame.SRCALPHA)
    for i, name in enumerate(ART):
        sheet.blit(render(name), ((i % COLUMNS) * CELL, (i // COLUMNS) * CELL))
    pygame.image.save(sheet, str(OUT / "counters.png"))
    index = {"image": "counters.png", "cell": CELL, "columns": COLUMNS, "art": {n: i for i, n in enumerate(ART)}}
    (OUT / "counters.json").write_text(json.dumps(index, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {OUT / 'counters.png'} and counters.json ({len(ART)} pictures)", file=sys.stderr)


if __name__ == "__main__":
    main()
