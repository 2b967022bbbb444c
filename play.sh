#!/usr/bin/env bash
# Sets up a virtual environment (first run only) and starts the arcade. Extra arguments go to
# main.py, e.g. ./play.sh --fullscreen  or  ./play.sh demo
set -euo pipefail
cd "$(dirname "$0")"
source ./setup.sh
exec .venv/bin/python main.py "$@"
