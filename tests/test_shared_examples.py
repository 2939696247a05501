"""The shared example scenarios pass through `python -m engine scenario`."""
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared"
EXAMPLES = SHARED / "examples"
CHECKER = SHARED / "tools" / "check_scenarios.py"

# Examples whose rules have not landed yet (remove an entry when it passes).
PENDING: set[str] = set()

names = sorted(p.name[:-5] for p in EXAMPLES.glob("*.toml") if not p.name.endswith(".expect.toml")) \
    if EXAMPLES.is_dir() else []


@pytest.mark.skipif(not CHECKER.exists(), reason="shared examples not present")
@pytest.mark.parametrize("name", names)
def test_shared_example(name):
    if name in PENDING:
        pytest.xfail("rules not implemented yet")
    run = subprocess.run([sys.executable, str(CHECKER), str(EXAMPLES / f"{name}.toml")],
                         cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stdout + run.stderr
