"""Interop fixtures: the built `segued` started with the `segue` package's Daemon (ephemeral loopback ports,
temporary data directory, stopped by pid), the package's protobuf module, and the package's client `Segue`
seen through wrappers that check every byte on the wire: each reply and publication is decoded strictly (no
unknown fields) and checked against its topic. Raw REQ and DEALER sockets check the control envelopes.

Written from the wire contract (proto/segue.proto) and the design (docs in /work/shared/design.md,
sections 3, 4, 5 and 9) only, as an outside client would.

Every wait is bounded. Nothing sleeps to wait for readiness: the daemon's ready line is read with select(), a
subscription is proven live by a probe that makes the daemon publish (`Segue.subscribe`), and `Subscriber.sync`
waits for an ingest probe published after every input sent before it.
"""

from __future__ import annotations

import itertools
import os
import signal
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterator

import pytest
import zmq
from segue import Segue, SegueUnavailable, segue_pb2
from segue.daemon import Daemon, segued_binary

# The segued built in this repository, unless SEGUED names another.
os.environ.setdefault("SEGUED", str(Path(__file__).resolve().parents[2] / ".build" / "debug" / "segued"))

WAIT = 5.0             # default bound on any wait for a reply or a published message


# ---------------------------------------------------------------------------------------------------- protobuf


@pytest.fixture(scope="session")
def pb() -> Any:
    """The package's protobuf module (Google's classes generated from proto/segue.proto)."""
    return segue_pb2


def unknown_fields(message: Any, path: str = "") -> list[str]:
    """Paths of every message (recursively) that carries unknown fields after parsing."""
    from google.protobuf import unknown_fields as uf  # noqa: PLC0415

    found = []
    if len(uf.UnknownFieldSet(message)) > 0:
        found.append(path or message.DESCRIPTOR.full_name)
    for fd, value in message.ListFields():
        if fd.message_type is None:
            continue
        if fd.message_type.GetOptions().map_entry:
            continue
        if fd.is_repeated:
            for i, item in enumerate(value):
                found += unknown_fields(item, f"{path}.{fd.name}[{i}]")
        else:
            found += unknown_fields(value, f"{path}.{fd.name}")
    return found


def parse_strict(cls: Any, data: bytes) -> Any:
    """Parse with Google's runtime; fail on undecodable bytes or unknown fields anywhere."""
    message = cls()
    try:
        message.ParseFromString(data)
    except Exception as exc:  # google.protobuf.message.DecodeError and friends
        raise AssertionError(f"{cls.DESCRIPTOR.full_name} does not parse: {exc}; bytes={data.hex()}") from exc
    extra = unknown_fields(message)
    assert not extra, f"{cls.DESCRIPTOR.full_name} has unknown fields at {extra}; bytes={data.hex()}"
    return message


def raw_fields(data: bytes) -> list[tuple[int, int, bytes | int]]:
    """A minimal protobuf wire reader: [(field number, wire type, value)], values of length-delimited
    fields as the exact bytes on the wire. Used to compare embedded messages byte for byte."""
    out = []
    i = 0

    def varint() -> int:
        nonlocal i
        shift = result = 0
        while True:
            b = data[i]
            i += 1
            result |= (b & 0x7F) << shift
            if b < 0x80:
                return result
            shift += 7

    while i < len(data):
        key = varint()
        number, wire = key >> 3, key & 7
        if wire == 0:
            out.append((number, wire, varint()))
        elif wire == 1:
            out.append((number, wire, data[i : i + 8]))
            i += 8
        elif wire == 2:
            n = varint()
            out.append((number, wire, data[i : i + n]))
            i += n
        elif wire == 5:
            out.append((number, wire, data[i : i + 4]))
            i += 4
        else:
            raise AssertionError(f"unexpected wire type {wire} at {i} in {data.hex()}")
    return out


def batch_event_bytes(reply_bytes: bytes) -> list[bytes]:
    """The exact bytes of each Event inside Reply.events (field 12) -> EventBatch.events (field 1)."""
    batches = [v for n, w, v in raw_fields(reply_bytes) if n == 12 and w == 2]
    assert len(batches) == 1, "reply carries no EventBatch"
    return [v for n, w, v in raw_fields(batches[0]) if n == 1 and w == 2]


# ---------------------------------------------------------------------------------------------------- daemon


def stop_cleanly(daemon: Daemon) -> None:
    """SIGTERM (the package's Daemon.stop), which must give exit 0."""
    rc = daemon.stop()
    assert rc == 0, f"segued exited {rc}, expected 0; stderr:\n{daemon.stderr()}"


def running(daemon: Daemon) -> bool:
    return daemon.process.poll() is None


class DaemonFactory:
    """Starts daemons (the package's Daemon: own data dir, stderr file, ports from the ready line) and stops
    every one of them at teardown."""

    def __init__(self, tmp_path: Path):
        self.tmp_path = tmp_path
        self.started: list[Daemon] = []

    def start(self, data: Path | None = None, *extra: str) -> Daemon:
        daemon = Daemon(data or self.tmp_path / "data", *extra)
        self.started.append(daemon)
        for ep in (daemon.ingest, daemon.control, daemon.events):
            assert ep.startswith("tcp://127.0.0.1:") and not ep.endswith(":*"), f"bad endpoint {ep!r}"
        return daemon

    def stop_all(self) -> None:
        """Stops them all; fails if one had to be killed (it did not exit on SIGTERM in time)."""
        killed = [str(daemon.data) for daemon in self.started if daemon.stop() == -signal.SIGKILL]
        assert not killed, f"segued did not exit on SIGTERM, killed: {killed}"


@pytest.fixture
def daemons(tmp_path: Path) -> Iterator[DaemonFactory]:
    try:
        segued_binary()
    except FileNotFoundError as exc:
        pytest.skip(str(exc))
    factory = DaemonFactory(tmp_path)
    yield factory
    factory.stop_all()


@pytest.fixture
def daemon(daemons: DaemonFactory) -> Iterator[Daemon]:
    """One daemon on a fresh data dir; stopped at teardown with SIGTERM, which must give exit 0."""
    d = daemons.start()
    yield d
    if running(d):
        stop_cleanly(d)


# ---------------------------------------------------------------------------------------------------- clients


@pytest.fixture
def zctx() -> Iterator[zmq.Context]:
    ctx = zmq.Context()
    yield ctx
    ctx.destroy(linger=0)


class Control:
    """Control requests whose every reply is decoded strictly; `exchange` (one request's bytes in, the reply's
    out) is the transport's."""

    ids = itertools.count(1)

    def __init__(self, pb: Any):
        self.pb = pb
        self.last_raw = b""

    def exchange(self, payload: bytes, timeout: float) -> bytes:
        raise NotImplementedError

    def send_raw(self, payload: bytes, timeout: float = WAIT) -> bytes:
        self.last_raw = self.exchange(payload, timeout)
        return self.last_raw

    def call_raw(self, payload: bytes, timeout: float = WAIT) -> Any:
        return parse_strict(self.pb.Reply, self.send_raw(payload, timeout))

    def call(self, timeout: float = WAIT, **body: Any) -> Any:
        request = self.pb.Request(request_id=f"rq-{next(self.ids)}", **body)
        reply = self.call_raw(request.SerializeToString(), timeout)
        assert reply.request_id == request.request_id, f"reply echoes {reply.request_id!r}"
        return reply

    def ok(self, timeout: float = WAIT, **body: Any) -> Any:
        reply = self.call(timeout, **body)
        assert not reply.HasField("error"), f"unexpected error reply {reply.error} to {body}"
        return reply

    def command(self, stack_id: str, request_id: str = "", **op: Any) -> Any:
        """A Command in a Request; returns the Reply (errors included)."""
        return self.call(command=self.pb.Command(stack_id=stack_id, request_id=request_id, **op))

    def create(self, stack_id: str, screens: list[str], width: float = 390.0, height: float = 844.0,
               profile: str = "classic", **config: Any) -> Any:
        pb = self.pb
        reply = self.command(
            stack_id,
            create=pb.CreateStack(
                screens=screens,
                config=pb.StackConfig(size=pb.Size(width=width, height=height), profile=profile, **config),
            ),
        )
        assert not reply.HasField("error"), f"create {stack_id} failed: {reply.error}"
        return reply

    def read_events(self, from_position: int = 0, stack_id: str = "", max_count: int = 0) -> tuple[Any, list[bytes]]:
        reply = self.ok(read_events=self.pb.ReadEvents(from_position=from_position, stack_id=stack_id,
                                                       max_count=max_count))
        assert reply.WhichOneof("body") == "events", f"ReadEvents answered {reply}"
        return reply.events, batch_event_bytes(self.last_raw)

    def read_all(self, stack_id: str = "", max_count: int = 0) -> tuple[list[Any], list[bytes], int]:
        """Page through the whole history with next_position; returns events, their bytes and the head."""
        events, raws, position, head = [], [], 0, None
        for _ in range(10000):
            batch, raw = self.read_events(position, stack_id, max_count)
            head = batch.head_position
            events += list(batch.events)
            raws += raw
            if max_count:
                assert len(batch.events) <= max_count, f"batch of {len(batch.events)} > max_count {max_count}"
            if not batch.events:
                break
            assert batch.next_position > position, f"next_position {batch.next_position} does not advance"
            position = batch.next_position
        return events, raws, head


class ClientControl(Control):
    """Control through the package's client (`Segue.request_bytes`), as an application talks to segued."""

    def __init__(self, pb: Any, client: Segue):
        super().__init__(pb)
        self.client = client

    def exchange(self, payload: bytes, timeout: float) -> bytes:
        try:
            return self.client.request_bytes(payload, timeout)
        except SegueUnavailable as exc:
            raise AssertionError(f"no reply within {timeout}s to {payload.hex()}") from exc


class SocketControl(Control):
    """Control over a raw REQ or DEALER socket (with or without the empty delimiter), checking each envelope."""

    def __init__(self, pb: Any, ctx: zmq.Context, endpoint: str, kind: int = zmq.REQ, delimiter: bool = True):
        super().__init__(pb)
        self.kind = kind
        self.delimiter = delimiter
        self.sock = ctx.socket(kind)
        self.sock.setsockopt(zmq.LINGER, 0)
        self.sock.connect(endpoint)

    def exchange(self, payload: bytes, timeout: float) -> bytes:
        if self.kind == zmq.DEALER and self.delimiter:
            self.sock.send_multipart([b"", payload])
        else:
            self.sock.send(payload)
        if not self.sock.poll(int(timeout * 1000)):
            raise AssertionError(f"no reply within {timeout}s to {payload.hex()}")
        frames = self.sock.recv_multipart()
        if self.kind == zmq.DEALER:
            if self.delimiter:
                assert len(frames) == 2 and frames[0] == b"", f"DEALER reply lost its delimiter: {frames!r}"
            else:
                assert len(frames) == 1, f"DEALER reply without delimiter has {len(frames)} frames: {frames!r}"
        else:
            assert len(frames) == 1, f"REQ reply has {len(frames)} frames"
        return frames[-1]


@dataclass
class Published:
    topic: bytes
    payload: bytes
    message: Any

    @property
    def kind(self) -> str:
        return self.topic[:3].decode()

    @property
    def stack(self) -> str:
        return self.topic[3:-1].decode()


class Subscriber:
    """SUB to everything, from the package's client (`Segue.subscribe`, proven live before it is returned).
    Every message received is decoded strictly (Google's classes, no unknown fields), checked against its topic,
    and kept in order; published probes (pr/<token>/) are set aside."""

    def __init__(self, pb: Any, client: Segue):
        self.pb = pb
        self.client = client
        self.sock = client.subscribe("")
        self.messages: list[Published] = []
        self.published_probes: list[str] = []

    def _receive(self, timeout: float) -> Published | None:
        if not self.sock.poll(int(max(timeout, 0) * 1000)):
            return None
        frames = self.sock.recv_multipart()
        assert len(frames) == 2, f"published message has {len(frames)} frames: {frames!r}"
        topic, payload = frames
        assert topic.endswith(b"/") and topic[:3] in (b"ev/", b"fr/", b"er/", b"pr/"), f"unexpected topic {topic!r}"
        if topic[:3] == b"pr/":
            probe = parse_strict(self.pb.PublishProbe, payload)
            assert topic == b"pr/" + probe.token.encode() + b"/", f"topic {topic!r} carries token {probe.token!r}"
            self.published_probes.append(probe.token)
            return None
        cls = {b"ev/": self.pb.Event, b"fr/": self.pb.Frame, b"er/": self.pb.Rejection}[topic[:3]]
        message = parse_strict(cls, payload)
        published = Published(topic, payload, message)
        assert published.stack == message.stack_id, f"topic {topic!r} carries stack_id {message.stack_id!r}"
        self.messages.append(published)
        return published

    def wait_probe(self, token: str, timeout: float = WAIT) -> None:
        """Receive until the probe published for `token` has arrived."""
        deadline = time.monotonic() + timeout
        while token not in self.published_probes:
            left = deadline - time.monotonic()
            if left <= 0:
                raise AssertionError(f"no probe {token!r} on pr/{token}/ within {timeout}s")
            self._receive(left)

    def sync(self, timeout: float = WAIT) -> None:
        """Everything the client sent over ingest before this call has been handled and published, and received
        here: an ingest probe (`Segue.send_probe`) is published after all of it."""
        self.wait_probe(self.client.send_probe(), timeout)

    def wait_for(self, predicate: Callable[[Published], bool], timeout: float = WAIT, what: str = "") -> Published:
        for published in self.messages:
            if predicate(published):
                return published
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise AssertionError(f"not published within {timeout}s: {what or predicate}; got "
                                     f"{[(p.topic, p.message) for p in self.messages[-20:]]}")
            published = self._receive(left)
            if published is not None and predicate(published):
                return published

    def drain(self, timeout: float = 0.05) -> None:
        """Receive whatever is already queued (bounded)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline and self.sock.poll(int((deadline - time.monotonic()) * 1000)):
            self._receive(0)

    def events(self, stack: str | None = None) -> list[Any]:
        return [p.message for p in self.messages if p.kind == "ev/" and (stack is None or p.stack == stack)]

    def event_payloads(self, stack: str | None = None) -> list[bytes]:
        return [p.payload for p in self.messages if p.kind == "ev/" and (stack is None or p.stack == stack)]

    def frames(self, stack: str, transition_id: int | None = None) -> list[Any]:
        return [p.message for p in self.messages if p.kind == "fr/" and p.stack == stack
                and (transition_id is None or p.message.transition_id == transition_id)]

    def rejections(self, stack: str | None = None) -> list[Any]:
        return [p.message for p in self.messages if p.kind == "er/" and (stack is None or p.stack == stack)]

    def wait_event(self, stack: str, body: str, timeout: float = WAIT, **match: Any) -> Any:
        def pred(p: Published) -> bool:
            if p.kind != "ev/" or p.stack != stack or p.message.WhichOneof("body") != body:
                return False
            inner = getattr(p.message, body)
            return all(getattr(inner, k) == v for k, v in match.items())
        return self.wait_for(pred, timeout, f"{body} {match} on ev/{stack}/").message

    def wait_frame(self, stack: str, phase: int, transition_id: int, timeout: float = WAIT) -> Any:
        return self.wait_for(
            lambda p: p.kind == "fr/" and p.stack == stack and p.message.phase == phase
            and p.message.transition_id == transition_id,
            timeout, f"frame phase {phase} of transition {transition_id} on fr/{stack}/").message

    def wait_rejection(self, topic_stack: str, timeout: float = WAIT) -> Any:
        return self.wait_for(lambda p: p.kind == "er/" and p.stack == topic_stack, timeout,
                             f"rejection on er/{topic_stack}/").message


class Producer:
    """Input messages over the package's client's ingest socket (a PUSH)."""

    def __init__(self, pb: Any, client: Segue):
        self.pb = pb
        self.client = client
        self.clock = 1_000_000

    def send_raw(self, payload: bytes) -> None:
        self.client.send_bytes(payload)

    def send(self, **body: Any) -> None:
        self.send_raw(self.pb.Input(**body).SerializeToString())

    def pan(self, stack: str, gesture_id: int, phase: int, x: float, tx: float, y: float = 400.0,
            velocity: tuple[float, float] | None = None, step_us: int = 16_667) -> None:
        """A pan sample: `x` is the finger's location, `tx` the translation since BEGAN; the producer
        clock advances by `step_us` per sample."""
        pb = self.pb
        self.clock += step_us
        pan = pb.PanEvent(
            stack_id=stack, gesture_id=gesture_id, phase=phase,
            location=pb.Vec2(x=x, y=y), translation=pb.Vec2(x=tx, y=0.0),
            timestamp_us=self.clock, target=pb.PAN_TARGET_BACK,
        )
        if velocity is not None:
            pan.velocity.CopyFrom(pb.Vec2(x=velocity[0], y=velocity[1]))
        self.send(pan=pan)


@dataclass
class Session:
    """A daemon and the package's client connected to it, seen through `ctl` (its control requests, decoded
    strictly), `sub` (a live SUB to everything) and `push` (its ingest)."""

    pb: Any
    ctx: zmq.Context
    daemon: Daemon
    client: Segue
    ctl: Control
    sub: Subscriber
    push: Producer

    def control(self, kind: int = zmq.REQ, delimiter: bool = True) -> Control:
        """A control client on a raw socket of `kind`, for checks of the envelopes."""
        return SocketControl(self.pb, self.ctx, self.daemon.control, kind, delimiter)

    def close(self) -> None:
        self.client.close()


def connect(pb: Any, ctx: zmq.Context, daemon: Daemon) -> Session:
    client = Segue.connect(daemon.ingest, daemon.control, daemon.events, timeout=WAIT)
    return Session(pb, ctx, daemon, client, ClientControl(pb, client), Subscriber(pb, client), Producer(pb, client))


@pytest.fixture
def session(pb: Any, zctx: zmq.Context, daemon: Daemon) -> Iterator[Session]:
    s = connect(pb, zctx, daemon)
    yield s
    if running(daemon):
        s.sub.sync()  # receive (and so decode-check) everything published up to the end of the test
    s.close()


# ---------------------------------------------------------------------------------------------------- checks

WIDTH, HEIGHT = 390.0, 844.0
CLASSIC_SETTLE_US = 250_000   # classic is percent-250ms (001_774936b8fb1b231f.txt): the rest of a 0.25 s animation


def ease_in_out(t: float) -> float:
    """cubic-bezier(0.42, 0, 0.58, 1) at time t, by bisection: where a percent-driven screen sits at percent t."""
    def bezier(s: float, c1: float, c2: float) -> float:
        return 3 * (1 - s) ** 2 * s * c1 + 3 * (1 - s) * s * s * c2 + s ** 3
    if t <= 0 or t >= 1:
        return min(max(t, 0.0), 1.0)
    low, high = 0.0, 1.0
    for _ in range(100):
        middle = (low + high) / 2
        low, high = (middle, high) if bezier(middle, 0.42, 0.58) < t else (low, middle)
    return bezier((low + high) / 2, 0.0, 1.0)


def approx(value: float, tol: float = 1e-9) -> Any:
    return pytest.approx(value, abs=tol)


def assert_gapless(events: list[Any], first_version: int = 1) -> None:
    """One stack's events: versions from `first_version` without gaps, positions increasing by one
    (when the stack is the only one writing), time never decreasing."""
    assert events, "no events"
    for i, event in enumerate(events):
        assert event.version == first_version + i, f"version gap at {i}: {[e.version for e in events]}"
        if i:
            assert event.time_us >= events[i - 1].time_us, f"time went back at version {event.version}"


def assert_positions_consecutive(events: list[Any]) -> None:
    positions = [e.position for e in events]
    assert positions == list(range(positions[0], positions[0] + len(positions))), f"position gap: {positions}"


def bodies(events: list[Any]) -> list[str]:
    return [e.WhichOneof("body") for e in events]


def frame_times(start_us: int, settle_us: int, fps: int = 60) -> list[int]:
    """Scheduled settle frame times: start + k * 1e6 / fps (integer division) while before the end."""
    times, k = [], 1
    while start_us + k * 1_000_000 // fps < start_us + settle_us:
        times.append(start_us + k * 1_000_000 // fps)
        k += 1
    return times


def check_frame_geometry(pb: Any, frame: Any, from_screen: str, to_screen: str) -> None:
    assert frame.HasField("from") and frame.HasField("to"), f"frame without both views: {frame}"
    view_from, view_to = getattr(frame, "from"), frame.to
    assert (view_from.screen, view_to.screen) == (from_screen, to_screen), f"frame screens {frame}"
    for view in (view_from, view_to):
        assert view.rect.width == WIDTH and view.rect.height == HEIGHT, f"rect does not keep the size: {frame}"
        assert view.rect.y == 0, f"rect moved vertically: {frame}"
    assert 0.0 <= frame.progress <= 1.0


def check_settle(pb: Any, frames: list[Any], decided: Any, settle_us: int, from_screen: str, to_screen: str,
                 target: float, start_fraction: float, backward: bool, decision_position: int,
                 done_position: int) -> None:
    """The SETTLING frames of one transition at the exact scheduled times, moving monotonically from
    `start_fraction` to `target`, then exactly one DONE frame at decided.time_us + settle_us with the
    target's rects. Classic layout: the lower screen stays at x = 0."""
    settling = [f for f in frames if f.phase == pb.SETTLING]
    done = [f for f in frames if f.phase == pb.DONE]
    assert [f.time_us for f in settling] == frame_times(decided.time_us, settle_us), (
        f"settle frame times (relative to the decision at {decided.time_us}): "
        f"{[f.time_us - decided.time_us for f in settling]}, expected "
        f"{[t - decided.time_us for t in frame_times(decided.time_us, settle_us)]}"
    )
    previous = start_fraction
    for frame in settling:
        check_frame_geometry(pb, frame, from_screen, to_screen)
        if target > start_fraction:
            assert previous <= frame.progress <= target, f"settle not monotonic toward {target}: {frame}"
        else:
            assert target <= frame.progress <= previous, f"settle not monotonic toward {target}: {frame}"
        previous = frame.progress
        upper = getattr(frame, "from") if backward else frame.to
        lower = frame.to if backward else getattr(frame, "from")
        expected_x = frame.progress * WIDTH if backward else (1 - frame.progress) * WIDTH
        assert upper.rect.x == approx(expected_x, 1e-6), f"upper screen x {upper.rect.x} != {expected_x}"
        assert lower.rect.x == approx(0.0), f"classic lower screen moved: {frame}"
        assert frame.position == decision_position, f"settle frame position {frame.position}"
    assert len(done) == 1, f"{len(done)} DONE frames"
    last = done[0]
    assert frames[-1] is last, "DONE is not the last frame of the transition"
    assert last.time_us == decided.time_us + settle_us, (
        f"DONE at {last.time_us - decided.time_us} us after the decision, expected {settle_us}")
    assert last.progress == target
    check_frame_geometry(pb, last, from_screen, to_screen)
    upper = getattr(last, "from") if backward else last.to
    lower = last.to if backward else getattr(last, "from")
    assert upper.rect.x == (target * WIDTH if backward else (1 - target) * WIDTH), f"DONE upper rect: {last}"
    assert lower.rect.x == 0.0, f"DONE lower rect: {last}"
    assert last.position == done_position, f"DONE frame position {last.position}, completed is {done_position}"


def check_sequences(frames: list[Any]) -> None:
    assert [f.sequence for f in frames] == list(range(1, len(frames) + 1)), (
        f"frame sequences {[f.sequence for f in frames]}")
