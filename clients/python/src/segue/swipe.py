"""A realistic pan trace for one swipe, as a touch driver reports it (SegueClient's SwipeTrace): the finger
moves along an ease-out path, fast at first and arriving at the release velocity, sampled at `rate_hz`; BEGAN
at the first movement sample, CHANGED for the others, then ENDED (or CANCELLED). A back swipe starts at the
leading edge or the `edge` given and moves away from it; with a `drift` the finger's line slants up or down."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from . import arguments
from . import segue_pb2 as pb


@dataclass(frozen=True)
class EaseOutPath:
    """Distance over time: a cubic Hermite curve leaving at twice the mean speed and arriving at the release
    velocity; the arrival slope is clamped to [0, 2] so it never overshoots or backs up."""

    distance: float
    seconds: float
    release_velocity: float

    @property
    def end_slope(self) -> float:
        if self.distance <= 0 or self.seconds <= 0:
            return 0.0
        return min(max(self.release_velocity * self.seconds / self.distance, 0.0), 2.0)

    def position(self, u: float) -> float:
        u2, u3 = u * u, u * u * u
        return self.distance * ((u3 - 2 * u2 + u) * 2 + (-2 * u3 + 3 * u2) + (u3 - u2) * self.end_slope)

    def velocity(self, u: float) -> float:
        if self.seconds <= 0:
            return 0.0
        u2 = u * u
        slope = (3 * u2 - 4 * u + 1) * 2 + (-6 * u2 + 6 * u) + (3 * u2 - 2 * u) * self.end_slope
        return self.distance * slope / self.seconds


Edge = Literal["left", "right"]


def swipe_trace(stack: str, gesture_id: int, width: float, height: float, to: float = 0.7,
                velocity: float = 0.0, duration: float = 0.25, rate_hz: float = 120.0, tabs: bool = False,
                right_to_left: bool = False, cancel: bool = False, start_us: int = 0, *,
                edge: Edge | None = None, drift: float = 0.0) -> list[pb.PanEvent]:
    """The pan events of a swipe travelling `to` of the width (negative: the other way) in `duration` seconds,
    released at `velocity` points per second along its direction. A back swipe starts 8 pt from `edge` ("left"
    or "right"; None: the leading edge) and moves away from it, so from the right edge it heads left; a tab swipe
    starts three quarters of the way toward the side it leaves; both halfway down. The finger also travels
    `drift` of the height down (negative: up) along a straight line; velocities stay horizontal ones with the
    line's slope in y. `to`, `velocity`, `duration`, `rate_hz`, `edge` and `drift` are bounded as `segue swipe`
    bounds them (SegueError INVALID_ARGUMENT outside)."""
    arguments.swipe(to, velocity, duration, rate_hz)
    arguments.swipe_path(edge, drift, tabs)
    from_right = right_to_left if edge is None else edge == "right"
    if tabs:
        away = 1.0 if right_to_left else -1.0
        x0 = width * 0.75 if (to >= 0) != right_to_left else width * 0.25
    else:
        away = -1.0 if from_right else 1.0
        x0 = width - 8 if from_right else 8.0
    direction = away * (-1.0 if to < 0 else 1.0)
    y0 = height / 2
    count = max(int(round(duration * rate_hz)), 1)
    distance = abs(to) * width
    slope = drift * height / distance if distance > 0 else 0.0
    path = EaseOutPath(distance, duration, velocity)
    target = pb.PAN_TARGET_TABS if tabs else pb.PAN_TARGET_BACK

    def sample(phase: int, u: float, travelled: float, speed: float | None) -> pb.PanEvent:
        dx, dy = direction * travelled, slope * travelled
        event = pb.PanEvent(stack_id=stack, gesture_id=gesture_id, phase=phase,  # type: ignore[arg-type]
                            location=pb.Vec2(x=x0 + dx, y=y0 + dy), translation=pb.Vec2(x=dx, y=dy),
                            timestamp_us=start_us + round(u * duration * 1_000_000), target=target)
        if speed is not None:
            event.velocity.CopyFrom(pb.Vec2(x=direction * speed, y=slope * speed))
        return event

    events = [sample(pb.PAN_BEGAN if i == 1 else pb.PAN_CHANGED, i / count, path.position(i / count),
                     path.velocity(i / count)) for i in range(1, count + 1)]
    if cancel:
        events.append(sample(pb.PAN_CANCELLED, 1.0, distance, None))
    else:
        events.append(sample(pb.PAN_ENDED, 1.0, distance, velocity))
    return events
