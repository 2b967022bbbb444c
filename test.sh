#!/usr/bin/env bash
# Sets up a virtual environment (first run only) and runs the whole test suite headless.
set -euo pipefail
cd "$(dirname "$0")"
SETUP_EXTRA=test source ./setup.sh
export SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy
exec .venv/bin/python -m pytest -q "$@"
