"""Who the gateway serves: only requests for a host it is (its listening address with its port, and localhost on
loopback) from a page of its own origin. A page on another name that resolves to 127.0.0.1 (DNS rebinding)
controls both its Host and its Origin, but not the name in them: its upgrade and its requests for files are
refused, while the page at the gateway's own address keeps working."""

from __future__ import annotations

import http.client

import pytest
import websocket

from conftest import WAIT, RawSocket, start_gateway


def port_of(gateway) -> int:
    return int(gateway.origin.rsplit(":", 1)[1])


def get(port: int, path: str, host: str) -> int:
    """The status of a GET sent to 127.0.0.1:port with this Host header."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=WAIT)
    try:
        connection.request("GET", path, headers={"Host": host})
        response = connection.getresponse()
        response.read()
        return response.status
    finally:
        connection.close()


def upgrade(gateway, host: str, origin: str | None, path: str = "/") -> websocket.WebSocket:
    url = f"ws://127.0.0.1:{port_of(gateway)}{path}"
    if origin is None:
        return websocket.create_connection(url, host=host, suppress_origin=True, timeout=WAIT)
    return websocket.create_connection(url, host=host, origin=origin, timeout=WAIT)


def test_a_rebound_name_gets_neither_the_page_nor_the_websocket(gateway):
    port = port_of(gateway)
    rebound = f"attacker.example:{port}"
    assert get(port, "/", rebound) == 403
    assert get(port, "/js/main.js", rebound) == 403
    with pytest.raises(websocket.WebSocketException):
        upgrade(gateway, rebound, f"http://{rebound}")
    # Nor without an Origin (a script that names the host): the Host alone is enough to refuse.
    with pytest.raises(websocket.WebSocketException):
        upgrade(gateway, rebound, None)
    # The gateway's own names are served.
    for own in (f"127.0.0.1:{port}", f"localhost:{port}", f"[::1]:{port}", f"LOCALHOST:{port}"):
        assert get(port, "/", own) == 200, own
    socket = upgrade(gateway, f"localhost:{port}", f"http://localhost:{port}")
    assert "hello" in socket.recv()
    socket.close()
    assert "stats" in RawSocket(gateway).ask({"request": {"getStats": {}}}, ref="own")["reply"]


def test_the_port_is_part_of_the_host(gateway):
    port = port_of(gateway)
    assert get(port, "/", "127.0.0.1") == 403
    assert get(port, "/", f"127.0.0.1:{port + 1}") == 403
    with pytest.raises(websocket.WebSocketException):
        upgrade(gateway, f"127.0.0.1:{port + 1}", f"http://127.0.0.1:{port + 1}")


def test_an_origin_that_is_not_the_host_is_refused_even_for_an_own_host(gateway):
    port = port_of(gateway)
    with pytest.raises(websocket.WebSocketException):
        upgrade(gateway, f"127.0.0.1:{port}", f"http://attacker.example:{port}")
    with pytest.raises(websocket.WebSocketException):
        upgrade(gateway, f"127.0.0.1:{port}", f"ftp://127.0.0.1:{port}")


def test_an_allowed_host_name_is_served(gateway):
    allowed = start_gateway(["--allow-host", "segue.example.test, proxy.example.test:8443"], daemon=gateway)
    try:
        port = port_of(allowed)
        assert get(port, "/", "segue.example.test") == 200
        assert get(port, "/", "segue.example.test:443") == 200
        assert get(port, "/", "proxy.example.test:8443") == 200
        assert get(port, "/", "proxy.example.test") == 403
        assert get(port, "/", f"attacker.example:{port}") == 403
        socket = upgrade(allowed, "segue.example.test", "https://segue.example.test")
        assert "hello" in socket.recv()
        socket.close()
    finally:
        allowed.stop()


def test_a_bad_allowed_host_is_a_usage_error(gateway):
    import subprocess

    from conftest import bin_dir

    result = subprocess.run([str(bin_dir() / "segue"), "web", "--listen", "127.0.0.1:0", "--allow-host",
                             "bad/name"], capture_output=True, text=True, timeout=30, stdin=subprocess.DEVNULL)
    assert result.returncode == 2, result
    assert "--allow-host 'bad/name' is not a host name" in result.stderr, result.stderr


def test_with_a_token_a_proxied_host_needs_only_the_token(gateway):
    token = "proxy-token-123"
    proxied = start_gateway(["--token", token], daemon=gateway)
    try:
        port = port_of(proxied)
        socket = upgrade(proxied, "public.example.test", "https://public.example.test", path=f"/?token={token}")
        assert "hello" in socket.recv()
        socket.close()
        with pytest.raises(websocket.WebSocketException):
            upgrade(proxied, "public.example.test", "https://public.example.test")
        # Its files are served only to its own hosts (or --allow-host names).
        assert get(port, "/", "public.example.test") == 403
    finally:
        proxied.stop()
