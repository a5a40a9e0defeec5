import SegueWire

/// The whole engine's decisions as a pure state machine: every stack, the log head and the engine clock.
///
/// Inputs and clock ticks go in with the time as an argument; events, frames and rejections come out in an
/// `Outcome` for the caller to append, make durable and publish. Nothing here reads a clock or touches I/O, so
/// the same inputs at the same times always give the same outcome.
public struct EngineCore: Sendable {
    public internal(set) var stacks = StackTable()
    /// Position of the newest event (0 before the first).
    public internal(set) var headPosition: UInt64 = 0
    /// Time of the newest event; event times never go below it.
    public internal(set) var clockUs: Int64 = 0
    public var limits: Limits
    /// In a cluster, the shard whose stacks this engine holds (nil: every stack).
    public var shard: ShardAssignment?
    /// How much frame work the clock does when it falls behind; a live engine sets `.live`.
    public var framePacing = FramePacing.everyFrame
    /// When each stack with a transition next needs the clock.
    var deadlines = DeadlineQueue()

    public init(limits: Limits = Limits()) {
        self.limits = limits
    }

    /// Why a logged event could not be replayed.
    public struct RestoreError: Error, Sendable, CustomStringConvertible {
        public let position: UInt64
        public let message: String
        public var description: String { "event at position \(position): \(message)" }
    }

    /// Folds one event read back from the log into the state (recovery and offline replay).
    /// - Throws: `RestoreError` when the event does not follow the state: a position or version gap, an event for
    ///   a stack that does not exist, or the creation of one that does.
    ///
    /// Frames are not logged, but their numbering follows from the events: each `progressed` of a tracking
    /// transition counts its TRACKING frame, and a caught settle the frames due before the catch. A settle in
    /// progress is left at zero frames (see `TransitionModel.frameSequence`).
    public mutating func restore(_ event: Event) throws(RestoreError) {
        fold(event, slot: try checkRestorable(event), countingFrames: true)
    }

    /// Throws unless `event` can follow the state as the next event of the log (what `restore` checks).
    /// - Returns: the slot of the event's stack, nil for a `stack_created`.
    @discardableResult
    func checkRestorable(_ event: Event) throws(RestoreError) -> Int? {
        guard event.position == headPosition + 1 else {
            throw RestoreError(position: event.position, message: "expected position \(headPosition + 1)")
        }
        if case .stackCreated = event.body {
            guard event.version == 1 else {
                throw RestoreError(position: event.position, message: "stack_created with version \(event.version)")
            }
            guard stacks.slot(of: event.stackId) == nil else {
                throw RestoreError(position: event.position, message: "stack '\(event.stackId)' already exists")
            }
            // A stack whose profile this engine cannot run as it was logged would go on with other semantics.
            if case .stackCreated(let created) = event.body, let config = created.config,
                ProfileCatalog.named(config.profile, revision: config.profileRevision) == nil
            {
                throw RestoreError(
                    position: event.position,
                    message:
                        "stack '\(event.stackId)' has profile '\(config.profile)' of revision \(config.profileRevision), which this engine does not know (its newest revision is \(ProfileCatalog.newestRevision))"
                )
            }
            return nil
        }
        guard let slot = stacks.slot(of: event.stackId) else {
            throw RestoreError(position: event.position, message: "stack '\(event.stackId)' does not exist")
        }
        let version = stacks.models[slot].version
        guard event.version == version + 1 else {
            throw RestoreError(
                position: event.position,
                message: "stack '\(event.stackId)' expected version \(version + 1), got \(event.version)")
        }
        try checkQueue(event, of: stacks.models[slot])
        // The pages of a presented layer decide what a later pop and dismiss do: the rule a snapshot is held to.
        if case .completed(let completed) = event.body {
            if !StackModel.arePagesOf(completed.presented, completed.presentedPages) {
                throw RestoreError(
                    position: event.position,
                    message:
                        "stack '\(event.stackId)': presented pages \(completed.presentedPages) are not ascending indices into its \(completed.presented.count) presented screens"
                )
            }
            if !completed.presentedPages.isEmpty && !stacks.models[slot].profile.pushesOverPresented {
                throw RestoreError(
                    position: event.position,
                    message:
                        "stack '\(event.stackId)' has presented pages, which profile '\(stacks.models[slot].config.profile)' never pushes"
                )
            }
        }
        return slot
    }

    /// Appends an event for `stackId` at the engine clock, folds it into the state and adds it to the outcome.
    @discardableResult
    mutating func append(
        _ body: Event.Body, stackId: String, requestId: String, now: Int64, into outcome: inout Outcome
    ) -> Event {
        if let slot = stacks.slot(of: stackId) {
            return append(body, slot: slot, requestId: requestId, now: now, into: &outcome)
        }
        // A stack that does not exist yet: this is its stack_created, version 1.
        clockUs = max(clockUs, now)
        let event = Event(
            position: headPosition + 1, stackId: stackId, version: 1, timeUs: clockUs, requestId: requestId,
            body: body)
        fold(event)
        outcome.events.append(event)
        return event
    }

    /// Appends an event for the stack in `slot`: the hot path's `append`, with no look-up by id.
    /// - Parameter producerTimeUs: the `timestamp_us` of the pan that caused the event, if one did.
    @discardableResult
    mutating func append(
        _ body: Event.Body, slot: Int, requestId: String, producerTimeUs: Int64? = nil, now: Int64,
        into outcome: inout Outcome
    ) -> Event {
        clockUs = max(clockUs, now)
        let version: UInt64
        if case .stackCreated = body { version = 1 } else { version = stacks.models[slot].version + 1 }
        let event = Event(
            position: headPosition + 1, stackId: stacks.models[slot].id, version: version, timeUs: clockUs,
            requestId: requestId, producerTimeUs: producerTimeUs, body: body)
        fold(event, slot: slot)
        outcome.events.append(event)
        return event
    }

    /// The single place where an event changes the state.
    mutating func fold(_ event: Event) {
        fold(event, slot: stacks.slot(of: event.stackId))
    }

    /// `fold` for an event of the stack in `slot` (nil: no such stack yet); `countingFrames` as in
    /// `StackModel.apply`.
    mutating func fold(_ event: Event, slot: Int?, countingFrames: Bool = false) {
        headPosition = event.position
        clockUs = max(clockUs, event.timeUs)
        if case .stackCreated(let created) = event.body {
            var stack = StackModel(id: event.stackId, created: created)
            stack.apply(event)
            _ = stacks.insert(stack)
            return
        }
        guard let slot else { return }
        switch event.body {
        case .deleted:
            deadlines.remove(slot)
            // The last stack moved into the freed slot: its timer follows it.
            if let moved = stacks.remove(at: slot) { deadlines.move(from: moved, to: slot) }
        case .progressed:
            // Only moves the timeout later: the queued entry stays and fires early (see DeadlineQueue).
            stacks.models[slot].apply(event, countingFrames: countingFrames)
        default:
            stacks.models[slot].apply(event)
            reschedule(slot)
        }
    }

    /// A rejection for the events socket.
    func rejection(stackId: String, gestureId: UInt64 = 0, requestId: String = "", _ error: ErrorDetail, now: Int64)
        -> Rejection
    {
        // Ids too long to be valid are not echoed: a rejection stays small whatever the input held.
        Rejection(
            stackId: stackId.utf8.count <= Validation.maxStackIdLength ? stackId : "", gestureId: gestureId,
            requestId: Validation.checkRequestId(requestId) == nil ? requestId : "", error: error,
            timeUs: max(clockUs, now))
    }
}
