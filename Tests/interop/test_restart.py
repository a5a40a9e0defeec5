"""Durability across restarts, and the data directory's lock (design section 5)."""

from __future__ import annotations

import time

from conftest import DaemonFactory, bodies, connect, read_line
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
    first.stop(expect_rc=0)

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
    second.stop(expect_rc=0)


def test_restart_cancels_a_tracking_gesture(pb, zctx, daemons: DaemonFactory) -> None:
    first = daemons.start()
    s = connect(pb, zctx, first)
    s.ctl.create("nav", ["Home", "Detail"])
    s.push.pan("nav", 5, pb.PAN_BEGAN, x=10, tx=0)
    s.push.pan("nav", 5, pb.PAN_CHANGED, x=10 + 0.8 * 390, tx=0.8 * 390)
    s.sub.wait_event("nav", "progressed")
    head = s.ctl.read_events(0)[0].head_position
    first.stop(expect_rc=0)

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
    second.stop(expect_rc=0)


def test_second_daemon_on_the_same_directory_exits_1(pb, zctx, daemons: DaemonFactory) -> None:
    first = daemons.start()
    intruder = daemons.spawn(first.data)
    try:
        rc = intruder.proc.wait(timeout=EXIT_TIMEOUT)
    except Exception as exc:  # subprocess.TimeoutExpired
        raise AssertionError(f"a second daemon on {first.data} still runs after {EXIT_TIMEOUT}s") from exc
    stdout = read_line(intruder.proc, 1.0)
    intruder.stop(expect_rc=None)
    assert not stdout.startswith("segued ready"), "the second daemon bound its sockets"
    assert rc == 1, f"second daemon exited {rc}; stderr: {intruder.stderr()}"
    message = intruder.stderr() + stdout
    assert str(first.data) in message, f"the message does not name the data directory: {message!r}"

    # The first daemon is unharmed.
    s = connect(pb, zctx, first)
    s.ctl.create("still", ["Home"])
    assert s.ctl.ok(get_stats=pb.GetStats()).stats.stacks == 1
    started = time.monotonic()
    first.stop(expect_rc=0)
    assert time.monotonic() - started < EXIT_TIMEOUT
