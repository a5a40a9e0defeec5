import SegueWire

extension StackModel {
    /// Adds a frame of the running transition at `fraction`, numbering it in the transition's sequence.
    ///
    /// A mutating method so that the engine reaches it in place (`stacks.models[slot].publishFrame(...)`), with
    /// no copy of the stack.
    mutating func publishFrame(fraction: Double, phase: FramePhase, timeUs: Int64, into outcome: inout Outcome) {
        // Numbered in place, which also tells whether a transition runs: comparing `transition` with nil copied it.
        guard let sequence = transition?.countFrame() else { return }
        outcome.frames.append(frame(fraction: fraction, phase: phase, timeUs: timeUs, sequence: sequence))
    }

    /// The running transition's frame at `fraction`. Not mutating, so that the transition is read where it is
    /// rather than copied out of the stack being changed.
    private func frame(fraction: Double, phase: FramePhase, timeUs: Int64, sequence: UInt64) -> Frame {
        FrameLayout.frame(
            of: self, transition: transition!, fraction: fraction, phase: phase, timeUs: timeUs,
            sequence: sequence, position: lastPosition)
    }

    /// Where the screens of `transition` are at `timeUs`, as its frames place them (`Frame.progress`): while
    /// tracking, where the profile puts them for the finger.
    func screenFraction(of transition: TransitionModel, at timeUs: Int64) -> Double {
        if case .tracking(let tracking) = transition.phase { return profile.trackedFraction(tracking.fraction) }
        return transition.fraction(at: timeUs)
    }

    /// Adds the TRACKING frame of the tracking transition, the screens where the profile puts them for the finger.
    mutating func publishTrackingFrame(timeUs: Int64, into outcome: inout Outcome) {
        guard let fraction = trackedFraction else { return }
        publishFrame(fraction: profile.trackedFraction(fraction), phase: .tracking, timeUs: timeUs, into: &outcome)
    }

    /// The finger's fraction of a tracking transition (`TransitionModel.Tracking.fraction`), nil otherwise.
    private var trackedFraction: Double? {
        guard case .tracking(let tracking)? = transition?.phase else { return nil }
        return tracking.fraction
    }

    /// Counts the settle frames due by `time` as published without drawing them (none when more were drawn
    /// already): a restore does it at a catch, and a restart before the DONE frame of a settle the stopped engine
    /// was drawing, so that numbers go on as an offline replay numbers them.
    mutating func skipSettleFrames(through time: Int64) {
        guard case .settling(let settling)? = transition?.phase else { return }
        skipSettleFrames(upTo: settling.framesDue(through: time, fps: fps))
    }

    /// Counts the settle frames up to number `k` as published without drawing them (none when more were drawn).
    private mutating func skipSettleFrames(upTo k: Int64) {
        guard case .settling(var settling)? = transition?.phase, k > settling.framesPublished else { return }
        transition?.frameSequence += UInt64(k - settling.framesPublished)
        settling.framesPublished = k
        transition?.phase = .settling(settling)
    }

    /// Publishes the settle frames due by `time` and not yet published: those scheduled at or before `time` and
    /// before the settle's end (the end gets the DONE frame instead). Those scheduled before `lateBefore` are
    /// counted in `outcome.skippedFrames` and numbered, but not drawn (`FramePacing`).
    /// - Returns: the settle after publishing, or nil when the stack is not settling.
    mutating func publishSettleFrames(
        through time: Int64, skippingBefore lateBefore: Int64,
        into outcome: inout Outcome
    ) -> TransitionModel.Settling? {
        guard case .settling(let due)? = transition?.phase else { return nil }
        if lateBefore > due.startUs {
            let late = due.framesDue(through: min(time, lateBefore - 1), fps: fps)
            outcome.skippedFrames += Int(max(0, late - due.framesPublished))
            skipSettleFrames(upTo: late)
        }
        guard case .settling(var settling)? = transition?.phase else { return nil }
        let fps = self.fps
        var k = settling.framesPublished + 1
        var frameTime = EngineCore.settleFrameTime(settling, k: k, fps: fps)
        while frameTime < settling.endUs && frameTime <= time {
            publishFrame(
                fraction: settling.fraction(at: frameTime), phase: .settling, timeUs: frameTime,
                into: &outcome)
            settling.framesPublished = k
            k += 1
            frameTime = EngineCore.settleFrameTime(settling, k: k, fps: fps)
        }
        transition?.phase = .settling(settling)
        return settling
    }
}
