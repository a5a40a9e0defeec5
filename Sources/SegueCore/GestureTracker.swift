import SegueWire

/// What the engine remembers of a finger between pan events: not logged, because a restart cancels it anyway.
struct GestureTracker: Sendable {
    struct Sample: Sendable {
        var timestampUs: Int64
        var translation: Vec2
    }

    /// Velocity is estimated over this much producer time.
    static let velocityWindowUs: Int64 = 100_000
    /// The most samples the window holds, whatever the timestamps: 100 ms of a 1000 Hz pointer, with room to spare.
    /// Each estimate walks the window, so bounding it keeps a sample's cost constant even for a producer that
    /// sends thousands of samples within 100 ms.
    static let maxWindowSamples = 128

    var gestureId: UInt64
    var lastTimestampUs: Int64
    /// The samples from `windowStart` on are in the velocity window; older ones are dropped in bulk, now and then,
    /// rather than shifting the array at every sample.
    private var samples: [Sample] = []
    private var windowStart = 0
    /// The translation of the latest logged progress, to know whether a release moved the finger further; zero
    /// until one is logged, as the transition stands where BEGAN took hold (a BEGAN's own translation is not logged).
    var lastTranslation: Vec2
    /// Whether a CHANGED followed the BEGAN.
    var moved = false
    /// UIKit's running averages, for profiles that decide as UIKit does.
    var uikit: UIKitPopStatistics?
    /// Android's back arrow and progress tracker, for the profile that reproduces predictive back.
    var predictiveBack: PredictiveBackGesture?

    init(gestureId: UInt64, timestampUs: Int64, translation: Vec2) {
        self.gestureId = gestureId
        lastTimestampUs = timestampUs
        lastTranslation = Vec2()
        samples = [Sample(timestampUs: timestampUs, translation: translation)]
    }

    /// Records a sample and forgets those older than the velocity window, or beyond its capacity.
    ///
    /// A sample at the same producer time as the newest one replaces it: the finger was where the later report
    /// says, and a regression over one instant has no slope to add.
    mutating func record(timestampUs: Int64, translation: Vec2) {
        lastTimestampUs = timestampUs
        if samples[samples.count - 1].timestampUs == timestampUs {
            samples[samples.count - 1].translation = translation
            return
        }
        samples.append(Sample(timestampUs: timestampUs, translation: translation))
        // Producer times are any Int64 a producer sends: near Int64.min the window reaches back to the start.
        let (windowed, overflow) = timestampUs.subtractingReportingOverflow(Self.velocityWindowUs)
        let oldest = overflow ? Int64.min : windowed
        while samples[windowStart].timestampUs < oldest || samples.count - windowStart > Self.maxWindowSamples {
            windowStart += 1
        }
        if windowStart >= 64 {
            samples.removeFirst(windowStart)
            windowStart = 0
        }
    }

    /// The samples within the velocity window, oldest first.
    var windowSamples: ArraySlice<Sample> { samples[windowStart...] }

    /// Least-squares slope of translation over producer time, in points per second; zero with fewer than two
    /// distinct sample times.
    func estimatedVelocity() -> Vec2 {
        let samples = windowSamples
        guard samples.count >= 2, let first = samples.first else { return Vec2() }
        let n = Double(samples.count)
        var sumT = 0.0
        var sumX = 0.0
        var sumY = 0.0
        var sumTT = 0.0
        var sumTX = 0.0
        var sumTY = 0.0
        for sample in samples {
            // Seconds relative to the first sample keep the sums well conditioned.
            let t = Double(sample.timestampUs - first.timestampUs) / 1_000_000
            sumT += t
            sumX += sample.translation.x
            sumY += sample.translation.y
            sumTT += t * t
            sumTX += t * sample.translation.x
            sumTY += t * sample.translation.y
        }
        let denominator = n * sumTT - sumT * sumT
        guard denominator > 1e-12 else { return Vec2() }
        return Vec2(x: (n * sumTX - sumT * sumX) / denominator, y: (n * sumTY - sumT * sumY) / denominator)
    }
}

/// A stack's gesture bookkeeping: the tracking finger, and gestures refused at BEGAN whose rest is ignored.
struct GestureSlot: Sendable {
    /// Refused gesture ids remembered per stack; older ones are forgotten (their later events get rejections).
    static let refusedCapacity = 16

    var tracker: GestureTracker?
    /// An Android back swipe begun while the predictive back animation played, waiting to send a back key at its
    /// release (`EngineCore.holdBehindRunningTransition`).
    var held: GestureTracker? {
        didSet { heldGestureId = held?.gestureId }
    }
    /// The held swipe's gesture id, kept beside it: every pan asks, and reading it from `held` copied the tracker
    /// out of the slots' array.
    private var heldGestureId: UInt64?
    var refused: [UInt64] = []

    mutating func refuse(_ gestureId: UInt64) {
        if refused.contains(gestureId) { return }
        if refused.count >= Self.refusedCapacity { refused.removeFirst() }
        refused.append(gestureId)
    }

    // Reads of the tracker for each pan, made through the slot where it lives: reading them through
    // `gestures[slot].tracker?` copied the whole slot for each.

    /// The tracking gesture's translation of its latest logged progress (zero when none is tracking).
    var lastTranslation: Vec2 { tracker?.lastTranslation ?? Vec2() }
    /// Records a sample of the tracking gesture (`GestureTracker.record`).
    /// - Returns: its velocity estimate when `estimating` (nil otherwise), and whether it keeps UIKit's averages.
    mutating func record(timestampUs: Int64, translation: Vec2, estimating: Bool) -> (
        velocity: Vec2?, keepsUIKitStatistics: Bool
    ) {
        tracker?.record(timestampUs: timestampUs, translation: translation)
        return (estimating ? tracker?.estimatedVelocity() : nil, tracker?.uikit != nil)
    }
    /// Whether the tracking gesture is an Android back swipe.
    var isPredictiveBack: Bool { tracker?.predictiveBack != nil }
    /// Whether `gestureId` is the back swipe held behind a running transition.
    func holds(_ gestureId: UInt64) -> Bool { heldGestureId == gestureId }

    /// The producer time of the latest sample of the tracking gesture when that is `gestureId`; nil otherwise.
    func lastTimestamp(ofTracking gestureId: UInt64) -> Int64? {
        tracker?.gestureId == gestureId ? tracker?.lastTimestampUs : nil
    }

    mutating func forgetRefused(_ gestureId: UInt64) {
        refused.removeAll { $0 == gestureId }
    }
}
