import Foundation
import NATS
import SegueClient
import SegueClusterClient
import SegueSystem
import SegueTestSupport
import SegueWire
import Testing
import ZMQ

#if canImport(Glibc)
    import Glibc
#endif

extension NATSClusterSuites {
    /// What another client of the NATS servers, or a burst of valid input, can do to a cluster (docs/security.md,
    /// "NATS"): forged and garbage messages on a shard's subjects, forged leases and settings, and a batch far larger
    /// than one NATS message. None of it stops a daemon, enters the log, or sends a client elsewhere.
    @Suite struct ClusterAttackTests {
        typealias Failover = ClusterFailoverTests

        /// A client of the same servers with no part in the cluster.
        static func attacker(_ nats: NATSCluster) throws -> JetStream {
            try JetStream(connection: try NATSConnection(servers: [nats.urls], name: "attacker"), timeout: .seconds(5))
        }

        @Test func aBurstFarLargerThanOneMessageIsSplitAndSurvivesFailover() throws {
            let nats = try NATSCluster.start()
            // The holder's turn decides for as long as the burst takes (16 ms would end it long before its events
            // reach 1 MiB), and the first request waits for all of it.
            let holder = try ClusterDaemon(
                cluster: nats, shard: 0, shards: 1, node: "holder", extraArguments: ["--turn-ms", "60000"])
            let standby = try ClusterDaemon(cluster: nats, shard: 0, shards: 1, node: "standby")
            let endpoints = try #require(holder.endpoints)
            let control = try ControlClient(endpoint: endpoints.control, timeoutMs: 60000)
            // 400 creates of stacks with 90 long screen names, sent at once: a turn of about 4 MB of events, where
            // the servers take messages of 1 MiB.
            let producer = try Producer(endpoint: endpoints.ingest)
            let screens = (0..<90).map { "Screen-\($0)-" + String(repeating: "x", count: 100) }
            for index in 0..<400 {
                try producer.send(
                    command: Command(
                        stackId: "burst-\(index)",
                        op: .create(
                            CreateStack(screens: screens, config: StackConfig(size: Size(width: 390, height: 844))))))
            }
            let deadline = Date().addingTimeInterval(60)
            while try control.stats().stacks < 400 { try #require(Date() < deadline, "the burst was not applied") }
            let events = try Failover.history(control)
            #expect(events.count >= 400)

            // The stream holds it in several messages, each under the servers' limit, all but the last continued.
            let messages = try Self.attacker(nats).messages(
                stream: ClusterLayout.stream(shard: 0), subject: ClusterLayout.eventsSubject(shard: 0), from: 1)
            let parts = try messages.map { try ShardBatchPart(decoding: try SignedRecord(decoding: $0.payload).record) }
            #expect(parts.contains { $0.continued })
            #expect(messages.allSatisfy { $0.payload.count < 1 << 20 })
            #expect(try Failover.streamEvents(nats, shard: 0) == events)

            // The holder still serves, and its successor has every event.
            _ = try control.command(Failover.push("burst-0", "Detail"))
            let logged = try Failover.history(control)
            holder.process.kill()
            let successor = try ControlClient(endpoint: try standby.awaitReady(timeoutMs: 15000).control)
            #expect(try Failover.history(successor) == logged)
        }

        @Test func garbageForgeriesAndCopiesOnTheShardsSubjectsAreRefused() throws {
            let nats = try NATSCluster.start()
            let holder = try ClusterDaemon(cluster: nats, shard: 0, shards: 1, node: "holder")
            let standby = try ClusterDaemon(cluster: nats, shard: 0, shards: 1, node: "standby")
            let control = try ControlClient(endpoint: try #require(holder.endpoints).control)
            _ = try control.command(Failover.create("a"))
            let attacker = try Self.attacker(nats)
            let events = ClusterLayout.eventsSubject(shard: 0)
            let leader = ClusterLayout.leaderSubject(shard: 0)
            let stream = ClusterLayout.stream(shard: 0)
            let marker = try #require(try attacker.messages(stream: stream, subject: leader, from: 1).first)
            let head = try Failover.history(control).count
            // A stack created by a batch that continues the log, once unsigned and once signed with another key.
            let forged = Event(
                position: UInt64(head + 1), stackId: "forged", version: 1,
                body: .stackCreated(StackCreated(screens: ["Home"])))
            let part = ShardBatchPart(tenure: marker.sequence, events: [forged]).encoded()
            let otherKey = ClusterSigningKey.generate()
            let signedElsewhere = SignedRecord(
                record: part, signature: otherKey.sign(Array("\(events)\n".utf8) + part))
            for payload in [[0xFF, 0x00, 0x13], part, signedElsewhere.encoded()] {
                _ = try attacker.publish(subject: events, payload: payload)
            }
            // Garbage on the markers' subject, and a copy of the holder's own marker.
            for _ in 0..<5 { _ = try attacker.publish(subject: leader, payload: Array("take over".utf8)) }
            _ = try attacker.publish(subject: leader, payload: marker.payload)

            // The holder steps over all of it and goes on.
            _ = try control.command(Failover.push("a", "Detail"))
            _ = try control.command(Failover.push("a", "More"))
            #expect(holder.process.isRunning)
            let logged = try Failover.history(control)
            Failover.expectGapFree(logged)
            #expect(!logged.contains { $0.stackId == "forged" })

            // A reader of the stream gets exactly the holder's events, and is told of what it refused.
            let feed = try ClusterEventFeed(servers: [nats.urls], stack: nil, from: 1)
            var refusals = 0
            feed.onRefused = { _, _, _ in refusals += 1 }
            var read: [Event] = []
            let until = Date().addingTimeInterval(30)
            while read.count < logged.count {
                try #require(Date() < until, "the feed delivered \(read.count) of \(logged.count) events")
                if let next = try feed.next(timeoutMs: 200) { read.append(next.event) }
            }
            #expect(read == logged)
            #expect(refusals == 9)

            // The standby refused them too, and takes over with the holder's log alone.
            holder.process.kill()
            let successor = try ControlClient(endpoint: try standby.awaitReady(timeoutMs: 15000).control)
            #expect(try Failover.history(successor) == logged)
            #expect(throws: ClientError.self) { try successor.stack("forged") }
            #expect(standby.process.stderr.contains("refused a record that no holder of the shard wrote"))
        }

        @Test func forgedLeasesAndSettingsNeitherStopTheHolderNorRedirectClients() throws {
            let nats = try NATSCluster.start()
            let holder = try ClusterDaemon(cluster: nats, shard: 0, shards: 1, node: "holder")
            let control = try ControlClient(endpoint: try #require(holder.endpoints).control)
            _ = try control.command(Failover.create("a"))
            let attacker = try Self.attacker(nats)
            let leases = try KeyValueBucket.open(jetStream: attacker, bucket: ClusterLayout.leaseBucket)
            let key = ClusterLayout.leaseKey(shard: 0)

            /// Waits until the directory reads the holder's own lease again.
            func awaitHoldersLease() throws {
                let deadline = Date().addingTimeInterval(15)
                while (try? ClusterDirectory(servers: [nats.urls]).holder(of: 0))?.node != "holder" {
                    try #require(Date() < deadline, "the holder did not write its lease again")
                }
            }

            // Garbage over the lease, then the lease deleted: the holder writes its own again each time.
            let current = try #require(try leases.get(key))
            _ = try leases.update(key: key, value: Array("mine now".utf8), lastRevision: current.revision)
            try awaitHoldersLease()
            try leases.delete(key)
            try awaitHoldersLease()
            _ = try control.command(Failover.push("a", "Detail"))

            // A lease naming another socket, written while the holder is paused so it stays there: a client does not
            // connect to it, and says why.
            let trap = try ZMQContext().makeSocket(.router)
            try trap.setOption(.linger, 0)
            try trap.bind("tcp://127.0.0.1:*")
            let trapEndpoint = try trap.lastEndpoint
            holder.signal(SIGSTOP)
            let forged = ShardLease(
                node: "attacker", shard: 0, shards: 1, ingest: trapEndpoint, control: trapEndpoint,
                events: trapEndpoint)
            let taken = try #require(try leases.get(key))
            _ = try leases.update(key: key, value: forged.encoded(), lastRevision: taken.revision)
            let redirected = try runSegue(["push", "a", "Trap", "--cluster", nats.urls])
            holder.signal(SIGCONT)
            #expect(redirected.status == 1, "\(redirected)")
            #expect(redirected.stderr.contains("not one a daemon of the cluster wrote"), "\(redirected)")
            #expect(try trap.receive(dontWait: true) == nil)
            trap.close(linger: 0)
            try awaitHoldersLease()
            #expect(holder.process.isRunning)
            // A client that pins the cluster's key takes the holder's lease, and refuses it under another key.
            let pinned = ["--cluster", nats.urls, "--cluster-public-key"]
            let pushed = try runSegue(
                ["push", "a", "Again"] + pinned + [ClusterTestKey.shared.key.publicKey.description])
            #expect(pushed.status == 0, "\(pushed)")
            let stranger = ClusterSigningKey.generate().publicKey.description
            let mistrusted = try runSegue(["state", "a"] + pinned + [stranger])
            #expect(mistrusted.status == 1 && mistrusted.stderr.contains("is not the cluster's"), "\(mistrusted)")

            // Garbage over the recorded number of shards does not keep a new daemon from starting.
            let settings = try KeyValueBucket.open(jetStream: attacker, bucket: ClusterLayout.settingsBucket)
            let shards = try #require(try settings.get(ClusterLayout.shardsKey))
            _ = try settings.update(key: ClusterLayout.shardsKey, value: Array("7".utf8), lastRevision: shards.revision)
            let standby = try ClusterDaemon(cluster: nats, shard: 0, shards: 1, node: "standby")
            #expect(standby.endpoints == nil)
            #expect(try ClusterDirectory(servers: [nats.urls]).shards == 1)
            // The CLI's push is animated: its screen is on the stack once the animation has completed.
            let settled = Date().addingTimeInterval(10)
            var screens = try control.stack("a").screens
            while screens != ["Home", "Detail", "Again"] {
                try #require(Date() < settled, "\(screens)")
                screens = try control.stack("a").screens
            }
        }

        @Test func serversThatCannotCarryTheLargestEventAreRefused() throws {
            let nats = try NATSCluster.start()
            let scratch = try ScratchDirectory(prefix: "segue-max-payload")
            // 10000 screens a stack: a `completed` of 1.3 MB, over the servers' 1 MiB.
            let arguments =
                ClusterDaemon.arguments(cluster: nats, shard: 0, shards: 1, node: "big", data: scratch.path + "/data")
                + ["--max-screens", "10000"]
            let refused = try ChildProcess(try BuildProducts.executable("segued"), arguments).finish(timeoutMs: 30000)
            #expect(refused.status == 1, "\(refused)")
            #expect(refused.stderr.contains("max_payload"), "\(refused)")
        }

        @Test func aDaemonWithAnotherKeyIsRefused() throws {
            let nats = try NATSCluster.start()
            _ = try ClusterDaemon(cluster: nats, shard: 0, shards: 1, node: "holder")
            let scratch = try ScratchDirectory(prefix: "segue-other-key")
            let keyFile = scratch.path + "/other.key"
            try ClusterKeyFiles.secretText(ClusterSigningKey.generate()).write(
                toFile: keyFile, atomically: false, encoding: .utf8)
            var arguments = ClusterDaemon.arguments(
                cluster: nats, shard: 0, shards: 1, node: "other", data: scratch.path + "/data")
            arguments[arguments.count - 1] = keyFile
            let refused = try ChildProcess(try BuildProducts.executable("segued"), arguments).finish(timeoutMs: 30000)
            #expect(refused.status == 1, "\(refused)")
            #expect(refused.stderr.contains("give every daemon of a cluster the same key"), "\(refused)")
        }
    }
}
