"""Back swipes over PUSH on a classic stack, observed over SUB (design sections 3 and 4)."""

from __future__ import annotations

from conftest import (
    CLASSIC_SETTLE_US,
    HEIGHT,
    WIDTH,
    Session,
    approx,
    assert_gapless,
    assert_positions_consecutive,
    bodies,
    check_frame_geometry,
    check_sequences,
    check_settle,
    ease_in_out,
)

START_X = 12.0  # where the finger lands (classic: anywhere)


def swipe(s: Session, stack: str, gesture_id: int, fractions: list[float], end_phase: int,
          velocity: tuple[float, float] | None = None) -> None:
    """BEGAN, one CHANGED per fraction of the width, then `end_phase` at the last one; sent without pauses
    (the producer clock advances 16.7 ms per sample)."""
    pb = s.pb
    s.push.pan(stack, gesture_id, pb.PAN_BEGAN, x=START_X, tx=0.0)
    for f in fractions:
        s.push.pan(stack, gesture_id, pb.PAN_CHANGED, x=START_X + f * WIDTH, tx=f * WIDTH, velocity=velocity)
    last = fractions[-1] * WIDTH
    s.push.pan(stack, gesture_id, end_phase, x=START_X + last, tx=last, velocity=velocity)


def run_swipe(s: Session, stack: str, gesture_id: int, fractions: list[float], end_phase: int) -> tuple[list, list]:
    """Swipe on a fresh classic [Home, Detail] and wait for its completion and DONE frame."""
    pb = s.pb
    created = s.ctl.create(stack, ["Home", "Detail"])
    assert created.command.version == 1 and created.command.first_position == created.command.last_position
    swipe(s, stack, gesture_id, fractions, end_phase)
    s.sub.wait_event(stack, "completed")
    s.sub.wait_frame(stack, pb.DONE, transition_id=1)
    events = s.sub.events(stack)
    frames = s.sub.frames(stack)
    assert events[0].position == created.command.first_position
    assert_gapless(events)
    assert_positions_consecutive(events)
    assert not s.sub.rejections(stack), f"unexpected rejections: {s.sub.rejections(stack)}"
    check_sequences(frames)
    return events, frames


def check_began_and_progress(s: Session, events: list, frames: list, gesture_id: int, fractions: list[float]) -> None:
    pb = s.pb
    n = len(fractions)
    assert bodies(events)[: 2 + n] == ["stack_created", "began"] + ["progressed"] * n, bodies(events)
    created, began = events[0], events[1]
    assert list(created.stack_created.screens) == ["Home", "Detail"]
    assert created.stack_created.config.profile == "classic"
    assert created.stack_created.config.size.width == WIDTH and created.stack_created.config.size.height == HEIGHT
    b = began.began
    assert (b.transition_id, b.operation, b.from_screen, b.to_screen, b.interactive, b.gesture_id) == (
        1, pb.POP, "Detail", "Home", True, gesture_id), f"began: {b}"
    assert began.request_id == ""
    tracking = [f for f in frames if f.phase == pb.TRACKING]
    assert len(tracking) == n, f"{len(tracking)} TRACKING frames for {n} CHANGED"
    assert frames[:n] == tracking, "TRACKING frames must come before settling"
    for f, event, frame in zip(fractions, events[2 : 2 + n], tracking):
        p = event.progressed
        assert p.transition_id == 1
        assert p.progress == approx(f), f"progress {p.progress} for translation {f * WIDTH} / width {WIDTH}"
        assert p.translation.x == approx(f * WIDTH)
        check_frame_geometry(pb, frame, "Detail", "Home")
        assert frame.transition_id == 1 and frame.stack_id == event.stack_id
        # classic is percent-driven: the screen sits at the animation's ease-in-out value of the percent.
        assert frame.progress == approx(ease_in_out(f), 1e-7), f"TRACKING frame progress {frame.progress} at {f}"
        assert getattr(frame, "from").rect.x == approx(ease_in_out(f) * WIDTH, 1e-5), f"upper screen: {frame}"
        assert frame.to.rect.x == 0.0, "classic: the lower screen stays still"
        assert frame.position == event.position, "TRACKING frame reflects its progressed event"


def test_swipe_past_half_finishes(session: Session) -> None:
    s, pb = session, session.pb
    fractions = [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7]
    events, frames = run_swipe(s, "nav", 7, fractions, pb.PAN_ENDED)
    assert bodies(events) == ["stack_created", "began"] + ["progressed"] * 7 + ["finished", "completed"]
    check_began_and_progress(s, events, frames, 7, fractions)

    finished = events[-2]
    fin = finished.finished
    assert fin.transition_id == 1 and fin.reason == pb.PASSED_THRESHOLD, f"finished: {fin}"
    assert fin.progress == approx(0.7)
    expected_settle = (1 - 0.7) * CLASSIC_SETTLE_US
    assert abs(fin.settle_us - expected_settle) <= 1, f"settle_us {fin.settle_us}, expected ~{expected_settle}"

    completed = events[-1]
    c = completed.completed
    assert c.transition_id == 1 and c.finished is True and list(c.screens) == ["Home"], f"completed: {c}"
    assert list(c.presented) == []
    assert completed.time_us >= finished.time_us + fin.settle_us

    check_settle(pb, frames[7:], finished, fin.settle_us, "Detail", "Home", target=1.0,
                 start_fraction=ease_in_out(0.7),
                 backward=True, decision_position=finished.position, done_position=completed.position)
    done = frames[-1]
    assert getattr(done, "from").rect.x == WIDTH and done.to.rect.x == 0.0

    state = s.ctl.ok(get_stack=pb.GetStack(stack_id="nav")).stack
    assert list(state.screens) == ["Home"] and state.version == completed.version
    assert not state.HasField("transition"), f"idle stack reports a transition: {state.transition}"


def test_swipe_released_below_half_cancels(session: Session) -> None:
    s, pb = session, session.pb
    fractions = [0.1, 0.2, 0.3]
    events, frames = run_swipe(s, "nav", 8, fractions, pb.PAN_ENDED)
    assert bodies(events) == ["stack_created", "began"] + ["progressed"] * 3 + ["cancelled", "completed"]
    check_began_and_progress(s, events, frames, 8, fractions)

    cancelled, completed = events[-2], events[-1]
    cn = cancelled.cancelled
    assert cn.transition_id == 1 and cn.reason == pb.BELOW_THRESHOLD, f"cancelled: {cn}"
    assert cn.progress == approx(0.3)
    assert abs(cn.settle_us - 0.3 * CLASSIC_SETTLE_US) <= 1, f"settle_us {cn.settle_us}"
    c = completed.completed
    assert c.finished is False and list(c.screens) == ["Home", "Detail"], f"completed: {c}"

    check_settle(pb, frames[3:], cancelled, cn.settle_us, "Detail", "Home", target=0.0,
                 start_fraction=ease_in_out(0.3),
                 backward=True, decision_position=cancelled.position, done_position=completed.position)
    done = frames[-1]
    assert getattr(done, "from").rect.x == 0.0 and done.to.rect.x == 0.0

    state = s.ctl.ok(get_stack=pb.GetStack(stack_id="nav")).stack
    assert list(state.screens) == ["Home", "Detail"] and state.version == completed.version


def test_pan_cancelled_past_half_finishes_like_ended(session: Session) -> None:
    """001_774936b8fb1b231f.txt line 45: ENDED and CANCELLED share the branch that finishes past half."""
    s, pb = session, session.pb
    fractions = [0.2, 0.6]
    events, frames = run_swipe(s, "nav", 9, fractions, pb.PAN_CANCELLED)
    assert bodies(events) == ["stack_created", "began"] + ["progressed"] * 2 + ["finished", "completed"]
    check_began_and_progress(s, events, frames, 9, fractions)
    finished, completed = events[-2], events[-1]
    assert finished.finished.reason == pb.PASSED_THRESHOLD, f"finished: {finished.finished}"
    assert abs(finished.finished.settle_us - 0.4 * CLASSIC_SETTLE_US) <= 1
    assert completed.completed.finished is True
    assert list(completed.completed.screens) == ["Home"]
    check_settle(pb, frames[2:], finished, finished.finished.settle_us, "Detail", "Home", target=1.0,
                 start_fraction=ease_in_out(0.6), backward=True, decision_position=finished.position,
                 done_position=completed.position)


def test_began_at_root_is_rejected_and_not_logged(session: Session) -> None:
    s, pb = session, session.pb
    s.ctl.create("root", ["Home"])
    s.sub.wait_event("root", "stack_created")
    head_before = s.ctl.read_events(0)[0].head_position
    stats_before = s.ctl.ok(get_stats=pb.GetStats()).stats

    swipe(s, "root", 11, [0.3, 0.7], pb.PAN_ENDED)
    rejection = s.sub.wait_rejection("root")
    assert rejection.stack_id == "root" and rejection.gesture_id == 11
    assert rejection.error.code == pb.NOTHING_TO_POP, f"rejection: {rejection}"
    assert rejection.time_us > 0
    s.sub.sync()  # every input of the gesture has been handled

    assert s.ctl.read_events(0)[0].head_position == head_before, "a refused gesture reached the log"
    assert bodies(s.sub.events("root")) == ["stack_created"]
    assert s.sub.frames("root") == []
    state = s.ctl.ok(get_stack=pb.GetStack(stack_id="root")).stack
    assert state.version == 1 and list(state.screens) == ["Home"]
    stats = s.ctl.ok(get_stats=pb.GetStats()).stats
    assert stats.inputs_rejected > stats_before.inputs_rejected
    assert stats.head_position == head_before


def test_undecodable_ingest_is_rejected_on_the_empty_topic(session: Session) -> None:
    s, pb = session, session.pb
    head_before = s.ctl.read_events(0)[0].head_position
    for garbage in (b"\xff\xff\xff", b"\x0a\x05ab", b"\x12\x80"):
        s.push.send_raw(garbage)
    s.sub.sync()
    rejections = s.sub.rejections("")
    assert len(rejections) == 3, f"expected 3 rejections on er//, got {rejections}"
    for rejection in rejections:
        assert rejection.stack_id == "" and rejection.error.code == pb.MALFORMED, f"rejection: {rejection}"
        assert rejection.error.message, "MALFORMED without a message"
    assert s.ctl.read_events(0)[0].head_position == head_before
