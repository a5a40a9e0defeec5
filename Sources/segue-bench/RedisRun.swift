import SegueSystem
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Redis Streams as Segue's peer: a fresh redis-server with an append-only file, 4 client connections that each keep
/// a pipeline of XADDs of a 56-byte entry in flight to one stream, entries per second counted from the replies.
struct RedisRun {
    struct Setup: Sendable {
        var label: String
        /// redis-server's `--appendfsync`: `always` or `everysec`.
        var appendFsync: String
        var warmupSeconds: Double
        var measureSeconds: Double
        var connections = 4
        /// Requests each connection keeps in flight; it writes more once half have been answered.
        var pipelineDepth = 256
        /// The entry's one field value, as long as a typical event in Segue's log.
        var entryBytes = 56
        var stream = "segue-bench"
    }

    struct Result: Sendable {
        var setup: Setup
        var seconds: Double
        /// XADD replies per second over the window: entries appended (and synced, with `always`).
        var entriesPerSecond: Double
        /// redis-server's CPU seconds per second of the window.
        var serverCores: Double
        /// The bench's own CPU over the window (the client threads).
        var benchCores: Double
    }

    /// What the client threads and the main thread share.
    private final class Shared: Sendable {
        let stop = Atomic<Bool>(false)
        let replies = Atomic<Int>(0)
    }

    let options: BenchOptions

    /// Starts redis-server from `executable`, measures `setup` against it, always kills it.
    func run(_ setup: Setup, executable: String) throws(BenchError) -> Result {
        let scratch = try ScratchDirectory.bench(setup.label, options: options)
        defer { scratch.finish() }
        let server = try RedisPeer(executable: executable, directory: scratch.path, appendFsync: setup.appendFsync)
        defer { server.kill() }
        let shared = Shared()
        let port = server.port
        var clients: [JoinableThread<String?>] = []
        defer {
            shared.stop.store(true, ordering: .relaxed)
            for client in clients { _ = client.join() }
        }
        for index in 0..<setup.connections {
            clients.append(
                try JoinableThread.bench("redis client \(index)") {
                    Self.drive(port: port, setup: setup, shared: shared)
                })
        }
        let liveDeadline = MonotonicTime.nowNs() + 10_000_000_000
        while shared.replies.load(ordering: .relaxed) == 0 {
            try Interruption.check()
            guard server.isRunning else { throw BenchError("\(setup.label): redis-server exited\n\(server.logTail)") }
            guard MonotonicTime.nowNs() < liveDeadline else {
                throw BenchError("\(setup.label): no XADD answered within 10 s\n\(server.logTail)")
            }
            MonotonicTime.sleep(nanoseconds: 5_000_000)
        }
        try Self.sleep(setup.warmupSeconds)
        let before = shared.replies.load(ordering: .relaxed)
        let serverBefore = server.usage
        let benchBefore = ProcessUsage.read(pid: getpid())
        let start = MonotonicTime.nowNs()
        try Self.sleep(setup.measureSeconds)
        let end = MonotonicTime.nowNs()
        let after = shared.replies.load(ordering: .relaxed)
        let serverAfter = server.usage
        let benchAfter = ProcessUsage.read(pid: getpid())
        shared.stop.store(true, ordering: .relaxed)
        let failures = clients.compactMap { $0.join() }
        clients = []
        if let failure = failures.first {
            throw BenchError("\(setup.label): \(failure)\n\(server.logTail)")
        }
        let seconds = MonotonicTime.seconds(from: start, to: end)
        return Result(
            setup: setup, seconds: seconds, entriesPerSecond: Double(after - before) / seconds,
            serverCores: ((serverAfter?.cpuSeconds ?? 0) - (serverBefore?.cpuSeconds ?? 0)) / seconds,
            benchCores: ((benchAfter?.cpuSeconds ?? 0) - (benchBefore?.cpuSeconds ?? 0)) / seconds)
    }

    /// One client connection: tops its pipeline up to the depth whenever half of it has been answered, counts the
    /// replies. Returns why it stopped early, nil when it was asked to stop.
    private static func drive(port: Int, setup: Setup, shared: Shared) -> String? {
        let entry = [UInt8](repeating: UInt8(ascii: "e"), count: setup.entryBytes)
        let request = RESPCommand.encode([
            Array("XADD".utf8), Array(setup.stream.utf8), [UInt8(ascii: "*")], [UInt8(ascii: "e")], entry,
        ])
        var batch: [UInt8] = []
        do {
            let connection = try RedisConnection(port: port)
            var inFlight = 0
            while !shared.stop.load(ordering: .relaxed) {
                if inFlight <= setup.pipelineDepth / 2 {
                    batch.removeAll(keepingCapacity: true)
                    for _ in inFlight..<setup.pipelineDepth { batch += request }
                    try connection.write(batch)
                    inFlight = setup.pipelineDepth
                }
                var answered = 0
                var refusal: String?
                try connection.readReplies { reply in
                    answered += 1
                    if case .error(let message) = reply, refusal == nil { refusal = message }
                }
                if let refusal { return "XADD refused: \(refusal)" }
                inFlight -= answered
                if answered > 0 { shared.replies.wrappingAdd(answered, ordering: .relaxed) }
            }
            return nil
        } catch {
            return shared.stop.load(ordering: .relaxed) ? nil : error.description
        }
    }

    private static func sleep(_ seconds: Double) throws(BenchError) {
        let deadline = MonotonicTime.nowNs() + Int64(seconds * 1e9)
        while MonotonicTime.nowNs() < deadline {
            try Interruption.check()
            MonotonicTime.sleep(nanoseconds: min(20_000_000, deadline - MonotonicTime.nowNs()))
        }
    }
}
