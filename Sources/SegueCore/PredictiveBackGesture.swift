import SegueWire

/// What the engine remembers of an Android back swipe between pan events: the back arrow that decides it and the
/// tracker its progress comes from. Not logged: the progress it gives is, and a restart cancels the gesture.
struct PredictiveBackGesture: Sendable {
    var panel: BackPanel
    var touch: BackTouchProgress
    /// The touch-down point: BEGAN's location less its translation.
    let downX: Double
    let downY: Double
    /// `EdgeBackGestureHandler`'s touch slop, and whether the finger has crossed it more horizontally than
    /// vertically (`mThresholdCrossed`).
    let slop: Double
    private(set) var slopCrossed = false
    /// The progress thresholds the system sets.
    let thresholds: BackTouchProgress.Thresholds

    /// The gesture a BEGAN at `location` with `translation` starts from `edge`. The arrow measures from the
    /// touch-down point, the progress from where the animation starts (BEGAN's location, as `updateStartLocation`).
    init(_ parameters: Profile.PredictiveBack, edge: SwipeEdge, location: Vec2, translation: Vec2) {
        downX = location.x - translation.x
        downY = location.y - translation.y
        panel = BackPanel(parameters: parameters.panel, edge: edge, startX: downX, startY: downY)
        touch = BackTouchProgress(startX: location.x, edge: edge)
        slop = parameters.gestureSlop
        thresholds = parameters.progress
        _ = strays(translation: translation)
    }

    /// Whether a move to `translation` from touch-down cancels the swipe, as one more vertical than horizontal
    /// past the slop does until the finger has crossed it horizontally.
    mutating func strays(translation: Vec2) -> Bool {
        if slopCrossed { return false }
        let dx = abs(translation.x)
        let dy = abs(translation.y)
        if dy > dx && dy > slop { return true }
        if dx > dy && dx > slop { slopCrossed = true }
        return false
    }

    /// A move of the finger to `translation` from touch-down at producer time `timeUs`: the arrow first (its
    /// `setTriggerBack` reaches the tracker before the move does, as SystemUI forwards them), then the tracker.
    /// - Returns: the progress for a container `width` points wide.
    mutating func move(translation: Vec2, timeUs: Int64, velocityX: Double, width: Double) -> Double {
        let x = downX + translation.x
        panel.move(
            x: x, y: downY + translation.y, timeMs: BackProgressSpring.milliseconds(timeUs), velocityX: velocityX)
        touch.setTriggerBack(panel.triggerBack)
        touch.update(x: x)
        return touch.progress(thresholds, width: width)
    }

    /// The arrow's decision at a release at `translation` from touch-down.
    func release(translation: Vec2, timeUs: Int64, velocityX: Double) -> (finish: Bool, reason: Reason) {
        panel.release(x: downX + translation.x, timeMs: BackProgressSpring.milliseconds(timeUs), velocityX: velocityX)
    }
}
