"""ReadEvents serves the same events, byte for byte, as the live SUB stream (design section 5)."""

from __future__ import annotations

from conftest import Session, bodies, parse_strict
from test_gestures import swipe


def make_history(s: Session) -> None:
    """Two classic stacks: a finished swipe on `a`, an immediate and an animated push on `b`."""
    pb = s.pb
    s.ctl.create("a", ["Home", "Detail"])
    s.ctl.create("b", ["Home"])
    swipe(s, "a", 1, [0.2, 0.4, 0.8], pb.PAN_ENDED)
    assert not s.ctl.command("b", request_id="now", push=pb.Push(screen="One", immediate=True)).HasField("error")
    s.sub.wait_event("b", "completed", transition_id=1)
    assert not s.ctl.command("b", request_id="later", push=pb.Push(screen="Two")).HasField("error")
    s.sub.wait_event("a", "completed", transition_id=1)
    s.sub.wait_event("b", "completed", transition_id=2)
    s.sub.sync()


def test_read_events_matches_the_live_stream(session: Session) -> None:
    s, pb = session, session.pb
    make_history(s)
    live = s.sub.event_payloads()
    live_events = s.sub.events()
    assert [e.position for e in live_events] == list(range(1, len(live_events) + 1)), "global positions gap"
    assert bodies(s.sub.events("a")) == ["stack_created", "began", "progressed", "progressed", "progressed",
                                         "finished", "completed"]

    # All stacks, engine default batch size, paged by next_position.
    events, raws, head = s.ctl.read_all()
    assert head == len(live)
    assert raws == live, "ReadEvents (all stacks) differs from what SUB received"
    for raw, event in zip(raws, events):
        assert parse_strict(pb.Event, raw) == event

    # from_position 0 and 1 both mean the start.
    assert s.ctl.read_events(1)[1] == s.ctl.read_events(0)[1]

    # One stack.
    for stack in ("a", "b"):
        _, raws, head = s.ctl.read_all(stack_id=stack)
        assert raws == s.sub.event_payloads(stack), f"ReadEvents for {stack} differs from ev/{stack}/"
        assert head == len(live)

    # Paging with max_count: every batch at most max_count, next_position one past its last event.
    for max_count in (1, 2, 3):
        position, collected = 0, []
        for _ in range(len(live) + 2):
            batch, raw = s.ctl.read_events(position, max_count=max_count)
            assert batch.head_position == len(live)
            if not batch.events:
                assert batch.next_position >= len(live) + 1
                break
            assert len(batch.events) <= max_count
            assert batch.next_position == batch.events[-1].position + 1, (
                f"next_position {batch.next_position} after position {batch.events[-1].position}")
            collected += raw
            position = batch.next_position
        assert collected == live, f"paging with max_count={max_count} differs from the live stream"

    # Paging one stack with max_count: positions of other stacks are skipped, nothing is lost.
    position, collected = 0, []
    for _ in range(len(live) + 2):
        batch, raw = s.ctl.read_events(position, stack_id="b", max_count=2)
        if not batch.events:
            break
        assert len(batch.events) <= 2 and all(e.stack_id == "b" for e in batch.events)
        collected += raw
        position = batch.next_position
    assert collected == s.sub.event_payloads("b")

    # From the middle.
    middle = len(live) // 2
    batch, raw = s.ctl.read_events(middle, max_count=2)
    assert [e.position for e in batch.events] == [middle, middle + 1]
    assert raw == live[middle - 1 : middle + 1]

    # Past the head: empty.
    batch, raw = s.ctl.read_events(len(live) + 1)
    assert raw == [] and batch.head_position == len(live)


def test_read_events_for_an_unknown_stack(session: Session) -> None:
    s, pb = session, session.pb
    s.ctl.create("a", ["Home"])
    reply = s.ctl.call(read_events=pb.ReadEvents(stack_id="ghost"))
    if reply.HasField("error"):
        assert reply.error.code == pb.UNKNOWN_STACK, reply.error
    else:
        assert list(reply.events.events) == [], "events of another stack returned for an unknown one"
