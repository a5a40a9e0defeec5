import SegueWire

/// What the engine core decided for a batch of inputs: events to append, then frames and rejections to publish
/// once those events are durable.
public struct Outcome: Sendable {
    public var events: [Event] = []
    public var frames: [Frame] = []
    public var rejections: [Rejection] = []

    public init() {}

    /// Whether nothing was decided.
    public var isEmpty: Bool { events.isEmpty && frames.isEmpty && rejections.isEmpty }

    /// Empties the outcome, keeping its storage for the next batch.
    public mutating func removeAll() {
        events.removeAll(keepingCapacity: true)
        frames.removeAll(keepingCapacity: true)
        rejections.removeAll(keepingCapacity: true)
    }
}

/// The answer to one command: the events it appended, or why it was refused.
public enum CommandOutcome: Sendable, Hashable {
    case applied(CommandResult)
    case refused(ErrorDetail)
}

/// Caps that keep one client from exhausting the engine's memory.
public struct Limits: Sendable, Hashable {
    public var maxStacks: Int
    public var maxScreensPerStack: Int
    public var maxPresentedDepth: Int

    public init(maxStacks: Int = 100_000, maxScreensPerStack: Int = 1000, maxPresentedDepth: Int = 32) {
        self.maxStacks = maxStacks
        self.maxScreensPerStack = maxScreensPerStack
        self.maxPresentedDepth = maxPresentedDepth
    }
}
