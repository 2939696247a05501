"""The shape of the code: the rules core (engine/ without its UI and
renderers, systems/, components/) runs without pygame, components/ holds
only dataclasses and constants, and every die is rolled by engine/dice.py."""
import ast
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

# engine/ modules that are not part of the rules core: the window and what
# draws (engine/ui/ is left out as a whole).
NOT_CORE = {
    "engine/__main__.py",      # command line front door, may start the window
    "engine/app.py",           # the game window
    "engine/bench.py",         # measures drawing frames too
}

# Files that may import `random`: the dice themselves and tools that are not
# rules (level / tileset generators, random-play and benchmark drivers, the
# new-game seed picker, save-file validation of a generator state).
RANDOM_ALLOWED = {
    "engine/dice.py",
    "engine/random_play.py",
    "engine/bench.py",
    "engine/bench_setup.py",
    "engine/save_check.py",
    "engine/levels.py",        # picks the seed of a new game
    "engine/ui/session.py",
    "assets/make_tileset.py",
    "levels/make_levels.py",
}


def _py_files(folder: str) -> list[Path]:
    return sorted((ROOT / folder).rglob("*.py"))


def _rel(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


def core_files() -> list[Path]:
    files = [p for p in _py_files("engine")
             if not _rel(p).startswith("engine/ui/") and _rel(p) not in NOT_CORE]
    return files + _py_files("systems") + _py_files("components")


def _module(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _imported_modules(tree: ast.AST) -> list[str]:
    names = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.append(node.module)
    return names


def test_rules_core_imports_without_pygame():
    modules = [_module(p) for p in core_files()]
    code = (
        "import importlib, sys\n"
        "sys.modules['pygame'] = None   # any `import pygame` now fails\n"
        f"for name in {modules!r}:\n"
        "    importlib.import_module(name)\n"
        "print(len(sys.modules))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr


def test_the_core_list_covers_the_rule_packages():
    names = {_module(p) for p in core_files()}
    assert {"engine.game", "engine.dice", "engine.rulesets", "systems.movement", "systems.damage",
            "components.position"} <= names
    assert not any(n.startswith("engine.ui") for n in names)


@pytest.mark.parametrize("folder", ["systems", "components"])
def test_no_pygame_in_systems_or_components(folder):
    offenders = [_rel(p) for p in _py_files(folder)
                 if any(m.split(".")[0] == "pygame" for m in _imported_modules(ast.parse(p.read_text())))]
    assert offenders == []


def _is_dataclass(node: ast.ClassDef) -> bool:
    for d in node.decorator_list:
        target = d.func if isinstance(d, ast.Call) else d
        name = target.attr if isinstance(target, ast.Attribute) else getattr(target, "id", None)
        if name == "dataclass":
            return True
    return False


def component_rule_code(tree: ast.Module) -> list[str]:
    """What in a components/ module is not a docstring, import, constant or
    a dataclass of plain fields."""
    bad = []
    for i, node in enumerate(tree.body):
        if isinstance(node, (ast.Import, ast.ImportFrom, ast.Assign, ast.AnnAssign)):
            continue
        if i == 0 and isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant):
            continue
        if isinstance(node, ast.ClassDef) and _is_dataclass(node):
            bad += [f"{node.name}.{b.name}" for b in node.body
                    if isinstance(b, (ast.FunctionDef, ast.AsyncFunctionDef))]
            continue
        bad.append(f"line {node.lineno}: {type(node).__name__}")
    return bad


def test_components_are_plain_dataclasses_and_constants():
    found = {_rel(p): component_rule_code(ast.parse(p.read_text())) for p in _py_files("components")}
    assert {k: v for k, v in found.items() if v} == {}


def test_component_check_can_fail():
    tree = ast.parse('"""doc"""\nfrom dataclasses import dataclass\n\n@dataclass\nclass A:\n'
                     '    x: int = 0\n    def hit(self):\n        return 1\n\ndef rule():\n    pass\n')
    assert component_rule_code(tree) == ["A.hit", "line 10: FunctionDef"]


def test_every_die_goes_through_engine_dice():
    files = [p for folder in ("engine", "systems", "components", "assets", "levels") for p in _py_files(folder)]
    uses = {_rel(p) for p in files
            if any(m.split(".")[0] in ("random", "secrets") for m in _imported_modules(ast.parse(p.read_text())))}
    assert "engine/dice.py" in uses
    assert uses - RANDOM_ALLOWED == set(), "roll dice through game.dice (engine/dice.py)"
    assert not any(name.startswith(("systems/", "components/")) for name in RANDOM_ALLOWED)


def test_every_core_module_says_what_it_owns():
    missing = [_rel(p) for p in core_files() if not ast.get_docstring(ast.parse(p.read_text()))]
    assert missing == []
