"""Hypothesis stateful test: for random games (Classic and Alpha Strike, on
generated maps and shipped levels, with the hot-seat window's section) at
random points of play (any phase, mid-phase with declarations pending),
load(save(game)) equals the game: the same state, the same front-end
section, the same file written back."""
import random

from hypothesis import HealthCheck, settings, strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from engine import random_play as rp
from engine import saves
from engine.paths import LEVELS
from engine.persistence import CHECKS, HOTSEAT_KEY as KEY

LEVEL_FILES = sorted(LEVELS.glob("*.tmx"))


class SaveAndLoad(RuleBasedStateMachine):
    game = None

    @initialize(seed=st.integers(0, 2 ** 16), ruleset=st.sampled_from(["classic", "alpha-strike"]),
                on_level=st.booleans())
    def start(self, seed, ruleset, on_level):
        self.rng = random.Random(seed)
        level = self.rng.choice(LEVEL_FILES) if on_level else None
        self.game = rp.random_game(self.rng, ruleset=ruleset, level=level, units_per_side=2)
        self.stamp()

    def stamp(self):
        """The hot-seat section a window would write at this point."""
        g = self.game
        sides = list(g.initiative or g.sides)
        g.frontend[KEY] = {"flow": {"sequence": sides, "pos": self.rng.randint(0, len(sides)),
                                    "acted": [u for u in g.units][:1], "seen": {s: len(g.log.events) for s in sides}},
                           "level": None, "viewing": self.rng.choice(sides)}

    @precondition(lambda self: self.game is not None and self.game.winner is None)
    @rule()
    def next_phase(self):
        g = self.game
        phases = g.ruleset.phases
        if g.phase in ("setup", phases[-1]):
            if g.phase != "setup":
                g.end_phase()
            g.start_turn()
            g.start_phase(phases[0])
        else:
            g.end_phase()
            g.start_phase(phases[phases.index(g.phase) + 1])
        self.stamp()

    @precondition(lambda self: self.game is not None and self.game.winner is None)
    @rule(count=st.integers(1, 6))
    def give_orders(self, count):
        for order in rp.random_orders(self.game, self.rng, self.game.phase)[:count]:
            self.game.submit(order)

    @precondition(lambda self: self.game is not None)
    @rule()
    def go_on_with_the_loaded_game(self):
        loaded = saves.loads(saves.dumps(self.game), "state", CHECKS)
        self.game.close()
        self.game = loaded

    @invariant()
    def load_of_save_equals_the_game(self):
        if self.game is None:
            return
        text = saves.dumps(self.game)
        loaded = saves.loads(text, "state", CHECKS)
        try:
            assert saves.dumps(loaded) == text
            assert loaded.frontend == self.game.frontend
            assert loaded.snapshots() == self.game.snapshots()
            mine, theirs = self.game.to_dict(), loaded.to_dict()
            for state in (mine, theirs, (mine["record"]["setup"] or {}), (theirs["record"]["setup"] or {})):
                state.get("map", {}).pop("source", None)      # a save keeps the level's file name only
            assert theirs == mine
        finally:
            loaded.close()

    def teardown(self):
        if self.game is not None:
            self.game.close()


TestSaveAndLoad = SaveAndLoad.TestCase
TestSaveAndLoad.settings = settings(max_examples=25, stateful_step_count=12, deadline=None,
                                    suppress_health_check=[HealthCheck.too_slow])
