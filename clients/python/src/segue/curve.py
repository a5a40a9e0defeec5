"""CURVE keys of a client: the daemon's public key and the client's own key pair, all Z85."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import zmq
from zmq.utils import z85

from . import segue_pb2 as pb
from .errors import SegueError


def _read_key(path: str) -> str:
    """The 40-character Z85 key on the first line of a `segue keygen` file."""
    try:
        first = Path(path).read_bytes().split(b"\n", 1)[0].strip(b" \t\r").decode("latin-1")
    except OSError as exc:
        raise SegueError(pb.INVALID_ARGUMENT, f"cannot read key file {path}: {exc.strerror}") from exc
    if not _is_z85_key(first):
        raise SegueError(pb.INVALID_ARGUMENT, f"key file {path} does not start with a 40-character Z85 key")
    return first


def _is_z85_key(key: str) -> bool:
    """Whether `key` is a 40-character Z85 key (32 bytes)."""
    if len(key) != 40 or not key.isascii():
        return False
    try:
        z85.decode(key.encode())
    except (KeyError, ValueError):
        return False
    return True


@dataclass(frozen=True)
class CurveKeys:
    server_public_key: str
    public_key: str
    secret_key: str

    def __post_init__(self) -> None:
        for name in ("server_public_key", "public_key", "secret_key"):
            if not _is_z85_key(getattr(self, name)):
                raise SegueError(pb.INVALID_ARGUMENT, f"CurveKeys.{name} is not a 40-character Z85 key")

    @classmethod
    def from_files(cls, server_key: str, key_file: str) -> CurveKeys:
        """As the CLI reads them: `server_key` is the daemon's key or its `.pub` file, `key_file` the client's
        `.key` file (the public key is derived from it)."""
        if len(server_key) == 40 and not Path(server_key).exists():
            server = server_key  # checked with the others, as the dataclass is made
        else:
            server = _read_key(server_key)
        secret = _read_key(key_file)
        public = zmq.curve_public(secret.encode()).decode()
        return cls(server_public_key=server, public_key=public, secret_key=secret)

    def apply(self, socket: zmq.Socket[bytes]) -> None:
        """Makes `socket` a CURVE client of the daemon; call before connecting."""
        socket.curve_serverkey = self.server_public_key.encode()
        socket.curve_publickey = self.public_key.encode()
        socket.curve_secretkey = self.secret_key.encode()
