import SegueClient
import SegueJSON
import SegueWire
import Testing

@testable import SegueGateway

/// The page's side-by-side comparison replays pans on a manual clock: their times must be ones that clock can run.
struct GestureComparisonTests {
    private func comparison(times: [Int64], profiles: [String] = ["fluid", "ios"], fps: Int = 60) throws(JSONInputError)
        -> GestureComparison
    {
        let phases = ["PAN_BEGAN"] + Array(repeating: "PAN_CHANGED", count: times.count - 2) + ["PAN_ENDED"]
        let pans = zip(times, phases).enumerated().map { index, pair in
            #"{"gestureId":"1","phase":"\#(pair.1)","location":{"x":\#(10 + 40 * index),"y":300},"#
                + #""translation":{"x":\#(40 * (index + 1))},"timestampUs":"\#(pair.0)"}"#
        }
        let names = profiles.map { "\"\($0)\"" }.joined(separator: ",")
        let text = #"{"profiles":[\#(names)],"fps":\#(fps),"pans":[\#(pans.joined(separator: ","))]}"#
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
        let result = try comparison(times: [5_000, 21_000, 37_000, 53_000]).run(maxAnswerBytes: .max).description
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

    @Test func aSwipeBetweenTabsIsComparedOnATabStack() throws {
        let pans = (0..<6).map { index in
            #"{"gestureId":"1","phase":"\#(index == 0 ? "PAN_BEGAN" : index == 5 ? "PAN_ENDED" : "PAN_CHANGED")","#
                + #""target":"PAN_TARGET_TABS","location":{"x":\#(380 - 50 * index),"y":300},"#
                + #""translation":{"x":\#(-50 * (index + 1))},"timestampUs":"\#(10_000 + 16_000 * index)"}"#
        }
        let text = #"{"profiles":["fluid"],"pans":[\#(pans.joined(separator: ","))]}"#
        let comparison = try GestureComparison(json: try JSONValue(parsing: Array(text.utf8)), path: "compare")
        let result = try comparison.run(maxAnswerBytes: .max).description
        #expect(!result.contains("error"), "\(result)")
        #expect(result.contains(#""operation":"SELECT_TAB""#), "\(result)")
        #expect(result.contains(#""completed":{"#) && result.contains(#""selectedTab":1"#), "\(result)")
    }

    @Test func everyFrameAndEventTakesAtLeastTheBytesTheAnswersEstimateCountsForIt() throws {
        let profiles = ["fluid", "ios", "flutter", "classic", "percent-1s", "modal", "slide-left", "fullscreen"]
        for profile in profiles {
            var budget = GestureComparison.AnswerBudget(maxBytes: .max)
            let outcome = try comparison(times: [0, 8_000, 16_000, 24_000], profiles: [profile])
                .run(profile: profile, budget: &budget)
            #expect(!outcome.frames.isEmpty && !outcome.events.isEmpty)
            let shortestFrame = outcome.frames.map { $0.jsonObject.description.utf8.count }.min() ?? 0
            let shortestEvent = outcome.events.map { $0.jsonObject.description.utf8.count }.min() ?? 0
            #expect(shortestFrame >= GestureComparison.minFrameJSONBytes, "\(profile)")
            #expect(shortestEvent >= GestureComparison.minEventJSONBytes, "\(profile)")
        }
    }

    @Test func anAnswerThatCannotFitIsRefusedFromItsCountsBeforeItsJSONIsBuilt() throws {
        // A drag of 40 s with samples every 4 ms: 10,000 tracking frames per profile at least, more than 1 MB.
        let long = try comparison(times: (0..<5_000).map { Int64($0) * 8_000 }, profiles: ["fluid", "ios"])
        let refusal: Refusal
        do {
            _ = try long.run(maxAnswerBytes: 1 << 20)
            Issue.record("not refused")
            return
        } catch {
            refusal = error
        }
        #expect(refusal.detail.code == .resourceExhausted)
        #expect(refusal.detail.message.hasPrefix("the comparison's answer would be over 1048576 bytes of JSON ("))
        // Stopped at the limit's worth of frames, not after the whole run: the first profile was not finished.
        #expect(refusal.detail.message.contains(" frames made when it was stopped"))
        guard
            let frames = refusal.detail.message.split(separator: " ").firstIndex(of: "frames").map({ index in
                Int(refusal.detail.message.split(separator: " ")[index - 1])
            }) ?? nil
        else {
            Issue.record("no frame count in \(refusal.detail.message)")
            return
        }
        #expect(frames <= (1 << 20) / GestureComparison.minFrameJSONBytes + 1)
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
