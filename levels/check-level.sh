#!/bin/sh
# Tiled's "Check level" command (hexmech.tiled-project): `python -m engine
# check` on the map, with the first Python that has the game: $HEXMECH_PYTHON,
# the checkout's .venv (the README's install), python3, python; else hexmech.
here="$(cd "$(dirname "$0")" && pwd)"
cd "$here/.." || exit 2
for py in "${HEXMECH_PYTHON:-}" "$here/../.venv/bin/python" python3 python; do
    [ -n "$py" ] || continue
    if command -v "$py" >/dev/null 2>&1 && "$py" -c "import engine.levels" >/dev/null 2>&1; then
        exec "$py" -m engine check "$@"
    fi
done
if command -v hexmech >/dev/null 2>&1; then
    exec hexmech check "$@"
fi
echo "no Python with hexmech installed was found: install it as the README says, or set HEXMECH_PYTHON" >&2
exit 2
