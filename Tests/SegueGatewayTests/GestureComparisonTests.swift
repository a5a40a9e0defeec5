import SegueClient
import SegueJSON
import SegueWire
import Testing

@testable import SegueGateway

/// The page's side-by-side comparison replays pans on a manual clock: their times must be ones that clock can run.
struct GestureComparisonTests {
    private func comparison(times: [Int64]) throws(JSONInputError) -> GestureComparison {
        let phases = ["PAN_BEGAN"] + Array(repeating: "PAN_CHANGED", count: times.count - 2) + ["PAN_ENDED"]
        let pans = zip(times, phases).enumerated().map { index, pair in
            #"{"gestureId":"1","phase":"\#(pair.1)","location":{"x":\#(10 + 40 * index),"y":300},"#
                + #""translation":{"x":\#(40 * (index + 1))},"timestampUs":"\#(pair.0)"}"#
        }
        let text = #"{"profiles":["fluid","ios"],"pans":[\#(pans.joined(separator: ","))]}"#
        return try GestureComparison(json: try JSONValue(parsing: Array(text.utf8)), path: "compare")
    }

    private func refusal(times: [Int64]) -> String {
        do {
            _ = try comparison(times: times)
            return "no error"
        } catch {
            return error.description
        }
    }

    @Test func aDragReplaysThroughEveryProfileToTheEnd() throws {
        let result = try comparison(times: [5_000, 21_000, 37_000, 53_000]).run().description
        let runs = try JSONValue(parsing: Array(result.utf8))
        guard case .object(let message) = runs, case .object(let comparison)? = message["comparison"],
            case .array(let list)? = comparison["runs"]
        else {
            Issue.record("not a comparison: \(result)")
            return
        }
        #expect(list.count == 2)
        for case .object(let run) in list {
            guard case .array(let frames)? = run["frames"], case .object(let last)? = frames.last else {
                Issue.record("no frames: \(run)")
                continue
            }
            #expect(last["phase"] == .string("DONE"))
        }
    }

    @Test func refusesTimesThatGoBackOrSpanMoreThanTenMinutes() {
        #expect(refusal(times: [1_000, 0]) == "compare.pans[1].timestampUs: goes back in time (0 after 1000)")
        #expect(
            refusal(times: [0, 600_000_001]) == "compare.pans[1].timestampUs: is more than 600 s after the first pan")
        // Far apart enough to overflow the engine's clock: refused, not a crash.
        #expect(refusal(times: [.min, .max]) == "compare.pans[1].timestampUs: is more than 600 s after the first pan")
        #expect(refusal(times: [0, 600_000_000]) == "no error")
    }
}
