"""The checked-in protobuf module is what grpc_tools.protoc makes of proto/segue.proto today."""

from __future__ import annotations

from pathlib import Path

from grpc_tools import protoc

PACKAGE = Path(__file__).resolve().parents[1] / "src" / "segue"
PROTO = Path(__file__).resolve().parents[3] / "proto" / "segue.proto"


def test_generated_module_matches_the_proto(tmp_path: Path) -> None:
    rc = protoc.main(["grpc_tools.protoc", f"-I{PROTO.parent}", f"--python_out={tmp_path}",
                      f"--pyi_out={tmp_path}", str(PROTO)])
    assert rc == 0, f"protoc failed on {PROTO}"
    for name in ("segue_pb2.py", "segue_pb2.pyi"):
        assert (tmp_path / name).read_bytes() == (PACKAGE / name).read_bytes(), (
            f"{PACKAGE / name} is stale: regenerate it from {PROTO} (see clients/python/README.md)")
