import SegueWire

/// The whole engine's decisions as a pure state machine: every stack, the log head and the engine clock.
///
/// Inputs and clock ticks go in with the time as an argument; events, frames and rejections come out in an
/// `Outcome` for the caller to append, make durable and publish. Nothing here reads a clock or touches I/O, so
/// the same inputs at the same times always give the same outcome.
public struct EngineCore: Sendable {
    public internal(set) var stacks: [String: StackModel] = [:]
    /// Position of the newest event (0 before the first).
    public internal(set) var headPosition: UInt64 = 0
    /// Time of the newest event; event times never go below it.
    public internal(set) var clockUs: Int64 = 0
    public var limits: Limits
    var gestures: [String: GestureSlot] = [:]
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
    public mutating func restore(_ event: Event) throws(RestoreError) {
        try checkRestorable(event)
        fold(event)
    }

    /// Throws unless `event` can follow the state as the next event of the log (what `restore` checks).
    func checkRestorable(_ event: Event) throws(RestoreError) {
        guard event.position == headPosition + 1 else {
            throw RestoreError(position: event.position, message: "expected position \(headPosition + 1)")
        }
        if case .stackCreated = event.body {
            guard event.version == 1 else {
                throw RestoreError(position: event.position, message: "stack_created with version \(event.version)")
            }
            guard stacks[event.stackId] == nil else {
                throw RestoreError(position: event.position, message: "stack '\(event.stackId)' already exists")
            }
        } else {
            guard let stack = stacks[event.stackId] else {
                throw RestoreError(position: event.position, message: "stack '\(event.stackId)' does not exist")
            }
            guard event.version == stack.version + 1 else {
                throw RestoreError(position: event.position,
                                   message: "stack '\(event.stackId)' expected version \(stack.version + 1), got \(event.version)")
            }
        }
    }

    /// Appends an event for `stackId` at the engine clock, folds it into the state and adds it to the outcome.
    @discardableResult
    mutating func append(
        _ body: Event.Body, stackId: String, requestId: String, now: Int64, into outcome: inout Outcome
    ) -> Event {
        clockUs = max(clockUs, now)
        let version: UInt64
        if case .stackCreated = body { version = 1 } else { version = (stacks[stackId]?.version ?? 0) + 1 }
        let event = Event(
            position: headPosition + 1, stackId: stackId, version: version, timeUs: clockUs, requestId: requestId,
            body: body)
        fold(event)
        outcome.events.append(event)
        return event
    }

    /// The single place where an event changes the state.
    mutating func fold(_ event: Event) {
        headPosition = event.position
        clockUs = max(clockUs, event.timeUs)
        switch event.body {
        case .stackCreated(let created):
            var stack = StackModel(id: event.stackId, created: created)
            stack.apply(event)
            stacks[event.stackId] = stack
        case .deleted:
            stacks[event.stackId] = nil
            gestures[event.stackId] = nil
            deadlines.remove(event.stackId)
        case .progressed:
            // Only moves the timeout later: the queued entry stays and fires early (see DeadlineQueue).
            stacks[event.stackId]?.apply(event)
        default:
            stacks[event.stackId]?.apply(event)
            reschedule(event.stackId)
        }
    }

    /// Adds a frame of the stack's transition at `fraction`, numbering it in the transition's sequence.
    mutating func publishFrame(
        stackId: String, fraction: Double, phase: FramePhase, timeUs: Int64, into outcome: inout Outcome
    ) {
        stacks[stackId]?.publishFrame(fraction: fraction, phase: phase, timeUs: timeUs, into: &outcome)
    }

    /// A rejection for the events socket.
    func rejection(stackId: String, gestureId: UInt64 = 0, requestId: String = "", _ error: ErrorDetail, now: Int64)
        -> Rejection
    {
        Rejection(stackId: stackId, gestureId: gestureId, requestId: requestId, error: error, timeUs: max(clockUs, now))
    }
}
