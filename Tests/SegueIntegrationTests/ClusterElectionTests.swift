import Foundation
import NATS
import SegueClient
import SegueClusterClient
import SegueSystem
import SegueTestSupport
import Testing

extension NATSClusterSuites {
    /// JetStream electing a new leader under a steady load of commands, two shards each with a holder and a
    /// standby: the server leading shard 0's stream, or the lease bucket's, killed or paused. Commits stall until
    /// the new leader is elected, no daemon changes its part, and every acknowledged command is in the stream once.
    @Suite struct ClusterElectionTests {
        typealias Failover = ClusterFailoverTests

        /// What happens to the server leading `stream`.
        enum Disruption {
            case kill
            /// SIGSTOP until the commits have resumed without it, then SIGCONT.
            case pause
        }

        /// Rides out the loss of the server leading `stream` (see the type).
        static func rideOut(leaderOf stream: String, _ disruption: Disruption) throws {
            let nats = try NATSCluster.start()
            let holders = try (0..<2).map {
                try ClusterDaemon(cluster: nats, shard: $0, shards: 2, node: "holder-\($0)")
            }
            let standbys = try (0..<2).map {
                try ClusterDaemon(cluster: nats, shard: $0, shards: 2, node: "standby-\($0)")
            }
            let control = try ControlClient(endpoint: try #require(holders[0].endpoints).control)
            let other = try ControlClient(endpoint: try #require(holders[1].endpoints).control, timeoutMs: 60000)
            let stacks = Failover.stacks(of: 0, shards: 2, count: 3)
            var acknowledged = try stacks.map { ($0, try control.command(Failover.create($0))) }
            let theirs = Failover.stacks(of: 1, shards: 2, count: 1)[0]
            _ = try other.command(Failover.create(theirs))

            let observer = try JetStream(
                connection: try NATSConnection(servers: [nats.urls], name: "segue-test"), timeout: .seconds(1))
            let leaderName = try #require(try observer.leader(stream: stream))
            let leader = try #require(nats.node(named: leaderName))

            // Commands wait for their answers as long as an election may take.
            let load = CommandLoad(
                endpoint: try #require(holders[0].endpoints).control, stacks: stacks, timeoutMs: 60000)
            /// Waits until the load has had `count` commands acknowledged.
            func awaitLoad(_ count: Int, _ what: String) throws {
                let deadline = Date().addingTimeInterval(60)
                while load.count < count {
                    try #require(Date() < deadline, "\(what): \(Self.logs(holders + standbys))")
                }
            }
            try awaitLoad(20, "the load got no answers")
            let before = load.count
            let disrupted = ContinuousClock.now
            switch disruption {
            case .kill: nats.kill(node: leader)
            case .pause: nats.pause(node: leader)
            }
            try awaitLoad(before + 2, "shard 0 took no command after node\(leader + 1) was lost")
            let stall = ContinuousClock.now - disrupted
            // What JetStream needs, beside what the shard stalled: until another server leads the stream.
            let elected = Date().addingTimeInterval(60)
            while (try? observer.leader(stream: stream)).flatMap({ $0 }).map({ $0 == leaderName }) ?? true {
                try #require(Date() < elected, "JetStream elected no new leader of \(stream)")
            }
            print(
                "node\(leader + 1), leading \(stream), lost: shard 0's commits resumed after \(stall); another "
                    + "server led the stream \(ContinuousClock.now - disrupted) after")
            if disruption == .pause {
                nats.resume(node: leader)
            }
            try awaitLoad(load.count + 20, "shard 0 stopped taking commands")
            _ = try other.command(Failover.push(theirs, "After"))
            acknowledged += load.stop()

            // No daemon changed its part: the holders hold their shards, the standbys stand by.
            for daemon in holders + standbys { #expect(daemon.process.isRunning, "\(Self.logs(holders + standbys))") }
            for daemon in standbys { #expect(!daemon.process.stderr.contains("holds the shard")) }
            for shard in 0..<2 {
                let node = try Self.holder(of: shard, in: nats)
                #expect(node == "holder-\(shard)", "\(Self.logs(holders + standbys))")
            }
            // Every acknowledged command is in the holder's log and in the stream, once.
            let events = try Failover.history(control)
            Failover.expectGapFree(events)
            Failover.expectLogged(acknowledged, in: events)
            // A server just resumed answers for a while for the stream it no longer leads, from behind: read until
            // the stream's end is the holder's.
            var streamed = try Failover.streamEvents(nats, shard: 0)
            let caughtUp = Date().addingTimeInterval(60)
            while streamed.count < events.count && Date() < caughtUp {
                streamed = try Failover.streamEvents(nats, shard: 0)
            }
            #expect(streamed == events)
        }

        /// The node holding `shard` as clients read it from its lease, once the lease bucket has a leader again and
        /// the lease is written (it lapses while the bucket has none).
        static func holder(of shard: Int, in nats: NATSCluster) throws -> String {
            let deadline = Date().addingTimeInterval(60)
            var failure = ""
            while Date() < deadline {
                do {
                    if let lease = try ClusterDirectory(servers: [nats.urls]).holder(of: shard) { return lease.node }
                } catch {
                    failure = "\(error)"
                }
            }
            throw HarnessError("the lease of shard \(shard) was not written again within 60 s: \(failure)")
        }

        /// Every daemon's log, for messages.
        static func logs(_ daemons: [ClusterDaemon]) -> String {
            daemons.map { "\($0.node):\n\($0.process.stderr)" }.joined(separator: "\n")
        }

        @Test func killingTheLeaderOfAShardsStreamStallsItsCommitsOnlyUntilTheNextIsElected() throws {
            try Self.rideOut(leaderOf: ClusterLayout.stream(shard: 0), .kill)
        }

        @Test func pausingTheLeaderOfAShardsStreamStallsItsCommitsOnlyUntilTheNextIsElected() throws {
            try Self.rideOut(leaderOf: ClusterLayout.stream(shard: 0), .pause)
        }

        @Test func killingTheLeaderOfTheLeaseBucketKeepsEveryHolder() throws {
            try Self.rideOut(leaderOf: "KV_\(ClusterLayout.leaseBucket)", .kill)
        }

        /// A daemon started on `nats` while its two other servers are paused, so that JetStream can place no
        /// stream, once it has said that it is asking again; the line that said it, or nil.
        static func waitingForPlacement(
            _ nats: NATSCluster, node: String, data: ScratchDirectory
        ) throws -> (daemon: ChildProcess, line: String?) {
            nats.pause(node: 1)
            nats.pause(node: 2)
            let daemon = try ChildProcess(
                try BuildProducts.executable("segued"),
                ClusterDaemon.arguments(
                    cluster: nats, shard: 0, shards: 1, node: node, data: data.path, urls: nats.url(node: 0)))
            var line = daemon.readErrorLine(timeoutMs: 30000)
            while let read = line, !read.contains("asking again") { line = daemon.readErrorLine(timeoutMs: 30000) }
            return (daemon, line)
        }

        /// Such a daemon says that it is asking again rather than exiting, and asked to stop it stops asking and
        /// exits 0, rather than asking until its patience runs out.
        @Test func aDaemonWaitingForItsStreamToBePlacedStopsOnSIGTERM() throws {
            let nats = try NATSCluster.start()
            let data = try ScratchDirectory(prefix: "segued-cluster")
            let (daemon, line) = try Self.waitingForPlacement(nats, node: "stopped", data: data)
            defer {
                nats.resume(node: 1)
                nats.resume(node: 2)
            }
            #expect(line?.contains("JetStream has not placed the shard's stream yet") == true, "\(daemon.stderr)")
            // It stops once the request in flight has had its answer or its 5 s.
            #expect(daemon.stop(timeoutMs: 15000) == 0, "\(daemon.stderr)")
            #expect(daemon.stderr.contains("stopped while joining the cluster"), "\(daemon.stderr)")
        }
    }
}
