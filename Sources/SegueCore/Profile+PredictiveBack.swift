extension Profile {
    /// Android's predictive back: the constants of the cross-activity back animation, of the progress the system
    /// derives from the finger, and of the back panel that decides whether a release goes back. The profile's own
    /// `edgeWidth` is the width at each edge where a swipe may begin, and its layout's `dimming` the scrim. A profile with these
    /// swipes from either edge, steps its progress through `BackProgressSpring`, draws with `PredictiveBackLayout`
    /// and decides with `BackGestureTracker`. Each value is cited in `ProfileCatalog.android` and docs/semantics.md.
    public struct PredictiveBack: Sendable, Hashable {
        /// The scale both screens shrink toward (`MAX_SCALE`).
        public var maxScale: Double
        /// Points kept between a screen and the container's edge (`cross_task_back_vertical_margin`).
        public var margin: Double
        /// Points the entering screen starts to the left of the container (`cross_activity_back_entering_start_offset`).
        public var enteringStartOffset: Double
        /// The window corner radius in points while the animation runs.
        public var cornerRadius: Double
        public var gestureInterpolator: AndroidInterpolator
        public var postCommitInterpolator: AndroidInterpolator
        public var verticalInterpolator: AndroidInterpolator
        /// A swipe that moved more vertically than horizontally past this many points is no back swipe.
        public var gestureSlop: Double
        public var progress: BackTouchProgress.Thresholds
        public var panel: BackPanel.Parameters
    }
}
