/// Whether the daemon answers, as the gateway tells every page (`{"daemon": {"answering": ...}}`): while pages are
/// open a cheap question is kept in flight, asked again `interval` after its answer; one left unanswered past
/// `deadline` means the daemon does not answer (a gateway that still runs and a socket that still connects say
/// nothing about that), and the next answer, to any question still out, means it does again.
///
/// A socket to a daemon that is down queues what it is given, so a question is asked again only with a growing
/// pause and at most `maxOutstanding` are remembered: a long outage adds one to that queue a minute, not four a
/// second. Asking again is still needed, for the daemon may have read a question and died before answering it.
struct DaemonHealth {
    /// How long after an answer the daemon is asked again.
    static let interval = Duration.milliseconds(250)
    /// How long a question may go unanswered before the daemon counts as not answering.
    static let deadline = Duration.milliseconds(750)
    /// The pause before asking again while questions are out: doubled with each one asked since the last answer,
    /// up to a minute.
    static let firstPauseAgain = Duration.milliseconds(1500)
    static let longestPauseAgain = Duration.seconds(60)
    static let maxOutstanding = 4

    /// The questions out, by tag, with when each was asked.
    private var outstanding: [UInt64: ContinuousClock.Instant] = [:]
    private var lastAskedAt: ContinuousClock.Instant?
    /// Questions asked since the last answer.
    private var unanswered = 0
    private var answeredAt: ContinuousClock.Instant?
    /// The latest verdict: nil until the first answer or deadline.
    private(set) var answering: Bool?
    /// Why the daemon does not answer, when it does not.
    private(set) var reason = ""

    /// Whether `tag` is a question of this kind still out.
    func asked(_ tag: UInt64) -> Bool { outstanding[tag] != nil }

    /// Whether to ask now.
    func shouldAsk(at now: ContinuousClock.Instant) -> Bool {
        guard !outstanding.isEmpty, let lastAskedAt else {
            return answeredAt.map { now - $0 >= Self.interval } ?? true
        }
        let pause = min(Self.firstPauseAgain * (1 << min(unanswered - 1, 6)), Self.longestPauseAgain)
        return now - lastAskedAt >= pause
    }

    mutating func didAsk(tag: UInt64, at now: ContinuousClock.Instant) {
        outstanding[tag] = now
        lastAskedAt = now
        unanswered += 1
        if outstanding.count > Self.maxOutstanding, let oldest = outstanding.keys.min() {
            outstanding[oldest] = nil
        }
    }

    /// An answer to the question `tag`.
    /// - Returns: whether the verdict changed.
    mutating func answered(tag: UInt64, at now: ContinuousClock.Instant) -> Bool {
        guard asked(tag) else { return false }
        outstanding.removeAll()
        unanswered = 0
        answeredAt = now
        return judge(true, "")
    }

    /// The question could not be sent, or its answer could not be read.
    /// - Returns: whether the verdict changed.
    mutating func failed(_ why: String, at now: ContinuousClock.Instant) -> Bool {
        outstanding.removeAll()
        unanswered = 0
        answeredAt = now
        return judge(false, why)
    }

    /// Checks the questions out against the deadline; `who` names what has not answered the oldest one.
    /// - Returns: whether the verdict changed.
    mutating func check(at now: ContinuousClock.Instant, who: (UInt64) -> String) -> Bool {
        guard let (tag, askedAt) = outstanding.min(by: { $0.value < $1.value }), now - askedAt > Self.deadline else {
            return false
        }
        return judge(false, "\(who(tag)) did not answer within 750 ms")
    }

    private mutating func judge(_ answers: Bool, _ why: String) -> Bool {
        let changed = answering != answers || (!answers && reason != why)
        answering = answers
        reason = why
        return changed
    }
}
