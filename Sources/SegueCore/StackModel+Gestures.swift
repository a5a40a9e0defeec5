import SegueWire

extension StackModel {
    /// The `progressed` of the tracking transition with the finger at `translation`, or nil when none is tracking.
    /// Read in place (`stacks.models[slot].progressed(...)`), so the stack is not copied for it.
    func progressed(translation: Vec2, velocity: Vec2) -> TransitionProgressed? {
        guard let transition, case .tracking(let tracking) = transition.phase else { return nil }
        let progress = decisionProgress(
            caughtFraction: tracking.caughtFraction, gestureSign: transition.gestureSign,
            towardBack: towardBack(translation))
        return TransitionProgressed(
            transitionId: transition.id, progress: progress, translation: translation,
            velocity: velocity)
    }

    /// p = clamp((caught W + sign tx) / D, 0, 1).
    func decisionProgress(caughtFraction: Double, gestureSign: Double, towardBack: Double) -> Double {
        let distance = profile.progressDistance(width: width)
        return Self.clampUnit((caughtFraction * width + gestureSign * towardBack) / distance)
    }
}
