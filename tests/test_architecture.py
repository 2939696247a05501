"""The shape of the code: the rules core and the application (engine/
without its UI, systems/, components/) run without pygame, engine/ui is the
only code that touches pygame and nothing below it depends on the window,
components/ holds only dataclasses and constants, every die is rolled by
engine/dice.py, and no module grows past 700 non-blank lines."""
import ast
import re
import subprocess
import sys
from pathlib import Path


ROOT = Path(__file__).resolve().parent.parent

# engine/ modules that are not part of the rules core: the window and what
# draws (engine/ui/ is left out as a whole).
NOT_CORE = {
    "engine/__main__.py",      # command line front door, may start the window
    "engine/app.py",           # the game window
    "engine/bench.py",         # measures drawing frames too
}

# engine/ modules outside engine/ui that may open the window (command-line
# front doors and the frame benchmark); the application modules (hot-seat
# flow, persistence, sessions, autosave, undo) never do.
STARTS_THE_WINDOW = NOT_CORE | {"engine/replay.py"}
PYGAME_OUTSIDE_UI = {"engine/bench.py"}
MAX_NON_BLANK_LINES = 700

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
    "engine/session.py",
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
    """Every module imported anywhere in `tree` (in functions too); for
    `from package import name` both `package` and `package.name`."""
    names = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.append(node.module)
            names += [f"{node.module}.{a.name}" for a in node.names]
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
    assert {"engine.game", "engine.dice", "engine.rulesets", "systems.common.movement",
            "systems.common.damage",
            "components.position"} <= names
    assert not any(n.startswith("engine.ui") for n in names)


def test_only_engine_ui_touches_pygame():
    files = [p for folder in ("engine", "systems", "components") for p in _py_files(folder)
             if not _rel(p).startswith("engine/ui/")]
    offenders = {_rel(p) for p in files
                 if any(m.split(".")[0] == "pygame" for m in _imported_modules(ast.parse(p.read_text())))}
    assert offenders == PYGAME_OUTSIDE_UI


def test_the_application_does_not_depend_on_the_window():
    """The hot-seat flow, persistence, sessions and autosave live in engine/
    and never import engine/ui (the window imports them)."""
    offenders = {_rel(p) for p in _py_files("engine")
                 if not _rel(p).startswith("engine/ui/") and _rel(p) not in STARTS_THE_WINDOW
                 and any(m.startswith("engine.ui") for m in _imported_modules(ast.parse(p.read_text())))}
    assert offenders == set()
    names = {_module(p) for p in core_files()}
    assert {"engine.turnflow", "engine.hotseat", "engine.persistence", "engine.session",
            "engine.autosaver"} <= names


def test_no_module_over_700_non_blank_lines():
    sizes = {_rel(p): sum(1 for line in p.read_text().splitlines() if line.strip())
             for folder in ("engine", "systems", "components") for p in _py_files(folder)}
    assert max(sizes.values()) > 300
    assert {k: v for k, v in sizes.items() if v > MAX_NON_BLANK_LINES} == {}


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


SYSTEMS_PACKAGES = {"common", "classic", "vehicles", "alpha_strike"}


def test_every_rule_module_is_in_one_of_the_rules_packages():
    """systems/ shows the architecture: shared rules, Classic, vehicles,
    Alpha Strike (docs/rules.md, "The layout of systems/")."""
    loose = [_rel(p) for p in (ROOT / "systems").glob("*.py") if p.name != "__init__.py"]
    folders = {p.parent.relative_to(ROOT / "systems").parts[0] for p in _py_files("systems")
               if p.parent != ROOT / "systems"}
    assert loose == []
    assert folders == SYSTEMS_PACKAGES


def import_graph(folder: str = "systems") -> dict[str, set[str]]:
    """Module -> the modules of `folder` it imports, at module level or
    inside functions (ast.walk sees both)."""
    modules = {_module(p): p for p in _py_files(folder)}
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        deps = set()
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Import):
                deps |= {a.name for a in node.names if a.name in modules}
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                deps |= {node.module} & modules.keys()
                deps |= {f"{node.module}.{a.name}" for a in node.names} & modules.keys()
        graph[name] = deps - {name, folder}
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components with more than one module (or a
    module importing itself), by Tarjan's algorithm."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1 or v in graph.get(v, ()):
                found.append(sorted(comp))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


EMPTY_CONTAINERS = {"list", "dict", "set", "bytearray", "deque", "OrderedDict", "WeakKeyDictionary",
                    "WeakValueDictionary"}


def module_level_state(source: str) -> list[str]:
    """The names a module binds at its top level to an empty mutable
    container (`[]`, `{}`, `list()`, `set()`, a `defaultdict`, ...): a
    registry or cache of game state filled as games are played, which
    outlives the game it came from. Filled tables (constants), tuples,
    frozensets and memoized pure functions (functools.lru_cache) are not
    state."""
    found = []
    for node in ast.parse(source).body:
        if isinstance(node, ast.Assign):
            targets, value = node.targets, node.value
        elif isinstance(node, ast.AnnAssign) and node.value is not None:
            targets, value = [node.target], node.value
        else:
            continue
        call = None
        if isinstance(value, ast.Call):
            func = value.func
            call = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", None)
        empty_display = (isinstance(value, (ast.List, ast.Set)) and not value.elts) or \
            (isinstance(value, ast.Dict) and not value.keys)
        if empty_display or call == "defaultdict" or (call in EMPTY_CONTAINERS and not value.args):
            found += [ast.unparse(t) for t in targets]
    return found


def test_the_rules_keep_no_module_level_state():
    """No module of systems/ holds a registry or cache of game state at
    module level (docs/rules.md: what is worked out from a map is kept on
    the map, e.g. the line-of-sight board on `HexMap.los_board`)."""
    wrong = {_rel(p): names for p in _py_files("systems") if (names := module_level_state(p.read_text()))}
    assert wrong == {}


def test_the_module_state_finder_finds_state():
    assert module_level_state("_BOARDS: list = []\nKEPT = 8\nA, B = (1, 2)\n") == ["_BOARDS"]
    assert module_level_state("import collections\nSEEN = collections.defaultdict(int)\n") == ["SEEN"]
    assert module_level_state("T = (1, 2)\nF = frozenset({1})\nM = {'a': 1}\nS: set[int] = set()\n") == ["S"]


def test_no_import_cycle_among_the_rules_modules():
    graph = import_graph()
    assert len(graph) > 40 and graph["systems.classic.weapon_attacks"]
    assert cycles(graph) == []


def test_the_cycle_finder_finds_cycles():
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


# Which rules package may import which: the shared rules stand alone, the
# vehicle rules build on the mech rules, Alpha Strike on the shared rules only.
MAY_IMPORT = {"common": {"common"}, "classic": {"common", "classic"},
              "vehicles": {"common", "classic", "vehicles"}, "alpha_strike": {"common", "alpha_strike"}}


def test_the_rules_packages_import_in_layers():
    graph = import_graph()
    wrong = sorted(f"{m} -> {d}" for m, deps in graph.items() if m.count(".") > 1 for d in deps
                   if d.count(".") > 0 and d.split(".")[1] not in MAY_IMPORT[m.split(".")[1]])
    assert wrong == []


def test_the_window_module_map_names_every_module_of_the_window_and_the_application():
    """docs/ui.md says what each module of the window and of the hot-seat
    application does: a new module gets its line."""
    text = (ROOT / "docs" / "ui.md").read_text(encoding="utf-8")
    named = set(re.findall(r"`((?:engine/)?[a-z_/]+\.py)`", text))
    ui = {p.relative_to(ROOT / "engine" / "ui").as_posix() for p in (ROOT / "engine" / "ui").rglob("*.py")}
    missing = {m for m in ui if f"engine/ui/{m}" not in named and m not in named and m != "__init__.py"}
    assert missing == set()
    assert {"engine/hotseat.py", "engine/turnflow.py", "engine/persistence.py", "engine/autosaver.py",
            "engine/session.py", "engine/undo.py"} <= named


def test_the_window_asks_the_rules_only_through_its_queries_module():
    """engine/ui/queries.py is the one place the window calls rule systems,
    so that what the rules answer, and any change to it, is in one place."""
    offenders = {_rel(p) for p in (ROOT / "engine" / "ui").rglob("*.py") if _rel(p) != "engine/ui/queries.py"
                 and any(m.split(".")[0] == "systems" for m in _imported_modules(ast.parse(p.read_text())))}
    assert offenders == set()
