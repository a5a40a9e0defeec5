import Synchronization

/// What the producer thread, the subscriber thread and the main thread of one run (engine or relay) share: flags and
/// counters (atomics) and the subscriber's news for the producer (a locked queue).
final class RunShared: Sendable {
    /// Main -> producer: stop sending.
    let stopProducer = Atomic<Bool>(false)
    /// Main -> subscriber: the producer has stopped; drain what is in flight and end.
    let stopSubscriber = Atomic<Bool>(false)
    /// Subscriber -> producer: the probe arrived on `pr/<probeToken>/`, so the subscription is live.
    let live = Atomic<Bool>(false)
    /// Main -> both: inside the measured window.
    let recording = Atomic<Bool>(false)
    /// Subscriber: TRACKING frames (engine) or messages (relay) received so far, published every few.
    let trackingFrames = Atomic<Int>(0)
    /// Producer: pan inputs sent so far (published every few sends).
    let pansSent = Atomic<Int>(0)
    /// Subscriber -> producer: transitions that reached their DONE frame.
    let completions = Mutex<[Completion]>([])

    /// A DONE frame: the stack may start its next gesture.
    struct Completion: Sendable {
        var stack: Int
        var transition: UInt64
        var finished: Bool
    }

    /// The token of the probes the producer asks the daemon to publish (`Request.publish_probe`) until the
    /// subscriber sees one: then its subscriptions are live.
    static let probeToken = "segue-bench"
}
