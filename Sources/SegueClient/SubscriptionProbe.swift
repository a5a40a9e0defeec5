import SegueWire

/// Proves that a subscriber's subscriptions have reached the daemon.
///
/// ZeroMQ subscriptions travel to the publisher asynchronously, and a PUB socket drops whatever it sends before
/// they arrive: a client that must not miss the effect of what it is about to send first waits until its
/// subscriber is live. The probe subscribes to a topic of its own (`pr/<token>/`) and asks the daemon, over the
/// control socket, to publish there until the probe arrives. Subscriptions made before it are then live too (a
/// socket sends its subscriptions in order). Nothing else sees the probe, and it changes no state.
public enum SubscriptionProbe {
    /// Waits until `subscriber` receives a probe, asking for one every 50 ms.
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
        try subscriber.subscribe(Topic.probe.prefix(token))
        let deadline = Deadline(inMilliseconds: timeoutMs)
        var nextRequest = Deadline(inMilliseconds: 0)
        while deadline.remainingMs > 0 {
            if nextRequest.remainingMs <= 0 {
                try control.publishProbe(token: token)
                nextRequest = Deadline(inMilliseconds: 50)
            }
            guard let publication = try subscriber.next(timeoutMs: min(10, max(deadline.remainingMs, 1))) else {
                continue
            }
            if case .probe(let probe) = publication, probe.token == token {
                // Probes asked for before this one may still be on their way: the subscriber drops them now.
                try subscriber.unsubscribe(Topic.probe.prefix(token))
                return
            }
            onOther(publication)
        }
        throw .timeout(endpoint: subscriber.endpoint, timeoutMs: timeoutMs)
    }
}
