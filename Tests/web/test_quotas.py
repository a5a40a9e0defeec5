"""Each page has its own control connection to the daemon, so the daemon's per-client quotas (8 history reads
waiting per client) hold per page: one page's flood of reads is refused to that page alone, and another page's
reads meanwhile all succeed."""

from __future__ import annotations

import json
import threading

import websocket

from conftest import WAIT, RawSocket


def test_one_pages_read_flood_does_not_make_another_pages_reads_fail(gateway):
    stack = "quota-reads"
    gateway.cli("create", stack, "--screens", "Home,Detail")
    for _ in range(5):
        gateway.cli("push", stack, "Next", "--immediate")
    flooder = websocket.create_connection(gateway.ws_url, origin=gateway.origin, timeout=WAIT * 3)
    reader = RawSocket(gateway)
    floods = 1500
    refused = []
    done = threading.Event()

    def read_replies() -> None:
        # The flooder reads its answers, so it is never closed for being slow.
        answered = 0
        while answered < floods:
            message = json.loads(flooder.recv())
            if "reply" in message or "error" in message:
                answered += 1
                if "error" in message.get("reply", {}):
                    refused.append(message["reply"]["error"]["code"])
        done.set()

    replies = threading.Thread(target=read_replies)
    replies.start()
    request = json.dumps({"request": {"readEvents": {"fromPosition": 0}}, "ref": "flood"})
    for _ in range(floods):
        flooder.send(request)
    failures = []
    reads = 0
    while not done.is_set() or reads < 30:
        answer = reader.ask({"request": {"readEvents": {"fromPosition": 0, "stackId": stack}}}, ref=f"r{reads}")
        reads += 1
        if "error" in answer["reply"]:
            failures.append(answer["reply"]["error"])
    replies.join(timeout=WAIT * 3)
    flooder.close()
    reader.close()
    # The flood really did fill the daemon's quota for its sender, and the other page never felt it.
    assert "RESOURCE_EXHAUSTED" in refused, f"the flood never filled its quota ({len(refused)} refusals)"
    assert not failures, f"{len(failures)} of {reads} reads failed: {failures[:3]}"
