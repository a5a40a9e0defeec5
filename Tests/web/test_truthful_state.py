"""What the page says of the world is true: the badge says whether the daemon answers, not only whether the
gateway's socket is open, and a page that goes away leaves no stack of its own behind."""

from __future__ import annotations

import threading
import time

from segue.daemon import Daemon

from conftest import WAIT, bin_dir, start_gateway, wait_for

STATUS = "document.getElementById('status').textContent"


def start_in_thread(make):
    """`make()` on a thread that outlives the test's use of it (segued is stopped when the thread that started it
    ends, on Linux); returns its result once made."""
    made: list = []
    done = threading.Event()
    release = threading.Event()

    def run() -> None:
        try:
            made.append(make())
        finally:
            done.set()
        release.wait()

    threading.Thread(target=run, daemon=True).start()
    assert done.wait(timeout=30) and made, "segued did not start"
    return made[0], release


def test_the_badge_says_when_the_daemon_stops_answering_and_when_it_answers_again(browser, tmp_path):
    endpoints = tuple(f"ipc://{tmp_path}/{name}" for name in ("ingest", "control", "events"))
    data = tmp_path / "data"
    segued = str(bin_dir() / "segued")
    daemon, release = start_in_thread(lambda: Daemon(data, endpoints=endpoints, binary=segued))
    gateway = start_gateway(daemon=daemon)
    again = None
    try:
        browser.get(gateway.url)
        wait_for(browser, f"return {STATUS}.startsWith('connected to ')")
        assert "status ok" == browser.execute_script("return document.getElementById('status').className")

        daemon.kill()
        text = wait_for(browser, f"const t = {STATUS}; return t.startsWith('daemon not answering') && t")
        assert f"the daemon at {endpoints[1]} did not answer within 750 ms" in text, text
        assert "status down" == browser.execute_script("return document.getElementById('status').className")

        again, release_again = start_in_thread(lambda: Daemon(data, endpoints=endpoints, binary=segued))
        wait_for(browser, f"return {STATUS}.startsWith('connected to ')", timeout=WAIT * 2)
        release_again.set()
    finally:
        browser.get("about:blank")
        gateway.stop()
        if again:
            again.stop()
        daemon.stop()
        release.set()


def test_a_page_that_goes_away_leaves_no_stack_behind(browser, gateway):
    browser.get(gateway.url)
    stack_id = wait_for(browser, "return document.body.dataset.ready === 'true' && window.segue.playground.stackId")
    assert stack_id in gateway.cli("stacks").stdout
    # Reset makes a new stack and deletes the old one itself; leaving deletes the new one.
    browser.find_element("id", "pg-reset").click()
    newer = wait_for(browser, "const id = window.segue.playground.stackId; return id !== arguments[0] && id",
                     stack_id)
    browser.get("about:blank")
    deadline = time.monotonic() + WAIT
    while (listed := gateway.cli("stacks").stdout) and (stack_id in listed or newer in listed):
        assert time.monotonic() < deadline, f"still listed after the page went away: {listed}"


def test_nothing_is_drawn_before_there_is_something_to_draw(page):
    for view, stages in [("timetravel", ["tt-stage"]), ("compare", ["cmp-stage-a", "cmp-stage-b"])]:
        page.find_element("css selector", f'.tab[data-view="{view}"]').click()
        for stage in stages:
            box = page.execute_script(
                "const e = document.getElementById(arguments[0]); const r = e.getBoundingClientRect();"
                "return {hidden: e.hidden, width: r.width, height: r.height}", stage)
            assert box == {"hidden": True, "width": 0, "height": 0}, (stage, box)


def test_the_monitor_fills_every_row_from_the_log_filters_them_and_opens_a_stack_with_its_history(browser, gateway):
    # Stacks idle since before the page loaded: nothing live will tell the page about them.
    gateway.cli("create", "idle-a", "--screens", "Home,Inbox")
    gateway.cli("pop", "idle-a", "--immediate")
    gateway.cli("create", "idle-b", "--screens", "Home")
    browser.get(gateway.url)
    wait_for(browser, "return document.body.dataset.ready === 'true'")
    browser.find_element("css selector", '.tab[data-view="monitor"]').click()
    row = """const row = document.querySelector(`#mon-table tr[data-stack="${arguments[0]}"]`);
        return row && row.cells[3].textContent && [...row.cells].slice(1, 4).map((cell) => cell.textContent)"""
    version, last, when = wait_for(browser, row, "idle-a")
    assert version == "4" and "completed finished [Home]" in last and when, (version, last, when)
    version, last, _ = wait_for(browser, row, "idle-b")
    assert version == "1" and "stackCreated [Home]" in last, (version, last)

    # The filter keeps the rows whose stack id holds its text.
    browser.find_element("id", "mon-filter").send_keys("idle-b")
    shown = wait_for(browser, """const rows = [...document.querySelectorAll('#mon-table tbody tr')];
        const shown = rows.filter((row) => !row.hidden).map((row) => row.dataset.stack);
        return shown.length === 1 && shown""")
    assert shown == ["idle-b"], shown
    browser.find_element("id", "mon-filter").clear()
    browser.execute_script("document.getElementById('mon-filter').dispatchEvent(new Event('input'))")
    browser.find_element("css selector", 'button[aria-label="Open idle-a"]').click()
    lines = wait_for(browser, """const items = [...document.querySelectorAll('#mon-events li')];
        return items.length >= 4 && items.map((item) => item.textContent)""")
    assert any("stackCreated" in line for line in lines) and any("completed" in line for line in lines), lines
    # Its history is on the timeline at once: the pop's bar, finished, with its markers.
    bars = wait_for(browser, """const bars = [...document.querySelectorAll('#mon-timeline .bar')];
        return bars.length && bars.map((bar) => bar.getAttribute('class'))""")
    assert bars == ["bar finished"], bars
    kinds = browser.execute_script(
        "return [...document.querySelectorAll('#mon-timeline .marker')].map((marker) => marker.dataset.kind)")
    assert kinds == ["began", "finished", "completed"], kinds
