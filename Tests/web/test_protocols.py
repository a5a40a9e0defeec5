"""What `segue web` speaks: HTTP/1.1 and WebSockets only, and headers compared whole.

libwebsockets 4.1 (Debian's is built with LWS_WITH_HTTP2) would take a plain-text `Upgrade: h2c`, and over HTTP/2
it ignores `lws_rx_flow_control`, on which the pages' backpressure rests, so the gateway refuses every upgrade but a
WebSocket's. A minimal HTTP/2 client is below (HPACK literals without Huffman coding, all the requests need), to
show that no HTTP/2 is spoken.
"""

from __future__ import annotations

import base64
import os
import select
import socket
import struct

import pytest

from conftest import REPO, WAIT, start_gateway

# Frame types (RFC 9113 section 6).
DATA, HEADERS, RST_STREAM, SETTINGS, PING, GOAWAY, WINDOW_UPDATE = 0, 1, 3, 4, 6, 7, 8
END_STREAM, ACK, END_HEADERS = 0x1, 0x1, 0x4


def port_of(gateway) -> int:
    return int(gateway.origin.rsplit(":", 1)[1])


def h2_frame(kind: int, flags: int, stream: int, payload: bytes = b"") -> bytes:
    return struct.pack(">I", len(payload))[1:] + bytes([kind, flags]) + struct.pack(">I", stream) + payload


def hpack_literal(name: str, value: str) -> bytes:
    """A literal header field without indexing, new name, no Huffman (RFC 7541 section 6.2.2); short strings."""
    name_bytes, value_bytes = name.encode(), value.encode()
    assert len(name_bytes) < 127 and len(value_bytes) < 127
    return b"\x00" + bytes([len(name_bytes)]) + name_bytes + bytes([len(value_bytes)]) + value_bytes


def is_status_200(block: bytes) -> bool:
    """Whether a response's header block starts with :status 200 (indexed, or a literal as libwebsockets writes)."""
    return block[:1] == b"\x88" or b":status\x03200" in block[:16]


class H2Connection:
    """An HTTP/1.1 request with `Upgrade: h2c`; after a 101 the connection speaks HTTP/2 and the request is
    stream 1 (RFC 7540 section 3.2)."""

    def __init__(self, port: int, host: str, path: str):
        self.socket = socket.create_connection(("127.0.0.1", port), timeout=WAIT)
        settings = base64.urlsafe_b64encode(struct.pack(">HI", 4, 1 << 20)).decode().rstrip("=")
        self.socket.sendall(
            f"GET {path} HTTP/1.1\r\nHost: {host}\r\nConnection: Upgrade, HTTP2-Settings\r\nUpgrade: h2c\r\n"
            f"HTTP2-Settings: {settings}\r\n\r\n".encode())
        head = b""
        while b"\r\n\r\n" not in head:
            chunk = self.socket.recv(1)
            if not chunk:
                break
            head += chunk
        self.status_line = head.split(b"\r\n", 1)[0].decode(errors="replace")
        self.buffer = b""
        self.upgraded = " 101 " in self.status_line
        if self.upgraded:
            # The preface, our settings (a large window for what the gateway sends) and a connection window.
            self.socket.sendall(b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n"
                                + h2_frame(SETTINGS, 0, 0, struct.pack(">HI", 4, 1 << 20))
                                + h2_frame(WINDOW_UPDATE, 0, 0, struct.pack(">I", 1 << 20)))

    def next_frame(self, timeout: float) -> tuple[int, int, int, bytes] | None:
        """The next frame (settings and pings are acknowledged as they come); None on timeout, close or reset."""
        while len(self.buffer) < 9 or len(self.buffer) < 9 + int.from_bytes(self.buffer[:3], "big"):
            ready, _, _ = select.select([self.socket], [], [], timeout)
            if not ready:
                return None
            try:
                chunk = self.socket.recv(65536)
            except ConnectionResetError:
                return None
            if not chunk:
                return None
            self.buffer += chunk
        length = int.from_bytes(self.buffer[:3], "big")
        kind, flags = self.buffer[3], self.buffer[4]
        stream = int.from_bytes(self.buffer[5:9], "big") & 0x7FFFFFFF
        payload, self.buffer = self.buffer[9:9 + length], self.buffer[9 + length:]
        if kind == SETTINGS and not flags & ACK:
            self.socket.sendall(h2_frame(SETTINGS, ACK, 0))
        if kind == PING and not flags & ACK:
            self.socket.sendall(h2_frame(PING, ACK, 0, payload))
        return kind, flags, stream, payload

    def close(self) -> None:
        self.socket.close()


def test_a_file_over_an_h2c_upgrade_arrives_whole_or_h2c_is_refused():
    """A GET with `Upgrade: h2c` for a file: the gateway stays on HTTP/1.1 (no 101), or finishes the file."""
    gateway = start_gateway()
    try:
        port = port_of(gateway)
        connection = H2Connection(port, f"127.0.0.1:{port}", "/index.html")
        try:
            if not connection.upgraded:
                return  # HTTP/1.1 only: nothing more to check
            body, finished, frames = b"", False, []
            while not finished:
                frame = connection.next_frame(WAIT)
                if frame is None:
                    break
                kind, flags, stream, payload = frame
                frames.append((kind, flags, stream, len(payload)))
                if stream == 1 and kind in (DATA, HEADERS):
                    if kind == DATA:
                        body += payload
                    finished = bool(flags & END_STREAM)
                assert kind not in (RST_STREAM, GOAWAY), f"stream reset or connection refused: {frames}"
            assert finished, (f"after '{connection.status_line}' the file never ended within {WAIT} s "
                              f"(frames as type, flags, stream, length: {frames})")
            assert body == (REPO / "web" / "index.html").read_bytes()
        finally:
            connection.close()
    finally:
        gateway.stop()


def test_a_websocket_is_not_served_over_http2(gateway):
    """No WebSocket on an HTTP/2 stream (an extended CONNECT with `:protocol websocket` after an h2c upgrade),
    where `PageBacklog`'s pause could not stop reading it."""
    port = port_of(gateway)
    own = f"127.0.0.1:{port}"
    connection = H2Connection(port, own, "/no-such-file")
    try:
        if not connection.upgraded:
            return
        headers = [(":method", "CONNECT"), (":protocol", "websocket"), (":scheme", "http"), (":path", "/"),
                   (":authority", own), ("host", own), ("sec-websocket-version", "13"), ("origin", f"http://{own}")]
        connection.socket.sendall(h2_frame(HEADERS, END_HEADERS, 3, b"".join(hpack_literal(*h) for h in headers)))
        while True:
            frame = connection.next_frame(WAIT)
            if frame is None:
                return  # closed or never answered: not served
            kind, flags, stream, payload = frame
            if kind == GOAWAY or (stream == 3 and kind == RST_STREAM):
                return
            if stream == 3 and kind == HEADERS:
                assert not is_status_200(payload), (
                    "a WebSocket was opened on an HTTP/2 stream, where lws_rx_flow_control does nothing "
                    "(the backlog limit cannot pause it)")
                return
    finally:
        connection.close()


def raw_request(port: int, request: bytes) -> str:
    """The status line of the answer to a request written byte for byte ("" when the connection just closes)."""
    with socket.create_connection(("127.0.0.1", port), timeout=WAIT) as connection:
        connection.sendall(request)
        answer = b""
        while b"\r\n" not in answer:
            chunk = connection.recv(4096)
            if not chunk:
                break
            answer += chunk
    return answer.split(b"\r\n", 1)[0].decode(errors="replace")


@pytest.mark.parametrize("header", ["Host", "Origin"])
def test_a_host_or_origin_is_compared_whole_not_up_to_a_nul(gateway, header):
    """`Host: 127.0.0.1:PORT<NUL>.evil.example`, or an Origin with a NUL after the gateway's origin, is not the
    gateway's own: a check that passed on a prefix of what was sent is one a proxy could disagree with."""
    port = port_of(gateway)
    own = f"127.0.0.1:{port}"
    if header == "Host":
        status = raw_request(port, f"GET / HTTP/1.1\r\nHost: {own}\x00.evil.example\r\n\r\n".encode())
        assert " 200 " not in status, f"served to a Host with a NUL: {status}"
    key = base64.b64encode(os.urandom(16)).decode()
    host = f"{own}\x00.evil.example" if header == "Host" else own
    origin = f"http://{own}" + ("\x00.evil.example" if header == "Origin" else "")
    status = raw_request(port, (f"GET / HTTP/1.1\r\nHost: {host}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                                f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\nOrigin: {origin}\r\n"
                                "\r\n").encode())
    assert " 101 " not in status, f"an upgrade with a NUL in its {header} was accepted: {status}"
