"""A page that asks for batches gets what waits for it together as one `{"batch": [...]}`: the same messages in
the same order as a page that did not ask, in fewer WebSocket messages; the page itself asks."""

from __future__ import annotations

from conftest import WAIT, RawSocket, start_gateway, wait_for


def members(message: dict) -> list[dict]:
    return message["batch"] if "batch" in message else [message]


def watch_a_swipe(gateway, pages: list[RawSocket], stack: str) -> list[list[dict]]:
    """What each page received of the stack until its transition completed, each WebSocket message as a list of
    the messages it held."""
    gateway.cli("swipe", stack, "--to", "0.8", "--duration-ms", "300")
    received = []
    for page in pages:
        messages = []
        while not any("event" in m and "completed" in m["event"] for m in (messages[-1] if messages else [])):
            messages.append(members(page.next(lambda m: any(
                n.get("event", n.get("frame", {})).get("stackId") == stack for n in members(m)))))
        received.append(messages)
    return received


def new_stack(gateway, pages: list[RawSocket], stack: str) -> None:
    """Makes [Home, Detail], watched by every page, and waits until each has its creation."""
    for page in pages:
        page.ask({"watch": {"stackId": stack}}, ref="w")
    gateway.cli("create", stack, "--screens", "Home,Detail")
    for page in pages:
        page.next(lambda m: any(n.get("event", {}).get("stackId") == stack and "stackCreated" in n["event"]
                                for n in members(m)))


def test_a_batched_page_gets_the_same_messages_in_fewer_writes():
    gateway = start_gateway()
    batched, plain = RawSocket(gateway), RawSocket(gateway)
    try:
        assert batched.ask({"batching": {"on": True}}, ref="b") == {"batching": {"on": True}, "ref": "b"}
        new_stack(gateway, [batched, plain], "batched")
        batched_writes, plain_writes = watch_a_swipe(gateway, [batched, plain], "batched")
        events = [[n["event"] for write in writes for n in write if "event" in n]
                  for writes in (batched_writes, plain_writes)]
        # Events are never conflated: the same ones, in the same order, however they were written.
        assert events[0] == events[1] and len(events[0]) > 20, events
        assert all(len(write) == 1 for write in plain_writes)
        # A pan's event and frame are published together, so they wait together and go as one batch.
        together = [write for write in batched_writes if len(write) > 1]
        assert together and all(isinstance(write, list) for write in together), batched_writes
        assert any({"event", "frame"} <= {key for n in write for key in n} for write in together)
        stats = plain.ask({"gatewayStats": {}}, ref="s")["gatewayStats"]
        assert stats["batchesWritten"] >= len(together), stats

        # Turned off, each message goes alone again.
        batched.ask({"batching": {"on": False}}, ref="off")
        new_stack(gateway, [batched, plain], "unbatched")
        writes, _ = watch_a_swipe(gateway, [batched, plain], "unbatched")
        assert all(len(write) == 1 for write in writes), writes
    finally:
        batched.close()
        plain.close()
        gateway.stop()


def test_the_page_asks_for_batches_and_reads_them(page, gateway):
    # Only the page asks for batches here: the observer does not. So batches written while the playground's stack
    # swipes are the page's, and the DONE frame it draws came to it in one.
    wait_for(page, """return [...document.querySelectorAll('#pg-events li')]
        .some((li) => li.textContent.includes('stackCreated'))""")
    stack = page.execute_script("return window.segue.playground.stackId")
    observer = RawSocket(gateway)
    try:
        before = observer.ask({"gatewayStats": {}}, ref="before")["gatewayStats"]["batchesWritten"]
        gateway.cli("swipe", stack, "--to", "0.8", "--duration-ms", "300")
        wait_for(page, "const f = window.segue.playground.lastDone; return f && f.phase === 'DONE'")
        after = observer.ask({"gatewayStats": {}}, ref="after")["gatewayStats"]["batchesWritten"]
        assert after > before, (before, after)
    finally:
        observer.close()
