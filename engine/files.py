"""Reading a data file named by a user or by another file: only a regular
file, and never more than a size cap, so that a FIFO, a device such as
/dev/zero or a huge file is refused with one line instead of hanging or
filling memory. Every loader reads its files through `read_bytes` /
`read_text` (`read_toml` for the TOML files: units, weapons, scenarios,
forces)."""
from __future__ import annotations

import os
import stat
import tomllib
from pathlib import Path
from typing import Any

from engine.errors import DataError

# Caps by kind of file; the largest shipped file of each kind is far below.
MAX_UNIT_BYTES = 1 << 20
MAX_SCENARIO_BYTES = 4 << 20
MAX_LEVEL_BYTES = 16 << 20
MAX_SAVE_BYTES = 64 << 20


def read_bytes(path: str | Path, limit: int, what: str | None = None) -> bytes:
    """The bytes of the regular file `path`, at most `limit` of them; a
    DataError naming the file (`what`, else the path) otherwise."""
    name = what or str(path)
    try:
        # O_NONBLOCK: opening a FIFO with no writer returns at once.
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
    except OSError as exc:
        raise DataError(f"{name}: cannot be read ({exc.strerror or exc})") from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise DataError(f"{name}: is not a regular file")
        if info.st_size > limit:
            raise DataError(f"{name}: {info.st_size} bytes, more than the {limit} a file of this kind may have")
        chunks, size = [], 0
        while True:
            chunk = os.read(fd, min(1 << 20, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
            if size > limit:
                raise DataError(f"{name}: more than the {limit} bytes a file of this kind may have")
        return b"".join(chunks)
    except OSError as exc:
        raise DataError(f"{name}: cannot be read ({exc.strerror or exc})") from None
    finally:
        os.close(fd)


def read_text(path: str | Path, limit: int, what: str | None = None) -> str:
    """`read_bytes` decoded as UTF-8 (a DataError naming the file if it is not)."""
    data = read_bytes(path, limit, what)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise DataError(f"{what or path}: not UTF-8 text (byte {exc.start + 1})") from None


def parse_toml(text: str, fname: str) -> dict[str, Any]:
    """TOML text as tables; a DataError naming `fname` if it is not TOML."""
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise DataError(f"{fname}: not valid TOML: {exc}") from None


def read_toml(path: str | Path, limit: int, what: str | None = None) -> dict[str, Any]:
    """`read_text` parsed as TOML (`parse_toml`)."""
    return parse_toml(read_text(path, limit, what), what or str(path))
