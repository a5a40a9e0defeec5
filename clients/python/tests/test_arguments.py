"""Values refused before anything is sent: each raises SegueError INVALID_ARGUMENT (or CLIENT_CLOSED), never an
exception of protobuf or ZeroMQ."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from segue import CurveKeys, Segue, SegueError, swipe_trace


def _refused(call: Callable[[], object], code: str = "INVALID_ARGUMENT") -> str:
    with pytest.raises(SegueError) as refused:
        call()
    assert refused.value.code == code, refused.value
    return refused.value.message


@pytest.mark.parametrize("role", [0, 1, 2])
def test_an_endpoint_that_is_not_one_is_named_with_the_forms_it_can_take(role: int) -> None:
    endpoints = ["tcp://127.0.0.1:7701", "tcp://127.0.0.1:7702", "tcp://127.0.0.1:7703"]
    endpoints[role] = "garbage"
    message = _refused(lambda: Segue.connect(endpoints[0], endpoints[1], endpoints[2]))
    assert "'garbage'" in message and "tcp://HOST:PORT or ipc://PATH" in message


def test_values_the_protocol_cannot_carry(segued: Segue) -> None:
    segued.create("main", ["Home"])
    assert "-1" in _refused(lambda: segued.tab("main", -1))
    _refused(lambda: segued.push("main", "Detail", expected_version=-1))
    _refused(lambda: segued.create("other", ["Home"], fps=-1))
    _refused(lambda: segued.read_events(-5))
    assert "surrogate" in _refused(lambda: segued.push("main", "\ud800"))
    _refused(lambda: segued.events("\ud800"))
    assert list(segued.state("main").screens) == ["Home"]


def test_names_are_a_list_not_a_string(segued: Segue) -> None:
    assert _refused(lambda: segued.create("main", "Home")) == "screens must be a list of screen names, not a string"
    assert "tabs must be a list of tab names" in _refused(lambda: segued.create("tabs", tabs="Feed"))
    segued.create("main", ("Home", "Detail"))
    assert list(segued.state("main").screens) == ["Home", "Detail"]


def test_a_closed_client_says_so(segued: Segue) -> None:
    client = segued.copy()
    feed = client.events()
    client.close()
    assert "closed" in _refused(client.stats, "CLIENT_CLOSED")
    assert "closed" in _refused(lambda: client.subscribe("ev/"), "CLIENT_CLOSED")
    assert "closed" in _refused(lambda: next(feed), "CLIENT_CLOSED")


def test_a_key_file_that_is_not_text_is_refused(tmp_path: Path) -> None:
    (tmp_path / "binary.key").write_bytes(bytes(range(256)))
    assert "Z85" in _refused(lambda: CurveKeys.from_files("x" * 40, str(tmp_path / "binary.key")))
    assert "server_public_key" in _refused(lambda: CurveKeys("~" * 40, "x" * 40, "x" * 40))


NAN, INF = float("nan"), float("inf")


@pytest.mark.parametrize(("to", "velocity", "duration", "rate_hz", "refused"), [
    (0, 0, 0.25, 120, "to"), (1.5, 0, 0.25, 120, "to"), (-2, 0, 0.25, 120, "to"), (NAN, 0, 0.25, 120, "to"),
    (0.7, INF, 0.25, 120, "velocity"), (0.7, 2e6, 0.25, 120, "velocity"),
    (0.7, 0, 0, 120, "duration"), (0.7, 0, -1, 120, "duration"), (0.7, 0, 61, 120, "duration"),
    (0.7, 0, NAN, 120, "duration"),
    (0.7, 0, 0.25, 0, "rate_hz"), (0.7, 0, 0.25, 1e9, "rate_hz"), (0.7, 0, 0.25, INF, "rate_hz"),
])
def test_swipes_are_bounded_as_the_cli_bounds_them(segued: Segue, to: float, velocity: float, duration: float,
                                                   rate_hz: float, refused: str) -> None:
    assert _refused(lambda: swipe_trace("s", 1, 400, 800, to, velocity, duration, rate_hz)).startswith(refused)
    segued.create("main", ["Home", "Detail"])
    assert _refused(lambda: segued.swipe("main", to, velocity, duration, rate_hz=rate_hz)).startswith(refused)
    assert list(segued.state("main").screens) == ["Home", "Detail"]


@pytest.mark.parametrize(("edge", "drift", "tabs", "refused"), [
    ("top", 0.0, False, "edge must be 'left', 'right' or None"), ("left", 0.0, True, "edge is for back swipes"),
    (None, 1.5, False, "drift"), (None, -2.0, False, "drift"), (None, NAN, False, "drift"),
    (None, INF, False, "drift"),
])
def test_a_swipe_path_is_bounded_as_the_cli_bounds_it(segued: Segue, edge: Any, drift: float, tabs: bool,
                                                      refused: str) -> None:
    assert _refused(lambda: swipe_trace("s", 1, 400, 800, tabs=tabs, edge=edge, drift=drift)).startswith(refused)
    segued.create("main", ["Home", "Detail"])
    assert _refused(lambda: segued.swipe("main", tabs=tabs, edge=edge, drift=drift)).startswith(refused)
    assert list(segued.state("main").screens) == ["Home", "Detail"]
