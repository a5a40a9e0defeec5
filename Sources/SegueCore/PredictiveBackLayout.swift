import SegueWire

/// Where Android's cross-activity back animation (`CrossActivityBackAnimation.kt`) puts the closing (from) and the
/// entering (to) screen: scaled toward `maxScale` and shifted while the finger drags, following its height; then, once
/// committed, the entering screen growing back to the full container while the closing one slides out and fades.
///
/// Every rule is cited in docs/semantics.md; `Profile.predictiveBack` holds the constants.
public enum PredictiveBackLayout {
    /// A rect as Android's `RectF` keeps it: its four edges.
    struct Edges: Equatable {
        var left: Double
        var top: Double
        var right: Double
        var bottom: Double

        var width: Double { right - left }
        var height: Double { bottom - top }

        /// `scaleCentered`: scaled by `scale` about its centre.
        func scaledCentered(_ scale: Double) -> Edges {
            let pivotX = left + width / 2
            let pivotY = top + height / 2
            return Edges(
                left: pivotX + (left - pivotX) * scale, top: pivotY + (top - pivotY) * scale,
                right: pivotX + (right - pivotX) * scale, bottom: pivotY + (bottom - pivotY) * scale)
        }

        func offset(x: Double, y: Double) -> Edges {
            Edges(left: left + x, top: top + y, right: right + x, bottom: bottom + y)
        }

        /// `setInterpolatedRectF`: each edge from `start` to `target` by `amount`.
        static func interpolated(_ start: Edges, _ target: Edges, _ amount: Double) -> Edges {
            func mix(_ a: Double, _ b: Double) -> Double { a + (b - a) * amount }
            return Edges(
                left: mix(start.left, target.left), top: mix(start.top, target.top),
                right: mix(start.right, target.right), bottom: mix(start.bottom, target.bottom))
        }

        var rect: Rect { Rect(x: left + 0, y: top + 0, width: width, height: height) }
    }

    /// The two screens' rects while the finger drags at spring progress `progress`.
    struct GesturePose: Equatable {
        var closing: Edges
        var entering: Edges
    }

    /// The rects of the gesture phase (`onGestureProgress`) for a container of `width` x `height`.
    static func gesturePose(
        _ geometry: Profile.PredictiveBack, width: Double, height: Double, edge: SwipeEdge, progress: Double,
        verticalTranslation: Double
    ) -> GesturePose {
        let screen = Edges(left: 0, top: 0, right: width, bottom: height)
        var targetClosing = screen.scaledCentered(geometry.maxScale)
        if edge != .swipeEdgeRight {
            // A swipe from the left scales the screen toward the right edge, the margin away from it.
            targetClosing = targetClosing.offset(x: screen.right - targetClosing.right - geometry.margin, y: 0)
        }
        let startEntering = screen.offset(x: -geometry.enteringStartOffset, y: 0)
        let targetEntering = startEntering.scaledCentered(geometry.maxScale)
        let amount = geometry.gestureInterpolator.value(at: min(max(progress, 0), 1))
        let closing = Edges.interpolated(screen, targetClosing, amount)
        let yOffset = Self.yOffset(
            geometry, height: height, closingHeight: closing.height, verticalTranslation: verticalTranslation)
        return GesturePose(
            closing: closing.offset(x: 0, y: yOffset),
            entering: Edges.interpolated(startEntering, targetEntering, amount).offset(x: 0, y: yOffset))
    }

    /// `getYOffset`: the finger's vertical travel, up to half the height either way, decelerated, moves the screens
    /// up to the margin from the container's top or bottom.
    static func yOffset(
        _ geometry: Profile.PredictiveBack, height: Double, closingHeight: Double, verticalTranslation: Double
    ) -> Double {
        let half = height / 2
        let direction: Double = verticalTranslation < 0 ? -1 : 1
        let ratio = min(half, abs(verticalTranslation)) / half
        let room = max(0, (height - closingHeight) / 2 - geometry.margin)
        return direction * geometry.verticalInterpolator.value(at: ratio) * room
    }

    /// The frame of an android transition: `fraction` is the spring's progress while dragging and springing back,
    /// and the progress toward done after commit (`Frame.progress`); `timeUs` places a committed settle in its
    /// 300 ms.
    static func frame(
        of stack: StackModel, transition: TransitionModel, geometry: Profile.PredictiveBack, fraction: Double,
        phase: FramePhase, timeUs: Int64, sequence: UInt64, position: UInt64
    ) -> Frame {
        let width = stack.width
        let height = stack.height
        var closing: Edges
        var entering: Edges
        var closingAlpha = 1.0
        // The scrim's alpha at most 1 (the tuning accepts larger dimmings, which other layouts clamp too).
        let maxScrim = min(stack.profile.layout.dimming, 1)
        var scrim = maxScrim
        var radius = geometry.cornerRadius
        let screen = Edges(left: 0, top: 0, right: width, bottom: height)
        if case .settling(let settling) = transition.phase, settling.targetFraction == 1 {
            // Committed: from the rects the gesture left at the spring's progress then, to the full screen; the
            // closing one slides out by the entering one's offset.
            let start = gesturePose(
                geometry, width: width, height: height, edge: transition.swipeEdge, progress: settling.fromFraction,
                verticalTranslation: transition.verticalTranslation)
            let linear =
                phase == .done
                ? 1
                : settling.curve.completion(
                    elapsedUs: timeUs - settling.startUs, durationUs: settling.durationUs)
            let amount = geometry.postCommitInterpolator.value(at: linear)
            let targetClosing = screen.offset(x: start.closing.left + geometry.enteringStartOffset, y: 0)
            closing = Edges.interpolated(start.closing, targetClosing, amount)
            entering = Edges.interpolated(start.entering, screen, amount)
            closingAlpha = max(1 - linear * 2, 0)
            scrim = maxScrim * (1 - linear)
        } else {
            let pose = gesturePose(
                geometry, width: width, height: height, edge: transition.swipeEdge, progress: fraction,
                verticalTranslation: transition.verticalTranslation)
            closing = pose.closing
            entering = pose.entering
        }
        var closingRect = closing.rect
        var enteringRect = entering.rect
        if phase == .done {
            // The animation is over: its scrim and rounded corners are gone, and the screens rest at the
            // container's size where it left them (the closing one out of sight after a commit).
            radius = 0
            scrim = 0
            func resting(_ x: Double) -> Rect { Rect(x: x + 0, y: 0, width: width, height: height) }
            closingRect = resting(fraction == 1 ? closing.left : 0)
            enteringRect = resting(fraction == 1 ? 0 : -geometry.enteringStartOffset)
        }
        return Frame(
            stackId: stack.id, transitionId: transition.id, sequence: sequence, timeUs: timeUs, progress: fraction,
            phase: phase,
            // The radius is set on the window and scales with it.
            from: ViewFrame(
                screen: transition.fromScreen, rect: closingRect, alpha: closingAlpha,
                cornerRadius: radius * closingRect.width / width),
            to: ViewFrame(
                screen: transition.toScreen, rect: enteringRect, alpha: 1,
                cornerRadius: radius * enteringRect.width / width),
            dimming: scrim, shadow: 0, position: position)
    }
}
