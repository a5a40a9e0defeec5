"""CURVE keys of a client: the daemon's public key and the client's own key pair, all Z85."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import zmq

from .errors import SegueError


def _read_key(path: str) -> str:
    """The 40-character Z85 key on the first line of a `segue keygen` file."""
    try:
        first = Path(path).read_text().split("\n", 1)[0].strip(" \t\r")
    except OSError as exc:
        raise SegueError("INVALID_ARGUMENT", f"cannot read key file {path}: {exc.strerror}") from exc
    if len(first) != 40:
        raise SegueError("INVALID_ARGUMENT", f"key file {path} does not start with a 40-character Z85 key")
    return first


@dataclass(frozen=True)
class CurveKeys:
    server_public_key: str
    public_key: str
    secret_key: str

    @classmethod
    def from_files(cls, server_key: str, key_file: str) -> CurveKeys:
        """As the CLI reads them: `server_key` is the daemon's key or its `.pub` file, `key_file` the client's
        `.key` file (the public key is derived from it)."""
        server = server_key if len(server_key) == 40 and not Path(server_key).exists() else _read_key(server_key)
        secret = _read_key(key_file)
        public = zmq.curve_public(secret.encode()).decode()
        return cls(server_public_key=server, public_key=public, secret_key=secret)

    def apply(self, socket: zmq.Socket[bytes]) -> None:
        """Makes `socket` a CURVE client of the daemon; call before connecting."""
        socket.curve_serverkey = self.server_public_key.encode()
        socket.curve_publickey = self.public_key.encode()
        socket.curve_secretkey = self.secret_key.encode()
