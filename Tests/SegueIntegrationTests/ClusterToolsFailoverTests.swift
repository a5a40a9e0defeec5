import Foundation
import NATS
import SegueClient
import SegueSystem
import SegueTestSupport
import SegueWire
import Testing

#if canImport(Glibc)
    import Glibc
#endif

extension NATSClusterSuites {
    /// The command line's tools in cluster mode: every shard listed and counted, the commands that run on (swipe,
    /// watch) following their stack's shard to its next holder when the holder is killed, tail live on every
    /// stream, and clear refusals of servers and settings that do not fit.
    @Suite struct ClusterToolsFailoverTests {
        @Test func stacksAndStatsListEveryShardAndSwipeAndWatchFollowTheHolderThroughAFailover() throws {
            let started = try TwoShardCluster()
            let (nats, holders, standby) = (started.nats, started.holders, started.standby)
            let (cluster, first, second) = (started.environment, started.first, started.second)
            #expect(try runSegue(["create", first, "--screens", "Home,Detail"], environment: cluster).status == 0)
            #expect(try runSegue(["create", second, "--screens", "Home"], environment: cluster).status == 0)

            // Every shard's stacks, each led by its shard; every shard's counters, each naming its holder.
            let stacks = try runSegue(["stacks"], environment: cluster)
            #expect(stacks.status == 0 && stacks.lines == ["[0] \(first)", "[1] \(second)"], "\(stacks)")
            let listed = try jsonObject(try runSegue(["stacks", "--json", "--cluster", nats.urls]).stdout)
            let shards = try #require(listed["shards"] as? [[String: Any]])
            #expect(shards.map { $0["shard"] as? Int } == [0, 1])
            #expect(shards.map { $0["node"] as? String } == ["holder-0", "holder-1"])
            #expect(shards.map { $0["stackIds"] as? [String] } == [[first], [second]])
            let stats = try runSegue(["stats"], environment: cluster)
            #expect(stats.stdout.contains("shard 0 (holder-0):\n  head position"), "\(stats)")
            #expect(stats.stdout.contains("shard 1 (holder-1):\n  head position"), "\(stats)")
            let counted = try jsonObject(try runSegue(["stats", "--json"], environment: cluster).stdout)
            let counters = try #require(counted["shards"] as? [[String: Any]]).compactMap {
                $0["stats"] as? [String: Any]
            }
            #expect(counters.compactMap { ($0["stacks"] as? NSNumber)?.intValue } == [1, 1], "\(counted)")
            let once = try runSegue(["watch", first, "--once", "--size", "60x16"], environment: cluster)
            #expect(once.status == 0 && once.stdout.contains("idle · screens Home > Detail"), "\(once)")

            let watch = try TerminalProcess(["watch", first], columns: 70, rows: 24, environment: cluster)
            defer { watch.kill() }
            #expect(
                watch.waitForText(timeoutMs: 20000) { $0.contains("idle · screens Home > Detail") }, "\(watch.text)")
            // A slow swipe, its finger still down when the holder is killed.
            let swipe = try startSegue(
                ["swipe", first, "--to", "0.6", "--duration-ms", "10000", "--json"], environment: cluster)
            defer { swipe.kill() }
            let holder = try ControlClient(endpoint: try #require(holders[0].endpoints).control)
            let deadline = Date().addingTimeInterval(10)
            while try !ClusterFailoverTests.history(holder).contains(where: {
                if case .progressed = $0.body { true } else { false }
            }) {
                try #require(Date() < deadline, "the swipe's pans were not decided")
            }
            holders[0].process.kill()
            try standby.awaitReady(timeoutMs: 15000)

            // The successor ends the gesture, and the swipe reads how from it.
            let swiped = try swipe.finish(timeoutMs: 30000)
            #expect(swiped.status == 0, "\(swiped)")
            let outcome = try jsonObject(swiped.stdout)
            #expect(outcome["outcome"] as? String == "cancelled", "\(swiped)")
            #expect(outcome["reason"] as? String == "ENGINE_RESTARTED", "\(swiped)")
            #expect(outcome["screens"] as? [String] == ["Home", "Detail"], "\(swiped)")
            #expect(swiped.stderr.contains("shard 0 of 2 changed hands, from holder-0 to standby-0"), "\(swiped)")

            // The picture goes on from the successor: the swipe's end, then what is done there from now on.
            #expect(watch.waitForText(timeoutMs: 15000) { $0.contains("completed t1 reverted") }, "\(watch.text)")
            #expect(try runSegue(["push", first, "More", "--immediate"], environment: cluster).status == 0)
            #expect(
                watch.waitForText(timeoutMs: 15000) { $0.contains("screens Home > Detail > More") }, "\(watch.text)")

            let after = try runSegue(["stats", "--cluster", nats.urls])
            #expect(after.stdout.contains("shard 0 (standby-0):"), "\(after)")
            let plotted = try runSegue(["plot", "--stack", first, "--transition", "1"], environment: cluster)
            #expect(plotted.status == 0 && plotted.stdout.contains("<svg"), "\(plotted.stderr)")
            _ = holders
        }

        @Test func recordFollowsTheHolderThroughAFailoverAndPlaySendsToTheHolder() throws {
            let nats = try NATSCluster.start()
            let holder = try ClusterDaemon(cluster: nats, shard: 0, shards: 1, node: "holder")
            let standby = try ClusterDaemon(cluster: nats, shard: 0, shards: 1, node: "standby")
            let cluster = ["SEGUE_CLUSTER": nats.urls]
            for stack in ["a", "b"] {
                #expect(try runSegue(["create", stack, "--screens", "Home"], environment: cluster).status == 0)
            }
            let scratch = try ScratchDirectory(prefix: "segue-record")
            let file = scratch.url.appendingPathComponent("session.rec").path
            let recorder = try startSegue(
                [
                    "record", file, "--stack", "a", "--listen", "tcp://127.0.0.1:*", "--listen-control",
                    "tcp://127.0.0.1:*",
                ], environment: cluster)
            defer { recorder.kill() }
            let ready = try #require(recorder.readLine(timeoutMs: 15000), "stderr: \(recorder.stderr)")
            let proxy = try #require(
                SegueEndpoints(
                    readyLine: ready.replacingOccurrences(of: "segue record ready", with: "segued ready")
                        + " events=-"), "\(ready)")
            let before = try runSegue(["push", "a", "One", "--immediate", "--control", proxy.control])
            #expect(before.status == 0, "\(before)")

            holder.process.kill()
            try standby.awaitReady(timeoutMs: 15000)
            while let line = recorder.readErrorLine(timeoutMs: 15000), !line.contains("changed hands") {}
            #expect(
                recorder.stderr.contains("shard 0 of 1 changed hands, from holder to standby"), "\(recorder.stderr)")
            let after = try runSegue(["push", "a", "Two", "--immediate", "--control", proxy.control])
            #expect(after.status == 0, "\(after)")
            #expect(recorder.stop() == 0, "stderr: \(recorder.stderr)")
            let state = try runSegue(["state", "a", "--json"], environment: cluster)
            #expect(try jsonObject(state.stdout)["screens"] as? [String] == ["Home", "One", "Two"], "\(state)")

            // Both pushes were recorded; played onto b, ten times slower than recorded, so that the holder is
            // killed between them (the recording's gap holds a whole failover).
            let successor = try ClusterDaemon(cluster: nats, shard: 0, shards: 1, node: "successor")
            let player = try startSegue(["play", file, "--speed", "0.1", "--stack-map", "a=b"], environment: cluster)
            defer { player.kill() }
            let served = try ControlClient(endpoint: try #require(standby.endpoints).control)
            let deadline = Date().addingTimeInterval(20)
            while try served.stack("b").screens != ["Home", "One"] {
                try #require(Date() < deadline, "the first input played was not applied")
            }
            standby.process.kill()
            try successor.awaitReady(timeoutMs: 15000)
            let played = try player.finish(timeoutMs: 60000)
            #expect(played.status == 0 && played.stdout.contains("played 2 of 2 inputs"), "\(played)")
            #expect(played.stderr.contains("changed hands, from standby to successor"), "\(played)")
            let copy = try runSegue(["state", "b", "--json"], environment: cluster)
            #expect(try jsonObject(copy.stdout)["screens"] as? [String] == ["Home", "One", "Two"], "\(copy)")
            let apart = try runSegue(["record", file, "--force", "--cluster", nats.urls])
            #expect(apart.status == 2 && apart.stderr.contains("name the stacks with --stack"), "\(apart)")
        }

        @Test func tailSaysItIsLiveAndReadsAStreamThatAppearsLaterFromItsStart() throws {
            let nats = try NATSCluster.start()
            let holder = try ClusterDaemon(cluster: nats, shard: 0, shards: 2, node: "holder-0")
            let cluster = ["SEGUE_CLUSTER": nats.urls]
            let tail = try startSegue(["tail", "--json"], environment: cluster)
            defer { tail.stop() }
            #expect(
                tail.readErrorLine(timeoutMs: 15000)?.contains("live: following the streams of shards 0, 1") == true,
                "\(tail.stderr)")
            #expect(tail.readErrorLine(timeoutMs: 15000)?.contains("shard 1 has no stream yet") == true)

            // A shard no daemon holds is said in its place, after the others, and fails the command.
            let partial = try runSegue(["stacks", "--json"], environment: cluster)
            #expect(partial.status == 1 && partial.stderr.contains("shard 1: no daemon holds shard 1 of 2 now"))
            let listed = try #require(try jsonObject(partial.stdout)["shards"] as? [[String: Any]], "\(partial)")
            #expect(listed.first?["stackIds"] as? [String] == [] && listed.last?["error"] is String, "\(partial)")

            // Shard 1's stream is made once a daemon joins for it, after tail started: all of it is read.
            let late = try ClusterDaemon(cluster: nats, shard: 1, shards: 2, node: "holder-1")
            let stack = ClusterFailoverTests.stacks(of: 1, shards: 2, count: 1)[0]
            #expect(try runSegue(["create", stack, "--screens", "Home"], environment: cluster).status == 0)
            #expect(try runSegue(["push", stack, "Detail", "--immediate"], environment: cluster).status == 0)
            #expect(try ClusterDaemon.positionsByShard(tail, count: 4) == [1: [1, 2, 3, 4]])
            #expect(tail.stderr.contains("the stream of shard 1 appeared; reading it from its start"))
            _ = (holder, late)
        }

        @Test func aSilentHolderServersWithoutJetStreamAndAMismatchedLeaseAreSaidPlainly() throws {
            let nats = try NATSCluster.start()
            // A long lease: the dead holder's stays, naming it, while the command below asks.
            let holder = try ClusterDaemon(cluster: nats, shard: 0, shards: 1, node: "holder", leaseMs: 30000)
            let data = try ScratchDirectory(prefix: "segued-lease")
            let mismatched = try ClusterDaemon.refusal(
                cluster: nats, shard: 0, shards: 1, data: data.path, extraArguments: ["--lease-ms", "2000"])
            #expect(mismatched.status != 0)
            #expect(
                mismatched.stderr.contains("keys lapsing after 30000 ms, not 3 and after 2000 ms"), "\(mismatched)")

            let cluster = ["SEGUE_CLUSTER": nats.urls]
            #expect(try runSegue(["create", "a", "--screens", "Home"], environment: cluster).status == 0)
            holder.process.kill()
            let silent = try runSegue(["state", "a", "--timeout-ms", "300"], environment: cluster)
            #expect(silent.status == 1, "\(silent)")
            #expect(
                silent.stderr.contains("where holder, the holder of shard 0 of 1, served: it has gone away"),
                "\(silent)")

            // A plain nats-server, without JetStream.
            let port = try LoopbackPorts.free(1)[0]
            let plain = try ChildProcess(
                URL(fileURLWithPath: try #require(NATSServerExecutable.find())), ["-a", "127.0.0.1", "-p", "\(port)"])
            defer { _ = plain.stop() }
            while let line = plain.readErrorLine(timeoutMs: 15000), !line.contains("Server is ready") {}
            let url = "nats://127.0.0.1:\(port)"
            let expected = "the NATS servers at \(url) do not run JetStream (start nats-server with -js / jetstream {})"
            let listed = try runSegue(["stacks", "--cluster", url])
            #expect(listed.status == 1 && listed.stderr.contains(expected), "\(listed)")
            let refused = try ClusterDaemon.refusal(cluster: nats, shard: 0, shards: 1, data: data.path, urls: url)
            #expect(refused.status != 0 && refused.stderr.contains(expected), "\(refused)")
        }
    }
}
