#!/usr/bin/env python3
"""Writes golden protobuf encodings made by Google's protobuf runtime into Tests/SegueWireTests/Golden/.

Usage (from the repository root, with a Python that has protobuf and grpcio-tools, such as the dev venv):

    python3 -m venv .build/venv && .build/venv/bin/pip install -q protobuf grpcio-tools
    .build/venv/bin/python scripts/make_golden.py

It compiles proto/segue.proto to Python classes with grpc_tools.protoc (into a temporary directory) and writes:

    Golden/<case>.bin     the encoding of each hand-picked case of `cases()` below (edge cases: negative int64,
    Golden/<case>.txt     -0.0 and NaN, unknown enum numbers, optional presence, empty submessages, every oneof
                          of the top-level messages, nested messages longer than 127 and 16383 bytes, ...),
                          with the value in protobuf text format, for humans
    Golden/samples.bin    the encoding of every sample of scripts/generate_wire.py (`samples()`): every message
    Golden/samples.txt    with every field set, and every oneof member; as records of
                          varint(name length) name varint(encoding length) encoding
    Golden/samples.json   each sample as Google's proto3 JSON printer writes it with default values printed
                          (`json_format.MessageToDict(..., always_print_fields_with_no_presence=True)`), one
                          `{"name": ..., "json": {...}}` per line, for the JSON writers of SegueJSON
    Golden/cases.json     the same for each case of `cases()` (zeros, empty messages, optional fields present
                          and absent)

The Swift tests (Tests/SegueWireTests/GoldenTests.swift) build the same values and compare both ways. The output
is deterministic; rerun after changing the proto, the samples or the cases, and keep the files in the tree.
"""

from __future__ import annotations

import importlib
import json
import math
import subprocess
import sys
import tempfile
from pathlib import Path
from types import ModuleType

SCRIPTS = Path(__file__).resolve().parent
ROOT = SCRIPTS.parent
GOLDEN = ROOT / "Tests" / "SegueWireTests" / "Golden"

sys.path.insert(0, str(SCRIPTS))
import generate_wire as gw  # noqa: E402  (needs the sys.path entry above)


def compile_proto(directory: str) -> ModuleType:
    subprocess.run(
        [sys.executable, "-m", "grpc_tools.protoc", "-I", "proto", f"--python_out={directory}", "proto/segue.proto"],
        cwd=ROOT,
        check=True,
    )
    sys.path.insert(0, directory)
    return importlib.import_module("segue_pb2")


# ---------------------------------------------------------------------------------------------------- samples


def sample_message(pb: ModuleType, value: object):
    if isinstance(value, gw.EmptyMessage):
        return getattr(pb, value.message.name)()
    assert isinstance(value, gw.SampleValue)
    message = getattr(pb, value.message.name)()
    for f, field_value in value.fields:
        if f.label == "repeated":
            target = getattr(message, f.name)
            for element in field_value:
                if isinstance(element, (gw.SampleValue, gw.EmptyMessage)):
                    target.add().CopyFrom(sample_message(pb, element))
                else:
                    target.append(scalar(element))
        elif isinstance(field_value, (gw.SampleValue, gw.EmptyMessage)):
            target = getattr(message, f.name)
            target.SetInParent()
            target.CopyFrom(sample_message(pb, field_value))
        else:
            setattr(message, f.name, scalar(field_value))
    # Every field of the sample is set: each plain field, and one member of each oneof.
    expected = len([f for f in value.message.fields if f.oneof is None]) + len(value.message.oneofs)
    assert len(message.ListFields()) == expected, (value.name, message.ListFields())
    return message


def scalar(value: object) -> object:
    return value.number if isinstance(value, gw.EnumNumber) else value


def varint(value: int) -> bytes:
    out = bytearray()
    while value >= 0x80:
        out.append(value & 0x7F | 0x80)
        value >>= 7
    out.append(value)
    return bytes(out)


# ---------------------------------------------------------------------------------------------------- cases


def cases(pb: ModuleType) -> list[tuple[str, str, object]]:
    """(name, description, message) for each hand-picked golden case. GoldenTests.swift builds the same values."""
    out = []

    def case(name: str, description: str, message: object) -> None:
        out.append((name, description, message))

    case("vec2_negative_zero", "-0.0 is written (its bit pattern is not zero); 0.0 is not",
         pb.Vec2(x=-0.0, y=0.0))
    case("vec2_nan_infinity", "a quiet NaN and -infinity are written with their exact bits",
         pb.Vec2(x=math.nan, y=-math.inf))
    case("rect_extremes", "the smallest subnormal, the largest finite double, and 1/3",
         pb.Rect(x=5e-324, y=1.7976931348623157e308, width=1 / 3, height=-1e-300))
    case("pan_event_negative",
         "negative int64 as a ten-byte varint, uint64 max, an empty present submessage, UTF-8 text",
         pb.PanEvent(stack_id="\u30ca\u30d3-\u00df-\U0001F680", gesture_id=2**64 - 1, phase=pb.PAN_BEGAN,
                     location=pb.Vec2(), translation=pb.Vec2(x=-3.25), timestamp_us=-1, target=pb.PAN_TARGET_BACK))
    case("pan_event_unknown_enums", "enum numbers the proto does not declare, one negative (ten-byte varint)",
         pb.PanEvent(stack_id="s", phase=7, target=-2))
    tuning = pb.Tuning(edge_width=0.0, progress_distance=0.0, finish_threshold=0.0, fling_velocity=0.0, settle_ms=0,
                       damping_ratio=0.0, parallax=0.0, dimming=0.0, gesture_timeout_ms=0)
    case("tuning_present_zeros", "proto3 optional fields set to their default are written", tuning)
    case("tuning_partial", "some optional fields present, the others absent",
         pb.Tuning(edge_width=20.0, settle_ms=350, dimming=0.1))
    config = pb.StackConfig(right_to_left=True)
    config.size.SetInParent()
    config.tuning.SetInParent()
    case("stack_config_empty_submessages", "present but empty submessages are written as empty", config)
    case("screen_options_rects", "a repeated message field whose first and last elements are empty",
         pb.ScreenOptions(exclusion_rects=[pb.Rect(), pb.Rect(x=1, y=2, width=3, height=4), pb.Rect()]))
    case("input_pan", "Input with its pan member",
         pb.Input(pan=pb.PanEvent(stack_id="nav", gesture_id=42, phase=pb.PAN_CHANGED,
                                  location=pb.Vec2(x=120.5, y=300), translation=pb.Vec2(x=80.25, y=-4),
                                  velocity=pb.Vec2(x=950, y=12.5), timestamp_us=123_456_789,
                                  target=pb.PAN_TARGET_TABS)))
    case("input_command_delete", "Input with its command member, whose op is an empty DeleteStack",
         pb.Input(command=pb.Command(stack_id="nav", delete=pb.DeleteStack())))
    case("command_create", "a create command with expected_version present and zero, and a nested config",
         pb.Command(stack_id="nav", request_id="req-1", expected_version=0,
                    create=pb.CreateStack(screens=["home", "detail"],
                                          config=pb.StackConfig(size=pb.Size(width=390, height=844), profile="ios",
                                                                fps=120, tuning=pb.Tuning(dimming=0.1)))))
    case("command_select_tab_default", "a oneof member whose value is all defaults is still written",
         pb.Command(stack_id="tabs", select_tab=pb.SelectTab()))
    case("command_push_options", "push with screen options",
         pb.Command(stack_id="nav", expected_version=7,
                    push=pb.Push(screen="detail", options=pb.ScreenOptions(
                        back_gesture_disabled=True, exclusion_rects=[pb.Rect(x=0, y=0, width=20, height=844)]))))
    case("event_empty", "an Event with nothing set encodes to no bytes", pb.Event())
    case("event_stack_created", "Event with stack_created",
         pb.Event(position=1, stack_id="nav", version=1, time_us=1_700_000_000_000_000, request_id="req-1",
                  stack_created=pb.StackCreated(tabs=["a", "b", "c"], selected_tab=2,
                                                config=pb.StackConfig(size=pb.Size(width=390, height=844)))))
    case("event_progressed", "Event with progressed",
         pb.Event(position=9, stack_id="nav", version=4, time_us=5,
                  progressed=pb.TransitionProgressed(transition_id=3, progress=0.42,
                                                     translation=pb.Vec2(x=163.8), velocity=pb.Vec2(x=-120))))
    case("event_finished_negative_settle", "a negative int64 and -0.0 inside a oneof member",
         pb.Event(position=10, finished=pb.TransitionFinished(transition_id=3, progress=0.8, velocity=-0.0,
                                                              reason=pb.FLUNG_BACK, settle_us=-5)))
    case("event_completed_empty_strings", "repeated strings with empty elements are written",
         pb.Event(position=11, completed=pb.TransitionCompleted(transition_id=3, screens=["", "a"], presented=[""])))
    case("event_deleted", "Event with the empty deleted member", pb.Event(position=12, deleted=pb.StackDeleted()))
    case("event_screen_options_many_rects", "nested messages longer than 127 bytes (two-byte lengths)",
         pb.Event(position=13, screen_options_set=pb.ScreenOptionsSet(
             screen="detail",
             options=pb.ScreenOptions(exclusion_rects=[pb.Rect(x=i, y=i * 2.5, width=10, height=i + 0.125)
                                                       for i in range(12)]))))
    case("request_get_stats", "Request with the empty get_stats member",
         pb.Request(request_id="r1", get_stats=pb.GetStats()))
    case("request_read_events", "Request with read_events", pb.Request(read_events=pb.ReadEvents(max_count=1000)))
    case("reply_error", "a Reply carrying an error",
         pb.Reply(request_id="r2",
                  error=pb.Error(code=pb.VERSION_CONFLICT, message="expected version 3, stack is at 4")))
    case("reply_error_unknown_code_empty", "an error with an undeclared code, and the empty stats member",
         pb.Reply(error=pb.Error(code=99), stats=pb.Stats()))
    case("reply_stack_state", "a Reply with a stack state and its transition",
         pb.Reply(request_id="r3", stack=pb.StackState(
             stack_id="nav", version=8, screens=["home", "detail"], presented=["sheet"], selected_tab=0,
             config=pb.StackConfig(size=pb.Size(width=390, height=844), profile="fluid"),
             transition=pb.TransitionState(transition_id=5, operation=pb.POP, from_screen="detail",
                                           to_screen="home", interactive=True, phase=pb.TRACKING,
                                           progress=0.25))))
    case("reply_events_large", "an event batch longer than 16383 bytes (three-byte length)",
         pb.Reply(request_id="r4", events=pb.EventBatch(
             events=[pb.Event(position=p, stack_id=f"stack-{p % 7}", version=p, time_us=1_700_000_000_000_000 + p,
                              progressed=pb.TransitionProgressed(transition_id=p, progress=p / 400,
                                                                 translation=pb.Vec2(x=p * 0.5)))
                     for p in range(1, 401)],
             next_position=401, head_position=2**40)))
    case("reply_stack_list", "Reply with stacks", pb.Reply(stacks=pb.StackList(stack_ids=["a", "nav", "tabs"])))
    case("stats_extremes", "uint64 max, a negative int64 and a double",
         pb.Stats(head_position=2**64 - 1, stacks=1, inputs_received=2**63, inputs_rejected=127,
                  events_appended=128, frames_published=16384, log_bytes=2**35, fsync_p99_us=1234.5,
                  uptime_us=-(2**63)))
    case("frame_full", "a Frame with both view frames", pb.Frame(
        stack_id="nav", transition_id=5, sequence=17, time_us=99, progress=0.5, phase=pb.SETTLING,
        dimming=0.05, shadow=0.2, position=40,
        **{"from": pb.ViewFrame(screen="detail", rect=pb.Rect(x=195, width=390, height=844), alpha=1),
           "to": pb.ViewFrame(screen="home", rect=pb.Rect(x=-58.5, width=390, height=844), alpha=1)}))
    case("rejection_unknown_code", "a Rejection with an undeclared error code",
         pb.Rejection(stack_id="nav", gesture_id=9, request_id="q", error=pb.Error(code=1000, message="?"),
                      time_us=-7))
    return out


# ---------------------------------------------------------------------------------------------------- main


def main() -> int:
    proto = gw.parse()
    with tempfile.TemporaryDirectory() as directory:
        pb = compile_proto(directory)
        from google.protobuf import json_format, text_format

        def json_line(name: str, message: object) -> str:
            # Zeros and empty lists are printed, as `--json` writes them; optional fields and messages only when set.
            printed = json_format.MessageToDict(message, always_print_fields_with_no_presence=True)
            return json.dumps({"name": name, "json": printed}, sort_keys=True, ensure_ascii=False) + "\n"

        files: dict[str, bytes] = {}
        case_lines = ""
        for name, description, message in cases(pb):
            text = f"# {message.DESCRIPTOR.full_name}: {description}\n"
            text += text_format.MessageToString(message, as_utf8=True)
            files[f"{name}.bin"] = message.SerializeToString(deterministic=True)
            files[f"{name}.txt"] = text.encode("utf-8")
            case_lines += json_line(name, message)
        files["cases.json"] = case_lines.encode("utf-8")

        records = bytearray()
        listing = ""
        json_lines = ""
        for sample in gw.samples(proto):
            message = sample_message(pb, sample)
            encoded = message.SerializeToString(deterministic=True)
            name = sample.name.encode("utf-8")
            records += varint(len(name)) + name + varint(len(encoded)) + encoded
            listing += f"# {sample.name} ({len(encoded)} bytes)\n"
            listing += text_format.MessageToString(message, as_utf8=True) + "\n"
            json_lines += json_line(sample.name, message)
        files["samples.bin"] = bytes(records)
        files["samples.json"] = json_lines.encode("utf-8")
        files["samples.txt"] = listing.encode("utf-8")

    GOLDEN.mkdir(parents=True, exist_ok=True)
    for stale in sorted(GOLDEN.iterdir()):
        if stale.suffix in (".bin", ".txt", ".json") and stale.name not in files:
            stale.unlink()
            print(f"removed: {stale.relative_to(ROOT)}")
    changed = 0
    for name, data in sorted(files.items()):
        path = GOLDEN / name
        if not path.exists() or path.read_bytes() != data:
            path.write_bytes(data)
            changed += 1
    print(f"{len(files)} golden files in {GOLDEN.relative_to(ROOT)} ({changed} written)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
