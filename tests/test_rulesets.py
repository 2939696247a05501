"""Rulesets own their systems and hooks: every game builds its own, nothing
registers itself on import, and one ruleset's rules never run in another's
game (engine/rulesets.py)."""
import sys
from pathlib import Path

from engine.game import Game
from engine.hexmap import HexMap
from engine.rulesets import Hooks, get_ruleset
from engine.scenario import load_scenario, run_scenario

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = ROOT / "tests" / "scenarios"
CLASSIC_PACKAGES = ("systems.classic", "systems.vehicles")


def _callables(ruleset) -> list:
    """Every function a ruleset may call: order handlers, phase hooks, hooks."""
    out = [f for pair in ruleset.handlers.values() for f in pair]
    out += [f for hooks in (*ruleset.on_begin.values(), *ruleset.on_end.values()) for f in hooks]
    for name in Hooks.__dataclass_fields__:
        value = getattr(ruleset.hooks, name)
        if isinstance(value, dict):
            out += list(value.values())
        elif isinstance(value, list):
            out += value
        else:                       # the options provider, a module
            out += [getattr(value, f) for f in ("attack_options", "attack_options_against", "declaration_options",
                                                  "unit_actions")]
    return out


def _module(f) -> str:
    return getattr(f, "__module__", None) or type(f).__module__


def test_every_game_builds_its_own_ruleset_and_hooks():
    a, b = Game(HexMap(4, 4), "classic"), Game(HexMap(4, 4), "classic")
    assert a.ruleset is not b.ruleset and a.ruleset.hooks is not b.ruleset.hooks
    a.ruleset.hooks.after_move.append(print)
    assert print not in b.ruleset.hooks.after_move
    a.close(), b.close()


def test_the_alpha_strike_ruleset_holds_no_classic_rule():
    get_ruleset("classic")
    found = sorted({_module(f) for f in _callables(get_ruleset("alpha-strike"))})
    assert found and all(m.startswith(("systems.alpha_strike", "systems.common")) for m in found), found


def test_the_classic_ruleset_holds_the_mech_and_vehicle_rules():
    modules = {_module(f) for f in _callables(get_ruleset("classic"))}
    assert {"systems.classic.piloting", "systems.vehicles.moves"} <= modules
    assert not any(m.startswith("systems.alpha_strike") for m in modules)


def test_an_alpha_strike_battle_runs_no_classic_code_after_a_classic_game():
    classic = run_scenario(load_scenario(SCENARIOS / "physical" / "charge_miss.toml"))
    assert classic.log.of_type("attack")
    scenario = load_scenario(SCENARIOS / "alpha_strike" / "ridge_brawl.toml")
    ran: set[str] = set()

    def profile(frame, event, arg):
        if event == "call":
            ran.add(frame.f_globals.get("__name__", ""))
    sys.setprofile(profile)
    try:
        game = run_scenario(scenario)
    finally:
        sys.setprofile(None)
    assert game.log.of_type("attack") and "systems.alpha_strike.combat" in ran
    assert sorted(m for m in ran if m.startswith(CLASSIC_PACKAGES)) == []
    classic.close(), game.close()
