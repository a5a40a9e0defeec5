import SegueClient
import SegueCore
import SegueWire

/// A swipe typed while a push (or any animation) still runs waits for it, as a finger would, instead of being
/// refused with TRANSITION_IN_PROGRESS: except where the stack's profile catches the settle, since catching it is
/// the behaviour to see.
enum RunningTransitionWait {
    /// Reads `feed` until the stack runs no transition that a swipe toward `target` would be refused for.
    /// - Parameters:
    ///   - state: the stack as read after `feed` started.
    ///   - announce: told once what the swipe waits for.
    /// - Returns: the stack's state once the swipe can begin.
    /// - Throws: `CLIFailure` (TRANSITION_IN_PROGRESS) when the stack is still busy after `waitMs`.
    static func awaitStart(
        of target: PanTarget, state: StackState, feed: EventFeed, control: ControlClient, waitMs: Int,
        announce: (String) -> Void
    ) throws -> StackState {
        var state = state
        let deadline = Deadline(inMilliseconds: waitMs)
        var announced = false
        while let transition = state.transition, !catches(transition, config: state.config, target: target) {
            if !announced {
                announce("waiting for transition \(transition.transitionId) (\(transition.operation)) to complete")
                announced = true
            }
            while !ends(transition.transitionId, try next(feed, until: deadline, transition: transition)) {}
            state = try control.stack(state.stackId)
        }
        return state
    }

    /// Whether the stack's profile lets a swipe toward `target` catch `transition` instead of being refused: a
    /// settle the profile catches, of the same kind (a tab swipe catches tab switches, a back swipe the rest).
    static func catches(_ transition: TransitionState, config: StackConfig?, target: PanTarget) -> Bool {
        guard transition.phase == .settling, let config,
            let profile = ProfileCatalog.named(
                config.profile.isEmpty ? StackConfig.defaultProfile : config.profile,
                revision: config.profileRevision)
        else { return false }
        return profile.catchesSettle && (transition.operation == .selectTab) == (target == .panTargetTabs)
    }

    /// Whether `publication` is the last event of transition `id`.
    private static func ends(_ id: UInt64, _ publication: Publication) -> Bool {
        guard case .event(let event) = publication else { return false }
        switch event.body {
        case .completed(let completed): return completed.transitionId == id
        case .interrupted(let interrupted): return interrupted.transitionId == id
        case .deleted: return true
        default: return false
        }
    }

    private static func next(_ feed: EventFeed, until deadline: Deadline, transition: TransitionState) throws
        -> Publication
    {
        let leftMs = deadline.remainingMs
        if leftMs > 0, let publication = try feed.next(timeoutMs: leftMs) { return publication }
        throw CLIFailure(
            code: .transitionInProgress,
            message: "transition \(transition.transitionId) (\(transition.operation)) still runs; a larger "
                + "--wait-ms waits longer")
    }
}
