import SegueWire

extension Profile {
    /// What a command does when it arrives while a transition another command began is still animating.
    public enum Interruption: Sendable, Hashable {
        /// TRANSITION_IN_PROGRESS: the command waits for the running transition's `completed`.
        case refuse
        /// The running transition turns back from where it is, in what remains of its duration and along the
        /// curves it went out on, and completes unfinished (docs/semantics.md, "A pop during a push").
        case reverse
    }

    /// Which commands turn which running command transitions back; every other pair refuses.
    public struct Interruptions: Sendable, Hashable {
        /// The command that reverses a running transition, by the running transition's operation.
        public var reversedBy: [Operation: Operation]

        public init(reversedBy: [Operation: Operation] = [:]) {
            self.reversedBy = reversedBy
        }

        /// What `command` does while a command's `running` transition animates.
        public func rule(running: Operation, command: Operation) -> Interruption {
            reversedBy[running] == command ? .reverse : .refuse
        }
    }
}
