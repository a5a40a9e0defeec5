import SegueWire
import Testing

@testable import SegueCore

/// The live clock's frame pacing: a clock that falls behind skips the frames already late and draws a bounded
/// number per run, numbering frames as if it had drawn them all.
@Suite struct FramePacingTests {
    static let t0 = CoreHarness.startUs
    /// 240 frames per second: frame k of a settle starting at t0 is at t0 + k * 1_000_000 / 240 (whole us).
    static let fps: UInt32 = 240

    /// A core holding `count` stacks, each with an animated push of a one-second settle begun at t0.
    static func settlingCore(stacks count: Int, pacing: FramePacing) -> EngineCore {
        var core = EngineCore()
        core.framePacing = pacing
        var outcome = Outcome()
        for index in 0..<count {
            let stack = "s\(index)"
            _ = core.apply(
                Command(
                    stackId: stack,
                    op: .create(
                        CreateStack(
                            screens: ["Home"], config: CoreHarness.config(fps: fps, tuning: Tuning(settleMs: 1000))))),
                requestId: "", now: t0, into: &outcome)
            _ = core.apply(
                Command(stackId: stack, op: .push(Push(screen: "Detail"))), requestId: "", now: t0,
                into: &outcome)
        }
        #expect(outcome.frames.isEmpty)
        return core
    }

    @Test func aClockThatFallsBehindDrawsTheLast50msAndNumbersAsIfItHadDrawnAll() {
        var live = Self.settlingCore(stacks: 1, pacing: .live)
        var outcome = Outcome()
        live.advance(to: Self.t0 + 500_000, into: &outcome)
        // Frames 1...120 are due; those before t0 + 450 ms (1...107) are late.
        #expect(outcome.skippedFrames == 107)
        #expect(outcome.frames.map(\.sequence) == Array(108...120))

        // A clock that kept up drew the same frames, with the same numbers, among all the others.
        var punctual = Self.settlingCore(stacks: 1, pacing: .everyFrame)
        var every = Outcome()
        while let deadline = punctual.nextDeadline(), deadline <= Self.t0 + 500_000 {
            punctual.advance(to: deadline, into: &every)
        }
        #expect(every.frames.count == 120 && every.skippedFrames == 0)
        #expect(Array(every.frames.suffix(13)) == outcome.frames)

        // Once the settle has ended, the DONE frame follows every settle frame's number.
        var rest = Outcome()
        live.advance(to: Self.t0 + 2_000_000, into: &rest)
        #expect(rest.skippedFrames == 239 - 120)
        #expect(rest.frames.map(\.phase) == [.done] && rest.frames.first?.sequence == 240)
    }

    @Test func withoutPacingAJumpDrawsEveryFrame() {
        var core = Self.settlingCore(stacks: 1, pacing: .everyFrame)
        var outcome = Outcome()
        core.advance(to: Self.t0 + 500_000, into: &outcome)
        #expect(outcome.frames.map(\.sequence) == Array(1...120))
        #expect(outcome.skippedFrames == 0)
    }

    @Test func oneRunDrawsAtMostItsBudgetAndTheRestStaysDue() {
        let pacing = FramePacing(lateFrameUs: 50_000, maxFramesPerRun: 4096)
        var core = Self.settlingCore(stacks: 3000, pacing: pacing)
        let now = Self.t0 + 30_000
        // Seven frames of each stack are due, none late: 21000 in all, more than five runs' worth.
        var runs = 0
        var drawn = 0
        var perStack: [String: [UInt64]] = [:]
        repeat {
            var outcome = Outcome()
            core.advance(to: now, into: &outcome)
            #expect(outcome.frames.count <= pacing.maxFramesPerRun + 7)
            #expect(outcome.skippedFrames == 0)
            drawn += outcome.frames.count
            for frame in outcome.frames { perStack[frame.stackId, default: []].append(frame.sequence) }
            runs += 1
        } while core.nextDeadline().map { $0 <= now } == true && runs < 100
        #expect(runs == 6)
        #expect(drawn == 21_000)
        #expect(perStack.count == 3000 && perStack.values.allSatisfy { $0 == Array(1...7) })
    }

    @Test func anInputOnAStackThatIsBehindDoesNotDrawItsLateFrames() {
        var core = Self.settlingCore(stacks: 1, pacing: .live)
        var outcome = Outcome()
        _ = core.apply(
            Command(stackId: "s0", op: .resize(Resize(size: Size(width: 300, height: 600)))), requestId: "",
            now: Self.t0 + 500_000, into: &outcome)
        #expect(outcome.skippedFrames == 107)
        #expect(outcome.frames.map(\.sequence) == Array(108...120))
    }
}
