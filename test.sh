#!/usr/bin/env bash
# The project's test command (README.md, "Tests"): the Rust tests, then the Python package's
# tests (python/tests, the Spark example's among them) in a virtual environment of its own
# (target/py-venv), into which it installs the package from this checkout and what the tests
# use (requirements in python/requirements-test.txt). Arguments go to pytest.
#
# The Spark test needs Java (17 or later, for pyspark 4) on the PATH or in JAVA_HOME; without it that test fails
# and says so (.ci/run installs it from the machine's packages when it is missing).
set -euo pipefail
cd "$(dirname "$0")"
cargo test
cargo build --release --bin simdhtml
# Where cargo put it: the target directory may be moved (CARGO_TARGET_DIR, .cargo/config.toml).
TARGET_DIR="$(cargo metadata --format-version 1 --no-deps \
    | python3 -c 'import json, sys; print(json.load(sys.stdin)["target_directory"])')"
export SIMDHTML_BIN="$TARGET_DIR/release/simdhtml"
VENV="${SIMDHTML_VENV:-$PWD/target/py-venv}"
if [ ! -x "$VENV/bin/python" ]; then
    python3 -m venv "$VENV"
fi
"$VENV/bin/python" -m pip install --quiet --upgrade pip
"$VENV/bin/python" -m pip install --quiet -r python/requirements-test.txt
# The release profile, not the wheel's own `dist` (python/pyproject.toml), whose whole-program
# optimisation would double the build for a measurable gain the tests do not need.
MATURIN_PEP517_ARGS="--profile release" \
    "$VENV/bin/python" -m pip install --quiet --force-reinstall --no-deps ./python
"$VENV/bin/python" -m pytest python/tests "$@"
