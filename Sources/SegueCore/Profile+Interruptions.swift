import SegueWire

extension Profile {
    /// What a command does when it arrives while a transition is running.
    public enum Interruption: Sendable, Hashable {
        /// TRANSITION_IN_PROGRESS: the command waits for the running transition's `completed`.
        case refuse
        /// The running transition turns back from where it is, in what remains of its duration and along the
        /// curves it went out on, and completes unfinished (docs/semantics.md, "A pop during a push").
        case reverse
        /// The command finishes a back swipe's transition itself, from where the screens are: ending the finger's
        /// drag, or turning the spring back of a release short of finishing (docs/semantics.md, "A pop during a
        /// back swipe").
        case takeOver
        /// The command waits for the running transition's `completed`, then runs as its own transition
        /// (docs/semantics.md, "A command during a transition, queued"); a finger's drag it ends first, and the
        /// page springs back (docs/semantics.md, "A push during a back swipe").
        case queue
    }

    /// Which commands turn which running command transitions back, and which take which back swipes over; every
    /// other pair refuses.
    public struct Interruptions: Sendable, Hashable {
        /// The command that reverses a running transition, by the running transition's operation.
        public var reversedBy: [Operation: Operation]
        /// The command that takes a back swipe's transition over, by its operation: while the finger drags it, and
        /// while it springs back after a release short of finishing.
        public var swipeTakenOverBy: [Operation: Operation]
        /// The commands that wait while a transition settles toward its end (a command's, or a swipe's after its
        /// commit), whatever that transition is.
        public var queued: Set<Operation>
        /// The commands that wait for a back swipe: while the finger drags they end the drag (the page springs
        /// back in place), and while a released swipe settles they wait for it.
        public var swipeQueues: Set<Operation>
        /// Whether a back swipe that begins while a released swipe settles is held, and its release sends a back
        /// key (docs/semantics.md, "A back swipe during the animation, a back key").
        public var holdsBackSwipes: Bool

        public init(
            reversedBy: [Operation: Operation] = [:], swipeTakenOverBy: [Operation: Operation] = [:],
            queued: Set<Operation> = [], swipeQueues: Set<Operation> = [], holdsBackSwipes: Bool = false
        ) {
            self.reversedBy = reversedBy
            self.swipeTakenOverBy = swipeTakenOverBy
            self.queued = queued
            self.swipeQueues = swipeQueues
            self.holdsBackSwipes = holdsBackSwipes
        }

        /// What `command` does while a command's `running` transition animates.
        public func rule(running: Operation, command: Operation) -> Interruption {
            if reversedBy[running] == command { return .reverse }
            return queued.contains(command) ? .queue : .refuse
        }

        /// What `command` does while a back swipe's `swiped` transition is dragged or settles.
        public func rule(swiping swiped: Operation, command: Operation) -> Interruption {
            if swipeTakenOverBy[swiped] == command { return .takeOver }
            return swipeQueues.contains(command) ? .queue : .refuse
        }

        /// Whether the profile ever queues `operation`, behind a transition or a swipe.
        public func mayQueue(_ operation: Operation) -> Bool {
            queued.contains(operation) || swipeQueues.contains(operation)
        }
    }
}

extension Profile {
    /// How a command that took a swipe over finishes it: the command's own curve, over what remains of the
    /// command's own duration from where the screens are, as Flutter's controller runs from its value (`flutter`:
    /// 500 ms, linear in time). A profile whose commands have no such duration finishes at once.
    var takeOver: (ms: Double, curve: CubicBezier) {
        switch navigationSettle {
        case .fixed(let ms, let curve)?, .remaining(let ms, let curve)?: (ms, curve)
        default: (0, ProfileCatalog.linear)
        }
    }
}
