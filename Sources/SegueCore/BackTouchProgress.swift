import SegueWire

/// The progress Android derives from the finger during a back swipe (`android.window.BackTouchTracker`): the
/// distance from the gesture's start away from its edge, linear up to a distance and slower after it, 1 at the
/// container's width. While the back panel says the release would not go back, progress counts from where it said
/// so instead, and both points follow the finger when it returns toward the edge.
public struct BackTouchProgress: Sendable, Hashable {
    /// What the system sets (`EdgeBackGestureHandler.updateBackAnimationThresholds`): the linear part's length is
    /// min(width, `linearDistance`), the whole distance the width.
    public struct Thresholds: Sendable, Hashable {
        /// `navigation_edge_action_progress_threshold`, in points.
        public var linearDistance: Double
        /// `back_progress_non_linear_factor`.
        public var nonLinearFactor: Double

        public init(linearDistance: Double, nonLinearFactor: Double) {
            self.linearDistance = linearDistance
            self.nonLinearFactor = nonLinearFactor
        }
    }

    public let edge: SwipeEdge
    /// Where the gesture started, moved toward the edge with the finger.
    public private(set) var initialX: Double
    /// Where progress counts from while `triggerBack` is false.
    public private(set) var startThresholdX: Double
    public private(set) var latestX: Double
    public private(set) var triggerBack = false

    /// `setGestureStartLocation`.
    public init(startX: Double, edge: SwipeEdge) {
        self.edge = edge
        initialX = startX
        startThresholdX = startX
        latestX = startX
    }

    /// Whether `x` is nearer the swipe's edge than `reference`.
    private func towardEdge(_ x: Double, from reference: Double) -> Bool {
        edge == .swipeEdgeRight ? x > reference : x < reference
    }

    /// `update`: a new finger position.
    public mutating func update(x: Double) {
        if towardEdge(x, from: startThresholdX) {
            startThresholdX = x
            if towardEdge(x, from: initialX) { initialX = x }
        }
        latestX = x
    }

    /// `setTriggerBack`: turning false makes the finger's place the point progress counts from.
    public mutating func setTriggerBack(_ value: Bool) {
        if triggerBack && !value { startThresholdX = latestX }
        triggerBack = value
    }

    /// `getProgress` of the latest position for a container `width` points wide.
    public func progress(_ thresholds: Thresholds, width: Double) -> Double {
        let start = triggerBack ? initialX : startThresholdX
        let distance = edge == .swipeEdgeRight ? start - latestX : latestX - start
        let travelled = max(0, distance)
        let maxDistance = width == 0 ? 1 : width
        let linearDistance = min(width, thresholds.linearDistance)
        let progress: Double
        if linearDistance < maxDistance {
            // Past the linear part the target the distance is divided by slides from its first value to the width.
            let nonLinearDistance = maxDistance - linearDistance
            let initialTarget = linearDistance + nonLinearDistance * thresholds.nonLinearFactor
            if travelled <= linearDistance {
                progress = travelled / initialTarget
            } else {
                let along = (travelled - linearDistance) / nonLinearDistance
                progress = travelled / (initialTarget + (maxDistance - initialTarget) * along)
            }
        } else {
            progress = travelled / maxDistance
        }
        return min(max(progress, 0), 1)
    }
}
