"""A page whose connection ends while the gateway still holds part of a write for it costs the gateway nothing:
the others go on being served, and a SIGTERM still stops it. The page asks for a history larger than any socket
buffer takes, never reads it (its receive buffer is small), then ends its side: with a FIN, so the gateway could
read the end of its input with output still held, or with a reset."""

from __future__ import annotations

import json
import socket
import struct
import time

import pytest
import websocket

from conftest import WAIT, RawSocket, start_gateway
from segue import Segue
from segue import segue_pb2 as pb
from segue.swipe import swipe_trace


def make_a_long_history(gateway, stack: str) -> None:
    """8,000 pans sent at once, which the daemon reduces to a history of about 5 MB: more than the 4 MB a
    loopback socket's send buffer grows to, so the gateway cannot hand it to the kernel in one write."""
    gateway.cli("create", stack, "--screens", "Home,Detail")
    with Segue(ingest=gateway.ingest, control=gateway.control, events=gateway.events) as client:
        size = client.state(stack).config.size
        for pan in swipe_trace(stack, 7, size.width, size.height, to=0.8, duration=8.0, rate_hz=1000.0,
                               start_us=1_000_000):
            client.send(pb.Input(pan=pan))
        client.flush()
        client.wait_idle(stack, timeout=30)


def connections(observer: RawSocket, ref: str) -> int:
    return observer.ask({"gatewayStats": {}}, ref=ref)["gatewayStats"]["connections"]


@pytest.mark.parametrize("ending", ["fin", "reset"])
def test_a_page_that_ends_its_connection_with_a_write_held_leaves_the_others_served(ending):
    gateway = start_gateway()
    observer = RawSocket(gateway)
    stuck = websocket.create_connection(
        gateway.ws_url, origin=gateway.origin, timeout=WAIT,
        sockopt=[(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)])
    try:
        make_a_long_history(gateway, "long")
        gateway.cli("create", "short", "--screens", "Home,Detail")
        stuck.send(json.dumps({"history": {"stackId": "long"}, "ref": "history"}))
        # One worker reads histories, one after the other, and the bridge writes each answer as it comes: once the
        # observer has the one it asked for after, the stuck page's has been written as far as its socket took it.
        # (Its reading may take seconds on a busy machine: the daemon reads histories only with CPU nothing else
        # wants.)
        observer.send({"history": {"stackId": "short"}, "ref": "history"})
        observer.next(lambda m: m.get("ref") == "history", timeout=6 * WAIT)
        if ending == "fin":
            stuck.sock.shutdown(socket.SHUT_WR)
        else:
            stuck.sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            stuck.sock.close()

        # The gateway still answers, again and again; a reset page is dropped, a half-closed one may stay (it can
        # still read what it asked for).
        deadline = time.monotonic() + WAIT
        for n in range(20):
            count = connections(observer, f"after-{n}")
        while ending == "reset" and count > 1:
            assert time.monotonic() < deadline, "the reset page was never dropped"
            count = connections(observer, "dropped")
        RawSocket(gateway).close()
    finally:
        stuck.sock.close()
        observer.close()
        gateway.stop()
