"""Assertions for tests of apps driven by segued."""

from __future__ import annotations

from . import segue_pb2 as pb
from .client import Segue


def reason_name(number: int) -> str:
    """The Reason's name, or UNKNOWN_<number> for one of a newer contract."""
    try:
        return pb.Reason.Name(number)
    except ValueError:
        return f"UNKNOWN_{number}"


def last_decision(client: Segue, stack: str) -> pb.Event:
    """The newest `finished` or `cancelled` event of the stack, from the log."""
    for event in reversed(client.history(stack)):
        if event.WhichOneof("body") in ("finished", "cancelled"):
            return event
    raise AssertionError(f"stack {stack} has no finished or cancelled transition")


def assert_finished(client: Segue, stack: str, reason: str | None = None) -> pb.TransitionFinished:
    """The stack's newest transition finished (with `reason`, a Reason name such as PASSED_THRESHOLD)."""
    event = last_decision(client, stack)
    assert event.WhichOneof("body") == "finished", (
        f"stack {stack}'s last transition was cancelled ({reason_name(event.cancelled.reason)})")
    actual = reason_name(event.finished.reason)
    assert reason is None or actual == reason, f"stack {stack}'s last transition finished {actual}, not {reason}"
    return event.finished
