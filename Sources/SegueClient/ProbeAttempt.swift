/// One probe being waited for (see ``SubscriptionProbe``): its topic, when to ask the daemon to publish it again,
/// and when to give up. The caller passes the time in, so that a loop with a clock of its own can drive it.
public struct ProbeAttempt: Sendable {
    /// How often the daemon is asked again: a probe published before the subscription reached it is dropped.
    public static let retryInterval = Duration.milliseconds(50)

    /// What the daemon is asked to publish.
    public let token: String
    /// How long to keep trying from the first request.
    public let timeout: Duration
    private let started: ContinuousClock.Instant
    private var lastAsked: ContinuousClock.Instant?

    public init(token: String, timeoutMs: Int, now: ContinuousClock.Instant) {
        self.token = token
        timeout = .milliseconds(timeoutMs)
        started = now
    }

    /// The topic the probe arrives on, for the subscriber to subscribe to.
    public var topic: String { "pr/\(token)/" }

    /// Whether to ask the daemon for the probe at `now` (the first time, or `retryInterval` after the last); once
    /// it says yes, the attempt counts it asked.
    public mutating func shouldAsk(at now: ContinuousClock.Instant) -> Bool {
        if let lastAsked, now - lastAsked < Self.retryInterval { return false }
        lastAsked = now
        return true
    }

    /// Whether `timeout` has passed since the attempt began.
    public func hasExpired(at now: ContinuousClock.Instant) -> Bool {
        now - started >= timeout
    }

    /// Whole milliseconds left before it expires, rounded up; 0 once it has.
    public func remainingMs(at now: ContinuousClock.Instant) -> Int {
        Deadline(started + timeout).remainingMs(at: now)
    }
}
