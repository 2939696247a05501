"""Test-wide settings: hypothesis checks invariants, not speed, so its
per-example deadline is off (a busy machine must not fail a correct test)."""
from hypothesis import settings

settings.register_profile("hexmech", deadline=None)
settings.load_profile("hexmech")
