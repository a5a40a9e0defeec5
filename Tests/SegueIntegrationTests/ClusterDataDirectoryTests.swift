import Foundation
import SegueClient
import SegueTestSupport
import SegueWire
import Testing

#if canImport(Glibc)
    import Glibc
#endif

extension NATSClusterSuites {
    /// A cluster daemon's data directory is a cache of its shard's stream, and nothing else.
    @Suite struct ClusterDataDirectoryTests {
        @Test func aDirectoryHoldingAnotherLogIsRefusedAndItsOwnIsTakenBack() throws {
            let nats = try NATSCluster.start()
            let single = try DaemonProcess.start()
            _ = try ControlClient(endpoint: single.endpoints.control).command(ClusterFailoverTests.create("a"))
            #expect(single.stop() == 0)
            let unclustered = try ClusterDaemon.refusal(
                cluster: nats, shard: 0, shards: 2, data: single.dataDirectory.path)
            #expect(unclustered.status == 1 && unclustered.stderr.contains("written without --cluster"))

            let stack = ClusterFailoverTests.stacks(of: 0, shards: 2, count: 1)[0]
            let holder = try ClusterDaemon(cluster: nats, shard: 0, shards: 2, node: "first")
            _ = try ControlClient(endpoint: try #require(holder.endpoints).control)
                .command(ClusterFailoverTests.create(stack))
            #expect(holder.process.stop() == 0)
            let otherShard = try ClusterDaemon.refusal(cluster: nats, shard: 1, shards: 2, data: holder.dataDirectory)
            #expect(otherShard.status == 1 && otherShard.stderr.contains("caches SEGUE_SHARD_0, not SEGUE_SHARD_1"))

            // Started again on its own directory, the daemon takes its shard back where it was.
            let again = try ClusterDaemon(
                cluster: nats, shard: 0, shards: 2, node: "again", dataDirectory: holder.dataDirectory)
            let state = try ControlClient(endpoint: try again.awaitReady(timeoutMs: 15000).control).stack(stack)
            #expect(state.version == 1)
        }

        // A log longer than a stream made again since (the servers' stores lost) is refused as soon as the standby has
        // read that stream's end, rather than passing for a standby that could not take over.
        @Test func aLogPastTheEndOfAStreamMadeAgainIsRefusedWhileStandingBy() throws {
            let lost = try NATSCluster.start()
            let old = try ClusterDaemon(cluster: lost, shard: 0, shards: 1, node: "old")
            let control = try ControlClient(endpoint: try #require(old.endpoints).control)
            _ = try control.command(ClusterFailoverTests.create("a"))
            for screen in ["Detail", "More", "Last"] { _ = try control.command(ClusterFailoverTests.push("a", screen)) }
            old.process.kill()
            lost.stop()

            let nats = try NATSCluster.start()
            let holder = try ClusterDaemon(cluster: nats, shard: 0, shards: 1, node: "new")
            _ = try ControlClient(endpoint: try #require(holder.endpoints).control)
                .command(ClusterFailoverTests.create("b"))
            let refused = try ClusterDaemon.refusal(cluster: nats, shard: 0, shards: 1, data: old.dataDirectory)
            #expect(refused.status == 1, "\(refused)")
            #expect(refused.stderr.contains("past the end of SEGUE_SHARD_0"), "\(refused)")
            #expect(holder.process.isRunning)
        }

        // A standby's log cut short behind its snapshots, and the newest deleted: refused as in a single daemon, then
        // started with --accept-log-loss it fills what it lost from the stream and takes over with every event once.
        @Test func aStandbyWithItsLogCutShortIsRefusedThenRefilledFromTheStream() throws {
            let nats = try NATSCluster.start()
            let often = ["--snapshot-every", "4"]
            let holder = try ClusterDaemon(cluster: nats, shard: 0, shards: 1, node: "holder", extraArguments: often)
            let standby = try ClusterDaemon(
                cluster: nats, shard: 0, shards: 1, node: "standby", extraArguments: often)
            let control = try ControlClient(endpoint: try #require(holder.endpoints).control)
            _ = try control.command(ClusterFailoverTests.create("a"))
            for index in 0..<12 { _ = try control.command(ClusterFailoverTests.push("a", "Screen\(index)")) }
            try standby.awaitLogLine(containing: "caught up with the shard's stream", timeoutMs: 15000)
            #expect(standby.process.stop() == 0, "\(standby.process.stderr)")

            let files = FileManager.default
            let snapshots = standby.dataDirectory + "/snapshots"
            let kept = try files.contentsOfDirectory(atPath: snapshots).filter { $0.hasSuffix(".snap") }.sorted()
            try files.removeItem(atPath: snapshots + "/" + (try #require(kept.last)))
            // The log is cut just behind the newest snapshot left (files are named by position), wherever the
            // periodic snapshots fell: half of the segment was not always behind it on a busy machine.
            let behind = try #require(kept.dropLast().last.flatMap { UInt64($0.prefix(20)) })
            let log = standby.dataDirectory + "/log"
            let segment = try #require(try files.contentsOfDirectory(atPath: log).filter { $0.hasSuffix(".seg") }.max())
            let first = try #require(UInt64(segment.prefix(20)))
            try #require(behind > first, "the newest segment starts at \(first), after the snapshot at \(behind)")
            let starts = CrashTests.recordStarts(
                try [UInt8](Data(contentsOf: URL(fileURLWithPath: log + "/" + segment))))
            let cut = starts[min(Int(behind - first), starts.count - 1)]
            try #require(truncate(log + "/" + segment, off_t(cut)) == 0)

            let refused = try ClusterDaemon.refusal(cluster: nats, shard: 0, shards: 1, data: standby.dataDirectory)
            #expect(refused.status == 1 && refused.stderr.contains("--accept-log-loss"), "\(refused)")
            let again = try ClusterDaemon(
                cluster: nats, shard: 0, shards: 1, node: "again", dataDirectory: standby.dataDirectory,
                extraArguments: often + ["--accept-log-loss"])
            _ = try control.command(ClusterFailoverTests.push("a", "Later"))
            holder.process.kill()
            let successor = try ControlClient(endpoint: try again.awaitReady(timeoutMs: 15000).control)
            let events = try ClusterFailoverTests.history(successor)
            ClusterFailoverTests.expectGapFree(events)
            #expect(try ClusterFailoverTests.streamEvents(nats, shard: 0) == events)
            #expect(try successor.stack("a").screens.last == "Later")
        }

        @Test func aLocalWriteFailingAfterTheStreamTookTheBatchStopsTheHolderAndNothingIsLost() throws {
            let disk = try SmallFileSystem.mountOrCancel()
            let nats = try NATSCluster.start()
            let holder = try ClusterDaemon(
                cluster: nats, shard: 0, shards: 1, node: "full", dataDirectory: disk.path("data"))
            let standby = try ClusterDaemon(cluster: nats, shard: 0, shards: 1, node: "successor")
            let control = try ControlClient(endpoint: try #require(holder.endpoints).control)
            var acknowledged = [try control.command(ClusterFailoverTests.create("a"))]
            _ = try disk.fill("filler")
            for round in 0..<500 {
                guard let result = try? control.command(ClusterFailoverTests.push("a", "Screen\(round)")) else { break }
                acknowledged.append(result)
            }
            // The stream holds the batch the disk refused: the holder cannot undo it, and stops.
            #expect(holder.exitStatus(timeoutMs: 15000) == 1, "\(holder.process.stderr)")
            let successor = try ControlClient(endpoint: try standby.awaitReady(timeoutMs: 15000).control)
            let events = try ClusterFailoverTests.history(successor)
            ClusterFailoverTests.expectGapFree(events)
            #expect(try ClusterFailoverTests.streamEvents(nats, shard: 0) == events)
            for result in acknowledged {
                #expect(events.contains { $0.position == result.lastPosition && $0.version == result.version })
            }
            let after = try successor.command(ClusterFailoverTests.push("a", "After"))
            #expect(after.firstPosition == UInt64(events.count) + 1)
        }
    }
}
