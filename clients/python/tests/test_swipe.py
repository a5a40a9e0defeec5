"""Swipes: the trace's shape, and real swipes decided by segued."""

from __future__ import annotations

import pytest

from segue import Segue, SegueError, pb, swipe_trace
from segue.testing import assert_finished


def test_a_trace_begins_moves_forward_and_ends_at_its_distance() -> None:
    trace = swipe_trace("s", 7, width=400, height=800, to=0.5, velocity=300, duration=0.25, start_us=1000)
    phases = [e.phase for e in trace]
    assert phases == [pb.PAN_BEGAN] + [pb.PAN_CHANGED] * 29 + [pb.PAN_ENDED]
    xs = [e.translation.x for e in trace]
    assert xs == sorted(xs) and xs[0] > 0 and xs[-1] == pytest.approx(200)
    assert trace[0].location.x == pytest.approx(8 + xs[0]) and trace[0].location.y == 400
    assert trace[-1].timestamp_us == 1000 + 250_000 and trace[-1].velocity.x == 300
    mirrored = swipe_trace("s", 7, width=400, height=800, to=0.5, right_to_left=True)
    assert mirrored[-1].translation.x == pytest.approx(-200) and mirrored[0].location.x < 400 - 8


def test_a_right_edge_swipe_starts_inside_it_and_moves_left() -> None:
    trace = swipe_trace("s", 7, width=400, height=800, to=0.5, velocity=300, edge="right")
    assert trace[0].location.x - trace[0].translation.x == 392
    assert all(e.translation.x < 0 for e in trace)
    assert trace[-1].translation.x == pytest.approx(-200) and trace[-1].velocity.x == -300
    # The leading edge is the default; naming it changes nothing.
    assert swipe_trace("s", 7, 400, 800, right_to_left=True, edge="right") == swipe_trace("s", 7, 400, 800,
                                                                                           right_to_left=True)
    assert swipe_trace("s", 7, 400, 800, edge="left") == swipe_trace("s", 7, 400, 800)
    left = swipe_trace("s", 7, 400, 800, right_to_left=True, edge="left")
    assert left[0].location.x - left[0].translation.x == 8 and left[-1].translation.x > 0


@pytest.mark.parametrize("drift", [0.1, -0.25])
def test_a_drift_slants_the_line_the_finger_moves_along(drift: float) -> None:
    trace = swipe_trace("s", 7, width=400, height=800, to=0.7, velocity=600, drift=drift)
    slope = drift * 800 / 280
    for event in trace:
        assert event.translation.y == pytest.approx(slope * event.translation.x)
        assert event.location.y == pytest.approx(400 + event.translation.y)
    assert trace[-1].translation.y == pytest.approx(drift * 800)
    assert trace[-1].velocity.x == 600 and trace[-1].velocity.y == pytest.approx(slope * 600)
    assert all(e.translation.y == 0 for e in swipe_trace("s", 7, width=400, height=800, velocity=600))


def test_an_android_swipe_from_the_right_edge_pops(segued: Segue) -> None:
    segued.create("main", ["Home", "Detail"], profile="android")
    popped = segued.swipe("main", to=0.6, edge="right", drift=0.05)
    assert popped.finished and list(popped.completed.completed.screens) == ["Home"]
    feed = segued.events("main", from_position=0)
    try:
        began = next(e for e in feed if e.WhichOneof("body") == "began")
    finally:
        feed.close()
    assert began.began.swipe_edge == pb.SWIPE_EDGE_RIGHT


def test_a_long_swipe_pops_and_a_short_one_cancels(segued: Segue) -> None:
    segued.create("main", ["Home", "Detail", "More"], profile="classic")
    popped = segued.swipe("main", to=0.8)
    assert popped.finished and pb.Reason.Name(popped.decision.finished.reason) == "PASSED_THRESHOLD"
    assert list(popped.completed.completed.screens) == ["Home", "Detail"]
    assert_finished(segued, "main", reason="PASSED_THRESHOLD")
    kept = segued.swipe("main", to=0.1)
    assert not kept.finished and list(kept.completed.completed.screens) == ["Home", "Detail"]
    with pytest.raises(AssertionError, match="cancelled"):
        assert_finished(segued, "main")


def test_a_refused_swipe_raises_the_rejection_code(segued: Segue) -> None:
    segued.create("main", ["Home"])
    with pytest.raises(SegueError) as refused:
        segued.swipe("main")
    assert refused.value.code == "NOTHING_TO_POP"


def test_a_swipe_refused_at_its_first_pan_sends_no_more(segued: Segue) -> None:
    segued.create("main", ["Home", "Detail"], profile="classic")
    segued.set_screen_options("main", "Detail", back_gesture_disabled=True)
    before = segued.stats().inputs_received
    with pytest.raises(SegueError) as refused:
        segued.swipe("main", to=0.8, duration=0.5)
    segued.flush()
    assert refused.value.code == "GESTURE_REJECTED"
    # The trace has 61 pans; paced, they stop at the refusal (the count also holds the requests made since).
    assert segued.stats().inputs_received - before < 30


def test_a_swipe_waits_for_a_running_push_unless_told_not_to(segued: Segue) -> None:
    segued.create("main", ["Home"], profile="classic")
    segued.push("main", "Detail")
    popped = segued.swipe("main", to=0.8)
    assert popped.finished and list(popped.completed.completed.screens) == ["Home"]
    segued.push("main", "Detail")
    with pytest.raises(SegueError) as busy:
        segued.swipe("main", to=0.8, wait=False)
    assert busy.value.code == "TRANSITION_IN_PROGRESS"
    assert not segued.wait_idle("main").HasField("transition")
