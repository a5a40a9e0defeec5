"""`Segue`: a connection to segued's three sockets, with its commands and queries as methods."""

from __future__ import annotations

import itertools
import os
import secrets
import time
from collections.abc import Callable, Mapping
from types import TracebackType
from typing import Any, TypeVar

import zmq
from google.protobuf.message import DecodeError

from . import arguments
from . import segue_pb2 as pb
from .arguments import encodable
from .commands import StackCommands, command_message
from .curve import CurveKeys
from .errors import SegueError, SegueUnavailable, closed, decode, malformed, oversize_hint, refusal
from .feed import EventFeed, FrameFeed
from .gesture import SwipePlan, SwipeResult, perform_swipe, wait_idle
from .receiving import received, time_left
from .swipe import Edge
from .topics import Topic

DEFAULT_INGEST = "tcp://127.0.0.1:7701"
DEFAULT_CONTROL = "tcp://127.0.0.1:7702"
DEFAULT_EVENTS = "tcp://127.0.0.1:7703"

P = TypeVar("P")

# The largest message taken from segued (ZMQ_MAXMSGSIZE on every socket). A daemon at its default limits sends at
# most 108632 bytes (a read's 64 KiB batch plus two of its largest events, 21548 bytes each: docs/security.md,
# "Limits"); 1 MiB leaves room for a daemon with a raised --max-screens or --max-presented.
DEFAULT_MAX_MESSAGE_BYTES = 1 << 20
# The most that stacks() and history() gather in one call, counted as the pages' encoded bytes.
DEFAULT_MAX_READ_BYTES = 16 << 20

# Replies the control socket queues unread: a request waits for one reply at a time, and a late one (to a request
# cut short) is skipped, so a few are enough; libzmq stops reading the connection past them, which bounds what a
# daemon sending unasked replies can make the client hold to this many of max_message_bytes.
_CONTROL_QUEUE = 16

# The reply body each request is answered with (publish_probe: none).
_REPLY_BODIES = {"command": "command", "get_stack": "stack", "read_events": "events", "list_stacks": "stacks",
                 "get_stats": "stats", "publish_probe": None}


class Segue(StackCommands):
    """A client of segued. Control requests go over a DEALER socket, replaced after a request times out, so that
    nothing still queued in it (while segued was down, say) is sent later and applied unasked.

    A `Segue` is not thread-safe: its sockets are shared, and its feeds read the log through its control socket.
    Use one per thread; a feed iterated in another thread needs a client of its own (`copy()` makes one).

    `max_message_bytes` is the largest message the client takes from segued (ZMQ_MAXMSGSIZE on each of its sockets):
    libzmq drops the connection of a peer that sends a larger one, so a reply over it ends its request in
    SegueUnavailable, at the request's timeout, with a message naming the limit. `max_read_bytes` bounds what
    `stacks()` and `history()` gather (RESOURCE_EXHAUSTED past it)."""

    def __init__(self, ingest: str = DEFAULT_INGEST, control: str = DEFAULT_CONTROL,
                 events: str = DEFAULT_EVENTS, timeout: float = 5.0, curve: CurveKeys | None = None, *,
                 max_message_bytes: int = DEFAULT_MAX_MESSAGE_BYTES,
                 max_read_bytes: int = DEFAULT_MAX_READ_BYTES) -> None:
        self.ingest_endpoint = ingest
        self.control_endpoint = control
        self.events_endpoint = events
        self.timeout = arguments.seconds("timeout", timeout)
        self.curve = curve
        self.max_message_bytes = arguments.byte_limit("max_message_bytes", max_message_bytes)
        self.max_read_bytes = arguments.byte_limit("max_read_bytes", max_read_bytes)
        self._context: zmq.Context[zmq.Socket[bytes]] = zmq.Context()
        try:
            self._control = self._control_socket()
            self._control_drops = self._control.get_monitor_socket(zmq.EVENT_DISCONNECTED)
            self._ingest = self.socket(zmq.PUSH, ingest)
            self.socket(zmq.SUB, events).close()  # checks the endpoint now rather than at the first feed
        except SegueError:
            self.close()
            raise
        self._ingest.sndtimeo = int(self.timeout * 1000)
        self._id_prefix = "py-" + secrets.token_hex(4) + "-"
        self._ids = itertools.count(1)

    @classmethod
    def connect(cls, ingest: str = DEFAULT_INGEST, control: str = DEFAULT_CONTROL, events: str = DEFAULT_EVENTS,
                timeout: float = 5.0, curve: CurveKeys | None = None, *,
                max_message_bytes: int = DEFAULT_MAX_MESSAGE_BYTES,
                max_read_bytes: int = DEFAULT_MAX_READ_BYTES) -> Segue:
        return cls(ingest, control, events, timeout, curve, max_message_bytes=max_message_bytes,
                   max_read_bytes=max_read_bytes)

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None, timeout: float = 5.0, *,
                 max_message_bytes: int = DEFAULT_MAX_MESSAGE_BYTES,
                 max_read_bytes: int = DEFAULT_MAX_READ_BYTES) -> Segue:
        """Endpoints and CURVE keys from the variables the CLI reads: SEGUE_INGEST, SEGUE_CONTROL, SEGUE_EVENTS,
        SEGUE_CURVE_SERVER_KEY and SEGUE_CURVE_KEY_FILE (an absent or empty variable keeps the default)."""
        env = os.environ if environ is None else environ
        server_key, key_file = env.get("SEGUE_CURVE_SERVER_KEY", ""), env.get("SEGUE_CURVE_KEY_FILE", "")
        if bool(server_key) != bool(key_file):
            raise SegueError(pb.INVALID_ARGUMENT, "CURVE needs both SEGUE_CURVE_SERVER_KEY and SEGUE_CURVE_KEY_FILE")
        curve = CurveKeys.from_files(server_key, key_file) if server_key else None
        return cls(env.get("SEGUE_INGEST") or DEFAULT_INGEST, env.get("SEGUE_CONTROL") or DEFAULT_CONTROL,
                   env.get("SEGUE_EVENTS") or DEFAULT_EVENTS, timeout, curve, max_message_bytes=max_message_bytes,
                   max_read_bytes=max_read_bytes)

    def copy(self) -> Segue:
        """A new client with this one's endpoints, timeout, keys and limits (for another thread)."""
        return Segue(self.ingest_endpoint, self.control_endpoint, self.events_endpoint, self.timeout, self.curve,
                     max_message_bytes=self.max_message_bytes, max_read_bytes=self.max_read_bytes)

    # ------------------------------------------------------------------------------------------------ sockets

    def socket(self, kind: int, endpoint: str) -> zmq.Socket[bytes]:
        """A socket of this client's context, with its CURVE keys and max_message_bytes, connected to `endpoint`."""
        self._check_open()
        return self._connect(self._context.socket(kind), endpoint)

    def _connect(self, sock: zmq.Socket[bytes], endpoint: str) -> zmq.Socket[bytes]:
        sock.linger = 0
        sock.maxmsgsize = self.max_message_bytes
        try:
            if self.curve is not None:
                self.curve.apply(sock)
            sock.connect(endpoint)
        except (zmq.ZMQError, UnicodeEncodeError) as exc:
            sock.close()
            raise arguments.invalid(f"{endpoint!r} is not an endpoint ({exc}): use tcp://HOST:PORT or "
                                    "ipc://PATH") from exc
        return sock

    def close(self) -> None:
        """Closes the client's sockets, its feeds' too; using any of them afterwards raises CLIENT_CLOSED."""
        self._context.destroy(linger=0)

    def _check_open(self) -> None:
        if self._context.closed:
            raise closed("this Segue client")

    def __enter__(self) -> Segue:
        return self

    def __exit__(self, kind: type[BaseException] | None, value: BaseException | None,
                 traceback: TracebackType | None) -> None:
        self.close()

    # ------------------------------------------------------------------------------------------------ requests

    @encodable
    def request(self, timeout: float | None = None, **body: Any) -> pb.Reply:
        """Sends one Request (keyword: its body) and returns the Reply; a Reply.error raises SegueError with the
        daemon's code and message, and a reply whose body does not answer the request raises MALFORMED."""
        request = pb.Request(request_id=f"{self._id_prefix}{next(self._ids)}", **body)
        reply = decode(pb.Reply, self.request_bytes(request.SerializeToString(), timeout),
                       f"a reply from {self.control_endpoint}")
        if reply.HasField("error"):
            raise refusal(reply.error)
        kind = request.WhichOneof("body")
        if kind in _REPLY_BODIES and reply.WhichOneof("body") != _REPLY_BODIES[kind]:
            raise malformed(f"a reply from {self.control_endpoint} to {kind} with "
                            f"{reply.WhichOneof('body') or 'no body'}, not {_REPLY_BODIES[kind] or 'no body'}")
        return reply

    def request_bytes(self, payload: bytes, timeout: float | None = None) -> bytes:
        """Sends an encoded Request and returns the encoded Reply, as received (for tools that check bytes).
        A late reply to an earlier request cut short (by an interrupt) carries that request's id and is skipped.
        A reply that is not one part after the envelope's empty delimiter, or that does not decode as a Reply, raises
        SegueError MALFORMED."""
        wait = self._wait(timeout)
        self._check_open()
        try:
            request_id = pb.Request.FromString(payload).request_id
        except DecodeError:
            request_id = ""  # segued answers what it cannot read with an error and no id
        self._dropped()  # forgets drops before this request
        self._control.send_multipart([b"", payload])
        deadline = time.monotonic() + wait
        while True:
            left = deadline - time.monotonic()
            if left <= 0 or not self._control.poll(int(left * 1000) + 1):
                dropped = self._dropped()
                self._replace_control()
                raise SegueUnavailable(
                    f"no reply from {self.control_endpoint} within {wait}s"
                    f"{oversize_hint('a request', len(payload))}{self._drop_hint() if dropped else ''}; if segued "
                    "received the request, it may have been applied (check with state() before retrying); it will "
                    "not be sent again")
            frames = self._control.recv_multipart()
            if len(frames) != 2 or frames[0]:
                raise malformed(f"a reply from {self.control_endpoint} of {len(frames)} parts, not an empty "
                                "delimiter and a Reply")
            reply = decode(pb.Reply, frames[1], f"a reply from {self.control_endpoint}")
            # A reply without an id answers a request segued could not read (its error says why).
            if reply.request_id == request_id or (not reply.request_id and reply.HasField("error")):
                return frames[1]

    def _dropped(self) -> bool:
        """Whether the control connection dropped since the last look (segued stopped, or sent a message over
        max_message_bytes, which libzmq refuses by dropping the connection)."""
        dropped = False
        while self._control_drops.poll(0):
            self._control_drops.recv_multipart()
            dropped = True
        return dropped

    def _drop_hint(self) -> str:
        return (f"; the connection dropped meanwhile: segued stopped, or sent a reply over this client's "
                f"max_message_bytes ({self.max_message_bytes} bytes), which ends the connection")

    def _control_socket(self) -> zmq.Socket[bytes]:
        """A DEALER on the control endpoint, that queues few replies unread."""
        self._check_open()
        sock = self._context.socket(zmq.DEALER)
        sock.rcvhwm = _CONTROL_QUEUE
        return self._connect(sock, self.control_endpoint)

    def _replace_control(self) -> None:
        """A new control socket in place of one whose request timed out: the old one's queue goes with it, so a
        request that never reached segued is not delivered once segued answers again."""
        self._control.disable_monitor()
        self._control_drops.close(linger=0)
        self._control.close(linger=0)
        self._control = self._control_socket()
        self._control_drops = self._control.get_monitor_socket(zmq.EVENT_DISCONNECTED)

    def _wait(self, timeout: float | None) -> float:
        """How long a call waits: its own `timeout`, or the client's."""
        return self.timeout if timeout is None else arguments.seconds("timeout", timeout)

    @encodable
    def command(self, stack: str, expected_version: int | None = None, **op: Any) -> pb.CommandResult:
        return self.request(command=command_message(stack, expected_version, op)).command

    @encodable
    def state(self, stack: str, timeout: float | None = None) -> pb.StackState:
        return self.request(timeout, get_stack=pb.GetStack(stack_id=stack)).stack

    def stacks(self, timeout: float | None = None) -> list[str]:
        """Every stack id, in byte order, read page by page within `timeout` (None: the client's) for the whole
        call; RESOURCE_EXHAUSTED once the pages come to more than max_read_bytes, MALFORMED for a page whose ids do
        not go on in byte order from the previous one's."""
        wait = self._wait(timeout)
        deadline = time.monotonic() + wait
        ids: list[str] = []
        after, read = "", 0
        while True:
            page = self._page(deadline, wait, "stacks()", f"{len(ids)} ids", lambda left: self.request(
                left, list_stacks=pb.ListStacks(after=after)).stacks)
            read = self._gathered(read, page.ByteSize(), "stacks()", f"{len(ids)} ids")
            for stack_id in page.stack_ids:
                # Code point order is UTF-8 byte order; ids in order also rule out a page served again and again.
                if stack_id <= after:
                    raise malformed(f"a ListStacks page from {self.control_endpoint} with {stack_id!r} after "
                                    f"{after!r}: ids must go on in byte order")
                after = stack_id
            ids += page.stack_ids
            if not page.more or not page.stack_ids:
                return ids

    def _page(self, deadline: float, wait: float, call: str, gathered: str, fetch: Callable[[float], P]) -> P:
        """The next page of `call` (which has `gathered` so far), fetched within the time left until `deadline`;
        SegueUnavailable, for the whole call, once none is left."""
        late = f"{call} not done within {wait}s ({gathered} read from {self.control_endpoint} so far)"
        if time.monotonic() >= deadline:
            raise SegueUnavailable(late)
        try:
            return fetch(time_left(deadline))
        except SegueUnavailable as exc:
            if exc.number is not None:
                raise  # the daemon's own UNAVAILABLE
            raise SegueUnavailable(f"{late}: {exc.message}") from exc

    def _gathered(self, read: int, page: int, call: str, gathered: str) -> int:
        """The bytes `call` has read once a page of `page` bytes is added; RESOURCE_EXHAUSTED past max_read_bytes."""
        if read + page > self.max_read_bytes:
            raise SegueError(pb.RESOURCE_EXHAUSTED,
                             f"{call} read more than this client's max_read_bytes ({self.max_read_bytes} bytes) "
                             f"from {self.control_endpoint} ({gathered} so far): raise it, or read page by page")
        return read + page

    def stats(self, timeout: float | None = None) -> pb.Stats:
        return self.request(timeout, get_stats=pb.GetStats()).stats

    @encodable
    def read_events(self, from_position: int = 0, stack: str | None = None, max_count: int = 0,
                    timeout: float | None = None) -> pb.EventBatch:
        return self.request(timeout, read_events=pb.ReadEvents(from_position=from_position, stack_id=stack or "",
                                                               max_count=max_count)).events

    def history(self, stack: str | None = None, from_position: int = 0,
                timeout: float | None = None) -> list[pb.Event]:
        """The events in the log from `from_position` up to its head (of one stack, or all), read page by page
        within `timeout` (None: the client's) for the whole call; RESOURCE_EXHAUSTED once the pages come to more
        than max_read_bytes (read_events() or events() read a longer log a page at a time)."""
        wait = self._wait(timeout)
        deadline = time.monotonic() + wait
        events: list[pb.Event] = []
        position, read = max(from_position, 1), 0
        while True:
            batch = self._page(deadline, wait, "history()", f"{len(events)} events",
                               lambda left: self.read_events(position, stack, timeout=left))
            read = self._gathered(read, batch.ByteSize(), "history()", f"{len(events)} events")
            events += batch.events
            if batch.next_position <= position or batch.next_position > batch.head_position:
                return events
            position = batch.next_position

    @encodable
    def publish_probe(self, token: str, timeout: float | None = None) -> None:
        self.request(timeout, publish_probe=pb.PublishProbe(token=token))

    def send(self, message: pb.Input) -> None:
        """Sends an Input on the ingest socket, fire and forget (a refusal is published on er/<stack>/)."""
        self.send_bytes(message.SerializeToString())

    def send_bytes(self, payload: bytes) -> None:
        """Sends an encoded Input on the ingest socket (a recording's bytes, say) as it is. segued drops an input
        over its --max-message-bytes (65536 by default) unseen: no rejection is published."""
        self._check_open()
        try:
            self._ingest.send(payload)
        except zmq.Again as exc:
            raise SegueUnavailable(f"{self.ingest_endpoint} took no input within {self.timeout}s"
                                   f"{oversize_hint('an input', len(payload))}") from exc

    @encodable
    def send_probe(self, token: str | None = None) -> str:
        """Sends an ingest probe (Input.probe) after this client's inputs and returns its token: segued publishes
        it on pr/<token>/ once it has decided every input sent before it, after their events and rejections."""
        token = token or "py-flush-" + secrets.token_hex(8)
        self.send(pb.Input(probe=pb.PublishProbe(token=token)))
        return token

    def flush(self, timeout: float | None = None) -> None:
        """Returns once segued has decided (and published the outcome of) every input this client sent."""
        wait = self._wait(timeout)
        token = "py-flush-" + secrets.token_hex(8)
        topic = Topic.PROBE.of(token).encode()
        sub = self.subscribe(topic.decode(), timeout=wait)
        try:
            self.send_probe(token)
            deadline = time.monotonic() + wait
            if any(arrived == topic for arrived, _ in received(sub, deadline)):
                return
            raise SegueUnavailable(f"inputs sent to {self.ingest_endpoint} not decided within {wait}s")
        finally:
            sub.close(linger=0)

    # ------------------------------------------------------------------------------------------------ feeds

    @encodable
    def subscribe(self, *prefixes: str, timeout: float | None = None) -> zmq.Socket[bytes]:
        """A SUB socket on `prefixes`, returned once its subscriptions are live (proven by a publish probe)."""
        wait = self._wait(timeout)
        sock = self.socket(zmq.SUB, self.events_endpoint)
        sock.rcvhwm = 0
        try:
            for prefix in prefixes:
                sock.subscribe(prefix.encode())
            self.prove_live(sock, wait)
        except BaseException:
            sock.close(linger=0)
            raise
        return sock

    def prove_live(self, sock: zmq.Socket[bytes], timeout: float | None = None) -> None:
        """Returns once every (un)subscription made on `sock` so far has reached segued: asks for a publish
        probe on a topic of its own every 50 ms until one arrives (probes published before are dropped)."""
        wait = self._wait(timeout)
        token = "py-probe-" + secrets.token_hex(8)
        topic = Topic.PROBE.of(token).encode()
        deadline = time.monotonic() + wait
        sock.subscribe(topic)
        try:
            while (left := deadline - time.monotonic()) > 0:
                self.publish_probe(token, timeout=left)
                retry = min(time.monotonic() + 0.05, deadline)
                if any(arrived == topic for arrived, _ in received(sock, retry)):
                    return
            raise SegueUnavailable(f"no subscription live on {self.events_endpoint} within {wait}s")
        finally:
            sock.unsubscribe(topic)

    def events(self, stack: str | None = None, from_position: int | None = None,
               timeout: float | None = None, idle_check: float = 1.0,
               on_log_behind: Callable[[int, int], None] | None = None) -> EventFeed:
        """Every event (of one stack, or all) from `from_position` (None: only those after now), in order,
        without gaps or repeats: history from the log, read a page at a time as needed, then live. Creating the
        feed, and each `next()` (the log's pages it reads included), is bounded by `timeout` (None: the client's),
        after which SegueUnavailable is raised; a publication or page that does not decode raises MALFORMED and
        leaves the feed where it was. After `idle_check` seconds without a live event the feed asks the log
        whether it missed one. A daemon whose log ends before what the feed has seen (started again on a fresh or
        older data directory) is followed from its head, after telling `on_log_behind(head, seen)`. The feed uses
        this client: iterate it in this thread."""
        return EventFeed(self, stack, from_position, self._wait(timeout),
                         arguments.seconds("idle_check", idle_check), on_log_behind)

    def frames(self, stack: str, timeout: float | None = None) -> FrameFeed:
        """The stack's frames published from now on; each wait bounded as for `events`."""
        return FrameFeed(self, stack, self._wait(timeout))

    def wait_idle(self, stack: str, timeout: float | None = None) -> pb.StackState:
        """Waits until the stack runs no transition (the running one completed or was interrupted) and returns its
        state then; SegueUnavailable if it is still busy after `timeout` (None: the client's)."""
        return wait_idle(self, stack, self._wait(timeout))

    def swipe(self, stack: str, to: float = 0.7, velocity: float = 0.0, duration: float = 0.25, *,
              tabs: bool = False, cancel: bool = False, rate_hz: float = 120.0, edge: Edge | None = None,
              drift: float = 0.0, wait: bool = True, timeout: float | None = None) -> SwipeResult:
        """Swipes back (or between tabs) as a finger would: the pans of `swipe_trace`, sent in real time, then
        waits for the decision and the completed event after the settle. With `wait`, a transition already
        running is left to complete first, as a user waits for an animation; without it, the swipe may be
        refused. A back swipe starts at `edge` ("left", "right"; None: the leading edge) and moves away from it;
        `drift` slants it down (negative: up) by that fraction of the height. A refused swipe raises SegueError
        with the rejection's code; `to` (-1 to 1, not 0), `velocity` (within 10^6 pt/s), `duration` (1 ms to 60 s),
        `rate_hz` (1 to 1000), `edge` (back swipes only) and `drift` (-1 to 1) are bounded as for `segue swipe`."""
        arguments.swipe(to, velocity, duration, rate_hz)
        arguments.swipe_path(edge, drift, tabs)
        return perform_swipe(self, SwipePlan(stack, to, velocity, duration, tabs, cancel, rate_hz, edge, drift),
                             wait, self._wait(timeout))
