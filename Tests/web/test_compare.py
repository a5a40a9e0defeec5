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


def run_compare(page, profiles: list[str], gesture: str) -> list[dict]:
    page.execute_script("""['a', 'b', 'c', 'd'].forEach((slot, index) => {
            document.getElementById(`cmp-${slot}`).value = arguments[0][index] || ''; });
        document.getElementById('cmp-gesture').value = arguments[1];
        window.segue.compare.runs = null;""", profiles, gesture)
    page.find_element("id", "cmp-run").click()
    return wait_for(page, """const runs = window.segue.compare.runs;
        return runs && {runs: runs.map((run) => ({profile: run.profile, frames: run.frames.length,
            decision: run.decision, operations: [...run.operations.values()]}))}""")["runs"]


def open_compare(page) -> None:
    page.find_element("css selector", '.tab[data-view="compare"]').click()
    wait_for(page, "return !document.getElementById('view-compare').hidden")


def test_a_refused_comparison_leaves_nothing_of_the_one_before(page):
    open_compare(page)
    assert len(run_compare(page, ["ios", "flutter"], "slow")) == 2
    # A recorded gesture whose times go back: the gateway refuses the whole comparison.
    page.execute_script("""const compare = window.segue.compare;
        compare.recorded = [{stackId: 's', gestureId: 1, pans: [
            {gestureId: 1, phase: 'PAN_BEGAN', location: {x: 10, y: 400}, translation: {x: 4}, timestampUs: 20000},
            {gestureId: 1, phase: 'PAN_ENDED', location: {x: 90, y: 400}, translation: {x: 84}, timestampUs: 10000}]}];
        document.getElementById('cmp-gesture').add(new Option('backwards', 'rec:0'));""")
    assert run_compare(page, ["ios", "flutter"], "rec:0") == []
    state = page.execute_script("""return {
        figures: ['a', 'b', 'c', 'd'].filter((slot) => !document.getElementById(`cmp-figure-${slot}`).hidden),
        bars: document.querySelectorAll('#cmp-timeline .bar').length,
        readout: document.getElementById('cmp-time').textContent}""")
    assert state["figures"] == [] and state["bars"] == 0, state
    assert state["readout"].startswith("the comparison was refused: MALFORMED: compare.pans[1].timestampUs: goes back"), state


def test_a_gesture_every_profile_refuses_is_told_without_nonsense(page):
    open_compare(page)
    # A swipe that heads away from the back edge: no profile takes it for a back swipe.
    page.execute_script("""const compare = window.segue.compare;
        compare.recorded = [{stackId: 's', gestureId: 1, pans: [
            {gestureId: 1, phase: 'PAN_BEGAN', location: {x: 300, y: 400}, translation: {x: -12}, timestampUs: 10000},
            {gestureId: 1, phase: 'PAN_ENDED', location: {x: 200, y: 400}, translation: {x: -112}, timestampUs: 30000}]}];
        document.getElementById('cmp-gesture').add(new Option('away', 'rec:0'));""")
    runs = run_compare(page, ["ios", "flutter"], "rec:0")
    assert [run["frames"] for run in runs] == [0, 0], runs
    assert all(run["decision"].startswith("refused: ") for run in runs), runs
    text = page.execute_script("""return [document.getElementById('cmp-time').textContent,
        document.querySelector('#cmp-timeline .timeline-tools').textContent,
        document.getElementById('cmp-caption-a').textContent].join(' | ')""")
    assert "NaN" not in text and "Infinity" not in text, text
    assert page.execute_script("return document.getElementById('cmp-stage-a').hidden") is True
    errors = [entry for entry in page.get_log("browser") if entry["level"] == "SEVERE"]
    assert errors == [], errors


def test_a_tab_swipe_and_a_right_to_left_sample_compare(page):
    # The playground's swipe between tabs is compared on a tab stack.
    page.execute_script("""const kind = document.getElementById('pg-kind'); kind.value = 'tabs';
        kind.dispatchEvent(new Event('change'));""")
    wait_for(page, """return [...document.querySelectorAll('#pg-events li')]
        .some((li) => li.textContent.includes('stackCreated [Tab 1, Tab 2, Tab 3]'))""")
    page.execute_script("""const p = window.segue.playground; p.lastGesture = [0, 1, 2, 3, 4, 5].map((i) => ({
        stackId: p.stackId, gestureId: 9, target: 'PAN_TARGET_TABS',
        phase: i === 0 ? 'PAN_BEGAN' : i === 5 ? 'PAN_ENDED' : 'PAN_CHANGED',
        location: {x: 380 - 50 * i, y: 400}, translation: {x: -50 * (i + 1), y: 0}, timestampUs: 10000 + 16000 * i}));""")
    open_compare(page)
    runs = run_compare(page, ["ios", "flutter"], "last")
    assert [run["operations"] for run in runs] == [["SELECT_TAB"], ["SELECT_TAB"]], runs
    assert "your last swipe in the playground" in page.find_element("id", "cmp-time").text

    # Right to left, the samples start at the right edge: every profile takes them for a back swipe.
    page.execute_script("document.getElementById('pg-rtl').checked = true")
    runs = run_compare(page, ["ios", "android"], "slow")
    assert all(run["frames"] > 10 and not run["decision"].startswith("refused") for run in runs), runs
    assert "right to left" in page.find_element("id", "cmp-time").text
    page.execute_script("document.getElementById('pg-rtl').checked = false")
