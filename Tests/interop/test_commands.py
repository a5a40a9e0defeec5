"""Commands and queries over the control socket (REQ and DEALER), and their error replies."""

from __future__ import annotations

import zmq

from conftest import (
    CLASSIC_SETTLE_US,
    HEIGHT,
    WIDTH,
    Session,
    assert_gapless,
    assert_positions_consecutive,
    bodies,
    check_sequences,
    check_settle,
)


def transition_events(s: Session, stack: str, transition_id: int) -> list:
    return [e for e in s.sub.events(stack)
            if e.WhichOneof("body") in ("began", "finished", "cancelled", "completed", "progressed")
            and getattr(e, e.WhichOneof("body")).transition_id == transition_id]


def run_animated(s: Session, stack: str, request_id: str, transition_id: int, **op) -> tuple[list, list, object]:
    pb = s.pb
    reply = s.ctl.command(stack, request_id=request_id, **op)
    assert not reply.HasField("error"), f"{op}: {reply.error}"
    s.sub.wait_event(stack, "completed", transition_id=transition_id)
    s.sub.wait_frame(stack, pb.DONE, transition_id)
    return transition_events(s, stack, transition_id), s.sub.frames(stack, transition_id), reply


def test_animated_push_and_pop(session: Session) -> None:
    s, pb = session, session.pb
    s.ctl.create("nav", ["Home"])

    events, frames, reply = run_animated(s, "nav", "push-1", 1, push=pb.Push(screen="Detail"))
    assert bodies(events) == ["began", "finished", "completed"], bodies(events)
    began, finished, completed = events
    assert (began.began.operation, began.began.from_screen, began.began.to_screen, began.began.interactive) == (
        pb.PUSH, "Home", "Detail", False), f"began: {began.began}"
    assert finished.finished.reason == pb.PROGRAMMATIC
    assert finished.finished.settle_us == CLASSIC_SETTLE_US, "a classic push takes the whole 250 ms"
    assert completed.completed.finished is True and list(completed.completed.screens) == ["Home", "Detail"]
    assert [e.request_id for e in events] == ["push-1"] * 3, "every event a command causes carries its request_id"
    assert (reply.command.first_position, reply.command.last_position, reply.command.version) == (
        began.position, finished.position, finished.version), f"CommandResult {reply.command}"
    check_sequences(frames)
    assert all(f.phase != pb.TRACKING for f in frames)
    check_settle(pb, frames, finished, CLASSIC_SETTLE_US, "Home", "Detail", target=1.0, start_fraction=0.0,
                 backward=False, decision_position=finished.position, done_position=completed.position)
    assert frames[-1].to.rect.x == 0.0, "the pushed screen ends in place"

    events, frames, reply = run_animated(s, "nav", "pop-1", 2, pop=pb.Pop())
    assert bodies(events) == ["began", "finished", "completed"], bodies(events)
    began, finished, completed = events
    assert (began.began.operation, began.began.from_screen, began.began.to_screen, began.began.interactive) == (
        pb.POP, "Detail", "Home", False), f"began: {began.began}"
    assert finished.finished.reason == pb.PROGRAMMATIC and finished.finished.settle_us == CLASSIC_SETTLE_US
    assert completed.completed.finished is True and list(completed.completed.screens) == ["Home"]
    assert [e.request_id for e in events] == ["pop-1"] * 3
    check_sequences(frames)
    check_settle(pb, frames, finished, CLASSIC_SETTLE_US, "Detail", "Home", target=1.0, start_fraction=0.0,
                 backward=True, decision_position=finished.position, done_position=completed.position)
    assert getattr(frames[-1], "from").rect.x == WIDTH and frames[-1].to.rect.x == 0.0

    all_events = s.sub.events("nav")
    assert_gapless(all_events)
    assert_positions_consecutive(all_events)


def test_immediate_push_and_pop(session: Session) -> None:
    s, pb = session, session.pb
    s.ctl.create("nav", ["Home"])
    for tid, request_id, op, screens, names in (
        (1, "push-now", {"push": pb.Push(screen="Detail", immediate=True)}, ["Home", "Detail"], ("Home", "Detail")),
        (2, "pop-now", {"pop": pb.Pop(immediate=True)}, ["Home"], ("Detail", "Home")),
    ):
        reply = s.ctl.command("nav", request_id=request_id, **op)
        assert not reply.HasField("error"), reply.error
        s.sub.wait_event("nav", "completed", transition_id=tid)
        s.sub.wait_frame("nav", pb.DONE, tid)
        events = transition_events(s, "nav", tid)
        assert bodies(events) == ["began", "finished", "completed"]
        began, finished, completed = events
        assert began.began.interactive is False
        assert (began.began.from_screen, began.began.to_screen) == names
        assert finished.finished.reason == pb.PROGRAMMATIC
        assert completed.completed.finished is True and list(completed.completed.screens) == screens
        assert [e.request_id for e in events] == [request_id] * 3
        assert_positions_consecutive(events)
        assert (reply.command.first_position, reply.command.last_position, reply.command.version) == (
            began.position, completed.position, completed.version), "an immediate command appends all three"
        s.sub.sync()
        frames = s.sub.frames("nav", tid)
        assert len(frames) == 1 and frames[0].phase == pb.DONE, f"immediate: one DONE frame, got {frames}"
        done = frames[0]
        assert done.sequence == 1 and done.progress == 1.0
        assert done.time_us == finished.time_us + finished.finished.settle_us
        assert done.position == completed.position
        assert (getattr(done, "from").screen, done.to.screen) == names
        state = s.ctl.ok(get_stack=pb.GetStack(stack_id="nav")).stack
        assert list(state.screens) == screens and state.version == completed.version
    assert_gapless(s.sub.events("nav"))


def test_second_command_during_a_transition(session: Session) -> None:
    s, pb = session, session.pb
    # A long settle (classic with settle_ms 1500) so that the second command surely lands during it.
    reply = s.ctl.command("busy", create=pb.CreateStack(screens=["Home"], config=pb.StackConfig(
        size=pb.Size(width=WIDTH, height=HEIGHT), profile="classic", tuning=pb.Tuning(settle_ms=1500))))
    assert not reply.HasField("error"), reply.error
    started = s.ctl.command("busy", request_id="first", push=pb.Push(screen="Detail"))
    assert not started.HasField("error"), started.error

    state = s.ctl.ok(get_stack=pb.GetStack(stack_id="busy")).stack
    assert state.HasField("transition"), "a settling stack reports its transition"
    t = state.transition
    assert (t.transition_id, t.operation, t.from_screen, t.to_screen, t.interactive, t.phase) == (
        1, pb.PUSH, "Home", "Detail", False, pb.SETTLING), f"transition state: {t}"

    for op in ({"push": pb.Push(screen="Other")}, {"pop": pb.Pop()}, {"push": pb.Push(screen="X", immediate=True)}):
        second = s.ctl.command("busy", request_id="second", **op)
        assert second.HasField("error") and second.error.code == pb.TRANSITION_IN_PROGRESS, (
            f"{op} during a settle answered {second}")
    s.sub.wait_event("busy", "completed", timeout=5.0)
    s.sub.sync()
    events = s.sub.events("busy")
    assert bodies(events) == ["stack_created", "began", "finished", "completed"], bodies(events)
    assert events[2].finished.settle_us == 1_500_000
    assert all(e.request_id != "second" for e in events)
    assert s.sub.rejections("busy") == []


def test_error_replies(session: Session) -> None:
    s, pb = session, session.pb
    s.ctl.create("nav", ["Home"])
    head = s.ctl.read_events(0)[0].head_position

    def error_of(reply) -> int:
        assert reply.HasField("error"), f"expected an error, got {reply}"
        assert reply.WhichOneof("body") is None, f"an error reply carries a body: {reply}"
        assert reply.error.message, f"error without a message: {reply.error}"
        return reply.error.code

    assert error_of(s.ctl.command("ghost", push=pb.Push(screen="A"))) == pb.UNKNOWN_STACK
    assert error_of(s.ctl.call(get_stack=pb.GetStack(stack_id="ghost"))) == pb.UNKNOWN_STACK
    assert error_of(s.ctl.command("nav", create=pb.CreateStack(
        screens=["Home"], config=pb.StackConfig(size=pb.Size(width=WIDTH, height=HEIGHT))))) == pb.STACK_EXISTS
    bad = s.ctl.command("a/b", create=pb.CreateStack(
        screens=["Home"], config=pb.StackConfig(size=pb.Size(width=WIDTH, height=HEIGHT), profile="classic")))
    assert error_of(bad) == pb.INVALID_ARGUMENT
    message = bad.error.message
    for allowed in ("A-Z", "a-z", "0-9", ".", "_", ":", "-"):
        assert allowed in message, f"message {message!r} does not name the allowed characters ({allowed!r})"
    assert error_of(s.ctl.command("nav", pop=pb.Pop())) == pb.NOTHING_TO_POP
    assert error_of(s.ctl.command("nav", pop=pb.Pop(immediate=True))) == pb.NOTHING_TO_POP

    for garbage in (b"\xff\xff\xff", b"\x0a\x05ab", b"\x52\x02\x08"):
        reply = s.ctl.call_raw(garbage)
        assert error_of(reply) == pb.MALFORMED, f"{garbage.hex()} answered {reply}"
    s.sub.sync()
    assert s.ctl.read_events(0)[0].head_position == head, "a refused command reached the log"
    assert bodies(s.sub.events()) == ["stack_created"]
    assert s.ctl.ok(get_stack=pb.GetStack(stack_id="nav")).stack.version == 1


def test_req_and_dealer_with_and_without_delimiter(session: Session) -> None:
    s, pb = session, session.pb
    s.ctl.create("nav", ["Home"])
    expected = ["nav"]
    for name, kind, delimiter in (("req", zmq.REQ, True), ("d1", zmq.DEALER, True), ("d0", zmq.DEALER, False)):
        control = s.control(kind, delimiter=delimiter)
        for _ in range(2):
            reply = control.ok(list_stacks=pb.ListStacks())
            assert sorted(reply.stacks.stack_ids) == expected
        expected = sorted(expected + [name])
        created = control.create(name, ["Home"])
        assert created.command.version == 1
        assert control.call_raw(b"\xff").error.code == pb.MALFORMED


def test_queries(session: Session) -> None:
    s, pb = session, session.pb
    created = s.ctl.create("alpha", ["Home", "List"])
    s.ctl.create("beta", ["Root"], right_to_left=True, fps=30)
    event = s.sub.wait_event("alpha", "stack_created")
    assert event.request_id == created.request_id, "a command without request_id takes the Request's"
    reply = s.ctl.command("alpha", push=pb.Push(screen="Item", immediate=True))
    assert not reply.HasField("error")
    s.sub.wait_event("alpha", "completed")
    s.push.pan("ghost", gesture_id=1, phase=pb.PAN_BEGAN, x=1, tx=0)  # refused: no such stack
    s.sub.sync()

    alpha = s.ctl.ok(get_stack=pb.GetStack(stack_id="alpha")).stack
    assert alpha.stack_id == "alpha" and alpha.version == 4
    assert list(alpha.screens) == ["Home", "List", "Item"] and list(alpha.presented) == []
    assert alpha.config.profile == "classic"
    assert (alpha.config.size.width, alpha.config.size.height) == (WIDTH, HEIGHT)
    assert not alpha.HasField("transition")
    beta = s.ctl.ok(get_stack=pb.GetStack(stack_id="beta")).stack
    assert beta.version == 1 and list(beta.screens) == ["Root"]
    assert beta.config.right_to_left is True and beta.config.fps == 30

    assert sorted(s.ctl.ok(list_stacks=pb.ListStacks()).stacks.stack_ids) == ["alpha", "beta"]

    events = s.sub.events()
    stats = s.ctl.ok(get_stats=pb.GetStats()).stats
    assert stats.head_position == events[-1].position == len(events)
    assert stats.stacks == 2
    assert stats.events_appended == len(events)
    assert stats.frames_published >= 1
    assert stats.inputs_received >= 1 and stats.inputs_rejected == 1  # the pan for the unknown stack
    assert stats.log_bytes > 0 and stats.uptime_us > 0


def test_publish_probe_publishes_on_its_own_topic_and_changes_nothing(session: Session) -> None:
    s, pb = session, session.pb
    head = s.ctl.ok(get_stats=pb.GetStats()).stats.head_position
    reply = s.ctl.ok(publish_probe=pb.PublishProbe(token="py.probe-1"))
    assert reply.WhichOneof("body") is None
    # The live subscriber (subscribed to everything) gets it: it was published before the reply.
    s.sub.wait_probe("py.probe-1")
    assert s.ctl.ok(get_stats=pb.GetStats()).stats.head_position == head
    for token in ["", "a/b", "x" * 65]:
        refused = s.ctl.call(publish_probe=pb.PublishProbe(token=token))
        assert refused.error.code == pb.INVALID_ARGUMENT, f"{token!r}: {refused}"
        assert refused.error.message.startswith("probe token"), refused.error.message
    assert s.sub.published_probes == ["py.probe-1"]
