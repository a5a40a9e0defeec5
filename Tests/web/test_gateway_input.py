"""What a script or a hostile client can send the gateway: bad JSON, unknown fields and wrong types get an error
on the socket, which stays usable; an oversized message or a flood closes that connection only; other origins
are refused. The page keeps working throughout."""

from __future__ import annotations

import json
import socket

import pytest
import websocket

from conftest import WAIT, Closed, RawSocket, start_gateway, wait_for


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
    ({"history": {"stackId": "h" * 100_000}}, "MALFORMED", "history.stackId: stack id is 100000 bytes long"),
    ("[" * 100 + "]" * 100, "MALFORMED", "nested deeper than 32 levels"),
    # Over the daemon's --max-message-bytes, which would make libzmq drop the gateway's connection.
    ({"request": {"command": {"stackId": "big", "create": {"screens": ["s" * 120] * 600}}}}, "RESOURCE_EXHAUSTED",
     "bytes as protobuf; the daemon takes at most 65536"),
    ({"history": {"stackId": "no-such-stack"}}, None, None),
])
def test_bad_input_gets_an_error_and_the_socket_stays_usable(raw, message, code, says):
    if code is None:
        # A well-formed question about nothing: an empty history, not an error.
        answer = raw.ask(message, ref="empty")
        assert answer["history"] == {"stackId": "no-such-stack", "events": [], "frames": [], "truncated": False}, answer
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
        # All of it fitted in the socket's buffers (the gateway reads a page that sends faster than it reads only
        # as fast as it can): the close comes once it has read past the rate. The client may find the connection
        # gone as it answers the close frame.
        try:
            flooder.next(lambda m: False)
        except Closed as closed:
            assert closed.status == 1008 and "messages per second" in closed.reason, closed
        except (websocket.WebSocketConnectionClosedException, BrokenPipeError, ConnectionResetError):
            pass
        else:
            raise AssertionError("the flooder was not closed")
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


def long_comparison(ref: str) -> dict:
    """A comparison of a 2,500-sample drag through two profiles: over 64 KiB of JSON, so the gateway's worker reads
    it, and a good part of a second to compute."""
    samples = 2500
    pans = [{"gestureId": "7", "phase": "PAN_BEGAN" if i == 0 else "PAN_ENDED" if i == samples - 1 else "PAN_CHANGED",
             "location": {"x": 20 + i * 0.1, "y": 300}, "translation": {"x": 12 + i * 0.1, "y": 0},
             "timestampUs": i * 4000} for i in range(samples)]
    return {"compare": {"profiles": ["ios", "fluid"], "pans": pans}, "ref": ref}


def test_long_work_does_not_hold_up_other_pages_and_is_bounded_per_page(gateway):
    busy = RawSocket(gateway)
    bystander = RawSocket(gateway)
    for ref in ("first", "second", "third"):
        busy.send(long_comparison(ref))
    # Two may wait on the worker; the third is refused at once, unread (so without its ref).
    refused = busy.next(lambda m: "error" in m)["error"]
    assert refused["code"] == "RESOURCE_EXHAUSTED", refused
    assert "bytes was not read: a page may have at most 2" in refused["message"], refused
    # Meanwhile another page's questions are answered before the comparisons are done.
    assert "stats" in bystander.ask({"request": {"getStats": {}}}, ref="meanwhile")["reply"]
    assert "gatewayStats" in bystander.ask({"gatewayStats": {}}, ref="meanwhile too")
    busy.socket.settimeout(0.001)
    with pytest.raises(websocket.WebSocketTimeoutException):
        busy.socket.recv()
    answers = [busy.next(lambda m: "comparison" in m) for _ in range(2)]
    assert [answer["ref"] for answer in answers] == ["first", "second"]
    for answer in answers:
        runs = answer["comparison"]["runs"]
        assert [run["profile"] for run in runs] == ["ios", "fluid"]
        assert all(run["frames"][-1]["phase"] == "DONE" for run in runs), [run.get("error") for run in runs]
    busy.close()
    bystander.close()


def test_connections_past_the_descriptor_limit_wait_their_turn(gateway):
    """With 256 descriptors, the gateway takes 192 connections and leaves the rest in the listen queue, instead of
    failing accept with EMFILE (which libwebsockets retries in a loop, logging each time)."""
    limited = start_gateway(daemon=gateway, open_files=256)
    port = int(limited.url.split(":")[2].split("/")[0])
    idle = [socket.create_connection(("127.0.0.1", port), timeout=WAIT) for _ in range(300)]
    # Once they close, the gateway accepts the queued ones (and drops them) and then a page.
    for connection in idle:
        connection.close()
    late = RawSocket(limited)
    assert "gatewayStats" in late.ask({"gatewayStats": {}}, ref="late")
    late.close()
    limited.stop()
    output = "".join(limited.output)
    assert "errno 24" not in output and "accept" not in output, output[-2000:]


def test_the_worker_queue_is_bounded_and_pages_that_close_take_their_jobs_with_them(gateway):
    bystander = RawSocket(gateway)
    pages = [RawSocket(gateway) for _ in range(9)]
    message = json.dumps(long_comparison("p"))  # made once, so that all arrive before the first is read
    for page in pages:
        page.send(message)
        page.send(message)
    # 18 jobs: one runs, 16 wait, and the last is refused (or two, if the first was read meanwhile and its
    # comparison took a place).
    refusals = []
    for page in pages:
        try:
            refusals.append(page.next(lambda m: "error" in m, timeout=0.5)["error"])
        except websocket.WebSocketTimeoutException:
            pass
    assert 1 <= len(refusals) <= 2, refusals
    assert all("large messages, histories and comparisons waiting" in refusal["message"] for refusal in refusals)
    for page in pages:
        page.close()
    # Once the gateway has seen them close, nothing of theirs waits (at most the one job running finishes).
    stats = {}
    for _ in range(100):
        stats = bystander.ask({"gatewayStats": {}}, ref="stats")["gatewayStats"]
        if stats["connections"] == 1:
            break
    assert stats["connections"] == 1 and stats.get("jobsWaiting") == 0, stats
    bystander.close()


def test_errors_do_not_echo_what_is_too_long(raw):
    raw.send({"gatewayStats": {}, "ref": "r" * 5000})
    answer = raw.next(lambda m: "error" in m)
    assert answer["error"]["message"] == "ref: over 128 bytes" and "ref" not in answer, answer
    raw.send({"input": {"pan": {"phase": "P" * 100_000}}, "ref": "long phase"})
    error = raw.next(lambda m: m.get("ref") == "long phase")["error"]
    assert error["code"] == "MALFORMED" and error["message"].endswith("… (cut)") and len(error["message"]) < 1100
    raw.send({"compare": {"profiles": ["p" * 100], "pans": [{}]}, "ref": "long profile"})
    error = raw.next(lambda m: m.get("ref") == "long profile")["error"]
    assert error["message"] == "compare.profiles[0]: over 64 bytes; profile names are short", error
