import SegueWire
import Testing

@testable import SegueCore

/// Flutter's navigator holds pages and fullscreen dialogs in one list of routes, so a page can be pushed over a
/// dialog, and the dialog then slides a third of the width behind it as a page below would. In `flutter` (revisions
/// 1 and 2) such a push joins the presented layer as a page (`presented_pages`): it moves as a page and a pop, a
/// back swipe too, removes it.
@Suite("a page pushed over a presented dialog")
struct PushOverDialogTests {
    /// An 800 x 600 flutter stack at 200 fps with "Dialog" presented over "Home".
    static func overDialog(revision: UInt32 = CoreHarness.newest) -> CoreHarness {
        var h = FlutterWidgetTestPorts.harness(revision: revision, screens: ["Home"])
        h.present("Dialog", immediate: true)
        return h
    }

    @Test(
        "route_test.dart@00bb2feb 'FullscreenDialog CupertinoPageRoute has parallax when non fullscreenDialog route is pushed on top': the dialog below a third behind along linearToEaseOut, within 1 pt, and back on the pop"
    )
    func dialogParallax() {
        var h = Self.overDialog()
        #expect(FlutterWidgetTestPorts.parallaxMisses(&h) == [])
    }

    @Test(
        "route_test.dart@00bb2feb 'Interrupted push', 'FullscreenDialog CupertinoPageRoute has parallax when non fullscreenDialog route is pushed on top and gets popped before the end of the animation': the dialog comes back through the positions it passed"
    )
    func interruptedPushOverDialog() {
        var h = Self.overDialog()
        #expect(FlutterWidgetTestPorts.interruptedPushMisses(&h) == [])
        #expect(h.cancelled.last?.reason == .reversedByCommand)
        #expect(h.stack()?.presented == ["Dialog"] && h.stack()?.presentedPages == [])
    }

    @Test(
        "route_test.dart@00bb2feb 'FullscreenDialog CupertinoPageRoute has no parallax when fullscreenDialog route is pushed on top': a dialog presented over a dialog leaves it at exactly 0"
    )
    func noParallaxUnderASecondDialog() {
        var h = Self.overDialog()
        let start = h.now
        h.present("Second")
        let entrance = (1...10).map { FlutterWidgetTestPorts.Expectation(Int64($0) * 40, \.fromX, 0) }
        #expect(FlutterWidgetTestPorts.misses(h.advancing(ms: 400), since: start, entrance) == [])
    }

    @Test("the page joins the presented layer as a page; a pop removes it, a dismiss is refused while it is on top")
    func theLayer() throws {
        var h = Self.overDialog()
        h.push("Page", immediate: true)
        h.present("Sheet", immediate: true)
        h.push("Deeper", immediate: true)
        let stack = try #require(h.stack())
        #expect(stack.screens == ["Home"] && stack.presented == ["Dialog", "Page", "Sheet", "Deeper"])
        #expect(stack.presentedPages == [1, 3] && stack.topIsPresentedPage)
        #expect(h.completed.last?.presentedPages == [1, 3])
        #expect(h.core.state(of: "main", now: h.now)?.presentedPages == [1, 3])

        let dismissed = h.dismiss()
        #expect(dismissed.error?.code == .invalidArgument)
        #expect(dismissed.error?.message.contains("'Deeper' was pushed over 'Sheet'") == true)
        let toRoot = h.command(.popToRoot(PopToRoot()), stack: "main").error
        #expect(toRoot?.code == .invalidArgument)
        #expect(toRoot?.message.contains("pop it and dismiss what it was pushed over before pop_to_root") == true)

        #expect(h.pop(immediate: true).error == nil)
        #expect(h.began.last?.operation == .pop && h.began.last?.toScreen == "Sheet")
        #expect(h.stack()?.presented == ["Dialog", "Page", "Sheet"] && h.stack()?.presentedPages == [1])
        #expect(h.dismiss(immediate: true).error == nil)
        #expect(h.pop(immediate: true).error == nil)
        #expect(h.stack()?.presented == ["Dialog"] && h.stack()?.presentedPages == [])
        // The dialog itself is no page: a pop still asks for its dismissal.
        #expect(h.pop().error?.message.contains("dismiss it before pop") == true)
        #expect(h.dismiss(immediate: true).error == nil)
        #expect(h.stack()?.presented == [] && h.stack()?.screens == ["Home"])
    }

    @Test("a back swipe pops the page pushed over the dialog, and the dialog still takes none")
    func backSwipe() throws {
        var h = Self.overDialog()
        h.push("Page", immediate: true)
        FlutterWidgetTestPorts.drag(&h, by: 600, release: true)
        h.runUntilIdle()
        #expect(h.began.last?.operation == .pop && h.began.last?.interactive == true)
        #expect(h.completed.last?.finished == true && h.stack()?.presented == ["Dialog"])
        let mark = h.mark()
        FlutterWidgetTestPorts.drag(&h, by: 600, release: true)
        #expect(h.rejections(since: mark).first?.error?.code == .gestureRejected)
    }

    @Test("revision 0 of flutter and every other profile still refuse a push over a presented screen")
    func othersRefuse() {
        var flutter0 = Self.overDialog(revision: 0)
        #expect(flutter0.push("Page").error?.message.contains("dismiss it before push") == true)
        // A tab stack has no navigation stack to push on, a dialog over it or not.
        var tabs = CoreHarness()
        tabs.create(screens: [], tabs: ["A", "B"], profile: "flutter", revision: CoreHarness.newest)
        tabs.present("Dialog", immediate: true)
        #expect(tabs.push("Page").error?.message.contains("is a tab stack") == true)
        for name in ProfileCatalog.names where name != "flutter" {
            var h = CoreHarness()
            h.create(screens: ["Home"], profile: name, revision: CoreHarness.newest)
            h.present("Dialog", immediate: true)
            #expect(h.push("Page").error?.code == .invalidArgument, "\(name)")
        }
    }

    @Test("the presented layer's pages replay from the log and survive a snapshot; a snapshot with bad ones is refused")
    func replayAndSnapshot() throws {
        var h = Self.overDialog()
        h.push("Page")
        h.advance(ms: 200)
        h.pop()
        h.runUntilIdle()
        h.push("Page")
        h.runUntilIdle()
        h.present("Sheet")
        h.advance(ms: 100)
        let restored = try SnapshotTests.roundTrip(h.core)
        #expect(SnapshotTests.same(restored, try RestoreTests.restored(h.events)))
        #expect(restored.stacks["main"]?.presentedPages == [1])
        var snapshot = h.core.snapshot()

        h.runUntilIdle()
        let (core, frames) = try ReplayTests.replayed(h.events)
        #expect(core.stacks == h.core.stacks && core.stacks["main"]?.presentedPages == [1])
        ReplayTests.expectSameFrames(live: h.frames, replayed: frames, "pushes over a dialog")

        for bad: [UInt32] in [[0], [2], [1, 1]] {
            snapshot.stacks[0].presentedPages = bad
            #expect(throws: EngineCore.RestoreError.self) { try EngineCore(snapshot: snapshot) }
        }
        // Pages on a profile that never pushes them.
        snapshot.stacks[0].presentedPages = [1]
        snapshot.stacks[0].config?.profile = "fluid"
        #expect(throws: EngineCore.RestoreError.self) { try EngineCore(snapshot: snapshot) }
        // A log is held to the same rule at each completed it folds.
        let last = try #require(h.events.lastIndex { if case .completed = $0.body { true } else { false } })
        for bad: [UInt32] in [[0], [3], [2, 1]] {
            var events = h.events
            guard case .completed(var completed) = events[last].body else { continue }
            completed.presentedPages = bad
            events[last].body = .completed(completed)
            #expect(throws: EngineCore.RestoreError.self) { try RestoreTests.restored(events) }
        }
        var created = h.events
        guard case .stackCreated(var stack) = created[0].body else { return }
        stack.config?.profile = "fluid"
        created[0].body = .stackCreated(stack)
        #expect(throws: EngineCore.RestoreError.self) { try RestoreTests.restored(created) }
    }
}
