import SegueWire
import Testing

@testable import SegueCore

/// Frame layout: where the two screens are at a visual fraction, per profile, mirrored for right-to-left.
@Suite("layout")
struct LayoutTests {
    struct Look: Sendable, CustomTestStringConvertible {
        var profile: String
        var parallax: Double
        var dimming: Double
        var testDescription: String { profile }
    }

    static let looks: [Look] = [
        Look(profile: "fluid", parallax: 0.3, dimming: 0.1),
        Look(profile: "classic", parallax: 0, dimming: 0),
        Look(profile: "fullscreen", parallax: 0.25, dimming: 0),
        Look(profile: "modal", parallax: 0, dimming: 0),
        Look(profile: "ios", parallax: 0.3, dimming: 0.1),
        Look(profile: "flutter", parallax: 1.0 / 3.0, dimming: 0.094),
    ]

    @Test(
        "pop at f: from x = f W, to x = -parallax W (1 - f), dimming (1 - f); rects keep the size",
        arguments: looks, [false, true])
    func popLayout(look: Look, rightToLeft: Bool) throws {
        let width = 400.0
        var h = CoreHarness()
        h.create(height: 700, profile: look.profile, rightToLeft: rightToLeft)
        let mirror: Double = rightToLeft ? -1 : 1
        let start = Vec2(x: rightToLeft ? 390 : 10, y: 300)
        let gesture = h.began(start: start, heading: Vec2(x: 100 * mirror, y: 0))
        for f in [0.5, 0.25, 0.75, 0] {
            h.changed(gesture, x: f * width * mirror, start: start)
            let frame = try #require(h.frames.last)
            #expect(frame.phase == .tracking)
            #expect(close(frame.progress, f))
            #expect(frame.from?.screen == "Detail" && frame.to?.screen == "Home")
            #expect(close(frame.fromX, mirror * f * width))
            #expect(close(frame.toX, -mirror * look.parallax * width * (1 - f)))
            #expect(close(frame.dimming, look.dimming * (1 - f)))
            #expect(frame.from?.rect?.y == 0 && frame.to?.rect?.y == 0)
            #expect(frame.from?.rect?.width == width && frame.from?.rect?.height == 700)
            #expect(frame.to?.rect?.width == width && frame.to?.rect?.height == 700)
            #expect(frame.from?.alpha == 1 && frame.to?.alpha == 1)
        }
    }

    @Test("fluid pop at f = 0.5: to x = -0.3 W (1 - f) = -60, dimming 0.05")
    func fluidHalfway() throws {
        var h = CoreHarness()
        h.create(profile: "fluid")
        let gesture = h.began()
        h.changed(gesture, x: 200)
        let frame = try #require(h.frames.last)
        #expect(close(frame.fromX, 200) && close(frame.toX, -60) && close(frame.dimming, 0.05))
        #expect(close(frame.shadow, 0.075))
    }

    @Test(
        "push and present: incoming x = (1 - f) W, outgoing x = -parallax W f; DONE rects are the target's",
        arguments: looks.filter { $0.profile != "modal" }, [false, true])
    func pushLayout(look: Look, rightToLeft: Bool) throws {
        let width = 400.0
        var h = CoreHarness()
        h.create(profile: look.profile, rightToLeft: rightToLeft)
        h.push("Photo")
        h.runUntilIdle()
        let mirror: Double = rightToLeft ? -1 : 1
        let frames = h.frames(transition: 1)
        #expect(frames.count > 2)
        for frame in frames {
            let f = frame.progress
            #expect(frame.from?.screen == "Detail" && frame.to?.screen == "Photo")
            #expect(close(frame.toX, mirror * (1 - f) * width))
            #expect(close(frame.fromX, -mirror * look.parallax * width * f))
            #expect(close(frame.dimming, min(max(look.dimming * f, 0), 1)))
        }
        let done = try #require(frames.last)
        #expect(done.phase == .done && done.progress == 1)
        #expect(done.toX == 0 && close(done.fromX, -mirror * look.parallax * width))
    }

    @Test(
        "DONE after a pop: finished puts the lower screen at 0; cancelled puts the upper one back at 0",
        arguments: looks, [true, false])
    func doneRects(look: Look, finish: Bool) throws {
        let width = 400.0
        var h = CoreHarness()
        h.create(profile: look.profile)
        // fullscreen decides on 200 pt with a fling of 100 pt/s; a still finger at 10 pt cancels everywhere.
        h.swipe(to: finish ? 360 : 10, velocity: finish ? 50 : 0, heading: Vec2(x: 100, y: 0))
        h.runUntilIdle()
        let done = try #require(h.frames.last)
        #expect(h.completed.last?.finished == finish)
        #expect(done.phase == .done)
        if finish {
            #expect(done.fromX == width && done.toX == 0 && done.dimming == 0)
        } else {
            #expect(done.fromX == 0 && close(done.toX, -look.parallax * width) && close(done.dimming, look.dimming))
        }
    }

    @Test("FrameLayout clamps alphas when a spring overshoots")
    func overshootAlphas() throws {
        var h = CoreHarness()
        h.create(profile: "fluid")
        let stack = try #require(h.stack())
        let transition = TransitionModel(
            id: 1, operation: .pop, fromScreen: "Detail", toScreen: "Home", interactive: true, gestureId: 1,
            requestId: "", gestureSign: 1, towardHigherIndex: false, phase: .animating, frameSequence: 0)
        let over = FrameLayout.frame(
            of: stack, transition: transition, fraction: 1.2, phase: .settling, timeUs: 5,
            sequence: 3, position: 9)
        #expect(over.dimming == 0 && over.shadow == 0)
        #expect(close(over.fromX, 480))
        #expect(over.sequence == 3 && over.position == 9 && over.timeUs == 5 && over.stackId == "main")
        let under = FrameLayout.frame(
            of: stack, transition: transition, fraction: -20, phase: .settling, timeUs: 5,
            sequence: 3, position: 9)
        #expect(under.dimming == 1)
    }
}
