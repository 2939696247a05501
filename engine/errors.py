"""Errors for bad input files: one clear line naming the file and the field."""
from __future__ import annotations


def one_line(text: str) -> str:
    """One problem, one line: values quoted from a bad file may hold line breaks."""
    return text.replace("\r", "\\r").replace("\n", "\\n")


class DataError(Exception):
    """A file (unit, level, scenario, save) is invalid.

    `problems` holds every problem found, each already prefixed with the file
    name; str() gives them one per line (the first line alone is enough for a
    one-line report).
    """

    def __init__(self, problems: list[str] | str) -> None:
        if isinstance(problems, str):
            problems = [problems]
        self.problems = [one_line(p) for p in problems]
        super().__init__("\n".join(self.problems))

    def first_line(self) -> str:
        return self.problems[0] if len(self.problems) == 1 else (
            f"{self.problems[0]} (and {len(self.problems) - 1} more problem(s))"
        )


def run_command(action, target: object):
    """A command's work on the file `target`: (0, what `action()` returns),
    or (2, None) with one line on stderr when the input is refused or the
    file cannot be written."""
    import sys
    try:
        return 0, action()
    except DataError as exc:
        print(exc.first_line(), file=sys.stderr)
    except OSError as exc:
        print(f"{target}: cannot be written ({exc.strerror or exc})", file=sys.stderr)
    return 2, None
