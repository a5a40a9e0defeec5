"""The Compare view's recordings: a file made by the real `segue record` in front of the gateway's daemon, sent as
Base64 in a `recording` message, comes back as its swipes in the JSON a `compare` takes; a file that is not a
whole recording is told apart from one whose recorder was killed."""

from __future__ import annotations

import base64
import os
import re
import signal
import struct
import subprocess
from pathlib import Path

import pytest

from conftest import READY_TIMEOUT, Gateway, RawSocket, bin_dir, read_lines_until

HEADER = b"segue-record 1\n"


def segue(*args: str) -> None:
    result = subprocess.run([str(bin_dir() / "segue"), *args], capture_output=True, text=True, timeout=30)
    assert result.returncode == 0, f"{' '.join(args)} exited {result.returncode}: {result.stderr}"


def record_two_swipes(gateway: Gateway, path: Path) -> int:
    """Two stacks made through the recorder's control proxy and a swipe on each through its ingest proxy, with a
    push between them; returns how many inputs the recorder says it wrote."""
    recorder = subprocess.Popen(
        [str(bin_dir() / "segue"), "record", str(path), "--listen", "tcp://127.0.0.1:*",
         "--listen-control", "tcp://127.0.0.1:*", "--ingest", gateway.ingest, "--control", gateway.control],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
    seen: list[str] = []
    try:
        (ready,) = read_lines_until(recorder, ("segue record ready",), READY_TIMEOUT, seen)
        proxy = dict(part.split("=", 1) for part in ready.split()[3:])
        direct = ["--control", gateway.control, "--events", gateway.events]
        for stack in ("rec-a", "rec-b"):
            segue("create", stack, "--screens", "Home,Detail", "--control", proxy["control"])
        segue("swipe", "rec-a", "--to", "0.7", "--gesture-id", "7", "--ingest", proxy["ingest"], *direct)
        segue("push", "rec-a", "Detail", "--immediate", "--control", proxy["control"])
        segue("swipe", "rec-b", "--to", "0.3", "--gesture-id", "9", "--ingest", proxy["ingest"], *direct)
    finally:
        os.kill(recorder.pid, signal.SIGINT)
        rest, _ = recorder.communicate(timeout=20)
    output = "".join(seen) + rest.decode(errors="replace")
    assert recorder.returncode == 0, output
    summary = re.search(r"recorded (\d+) inputs", output)
    assert summary, output
    return int(summary.group(1))


@pytest.fixture(scope="module")
def recording(gateway: Gateway, tmp_path_factory: pytest.TempPathFactory) -> tuple[bytes, int]:
    path = tmp_path_factory.mktemp("recording") / "two-swipes.rec"
    count = record_two_swipes(gateway, path)
    return path.read_bytes(), count


def ask_recording(raw: RawSocket, data: bytes, ref: str) -> dict:
    raw.send({"recording": {"data": base64.b64encode(data).decode()}, "ref": ref})
    return raw.next(lambda m: m.get("ref") == ref)


def test_a_recordings_swipes_come_back_as_pans_a_comparison_takes(raw, recording):
    data, inputs = recording
    answer = ask_recording(raw, data, "5")
    assert "error" not in answer, answer
    found = answer["recording"]
    assert found["inputs"] == inputs
    assert found["more"] is False and found["partial"] is False
    gestures = found["gestures"]
    assert [(g["stackId"], g["gestureId"]) for g in gestures] == [("rec-a", 7), ("rec-b", 9)], gestures
    assert found["pans"] == sum(len(g["pans"]) for g in gestures)
    # Two creates and a push beside the pans.
    assert inputs == found["pans"] + 3
    assert gestures[0]["offsetUs"] < gestures[1]["offsetUs"]
    for gesture in gestures:
        pans = gesture["pans"]
        assert pans[0]["phase"] == "PAN_BEGAN" and pans[-1]["phase"] == "PAN_ENDED", pans
        assert {pan["stackId"] for pan in pans} == {gesture["stackId"]}
        assert set(pans[1]) >= {"gestureId", "phase", "location", "translation", "timestampUs"}, pans[1]

    comparison = raw.ask({"compare": {"profiles": ["ios", "fluid"], "pans": gestures[0]["pans"]}}, ref="c")
    runs = comparison["comparison"]["runs"]
    assert [run["profile"] for run in runs] == ["ios", "fluid"]
    for run in runs:
        assert "error" not in run, run
        assert run["frames"][-1]["phase"] == "DONE", run["frames"][-1]


def test_a_partial_last_record_is_left_out_and_said(raw, recording):
    data, inputs = recording
    answer = ask_recording(raw, data[:-3], "partial")
    assert "error" not in answer, answer
    assert answer["recording"]["partial"] is True
    assert answer["recording"]["inputs"] == inputs - 1


def test_files_that_are_not_whole_recordings_are_refused_saying_why(raw, recording):
    data, _ = recording
    damaged = bytearray(data)
    struct.pack_into("<I", damaged, len(HEADER) + 8, 0xFFFF_FFFF)  # the first record's length
    error = ask_recording(raw, bytes(damaged), "damaged")["error"]
    assert error["code"] == "INVALID_ARGUMENT", error
    assert error["message"].startswith(
        f"the file is damaged: record 1 at byte {len(HEADER)} claims 4294967295 bytes"), error

    not_an_input = HEADER + struct.pack("<QI", 0, 2) + b"\x0f\x01"
    error = ask_recording(raw, not_an_input, "not an input")["error"]
    assert error["code"] == "INVALID_ARGUMENT", error
    assert error["message"].startswith(
        f"the file is damaged: record 1 at byte {len(HEADER)} is not a segue.v1.Input ("), error

    error = ask_recording(raw, b"\x89PNG\r\n\x1a\n", "png")["error"]
    assert error == {"code": "INVALID_ARGUMENT",
                     "message": 'the file is not a segue recording: it starts with "\\x89PNG\\r\\n\\x1A\\n" '
                                'where a recording starts with "segue-record 1"'}, error

    raw.send({"recording": {"data": "segue*record"}, "ref": "b64"})
    error = raw.next(lambda m: m.get("ref") == "b64")["error"]
    assert error["code"] == "MALFORMED", error
    assert error["message"].startswith("recording.data: not Base64"), error


def test_the_largest_recording_the_hello_names_fits_one_message(raw):
    largest = raw.hello["hello"]["maxRecordingBytes"]
    assert largest == 786_309
    # Empty inputs, 12 bytes each, and the start of one more.
    records, tail = divmod(largest - len(HEADER), 12)
    data = HEADER + bytes(12 * records + tail)
    ref = "r" * 128
    message = f'{{"recording":{{"data":"{base64.b64encode(data).decode()}"}},"ref":"{ref}"}}'
    assert len(message) <= raw.hello["hello"]["maxMessageBytes"]
    raw.send(message)
    answer = raw.next(lambda m: m.get("ref") == ref)
    assert answer["recording"] == {"gestures": [], "inputs": records, "pans": 0, "more": False,
                                   "partial": tail > 0}, answer
