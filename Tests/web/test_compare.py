"""Compare with a recording: a file made by the real `segue record`, chosen on the page, offers its swipes; the
comparison of one of them draws, for the stack's own profile, the very frames `segue replay --frames` regenerates
from the daemon's log for that swipe."""

from __future__ import annotations

import json
import subprocess

from segue.daemon import Daemon

from conftest import bin_dir, start_gateway, wait_for
from test_recording_request import record_two_swipes
from test_truthful_state import start_in_thread

# What differs between a live stack and a fresh engine fed the same pans: where it sits in the log, and when its
# frames were made (the daemon's clock, against the pans' own timestamps).
NOT_COMPARED = {"stackId", "position", "timeUs"}


def replayed_frames(data, stack_id: str) -> list[dict]:
    result = subprocess.run([str(bin_dir() / "segue"), "replay", str(data), "--frames", "--json"],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    lines = [json.loads(line) for line in result.stdout.splitlines()]
    return [line["frame"] for line in lines if "frame" in line and line["frame"]["stackId"] == stack_id]


def without_place(frame: dict) -> dict:
    return {key: value for key, value in frame.items() if key not in NOT_COMPARED}


def test_a_recorded_swipe_compares_with_the_frames_the_log_implies(browser, tmp_path):
    endpoints = tuple(f"ipc://{tmp_path}/{name}" for name in ("ingest", "control", "events"))
    data = tmp_path / "data"
    daemon, release = start_in_thread(lambda: Daemon(data, endpoints=endpoints, binary=str(bin_dir() / "segued")))
    gateway = start_gateway(daemon=daemon)
    try:
        recording = tmp_path / "two-swipes.rec"
        record_two_swipes(gateway, recording)
        browser.get(gateway.url)
        wait_for(browser, "return document.body.dataset.ready === 'true'")
        browser.find_element("css selector", '.tab[data-view="compare"]').click()
        # The stacks were made with the default profile, fluid; ios beside it.
        browser.execute_script("""document.getElementById('cmp-a').value = 'fluid';
            document.getElementById('cmp-b').value = 'ios';""")
        browser.find_element("id", "cmp-file").send_keys(str(recording))
        note = wait_for(browser, """const note = document.getElementById('cmp-recording').textContent;
            return note.includes('swipes in') && note""")
        assert note.startswith("two-swipes.rec: 2 swipes in "), note
        options = browser.execute_script("""return [...document.querySelectorAll('#cmp-gesture option')]
            .filter((o) => o.value.startsWith('rec:')).map((o) => o.textContent)""")
        assert [option.split(" (")[0] for option in options] == [
            "two-swipes.rec: rec-a gesture 7", "two-swipes.rec: rec-b gesture 9"], options
        assert browser.execute_script("return document.getElementById('cmp-gesture').value") == "rec:0"
        browser.find_element("id", "cmp-run").click()
        runs = wait_for(browser, """const runs = window.segue.compare.runs;
            return runs.length === 2 && runs.map((run) => ({profile: run.profile, frames: run.frames}))""")

        # The swipe is rec-a's first transition (the push after it is the second).
        expected = [frame for frame in replayed_frames(data, "rec-a") if frame["transitionId"] == 1]
        assert expected and expected[-1]["phase"] == "DONE", expected[-1:]
        compared = runs[0]["frames"]
        assert runs[0]["profile"] == "fluid"
        assert [without_place(frame) for frame in compared] == [without_place(frame) for frame in expected]
        # And those are what the timeline draws: a point per frame in its progress lane.
        points = browser.execute_script("""return [...document.querySelectorAll(
            '#cmp-timeline .lane[data-lane="visual progress"] .curve')].map((line) => line.getAttribute('points')
            .split(' ').length)""")
        assert points == [len(compared), len(runs[1]["frames"])], points
    finally:
        browser.get("about:blank")
        gateway.stop()
        daemon.stop()
        release.set()


def test_a_file_dropped_that_is_no_recording_is_told_on_the_page(page):
    page.find_element("css selector", '.tab[data-view="compare"]').click()
    # A file dropped on the view, as a drag from the desktop delivers it.
    page.execute_script("""const drop = new DataTransfer();
        drop.items.add(new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0])],
                                'picture.png'));
        document.getElementById('view-compare').dispatchEvent(new DragEvent('drop', {dataTransfer: drop,
                                                                                    bubbles: true, cancelable: true}));""")
    note = wait_for(page, """const note = document.getElementById('cmp-recording').textContent;
        return note.includes('INVALID_ARGUMENT') && note""")
    assert 'picture.png: INVALID_ARGUMENT: the file is not a segue recording: it starts with "\\x89PNG' in note, note
