"""The records a cluster's daemons write to NATS, taken only when the cluster's key signed them (docs/operations.md,
"Subjects and keys"): a `SignedRecord` holds the record's bytes and the Ed25519 signature of its place (the subject,
or `bucket/key`), a newline and the bytes, so that no record is valid anywhere else."""

from __future__ import annotations

from pathlib import Path

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey

from . import segue_pb2 as pb
from .errors import SegueError, decode

LEASE_BUCKET = "segue-leases"
SETTINGS_BUCKET = "segue-cluster"
SHARDS_KEY = "shards"
PUBLIC_KEY_KEY = "public-key"


class RecordRefusal(Exception):
    """Why a record read from NATS is not taken: it does not decode, is not signed with the cluster's key, or does
    not fit where it was found."""


def lease_key(shard: int) -> str:
    return f"shard-{shard}"


def public_key(value: str | bytes) -> Ed25519PublicKey:
    """The cluster's public key from its 32 bytes, its 64 hexadecimal digits, or the path of a file starting with
    them (`segue keygen --cluster` writes PREFIX.pub); ValueError saying what it is not."""
    if isinstance(value, bytes):
        if len(value) != 32:
            raise ValueError(f"a cluster public key is 32 bytes, not {len(value)}")
        return Ed25519PublicKey.from_public_bytes(value)
    text = value.strip()
    if not _is_hex_key(text):
        try:
            lines = Path(value).read_text().splitlines()
        except (OSError, UnicodeDecodeError) as exc:
            raise ValueError(f"{value!r} is neither 64 hexadecimal digits nor a readable file ({exc})") from None
        text = lines[0].strip() if lines else ""
        if not _is_hex_key(text):
            raise ValueError(f"{value} does not start with a 64-digit hexadecimal public key")
    return Ed25519PublicKey.from_public_bytes(bytes.fromhex(text))


def _is_hex_key(text: str) -> bool:
    return len(text) == 64 and all(c in "0123456789abcdefABCDEF" for c in text)


def verified_record(payload: bytes, place: str, key: Ed25519PublicKey) -> bytes:
    """The record in `payload`, when it is a `SignedRecord` that `key` signed for `place`."""
    try:
        signed = decode(pb.SignedRecord, payload, "a record")
    except SegueError as exc:  # MALFORMED, said as a refusal
        raise RecordRefusal(f"not a SignedRecord ({len(payload)} bytes)") from exc
    try:
        key.verify(signed.signature, place.encode() + b"\n" + signed.record)
    except InvalidSignature:
        raise RecordRefusal(f"not signed with the cluster's key for {place}") from None
    return signed.record


def verified_lease(payload: bytes, shard: int, key: Ed25519PublicKey) -> pb.ShardLease:
    """The lease in the value of shard `shard`'s key, when a daemon of the cluster wrote it for that shard."""
    record = verified_record(payload, f"{LEASE_BUCKET}/{lease_key(shard)}", key)
    try:
        lease = decode(pb.ShardLease, record, "a lease")
    except SegueError as exc:
        raise RecordRefusal("a signed record that is not a ShardLease") from exc
    if lease.shard != shard:
        raise RecordRefusal(f"a lease of shard {lease.shard}, not {shard}")
    return lease


def verified_shards(payload: bytes, key: Ed25519PublicKey) -> int:
    """The number of shards in the `shards` setting, when a daemon of the cluster signed it."""
    record = verified_record(payload, f"{SETTINGS_BUCKET}/{SHARDS_KEY}", key)
    text = record.decode(errors="replace")
    if not text.isdigit() or int(text) < 1:
        raise RecordRefusal("a signed record that is not a number of shards")
    return int(text)
