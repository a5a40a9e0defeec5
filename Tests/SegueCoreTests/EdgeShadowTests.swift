import SegueWire
import Testing

@testable import SegueCore

/// Revision-2 flutter's page shadow (`ViewFrame.edge_shadow`, `EdgeShadowStyle`): a black gradient 5 % of the width
/// wide outside the upper page's leading edge, 4/255 at the edge, faded in with the page's arrival.
@Suite("edge shadow")
struct EdgeShadowTests {
    static func harness(revision: UInt32 = 2, screens: [String] = ["Home"]) -> CoreHarness {
        var h = CoreHarness()
        h.create(screens: screens, width: 800, height: 600, profile: "flutter", revision: revision, fps: 200)
        return h
    }

    /// The gradient's alpha at `distance` pt from the edge.
    static func alpha(_ shadow: EdgeShadow, at distance: Double) -> Double {
        let stops = shadow.stops
        let position = distance / shadow.width
        guard let next = stops.firstIndex(where: { $0.position >= position }), next > 0 else {
            return stops.first?.alpha ?? 0
        }
        let (a, b) = (stops[next - 1], stops[next])
        return a.alpha + (b.alpha - a.alpha) * (position - a.position) / (b.position - a.position)
    }

    @Test(
        "route_test.dart@00bb2feb 'when route is not fullscreenDialog, it has a _CupertinoEdgeShadowDecoration', at the end of the push: 1 pt wide rects left of the page at -1, -10, -20, -30, -40 are 0x04, 0x03, 0x02, 0x01, 0x00 black"
    )
    func settledPushShadow() throws {
        var h = Self.harness()
        h.push("Next")
        h.runUntilIdle()
        let done = try #require(h.frames.last)
        let shadow = try #require(done.to?.edgeShadow)
        #expect(shadow.width == 40 && done.from?.edgeShadow == nil && done.shadow == 0)
        // Flutter paints rect i (i = 0..39) at x = -1 - i with the gradient's color at i / 40 of its width, its
        // alpha in whole 255ths.
        for (x, expected) in [(-1, 4), (-10, 3), (-20, 2), (-30, 1), (-40, 0)] {
            let i = Double(-1 - x)
            #expect(Int((Self.alpha(shadow, at: i) * 255).rounded()) == expected, "x \(x)")
        }
    }

    @Test("a push fades the shadow in along linearToEaseOut of its time; a pop fades it out along the same curve")
    func commandsFade() throws {
        var h = Self.harness()
        var start = h.now
        h.push("Next")
        h.advance(ms: 100)
        let curve = ProfileCatalog.linearToEaseOut.solved(by: .flutter)
        var frame = try #require(h.frames.last)
        #expect(frame.timeUs == start + 100_000)
        #expect(frame.to?.edgeShadow?.stops.first?.alpha == 4.0 / 255 * curve.value(at: 0.2))
        h.runUntilIdle()
        start = h.now
        h.pop()
        h.advance(ms: 150)
        frame = try #require(h.frames.last)
        #expect(frame.from?.edgeShadow?.stops.first?.alpha == 4.0 / 255 * curve.value(at: 0.7))
        h.runUntilIdle()
        #expect(h.frames.last?.from?.edgeShadow == nil)
    }

    @Test("under the finger the shadow follows the page linearly; dialogs and revision 1 have none")
    func fingerDialogsAndRevision1() throws {
        var h = Self.harness(screens: ["Home", "Detail"])
        let gesture = h.began(start: Vec2(x: 5, y: 300))
        h.changed(gesture, x: 200, start: Vec2(x: 5, y: 300))
        let alpha = try #require(h.frames.last?.from?.edgeShadow?.stops.first?.alpha)
        #expect(close(alpha, 4.0 / 255 * 0.75))
        var dialog = Self.harness()
        dialog.present("Dialog")
        dialog.runUntilIdle()
        #expect(dialog.frames.allSatisfy { $0.from?.edgeShadow == nil && $0.to?.edgeShadow == nil })
        var old = Self.harness(revision: 1)
        old.push("Next")
        old.runUntilIdle()
        #expect(old.frames.allSatisfy { $0.from?.edgeShadow == nil && $0.to?.edgeShadow == nil })
    }
}
