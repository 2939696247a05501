"""The documentation in docs/ stays true to the code: every event type the
engine emits and every dice purpose is documented in docs/events.md, every
example event line there occurs in a run of the scenario it names, and the
worked example scenarios in docs/examples/ load and run."""
import json
import re
from functools import lru_cache
from pathlib import Path

import pytest

from engine.dice import PURPOSES
from engine.events import SCHEMAS
from engine.scenario import load_scenario, result_json, run_scenario

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
SHARED = ROOT.parent / "shared"
EVENTS_MD = (DOCS / "events.md").read_text(encoding="utf-8")
EXAMPLE = re.compile(r"\(`([^`]+\.toml)`(?:, then\s+`([^`]+\.toml)`)?\):\s*\n((?:\s*```json\n.*?\n```\s*)+)", re.S)
JSON_BLOCK = re.compile(r"```json\n(.*?)\n```", re.S)
EMIT = re.compile(r"""log\.emit\(\s*["']([a-z_]+)["']""")


@lru_cache(maxsize=None)
def run(rel: str) -> tuple:
    out = result_json(run_scenario(load_scenario(ROOT / rel)))
    return tuple(json.dumps(e, sort_keys=True) for e in json.loads(json.dumps(out))["events"])


def emitted_types() -> set[str]:
    found = set()
    for folder in ("engine", "systems"):
        for path in (ROOT / folder).rglob("*.py"):
            found.update(EMIT.findall(path.read_text(encoding="utf-8")))
    return found


def examples() -> list[tuple[list[str], dict]]:
    out = []
    for m in EXAMPLE.finditer(EVENTS_MD):
        files = [f for f in m.groups()[:2] if f]
        for block in JSON_BLOCK.findall(m.group(3)):
            out.append((files, json.loads(block)))
    return out


def test_every_emitted_event_type_is_documented():
    documented = set(re.findall(r"^### `([a-z_]+)`", EVENTS_MD, re.M))
    missing = sorted(emitted_types() - documented)
    assert not missing, f"event types missing from docs/events.md: {missing}"
    stale = sorted(documented - emitted_types() - {"roll"})
    assert not stale, f"docs/events.md documents event types nobody emits: {stale}"


def documented_fields() -> dict[str, tuple[bool, dict[str, tuple[str, str | None]]]]:
    """Event type -> (documented as a contract type, field -> (type, contract/extension column))."""
    out = {}
    for m in re.finditer(r"^### `([a-z_]+)` \((\*\*contract\*\*|\*extension\*)\)\n(.*?)(?=^##)", EVENTS_MD + "\n##",
                         re.M | re.S):
        fields = {}
        for row in re.findall(r"^\| `([a-z_]+)` \|(.*)\|\s*$", m.group(3), re.M):
            cells = [c.strip() for c in row[1].split("|")]
            fields[row[0]] = (cells[0], cells[1] if len(cells) == 3 else None)
        out[m.group(1)] = (m.group(2) == "**contract**", fields)
    return out


@pytest.mark.parametrize("type_", sorted(SCHEMAS))
def test_events_md_documents_each_schema_exactly(type_):
    """docs/events.md lists the fields engine/event_types.py declares, with
    their types, and marks the contract types and fields as the schema does."""
    schema = SCHEMAS[type_]
    contract, fields = documented_fields()[type_]
    assert contract == schema.contract
    assert list(fields) == list(schema.fields)
    for name, spec in schema.fields.items():
        text, column = fields[name]
        assert text == spec.text, name
        if contract:
            assert column == ("contract" if spec.contract else "*extension*"), name


def test_every_emitted_event_type_has_a_schema():
    assert emitted_types() <= set(SCHEMAS), sorted(emitted_types() - set(SCHEMAS))


def test_the_schemas_keep_the_contract_fields():
    """contract/scenario.md: every required type has at least its fields, as contract fields."""
    contract = SHARED / "contract" / "scenario.md"
    if not contract.exists():
        pytest.skip("../shared/contract is not here")
    table = contract.read_text(encoding="utf-8").split("| type | fields |", 1)[1].split("\n\n", 1)[0]
    rows = re.findall(r"^\| `([a-z_]+)`(?: / `([a-z_]+)`)? \| (.*) \|$", table, re.M)
    assert len(rows) >= 14
    for first, second, text in rows:
        wanted = re.findall(r"`([a-z_]+)`(?: \(|,|$)", text + ",")
        for type_ in filter(None, (first, second)):
            marked = {k for k, f in SCHEMAS[type_].fields.items() if f.contract and f.required}
            assert set(wanted) == marked, type_


def test_every_dice_purpose_is_documented():
    rows = set(re.findall(r"^\| `([a-z_]+)` \|", EVENTS_MD, re.M))
    assert set(PURPOSES) <= rows, sorted(set(PURPOSES) - rows)


def test_the_docs_have_examples():
    assert len(examples()) >= 40


@pytest.mark.parametrize("files, event", examples(),
                         ids=lambda v: v.get("type", "") if isinstance(v, dict) else "")
def test_example_event_occurs_in_its_scenario(files, event):
    line = json.dumps(event, sort_keys=True)
    assert any(line in run(f) for f in files), f"{event} not produced by {files}"


@pytest.mark.parametrize("path", sorted((DOCS / "examples").glob("*.toml")), ids=lambda p: p.stem)
def test_worked_example_scenarios_run(path):
    assert run(str(path.relative_to(ROOT)))


SHOWN_FILE = re.compile(r"^`([^`\s]+\.toml)`:\s*\n\s*```toml\n(.*?)```", re.S | re.M)


@pytest.mark.parametrize("doc", ["scenarios.md", "units.md"])
def test_files_shown_in_the_docs_are_the_real_files(doc):
    path = DOCS / doc
    if not path.exists():
        pytest.skip(f"{doc} not written")
    shown = SHOWN_FILE.findall(path.read_text(encoding="utf-8"))
    for rel, text in shown:
        assert (ROOT / rel).read_text(encoding="utf-8") == text, f"{doc}: {rel} differs from the file"


def test_expectation_excerpts_match_their_files():
    """A ```toml block after 'For example, `X.expect.toml`' is a part of that file."""
    text = (DOCS / "scenarios.md").read_text(encoding="utf-8")
    for rel, block in re.findall(r"For example, `([^`]+\.expect\.toml)`.*?```toml\n(.*?)```", text, re.S):
        assert block.strip() in (ROOT / rel).read_text(encoding="utf-8"), rel


def test_logs_shown_in_scenarios_md_are_real_output():
    """The indented log after a worked example is a contiguous part of what
    `python -m engine scenario FILE` prints for it."""
    from engine import combat_log
    text = (DOCS / "scenarios.md").read_text(encoding="utf-8")
    checked = 0
    for rel, log in re.findall(r"^`(docs/examples/[^`]+\.toml)`:.*?```\n\n[^\n]*log:\n\n((?:    [^\n]*\n)+)", text, re.S | re.M):
        game = run_scenario(load_scenario(ROOT / rel))
        out = "\n".join(combat_log.lines(game.log.events, ruleset=game.ruleset.name))
        shown = "\n".join(line[4:] for line in log.rstrip("\n").split("\n"))
        assert shown in out, f"the log shown for {rel} is not its output"
        checked += 1
    assert checked == 3


def test_rules_index_names_every_systems_module():
    text = (DOCS / "rules.md").read_text(encoding="utf-8")
    missing = sorted(f"systems/{p.name}" for p in (ROOT / "systems").glob("*.py")
                     if p.name != "__init__.py" and f"`systems/{p.name}`" not in text)
    assert not missing, f"docs/rules.md does not say what these modules implement: {missing}"


def test_docs_name_only_files_that_exist():
    """Every `path/like/this.py|toml|md` a page names is in the project."""
    for page in DOCS.glob("*.md"):
        for rel in re.findall(r"`((?:engine|systems|components|assets|levels|tests|docs)/[\w/.-]+\.(?:py|toml|md|tmx))`",
                              page.read_text(encoding="utf-8")):
            assert (ROOT / rel).exists(), f"{page.name} names {rel}, which does not exist"


def test_every_key_the_loaders_accept_is_documented():
    """Scenario keys in docs/scenarios.md, unit tables and keys in
    docs/units.md, level properties in docs/levels.md or levels/README.md."""
    from engine import levels, scenario, unit_loader
    pages = {name: (DOCS / name).read_text(encoding="utf-8") for name in ("scenarios.md", "units.md", "levels.md")}
    pages["levels.md"] += (ROOT / "levels" / "README.md").read_text(encoding="utf-8")
    wanted = {
        "scenarios.md": set(scenario.UNIT_KEYS + scenario.MOVE_KEYS + scenario.FIRE_KEYS
                            + scenario.PHYSICAL_KEYS + scenario.MOVE_MODES + scenario.PHYSICAL_ATTACKS),
        "units.md": set(unit_loader.TOP_KEYS),
        "levels.md": set(levels.MAP_PROPERTIES) | set(levels.OBJECT_PROPERTIES) | set(levels.TILE_PROPERTIES),
    }
    for page, keys in wanted.items():
        missing = sorted(k for k in keys if f"`{k}`" not in pages[page] and f"[{k}]" not in pages[page]
                         and f"[[{k}]]" not in pages[page])
        assert not missing, f"docs/{page} does not mention {missing}"


def test_the_readme_names_every_screenshot_demo():
    from engine.ui.main import DEMOS
    line = re.search(r"--demo ([a-z|-]+)\]", (ROOT / "README.md").read_text(encoding="utf-8"))
    assert line is not None and set(line.group(1).split("|")) == set(DEMOS)
