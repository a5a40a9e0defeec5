"""What event feeds, frame feeds and swipes need from a client, as a Protocol that `Segue` satisfies: those modules
depend on it, not on the client module that builds them, so no module imports one that imports it back."""

from __future__ import annotations

from typing import Protocol

import zmq

from . import segue_pb2 as pb


class Connection(Protocol):
    """A client of one daemon: its publications, its control socket's queries and its ingest socket. A cluster's
    shard connection moves to the shard's next holder; its `events_endpoint` then changes."""

    @property
    def events_endpoint(self) -> str:
        """The endpoint the daemon publishes on."""
        ...

    def subscribe(self, *prefixes: str, timeout: float | None = None) -> zmq.Socket[bytes]:
        """A SUB socket on `prefixes`, returned once its subscriptions are live."""
        ...

    def stats(self, timeout: float | None = None) -> pb.Stats:
        ...

    def state(self, stack: str, timeout: float | None = None) -> pb.StackState:
        ...

    def read_events(self, from_position: int = 0, stack: str | None = None, max_count: int = 0,
                    timeout: float | None = None) -> pb.EventBatch:
        ...

    def send(self, message: pb.Input) -> None:
        """Sends an Input on the ingest socket, fire and forget."""
        ...
