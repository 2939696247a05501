"""Test-wide settings.

Hypothesis checks invariants, not speed, so its per-example deadline is off
(a busy machine must not fail a correct test). Its examples are derived from
each test's name, so every run of the suite tests the same cases and a red
run can be repeated. `HEXMECH_HYPOTHESIS=explore` draws fresh random cases
on each run instead, to look for new counterexamples.

The command lines the tests start (python -m engine ..., hexmech ...) keep
their compiled bytecode in one temporary folder for the run, so each child
after the first loads the engine's modules instead of compiling them again
(even where PYTHONDONTWRITEBYTECODE is set: nothing is written beside the
sources, and the folder goes at the end of the run).

The windows the tests open freeze what is alive when they show a battle
(engine/ui/app.py, App.keep_alive), the objects of the whole test run with
it. So that no window's collection looks at them again and again, and the
garbage frozen with them does not pile up: whenever the frozen part has
doubled since the last time, between two tests, it is thawed, collected and
what is left frozen again."""
import gc
import os
import shutil
import tempfile

from hypothesis import settings

settings.register_profile("hexmech", deadline=None, derandomize=True)
settings.register_profile("explore", deadline=None)
settings.load_profile("hexmech")
if os.environ.get("HEXMECH_HYPOTHESIS") == "explore":
    settings.load_profile("explore")


def pytest_configure(config):
    if hasattr(config, "workerinput") or "PYTHONPYCACHEPREFIX" in os.environ:
        return                          # a parallel worker: the main process set it up for all
    cache = tempfile.mkdtemp(prefix="hexmech-test-pycache-")
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
    os.environ["PYTHONPYCACHEPREFIX"] = cache
    config.add_cleanup(lambda: shutil.rmtree(cache, ignore_errors=True))


_thaw_above = 0


def pytest_runtest_logfinish(nodeid, location):
    global _thaw_above
    if gc.get_freeze_count() > _thaw_above:
        gc.unfreeze()
        gc.collect()
        gc.freeze()
        _thaw_above = 2 * gc.get_freeze_count()
