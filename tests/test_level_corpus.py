"""A sample of the level fuzz corpus (tests/level_corpus.py; the full run,
500 variants of each kind: `python tests/level_corpus.py`): levels,
tilesets, JSON maps, templates and MegaMek boards load or are refused with
one-line problems, without a hang and without reading outside the allowed
folders (FIFOs stand where the outside files would be)."""
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import level_corpus  # noqa: E402


def test_a_sample_of_the_corpus_holds():
    for kind, f in level_corpus.run(30, seed=7).items():
        assert f.variants == 30
        assert f.tracebacks == [] and f.hangs == 0 and f.outside_reads == [], kind
        assert 0 < f.refused, kind          # the mutations do reach the checks


def test_the_corpus_would_see_a_read_outside(tmp_path):
    level_corpus.run(0)                      # installs the audit hook
    level_corpus._watch.update(on=True, opened=[])
    try:
        open("/etc/hostname", "rb").close()
    finally:
        level_corpus._watch["on"] = False
    assert level_corpus._outside(level_corpus._watch["opened"], [tmp_path]) == ["/etc/hostname"]
