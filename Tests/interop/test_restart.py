"""Durability across restarts, and the data directory's lock (design section 5)."""

from __future__ import annotations

import re
import time

from conftest import DaemonFactory, bodies, connect, stop_cleanly
from segue.daemon import Daemon
from segue.errors import SegueUnavailable
from test_gestures import swipe
from test_history import make_history

EXIT_TIMEOUT = 10.0


def test_restart_keeps_state_and_history(pb, zctx, daemons: DaemonFactory) -> None:
    first = daemons.start()
    s = connect(pb, zctx, first)
    make_history(s)
    states = {sid: s.ctl.ok(get_stack=pb.GetStack(stack_id=sid)).stack for sid in ("a", "b")}
    stacks = sorted(s.ctl.ok(list_stacks=pb.ListStacks()).stacks.stack_ids)
    _, history, head = s.ctl.read_all()
    assert history == s.sub.event_payloads() and head == len(history)
    last_time = s.sub.events()[-1].time_us
    s.sub.sync()
    stop_cleanly(first)

    second = daemons.start(first.data)
    s2 = connect(pb, zctx, second)
    for sid, state in states.items():
        again = s2.ctl.ok(get_stack=pb.GetStack(stack_id=sid)).stack
        assert again == state, f"state of {sid} after restart:\n{again}\nbefore:\n{state}"
    assert sorted(s2.ctl.ok(list_stacks=pb.ListStacks()).stacks.stack_ids) == stacks
    _, history2, head2 = s2.ctl.read_all()
    assert head2 == head
    assert history2 == history, "history differs after restart"

    # The log goes on from where it was: next position, next version, time never going back.
    reply = s2.ctl.command("b", request_id="after", pop=pb.Pop(immediate=True))
    assert not reply.HasField("error"), reply.error
    assert reply.command.first_position == head + 1
    assert reply.command.version == states["b"].version + 3
    new = s2.sub.wait_event("b", "completed")
    assert new.position == head + 3 and new.time_us >= last_time
    assert list(new.completed.screens) == ["Home", "One"]
    s2.sub.sync()
    stop_cleanly(second)


def test_restart_cancels_a_tracking_gesture(pb, zctx, daemons: DaemonFactory) -> None:
    first = daemons.start()
    s = connect(pb, zctx, first)
    s.ctl.create("nav", ["Home", "Detail"])
    s.push.pan("nav", 5, pb.PAN_BEGAN, x=10, tx=0)
    s.push.pan("nav", 5, pb.PAN_CHANGED, x=10 + 0.8 * 390, tx=0.8 * 390)
    s.sub.wait_event("nav", "progressed")
    head = s.ctl.read_events(0)[0].head_position
    stop_cleanly(first)

    second = daemons.start(first.data)
    s2 = connect(pb, zctx, second)
    events, _, _ = s2.ctl.read_all(stack_id="nav")
    assert bodies(events) == ["stack_created", "began", "progressed", "cancelled", "completed"], bodies(events)
    assert [e.position for e in events[3:]] == [head + 1, head + 2]
    cancelled, completed = events[3], events[4]
    assert cancelled.cancelled.reason == pb.ENGINE_RESTARTED
    assert completed.completed.finished is False and list(completed.completed.screens) == ["Home", "Detail"]
    state = s2.ctl.ok(get_stack=pb.GetStack(stack_id="nav")).stack
    assert list(state.screens) == ["Home", "Detail"] and not state.HasField("transition")
    assert state.version == completed.version
    s2.sub.sync()
    stop_cleanly(second)


def test_second_daemon_on_the_same_directory_exits_1(pb, zctx, daemons: DaemonFactory) -> None:
    first = daemons.start()
    try:
        intruder = Daemon(first.data, ready_timeout=EXIT_TIMEOUT)
    except SegueUnavailable as refused:
        message = str(refused)
    else:
        daemons.started.append(intruder)  # stopped at teardown
        raise AssertionError("the second daemon bound its sockets")
    # The package's message: no ready line (what stdout gave instead), the exit status, then stderr.
    exit_status = re.search(r"\(got (['\"])(.*)\1, exit (-?\d+)\)", message)
    assert exit_status, f"unexpected refusal message: {message!r}"
    assert not exit_status.group(2).startswith("segued ready"), "the second daemon bound its sockets"
    assert exit_status.group(3) == "1", f"second daemon exited {exit_status.group(3)}; {message}"
    assert str(first.data) in message[exit_status.end():], f"the message does not name the data directory: {message!r}"

    # The first daemon is unharmed.
    s = connect(pb, zctx, first)
    s.ctl.create("still", ["Home"])
    assert s.ctl.ok(get_stats=pb.GetStats()).stats.stacks == 1
    started = time.monotonic()
    stop_cleanly(first)
    assert time.monotonic() - started < EXIT_TIMEOUT
