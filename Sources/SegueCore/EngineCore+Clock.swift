import SegueWire

extension EngineCore {
    /// Runs the clock to `now`: publishes the settle frames that have come due, completes settles that have
    /// ended, and cancels gestures that went silent. Call it before handling inputs that arrive at `now`.
    ///
    /// `framePacing` bounds the work: frames too late to draw are skipped, and a run draws at most so many; a
    /// stack the run did not reach stays due, so `nextDeadline()` is then at or before `now`.
    public mutating func advance(to now: Int64, into outcome: inout Outcome) {
        let framesBefore = outcome.frames.count
        let lateBefore = lateFrameTime(now)
        // Earliest first, ties by stack id: completions across stacks are appended in the same order every run.
        while outcome.frames.count - framesBefore < framePacing.maxFramesPerRun,
            let slot = deadlines.popDue(through: now)
        {
            advanceStack(slot: slot, to: now, skippingFramesBefore: lateBefore, into: &outcome)
            reschedule(slot)
        }
    }

    /// Settle frames scheduled before this time are too late to draw at `now` (`FramePacing.lateFrameUs`).
    func lateFrameTime(_ now: Int64) -> Int64 {
        let (time, overflow) = now.subtractingReportingOverflow(framePacing.lateFrameUs)
        return overflow ? Int64.min : time
    }

    /// The earliest time at which `advance(to:)` may have something to do, or nil when nothing is moving.
    public func nextDeadline() -> Int64? {
        deadlines.earliest
    }

    /// Queues the stack in `slot` for its next deadline, or takes it off the queue when it has none.
    mutating func reschedule(_ slot: Int) {
        if let deadline = stacks.models[slot].deadline {
            deadlines.schedule(slot, stackId: stacks.models[slot].id, at: deadline)
        } else {
            deadlines.remove(slot)
        }
    }

    /// Scheduled time of settle frame k: start + k / fps seconds, in whole microseconds.
    static func settleFrameTime(_ settling: TransitionModel.Settling, k: Int64, fps: UInt32) -> Int64 {
        settleFrameTime(startUs: settling.startUs, k: k, fps: fps)
    }

    /// Scheduled time of frame k of a settle that starts at `startUs`.
    static func settleFrameTime(startUs: Int64, k: Int64, fps: UInt32) -> Int64 {
        startUs + k * 1_000_000 / Int64(fps)
    }

    /// Runs one stack's clock to `now` before an input of that stack (nothing when there is no such stack).
    mutating func advanceStack(_ stackId: String, to now: Int64, into outcome: inout Outcome) {
        guard let slot = stacks.slot(of: stackId) else { return }
        advanceStack(slot: slot, to: now, into: &outcome)
    }

    /// Runs the clock of the stack in `slot` to `now` before an input of that stack.
    mutating func advanceStack(slot: Int, to now: Int64, into outcome: inout Outcome) {
        advanceStack(slot: slot, to: now, skippingFramesBefore: lateFrameTime(now), into: &outcome)
    }

    /// Runs the clock of the stack in `slot` to `now`; settle frames scheduled before `lateBefore` are skipped.
    mutating func advanceStack(
        slot: Int, to now: Int64, skippingFramesBefore lateBefore: Int64,
        into outcome: inout Outcome
    ) {
        switch stacks.models[slot].clockWork(at: now) {
        case .gestureTimedOut:
            cancelGesture(slot: slot, reason: .gestureTimeout, now: now, into: &outcome)
        case .settling:
            guard
                let settling = publishSettleFrames(
                    slot: slot, through: now, skippingBefore: lateBefore,
                    into: &outcome)
            else { return }
            if settling.endUs <= now {
                complete(
                    slot: slot, finished: settling.targetFraction == 1, doneAt: settling.endUs, now: now,
                    into: &outcome)
            }
        case .none:
            break
        }
    }

    /// Publishes the stack's settle frames that are due by `time` and not yet published, skipping (and counting)
    /// those scheduled before `lateBefore`. The live clock and the offline replay both draw settle frames here,
    /// so they number them the same.
    /// - Returns: the settle after publishing, or nil when the stack is not settling.
    @discardableResult
    mutating func publishSettleFrames(
        slot: Int, through time: Int64, skippingBefore lateBefore: Int64 = .min,
        into outcome: inout Outcome
    ) -> TransitionModel.Settling? {
        guard
            let settling = stacks.models[slot].publishSettleFrames(
                through: time, skippingBefore: lateBefore,
                into: &outcome)
        else { return nil }
        reschedule(slot)
        return settling
    }

    /// Appends `completed` for the stack's transition and publishes its DONE frame at `doneAt`, with the
    /// target's rects.
    mutating func complete(slot: Int, finished: Bool, doneAt: Int64, now: Int64, into outcome: inout Outcome) {
        let stack = stacks.models[slot]
        guard let transition = stack.transition else { return }
        var completed = TransitionCompleted(
            transitionId: transition.id, finished: finished, screens: stack.screens, presented: stack.presented,
            selectedTab: stack.selectedTab, presentedPages: stack.presentedPages)
        if finished {
            completed.screens = stack.screensAfter(transition)
            (completed.presented, completed.presentedPages) = stack.presentedAfter(transition)
            completed.selectedTab = stack.selectedTabAfter(transition)
        }
        let event = append(.completed(completed), slot: slot, requestId: transition.requestId, now: now, into: &outcome)
        outcome.frames.append(
            Self.doneFrame(
                of: stack, transition: transition, finished: finished, timeUs: doneAt,
                position: event.position))
        runQueuedCommand(slot: slot, now: now, into: &outcome)
    }

    /// The DONE frame of `transition` (the stack as it was before `completed`): the target's rects at `timeUs`,
    /// numbered after the transition's last frame, carrying the position of the `completed` event.
    static func doneFrame(
        of stack: StackModel, transition: TransitionModel, finished: Bool, timeUs: Int64,
        position: UInt64
    ) -> Frame {
        FrameLayout.frame(
            of: stack, transition: transition, fraction: finished ? 1 : 0, phase: .done,
            timeUs: timeUs, sequence: transition.frameSequence + 1, position: position)
    }
}

extension StackModel {
    /// The navigation stack once `transition` has finished.
    func screensAfter(_ transition: TransitionModel) -> [String] {
        // Over a presentation a push and a pop move pages of the presented layer.
        if !presented.isEmpty && (transition.operation == .push || transition.operation == .pop) { return screens }
        switch transition.operation {
        case .push: return screens + [transition.toScreen]
        case .pop: return Array(screens.dropLast())
        case .popToRoot: return Array(screens.prefix(1))
        default: return screens
        }
    }

    /// The presented layer once `transition` has finished, and which of its screens are pages.
    func presentedAfter(_ transition: TransitionModel) -> (presented: [String], pages: [UInt32]) {
        switch transition.operation {
        case .present: return (presented + [transition.toScreen], presentedPages)
        case .push where !presented.isEmpty:
            return (presented + [transition.toScreen], presentedPages + [UInt32(presented.count)])
        case .dismiss,
            .pop where !presented.isEmpty:
            return (Array(presented.dropLast()), topIsPresentedPage ? Array(presentedPages.dropLast()) : presentedPages)
        default: return (presented, presentedPages)
        }
    }

    /// The selected tab once `transition` has finished.
    func selectedTabAfter(_ transition: TransitionModel) -> UInt32 {
        transition.operation == .selectTab ? UInt32(tabIndex(of: transition.toScreen)) : selectedTab
    }
}
