"""The topic frames of segued's events socket (docs/protocol.md, "Topics"): the one place their prefixes are
spelled. A topic is a kind's prefix, a stack id (a probe's token) and "/"; a kind's prefix alone subscribes to
that kind for every stack."""

from __future__ import annotations

import enum


class Topic(enum.Enum):
    EVENT = "ev/"
    """An `Event`, on `ev/<stack>/`."""
    FRAME = "fr/"
    """A `Frame`, on `fr/<stack>/`."""
    REJECTION = "er/"
    """A `Rejection`, on `er/<stack>/` (`er//` when no stack could be read)."""
    PROBE = "pr/"
    """A `PublishProbe` a client asked for, on `pr/<token>/`."""

    @property
    def prefix(self) -> str:
        """This kind's topics for every stack: `ev/`."""
        return str(self.value)

    def of(self, stack: str) -> str:
        """The topic of `stack` (a probe's token), also the prefix subscribing to exactly it: `ev/main/`."""
        return f"{self.value}{stack}/"

    def matches(self, topic: bytes) -> bool:
        """Whether a received topic frame is of this kind."""
        return topic.startswith(self.prefix.encode())
