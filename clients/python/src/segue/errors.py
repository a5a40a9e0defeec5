"""The errors a Segue client raises: the contract's error code and message, the daemon not answering, or what the
daemon sent not being what the contract allows."""

from __future__ import annotations

from typing import TypeVar, cast

from google.protobuf.message import DecodeError, Message

from . import segue_pb2 as pb

# segued's default --max-message-bytes: ZeroMQ drops the connection of a peer that sends a larger message.
SEGUED_MAX_MESSAGE_BYTES = 65536

M = TypeVar("M", bound=Message)


# The one code a client raises that the contract does not have: a client or feed used after it was closed.
CLIENT_CLOSED = "CLIENT_CLOSED"


class SegueError(Exception):
    """A refusal or a failure. `error_code` is the contract's ErrorCode (pb.UNKNOWN_STACK, pb.NOTHING_TO_POP, ...),
    None for CLIENT_CLOSED and for a code this client does not know (a newer daemon's); `code` is its name, or
    CLIENT_CLOSED, or UNKNOWN_<n>; `number` is the ErrorCode number the daemon sent, None for an error the client
    raised itself: INVALID_ARGUMENT for a value refused before sending, CLIENT_CLOSED for a client or feed used after
    it was closed, UNAVAILABLE when segued does not answer in time, MALFORMED for a reply or publication that is not
    what the contract allows, RESOURCE_EXHAUSTED for a read over the client's max_read_bytes."""

    def __init__(self, code: pb.ErrorCode | str, message: str, number: int | None = None) -> None:
        name = code if isinstance(code, str) else pb.ErrorCode.Name(code)
        super().__init__(f"{name}: {message}")
        self.error_code: pb.ErrorCode | None = code if not isinstance(code, str) else _known_code(code)
        self.code = name
        self.message = message
        self.number = number


class SegueUnavailable(SegueError):
    """segued did not answer in time (or the log could not be written): code UNAVAILABLE."""

    def __init__(self, message: str, number: int | None = None) -> None:
        super().__init__(pb.UNAVAILABLE, message, number)


def refusal(error: pb.Error) -> SegueError:
    """The daemon's error (a Reply's or a Rejection's) as a SegueError, its code and message kept; a code this
    client's contract does not have is UNKNOWN_<number>."""
    number = int(error.code)
    if error.code == pb.UNAVAILABLE:
        return SegueUnavailable(error.message, number)
    if number not in pb.ErrorCode.values():
        return SegueError(f"UNKNOWN_{number}", error.message, number)
    return SegueError(error.code, error.message, number)


def malformed(message: str) -> SegueError:
    return SegueError(pb.MALFORMED, message)


def decode(kind: type[M], payload: bytes, what: str) -> M:
    """`payload` decoded as a `kind`, or SegueError MALFORMED naming `what` (a reply from ..., a publication on
    ...) when it does not decode."""
    try:
        return kind.FromString(payload)
    except (DecodeError, ValueError, RuntimeError) as exc:  # RuntimeError: nesting past protobuf's depth limit
        raise malformed(f"{what} ({len(payload)} bytes) does not decode as {kind.DESCRIPTOR.full_name}: {exc}") from None


def closed(what: str) -> SegueError:
    return SegueError(CLIENT_CLOSED, f"{what} is closed")


def oversize_hint(what: str, size: int) -> str:
    """Why `what` (a request, an input) of `size` bytes may have gone unanswered, or "" when it is small enough."""
    if size <= SEGUED_MAX_MESSAGE_BYTES:
        return ""
    return (f" ({what} of {size} bytes: segued drops messages over its --max-message-bytes, "
            f"{SEGUED_MAX_MESSAGE_BYTES} by default)")


def _known_code(name: str) -> pb.ErrorCode | None:
    """The contract's ErrorCode named `name`, or None when the contract has none of that name (CLIENT_CLOSED,
    UNKNOWN_<n>)."""
    try:
        return cast(pb.ErrorCode, pb.ErrorCode.Value(name))
    except ValueError:
        return None
