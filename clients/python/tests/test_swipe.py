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
