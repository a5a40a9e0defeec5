import SegueClient
import SegueCore
import SegueWire

/// A stack's history for the page's time travel: its events read from the daemon's log a page at a time, then
/// folded on a fresh engine to regenerate the frames the live engine published, exactly as
/// `segue replay --frames` does (`EngineCore.replay`: a stack's frames are a function of its events alone). The
/// engine wants positions without gaps, so the stack's events are numbered 1, 2, ... for the fold and the frames
/// get their events' log positions back.
struct StackHistory {
    let stackId: String
    private(set) var events: [Event] = []
    /// Where the next read starts.
    private(set) var nextPosition: UInt64 = 0

    init(stackId: String) {
        self.stackId = stackId
    }

    /// The next read of the stack's events.
    var request: Request {
        Request(body: .readEvents(ReadEvents(fromPosition: nextPosition, stackId: stackId, maxCount: 10_000)))
    }

    /// Adds a batch; true when the log has no more.
    mutating func add(_ batch: EventBatch) -> Bool {
        events += batch.events
        nextPosition = batch.nextPosition
        return batch.events.isEmpty && batch.nextPosition > batch.headPosition || nextPosition > batch.headPosition
    }

    /// `{"history": {"stackId", "events": [..], "frames": [..], "truncated": true?}}`: the newest
    /// `GatewayLimits.maxHistoryEvents` events and the frames from the first of them on.
    func message() throws(Refusal) -> JSONObject {
        var core = EngineCore()
        var outcome = Outcome()
        var frames: [Frame] = []
        for (index, event) in events.enumerated() {
            var numbered = event
            numbered.position = UInt64(index + 1)
            do throws(EngineCore.RestoreError) {
                try core.replay(numbered, into: &outcome)
            } catch {
                throw Refusal(.unavailable, "the log's events of \(stackId) do not replay (at position "
                    + "\(event.position)): \(error.message)")
            }
            for var frame in outcome.frames {
                if frame.position > 0 { frame.position = events[Int(frame.position) - 1].position }
                frames.append(frame)
            }
            outcome.removeAll()
        }
        let kept = events.suffix(GatewayLimits.maxHistoryEvents)
        let startUs = kept.first?.timeUs ?? 0
        var history = JSONObject()
        history.addRaw("stackId", JSONObject.quoted(stackId))
        history.add("events", kept.map(\.jsonObject))
        history.add("frames", frames.filter { $0.timeUs >= startUs }.map(\.jsonObject))
        history.add("truncated", kept.count < events.count)
        var message = JSONObject()
        message.add("history", history)
        return message
    }
}
