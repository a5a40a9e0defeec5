"""The playground driven by W3C pointer actions in headless Chromium: mouse and touch swipes that finish and
cancel a pop, checked against the daemon's log and against the frames the log implies."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from selenium.webdriver.common.actions import interaction
from selenium.webdriver.common.actions.action_builder import ActionBuilder
from selenium.webdriver.common.actions.pointer_input import PointerInput

from conftest import RawSocket, screenshot, wait_for


def stage_box(page) -> dict:
    """The device's box in the viewport, and its scale from points to CSS pixels."""
    return page.execute_script("""
        const stage = window.segue.playground.stage;
        const box = stage.element.getBoundingClientRect();
        return {left: box.left + stage.element.clientLeft, top: box.top + stage.element.clientTop,
                scale: stage.scale, width: stage.size.width, height: stage.size.height};
    """)


def swipe(page, kind: str, fractions: list[float], release: bool = True, step: int = 8) -> None:
    """Presses at the leading edge, moves through `fractions` of the width in `step` px moves of 16 ms, and
    lifts (unless `release` is false: then the pointer stays down for a screenshot)."""
    box = stage_box(page)
    y = int(box["top"] + box["height"] * box["scale"] / 2)
    x = int(box["left"] + 4)
    pointer = PointerInput(interaction.POINTER_TOUCH if kind == "touch" else interaction.POINTER_MOUSE, kind)
    actions = ActionBuilder(page, mouse=pointer, duration=16)
    actions.pointer_action.move_to_location(x, y).pointer_down()
    for fraction in fractions:
        target = int(box["left"] + fraction * box["width"] * box["scale"])
        while abs(target - x) > 0:
            x += max(-step, min(step, target - x))
            actions.pointer_action.move_to_location(x, y)
    if release:
        actions.pointer_action.pointer_up()
    actions.perform()


def release(page, kind: str) -> None:
    """Lifts the mouse where it is (a touch lifted in a later action sequence lands elsewhere in chromedriver)."""
    pointer = PointerInput(interaction.POINTER_MOUSE, kind)
    actions = ActionBuilder(page, mouse=pointer)
    actions.pointer_action.pointer_up()
    actions.perform()


def card_rect(page, screen: str) -> dict:
    """Where the page drew a screen's card, in points: its style, as the page set it from a frame."""
    return page.execute_script("""
        const card = document.querySelector(`#pg-stage .card[data-screen="${arguments[0]}"]`);
        const match = /translate\\(([-\\d.e]+)px, ([-\\d.e]+)px\\)/.exec(card.style.transform);
        return {x: Number(match[1]), y: Number(match[2]), width: parseFloat(card.style.width),
                height: parseFloat(card.style.height), hidden: card.hidden};
    """, screen)


def check_log_and_cards(page, gateway, stack_id: str, finished: bool) -> dict:
    """The log has began, progressed, finished/cancelled and completed for the swipe, and the cards rest
    where the DONE frame regenerated from that log places them."""
    raw = RawSocket(gateway)
    try:
        events = raw.events(stack_id)
        history = raw.ask({"history": {"stackId": stack_id}}, ref="history")["history"]
    finally:
        raw.close()
    began = [e for e in events if "began" in e][-1]
    transition = began["began"]["transitionId"]
    kinds = [next(k for k in e if k in ("began", "progressed", "finished", "cancelled", "completed"))
             for e in events if any(k in e for k in ("began", "progressed", "finished", "cancelled", "completed"))
             and (e.get("began") or e.get("progressed") or e.get("finished") or e.get("cancelled")
                  or e.get("completed"))["transitionId"] == transition]
    assert began["began"]["interactive"] is True
    assert began["began"]["operation"] == "POP"
    assert kinds[0] == "began" and kinds[-1] == "completed", kinds
    assert "progressed" in kinds, kinds
    assert kinds[-2] == ("finished" if finished else "cancelled"), kinds
    done = [f for f in history["frames"] if f["transitionId"] == transition and f["phase"] == "DONE"]
    assert len(done) == 1, done
    done = done[0]
    # The page drew that DONE frame last; its cards are where the frame says.
    wait_for(page, "const f = window.segue.playground.lastDone; return f && f.transitionId === arguments[0]",
             transition)
    for side in ("from", "to"):
        view = done[side]
        rect = card_rect(page, view["screen"])
        assert not rect["hidden"]
        for key in ("x", "y", "width", "height"):
            assert rect[key] == pytest.approx(view["rect"].get(key, 0), abs=1e-6), (side, key, rect, view)
    return done


def summary(values: list[float]) -> dict:
    ordered = sorted(values)
    return {"samples": len(ordered), "p50": ordered[(len(ordered) - 1) // 2],
            "p99": ordered[min(len(ordered) - 1, -(-len(ordered) * 99 // 100) - 1)]}


@pytest.mark.parametrize("kind", ["mouse", "touch"])
def test_a_swipe_past_half_finishes_the_pop(page, gateway, kind, tmp_path):
    stack_id = page.execute_script("return window.segue.playground.stackId")
    # The mouse stops mid-swipe for a picture of the screens following the pointer.
    swipe(page, kind, [0.75], release=kind != "mouse")
    if kind == "mouse":
        screenshot(page, "playground", tmp_path)
        release(page, kind)
    wait_for(page, """return [...document.querySelectorAll('#pg-events li')]
        .some((li) => li.textContent.includes(' completed '))""")
    done = check_log_and_cards(page, gateway, stack_id, finished=True)
    assert done["progress"] == 1
    assert done["to"]["screen"] == "Home"
    assert done["to"]["rect"].get("x", 0) == 0  # Home fills the device again
    latencies = page.execute_script("return window.segue.playground.latencies")
    assert len(latencies) >= 5, "the page measured no pointer -> frame round trips"


def test_the_page_measures_its_pointer_to_frame_round_trip(page):
    """A long back-and-forth drag: every CHANGED the page sent comes back as a TRACKING frame, and the page
    times each from the pointer sample (and from its send). $SEGUE_WEB_REPORT gets the percentiles."""
    swipe(page, "mouse", [0.8, 0.3, 0.8], step=3)
    wait_for(page, """return [...document.querySelectorAll('#pg-events li')]
        .some((li) => li.textContent.includes(' completed '))""")
    latencies = page.execute_script("return window.segue.playground.latencies")
    round_trips = page.execute_script("return window.segue.playground.roundTrips")
    assert len(latencies) >= 100 and len(round_trips) == len(latencies)
    assert all(sent <= pointer for sent, pointer in zip(round_trips, latencies))
    assert page.find_element("id", "pg-p99").text.endswith(" ms")
    report = os.environ.get("SEGUE_WEB_REPORT")
    if report:
        Path(report).write_text(json.dumps({"pointer_to_frame_ms": summary(latencies),
                                            "sent_to_frame_ms": summary(round_trips)}))


@pytest.mark.parametrize("kind", ["mouse", "touch"])
def test_a_short_swipe_that_turns_back_cancels(page, gateway, kind):
    stack_id = page.execute_script("return window.segue.playground.stackId")
    swipe(page, kind, [0.35, 0.08])
    wait_for(page, """return [...document.querySelectorAll('#pg-events li')]
        .some((li) => li.textContent.includes(' completed '))""")
    done = check_log_and_cards(page, gateway, stack_id, finished=False)
    assert done["from"]["screen"] == "Detail"
    assert done["from"]["rect"].get("x", 0) == 0  # Detail is back in place


def test_command_buttons_push_and_pop(page):
    page.find_element("css selector", '[data-command="push"]').click()
    wait_for(page, "return document.getElementById('pg-screens').textContent.includes('Screen 1')")
    page.find_element("id", "pg-immediate").click()
    page.find_element("css selector", '[data-command="popToRoot"]').click()
    wait_for(page, "return document.getElementById('pg-screens').textContent === 'Home'")
    page.find_element("css selector", '[data-command="pop"]').click()
    wait_for(page, """return [...document.querySelectorAll('#pg-events li.rejection')]
        .some((li) => li.textContent.includes('NOTHING_TO_POP'))""")


def test_a_tab_stack_shows_its_tabs(page):
    # Its state and its stackCreated event carry an empty list of screens beside the tabs.
    page.execute_script("""
        const kind = document.getElementById('pg-kind');
        kind.value = 'tabs';
        kind.dispatchEvent(new Event('change'));""")
    wait_for(page, "return document.getElementById('pg-screens').textContent === 'Tab 1 › Tab 2 › Tab 3'")
    wait_for(page, """return [...document.querySelectorAll('#pg-events li')]
        .some((li) => li.textContent.includes('stackCreated [Tab 1, Tab 2, Tab 3]'))""")


def test_right_to_left_swipes_from_the_right_edge(page, gateway):
    page.find_element("id", "pg-rtl").click()
    wait_for(page, "return document.getElementById('pg-hint').textContent.includes('right edge')")
    wait_for(page, "return document.getElementById('pg-screens').textContent === 'Home › Detail'")
    stack_id = page.execute_script("return window.segue.playground.stackId")
    box = stage_box(page)
    width = box["width"] * box["scale"]
    y = int(box["top"] + box["height"] * box["scale"] / 2)
    pointer = PointerInput(interaction.POINTER_MOUSE, "mouse")
    actions = ActionBuilder(page, mouse=pointer, duration=16)
    x = int(box["left"] + width - 4)
    actions.pointer_action.move_to_location(x, y).pointer_down()
    while x > box["left"] + width * 0.2:
        x -= 8
        actions.pointer_action.move_to_location(x, y)
    actions.pointer_action.pointer_up()
    actions.perform()
    wait_for(page, "return document.getElementById('pg-screens').textContent === 'Home'")
    check_log_and_cards(page, gateway, stack_id, finished=True)
