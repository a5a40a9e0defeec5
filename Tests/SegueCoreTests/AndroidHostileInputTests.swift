import Foundation
import SegueWire
import Testing

@testable import SegueCore

/// Hostile and extreme pan input on android stacks: producer clocks at Int64's ends or jumping by years, containers
/// from one point to the largest, translations that jump, locations missing, bursts within a millisecond, gestures
/// left dangling, resizes mid-gesture and mid-spring. Every session must keep the invariants of `PropertyTests`.
@Suite("android hostile input")
struct AndroidHostileInputTests {
    static func harness(width: Double = 400, height: Double = 800, fps: UInt32 = 0) -> CoreHarness {
        var h = CoreHarness()
        h.create(width: width, height: height, profile: "android", revision: CoreHarness.newest, fps: fps)
        return h
    }

    static func expectSound(_ h: CoreHarness, _ note: String) {
        let problems = PropertyTests.violations(of: h)
        #expect(problems.isEmpty, "\(note): \(problems.joined(separator: "; "))")
        for frame in h.frames {
            for view in [frame.from, frame.to] {
                let rect = view?.rect ?? Rect()
                let numbers = [rect.x, rect.y, rect.width, rect.height, view?.alpha ?? 0, view?.cornerRadius ?? 0]
                #expect(numbers.allSatisfy { $0.isFinite }, "\(note): frame \(frame.sequence) has \(numbers)")
            }
            #expect(frame.progress.isFinite && frame.dimming.isFinite, "\(note): frame \(frame.sequence)")
        }
    }

    /// A swipe whose samples carry the producer times `times` (BEGAN, CHANGED..., ENDED), to `travel` points.
    static func swipe(_ h: inout CoreHarness, times: [Int64], travel: Double, location: Bool = true) {
        let gesture = h.newGesture()
        let start = Vec2(x: 10, y: 400)
        for (index, time) in times.enumerated() {
            let phase: PanPhase = index == 0 ? .panBegan : index == times.count - 1 ? .panEnded : .panChanged
            let x = index == 0 ? 0 : travel * Double(index) / Double(times.count - 1)
            h.advance(ms: 16)
            h.pan(
                phase, gesture: gesture, translation: Vec2(x: x, y: 0),
                location: location ? Vec2(x: start.x + x, y: start.y) : nil, velocity: Vec2(x: 300, y: 0),
                timestampUs: time)
        }
        h.runUntilIdle()
    }

    static let nearMax: [Int64] = (0..<12).map { Int64.max - 12_000 + Int64($0) * 1000 }
    static let nearMin: [Int64] = (0..<12).map { Int64.min + Int64($0) * 1000 }
    static let across: [Int64] = [Int64.min, Int64.min + 1, -1, 0, 1, Int64.max - 1, Int64.max, Int64.max]
    static let years: [Int64] = (0..<12).map { Int64($0) * 31_557_600_000_000 }

    @Test("producer clocks at Int64's ends, or jumping by years between samples", arguments: [0, 1, 2, 3])
    func extremeClocks(clock: Int) {
        let times = [Self.nearMax, Self.nearMin, Self.across, Self.years][clock]
        for travel in [60.0, 300, -40] {
            var h = Self.harness()
            Self.swipe(&h, times: times, travel: travel)
            #expect(h.began.count == 1 && h.completed.count == 1, "travel \(travel)")
            Self.expectSound(h, "times \(times.first!) travel \(travel)")
        }
    }

    static let sizes: [(Double, Double)] = [
        (1, 1), (1, 100_000), (100_000, 1), (100_000, 100_000), (59, 800), (60, 800), (61, 800),
    ]

    @Test("containers from 1 x 1 to 100000 x 100000, and narrower than both edge zones", arguments: 0..<7)
    func containerSizes(index: Int) {
        let size = Self.sizes[index]
        for fps in [UInt32(0), 240, 1] {
            var h = Self.harness(width: size.0, height: size.1, fps: fps)
            for (index, travel) in [size.0, size.0 * 0.1, -size.0].enumerated() {
                Self.swipe(&h, times: (0..<8).map { h.producerUs + Int64($0) * 16_000 }, travel: travel)
                h.command(.push(Push(screen: "Detail")), requestId: "push\(index)")
                h.runUntilIdle()
            }
            Self.expectSound(h, "\(size) at \(fps) fps")
        }
    }

    @Test("translations that jump across the whole range, locations missing, thousands of samples in one ms")
    func jumpsAndBursts() {
        var h = Self.harness(fps: 240)
        let gesture = h.newGesture()
        h.pan(.panBegan, gesture: gesture, translation: Vec2(x: 1, y: 0), velocity: Vec2(x: 1e6, y: -1e6))
        var rng = SplitMix64(seed: 7)
        for index in 0..<5000 {
            let x = [-1e6, 1e6, 0, 1e-300, 17].randomElement(using: &rng)!
            let y = [-1e6, 1e6, 0].randomElement(using: &rng)!
            h.pan(
                .panChanged, gesture: gesture, translation: Vec2(x: x, y: y),
                location: index % 3 == 0 ? nil : Vec2(x: x, y: y), velocity: index % 2 == 0 ? nil : Vec2(x: x, y: y),
                timestampUs: h.producerUs)
        }
        h.pan(.panEnded, gesture: gesture, translation: Vec2(x: 1e6, y: 1e6), timestampUs: h.producerUs)
        h.runUntilIdle()
        #expect(h.completed.count == 1)
        Self.expectSound(h, "bursts")
    }

    @Test("a gesture left dangling times out and springs back; a resize mid-gesture and mid-spring redraws it")
    func danglingAndResized() {
        var h = Self.harness(fps: 240)
        let gesture = h.began()
        for x in stride(from: 20.0, through: 300, by: 20) { h.changed(gesture, x: x) }
        h.command(.resize(Resize(size: Size(width: 1, height: 1))))
        h.changed(gesture, x: 320)
        h.command(.resize(Resize(size: Size(width: 100_000, height: 3))))
        // Silence: the gesture times out and the spring takes it back.
        h.advance(ms: 2000)
        h.command(.resize(Resize(size: Size(width: 50, height: 50))))
        h.runUntilIdle()
        #expect(h.cancelled.last?.reason == .gestureTimeout)
        #expect(h.completed.count == 1)
        Self.expectSound(h, "dangling")
    }

    @Test("a tuned dimming past 1 keeps the scrim an alpha, 0 to 1, as every other profile's")
    func tunedDimming() throws {
        var h = CoreHarness()
        h.create(profile: "android", revision: CoreHarness.newest, tuning: Tuning(dimming: 5))
        h.swipe(to: 240, steps: 12)
        h.runUntilIdle()
        #expect(h.frames.count > 10)
        #expect(h.frames.allSatisfy { (0...1).contains($0.dimming) }, "\(Set(h.frames.map(\.dimming)))")
        #expect(h.frames.contains { $0.dimming == 1 })
    }
}
