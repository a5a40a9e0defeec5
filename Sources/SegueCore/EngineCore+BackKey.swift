import SegueWire

/// Android's second back swipe. One that begins while a released swipe settles (the 300 ms commit, or the spring
/// back) is held, as BackAnimationController holds it in `mQueuedTracker`: its moves move the arrow and nothing
/// else, and its release, with the arrow saying back, sends a back key (`injectBackKey`): a pop, or a dismiss,
/// queued behind the running transition, or run at once when that has completed meanwhile (docs/semantics.md,
/// "A back swipe during the animation, a back key").
extension EngineCore {
    /// Holds `pan`, a BEGAN, when the stack's profile holds back swipes and a released swipe is settling.
    /// - Returns: whether it held the swipe; false leaves it to the BEGAN's own checks.
    /// - Throws: why it may not be held: a swipe already held or sent behind this settle (Android ignores a third),
    ///   or one that would not start a back swipe at all.
    mutating func holdBehindRunningTransition(_ pan: PanEvent, slot: Int) throws(CommandRefusal) -> Bool {
        let stack = stacks.models[slot]
        guard stack.profile.interruptions.holdsBackSwipes, let parameters = stack.profile.predictiveBack,
            pan.target != .panTargetTabs, let transition = stack.transition, transition.interactive,
            case .settling = transition.phase
        else { return false }
        if let held = stacks.gestures[slot].held?.gestureId
            ?? stack.queued.first(where: { $0.gestureId != 0 })?.gestureId
        {
            throw CommandRefusal(
                .transitionInProgress,
                "stack '\(stack.id)': gesture \(held) already waits for transition \(transition.id) to settle; "
                    + "profile '\(stack.profile.name)' holds one back swipe at a time")
        }
        try checkPredictiveBackStart(pan, stack: stack, parameters: parameters)
        let translation = pan.translation ?? Vec2()
        var held = GestureTracker(gestureId: pan.gestureId, timestampUs: pan.timestampUs, translation: translation)
        var gesture = PredictiveBackGesture(
            parameters, edge: Self.swipeEdge(of: pan, stack: stack) ?? .swipeEdgeLeft, location: pan.location ?? Vec2(),
            translation: translation)
        _ = gesture.move(
            translation: translation, timeUs: pan.timestampUs, velocityX: pan.velocity?.x ?? 0, width: stack.width)
        held.predictiveBack = gesture
        stacks.gestures[slot].held = held
        return true
    }

    /// A CHANGED, ENDED or CANCELLED of the held swipe: the arrow follows it; a release with the arrow saying back
    /// sends the back key; a cancel, a release away from back or a move that turns vertical before the slop
    /// forgets it, as Android resets the queued tracker.
    mutating func moveHeldBackSwipe(_ pan: PanEvent, slot: Int, now: Int64, into outcome: inout Outcome)
        throws(CommandRefusal)
    {
        guard var held = stacks.gestures[slot].held, var gesture = held.predictiveBack else { return }
        if pan.timestampUs < held.lastTimestampUs {
            throw .invalid(
                "timestamp_us \(pan.timestampUs) goes back from \(held.lastTimestampUs); producer time must not decrease within a gesture"
            )
        }
        let translation = pan.translation ?? held.lastTranslation
        let velocityX = pan.velocity?.x ?? 0
        switch pan.phase {
        case .panChanged:
            if gesture.strays(translation: translation) {
                stacks.gestures[slot].held = nil
                stacks.gestures[slot].refuse(pan.gestureId)
                return
            }
            _ = gesture.move(
                translation: translation, timeUs: pan.timestampUs, velocityX: velocityX,
                width: stacks.models[slot].width)
            held.lastTimestampUs = pan.timestampUs
            held.lastTranslation = translation
            held.predictiveBack = gesture
            stacks.gestures[slot].held = held
        case .panEnded:
            stacks.gestures[slot].held = nil
            if gesture.release(translation: translation, timeUs: pan.timestampUs, velocityX: velocityX).finish {
                try sendBackKey(
                    of: pan.gestureId, slot: slot, touchDown: Vec2(x: gesture.downX, y: gesture.downY), now: now,
                    into: &outcome)
            }
        default:
            stacks.gestures[slot].held = nil
        }
    }

    /// The back key of the held swipe `gestureId`: a pop (a dismiss when the top screen is presented as a dialog)
    /// of the stack as the transitions ahead leave it, queued behind the settle that runs, else run now.
    /// - Throws: the refusal the pop or dismiss would get then, or the top screen's opt-out of back swipes.
    private mutating func sendBackKey(
        of gestureId: UInt64, slot: Int, touchDown: Vec2, now: Int64, into outcome: inout Outcome
    ) throws(CommandRefusal) {
        let stack = stacks.models[slot]
        let context = CommandContext(stackId: stack.id, requestId: "", now: now, backKeyOf: gestureId)
        guard let transition = stack.transition else {
            try perform(try backKey(on: stack, touchDown: touchDown).command, context, into: &outcome)
            return
        }
        guard case .settling = transition.phase else {
            throw CommandRefusal(
                .transitionInProgress,
                "stack '\(stack.id)': gesture \(transition.gestureId) is tracking; the back key of gesture \(gestureId) is dropped"
            )
        }
        do throws(CommandRefusal) {
            let ahead = projectedCore(of: stack)
            guard let after = ahead.stacks[stack.id] else { return }
            let (op, command) = try backKey(on: after, touchDown: touchDown)
            try enqueue(op, command, behind: transition, of: stack, context, into: &outcome)
        } catch {
            // The refusal is about the stack the running transition (and any queued command) will leave.
            var detail = error.error
            detail.message =
                "the back key of gesture \(gestureId), behind transition \(transition.id): " + detail.message
            throw CommandRefusal(detail)
        }
    }

    /// What a back key does on `stack`: dismiss a screen presented as a dialog, else pop; refused on a screen that
    /// takes no back swipe where the swipe touched down.
    private func backKey(on stack: StackModel, touchDown: Vec2) throws(CommandRefusal) -> (
        op: Command.Op, command: NavigationCommand
    ) {
        let top = stack.topScreen
        let options = stack.options(of: top)
        if options.backGestureDisabled {
            throw CommandRefusal(.gestureRejected, "screen '\(top)' has back_gesture_disabled")
        }
        try Self.checkExclusionRects(of: options, screen: top, touchDown: touchDown)
        if !stack.presented.isEmpty && !stack.topIsPresentedPage {
            return (.dismiss(Dismiss()), .dismiss(immediate: false))
        }
        return (.pop(Pop()), .pop(immediate: false))
    }
}
