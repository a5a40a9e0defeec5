"""The errors a Segue client raises: the contract's error code and message, or the daemon not answering."""

from __future__ import annotations

# segued's default --max-message-bytes: ZeroMQ drops the connection of a peer that sends a larger message.
DEFAULT_MAX_MESSAGE_BYTES = 65536


class SegueError(Exception):
    """A refusal: `code` is the contract's ErrorCode name (UNKNOWN_STACK, NOTHING_TO_POP, INVALID_ARGUMENT for a
    value refused before sending, ...), or CLIENT_CLOSED for a client or feed used after it was closed."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message


class SegueUnavailable(SegueError):
    """segued did not answer in time (or the log could not be written): code UNAVAILABLE."""

    def __init__(self, message: str) -> None:
        super().__init__("UNAVAILABLE", message)


def closed(what: str) -> SegueError:
    return SegueError("CLIENT_CLOSED", f"{what} is closed")


def oversize_hint(what: str, size: int) -> str:
    """Why `what` (a request, an input) of `size` bytes may have gone unanswered, or "" when it is small enough."""
    if size <= DEFAULT_MAX_MESSAGE_BYTES:
        return ""
    return (f" ({what} of {size} bytes: segued drops messages over its --max-message-bytes, "
            f"{DEFAULT_MAX_MESSAGE_BYTES} by default)")
