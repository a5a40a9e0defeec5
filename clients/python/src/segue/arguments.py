"""Checks of the values a caller passes, made before anything is sent: a refusal is SegueError INVALID_ARGUMENT
with a message that names the value, rather than an exception from protobuf or ZeroMQ."""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Sequence
from typing import ParamSpec, TypeVar

from . import segue_pb2 as pb
from .errors import SegueError

P = ParamSpec("P")
R = TypeVar("R")

# The bounds of `segue swipe` (--to, --velocity, --duration-ms, --rate), so a trace stays a finger's.
MAX_SWIPE_VELOCITY = 1_000_000.0
MIN_SWIPE_SECONDS, MAX_SWIPE_SECONDS = 0.001, 60.0
MIN_SWIPE_RATE_HZ, MAX_SWIPE_RATE_HZ = 1.0, 1000.0


def invalid(message: str) -> SegueError:
    return SegueError(pb.INVALID_ARGUMENT, message)


def seconds(name: str, value: float) -> float:
    """`value`, a finite number of seconds above 0."""
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value) or value <= 0:
        raise invalid(f"{name} must be a finite number of seconds above 0, not {value!r}")
    return float(value)


def byte_limit(name: str, value: int) -> int:
    """`value`, a whole number of bytes above 0."""
    if isinstance(value, bool) or not isinstance(value, int) or value <= 0:
        raise invalid(f"{name} must be a whole number of bytes above 0, not {value!r}")
    return value


def names(name: str, value: Sequence[str] | None) -> list[str]:
    """The names in `value` (None: none); a bare string, which would be taken letter by letter, is refused."""
    if isinstance(value, (str, bytes)):
        raise invalid(f"{name} must be a list of {name.rstrip('s')} names, not a string")
    return list(value or [])


def encodable(method: Callable[P, R]) -> Callable[P, R]:
    """Turns a value protobuf refuses while `method` builds its message (a negative number in an unsigned field,
    a string with a lone surrogate, a wrong type) into SegueError INVALID_ARGUMENT."""

    @functools.wraps(method)
    def checked(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return method(*args, **kwargs)
        except (ValueError, TypeError) as exc:
            raise invalid(f"{method.__name__}: a value the protocol cannot carry: {exc}") from exc

    return checked


def swipe(to: float, velocity: float, duration: float, rate_hz: float) -> None:
    """The bounds `segue swipe` sets: `to` in -1...1 but not 0, a velocity within 10^6 pt/s, a duration of 1 ms
    to 60 s and 1 to 1000 samples per second."""
    _within("to", to, -1.0, 1.0)
    if to == 0:
        raise invalid("to must not be 0: a finger that does not move never begins a swipe")
    _within("velocity", velocity, -MAX_SWIPE_VELOCITY, MAX_SWIPE_VELOCITY)
    _within("duration", duration, MIN_SWIPE_SECONDS, MAX_SWIPE_SECONDS)
    _within("rate_hz", rate_hz, MIN_SWIPE_RATE_HZ, MAX_SWIPE_RATE_HZ)


def swipe_path(edge: object, drift: float, tabs: bool) -> None:
    """The path `segue swipe` takes: `edge` None, "left" or "right", and only for a back swipe; `drift` in
    -1...1 heights."""
    if edge is not None and edge not in ("left", "right"):
        raise invalid(f"edge must be 'left', 'right' or None (the leading edge), not {edge!r}")
    if edge is not None and tabs:
        raise invalid("edge is for back swipes; a tab swipe starts where it moves away from")
    _within("drift", drift, -1.0, 1.0)


def _within(name: str, value: float, low: float, high: float) -> None:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not low <= value <= high:
        raise invalid(f"{name} must be a number from {low:g} to {high:g}, not {value!r}")
