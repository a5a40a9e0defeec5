import SegueWire

/// Where Android's default activity transitions (core/res/res/anim/activity_{open,close}_{enter,exit}.xml, played by
/// WM Shell's default transition handler) put the screens of a commanded transition of the `android` profile: both
/// slide `offset` points along `fast_out_extra_slow_in`, the screen on top fading (in on open, out on close) over a
/// part of the time. No scale, no scrim, square corners; a tab switch is immediate.
public enum ActivityTransitionLayout {
    /// The frame of a commanded `transition` at `fraction` of its time.
    static func frame(
        of stack: StackModel, transition: TransitionModel, transitions: Profile.ActivityTransitions,
        fraction t: Double, phase: FramePhase, timeUs: Int64, sequence: UInt64, position: UInt64
    ) -> Frame {
        let moved = transitions.curve.value(at: t)
        let offset = transitions.offset
        var from = (x: 0.0, alpha: 1.0)
        var to = (x: 0.0, alpha: 1.0)
        switch transition.operation {
        case .selectTab:
            // No animation: the new tab replaces the old one at once.
            from.alpha = t >= 1 ? 0 : 1
            to.alpha = t >= 1 ? 1 : 0
        case _ where transition.isBackward:
            // Close: the leaving screen on top slides right and fades out; the one revealed slides in from the left.
            from = (offset * moved, 1 - transitions.closeFade.amount(at: t))
            to = (-offset * (1 - moved), 1)
        default:
            // Open: the new screen on top slides in from the right and fades in; the old one slides left.
            from = (-offset * moved, 1)
            to = (offset * (1 - moved), transitions.openFade.amount(at: t))
        }
        let width = stack.width
        let height = stack.height
        return Frame(
            stackId: stack.id, transitionId: transition.id, sequence: sequence, timeUs: timeUs, progress: t,
            phase: phase,
            from: ViewFrame(
                screen: transition.fromScreen, rect: Rect(x: from.x + 0, y: 0, width: width, height: height),
                alpha: from.alpha),
            to: ViewFrame(
                screen: transition.toScreen, rect: Rect(x: to.x + 0, y: 0, width: width, height: height),
                alpha: to.alpha),
            dimming: 0, shadow: 0, position: position)
    }
}

extension Profile {
    /// The constants of Android's default activity transitions.
    public struct ActivityTransitions: Sendable, Hashable {
        /// A linear fade over part of the transition, as fractions of its time (`startOffset` and `duration` of an
        /// `<alpha>` element over the animation's 450 ms).
        public struct Fade: Sendable, Hashable {
            public var start: Double
            public var length: Double

            /// How far the fade has gone at `t`: 0 before it, 1 after it.
            func amount(at t: Double) -> Double {
                min(max((t - start) / length, 0), 1)
            }
        }

        /// Points both screens slide.
        public var offset: Double
        public var curve: AndroidInterpolator
        /// The new screen's fade in (activity_open_enter.xml) and the leaving one's fade out (activity_close_exit.xml).
        public var openFade: Fade
        public var closeFade: Fade
    }
}
