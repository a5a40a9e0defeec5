"""What a SUB socket receives until a deadline, as (topic, payload) pairs: the one wait every reader of
publications shares."""

from __future__ import annotations

import time
from collections.abc import Iterator

import zmq


def received(sock: zmq.Socket[bytes], deadline: float) -> Iterator[tuple[bytes, bytes]]:
    """The messages `sock` receives until `deadline` (time.monotonic() seconds), as they come."""
    while (left := deadline - time.monotonic()) > 0 and sock.poll(int(left * 1000) + 1):
        frames = sock.recv_multipart()
        yield frames[0], frames[-1]
