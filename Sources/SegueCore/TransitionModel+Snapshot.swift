import SegueWire

extension TransitionModel {
    /// This transition as a snapshot records it: everything its events folded, and the frames they imply (not
    /// those of a settle in progress, which only the live engine draws).
    func snapshot() -> TransitionSnapshot {
        let recordedPhase: TransitionSnapshot.Phase
        switch phase {
        case .animating:
            recordedPhase = .animating(AnimatingSnapshot())
        case .tracking(let tracking):
            recordedPhase = .tracking(
                TrackingSnapshot(
                    caughtFraction: tracking.caughtFraction, fraction: tracking.fraction, progress: tracking.progress,
                    translation: tracking.translation, lastSampleUs: tracking.lastSampleUs,
                    spring: tracking.spring.map(ProgressSpringState.init)))
        case .settling(let settling):
            let curve: SettlingSnapshot.Curve
            switch settling.curve {
            case .bezier(let bezier):
                curve = .bezier(BezierCurve(bezier))
            case .spring(let dampingRatio, let initialVelocity):
                curve = .spring(SpringCurve(dampingRatio: dampingRatio, initialVelocity: initialVelocity))
            case .timeline(let view, let completion):
                curve = .timeline(TimelineCurve(view: BezierCurve(view), completion: BezierCurve(completion)))
            case .restingSpring(let response, let dampingRatio, let initialVelocity):
                curve = .restingSpring(
                    RestingSpringCurve(
                        response: response, dampingRatio: dampingRatio,
                        initialVelocity: initialVelocity))
            case .accelerateDecelerate:
                curve = .accelerateDecelerate(CosineCurve())
            case .progressSpring(let spring, let fps):
                curve = .progressSpring(ProgressSpringCurve(spring: ProgressSpringState(spring), fps: fps))
            }
            recordedPhase = .settling(
                SettlingSnapshot(
                    startUs: settling.startUs, durationUs: settling.durationUs, fromFraction: settling.fromFraction,
                    targetFraction: settling.targetFraction, curve: curve))
        }
        var implied = frameSequence
        if case .settling(let settling) = phase { implied -= UInt64(settling.framesPublished) }
        return TransitionSnapshot(
            transitionId: id, operation: operation, fromScreen: fromScreen, toScreen: toScreen,
            interactive: interactive, gestureId: gestureId, requestId: requestId, gestureSign: gestureSign,
            towardHigherIndex: towardHigherIndex, phase: recordedPhase, frameSequence: implied, caught: caught,
            swipeEdge: swipeEdge, verticalTranslation: verticalTranslation, startTranslationY: startTranslationY)
    }

    /// The transition a snapshot at `position` records, with the frames its events imply, as a restore from the
    /// log leaves them.
    /// - Throws: `EngineCore.RestoreError` at `position` when the phase or the settle curve is missing.
    init(snapshot: TransitionSnapshot, at position: UInt64) throws(EngineCore.RestoreError) {
        func problem(_ message: String) -> EngineCore.RestoreError {
            EngineCore.RestoreError(
                position: position,
                message: "snapshot of transition \(snapshot.transitionId): \(message)")
        }
        // A spring that is not finite never comes to rest: no engine wrote one.
        func finite(_ state: ProgressSpringState?) throws(EngineCore.RestoreError) -> ProgressSpringState? {
            guard let state else { return nil }
            let values = [state.position, state.velocity, state.finalPosition, state.pendingPosition ?? 0]
            guard values.allSatisfy({ $0.isFinite && abs($0) <= Double(Float.greatestFiniteMagnitude) }) else {
                throw problem("its progress spring is not finite")
            }
            return state
        }
        let restoredPhase: Phase
        switch snapshot.phase {
        case .animating:
            restoredPhase = .animating
        case .tracking(let tracking):
            restoredPhase = .tracking(
                Tracking(
                    caughtFraction: tracking.caughtFraction, fraction: tracking.fraction, progress: tracking.progress,
                    translation: tracking.translation, lastSampleUs: tracking.lastSampleUs,
                    spring: try finite(tracking.spring).map(BackProgressSpring.init)))
        case .settling(let settling):
            let curve: SettleCurve
            switch settling.curve {
            case .bezier(let bezier): curve = .bezier(CubicBezier(bezier))
            case .spring(let spring):
                curve = .spring(dampingRatio: spring.dampingRatio, initialVelocity: spring.initialVelocity)
            case .timeline(let timeline):
                curve = .timeline(
                    view: CubicBezier(timeline.view ?? BezierCurve()),
                    completion: CubicBezier(timeline.completion ?? BezierCurve()))
            case .restingSpring(let spring):
                curve = .restingSpring(
                    response: spring.response, dampingRatio: spring.dampingRatio,
                    initialVelocity: spring.initialVelocity)
            case .accelerateDecelerate:
                curve = .accelerateDecelerate
            case .progressSpring(let spring):
                guard (1...240).contains(spring.fps) else { throw problem("its progress spring has fps \(spring.fps)") }
                let state = try finite(spring.spring) ?? ProgressSpringState()
                curve = .progressSpring(BackProgressSpring(state), fps: spring.fps)
            case nil: throw problem("its settle has no curve")
            }
            guard settling.durationUs >= 0 else { throw problem("settle duration \(settling.durationUs) us") }
            restoredPhase = .settling(
                Settling(
                    startUs: settling.startUs, durationUs: settling.durationUs, fromFraction: settling.fromFraction,
                    targetFraction: settling.targetFraction, curve: curve, framesPublished: 0))
        case nil:
            throw problem("it has no phase")
        }
        // A transition draws 240 frames a second at most: anything near the counter's end is not from segued.
        guard snapshot.frameSequence < 1 << 48 else { throw problem("frame sequence \(snapshot.frameSequence)") }
        guard snapshot.gestureSign == 1 || snapshot.gestureSign == -1 else {
            throw problem("gesture sign \(snapshot.gestureSign); it is +1 or -1")
        }
        self.init(
            id: snapshot.transitionId, operation: snapshot.operation, fromScreen: snapshot.fromScreen,
            toScreen: snapshot.toScreen, interactive: snapshot.interactive, gestureId: snapshot.gestureId,
            requestId: snapshot.requestId, gestureSign: snapshot.gestureSign,
            towardHigherIndex: snapshot.towardHigherIndex, phase: restoredPhase, frameSequence: snapshot.frameSequence)
        caught = snapshot.caught
        swipeEdge = snapshot.swipeEdge
        // An initializer does not run the property's observer.
        edgeSign = Self.edgeSign(of: swipeEdge)
        verticalTranslation = snapshot.verticalTranslation
        startTranslationY = snapshot.startTranslationY
    }
}

extension ProgressSpringState {
    init(_ spring: BackProgressSpring) {
        self.init(
            position: Double(spring.value), velocity: Double(spring.velocity),
            finalPosition: Double(spring.finalPosition),
            pendingPosition: spring.pendingPosition.map(Double.init), running: spring.isRunning,
            endRequested: spring.isEndRequested, lastFrameMs: spring.lastFrameMs)
    }
}

extension BackProgressSpring {
    /// The spring a snapshot recorded (its values were floats, so converting back is exact).
    init(_ state: ProgressSpringState) {
        self.init(
            value: Float(state.position), velocity: Float(state.velocity), finalPosition: Float(state.finalPosition),
            pendingPosition: state.pendingPosition.map { Float($0) }, isRunning: state.running,
            isEndRequested: state.endRequested, lastFrameMs: state.lastFrameMs)
    }
}

extension BezierCurve {
    init(_ bezier: CubicBezier) {
        self.init(
            x1: bezier.x1, y1: bezier.y1, x2: bezier.x2, y2: bezier.y2, solvedAsFlutter: bezier.solver == .flutter)
    }
}

extension CubicBezier {
    init(_ curve: BezierCurve) {
        self.init(curve.x1, curve.y1, curve.x2, curve.y2, solver: curve.solvedAsFlutter ? .flutter : .exact)
    }
}
