import SegueWire
import Testing

@testable import SegueCore

/// Random interleavings of gestures, commands and clock steps on several stacks (seeded, so reproducible),
/// checked against the invariants of the log and the frames.
@Suite("properties")
struct PropertyTests {
    /// Today's profiles, and those of revision 0 that old logs still hold.
    static let profiles =
        (ProfileCatalog.names + ["classic"]).map { ($0, ProfileCatalog.newestRevision) }
        + ProfileRevision0.names.map { ($0, UInt32(0)) }
    static let stackIds = ["s0", "s1", "s2"]

    /// A finger on a stack: its id, where it started and its current translation.
    struct Finger {
        var id: UInt64
        var start: Vec2
        var translation: Vec2
        var target: PanTarget
    }

    /// Drives one random session of `steps` actions.
    static func session(seed: UInt64, steps: Int) -> CoreHarness {
        var rng = SplitMix64(seed: seed)
        var h = CoreHarness()
        var fingers: [String: Finger] = [:]
        var screenCounter = 0

        func createStack(_ id: String, _ h: inout CoreHarness, _ rng: inout SplitMix64) {
            let (profile, revision) = profiles.randomElement(using: &rng)!
            let width = [320.0, 375, 400, 768].randomElement(using: &rng)!
            let fps = [UInt32(0), 30, 60, 120, 7].randomElement(using: &rng)!
            let rightToLeft = Int.random(in: 0..<4, using: &rng) == 0
            if Bool.random(using: &rng) {
                let count = Int.random(in: 1...4, using: &rng)
                h.create(
                    id, screens: (0..<count).map { "\(id)-n\($0)" }, width: width, profile: profile,
                    revision: revision, rightToLeft: rightToLeft, fps: fps)
            } else {
                let count = Int.random(in: 2...4, using: &rng)
                h.create(
                    id, screens: [], tabs: (0..<count).map { "\(id)-t\($0)" },
                    selectedTab: UInt32.random(in: 0..<UInt32(count), using: &rng), width: width,
                    profile: profile, revision: revision, rightToLeft: rightToLeft, fps: fps)
            }
        }

        for id in stackIds { createStack(id, &h, &rng) }

        for _ in 0..<steps {
            let action = Int.random(in: 0..<100, using: &rng)
            // Moves and lifts go to a stack with a finger down, when there is one.
            let withFinger = (20..<65).contains(action) ? fingers.keys.sorted().randomElement(using: &rng) : nil
            let stackId = withFinger ?? stackIds.randomElement(using: &rng)!
            let width = h.stack(stackId)?.width ?? 400
            let rightToLeft = h.stack(stackId)?.config.rightToLeft ?? false
            let back: Double = rightToLeft ? -1 : 1
            switch action {
            case 0..<20:
                // A new finger (possibly while another is down: refused).
                let id = h.newGesture()
                let isTabs = h.stack(stackId)?.isTabStack == true && Bool.random(using: &rng)
                let startX =
                    rightToLeft
                    ? width - Double.random(in: 0...40, using: &rng)
                    : Double.random(in: 0...40, using: &rng)
                let start = Vec2(x: startX, y: Double.random(in: 0...800, using: &rng))
                let headingX =
                    (Int.random(in: 0..<6, using: &rng) == 0 ? -1 : 1) * back
                    * Double.random(in: 0...800, using: &rng)
                let heading = Vec2(x: headingX, y: Double.random(in: -200...200, using: &rng))
                let target: PanTarget = isTabs ? .panTargetTabs : .panTargetBack
                h.pan(
                    .panBegan, gesture: id, stack: stackId, translation: Vec2(), location: start,
                    velocity: Bool.random(using: &rng) ? heading : nil, target: target)
                let refused = !h.last.rejections.isEmpty
                if !refused || Int.random(in: 0..<4, using: &rng) == 0,
                    fingers[stackId] == nil || Bool.random(using: &rng)
                {
                    fingers[stackId] = Finger(id: id, start: start, translation: Vec2(), target: target)
                }
            case 20..<55:
                // The finger moves.
                guard var finger = fingers[stackId] else { continue }
                h.advance(ms: Int64.random(in: 1...40, using: &rng))
                finger.translation.x +=
                    Double.random(in: -0.15...0.35, using: &rng) * width
                    * (finger.target == .panTargetTabs && Bool.random(using: &rng) ? -back : back)
                finger.translation.y += Double.random(in: -10...10, using: &rng)
                let velocity =
                    Bool.random(using: &rng)
                    ? Vec2(x: Double.random(in: -3000...3000, using: &rng), y: 0) : nil
                h.pan(
                    .panChanged, gesture: finger.id, stack: stackId, translation: finger.translation,
                    location: Vec2(
                        x: finger.start.x + finger.translation.x,
                        y: finger.start.y + finger.translation.y),
                    velocity: velocity, target: finger.target)
                fingers[stackId] = finger
            case 55..<65:
                // The finger lifts, or the system cancels it.
                guard let finger = fingers[stackId] else { continue }
                h.advance(ms: Int64.random(in: 1...30, using: &rng))
                let phase: PanPhase = Int.random(in: 0..<5, using: &rng) == 0 ? .panCancelled : .panEnded
                let velocity =
                    Bool.random(using: &rng)
                    ? Vec2(x: Double.random(in: -2500...2500, using: &rng), y: 0) : nil
                h.pan(
                    phase, gesture: finger.id, stack: stackId, translation: finger.translation, velocity: velocity,
                    target: finger.target)
                fingers[stackId] = nil
            case 65..<82:
                // A command, animated or immediate.
                let immediate = Int.random(in: 0..<3, using: &rng) == 0
                screenCounter += 1
                let screen = "x\(screenCounter)"
                let op: Command.Op
                switch Int.random(in: 0..<10, using: &rng) {
                case 0, 1, 2, 3: op = .push(Push(screen: screen, immediate: immediate))
                case 4: op = .pop(Pop(immediate: immediate))
                case 5: op = .popToRoot(PopToRoot(immediate: immediate))
                case 6: op = .present(Present(screen: screen, immediate: immediate))
                case 7: op = .dismiss(Dismiss(immediate: immediate))
                case 8: op = .selectTab(SelectTab(index: UInt32.random(in: 0..<4, using: &rng), immediate: immediate))
                default:
                    let options = ScreenOptions(backGestureDisabled: Int.random(in: 0..<4, using: &rng) == 0)
                    op = .setScreenOptions(
                        SetScreenOptions(
                            screen: h.stack(stackId)?.topScreen ?? "x",
                            options: options))
                }
                h.command(
                    op, stack: stackId, requestId: "r\(screenCounter)",
                    expectedVersion: Int.random(in: 0..<10, using: &rng) == 0
                        ? h.stack(stackId)?.version : nil)
            case 82..<84:
                // Resize, or delete and create again.
                if Bool.random(using: &rng) {
                    h.command(
                        .resize(
                            Resize(
                                size: Size(
                                    width: Double.random(in: 200...900, using: &rng),
                                    height: 800))), stack: stackId)
                } else if case .applied = h.command(.delete(DeleteStack()), stack: stackId) {
                    fingers[stackId] = nil
                    createStack(stackId, &h, &rng)
                }
            case 84..<86:
                // A stray event for a gesture nobody began.
                h.pan(
                    .panChanged, gesture: 1_000_000 + UInt64.random(in: 0..<5, using: &rng), stack: stackId,
                    translation: Vec2(x: 5, y: 0))
            default:
                // Time passes; sometimes long enough for a silent finger to time out.
                let ms =
                    Int.random(in: 0..<25, using: &rng) == 0
                    ? Int64.random(in: 500...1500, using: &rng)
                    : Int64.random(in: 0...120, using: &rng)
                h.advance(ms: ms)
            }
        }
        h.runUntilIdle()
        return h
    }

    /// What the checker knows of one transition, keyed by stack, stack generation and transition id.
    struct Key: Hashable, CustomStringConvertible {
        var stack: String
        var generation: Int
        var transition: UInt64
        var description: String { "\(stack)#\(generation)/\(transition)" }
    }

    struct Info {
        var operation: SegueWire.Operation
        var profile: String
        var interactive: Bool
        var fps: UInt32
        var completed: TransitionCompleted?
        var completedPosition: UInt64 = 0
        var releases = 0
        var interrupts = 0
        /// When a command turned the settle around, a decision of its own: a reversal (REVERSED_BY_COMMAND), or a
        /// take-over of a swipe's spring back (TAKEN_OVER_BY_COMMAND after a release).
        var reversedAtUs: Int64?
        /// The target the settle went to before that turn.
        var targetBeforeTurn: Double = 1
    }

    /// Checks the invariants of one session; returns descriptions of the violations.
    static func violations(of h: CoreHarness) -> [String] {
        var problems: [String] = []
        func check(_ condition: Bool, _ message: @autoclosure () -> String) {
            if !condition && problems.count < 20 { problems.append(message()) }
        }

        // Events: positions 1...n, versions per stack without gaps, times never decreasing.
        check(h.events.map(\.position) == Array(1...UInt64(h.events.count)), "positions have a gap")
        var versions: [String: UInt64] = [:]
        var generation: [String: Int] = [:]
        var config: [String: StackConfig] = [:]
        var sizeAt: [UInt64: Size] = [:]
        var generationAt: [UInt64: Int] = [:]
        var open: [String: Key] = [:]
        var infos: [Key: Info] = [:]
        var lastTime = Int64.min
        for event in h.events {
            check(event.timeUs >= lastTime, "time goes back at \(event.position)")
            lastTime = event.timeUs
            let stack = event.stackId
            if event.isStackCreated {
                check(event.version == 1, "stack_created at version \(event.version)")
                generation[stack, default: -1] += 1
                if case .stackCreated(let created) = event.body { config[stack] = created.config }
            } else {
                check(event.version == (versions[stack] ?? 0) + 1, "version gap at \(event.position)")
            }
            versions[stack] = event.version
            let gen = generation[stack] ?? 0
            generationAt[event.position] = gen
            if case .resized(let resized) = event.body { config[stack]?.size = resized.size }
            if case .deleted = event.body { check(open[stack] == nil, "deleted during a transition") }
            sizeAt[event.position] = config[stack]?.size
            guard let id = event.transitionId else { continue }
            let key = Key(stack: stack, generation: gen, transition: id)
            if let began = event.began {
                check(open[stack] == nil, "\(key) began while \(open[stack]!) is open")
                check(infos[key] == nil, "\(key) began twice")
                open[stack] = key
                infos[key] = Info(
                    operation: began.operation, profile: config[stack]?.profile ?? "",
                    interactive: began.interactive, fps: config[stack]?.fps ?? StackConfig.defaultFps)
                // A back key a swipe sends runs with no request, like the swipe itself.
                check(
                    (began.interactive || began.gestureId != 0) == event.requestId.isEmpty,
                    "\(key) interactive \(began.interactive) with request '\(event.requestId)'")
                continue
            }
            check(open[stack] == key, "\(key) event at \(event.position) outside its transition")
            if event.finished?.reason == .takenOverByCommand, let info = infos[key], info.releases > info.interrupts {
                infos[key]?.reversedAtUs = event.timeUs
                infos[key]?.targetBeforeTurn = 0
            }
            if event.finished != nil || event.cancelled != nil { infos[key]?.releases += 1 }
            if event.interrupted != nil { infos[key]?.interrupts += 1 }
            if event.cancelled?.reason == .reversedByCommand { infos[key]?.reversedAtUs = event.timeUs }
            if let completed = event.completed {
                infos[key]?.completed = completed
                infos[key]?.completedPosition = event.position
                open[stack] = nil
            }
        }
        check(open.isEmpty, "transitions left open: \(open.values.map(\.description))")
        for (key, info) in infos {
            check(info.completed != nil, "\(key) never completed")
            check(
                info.releases == info.interrupts + (info.reversedAtUs == nil ? 1 : 2),
                "\(key): \(info.releases) releases for \(info.interrupts) interrupts")
        }
        check(h.completed.count == h.began.count, "\(h.completed.count) completed for \(h.began.count) began")

        // Frames, grouped by transition in publication order.
        var frames: [Key: [Frame]] = [:]
        for frame in h.frames {
            let gen = generationAt[frame.position] ?? -1
            frames[Key(stack: frame.stackId, generation: gen, transition: frame.transitionId), default: []]
                .append(frame)
        }
        for (key, list) in frames {
            guard let info = infos[key], let completed = info.completed else {
                check(false, "frames of an unknown transition \(key)")
                continue
            }
            check(list.map(\.sequence) == Array(1...UInt64(list.count)), "\(key) frame sequence has a gap")
            check(list.filter { $0.phase == .done }.count == 1, "\(key) has not exactly one DONE frame")
            check(list.last?.phase == .done, "\(key) DONE is not last")
            for (a, b) in zip(list, list.dropFirst()) where a.phase != .tracking && b.phase != .tracking {
                // An immediate reversal's DONE is at the command's time, which may be the time of the frame the
                // clock drew just before the command.
                let immediateReversal = b.phase == .done && b.timeUs == info.reversedAtUs
                check(
                    b.timeUs > a.timeUs || (immediateReversal && b.timeUs == a.timeUs),
                    "\(key) settle frame times not increasing")
            }
            // Settle frames at start + k / fps.
            let fps = Int64(info.fps == 0 ? StackConfig.defaultFps : info.fps)
            guard let done = list.last else { continue }
            let target: Double = completed.finished ? 1 : 0
            check(done.progress == target, "\(key) DONE progress \(done.progress)")
            check(done.position == info.completedPosition, "\(key) DONE position")
            // DONE rects: the target's. The screen that stays visible is at x = 0 with the container size.
            let visible = completed.finished ? done.to : done.from
            check(visible?.rect?.x == 0, "\(key) DONE visible screen at x \(visible?.rect?.x ?? .nan)")
            if let size = sizeAt[info.completedPosition] {
                for view in [done.from, done.to] {
                    check(
                        view?.rect?.width == size.width && view?.rect?.height == size.height,
                        "\(key) DONE rect size")
                }
            }
            let width = sizeAt[info.completedPosition]?.width ?? 0
            let hidden = completed.finished ? done.from : done.to
            if info.operation == .selectTab
                || (completed.finished
                    && (info.operation == .pop
                        || info.operation == .popToRoot || info.operation == .dismiss))
            {
                // Android's screens end out of sight by their alpha, not their place.
                let away =
                    abs(hidden?.rect?.x ?? 0) == width || abs(hidden?.rect?.y ?? 0) == (hidden?.rect?.height ?? 0)
                    || hidden?.alpha == 0
                check(away, "\(key) DONE hidden screen neither a width (or a height) away nor transparent")
            }
            // Non-spring settles move monotonically toward the target.
            let spring: Bool
            switch info.profile {
            case "fluid", "fullscreen", "ios": spring = true
            // The progress spring's first frame after a cancel still spends half its time toward the finger.
            case "android": spring = info.interactive
            case "modal", "modal-percent": spring = info.operation == .present && !info.interactive
            default: spring = false
            }
            var segment: [Frame] = []
            for frame in list {
                if frame.phase == .tracking {
                    segment = []
                    continue
                }
                segment.append(frame)
            }
            // A reversal turns the settle around at its time: each part moves toward its own target, on its own
            // frame clock.
            let parts: [(frames: [Frame], target: Double)] =
                info.reversedAtUs.map { turn in
                    // The DONE frame of an immediate reversal is at the turn itself.
                    let out = { (frame: Frame) in frame.timeUs <= turn && frame.phase != .done }
                    return [(segment.filter(out), info.targetBeforeTurn), (segment.filter { !out($0) }, target)]
                } ?? [(segment, target)]
            for (part, partTarget) in parts {
                if !spring && info.interrupts == 0 {
                    for (a, b) in zip(part, part.dropFirst()) {
                        check(
                            partTarget == 1 ? b.progress >= a.progress - 1e-12 : b.progress <= a.progress + 1e-12,
                            "\(key) (\(info.profile)) settle not monotone: \(a.progress) -> \(b.progress)")
                    }
                }
                // Settle frames are spaced 1 / fps from the release, strictly before the DONE.
                let settles = part.filter { $0.phase == .settling }
                if let first = settles.first, info.interrupts == 0 {
                    for (a, b) in zip(settles, settles.dropFirst()) {
                        let gap = b.timeUs - a.timeUs
                        check(gap == 1_000_000 / fps || gap == 1_000_000 / fps + 1, "\(key) frame gap \(gap)")
                    }
                    let endsAtTheTurn = partTarget == 1 && info.reversedAtUs == done.timeUs
                    check(
                        (first.timeUs < done.timeUs && (settles.last?.timeUs ?? 0) < done.timeUs) || endsAtTheTurn,
                        "\(key) settle frame not before DONE")
                }
            }
        }
        for (key, info) in infos where frames[key] == nil {
            check(false, "\(key) (\(info.operation)) published no frames")
        }

        // Nothing is left moving, and the log alone rebuilds the same stacks.
        check(h.core.nextDeadline() == nil, "still has a deadline")
        var replayed = EngineCore()
        do {
            for event in h.events { try replayed.restore(event) }
            check(replayed.stacks == h.core.stacks, "replayed stacks differ")
            check(replayed.headPosition == h.core.headPosition, "replayed head differs")
        } catch {
            check(false, "restore failed: \(error)")
        }
        // Rejections never come with events of their own: every rejection's time is within the run.
        check(h.rejections.allSatisfy { $0.error?.code != .ok }, "a rejection without an error code")
        return problems
    }

    @Test("invariants over random sessions", arguments: 0..<10)
    func randomSessions(batch: UInt64) {
        var transitions = 0
        for index in 0..<UInt64(30) {
            let seed = batch * 1000 + index
            let h = Self.session(seed: seed, steps: 120)
            transitions += h.began.count
            let problems = Self.violations(of: h)
            #expect(problems.isEmpty, "seed \(seed): \(problems.joined(separator: "; "))")
        }
        // The generator reaches the interesting paths.
        #expect(transitions > 100)
    }

    @Test("the generator covers every kind of event and rejection")
    func coverage() {
        var bodies: Set<String> = []
        var reasons: Set<Reason> = []
        var codes: Set<ErrorCode> = []
        for seed in UInt64(0)..<40 {
            let h = Self.session(seed: seed, steps: 120)
            for event in h.events {
                if let body = event.body { bodies.insert(String(describing: body).prefix { $0 != "(" }.description) }
                if let reason = event.finished?.reason ?? event.cancelled?.reason { reasons.insert(reason) }
            }
            for rejection in h.rejections { if let code = rejection.error?.code { codes.insert(code) } }
        }
        for name in [
            "stackCreated", "began", "progressed", "finished", "cancelled", "completed", "interrupted",
            "resized", "screenOptionsSet", "deleted",
        ] {
            #expect(bodies.contains(name), "no \(name)")
        }
        for reason: Reason in [
            .programmatic, .passedThreshold, .belowThreshold, .flungForward, .flungBack,
            .gestureCancelled, .gestureTimeout,
        ] {
            #expect(reasons.contains(reason), "no \(reason)")
        }
        for code: ErrorCode in [.invalidArgument, .transitionInProgress, .nothingToPop, .gestureRejected] {
            #expect(codes.contains(code), "no \(code)")
        }
    }
}
