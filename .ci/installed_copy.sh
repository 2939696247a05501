#!/usr/bin/env bash
# From an installed (not editable) copy, in a folder outside the checkout:
# every level of the checkout's levels/ and of the installed copy, and a level
# copied into a temporary folder, checks and renders; the scenarios under
# tests/scenarios run by path.
set -euo pipefail
checkout="$(cd "$(dirname "$0")/.." && pwd)"
away="$(mktemp -d)"
trap 'rm -rf "$away"' EXIT
cp "$checkout/levels/training.tmx" "$away/copied.tmx"
cd "$away"
installed="$(python -c 'from engine.paths import LEVELS; print(LEVELS)')"
case "$installed" in "$checkout/levels") echo "engine imported from the checkout, not an installed copy"; exit 1;; esac
for level in "$checkout"/levels/*.tmx "$installed"/*.tmx "$away/copied.tmx"; do
    python -m engine check "$level" > /dev/null
    SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy hexmech "$level" --screenshot "$away/shot.png" > /dev/null
done
for scenario in "$checkout"/tests/scenarios/*/*.toml; do
    case "$scenario" in *.expect.toml) continue;; esac
    python -m engine scenario "$scenario" --json > /dev/null
done
echo "installed copy: levels and scenarios load from outside the checkout"
