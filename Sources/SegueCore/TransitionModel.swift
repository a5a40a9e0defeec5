import SegueWire

/// The transition a stack is running, folded from its events.
public struct TransitionModel: Sendable, Hashable {
    /// Where the transition is between `began` and `completed`.
    public enum Phase: Sendable, Hashable {
        /// Began by a command; its `finished` follows in the same batch.
        case animating
        /// A finger drives it.
        case tracking(Tracking)
        /// Released or commanded: moving toward its target on the settle curve.
        case settling(Settling)
    }

    /// The state of a finger-driven transition.
    public struct Tracking: Sendable, Hashable {
        /// Visual fraction where this gesture took hold (non-zero after catching a settle).
        public var caughtFraction: Double
        /// The finger's fraction f, 0...1: how far the upper screen has moved, or for a percent-driven profile the
        /// time in the animation (`Profile.trackedFraction` gives where the screens sit).
        public var fraction: Double
        /// Decision progress p of the latest sample.
        public var progress: Double
        /// Translation toward back of the latest sample, in points.
        public var translation: Double
        /// Engine time of the latest accepted sample (for the gesture timeout).
        public var lastSampleUs: Int64
        /// For profiles whose progress reaches the screens through a spring (`Profile.progressSpring`): the spring,
        /// stepped at each sample's producer time; `fraction` is its progress.
        public var spring: BackProgressSpring? = nil
    }

    /// The state of a settle animation.
    public struct Settling: Sendable, Hashable {
        public var startUs: Int64
        public var durationUs: Int64
        /// Visual fraction at the start, or for a timeline the animation's time there.
        public var fromFraction: Double
        /// 1 when finishing, 0 when cancelling.
        public var targetFraction: Double
        public var curve: SettleCurve
        /// Settle frames already published (k of the next one is this + 1).
        public var framesPublished: Int64

        public var endUs: Int64 { startUs + durationUs }

        /// How many settle frames are scheduled at or before `timeUs` (and before the end, which gets the DONE
        /// frame instead) at `fps` frames per second.
        func framesDue(through timeUs: Int64, fps: UInt32) -> Int64 {
            let last = min(timeUs, endUs - 1)
            guard last >= startUs else { return 0 }
            // Frame k is at startUs + k * 1_000_000 / fps (integer division, see EngineCore.settleFrameTime).
            var k = (last - startUs) * Int64(fps) / 1_000_000
            while k > 0 && EngineCore.settleFrameTime(self, k: k, fps: fps) > last { k -= 1 }
            while EngineCore.settleFrameTime(self, k: k + 1, fps: fps) <= last { k += 1 }
            return k
        }

        /// Visual fraction at engine time `timeUs`.
        public func fraction(at timeUs: Int64) -> Double {
            if case .progressSpring(let spring, let fps) = curve {
                // The spring's value after the settle frames up to `timeUs`; it is at rest on the target at the end.
                if timeUs >= endUs { return targetFraction }
                return spring.progress(afterFrames: framesDue(through: timeUs, fps: fps), from: startUs, fps: fps)
            }
            let completion = curve.completion(elapsedUs: timeUs - startUs, durationUs: durationUs)
            let travelled = fromFraction + (targetFraction - fromFraction) * completion
            if case .timeline(let view, _) = curve { return view.value(at: travelled) }
            return travelled
        }
    }

    public var id: UInt64
    public var operation: Operation
    public var fromScreen: String
    public var toScreen: String
    public var interactive: Bool
    /// Whether a gesture caught it while it settled.
    public var caught: Bool = false
    /// The edge its gesture began at, for profiles that swipe from either one.
    public var swipeEdge: SwipeEdge = .swipeEdgeUnspecified {
        didSet { edgeSign = Self.edgeSign(of: swipeEdge) }
    }
    /// +1 when a finger moving right goes back (a swipe from the left edge), -1 from the right edge, 0 when the
    /// stack's direction says: kept beside `swipeEdge` so that every pan does not compare edges.
    public internal(set) var edgeSign: Double = 0

    static func edgeSign(of edge: SwipeEdge) -> Double {
        edge == .swipeEdgeLeft ? 1 : edge == .swipeEdgeRight ? -1 : 0
    }
    /// The finger's latest vertical translation since the transition began, in points, for profiles whose screens
    /// follow it.
    public var verticalTranslation: Double = 0
    /// The BEGAN's vertical translation: where the finger was, below its touch-down, when the transition began.
    public var startTranslationY: Double = 0
    public var gestureId: UInt64
    /// The request that began it, carried by every event it causes ("" for a gesture).
    public var requestId: String
    /// +1 when the finger moving toward back advances the transition, -1 when moving away does (a swipe to the
    /// next tab).
    public var gestureSign: Double
    /// For tab switches: whether the new tab lies after the old one.
    public var towardHigherIndex: Bool
    public var phase: Phase
    /// Frames published for this transition (the sequence of the latest). A core restored from the log counts
    /// the frames the log implies instead, except those of a settle in progress (`Settling.framesPublished` stays 0
    /// there until they are drawn or skipped).
    public var frameSequence: UInt64

    /// The fraction now, for a catch and a settle's start: while tracking the finger's (see `Tracking.fraction`;
    /// `StackModel.screenFraction(of:at:)` is where the screens are).
    public func fraction(at timeUs: Int64) -> Double {
        switch phase {
        case .animating: return 0
        case .tracking(let tracking): return tracking.fraction
        case .settling(let settling): return settling.fraction(at: timeUs)
        }
    }

    /// Counts one more frame published for the transition.
    /// - Returns: the frame's sequence number.
    mutating func countFrame() -> UInt64 {
        frameSequence += 1
        return frameSequence
    }

    /// Folds a `progressed` into the tracking state (nothing when not tracking).
    /// - Parameters:
    ///   - towardBack: the sample's translation toward back (`StackModel.towardBack(_:of:)`).
    ///   - producerTimeUs: the clock a progress spring steps on.
    ///   - countingFrame: whether to count the frame the sample implies (a core restored from the log).
    mutating func track(
        _ progressed: TransitionProgressed, towardBack: Double, width: Double, timeUs: Int64,
        producerTimeUs: Int64, countingFrame: Bool
    ) {
        guard case .tracking(var tracking) = phase else { return }
        tracking.translation = towardBack
        tracking.progress = progressed.progress
        if var spring = tracking.spring {
            // The new target, then the frame that follows the sample, on the producer's clock.
            spring.animate(toProgress: progressed.progress)
            spring.frame(atMs: BackProgressSpring.milliseconds(producerTimeUs))
            tracking.spring = spring
            tracking.fraction = spring.progress
            verticalTranslation = (progressed.translation?.y ?? 0) - startTranslationY
        } else {
            tracking.fraction = StackModel.clampUnit(tracking.caughtFraction + gestureSign * towardBack / width)
        }
        tracking.lastSampleUs = timeUs
        phase = .tracking(tracking)
        if countingFrame { frameSequence += 1 }
    }

    /// The progress spring of a tracking transition, turned toward 0 at `timeUs` by a release that goes back to
    /// where it was: its frame clock moves to the engine's at that time (`BackProgressAnimator.onBackCancelled`).
    func releasedSpring(at timeUs: Int64) -> BackProgressSpring? {
        guard case .tracking(let tracking) = phase, var spring = tracking.spring else { return nil }
        spring.rebaseClock(atMs: BackProgressSpring.milliseconds(timeUs))
        spring.animate(toProgress: 0)
        return spring
    }

    /// Whether the upper screen leaves (pop, dismiss) rather than arrives (push, present, tabs).
    public var isBackward: Bool {
        operation == .pop || operation == .popToRoot || operation == .dismiss
    }
}
