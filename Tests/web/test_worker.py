"""The gateway's worker, which reads large messages and runs histories and comparisons one at a time, takes its
jobs from each page in turn: a page keeping it busy does not hold a new page's small question behind all of its
own. An answer that could not fit a page's queue is refused before it is built."""

from __future__ import annotations

import json
import select
from pathlib import Path

from conftest import WAIT, RawSocket, start_gateway


def resident_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise AssertionError(f"no VmRSS for pid {pid}")


def small_comparison(ref: str) -> dict:
    pans = [{"gestureId": "9", "phase": phase, "location": {"x": 20 + 40 * i, "y": 300},
             "translation": {"x": 40 * i, "y": 0}, "timestampUs": 16_000 * i}
            for i, phase in enumerate(["PAN_BEGAN", "PAN_CHANGED", "PAN_ENDED"])]
    return {"compare": {"profiles": ["ios"], "pans": pans}, "ref": ref}


def compact_swipes(ref: str) -> str:
    """340 swipes written as tersely as the protocol allows, under 64 KiB (so the bridge reads it and queues it
    for the worker at once): an answer too large to send, so the worker runs it for a while and answers with a
    short refusal."""
    pans = []
    for swipe in range(340):
        start = swipe * 1_200_000
        for phase, x, offset in ((1, 0, 0), (2, 170, 16_000), (3, 170, 200_000)):
            pans.append(f'{{"phase":{phase},"translation":{{"x":{x}}},"timestampUs":{start + offset}}}')
    text = ('{"compare":{"profiles":["ios","fluid","flutter","classic"],"fps":240,"pans":[' + ",".join(pans)
            + f']}},"ref":"{ref}"}}')
    assert len(text) < 65_536, len(text)
    return text


def test_a_new_pages_comparison_is_answered_before_the_busy_pages_later_jobs(gateway):
    busy = {name: RawSocket(gateway) for name in ("a", "b", "c")}
    newcomer = RawSocket(gateway)
    for name, page in busy.items():
        for turn in (1, 2):
            page.send(compact_swipes(f"{name}{turn}"))
    # Once the busy pages' jobs wait (one runs), the newcomer asks.
    while newcomer.ask({"gatewayStats": {}}, ref="stats")["gatewayStats"]["jobsWaiting"] < 5:
        pass
    newcomer.send(small_comparison("d1"))
    # Every answer in the order it arrives, whichever page it is for: the worker finishes one job before it
    # starts the next, and each answer is short, so an answer read after another's was computed after it.
    pages = {page.socket.sock: page for page in [*busy.values(), newcomer]}
    arrived: list[str] = []
    while len(arrived) < 7:
        ready, _, _ = select.select(list(pages), [], [], WAIT * 3)
        assert ready, f"no answer within {WAIT * 3} s; so far {arrived}"
        for sock in ready:
            message = json.loads(pages[sock].socket.recv())
            if message.get("ref") == "d1":
                assert "comparison" in message, message
            elif "error" in message:
                assert message["error"]["code"] == "RESOURCE_EXHAUSTED", message
            else:
                continue
            arrived.append(message["ref"])
    # In order of arrival, d1 would be last; taken in turn, it comes before b's and c's second comparisons.
    assert arrived.index("d1") < arrived.index("b2") and arrived.index("d1") < arrived.index("c2"), arrived
    for page in [*busy.values(), newcomer]:
        page.close()


def swipes(ref: str, count: int) -> dict:
    """`count` swipes 1.2 s apart through four profiles at 240 frames a second, each let go at rest before half
    way, so it cancels and the next can start: 499 of them come to about 20 MB of JSON, in a message of 300 KB."""
    pans = []
    for swipe in range(count):
        start = swipe * 1_200_000
        steps = [("PAN_BEGAN", 0, 0), ("PAN_CHANGED", 170, 16_000), ("PAN_CHANGED", 170, 200_000),
                 ("PAN_ENDED", 170, 216_000)]
        for phase, x, offset in steps:
            pans.append({"gestureId": str(swipe + 1), "phase": phase, "location": {"x": 10 + x, "y": 300},
                         "translation": {"x": x, "y": 0}, "timestampUs": start + offset})
    return {"compare": {"profiles": ["ios", "fluid", "flutter", "classic"], "fps": 240, "pans": pans}, "ref": ref}


def test_a_comparison_too_large_to_answer_is_refused_before_it_is_built():
    gateway = start_gateway()
    try:
        page = RawSocket(gateway)
        before = resident_mb(gateway.proc.pid)
        page.send(swipes("huge", count=499))
        peak = before
        answer = None
        while answer is None:
            peak = max(peak, resident_mb(gateway.proc.pid))
            ready, _, _ = select.select([page.socket.sock], [], [], 0.02)
            if ready:
                message = json.loads(page.socket.recv())
                if message.get("ref") == "huge":
                    answer = message
        assert answer["error"]["code"] == "RESOURCE_EXHAUSTED", answer
        assert "the comparison's answer would be over 12582912 bytes" in answer["error"]["message"], answer
        # Without the estimate the gateway built the whole answer first: hundreds of MB.
        assert peak - before < 64, f"RSS {before:.0f} MB before, {peak:.0f} MB at the peak"
        # The page and the worker go on.
        assert "comparison" in page.ask(small_comparison("after"), ref="after")
        page.close()
    finally:
        gateway.stop()
