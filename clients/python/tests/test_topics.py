"""The topic frames of the events socket, spelled as docs/protocol.md says (the Swift tests check the same)."""

from __future__ import annotations

from segue.topics import Topic


def test_each_kind_has_its_prefix_and_a_stack_topic_under_it() -> None:
    assert [kind.prefix for kind in Topic] == ["ev/", "fr/", "er/", "pr/"]
    assert Topic.EVENT.of("main") == "ev/main/"
    assert Topic.REJECTION.of("") == "er//"
    assert Topic.PROBE.of("t1") == "pr/t1/"


def test_a_received_topic_is_matched_by_its_kind_only() -> None:
    for kind in Topic:
        assert [other for other in Topic if other.matches(kind.of("main").encode())] == [kind]
    assert not any(kind.matches(b"xx/main/") for kind in Topic)
