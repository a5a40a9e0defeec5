import Foundation
import NATS
import SegueClient
import SegueClusterClient
import SegueTestSupport
import SegueWire
import Testing

#if canImport(Glibc)
    import Glibc
#endif

extension NATSClusterSuites {
    /// Cluster mode against a real 3-node nats-server cluster on loopback: shards held by one daemon each with a
    /// standby, failover after kill -9, a paused holder fenced off, and the loss of a NATS server.
    @Suite struct ClusterFailoverTests {
        /// `count` stack ids that belong to `shard` of `shards`.
        static func stacks(of shard: Int, shards: Int, count: Int) -> [String] {
            var found: [String] = []
            var index = 0
            while found.count < count {
                if ShardAssignment.shard(of: "stack-\(index)", count: shards) == shard {
                    found.append("stack-\(index)")
                }
                index += 1
            }
            return found
        }

        static func create(_ stack: String) -> Command {
            Command(
                stackId: stack,
                op: .create(CreateStack(screens: ["Home"], config: StackConfig(size: Size(width: 390, height: 844)))))
        }

        static func push(_ stack: String, _ screen: String, requestId: String = "") -> Command {
            Command(stackId: stack, requestId: requestId, op: .push(Push(screen: screen, immediate: true)))
        }

        static func pop(_ stack: String) -> Command { Command(stackId: stack, op: .pop(Pop(immediate: true))) }

        /// Every event of the daemon's log, read page by page.
        static func history(_ control: ControlClient) throws -> [Event] {
            var events: [Event] = []
            var position: UInt64 = 1
            while true {
                let batch = try control.readEvents(from: position)
                events += batch.events
                if batch.nextPosition <= position || batch.nextPosition > batch.headPosition { return events }
                position = batch.nextPosition
            }
        }

        /// Every event in the shard's stream, as any NATS client reads it.
        static func streamEvents(_ nats: NATSCluster, shard: Int) throws -> [Event] {
            let jetStream = try JetStream(
                connection: try NATSConnection(servers: [nats.urls], name: "segue-test"), timeout: .seconds(1))
            // Reading makes a consumer, which waits for JetStream's leaders after a server was lost.
            let messages = try NATSJetStreamTests.retrying(timeoutMs: 60000) {
                try jetStream.messages(
                    stream: ClusterLayout.stream(shard: shard), subject: ClusterLayout.eventsSubject(shard: shard),
                    from: 1)
            }
            // Each message a SignedRecord of a ShardBatchPart, signed for its subject.
            return try messages.flatMap { message in
                let signed = try SignedRecord(decoding: message.payload)
                #expect(
                    ClusterTestKey.shared.key.publicKey.verifies(
                        signed.signature, of: Array("\(message.subject)\n".utf8) + signed.record))
                return try ShardBatchPart(decoding: signed.record).events
            }
        }

        /// Positions 1...n without a gap, and each stack's versions from 1 without a gap.
        static func expectGapFree(_ events: [Event]) {
            #expect(events.map(\.position) == Array(1...UInt64(events.count)))
            var versions: [String: UInt64] = [:]
            for event in events {
                let expected = (versions[event.stackId] ?? 0) + 1
                #expect(event.version == expected, "\(event.stackId) at position \(event.position)")
                versions[event.stackId] = event.version
            }
        }

        /// Each acknowledged command's events in `events` once, at the positions and with the version it was answered.
        static func expectLogged(_ acknowledged: [(stack: String, result: CommandResult)], in events: [Event]) {
            for (stack, result) in acknowledged {
                let logged = events.filter { (result.firstPosition...result.lastPosition).contains($0.position) }
                #expect(logged.count == Int(result.lastPosition - result.firstPosition + 1))
                #expect(logged.allSatisfy { $0.stackId == stack } && logged.last?.version == result.version)
            }
        }

        @Test func killingAHolderHandsItsShardToTheStandbyWithNothingLost() throws {
            let nats = try NATSCluster.start()
            let holders = try (0..<2).map {
                try ClusterDaemon(cluster: nats, shard: $0, shards: 2, node: "holder-\($0)")
            }
            let standbys = try (0..<2).map {
                try ClusterDaemon(cluster: nats, shard: $0, shards: 2, node: "standby-\($0)")
            }
            #expect(holders.allSatisfy { $0.endpoints != nil } && standbys.allSatisfy { $0.endpoints == nil })
            let first = try ControlClient(endpoint: try #require(holders[0].endpoints).control)
            let second = try ControlClient(endpoint: try #require(holders[1].endpoints).control)
            let mine = Self.stacks(of: 0, shards: 2, count: 3)
            let theirs = Self.stacks(of: 1, shards: 2, count: 1)[0]

            // A stack of the other shard is refused, and served there.
            #expect(throws: ClientError.self) { try first.command(Self.create(theirs)) }
            _ = try second.command(Self.create(theirs))

            // Steady load on shard 0: every acknowledged command is remembered.
            var acknowledged: [(stack: String, result: CommandResult)] = []
            for stack in mine { acknowledged.append((stack, try first.command(Self.create(stack)))) }
            for round in 0..<20 {
                let stack = mine[round % mine.count]
                acknowledged.append((stack, try first.command(Self.push(stack, "Screen\(round)"))))
                if round % 3 == 2 { acknowledged.append((stack, try first.command(Self.pop(stack)))) }
            }
            // A finger on the first stack, still down when its daemon dies: a swipe's pans but its release.
            let producer = try Producer(endpoint: try #require(holders[0].endpoints).ingest)
            let swipe = SwipeTrace(
                stackId: mine[0], gestureId: 7, width: 390, fraction: 0.5, startTimestampUs: 1_000_000)
            for pan in swipe.events.dropLast() { try producer.send(pan: pan) }
            let deadline = Date().addingTimeInterval(10)
            while try !Self.history(first).contains(where: { if case .progressed = $0.body { true } else { false } }) {
                try #require(Date() < deadline, "the pans were not decided")
            }

            // The holder dies under a steady load of commands on the other stacks.
            let load = CommandLoad(
                endpoint: try #require(holders[0].endpoints).control, stacks: Array(mine.dropFirst()))
            let loaded = Date().addingTimeInterval(10)
            while load.count < 20 { try #require(Date() < loaded, "the load got no answers") }
            holders[0].process.kill()
            let killed = ContinuousClock.now
            let endpoints = try standbys[0].awaitReady(timeoutMs: 15000)
            let failover = ContinuousClock.now - killed
            let underLoad = load.stop()
            acknowledged += underLoad
            print(
                "shard 0 served by its standby \(failover) after kill -9 of its holder (\(underLoad.count) commands of the load acknowledged)"
            )

            let successor = try ControlClient(endpoint: endpoints.control)
            let events = try Self.history(successor)
            Self.expectGapFree(events)
            Self.expectLogged(acknowledged, in: events)
            // The finger's transition ended as after a restart.
            let cancelled = events.compactMap { if case .cancelled(let c) = $0.body { c } else { nil } }
            #expect(cancelled.map(\.reason) == [.engineRestarted])
            // Any NATS client reads the same events from the stream.
            #expect(try Self.streamEvents(nats, shard: 0) == events)
            // The successor serves on from the head; the other shard never stopped.
            let next = try successor.command(Self.push(mine[1], "After"))
            #expect(next.firstPosition == UInt64(events.count) + 1)
            _ = try second.command(Self.push(theirs, "Detail"))
            #expect(try ClusterDirectory(servers: [nats.urls]).holder(of: 0)?.node == "standby-0")
        }

        @Test func aPausedHolderIsReplacedAndNoneOfItsLaterAppendsLand() throws {
            let nats = try NATSCluster.start()
            let holder = try ClusterDaemon(cluster: nats, shard: 0, shards: 1, node: "paused")
            let standby = try ClusterDaemon(cluster: nats, shard: 0, shards: 1, node: "successor")
            let endpoints = try #require(holder.endpoints)
            let control = try ControlClient(endpoint: endpoints.control)
            _ = try control.command(Self.create("a"))
            _ = try control.command(Self.push("a", "Detail"))

            holder.signal(SIGSTOP)
            let successor = try ControlClient(endpoint: try standby.awaitReady(timeoutMs: 15000).control)
            // A request to the paused daemon waits in its socket, and reaches it when it goes on.
            let stale = try ControlClient(endpoint: endpoints.control, timeoutMs: 200)
            #expect(throws: ClientError.self) { try stale.command(Self.push("a", "Stale", requestId: "stale")) }
            holder.signal(SIGCONT)
            #expect(holder.exitStatus(timeoutMs: 15000) == 3, "\(holder.process.stderr)")
            #expect(holder.process.stderr.contains("stepped down"))

            _ = try successor.command(Self.push("a", "After"))
            let events = try Self.history(successor)
            Self.expectGapFree(events)
            #expect(!events.contains { $0.requestId == "stale" })
            #expect(try Self.streamEvents(nats, shard: 0) == events)
            #expect(try successor.stack("a").screens == ["Home", "Detail", "After"])
        }

        @Test func losingANATSServerKeepsTheShardWritable() throws {
            let nats = try NATSCluster.start()
            let daemons = try ["one", "two"].map { try ClusterDaemon(cluster: nats, shard: 0, shards: 1, node: $0) }
            let directory = try ClusterDirectory(servers: [nats.urls])
            var control = try ControlClient(endpoint: try #require(try directory.holder(of: 0)).control)
            _ = try control.command(Self.create("a"))
            nats.kill(node: 0)
            // Until JetStream has elected new leaders, a command may fail, and the shard may even change hands:
            // follow the lease to whichever daemon holds it.
            var served = 0
            let deadline = Date().addingTimeInterval(60)
            while served < 10 {
                try #require(Date() < deadline, "the shard took no command for 60 s after a NATS server was lost")
                do {
                    _ = try control.command(Self.push("a", "Screen\(served)"))
                    _ = try control.command(Self.pop("a"))
                    served += 1
                } catch {
                    if let holder = try? directory.holder(of: 0) {
                        control = try ControlClient(endpoint: holder.control, timeoutMs: 3000)
                    }
                }
            }
            let events = try Self.history(control)
            Self.expectGapFree(events)
            #expect(try Self.streamEvents(nats, shard: 0) == events)
            _ = daemons
        }
    }
}
