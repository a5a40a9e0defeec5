import SegueWire

extension EngineCore {
    /// Runs the clock to `now`: publishes the settle frames that have come due, completes settles that have
    /// ended, and cancels gestures that went silent. Call it before handling inputs that arrive at `now`.
    public mutating func advance(to now: Int64, into outcome: inout Outcome) {
        guard !activeStacks.isEmpty else { return }
        // Sorted so that completions across stacks are appended in the same order on every run.
        for stackId in activeStacks.sorted() {
            advanceStack(stackId, to: now, into: &outcome)
        }
    }

    /// The earliest time at which `advance(to:)` has something to do, or nil when nothing is moving.
    public func nextDeadline() -> Int64? {
        var earliest: Int64?
        for stackId in activeStacks {
            guard let stack = stacks[stackId], let deadline = Self.deadline(of: stack) else { continue }
            earliest = min(earliest ?? deadline, deadline)
        }
        return earliest
    }

    static func deadline(of stack: StackModel) -> Int64? {
        switch stack.transition?.phase {
        case .tracking(let tracking):
            // Silent for longer than the timeout: due one microsecond after it.
            return tracking.lastSampleUs + Int64(stack.profile.gestureTimeoutMs) * 1000 + 1
        case .settling(let settling):
            return min(settleFrameTime(settling, k: settling.framesPublished + 1, fps: stack.fps), settling.endUs)
        case .animating, .none:
            return nil
        }
    }

    /// Scheduled time of settle frame k: start + k / fps seconds, in whole microseconds.
    static func settleFrameTime(_ settling: TransitionModel.Settling, k: Int64, fps: UInt32) -> Int64 {
        settling.startUs + k * 1_000_000 / Int64(fps)
    }

    mutating func advanceStack(_ stackId: String, to now: Int64, into outcome: inout Outcome) {
        guard let stack = stacks[stackId], let transition = stack.transition else { return }
        switch transition.phase {
        case .tracking(let tracking):
            if now > tracking.lastSampleUs + Int64(stack.profile.gestureTimeoutMs) * 1000 {
                cancelGesture(stackId: stackId, reason: .gestureTimeout, now: now, into: &outcome)
            }
        case .settling:
            guard let settling = publishSettleFrames(stackId: stackId, through: now, into: &outcome) else { return }
            if settling.endUs <= now {
                complete(stackId: stackId, finished: settling.targetFraction == 1, doneAt: settling.endUs,
                         now: now, into: &outcome)
            }
        case .animating:
            break
        }
    }

    /// Publishes the stack's settle frames that are due by `time` and not yet published: those scheduled at or
    /// before `time` and before the settle's end (the end gets the DONE frame instead). The live clock and the
    /// offline replay both draw settle frames here, so they draw the same ones.
    /// - Returns: the settle after publishing, or nil when the stack is not settling.
    @discardableResult
    mutating func publishSettleFrames(stackId: String, through time: Int64, into outcome: inout Outcome)
        -> TransitionModel.Settling?
    {
        guard let stack = stacks[stackId], case .settling(var settling)? = stack.transition?.phase else { return nil }
        var k = settling.framesPublished + 1
        var frameTime = Self.settleFrameTime(settling, k: k, fps: stack.fps)
        while frameTime < settling.endUs && frameTime <= time {
            publishFrame(stackId: stackId, fraction: settling.fraction(at: frameTime), phase: .settling,
                         timeUs: frameTime, into: &outcome)
            settling.framesPublished = k
            k += 1
            frameTime = Self.settleFrameTime(settling, k: k, fps: stack.fps)
        }
        stacks[stackId]?.transition?.phase = .settling(settling)
        return settling
    }

    /// Appends `completed` for the stack's transition and publishes its DONE frame at `doneAt`, with the
    /// target's rects.
    mutating func complete(stackId: String, finished: Bool, doneAt: Int64, now: Int64, into outcome: inout Outcome) {
        guard let stack = stacks[stackId], let transition = stack.transition else { return }
        var completed = TransitionCompleted(
            transitionId: transition.id, finished: finished, screens: stack.screens, presented: stack.presented,
            selectedTab: stack.selectedTab)
        if finished {
            completed.screens = stack.screensAfter(transition)
            completed.presented = stack.presentedAfter(transition)
            completed.selectedTab = stack.selectedTabAfter(transition)
        }
        let event = append(.completed(completed), stackId: stackId, requestId: transition.requestId, now: now, into: &outcome)
        outcome.frames.append(Self.doneFrame(of: stack, transition: transition, finished: finished, timeUs: doneAt,
                                             position: event.position))
    }

    /// The DONE frame of `transition` (the stack as it was before `completed`): the target's rects at `timeUs`,
    /// numbered after the transition's last frame, carrying the position of the `completed` event.
    static func doneFrame(of stack: StackModel, transition: TransitionModel, finished: Bool, timeUs: Int64,
                          position: UInt64) -> Frame
    {
        FrameLayout.frame(of: stack, transition: transition, fraction: finished ? 1 : 0, phase: .done,
                          timeUs: timeUs, sequence: transition.frameSequence + 1, position: position)
    }
}

extension StackModel {
    /// The navigation stack once `transition` has finished.
    func screensAfter(_ transition: TransitionModel) -> [String] {
        switch transition.operation {
        case .push: return screens + [transition.toScreen]
        case .pop: return Array(screens.dropLast())
        case .popToRoot: return Array(screens.prefix(1))
        default: return screens
        }
    }

    /// The presented layer once `transition` has finished.
    func presentedAfter(_ transition: TransitionModel) -> [String] {
        switch transition.operation {
        case .present: return presented + [transition.toScreen]
        case .dismiss: return Array(presented.dropLast())
        default: return presented
        }
    }

    /// The selected tab once `transition` has finished.
    func selectedTabAfter(_ transition: TransitionModel) -> UInt32 {
        transition.operation == .selectTab ? UInt32(tabIndex(of: transition.toScreen)) : selectedTab
    }
}
