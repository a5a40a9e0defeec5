import SegueWire
import Testing

@testable import segue_bench

/// The bench's subscriber reads frames by field number (`FrameSummary`): it must read what `Frame` encodes.
struct FrameSummaryTests {
    @Test func readsTheFieldsAFrameEncodes() throws {
        let view = ViewFrame(screen: "Detail", rect: Rect(x: 120, y: 0, width: 390, height: 844))
        for phase in [FramePhase.tracking, .settling, .done] {
            let frame = Frame(
                stackId: "s123", transitionId: 7, sequence: 42, timeUs: 1_700_000_000_000_000,
                progress: 0.625, phase: phase, from: view, to: view, dimming: 0.1, shadow: 0.2,
                position: 99)
            let summary = try frame.encoded().withUnsafeBytes { try FrameSummary(decoding: $0) }
            #expect(summary.stackId == frame.stackId && summary.transitionId == frame.transitionId)
            #expect(summary.sequence == frame.sequence && summary.progress == frame.progress)
            #expect(summary.phase == phase)
        }
    }

    @Test func refusesWhatIsNotAFrame() {
        // A string field cut short, and a field with wire type 7 (which does not exist).
        for bytes: [UInt8] in [[0x0A, 0x05, 0x73], [0x0F, 0x00]] {
            #expect(throws: WireDecodingError.self) { try bytes.withUnsafeBytes { try FrameSummary(decoding: $0) } }
        }
    }
}
