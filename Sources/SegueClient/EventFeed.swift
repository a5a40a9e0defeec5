import SegueWire

/// Every event of the log, or of one stack, in order, without gaps or duplicates: the zguide's Clone pattern.
///
/// Subscribe first (the ``Subscriber`` must already hold its `ev/` prefixes), then optionally ``catchUp(from:)``
/// to read history up to the head, then call ``next(timeoutMs:)``: it serves history batch by batch, then live
/// publications. A live event at or below the last delivered position is a duplicate and skipped; one that jumps
/// past it (positions for all stacks, versions for one stack) makes the feed read the gap from the log first.
/// A loss at the end of a burst has no later event to reveal it, so when the subscriber has been silent for
/// `idleCheckMs` the feed asks the log once whether anything came after the last event it delivered.
/// Frames and rejections from the same subscriber are passed through as they come (they are not logged).
///
/// A read that finds the log ending before a position the feed has already seen comes from another log (a daemon
/// started again on a fresh data directory, or on an older copy of its log): the feed tells ``onLogBehind`` and
/// follows that log from its head, since nothing tells its positions apart from the ones already delivered.
///
/// Not thread-safe: use it from one thread.
public final class EventFeed {
    /// The stack followed, or nil for all stacks.
    public let stackId: String?
    /// The subscriber live publications come from.
    public private(set) var subscriber: Subscriber
    /// The client that reads history and gaps.
    public private(set) var control: ControlClient
    /// The position of the newest event delivered (or skipped as already seen); 0 before any.
    public private(set) var lastPosition: UInt64
    /// For a one-stack feed, the version of the newest event delivered; nil while unknown.
    public private(set) var lastVersion: UInt64?
    /// How long the subscriber may deliver no event before the feed reads the log after its last event (0: never).
    public let idleCheckMs: Int
    /// How many delivered events came from reading the log (history, gaps, idle checks) rather than live.
    public private(set) var eventsReadFromLog: UInt64 = 0
    /// Called when a read finds the daemon's log ending at `head`, before position `seen` that the feed started
    /// after or delivered; the feed then goes on after `head`.
    public var onLogBehind: ((_ head: UInt64, _ seen: UInt64) -> Void)?
    /// For a log that moves from daemon to daemon (a cluster's shard changing hands): asked every
    /// `relocationCheckMs` while the feed waits, and when a read of the log fails, for the subscriber (subscribed as
    /// the feed's) and control client of another daemon that serves the log now; nil while it has not moved. The
    /// feed goes on with them from the last event it delivered, reading what it missed from the new daemon's log.
    public var relocation: (() -> (subscriber: Subscriber, control: ControlClient)?)?
    /// How often ``relocation`` is asked while the feed waits.
    public var relocationCheckMs = 250

    private let batchSize: UInt32
    private var pending: [Publication] = []
    private var pendingIndex = 0
    /// Where the next history read starts; nil while live.
    private var readFrom: UInt64?
    /// The last position the current read wants (a gap's end); nil reads up to the head.
    private var readUntil: UInt64?
    /// The live event that revealed a gap, delivered once the gap is filled.
    private var held: Event?
    /// Every event of the feed up to here has been delivered: a one-stack read scans past other stacks' events,
    /// and an idle check need not scan them again.
    private var scannedThrough: UInt64 = 0
    /// The newest position known to be in the daemon's log: the one the feed started after, or the newest event
    /// delivered (not a position ``catchUp(from:)`` merely skips to). A log whose head is before it is another log.
    private var seenThrough: UInt64
    /// When the next idle check is due; moved on by every live event.
    private var idleDeadline: Deadline
    /// Whether the read in progress is an idle check, which a daemon that does not answer must not turn into an
    /// error: the check is simply tried again later.
    private var readIsIdleCheck = false
    /// When ``relocation`` is asked next.
    private var relocationDeadline = Deadline(inMilliseconds: 0)

    /// Creates a feed over an already subscribed `subscriber`.
    /// - Parameters:
    ///   - stackId: follow one stack (subscribe to `ev/<stack>/`), or all stacks when nil (`ev/`).
    ///   - position: events at or below this position count as already seen.
    ///   - batchSize: events per history read (0 lets the daemon choose).
    ///   - idleCheckMs: after this long without a live event, read the log after the last delivered event once
    ///     (one cheap request; 0 never checks, and a loss at the end of a burst then waits for the next event).
    public init(
        subscriber: Subscriber, control: ControlClient, stackId: String? = nil, after position: UInt64 = 0,
        batchSize: UInt32 = 1000, idleCheckMs: Int = 1000
    ) {
        self.subscriber = subscriber
        self.control = control
        self.stackId = stackId
        lastPosition = position
        seenThrough = position
        self.batchSize = batchSize
        self.idleCheckMs = max(idleCheckMs, 0)
        idleDeadline = Deadline(inMilliseconds: max(idleCheckMs, 0))
    }

    /// Schedules a read of history from `position` up to the head, served by ``next(timeoutMs:)`` before any live
    /// event. Events below `position` are not wanted.
    public func catchUp(from position: UInt64) {
        let from = max(position, 1)
        lastPosition = max(lastPosition, from - 1)
        readFrom = from
        readUntil = nil
        readIsIdleCheck = false
    }

    /// Makes the next ``next(timeoutMs:)`` read the log after the last delivered event, as an idle check does,
    /// unless a read is under way: after the connection to the daemon came back, say, so that what was missed (or
    /// a log that is not the one followed) shows at once rather than after the next event or the idle time.
    public func checkLog() {
        guard readFrom == nil, held == nil else { return }
        scheduleIdleCheck()
    }

    /// The next publication in order, waiting up to `timeoutMs` for a live one.
    /// - Returns: nil when nothing arrived in time, or when a signal interrupted the wait.
    /// - Throws: a ``ClientError`` from reading history (e.g. `POSITION_REMOVED`) or from the subscriber; an idle
    ///   check the daemon does not answer in time, or whose connection is refused, is not an error (it returns nil
    ///   and is tried again later).
    public func next(timeoutMs: Int) throws(ClientError) -> Publication? {
        let deadline = Deadline(inMilliseconds: max(timeoutMs, 0))
        while true {
            if pendingIndex < pending.count {
                let publication = pending[pendingIndex]
                pendingIndex += 1
                if pendingIndex == pending.count {
                    pending.removeAll(keepingCapacity: true)
                    pendingIndex = 0
                }
                return publication
            }
            if let from = readFrom {
                do {
                    try readBatch(from: from)
                } catch {
                    // The daemon may have handed the log on: go on there.
                    if relocate() { continue }
                    guard readIsIdleCheck, Self.isSilence(error) else { throw error }
                    readFrom = nil
                    readUntil = nil
                    readIsIdleCheck = false
                    return nil
                }
                continue
            }
            if let event = held {
                held = nil
                if event.position > lastPosition {
                    record(event)
                    return .event(event)
                }
                continue
            }
            if relocation != nil, relocationDeadline.remainingMs == 0, relocate() { continue }
            var wait = timeoutMs < 0 ? -1 : deadline.remainingMs
            if idleCheckMs > 0 { wait = wait < 0 ? idleDeadline.remainingMs : min(wait, idleDeadline.remainingMs) }
            if relocation != nil {
                wait = wait < 0 ? relocationDeadline.remainingMs : min(wait, relocationDeadline.remainingMs)
            }
            guard let publication = try subscriber.next(timeoutMs: wait) else {
                // Only the look for where the log is served is due: wait on after it.
                if relocation != nil, relocationDeadline.remainingMs == 0, timeoutMs < 0 || deadline.remainingMs > 0 {
                    continue
                }
                guard idleCheckMs > 0, idleDeadline.remainingMs == 0 else { return nil }
                scheduleIdleCheck()
                continue
            }
            guard case .event(let event) = publication else { return publication }
            idleDeadline = Deadline(inMilliseconds: idleCheckMs)
            if event.position <= lastPosition { continue }
            if startsAfterGap(event) {
                held = event
                readFrom = lastPosition + 1
                readUntil = event.position - 1
                readIsIdleCheck = false
                continue
            }
            record(event)
            return publication
        }
    }

    /// Asks ``relocation`` where the log is served now; when elsewhere, goes on there after the last delivered
    /// event (a read under way goes on at the new daemon).
    /// - Returns: whether the feed moved.
    private func relocate() -> Bool {
        relocationDeadline = Deadline(inMilliseconds: relocationCheckMs)
        guard let (subscriber, control) = relocation?() else { return false }
        self.subscriber = subscriber
        self.control = control
        if readFrom == nil, held == nil { scheduleIdleCheck() }
        return true
    }

    /// Whether `error` only says the daemon did not answer (it is away): an idle check is then tried again later.
    private static func isSilence(_ error: ClientError) -> Bool {
        switch error {
        case .timeout, .refused: true
        default: false
        }
    }

    /// Whether events may be missing between the last delivered one and `event`.
    private func startsAfterGap(_ event: Event) -> Bool {
        // Everything after `lastPosition` is wanted, so from 0 a first live event past 1 is a gap too.
        guard event.position > lastPosition + 1 else { return false }
        guard stackId != nil else { return true }
        // One stack: positions skip other stacks' events, so versions tell. Version 1 is a re-created stack,
        // whose predecessor's last events (its `deleted`, say) may be what was lost.
        guard let version = lastVersion, event.version != 1 else { return true }
        return event.version > version + 1
    }

    /// Schedules a read of the log after the last delivered event (one cheap request when nothing is missing).
    private func scheduleIdleCheck() {
        idleDeadline = Deadline(inMilliseconds: idleCheckMs)
        readFrom = max(lastPosition, scannedThrough) + 1
        readUntil = nil
        readIsIdleCheck = true
    }

    private func readBatch(from: UInt64) throws(ClientError) {
        let batch = try control.readEvents(from: from, stack: stackId, maxCount: batchSize)
        // A log's head never goes back: one before what this feed has seen is another log.
        if batch.headPosition < seenThrough {
            let seen = seenThrough
            follow(after: batch.headPosition)
            onLogBehind?(batch.headPosition, seen)
            return
        }
        let limit = readUntil ?? UInt64.max
        for event in batch.events where event.position > lastPosition && event.position <= limit {
            record(event)
            pending.append(.event(event))
            eventsReadFromLog += 1
        }
        if batch.nextPosition > from { scannedThrough = max(scannedThrough, min(batch.nextPosition - 1, limit)) }
        let end = readUntil ?? batch.headPosition
        if batch.nextPosition > end || batch.nextPosition <= from {
            readFrom = nil
            readUntil = nil
            readIsIdleCheck = false
        } else {
            readFrom = batch.nextPosition
        }
    }

    private func record(_ event: Event) {
        lastPosition = event.position
        seenThrough = event.position
        if stackId != nil { lastVersion = event.version }
    }

    /// Forgets everything of the log followed so far and goes on with the events after `position`.
    private func follow(after position: UInt64) {
        lastPosition = position
        seenThrough = position
        scannedThrough = position
        lastVersion = nil
        held = nil
        readFrom = nil
        readUntil = nil
        readIsIdleCheck = false
        idleDeadline = Deadline(inMilliseconds: idleCheckMs)
    }
}
