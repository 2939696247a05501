"""The fast reachable search: the step rules of systems/common/movement.py
(the shared step loop and the unit type's rules object), each kind of step
made for real once and then looked up.

`table_search` finds what `movement.search` finds, the cheapest-MP state
for every (hex, facing, altitude) with a path to it, in the same order, so
with the same path to each state. What makes it fast is how it makes a
step (`StepTable`):

- The first time, a step is made for real, by the unit's own `step`, on a
  probe: a copy of the state, with the game's map, that notes what the
  rules read: the state's flags (prone, turned, backward, tags), which
  fields of which hexes' terrain (and whether they are on the map, and who
  stands in them), and the state's MP spent, hexes entered and altitude,
  which are traced numbers (`Traced`): each comparison the rules make of
  one is recorded as the range of values that gives the same answer.
- The outcome (refused, or the change to the counters, the facing and the
  flags, and the piloting or driving rolls the step makes) is kept for
  every later state that agrees on what the token's steps have read: the
  same values of the flags, the same values of the terrain fields read of
  the hex left and of the hex entered (a hex off the map, or with units in
  it, agrees only with itself), counters inside the ranges. A rule that
  reads a traced number any other way (multiplies it, adds two of them,
  sets it outright...), reads another hex than these two and the one the
  unit stands in, or uses the map in a way that names no hex, keeps its
  outcome to its own state.
- Where a token leads (the hex it enters, relative to the facing) is learnt
  from the first step the rules allow, and checked at every real step.

So the step rules stay the one definition of legality, cost and rolls: a
new terrain cost, roll or limit flows into the search by itself. The table
assumes that the rules treat every facing alike, and that a step they
allowed only while the MP spent kept within the limit stays refused however
much more is spent (so that step is not made again for a state that has);
the equality tests (tests/test_step_table.py) check the search against
`movement.search` on random boards.

Every outcome carries the rolls its step makes (their count and their
modifiers summed), so that among ways of equal MP `table_search` keeps the
one with the fewest, then easiest, rolls, as `movement.search` does.
"""
from __future__ import annotations

import functools
from operator import attrgetter
from typing import TYPE_CHECKING

from components import Position
from engine.hexgrid import neighbors

if TYPE_CHECKING:
    from engine.game import Game

FLAGS = ("prone", "turned", "backward", "tags")       # state fields looked up by value
COUNTERS = ("mp", "hexes", "altitude")                # state fields traced (`Traced`)
LOW, HIGH = -10**9, 10**9
UNKNOWN = object()                                    # a token's lead before its first allowed step


class _Probe:
    """What one real step read: for each counter, the range of values on
    which every comparison made comes out the same; the flags read; for
    each hex looked at, the terrain fields read; whether the outcome can be
    kept at all."""

    __slots__ = ("mp", "hexes", "altitude", "flags", "looked_at", "opaque", "limit", "over_limit")

    def __init__(self, limit: int) -> None:
        self.mp = self.hexes = self.altitude = (LOW, HIGH)
        self.flags: set[str] = set()
        self.looked_at: dict = {}          # hex -> set of terrain fields read
        self.opaque = False
        self.limit = limit                 # the MP limit the step is made with
        self.over_limit = False            # the MP range ends where the MP spent would pass the limit


class Traced(int):
    """A counter of a probe state, `var` + `offset`, worth its value `v`.
    Adding or subtracting a plain number keeps it traced; comparing it
    records the range of `var` that gives the same answer; any other use
    marks the probe opaque."""

    def __new__(cls, value: int, var: str, offset: int, probe: _Probe) -> "Traced":
        self = int.__new__(cls, value)
        self.v, self.t = value, (var, offset, probe)
        return self

    def __add__(self, k):
        if type(k) is int:
            var, offset, probe = self.t
            return Traced(self.v + k, var, offset + k, probe)
        self.t[2].opaque = True
        return self.v + (k.v if isinstance(k, Traced) else k)

    __radd__ = __add__

    def __sub__(self, k):
        if type(k) is int:
            var, offset, probe = self.t
            return Traced(self.v - k, var, offset - k, probe)
        self.t[2].opaque = True
        return self.v - (k.v if isinstance(k, Traced) else k)

    def _record(self, other, relation: str, holds: bool) -> bool:
        """`var + offset <relation> other` came out `holds`: keep the range
        of `var` where it does again."""
        var, offset, probe = self.t
        if type(other) is not int:
            probe.opaque = True
            return holds
        c, x = other - offset, self.v - offset
        if relation == "<":
            lo, hi = (LOW, c - 1) if holds else (c, HIGH)
        elif relation == "<=":
            lo, hi = (LOW, c) if holds else (c + 1, HIGH)
        else:                                      # "==": x is c, or lies on one side of it
            lo, hi = (c, c) if x == c else ((LOW, c - 1) if x < c else (c + 1, HIGH))
        old_lo, old_hi = getattr(probe, var)
        if var == "mp" and hi < old_hi:         # the MP spent that keeps this step within the limit?
            probe.over_limit = relation == "<=" and holds and other == probe.limit
        setattr(probe, var, (lo if lo > old_lo else old_lo, hi if hi < old_hi else old_hi))
        return holds

    def __lt__(self, o):
        return self._record(o, "<", self.v < o)

    def __le__(self, o):
        return self._record(o, "<=", self.v <= o)

    def __gt__(self, o):
        return not self._record(o, "<=", self.v <= o)

    def __ge__(self, o):
        return not self._record(o, "<", self.v < o)

    def __eq__(self, o):
        return self._record(o, "==", self.v == o)

    def __ne__(self, o):
        return not self._record(o, "==", self.v == o)

    def __bool__(self):
        return not self._record(0, "==", self.v == 0)

    def __hash__(self):
        self.t[2].opaque = True
        return hash(self.v)

    def __repr__(self):
        return repr(self.v)

    __str__ = __repr__

    def __format__(self, spec):                     # in refusal sentences, which no outcome keeps
        return format(self.v, spec)


def _opaque(name: str):
    plain = getattr(int, name)

    def method(self, *args):
        self.t[2].opaque = True
        return plain(self.v, *(a.v if isinstance(a, Traced) else a for a in args))
    method.__name__ = name
    return method


for _name in ("__rsub__", "__mul__", "__rmul__", "__floordiv__", "__rfloordiv__", "__truediv__",
              "__rtruediv__", "__mod__", "__rmod__", "__divmod__", "__rdivmod__", "__pow__", "__rpow__",
              "__lshift__", "__rlshift__", "__rshift__", "__rrshift__", "__and__", "__rand__", "__xor__",
              "__rxor__", "__or__", "__ror__", "__neg__", "__pos__", "__abs__", "__invert__", "__index__",
              "__int__", "__float__", "__round__", "__trunc__", "__floor__", "__ceil__"):
    setattr(Traced, _name, _opaque(_name))


def _noted(name: str) -> property:
    def get(self):
        d = self.__dict__
        probe = d.get("_probe")
        if probe is not None:               # not on a copy made by dataclasses.replace
            probe.flags.add(name)
        return d[name]

    def put(self, value):                   # a frozen dataclass's __init__ sets its fields this way
        self.__dict__[name] = value
    return property(get, put)


@functools.cache
def probe_state_type(state_type: type) -> type:
    """The probes' copy of a state type (movement.MoveState): a state that
    notes the flags the rules read."""
    return type(f"Probe{state_type.__name__}", (state_type,),
                {"__doc__": "A probe's copy of a state: notes the flags the rules read.",
                 **{name: _noted(name) for name in FLAGS}})


class _ProbeTerrain:
    """A hex's terrain during a probe: notes the fields the rules read."""

    __slots__ = ("_terrain", "_fields")

    def __init__(self, terrain, fields: set) -> None:
        self._terrain, self._fields = terrain, fields

    def __getattr__(self, name):
        self._fields.add(name)
        return getattr(self._terrain, name)


class _ProbeMap:
    """The game's map during a probe: notes the hexes looked at and hands
    out their terrain as `_ProbeTerrain`; any other use of it than asking
    for a hex's terrain, whether it is on the map or its label (for
    sentences) makes the probe opaque."""

    def __init__(self, hexmap, probe: _Probe) -> None:
        self._map, self._probe = hexmap, probe

    def terrain(self, h):
        return _ProbeTerrain(self._map.terrain(h), self._probe.looked_at.setdefault(h, set()))

    def on_map(self, h) -> bool:
        self._probe.looked_at.setdefault(h, set())
        return self._map.on_map(h)

    def label(self, h) -> str:
        return self._map.label(h)

    def __getattr__(self, name):
        self._probe.opaque = True
        return getattr(self._map, name)


def _plain(value):
    return value.v if isinstance(value, Traced) else value


class _Token:
    """What the table knows of one token's steps: where it leads, which
    terrain fields of the hex left and of the hex entered its outcomes have
    read (None: the hex was not looked at), and the outcomes kept:
    (flags read, what was read of the hex left, of the hex entered) ->
    [(MP range, other counters' ranges or None, outcome)]."""

    __slots__ = ("name", "lead", "dirs", "left", "entered", "entries", "last", "left_seen", "entered_seen")

    def __init__(self, name: str) -> None:
        self.name, self.lead, self.dirs = name, UNKNOWN, ()
        self.left: tuple | None = None
        self.entered: tuple | None = None
        self.entries: dict = {}
        self.last: dict = {}               # key -> the entry last found for it (the next state is likely alike)
        self.left_seen: dict = {}          # hex -> what a step of this token reads of it as the hex left
        self.entered_seen: dict = {}       # ... as the hex entered


class StepTable:
    """The steps one unit makes in one search (its rules, mode and MP
    limit fixed), each kind made for real once (module docstring)."""

    def __init__(self, game: "Game", ent: int, rules, mode: str, limit: int, tokens: tuple[str, ...], step,
                 state_type: type) -> None:
        self.game, self.ent, self.rules, self.mode, self.limit = game, ent, rules, mode, limit
        self.step, self.probe_type = step, probe_state_type(state_type)
        self.hm = game.map
        self.standing = game.world.component(ent, Position).hex     # where the unit stands, for every step
        self.tokens = tuple(_Token(t) for t in tokens)
        self.around: dict = {}         # hex -> its six neighbours
        self._hexes: dict = {}         # hex -> ((hex,) when off the map or units stand there, else None; terrain)
        self._getters: dict = {}       # terrain fields -> a function reading them
        self.flags: tuple = ()         # the flags the rules have read
        self._flags_of: dict = {}      # a state's flags -> the values of the flags read

    def neighbors(self, h) -> tuple:
        n = self.around.get(h)
        if n is None:
            n = self.around[h] = neighbors(h)
        return n

    def read(self, h, fields: tuple | None):
        """What a step that reads `fields` of `h` sees: None when it does
        not look at `h`; off the map or with units in it, the hex itself;
        else the values of the fields."""
        if fields is None:
            return None
        seen = self._hexes.get(h)
        if seen is None:
            on_map = self.hm.on_map(h)
            seen = self._hexes[h] = ((h,) if not on_map or self.game.units_at(h) else None,
                                     self.hm.terrain(h) if on_map else None)
        alone, terrain = seen
        return alone if alone is not None else self._getter(fields)(terrain)

    def _getter(self, fields: tuple):
        got = self._getters.get(fields)
        if got is None:
            got = self._getters[fields] = attrgetter(*fields) if fields else (lambda terrain: ())
        return got

    def flags_read(self, flags: tuple) -> tuple:
        """The values, in a state's (prone, turned, backward, tags), of the
        flags the rules have read."""
        seen = self._flags_of.get(flags)
        if seen is None:
            seen = self._flags_of[flags] = tuple(v for name, v in zip(FLAGS, flags) if name in self.flags)
        return seen

    def key(self, token: _Token, seen: tuple, h, dest) -> tuple:
        """What `token`'s outcomes from `h` into `dest` are kept under: the
        flags read, what its steps read of the hex left and of the hex
        entered."""
        left = token.left_seen.get(h, UNKNOWN)
        if left is UNKNOWN:
            left = token.left_seen[h] = self.read(h, token.left)
        entered = None
        if dest != h:
            entered = token.entered_seen.get(dest, UNKNOWN)
            if entered is UNKNOWN:
                entered = token.entered_seen[dest] = self.read(dest, token.entered)
        return (seen, left, entered)

    def outcome(self, token: _Token, key: tuple, h, facing: int, mp: int, hexes: int, altitude: int,
                flags: tuple):
        """The outcome kept under `key` for this state, else the real step's.
        A step the rules allowed only while the MP spent stays within the
        limit is refused, without being made, from a state that has spent
        more (more MP spent never makes a step legal again)."""
        entries = token.entries.get(key, ())
        for entry in entries:
            mp_lo, mp_hi, extra, out, over_limit = entry
            if extra is None or (extra[0] <= hexes <= extra[1] and extra[2] <= altitude <= extra[3]):
                if mp_lo <= mp <= mp_hi:
                    token.last[key] = entry
                    return out
                if over_limit and mp > mp_hi:
                    token.last[key] = refused = (mp_hi + 1, HIGH, extra, None, False)
                    entries.append(refused)
                    return None
        return self.real(token, h, facing, mp, hexes, altitude, flags)

    def real(self, token: _Token, h, facing: int, mp: int, hexes: int, altitude: int, flags: tuple):
        """Make the step for real on a probe and keep its outcome for the
        states that agree on what it read (module docstring). The outcome:
        None when refused, else (facing turn, MP, hexes and altitude added,
        new flags, the rolls the step makes and their modifiers summed)."""
        probe = _Probe(self.limit)
        state = object.__new__(self.probe_type)
        state.__dict__.update(hex=h, facing=facing, mp=Traced(mp, "mp", 0, probe),
                              hexes=Traced(hexes, "hexes", 0, probe), prone=flags[0],
                              altitude=Traced(altitude, "altitude", 0, probe), turned=flags[1],
                              backward=flags[2], tags=flags[3], _probe=probe)
        game = self.game
        game.map = _ProbeMap(self.hm, probe)
        units_at = game.units_at
        game.units_at = lambda where: (probe.looked_at.setdefault(where, set()), units_at(where))[1]
        try:
            result = self.step(game, self.ent, self.rules, self.mode, state, token.name, self.limit)
        finally:
            game.map = self.hm
            del game.units_at
        out = None if isinstance(result, str) else self._change(token, h, facing, mp, hexes, altitude, *result,
                                                                  probe)
        if token.lead is not UNKNOWN and not probe.opaque:
            self._keep(token, h, facing, flags, probe, out)
        return out

    def _keep(self, token: _Token, h, facing: int, flags: tuple, probe: _Probe, out) -> None:
        dest = h if token.lead is None else self.neighbors(h)[token.dirs[facing]]
        looked_at = probe.looked_at
        if looked_at.keys() - {h, dest, self.standing}:
            return                                    # another hex, which a lookup would not look at
        if probe.flags - set(self.flags):             # the rules read another flag: look every step up by it
            self.flags = tuple(name for name in FLAGS if name in probe.flags or name in self.flags)
            self._flags_of.clear()
        left, entered = token.left, token.entered
        got = looked_at.get(h)
        if got is not None and (left is None or not got.issubset(left)):
            left = tuple(sorted(got.union(left or ())))
        got = looked_at.get(dest) if dest != h else None
        if got is not None and (entered is None or not got.issubset(entered)):
            entered = tuple(sorted(got.union(entered or ())))
        if (left, entered) != (token.left, token.entered):
            token.left, token.entered = left, entered
            token.entries.clear()
            token.last.clear()
            token.left_seen.clear()
            token.entered_seen.clear()
        extra = None if probe.hexes == probe.altitude == (LOW, HIGH) else (*probe.hexes, *probe.altitude)
        entry = (*probe.mp, extra, out, probe.over_limit)
        key = self.key(token, self.flags_read(flags), h, dest)
        token.entries.setdefault(key, []).append(entry)
        token.last[key] = entry

    def _change(self, token: _Token, h, facing: int, mp: int, hexes: int, altitude: int, new, rolls,
                probe: _Probe):
        """The outcome of an allowed step from this state to `new`."""
        around = self.neighbors(h)
        if token.lead is UNKNOWN:
            if new.hex == h:
                token.lead = None
            else:
                token.lead = next((d for d in range(6) if around[(facing + d) % 6] == new.hex), UNKNOWN)
                if token.lead is UNKNOWN:
                    raise RuntimeError(f"the {token.name!r} step went from {h} to {new.hex}, which is not "
                                       f"next to it: the reachable search cannot follow it")
                token.dirs = tuple((f + token.lead) % 6 for f in range(6))
        elif new.hex != (h if token.lead is None else around[token.dirs[facing]]):
            raise RuntimeError(f"the {token.name!r} step went from {h} to {new.hex}, not where its other "
                               f"steps went: the reachable search cannot follow it")
        d = new.__dict__
        added = []
        for var, was in zip(COUNTERS, (mp, hexes, altitude)):
            v = d[var]
            if type(v) is not Traced or v.t[0] != var:
                probe.opaque = True         # set outright, or made of another counter
            added.append(_plain(v) - was)
        rolls = tuple(rolls)
        for roll in rolls:
            if any(type(v) is Traced for v in roll):
                probe.opaque = True
                rolls = tuple(tuple(_plain(v) for v in r) for r in rolls)
                break
        return ((new.facing - facing) % 6, *added, (d["prone"], d["turned"], d["backward"], d["tags"]),
                len(rolls), sum(m for _reason, m in rolls if isinstance(m, int)))


def table_search(game: "Game", ent: int, rules, mode: str, state, limit: int,
                 tokens: tuple[str, ...], step, reach: type, prefix: tuple[str, ...] = ()) -> dict:
    """`movement.search` made with a `StepTable`: the same states, each with
    the same MP and rolls (a queue per MP spent, first in first out, with a
    state made again when a way of equal MP with fewer or easier rolls
    reaches it; of ways alike in all three either may be kept). `step` is
    the step rules' entry (movement.step) and `reach` the type of the
    values (movement.Reach)."""
    table = StepTable(game, ent, rules, mode, limit, tokens, step, type(state))
    toks, neighbors, flags_read, real, read, outcome = (table.tokens, table.neighbors, table.flags_read, table.real,
                                                        table.read, table.outcome)
    arounds, flags_of = table.around, table._flags_of
    best: dict = {(state.hex, state.facing, state.altitude): reach(state.mp, prefix)}
    queues: dict[int, list] = {state.mp: [(state.hex, state.facing, state.mp, state.hexes, state.altitude,
                                           (state.prone, state.turned, state.backward, state.tags), prefix,
                                           0, 0)]}
    new_reach = tuple.__new__
    while queues:
        spent = min(queues)
        queue = queues[spent]
        i = 0
        while i < len(queue):
            h, f, mp, hexes, alt, flags, path, rolls, roll_mods = queue[i]
            i += 1
            kept = best[(h, f, alt)]
            if kept[0] < mp or (kept[0] == mp and (kept[2], kept[3]) < (rolls, roll_mods)):
                continue                    # reached better since it was queued
            around = arounds.get(h)
            if around is None:
                around = neighbors(h)
            seen = flags_of.get(flags)
            if seen is None:
                seen = flags_read(flags)
            for tok in toks:
                lead = tok.lead
                if lead is UNKNOWN:         # a token the rules have allowed nowhere yet
                    out = real(tok, h, f, mp, hexes, alt, flags)
                    seen = flags_read(flags)
                    if out is None:
                        continue
                    dest = h if tok.lead is None else around[tok.dirs[f]]
                else:                       # the key: StepTable.key, inlined (the search's hot path)
                    left = None
                    if tok.left is not None:
                        left = tok.left_seen.get(h, UNKNOWN)
                        if left is UNKNOWN:
                            left = tok.left_seen[h] = read(h, tok.left)
                    if lead is None:
                        dest, entered = h, None
                    else:
                        dest, entered = around[tok.dirs[f]], None
                        if tok.entered is not None:
                            entered = tok.entered_seen.get(dest, UNKNOWN)
                            if entered is UNKNOWN:
                                entered = tok.entered_seen[dest] = read(dest, tok.entered)
                    key = (seen, left, entered)
                    e = tok.last.get(key)
                    if e is not None and e[0] <= mp <= e[1] and e[2] is None:
                        out = e[3]
                    else:
                        out = outcome(tok, key, h, f, mp, hexes, alt, flags)
                        seen = flags_read(flags)
                    if out is None:
                        continue
                turn, d_mp, d_hexes, d_alt, new_flags, step_rolls, step_mods = out
                n_mp = mp + d_mp
                n_rolls, n_mods = rolls + step_rolls, roll_mods + step_mods
                k = (dest, (f + turn) % 6, alt + d_alt)
                old = best.get(k)
                # The cheapest way; of equal MP the fewest, then easiest, rolls; the first of those.
                if old is None or old[0] > n_mp or (old[0] == n_mp and (old[2], old[3]) > (n_rolls, n_mods)):
                    if d_mp < 0:
                        raise RuntimeError(f"the {tok.name!r} step gave back MP: the reachable search "
                                           f"cannot order its states")
                    longer = path + (tok.name,)
                    best[k] = new_reach(reach, (n_mp, longer, n_rolls, n_mods))
                    q = queues.get(n_mp)
                    if q is None:
                        q = queues[n_mp] = []
                    q.append((dest, k[1], n_mp, hexes + d_hexes, k[2], new_flags, longer, n_rolls, n_mods))
        del queues[spent]
    return best
