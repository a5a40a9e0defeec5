"""Where a cluster's stacks are served, read from NATS given only the servers' URLs: the number of shards from the
settings bucket, and each shard's holder from its lease. Only what a daemon of the cluster signed is taken, so that
nobody else who can write to NATS can send clients elsewhere (docs/operations.md, "Subjects and keys").

nats-py is asyncio: the directory runs its connection on an event loop of its own, in a thread that ends with
`close()`, so that callers stay synchronous, as the rest of the client is."""

from __future__ import annotations

import asyncio
import re
import ssl
import threading
from collections.abc import Coroutine, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

import nats
import nats.errors
import nats.js.errors
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey
from nats.aio.client import Client
from nats.js.client import KV_PRE_TEMPLATE, KV_STREAM_TEMPLATE
from nats.js.kv import KeyValue

from . import segue_pb2 as pb
from .arguments import invalid
from .errors import SegueUnavailable, closed
from .signed_records import (LEASE_BUCKET, PUBLIC_KEY_KEY, SETTINGS_BUCKET, SHARDS_KEY, RecordRefusal, lease_key,
                             public_key, verified_lease, verified_shards)

T = TypeVar("T")


@dataclass(frozen=True)
class NATSCredentials:
    """How to log in to the NATS servers, as `segue --cluster` takes it (docs/operations.md, "Authentication and
    permissions"): a user with a password file, a credentials file, or an nkey seed file; TLS trusting a CA, with a
    client certificate and its key for servers that verify clients."""

    user: str | None = None
    password_file: str | None = None
    creds: str | None = None
    nkey: str | None = None
    tls_ca: str | None = None
    tls_cert: str | None = None
    tls_key: str | None = None

    def options(self) -> dict[str, Any]:
        """nats.connect's keywords for these credentials; INVALID_ARGUMENT for a combination that cannot log in or a
        file that cannot be read."""
        kinds = [name for name, given in [("a user", self.user), ("a credentials file", self.creds),
                                          ("an nkey", self.nkey)] if given]
        if len(kinds) > 1:
            raise invalid(f"NATS credentials of one kind at a time, not {' and '.join(kinds)}")
        if bool(self.user) != bool(self.password_file):
            raise invalid("a NATS user needs its password file (nats_password_file), and a password file its user")
        if bool(self.tls_cert) != bool(self.tls_key):
            raise invalid("a TLS client certificate needs its key (nats_tls_key), and a key its certificate")
        options: dict[str, Any] = {}
        if self.user and self.password_file:
            options.update(user=self.user, password=_first_line(self.password_file, "password file"))
        if self.creds:
            options["user_credentials"] = _readable(self.creds, "credentials file")
        if self.nkey:
            options["nkeys_seed"] = _readable(self.nkey, "nkey seed file")
        if self.tls_ca or self.tls_cert:
            context = ssl.create_default_context(cafile=_readable(self.tls_ca, "CA file") if self.tls_ca else None)
            if self.tls_cert and self.tls_key:
                context.load_cert_chain(_readable(self.tls_cert, "certificate"), _readable(self.tls_key, "key"))
            options["tls"] = context
        return options


def _readable(path: str, what: str) -> str:
    try:
        Path(path).open("rb").close()
    except OSError as exc:
        raise invalid(f"cannot read the NATS {what} {path}: {exc.strerror}") from None
    return path


def _first_line(path: str, what: str) -> str:
    try:
        lines = Path(_readable(path, what)).read_text().splitlines()
    except UnicodeDecodeError:
        raise invalid(f"the NATS {what} {path} is not text") from None
    if not lines or not lines[0].strip():
        raise invalid(f"the NATS {what} {path} is empty")
    return lines[0].strip()


def shown(servers: Sequence[str]) -> str:
    """The URLs as messages show them: every password in them replaced by `***`."""
    return ",".join(re.sub(r"//([^:@/]*):[^@/]*@", r"//\1:***@", url) for url in servers)


class ClusterDirectory:
    """The cluster at `servers` (nats:// or tls:// URLs): its number of shards and its public key (`key`, or the
    one its daemons recorded, which is only as trustworthy as the servers' permissions on the settings bucket), and
    each shard's verified lease on demand. SegueUnavailable, saying why, when no server answers, the servers run no
    JetStream, or no daemon has set the cluster up."""

    def __init__(self, servers: Sequence[str], key: Ed25519PublicKey | None, timeout: float,
                 credentials: NATSCredentials) -> None:
        self.servers = list(servers)
        self.place = shown(self.servers)
        self.timeout = timeout
        options = credentials.options()
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, name="segue-nats", daemon=True)
        self._thread.start()
        self._connection: Client | None = None
        self._last_error: Exception | None = None
        # A server that refused the credentials, remembered: it closes the connection after saying so, and the
        # reset that follows (or another server's) would otherwise be the last word.
        self._refused: Exception | None = None
        try:
            self._connection = self._run(self._connect(options))
            settings = self._bucket(SETTINGS_BUCKET)
            self._leases = self._bucket(LEASE_BUCKET)
            self.key = key or self._recorded_key(settings)
            value = self._value(settings, SHARDS_KEY)
            if value is None:
                raise SegueUnavailable(f"the cluster at {self.place} records no number of shards: has a segued "
                                       "--cluster started?")
            try:
                self.shards = verified_shards(value, self.key)
            except RecordRefusal as exc:
                raise SegueUnavailable(f"the number of shards recorded at {self.place} is not the cluster's "
                                       f"({exc}): is this the cluster's public key?") from None
        except BaseException:
            self.close()
            raise

    def holder(self, shard: int) -> pb.ShardLease | None:
        """The lease of the daemon holding `shard` now, with its endpoints; None while no daemon holds it or its
        holder has not bound them yet (a takeover in progress). SegueUnavailable when the lease holds something no
        daemon of the cluster signed: its endpoints are never used."""
        value = self._value(self._leases, lease_key(shard))
        if value is None:
            return None
        try:
            lease = verified_lease(value, shard, self.key)
        except RecordRefusal as exc:
            raise SegueUnavailable(f"the lease of shard {shard} at {self.place} is not one a daemon of the cluster "
                                   f"wrote ({exc}); its endpoints are not used") from None
        return lease if lease.control else None

    def close(self) -> None:
        if self._loop.is_closed():
            return
        if self._connection is not None:
            try:
                self._run(self._connection.close())
            except SegueUnavailable:
                pass  # closing is best effort: the loop goes anyway
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join()
        self._loop.close()

    # ------------------------------------------------------------------------------------------------ NATS

    async def _connect(self, options: dict[str, Any]) -> Client:
        async def quiet(error: Exception) -> None:
            self._last_error = error  # shown in the message of the call it fails
            if "authorization violation" in str(error).lower():
                self._refused = error

        return await nats.connect(servers=self.servers, name="segue-python", connect_timeout=int(self.timeout) or 1,
                                  allow_reconnect=True, max_reconnect_attempts=-1, reconnect_time_wait=0.25,
                                  error_cb=quiet, **options)

    def _bucket(self, name: str) -> KeyValue:
        """Bucket `name`, read with the JetStream API's MSG.GET: from the stream's leader, so that a lease is the one
        written last (a direct get may be served by a replica behind it), and under the permissions
        docs/operations.md gives readers."""
        assert self._connection is not None
        jetstream = self._connection.jetstream(timeout=self.timeout)

        async def opened() -> KeyValue:
            await jetstream.key_value(name)  # BucketNotFoundError if no daemon made it
            return KeyValue(name=name, stream=KV_STREAM_TEMPLATE.format(bucket=name),
                            pre=KV_PRE_TEMPLATE.format(bucket=name), js=jetstream, direct=False)

        return self._run(opened())

    def _value(self, bucket: KeyValue, key: str) -> bytes | None:
        """The key's value; None when it has none (never written, deleted, or lapsed)."""
        async def get() -> bytes | None:
            try:
                return (await bucket.get(key)).value
            except nats.js.errors.KeyNotFoundError:
                return None

        return self._run(get())

    def _recorded_key(self, settings: KeyValue) -> Ed25519PublicKey:
        value = self._value(settings, PUBLIC_KEY_KEY)
        if value is None:
            raise SegueUnavailable(f"the cluster at {self.place} records no public key: has a segued --cluster "
                                   "started?")
        try:
            return public_key(value.decode(errors="replace"))
        except ValueError:
            raise SegueUnavailable(f"the cluster's recorded public key ({SETTINGS_BUCKET}/{PUBLIC_KEY_KEY}) at "
                                   f"{self.place} is not a key") from None

    def _run(self, work: Coroutine[Any, Any, T]) -> T:
        """`work` run on the directory's loop, within the directory's timeout; NATS's failures as SegueUnavailable
        saying what they mean for a Segue cluster (the NATS exception as its cause)."""
        if self._loop.is_closed():
            work.close()
            raise closed("this Cluster")
        future = asyncio.run_coroutine_threadsafe(asyncio.wait_for(work, self.timeout), self._loop)
        try:
            return future.result()
        except nats.js.errors.BucketNotFoundError as exc:
            raise SegueUnavailable(f"the cluster at {self.place} has no bucket {SETTINGS_BUCKET} or {LEASE_BUCKET}: "
                                   "has a segued --cluster started?") from exc
        except (nats.errors.NoRespondersError, nats.js.errors.ServiceUnavailableError) as exc:
            # No responders (status 503): nothing serves the JetStream API for this account.
            raise SegueUnavailable(f"the NATS servers at {self.place} do not run JetStream for this account (start "
                                   "nats-server with -js, or give it a jetstream block; with accounts, enable "
                                   "jetstream in the account): a Segue cluster keeps its logs and leases there"
                                   ) from exc
        except (nats.errors.NoServersError, ConnectionRefusedError, OSError) as exc:
            if self._refused is not None or "authorization violation" in str(self._last_error).lower():
                raise SegueUnavailable(f"the NATS servers at {self.place} refused the credentials (Authorization "
                                       "Violation)") from exc
            raise SegueUnavailable(f"no NATS server answers at {self.place} "
                                   f"({self._last_error or exc or type(exc).__name__})") from exc
        except (asyncio.TimeoutError, TimeoutError) as exc:
            raise SegueUnavailable(f"no answer from the NATS servers at {self.place} within {self.timeout}s") from exc
        except nats.errors.Error as exc:
            raise SegueUnavailable(f"NATS at {self.place}: {exc}") from exc
