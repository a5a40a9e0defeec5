"""The errors a Segue client raises: the contract's error code and message, or the daemon not answering."""

from __future__ import annotations


class SegueError(Exception):
    """A refusal from segued: `code` is the contract's ErrorCode name (UNKNOWN_STACK, NOTHING_TO_POP, ...)."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message


class SegueUnavailable(SegueError):
    """segued did not answer in time (or the log could not be written): code UNAVAILABLE."""

    def __init__(self, message: str) -> None:
        super().__init__("UNAVAILABLE", message)
