"""Assertions for tests of apps driven by segued."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from . import segue_pb2 as pb
from .client import Segue
from .errors import SegueError


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


def assert_cancelled(client: Segue, stack: str, reason: str | None = None) -> pb.TransitionCancelled:
    """The stack's newest transition cancelled (with `reason`, a Reason name such as BELOW_THRESHOLD or
    GESTURE_CANCELLED): the stack is as it was before it."""
    event = last_decision(client, stack)
    assert event.WhichOneof("body") == "cancelled", (
        f"stack {stack}'s last transition finished ({reason_name(event.finished.reason)})")
    actual = reason_name(event.cancelled.reason)
    assert reason is None or actual == reason, f"stack {stack}'s last transition cancelled {actual}, not {reason}"
    return event.cancelled


def _transition_id(event: pb.Event) -> int | None:
    body = event.WhichOneof("body")
    if body in ("began", "progressed", "interrupted", "finished", "cancelled", "completed"):
        return int(getattr(event, body).transition_id)
    return None


def assert_interrupted(client: Segue, stack: str, gesture_id: int | None = None) -> pb.TransitionInterrupted:
    """The stack's newest transition had its settle caught by a new gesture (by `gesture_id`, if given), which
    resumed tracking it; returns the last such catch."""
    events = client.history(stack)
    newest = next((t for t in map(_transition_id, reversed(events)) if t is not None), None)
    assert newest is not None, f"stack {stack} has no transition"
    caught = [e.interrupted for e in events if e.WhichOneof("body") == "interrupted"
              and e.interrupted.transition_id == newest]
    assert caught, f"stack {stack}'s last transition ({newest}) was not interrupted"
    if gesture_id is not None:
        assert any(c.gesture_id == gesture_id for c in caught), (
            f"stack {stack}'s last transition was interrupted by gesture {caught[-1].gesture_id}, not {gesture_id}")
    return caught[-1]


def assert_queued(client: Segue, stack: str, behind: int | None = None) -> pb.CommandQueued:
    """A command (or android's back key) sent to the stack waited for a running transition (the one numbered
    `behind`, if given) rather than running at once, as the android profile queues it; returns the newest
    `CommandQueued`, whether or not its command has run since."""
    queued = next((e.queued for e in reversed(client.history(stack)) if e.WhichOneof("body") == "queued"), None)
    assert queued is not None, f"stack {stack} has no queued command"
    assert behind is None or queued.behind_transition_id == behind, (
        f"stack {stack}'s last queued command waited behind transition {queued.behind_transition_id}, not {behind}")
    return queued


def assert_queued_ran(client: Segue, stack: str, queued_position: int) -> pb.TransitionBegan:
    """The command queued at `queued_position` (its `queued` event's: the CommandResult's first_position, or a
    QueuedCommand's position) has run: returns the `TransitionBegan` of the transition that ran it."""
    events = client.history(stack)
    queued = next((e for e in events if e.position == queued_position), None)
    assert queued is not None, f"stack {stack} has no event at position {queued_position}"
    assert queued.WhichOneof("body") == "queued", (
        f"stack {stack}'s event at position {queued_position} is {queued.WhichOneof('body')}, not queued")
    began = next((e.began for e in events if e.WhichOneof("body") == "began"
                  and e.began.HasField("queued_position") and e.began.queued_position == queued_position), None)
    assert began is not None, f"stack {stack}'s command queued at position {queued_position} has not run"
    return began


@dataclass
class Refusal:
    """What `assert_refused` caught: `error` is set once the block has raised it."""

    error: SegueError | None = None


@contextmanager
def assert_refused(code: str, match: str | None = None) -> Iterator[Refusal]:
    """The block raises a SegueError whose code is `code` (an ErrorCode name such as NOTHING_TO_POP or
    STACK_EXISTS), its message containing `match` if given; anything else fails the test:

        with assert_refused("NOTHING_TO_POP") as refused:
            segued.pop("main")
        print(refused.error)
    """
    refusal = Refusal()
    try:
        yield refusal
    except SegueError as error:
        assert error.code == code, f"refused with {error.code}, not {code}: {error.message}"
        assert match is None or match in error.message, f"the {code} refusal says {error.message!r}, not {match!r}"
        refusal.error = error
        return
    raise AssertionError(f"not refused: expected {code}")
