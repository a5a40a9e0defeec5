"""Performing a swipe against segued as a finger would: after any running transition, the pans of its trace sent
at their timestamps' pace, reading what segued publishes between them (a refused BEGAN ends the swipe at once),
then the decision and the completed event after the settle."""

from __future__ import annotations

import secrets
import time
from dataclasses import dataclass

import zmq

from . import segue_pb2 as pb
from .connection import Connection
from .errors import SegueUnavailable, decode, refusal
from .receiving import endpoint, received, time_left
from .topics import Topic
from .swipe import Edge, swipe_trace

# The events after which a stack runs no transition: the end of one, or the stack's end.
_ENDINGS = ("completed", "interrupted")


@dataclass(frozen=True)
class SwipeResult:
    """What a swipe decided: the `finished` or `cancelled` event, and the `completed` event after its settle."""

    decision: pb.Event
    completed: pb.Event

    @property
    def finished(self) -> bool:
        return self.decision.HasField("finished")

    @property
    def transition_id(self) -> int:
        return self.completed.completed.transition_id


@dataclass(frozen=True)
class SwipePlan:
    """One swipe: `to` of the width (negative: the other way) in `duration` seconds, released at `velocity`
    pt/s, sampled at `rate_hz`; across tabs with `tabs`; ended by PAN_CANCELLED with `cancel`; from `edge`
    (None: the leading one), drifting `drift` of the height down."""

    stack: str
    to: float
    velocity: float
    duration: float
    tabs: bool
    cancel: bool
    rate_hz: float
    edge: Edge | None = None
    drift: float = 0.0


def wait_idle(client: Connection, stack: str, timeout: float) -> pb.StackState:
    """The stack's state once it runs no transition, waiting at most `timeout` seconds for one to end."""
    deadline = time.monotonic() + timeout
    sub = client.subscribe(Topic.EVENT.of(stack), timeout=timeout)
    try:
        state = client.state(stack, time_left(deadline))
        while state.HasField("transition"):
            running = state.transition.transition_id
            while not _ends(running, _next_event(sub, deadline, f"transition {running} of {stack} to end")):
                pass
            state = client.state(stack, time_left(deadline))
        return state
    finally:
        sub.close(linger=0)


def _next_event(sub: zmq.Socket[bytes], deadline: float, what: str) -> pb.Event:
    for topic, payload in received(sub, deadline):
        if Topic.EVENT.matches(topic):
            return decode(pb.Event, payload, f"a publication on {endpoint(sub)}")
    raise SegueUnavailable(f"waited in vain for {what}")


def _ends(transition: int, event: pb.Event) -> bool:
    body = event.WhichOneof("body")
    if body == "deleted":
        return True
    return body in _ENDINGS and getattr(event, body).transition_id == transition


class _Outcome:
    """What the swipe has led to so far, from the publications on ev/<stack>/ and er/<stack>/."""

    def __init__(self, gesture_id: int) -> None:
        self.gesture_id = gesture_id
        self.transition: int | None = None
        self.decision: pb.Event | None = None
        self.completed: pb.Event | None = None

    def observe(self, topic: bytes, payload: bytes, where: str) -> None:
        if Topic.REJECTION.matches(topic):
            rejection = decode(pb.Rejection, payload, f"a publication on {where}")
            if rejection.gesture_id == self.gesture_id:
                raise refusal(rejection.error)
            return
        if not Topic.EVENT.matches(topic):
            return
        event = decode(pb.Event, payload, f"a publication on {where}")
        body = event.WhichOneof("body")
        if body == "began" and event.began.gesture_id == self.gesture_id:
            self.transition = event.began.transition_id
        elif self.transition is None:
            return
        elif body in ("finished", "cancelled") and getattr(event, body).transition_id == self.transition:
            self.decision = event
        elif body == "completed" and event.completed.transition_id == self.transition:
            self.completed = event

    def read(self, sub: zmq.Socket[bytes], until: float) -> None:
        """Observes publications until `until` (monotonic seconds) or until the swipe completed."""
        if self.completed is not None:
            return
        for topic, payload in received(sub, until):
            self.observe(topic, payload, endpoint(sub))
            if self.completed is not None:
                return


def perform_swipe(client: Connection, plan: SwipePlan, wait: bool, timeout: float) -> SwipeResult:
    state = wait_idle(client, plan.stack, timeout) if wait else client.state(plan.stack, timeout)
    size = state.config.size
    outcome = _Outcome(secrets.randbelow(1 << 53) + 1)
    sub = client.subscribe(Topic.EVENT.of(plan.stack), Topic.REJECTION.of(plan.stack), timeout=timeout)
    try:
        started = time.monotonic()
        trace = swipe_trace(plan.stack, outcome.gesture_id, size.width, size.height, plan.to, plan.velocity,
                            plan.duration, plan.rate_hz, plan.tabs, state.config.right_to_left, plan.cancel,
                            int(started * 1_000_000), edge=plan.edge, drift=plan.drift)
        for pan in trace:
            outcome.read(sub, started + (pan.timestamp_us - trace[0].timestamp_us) / 1_000_000)
            client.send(pb.Input(pan=pan))
        outcome.read(sub, time.monotonic() + timeout)
        if outcome.decision is None or outcome.completed is None:
            decided = "" if outcome.decision is None else f" (it was decided: {outcome.decision.WhichOneof('body')})"
            raise SegueUnavailable(f"swipe on {plan.stack} not completed within {timeout}s{decided}")
        return SwipeResult(outcome.decision, outcome.completed)
    finally:
        sub.close(linger=0)
