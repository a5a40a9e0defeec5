"""A page that sends faster than the gateway can read waits in its own socket, not in the gateway's memory: past a
bounded backlog (messages and bytes) the gateway stops reading it until it has caught up. Other pages meanwhile
get their hello, their replies and their events."""

from __future__ import annotations

import threading
from pathlib import Path

import websocket

from conftest import WAIT, RawSocket, start_gateway


def resident_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise AssertionError(f"no VmRSS for pid {pid}")


def comparison_under_64k() -> str:
    """A valid comparison just under 64 KiB: read on the bridge itself (the costliest message it reads), then
    refused for the worker's per-page limit, so each one costs the bridge a full read and little else."""
    import json

    pans = []
    while True:
        i = len(pans)
        pans.append({"gestureId": "7", "phase": "PAN_BEGAN" if i == 0 else "PAN_CHANGED",
                     "location": {"x": 20 + i * 0.37, "y": 300.5}, "translation": {"x": i * 0.37, "y": 0},
                     "timestampUs": i * 4167})
        text = json.dumps({"compare": {"profiles": ["ios", "fluid"], "pans": pans}, "ref": "flood"})
        if len(text) > 63_000:
            return text


def flood(gateway, message: str, count: int, failures: list[BaseException]) -> None:
    try:
        socket = websocket.create_connection(gateway.ws_url, origin=gateway.origin, timeout=60)
        for _ in range(count):
            socket.send(message)
        socket.close()
    except BaseException as error:  # reported by the test, not lost in the thread
        failures.append(error)


def test_a_flooding_page_is_throttled_and_the_others_go_on():
    gateway = start_gateway()
    try:
        before = resident_mb(gateway.proc.pid)
        message = comparison_under_64k()
        failures: list[BaseException] = []
        # Two pages, each within its burst of 2000 messages: together about 240 MB of JSON to read.
        flooders = [threading.Thread(target=flood, args=(gateway, message, 1900, failures)) for _ in range(2)]
        for thread in flooders:
            thread.start()
        peak = before
        stack = "watched-during-flood"
        bystander = None
        try:
            while True:
                peak = max(peak, resident_mb(gateway.proc.pid))
                if bystander is None:
                    # A new page gets its hello, watches a stack and sees its events while the flood goes on.
                    bystander = RawSocket(gateway)
                    bystander.ask({"watch": {"stackId": stack, "frames": False}}, ref="watch")
                    gateway.cli("create", stack, "--screens", "Home,Detail")
                    bystander.next(lambda m: "event" in m and m["event"].get("stackId") == stack)
                    assert "reply" in bystander.ask({"request": {"getStats": {}}}, ref="stats")
                if not any(thread.is_alive() for thread in flooders):
                    break
                flooders[0].join(timeout=0.05)
            stats = bystander.ask({"gatewayStats": {}}, ref="after")["gatewayStats"]
        finally:
            for thread in flooders:
                thread.join(timeout=WAIT * 6)
        assert not failures, failures
        assert stats["readsPaused"] > 0, stats
        # Two pages' backlogs are at most a few MiB; without the bound the gateway held hundreds of MB.
        assert peak - before < 96, f"RSS {before:.0f} MB before, {peak:.0f} MB at the peak"
        bystander.close()
    finally:
        gateway.stop()
