# Sourced by play.sh and test.sh: makes .venv with Python 3.11+ and installs the project into it.
# Re-installs only when pyproject.toml changed since the last install.
python=$(command -v python3.11 || command -v python3)
if [ ! -x .venv/bin/python ]; then
  "$python" -m venv .venv
fi
extra=${1:-}
stamp=".venv/.installed${extra:+-$extra}"
if [ ! -f "$stamp" ] || [ pyproject.toml -nt "$stamp" ]; then
  .venv/bin/python -m pip install -q --disable-pip-version-check -e ".${extra:+[$extra]}"
  touch "$stamp"
fi
