"""A sample of the project's fuzz corpus (tests/fuzz_corpus.py) in the
default run: mutated saves, front-end sections included, loaded headless
and into a window running a battle, and hostile command lines; 0
tracebacks, 0 hangs, 0 reads outside the allowed folders (outside files are
FIFOs a sentinel watches). `python -m tests.fuzz_corpus` runs the whole
corpus (500 variants of each)."""
import os
import tempfile
from pathlib import Path

import pytest

from tests import fuzz_corpus as fc

SAMPLE = 40


@pytest.fixture(scope="module")
def ws():
    with tempfile.TemporaryDirectory(prefix="hexmech-fuzz-") as tmp:
        yield fc.make_workspace(Path(tmp))


def _report(tally: fc.Tally) -> str:
    return "\n".join((tally.tracebacks + tally.hangs + tally.outside_reads + tally.other)[:5])


def test_a_sample_of_the_save_corpus(ws):
    tally = fc.run_saves(ws, SAMPLE, seed=0)
    assert tally.variants == SAMPLE and tally.refused and tally.loaded
    assert tally.ok(), _report(tally)


def test_a_sample_of_the_command_line_corpus(ws):
    tally = fc.run_cli(ws, SAMPLE, seed=0)
    assert tally.variants == SAMPLE and tally.refused and tally.loaded
    assert tally.ok(), _report(tally)


def test_the_sentinel_sees_a_read_of_an_outside_fifo(ws):
    """The watch can fail: a read of an outside FIFO, even by C code that
    blocks on it, is seen (and ended, so nothing hangs)."""
    watch = fc.ReadWatch(ws.allowed_roots(), ws.fifos())
    try:
        with fc.guarded(watch):
            fd = os.open(ws.outside / "secret.tmx", os.O_RDONLY)     # blocks until the sentinel opens it
            assert os.read(fd, 10) == b""
            os.close(fd)
    finally:
        watch.close()
    assert any("secret.tmx" in p for p in watch.outside)


def test_the_audit_hook_sees_a_read_of_an_outside_file(ws):
    watch = fc.ReadWatch(ws.allowed_roots(), [])
    try:
        with fc.guarded(watch):
            (ws.outside / "plain.tmx").read_text()
            (ws.saves / "local.tmx").read_text()
    finally:
        watch.close()
    assert watch.outside == [str((ws.outside / "plain.tmx").resolve())]


def test_the_corpus_is_the_same_on_every_run(ws):
    first = [raw for _, raw in fc.save_variants(ws, 12)]
    assert first == [raw for _, raw in fc.save_variants(ws, 12)]
    assert len(set(first)) == 12
    assert [argv for _, _, argv in fc.cli_variants(ws, 12)] == [argv for _, _, argv in fc.cli_variants(ws, 12)]
