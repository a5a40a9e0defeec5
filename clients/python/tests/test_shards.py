"""The stack-to-shard rule, with the values of docs/operations.md (the Swift tests check the same)."""

from __future__ import annotations

import pytest

from segue import shard_of
from segue.shards import fnv1a64


def test_the_documented_values() -> None:
    assert fnv1a64(b"") == 0xCBF29CE484222325
    assert fnv1a64(b"main") == 0x1F5962A2CE9803C8
    assert fnv1a64("Ünïcødé".encode()) == 0x3F3E0B2C3497B500
    for stack, of_two, of_three in [("main", 0, 2), ("demo", 0, 0), ("shop", 1, 2), ("stack-42", 0, 1)]:
        assert (shard_of(stack, 2), shard_of(stack, 3), shard_of(stack, 1)) == (of_two, of_three, 0)
    with pytest.raises(ValueError):
        shard_of("main", 0)
