"""Commands, queries, errors and connection settings of `Segue`, against a real segued."""

from __future__ import annotations

from pathlib import Path

import pytest
import zmq

from segue import CurveKeys, Segue, SegueError, SegueUnavailable, pb
from segue.daemon import Daemon


def test_commands_change_the_stack_and_queries_read_it(segued: Segue) -> None:
    created = segued.create("main", ["Home"], profile="classic")
    assert created.version == 1
    segued.push("main", "Detail", immediate=True)
    segued.present("main", "Sheet", immediate=True)
    state = segued.state("main")
    assert (list(state.screens), list(state.presented)) == (["Home", "Detail"], ["Sheet"])
    segued.dismiss("main", immediate=True)
    segued.pop("main", immediate=True)
    segued.push("main", "A", immediate=True)
    segued.push("main", "B", immediate=True)
    segued.pop_to_root("main", immediate=True)
    assert list(segued.state("main").screens) == ["Home"]
    segued.create("tabs", tabs=["Feed", "Profile"])
    segued.tab("tabs", 1, immediate=True)
    assert segued.state("tabs").selected_tab == 1
    assert segued.stacks() == ["main", "tabs"]
    segued.delete("tabs")
    assert segued.stacks() == ["main"]
    stats = segued.stats()
    assert stats.stacks == 1 and stats.head_position == len(segued.history())


def test_refusals_raise_with_the_contract_code(segued: Segue) -> None:
    with pytest.raises(SegueError) as unknown:
        segued.state("nope")
    assert unknown.value.code == "UNKNOWN_STACK" and "nope" in unknown.value.message
    segued.create("main", ["Home"])
    with pytest.raises(SegueError) as exists:
        segued.create("main", ["Home"])
    assert exists.value.code == "STACK_EXISTS"
    with pytest.raises(SegueError) as root:
        segued.pop("main")
    assert root.value.code == "NOTHING_TO_POP"
    with pytest.raises(SegueError) as conflict:
        segued.push("main", "Detail", expected_version=7)
    assert conflict.value.code == "VERSION_CONFLICT"


def test_a_daemon_that_does_not_answer_raises_unavailable(segued_daemon: Daemon) -> None:
    segued_daemon.stop()
    with Segue.connect(segued_daemon.ingest, segued_daemon.control, segued_daemon.events, timeout=0.3) as client:
        with pytest.raises(SegueUnavailable) as error:
            client.stats()
    assert error.value.code == "UNAVAILABLE" and segued_daemon.control in error.value.message


def test_from_env_reads_the_endpoints_the_cli_reads(segued_daemon: Daemon) -> None:
    environ = {"SEGUE_INGEST": segued_daemon.ingest, "SEGUE_CONTROL": segued_daemon.control,
               "SEGUE_EVENTS": segued_daemon.events}
    with Segue.from_env(environ) as client:
        assert client.stats().stacks == 0
    with pytest.raises(SegueError, match="SEGUE_CURVE_KEY_FILE"):
        Segue.from_env({**environ, "SEGUE_CURVE_SERVER_KEY": "x" * 40})


def test_curve_keys_from_files_reach_a_curve_daemon(tmp_path: Path) -> None:
    server_public, server_secret = zmq.curve_keypair()
    client_public, client_secret = zmq.curve_keypair()
    (tmp_path / "server.key").write_bytes(server_secret + b"\n")
    (tmp_path / "server.pub").write_bytes(server_public + b"\n")
    (tmp_path / "client.key").write_bytes(client_secret + b"\n# public " + client_public + b"\n")
    (tmp_path / "authorized").write_bytes(client_public + b"\n")
    with Daemon(tmp_path / "data", "--curve-secret-key", str(tmp_path / "server.key"),
                "--authorized-keys", str(tmp_path / "authorized")) as daemon:
        environ = {"SEGUE_CONTROL": daemon.control, "SEGUE_CURVE_SERVER_KEY": str(tmp_path / "server.pub"),
                   "SEGUE_CURVE_KEY_FILE": str(tmp_path / "client.key")}
        with Segue.from_env(environ) as client:
            assert client.curve == CurveKeys(server_public.decode(), client_public.decode(), client_secret.decode())
            assert client.stats().stacks == 0
        with Segue.connect(control=daemon.control, timeout=0.5) as plain:
            with pytest.raises(SegueUnavailable):
                plain.stats()


def test_resize_screen_options_and_create_expectations(segued: Segue) -> None:
    with pytest.raises(SegueError) as conflict:
        segued.create("main", ["Home"], expected_version=3)
    assert conflict.value.code == "VERSION_CONFLICT"
    segued.create("main", ["Home"], expected_version=0, config=pb.StackConfig(safe_area=pb.Insets(left=20)))
    segued.resize("main", 844, 390)
    exclusion = pb.Rect(x=0, y=0, width=40, height=100)
    segued.push("main", "Map", immediate=True, options=pb.ScreenOptions(exclusion_rects=[exclusion]))
    state = segued.state("main")
    assert (state.config.size.width, state.config.size.height) == (844, 390)
    assert state.config.safe_area.left == 20
    bodies = [e.WhichOneof("body") for e in segued.history("main")]
    assert bodies[:2] == ["stack_created", "resized"]


def test_flush_returns_once_earlier_inputs_are_decided(segued: Segue) -> None:
    rejections = segued.subscribe("er/")
    segued.send(pb.Input(pan=pb.PanEvent(stack_id="nope", gesture_id=1, phase=pb.PAN_BEGAN)))
    segued.flush()
    assert rejections.poll(0), "the pan's rejection was not published before the flush returned"
    rejections.close()
