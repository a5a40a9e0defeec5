"""The `Daemon` helper and the pytest fixture: no segued left behind, and no run that passes without one."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from segue.daemon import segued_binary

STARTER = """
import sys
from pathlib import Path
from segue.daemon import Daemon
daemon = Daemon(Path(sys.argv[1]))
print(daemon.process.pid, flush=True)
sys.stdin.read()
"""


def _running(pid: int) -> bool:
    """Whether `pid` runs (a zombie has ended: only its exit status is left for a parent to read)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except (FileNotFoundError, ProcessLookupError):
        return False


def test_segued_ends_when_the_process_that_started_it_is_killed(tmp_path: Path) -> None:
    starter = subprocess.Popen([sys.executable, "-c", STARTER, str(tmp_path / "data")], stdin=subprocess.PIPE,
                               stdout=subprocess.PIPE, text=True)
    assert starter.stdout is not None
    pid = int(starter.stdout.readline())
    assert _running(pid)
    starter.kill()
    starter.wait()
    deadline = time.monotonic() + 30
    while _running(pid) and time.monotonic() < deadline:
        time.sleep(0.05)  # not our child: nothing to wait on but its /proc entry
    if _running(pid):
        os.kill(pid, signal.SIGKILL)
        raise AssertionError(f"segued (pid {pid}) outlived the process that started it")


FIXTURE_USER = """
def test_uses_the_daemon(segued):
    assert segued.stats().stacks == 0
"""


def _run_fixture_user(tmp_path: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    (tmp_path / "test_fixture_user.py").write_text(FIXTURE_USER)
    return subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "test_fixture_user.py"],
                          cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120)


def test_the_fixture_fails_when_segued_names_no_executable(tmp_path: Path) -> None:
    env = {**os.environ, "SEGUED": str(tmp_path / "no-such-segued")}
    run = _run_fixture_user(tmp_path, env)
    assert run.returncode != 0 and "1 error" in run.stdout, run.stdout
    assert "is not an executable" in run.stdout


def test_the_fixture_skips_only_without_any_segued(tmp_path: Path) -> None:
    env = {**os.environ, "PATH": os.path.dirname(sys.executable)}
    env.pop("SEGUED", None)
    assert "1 skipped" in _run_fixture_user(tmp_path, env).stdout
    env["PATH"] += os.pathsep + os.path.dirname(segued_binary())
    assert "1 passed" in _run_fixture_user(tmp_path, env).stdout
