import SegueWire

extension StackModel {
    /// Adds a frame of the running transition at `fraction`, numbering it in the transition's sequence.
    ///
    /// A mutating method so that the engine reaches it in place (`stacks.models[slot].publishFrame(...)`), with
    /// no copy of the stack.
    mutating func publishFrame(fraction: Double, phase: FramePhase, timeUs: Int64, into outcome: inout Outcome) {
        guard transition != nil else { return }
        transition?.frameSequence += 1
        guard let transition else { return }
        outcome.frames.append(FrameLayout.frame(
            of: self, transition: transition, fraction: fraction, phase: phase, timeUs: timeUs,
            sequence: transition.frameSequence, position: lastPosition))
    }

    /// Publishes the settle frames due by `time` and not yet published: those scheduled at or before `time` and
    /// before the settle's end (the end gets the DONE frame instead).
    /// - Returns: the settle after publishing, or nil when the stack is not settling.
    mutating func publishSettleFrames(through time: Int64, into outcome: inout Outcome) -> TransitionModel.Settling? {
        guard case .settling(var settling)? = transition?.phase else { return nil }
        let fps = self.fps
        var k = settling.framesPublished + 1
        var frameTime = EngineCore.settleFrameTime(settling, k: k, fps: fps)
        while frameTime < settling.endUs && frameTime <= time {
            publishFrame(fraction: settling.fraction(at: frameTime), phase: .settling, timeUs: frameTime,
                         into: &outcome)
            settling.framesPublished = k
            k += 1
            frameTime = EngineCore.settleFrameTime(settling, k: k, fps: fps)
        }
        transition?.phase = .settling(settling)
        return settling
    }

    /// What the engine clock has to do for this stack at `now`.
    enum ClockWork {
        case none
        /// The tracking finger went silent for longer than the profile's gesture timeout.
        case gestureTimedOut
        /// A settle may have frames due, or have ended.
        case settling
    }

    /// Answered in place (`stacks.models[slot].clockWork(at:)`): switching over the stack's phase from outside
    /// would copy the whole stack for every input.
    func clockWork(at now: Int64) -> ClockWork {
        switch transition?.phase {
        case .tracking(let tracking):
            return now > tracking.lastSampleUs + Int64(profile.gestureTimeoutMs) * 1000 ? .gestureTimedOut : .none
        case .settling:
            return .settling
        case .animating, .none:
            return .none
        }
    }

    /// When the engine clock next has work for this stack: a settle frame or its end, or a tracking gesture's
    /// timeout (one microsecond after it); nil when nothing is running on a timer.
    var deadline: Int64? {
        switch transition?.phase {
        case .tracking(let tracking):
            return tracking.lastSampleUs + Int64(profile.gestureTimeoutMs) * 1000 + 1
        case .settling(let settling):
            return min(EngineCore.settleFrameTime(settling, k: settling.framesPublished + 1, fps: fps), settling.endUs)
        case .animating, .none:
            return nil
        }
    }
}
