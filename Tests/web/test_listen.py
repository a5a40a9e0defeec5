"""Where `segue web` listens: only on the address it is given, and an address it cannot serve on is an error
before any daemon is started for it."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from conftest import bin_dir


def listening_addresses(port: int) -> set[str]:
    """The local addresses of the listening TCP sockets on `port`, from /proc/net/tcp and tcp6 (hex, as there)."""
    addresses = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        for line in Path(table).read_text().splitlines()[1:]:
            fields = line.split()
            address, hex_port = fields[1].rsplit(":", 1)
            if fields[3] == "0A" and int(hex_port, 16) == port:  # 0A: LISTEN
                addresses.add(address)
    return addresses


def test_a_loopback_address_is_all_it_listens_on(gateway):
    port = int(gateway.origin.rsplit(":", 1)[1])
    # 127.0.0.1 as /proc writes it (little-endian hex), and nothing else: no IPv6 wildcard that takes IPv4 too.
    assert listening_addresses(port) == {"0100007F"}


def segue_web(*args: str) -> subprocess.CompletedProcess:
    command = [str(bin_dir() / "segue"), "web", "--segued", str(bin_dir() / "segued"), *args]
    return subprocess.run(command, capture_output=True, text=True, timeout=30, stdin=subprocess.DEVNULL)


@pytest.mark.parametrize("args, status, says", [
    (["--listen", "10.255.255.1:0"], 2, "--listen 10.255.255.1 is not an address of this machine"),
    (["--listen", "999.1.1.1:0"], 2, "the host must be an IP address of this machine"),
    (["--listen", "example.com:7780"], 2, "the host must be an IP address of this machine"),
    (["--listen", "127.0.0.1:0", "--assets", "/nonexistent"], 2, "the page's files are not at /nonexistent"),
])
def test_an_address_it_cannot_serve_on_is_a_usage_error(args, status, says):
    result = segue_web(*args)
    assert result.returncode == status, result
    assert says in result.stderr, result.stderr
    assert "started segued" not in result.stdout


def test_a_port_in_use_fails_before_a_daemon_is_started(gateway):
    port = int(gateway.origin.rsplit(":", 1)[1])
    result = segue_web("--listen", f"127.0.0.1:{port}")
    assert result.returncode == 1, result
    assert f"127.0.0.1:{port} is in use" in result.stderr, result.stderr
    assert "started segued" not in result.stdout
