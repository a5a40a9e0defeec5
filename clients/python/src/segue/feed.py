"""Iterators over what segued publishes: every event in order without a gap or a repeat, and frames.

`EventFeed` is the zguide's Clone pattern, as SegueClient's EventFeed: subscribe and prove the subscription live,
read the log from the wanted position, then follow live publications. A live event at or below the last delivered
position is a duplicate and skipped; one past a gap (positions for all stacks, versions for one stack) makes the
feed read the gap from the log first. A loss at the end of a burst has no later event to reveal it, so after
`idle_check` seconds without a live event the feed asks the log once whether anything came after its last event.

A read that finds the log ending before a position the feed has already seen comes from another log (a daemon
started again on a fresh data directory, or on an older copy of its log): the feed calls `on_log_behind(head,
seen)` and follows that log from its head, since nothing tells its positions apart from those already delivered.

A connection that moves to another daemon with the same log (a cluster's `ShardConnection`, when the shard's holder
is taken over: its `events_endpoint` changes) is followed: the feed subscribes there and reads the log from its last
event, as at the start.

The log is read a page at a time, as the feed needs events: what it holds is one page at most, and a wait in
`next()` spans both the reads and the live wait, whatever the daemon answers. A publication or a page that does not
decode raises SegueError MALFORMED from `next()` and leaves the feed where it was: the next call goes on from the
last event delivered (reading the log for whatever that publication was).
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable

from . import segue_pb2 as pb
from .connection import Connection
from .errors import SegueUnavailable, closed, decode
from .receiving import endpoint, received, time_left
from .topics import Topic


class EventFeed:
    """Every event (of one stack, or all) from a position, in order, without a gap or a repeat (`Segue.events`)."""

    def __init__(self, client: Connection, stack: str | None, from_position: int | None, timeout: float,
                 idle_check: float = 1.0, on_log_behind: Callable[[int, int], None] | None = None) -> None:
        self.client = client
        self.on_log_behind = on_log_behind
        self.stack = stack
        self.timeout = timeout
        self.idle_check = idle_check
        self.events_read_from_log = 0
        deadline = time.monotonic() + timeout
        self._topic = Topic.EVENT.of(stack) if stack else Topic.EVENT.prefix
        self.subscription = client.subscribe(self._topic, timeout=timeout)
        self._subscribed_to = client.events_endpoint
        self._closed = False
        self._pending: deque[pb.Event] = deque()
        self.last_version: int | None = None
        try:
            # Subscribed first, then the start: whatever is published from here on arrives live or is in the log.
            start = (client.stats(time_left(deadline)).head_position + 1 if from_position is None
                     else max(from_position, 1))
        except BaseException:
            self.subscription.close(linger=0)
            raise
        self.last_position = start - 1
        # A read of the log in progress: the position of its next page, and where it ends (None: at the head).
        self._read_from: int | None = start
        self._read_until: int | None = None
        # A live event that revealed a gap: delivered once the read of the gap is done.
        self._held: pb.Event | None = None
        self._idle_since = time.monotonic()

    def __iter__(self) -> EventFeed:
        return self

    def __next__(self) -> pb.Event:
        """The next event; SegueUnavailable if none comes within the feed's timeout, the log's pages read
        meanwhile included."""
        deadline = time.monotonic() + self.timeout
        if not self._closed:
            self._follow_the_connection(deadline)
        if self._closed or self.subscription.closed:
            raise closed("this event feed (or its client)")
        while not self._pending:
            now = time.monotonic()
            if now >= deadline:
                where = f"stack {self.stack}" if self.stack else "any stack"
                reading = "" if self._read_from is None else f" (reading the log from position {self._read_from})"
                raise SegueUnavailable(f"no event of {where} within {self.timeout}s{reading}")
            if self._read_from is not None:
                try:
                    self._read_page(self._read_from, deadline)
                    self._follow_the_connection(deadline)
                except SegueUnavailable as exc:
                    if exc.number is not None:
                        raise  # the daemon's own UNAVAILABLE
                    where = f"stack {self.stack}" if self.stack else "any stack"
                    raise SegueUnavailable(f"no event of {where} within {self.timeout}s (reading the log from "
                                           f"position {self._read_from}: {exc.message})") from exc
            elif now >= self._idle_since + self.idle_check:
                self._idle_since = now
                self._read_from, self._read_until = self.last_position + 1, None
            else:
                self._follow(min(deadline, self._idle_since + self.idle_check))
        return self._pending.popleft()

    def close(self) -> None:
        self._closed = True
        self.subscription.close(linger=0)

    def _follow_the_connection(self, deadline: float) -> None:
        """Subscribes again when the connection has moved to another daemon (a cluster's shard taken over), and
        reads its log from the last event delivered: what was published before the new subscription is in it."""
        if self.client.events_endpoint == self._subscribed_to:
            return
        self.subscription.close(linger=0)
        self.subscription = self.client.subscribe(self._topic, timeout=time_left(deadline))
        self._subscribed_to = self.client.events_endpoint
        if self._read_from is None:
            self._read_from, self._read_until = self.last_position + 1, None

    def _follow(self, until: float) -> None:
        """Takes live events until one is delivered or reveals a gap, or until `until`."""
        for topic, payload in received(self.subscription, until):
            if not Topic.EVENT.matches(topic):
                continue  # a probe asked for before the subscription was proven live
            event = decode(pb.Event, payload, f"a publication on {endpoint(self.subscription)}")
            if event.position <= self.last_position:
                continue  # a duplicate, or an event of another log, which the next idle check finds out
            self._idle_since = time.monotonic()
            if self._after_gap(event):
                self._read_from, self._read_until, self._held = self.last_position + 1, event.position - 1, event
            else:
                self._accept(event)
            return

    def _after_gap(self, event: pb.Event) -> bool:
        """Whether events may be missing between the last delivered one and `event`."""
        if event.position <= self.last_position + 1:
            return False
        if self.stack is None or self.last_version is None or event.version == 1:
            return True  # version 1 is a re-created stack: its predecessor's last events may be what was lost
        return event.version > self.last_version + 1

    def _read_page(self, position: int, deadline: float) -> None:
        """Queues the events of one page of the log from `position`, after the last delivered one and up to the
        read's end; once the read is done, the live event that was held for it."""
        until = self._read_until
        batch = self.client.read_events(position, self.stack, timeout=time_left(deadline))
        # A log's head never goes back: one before what this feed has seen is another log.
        if batch.head_position < self.last_position:
            seen, self.last_position, self.last_version = self.last_position, batch.head_position, None
            self._end_read()
            if self.on_log_behind is not None:
                self.on_log_behind(batch.head_position, seen)
            return
        for event in batch.events:
            if self.last_position < event.position and (until is None or event.position <= until):
                self._accept(event)
                self.events_read_from_log += 1
        end = batch.head_position if until is None else until
        if batch.next_position <= position or batch.next_position > end:
            self._end_read()
        else:
            self._read_from = batch.next_position

    def _end_read(self) -> None:
        held, self._read_from, self._read_until, self._held = self._held, None, None, None
        if held is not None and held.position > self.last_position:
            self._accept(held)

    def _accept(self, event: pb.Event) -> None:
        self.last_position = event.position
        if self.stack is not None:
            self.last_version = event.version
        self._pending.append(event)


class FrameFeed:
    """The frames of one stack published after the feed was created (frames are not logged)."""

    def __init__(self, client: Connection, stack: str, timeout: float) -> None:
        self.stack = stack
        self.timeout = timeout
        self._sub = client.subscribe(Topic.FRAME.of(stack), timeout=timeout)

    def __iter__(self) -> FrameFeed:
        return self

    def __next__(self) -> pb.Frame:
        if self._sub.closed:
            raise closed("this frame feed (or its client)")
        deadline = time.monotonic() + self.timeout
        for topic, payload in received(self._sub, deadline):
            if Topic.FRAME.matches(topic):
                return decode(pb.Frame, payload, f"a publication on {endpoint(self._sub)}")
        raise SegueUnavailable(f"no frame of stack {self.stack} within {self.timeout}s")

    def transition(self, transition_id: int) -> list[pb.Frame]:
        """The frames of one transition, up to and including its DONE frame."""
        frames: list[pb.Frame] = []
        for frame in self:
            if frame.transition_id == transition_id:
                frames.append(frame)
                if frame.phase == pb.DONE:
                    return frames
        return frames

    def close(self) -> None:
        self._sub.close(linger=0)
