import SegueWire

extension QueuedCommand {
    /// The navigation command waiting, with its operation; nil for anything else, which no queue may hold (restore
    /// and snapshots check it, so this is read where a queue is checked and where a command's turn comes).
    func navigation(limits: Limits) -> (command: NavigationCommand, operation: Operation)? {
        guard let op = command?.op, let navigation = try? NavigationCommand(op, limits: limits),
            let operation = navigation.operation
        else { return nil }
        return (navigation, operation)
    }
}
