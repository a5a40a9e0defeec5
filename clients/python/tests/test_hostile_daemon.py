"""The client against a daemon that does not keep the contract (hostile, broken or newer): every failure is a
SegueError with what the daemon said kept, no message over the client's limit is taken in, and a call that pages
ends within its timeout and its byte bound, whatever the daemon answers."""

from __future__ import annotations

import heapq
import itertools
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import cast

import pytest
import zmq

from segue import Segue, SegueError, SegueUnavailable, pb


@dataclass(frozen=True)
class Later:
    """A reply sent `seconds` after the request arrived."""

    seconds: float
    frames: list[bytes]


@dataclass(frozen=True)
class Flood:
    """A reply, then up to `count` copies of `unasked` for as long as the client's connection takes them (each
    within a second)."""

    frames: list[bytes]
    unasked: list[bytes]
    count: int


# What the fake daemon sends back after the routing id: frames, frames later, a flood, or nothing.
Answer = list[bytes] | Later | Flood | None


def reply(request: pb.Request, **fields: object) -> list[bytes]:
    """The empty delimiter and a Reply to `request` with `fields`."""
    return [b"", pb.Reply(request_id=request.request_id, **fields).SerializeToString()]  # type: ignore[arg-type]


def basics(request: pb.Request) -> Answer:
    """What an empty daemon answers: no stacks, no events."""
    kind = request.WhichOneof("body")
    if kind == "get_stats":
        return reply(request, stats=pb.Stats())
    if kind == "read_events":
        return reply(request, events=pb.EventBatch(next_position=max(request.read_events.from_position, 1)))
    if kind == "list_stacks":
        return reply(request, stacks=pb.StackList())
    return reply(request)


class FakeSegued:
    """A stand-in for segued on tcp://127.0.0.1:*, run in a thread of its own: its ROUTER answers each request
    as `answer` says (publish probes are published first, as segued does), and `publish` sends on its PUB."""

    def __init__(self, answer: Callable[[pb.Request], Answer], send_queue: int = 1000) -> None:
        self.answer = answer
        self.flooded = 0
        self.flood_over = threading.Event()
        self._context: zmq.Context[zmq.Socket[bytes]] = zmq.Context()
        self._router = self._context.socket(zmq.ROUTER)
        self._router.sndhwm = send_queue
        self._pub = self._context.socket(zmq.PUB)
        self._pull = self._context.socket(zmq.PULL)
        self.control = self._bind(self._router)
        self.events = self._bind(self._pub)
        self.ingest = self._bind(self._pull)
        # The test's thread talks to the daemon's through a pipe: ZeroMQ sockets stay in one thread each.
        self._pipe_in = self._context.socket(zmq.PAIR)
        self._pipe_in.bind(f"inproc://fake-segued-{id(self)}")
        self._pipe_out = self._context.socket(zmq.PAIR)
        self._pipe_out.connect(f"inproc://fake-segued-{id(self)}")
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()

    @staticmethod
    def _bind(sock: zmq.Socket[bytes]) -> str:
        sock.linger = 0
        port = sock.bind_to_random_port("tcp://127.0.0.1")
        return f"tcp://127.0.0.1:{port}"

    def client(self, **options: object) -> Segue:
        return Segue.connect(self.ingest, self.control, self.events, **options)  # type: ignore[arg-type]

    def publish(self, *frames: bytes) -> None:
        self._pipe_out.send_multipart([b"publish", *frames])

    def stop(self) -> None:
        self._pipe_out.send_multipart([b"stop"])
        self._thread.join()
        self._context.destroy(linger=0)

    def _run(self) -> None:
        poller = zmq.Poller()
        poller.register(self._router, zmq.POLLIN)
        poller.register(self._pipe_in, zmq.POLLIN)
        later: list[tuple[float, int, list[bytes]]] = []
        order = itertools.count()
        while True:
            wait = None if not later else int(max(later[0][0] - time.monotonic(), 0) * 1000) + 1
            ready = dict(poller.poll(wait))
            while later and later[0][0] <= time.monotonic():
                self._router.send_multipart(heapq.heappop(later)[2])
            if self._pipe_in in ready:
                command, *frames = self._pipe_in.recv_multipart()
                if command == b"stop":
                    return
                self._pub.send_multipart(frames)
            if self._router in ready:
                routing_id, *frames = self._router.recv_multipart()
                request = pb.Request.FromString(frames[-1])
                if request.HasField("publish_probe"):
                    self._pub.send_multipart([f"pr/{request.publish_probe.token}/".encode(),
                                              pb.PublishProbe(token=request.publish_probe.token).SerializeToString()])
                answer = self.answer(request)
                if isinstance(answer, Flood):
                    self._flood(routing_id, answer)
                elif isinstance(answer, Later):
                    heapq.heappush(later, (time.monotonic() + answer.seconds, next(order), [routing_id, *answer.frames]))
                elif answer is not None:
                    self._router.send_multipart([routing_id, *answer])


    def _flood(self, routing_id: bytes, flood: Flood) -> None:
        self._router.send_multipart([routing_id, *flood.frames])
        # From here a full queue is an error (zmq.Again) or a wait, not a silent drop.
        self._router.router_mandatory = True
        self._router.sndtimeo = 1000
        try:
            for _ in range(flood.count):
                self._router.send_multipart([routing_id, *flood.unasked])
                self.flooded += 1
        except zmq.Again:
            pass
        finally:
            self._router.sndtimeo = -1  # later replies wait for room rather than being dropped
            self.flood_over.set()


@pytest.fixture
def fake() -> Iterator[Callable[[Callable[[pb.Request], Answer]], FakeSegued]]:
    started: list[FakeSegued] = []

    def start(answer: Callable[[pb.Request], Answer], send_queue: int = 1000) -> FakeSegued:
        daemon = FakeSegued(answer, send_queue)
        started.append(daemon)
        return daemon

    yield start
    for daemon in started:
        daemon.stop()


def raised_within(seconds: float, call: Callable[[], object]) -> BaseException | None:
    """What `call` raised (None: it returned), run in a thread; fails unless it ended within `seconds`."""
    outcome: list[BaseException | None] = []

    def run() -> None:
        try:
            call()
            outcome.append(None)
        except BaseException as exc:  # noqa: BLE001 - reported to the test's thread
            outcome.append(exc)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(seconds)
    if not outcome:
        raise AssertionError(f"still running after {seconds}s")
    return outcome[0]


def varint(value: int) -> bytes:
    out = bytearray()
    while value > 0x7F:
        out.append(value & 0x7F | 0x80)
        value >>= 7
    out.append(value)
    return bytes(out)


def padded(frames: list[bytes], size: int) -> list[bytes]:
    """`frames` with the Reply grown to about `size` bytes by a field this contract does not have (number 99), so
    that it still decodes."""
    return [frames[0], frames[1] + varint(99 << 3 | 2) + varint(size) + b"x" * size]


# ------------------------------------------------------------------------------------------------ replies


def test_a_reply_that_does_not_decode_is_malformed(fake: Callable[..., FakeSegued]) -> None:
    daemon = fake(lambda request: [b"", b"\x0a\xff"])  # a string field longer than the message
    with daemon.client(timeout=5) as client, pytest.raises(SegueError) as error:
        client.stats()
    assert (error.value.code, error.value.number) == ("MALFORMED", None)
    assert "a reply from " + daemon.control in error.value.message and "does not decode as segue.v1.Reply" in error.value.message


def test_a_reply_with_bad_utf8_is_malformed(fake: Callable[..., FakeSegued]) -> None:
    daemon = fake(lambda request: [b"", b"\x0a\x02\xff\xfe"])  # request_id: not UTF-8
    with daemon.client(timeout=5) as client, pytest.raises(SegueError, match="MALFORMED: .*bad UTF-8"):
        client.state("main")


def test_an_unknown_error_code_keeps_its_number_and_message(fake: Callable[..., FakeSegued]) -> None:
    codes = iter([17, pb.UNKNOWN_STACK, pb.UNAVAILABLE])  # 17: a code of a newer contract
    daemon = fake(lambda request: reply(request, error=pb.Error(code=cast(pb.ErrorCode, next(codes)),
                                                                message="said the daemon")))
    with daemon.client(timeout=5) as client:
        with pytest.raises(SegueError) as newer:
            client.push("main", "Detail")
        assert (newer.value.code, newer.value.number, newer.value.message) == ("UNKNOWN_17", 17, "said the daemon")
        assert str(newer.value) == "UNKNOWN_17: said the daemon"
        with pytest.raises(SegueError) as known:
            client.state("main")
        assert (known.value.code, known.value.number) == ("UNKNOWN_STACK", pb.UNKNOWN_STACK)
        with pytest.raises(SegueUnavailable) as unavailable:
            client.stats()
        assert (unavailable.value.code, unavailable.value.number) == ("UNAVAILABLE", pb.UNAVAILABLE)


@pytest.mark.parametrize("frames", [
    lambda good: [b"", good, good],  # a part too many
    lambda good: [good],             # no delimiter
    lambda good: [b"x", good],       # a delimiter that is not empty
])
def test_a_reply_of_the_wrong_parts_is_malformed(fake: Callable[..., FakeSegued],
                                                 frames: Callable[[bytes], list[bytes]]) -> None:
    daemon = fake(lambda request: frames(reply(request, stats=pb.Stats(stacks=1))[1]))
    with daemon.client(timeout=5) as client, pytest.raises(SegueError) as error:
        client.stats()
    assert error.value.code == "MALFORMED" and "not an empty delimiter and a Reply" in error.value.message


def test_a_reply_with_another_body_is_malformed(fake: Callable[..., FakeSegued]) -> None:
    daemon = fake(lambda request: reply(request, stack=pb.StackState(stack_id="main")))
    with daemon.client(timeout=5) as client:
        with pytest.raises(SegueError, match="MALFORMED: a reply from .* to get_stats with stack, not stats"):
            client.stats()
        with pytest.raises(SegueError, match="to publish_probe with stack, not no body"):
            client.publish_probe("token")


def test_a_reply_over_the_size_limit_is_refused_within_the_timeout(fake: Callable[..., FakeSegued]) -> None:
    daemon = fake(lambda request: padded(reply(request, stats=pb.Stats(stacks=1)), 2 << 20))
    with daemon.client(timeout=1) as client:
        assert client.max_message_bytes == 1 << 20
        error = raised_within(1 + 10, client.stats)
    assert isinstance(error, SegueUnavailable), error
    assert "max_message_bytes (1048576 bytes)" in error.message


def test_the_size_limit_is_the_constructors(fake: Callable[..., FakeSegued]) -> None:
    sizes = iter([3000, 5000])
    daemon = fake(lambda request: padded(reply(request, stats=pb.Stats(stacks=1)), next(sizes)))
    with daemon.client(timeout=1, max_message_bytes=4096) as client:
        assert client.stats().stacks == 1
        with client.copy() as copied:
            assert copied.max_message_bytes == 4096
        with pytest.raises(SegueUnavailable, match=r"max_message_bytes \(4096 bytes\)"):
            client.stats()
    with pytest.raises(SegueError, match="max_message_bytes must be a whole number of bytes above 0"):
        Segue.connect(max_message_bytes=0)


def test_replies_nobody_asked_for_are_not_taken_in_without_bound(fake: Callable[..., FakeSegued]) -> None:
    unasked = padded([b"", pb.Reply(request_id="not-asked", stats=pb.Stats()).SerializeToString()], 1000_000)
    flooding = [True]

    def answer(request: pb.Request) -> Answer:
        if flooding:
            flooding.clear()
            return Flood(reply(request, stats=pb.Stats(stacks=1)), unasked, 200)
        return reply(request, stats=pb.Stats(stacks=2))

    daemon = fake(answer, send_queue=1)
    with daemon.client(timeout=30) as client:
        assert client.stats().stacks == 1
        assert daemon.flood_over.wait(60)
        # The control socket queues 16 replies and the kernel's buffers a few more: not 200 MB of them.
        assert daemon.flooded < 100, f"the client took in {daemon.flooded} unasked replies of 1 MB"
        assert client.stats().stacks == 2  # the unasked ones read and skipped


def test_every_socket_takes_at_most_max_message_bytes(fake: Callable[..., FakeSegued]) -> None:
    daemon = fake(basics)
    with daemon.client(timeout=5, max_message_bytes=5000) as client:
        sockets = [client._control, client._ingest, client.events().subscription, client.subscribe("fr/"),
                   client.socket(zmq.SUB, daemon.events)]
        assert [sock.maxmsgsize for sock in sockets] == [5000] * len(sockets)


# ------------------------------------------------------------------------------------------------ paging


def endless_stacks(request: pb.Request) -> Answer:
    """Pages of 1000 new ids, each saying more follow."""
    if not request.HasField("list_stacks"):
        return basics(request)
    start = int(request.list_stacks.after[1:] or 0) + 1
    ids = [f"s{n:012d}" for n in range(start, start + 1000)]
    return reply(request, stacks=pb.StackList(stack_ids=ids, more=True))


def endless_log(request: pb.Request) -> Answer:
    """Pages of 100 events each, before a head that is never reached."""
    if not request.HasField("read_events"):
        return basics(request)
    first = max(request.read_events.from_position, 1)
    events = [pb.Event(position=p, stack_id="main", version=p, request_id="r" * 100) for p in range(first, first + 100)]
    return reply(request, events=pb.EventBatch(events=events, next_position=first + 100, head_position=1 << 62))


def trickle(answer: Callable[[pb.Request], Answer], seconds: float) -> Callable[[pb.Request], Answer]:
    """`answer`, each reply but a probe's sent `seconds` late."""
    def slow(request: pb.Request) -> Answer:
        answered = answer(request)
        if request.HasField("publish_probe") or not isinstance(answered, list):
            return answered
        return Later(seconds, answered)
    return slow


def test_endless_pages_of_stacks_stop_at_the_read_bound(fake: Callable[..., FakeSegued]) -> None:
    daemon = fake(endless_stacks)
    with daemon.client(timeout=30, max_read_bytes=1 << 20) as client:
        error = raised_within(30 + 10, client.stacks)
    assert isinstance(error, SegueError) and error.code == "RESOURCE_EXHAUSTED", error
    assert "max_read_bytes (1048576 bytes)" in error.message


def test_endless_pages_of_history_stop_at_the_read_bound(fake: Callable[..., FakeSegued]) -> None:
    daemon = fake(endless_log)
    with daemon.client(timeout=30, max_read_bytes=1 << 20) as client:
        error = raised_within(30 + 10, client.history)
    assert isinstance(error, SegueError) and error.code == "RESOURCE_EXHAUSTED", error
    assert "history() read more than this client's max_read_bytes" in error.message


def test_a_page_of_stacks_served_again_is_malformed(fake: Callable[..., FakeSegued]) -> None:
    daemon = fake(lambda request: reply(request, stacks=pb.StackList(stack_ids=["a", "b"], more=True)))
    with daemon.client(timeout=5) as client:
        error = raised_within(5 + 10, client.stacks)
    assert isinstance(error, SegueError) and error.code == "MALFORMED" and "'a' after 'b'" in error.message, error


@pytest.mark.parametrize("call", ["stacks", "history"])
def test_a_trickle_of_pages_ends_at_the_calls_timeout(fake: Callable[..., FakeSegued], call: str) -> None:
    daemon = fake(trickle(endless_stacks if call == "stacks" else endless_log, 0.2))
    with daemon.client(timeout=1) as client:
        error = raised_within(1 + 10, getattr(client, call))
        assert isinstance(error, SegueUnavailable), error
        assert error.message.startswith(f"{call}() not done within 1.0s"), error
        error = raised_within(2 + 10, lambda: getattr(client, call)(timeout=2))
        assert isinstance(error, SegueUnavailable) and f"{call}() not done within 2.0s" in error.message, error


def test_a_feed_on_a_trickle_of_empty_pages_ends_at_its_timeout(fake: Callable[..., FakeSegued]) -> None:
    def empty_pages(request: pb.Request) -> Answer:
        if not request.HasField("read_events"):
            return basics(request)
        position = max(request.read_events.from_position, 1)
        return reply(request, events=pb.EventBatch(next_position=position + 1, head_position=1 << 62))

    daemon = fake(trickle(empty_pages, 0.2))
    with daemon.client(timeout=1) as client:
        error = raised_within(2 + 10, lambda: next(client.events(from_position=1, timeout=1)))
    assert isinstance(error, SegueUnavailable) and "no event of any stack within 1.0s" in error.message, error


def test_a_feed_on_an_endless_log_delivers_as_it_reads(fake: Callable[..., FakeSegued]) -> None:
    daemon = fake(endless_log)
    with daemon.client(timeout=5) as client:
        delivered: list[int] = []
        feed = client.events(from_position=1)
        error = raised_within(5 + 10, lambda: delivered.extend(e.position for e in itertools.islice(feed, 250)))
        assert error is None and delivered == list(range(1, 251))
        assert len(feed._pending) <= 100  # one page held, not the log


# ------------------------------------------------------------------------------------------------ publications


def test_an_undecodable_publication_is_malformed_and_the_feed_goes_on(fake: Callable[..., FakeSegued]) -> None:
    daemon = fake(basics)
    with daemon.client(timeout=5) as client:
        feed = client.events(from_position=1, idle_check=60)
        daemon.publish(b"ev/main/", b"\x0a\xff")
        with pytest.raises(SegueError) as error:
            next(feed)
        assert error.value.code == "MALFORMED"
        assert f"a publication on {daemon.events}" in error.value.message and "as segue.v1.Event" in error.value.message
        daemon.publish(b"ev/main/", b"a", b"b")
        with pytest.raises(SegueError, match="MALFORMED: a publication of 3 parts"):
            next(feed)
        daemon.publish(b"ev/main/", pb.Event(position=1, stack_id="main", version=1).SerializeToString())
        assert next(feed).position == 1


def test_an_undecodable_page_is_malformed_and_the_feed_reads_it_again(fake: Callable[..., FakeSegued]) -> None:
    garbage = [True]

    def answer(request: pb.Request) -> Answer:
        if request.HasField("read_events") and garbage:
            return [b"", b"\x0a\xff"]
        return endless_log(request)

    daemon = fake(answer)
    with daemon.client(timeout=5) as client:
        feed = client.events(from_position=1)
        with pytest.raises(SegueError, match="MALFORMED: a reply from .* does not decode as segue.v1.Reply"):
            next(feed)
        garbage.clear()
        assert [e.position for e in itertools.islice(feed, 3)] == [1, 2, 3]


def test_an_undecodable_frame_is_malformed(fake: Callable[..., FakeSegued]) -> None:
    daemon = fake(basics)
    with daemon.client(timeout=5) as client:
        frames = client.frames("main")
        daemon.publish(b"fr/main/", b"\x0a\xff")
        with pytest.raises(SegueError, match="MALFORMED: a publication on .* does not decode as segue.v1.Frame"):
            next(frames)
        daemon.publish(b"fr/main/", pb.Frame(stack_id="main", sequence=1).SerializeToString())
        assert next(frames).sequence == 1
