import SegueWire
import Testing

@testable import SegueCore

/// Revision 2 solves the `flutter` profile's cubic curves as Flutter does (`FlutterBisection`); a stack created at
/// revision 1 keeps the exact solver, live, through the log and through snapshots, and every other profile is the
/// same in both revisions.
@Suite("flutter revision 2")
struct FlutterRevisionTests {
    @Test("revision 2 differs from revision 1 only in flutter, whose cubic curves are solved as Flutter solves them")
    func onlyFlutterChanges() throws {
        for name in ProfileCatalog.names + ProfileCatalog.aliases.keys.sorted() where name != "flutter" {
            #expect(ProfileCatalog.named(name, revision: 1) == ProfileCatalog.named(name, revision: 2), "\(name)")
        }
        #expect(ProfileCatalog.named("flutter", revision: 1) == ProfileCatalog.flutterExact)
        #expect(ProfileCatalog.named("flutter", revision: 2) == ProfileCatalog.flutter)
        guard case .droppedSwipe(_, _, let settle) = ProfileCatalog.flutter.gestureSettle else {
            Issue.record("flutter's back swipe settles as a dropped swipe")
            return
        }
        #expect(settle.solver == .flutter && ProfileCatalog.flutter.layout.dimmingCurve?.solver == .flutter)
        #expect(ProfileCatalog.flutterExact.layout.dimmingCurve?.solver == .exact)
        // Flutter's Curves.linear is no cubic: it stays exact.
        #expect(ProfileCatalog.flutter.navigationSettle == ProfileCatalog.flutterExact.navigationSettle)
    }

    @Test(
        "Flutter's bisection (curves.dart@d59038d5:333-357): the midpoint whose x is first within 0.001 of t gives y; 0 and 1 are themselves"
    )
    func bisection() {
        let ease = CubicBezier(0.25, 0.1, 0.25, 1, solver: .flutter)
        #expect(ease.value(at: 0) == 0 && ease.value(at: 1) == 1)
        // t = 0.5: x(m) = 0.75 m (1 - m) + m^3 at the midpoints 0.5 (0.3125), 0.75 (0.5625), 0.625, 0.6875,
        // 0.71875, 0.703125, 0.6953125 (0.49505) and 0.69921875 (0.49959, within 0.001): y there.
        let m = 0.69921875
        let y = 3 * 0.1 * (1 - m) * (1 - m) * m + 3 * 1 * (1 - m) * m * m + m * m * m
        #expect(ease.value(at: 0.5) == y)
        #expect(abs(ease.value(at: 0.5) - CubicBezier(0.25, 0.1, 0.25, 1).value(at: 0.5)) > 1e-4)
    }

    /// A flutter stack of `revision`, released at 500 of 800 pt, mid-settle.
    static func midSettle(revision: UInt32) -> CoreHarness {
        var h = CoreHarness()
        h.create(width: 800, height: 600, profile: "flutter", revision: revision, fps: 200)
        h.swipe(to: 500, velocity: 0)
        h.advance(ms: 40)
        return h
    }

    /// Where the screens are over the next 200 ms (a restored engine first draws again the frames its snapshot or
    /// log did not record, at their own times, before now).
    static func positions(_ h: inout CoreHarness) -> [[Double]] {
        let mark = h.mark()
        let now = h.now
        h.advance(ms: 200)
        return h.frames(since: mark).filter { $0.timeUs > now }.map {
            [Double($0.timeUs), $0.fromX, $0.toX, $0.dimming]
        }
    }

    @Test("the two revisions draw a dropped swipe apart; a revision-1 stack keeps the exact curve")
    func revisionsDrawApart() {
        var flutter = Self.midSettle(revision: 2)
        var exact = Self.midSettle(revision: 1)
        #expect(Self.positions(&flutter) != Self.positions(&exact))
        #expect(exact.stack()?.profile == ProfileCatalog.flutterExact)
    }

    @Test(
        "a stack restored mid-settle, from a snapshot or from the log, draws the same frames as the one that went on, in either revision",
        arguments: [1, 2] as [UInt32])
    func restoredMidSettle(revision: UInt32) throws {
        var live = Self.midSettle(revision: revision)
        var fromSnapshot = live
        let snapshot = live.core.snapshot()
        fromSnapshot.core = try EngineCore(snapshot: try Snapshot(decoding: snapshot.encoded()))
        var fromLog = live
        fromLog.core = EngineCore()
        for event in live.events { try fromLog.core.restore(event) }
        let expected = Self.positions(&live)
        #expect(expected.count > 10)
        #expect(Self.positions(&fromSnapshot) == expected)
        #expect(Self.positions(&fromLog) == expected)
    }
}
