"""Android's predictive back driven by the package's client (`Segue.swipe` with `edge` and `drift`), observed over
SUB: which edge the began names, how the shrunken, rounded screens move, and what a commit and a cancel leave."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from conftest import HEIGHT, WIDTH, Session, approx, bodies, check_sequences


@dataclass
class Swiped:
    """One swipe's transition as published: its events (began to completed) and its frames."""

    events: list[Any]
    frames: list[Any]

    @property
    def began(self) -> Any:
        return self.events[0].began

    def phase(self, phase: int) -> list[Any]:
        return [f for f in self.frames if f.phase == phase]


def android_stack(s: Session, stack: str) -> None:
    s.ctl.create(stack, ["Home", "Detail"], profile="android")


def swipe(s: Session, stack: str, **how: Any) -> Swiped:
    """`Segue.swipe` with `how`, then everything the subscriber got of its transition up to the DONE frame."""
    result = s.client.swipe(stack, **how)
    transition = result.transition_id
    s.sub.wait_frame(stack, s.pb.DONE, transition_id=transition)
    events = [e for e in s.sub.events(stack)
              if getattr(getattr(e, e.WhichOneof("body")), "transition_id", None) == transition]
    assert bodies(events)[0] == "began" and bodies(events)[-1] == "completed", bodies(events)
    frames = s.sub.frames(stack, transition)
    check_sequences(frames)
    return Swiped(events, frames)


def centred_y(view: Any) -> float:
    """How far the screen sits below the place where it would be centred vertically (negative: above)."""
    return float(view.rect.y - (HEIGHT - view.rect.height) / 2)


def check_commit(s: Session, swiped: Swiped) -> None:
    """The finished transition's closing screen fades out, the scrim with it, and the DONE frame rests at the full
    container with square corners."""
    pb = s.pb
    assert bodies(swiped.events)[-2] == "finished", bodies(swiped.events)
    assert list(swiped.events[-1].completed.screens) == ["Home"]
    settling = swiped.phase(pb.SETTLING)
    assert settling and getattr(settling[-1], "from").alpha < getattr(settling[0], "from").alpha
    assert settling[-1].dimming < settling[0].dimming
    done = swiped.frames[-1]
    assert done.phase == pb.DONE and done.progress == 1.0 and done.dimming == 0.0
    assert done.to.rect == pb.Rect(x=0, y=0, width=WIDTH, height=HEIGHT)
    assert getattr(done, "from").corner_radius == 0.0 and done.to.corner_radius == 0.0


def check_shrunken(s: Session, frame: Any) -> None:
    """A gesture frame: both screens scaled alike (toward 0.9), rounded, over the scrim."""
    closing, entering = getattr(frame, "from"), frame.to
    assert 0.9 * WIDTH <= closing.rect.width < WIDTH, f"closing screen not shrunken: {closing}"
    assert closing.rect.height == approx(closing.rect.width * HEIGHT / WIDTH, 1e-6)
    assert entering.rect.width == approx(closing.rect.width, 1e-6)
    assert closing.corner_radius > 0 and entering.corner_radius > 0
    assert frame.dimming == approx(0.2)


def test_a_left_edge_swipe_commits_toward_the_right(session: Session) -> None:
    s, pb = session, session.pb
    android_stack(s, "phone")
    swiped = swipe(s, "phone", to=0.6, edge="left")
    assert swiped.began.swipe_edge == pb.SWIPE_EDGE_LEFT and swiped.began.operation == pb.POP
    progressed = [e.progressed for e in swiped.events if e.WhichOneof("body") == "progressed"]
    assert progressed and all(p.translation.x > 0 for p in progressed)
    tracking = swiped.phase(pb.TRACKING)
    assert tracking and tracking[-1].progress > tracking[0].progress > 0
    for frame in tracking[1:]:
        check_shrunken(s, frame)
        closing = getattr(frame, "from")
        # From the left edge the screen shrinks toward the right one: more room on its left than on its right.
        assert closing.rect.x > WIDTH - closing.rect.x - closing.rect.width
    check_commit(s, swiped)


def test_a_right_edge_swipe_moves_left_and_commits_centred(session: Session) -> None:
    s, pb = session, session.pb
    android_stack(s, "phone")
    swiped = swipe(s, "phone", to=0.6, edge="right")
    assert swiped.began.swipe_edge == pb.SWIPE_EDGE_RIGHT and swiped.began.operation == pb.POP
    progressed = [e.progressed for e in swiped.events if e.WhichOneof("body") == "progressed"]
    assert progressed and all(p.translation.x < 0 for p in progressed)
    tracking = swiped.phase(pb.TRACKING)
    assert tracking and tracking[-1].progress > tracking[0].progress > 0
    for frame in tracking[1:]:
        check_shrunken(s, frame)
        closing = getattr(frame, "from")
        # From the right edge the screen shrinks about its centre.
        assert closing.rect.x == approx((WIDTH - closing.rect.width) / 2, 1e-6)
    check_commit(s, swiped)


def test_a_cancelled_swipe_springs_back_to_square_full_screens(session: Session) -> None:
    s, pb = session, session.pb
    android_stack(s, "phone")
    swiped = swipe(s, "phone", to=0.4, cancel=True)
    assert bodies(swiped.events)[-2] == "cancelled"
    assert swiped.events[-2].cancelled.reason == pb.GESTURE_CANCELLED
    assert list(swiped.events[-1].completed.screens) == ["Home", "Detail"]
    tracking, settling = swiped.phase(pb.TRACKING), swiped.phase(pb.SETTLING)
    assert tracking and settling and tracking[-1].progress > 0.2
    progress = [f.progress for f in settling]
    assert progress == sorted(progress, reverse=True) and progress[0] < tracking[-1].progress
    done = swiped.frames[-1]
    assert done.phase == pb.DONE and done.progress == 0.0 and done.dimming == 0.0
    assert getattr(done, "from").rect == pb.Rect(x=0, y=0, width=WIDTH, height=HEIGHT)
    assert getattr(done, "from").corner_radius == 0.0 and done.to.corner_radius == 0.0
    assert getattr(done, "from").alpha == 1.0


def test_a_vertical_drift_moves_the_screens_with_the_finger(session: Session) -> None:
    s, pb = session, session.pb
    android_stack(s, "phone")
    # Cancelled, so that each swipe starts from the same stack.
    flat, down, up = (swipe(s, "phone", to=0.4, drift=drift, cancel=True) for drift in (0.0, 0.1, -0.1))
    def travel_y(swiped: Swiped) -> list[float]:
        return [e.progressed.translation.y for e in swiped.events if e.WhichOneof("body") == "progressed"]

    assert all(y == 0 for y in travel_y(flat))
    assert all(y > 0 for y in travel_y(down)) and all(y < 0 for y in travel_y(up))
    for frame in flat.phase(pb.TRACKING):
        assert centred_y(getattr(frame, "from")) == approx(0.0, 1e-6)
    # The first frame's finger has barely moved; from the second on the screens follow it down, or up.
    for frame in down.phase(pb.TRACKING)[1:]:
        assert centred_y(getattr(frame, "from")) > 0 and centred_y(frame.to) > 0, f"not moved down: {frame}"
    for frame in up.phase(pb.TRACKING)[1:]:
        assert centred_y(getattr(frame, "from")) < 0 and centred_y(frame.to) < 0, f"not moved up: {frame}"
    # Once springing back, the offset stays where the finger left it, and the DONE frame is level again.
    assert centred_y(getattr(down.phase(pb.SETTLING)[0], "from")) > 0
    assert down.frames[-1].to.rect.y == 0.0 and getattr(down.frames[-1], "from").rect.y == 0.0


def test_a_steep_drift_is_cancelled_as_moving_vertically(session: Session) -> None:
    s, pb = session, session.pb
    android_stack(s, "phone")
    # Over two points down for each one across, slow enough that BEGAN is still within the slop: the arrow lets go of
    # it once it has shown for 300 ms of the finger's time.
    swiped = swipe(s, "phone", to=0.3, drift=0.3, duration=1.0)
    assert swiped.events[-2].cancelled.reason == pb.MOVED_VERTICALLY, swiped.events[-2]
    assert list(swiped.events[-1].completed.screens) == ["Home", "Detail"]
