import CNats
import Foundation
import SegueClient
import SegueSystem
import SegueTestSupport
import SegueWire
import Synchronization
import Testing

@testable import NATS
@testable import SegueClusterClient

#if canImport(Glibc)
    import Glibc
#endif

extension NATSClusterSuites {
    /// The shard's stream as the log of record against a client of the NATS servers without the cluster's key
    /// (docs/security.md, "NATS"): what it publishes under the holder's message ids, copies of the holder's own
    /// publishes, copies of earlier batches, garbage over leases and settings, memory, and streams that would drop
    /// messages.
    @Suite struct ClusterStreamIntegrityTests {
        typealias Failover = ClusterFailoverTests
        typealias Attack = ClusterAttackTests

        static let stream = ClusterLayout.stream(shard: 0)
        static let events = ClusterLayout.eventsSubject(shard: 0)
        static let leader = ClusterLayout.leaderSubject(shard: 0)

        /// The sequence of the newest marker in shard 0's stream: the holder's tenure.
        static func tenure(_ attacker: JetStream) throws -> UInt64 {
            try #require(try attacker.messages(stream: stream, subject: leader, from: 1).last).sequence
        }

        /// The readable part of the message id the holder gives the part of its next batch that starts at
        /// `position` (`SHARD-TENURE-FIRSTPOSITION`, then a random part nobody can guess).
        static func nextMessageID(tenure: UInt64, position: UInt64) -> String { "0-\(tenure)-\(position)" }

        /// Garbage published under what the holder's next message id would be, right at the sequence the holder
        /// expects to write next (JetStream checks message ids before the expected last sequence): the holder never
        /// takes it for its own append, and what it acknowledges is what every reader takes.
        @Test func garbageUnderTheHoldersNextMessageIDIsNotTakenForTheHoldersAppend() throws {
            let nats = try NATSCluster.start()
            let holder = try ClusterDaemon(cluster: nats, shard: 0, shards: 1, node: "holder")
            let standby = try ClusterDaemon(cluster: nats, shard: 0, shards: 1, node: "standby")
            let control = try ControlClient(endpoint: try #require(holder.endpoints).control)
            _ = try control.command(Failover.create("a"))
            let attacker = try Attack.attacker(nats)
            let head = UInt64(try Failover.history(control).count)
            let last = try attacker.lastSequence(stream: Self.stream)
            _ = try attacker.publish(
                subject: Self.events, payload: Array("not a batch".utf8), expectedLastSequence: last,
                messageID: Self.nextMessageID(tenure: try Self.tenure(attacker), position: head + 1))

            // Either the holder refuses to take the duplicate for its append (the command fails, or is stored
            // after the garbage), or the readers must have what it acknowledged.
            let pushed = try? control.command(Failover.push("a", "Detail"))
            _ = try? control.command(Failover.push("a", "More"))
            let logged = try Failover.history(control)
            if let pushed { #expect(pushed.firstPosition == head + 1) }

            // Any reader of the stream gets exactly what the holder logged (and acknowledged).
            #expect(try Self.takenEvents(nats) == logged)
            // The standby takes over with the holder's log.
            holder.process.kill()
            let successor = try ControlClient(endpoint: try standby.awaitReady(timeoutMs: 15000).control)
            #expect(try Failover.history(successor) == logged)
        }

        /// Garbage under what the holder's next message id would be, away from the sequence it expects: the holder
        /// steps over it and goes on.
        @Test func garbageUnderTheHoldersNextMessageIDDoesNotStopTheHolder() throws {
            let nats = try NATSCluster.start()
            let holder = try ClusterDaemon(cluster: nats, shard: 0, shards: 1, node: "holder")
            let control = try ControlClient(endpoint: try #require(holder.endpoints).control)
            _ = try control.command(Failover.create("a"))
            let attacker = try Attack.attacker(nats)
            let head = UInt64(try Failover.history(control).count)
            _ = try attacker.publish(subject: Self.events, payload: Array("first".utf8))
            _ = try attacker.publish(
                subject: Self.events, payload: Array("second".utf8),
                messageID: Self.nextMessageID(tenure: try Self.tenure(attacker), position: head + 1))

            let pushed = try? control.command(Failover.push("a", "Detail"))
            #expect(pushed?.firstPosition == head + 1)
            #expect(holder.process.isRunning, "\(holder.process.stderr)")
        }

        /// A feed that starts from now (`segue tail --cluster` without --from, the default) starts reading at the
        /// newest marker, which says the tenure and the position the log continues at: a copy of an earlier batch,
        /// published again, is refused, and the holder's next batch is delivered.
        @Test func aFeedFromNowTakesNoCopyOfAnEarlierBatch() throws {
            let nats = try NATSCluster.start()
            let holder = try ClusterDaemon(cluster: nats, shard: 0, shards: 1, node: "holder")
            let control = try ControlClient(endpoint: try #require(holder.endpoints).control)
            _ = try control.command(Failover.create("a"))
            _ = try control.command(Failover.push("a", "Detail"))
            let attacker = try Attack.attacker(nats)
            let first = try #require(
                try attacker.messages(stream: Self.stream, subject: Self.events, from: 1).first)

            let feed = try ClusterEventFeed(servers: [nats.urls], stack: nil, from: nil)
            var refusals: [String] = []
            feed.onRefused = { _, _, reason in refusals.append(reason) }
            _ = try attacker.publish(subject: Self.events, payload: first.payload)
            let live = try control.command(Failover.push("a", "Live"))

            let delivered = try #require(try feed.next(timeoutMs: 15000), "the feed delivered nothing")
            #expect(delivered.event.position == live.firstPosition, "\(delivered.event) (refused: \(refusals))")
        }

        /// A holder paused past its lease is replaced; its successor's lease is then overwritten with garbage (or,
        /// `garbage` false, the successor is itself held up past the lease, so that its key lapses) before the first
        /// renewal of either. The stale holder finds its successor's marker in the stream and steps down instead of
        /// writing its lease again, and the successor keeps the shard. (The successor is paused here only to decide a
        /// race its renewal thread may lose anyway.)
        @Test(arguments: [true, false])
        func aStaleHolderDoesNotTakeItsLeaseBackFromItsSuccessor(garbage: Bool) throws {
            let nats = try NATSCluster.start()
            let holder = try ClusterDaemon(cluster: nats, shard: 0, shards: 1, node: "holder")
            let standby = try ClusterDaemon(cluster: nats, shard: 0, shards: 1, node: "standby")
            let control = try ControlClient(endpoint: try #require(holder.endpoints).control)
            _ = try control.command(Failover.create("a"))
            holder.signal(SIGSTOP)
            let successor = try ControlClient(endpoint: try standby.awaitReady(timeoutMs: 15000).control)
            _ = try successor.command(Failover.push("a", "Detail"))

            standby.signal(SIGSTOP)
            if garbage {
                let leases = try KeyValueBucket.open(
                    jetStream: try Attack.attacker(nats), bucket: ClusterLayout.leaseBucket)
                let current = try #require(try leases.get(ClusterLayout.leaseKey(shard: 0)))
                _ = try leases.update(
                    key: ClusterLayout.leaseKey(shard: 0), value: Array("garbage".utf8), lastRevision: current.revision)
            } else {
                // The successor's lease lapses.
                let lapsed = Date().addingTimeInterval(15)
                while (try? ClusterDirectory(servers: [nats.urls]).holder(of: 0)) != nil {
                    try #require(Date() < lapsed, "the paused successor's lease did not lapse")
                }
            }
            holder.signal(SIGCONT)
            // The stale holder acts: it writes its lease again, or steps down.
            let acted = Date().addingTimeInterval(30)
            while holder.process.isRunning,
                (try? ClusterDirectory(servers: [nats.urls]).holder(of: 0))?.node != "holder"
            {
                try #require(Date() < acted, "the stale holder neither wrote its lease nor stepped down")
            }
            standby.signal(SIGCONT)

            // Some daemon serves the shard, with the successor's events.
            let served = Date().addingTimeInterval(30)
            var screens: [String]?
            while screens == nil {
                try #require(
                    Date() < served,
                    "no daemon served shard 0; holder: \(holder.process.stderr)\nstandby: \(standby.process.stderr)")
                guard let lease = try? ClusterDirectory(servers: [nats.urls]).holder(of: 0),
                    let client = try? ControlClient(endpoint: lease.control, timeoutMs: 2000),
                    (try? client.command(Failover.push("a", "After"))) != nil
                else { continue }
                screens = try? client.stack("a").screens
            }
            #expect(screens == ["Home", "Detail", "After"])
        }

        /// A client tries to purge the stream's start: the stream refuses it, and a standby that starts afterwards
        /// on an empty data directory takes over with the whole log (were the start gone, no daemon would take the
        /// shard over, rather than start a new history under positions clients were given already).
        @Test func aStandbyStartedAfterTheStreamsStartWasPurgedDoesNotStartANewHistory() throws {
            let nats = try NATSCluster.start()
            let holder = try ClusterDaemon(cluster: nats, shard: 0, shards: 1, node: "holder")
            let control = try ControlClient(endpoint: try #require(holder.endpoints).control)
            _ = try control.command(Failover.create("a"))
            _ = try control.command(Failover.push("a", "Detail"))
            _ = try control.command(Failover.push("a", "More"))
            let logged = try Failover.history(control)
            let attacker = try Attack.attacker(nats)
            var options = jsOptions()
            jsOptions_Init(&options)
            options.Stream.Purge.Keep = 1
            var code = jsErrCode(0)
            // The stream refuses purging (and deleting) its messages; were its start removed anyway, no daemon
            // would take it over (ShardTakeover).
            #expect(js_PurgeStream(attacker.handle, Self.stream, &options, &code) != NATS_OK)

            let standby = try ClusterDaemon(cluster: nats, shard: 0, shards: 1, node: "late")
            holder.process.kill()
            guard let endpoints = try? standby.awaitReady(timeoutMs: 15000) else { return }  // refused: fine
            let successor = try ControlClient(endpoint: endpoints.control)
            #expect(try Failover.history(successor) == logged)
            let next = try successor.command(Failover.push("a", "After"))
            #expect(next.firstPosition == UInt64(logged.count) + 1)
        }

        /// A client allowed only to subscribe and publish on the events subject publishes a copy of each message
        /// the holder publishes there. The copy of batch N lands after it, so the holder's append of batch N+1
        /// expects the wrong last sequence and is not stored; but the copier got that attempt too, and its copy is
        /// stored before the holder's retry. Those are the holder's own bytes: it takes the copy as its batch,
        /// answers the command and goes on.
        @Test func copiesOfTheHoldersOwnPublishesDoNotMakeItStepDown() throws {
            let nats = try NATSCluster.start()
            let holder = try ClusterDaemon(cluster: nats, shard: 0, shards: 1, node: "holder")
            let control = try ControlClient(endpoint: try #require(holder.endpoints).control, timeoutMs: 5000)
            _ = try control.command(Failover.create("a"))
            let copier = try SubjectCopier(servers: nats.urls, subject: Self.events)
            var failed: [String] = []
            for index in 0..<5 {
                do {
                    _ = try control.command(Failover.push("a", "Screen\(index)"))
                } catch {
                    failed.append("\(error)")
                    break
                }
            }
            copier.stop()
            #expect(copier.copied > 0)
            #expect(failed.isEmpty, "\(failed)")
            #expect(holder.process.isRunning, "\(holder.process.stderr)")
        }

        /// Garbage over the recorded number of shards while the cluster runs: the holder writes the count again
        /// within a few renewals, and clients (`segue push --cluster`) are served again.
        @Test func garbageOverTheRecordedShardCountDoesNotLockClientsOut() throws {
            let nats = try NATSCluster.start()
            let holder = try ClusterDaemon(cluster: nats, shard: 0, shards: 1, node: "holder")
            let control = try ControlClient(endpoint: try #require(holder.endpoints).control)
            _ = try control.command(Failover.create("a"))
            let settings = try KeyValueBucket.open(
                jetStream: try Attack.attacker(nats), bucket: ClusterLayout.settingsBucket)
            let shards = try #require(try settings.get(ClusterLayout.shardsKey))
            _ = try settings.update(key: ClusterLayout.shardsKey, value: Array("7".utf8), lastRevision: shards.revision)

            let deadline = Date().addingTimeInterval(20)
            var pushed = try runSegue(["push", "a", "Detail", "--cluster", nats.urls])
            while pushed.status != 0 {
                try #require(Date() < deadline, "clients are still refused: \(pushed)")
                pushed = try runSegue(["push", "a", "Detail", "--cluster", nats.urls])
            }
            #expect(holder.process.isRunning)
        }

        /// 256 garbage messages of 1 MB published while the holder is idle: it steps over them a few at a time at
        /// its next append, so its memory does not grow with them.
        @Test func garbageBetweenTwoAppendsIsNotReadIntoMemoryAtOnce() throws {
            let nats = try NATSCluster.start()
            let holder = try ClusterDaemon(cluster: nats, shard: 0, shards: 1, node: "holder")
            let control = try ControlClient(endpoint: try #require(holder.endpoints).control, timeoutMs: 60000)
            _ = try control.command(Failover.create("a"))
            let before = try Self.peakResidentKiB(holder.process.pid)
            let attacker = try Attack.attacker(nats)
            let garbage = [UInt8](repeating: 0xFF, count: 1_000_000)
            for _ in 0..<8 {
                _ = try attacker.publishBatch(subject: Self.events, payloads: Array(repeating: garbage, count: 32))
            }
            _ = try control.command(Failover.push("a", "Detail"))
            let grown = try Self.peakResidentKiB(holder.process.pid) - before
            #expect(grown < 64 * 1024, "the holder's peak resident memory grew by \(grown / 1024) MiB")
        }

        /// The peak resident set of process `pid` (VmHWM), in KiB.
        static func peakResidentKiB(_ pid: pid_t) throws -> Int {
            let status = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
            let line = try #require(status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") })
            return try #require(Int(line.split(separator: " ")[1]))
        }

        /// The shard's stream created before the first daemon by someone else, with the right subjects and replicas
        /// but a limit of 4 messages (discarding the oldest): the daemons refuse it as their log of record, since it
        /// would drop acknowledged events (as would one that allows rollups, deletes or purges).
        @Test func aStreamCreatedBeforehandWithLimitsIsNotTakenAsTheLogOfRecord() throws {
            let nats = try NATSCluster.start()
            let attacker = try Attack.attacker(nats)
            var config = jsStreamConfig()
            jsStreamConfig_Init(&config)
            config.Replicas = 3
            config.Storage = js_FileStorage
            config.MaxMsgs = 4
            var info: UnsafeMutablePointer<jsStreamInfo>?
            var code = jsErrCode(0)
            let status = withCStrings([Self.events, Self.leader]) { subjects in
                Self.stream.withCString { name in
                    config.Name = name
                    config.Subjects = subjects.baseAddress
                    config.SubjectsLen = Int32(subjects.count)
                    return js_AddStream(&info, attacker.handle, &config, nil, &code)
                }
            }
            jsStreamInfo_Destroy(info)
            try #require(status == NATS_OK)

            let scratch = try ScratchDirectory(prefix: "segue-limited-stream")
            let process = try ChildProcess(
                try BuildProducts.executable("segued"),
                ClusterDaemon.arguments(
                    cluster: nats, shard: 0, shards: 1, node: "holder", data: scratch.path + "/data"))
            let line = process.readLine(timeoutMs: 30000) ?? ""
            // Refusing the stream is fine; taking it is only if it keeps every acknowledged event.
            guard let endpoints = SegueEndpoints(readyLine: line) else {
                #expect(process.waitForExit(timeoutMs: 30000), "\(line) \(process.stderr)")
                return
            }
            let control = try ControlClient(endpoint: endpoints.control)
            _ = try control.command(Failover.create("a"))
            for index in 0..<5 { _ = try control.command(Failover.push("a", "Screen\(index)")) }
            #expect(try Self.takenEvents(nats) == Failover.history(control))
            process.kill()
        }

        // The stream deleted and made again empty while a standby follows it: the standby does not take the empty
        // stream over with a marker past its start, serving a log the log of record no longer holds.
        @Test func aStandbyDoesNotTakeOverAStreamMadeAgainShorterThanWhatItRead() throws {
            let nats = try NATSCluster.start()
            let holder = try ClusterDaemon(cluster: nats, shard: 0, shards: 1, node: "holder")
            let standby = try ClusterDaemon(cluster: nats, shard: 0, shards: 1, node: "standby")
            let control = try ControlClient(endpoint: try #require(holder.endpoints).control)
            _ = try control.command(Failover.create("a"))
            try standby.awaitLogLine(containing: "caught up with the shard's stream", timeoutMs: 15000)
            // Paused, the holder's lease lapses and the standby takes the lease.
            holder.signal(SIGSTOP)
            defer { holder.process.kill() }
            let attacker = try Attack.attacker(nats)
            try #require(js_DeleteStream(attacker.handle, Self.stream, nil, nil) == NATS_OK)
            try attacker.ensureStream(name: Self.stream, subjects: [Self.events, Self.leader], replicas: 3)

            #expect(standby.exitStatus(timeoutMs: 30000) == 1, "\(standby.process.stderr)")
            #expect(standby.process.stderr.contains("was deleted and made again"), "\(standby.process.stderr)")
            #expect(try attacker.lastSequence(stream: Self.stream) == 0)
        }

        /// Every event a reader of shard 0's stream takes from its start (what a standby applies).
        static func takenEvents(_ nats: NATSCluster) throws -> [Event] {
            let attacker = try Attack.attacker(nats)
            let messages = try attacker.messages(stream: stream, from: 1)
            var reader = ShardStreamReader(
                shard: 0, key: ClusterTestKey.shared.key.publicKey, tenure: 0, nextPosition: 1)
            return messages.flatMap { message -> [Event] in
                if case .batch(let batch) = reader.read(message) { batch } else { [] }
            }
        }
    }
}

/// A client subscribed to `subject` that publishes a copy of each message published there with a reply subject (a
/// JetStream publish) on the same subject, as soon as the message reaches it.
final class SubjectCopier: @unchecked Sendable {
    private let connection: NATSConnection
    private let subscription: OpaquePointer
    private let stopping = Atomic<Bool>(false)
    private let count = Atomic<Int>(0)
    private let done = DispatchSemaphore(value: 0)

    init(servers: String, subject: String) throws {
        connection = try NATSConnection(servers: [servers], name: "copier")
        var subscription: OpaquePointer?
        guard natsConnection_SubscribeSync(&subscription, connection.handle, subject) == NATS_OK, let subscription
        else { throw HarnessError("cannot subscribe to \(subject)") }
        self.subscription = subscription
        let thread = Thread { [self] in
            defer { done.signal() }
            while !stopping.load(ordering: .relaxed) {
                var message: OpaquePointer?
                guard natsSubscription_NextMsg(&message, self.subscription, 100) == NATS_OK, let message else {
                    continue
                }
                defer { natsMsg_Destroy(message) }
                guard natsMsg_GetReply(message) != nil else { continue }
                let status = natsConnection_Publish(
                    connection.handle, subject, natsMsg_GetData(message), natsMsg_GetDataLength(message))
                if status == NATS_OK { count.add(1, ordering: .relaxed) }
                natsConnection_Flush(connection.handle)
            }
        }
        thread.start()
    }

    /// How many publishes it copied.
    var copied: Int { count.load(ordering: .relaxed) }

    func stop() {
        guard !stopping.exchange(true, ordering: .relaxed) else { return }
        done.wait()
        natsSubscription_Unsubscribe(subscription)
        natsSubscription_Destroy(subscription)
    }

    deinit { stop() }
}
