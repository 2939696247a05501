"""Layout constants of the window and short labels for names and
refusal sentences."""
from __future__ import annotations

import re

TOP = 34
SIDE_W = 380
MIN_WINDOW = (900, 600)      # below this the sidebar leaves too little of the map
UNIT_PANEL_H = 370          # the record sheet in full
UNIT_PANEL_MIN_H = 268      # its paper doll, vehicle outline or Alpha Strike card and its status column
ACTION_PANEL_H = 236        # the panel of the phase: never shortened
LOG_MIN_H = 120


def unit_panel_h(window_h: int) -> int:
    """The record sheet's height in a window `window_h` high: in full,
    unless the panel of the phase and the combat log's least would then
    not fit under it; then shorter, its lines under the doll cut, down to
    the doll and the status column (the log then takes what is left)."""
    return max(UNIT_PANEL_MIN_H, min(UNIT_PANEL_H, window_h - TOP - ACTION_PANEL_H - LOG_MIN_H))
MODE_LABELS = {"walk": "Walk", "run": "Run", "jump": "Jump", "cruise": "Cruise", "flank": "Flank"}


_NOT_NAMES = {"Light", "Medium", "Heavy", "Assault", "Attack", "Hover", "Tank", "Helicopter", "Prime"}


def short_name(name: str) -> str:
    """'Shadow Hawk SHD-2H' -> 'Shadow Hawk', 'Atlas AS7-D' -> 'Atlas',
    'Condor Heavy Hover Tank' -> 'Condor'."""
    words = name.split()
    out = words[:1]
    if len(words) > 1 and words[1][:1].isupper() and words[1] not in _NOT_NAMES \
            and not any(c.isdigit() for c in words[1]) and "-" not in words[1]:
        out.append(words[1])
    return " ".join(out) or name


def short_reason(reason: str, target_name: str = "", actor_name: str = "") -> str:
    """A refusal sentence trimmed for a one-line list (the full sentence is
    in the hover tip): without the target's "NAME is " or the acting
    unit's "NAME " at its start, and without a closing rule reference."""
    r = reason
    if target_name and r.startswith(target_name + " is "):
        r = r[len(target_name) + 4:]
    elif actor_name and r.startswith(actor_name + " "):
        r = r[len(actor_name) + 1:]
    r = re.sub(r" \([^()]*\)\.?$", "", r)
    return r
