import SegueWire

extension EngineCore {
    /// Decides one pan event at `now`: appends the transition events it causes and its TRACKING frame, or adds
    /// a rejection. A gesture refused at BEGAN has the rest of its events ignored.
    public mutating func apply(_ pan: PanEvent, now: Int64, into outcome: inout Outcome) {
        if let error = Validation.checkPan(pan) {
            outcome.rejections.append(rejection(stackId: pan.stackId, gestureId: pan.gestureId, error, now: now))
            return
        }
        guard stacks[pan.stackId] != nil else {
            outcome.rejections.append(rejection(stackId: pan.stackId, gestureId: pan.gestureId,
                ErrorDetail(code: .unknownStack, message: "stack '\(pan.stackId)' does not exist"), now: now))
            return
        }
        advanceStack(pan.stackId, to: now, into: &outcome)
        let error: ErrorDetail?
        switch pan.phase {
        case .panBegan: error = panBegan(pan, now: now, into: &outcome)
        case .panChanged: error = panMoved(pan, releasing: false, now: now, into: &outcome)
        case .panEnded: error = panMoved(pan, releasing: true, now: now, into: &outcome)
        default: error = panCancelled(pan, now: now, into: &outcome)
        }
        if let error {
            outcome.rejections.append(rejection(stackId: pan.stackId, gestureId: pan.gestureId, error, now: now))
        }
    }

    private mutating func panBegan(_ pan: PanEvent, now: Int64, into outcome: inout Outcome) -> ErrorDetail? {
        guard let stack = stacks[pan.stackId] else { return nil }
        let refusal = refusalOfBegan(pan, stack: stack, now: now)
        if let refusal {
            gestures[pan.stackId, default: GestureSlot()].refuse(pan.gestureId)
            return refusal
        }
        let translation = pan.translation ?? Vec2()
        if let transition = stack.transition {
            // A catch: tracking resumes from where the settle has carried the screens, without a jump.
            let caught = TransitionInterrupted(transitionId: transition.id, progress: transition.fraction(at: now),
                                               gestureId: pan.gestureId)
            append(.interrupted(caught), stackId: pan.stackId, requestId: "", now: now, into: &outcome)
        } else {
            let began = beganEvent(for: pan, stack: stack)
            append(.began(began), stackId: pan.stackId, requestId: "", now: now, into: &outcome)
        }
        gestures[pan.stackId, default: GestureSlot()].tracker = GestureTracker(
            gestureId: pan.gestureId, timestampUs: pan.timestampUs, translation: translation)
        return nil
    }

    /// The transition a BEGAN starts: a tab swipe, else dismissing the top presented screen, else a pop.
    private func beganEvent(for pan: PanEvent, stack: StackModel) -> TransitionBegan {
        let id = stack.lastTransitionId + 1
        if pan.target == .panTargetTabs {
            let next = Int(stack.selectedTab) + (stack.towardBack(Self.direction(of: pan)) < 0 ? 1 : -1)
            return TransitionBegan(transitionId: id, operation: .selectTab, fromScreen: stack.topScreen,
                                   toScreen: stack.tabs[next], interactive: true, gestureId: pan.gestureId)
        }
        if !stack.presented.isEmpty {
            return TransitionBegan(transitionId: id, operation: .dismiss, fromScreen: stack.topScreen,
                                   toScreen: stack.screenBelowPresented, interactive: true, gestureId: pan.gestureId)
        }
        return TransitionBegan(transitionId: id, operation: .pop, fromScreen: stack.topScreen,
                               toScreen: stack.screens[stack.screens.count - 2], interactive: true,
                               gestureId: pan.gestureId)
    }

    /// Velocity when the producer gave one, else translation: the direction the finger is heading.
    static func direction(of pan: PanEvent) -> Vec2 {
        if let velocity = pan.velocity, velocity.x != 0 || velocity.y != 0 { return velocity }
        return pan.translation ?? Vec2()
    }

    /// Why a BEGAN may not start (or catch) a transition, or nil when it may.
    private func refusalOfBegan(_ pan: PanEvent, stack: StackModel, now: Int64) -> ErrorDetail? {
        let id = "stack '\(stack.id)'"
        if let transition = stack.transition {
            if case .tracking = transition.phase {
                return ErrorDetail(code: .transitionInProgress,
                                   message: "\(id): gesture \(transition.gestureId) is already tracking")
            }
            // A catch grabs whatever is settling; a tab swipe catches tab switches, a back swipe the rest.
            let sameKind = (transition.operation == .selectTab) == (pan.target == .panTargetTabs)
            if case .settling = transition.phase, stack.profile.catchesSettle, sameKind {
                // A catch skips the edge, exclusion and direction checks, not the moving screen's own opt-out.
                let moving = transition.isBackward ? transition.fromScreen : transition.toScreen
                if transition.operation != .selectTab && stack.options(of: moving).backGestureDisabled {
                    return rejected("screen '\(moving)' has back_gesture_disabled; its transition cannot be caught")
                }
                return nil
            }
            let why = stack.profile.catchesSettle
                ? "a \(pan.target == .panTargetTabs ? "tab" : "back") swipe cannot catch it"
                : "profile '\(stack.profile.name)' cannot catch it"
            return ErrorDetail(code: .transitionInProgress,
                               message: "\(id) is running transition \(transition.id) (\(transition.operation)); \(why)")
        }
        if pan.target == .panTargetTabs {
            return refusalOfTabSwipe(pan, stack: stack)
        }
        if stack.presented.isEmpty && (stack.isTabStack || stack.screens.count < 2) {
            return ErrorDetail(code: .nothingToPop, message: "\(id) is at its root '\(stack.topScreen)'; there is nothing to pop or dismiss")
        }
        let top = stack.topScreen
        let options = stack.options(of: top)
        if options.backGestureDisabled {
            return rejected("screen '\(top)' has back_gesture_disabled")
        }
        let startX = (pan.location?.x ?? 0) - (pan.translation?.x ?? 0)
        let startY = (pan.location?.y ?? 0) - (pan.translation?.y ?? 0)
        let edgeWidth = stack.profile.edgeWidth
        if edgeWidth > 0 {
            let fromLeadingEdge = stack.config.rightToLeft ? stack.width - startX : startX
            if fromLeadingEdge > edgeWidth {
                return rejected("edge_width: the swipe began \(fromLeadingEdge) pt from the leading edge; profile '\(stack.profile.name)' accepts at most \(edgeWidth) pt")
            }
        }
        for rect in options.exclusionRects
        where startX >= rect.x && startX < rect.x + rect.width && startY >= rect.y && startY < rect.y + rect.height {
            return rejected("exclusion_rects: the swipe began at (\(startX), \(startY)), inside an exclusion rect of screen '\(top)'")
        }
        if stack.profile.checksDirection {
            let direction = Self.direction(of: pan)
            let back = stack.towardBack(direction)
            if back <= 0 {
                return rejected("direction: the swipe heads away from back (\(direction.x), \(direction.y)); profile '\(stack.profile.name)' needs it to point back")
            }
            if abs(direction.y) > back {
                return rejected("direction: the swipe is more vertical than horizontal (\(direction.x), \(direction.y))")
            }
        }
        return nil
    }

    private func refusalOfTabSwipe(_ pan: PanEvent, stack: StackModel) -> ErrorDetail? {
        guard stack.isTabStack else {
            return Validation.invalid("stack '\(stack.id)' is a navigation stack; PAN_TARGET_TABS needs a tab stack")
        }
        if !stack.presented.isEmpty {
            return rejected("stack '\(stack.id)' has '\(stack.presented.last ?? "")' presented; tab swipes need it dismissed")
        }
        let direction = Self.direction(of: pan)
        let back = stack.towardBack(direction)
        if back == 0 { return rejected("direction: the tab swipe has no horizontal direction yet") }
        if stack.profile.checksDirection && abs(direction.y) > abs(back) {
            return rejected("direction: the tab swipe is more vertical than horizontal (\(direction.x), \(direction.y))")
        }
        let next = Int(stack.selectedTab) + (back < 0 ? 1 : -1)
        if next < 0 || next >= stack.tabs.count {
            return rejected("no tab \(back < 0 ? "after" : "before") '\(stack.topScreen)' to swipe to")
        }
        return nil
    }

    private func rejected(_ message: String) -> ErrorDetail {
        ErrorDetail(code: .gestureRejected, message: message)
    }

    /// CHANGED and ENDED: the tracking gesture moves (and, when releasing, is decided).
    private mutating func panMoved(_ pan: PanEvent, releasing: Bool, now: Int64, into outcome: inout Outcome)
        -> ErrorDetail?
    {
        var tracker: GestureTracker
        switch trackedGesture(pan) {
        case .ignored: return nil
        case .unknown(let error): return error
        case .tracking(let found): tracker = found
        }
        let translation = pan.translation ?? tracker.lastTranslation
        tracker.record(timestampUs: pan.timestampUs, translation: translation)
        let velocity = pan.velocity ?? tracker.estimatedVelocity()
        if !releasing || translation != tracker.lastTranslation {
            appendProgress(pan.stackId, translation: translation, velocity: velocity, now: now, into: &outcome)
            tracker.lastTranslation = translation
        }
        if releasing {
            gestures[pan.stackId]?.tracker = nil
            release(pan.stackId, velocity: velocity, now: now, into: &outcome)
        } else {
            gestures[pan.stackId]?.tracker = tracker
        }
        return nil
    }

    private mutating func panCancelled(_ pan: PanEvent, now: Int64, into outcome: inout Outcome) -> ErrorDetail? {
        switch trackedGesture(pan) {
        case .ignored: return nil
        case .unknown(let error): return error
        case .tracking:
            gestures[pan.stackId]?.tracker = nil
            guard let stack = stacks[pan.stackId] else { return nil }
            if stack.profile.decidesCancelledGesture {
                release(pan.stackId, velocity: Vec2(), now: now, into: &outcome)
            } else {
                cancelGesture(stackId: pan.stackId, reason: .gestureCancelled, now: now, into: &outcome)
            }
            return nil
        }
    }

    private enum TrackedGesture {
        case tracking(GestureTracker)
        /// Part of a gesture refused at BEGAN.
        case ignored
        case unknown(ErrorDetail)
    }

    /// The tracker a CHANGED, ENDED or CANCELLED belongs to, checked for producer time going back.
    private mutating func trackedGesture(_ pan: PanEvent) -> TrackedGesture {
        let slot = gestures[pan.stackId] ?? GestureSlot()
        guard let tracker = slot.tracker, tracker.gestureId == pan.gestureId else {
            if slot.refused.contains(pan.gestureId) {
                if pan.phase == .panEnded || pan.phase == .panCancelled {
                    gestures[pan.stackId]?.forgetRefused(pan.gestureId)
                }
                return .ignored
            }
            return .unknown(Validation.invalid("no gesture \(pan.gestureId) is tracking on stack '\(pan.stackId)'; a gesture starts with PAN_BEGAN"))
        }
        if pan.timestampUs < tracker.lastTimestampUs {
            return .unknown(Validation.invalid("timestamp_us \(pan.timestampUs) goes back from \(tracker.lastTimestampUs); producer time must not decrease within a gesture"))
        }
        return .tracking(tracker)
    }

    /// Appends `progressed` for the tracking transition and publishes its TRACKING frame.
    private mutating func appendProgress(_ stackId: String, translation: Vec2, velocity: Vec2, now: Int64,
                                         into outcome: inout Outcome)
    {
        guard let stack = stacks[stackId], let transition = stack.transition,
              case .tracking(let tracking) = transition.phase else { return }
        let progress = Self.decisionProgress(stack: stack, transition: transition, caughtFraction: tracking.caughtFraction,
                                             towardBack: stack.towardBack(translation))
        let progressed = TransitionProgressed(transitionId: transition.id, progress: progress,
                                              translation: translation, velocity: velocity)
        append(.progressed(progressed), stackId: stackId, requestId: "", now: now, into: &outcome)
        guard let updated = stacks[stackId]?.transition, case .tracking(let moved) = updated.phase else { return }
        publishFrame(stackId: stackId, fraction: moved.fraction, phase: .tracking, timeUs: clockUs, into: &outcome)
    }

    /// p = clamp((caught W + sign tx) / D, 0, 1).
    static func decisionProgress(stack: StackModel, transition: TransitionModel, caughtFraction: Double,
                                 towardBack: Double) -> Double
    {
        let distance = stack.profile.progressDistance(width: stack.width)
        return StackModel.clampUnit((caughtFraction * stack.width + transition.gestureSign * towardBack) / distance)
    }

    /// Decides a release by the profile's rule and starts the settle.
    private mutating func release(_ stackId: String, velocity: Vec2, now: Int64,
                                  into outcome: inout Outcome)
    {
        guard let stack = stacks[stackId], let transition = stack.transition,
              case .tracking(let tracking) = transition.phase else { return }
        let v = transition.gestureSign * stack.towardBack(velocity)
        let decision = ReleaseDecision.decide(profile: stack.profile, width: stack.width, progress: tracking.progress,
                                              velocity: v)
        let target: Double = decision.finish ? 1 : 0
        let settleUs = stack.profile.settleDurationUs(for: transition, from: tracking.fraction, target: target)
        let distance = stack.profile.progressDistance(width: stack.width)
        let reason = decision.reason
        if decision.finish {
            let finished = TransitionFinished(transitionId: transition.id, progress: tracking.progress,
                                              velocity: v / distance, reason: reason, settleUs: settleUs)
            append(.finished(finished), stackId: stackId, requestId: transition.requestId, now: now, into: &outcome)
        } else {
            let cancelled = TransitionCancelled(transitionId: transition.id, progress: tracking.progress,
                                                velocity: v / distance, reason: reason, settleUs: settleUs)
            append(.cancelled(cancelled), stackId: stackId, requestId: transition.requestId, now: now, into: &outcome)
        }
        advanceStack(stackId, to: now, into: &outcome)
    }

    /// Cancels a tracking gesture (producer cancel, timeout): it settles back from where the finger left it.
    mutating func cancelGesture(stackId: String, reason: Reason, now: Int64, into outcome: inout Outcome) {
        gestures[stackId]?.tracker = nil
        guard let stack = stacks[stackId], let transition = stack.transition,
              case .tracking(let tracking) = transition.phase else { return }
        let settleUs = stack.profile.settleDurationUs(for: transition, from: tracking.fraction, target: 0)
        let cancelled = TransitionCancelled(transitionId: transition.id, progress: tracking.progress, velocity: 0,
                                            reason: reason, settleUs: settleUs)
        append(.cancelled(cancelled), stackId: stackId, requestId: transition.requestId, now: now, into: &outcome)
        advanceStack(stackId, to: now, into: &outcome)
    }
}
