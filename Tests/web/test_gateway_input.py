"""What a script or a hostile client can send the gateway: bad JSON, unknown fields and wrong types get an error
on the socket, which stays usable; an oversized message or a flood closes that connection only; other origins
are refused. The page keeps working throughout."""

from __future__ import annotations

import json

import pytest
import websocket

from conftest import Closed, RawSocket, wait_for


def error_for(raw: RawSocket, message: str | dict, ref: str) -> dict:
    if isinstance(message, dict):
        message = {**message, "ref": ref}
    raw.send(message)
    answer = raw.next(lambda m: "error" in m)
    if isinstance(message, dict):
        assert answer.get("ref") == ref, answer
    return answer["error"]


@pytest.mark.parametrize("message, code, says", [
    ("{not json", "MALFORMED", "not JSON"),
    ("[1, 2]", "MALFORMED", "expected an object"),
    ("{}", "MALFORMED", "empty message"),
    ({"shout": {}}, "MALFORMED", 'unknown member "shout"'),
    ({"input": {"pan": {"stackId": "a", "phase": "PAN_BEGAN", "bogus": 1}}}, "MALFORMED",
     'input.pan: unknown field "bogus"'),
    ({"input": {"pan": {"phase": "PAN_SIDEWAYS"}}}, "MALFORMED", '"PAN_SIDEWAYS" is not one of'),
    ({"input": {"pan": {"gestureId": -1}}}, "MALFORMED", "out of uint64's range"),
    ({"input": {"pan": {"location": {"x": "left"}}}}, "MALFORMED", '"left" is not a number'),
    ({"request": {"getStats": {}, "listStacks": {}}}, "MALFORMED", "only one of"),
    ({"watch": {"stackId": "bad id!"}}, "MALFORMED", "allowed: A-Z a-z 0-9"),
    ({"watch": {}}, "MALFORMED", "give either a stackId"),
    ({"input": {}, "request": {}}, "MALFORMED", "in one message"),
    ({"history": {"stackId": "no-such-stack"}}, None, None),
])
def test_bad_input_gets_an_error_and_the_socket_stays_usable(raw, message, code, says):
    if code is None:
        # A well-formed question about nothing: an empty history, not an error.
        answer = raw.ask(message, ref="empty")
        assert answer["history"]["stackId"] == "no-such-stack" and "events" not in answer["history"]
        return
    error = error_for(raw, message, ref="bad")
    assert error["code"] == code, error
    assert says in error["message"], error
    # Still usable: a real question gets its answer.
    assert "stats" in raw.ask({"request": {"getStats": {}}}, ref="after")["reply"]


def test_the_daemon_refusal_of_a_command_is_a_reply(raw):
    reply = raw.ask({"request": {"command": {"stackId": "x", "pop": {}}}}, ref="pop")
    assert reply["reply"]["error"]["code"] == "UNKNOWN_STACK"


def test_an_oversized_message_closes_that_connection_only(page, gateway):
    victim = RawSocket(gateway)
    bystander = RawSocket(gateway)
    limit = victim.hello["hello"]["maxMessageBytes"]
    victim.send(json.dumps({"input": {"pan": {"stackId": "x" * limit}}}))
    with pytest.raises(Closed) as closed:
        victim.next(lambda m: True)
    assert closed.value.status == 1009, closed.value
    assert str(limit) in closed.value.reason
    assert "stats" in bystander.ask({"request": {"getStats": {}}}, ref="ok")["reply"]
    bystander.close()
    page_keeps_working(page)


def test_a_flood_closes_that_connection_only(page, gateway):
    flooder = RawSocket(gateway)
    per_second = flooder.hello["hello"]["messagesPerSecond"]
    try:
        for _ in range(per_second * 4):
            flooder.send({"input": {"pan": {"stackId": "flood", "phase": "PAN_CHANGED"}}})
    except (websocket.WebSocketConnectionClosedException, BrokenPipeError, ConnectionResetError):
        pass  # closed while still sending
    else:
        with pytest.raises(Closed) as closed:
            flooder.next(lambda m: False)
        assert closed.value.status == 1008 and "messages per second" in closed.value.reason, closed.value
    page_keeps_working(page)


def test_other_origins_are_refused(gateway):
    with pytest.raises(websocket.WebSocketException):
        websocket.create_connection(gateway.ws_url, origin="http://attacker.example", timeout=5)


def test_unknown_paths_are_not_found_and_the_page_has_security_headers(gateway):
    import urllib.error
    import urllib.request

    with urllib.request.urlopen(gateway.url) as response:
        assert response.status == 200
        policy = response.headers["content-security-policy"]
        assert "script-src 'self'" in policy and "frame-ancestors 'none'" in policy
    with pytest.raises(urllib.error.HTTPError) as missing:
        urllib.request.urlopen(gateway.url.split("?")[0] + "no-such-file.js")
    assert missing.value.code == 404
    with pytest.raises(urllib.error.HTTPError):
        urllib.request.urlopen(gateway.url.split("?")[0] + "../Package.swift")


def page_keeps_working(page) -> None:
    page.find_element("css selector", '[data-command="push"]').click()
    wait_for(page, "return document.getElementById('pg-screens').textContent.includes('Screen')")


def test_text_that_is_not_utf8_closes_that_connection(gateway):
    raw = RawSocket(gateway)
    raw.socket.send(b'{"input": "\xff\xfe"}', opcode=websocket.ABNF.OPCODE_TEXT)
    with pytest.raises(Closed) as closed:
        raw.next(lambda m: True)
    assert closed.value.status == 1007, closed.value


def test_a_token_is_required_when_set_and_the_page_passes_it_on(browser, tmp_path):
    from conftest import start_gateway, wait_for as wait

    token = "t0k-en_for.tests~"
    gateway = start_gateway(["--token", token])
    try:
        assert gateway.url.endswith(f"/?token={token}")
        with pytest.raises(websocket.WebSocketException):
            websocket.create_connection(gateway.ws_url.split("?")[0], origin=gateway.origin, timeout=5)
        with pytest.raises(websocket.WebSocketException):
            websocket.create_connection(gateway.ws_url.replace(token, token[:-1] + "X"), origin=gateway.origin,
                                        timeout=5)
        assert "hello" in RawSocket(gateway).hello
        browser.get(gateway.url)
        wait(browser, "return document.body.dataset.ready === 'true' && window.segue.playground.stackId")
    finally:
        gateway.stop()
