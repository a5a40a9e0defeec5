import SegueWire

extension EngineCore {
    /// Decides one pan event at `now`: appends the transition events it causes and its TRACKING frame, or adds
    /// a rejection. A gesture refused at BEGAN has the rest of its events ignored.
    public mutating func apply(_ pan: PanEvent, now: Int64, into outcome: inout Outcome) {
        do throws(CommandRefusal) {
            // The one look-up by id of this pan: everything after works on the stack's slot.
            let found = stacks.slot(of: pan.stackId)
            try CommandRefusal.check(Validation.checkPan(pan, knownStack: found != nil))
            guard let slot = found else {
                throw CommandRefusal(.unknownStack, "stack '\(pan.stackId)' does not exist")
            }
            advanceStack(slot: slot, to: now, into: &outcome)
            if pan.phase != .panBegan && stacks.gestures[slot].holds(pan.gestureId) {
                try moveHeldBackSwipe(pan, slot: slot, now: now, into: &outcome)
                return
            }
            switch pan.phase {
            case .panBegan: try panBegan(pan, slot: slot, now: now, into: &outcome)
            case .panChanged: try panMoved(pan, slot: slot, releasing: false, now: now, into: &outcome)
            case .panEnded: try panMoved(pan, slot: slot, releasing: true, now: now, into: &outcome)
            default: try panCancelled(pan, slot: slot, now: now, into: &outcome)
            }
        } catch {
            outcome.rejections.append(
                rejection(stackId: pan.stackId, gestureId: pan.gestureId, error.error, now: now))
        }
    }

    private mutating func panBegan(_ pan: PanEvent, slot: Int, now: Int64, into outcome: inout Outcome)
        throws(CommandRefusal)
    {
        let stack = stacks.models[slot]
        do throws(CommandRefusal) {
            if try holdBehindRunningTransition(pan, slot: slot) { return }
            try checkBegan(pan, stack: stack, slot: slot)
        } catch {
            // The rest of a refused gesture is ignored rather than refused again.
            stacks.gestures[slot].refuse(pan.gestureId)
            throw error
        }
        // A swipe held past the settle it waited for, still down, gives way to the new one.
        if let held = stacks.gestures[slot].held {
            stacks.gestures[slot].held = nil
            stacks.gestures[slot].refuse(held.gestureId)
        }
        let translation = pan.translation ?? Vec2()
        if let transition = stack.transition {
            // A catch: tracking resumes from where the settle has carried the screens, without a jump.
            let caught = TransitionInterrupted(
                transitionId: transition.id, progress: transition.fraction(at: now),
                gestureId: pan.gestureId)
            append(
                .interrupted(caught), slot: slot, requestId: "", producerTimeUs: pan.timestampUs, now: now,
                into: &outcome)
        } else {
            let began = beganEvent(for: pan, stack: stack)
            append(
                .began(began), slot: slot, requestId: "", producerTimeUs: pan.timestampUs, now: now,
                into: &outcome)
        }
        stacks.gestures[slot].tracker = GestureTracker(
            gestureId: pan.gestureId, timestampUs: pan.timestampUs, translation: translation)
        if case .uikitPop = stack.profile.finishRule {
            stacks.gestures[slot].tracker?.uikit = UIKitPopStatistics(
                first: stacks.models[slot].uikitSample(
                    timestampUs: pan.timestampUs, translation: translation, velocity: pan.velocity))
        }
        if let parameters = stack.profile.predictiveBack, let edge = stacks.models[slot].transition?.swipeEdge {
            var gesture = PredictiveBackGesture(
                parameters, edge: edge, location: pan.location ?? Vec2(), translation: translation)
            // BEGAN's own sample is the first move the arrow sees; progress counts from it.
            _ = gesture.move(
                translation: translation, timeUs: pan.timestampUs, velocityX: pan.velocity?.x ?? 0,
                width: stack.width)
            stacks.gestures[slot].tracker?.predictiveBack = gesture
        }
    }

    /// The transition a BEGAN starts: a tab swipe, else dismissing the top presented screen (popping it when it
    /// was pushed as a page), else a pop.
    private func beganEvent(for pan: PanEvent, stack: StackModel) -> TransitionBegan {
        let id = stack.lastTransitionId + 1
        if pan.target == .panTargetTabs {
            let next = Int(stack.selectedTab) + (stack.towardBack(Self.direction(of: pan)) < 0 ? 1 : -1)
            return TransitionBegan(
                transitionId: id, operation: .selectTab, fromScreen: stack.topScreen,
                toScreen: stack.tabs[next], interactive: true, gestureId: pan.gestureId)
        }
        var began =
            stack.presented.isEmpty
            ? TransitionBegan(
                transitionId: id, operation: .pop, fromScreen: stack.topScreen,
                toScreen: stack.screens[stack.screens.count - 2], interactive: true, gestureId: pan.gestureId)
            : TransitionBegan(
                transitionId: id, operation: stack.topIsPresentedPage ? .pop : .dismiss, fromScreen: stack.topScreen,
                toScreen: stack.screenBelowPresented, interactive: true, gestureId: pan.gestureId)
        if stack.profile.predictiveBack != nil {
            // checkBegan refused a swipe at neither edge. Android's screens follow the finger from where the
            // animation starts: BEGAN's place.
            began.swipeEdge = Self.swipeEdge(of: pan, stack: stack) ?? .swipeEdgeLeft
            began.startTranslation = pan.translation ?? Vec2()
        }
        return began
    }

    /// Where a swipe touched down: BEGAN's location less its translation.
    static func touchDown(of pan: PanEvent) -> Vec2 {
        Vec2(
            x: (pan.location?.x ?? 0) - (pan.translation?.x ?? 0), y: (pan.location?.y ?? 0) - (pan.translation?.y ?? 0)
        )
    }

    /// The edge an Android back swipe began at (`EdgeBackGestureHandler`): within the edge width, widened by the
    /// safe area's inset on that side, of the left edge, else of the right one; nil when neither.
    static func swipeEdge(of pan: PanEvent, stack: StackModel) -> SwipeEdge? {
        let edgeWidth = stack.edgeWidth
        let x = touchDown(of: pan).x
        let leftZoneEnd = edgeWidth + (stack.config.safeArea?.left ?? 0)
        let rightZoneStart = stack.width - edgeWidth - (stack.config.safeArea?.right ?? 0)
        guard x < leftZoneEnd || x >= rightZoneStart else { return nil }
        // mIsOnLeftEdge includes the left zone's end, which a container narrower than both zones also accepts.
        return x <= leftZoneEnd ? .swipeEdgeLeft : .swipeEdgeRight
    }

    /// Velocity when the producer gave one, else translation: the direction the finger is heading.
    static func direction(of pan: PanEvent) -> Vec2 {
        if let velocity = pan.velocity, velocity.x != 0 || velocity.y != 0 { return velocity }
        return pan.translation ?? Vec2()
    }

    /// Throws why a BEGAN may not start (or catch) a transition.
    private func checkBegan(_ pan: PanEvent, stack: StackModel, slot: Int) throws(CommandRefusal) {
        let id = "stack '\(stack.id)'"
        if let transition = stack.transition {
            if case .tracking = transition.phase {
                if stacks.gestures[slot].tracker == nil {
                    throw CommandRefusal(
                        .transitionInProgress,

                        "\(id): gesture \(transition.gestureId) was released away from back, which profile '\(stack.profile.name)' leaves undecided; the gesture timeout cancels it"
                    )
                }
                throw CommandRefusal(
                    .transitionInProgress,
                    "\(id): gesture \(transition.gestureId) is already tracking")
            }
            // A catch grabs whatever is settling; a tab swipe catches tab switches, a back swipe the rest.
            let sameKind = (transition.operation == .selectTab) == (pan.target == .panTargetTabs)
            if case .settling = transition.phase, stack.profile.catchesSettle, sameKind {
                // A catch skips the edge, exclusion and direction checks, not the moving screen's own opt-out.
                let moving = transition.isBackward ? transition.fromScreen : transition.toScreen
                if transition.operation != .selectTab && stack.options(of: moving).backGestureDisabled {
                    throw rejected("screen '\(moving)' has back_gesture_disabled; its transition cannot be caught")
                }
                return
            }
            let why =
                stack.profile.catchesSettle
                ? "a \(pan.target == .panTargetTabs ? "tab" : "back") swipe cannot catch it"
                : "profile '\(stack.profile.name)' cannot catch it"
            throw CommandRefusal(
                .transitionInProgress,
                "\(id) is running transition \(transition.id) (\(transition.operation)); \(why)")
        }
        if pan.target == .panTargetTabs {
            try checkTabSwipe(pan, stack: stack)
            return
        }
        if stack.presented.isEmpty && (stack.isTabStack || stack.screens.count < 2) {
            throw CommandRefusal(
                .nothingToPop,
                "\(id) is at its root '\(stack.topScreen)'; there is nothing to pop or dismiss")
        }
        let top = stack.topScreen
        let options = stack.options(of: top)
        if options.backGestureDisabled {
            throw rejected("screen '\(top)' has back_gesture_disabled")
        }
        let profile = stack.profile
        if !stack.presented.isEmpty && !stack.topIsPresentedPage && !profile.swipesDismiss {
            throw rejected(
                "'\(top)' is presented as a fullscreen dialog, which profile '\(profile.name)' gives no back swipe")
        }
        let start = Self.touchDown(of: pan)
        let edgeWidth = stack.edgeWidth
        if let predictiveBack = profile.predictiveBack {
            try checkPredictiveBackStart(pan, stack: stack, parameters: predictiveBack)
        } else if edgeWidth > 0 {
            let fromLeadingEdge = stack.config.rightToLeft ? stack.width - start.x : start.x
            if fromLeadingEdge > edgeWidth {
                throw rejected(
                    "edge_width: the swipe began \(fromLeadingEdge) pt from the leading edge; profile '\(profile.name)' accepts at most \(edgeWidth) pt"
                )
            }
        }
        try Self.checkExclusionRects(of: options, screen: top, touchDown: start)
        if stack.ignoresSample(at: pan.translation) {
            throw rejected(
                "direction: the swipe began away from back (translation x \(pan.translation?.x ?? 0)); profile '\(profile.name)' ignores a negative percent"
            )
        }
        if profile.predictiveBack != nil { return }
        let direction = Self.direction(of: pan)
        switch profile.beganRule {
        case .any:
            break
        case .pointsBack:
            let back = stack.towardBack(direction)
            if back <= 0 {
                throw rejected(
                    "direction: the swipe heads away from back (\(direction.x), \(direction.y)); profile '\(profile.name)' needs it to point back"
                )
            }
            if abs(direction.y) > back {
                throw rejected(
                    "direction: the swipe is more vertical than horizontal (\(direction.x), \(direction.y))")
            }
        case .movesHorizontally:
            // The article reads the recognizer's velocity: one that was sent counts, zero or not.
            if (pan.velocity ?? direction).x == 0 {
                throw rejected(
                    "direction: the swipe has no horizontal velocity (\(direction.x), \(direction.y)); profile '\(profile.name)' needs velocity x other than 0"
                )
            }
        }
    }

    /// Throws when a swipe touched down inside one of the screen's exclusion rects.
    static func checkExclusionRects(of options: ScreenOptions, screen: String, touchDown: Vec2) throws(CommandRefusal) {
        let (x, y) = (touchDown.x, touchDown.y)
        for rect in options.exclusionRects
        where x >= rect.x && x < rect.x + rect.width && y >= rect.y && y < rect.y + rect.height {
            throw CommandRefusal(
                .gestureRejected,
                "exclusion_rects: the swipe began at (\(x), \(y)), inside an exclusion rect of screen '\(screen)'")
        }
    }

    /// Throws why a BEGAN may not start an Android back swipe: away from both edges, or heading more vertically
    /// than horizontally past the touch slop (`EdgeBackGestureHandler` cancels those before they start).
    func checkPredictiveBackStart(
        _ pan: PanEvent, stack: StackModel, parameters: Profile.PredictiveBack
    ) throws(CommandRefusal) {
        guard Self.swipeEdge(of: pan, stack: stack) != nil else {
            let x = Self.touchDown(of: pan).x
            throw rejected(
                "edge_width: the swipe began at x \(x), more than \(stack.edgeWidth) pt from both edges; profile '\(stack.profile.name)' accepts either edge"
            )
        }
        let dx = abs(pan.translation?.x ?? 0)
        let dy = abs(pan.translation?.y ?? 0)
        if dy > dx && dy > parameters.gestureSlop {
            throw rejected(
                "direction: the swipe moved \(dy) pt vertically and \(dx) pt horizontally; profile '\(stack.profile.name)' cancels a back swipe that is more vertical past \(parameters.gestureSlop) pt"
            )
        }
    }

    /// Throws why a tab swipe's BEGAN may not switch tabs.
    private func checkTabSwipe(_ pan: PanEvent, stack: StackModel) throws(CommandRefusal) {
        guard stack.isTabStack else {
            throw .invalid(
                "stack '\(stack.id)' is a navigation stack; a swipe between tabs (PAN_TARGET_TABS) needs a tab stack, one created with tabs"
            )
        }
        if stack.profile.predictiveBack != nil {
            throw rejected("profile '\(stack.profile.name)' has no tab swipe: Android's back gesture only goes back")
        }
        if !stack.presented.isEmpty {
            throw rejected(
                "stack '\(stack.id)' has '\(stack.presented.last ?? "")' presented; tab swipes need it dismissed")
        }
        let direction = Self.direction(of: pan)
        let back = stack.towardBack(direction)
        if back == 0 { throw rejected("direction: the tab swipe has no horizontal direction yet") }
        if stack.profile.beganRule == .pointsBack && abs(direction.y) > abs(back) {
            throw rejected(
                "direction: the tab swipe is more vertical than horizontal (\(direction.x), \(direction.y))")
        }
        let next = Int(stack.selectedTab) + (back < 0 ? 1 : -1)
        if next < 0 || next >= stack.tabs.count {
            throw rejected("no tab \(back < 0 ? "after" : "before") '\(stack.topScreen)' to swipe to")
        }
    }

    private func rejected(_ message: String) -> CommandRefusal {
        CommandRefusal(.gestureRejected, message)
    }

    /// CHANGED and ENDED: the tracking gesture moves (and, when releasing, is decided).
    ///
    /// The tracker is changed where it lives (`stacks.gestures[slot]`), never copied out and back: a copy would
    /// share its samples' storage and make each recorded sample copy the whole window.
    private mutating func panMoved(
        _ pan: PanEvent, slot: Int, releasing: Bool, now: Int64,
        into outcome: inout Outcome
    ) throws(CommandRefusal) {
        guard try trackedGesture(pan, slot: slot) == .tracking else { return }
        let lastTranslation = stacks.gestures[slot].lastTranslation
        let translation = pan.translation ?? lastTranslation
        if !releasing, stacks.gestures[slot].tracker?.predictiveBack?.strays(translation: translation) == true {
            // EdgeBackGestureHandler cancels a swipe that turns vertical before crossing the slop; the rest of
            // the gesture goes nowhere.
            stacks.gestures[slot].refuse(pan.gestureId)
            cancelGesture(
                slot: slot, reason: .movedVertically, producerTimeUs: pan.timestampUs, now: now, into: &outcome)
            return
        }
        if stacks.models[slot].ignoresSample(at: translation) {
            // The handler returns before anything: the screens stay, and a release decides nothing.
            stacks.gestures[slot].tracker?.lastTimestampUs = pan.timestampUs
            if releasing { stacks.gestures[slot].tracker = nil }
            return
        }
        let estimate = stacks.gestures[slot].record(
            timestampUs: pan.timestampUs, translation: translation, estimating: pan.velocity == nil)
        let velocity = pan.velocity ?? estimate.velocity ?? Vec2()
        if estimate.keepsUIKitStatistics {
            let sample = stacks.models[slot].uikitSample(
                timestampUs: pan.timestampUs, translation: translation,
                velocity: velocity)
            stacks.gestures[slot].tracker?.uikit?.record(sample)
        }
        if !releasing || (stacks.models[slot].profile.releaseMovesScreens && translation != lastTranslation) {
            appendProgress(
                slot: slot, translation: translation, velocity: velocity, producerTimeUs: pan.timestampUs, now: now,
                into: &outcome)
            stacks.gestures[slot].tracker?.lastTranslation = translation
        }
        if !releasing {
            stacks.gestures[slot].tracker?.moved = true
        } else {
            release(
                slot: slot, translation: translation, velocity: velocity, producerTimeUs: pan.timestampUs, now: now,
                into: &outcome)
        }
    }

    private mutating func panCancelled(_ pan: PanEvent, slot: Int, now: Int64, into outcome: inout Outcome)
        throws(CommandRefusal)
    {
        guard try trackedGesture(pan, slot: slot) == .tracking else { return }
        guard stacks.models[slot].profile.decidesCancelledGesture else {
            cancelGesture(
                slot: slot, reason: .gestureCancelled, producerTimeUs: pan.timestampUs, now: now, into: &outcome)
            return
        }
        let translation = pan.translation ?? stacks.gestures[slot].lastTranslation
        if stacks.models[slot].ignoresSample(at: translation) {
            stacks.gestures[slot].tracker = nil
            return
        }
        release(
            slot: slot, translation: translation, velocity: Vec2(), producerTimeUs: pan.timestampUs, now: now,
            into: &outcome)
    }

    private enum TrackedGesture {
        /// The pan belongs to the stack's tracking gesture.
        case tracking
        /// Part of a gesture refused at BEGAN.
        case ignored
    }

    /// Whether a CHANGED, ENDED or CANCELLED belongs to the tracking gesture.
    /// - Throws: for a gesture that is neither tracking nor refused, or producer time going back.
    private mutating func trackedGesture(_ pan: PanEvent, slot: Int) throws(CommandRefusal) -> TrackedGesture {
        // One call on the slot where it lives: reading its fields one by one copied the whole slot for each.
        guard let lastTimestampUs = stacks.gestures[slot].lastTimestamp(ofTracking: pan.gestureId) else {
            if stacks.gestures[slot].refused.contains(pan.gestureId) {
                if pan.phase == .panEnded || pan.phase == .panCancelled {
                    stacks.gestures[slot].forgetRefused(pan.gestureId)
                }
                return .ignored
            }
            throw .invalid(
                "no gesture \(pan.gestureId) is tracking on stack '\(pan.stackId)'; a gesture starts with PAN_BEGAN")
        }
        if pan.timestampUs < lastTimestampUs {
            throw .invalid(
                "timestamp_us \(pan.timestampUs) goes back from \(lastTimestampUs); producer time must not decrease within a gesture"
            )
        }
        return .tracking
    }

    /// Appends `progressed` for the tracking transition and publishes its TRACKING frame.
    private mutating func appendProgress(
        slot: Int, translation: Vec2, velocity: Vec2, producerTimeUs: Int64, now: Int64,
        into outcome: inout Outcome
    ) {
        guard var progressed = stacks.models[slot].progressed(translation: translation, velocity: velocity) else {
            return
        }
        // Android's progress comes from its own tracker, which only its gestures have: the profile is not read
        // for every pan.
        if stacks.gestures[slot].isPredictiveBack {
            let width = stacks.models[slot].width
            progressed.progress =
                stacks.gestures[slot].tracker?.predictiveBack?.move(
                    translation: translation, timeUs: producerTimeUs, velocityX: velocity.x, width: width) ?? 0
        }
        append(
            .progressed(progressed), slot: slot, requestId: "", producerTimeUs: producerTimeUs, now: now,
            into: &outcome)
        stacks.models[slot].publishTrackingFrame(timeUs: clockUs, into: &outcome)
    }

    /// Decides a release by the profile's rule and starts the settle; ends the gesture.
    /// - Parameters:
    ///   - translation: the releasing sample's, for profiles that decide from it.
    ///   - producerTimeUs: the releasing pan's timestamp.
    private mutating func release(
        slot: Int, translation: Vec2, velocity: Vec2, producerTimeUs: Int64, now: Int64,
        into outcome: inout Outcome
    ) {
        let tracker = stacks.gestures[slot].tracker
        stacks.gestures[slot].tracker = nil
        let stack = stacks.models[slot]
        let profile = stack.profile
        guard let transition = stack.transition, case .tracking(let tracking) = transition.phase else { return }
        let v = transition.gestureSign * stack.towardBack(velocity, of: transition)
        let progress: Double
        switch profile.decisionSample {
        case .lastChanged:
            progress = tracking.progress
        case .release:
            progress = stack.decisionProgress(
                caughtFraction: tracking.caughtFraction,
                gestureSign: transition.gestureSign,
                towardBack: stack.towardBack(translation))
        }
        var decision = ReleaseDecision.decide(
            profile: profile, width: stack.width, progress: progress, velocity: v,
            statistics: tracker?.moved == true ? tracker?.uikit : nil)
        if let gesture = tracker?.predictiveBack {
            let (finish, reason) = gesture.release(
                translation: translation, timeUs: producerTimeUs, velocityX: velocity.x)
            decision = ReleaseDecision(finish: finish, reason: reason, velocity: v)
        }
        let target: Double = decision.finish ? 1 : 0
        let settleVelocity = decision.velocity / profile.progressDistance(width: stack.width)
        let settleUs = profile.settleDurationUs(
            for: transition, from: tracking.fraction, target: target,
            velocity: settleVelocity, width: stack.width, startUs: max(clockUs, now), fps: stack.fps)
        if decision.finish {
            let finished = TransitionFinished(
                transitionId: transition.id, progress: progress,
                velocity: settleVelocity, reason: decision.reason, settleUs: settleUs)
            append(
                .finished(finished), slot: slot, requestId: transition.requestId, producerTimeUs: producerTimeUs,
                now: now, into: &outcome)
        } else {
            let cancelled = TransitionCancelled(
                transitionId: transition.id, progress: progress,
                velocity: settleVelocity, reason: decision.reason, settleUs: settleUs)
            append(
                .cancelled(cancelled), slot: slot, requestId: transition.requestId, producerTimeUs: producerTimeUs,
                now: now, into: &outcome)
        }
        advanceStack(slot: slot, to: now, into: &outcome)
    }

    /// Cancels a tracking gesture (producer cancel, timeout, a command): it settles back from where the finger
    /// left it.
    /// - Parameters:
    ///   - producerTimeUs: the cancelling pan's timestamp; nil when the engine's clock cancels.
    ///   - requestId: the cancelling command's, which then decides how the transition ends; nil: the transition's.
    mutating func cancelGesture(
        slot: Int, reason: Reason, producerTimeUs: Int64? = nil, requestId: String? = nil, now: Int64,
        into outcome: inout Outcome
    ) {
        stacks.gestures[slot].tracker = nil
        let stack = stacks.models[slot]
        guard let transition = stack.transition, case .tracking(let tracking) = transition.phase else { return }
        let settleUs = stack.profile.settleDurationUs(
            for: transition, from: tracking.fraction, target: 0,
            width: stack.width, startUs: max(clockUs, now), fps: stack.fps)
        let cancelled = TransitionCancelled(
            transitionId: transition.id, progress: tracking.progress, velocity: 0,
            reason: reason, settleUs: settleUs)
        append(
            .cancelled(cancelled), slot: slot, requestId: requestId ?? transition.requestId,
            producerTimeUs: producerTimeUs, now: now, into: &outcome)
        advanceStack(slot: slot, to: now, into: &outcome)
    }
}
