import SegueWire
import Testing

@testable import SegueCore

/// Flutter's packages/flutter/test/widgets/page_transitions_test.dart at 087e3a73734d851cf2f8c844fdd6db3d78001146,
/// ported to the `flutter` profile where it tests the Cupertino transition (its iOS and macOS variants run
/// `MaterialPageRoute` through `CupertinoPageTransitionsBuilder`, the transition the profile reproduces). Same
/// surface and harness as `FlutterWidgetTestPorts`. "Onstage" is a page whose rect meets the 800 x 600 surface.
///
/// Not ported: the `TestOverlayRoute` half of 'Check onstage/offstage handling around transitions' (a route with no
/// page and no transition, which a stack of screens does not hold) and the Hero flights of 'Check back gesture
/// disables Heroes' (Segue moves screens, not the widgets inside them; the test's point, that a back swipe moves
/// whole pages, is ported).
@Suite("flutter page_transitions_test ports")
struct FlutterPageTransitionsTestPorts {
    static func onstage(_ view: ViewFrame?) -> Bool {
        guard let rect = view?.rect else { return false }
        return rect.x < 800 && rect.x + rect.width > 0 && rect.y < 600 && rect.y + rect.height > 0
    }

    @Test(
        "page_transitions_test.dart@087e3a73 'Check onstage/offstage handling around transitions', the pages' part: 16 ms into a push both pages are onstage, after a second only the pushed one is; the same on the way back"
    )
    func onstageAroundTransitions() throws {
        var h = FlutterWidgetTestPorts.harness(revision: 2, screens: ["Home"])
        h.push("Settings")
        h.advance(ms: 16)
        let pushing = try #require(h.frames.last)
        #expect(Self.onstage(pushing.from) && Self.onstage(pushing.to))
        h.advance(ms: 1000)
        // Covered whole by an opaque page, Home is no longer drawn: the transition is over, Settings on top.
        #expect(h.frames.last?.phase == .done && h.stack()?.topScreen == "Settings")
        h.pop()
        h.advance(ms: 16)
        let popping = try #require(h.frames.last)
        #expect(Self.onstage(popping.from) && Self.onstage(popping.to))
        h.advance(ms: 1000)
        #expect(h.frames.last?.phase == .done && h.stack()?.screens == ["Home"])
    }

    @Test(
        "page_transitions_test.dart@087e3a73 'Check back gesture disables Heroes': a drag of 50 pt from the edge moves the page to 50 and the page below in from the left, whole"
    )
    func backGestureMovesWholePages() throws {
        var h = FlutterWidgetTestPorts.harness(revision: 2, screens: ["Home", "Settings"])
        FlutterWidgetTestPorts.drag(&h, from: Vec2(x: 5, y: 100), by: 50, release: false)
        let frame = try #require(h.frames.last)
        #expect(frame.fromX == 50 && frame.from?.rect?.y == 0)
        #expect(frame.toX < 0 && frame.to?.rect?.y == 0)
    }

    @Test(
        "page_transitions_test.dart@087e3a73 \"Check back gesture doesn't start during transitions\": a swipe 100 ms into a push does nothing and the push completes; the same swipe once settled pops"
    )
    func noBackGestureDuringTransitions() throws {
        var h = FlutterWidgetTestPorts.harness(revision: 2, screens: ["Home"])
        h.push("Settings")
        h.advance(ms: 100)
        let mark = h.mark()
        FlutterWidgetTestPorts.drag(&h, from: Vec2(x: 5, y: 550), by: 500, release: true)
        h.advance(ms: 1000)
        #expect(h.rejections(since: mark).first?.error?.code == .transitionInProgress)
        #expect(h.completed.last?.finished == true && h.stack()?.screens == ["Home", "Settings"])
        FlutterWidgetTestPorts.drag(&h, from: Vec2(x: 5, y: 550), by: 500, release: true)
        h.advance(ms: 1000)
        #expect(h.completed.last?.finished == true && h.stack()?.screens == ["Home"])
    }

    @Test(
        "page_transitions_test.dart@087e3a73 'Test completed future': a pop is decided when it is asked for (the route's popped future) and completed only when its animation ends (completed), not 100 or 200 ms in"
    )
    func poppedThenCompleted() throws {
        var h = FlutterWidgetTestPorts.harness(revision: 2, screens: ["home"])
        h.push("page")
        h.advance(ms: 1200)
        let mark = h.mark()
        h.pop()
        #expect(h.events(since: mark).compactMap(\.began).first?.operation == .pop)
        h.advance(ms: 100)
        #expect(h.events(since: mark).compactMap(\.completed).isEmpty)
        h.advance(ms: 100)
        #expect(h.events(since: mark).compactMap(\.completed).isEmpty)
        h.advance(ms: 1000)
        #expect(h.events(since: mark).compactMap(\.completed).first?.finished == true)
    }
}
