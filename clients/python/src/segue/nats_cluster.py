"""A nats-server cluster with JetStream on loopback, started and stopped by pid (for tests and tools), as the Swift
tests start theirs (Sources/SegueTestSupport/NATSCluster.swift): free client and route ports, a store directory and a
log per node, ready once every node logs that it serves clients and knows the JetStream metadata leader."""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import threading
from pathlib import Path
from types import TracebackType
from typing import IO

from .daemon import ended_with_parent


def nats_server_binary() -> str | None:
    """nats-server on the PATH or in /usr/sbin (where Debian puts it), None when it is not installed."""
    return shutil.which("nats-server") or shutil.which("nats-server", path="/usr/sbin")


def free_ports(count: int) -> list[int]:
    """`count` loopback ports free now (bound to port 0 and released together, so they differ)."""
    sockets = [socket.socket() for _ in range(count)]
    try:
        for sock in sockets:
            sock.bind(("127.0.0.1", 0))
        return [sock.getsockname()[1] for sock in sockets]
    finally:
        for sock in sockets:
            sock.close()


class NATSNode:
    """One nats-server, its stderr copied to its log file by a thread that also says when it is ready."""

    def __init__(self, binary: str, arguments: list[str], log_path: Path, clustered: bool,
                 environment: dict[str, str]) -> None:
        self.log_path = log_path
        self.process = subprocess.Popen([binary, *arguments], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                        stderr=subprocess.PIPE, env={**os.environ, **environment},
                                        preexec_fn=ended_with_parent())
        # Set once the node is ready, or once its stderr ended (it exited): `is_ready` tells which.
        self.settled = threading.Event()
        self.is_ready = False
        self._copier = threading.Thread(target=self._copy, args=(clustered,), name="nats-log", daemon=True)
        self._copier.start()

    def _copy(self, clustered: bool) -> None:
        assert self.process.stderr is not None
        serving, leader_known = False, not clustered
        with open(self.log_path, "ab") as log:
            for line in self.process.stderr:
                log.write(line)
                log.flush()
                serving = serving or b"Server is ready" in line
                leader_known = leader_known or b"metadata leader" in line
                if serving and leader_known and not self.is_ready:
                    self.is_ready = True
                    self.settled.set()
        self.settled.set()

    def kill(self) -> None:
        """SIGKILL by pid, then waits for it and its log."""
        if self.process.poll() is None:
            os.kill(self.process.pid, signal.SIGKILL)
        self.process.wait()
        self._copier.join()
        stderr: IO[bytes] | None = self.process.stderr
        if stderr is not None:
            stderr.close()


class NATSCluster:
    """`size` nats-servers with JetStream (`jetstream=False`: without, as a misconfigured server) in a cluster on
    free loopback ports, with stores and logs under `directory`. A start whose nodes are not ready within
    `ready_timeout` (a port taken meanwhile, a node that never learns of a leader on a loaded machine) is tried again
    on new ports, three times in all. Every node is killed by pid on `stop()`.

    Given a `configuration` file's text (accounts, users, permissions), every node loads it with `-c`, with
    `environment` holding the values it names as `$NAME`; ports, store and routes stay on the command line, which
    overrides the file."""

    def __init__(self, directory: Path, size: int = 3, *, jetstream: bool = True, ready_timeout: float = 30.0,
                 configuration: str | None = None, environment: dict[str, str] | None = None) -> None:
        binary = nats_server_binary()
        if binary is None:
            raise FileNotFoundError("nats-server not found (PATH, /usr/sbin): run scripts/install-deps.sh --test")
        self.nodes: list[NATSNode] = []
        failures: list[str] = []
        for attempt in range(3):
            ports = free_ports(2 * size)
            self.client_ports = ports[:size]
            base = directory / f"nats-{attempt}"
            base.mkdir(parents=True)
            routes = ",".join(f"nats://127.0.0.1:{port}" for port in ports[size:])
            loaded: list[str] = []
            if configuration is not None:
                (base / "accounts.conf").write_text(configuration)
                loaded = ["-c", str(base / "accounts.conf")]
            for index in range(size):
                arguments = [*loaded, "-n", f"node{index + 1}", "-a", "127.0.0.1", "-p", str(ports[index])]
                if jetstream:
                    arguments += ["-js", "-sd", str(base / f"node{index + 1}")]
                if size > 1:
                    arguments += ["--cluster_name", "segue", "-cluster", f"nats://127.0.0.1:{ports[size + index]}",
                                  "-routes", routes]
                self.nodes.append(NATSNode(binary, arguments, base / f"node{index + 1}.log",
                                           clustered=size > 1 and jetstream, environment=environment or {}))
            if all(node.settled.wait(ready_timeout) and node.is_ready for node in self.nodes):
                return
            failures.append("; ".join(f"{node.log_path}: {node.log_path.read_text(errors='replace')[-400:]}"
                                      for node in self.nodes))
            self.stop()
        raise RuntimeError("nats-server cluster not ready: " + " | ".join(failures))

    @property
    def urls(self) -> list[str]:
        return [f"nats://127.0.0.1:{port}" for port in self.client_ports]

    def stop(self) -> None:
        for node in self.nodes:
            node.kill()
        self.nodes = []

    def __enter__(self) -> NATSCluster:
        return self

    def __exit__(self, kind: type[BaseException] | None, value: BaseException | None,
                 traceback: TracebackType | None) -> None:
        self.stop()
