import SegueWire

extension EngineCore {
    /// Folds one logged event like `restore(_:)`, and adds to `outcome.frames` the frames the live engine
    /// published for the event's stack up to and including this event (`outcome.events` and `rejections` are left
    /// alone). Replaying a whole log this way regenerates its frames offline: `segue replay --frames`.
    ///
    /// The live engine runs a stack's clock to `now` before it applies any input of that stack, and draws settle
    /// frames at their scheduled times, not when it gets to them. So, per stack, the frames are a function of the
    /// stack's events alone:
    /// - before an event at time t, the settle frames scheduled at or before t (and before the settle's end);
    /// - a `progressed` gives its TRACKING frame;
    /// - a `completed` gives the DONE frame at the settle's end (or at t when a restart cut the settle short, then
    ///   numbered after all the settle's frames, as the restart numbered it), carrying the `completed` event's
    ///   position.
    ///
    /// Sequences continue per transition as they did live. Only the interleaving across stacks can differ from
    /// what was published: the live clock draws every stack's due frames at once, the replay draws a stack's when
    /// its next event comes. Frames after a log's last event (a settle the engine was drawing when it stopped)
    /// are not drawn.
    /// - Throws: `RestoreError` as `restore(_:)` does; the state is then unchanged.
    public mutating func replay(_ event: Event, into outcome: inout Outcome) throws(RestoreError) {
        guard let slot = try checkRestorable(event) else {
            fold(event, slot: nil)
            return
        }
        let settling = publishSettleFrames(slot: slot, through: event.timeUs, into: &outcome)
        var done: Frame?
        if case .completed(let completed) = event.body {
            // A settle cut short by a restart: its DONE frame is numbered after all its frames, as the restart did.
            if let settling { stacks.models[slot].skipSettleFrames(through: settling.endUs) }
            if let transition = stacks.models[slot].transition {
                let doneAt = settling.map { min($0.endUs, event.timeUs) } ?? event.timeUs
                done = Self.doneFrame(
                    of: stacks.models[slot], transition: transition, finished: completed.finished,
                    timeUs: doneAt, position: event.position)
            }
        }
        fold(event, slot: slot)
        if let done { outcome.frames.append(done) }
        // A deleted stack's slot now holds another stack (or none): only a progressed draws a frame after the fold.
        if case .progressed = event.body {
            stacks.models[slot].publishTrackingFrame(timeUs: event.timeUs, into: &outcome)
        }
    }
}
