import Foundation
import SegueClient
import SegueClusterClient
import SegueTestSupport
import SegueWire
import Testing

extension NATSClusterSuites {
    /// Standbys that keep their engine state up with the shard's stream: a takeover of a shard whose log holds a
    /// million events replays nothing, and a standby started again follows from its newest snapshot, not from the
    /// stream's start. What the daemons did is read from their logs (the recovery report), not timed.
    @Suite struct HotStandbyTests {
        /// The numeric value of `name=` in a logfmt line.
        static func field(_ name: String, in line: String) -> UInt64? {
            line.split(separator: " ").first { $0.hasPrefix("\(name)=") }.flatMap {
                UInt64($0.dropFirst(name.count + 1))
            }
        }

        /// The daemon's log lines with `msg=<message>` (quoted when it has spaces).
        static func lines(_ message: String, of daemon: ClusterDaemon) -> [String] {
            let field = message.contains(" ") ? "msg=\"\(message)\"" : "msg=\(message)"
            return daemon.process.stderr.split(separator: "\n").map(String.init).filter { $0.contains(field) }
        }

        @Test func aStandbyOfAMillionEventLogTakesOverWithoutReplayingIt() throws {
            let nats = try NATSCluster.start()
            let seeded = try ShardStreamSeeder.seed(
                servers: nats.urls, shard: 0, shards: 1, key: ClusterTestKey.shared.key, events: 1_000_000)
            // The first daemon takes the shard over from the seeded history, folding it as it reads it.
            let holder = try ClusterDaemon(cluster: nats, shard: 0, shards: 1, node: "holder", readyTimeoutMs: 600_000)
            let standby = try ClusterDaemon(cluster: nats, shard: 0, shards: 1, node: "standby")
            #expect(standby.endpoints == nil)
            let control = try ControlClient(endpoint: try #require(holder.endpoints).control)
            let pushed = try control.command(
                Command(stackId: "seed-0", op: .push(Push(screen: "BeforeFailover", immediate: true))))
            #expect(pushed.firstPosition > seeded.events)
            let caughtUp = try standby.awaitLogLine(containing: "caught up with the shard's stream", timeoutMs: 600_000)
            #expect(Self.field("head", in: caughtUp).map { $0 >= seeded.events } == true, "\(caughtUp)")

            holder.process.kill()
            let successor = try ControlClient(endpoint: try standby.awaitReady(timeoutMs: 30000).control)
            // The state it serves is the one it followed: the holder's last command is in it.
            #expect(try successor.stack("seed-0").screens.last == "BeforeFailover")
            let next = try successor.command(
                Command(stackId: "seed-1", op: .push(Push(screen: "AfterFailover", immediate: true))))
            #expect(next.firstPosition == pushed.lastPosition + 1)

            // The recovery report: the standby rebuilt its state once, when it started on an empty directory, and
            // took the shard over with the million events it had followed, replaying none of them.
            let recovered = Self.lines("recovered", of: standby)
            #expect(recovered.count == 1, "\(standby.process.stderr)")
            #expect(recovered.first.flatMap { Self.field("replayed", in: $0) } == 0, "\(recovered)")
            let held = try #require(Self.lines("holds the shard", of: standby).first)
            #expect(Self.field("head", in: held) == pushed.lastPosition, "\(held)")
            #expect(Self.field("followed", in: held) == pushed.lastPosition, "\(held)")

            // Started again on its directory, the old holder rebuilds from its newest snapshot (taken while it was
            // following, every 100,000 events) and reads the stream from that snapshot's cursor on.
            let restarted = try ClusterDaemon(
                cluster: nats, shard: 0, shards: 1, node: "restarted", dataDirectory: holder.dataDirectory)
            let report = try #require(Self.lines("recovered", of: restarted).first)
            let snapshot = try #require(Self.field("snapshot", in: report))
            #expect(snapshot >= seeded.events - 100_000, "\(report)")
            #expect(Self.field("replayed", in: report).map { $0 < 100_000 } == true, "\(report)")
            let following = try #require(Self.lines("following the shard's stream", of: restarted).first)
            #expect(Self.field("from_sequence", in: following).map { $0 > 1 } == true, "\(following)")
            let restartedCaughtUp = try restarted.awaitLogLine(
                containing: "caught up with the shard's stream", timeoutMs: 120_000)
            #expect(Self.field("head", in: restartedCaughtUp) == next.lastPosition, "\(restartedCaughtUp)")
        }

        @Test func aKilledHolderIsReplacedWithoutWaitingForItsLeaseToLapse() throws {
            let nats = try NATSCluster.start()
            // A lease of 10 s: a takeover before it lapses can only come from the holder's presence subject going
            // silent.
            let holder = try ClusterDaemon(cluster: nats, shard: 0, shards: 1, node: "holder", leaseMs: 10000)
            let standby = try ClusterDaemon(cluster: nats, shard: 0, shards: 1, node: "standby", leaseMs: 10000)
            let control = try ControlClient(endpoint: try #require(holder.endpoints).control)
            _ = try control.command(
                Command(
                    stackId: "a",
                    op: .create(
                        CreateStack(screens: ["Home"], config: StackConfig(size: Size(width: 390, height: 844))))))
            holder.process.kill()
            let successor = try ControlClient(endpoint: try standby.awaitReady(timeoutMs: 30000).control)
            #expect(try successor.stack("a").screens == ["Home"])
            let gone = Self.lines(
                "the holder is gone (no responders on its presence subject); taking the shard over before its lease lapses",
                of: standby)
            #expect(gone.count == 1 && gone[0].contains("holder=holder"), "\(standby.process.stderr)")
            // The successor answers on a presence subject of its own, under its shard.
            let lease = try #require(try ClusterDirectory(servers: [nats.urls]).holder(of: 0))
            #expect(lease.node == "standby" && lease.presence.hasPrefix("segue.shard.0.presence.standby-"))
        }
    }
}
