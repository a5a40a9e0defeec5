"""The monitor, time travel and comparison views: what another producer does shows up live, the scrubber shows
the frame of the time it is set to, and one gesture runs through two profiles side by side."""

from __future__ import annotations

import re
import subprocess

import pytest

from conftest import RawSocket, screenshot, wait_for


def open_view(page, name: str) -> None:
    page.find_element("css selector", f'.tab[data-view="{name}"]').click()
    wait_for(page, "return !document.getElementById(arguments[0]).hidden", f"view-{name}")


def ask_for_history(page, stack_id: str) -> str:
    """Types `stack_id` into time travel and loads it; returns the summary once it is not loading any more."""
    open_view(page, "timetravel")
    field = page.find_element("id", "tt-stack")
    field.clear()
    field.send_keys(stack_id)
    page.find_element("id", "tt-load").click()
    return wait_for(page, "const t = document.getElementById('tt-summary').textContent; return t !== 'loading…' && t")


def load_history(page, stack_id: str) -> None:
    ask_for_history(page, stack_id)
    wait_for(page, "return window.segue.timeTravel.frames.length > 0")


def test_a_cli_swipe_on_another_stack_shows_in_the_monitor(page, gateway, tmp_path):
    open_view(page, "monitor")
    gateway.cli("create", "cli-stack", "--screens", "Home,Inbox,Thread", "--profile", "flutter")
    wait_for(page, "return document.querySelector('#mon-table tr[data-stack=\"cli-stack\"]')")
    page.find_element("css selector", 'button[aria-label="Open cli-stack"]').click()
    wait_for(page, "return window.segue.monitor.opened === 'cli-stack' && window.segue.monitor.stage.drawn")
    # A slow swipe, caught on the page while the finger is down, then followed to its end.
    swipe = subprocess.Popen(gateway.command("swipe", "cli-stack", "--to", "0.7", "--duration-ms", "2500"),
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        wait_for(page, """const drawn = window.segue.monitor.stage.drawn;
            return drawn.frame && drawn.frame.phase === 'TRACKING' && drawn.frame.progress > 0.35""")
        screenshot(page, "monitor-swiping", tmp_path)
        _, errors = swipe.communicate(timeout=30)
    finally:
        if swipe.poll() is None:
            swipe.kill()
            swipe.wait()
    assert swipe.returncode == 0, errors
    # The row follows the stack's events, the opened stage its frames, to the end of the swipe.
    wait_for(page, """const row = document.querySelector('#mon-table tr[data-stack="cli-stack"]');
        return row.cells[2].textContent.includes('completed finished [Home, Inbox]')""")
    wait_for(page, """const drawn = window.segue.monitor.stage.drawn;
        return drawn.frame && drawn.frame.phase === 'DONE'""")
    assert page.execute_script("return window.segue.monitor.stage.drawn.frame.to.screen") == "Inbox"
    # The live timeline follows: the swipe's bar, finished, and the curves of its frames.
    wait_for(page, "return document.querySelector('#mon-timeline .bar.finished')")
    assert page.execute_script("return document.querySelectorAll('#mon-timeline .curve').length") >= 3
    screenshot(page, "monitor", tmp_path)


def test_the_scrubber_shows_the_frame_of_its_time(page, gateway):
    stack_id = page.execute_script("return window.segue.playground.stackId")
    page.find_element("css selector", '[data-command="push"]').click()
    wait_for(page, "return document.getElementById('pg-screens').textContent.includes('Screen 1')")
    page.find_element("css selector", '[data-command="pop"]').click()
    wait_for(page, "return document.getElementById('pg-screens').textContent === 'Home › Detail'")
    load_history(page, stack_id)

    raw = RawSocket(gateway)
    try:
        frames = raw.ask({"history": {"stackId": stack_id}}, ref="h")["history"]["frames"]
    finally:
        raw.close()
    start = page.execute_script("return window.segue.timeTravel.startUs")
    # Somewhere in the middle of the pop's settle, between two frames.
    pop = [f for f in frames if f["transitionId"] == 2]
    middle = pop[len(pop) // 2]
    offset = middle["timeUs"] - start + 1
    page.execute_script("""const scrub = document.getElementById('tt-scrub');
        scrub.value = String(arguments[0]); scrub.dispatchEvent(new Event('input'));""", offset)
    drawn = page.execute_script("return window.segue.timeTravel.stage.drawn.frame")
    expected = [f for f in frames if f["timeUs"] <= start + offset][-1]
    assert drawn == expected
    assert drawn["transitionId"] == 2 and drawn["phase"] == "SETTLING"
    card = page.execute_script("""const card = document.querySelector(
        `#tt-stage .card[data-screen="${arguments[0]}"]`); return card.style.transform;""", drawn["from"]["screen"])
    x, y = (float(v) for v in re.fullmatch(r"translate\(([-\d.e]+)px, ([-\d.e]+)px\)", card).groups())
    # The browser keeps 6 significant digits of a transform.
    assert x == pytest.approx(drawn["from"]["rect"].get("x", 0), rel=1e-5)
    assert y == pytest.approx(drawn["from"]["rect"].get("y", 0), abs=1e-6)
    readout = page.find_element("id", "tt-frame").text
    assert f"frame {drawn['sequence']} of transition 2" in readout

    # Stepping moves one frame at a time, keyboard included.
    page.find_element("id", "tt-forward").click()
    after = page.execute_script("return window.segue.timeTravel.stage.drawn.frame")
    assert after == frames[frames.index(expected) + 1]
    page.find_element("id", "tt-back").send_keys(",")
    assert page.execute_script("return window.segue.timeTravel.stage.drawn.frame") == expected


def test_the_timeline_shows_each_transition_and_a_marker_jumps_to_its_frame(page, gateway, tmp_path):
    gateway.cli("create", "timeline", "--screens", "Home,Inbox,Thread")
    gateway.cli("swipe", "timeline", "--to", "0.7")
    gateway.cli("swipe", "timeline", "--to", "0.2")
    load_history(page, "timeline")
    bars = wait_for(page, """const bars = [...document.querySelectorAll('#tt-timeline .bar')];
        return bars.length && bars.map((bar) => [bar.dataset.transition, bar.getAttribute('class')])""")
    assert bars == [["1", "bar finished"], ["2", "bar cancelled"]], bars
    kinds = page.execute_script(
        "return [...document.querySelectorAll('#tt-timeline .marker')].map((marker) => marker.dataset.kind)")
    assert kinds == ["began", "finished", "completed", "began", "cancelled", "completed"], kinds

    # Each progressed event is a tick on its transition's row.
    ticks = page.execute_script("return document.querySelectorAll('#tt-timeline .event-tick').length")
    events = page.execute_script("return window.segue.timeTravel.items.map(([e]) => e)")
    assert ticks == len([e for e in events if "progressed" in e]) > 10, ticks
    # Mid-swipe, for a picture of the first swipe following the finger.
    middle = [e for e in events if "progressed" in e and e["progressed"]["transitionId"] == 1]
    middle = middle[len(middle) * 2 // 3]
    page.execute_script("window.segue.timeTravel.show(arguments[0].timeUs - window.segue.timeTravel.startUs)", middle)
    screenshot(page, "timetravel", tmp_path)

    # A click on the first transition's completed marker moves the scrubber, the head and the phone there.
    marker = page.find_element("css selector", "#tt-timeline .marker.completed")
    position = int(marker.get_attribute("data-position"))
    marker.click()
    state = page.execute_script("""const tt = window.segue.timeTravel;
        const head = document.querySelector('#tt-timeline .head');
        return {scrub: Number(document.getElementById('tt-scrub').value), start: tt.startUs,
                head: Number(head.getAttribute('x1')), frame: tt.stage.drawn.frame};""")
    events = {e["position"]: e for e in page.execute_script("return window.segue.timeTravel.items.map(([e]) => e)")}
    assert state["scrub"] == int(events[position]["timeUs"]) - state["start"], state
    assert state["frame"]["transitionId"] == 1 and state["frame"]["phase"] == "DONE", state["frame"]
    assert state["head"] == pytest.approx(float(marker.get_attribute("cx")), abs=0.01)
    screenshot(page, "timetravel-after", tmp_path)

    # Zooming in narrows the view about the head, which stays on the frame; Fit shows everything again.
    page.find_element("css selector", '#tt-timeline button[aria-label="Zoom in (+)"]').click()
    page.find_element("css selector", '#tt-timeline svg').send_keys("+")
    zoomed = page.execute_script("""const t = window.segue.timeTravel.timeline; const [a, b] = t.range();
        return {span: b - a, whole: t.endUs - t.startUs, head: t.headUs, from: a, to: b,
                bars: document.querySelectorAll('#tt-timeline .bar').length}""")
    assert zoomed["span"] == pytest.approx(zoomed["whole"] / 4, rel=0.01), zoomed
    assert zoomed["from"] <= zoomed["head"] <= zoomed["to"], zoomed
    page.find_element("css selector", '#tt-timeline button[aria-label="Show everything (0)"]').click()
    assert page.execute_script("return document.querySelectorAll('#tt-timeline .bar').length") == 2


def test_playing_at_a_tenth_of_the_speed_moves_the_scrubber(page):
    stack_id = page.execute_script("return window.segue.playground.stackId")
    page.find_element("css selector", '[data-command="push"]').click()
    wait_for(page, "return document.getElementById('pg-screens').textContent.includes('Screen 1')")
    load_history(page, stack_id)
    page.find_element("css selector", "#tt-speed option[value='0.1']").click()
    page.find_element("id", "tt-play").click()
    first = wait_for(page, "const t = window.segue.timeTravel.offsetUs; return t > 0 && t")
    later = wait_for(page, "const t = window.segue.timeTravel.offsetUs; return t > arguments[0] && t", first)
    assert later > first
    page.find_element("id", "tt-play").click()
    assert page.find_element("id", "tt-play").text == "Play"


def test_compare_runs_one_gesture_through_two_profiles(page, tmp_path):
    open_view(page, "compare")
    page.find_element("css selector", "#cmp-gesture option[value='slow']").click()
    page.find_element("id", "cmp-run").click()
    wait_for(page, "return window.segue.compare.runs.length === 2")
    runs = page.execute_script("""return window.segue.compare.runs.map((run) =>
        ({profile: run.profile, frames: run.frames.length, decision: run.decision}))""")
    assert [run["profile"] for run in runs] == ["ios", "flutter"]
    assert all(run["frames"] > 10 for run in runs), runs
    # A finger that brakes to a stop at 60%: UIKit projects it back (its braking reads as a change of mind),
    # Flutter looks at the position only. The same gesture, the same answer every time.
    assert runs[0]["decision"].startswith("cancelled (RELEASED_AT_REST) at gesture progress 0.58"), runs
    assert runs[1]["decision"].startswith("finished (PASSED_THRESHOLD) at gesture progress 0.58"), runs
    scrub = """const scrub = document.getElementById('cmp-scrub');
        scrub.value = String(Math.round(Number(scrub.max) * arguments[0])); scrub.dispatchEvent(new Event('input'));"""
    page.execute_script(scrub, 0.4)
    screenshot(page, "compare", tmp_path)
    page.execute_script(scrub, 0.8)
    screenshot(page, "compare-after", tmp_path)

    # The curves are the runs' frames: one point per frame in the progress lane, each where its frame says.
    curves = page.execute_script("""const lane = document.querySelector('#cmp-timeline .lane[data-lane="visual progress"]');
        return [...lane.querySelectorAll('.curve')].map((line) => ({series: line.dataset.series,
            points: line.getAttribute('points').split(' ').length}))""")
    assert curves == [{"series": run["profile"], "points": run["frames"]} for run in runs], curves
    apart = page.execute_script("""return [...document.querySelectorAll('#cmp-timeline .lane[data-lane="apart, points"] .curve')]
        .map((line) => line.dataset.series)""")
    assert apart == ["flutter − ios"], apart

    # A third profile: a third phone in sync, a third row on the timeline.
    page.execute_script("""const c = document.getElementById('cmp-c'); c.value = 'android';""")
    page.find_element("id", "cmp-run").click()
    wait_for(page, "return window.segue.compare.runs.length === 3")
    shown = page.execute_script("""return ['a', 'b', 'c', 'd'].map((slot) => !document.getElementById(`cmp-figure-${slot}`).hidden)""")
    assert shown == [True, True, True, False], shown
    labels = page.execute_script("return [...document.querySelectorAll('#cmp-timeline .bar-label')].map((l) => l.textContent)")
    assert labels == ["ios POP", "flutter POP", "android POP"], labels
    page.execute_script(scrub, 0.5)
    drawn = page.execute_script("return window.segue.compare.stages.slice(0, 3).map((stage) => stage.drawn.frame.timeUs)")
    offset = page.execute_script("return window.segue.compare.startUs + window.segue.compare.offsetUs")
    assert all(time <= offset for time in drawn), (drawn, offset)


def test_a_stack_with_no_history_is_told_not_drawn(page):
    summary = ask_for_history(page, "no-such-stack")
    assert summary.startswith("no events of stack 'no-such-stack' in the log"), summary
    assert "Infinity" not in page.find_element("id", "tt-frame").text


def test_a_long_history_loads_and_plays(page, gateway):
    # 1500 pushes and pops, immediate: 3000 transitions, each with its began, finished and completed.
    from segue import Segue

    client = Segue(ingest=gateway.ingest, control=gateway.control, events=gateway.events)
    try:
        client.create("long", ["Home"])
        for index in range(1500):
            client.push("long", f"Screen {index}", immediate=True)
            client.pop("long", immediate=True)
    finally:
        client.close()
    summary = ask_for_history(page, "long")
    assert summary.startswith("9001 events"), summary
    # The newest bars share rows: no more than twelve, each labelled only where its label fits.
    rows = page.execute_script("""return new Set([...document.querySelectorAll('#tt-timeline .bar')]
        .map((bar) => bar.getAttribute('y'))).size""")
    assert rows <= 12, rows
    # Stepping back from the end dims exactly the events after the frame shown.
    page.find_element("id", "tt-back").click()
    state = page.execute_script("""const tt = window.segue.timeTravel; const t = tt.startUs + tt.offsetUs;
        return {wrong: tt.items.filter(([event, item]) => item.classList.contains('future') !== (event.timeUs > t)).length,
                future: tt.items.filter(([, item]) => item.classList.contains('future')).length}""")
    assert state["wrong"] == 0 and state["future"] >= 1, state


def test_zooming_out_a_fresh_live_timeline_shows_its_window(page):
    page.find_element("css selector", '#pg-timeline button[aria-label="Zoom out (-)"]').click()
    page.find_element("css selector", '[data-command="push"]').click()
    wait_for(page, "return document.getElementById('pg-screens').textContent.includes('Screen 1')")
    # Zoomed out, the live window holds all of the little there is yet.
    view = page.execute_script("""const t = window.segue.playground.timeline; const [a, b] = t.range();
        return {span: b - a, whole: t.endUs - t.startUs, window: t.windowUs}""")
    assert view["span"] == view["whole"] > 0 and view["window"] >= 3_000_000, view


def test_a_stack_deleted_while_open_in_the_monitor_says_so(page, gateway):
    open_view(page, "monitor")
    gateway.cli("create", "doomed", "--screens", "Home,Detail")
    wait_for(page, "return document.querySelector('#mon-table tr[data-stack=\"doomed\"]')")
    page.find_element("css selector", 'button[aria-label="Open doomed"]').click()
    wait_for(page, "return window.segue.monitor.opened === 'doomed' && window.segue.monitor.stage.drawn")
    gateway.cli("delete", "doomed")
    wait_for(page, "return document.getElementById('mon-title').textContent === 'doomed (deleted)'")
    assert page.execute_script("return document.getElementById('mon-stage').hidden") is True
    # Made anew, it is opened afresh: its new history only... and its phone again.
    gateway.cli("create", "doomed", "--screens", "Home,Inbox")
    wait_for(page, """return document.getElementById('mon-title').textContent === 'doomed'
        && !document.getElementById('mon-stage').hidden""")
