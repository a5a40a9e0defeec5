"""A segued child process on wildcard loopback ports, started and stopped by pid (for tests and tools)."""

from __future__ import annotations

import ctypes
import os
import select
import shutil
import signal
import subprocess
import time
import sys
from collections.abc import Callable
from pathlib import Path
from types import TracebackType

from .errors import SegueUnavailable


def segued_binary() -> str:
    """$SEGUED, or segued on the PATH."""
    found = os.environ.get("SEGUED") or shutil.which("segued")
    if not found:
        raise FileNotFoundError("segued not found: put it on the PATH or set SEGUED to its path")
    if not os.access(found, os.X_OK):
        raise FileNotFoundError(f"SEGUED={found} is not an executable: build it (swift build) or fix the path")
    return found


# prctl's option that sends the child a signal when the thread that started it ends (linux/prctl.h).
PR_SET_PDEATHSIG = 1


def ended_with_parent() -> Callable[[], None] | None:
    """A preexec_fn that has the child sent SIGTERM when its parent ends, even by SIGKILL, so that a test run that
    is killed leaves no segued behind; None where prctl is not available."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        prctl = ctypes.CDLL(None, use_errno=True).prctl
    except (OSError, AttributeError):
        return None
    parent = os.getpid()

    def in_child() -> None:
        prctl(PR_SET_PDEATHSIG, signal.SIGTERM)
        if os.getppid() != parent:  # the parent ended before prctl took effect
            os.kill(os.getpid(), signal.SIGTERM)

    return in_child


class Daemon:
    """segued on `data`, bound to wildcard loopback ports (or to `endpoints`: ingest, control, events, such as
    those of a daemon stopped before, to start one again in its place), with `extra` flags. On Linux segued is
    sent SIGTERM when the thread that started it ends (or its process, killed or not): start it from a thread
    that outlives it.

    A daemon of a cluster (`extra` holding `--cluster`) that finds its shard held prints `segued standby ...`
    instead of its ready line: it is then `standing_by`, with empty endpoints until `await_ready()` reads the ready
    line it prints once it has taken the shard over."""

    def __init__(self, data: Path, *extra: str, binary: str | None = None, ready_timeout: float = 10.0,
                 endpoints: tuple[str, str, str] | None = None) -> None:
        self.data = data
        ingest, control, events = endpoints or ("tcp://127.0.0.1:*",) * 3
        self.stderr_path = data.parent / f"{data.name}.segued.stderr"
        with open(self.stderr_path, "wb") as err:
            self.process = subprocess.Popen(
                [binary or segued_binary(), "--data", str(data), "--ingest", ingest, "--control", control,
                 "--events", events, *extra],
                stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=err, preexec_fn=ended_with_parent())
        self.ingest = self.control = self.events = ""
        self._unread = b""
        line = self._read_line(ready_timeout)
        self.standing_by = line.startswith("segued standby ")
        if not self.standing_by:
            self._take_ready_line(line, ready_timeout)

    def await_ready(self, timeout: float = 30.0) -> None:
        """Waits for the ready line of a standby that takes its shard over (at once for a daemon that is ready)."""
        if self.standing_by:
            self._take_ready_line(self._read_line(timeout), timeout)
            self.standing_by = False

    def _take_ready_line(self, line: str, timeout: float) -> None:
        if not line.startswith("segued ready "):
            self.stop()
            raise SegueUnavailable(f"segued printed no ready line within {timeout}s (got {line!r}, exit "
                                   f"{self.process.returncode}): {self.stderr()}")
        fields = dict(part.split("=", 1) for part in line.split()[2:])
        self.ingest, self.control, self.events = fields["ingest"], fields["control"], fields["events"]

    def _read_line(self, timeout: float) -> str:
        """One line of stdout, waiting at most `timeout`; what came so far on EOF or timeout. What was read past
        the line is kept for the next."""
        assert self.process.stdout is not None
        fd = self.process.stdout.fileno()
        buffer = self._unread
        deadline = time.monotonic() + timeout
        while b"\n" not in buffer and (left := deadline - time.monotonic()) > 0:
            if not select.select([fd], [], [], left)[0]:
                break
            chunk = os.read(fd, 4096)
            if not chunk:
                break
            buffer += chunk
        line, _, self._unread = buffer.partition(b"\n")
        return line.decode(errors="replace").strip()

    def stderr(self) -> str:
        try:
            return self.stderr_path.read_text(errors="replace")
        except OSError:
            return ""

    def kill(self) -> int:
        """SIGKILL by pid (a crash); the exit status."""
        if self.process.poll() is None:
            os.kill(self.process.pid, signal.SIGKILL)
        return self.stop()

    def stop(self, timeout: float = 10.0) -> int:
        """SIGTERM by pid, then SIGKILL if it has not exited within `timeout`; the exit status."""
        if self.process.poll() is None:
            os.kill(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=timeout)
            except subprocess.TimeoutExpired:
                os.kill(self.process.pid, signal.SIGKILL)
                self.process.wait(timeout=timeout)
        if self.process.stdout is not None:
            self.process.stdout.close()
        return self.process.returncode

    def __enter__(self) -> Daemon:
        return self

    def __exit__(self, kind: type[BaseException] | None, value: BaseException | None,
                 traceback: TracebackType | None) -> None:
        self.stop()
