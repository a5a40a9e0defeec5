import SegueWire

/// A realistic pan trace for one swipe, as a touch driver would report it: pure, so it can be tested and replayed.
///
/// The finger touches down at ``start`` at ``startTimestampUs`` and moves for ``durationMs`` along an ease-out
/// path (fast at first, slowing toward the end, ending at ``releaseVelocity``) until it has travelled ``fraction``
/// of ``width``. Samples come at ``rateHz``:
/// - `PAN_BEGAN` at the first movement sample, carrying its translation and velocity, as a recogniser reports it
///   once the finger has moved (so the engine's direction checks see where it is heading);
/// - `PAN_CHANGED` for every later sample, the last one exactly at the end of the movement;
/// - `PAN_ENDED` with the final translation and the release velocity, or `PAN_CANCELLED` when ``cancel`` is set.
///
/// Direction: a back swipe moves away from the ``edge`` it starts at, by default the leading one (so toward "back":
/// +x left to right, -x right to left); from the right edge it moves leftward, as Android's back swipe may. A tab
/// swipe moves toward the leading edge (-x left to right), which selects the next tab. A negative ``fraction``
/// reverses the direction (a back swipe heading away from back, a tab swipe to the previous tab).
/// ``releaseVelocity`` is measured along the swipe's direction: positive keeps going (a fling forward), negative
/// flicks back. With a ``drift`` the finger moves along a straight slanted line, ending ``drift`` of ``height``
/// below where it started (above when negative); the velocities stay horizontal ones, with the slope's y added.
public struct SwipeTrace: Sendable, Hashable {
    /// Why a trace must travel: a finger that never moves has no direction, so no profile begins a transition for it
    /// (as a pan recognizer never begins), and the engine refuses its began.
    public static let unmovedSwipe = "a finger that does not move never begins a swipe"

    /// The stack the pan events are for.
    public var stackId: String
    /// The producer's gesture id, constant over the trace.
    public var gestureId: UInt64
    /// Back (pop or dismiss) or tabs.
    public var target: PanTarget
    /// The container width in points.
    public var width: Double
    /// The container height in points (``drift`` is a fraction of it).
    public var height: Double
    /// Whether the stack is right-to-left (mirrors every x).
    public var rightToLeft: Bool
    /// How far the finger travels, as a fraction of the width (-1...1; negative reverses the direction).
    public var fraction: Double
    /// The velocity at release in points per second, along the swipe's direction.
    public var releaseVelocity: Double
    /// How long the finger moves, in milliseconds.
    public var durationMs: Int
    /// Samples per second.
    public var rateHz: Double
    /// End with `PAN_CANCELLED` instead of `PAN_ENDED`.
    public var cancel: Bool
    /// The edge a back swipe starts at: `.swipeEdgeLeft`, `.swipeEdgeRight`, or `.swipeEdgeUnspecified` for the
    /// leading edge (left, or right when ``rightToLeft``). Tab swipes ignore it.
    public var edge: SwipeEdge
    /// How far the finger travels vertically over the swipe, as a fraction of the height (-1...1; positive is
    /// down, as y grows in container coordinates).
    public var drift: Double
    /// Where the finger touches down, in container coordinates.
    public var start: Vec2
    /// The producer clock at touch-down, in microseconds.
    public var startTimestampUs: Int64

    /// Creates a trace; `height` defaults to `width * 2`, `start` to
    /// ``defaultStart(width:height:rightToLeft:target:reversed:edge:)``.
    public init(
        stackId: String, gestureId: UInt64, target: PanTarget = .panTargetBack, width: Double, height: Double? = nil,
        rightToLeft: Bool = false, fraction: Double = 0.7, releaseVelocity: Double = 0, durationMs: Int = 250,
        rateHz: Double = 120, cancel: Bool = false, edge: SwipeEdge = .swipeEdgeUnspecified, drift: Double = 0,
        start: Vec2? = nil, startTimestampUs: Int64 = 0
    ) {
        self.stackId = stackId
        self.gestureId = gestureId
        self.target = target
        self.width = width
        self.height = height ?? width * 2
        self.rightToLeft = rightToLeft
        self.fraction = fraction
        self.releaseVelocity = releaseVelocity
        self.durationMs = durationMs
        self.rateHz = rateHz
        self.cancel = cancel
        self.edge = edge
        self.drift = drift
        self.start =
            start
            ?? Self.defaultStart(
                width: width, height: self.height, rightToLeft: rightToLeft,
                target: target, reversed: fraction < 0, edge: edge)
        self.startTimestampUs = startTimestampUs
    }

    /// Where a finger would usually start: a back swipe 8 pt from `edge` (the leading edge when unspecified; inside
    /// every profile's edge zone), a tab swipe three quarters of the way toward the side it moves away from;
    /// halfway down.
    public static func defaultStart(
        width: Double, height: Double, rightToLeft: Bool, target: PanTarget,
        reversed: Bool = false, edge: SwipeEdge = .swipeEdgeUnspecified
    ) -> Vec2 {
        let y = height / 2
        if target == .panTargetTabs {
            // Moving toward the leading edge (next tab) starts near the trailing side, and the reverse.
            let nearTrailing = !reversed
            let fromLeft = nearTrailing != rightToLeft ? width * 0.75 : width * 0.25
            return Vec2(x: fromLeft, y: y)
        }
        return Vec2(x: startsAtRightEdge(edge, rightToLeft: rightToLeft) ? width - 8 : 8, y: y)
    }

    /// Whether a back swipe from `edge` starts at the right edge: that edge, or the leading one when unspecified.
    private static func startsAtRightEdge(_ edge: SwipeEdge, rightToLeft: Bool) -> Bool {
        switch edge {
        case .swipeEdgeLeft: false
        case .swipeEdgeRight: true
        default: rightToLeft
        }
    }

    /// The number of movement samples: `durationMs * rateHz / 1000`, rounded, at least 1.
    public var sampleCount: Int {
        let count = (Double(durationMs) * rateHz / 1000).rounded()
        return count.isFinite && count >= 1 ? Int(min(count, 1_000_000)) : 1
    }

    /// +1 or -1: the sign of x along which the finger moves.
    public var directionX: Double {
        let away: Double
        if target == .panTargetTabs {
            away = rightToLeft ? 1 : -1
        } else {
            // A back swipe moves away from the edge it starts at.
            away = Self.startsAtRightEdge(edge, rightToLeft: rightToLeft) ? -1 : 1
        }
        return fraction < 0 ? -away : away
    }

    /// The points the finger moves down per point it moves horizontally (negative: up).
    public var slope: Double {
        let distance = abs(fraction) * width
        return distance > 0 ? drift * height / distance : 0
    }

    /// The pan events of the trace, in order: `PAN_BEGAN`, `sampleCount - 1` times `PAN_CHANGED`, then
    /// `PAN_ENDED` (or `PAN_CANCELLED`). Timestamps never decrease; the last two share the final sample's time.
    public var events: [PanEvent] {
        let count = sampleCount
        let distance = abs(fraction) * width
        let seconds = Double(max(durationMs, 0)) / 1000
        let path = EaseOutPath(distance: distance, seconds: seconds, releaseVelocity: releaseVelocity)
        var events: [PanEvent] = []
        events.reserveCapacity(count + 1)
        for index in 1...count {
            let u = Double(index) / Double(count)
            let phase: PanPhase = index == 1 ? .panBegan : .panChanged
            events.append(
                event(
                    phase, atFraction: u, of: seconds, travelled: path.position(at: u),
                    velocity: path.velocity(at: u)))
        }
        if cancel {
            events.append(event(.panCancelled, atFraction: 1, of: seconds, travelled: distance, velocity: nil))
        } else {
            events.append(
                event(
                    .panEnded, atFraction: 1, of: seconds, travelled: distance,
                    velocity: releaseVelocity))
        }
        return events
    }

    /// The time of each event relative to the first, in microseconds (for pacing a real-time send).
    public var offsetsUs: [Int64] {
        let events = events
        guard let first = events.first?.timestampUs else { return [] }
        return events.map { $0.timestampUs - first }
    }

    private func event(
        _ phase: PanPhase, atFraction u: Double, of seconds: Double, travelled: Double,
        velocity: Double?
    ) -> PanEvent {
        let translation = Vec2(x: directionX * travelled, y: slope * travelled)
        let timestamp = startTimestampUs + Int64((u * seconds * 1_000_000).rounded())
        return PanEvent(
            stackId: stackId, gestureId: gestureId, phase: phase,
            location: Vec2(x: start.x + translation.x, y: start.y + translation.y),
            translation: translation, velocity: velocity.map { Vec2(x: directionX * $0, y: slope * $0) },
            timestampUs: timestamp, target: target)
    }
}
