import SegueWire

extension StackModel {
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
