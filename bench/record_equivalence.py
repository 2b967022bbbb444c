"""Print the fingerprint table of tests/test_core_speed_equivalence.py, made by a chosen tree.

    python bench/record_equivalence.py --root DIR > table.json

DIR holds the `game` package whose behaviour is recorded (default: this tree). To record the
code as it was at a commit: `git archive COMMIT game | tar -x -C DIR`. The output is the JSON
of `RECORDED`; paste it into the test. The fingerprints themselves are defined in the test, so
recording and checking can never drift apart.
"""

import argparse
import importlib.util
import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", default=str(HERE), help="directory holding the game package")
    args = parser.parse_args()
    sys.path.insert(0, str(Path(args.root).resolve()))
    path = HERE / "tests" / "test_core_speed_equivalence.py"
    spec = importlib.util.spec_from_file_location("equivalence", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    import game  # the package the test module imported: check it is the one asked for
    print(f"recording {Path(game.__file__).parent}", file=sys.stderr)
    print(json.dumps(module.fingerprints(), indent=1, sort_keys=True))


if __name__ == "__main__":
    main()
