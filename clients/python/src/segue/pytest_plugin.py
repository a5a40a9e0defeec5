"""pytest plugin (entry point `segue`): the `segued` fixture, a daemon on loopback with a temporary data
directory, yielding a connected client and stopped by pid afterwards."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from .client import Segue
from .daemon import Daemon, segued_binary


@pytest.fixture
def segued_daemon(tmp_path: Path) -> Iterator[Daemon]:
    try:
        binary = segued_binary()
    except FileNotFoundError as exc:
        # A SEGUED that names no executable fails, so that a misconfigured run cannot pass without a daemon.
        if os.environ.get("SEGUED"):
            pytest.fail(str(exc), pytrace=False)
        pytest.skip(str(exc))
    daemon = Daemon(tmp_path / "segued-data", binary=binary)
    yield daemon
    daemon.stop()


@pytest.fixture
def segued(segued_daemon: Daemon) -> Iterator[Segue]:
    with Segue.connect(segued_daemon.ingest, segued_daemon.control, segued_daemon.events) as client:
        yield client
