"""`Cluster`: a client of a Segue cluster, given its NATS servers: each stack's commands and queries go to the daemon
holding its shard, found from the shard's signed lease, and follow it to its successor (docs/clients.md, "A
cluster"). Needs the `cluster` extra: `pip install './clients/python[cluster]'`."""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping, Sequence
from types import TracebackType
from typing import Any, TypeVar

from . import arguments
from . import segue_pb2 as pb
from .arguments import encodable
from .client import DEFAULT_MAX_MESSAGE_BYTES, DEFAULT_MAX_READ_BYTES, Segue
from .cluster_directory import ClusterDirectory, NATSCredentials
from .commands import StackCommands, command_message
from .curve import CurveKeys
from .errors import SegueError
from .feed import EventFeed
from .shard_connection import ShardConnection
from .shards import shard_of
from .signed_records import public_key as parse_public_key

T = TypeVar("T")


class Cluster(StackCommands):
    """The cluster whose NATS servers are `servers` (`nats://HOST:PORT` or `tls://` URLs, a list or one
    comma-separated string). `public_key` is the cluster's (`cluster.pub` of `segue keygen --cluster`: its path, its
    64 hexadecimal digits or its 32 bytes); None trusts the one its daemons recorded in NATS. Only leases that key
    signed are followed; a forged one raises SegueUnavailable naming it, and nothing connects to its endpoints.

    The stack commands (`create`, `push`, ...) are those of `Segue`, sent to the holder of the stack's shard. One
    with `expected_version`, and every query (`state`, `history`, `stacks`, `stats`) and feed, follows a failover
    within its timeout: its holder not answering, the lease is read again and the call goes to the successor. A
    command without `expected_version` is sent once: a lost reply raises SegueUnavailable (it may or may not be in
    the log: read `state()`), and the next call looks the holder up again.

    NATS credentials as `segue --cluster` takes them: `nats_user` with `nats_password_file`, `nats_creds`, or
    `nats_nkey`; `nats_tls_ca` (and `nats_tls_cert` with `nats_tls_key`) for TLS. `timeout`, `curve` and the limits
    are each holder's client's (`Segue`). Not thread-safe, as `Segue`."""

    def __init__(self, servers: str | Sequence[str], public_key: str | bytes | None = None, *,
                 timeout: float = 5.0, curve: CurveKeys | None = None, nats_user: str | None = None,
                 nats_password_file: str | None = None, nats_creds: str | None = None,
                 nats_nkey: str | None = None, nats_tls_ca: str | None = None, nats_tls_cert: str | None = None,
                 nats_tls_key: str | None = None, max_message_bytes: int = DEFAULT_MAX_MESSAGE_BYTES,
                 max_read_bytes: int = DEFAULT_MAX_READ_BYTES) -> None:
        urls = [url for url in (servers.split(",") if isinstance(servers, str) else servers) if url]
        if not urls or not all(isinstance(url, str) and url.startswith(("nats://", "tls://")) for url in urls):
            raise arguments.invalid(f"servers must be nats://HOST:PORT (or tls://) URLs, not {servers!r}")
        try:
            key = None if public_key is None else parse_public_key(public_key)
        except ValueError as exc:
            raise arguments.invalid(f"public_key: {exc}") from None
        self.timeout = arguments.seconds("timeout", timeout)
        credentials = NATSCredentials(nats_user, nats_password_file, nats_creds, nats_nkey, nats_tls_ca,
                                      nats_tls_cert, nats_tls_key)
        self.directory = ClusterDirectory(urls, key, self.timeout, credentials)
        self.shards = self.directory.shards
        self._connections = [ShardConnection(self.directory, shard, self.timeout, curve,
                                             arguments.byte_limit("max_message_bytes", max_message_bytes),
                                             arguments.byte_limit("max_read_bytes", max_read_bytes))
                             for shard in range(self.shards)]

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None, timeout: float = 5.0) -> Cluster:
        """The cluster of the variables `segue --cluster` reads: SEGUE_CLUSTER, SEGUE_CLUSTER_PUBLIC_KEY, the
        SEGUE_NATS_* credentials and SEGUE_CURVE_SERVER_KEY with SEGUE_CURVE_KEY_FILE."""
        env = os.environ if environ is None else environ
        servers = env.get("SEGUE_CLUSTER", "")
        if not servers:
            raise arguments.invalid("SEGUE_CLUSTER is not set: give the NATS servers' URLs, comma-separated")
        server_key, key_file = env.get("SEGUE_CURVE_SERVER_KEY", ""), env.get("SEGUE_CURVE_KEY_FILE", "")
        if bool(server_key) != bool(key_file):
            raise SegueError(pb.INVALID_ARGUMENT, "CURVE needs both SEGUE_CURVE_SERVER_KEY and SEGUE_CURVE_KEY_FILE")

        def given(name: str) -> str | None:
            return env.get(name) or None

        return cls(servers, given("SEGUE_CLUSTER_PUBLIC_KEY"), timeout=timeout,
                   curve=CurveKeys.from_files(server_key, key_file) if server_key else None,
                   nats_user=given("SEGUE_NATS_USER"), nats_password_file=given("SEGUE_NATS_PASSWORD_FILE"),
                   nats_creds=given("SEGUE_NATS_CREDS"), nats_nkey=given("SEGUE_NATS_NKEY"),
                   nats_tls_ca=given("SEGUE_NATS_TLS_CA"), nats_tls_cert=given("SEGUE_NATS_TLS_CERT"),
                   nats_tls_key=given("SEGUE_NATS_TLS_KEY"))

    def close(self) -> None:
        """Closes every holder's client and the NATS connection; using the cluster afterwards raises
        CLIENT_CLOSED."""
        for connection in self._connections:
            connection.close()
        self.directory.close()

    def __enter__(self) -> Cluster:
        return self

    def __exit__(self, kind: type[BaseException] | None, value: BaseException | None,
                 traceback: TracebackType | None) -> None:
        self.close()

    # ------------------------------------------------------------------------------------------------ routing

    def shard_of(self, stack: str) -> int:
        """The shard that holds `stack`."""
        return shard_of(stack, self.shards)

    def holder(self, shard: int) -> pb.ShardLease | None:
        """The verified lease of the daemon holding `shard` now (its node and endpoints), read from NATS; None while
        no daemon holds it."""
        return self.directory.holder(self._shard(shard))

    def shard(self, shard: int) -> ShardConnection:
        """The connection to `shard`'s holder that this cluster's calls use."""
        return self._connections[self._shard(shard)]

    def _shard(self, shard: int) -> int:
        if isinstance(shard, bool) or not isinstance(shard, int) or not 0 <= shard < self.shards:
            raise arguments.invalid(f"shard must be 0 to {self.shards - 1}, not {shard!r}")
        return shard

    def _on_holder(self, stack: str, work: Callable[[Segue, float], T], timeout: float | None, again: bool,
                   what: str) -> T:
        return self.shard(self.shard_of(stack)).call(work, timeout, again, what)

    # ------------------------------------------------------------------------------------------------ calls

    @encodable
    def command(self, stack: str, expected_version: int | None = None, **op: Any) -> pb.CommandResult:
        """Sends the command to the holder of the stack's shard; followed to a successor with `expected_version`
        only (a successor refuses it VERSION_CONFLICT if the lost holder had applied it)."""
        return self._on_holder(stack, lambda client, left: client.request(
            left, command=command_message(stack, expected_version, op)).command, None, expected_version is not None,
            f"a command on stack {stack!r}")

    @encodable
    def state(self, stack: str, timeout: float | None = None) -> pb.StackState:
        return self._on_holder(stack, lambda client, left: client.state(stack, left), timeout, True,
                               f"state({stack!r})")

    def history(self, stack: str, from_position: int = 0, timeout: float | None = None) -> list[pb.Event]:
        """The stack's events in its shard's log from `from_position` (positions are the shard's)."""
        return self._on_holder(stack, lambda client, left: client.history(stack, from_position, left), timeout,
                               True, f"history({stack!r})")

    def stats(self, shard: int, timeout: float | None = None) -> pb.Stats:
        """The statistics of `shard`'s holder."""
        return self.shard(shard).stats(timeout)

    def stacks(self, timeout: float | None = None) -> list[str]:
        """Every stack id of every shard, in byte order (each shard's read within `timeout`)."""
        ids: list[str] = []
        for connection in self._connections:
            ids += connection.call(lambda client, left: client.stacks(left), timeout, True, "stacks()")
        return sorted(ids, key=lambda stack: stack.encode())

    def events(self, stack: str | None = None, *, shard: int | None = None, from_position: int | None = None,
               timeout: float | None = None, idle_check: float = 1.0,
               on_log_behind: Callable[[int, int], None] | None = None) -> EventFeed:
        """The events of `stack` (or of every stack of `shard`) from `from_position` of its shard's log (None: only
        those after now), as `Segue.events`, following the shard's holder through failovers: on the successor it
        subscribes again and reads the log from the last event delivered, so that no event is lost or repeated."""
        if stack is not None and shard is None:
            connection = self.shard(self.shard_of(stack))
        elif stack is None and shard is not None:
            connection = self.shard(shard)
        else:
            raise arguments.invalid("events() follows one stack or one shard: give stack or shard, not both")
        return EventFeed(connection, stack, from_position, self.timeout if timeout is None else
                         arguments.seconds("timeout", timeout), arguments.seconds("idle_check", idle_check),
                         on_log_behind)

