/// Proves that a subscriber's subscriptions have reached the daemon.
///
/// ZeroMQ subscriptions travel to the publisher asynchronously, and a PUB socket drops whatever it sends before
/// they arrive: a client that must not miss the effect of what it is about to send first waits until its
/// subscriber is live. The probe subscribes to a topic of its own (`pr/<token>/`) and asks the daemon, over the
/// control socket, to publish there until the probe arrives. Subscriptions made before it are then live too (a
/// socket sends its subscriptions in order). Nothing else sees the probe, and it changes no state.
public enum SubscriptionProbe {
    /// Waits until `subscriber` receives a probe, asking for one every `ProbeAttempt.retryInterval`.
    /// - Parameters:
    ///   - timeoutMs: how long to keep trying.
    ///   - onOther: what arrives meanwhile on the subscriber's other subscriptions, in order.
    /// - Throws: `ClientError.timeout` naming the events endpoint when no probe arrived in time; any error of
    ///   the control requests.
    public static func awaitLive(
        _ subscriber: Subscriber, control: ControlClient, timeoutMs: Int,
        onOther: (Publication) -> Void = { _ in }
    ) throws(ClientError) {
        let token = "probe-" + String(UInt64.random(in: 0...UInt64.max), radix: 36)
        var attempt = ProbeAttempt(token: token, timeoutMs: timeoutMs, now: .now)
        try subscriber.subscribe(attempt.topic)
        while !attempt.hasExpired(at: .now) {
            if attempt.shouldAsk(at: .now) { try control.publishProbe(token: token) }
            let remaining = attempt.remainingMs(at: .now)
            guard let publication = try subscriber.next(timeoutMs: min(10, max(remaining, 1))) else { continue }
            if case .probe(let probe) = publication, probe.token == token {
                // Probes asked for before this one may still be on their way: the subscriber drops them now.
                try subscriber.unsubscribe(attempt.topic)
                return
            }
            onOther(publication)
        }
        throw .timeout(endpoint: subscriber.endpoint, timeoutMs: timeoutMs)
    }
}
