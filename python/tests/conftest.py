"""Shared fixtures of the Python tests: where the reference data and the command are.

Data the repository does not carry ($SIMDHTML_SHARED, default ../shared beside the checkout) is
looked up with ``require_data``: when it is missing the test is skipped with a visible
``skipped:`` line naming what is missing, and fails instead when the data is required
(``CI`` or ``SIMDHTML_REQUIRE_SHARED`` set, as ``.ci/run`` sets it), like the Rust tests.
"""

from __future__ import annotations

import os
import pathlib
import subprocess
import sys

import pytest

REPO = pathlib.Path(__file__).resolve().parents[2]


def shared_dir() -> pathlib.Path:
    """The shared reference data: $SIMDHTML_SHARED, else ../shared beside the repository."""
    env = os.environ.get("SIMDHTML_SHARED")
    return pathlib.Path(env) if env else REPO.parent / "shared"


def data_required() -> bool:
    """Whether missing reference data fails the tests instead of skipping them: ``CI`` or
    ``SIMDHTML_REQUIRE_SHARED`` set to anything but empty, ``0`` or ``false`` (as the Rust
    tests' ``common::data_required``)."""
    return any(
        os.environ.get(k, "").strip() not in ("", "0", "false")
        for k in ("CI", "SIMDHTML_REQUIRE_SHARED")
    )


def require_data(path: pathlib.Path, what: str) -> pathlib.Path:
    """``path`` if it exists; else a visible skip (or, under CI, a failure) naming it."""
    if path.exists():
        return path
    message = (
        f"skipped: {what}: {path} is missing; set SIMDHTML_SHARED to the shared reference "
        "data (README.md, \"Test data\")"
    )
    if data_required():
        pytest.fail(message.replace("skipped: ", "", 1) + " (required: CI / SIMDHTML_REQUIRE_SHARED)")
    # Printed to the real stderr so that it shows without -s, as the Rust tests' lines do.
    print(message, file=sys.__stderr__)
    pytest.skip(message)


def cli_binary() -> pathlib.Path:
    """The `simdhtml` command the Python results are checked against: $SIMDHTML_BIN, else
    target/release/simdhtml (``./test.sh`` builds it)."""
    env = os.environ.get("SIMDHTML_BIN")
    path = pathlib.Path(env) if env else REPO / "target" / "release" / "simdhtml"
    if not path.exists():
        pytest.fail(f"the simdhtml command is missing at {path}: run `cargo build --release` (./test.sh does)")
    return path


def run_cli(*args: str, input: bytes | None = None) -> subprocess.CompletedProcess:
    """Runs the command with ``args``; its stdout and stderr as bytes."""
    return subprocess.run(
        [str(cli_binary()), *args], input=input, capture_output=True, check=False
    )


@pytest.fixture(scope="session")
def shared() -> pathlib.Path:
    return shared_dir()


@pytest.fixture(scope="session")
def cli() -> pathlib.Path:
    return cli_binary()
