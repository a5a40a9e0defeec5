"""`events()` catches up from the log and follows live without a gap or a repeat; `frames()` and the assertion
helpers, against a real segued."""

from __future__ import annotations

import threading
from itertools import islice
from pathlib import Path

import pytest

from segue import Segue, SegueUnavailable, pb
from segue.daemon import Daemon
from segue.testing import assert_finished


def test_all_stacks_from_the_start_then_live_in_order(segued: Segue) -> None:
    segued.create("a", ["Home"])
    segued.push("a", "Detail", immediate=True)  # began, finished, completed
    feed = segued.events(from_position=1, timeout=5)
    segued.create("b", ["Home"])                # published while the feed has not read anything yet
    first = list(islice(feed, 5))
    segued.push("b", "Detail", immediate=True)
    rest = list(islice(feed, 3))
    events = first + rest
    assert [e.position for e in events] == list(range(1, 9))
    assert [e.stack_id for e in events] == ["a"] * 4 + ["b"] * 4
    assert feed.events_read_from_log >= 4


def test_one_stack_from_a_position_skips_earlier_and_other_stacks(segued: Segue) -> None:
    segued.create("a", ["Home"])
    pushed = segued.push("a", "Detail", immediate=True)
    feed = segued.events("a", from_position=pushed.first_position + 1, timeout=5)
    segued.create("other", ["Home"])
    segued.pop("a", immediate=True)
    events = list(islice(feed, 5))
    assert {e.stack_id for e in events} == {"a"}
    assert [e.version for e in events] == [3, 4, 5, 6, 7]
    assert [e.WhichOneof("body") for e in events] == ["finished", "completed", "began", "finished", "completed"]


def test_without_a_position_only_new_events_come(segued: Segue) -> None:
    segued.create("a", ["Home"])
    feed = segued.events(timeout=0.5)
    with pytest.raises(SegueUnavailable, match="no event"):
        next(feed)
    result = segued.push("a", "Detail", immediate=True)
    assert next(feed).position == result.first_position


def test_frames_of_an_animated_push_end_with_done(segued: Segue) -> None:
    segued.create("main", ["Home"], profile="classic")
    frames = segued.frames("main", timeout=5)
    segued.push("main", "Detail")
    transition = frames.transition(1)
    assert [f.sequence for f in transition] == list(range(1, len(transition) + 1))
    assert transition[-1].phase == pb.DONE and transition[-1].progress == 1.0
    assert all(f.phase == pb.SETTLING for f in transition[:-1]) and len(transition) > 1
    assert_finished(segued, "main", reason="PROGRAMMATIC")
    with pytest.raises(AssertionError, match="finished PROGRAMMATIC, not PASSED_THRESHOLD"):
        assert_finished(segued, "main", reason="PASSED_THRESHOLD")


def test_events_the_subscription_missed_are_read_from_the_log_in_order(segued: Segue) -> None:
    segued.create("a", ["Home"])
    feed = segued.events("a", from_position=1, timeout=5, idle_check=60)
    assert next(feed).version == 1
    feed.subscription.unsubscribe(b"ev/a/")
    segued.prove_live(feed.subscription)        # from here the feed hears nothing of stack a
    segued.push("a", "Detail", immediate=True)  # versions 2-4, missed live
    feed.subscription.subscribe(b"ev/a/")
    segued.prove_live(feed.subscription)
    segued.pop("a", immediate=True)             # versions 5-7: the first one reveals the gap
    assert [e.version for e in islice(feed, 6)] == [2, 3, 4, 5, 6, 7]
    assert feed.events_read_from_log == 1 + 3


def test_events_missed_at_the_end_of_a_burst_come_from_the_idle_check(segued: Segue) -> None:
    segued.create("a", ["Home"])
    feed = segued.events(from_position=1, timeout=5, idle_check=0.2)
    assert next(feed).position == 1
    feed.subscription.unsubscribe(b"ev/")
    segued.prove_live(feed.subscription)
    segued.push("a", "Detail", immediate=True)
    assert [e.position for e in islice(feed, 3)] == [2, 3, 4]
    assert feed.events_read_from_log == 1 + 3


def test_a_daemon_back_with_a_shorter_log_is_followed_from_its_head(tmp_path: Path) -> None:
    with Daemon(tmp_path / "first") as first:
        endpoints = (first.ingest, first.control, first.events)
        with Segue.connect(*endpoints, timeout=5) as client:
            client.create("a", ["Home"])
            client.push("a", "Detail", immediate=True)
            client.pop("a", immediate=True)
            behind: list[tuple[int, int]] = []
            feed = client.events(from_position=1, timeout=1, idle_check=0.2,
                                 on_log_behind=lambda head, seen: behind.append((head, seen)))
            assert [e.position for e in islice(feed, 7)] == list(range(1, 8))
            first.stop()
            with Daemon(tmp_path / "second", endpoints=endpoints):
                client.create("b", ["Home"])              # positions 1-4 of the new log: below what was seen
                client.push("b", "Detail", immediate=True)
                with pytest.raises(SegueUnavailable):
                    next(feed)                            # meanwhile an idle check finds the log behind
                assert behind == [(4, 7)]
                client.pop("b", immediate=True)
                assert [(e.stack_id, e.position) for e in islice(feed, 3)] == [("b", 5), ("b", 6), ("b", 7)]


def test_a_feed_in_another_thread_runs_on_a_client_of_its_own(segued: Segue) -> None:
    segued.create("a", ["Home"])
    with segued.copy() as own:
        feed = own.events("a", from_position=1, timeout=5)
        read: list[int] = []
        reader = threading.Thread(target=lambda: read.extend(e.version for e in islice(feed, 7)))
        reader.start()
        segued.push("a", "Detail", immediate=True)
        segued.pop("a", immediate=True)
        reader.join(30)
        assert not reader.is_alive() and read == [1, 2, 3, 4, 5, 6, 7]
