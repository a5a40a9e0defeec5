import SegueClient
import SegueCore
import SegueJSON
import SegueWire

/// A stack's history for the page's time travel: its events read from the daemon's log a page at a time, each
/// page folded on a fresh engine as it arrives to regenerate the frames the live engine published, exactly as
/// `segue replay --frames` does (`EngineCore.replay`: a stack's frames are a function of its events alone). Only
/// the newest `GatewayLimits.maxHistoryEvents` events and their frames are kept, so a long log costs time, not
/// memory. The engine wants positions without gaps, so the stack's events are numbered 1, 2, ... for the fold
/// and the frames get their events' log positions back.
struct StackHistory {
    let stackId: String
    /// Where the next read starts.
    private(set) var nextPosition: UInt64 = 0
    private var core = EngineCore()
    private var outcome = Outcome()
    /// The log position of every folded event, by its number in the fold minus one.
    private var logPositions: [UInt64] = []
    private var kept: [Event] = []
    private var frames: [Frame] = []
    private var dropped = false

    init(stackId: String) {
        self.stackId = stackId
    }

    /// Events asked for in one read of the log.
    static let eventsPerRead: UInt32 = 10_000

    /// Folds a batch; true when the log has no more.
    /// - Throws: `Refusal` when the log's events do not replay.
    mutating func add(_ batch: EventBatch) throws(Refusal) -> Bool {
        for event in batch.events { try fold(event) }
        let excess = kept.count - GatewayLimits.maxHistoryEvents
        if excess > 0 {
            kept.removeFirst(excess)
            dropped = true
            let startUs = kept[0].timeUs
            frames.removeAll { $0.timeUs < startUs }
        }
        nextPosition = batch.nextPosition
        return batch.events.isEmpty && batch.nextPosition > batch.headPosition || nextPosition > batch.headPosition
    }

    private mutating func fold(_ event: Event) throws(Refusal) {
        logPositions.append(event.position)
        var numbered = event
        numbered.position = UInt64(logPositions.count)
        do throws(EngineCore.RestoreError) {
            try core.replay(numbered, into: &outcome)
        } catch {
            throw Refusal(
                .unavailable,
                "the log's events of \(stackId) do not replay (at position "
                    + "\(event.position)): \(error.message)")
        }
        for var frame in outcome.frames {
            if frame.position > 0 { frame.position = logPositions[Int(frame.position) - 1] }
            frames.append(frame)
        }
        outcome.removeAll()
        kept.append(event)
    }

    /// `{"history": {"stackId", "events": [..], "frames": [..], "truncated": false}}`: the newest
    /// `GatewayLimits.maxHistoryEvents` events and the frames from the first of them on, fewer events when their
    /// JSON would be over `GatewayLimits.maxAnswerBytes` (a stack of short swipes at 240 fps has a hundred frames
    /// per event).
    func message(maxBytes: Int = GatewayLimits.maxAnswerBytes) -> JSONObject {
        let events = kept.map(\.jsonObject.description)
        let frameTexts = frames.map(\.jsonObject.description)
        var bytes = (events + frameTexts).reduce(0) { $0 + $1.utf8.count + 1 }
        var firstEvent = 0
        var firstFrame = 0
        let budget = maxBytes - 1024  // the rest of the message
        while bytes > budget, firstEvent < events.count - 1 {
            bytes -= events[firstEvent].utf8.count + 1
            firstEvent += 1
            while firstFrame < frames.count, frames[firstFrame].timeUs < kept[firstEvent].timeUs {
                bytes -= frameTexts[firstFrame].utf8.count + 1
                firstFrame += 1
            }
        }
        var history = JSONObject()
        history.addRaw("stackId", JSONObject.quoted(stackId))
        history.addRaw("events", "[" + events[firstEvent...].joined(separator: ",") + "]")
        history.addRaw("frames", "[" + frameTexts[firstFrame...].joined(separator: ",") + "]")
        history.add("truncated", dropped || firstEvent > 0)
        var message = JSONObject()
        message.add("history", history)
        return message
    }
}
