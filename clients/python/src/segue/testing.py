"""Assertions for tests of apps driven by segued."""

from __future__ import annotations

from . import segue_pb2 as pb
from .client import Segue


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
        f"stack {stack}'s last transition was cancelled ({pb.Reason.Name(event.cancelled.reason)})")
    actual = pb.Reason.Name(event.finished.reason)
    assert reason is None or actual == reason, f"stack {stack}'s last transition finished {actual}, not {reason}"
    return event.finished
