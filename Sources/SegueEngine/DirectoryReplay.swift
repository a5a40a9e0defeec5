import SegueCore
import SegueLog
import SegueWire

#if canImport(Glibc)
    import Glibc
#endif

/// A data directory read offline, whether or not a daemon runs on it: every event of its log in order, checked,
/// folded into the state, and optionally the frames they imply (what `segue replay` prints).
///
/// It takes no lock and changes nothing: the log is opened with `SegmentLog(readingDirectory:)`, so a torn tail is
/// reported (`tornTail`) rather than cut, and snapshots are read without a store. What it checks, each a `Problem`
/// naming the position:
/// - every record's checksum (when opening), and that every record decodes as an `Event`;
/// - the damage a daemon would refuse to start on (`LogDamage`): a damaged end of the last segment with a valid
///   record after it at any byte offset, segments missing by the log's manifest;
/// - positions: each event's `position` is its record's, from the oldest kept position to the head, no gaps;
/// - versions per stack without gaps, a `stack_created` at version 1, no event for a stack that does not exist
///   (the checks of `EngineCore.restore`), and times that never decrease;
/// - every snapshot in `DIR/snapshots` within the log's range equals the replayed state at its position; when
///   retention removed the log's beginning, the replay starts from the oldest snapshot that covers it.
///
/// Owned by one thread.
public final class DirectoryReplay {
    /// Something in the directory that is not as the engine writes it.
    public struct Problem: Sendable, Hashable, CustomStringConvertible {
        /// The log position concerned, when there is one.
        public var position: UInt64?
        public var message: String

        public var description: String {
            position.map { "position \($0): \(message)" } ?? message
        }
    }

    /// One thing the replay found, in log order.
    public enum Item: Sendable {
        case event(Event)
        /// A regenerated frame (only when frames were asked for), before the event it precedes or after the one
        /// that implies it, as `EngineCore.replay` draws them.
        case frame(Frame)
    }

    /// The data directory.
    public let path: String
    /// The state after the events replayed so far.
    public private(set) var core: EngineCore
    /// What is wrong, in the order found; empty when everything checked holds.
    public private(set) var problems: [Problem] = []
    /// Events read so far.
    public private(set) var eventCount = 0
    /// Snapshots compared with the replayed state so far.
    public private(set) var snapshotsCompared = 0
    /// The snapshot the replay started from, when retention removed the beginning of the log.
    public private(set) var startSnapshot: UInt64?

    private let log: SegmentLog
    private var snapshots: [SnapshotStore.File]

    /// Opens `dataDirectory`'s log for reading and lists its snapshots.
    /// - Throws: `LedgerError` when the directory holds no log, or the log cannot be opened: a damaged older
    ///   segment, segments with a gap between them (the message names the file and the position).
    public init(dataDirectory: String, limits: Limits = Limits()) throws(LedgerError) {
        var trimmed = dataDirectory
        while trimmed.count > 1 && trimmed.hasSuffix("/") { trimmed.removeLast() }
        path = trimmed
        core = EngineCore(limits: limits)
        // Snapshots first: a running daemon writes one only for events already in the log, so each one listed
        // now is within the log opened next.
        do {
            snapshots = try SnapshotStore.files(inDirectory: trimmed + "/snapshots")
                .sorted { $0.position < $1.position }
        } catch {
            throw LedgerError("cannot list the snapshots of \(trimmed)", .log(error))
        }
        do {
            log = try SegmentLog(readingDirectory: trimmed + "/log")
        } catch {
            throw LedgerError("cannot read the log of \(trimmed)", .log(error))
        }
    }

    deinit {
        log.close()
    }

    /// The oldest position the log keeps (1 until retention deletes segments).
    public var firstPosition: UInt64 { log.firstPosition }
    /// The newest whole record's position (0 for an empty log).
    public var headPosition: UInt64 { log.headPosition }
    /// The incomplete or damaged bytes at the end of the last segment, which a daemon starting on the directory
    /// would cut (or a record being written right now), or nil when the log ends cleanly.
    public var tornTail: RecoveryReport? { log.recovery.didTruncate ? log.recovery : nil }

    /// Whether the damaged tail is corruption rather than a torn write, because a valid record follows it (`run`
    /// records it as a problem).
    public var tailIsCorrupt: Bool {
        guard let torn = tornTail else { return false }
        return log.recovery.damage.contains { $0.path == torn.segmentPath && $0.offset == torn.truncatedAtOffset }
    }

    /// Whether every check so far held.
    public var isConsistent: Bool { problems.isEmpty }

    /// Reads the whole log from its oldest kept position, checking and folding each event, and hands each event
    /// (and, with `frames`, each regenerated frame) to `visit` in order.
    ///
    /// Reading stops early only when the log itself cannot be read; a problem with one event is recorded and the
    /// rest is still read (folding stops at the first event the state refuses, since later ones cannot be judged).
    public func run(frames: Bool = false, _ visit: (Item) -> Void = { _ in }) {
        reportDamage()
        let start = log.firstPosition
        var folding = prepareStart(logStart: start)
        var lastTimeUs = Int64.min
        var outcome = Outcome()
        do {
            try log.forEach(from: start) { position, payload in
                eventCount += 1
                let event: Event
                do {
                    event = try Event(decoding: payload)
                } catch {
                    report(position, "the record does not decode as an Event: \(error)")
                    folding = false
                    return
                }
                if event.position != position {
                    report(position, "the event says position \(event.position); positions have a gap or repeat")
                    folding = false
                }
                if event.timeUs < lastTimeUs {
                    report(position, "time_us \(event.timeUs) goes back from \(lastTimeUs) at the event before")
                }
                lastTimeUs = max(lastTimeUs, event.timeUs)
                visit(.event(event))
                guard folding, position > core.headPosition else { return }
                do throws(EngineCore.RestoreError) {
                    if frames {
                        try core.replay(event, into: &outcome)
                        for frame in outcome.frames { visit(.frame(frame)) }
                        outcome.removeAll()
                    } else {
                        try core.restore(event)
                    }
                } catch {
                    report(position, "the state refuses the event: \(error.message)")
                    folding = false
                    return
                }
                compareSnapshot(at: position)
            }
        } catch {
            report(nil, "cannot read the log: \(error)")
        }
        for snapshot in snapshots where snapshot.position > log.headPosition {
            report(
                snapshot.position,
                "snapshot \(snapshot.path) is past the log's head \(log.headPosition): the log "
                    + "lost events it covers")
        }
    }

    /// Damage the log's opening found and a daemon would refuse to start on: a damaged tail with a valid record
    /// after it.
    private func reportDamage() {
        for damage in log.recovery.damage {
            report(damage.position, damage.message)
        }
    }

    private func report(_ position: UInt64?, _ message: String) {
        problems.append(Problem(position: position, message: message))
    }

    /// Chooses where folding starts: at an empty state when the log starts at 1, else from the oldest snapshot
    /// that covers the removed beginning. Returns whether events can be folded at all.
    private func prepareStart(logStart: UInt64) -> Bool {
        guard logStart > 1 else { return true }
        for file in snapshots where file.position >= logStart - 1 && file.position <= log.headPosition {
            guard let snapshot = loadSnapshot(file) else { continue }
            do {
                core = try EngineCore(snapshot: snapshot, limits: core.limits)
            } catch {
                report(file.position, "snapshot \(file.path) does not rebuild a state: \(error.message)")
                continue
            }
            startSnapshot = file.position
            return true
        }
        report(
            logStart,
            "the log starts at position \(logStart) (older segments were removed) and no snapshot at "
                + "or after position \(logStart - 1) rebuilds the state before it; events were checked for checksums "
                + "and order only")
        return false
    }

    /// Compares the replayed state with the snapshot taken at `position`, if there is one.
    private func compareSnapshot(at position: UInt64) {
        guard let file = snapshots.first(where: { $0.position == position }) else { return }
        guard let snapshot = loadSnapshot(file) else { return }
        snapshotsCompared += 1
        let replayed = core.snapshot()
        guard replayed != snapshot else { return }
        report(
            position,
            "snapshot \(file.path) differs from the replayed state: "
                + Self.difference(snapshot: snapshot, replayed: replayed))
    }

    private func loadSnapshot(_ file: SnapshotStore.File) -> Snapshot? {
        do {
            return try Snapshot(decoding: SnapshotStore.payload(of: file))
        } catch let error as LogError where error.errno == ENOENT {
            // A running daemon pruned it since it was listed: nothing to compare.
            return nil
        } catch {
            report(file.position, "snapshot \(file.path) cannot be read: \(error)")
            return nil
        }
    }

    /// The first thing that differs between two snapshots, in words.
    static func difference(snapshot: Snapshot, replayed: Snapshot) -> String {
        if snapshot.timeUs != replayed.timeUs {
            return "time_us \(snapshot.timeUs) in the snapshot, \(replayed.timeUs) replayed"
        }
        let saved = Dictionary(snapshot.stacks.map { ($0.stackId, $0) }, uniquingKeysWith: { first, _ in first })
        let rebuilt = Dictionary(replayed.stacks.map { ($0.stackId, $0) }, uniquingKeysWith: { first, _ in first })
        for id in Set(saved.keys).union(rebuilt.keys).sorted() {
            switch (saved[id], rebuilt[id]) {
            case (nil, _): return "stack '\(id)' is missing from the snapshot"
            case (_, nil): return "stack '\(id)' is in the snapshot but not in the replayed state"
            case (let a?, let b?) where a != b:
                return "stack '\(id)' differs (snapshot version \(a.version), replayed version \(b.version))"
            default: continue
            }
        }
        return "the stacks are listed differently"
    }

    /// Releases the log's descriptors.
    public func close() {
        log.close()
    }
}
