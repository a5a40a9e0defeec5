import NATS
import SegueClusterClient
import SegueCore
import SegueSystem
import SegueWire

/// Fills a shard's stream with a long history fast, as a holder that then died would have left it: its marker,
/// then batches of events that the engine core decided, each message a signed `ShardBatchPart` of that tenure,
/// published in pipelined pages. A daemon started on the cluster afterwards takes the shard over from it as from
/// any holder; the failover tests and the bench's failover workload use it to reach millions of events in seconds.
///
/// The history is `stacks` stacks (`seed-0`, `seed-1`, ...) created with two screens, then pushed and popped in
/// turn, without animation, until at least `events` events are written.
public enum ShardStreamSeeder {
    /// What was written.
    public struct Summary: Sendable {
        public var events: UInt64
        public var lastSequence: UInt64
        public var seconds: Double
    }

    /// Bytes of events per message: well under the servers' default max_payload of 1 MiB.
    static let messageBytes = 256 * 1024
    /// Messages published before their acknowledgments are awaited.
    static let pageMessages = 64

    /// Writes at least `events` events into shard `shard`'s stream, which must be empty or not exist yet.
    /// - Parameters:
    ///   - replicas: the stream's copies, as the daemons are given them (`--replicas`).
    ///   - progress: told the events written so far after each page.
    public static func seed(
        servers: String, shard: Int, shards: Int, key: ClusterSigningKey, stacks: Int = 100, events target: Int,
        replicas: Int = 3, progress: (UInt64) -> Void = { _ in }
    ) throws -> Summary {
        let started = MonotonicTime.nowNs()
        let jetStream = try JetStream(
            connection: try NATSConnection(servers: [servers], name: "segue-seeder"), timeout: .seconds(30))
        let stream = ClusterLayout.stream(shard: shard)
        let eventsSubject = ClusterLayout.eventsSubject(shard: shard)
        let leaderSubject = ClusterLayout.leaderSubject(shard: shard)
        try jetStream.ensureStream(name: stream, subjects: [eventsSubject, leaderSubject], replicas: replicas)
        let marker = ShardMarker(
            lease: ShardLease(node: "seeder", shard: UInt32(shard), shards: UInt32(shards)), afterSequence: 0,
            nextPosition: 1)
        let tenure = try jetStream.publish(
            subject: leaderSubject,
            payload: SignedRecord(signing: marker.encoded(), place: leaderSubject, with: key).encoded(),
            expectedLastSequence: 0
        ).sequence

        var core = EngineCore()
        var outcome = Outcome()
        // A day ago, so that a daemon taking the history over finds its own clock well past the newest event.
        var now = WallClock.nowUs() - 86_400_000_000
        let ids = (0..<stacks).map { "seed-\($0)" }
        for id in ids {
            let create = Command(
                stackId: id,
                op: .create(
                    CreateStack(screens: ["Home", "List"], config: StackConfig(size: Size(width: 390, height: 844)))))
            core.apply(Input(body: .command(create)), now: now, into: &outcome)
        }
        var written: UInt64 = 0
        var lastSequence = tenure
        var page: [[UInt8]] = []
        var batch: [Event] = []
        var batchBytes = 0

        func publishPage() throws {
            guard !page.isEmpty else { return }
            lastSequence = try jetStream.publishBatch(
                subject: eventsSubject, payloads: page, expectedLastSequence: lastSequence
            ).last!
            page.removeAll(keepingCapacity: true)
            progress(written)
        }
        func closeMessage() throws {
            guard !batch.isEmpty else { return }
            let part = ShardBatchPart(tenure: tenure, events: batch)
            page.append(SignedRecord(signing: part.encoded(), place: eventsSubject, with: key).encoded())
            batch.removeAll(keepingCapacity: true)
            batchBytes = 0
            if page.count == pageMessages { try publishPage() }
        }

        var round = 0
        while true {
            for event in outcome.events {
                batch.append(event)
                batchBytes += event.encoded().count + 8
                written += 1
                if batchBytes >= messageBytes { try closeMessage() }
            }
            outcome.removeAll()
            if written >= UInt64(target) { break }
            now += 8_333
            for id in ids {
                let op: Command.Op =
                    round % 2 == 0 ? .push(Push(screen: "Detail", immediate: true)) : .pop(Pop(immediate: true))
                core.apply(Input(body: .command(Command(stackId: id, op: op))), now: now, into: &outcome)
            }
            round += 1
        }
        try closeMessage()
        try publishPage()
        return Summary(
            events: written, lastSequence: lastSequence,
            seconds: Double(MonotonicTime.nowNs() - started) / 1_000_000_000)
    }
}
