import SegueWire

/// What the engine core decided for a batch of inputs: events to append, then frames and rejections to publish
/// once those events are durable.
public struct Outcome: Sendable {
    public var events: [Event] = []
    public var frames: [Frame] = []
    public var rejections: [Rejection] = []
    /// Settle frames the live clock did not draw because they were more than `FramePacing.lateFrameUs` late.
    public var skippedFrames = 0

    public init() {}

    /// Whether nothing was decided.
    public var isEmpty: Bool { events.isEmpty && frames.isEmpty && rejections.isEmpty }

    /// Empties the outcome, keeping its storage for the next batch.
    public mutating func removeAll() {
        events.removeAll(keepingCapacity: true)
        frames.removeAll(keepingCapacity: true)
        rejections.removeAll(keepingCapacity: true)
        skippedFrames = 0
    }
}

/// The answer to one command: the events it appended, or why it was refused.
public enum CommandOutcome: Sendable, Hashable {
    case applied(CommandResult)
    case refused(ErrorDetail)
}
