"""SegueError carries the contract's ErrorCode as the generated enum, beside its name and the number sent."""

from __future__ import annotations

from segue import SegueError, SegueUnavailable, pb
from segue.errors import CLIENT_CLOSED, closed, malformed, refusal


def test_a_refusal_keeps_the_generated_code_its_name_and_number() -> None:
    error = refusal(pb.Error(code=pb.UNKNOWN_STACK, message="no stack 'nope'"))
    assert (error.error_code, error.code, error.number) == (pb.UNKNOWN_STACK, "UNKNOWN_STACK", pb.UNKNOWN_STACK)
    assert str(error) == "UNKNOWN_STACK: no stack 'nope'"
    unavailable = refusal(pb.Error(code=pb.UNAVAILABLE, message="disk full"))
    assert isinstance(unavailable, SegueUnavailable) and unavailable.error_code == pb.UNAVAILABLE


def test_a_code_this_client_does_not_know_has_no_enum_value() -> None:
    newer = refusal(pb.Error(code=17, message="said the daemon"))  # type: ignore[arg-type]
    assert (newer.error_code, newer.code, newer.number) == (None, "UNKNOWN_17", 17)


def test_what_the_client_raises_itself_has_the_enum_value_but_no_number() -> None:
    assert (malformed("garbage").error_code, malformed("garbage").number) == (pb.MALFORMED, None)
    assert SegueError(pb.INVALID_ARGUMENT, "bad").code == "INVALID_ARGUMENT"
    assert SegueUnavailable("late").error_code == pb.UNAVAILABLE
    used = closed("this client")
    assert (used.error_code, used.code, str(used)) == (None, CLIENT_CLOSED, "CLIENT_CLOSED: this client is closed")


def test_an_error_made_with_a_code_name_has_that_codes_enum_value() -> None:
    # As code written before the enum makes them: the name is enough.
    assert SegueError("UNAVAILABLE", "late").error_code == pb.UNAVAILABLE
    assert SegueError("UNKNOWN_17", "newer").error_code is None
    assert SegueError(CLIENT_CLOSED, "closed").error_code is None
