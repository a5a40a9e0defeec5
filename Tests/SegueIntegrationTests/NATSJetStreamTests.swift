import Foundation
import NATS
import SegueTestSupport
import Testing

extension NATSClusterSuites {
    /// The NATS module against a real 3-node nats-server cluster on loopback: replicated streams, fenced appends,
    /// pipelined batches, replay, following, failover of a node, and key-value leases.
    @Suite struct NATSJetStreamTests {
        /// A cluster, a connection to all of its nodes and JetStream on it.
        struct Setup {
            let cluster: NATSCluster
            let connection: NATSConnection
            let jetStream: JetStream

            /// - Parameter timeout: how long a JetStream call waits; after a node is lost, a shorter one lets a retry
            ///   reach the newly elected leader sooner.
            init(timeout: Duration = .seconds(5)) throws {
                cluster = try NATSCluster.start()
                connection = try NATSConnection(servers: [cluster.urls], name: "segue-test")
                jetStream = try JetStream(connection: connection, timeout: timeout)
            }
        }

        static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

        /// Runs `attempt` until it succeeds, or fails with a wrong last sequence, or `timeoutMs` passes: while a node is
        /// lost, the client reconnects, and the stream (or the cluster's metadata, which creating a consumer needs) may
        /// elect a new leader, which nats-server 2.9 does after 4 to 9 s. Attempts are paced by a few milliseconds, so
        /// that the refusals (no responders) coming back at once do not make a busy loop.
        static func retrying<Result>(timeoutMs: Int = 20000, _ attempt: () throws -> Result) throws -> Result {
            let deadline = Date().addingTimeInterval(Double(timeoutMs) / 1000)
            while true {
                do {
                    return try attempt()
                } catch let error as NATSError where !error.isWrongLastSequence && Date() < deadline {
                    usleep(20_000)
                }
            }
        }

        @Test func ensureStreamCreatesAThreeReplicaStreamAndRefusesAnotherConfiguration() throws {
            let setup = try Setup()
            try setup.jetStream.ensureStream(name: "SHARD1", subjects: ["segue.shard.1.>"], replicas: 3)
            try setup.jetStream.ensureStream(name: "SHARD1", subjects: ["segue.shard.1.>"], replicas: 3)
            #expect(try setup.jetStream.lastSequence(stream: "SHARD1") == 0)
            let otherReplicas = #expect(throws: NATSError.self) {
                try setup.jetStream.ensureStream(name: "SHARD1", subjects: ["segue.shard.1.>"], replicas: 1)
            }
            #expect(otherReplicas?.isStreamMismatch == true, "\(String(describing: otherReplicas))")
            let otherSubjects = #expect(throws: NATSError.self) {
                try setup.jetStream.ensureStream(name: "SHARD1", subjects: ["segue.shard.2.>"], replicas: 3)
            }
            #expect(otherSubjects?.isStreamMismatch == true, "\(String(describing: otherSubjects))")
            let missing = #expect(throws: NATSError.self) { try setup.jetStream.lastSequence(stream: "NONE") }
            #expect(missing?.isNotFound == true)
        }

        @Test func publishFencesOnTheExpectedLastSequenceAndReportsDuplicates() throws {
            let setup = try Setup()
            let js = setup.jetStream
            try js.ensureStream(name: "LOG", subjects: ["log.>"], replicas: 3)
            // 0 is a real expectation: only an empty stream takes it.
            let first = try js.publish(subject: "log.a", payload: Self.bytes("one"), expectedLastSequence: 0)
            #expect(first.sequence == 1 && !first.duplicate)
            let second = try js.publish(subject: "log.a", payload: Self.bytes("two"), expectedLastSequence: 1)
            let third = try js.publish(subject: "log.b", payload: Self.bytes("three"))
            #expect([second.sequence, third.sequence] == [2, 3])

            for stale: UInt64 in [0, 2] {
                let refused = #expect(throws: NATSError.self) {
                    try js.publish(subject: "log.a", payload: Self.bytes("stale"), expectedLastSequence: stale)
                }
                #expect(refused?.isWrongLastSequence == true, "\(String(describing: refused))")
                #expect(refused?.jetStreamCode == 10071)
            }
            #expect(try js.lastSequence(stream: "LOG") == 3)

            let once = try js.publish(subject: "log.a", payload: Self.bytes("four"), messageID: "command-4")
            let again = try js.publish(subject: "log.a", payload: Self.bytes("four"), messageID: "command-4")
            #expect(once.sequence == 4 && !once.duplicate)
            #expect(again.sequence == 4 && again.duplicate)
            #expect(try js.lastSequence(stream: "LOG") == 4)
            #expect(
                try js.messages(stream: "LOG", from: 1).map(\.payload)
                    == ["one", "two", "three", "four"].map(Self.bytes))
        }

        @Test func aPipelinedBatchLandsInOrderAndReplaysExactly() throws {
            let setup = try Setup()
            let js = setup.jetStream
            try js.ensureStream(name: "BATCH", subjects: ["batch.>"], replicas: 3)
            try js.publish(subject: "batch.head", payload: Self.bytes("head"), expectedLastSequence: 0)
            let payloads = (1...1000).map { Self.bytes("event \($0)") }
            let sequences = try js.publishBatch(subject: "batch.events", payloads: payloads, expectedLastSequence: 1)
            #expect(sequences == Array(2...1001))
            #expect(try js.lastSequence(stream: "BATCH") == 1001)

            let replayed = try js.messages(stream: "BATCH", subject: "batch.events", from: 1)
            #expect(replayed.map(\.sequence) == Array(2...1001))
            #expect(replayed.map(\.payload) == payloads)
            #expect(replayed.allSatisfy { $0.subject == "batch.events" })
            let middle = try js.messages(stream: "BATCH", from: 500, upTo: 599)
            #expect(middle.map(\.sequence) == Array(500...599))
            #expect(middle.map(\.payload) == Array(payloads[498..<598]))
            #expect(try js.messages(stream: "BATCH", from: 1002).isEmpty)
            #expect(try js.messages(stream: "BATCH", subject: "batch.nothing", from: 1).isEmpty)

            // A batch from a writer whose view is stale: nothing of it lands.
            let refused = #expect(throws: NATSError.self) {
                try js.publishBatch(
                    subject: "batch.events", payloads: payloads.prefix(50).map { $0 }, expectedLastSequence: 900)
            }
            #expect(refused?.isWrongLastSequence == true, "\(String(describing: refused))")
            #expect(try js.lastSequence(stream: "BATCH") == 1001)
            // The pipeline is reusable after a refusal.
            #expect(
                try js.publishBatch(subject: "batch.events", payloads: [[1], [2]], expectedLastSequence: 1001) == [
                    1002, 1003,
                ])
        }

        @Test func aFollowerSeesEveryMessageOnceInOrder() throws {
            let setup = try Setup()
            let js = setup.jetStream
            try js.ensureStream(name: "FOLLOW", subjects: ["follow.>"], replicas: 3)
            let follower = try StreamFollower(jetStream: js, stream: "FOLLOW", from: 1)
            #expect(try follower.next(timeout: .milliseconds(50)) == nil)

            var expected: [StreamMessage] = []
            for index in 1...100 {
                let payload = Self.bytes("single \(index)")
                let ack = try js.publish(subject: "follow.single", payload: payload)
                expected.append(StreamMessage(sequence: ack.sequence, subject: "follow.single", payload: payload))
            }
            let batch = (1...400).map { Self.bytes("batch \($0)") }
            let sequences = try js.publishBatch(subject: "follow.batch", payloads: batch, expectedLastSequence: 100)
            expected += zip(sequences, batch).map { StreamMessage(sequence: $0, subject: "follow.batch", payload: $1) }

            var seen: [StreamMessage] = []
            while seen.count < expected.count, let message = try follower.next(timeout: .seconds(10)) {
                seen.append(message)
            }
            #expect(seen == expected)
            #expect(try follower.next(timeout: .milliseconds(200)) == nil)
            follower.stop()
            try js.publish(subject: "follow.single", payload: [0])
            #expect(try follower.next(timeout: .milliseconds(200)) == nil)

            // A follower started in the middle begins there.
            let late = try StreamFollower(jetStream: js, stream: "FOLLOW", subject: "follow.batch", from: 450)
            #expect(try late.next(timeout: .seconds(10))?.sequence == 450)
            late.stop()

            // One started past the end waits for the next message; stopping it from another thread wakes it.
            let next = try js.lastSequence(stream: "FOLLOW") + 1
            let ahead = try StreamFollower(jetStream: js, stream: "FOLLOW", from: next)
            try js.publish(subject: "follow.single", payload: [1])
            #expect(try ahead.next(timeout: .seconds(10))?.sequence == next)
            let woken = DispatchSemaphore(value: 0)
            let waiting = DispatchSemaphore(value: 0)
            Thread.detachNewThread {
                waiting.signal()
                _ = try? ahead.next(timeout: .seconds(60))
                woken.signal()
            }
            waiting.wait()
            ahead.stop()
            #expect(woken.wait(timeout: .now() + 30) == .success)
        }

        @Test func aFollowerThatFallsBehindItsClientsLimitStillSkipsNothing() throws {
            let setup = try Setup()
            let js = setup.jetStream
            try js.ensureStream(name: "BEHIND", subjects: ["behind.>"], replicas: 3)
            let follower = try StreamFollower(jetStream: js, stream: "BEHIND", from: 1, pendingMessages: 8)
            let payloads = (1...200).map { Self.bytes("message \($0)") }
            _ = try js.publishBatch(subject: "behind.all", payloads: payloads)
            // Nothing is taken until the client has dropped some of what the servers pushed to it.
            let deadline = Date().addingTimeInterval(30)
            while follower.droppedMessages == 0 {
                try #require(Date() < deadline, "the client dropped nothing")
                usleep(10_000)
            }
            var seen: [StreamMessage] = []
            while seen.count < payloads.count {
                try #require(Date() < deadline.addingTimeInterval(30), "only \(seen.count) messages came")
                if let message = try follower.next(timeout: .seconds(1)) { seen.append(message) }
            }
            #expect(seen.map(\.sequence) == Array(1...200))
            #expect(seen.map(\.payload) == payloads)
        }

        @Test func losingANodeKeepsTheStreamWritableAndTheClientReconnects() throws {
            let setup = try Setup(timeout: .seconds(1))
            let js = setup.jetStream
            try js.ensureStream(name: "DURABLE", subjects: ["durable.>"], replicas: 3)
            let follower = try StreamFollower(jetStream: js, stream: "DURABLE", from: 1)
            var last: UInt64 = 0
            for index in 1...10 {
                last = try js.publish(subject: "durable.e", payload: [UInt8(index)], expectedLastSequence: last)
                    .sequence
            }
            // Kill the node this client is connected to: it must reconnect to another.
            let connected = try #require(setup.connection.connectedURL)
            let victim = try #require((0..<setup.cluster.count).first { setup.cluster.url(node: $0) == connected })
            setup.cluster.kill(node: victim)

            for index in 11...20 {
                // The message id makes a retry of a message stored but not acknowledged a duplicate, not a second copy.
                let ack = try Self.retrying {
                    try js.publish(
                        subject: "durable.e", payload: [UInt8(index)], expectedLastSequence: last,
                        messageID: "e\(index)")
                }
                #expect(ack.sequence == last + 1)
                last = ack.sequence
            }
            #expect(setup.connection.isConnected)
            #expect(setup.connection.connectedURL != connected)
            #expect(try Self.retrying { try js.lastSequence(stream: "DURABLE") } == 20)
            let replayed = try Self.retrying { try js.messages(stream: "DURABLE", from: 1) }
            #expect(replayed.map(\.payload) == (1...20).map { [UInt8($0)] })
            var followed: [UInt64] = []
            while followed.count < 20, let message = try follower.next(timeout: .seconds(15)) {
                followed.append(message.sequence)
            }
            #expect(followed == Array(1...20))

            // Back in the cluster, the node catches up and the stream goes on.
            try setup.cluster.restart(node: victim)
            let ack = try Self.retrying {
                try js.publish(subject: "durable.e", payload: [21], expectedLastSequence: last, messageID: "e21")
            }
            #expect(ack.sequence == 21)
        }

        @Test func aPausedNodeDoesNotStopTheStream() throws {
            let setup = try Setup(timeout: .seconds(1))
            let js = setup.jetStream
            try js.ensureStream(name: "PAUSE", subjects: ["pause.>"], replicas: 3)
            try js.publish(subject: "pause.e", payload: [1], expectedLastSequence: 0)
            // A node this client is not connected to, hung: the other two are a quorum.
            let connected = try #require(setup.connection.connectedURL)
            let hung = try #require((0..<setup.cluster.count).first { setup.cluster.url(node: $0) != connected })
            setup.cluster.pause(node: hung)
            let during = try Self.retrying {
                try js.publish(subject: "pause.e", payload: [2], expectedLastSequence: 1, messageID: "p2")
            }
            #expect(during.sequence == 2)
            setup.cluster.resume(node: hung)
            let after = try Self.retrying {
                try js.publish(subject: "pause.e", payload: [3], expectedLastSequence: 2, messageID: "p3")
            }
            #expect(after.sequence == 3)
            // The resumed node catches up in the background; until it has, a read it serves may stop short.
            let deadline = Date().addingTimeInterval(20)
            var read: [[UInt8]] = []
            repeat {
                read = try Self.retrying { try js.messages(stream: "PAUSE", from: 1) }.map(\.payload)
            } while read != [[1], [2], [3]] && Date() < deadline && usleep(20_000) == 0
            #expect(read == [[1], [2], [3]])
        }

        @Test func aKeyValueKeyIsALeaseThatLapses() throws {
            let setup = try Setup()
            let bucket = try KeyValueBucket.ensure(
                jetStream: setup.jetStream, bucket: "leases", replicas: 3, ttl: .seconds(1))
            #expect(try bucket.get("shard-1") == nil)
            let created = try bucket.create(key: "shard-1", value: Self.bytes("primary A"))
            #expect(
                try bucket.get("shard-1").map { [$0.value, [UInt8($0.revision)]] } == [
                    Self.bytes("primary A"), [UInt8(created)],
                ])

            let taken = #expect(throws: NATSError.self) {
                try bucket.create(key: "shard-1", value: Self.bytes("primary B"))
            }
            #expect(taken?.isKeyExists == true, "\(String(describing: taken))")
            let renewed = try bucket.update(key: "shard-1", value: Self.bytes("primary A"), lastRevision: created)
            #expect(renewed > created)
            let stale = #expect(throws: NATSError.self) {
                try bucket.update(key: "shard-1", value: Self.bytes("primary A"), lastRevision: created)
            }
            #expect(stale?.isStaleRevision == true, "\(String(describing: stale))")

            // A deleted key can be created again.
            try bucket.delete("shard-1")
            #expect(try bucket.get("shard-1") == nil)
            let recreated = try bucket.create(key: "shard-1", value: Self.bytes("primary A"))

            // Unrenewed, the key lapses with the TTL; then another holder's create succeeds and the old holder's
            // renewal fails.
            let deadline = Date().addingTimeInterval(15)
            while try bucket.get("shard-1") != nil {
                try #require(Date() < deadline, "the key did not lapse")
            }
            let standby = try bucket.create(key: "shard-1", value: Self.bytes("primary B"))
            #expect(try bucket.get("shard-1")?.value == Self.bytes("primary B"))
            let fenced = #expect(throws: NATSError.self) {
                try bucket.update(key: "shard-1", value: Self.bytes("primary A"), lastRevision: recreated)
            }
            #expect(fenced?.isStaleRevision == true)
            #expect(try bucket.update(key: "shard-1", value: Self.bytes("primary B"), lastRevision: standby) > standby)

            let reopened = #expect(throws: NATSError.self) {
                try KeyValueBucket.ensure(jetStream: setup.jetStream, bucket: "leases", replicas: 3, ttl: .seconds(5))
            }
            #expect(reopened?.isStreamMismatch == true)
            _ = try KeyValueBucket.ensure(jetStream: setup.jetStream, bucket: "leases", replicas: 3, ttl: .seconds(1))
        }

        @Test func connectingWhereNoServerListensFailsClearly() throws {
            let cluster = try NATSCluster.start(size: 1)
            let url = cluster.urls
            cluster.stop()
            let failure = #expect(throws: NATSError.self) {
                try NATSConnection(servers: [url], name: "segue-test", connectTimeout: .milliseconds(500))
            }
            #expect(failure?.isNoServer == true, "\(String(describing: failure))")
            #expect(failure?.description.contains(url) == true, "\(String(describing: failure))")
        }
    }
}
