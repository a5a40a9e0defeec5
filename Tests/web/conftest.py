"""Browser fixtures: `segue web` as a subprocess (which starts its own segued on a temporary directory and
wildcard loopback ports), a raw WebSocket client to it, and a real headless Chromium driven by Selenium through
Debian's chromium-driver.

Every wait is bounded and waits for a condition, never for time: the gateway's ready line is read with
select(), page state is polled through `window.segue` with WebDriverWait.

Screenshots the README shows go to $SEGUE_WEB_SCREENSHOTS when it is set (`make screenshots` sets docs/img); the
others, and all of them without it, to the test's temporary directory.
"""

from __future__ import annotations

import json
import os
import resource
import select
import signal
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterator

import pytest
import websocket
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.support.ui import WebDriverWait

REPO = Path(__file__).resolve().parents[2]
READY_TIMEOUT = 20.0
WAIT = 10.0


def bin_dir() -> Path:
    base = os.environ.get("SEGUE_BIN_DIR")
    return Path(base) if base else REPO / ".build" / "debug"


@dataclass
class Gateway:
    proc: subprocess.Popen
    url: str
    ingest: str
    control: str
    events: str
    output: list[str]

    @property
    def ws_url(self) -> str:
        return self.url.replace("http://", "ws://", 1)

    @property
    def origin(self) -> str:
        return self.url.split("/?")[0].rstrip("/")

    def command(self, *args: str) -> list[str]:
        return [str(bin_dir() / "segue"), *args, "--ingest", self.ingest, "--control", self.control,
                "--events", self.events]

    def cli(self, *args: str) -> subprocess.CompletedProcess:
        """`segue` against the gateway's daemon; fails the test on a non-zero exit."""
        result = subprocess.run(self.command(*args), capture_output=True, text=True, timeout=30)
        assert result.returncode == 0, f"{' '.join(args)} exited {result.returncode}: {result.stderr}"
        return result

    def stop(self) -> None:
        if self.proc.poll() is None:
            os.kill(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.kill(self.proc.pid, signal.SIGKILL)
                self.proc.wait(timeout=10)
                raise AssertionError("segue web did not exit within 20 s of SIGTERM")
        rest = self.proc.stdout.read().decode(errors="replace") if self.proc.stdout else ""
        self.output.append(rest)
        assert self.proc.returncode == 0, f"segue web exited {self.proc.returncode}:\n{''.join(self.output)}"


def read_lines_until(proc: subprocess.Popen, prefixes: tuple[str, ...], timeout: float, seen: list[str]) -> list[str]:
    """Lines of the child's stdout until one starts with the last of `prefixes`; returns the first line starting
    with each (a line may be missing, then ""). Fails on EOF or timeout. One read may bring several lines, so all
    the lines looked for are found in one pass."""
    fd = proc.stdout.fileno()
    deadline = time.monotonic() + timeout
    buffer = b""
    found = {prefix: "" for prefix in prefixes}
    while True:
        while b"\n" in buffer:
            line, buffer = buffer.split(b"\n", 1)
            text = line.decode()
            seen.append(text + "\n")
            for prefix in prefixes:
                if text.startswith(prefix) and not found[prefix]:
                    found[prefix] = text
            if found[prefixes[-1]]:
                return [found[prefix] for prefix in prefixes]
        left = deadline - time.monotonic()
        assert left > 0, f"no '{prefixes[-1]}' line within {timeout}s; output so far:\n{''.join(seen)}"
        ready, _, _ = select.select([fd], [], [], left)
        if ready:
            chunk = os.read(fd, 4096)
            assert chunk, f"segue web exited before '{prefixes[-1]}'; output:\n{''.join(seen)}"
            buffer += chunk


def start_gateway(extra: list[str] | None = None, daemon: Gateway | None = None,
                  open_files: int | None = None) -> Gateway:
    """`segue web --listen 127.0.0.1:0`, pointed at a control endpoint nobody answers so it starts its own
    segued, or at `daemon`'s; stop it by pid (`Gateway.stop`, SIGTERM), which stops a segued it started too.
    `open_files` sets its descriptor limit, soft and hard."""
    if daemon:
        endpoints = {"ingest": daemon.ingest, "control": daemon.control, "events": daemon.events}
        where = [arg for name, endpoint in endpoints.items() for arg in (f"--{name}", endpoint)]
    else:
        where = ["--control", "tcp://127.0.0.1:9", "--segued", str(bin_dir() / "segued")]
    command = [str(bin_dir() / "segue"), "web", "--listen", "127.0.0.1:0", *where, *(extra or [])]

    def limit_open_files() -> None:
        if open_files:
            resource.setrlimit(resource.RLIMIT_NOFILE, (open_files, open_files))

    proc = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                            preexec_fn=limit_open_files)
    seen: list[str] = []
    try:
        started, ready = read_lines_until(proc, ("started segued", "segue web ready"), READY_TIMEOUT, seen)
        if not daemon:
            assert started, f"no daemon was started; output:\n{''.join(seen)}"
            endpoints = dict(part.split("=", 1) for part in started.split(": ", 1)[1].split())
        url = ready.split("url=", 1)[1]
        return Gateway(proc, url, endpoints["ingest"], endpoints["control"], endpoints["events"], seen)
    except BaseException:
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(timeout=10)
        raise


@pytest.fixture(scope="module")
def gateway() -> Iterator[Gateway]:
    gateway = start_gateway()
    yield gateway
    gateway.stop()


class Closed(Exception):
    """The gateway closed the connection, with this WebSocket status and reason."""

    def __init__(self, status: int, reason: str):
        super().__init__(f"closed {status}: {reason}")
        self.status = status
        self.reason = reason


class RawSocket:
    """A WebSocket client that speaks the gateway's JSON by hand, as a script or a hostile client would."""

    def __init__(self, gateway: Gateway, origin: str | None = None):
        self.socket = websocket.create_connection(gateway.ws_url, origin=origin or gateway.origin, timeout=WAIT)
        self.hello = self.next(lambda m: "hello" in m)

    def send(self, message: Any) -> None:
        self.socket.send(message if isinstance(message, str) else json.dumps(message))

    def next(self, predicate: Callable[[dict], bool], timeout: float = WAIT, health: bool = False) -> dict:
        """The next message that satisfies `predicate`; others are skipped, and so is what the gateway says of
        the daemon's health (`{"daemon": ...}`) unless `health`."""
        deadline = time.monotonic() + timeout
        while True:
            self.socket.settimeout(max(deadline - time.monotonic(), 0.01))
            opcode, data = self.socket.recv_data(control_frame=True)
            if opcode == websocket.ABNF.OPCODE_CLOSE:
                raise Closed(int.from_bytes(data[:2], "big") if len(data) >= 2 else 0, data[2:].decode())
            if opcode != websocket.ABNF.OPCODE_TEXT:
                continue
            message = json.loads(data)
            if "daemon" in message and not health:
                continue
            if predicate(message):
                return message

    def ask(self, message: dict, ref: str) -> dict:
        self.send({**message, "ref": ref})
        answer = self.next(lambda m: m.get("ref") == ref)
        assert "error" not in answer, answer
        return answer

    def events(self, stack_id: str) -> list[dict]:
        """Every event of one stack, read from the daemon's log through the gateway."""
        events, position = [], 0
        while True:
            reply = self.ask({"request": {"readEvents": {"fromPosition": position, "stackId": stack_id}}},
                             ref=f"read-{position}")["reply"]["events"]
            events += reply.get("events", [])
            position = reply["nextPosition"]
            if position > reply["headPosition"]:
                return events

    def close(self) -> None:
        self.socket.close()


@pytest.fixture
def raw(gateway: Gateway) -> Iterator[RawSocket]:
    client = RawSocket(gateway)
    yield client
    client.close()


@pytest.fixture(scope="module")
def browser() -> Iterator[webdriver.Chrome]:
    options = webdriver.ChromeOptions()
    options.binary_location = os.environ.get("SEGUE_CHROMIUM", "/usr/bin/chromium")
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1280,900",
                     "--disable-dev-shm-usage"]:
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(os.environ.get("SEGUE_CHROMEDRIVER", "/usr/bin/chromedriver")),
                              options=options)
    try:
        yield driver
    finally:
        driver.quit()


@pytest.fixture
def page(browser: webdriver.Chrome, gateway: Gateway) -> webdriver.Chrome:
    """The page, loaded fresh, with its playground stack created."""
    browser.get(gateway.url)
    wait_for(browser, "return document.body.dataset.ready === 'true' && window.segue.playground.stackId")
    return browser


def wait_for(driver: webdriver.Chrome, script: str, *args: Any, timeout: float = WAIT) -> Any:
    """Polls a script until it returns something truthy, and returns that."""
    return WebDriverWait(driver, timeout, poll_frequency=0.05).until(lambda d: d.execute_script(script, *args))


def screenshot(driver: webdriver.Chrome, name: str, tmp_path: Path) -> Path:
    """Saves the page as web-NAME.png: into $SEGUE_WEB_SCREENSHOTS when the README shows that picture, else beside
    the test, so that `make screenshots` writes only what the README shows."""
    published = f"docs/img/web-{name}.png" in (REPO / "README.md").read_text()
    folder = Path(os.environ["SEGUE_WEB_SCREENSHOTS"]) if published and "SEGUE_WEB_SCREENSHOTS" in os.environ else tmp_path
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"web-{name}.png"
    driver.save_screenshot(str(path))
    return path
