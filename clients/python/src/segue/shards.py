"""Which shard of a cluster holds a stack (docs/operations.md, "Shards"): FNV-1a (64 bits) of the stack id's UTF-8
bytes, modulo the number of shards, as segued and the Swift client compute it."""

from __future__ import annotations

_OFFSET_BASIS = 0xCBF29CE484222325
_PRIME = 0x100000001B3
_MASK = (1 << 64) - 1


def fnv1a64(data: bytes) -> int:
    value = _OFFSET_BASIS
    for byte in data:
        value = ((value ^ byte) * _PRIME) & _MASK
    return value


def shard_of(stack_id: str, shards: int) -> int:
    """The shard (0 to shards - 1) that holds `stack_id` in a cluster of `shards` shards."""
    if shards < 1:
        raise ValueError(f"a cluster has at least one shard, not {shards}")
    return fnv1a64(stack_id.encode()) % shards
