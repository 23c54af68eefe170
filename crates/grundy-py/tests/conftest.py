"""Shared fixtures: the ``grundy`` command, to compare with.

Every function of the package is compared with the command's ``--json``
output. The command is found through ``GRUNDY_BIN`` or in the workspace's
``target/{release,debug}``; without it those tests are skipped, unless
``GRUNDY_REQUIRE_CLI=1`` (CI sets it), which makes a missing command an
error instead of a silent skip.
"""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path
from typing import Any, List

import pytest

ROOT = Path(__file__).resolve().parents[3]


def _find_cli() -> Path | None:
    given = os.environ.get("GRUNDY_BIN")
    if given:
        return Path(given)
    for profile in ("release", "debug"):
        path = ROOT / "target" / profile / "grundy"
        if path.exists():
            return path
    return None


class Cli:
    """Runs the ``grundy`` command."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def run(self, *args: str, check: bool = True) -> subprocess.CompletedProcess:
        done = subprocess.run(
            [str(self.path), *args],
            capture_output=True,
            text=True,
            stdin=subprocess.DEVNULL,
            timeout=300,
        )
        if check and done.returncode != 0:
            raise AssertionError(f"grundy {' '.join(args)}: exit {done.returncode}: {done.stderr}")
        return done

    def json(self, *args: str) -> Any:
        """The object the command prints with ``--json``."""
        return json.loads(self.run(*args, "--json").stdout)

    def lines(self, *args: str) -> List[Any]:
        """The JSON Lines the command prints."""
        return [json.loads(line) for line in self.run(*args).stdout.splitlines()]


@pytest.fixture(scope="session")
def cli() -> Cli:
    path = _find_cli()
    if path is None or not path.exists():
        if os.environ.get("GRUNDY_REQUIRE_CLI") == "1":
            raise RuntimeError(f"GRUNDY_REQUIRE_CLI=1 but no grundy command at {path}")
        pytest.skip("no grundy command: set GRUNDY_BIN or cargo build -p grundy-cli")
    return Cli(path)


def without_seconds(d: dict) -> dict:
    """A report without its wall-clock time (which differs run to run)."""
    return {k: v for k, v in d.items() if k != "seconds"}
