"""`segue web --cluster` in the browser, in front of a loopback three-node nats-server cluster with two shards: the
monitor lists the stacks of every shard, the playground drives its stack at its shard's holder, and the page goes on
once the holder of a shard is killed and its standby takes over."""

from __future__ import annotations

import os
import signal
import subprocess
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from conftest import READY_TIMEOUT, bin_dir, read_lines_until, wait_for

pytest.importorskip("segue.nats_cluster", reason="the Python client is not installed")

from segue import shard_of  # noqa: E402
from segue.daemon import Daemon  # noqa: E402
from segue.nats_cluster import NATSCluster, nats_server_binary  # noqa: E402

SHARDS = 2


@dataclass
class Cluster:
    urls: str
    daemons: dict[str, Daemon]

    def cli(self, *args: str) -> None:
        """`segue ... --cluster URLS`; fails the test on a non-zero exit."""
        result = subprocess.run([str(bin_dir() / "segue"), *args, "--cluster", self.urls], capture_output=True,
                                text=True, timeout=30)
        assert result.returncode == 0, f"{' '.join(args)} exited {result.returncode}: {result.stderr}"


@pytest.fixture
def cluster(tmp_path: Path) -> Iterator[Cluster]:
    """Shard 0 with a holder (a0) and a standby (b0), shard 1 with a holder (a1); killed by pid at the end."""
    if nats_server_binary() is None:
        pytest.skip("nats-server is not installed (scripts/install-deps.sh --test)")
    subprocess.run([str(bin_dir() / "segue"), "keygen", "--cluster", "--out", str(tmp_path / "cluster")], check=True,
                   capture_output=True)
    with NATSCluster(tmp_path) as servers:
        urls = ",".join(servers.urls)
        daemons: dict[str, Daemon] = {}
        try:
            key = str(tmp_path / "cluster.key")
            for node, shard in [("a0", 0), ("b0", 0), ("a1", 1)]:
                daemons[node] = Daemon(tmp_path / node, "--cluster", urls, "--cluster-key", key, "--shard", str(shard),
                                       "--shards", str(SHARDS), "--node", node, binary=str(bin_dir() / "segued"),
                                       ready_timeout=30)
            yield Cluster(urls, daemons)
        finally:
            for daemon in daemons.values():
                daemon.kill()


@dataclass
class Web:
    proc: subprocess.Popen
    url: str
    output: list[str]


@pytest.fixture
def web(cluster: Cluster) -> Iterator[Web]:
    """`segue web --cluster`, stopped by pid (SIGTERM) at the end."""
    proc = subprocess.Popen([str(bin_dir() / "segue"), "web", "--listen", "127.0.0.1:0", "--cluster", cluster.urls],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
    seen: list[str] = []
    try:
        ready, = read_lines_until(proc, ("segue web ready",), READY_TIMEOUT, seen)
        yield Web(proc, ready.split("url=", 1)[1], seen)
    finally:
        os.kill(proc.pid, signal.SIGTERM)
        assert proc.wait(timeout=20) == 0, "".join(seen)


def stack_of(shard: int) -> str:
    return next(f"stack-{index}" for index in range(100) if shard_of(f"stack-{index}", SHARDS) == shard)


ROW_COMPLETED = """const row = document.querySelector(`#mon-table tr[data-stack="${arguments[0]}"]`);
    return row && row.cells[2].textContent.includes('completed')"""


def test_the_monitor_shows_every_shard_and_the_page_goes_on_through_a_failover(browser, cluster, web):
    first, second = stack_of(0), stack_of(1)
    cluster.cli("create", first, "--screens", "Home")
    cluster.cli("create", second, "--screens", "Home")
    browser.get(web.url)
    wait_for(browser, "return document.body.dataset.ready === 'true' && window.segue.playground.stackId")
    # The badge turns from "asking the daemon" once the cluster's shards answer the gateway.
    wait_for(browser, "return document.getElementById('status').textContent.startsWith('connected to the cluster')")
    status = browser.find_element("id", "status").text
    assert f"connected to the cluster at {cluster.urls} (2 shards)" in status, status

    # The playground's stack, on whichever shard, and one stack of each shard, all on one monitor.
    browser.find_element("css selector", '.tab[data-view="monitor"]').click()
    playground = browser.execute_script("return window.segue.playground.stackId")
    for stack_id in (first, second, playground):
        wait_for(browser, "return document.querySelector(`#mon-table tr[data-stack=\"${arguments[0]}\"]`)", stack_id)

    cluster.daemons["a0"].kill()
    cluster.daemons["b0"].await_ready()
    read_lines_until(web.proc, ("segue: shard 0 of 2 changed hands, from a0 to b0",), READY_TIMEOUT, web.output)
    cluster.cli("push", first, "Detail", "--immediate")
    cluster.cli("push", second, "Detail", "--immediate")
    for stack_id in (first, second):
        wait_for(browser, ROW_COMPLETED, stack_id)
