"""Playing the players' turns through the turn flow (engine/turnflow.py:
the alternating order of play, as in the hot-seat window): `step` makes
one action, one unit of a side played by the computer acting in the phase
(or a phase without orders, or one every unit has acted in, ending). Each
order a player gives is checked (`game.check`) and submitted only when the
rules accept it, and the player is told the answer; the orders go through
`submit` (the window passes the hot-seat's, so moves can be taken back as
a person's can). The CPU time a player spends deciding (not the rules'
time carrying the orders out) is counted per side and turn in `Tally`."""
from __future__ import annotations

import time
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any, Callable

from engine import deployment
from engine.orders import Order


@dataclass
class Tally:
    """What the players did: CPU seconds deciding per (side, turn), orders
    submitted and orders the rules refused at the check (never submitted)."""

    seconds: dict[tuple[str, int], float] = field(default_factory=lambda: defaultdict(float))
    submitted: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    refused: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    reasons: list[tuple[str, int, str, str]] = field(default_factory=list)   # (side, turn, phase, why refused)


@dataclass
class Action:
    """What one step did: the unit that acted (None: a phase ended, or the
    deployment of a side was confirmed) and the orders made."""

    side: str | None
    unit: str | None
    orders: list[Order]


def step(game, flow, players: dict[str, Any], submit: Callable[[Order], Any] | None = None,
         tally: Tally | None = None) -> Action | None:
    """One action of a side played by `players` (side -> player), or None
    when a person is to act or the battle is over."""
    if deployment.active(game):
        side = deployment.current_side(game)
        if side not in players:
            return None
        deployment.confirm(game, side)       # the computer keeps the placement it was given
        if not deployment.active(game):
            flow.start()
        return Action(side, None, [])
    if flow.over:
        return None
    if not flow.interactive() or flow.phase_done():
        flow.next_phase()
        flow.settle()
        return Action(None, None, [])
    side = flow.current_side
    player = players.get(side)
    if player is None:
        return None
    tally = tally if tally is not None else Tally()
    waiting = flow.waiting(side)
    started = time.process_time()
    uid = player.choose_unit(game, waiting)
    tally.seconds[(side, game.turn)] += time.process_time() - started
    made = play_unit(game, player, uid, submit or game.submit, tally)
    flow.unit_done(uid)
    return Action(side, uid, made)


def play_unit(game, player, uid: str, submit: Callable[[Order], Any], tally: Tally) -> list[Order]:
    """Run `player`'s orders for `uid`: check each, submit the accepted ones."""
    side, turn = game.side_of(game.units[uid]), game.turn
    made: list[Order] = []
    orders = player.act(game, uid)
    ask: Callable[[], Order] = lambda: next(orders)
    while True:
        started = time.process_time()
        try:
            order = ask()
        except StopIteration:
            return made
        finally:
            tally.seconds[(side, turn)] += time.process_time() - started
        answer = game.check(order)
        if answer is None:
            submit(order)
            made.append(order)
            tally.submitted[side] += 1
        else:
            tally.refused[side] += 1
            tally.reasons.append((side, turn, game.phase, answer))
        ask = lambda answer=answer: orders.send(answer)


def play_side(game, player, side: str, tally: Tally | None = None) -> None:
    """Every unit of `side` able to fight acts in the current phase, in the
    order `player` chooses (a scenario's computer side: no turn flow)."""
    from engine.bot.sides import friends
    tally = tally if tally is not None else Tally()
    waiting = friends(game, side)
    while waiting:
        uid = player.choose_unit(game, waiting)
        waiting.remove(uid)
        if game.can_fight(game.units[uid]):
            play_unit(game, player, uid, game.submit, tally)
