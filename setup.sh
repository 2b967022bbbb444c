# Sourced by play.sh and test.sh (SETUP_EXTRA=test): makes .venv with Python 3.11+ and installs the project into it.
# Re-installs only when pyproject.toml changed since the last install.
python=$(command -v python3.11 || command -v python3)
if [ ! -x .venv/bin/python ]; then
  "$python" -m venv .venv
fi
extra=${SETUP_EXTRA:-}  # "test" adds the test tools; never the caller's arguments
stamp=".venv/.installed${extra:+-$extra}"
# An install with the test extra holds everything a plain one does: either stamp, newer than
# pyproject.toml, serves a plain run (so ./play.sh after ./test.sh starts at once).
fresh() { [ -f "$1" ] && [ ! pyproject.toml -nt "$1" ]; }
if ! fresh "$stamp" && { [ -n "$extra" ] || ! fresh .venv/.installed-test; }; then
  .venv/bin/python -m pip install -q --disable-pip-version-check -e ".${extra:+[$extra]}"
  touch "$stamp"
fi
