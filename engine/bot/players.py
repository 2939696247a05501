"""The players of the computer's sides by name (engine/bot/names.py), and
the simple players the computer opponent is measured against: `random`
(random orders of every kind, those the rules accept: engine/random_play.py
makes them) and `greedy` (walks towards the nearest enemy and fires
everything in range). `make_player` builds one. Every player answers the
driver's two questions (engine/bot/driver.py): which of its waiting units
acts next (`choose_unit`) and that unit's orders for the phase (`act`, a
generator the driver sends each order's refusal back into)."""
from __future__ import annotations

from typing import Generator

from components import Position
from engine import random_play
from engine.bot import sides
from engine.bot.computer import Computer
from engine.bot.moves import end_states
from engine.bot.names import parse_player
from engine.dice import player_generator
from engine.hexgrid import distance
from engine.orders import Order
from systems.common.movement import motion_rules
from systems.common.options import attack_options

RANDOM_TRIES = 12         # random moves tried before the unit stays


def make_player(name: str, side: str):
    """The player `name` (not `human`) for `side`."""
    name = parse_player(name)
    if name.startswith("bot:"):
        return Computer(side, int(name.split(":")[1]))
    return {"random": RandomPlayer, "greedy": Greedy}[name](side)


def _nearest_first(game, uid: str) -> list[str]:
    here = game.world.component(game.units[uid], Position).hex
    foes = sides.enemies(game, game.side_of(game.units[uid]))
    return sorted(foes, key=lambda u: (distance(here, game.world.component(game.units[u], Position).hex), u))


class Greedy:
    """Walks (cruises) towards the nearest enemy and fires every weapon
    that can reach one, nearest first; in the physical phase it makes every
    attack the rules allow on the nearest enemy next to it."""

    def __init__(self, side: str) -> None:
        self.side = side
        self.name = "greedy"

    def choose_unit(self, game, waiting: list[str]) -> str:
        return waiting[0]

    def act(self, game, uid: str) -> Generator[Order, str | None, None]:
        foes = _nearest_first(game, uid)
        if game.phase == "movement":
            yield from self._move(game, uid, foes)
            return
        fired: set[int] = set()
        for target in foes:
            for opt in attack_options(game, uid, target):
                if not opt.possible:
                    continue
                if opt.kind == "weapon" and game.phase in ("weapon", "combat") and opt.mount not in fired:
                    if (yield opt.order) is None:
                        fired.add(opt.mount)
                elif opt.kind == "physical" and game.phase in ("physical", "combat") and not fired:
                    yield opt.order

    def _move(self, game, uid: str, foes: list[str]):
        ent = game.units[uid]
        first = motion_rules(game, ent).modes[0]
        there = [game.world.component(game.units[f], Position).hex for f in foes[:1]]
        cands = [c for c in end_states(game, ent) if c.mode == first]
        if there:
            cands.sort(key=lambda c: (distance(c.hex, there[0]), len(c.path)))
        for c in cands:
            if (yield c.move_order(uid)) is None:
                return


class RandomPlayer:
    """Random orders of every kind (engine/random_play.py), of which the
    ones the rules accept are made; its own generator per unit and phase."""

    def __init__(self, side: str) -> None:
        self.side = side
        self.name = "random"

    def choose_unit(self, game, waiting: list[str]) -> str:
        return player_generator(game.dice.seed, self.side, game.turn, game.phase, len(waiting)).choice(waiting)

    def act(self, game, uid: str) -> Generator[Order, str | None, None]:
        rng = player_generator(game.dice.seed, self.side, game.turn, game.phase, uid)
        if game.phase == "movement":
            for _ in range(RANDOM_TRIES):
                if (yield random_play.random_move(game, rng, uid)) is None:
                    return
            return
        for _ in range(rng.randint(1, 4)):
            yield random_play.random_fire(game, rng, uid) if game.phase in ("weapon", "combat") \
                else random_play.random_physical(game, rng, uid)
        if game.phase == "combat" and rng.random() < 0.3:
            yield random_play.random_physical(game, rng, uid)
