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
    # The page drew that DONE frame last; its cards are where the frame says (to the 6 significant digits a style
    # keeps).
    wait_for(page, "const f = window.segue.playground.lastDone; return f && f.transitionId === arguments[0]",
             transition)
    for side in ("from", "to"):
        view = done[side]
        rect = card_rect(page, view["screen"])
        assert not rect["hidden"]
        for key in ("x", "y", "width", "height"):
            assert rect[key] == pytest.approx(view["rect"].get(key, 0), abs=1e-3), (side, key, rect, view)
    return done


def summary(values: list[float]) -> dict:
    ordered = sorted(values)
    return {"samples": len(ordered), "p50": ordered[(len(ordered) - 1) // 2],
            "p99": ordered[min(len(ordered) - 1, -(-len(ordered) * 99 // 100) - 1)]}


def choose_profile(page, profile: str) -> None:
    """Picks `profile`, and waits until the page has made its new stack of it."""
    page.execute_script(f"""
        const profile = document.getElementById('pg-profile');
        profile.value = '{profile}';
        profile.dispatchEvent(new Event('change'));""")
    wait_for(page, f"""return [...document.querySelectorAll('#pg-events li')]
        .some((li) => li.textContent.includes('stackCreated [Home, Detail] {profile}'))""")


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
    if kind == "mouse":
        wait_for(page, "return document.querySelector('#pg-timeline .bar.finished')")
        screenshot(page, "playground-after", tmp_path)
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
    # The pops took no number: the next push names the second screen pushed.
    page.find_element("css selector", '[data-command="push"]').click()
    wait_for(page, "return document.getElementById('pg-screens').textContent === 'Home › Screen 2'")


def test_a_command_clicked_during_a_transition_is_sent_and_its_refusal_shown(page, tmp_path):
    """The buttons stay enabled while a push runs: a pop clicked at once reaches the daemon, and the page lists
    what came back (today TRANSITION_IN_PROGRESS with its message) among its rejections."""
    choose_profile(page, "percent-1s")
    # Both clicks in one task: the pop leaves right behind the push, well inside its 1 s animation.
    page.execute_script("""
        document.querySelector('[data-command="push"]').click();
        document.querySelector('[data-command="pop"]').click();""")
    refusal = wait_for(page, """return [...document.querySelectorAll('#pg-events li.rejection')]
        .map((li) => li.textContent).find((text) => text.startsWith('pop: '))""")
    assert "TRANSITION_IN_PROGRESS" in refusal and "wait for its completed event" in refusal, refusal
    wait_for(page, """return window.segue.playground.timeline.frames
        .some((frame) => frame.phase === 'SETTLING' && frame.progress > 0.2 && frame.progress < 0.8)""")
    disabled = page.execute_script(
        "return [...document.querySelectorAll('[data-command]')].filter((button) => button.disabled).length")
    assert disabled == 0
    screenshot(page, "playground-interrupted", tmp_path)
    wait_for(page, "return document.getElementById('pg-screens').textContent === 'Home › Detail › Screen 1'")


def test_a_pop_clicked_during_a_flutter_push_turns_it_back(page):
    """In flutter a pop clicked while the push runs is not refused: the push turns back from where it is, and the
    page lists the reversal and the unfinished completion; the stack is as before the push."""
    choose_profile(page, "flutter")
    page.execute_script("""
        document.querySelector('[data-command="push"]').click();
        document.querySelector('[data-command="pop"]').click();""")
    reversal = wait_for(page, """return [...document.querySelectorAll('#pg-events li')]
        .map((li) => li.textContent).find((text) => text.includes('REVERSED_BY_COMMAND'))""")
    assert " cancelled REVERSED_BY_COMMAND visual=" in reversal, reversal
    wait_for(page, """return [...document.querySelectorAll('#pg-events li')]
        .some((li) => li.textContent.includes(' completed not finished [Home, Detail]'))""")
    assert page.execute_script("return document.getElementById('pg-screens').textContent") == "Home › Detail"
    rejections = page.execute_script("return document.querySelectorAll('#pg-events li.rejection').length")
    assert rejections == 0


def test_a_push_clicked_during_an_android_push_waits_for_it(page):
    """In android a second push clicked while the first plays is queued: the page lists it, and it begins where
    the first completes; the stack ends with both screens."""
    choose_profile(page, "android")
    page.execute_script("""
        document.querySelector('[data-command="push"]').click();
        document.querySelector('[data-command="push"]').click();""")
    queued = wait_for(page, """return [...document.querySelectorAll('#pg-events li')]
        .map((li) => li.textContent).find((text) => text.includes(' queued '))""")
    assert queued.endswith(" queued PUSH Screen 2 behind t1"), queued
    position = queued.split(" ")[0]
    wait_for(page, f"""return [...document.querySelectorAll('#pg-events li')]
        .some((li) => li.textContent.endsWith(' began PUSH Screen 1 → Screen 2 animated queued at {position}'))""")
    wait_for(page, "return document.getElementById('pg-screens').textContent === 'Home › Detail › Screen 1 › Screen 2'")
    rejections = page.execute_script("return document.querySelectorAll('#pg-events li.rejection').length")
    assert rejections == 0


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
    # The hint changes at once, the screens line only once the new stack's state came back: until then it still
    # shows the previous, left-to-right stack, and a swipe from the right edge would go to a stack not yet made.
    wait_for(page, """const playground = window.segue.playground;
        return playground.state?.stackId === playground.stackId && playground.state?.config?.rightToLeft === true""")
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


def android_stack(page) -> str:
    """Picks the android profile: the page makes a new stack of it."""
    page.execute_script("""
        const profile = document.getElementById('pg-profile');
        profile.value = 'android';
        profile.dispatchEvent(new Event('change'));""")
    wait_for(page, "return document.getElementById('pg-hint').textContent.includes('left or the right edge')")
    wait_for(page, """return [...document.querySelectorAll('#pg-events li')]
        .some((li) => li.textContent.includes('stackCreated [Home, Detail] android'))""")
    return page.execute_script("return window.segue.playground.stackId")


def drag_from_right_edge(page, points: list[tuple[float, float]], lift: bool) -> None:
    """Presses 4 px inside the device's right edge, halfway down, and moves through `points` (fractions of the
    width from the right edge, points of vertical travel) in 6 px moves of 16 ms."""
    box = stage_box(page)
    width = box["width"] * box["scale"]
    x = box["left"] + width - 4
    y = box["top"] + box["height"] * box["scale"] / 2
    pointer = PointerInput(interaction.POINTER_MOUSE, "mouse")
    actions = ActionBuilder(page, mouse=pointer, duration=16)
    actions.pointer_action.move_to_location(int(x), int(y)).pointer_down()
    start_y = y
    for fraction, rise in points:
        target_x = box["left"] + width * (1 - fraction)
        target_y = start_y + rise * box["scale"]
        steps = max(1, int(max(abs(target_x - x), abs(target_y - y)) / 6))
        for step in range(1, steps + 1):
            actions.pointer_action.move_to_location(int(x + (target_x - x) * step / steps),
                                                    int(y + (target_y - y) * step / steps))
        x, y = target_x, target_y
    if lift:
        actions.pointer_action.pointer_up()
    actions.perform()


def drawn_card(page, screen: str) -> dict:
    """A card as the browser computed it: its box in points, corner radius, opacity, its scrim's opacity, the scale
    of its content."""
    return page.execute_script("""
        const stage = window.segue.playground.stage;
        const card = document.querySelector(`#pg-stage .card[data-screen="${arguments[0]}"]`);
        const style = getComputedStyle(card);
        const matrix = new DOMMatrix(style.transform);
        return {x: matrix.m41, y: matrix.m42, width: parseFloat(style.width), height: parseFloat(style.height),
                radius: parseFloat(style.borderTopLeftRadius), opacity: Number(style.opacity),
                scrim: Number(getComputedStyle(card.querySelector('.scrim')).opacity),
                content: new DOMMatrix(getComputedStyle(card.querySelector('.screen')).transform).a,
                backdrop: !stage.backdrop.hidden && getComputedStyle(stage.backdrop).display !== 'none',
                device: stage.size};
    """, screen)


def test_android_swipe_from_the_right_edge_scales_rounds_and_commits(page, gateway, tmp_path):
    stack_id = android_stack(page)
    # Out from the right edge, the finger rising 120 pt on the way; held down for a look at the frame.
    drag_from_right_edge(page, [(0.5, -120)], lift=False)
    wait_for(page, "const f = window.segue.playground.stage.drawn?.frame; return f && f.phase === 'TRACKING'")
    wait_for(page, """const f = window.segue.playground.stage.drawn.frame;
        return f.from.rect.width < 0.95 * window.segue.playground.stage.size.width""")
    screenshot(page, "playground-android", tmp_path)
    frame = page.execute_script("return window.segue.playground.stage.drawn.frame")
    detail = drawn_card(page, "Detail")
    home = drawn_card(page, "Home")
    device = detail["device"]
    for card, view in ((detail, frame["from"]), (home, frame["to"])):
        # Drawn where the frame puts it, at its scale, with its rounded corners (computed sizes are in the layout's
        # 1/64 px units).
        for key in ("x", "y", "width", "height"):
            assert card[key] == pytest.approx(view["rect"].get(key, 0), abs=0.02), (key, card, view)
        assert card["width"] < device["width"] and card["height"] < device["height"]
        assert card["radius"] == pytest.approx(view["cornerRadius"], abs=0.02) and card["radius"] > 10
        assert card["content"] == pytest.approx(card["width"] / device["width"], abs=1e-3)
    # The scaled screens uncover the device: a plain backdrop shows there; the scrim is over the lower screen.
    assert detail["backdrop"]
    assert home["scrim"] == pytest.approx(frame["dimming"]) and frame["dimming"] > 0
    assert detail["scrim"] == 0
    # The finger rose, and the screens with it: above where the scale alone centres them.
    centred = (device["height"] - frame["from"]["rect"]["height"]) / 2
    assert frame["from"]["rect"]["y"] < centred - 1
    release(page, "mouse")
    wait_for(page, "return document.getElementById('pg-screens').textContent === 'Home'")
    done = check_log_and_cards(page, gateway, stack_id, finished=True)
    # At rest the corners are the stylesheet's 2 px again, and nothing is uncovered.
    assert drawn_card(page, "Home")["radius"] == 2 and not drawn_card(page, "Home")["backdrop"]
    raw = RawSocket(gateway)
    try:
        events = raw.events(stack_id)
    finally:
        raw.close()
    began = [e["began"] for e in events if "began" in e][-1]
    assert began["swipeEdge"] == "SWIPE_EDGE_RIGHT"
    # The gateway forwarded the pans' vertical travel: the log has it.
    assert min(e["progressed"]["translation"].get("y", 0) for e in events if "progressed" in e) < -100
    assert done["progress"] == 1
    assert page.execute_script("""return [...document.querySelectorAll('#pg-events li')]
        .some((li) => li.textContent.includes('from the right edge'))""")


def test_android_swipe_back_to_the_edge_cancels(page, gateway):
    stack_id = android_stack(page)
    drag_from_right_edge(page, [(0.4, 0), (0.02, 0)], lift=True)
    wait_for(page, """return [...document.querySelectorAll('#pg-events li')]
        .some((li) => li.textContent.includes(' completed '))""")
    done = check_log_and_cards(page, gateway, stack_id, finished=False)
    assert done["from"]["screen"] == "Detail" and done["from"].get("cornerRadius", 0) == 0
    assert page.execute_script("""return [...document.querySelectorAll('#pg-events li.cancelled')]
        .some((li) => li.textContent.includes('RETURNED_TO_EDGE'))""")
    assert drawn_card(page, "Detail")["radius"] == 2


def test_flutter_draws_its_page_shadow_outside_the_leading_edge(page, tmp_path):
    """A flutter back swipe held halfway: the page draws the upper screen's `edgeShadow`, a gradient as wide as
    the frame says, just left of the screen; at rest it is hidden or off the device."""
    choose_profile(page, "flutter")
    swipe(page, "mouse", [0.5], release=False)
    wait_for(page, """const f = window.segue.playground.stage.drawn?.frame;
        return f && f.phase === 'TRACKING' && f.from.edgeShadow && f.from.rect.x > 100""")
    drawn = page.execute_script("""
        const frame = window.segue.playground.stage.drawn.frame;
        const edge = document.querySelector('#pg-stage .card[data-screen="Detail"]').edge;
        const style = getComputedStyle(edge);
        return {frame, x: new DOMMatrix(style.transform).m41, width: parseFloat(style.width),
                background: style.backgroundImage, shown: style.display !== 'none'};""")
    screenshot(page, "playground-edge-shadow", tmp_path)
    shadow = drawn["frame"]["from"]["edgeShadow"]
    assert drawn["shown"] and drawn["background"].startswith("linear-gradient")
    assert drawn["width"] == pytest.approx(shadow["width"], abs=0.02)
    assert drawn["x"] == pytest.approx(drawn["frame"]["from"]["rect"]["x"] - shadow["width"], abs=0.02)
    release(page, "mouse")
    wait_for(page, """return [...document.querySelectorAll('#pg-events li')]
        .some((li) => li.textContent.includes(' completed '))""")
    # At rest the page is in place or gone: its shadow is hidden or just off the device's left edge.
    rest = page.execute_script("""
        const edge = document.querySelector('#pg-stage .card[data-screen="Detail"]').edge;
        const style = getComputedStyle(edge);
        return {hidden: style.display === 'none',
                right: new DOMMatrix(style.transform).m41 + parseFloat(style.width)};""")
    assert rest["hidden"] or rest["right"] <= 0.02, rest


def test_the_live_timeline_shows_the_swipe_as_it_happens(page, gateway):
    """The playground's timeline draws the swipe's bar, a tick per progressed event, the release and the
    completion as they arrive, with the curves of its frames; a click on it shows that moment's frame."""
    stack_id = page.execute_script("return window.segue.playground.stackId")
    swipe(page, "mouse", [0.7])
    wait_for(page, """return document.querySelector('#pg-timeline .bar.finished')""")
    raw = RawSocket(gateway)
    try:
        events = raw.events(stack_id)
    finally:
        raw.close()
    progressed = [e for e in events if "progressed" in e]
    timeline = wait_for(page, """const ticks = document.querySelectorAll('#pg-timeline .event-tick').length;
        return ticks === arguments[0] && {ticks,
            markers: [...document.querySelectorAll('#pg-timeline .marker')].map((m) => m.dataset.kind),
            lanes: [...document.querySelectorAll('#pg-timeline .lane')].map((l) => l.dataset.lane),
            curves: document.querySelectorAll('#pg-timeline .curve').length}""", len(progressed))
    assert timeline["markers"] == ["began", "finished", "completed"], timeline
    assert timeline["lanes"] == ["visual progress", "position, share of the device"], timeline
    assert timeline["curves"] >= 3, timeline
    # A click on the curves, in the middle of the swipe, draws the frame of that moment.
    middle = page.execute_script("""const frames = window.segue.playground.timeline.frames
            .filter((f) => f.phase === 'TRACKING');
        return frames[frames.length >> 1];""")
    page.execute_script("""const p = window.segue.playground; p.inspect(arguments[0].timeUs - p.timeline.startUs);""",
                        middle)
    assert page.execute_script("return window.segue.playground.stage.drawn.frame") == middle


def test_the_events_list_shows_without_scrolling_at_1280_by_800(page):
    """At a 1280 x 800 viewport the playground's events list is on screen, several rows of it, and the page does
    not scroll."""
    size = page.get_window_size()
    chrome = page.execute_script("return window.outerHeight - window.innerHeight")
    try:
        page.set_window_size(1280, 800 + chrome)
        wait_for(page, "return window.innerHeight === 800 && window.innerWidth === 1280")
        swipe(page, "mouse", [0.7])
        wait_for(page, "return document.querySelectorAll('#pg-events li').length > 10")
        layout = page.execute_script("""const list = document.getElementById('pg-events').getBoundingClientRect();
            return {top: list.top, bottom: list.bottom, height: innerHeight,
                    scroll: document.documentElement.scrollHeight};""")
        assert layout["bottom"] <= layout["height"], layout
        assert layout["bottom"] - layout["top"] >= 100, layout
        assert layout["scroll"] <= layout["height"], layout
    finally:
        page.set_window_size(size["width"], size["height"])
