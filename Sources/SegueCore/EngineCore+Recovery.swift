import SegueWire

extension EngineCore {
    /// Ends the transitions a stopped engine left in flight, after `restore` has replayed the log: a tracking
    /// one is cancelled (ENGINE_RESTARTED) and completed unfinished, a settling one is completed toward its
    /// target, and one begun by a command whose `finished` was lost is completed unfinished. Each completion runs
    /// the stack's queued commands as the live engine would, as does an idle stack that the log left with some
    /// (a `completed` whose next began was lost).
    public mutating func endTransitionsInFlight(now: Int64, into outcome: inout Outcome) {
        for stackId in stacks.keys.sorted() {
            // Completing a transition deletes nothing, so slots stay put while this loop runs.
            guard let slot = stacks.slot(of: stackId) else { continue }
            guard let transition = stacks.models[slot].transition else {
                runQueuedCommand(slot: slot, now: now, into: &outcome)
                continue
            }
            switch transition.phase {
            case .tracking(let tracking):
                let cancelled = TransitionCancelled(
                    transitionId: transition.id, progress: tracking.progress,
                    velocity: 0, reason: .engineRestarted, settleUs: 0)
                append(
                    .cancelled(cancelled), slot: slot, requestId: transition.requestId, now: now,
                    into: &outcome)
                complete(slot: slot, finished: false, doneAt: clockUs, now: now, into: &outcome)
            case .settling(let settling):
                // DONE at the settle's end, or now if the restart cut it short: the same time an offline replay
                // of the log gives it. Numbered after every frame of the settle, which the stopped engine may have
                // drawn (even past this engine's clock, had the wall clock stepped back), as the replay numbers it.
                stacks.models[slot].skipSettleFrames(through: settling.endUs)
                complete(
                    slot: slot, finished: settling.targetFraction == 1,
                    doneAt: min(settling.endUs, max(now, clockUs)), now: now, into: &outcome)
            case .animating:
                let cancelled = TransitionCancelled(
                    transitionId: transition.id, progress: 0, velocity: 0,
                    reason: .engineRestarted, settleUs: 0)
                append(
                    .cancelled(cancelled), slot: slot, requestId: transition.requestId, now: now,
                    into: &outcome)
                complete(slot: slot, finished: false, doneAt: clockUs, now: now, into: &outcome)
            }
        }
    }
}
