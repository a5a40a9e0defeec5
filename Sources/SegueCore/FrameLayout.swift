import SegueWire

/// Where the two screens of a transition are at a visual fraction: a pure function of the stack and the fraction.
public enum FrameLayout {
    /// The frame of `transition` at visual fraction `fraction` (0 = as before, 1 = done).
    ///
    /// Pop and dismiss: the upper (from) screen at x = f W, the lower (to) at x = -parallax W (1 - f), dimmed by
    /// dimming (1 - f). Push and present: the incoming (to) screen at x = (1 - f) W, the outgoing (from) at
    /// x = -parallax W f. Tabs: both move a full width, the new tab from the side of its index. Right-to-left
    /// stacks mirror x.
    public static func frame(
        of stack: StackModel, transition: TransitionModel, fraction: Double, phase: FramePhase,
        timeUs: Int64, sequence: UInt64, position: UInt64
    ) -> Frame {
        let width = stack.width
        let height = stack.height
        let profile = stack.profile
        let f = fraction
        var fromX: Double
        var toX: Double
        var dimming: Double
        var shadow: Double
        switch transition.operation {
        case .selectTab:
            let side: Double = transition.towardHigherIndex ? 1 : -1
            fromX = -side * width * f
            toX = side * width * (1 - f)
            dimming = 0
            shadow = 0
        default:
            if transition.isBackward {
                fromX = f * width
                toX = -profile.parallax * width * (1 - f)
                dimming = profile.dimming * (1 - f)
                shadow = profile.shadow * (1 - f)
            } else {
                fromX = -profile.parallax * width * f
                toX = (1 - f) * width
                dimming = profile.dimming * f
                shadow = profile.shadow * f
            }
        }
        if stack.config.rightToLeft {
            fromX = -fromX
            toX = -toX
        }
        // Adding zero turns -0.0 into 0.0, so still screens encode as an absent field, like other zeros.
        fromX += 0
        toX += 0
        // A spring may overshoot; alphas stay in range whatever the fraction.
        dimming = min(max(dimming, 0), 1)
        shadow = min(max(shadow, 0), 1)
        return Frame(
            stackId: stack.id, transitionId: transition.id, sequence: sequence, timeUs: timeUs, progress: f,
            phase: phase,
            from: ViewFrame(screen: transition.fromScreen, rect: Rect(x: fromX, y: 0, width: width, height: height),
                            alpha: 1),
            to: ViewFrame(screen: transition.toScreen, rect: Rect(x: toX, y: 0, width: width, height: height),
                          alpha: 1),
            dimming: dimming, shadow: shadow, position: position
        )
    }
}
