"""Choosing a mech's physical attacks (Classic physical phase, section 4):
every possible punch, kick, push, club or hatchet on the enemies next to
it (and on a building next to it worth bringing down, engine/bot/buildings.py), valued with what a kick or a push may make fall (engine/bot/attacks.py).
Which attacks a mech may combine is the rules' to say: after each attack
declared the options call answers again. To compare combinations, each of
the best first attacks is declared on a scratch copy of the game (a
declaration rolls nothing; the copy's dice are sealed), the best of what
then remains added while it pays, and the best whole set is kept."""
from __future__ import annotations

from components import Position
from engine.bot.attacks import Shot, shots_against
from engine.bot.buildings import building_shots
from engine.bot.value import Valuer
from engine.bot.whatif import sealed_dice
from engine.game import Game
from engine.hexgrid import distance

FIRST_CHOICES = 3


def adjacent_enemies(game, uid: str, enemies: list[str]) -> list[str]:
    here = game.world.component(game.units[uid], Position).hex
    return [e for e in enemies if distance(here, game.world.component(game.units[e], Position).hex) <= 1]


def _options(game, valuer: Valuer, uid: str, targets: list[str]) -> list[Shot]:
    by_target = shots_against(game, valuer, uid, targets, kinds=("physical",))
    found = [s for t in targets for s in by_target[t] if s.value > 0]
    found += building_shots(game, valuer, uid, kinds=("physical",))
    return sorted(found, key=lambda s: -s.value)


def _greedy(game, uid: str, targets: list[str], first: Shot | None) -> tuple[float, list[Shot]]:
    """Declare `first` then, while one pays, the best attack the rules still allow."""
    chosen: list[Shot] = []
    valuer = Valuer(game)
    nxt = first
    while nxt is not None:
        if game.check(nxt.option.order) is not None:
            break
        game.submit(nxt.option.order)
        chosen.append(nxt)
        left = _options(game, valuer, uid, targets)
        nxt = left[0] if left else None
    return sum(s.value for s in chosen), chosen


def plan_physical(game, valuer: Valuer, uid: str, enemies: list[str]) -> list[Shot]:
    """The physical attacks to declare, in order (none when none pays)."""
    targets = adjacent_enemies(game, uid, enemies)
    if not targets:
        return []
    first = _options(game, valuer, uid, targets)
    if len(first) <= 1:
        return first
    best: tuple[float, list[Shot]] = (0.0, [])
    state = game.to_dict(record=False, events=False)
    for start in first[:FIRST_CHOICES]:
        scratch = Game.from_dict(state)
        scratch.record["setup"] = {}      # nothing to replay: no snapshot of the copy
        try:
            with sealed_dice(scratch):
                total, chosen = _greedy(scratch, uid, targets, start)
        finally:
            scratch.close()
        if total > best[0]:
            best = (total, chosen)
    return best[1]
