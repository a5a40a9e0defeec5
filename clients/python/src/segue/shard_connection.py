"""`ShardConnection`: a connection to whichever daemon holds one shard of a cluster, found from its lease and found
again when it stops answering (docs/clients.md, "A cluster").

A call that may be sent again (a query, or a command with an expected version) waits at most `FAILOVER_CHECK` for
the holder before reading the lease again: a holder killed meanwhile has a successor within about a lease time, and
the call goes to it, within the call's timeout; a holder still named is asked again, with twice as long each time
(a long read from a slow holder is not cut short for ever). Any other command is sent once: its reply lost, it may or may not be
in the log, so it is never sent twice; the next call looks the holder up again."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TypeVar

import zmq

from . import segue_pb2 as pb
from .client import Segue
from .cluster_directory import ClusterDirectory
from .curve import CurveKeys
from .errors import SegueError, SegueUnavailable, closed
from .receiving import time_left

T = TypeVar("T")

# How long a call that may be sent again waits for the holder before looking its lease up again.
FAILOVER_CHECK = 1.0
# How often the lease is read while no daemon holds the shard (a takeover in progress).
LEASE_POLL = 0.05


class ShardConnection:
    """A client of shard `shard`'s holder, as a `Connection` for event feeds: it moves to the successor of a holder
    that stops answering, which an `EventFeed` follows by subscribing there and reading the log from where it was."""

    def __init__(self, directory: ClusterDirectory, shard: int, timeout: float, curve: CurveKeys | None,
                 max_message_bytes: int, max_read_bytes: int) -> None:
        self.directory = directory
        self.shard = shard
        self.timeout = timeout
        self._client_options = (curve, max_message_bytes, max_read_bytes)
        self._client: Segue | None = None
        self._holder: pb.ShardLease | None = None
        self._closed = False
        self._events_endpoint = ""

    @property
    def events_endpoint(self) -> str:
        """The events endpoint of the holder this connection talks to now."""
        return self._events_endpoint

    @property
    def holder(self) -> pb.ShardLease | None:
        """The lease of the holder this connection talks to now (None before its first call)."""
        return self._holder

    def close(self) -> None:
        self._closed = True
        self._forget()

    # ------------------------------------------------------------------------------------------------ calls

    def call(self, work: Callable[[Segue, float], T], timeout: float | None, again: bool, what: str) -> T:
        """`work(client, timeout)` on the holder's client within `timeout` (None: the connection's). With `again`,
        tried on the successor of a holder that does not answer, until the timeout; without, sent once."""
        wait = self.timeout if timeout is None else timeout
        deadline = time.monotonic() + wait
        check = FAILOVER_CHECK
        while True:
            client = self._client_of_holder(deadline, wait, what)
            attempt = min(time_left(deadline), check) if again else time_left(deadline)
            try:
                return work(client, attempt)
            except SegueUnavailable as exc:
                if exc.number is not None:
                    raise  # the daemon's own UNAVAILABLE
                holder = self._holder
                if not again or time.monotonic() >= deadline:
                    self._forget()  # the next call reads the lease again
                    raise SegueUnavailable(f"{what}: the holder of shard {self.shard} "
                                           f"({self._name(holder)}) did not answer within {wait}s: {exc.message}"
                                           ) from exc
                if not self._look_again():
                    check *= 2  # the same holder, slow: a long read is given longer each time

    def _client_of_holder(self, deadline: float, wait: float, what: str) -> Segue:
        """The client of the shard's holder, connected once its lease names one, read again every LEASE_POLL while
        none does; SegueUnavailable once `deadline` passes without one."""
        if self._closed:
            raise closed("this Cluster")
        while self._client is None:
            lease = self.directory.holder(self.shard)
            if lease is not None:
                self._connect(lease)
            elif time.monotonic() >= deadline:
                raise SegueUnavailable(f"{what}: no daemon holds shard {self.shard} of the cluster at "
                                       f"{self.directory.place} (no lease with endpoints in segue-leases/shard-"
                                       f"{self.shard} within {wait}s): start a segued --cluster ... --shard "
                                       f"{self.shard}")
            else:
                time.sleep(min(LEASE_POLL, time_left(deadline)))
        return self._client

    def _connect(self, lease: pb.ShardLease) -> None:
        curve, max_message_bytes, max_read_bytes = self._client_options
        try:
            self._client = Segue(lease.ingest, lease.control, lease.events, self.timeout, curve,
                                 max_message_bytes=max_message_bytes, max_read_bytes=max_read_bytes)
        except SegueError as exc:
            raise SegueUnavailable(f"the lease of shard {self.shard} names an endpoint that is not one "
                                   f"({exc.message}); not connecting") from None
        self._holder = lease
        self._events_endpoint = lease.events

    def _look_again(self) -> bool:
        """Reads the lease again after the holder did not answer: whether it names another holder (or none), which
        the next call then connects to."""
        lease = self.directory.holder(self.shard)
        if lease is not None and self._holder is not None and (lease.node, lease.control) == (self._holder.node,
                                                                                               self._holder.control):
            return False
        self._forget()
        return True

    def _forget(self) -> None:
        """Closes the client of a holder moved away from, its sockets with it: feeds subscribe again."""
        if self._client is not None:
            self._client.close()
        self._client, self._events_endpoint = None, ""

    @staticmethod
    def _name(lease: pb.ShardLease | None) -> str:
        return f"node {lease.node} at {lease.control}" if lease is not None else "none"

    # ------------------------------------------------------------------------------------------------ Connection

    def subscribe(self, *prefixes: str, timeout: float | None = None) -> zmq.Socket[bytes]:
        return self.call(lambda client, left: client.subscribe(*prefixes, timeout=left), timeout, True,
                         "subscribe")

    def stats(self, timeout: float | None = None) -> pb.Stats:
        return self.call(lambda client, left: client.stats(left), timeout, True, "stats()")

    def state(self, stack: str, timeout: float | None = None) -> pb.StackState:
        return self.call(lambda client, left: client.state(stack, left), timeout, True, f"state({stack!r})")

    def read_events(self, from_position: int = 0, stack: str | None = None, max_count: int = 0,
                    timeout: float | None = None) -> pb.EventBatch:
        return self.call(lambda client, left: client.read_events(from_position, stack, max_count, left), timeout,
                         True, "read_events()")

    def send(self, message: pb.Input) -> None:
        self.call(lambda client, left: client.send(message), None, False, "send()")
