import SegueCore
import SegueLog
import SegueSystem
import SegueWire

#if canImport(Glibc)
    import Glibc
#endif

/// Writes a realistic data directory offline, fast: the pure engine core decides the gesture mix the live
/// workloads send, and the events go to a `SegmentLog` in batches of about 8 MiB.
///
/// The core runs `templates` stacks (at most 100) in simulated time at 120 Hz: every stack swipes, waits for its
/// settle, pushes back what a finished swipe popped, and swipes again. Each template stack's events are then
/// written for `stacks / templates` stacks, each under its own id and with log positions renumbered, so a
/// 10000-stack log costs the core's decisions for 100 stacks plus copying bytes. Every stack's history is one the
/// core decided (versions, transition ids and times as it made them), so the daemon replays exactly the kind of
/// events it would have logged; only the gesture plans repeat across the copies of a template. Events of one
/// simulated 8.3 ms round share their clock, as if each round were one batch of the engine loop.
enum LogGenerator {
    /// What was written.
    struct Summary: Sendable {
        var events: UInt64
        var bytes: UInt64
        var stacks: Int
        var seconds: Double
    }

    /// Writes at least `events` events (the last round completes) for `stacks` stacks into `dataDirectory`.
    /// - Parameter firstStack: the index of the first stack written (`BenchStacks.id`): a log whose stacks must not
    ///   collide with those a live run creates starts past them.
    static func generate(dataDirectory: String, stacks: Int, events target: Int, seed: UInt64, firstStack: Int = 0)
        throws(BenchError) -> Summary
    {
        let started = MonotonicTime.nowNs()
        let directory: DataDirectory
        let log: SegmentLog
        do {
            directory = try DataDirectory(path: dataDirectory)
            log = try SegmentLog(directory: directory.logPath)
        } catch {
            throw BenchError("cannot create the data directory \(dataDirectory)", cause: error)
        }
        defer {
            log.close()
            directory.close()
        }
        let templates = min(stacks, 100)
        let copies = (stacks + templates - 1) / templates
        let ids = (0..<templates).map { BenchStacks.id($0) }
        let writtenIds = (0..<stacks).map { BenchStacks.id(firstStack + $0) }
        var core = EngineCore()
        var outcome = Outcome()
        var writer = Writer(log: log, path: dataDirectory)
        // A day ago, so that a daemon opening the log finds its own clock well past the log's newest event.
        var now = WallClock.nowUs() - 86_400_000_000

        /// Writes the round's events once per copy of their template stack.
        func writeRound() throws(BenchError) {
            let suffixes = outcome.events.map { Writer.suffix(of: $0) }
            let templateIndexes = outcome.events.map { BenchStacks.index(of: $0.stackId) ?? 0 }
            outcome.removeAll()
            for copy in 0..<copies {
                for (suffix, template) in zip(suffixes, templateIndexes) {
                    let stack = copy * templates + template
                    if stack < stacks { writer.append(stackId: writtenIds[stack], suffix: suffix) }
                }
            }
            try writer.flush(force: false)
        }

        for index in 0..<templates {
            // No request id: every copy of the StackCreated event may then carry the same bytes.
            var create = BenchStacks.create(index)
            create.requestId = ""
            core.apply(Input(body: .command(create)), now: now, into: &outcome)
        }
        try writeRound()

        var planner = GesturePlanner(seed: seed)
        var pans = [[PanEvent]](repeating: [], count: templates)
        var cursors = [Int](repeating: 0, count: templates)
        var gestureCounts = [UInt64](repeating: 0, count: templates)
        var rounds = 0
        while writer.position < UInt64(target) {
            // One 120 Hz sample period of simulated time per round.
            now += 8_333
            rounds += 1
            if rounds & 15 == 0 { try Interruption.check() }
            core.runClock(to: now, into: &outcome)
            for index in 0..<templates {
                if cursors[index] == pans[index].count {
                    // Between gestures: wait for the settle to complete, put back a popped screen, begin again.
                    guard let stack = core.stacks[ids[index]], stack.transition == nil else { continue }
                    if stack.screens.count < BenchStacks.screens.count {
                        core.apply(Input(body: .command(BenchStacks.pushBack(index))), now: now, into: &outcome)
                    }
                    gestureCounts[index] += 1
                    let gestureId = UInt64(index) << 32 | gestureCounts[index]
                    pans[index] =
                        planner.next(
                            stackId: ids[index], gestureId: gestureId, startUs: now,
                            encoded: false
                        ).pans
                    cursors[index] = 0
                }
                core.apply(pans[index][cursors[index]], now: now, into: &outcome)
                cursors[index] += 1
            }
            try writeRound()
        }
        try writer.flush(force: true)
        do {
            try log.sync()
        } catch {
            throw BenchError("cannot sync the generated log in \(dataDirectory)", cause: error)
        }
        return Summary(
            events: log.headPosition, bytes: log.byteSize, stacks: stacks,
            seconds: MonotonicTime.seconds(from: started, to: MonotonicTime.nowNs()))
    }

    /// Frames records into a batch and appends it to the log once it holds about 8 MiB.
    private struct Writer {
        let log: SegmentLog
        let path: String
        var batch = LogBatch()
        /// The position the last record got.
        private(set) var position: UInt64 = 0

        init(log: SegmentLog, path: String) {
            self.log = log
            self.path = path
            batch.reserveCapacity(bytes: 9 << 20, records: 150_000)
        }

        /// An event's encoding from field 3 (version) on: fields 1 (position) and 2 (stack_id) are left at their
        /// defaults, which encode to nothing.
        static func suffix(of event: Event) -> [UInt8] {
            var bare = event
            bare.position = 0
            bare.stackId = ""
            return bare.encoded()
        }

        /// Adds the event `suffix` at the next position for `stackId`: the same bytes `Event.encoded()` gives,
        /// since protobuf writes fields in number order and 1 and 2 come first.
        mutating func append(stackId: String, suffix: [UInt8]) {
            position += 1
            let position = self.position
            batch.appendRecord { bytes in
                bytes.append(0x08)  // field 1, varint
                var value = position
                while value >= 0x80 {
                    bytes.append(UInt8(truncatingIfNeeded: value) | 0x80)
                    value >>= 7
                }
                bytes.append(UInt8(value))
                bytes.append(0x12)  // field 2, length-delimited; bench stack ids are 6 bytes
                bytes.append(UInt8(stackId.utf8.count))
                bytes.append(contentsOf: stackId.utf8)
                bytes.append(contentsOf: suffix)
            }
        }

        mutating func flush(force: Bool) throws(BenchError) {
            guard !batch.isEmpty, force || batch.byteCount >= 8 << 20 else { return }
            do {
                try log.append(batch)
            } catch {
                throw BenchError("cannot append to the generated log in \(path)", cause: error)
            }
            batch.removeAll()
        }
    }
}
