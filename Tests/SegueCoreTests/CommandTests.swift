import SegueWire
import Testing

@testable import SegueCore

/// Commands: create and its validation, the animated and immediate operations, their refusals, request ids,
/// positions and versions.
@Suite("commands")
struct CommandTests {
    // MARK: create

    @Test("create a navigation stack: StackCreated at version 1 with the effective defaults")
    func createNavigationStack() throws {
        var h = CoreHarness()
        let outcome = h.command(
            .create(
                CreateStack(
                    screens: ["Home", "Detail"],
                    config: StackConfig(size: Size(width: 375, height: 812)))),
            requestId: "r1")
        let result = try #require(outcome.result)
        #expect(result == CommandResult(firstPosition: 1, lastPosition: 1, version: 1))
        let event = try #require(h.events.first)
        #expect(event.position == 1 && event.version == 1 && event.stackId == "main" && event.requestId == "r1")
        #expect(event.timeUs == CoreHarness.startUs)
        guard case .stackCreated(let created) = event.body else {
            Issue.record("not stack_created")
            return
        }
        #expect(created.screens == ["Home", "Detail"])
        #expect(created.config?.profile == "fluid")
        #expect(created.config?.fps == 60)
        let stack = try #require(h.stack())
        #expect(stack.screens == ["Home", "Detail"] && stack.topScreen == "Detail" && !stack.isTabStack)
        #expect(stack.profile.name == "fluid")
    }

    @Test("create a tab stack")
    func createTabStack() throws {
        var h = CoreHarness()
        let outcome = h.create("tabs", screens: [], tabs: ["Feed", "Search", "Profile"], selectedTab: 1)
        #expect(outcome.result?.version == 1)
        let stack = try #require(h.stack("tabs"))
        #expect(stack.isTabStack && stack.topScreen == "Search" && stack.screens.isEmpty)
    }

    struct BadCreate: Sendable, CustomTestStringConvertible {
        var name: String
        var stackId: String = "main"
        var create: CreateStack
        var code: ErrorCode = .invalidArgument
        /// A piece of the message that says what was wrong.
        var mentions: String
        var testDescription: String { name }
    }

    static func config(
        width: Double = 400, height: Double = 800, profile: String = "classic", fps: UInt32 = 0,
        tuning: Tuning? = nil
    ) -> StackConfig {
        StackConfig(size: Size(width: width, height: height), profile: profile, fps: fps, tuning: tuning)
    }

    static let badCreates: [BadCreate] = [
        BadCreate(
            name: "stack id with a space", stackId: "my stack",
            create: CreateStack(screens: ["A"], config: config()), mentions: "A-Z a-z 0-9"),
        BadCreate(
            name: "stack id with a slash", stackId: "a/b",
            create: CreateStack(screens: ["A"], config: config()), mentions: "'/'"),
        BadCreate(
            name: "stack id non-ASCII", stackId: "caf\u{E9}",
            create: CreateStack(screens: ["A"], config: config()), mentions: "allowed"),
        BadCreate(
            name: "empty stack id", stackId: "", create: CreateStack(screens: ["A"], config: config()),
            mentions: "empty"),
        BadCreate(
            name: "65-character stack id", stackId: String(repeating: "a", count: 65),
            create: CreateStack(screens: ["A"], config: config()), mentions: "64"),
        BadCreate(
            name: "empty screen id", create: CreateStack(screens: ["A", ""], config: config()),
            mentions: "screens[1]"),
        BadCreate(
            name: "screen id with a control character",
            create: CreateStack(screens: ["A\u{7}"], config: config()), mentions: "control"),
        BadCreate(
            name: "screen id with a right-to-left override",
            create: CreateStack(screens: ["A", "ab\u{202E}cd"], config: config()),
            mentions: "screens[1] 'ab\\u{202e}cd' has U+202E RIGHT-TO-LEFT OVERRIDE at character 3, an invisible"),
        BadCreate(
            name: "tab name with a zero-width space",
            create: CreateStack(tabs: ["Home", "Home\u{200B}"], config: config()),
            mentions: "tabs[1] 'Home\\u{200b}' has U+200B ZERO WIDTH SPACE at character 5"),
        BadCreate(
            name: "screen id with a zero-width joiner between letters",
            create: CreateStack(screens: ["ad\u{200D}min"], config: config()),
            mentions: "U+200D ZERO WIDTH JOINER at character 3"),
        BadCreate(
            name: "screen id ending in a zero-width joiner after an emoji",
            create: CreateStack(screens: ["\u{1F600}\u{200D}"], config: config()),
            mentions: "U+200D ZERO WIDTH JOINER at character 2"),
        BadCreate(
            name: "tab name with an emoji-style selector after a letter",
            create: CreateStack(tabs: ["Home", "home\u{FE0F}\u{200D}\u{1F600}"], config: config()),
            mentions: "U+FE0F VARIATION SELECTOR-16 at character 5, an invisible character"),
        BadCreate(
            name: "screen id of a Hangul filler",
            create: CreateStack(screens: ["\u{3164}"], config: config()), mentions: "U+3164 HANGUL FILLER"),
        BadCreate(
            name: "screen id that starts with a combining mark",
            create: CreateStack(screens: ["\u{301}e"], config: config()),
            mentions: "at character 1, a combining mark with no character before it"),
        BadCreate(
            name: "screen id with a line separator",
            create: CreateStack(screens: ["A\u{2028}B"], config: config()),
            mentions: "U+2028 LINE SEPARATOR at character 2, a line break"),
        BadCreate(
            name: "screen id with a private-use character",
            create: CreateStack(screens: ["\u{E000}"], config: config()),
            mentions: "U+E000 at character 1, a private-use"),
        BadCreate(
            name: "129-byte screen id",
            create: CreateStack(screens: [String(repeating: "s", count: 129)], config: config()),
            mentions: "128"),
        BadCreate(
            name: "width 0", create: CreateStack(screens: ["A"], config: config(width: 0)),
            mentions: "width"),
        BadCreate(
            name: "width below a point", create: CreateStack(screens: ["A"], config: config(width: 0.5)),
            mentions: "at least 1"),
        BadCreate(
            name: "negative height", create: CreateStack(screens: ["A"], config: config(height: -1)),
            mentions: "height"),
        BadCreate(
            name: "NaN width", create: CreateStack(screens: ["A"], config: config(width: .nan)),
            mentions: "width"),
        BadCreate(
            name: "width over 100000", create: CreateStack(screens: ["A"], config: config(width: 100_001)),
            mentions: "100000"),
        BadCreate(name: "no config", create: CreateStack(screens: ["A"]), mentions: "size"),
        BadCreate(
            name: "unknown profile", create: CreateStack(screens: ["A"], config: config(profile: "harmony")),
            mentions:
                "known: fluid, percent-1s, percent-250ms, slide-left, fullscreen, modal, modal-percent, ios, flutter, android, classic"
        ),
        BadCreate(
            name: "profile in the wrong case is answered with its name",
            create: CreateStack(screens: ["A"], config: config(profile: "iOS")),
            mentions: "(did you mean 'ios'?); known: fluid"),
        BadCreate(
            name: "fps 241", create: CreateStack(screens: ["A"], config: config(fps: 241)),
            mentions: "241"),
        BadCreate(
            name: "both screens and tabs", create: CreateStack(screens: ["A"], tabs: ["B"], config: config()),
            mentions: "not both"),
        BadCreate(name: "neither screens nor tabs", create: CreateStack(config: config()), mentions: "neither"),
        BadCreate(
            name: "duplicate tabs", create: CreateStack(tabs: ["A", "A"], config: config()),
            mentions: "unique"),
        BadCreate(
            name: "selected tab out of range",
            create: CreateStack(tabs: ["A", "B"], selectedTab: 2, config: config()), code: .unknownTab,
            mentions: "0-1"),
        BadCreate(
            name: "negative tuning",
            create: CreateStack(
                screens: ["A"],
                config: config(tuning: Tuning(edgeWidth: -1))), mentions: "edge_width"),
        BadCreate(
            name: "infinite tuning",
            create: CreateStack(
                screens: ["A"],
                config: config(tuning: Tuning(parallax: .infinity))), mentions: "parallax"),
        BadCreate(
            name: "zero gesture timeout",
            create: CreateStack(
                screens: ["A"],
                config: config(tuning: Tuning(gestureTimeoutMs: 0))), mentions: "gesture_timeout_ms"),
    ]

    @Test("create validation: refused with the code and a message naming the rule", arguments: badCreates)
    func createRefused(bad: BadCreate) throws {
        var h = CoreHarness()
        let outcome = h.command(.create(bad.create), stack: bad.stackId)
        let error = try #require(outcome.error)
        #expect(error.code == bad.code)
        #expect(error.message.contains(bad.mentions), "\(error.message)")
        #expect(h.events.isEmpty && h.core.stacks.isEmpty && h.core.headPosition == 0)
    }

    @Test(
        "screen ids of visible characters in any script are accepted",
        arguments: [
            "R\u{E9}glages", "\u{8A2D}\u{5B9A}", "\u{645}\u{644}\u{641}", "Profile (2)", "\u{1F600}",
            "e\u{301}te\u{301}", "\u{2764}\u{FE0F}",
            // Emoji joined into one picture: a family, and a heart on fire (with its emoji-style selector).
            "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}", "\u{2764}\u{FE0F}\u{200D}\u{1F525}",
        ])
    func visibleScreenIdAccepted(screen: String) {
        var h = CoreHarness()
        let outcome = h.command(.create(CreateStack(screens: [screen], config: Self.config())), stack: "s")
        #expect(outcome.error == nil, "\(String(describing: outcome.error))")
    }

    @Test(
        "create accepts the edges of the valid ranges",
        arguments: [
            ("a", 1.0, UInt32(1)), (String(repeating: "Z", count: 64), 100_000.0, 240),
            ("A-z_0.9:x", 1, 0),
        ])
    func createAcceptsLimits(stackId: String, width: Double, fps: UInt32) {
        var h = CoreHarness()
        let outcome = h.command(
            .create(CreateStack(screens: ["A"], config: Self.config(width: width, fps: fps))),
            stack: stackId)
        #expect(outcome.result?.version == 1)
    }

    @Test("create twice: STACK_EXISTS")
    func stackExists() {
        var h = CoreHarness()
        h.create()
        #expect(h.create().error?.code == .stackExists)
        #expect(h.events.count == 1)
    }

    // MARK: animated and immediate

    struct Operation: Sendable, CustomTestStringConvertible {
        var name: String
        var op: Command.Op
        var operation: SegueWire.Operation
        var from: String
        var to: String
        var screensAfter: [String]
        var presentedAfter: [String] = []
        var testDescription: String { name }
    }

    /// Each operation on a stack [Home, Detail] (with Sheet presented for dismiss).
    static let operations: [Operation] = [
        Operation(
            name: "push", op: .push(Push(screen: "Photo")), operation: .push, from: "Detail", to: "Photo",
            screensAfter: ["Home", "Detail", "Photo"]),
        Operation(name: "pop", op: .pop(Pop()), operation: .pop, from: "Detail", to: "Home", screensAfter: ["Home"]),
        Operation(
            name: "pop_to_root", op: .popToRoot(PopToRoot()), operation: .popToRoot, from: "Detail",
            to: "Home", screensAfter: ["Home"]),
        Operation(
            name: "present", op: .present(Present(screen: "Sheet")), operation: .present, from: "Detail",
            to: "Sheet", screensAfter: ["Home", "Detail"], presentedAfter: ["Sheet"]),
    ]

    static func immediate(_ op: Command.Op) -> Command.Op {
        switch op {
        case .push(var push):
            push.immediate = true
            return .push(push)
        case .pop(var pop):
            pop.immediate = true
            return .pop(pop)
        case .popToRoot(var pop):
            pop.immediate = true
            return .popToRoot(pop)
        case .present(var present):
            present.immediate = true
            return .present(present)
        case .dismiss(var dismiss):
            dismiss.immediate = true
            return .dismiss(dismiss)
        case .selectTab(var select):
            select.immediate = true
            return .selectTab(select)
        default: return op
        }
    }

    @Test(
        "animated: began (interactive false), finished PROGRAMMATIC with settle_us, frames, then completed",
        arguments: operations)
    func animated(operation: Operation) throws {
        var h = CoreHarness()
        h.create()
        let outcome = h.command(operation.op, requestId: "req-7")
        let result = try #require(outcome.result)
        #expect(result == CommandResult(firstPosition: 2, lastPosition: 3, version: 3))
        let events = h.last.events
        #expect(events.count == 2)
        let began = try #require(events.first?.began)
        #expect(
            began
                == TransitionBegan(
                    transitionId: 1, operation: operation.operation, fromScreen: operation.from,
                    toScreen: operation.to, interactive: false))
        let finished = try #require(events.last?.finished)
        #expect(finished.reason == .programmatic)
        #expect(finished.settleUs == 300_000)  // classic: the full distance x 300 ms
        #expect(events.allSatisfy { $0.requestId == "req-7" })
        #expect(h.last.frames.isEmpty)

        h.runUntilIdle()
        let frames = h.frames(transition: 1)
        let t0 = try #require(events.last?.timeUs)
        #expect(frames.count == 17 + 1)  // k = 1...17 before 300 ms (k = 18 is exactly 300 ms), then DONE
        #expect(frames.dropLast().allSatisfy { $0.phase == .settling })
        #expect(frames.dropLast().map(\.timeUs) == (1...17).map { t0 + Int64($0) * 1_000_000 / 60 })
        #expect(frames.last?.phase == .done && frames.last?.timeUs == t0 + 300_000)
        #expect(frames.last?.progress == 1)
        let completedEvent = try #require(h.events.last)
        let completed = try #require(completedEvent.completed)
        #expect(completedEvent.requestId == "req-7")
        #expect(completedEvent.version == 4 && completedEvent.position == 4)
        #expect(completed.finished)
        #expect(completed.screens == operation.screensAfter)
        #expect(completed.presented == operation.presentedAfter)
        #expect(h.stack()?.screens == operation.screensAfter)
        #expect(h.stack()?.presented == operation.presentedAfter)
    }

    @Test("immediate: began, finished and completed in one outcome, exactly one DONE frame", arguments: operations)
    func immediate(operation: Operation) throws {
        var h = CoreHarness()
        h.create()
        let outcome = h.command(Self.immediate(operation.op), requestId: "now")
        #expect(outcome.result == CommandResult(firstPosition: 2, lastPosition: 4, version: 4))
        let events = h.last.events
        #expect(events.count == 3)
        #expect(events[0].began?.interactive == false)
        #expect(events[1].finished?.reason == .programmatic && events[1].finished?.settleUs == 0)
        #expect(events[2].completed?.screens == operation.screensAfter)
        #expect(events.allSatisfy { $0.requestId == "now" && $0.timeUs == h.now })
        #expect(h.last.frames.count == 1)
        let done = try #require(h.last.frames.first)
        #expect(done.phase == .done && done.sequence == 1 && done.progress == 1 && done.position == 4)
        #expect(done.timeUs == h.now)
        #expect(h.core.nextDeadline() == nil)
        h.runUntilIdle()
        #expect(h.frames.count == 1)
    }

    @Test("dismiss, animated and immediate, with NOTHING_PRESENTED when nothing is")
    func dismiss() throws {
        var h = CoreHarness()
        h.create()
        #expect(h.dismiss().error?.code == .nothingPresented)
        h.present("Sheet", immediate: true)
        h.present("Alert", immediate: true)
        #expect(h.stack()?.topScreen == "Alert")
        h.dismiss(requestId: "d1")
        #expect(h.last.events.first?.began?.fromScreen == "Alert")
        #expect(h.last.events.first?.began?.toScreen == "Sheet")
        h.runUntilIdle()
        #expect(h.completed.last?.presented == ["Sheet"])
        h.dismiss(immediate: true)
        #expect(h.last.events.first?.began?.toScreen == "Detail")
        #expect(h.stack()?.presented == [])
        #expect(h.dismiss().error?.code == .nothingPresented)
    }

    // MARK: refusals

    @Test("a second transition while one runs: TRANSITION_IN_PROGRESS; after it completes, accepted")
    func transitionInProgress() throws {
        var h = CoreHarness()
        h.create()
        h.push("Photo")
        for op: Command.Op in [
            .push(Push(screen: "X")), .pop(Pop()), .popToRoot(PopToRoot()),
            .present(Present(screen: "S")), .delete(DeleteStack()),
        ] {
            #expect(h.command(op).error?.code == .transitionInProgress)
        }
        // Resize and screen options do not start a transition.
        #expect(h.command(.resize(Resize(size: Size(width: 400, height: 700)))).result != nil)
        h.advance(ms: 300)
        #expect(h.completed.count == 1)
        #expect(h.pop().result != nil)
    }

    @Test("a settle that ended before the command's time is completed first, then the command applies")
    func commandAfterSettleEnds() throws {
        var h = CoreHarness()
        h.create()
        h.push("Photo")
        // Jump the time without running the clock: the command itself must see the settle has ended.
        h.now += 400_000
        var outcome = Outcome()
        let command = Command(stackId: "main", op: .pop(Pop(immediate: true)))
        let result = h.core.apply(command, requestId: "", now: h.now, into: &outcome)
        #expect(result.result != nil)
        #expect(outcome.events.compactMap(\.completed).count == 2)
        #expect(h.core.stacks["main"]?.screens == ["Home", "Detail"])
    }

    @Test(
        "pop and pop_to_root at the root: NOTHING_TO_POP",
        arguments: [
            Command.Op.pop(Pop()),
            .popToRoot(PopToRoot()),
        ])
    func nothingToPop(op: Command.Op) {
        var h = CoreHarness()
        h.create(screens: ["Home"])
        #expect(h.command(op).error?.code == .nothingToPop)
        #expect(h.events.count == 1)
    }

    @Test("commands on a stack that does not exist: UNKNOWN_STACK")
    func unknownStack() {
        var h = CoreHarness()
        for op: Command.Op in [
            .push(Push(screen: "A")), .pop(Pop()), .dismiss(Dismiss()),
            .selectTab(SelectTab(index: 0)), .delete(DeleteStack()),
            .resize(Resize(size: Size(width: 1, height: 1))),
        ] {
            #expect(h.command(op, stack: "nope").error?.code == .unknownStack)
        }
    }

    @Test("expected_version: refused VERSION_CONFLICT naming both versions, accepted when it matches")
    func versionConflict() throws {
        var h = CoreHarness()
        h.create()
        let error = try #require(h.command(.push(Push(screen: "A", immediate: true)), expectedVersion: 5).error)
        #expect(error.code == .versionConflict)
        #expect(error.message.contains("1") && error.message.contains("5"))
        #expect(h.command(.push(Push(screen: "A", immediate: true)), expectedVersion: 1).result?.version == 4)
        // Create expects version 0 (the stack does not exist yet).
        #expect(
            h.command(
                .create(CreateStack(screens: ["A"], config: Self.config())), stack: "other",
                expectedVersion: 3
            ).error?.code == .versionConflict)
        #expect(
            h.command(
                .create(CreateStack(screens: ["A"], config: Self.config())), stack: "other",
                expectedVersion: 0
            ).result?.version == 1)
    }

    @Test("push, pop and select_tab under a presented screen: INVALID_ARGUMENT (dismiss first)")
    func underPresented() throws {
        var h = CoreHarness()
        h.create()
        h.present("Sheet", immediate: true)
        for op: Command.Op in [.push(Push(screen: "A")), .pop(Pop()), .popToRoot(PopToRoot())] {
            let error = try #require(h.command(op).error)
            #expect(error.code == .invalidArgument)
            #expect(error.message.contains("dismiss"))
        }
        h.create("tabs", screens: [], tabs: ["A", "B"])
        h.present("Sheet", stack: "tabs", immediate: true)
        #expect(h.command(.selectTab(SelectTab(index: 1)), stack: "tabs").error?.code == .invalidArgument)
    }

    @Test("select_tab: animated switch, UNKNOWN_TAB, and re-selecting appends nothing")
    func selectTab() throws {
        var h = CoreHarness()
        h.create("tabs", screens: [], tabs: ["Feed", "Search", "Profile"])
        #expect(h.command(.selectTab(SelectTab(index: 3)), stack: "tabs").error?.code == .unknownTab)
        let same = h.command(.selectTab(SelectTab(index: 0)), stack: "tabs")
        #expect(same.result == CommandResult(firstPosition: 0, lastPosition: 0, version: 1))
        #expect(h.events.count == 1 && h.last.frames.isEmpty)

        h.command(.selectTab(SelectTab(index: 2)), stack: "tabs", requestId: "t")
        let began = try #require(h.began.last)
        #expect(began.operation == .selectTab && began.fromScreen == "Feed" && began.toScreen == "Profile")
        h.runUntilIdle()
        #expect(h.completed.last?.selectedTab == 2)
        #expect(h.stack("tabs")?.topScreen == "Profile")
        // The new tab comes from the side of its index: from the right for a higher one.
        let frames = h.frames(transition: 1, stack: "tabs")
        let mid = try #require(frames.first { $0.phase == .settling && $0.progress > 0.3 && $0.progress < 0.7 })
        #expect(mid.toX > 0 && mid.fromX < 0)
        #expect(frames.last?.toX == 0 && frames.last?.fromX == -400)
        // Select tab on a navigation stack.
        h.create()
        #expect(h.command(.selectTab(SelectTab(index: 0))).error?.code == .invalidArgument)
        #expect(h.pop(stack: "tabs").error?.code == .nothingToPop)
        #expect(h.push("X", stack: "tabs").error?.code == .invalidArgument)
    }

    @Test("delete: StackDeleted, then the stack is unknown and its id reusable")
    func delete() throws {
        var h = CoreHarness()
        h.create()
        let outcome = h.command(.delete(DeleteStack()), requestId: "del")
        #expect(outcome.result == CommandResult(firstPosition: 2, lastPosition: 2, version: 2))
        #expect(h.events.last?.requestId == "del")
        #expect(h.core.stacks["main"] == nil)
        #expect(h.pop().error?.code == .unknownStack)
        #expect(h.create().result == CommandResult(firstPosition: 3, lastPosition: 3, version: 1))
    }

    @Test("deleting a stack leaves the others' settles, fingers and frames with them")
    func deleteKeepsOtherStacksMoving() throws {
        var h = CoreHarness()
        for id in ["a", "b", "c", "d"] { h.create(id) }
        // b and d settle animated pushes (d, the last slot, moves into a's and gets no input after); c has a
        // finger down.
        h.push("Next", stack: "b")
        h.push("Next", stack: "d")
        let finger = h.began(stack: "c")
        h.changed(finger, stack: "c", x: 100)
        h.command(.delete(DeleteStack()), stack: "a")
        h.changed(finger, stack: "c", x: 300)
        #expect(h.last.rejections.isEmpty && h.last.frames.filter { $0.phase == .tracking }.map(\.stackId) == ["c"])
        h.pan(.panEnded, gesture: finger, stack: "c", translation: Vec2(x: 300, y: 0), velocity: Vec2())
        h.runUntilIdle()
        for id in ["b", "c", "d"] {
            let frames = h.frames.filter { $0.stackId == id }
            #expect(frames.last?.phase == .done, "\(id) completes")
            #expect(frames.map(\.sequence) == Array(1...UInt64(frames.count)), "\(id): frames numbered without gaps")
        }
        #expect(h.core.stacks["b"]?.screens == ["Home", "Detail", "Next"])
        #expect(h.core.stacks["c"]?.screens == ["Home"])
        #expect(h.core.stacks["d"]?.screens == ["Home", "Detail", "Next"])
        #expect(h.core.stacks.count == 3 && h.core.nextDeadline() == nil)
        #expect(try RestoreTests.restored(h.events).stacks == h.core.stacks)
    }

    @Test("the enclosing request id is used when the command carries none")
    func enclosingRequestId() {
        var h = CoreHarness()
        h.command(.create(CreateStack(screens: ["A"], config: Self.config())), enclosingId: "outer")
        #expect(h.events.last?.requestId == "outer")
        h.command(.push(Push(screen: "B")), requestId: "inner", enclosingId: "outer")
        h.runUntilIdle()
        #expect(h.events.dropFirst().allSatisfy { $0.requestId == "inner" })
    }

    @Test("every event a command causes carries its request id; positions and versions have no gaps")
    func requestIdsPositionsVersions() throws {
        var h = CoreHarness()
        h.create("a", requestId: "c-a")
        h.create("b", requestId: "c-b")
        h.push("P", stack: "a", requestId: "p-a", options: ScreenOptions(backGestureDisabled: true))
        h.push("Q", stack: "b", requestId: "p-b")
        h.advance(ms: 100)
        h.pop(stack: "b", requestId: "too-early")  // refused: still settling
        h.runUntilIdle()
        h.pop(stack: "a", immediate: true, requestId: "i-a")
        h.command(.popToRoot(PopToRoot()), stack: "b", requestId: "r-b")
        h.runUntilIdle()

        #expect(h.events.map(\.position) == Array(1...UInt64(h.events.count)))
        for stack in ["a", "b"] {
            let events = h.events.filter { $0.stackId == stack }
            #expect(events.map(\.version) == Array(1...UInt64(events.count)))
        }
        // By transition: every event of a command's transition carries that command's id.
        var byTransition: [String: Set<String>] = [:]
        for event in h.events {
            guard let id = event.transitionId else { continue }
            byTransition["\(event.stackId)#\(id)", default: []].insert(event.requestId)
        }
        #expect(byTransition["a#1"] == ["p-a"])
        #expect(byTransition["b#1"] == ["p-b"])
        #expect(byTransition["a#2"] == ["i-a"])
        #expect(byTransition["b#2"] == ["r-b"])
        // The options set by the push carry its id too.
        #expect(
            h.events.first {
                if case .screenOptionsSet = $0.body { return true }
                return false
            }?.requestId
                == "p-a")
        #expect(!h.events.contains { $0.requestId == "too-early" })
        #expect(h.completed.count == h.began.count)
        #expect(zip(h.events, h.events.dropFirst()).allSatisfy { $0.timeUs <= $1.timeUs })
    }

    @Test("refused commands arriving on ingest become rejections with their request id")
    func ingestRejections() throws {
        var h = CoreHarness()
        var outcome = Outcome()
        h.core.apply(
            Input(body: .command(Command(stackId: "ghost", requestId: "x", op: .pop(Pop())))), now: h.now,
            into: &outcome)
        let rejection = try #require(outcome.rejections.first)
        #expect(rejection.requestId == "x" && rejection.stackId == "ghost")
        #expect(rejection.error?.code == .unknownStack)
        outcome.removeAll()
        h.core.apply(Input(), now: h.now, into: &outcome)
        #expect(outcome.rejections.first?.error?.code == .invalidArgument)
        #expect(outcome.events.isEmpty)
    }

    @Test("a command without an operation is INVALID_ARGUMENT")
    func noOperation() {
        var h = CoreHarness()
        var outcome = Outcome()
        let result = h.core.apply(Command(stackId: "main"), requestId: "", now: h.now, into: &outcome)
        #expect(result.error?.code == .invalidArgument)
        #expect(outcome.isEmpty)
    }

    @Test("limits: stacks, screens and presented depth give RESOURCE_EXHAUSTED")
    func limits() {
        var h = CoreHarness(limits: Limits(maxStacks: 2, maxScreensPerStack: 3, maxPresentedDepth: 1))
        h.create("a", revision: CoreHarness.newest)
        h.create("b", revision: CoreHarness.newest)
        #expect(h.create("c", revision: CoreHarness.newest).error?.code == .resourceExhausted)
        h.push("C", stack: "a", immediate: true)
        #expect(h.push("D", stack: "a", immediate: true).error?.code == .resourceExhausted)
        #expect(h.create("d", revision: CoreHarness.newest).error?.code == .resourceExhausted)
        h.present("S", stack: "b", immediate: true)
        #expect(h.present("T", stack: "b", immediate: true).error?.code == .resourceExhausted)
    }

    @Test("state(of:) reports the stack and its transition's visual progress at the given time")
    func state() throws {
        var h = CoreHarness()
        h.create()
        #expect(h.core.state(of: "ghost", now: h.now) == nil)
        let idle = try #require(h.core.state(of: "main", now: h.now))
        #expect(idle.version == 1 && idle.screens == ["Home", "Detail"] && idle.transition == nil)
        #expect(idle.config?.profile == "classic" && idle.config?.fps == 60)
        let gesture = h.began()
        h.changed(gesture, x: 100)
        let tracking = try #require(h.core.state(of: "main", now: h.now)?.transition)
        #expect(tracking.phase == .tracking && tracking.interactive && close(tracking.progress, 0.25))
        h.advance(ms: 16)
        h.pan(.panEnded, gesture: gesture, translation: Vec2(x: 100, y: 0))
        let start = h.now
        let settling = try #require(h.core.state(of: "main", now: start + 37_500)?.transition)
        #expect(settling.phase == .settling)
        #expect(close(settling.progress, 0.25 - 0.25 * referenceEaseInOut(0.5)))
        #expect(settling.operation == .pop && settling.fromScreen == "Detail" && settling.toScreen == "Home")
    }

    @Test("several stacks settle on one clock: nextDeadline is the earliest frame of any of them")
    func deadlinesAcrossStacks() throws {
        var h = CoreHarness()
        h.create("a", fps: 60)
        h.create("b", fps: 24)
        #expect(h.core.nextDeadline() == nil)
        h.push("X", stack: "a")
        let aStart = h.now
        h.advance(ms: 5)
        h.push("Y", stack: "b")
        let bStart = h.now
        #expect(h.core.nextDeadline() == aStart + 16_666)
        h.runUntilIdle()
        let aFrames = h.frames.filter { $0.stackId == "a" }
        let bFrames = h.frames.filter { $0.stackId == "b" }
        #expect(aFrames.first?.timeUs == aStart + 16_666)
        #expect(bFrames.first?.timeUs == bStart + 41_666)
        #expect(bFrames.dropLast().map(\.timeUs) == (1...7).map { bStart + Int64($0) * 1_000_000 / 24 })
        #expect(bFrames.last?.timeUs == bStart + 300_000 && bFrames.last?.phase == .done)
        #expect(h.core.nextDeadline() == nil)
    }

    @Test("set_screen_options and resize append one event each; the state follows")
    func optionsAndResize() throws {
        var h = CoreHarness()
        h.create()
        let options = ScreenOptions(backGestureDisabled: true, exclusionRects: [Rect(x: 0, y: 0, width: 5, height: 5)])
        h.command(.setScreenOptions(SetScreenOptions(screen: "Detail", options: options)))
        #expect(h.stack()?.options(of: "Detail") == options)
        h.command(.resize(Resize(size: Size(width: 800, height: 600))))
        #expect(h.stack()?.width == 800)
        #expect(h.command(.resize(Resize(size: Size(width: 0, height: 600)))).error?.code == .invalidArgument)
        #expect(
            h.command(
                .setScreenOptions(
                    SetScreenOptions(
                        screen: "Detail", options: ScreenOptions(exclusionRects: [Rect(x: .nan)])))
            ).error?.code
                == .invalidArgument)
        #expect(h.events.map(\.version) == [1, 2, 3])
    }
}
