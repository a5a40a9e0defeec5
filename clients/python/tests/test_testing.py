"""The outcome assertions of segue.testing against a real segued: each passes on its outcome and fails on others."""

from __future__ import annotations

import time

import pytest

from segue import Segue, SegueError, pb, swipe_trace
from segue.testing import (assert_cancelled, assert_finished, assert_interrupted, assert_queued, assert_queued_ran,
                           assert_refused)


def test_assert_cancelled_passes_on_a_cancel_and_checks_its_reason(segued: Segue) -> None:
    segued.create("main", ["Home", "Detail"], profile="classic")
    segued.swipe("main", to=0.1)
    assert assert_cancelled(segued, "main", reason="BELOW_THRESHOLD").reason == pb.BELOW_THRESHOLD
    with pytest.raises(AssertionError, match="cancelled BELOW_THRESHOLD, not GESTURE_CANCELLED"):
        assert_cancelled(segued, "main", reason="GESTURE_CANCELLED")
    # A fluid stack leaves a PAN_CANCELLED undecided by position: it cancels.
    segued.create("fluid", ["Home", "Detail"], profile="fluid")
    segued.swipe("fluid", to=0.8, cancel=True)
    assert_cancelled(segued, "fluid", reason="GESTURE_CANCELLED")
    segued.swipe("main", to=0.8)
    with pytest.raises(AssertionError, match="finished"):
        assert_cancelled(segued, "main")


def test_assert_cancelled_names_a_flutter_pop_that_turned_its_push_back(segued: Segue) -> None:
    # A push of 5 s (settle_ms), so that the pop lands while it runs.
    segued.create("main", ["Home"], profile="flutter", config=pb.StackConfig(tuning=pb.Tuning(settle_ms=5000)))
    segued.push("main", "Detail")
    segued.pop("main")
    assert list(segued.wait_idle("main").screens) == ["Home"]
    reversed_push = assert_cancelled(segued, "main", reason="REVERSED_BY_COMMAND")
    assert 0 < reversed_push.progress < 1 and 0 < reversed_push.settle_us < 5_000_000


def test_assert_refused_catches_the_code_and_fails_on_another_or_none(segued: Segue) -> None:
    segued.create("main", ["Home"])
    with assert_refused("NOTHING_TO_POP") as refused:
        segued.pop("main")
    assert refused.error is not None and refused.error.error_code == pb.NOTHING_TO_POP
    with assert_refused("STACK_EXISTS", match="main"):
        segued.create("main", ["Home"])
    with pytest.raises(AssertionError, match="refused with NOTHING_TO_POP, not UNKNOWN_STACK"):
        with assert_refused("UNKNOWN_STACK"):
            segued.pop("main")
    with pytest.raises(AssertionError, match="not refused: expected NOTHING_TO_POP"):
        with assert_refused("NOTHING_TO_POP"):
            segued.push("main", "Detail", immediate=True)
    with pytest.raises(ValueError):
        with assert_refused("NOTHING_TO_POP"):
            raise ValueError("not a refusal")
    assert issubclass(type(refused.error), SegueError)


def test_assert_interrupted_sees_a_settle_caught_by_a_gesture(segued: Segue) -> None:
    segued.create("main", ["Home"], profile="fluid")
    segued.push("main", "Detail", immediate=True)
    segued.swipe("main", to=0.8)
    with pytest.raises(AssertionError, match="was not interrupted"):
        assert_interrupted(segued, "main")

    # A push settles for a while; a back swipe that begins meanwhile catches it, on a fluid stack.
    segued.push("main", "Detail")
    size = segued.state("main").config.size
    for pan in swipe_trace("main", 77, width=size.width, height=size.height, to=0.8,
                           start_us=time.monotonic_ns() // 1000):
        segued.send(pb.Input(pan=pan))
    segued.wait_idle("main")
    assert assert_interrupted(segued, "main", gesture_id=77).gesture_id == 77
    with pytest.raises(AssertionError, match="by gesture 77, not 78"):
        assert_interrupted(segued, "main", gesture_id=78)


def test_assert_queued_sees_an_android_command_wait_and_assert_queued_ran_the_transition_that_ran_it(
        segued: Segue) -> None:
    # Pushes of 2 s (settle_ms), so that the pushes below arrive while the first one plays.
    segued.create("main", ["Home"], profile="android", config=pb.StackConfig(tuning=pb.Tuning(settle_ms=2000)))
    with pytest.raises(AssertionError, match="stack main has no queued command"):
        assert_queued(segued, "main")
    first = segued.push("main", "Detail")
    more = segued.push("main", "More")
    third = segued.push("main", "Third", immediate=True)
    assert not first.HasField("queued_behind") and more.queued_behind == third.queued_behind == 1
    assert [q.position for q in segued.state("main").queued] == [more.first_position, third.first_position]
    newest = assert_queued(segued, "main", behind=1)
    assert newest.command.push.screen == "Third" and newest.gesture_id == 0
    with pytest.raises(AssertionError, match="waited behind transition 1, not 2"):
        assert_queued(segued, "main", behind=2)
    with pytest.raises(AssertionError, match=f"queued at position {more.first_position} has not run"):
        assert_queued_ran(segued, "main", more.first_position)

    # The push ahead completes, then each queued one runs in turn: the stack is idle once the last has.
    assert list(segued.wait_idle("main", timeout=15).screens) == ["Home", "Detail", "More", "Third"]
    ran = assert_queued_ran(segued, "main", more.first_position)
    assert (ran.transition_id, ran.from_screen, ran.to_screen) == (2, "Detail", "More")
    assert assert_queued_ran(segued, "main", third.first_position).transition_id == 3
    assert assert_queued(segued, "main").command.push.screen == "Third"
    with pytest.raises(AssertionError, match=f"event at position {first.first_position} is began, not queued"):
        assert_queued_ran(segued, "main", first.first_position)
    with pytest.raises(AssertionError, match="stack main has no event at position 1000"):
        assert_queued_ran(segued, "main", 1000)
