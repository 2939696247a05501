"""`hexmech`: the hot-seat game window."""
from __future__ import annotations

import sys


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if args and args[0] == "replay":          # `hexmech replay SAVE [--json]`
        from engine.replay import main as replay_main
        return replay_main(args[1:])
    if args and args[0] in ("check", "relink", "import-board"):   # `hexmech check LEVEL` (Tiled's command)
        from engine.__main__ import main as tools_main
        return tools_main(list(args))
    from engine.ui.main import run
    return run(args)


if __name__ == "__main__":
    sys.exit(main())
