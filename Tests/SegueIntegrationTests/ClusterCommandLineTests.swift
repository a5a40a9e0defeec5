import Foundation
import SegueClient
import SegueTestSupport
import SegueWire
import Testing

extension NATSClusterSuites {
    /// The command line in cluster mode: commands find their stack's shard in NATS, and tail reads every shard's
    /// stream.
    @Suite struct ClusterCommandLineTests {
        @Test func commandsFindTheirShardAcrossAFailoverAndTailFollowsEveryShard() throws {
            let started = try TwoShardCluster()
            let (nats, holders, standby) = (started.nats, started.holders, started.standby)
            let (cluster, first, second) = (started.environment, started.first, started.second)
            let tail = try startSegue(["tail", "--from", "1", "--json"], environment: cluster)
            defer { tail.stop() }

            for stack in [first, second] {
                let created = try runSegue(["create", stack, "--screens", "Home"], environment: cluster)
                #expect(created.status == 0, "\(created.stderr)")
            }
            holders[0].process.kill()
            try standby.awaitReady(timeoutMs: 15000)
            let pushed = try runSegue(["push", first, "Detail", "--immediate"], environment: cluster)
            #expect(pushed.status == 0, "\(pushed.stderr)")
            let state = try runSegue(["state", first, "--json"], environment: cluster)
            #expect(state.stdout.contains("\"Detail\""), "\(state.stdout)\(state.stderr)")

            // shard 0: created, then the push's began, finished, completed; shard 1: created.
            #expect(try ClusterDaemon.positionsByShard(tail, count: 5) == [0: [1, 2, 3, 4], 1: [1]])

            // stats asks every shard's holder (web serves the whole cluster: ClusterWebTests).
            let counted = try runSegue(["stats", "--cluster", nats.urls])
            #expect(counted.status == 0 && counted.stdout.contains("shard 0 (standby-0):"), "\(counted)")
            // The tour runs at the holder of its stack's shard, and leaves no stack behind.
            let demo = try runSegue(["demo", "--plain"], environment: cluster, timeoutMs: 60000)
            #expect(demo.status == 0 && demo.stdout.contains("found in NATS"), "\(demo)")
            #expect(demo.stdout.contains("3/3 fling") && demo.stdout.contains("deleted stack demo-"), "\(demo)")
            let badURL = try runSegue(["state", first, "--cluster", "http://x"])
            #expect(badURL.status == 2 && badURL.stderr.contains("nats://HOST:PORT"))
        }
    }
}
