import SegueWire

/// Where the two screens of a transition are at a visual fraction: a pure function of the stack and the fraction.
public enum FrameLayout {
    /// The frame of `transition` at visual fraction `fraction` (0 = as before, 1 = done).
    ///
    /// Pop and dismiss: the upper (from) screen moved by f toward its side (`Profile.Layout.Side`; the trailing
    /// one, x = f W, unless the profile says otherwise), the lower (to) one by parallax (1 - f) the other way, dimmed
    /// by dimming (1 - f) (eased where the layout has a dimming curve). Push and present: the incoming (to) screen
    /// 1 - f from its side, the outgoing (from) one moved by parallax f the other way; a layout with an edge shadow
    /// gives the upper screen one (`EdgeShadowStyle`), faded in with how far it has arrived. Tabs: both move a full
    /// width, the new tab from the side of its index. Right-to-left stacks mirror x. Android has its own layouts:
    /// `PredictiveBackLayout` for its back gesture, `ActivityTransitionLayout` for its commands.
    public static func frame(
        of stack: StackModel, transition: TransitionModel, fraction: Double, phase: FramePhase,
        timeUs: Int64, sequence: UInt64, position: UInt64
    ) -> Frame {
        // Only android's gestures have a swipe edge: other stacks' frames do not look into the profile for it.
        if transition.interactive {
            if transition.edgeSign != 0, let geometry = stack.profile.predictiveBack {
                return PredictiveBackLayout.frame(
                    of: stack, transition: transition, geometry: geometry, fraction: fraction, phase: phase,
                    timeUs: timeUs, sequence: sequence, position: position)
            }
        } else if let transitions = stack.profile.activityTransitions {
            return ActivityTransitionLayout.frame(
                of: stack, transition: transition, transitions: transitions, fraction: fraction, phase: phase,
                timeUs: timeUs, sequence: sequence, position: position)
        }
        let width = stack.width
        let height = stack.height
        let f = fraction
        var from = Vec2()
        var to = Vec2()
        var dimming = 0.0
        var shadow = 0.0
        // The upper screen's edge shadow: the from screen's when it leaves, the to screen's when it arrives.
        var edgeShadow: (onFrom: Bool, shadow: EdgeShadow)?
        switch transition.operation {
        case .selectTab:
            let side: Double = transition.towardHigherIndex ? 1 : -1
            from.x = -side * width * f
            to.x = side * width * (1 - f)
        default:
            let layout = stack.profile.layout(for: transition.operation)
            // How far the lower screen is covered: 1 - f under a leaving screen, f under an arriving one.
            let covered = transition.isBackward ? 1 - f : f
            // A command may move each screen along its own curve of the transition's time.
            let easing = transition.interactive ? nil : layout.commandEasing
            let upper = easing?.upper.value(at: f) ?? f
            let lower = easing?.lower.value(at: f) ?? f
            // Offsets toward the side, in a container dimension: only the side's axis moves.
            func offsets(_ size: Double) -> (from: Double, to: Double) {
                transition.isBackward
                    ? (upper * size, -layout.parallax * size * (1 - lower))
                    : (-layout.parallax * size * lower, (1 - upper) * size)
            }
            switch layout.side {
            case .trailing:
                (from.x, to.x) = offsets(width)
            case .leading:
                let (fromOffset, toOffset) = offsets(width)
                (from.x, to.x) = (-fromOffset, -toOffset)
            case .bottom:
                (from.y, to.y) = offsets(height)
            }
            dimming = layout.dimming * (layout.dimmingCurve?.value(at: covered) ?? covered)
            shadow = layout.shadow * covered
            if let style = layout.edgeShadow,
                let drawn = style.shadow(arrived: covered, interactive: transition.interactive, width: width)
            {
                edgeShadow = (transition.isBackward, drawn)
            }
        }
        var fromX = from.x
        var toX = to.x
        if stack.config.rightToLeft {
            fromX = -fromX
            toX = -toX
        }
        // Adding zero turns -0.0 into 0.0, so still screens encode as an absent field, like other zeros.
        fromX += 0
        toX += 0
        let fromY = from.y + 0
        let toY = to.y + 0
        // A spring may overshoot; alphas stay in range whatever the fraction.
        dimming = min(max(dimming, 0), 1)
        shadow = min(max(shadow, 0), 1)
        return Frame(
            stackId: stack.id, transitionId: transition.id, sequence: sequence, timeUs: timeUs, progress: f,
            phase: phase,
            from: ViewFrame(
                screen: transition.fromScreen, rect: Rect(x: fromX, y: fromY, width: width, height: height),
                alpha: 1, edgeShadow: edgeShadow?.onFrom == true ? edgeShadow?.shadow : nil),
            to: ViewFrame(
                screen: transition.toScreen, rect: Rect(x: toX, y: toY, width: width, height: height),
                alpha: 1, edgeShadow: edgeShadow?.onFrom == false ? edgeShadow?.shadow : nil),
            dimming: dimming, shadow: shadow, position: position
        )
    }
}
