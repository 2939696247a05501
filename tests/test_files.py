"""engine/files.py: data files are read only when they are regular files
within their size cap."""
import os

import pytest

from engine.errors import DataError
from engine.files import read_bytes, read_text


def test_reads_a_regular_file(tmp_path):
    p = tmp_path / "a.toml"
    p.write_text("x = 1\n")
    assert read_text(p, 100) == "x = 1\n"


def test_refuses_a_file_over_the_cap(tmp_path):
    p = tmp_path / "big.toml"
    p.write_bytes(b"x" * 101)
    with pytest.raises(DataError, match="more than the 100"):
        read_bytes(p, 100)


def test_refuses_a_fifo_without_hanging(tmp_path):
    p = tmp_path / "pipe.toml"
    os.mkfifo(p)
    with pytest.raises(DataError, match="not a regular file"):
        read_bytes(p, 100)


def test_refuses_a_device():
    with pytest.raises(DataError, match="not a regular file"):
        read_bytes("/dev/zero", 100)


def test_refuses_a_folder_and_a_missing_file(tmp_path):
    with pytest.raises(DataError, match="not a regular file"):
        read_bytes(tmp_path, 100)
    with pytest.raises(DataError, match="cannot be read"):
        read_bytes(tmp_path / "none", 100, what="none.toml")


def test_refuses_bytes_that_are_not_utf8(tmp_path):
    p = tmp_path / "bad.toml"
    p.write_bytes(b"a\xffb")
    with pytest.raises(DataError, match="not UTF-8 text \\(byte 2\\)"):
        read_text(p, 100)
