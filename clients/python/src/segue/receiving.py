"""What a SUB socket receives until a deadline, as (topic, payload) pairs: the one wait every reader of
publications shares."""

from __future__ import annotations

import time
from collections.abc import Iterator

import zmq

from .errors import malformed


def received(sock: zmq.Socket[bytes], deadline: float) -> Iterator[tuple[bytes, bytes]]:
    """The messages `sock` receives until `deadline` (time.monotonic() seconds), as they come. A message that is not
    a topic and a payload (segued publishes nothing else) raises SegueError MALFORMED."""
    while (left := deadline - time.monotonic()) > 0 and sock.poll(int(left * 1000) + 1):
        frames = sock.recv_multipart()
        if len(frames) != 2:
            raise malformed(f"a publication of {len(frames)} parts on {endpoint(sock)}, not 2 (a topic and a "
                            "message)")
        yield frames[0], frames[1]


def time_left(deadline: float) -> float:
    """The time left until `deadline` for a request (at least a millisecond, so that it is still asked)."""
    return max(deadline - time.monotonic(), 0.001)


def endpoint(sock: zmq.Socket[bytes]) -> str:
    """The endpoint `sock` last connected to, for messages."""
    last = sock.last_endpoint
    return last.decode(errors="replace") if isinstance(last, bytes) else str(last)
