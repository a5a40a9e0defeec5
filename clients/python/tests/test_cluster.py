"""`segue.Cluster` against a loopback three-node nats-server cluster with JetStream and segued --cluster daemons:
holders found from their signed leases, commands and feeds following a holder killed with SIGKILL to its standby,
and the refusals (a forged lease, servers without JetStream, no holder, no server)."""

from __future__ import annotations

import asyncio
import os
import secrets
import string
import subprocess
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from itertools import islice
from pathlib import Path

import pytest
import zmq

pytest.importorskip("nats", reason="the cluster extra (nats-py) is not installed")
pytest.importorskip("cryptography", reason="the cluster extra (cryptography) is not installed")
pytest.importorskip("nkeys", reason="the cluster extra (nats-py[nkeys]) is not installed")

import nats  # noqa: E402
import nkeys  # noqa: E402
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey  # noqa: E402

from segue import Cluster, SegueError, SegueUnavailable, pb, shard_of  # noqa: E402
from segue.daemon import Daemon, segued_binary  # noqa: E402
from segue.nats_cluster import NATSCluster, nats_server_binary  # noqa: E402
from segue.receiving import endpoint as last_endpoint  # noqa: E402

SHARDS = 2
OPERATIONS = Path(__file__).resolve().parents[3] / "docs" / "operations.md"


@dataclass
class ClusterRun:
    nats: NATSCluster
    key_file: Path
    public_key: str
    directory: Path
    daemons: dict[str, Daemon]

    def start(self, node: str, shard: int, *extra: str) -> Daemon:
        """segued --cluster for `shard` as `node` (the holder if the shard has none, else a standby)."""
        daemon = Daemon(self.directory / node, "--cluster", ",".join(self.nats.urls), "--cluster-key",
                        str(self.key_file), "--shard", str(shard), "--shards", str(SHARDS), "--node", node, *extra,
                        ready_timeout=30)
        self.daemons[node] = daemon
        return daemon


def binaries() -> tuple[str, str]:
    """segued and the segue beside it, or a skip (a failure when SEGUED names no executable)."""
    if nats_server_binary() is None:
        pytest.skip("nats-server is not installed (scripts/install-deps.sh --test)")
    try:
        segued = segued_binary()
    except FileNotFoundError as exc:
        if os.environ.get("SEGUED"):
            pytest.fail(str(exc), pytrace=False)
        pytest.skip(str(exc))
    return segued, str(Path(segued).with_name("segue"))


@contextmanager
def running(directory: Path, configuration: str | None = None,
            environment: dict[str, str] | None = None) -> Iterator[ClusterRun]:
    """Three nats-servers and a cluster key (`segue keygen --cluster`); the daemons the test starts are killed by
    pid at the end, then the servers."""
    _, segue = binaries()
    subprocess.run([segue, "keygen", "--cluster", "--out", str(directory / "cluster")], check=True,
                   capture_output=True)
    public = (directory / "cluster.pub").read_text().splitlines()[0]
    with NATSCluster(directory, configuration=configuration, environment=environment) as servers:
        run = ClusterRun(servers, directory / "cluster.key", public, directory, {})
        try:
            yield run
        finally:
            for daemon in run.daemons.values():
                daemon.kill()


@pytest.fixture
def cluster_run(tmp_path: Path) -> Iterator[ClusterRun]:
    with running(tmp_path) as run:
        yield run


@pytest.fixture
def two_shards(cluster_run: ClusterRun) -> ClusterRun:
    """Two shards, each with a holder (a0, a1) and a standby (b0, b1)."""
    for shard in range(SHARDS):
        assert not cluster_run.start(f"a{shard}", shard).standing_by
        assert cluster_run.start(f"b{shard}", shard).standing_by
    return cluster_run


def stacks_of(shard: int, count: int) -> list[str]:
    found = [f"stack-{index}" for index in range(100) if shard_of(f"stack-{index}", SHARDS) == shard]
    return found[:count]


def test_the_client_finds_each_shards_holder(two_shards: ClusterRun) -> None:
    with Cluster(two_shards.nats.urls, two_shards.public_key) as cluster:
        assert cluster.shards == SHARDS
        for shard in range(SHARDS):
            holder = cluster.holder(shard)
            assert holder is not None and holder.node == f"a{shard}"
            assert holder.control == two_shards.daemons[f"a{shard}"].control
        zero, one = stacks_of(0, 1)[0], stacks_of(1, 1)[0]
        for stack in (zero, one):
            cluster.create(stack, ["Home"])
            assert cluster.push(stack, "Detail", immediate=True).version == 4
        assert cluster.state(one).screens[-1] == "Detail"
        assert cluster.stacks() == sorted([zero, one])
        with pytest.raises(SegueError, match="one stack or one shard"):
            cluster.events()
        # Each shard's holder has its own stacks only: the commands went to the holder of each one's shard.
        with Cluster(",".join(two_shards.nats.urls)) as trusting:  # the key the daemons recorded
            assert [len(trusting.history(stack)) for stack in (zero, one)] == [4, 4]
            assert trusting.stats(0).head_position == 4 and trusting.stats(1).head_position == 4
    for closed_call in (lambda: cluster.state(zero), lambda: cluster.holder(0)):
        with pytest.raises(SegueError, match="is closed") as raised:
            closed_call()
        assert raised.value.code == "CLIENT_CLOSED"


def test_commands_and_a_feed_follow_a_holder_killed_to_its_standby(two_shards: ClusterRun) -> None:
    stack = stacks_of(0, 1)[0]
    with Cluster(two_shards.nats.urls, two_shards.public_key, timeout=15) as cluster:
        cluster.create(stack, ["Home"])
        feed = cluster.events(stack, from_position=1, idle_check=0.2)
        assert [event.version for event in islice(feed, 1)] == [1]
        version = cluster.push(stack, "A", immediate=True).version
        two_shards.daemons["a0"].kill()
        # With expected_version the push is sent again to the successor once the holder does not answer.
        pushed = cluster.push(stack, "B", immediate=True, expected_version=version)
        assert pushed.version == version + 3
        moved_to = cluster.shard(0).holder
        assert moved_to is not None and moved_to.node == "b0"
        assert cluster.holder(0) == moved_to
        cluster.pop(stack, immediate=True)
        final = pushed.version + 3
        events = list(islice(feed, final - 1))
        assert [event.version for event in events] == list(range(2, final + 1))
        assert [event.position for event in events] == list(range(2, final + 1))


def test_a_feed_of_a_shard_has_every_event_once_across_a_kill_during_commands(two_shards: ClusterRun) -> None:
    stacks = stacks_of(1, 3)
    expected = len(stacks) * (1 + 2 * 3)  # each stack: created, then two immediate pushes of three events
    servers, key = two_shards.nats.urls, two_shards.public_key
    with Cluster(servers, key, timeout=15) as cluster, Cluster(servers, key, timeout=15) as feeds:
        feed = feeds.events(shard=1, from_position=1, idle_check=0.2)  # its own client, in its own thread
        read: list[pb.Event] = []
        reader = threading.Thread(target=lambda: read.extend(islice(feed, expected)))
        reader.start()
        versions = {}
        for index, stack in enumerate(stacks):
            versions[stack] = cluster.create(stack, ["Home"]).version
            if index == 1:
                two_shards.daemons["a1"].kill()
            for screen in ("A", "B"):
                versions[stack] = cluster.push(stack, screen, immediate=True,
                                               expected_version=versions[stack]).version
        reader.join(60)
        assert not reader.is_alive()
        assert cluster.stats(1).head_position == expected
        assert [event.position for event in read] == list(range(1, expected + 1))
        assert {stack: [e.version for e in read if e.stack_id == stack] for stack in stacks} == {
            stack: list(range(1, versions[stack] + 1)) for stack in stacks}
        followed = feeds.shard(1).holder
        assert followed is not None and followed.node == "b1"


def test_a_command_without_expected_version_whose_holder_died_is_not_sent_again(two_shards: ClusterRun) -> None:
    stack = stacks_of(0, 1)[0]
    with Cluster(two_shards.nats.urls, two_shards.public_key, timeout=2) as cluster:
        cluster.create(stack, ["Home"])
        two_shards.daemons["a0"].kill()
        with pytest.raises(SegueUnavailable, match="holder of shard 0 .*did not answer"):
            cluster.push(stack, "Lost", immediate=True)
        two_shards.daemons["b0"].await_ready()
        assert cluster.push(stack, "Next", immediate=True).version == 4  # the next call finds the successor
        assert list(cluster.state(stack).screens) == ["Home", "Next"]


def test_a_lease_not_signed_with_the_clusters_key_is_refused(cluster_run: ClusterRun) -> None:
    cluster_run.start("a0", 0)  # shard 1 has no holder: the forged lease stays
    attacker = Ed25519PrivateKey.generate()
    context = zmq.Context()
    trap = context.socket(zmq.ROUTER)
    trap.linger = 0
    trap.bind("tcp://127.0.0.1:*")
    endpoint = last_endpoint(trap)
    lease = pb.ShardLease(node="attacker", shard=1, shards=SHARDS, ingest=endpoint, control=endpoint,
                          events=endpoint).SerializeToString()
    forged = pb.SignedRecord(record=lease, signature=attacker.sign(b"segue-leases/shard-1\n" + lease))

    async def write() -> None:
        connection = await nats.connect(servers=cluster_run.nats.urls)
        leases = await connection.jetstream().key_value("segue-leases")
        await leases.put("shard-1", forged.SerializeToString())
        await connection.close()

    asyncio.run(write())
    with Cluster(cluster_run.nats.urls, cluster_run.public_key) as cluster:
        with pytest.raises(SegueUnavailable, match="lease of shard 1 .* is not one a daemon of the cluster wrote "
                                                   r"\(not signed with the cluster's key.*not used"):
            cluster.create(stacks_of(1, 1)[0], ["Home"])
        cluster.create(stacks_of(0, 1)[0], ["Home"])
    assert trap.poll(0) == 0  # nothing was sent to the forged endpoints
    context.destroy(linger=0)
    stranger = Ed25519PrivateKey.generate().public_key().public_bytes_raw()
    with pytest.raises(SegueUnavailable, match="not the cluster's"):
        Cluster(cluster_run.nats.urls, stranger)


def documented_accounts() -> str:
    """The accounts.conf of docs/operations.md ("Authentication and permissions"), as written there."""
    text = OPERATIONS.read_text()
    start = text.index("```\n# accounts.conf") + len("```\n")
    return text[start:text.index("```", start)]


def test_the_reader_and_a_shards_nkey_follow_holders_under_the_documented_permissions(tmp_path: Path) -> None:
    # Letters only: nats-server reads a $VARIABLE's value as a configuration value, and digits first as a number.
    passwords = {user: "".join(secrets.choice(string.ascii_letters) for _ in range(24))
                 for user in ("segued-0", "segue-reader", "others")}
    for user, password in passwords.items():
        (tmp_path / f"{user}.password").write_text(password + "\n")
    seed = nkeys.encode_seed(os.urandom(32), nkeys.PREFIX_BYTE_USER)
    (tmp_path / "shard-1.nk").write_bytes(seed + b"\n")
    environment = {"SEGUED_0_PASSWORD": passwords["segued-0"], "SEGUE_READER_PASSWORD": passwords["segue-reader"],
                   "OTHERS_PASSWORD": passwords["others"],
                   "SEGUED_1_NKEY": nkeys.from_seed(bytearray(seed)).public_key.decode()}
    shard_0 = ["--nats-user", "segued-0", "--nats-password-file", str(tmp_path / "segued-0.password")]
    with running(tmp_path, documented_accounts(), environment) as run:
        for node in ("a0", "b0"):
            run.start(node, 0, *shard_0)
        run.start("a1", 1, "--nats-nkey", str(tmp_path / "shard-1.nk"))
        zero, one = stacks_of(0, 1)[0], stacks_of(1, 1)[0]
        with Cluster(run.nats.urls, run.public_key, timeout=15, nats_user="segue-reader",
                     nats_password_file=str(tmp_path / "segue-reader.password")) as cluster:
            version = cluster.create(zero, ["Home"]).version
            run.daemons["a0"].kill()
            assert cluster.push(zero, "Detail", immediate=True, expected_version=version).version == 4
            cluster.create(one, ["Home"])
        with Cluster(run.nats.urls, nats_nkey=str(tmp_path / "shard-1.nk")) as as_shard_1:
            assert list(as_shard_1.state(one).screens) == ["Home"]
        with pytest.raises(SegueUnavailable, match="do not run JetStream for this account"):
            Cluster(run.nats.urls, timeout=2, nats_user="others",  # an account without JetStream
                    nats_password_file=str(tmp_path / "others.password"))
        (tmp_path / "wrong.password").write_text("wrong\n")
        with pytest.raises(SegueUnavailable, match="(?i)authorization"):
            Cluster(run.nats.urls, timeout=2, nats_user="segue-reader",
                    nats_password_file=str(tmp_path / "wrong.password"))


def test_a_shard_without_a_holder_is_unavailable_within_the_timeout(cluster_run: ClusterRun) -> None:
    cluster_run.start("a0", 0)
    with Cluster(cluster_run.nats.urls, timeout=0.5) as cluster:
        with pytest.raises(SegueUnavailable, match="no daemon holds shard 1 .*segue-leases/shard-1"):
            cluster.state(stacks_of(1, 1)[0])


def test_servers_without_jetstream_or_without_a_cluster_are_named(tmp_path: Path) -> None:
    binaries()
    with NATSCluster(tmp_path / "plain", size=1, jetstream=False) as plain:
        with pytest.raises(SegueUnavailable, match="do not run JetStream"):
            Cluster(plain.urls, timeout=2)
    with NATSCluster(tmp_path / "empty", size=1) as empty:
        with pytest.raises(SegueUnavailable, match="has a segued --cluster started"):
            Cluster(empty.urls, timeout=2)
        port = empty.client_ports[0]
    with pytest.raises(SegueUnavailable, match="no NATS server answers"):
        Cluster(f"nats://127.0.0.1:{port}", timeout=1)


@pytest.mark.parametrize("kwargs, message", [
    ({"servers": "http://127.0.0.1:4222"}, "nats://HOST:PORT"),
    ({"servers": []}, "nats://HOST:PORT"),
    ({"public_key": "not-a-key"}, "neither 64 hexadecimal digits nor a readable file"),
    ({"nats_user": "reader"}, "needs its password file"),
    ({"nats_user": "reader", "nats_password_file": "/nonexistent"}, "cannot read the NATS password file"),
    ({"nats_creds": "/x", "nats_nkey": "/y"}, "one kind at a time"),
    ({"nats_tls_cert": "/x"}, "needs its key"),
    ({"timeout": 0}, "timeout must be"),
])
def test_bad_arguments_are_refused_before_connecting(kwargs: dict[str, object], message: str) -> None:
    arguments: dict[str, object] = {"servers": "nats://127.0.0.1:1"} | kwargs
    with pytest.raises(SegueError, match=message) as raised:
        Cluster(**arguments)  # type: ignore[arg-type]
    assert raised.value.code == "INVALID_ARGUMENT"


def test_from_env_needs_segue_cluster() -> None:
    with pytest.raises(SegueError, match="SEGUE_CLUSTER is not set"):
        Cluster.from_env({})
