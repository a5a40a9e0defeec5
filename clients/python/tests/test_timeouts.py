"""What a timeout leaves behind and what it says: no request delivered later, each call's own bound honoured
inside it, and a request over segued's message limit named."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from segue import Segue, SegueError, SegueUnavailable
from segue.daemon import Daemon


def test_a_request_that_timed_out_is_not_sent_when_segued_comes_back(tmp_path: Path) -> None:
    with Daemon(tmp_path / "data") as first:
        endpoints = (first.ingest, first.control, first.events)
        with Segue.connect(*endpoints, timeout=0.3) as client:
            client.create("main", ["Home"])
            first.stop()
            for _ in range(3):
                with pytest.raises(SegueUnavailable, match="it may have been applied"):
                    client.push("main", "Detail", immediate=True)
            with Daemon(tmp_path / "data", endpoints=endpoints):
                assert list(client.state("main", timeout=10).screens) == ["Home"]
                client.timeout = 10
                client.push("main", "Detail", immediate=True)
                assert list(client.state("main").screens) == ["Home", "Detail"]


def test_a_request_over_the_message_limit_says_so_when_it_times_out(segued_daemon: Daemon) -> None:
    with Segue.connect(segued_daemon.ingest, segued_daemon.control, segued_daemon.events, timeout=0.5) as client:
        client.create("main", ["Home"])
        with pytest.raises(SegueUnavailable, match=r"a request of 7\d{4} bytes: segued drops messages over its "
                                                   r"--max-message-bytes, 65536 by default"):
            client.push("main", "x" * 70_000, immediate=True)
        assert list(client.state("main", timeout=10).screens) == ["Home"]


# Clients a call still waits on after a failed test: kept, since collecting one would wait for its sockets.
_STILL_WAITING: list[object] = []


def _raised_within(seconds: float, calls: dict[str, Callable[[], object]],
                   keep: list[Segue]) -> dict[str, BaseException | None]:
    """Runs each call in a thread of its own and returns what each raised; fails unless all ended in `seconds`
    (leaving `keep`, the clients the calls use, open)."""
    raised: dict[str, BaseException | None] = {}

    def run(name: str, call: Callable[[], object]) -> None:
        try:
            call()
            raised[name] = None
        except BaseException as exc:  # noqa: BLE001 - reported to the test's thread
            raised[name] = exc

    threads = [threading.Thread(target=run, args=item, daemon=True) for item in calls.items()]
    for thread in threads:
        thread.start()
    deadline = time.monotonic() + seconds
    for thread in threads:
        thread.join(max(deadline - time.monotonic(), 0))
    if set(raised) != set(calls):
        _STILL_WAITING.extend(keep)
        raise AssertionError(f"still waiting after {seconds}s: {sorted(set(calls) - set(raised))}")
    return raised


def test_each_call_honours_its_own_timeout_inside(segued_daemon: Daemon) -> None:
    endpoints = (segued_daemon.ingest, segued_daemon.control, segued_daemon.events)
    live = Segue.connect(*endpoints, timeout=600)
    live.create("main", ["Home"])
    feed = live.events(from_position=1, timeout=0.5, idle_check=0.1)
    next(feed)
    segued_daemon.stop()
    clients = {name: Segue.connect(*endpoints, timeout=600) for name in
               ("subscribe", "events", "frames", "flush", "wait_idle", "swipe")}
    calls: dict[str, Callable[[], object]] = {
        "subscribe": lambda: clients["subscribe"].subscribe("ev/", timeout=0.5),
        "events": lambda: clients["events"].events(timeout=0.5),
        "frames": lambda: clients["frames"].frames("main", timeout=0.5),
        "flush": lambda: clients["flush"].flush(timeout=0.5),
        "wait_idle": lambda: clients["wait_idle"].wait_idle("main", timeout=0.5),
        "swipe": lambda: clients["swipe"].swipe("main", timeout=0.5),
        "idle check of a running feed": lambda: next(feed),
    }
    raised = _raised_within(30, calls, [live, *clients.values()])
    # Closed only once every call has ended: a socket must not be closed under a thread polling it.
    for client in (live, *clients.values()):
        client.close()
    assert {name: type(exc) for name, exc in raised.items()} == {name: SegueUnavailable for name in calls}


def test_timeouts_must_be_finite_and_above_zero(segued: Segue) -> None:
    for timeout in (0, -1, float("nan"), float("inf")):
        with pytest.raises(SegueError, match="timeout must be a finite number of seconds above 0") as refused:
            Segue.connect(timeout=timeout)
        assert refused.value.code == "INVALID_ARGUMENT"
        with pytest.raises(SegueError, match="timeout must be"):
            segued.stats(timeout=timeout)
        with pytest.raises(SegueError, match="timeout must be"):
            segued.events(timeout=timeout)
    with pytest.raises(SegueError, match="idle_check must be"):
        segued.events(idle_check=0)
