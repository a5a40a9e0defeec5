/// Whether the daemon answers, as the gateway tells every page (`{"daemon": {"answering": ...}}`): while pages are
/// open one cheap request is kept in flight, asked again `interval` after its answer; one left unanswered past
/// `deadline` means the daemon does not answer (a gateway that still runs and a socket that still connects say
/// nothing about that), and the next answer means it does again.
struct DaemonHealth {
    /// How long after an answer the daemon is asked again.
    static let interval = Duration.milliseconds(250)
    /// How long a question may go unanswered before the daemon counts as not answering.
    static let deadline = Duration.milliseconds(750)
    /// How long a question may go unanswered before it is asked again (a reconnected socket may have lost it).
    static let askAgainAfter = Duration.milliseconds(1500)

    /// The question in flight: its tag and when it was asked.
    private var asked: (tag: UInt64, at: ContinuousClock.Instant)?
    private var answeredAt: ContinuousClock.Instant?
    /// The latest verdict: nil until the first answer or deadline.
    private(set) var answering: Bool?
    /// Why the daemon does not answer, when it does not.
    private(set) var reason = ""

    /// Whether to ask now.
    func shouldAsk(at now: ContinuousClock.Instant) -> Bool {
        if let asked { return now - asked.at >= Self.askAgainAfter }
        return answeredAt.map { now - $0 >= Self.interval } ?? true
    }

    mutating func didAsk(tag: UInt64, at now: ContinuousClock.Instant) {
        asked = (tag, now)
    }

    /// The answer to the question `tag`, if it is the one in flight.
    /// - Returns: whether the verdict changed.
    mutating func answered(tag: UInt64, at now: ContinuousClock.Instant) -> Bool {
        guard asked?.tag == tag else { return false }
        asked = nil
        answeredAt = now
        return judge(true, "")
    }

    /// The question could not even be sent, or the daemon's reply was an error of the gateway's own.
    /// - Returns: whether the verdict changed.
    mutating func failed(_ why: String, at now: ContinuousClock.Instant) -> Bool {
        asked = nil
        answeredAt = now
        return judge(false, why)
    }

    /// Checks the question in flight against the deadline.
    /// - Returns: whether the verdict changed.
    mutating func check(at now: ContinuousClock.Instant, control: String) -> Bool {
        guard let asked, now - asked.at > Self.deadline else { return false }
        return judge(false, "the daemon at \(control) did not answer within \(Self.deadline.milliseconds) ms")
    }

    private mutating func judge(_ answers: Bool, _ why: String) -> Bool {
        let changed = answering != answers || (!answers && reason != why)
        answering = answers
        reason = why
        return changed
    }
}

extension Duration {
    /// The whole milliseconds of this duration.
    fileprivate var milliseconds: Int64 { components.seconds * 1000 + components.attoseconds / 1_000_000_000_000_000 }
}
