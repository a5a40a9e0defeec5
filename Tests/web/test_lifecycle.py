"""How `segue web` ends: when the daemon it started ends (its pages could do nothing more), and on SIGTERM."""

from __future__ import annotations

import os
import re
import signal

import pytest

from conftest import WAIT, Closed, RawSocket, start_gateway


def test_it_stops_when_the_daemon_it_started_ends():
    gateway = start_gateway()
    daemon_pid = int(re.search(r"started segued \(pid (\d+)\)", "".join(gateway.output)).group(1))
    os.kill(daemon_pid, signal.SIGKILL)
    assert gateway.proc.wait(timeout=WAIT) == 1
    output = gateway.proc.stdout.read().decode()
    assert f"the segued it started (pid {daemon_pid}) exited with status 137" in output, output
    assert "the end of its log:" in output


def test_on_sigterm_every_page_gets_a_close_frame():
    gateway = start_gateway()
    page = RawSocket(gateway)
    os.kill(gateway.proc.pid, signal.SIGTERM)
    with pytest.raises(Closed) as closed:
        page.next(lambda m: False)
    assert closed.value.status == 1001 and closed.value.reason == "the server is stopping", closed.value
    gateway.stop()
