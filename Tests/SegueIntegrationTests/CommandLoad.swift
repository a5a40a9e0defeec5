import Foundation
import SegueClient
import SegueWire

/// Commands sent one after another on a thread of their own, to a daemon that may die meanwhile: each
/// acknowledged one is remembered with the stack it was for. The first command that gets no answer ends the load.
final class CommandLoad: @unchecked Sendable {
    private let lock = NSLock()
    private var acknowledged: [(stack: String, result: CommandResult)] = []
    private var stopping = false
    private let finished = DispatchSemaphore(value: 0)

    /// Starts pushing a screen on one of `stacks` and popping it, then the next stack, at `endpoint`, each command
    /// waiting up to `timeoutMs` for its answer.
    init(endpoint: String, stacks: [String], timeoutMs: Int = 1000) {
        Thread.detachNewThread { [self] in
            defer { finished.signal() }
            guard let control = try? ControlClient(endpoint: endpoint, timeoutMs: timeoutMs) else { return }
            var round = 0
            while !lock.withLock({ stopping }) {
                let stack = stacks[round / 2 % stacks.count]
                let op: Command.Op =
                    round % 2 == 0 ? .push(Push(screen: "Load\(round)", immediate: true)) : .pop(Pop(immediate: true))
                guard let result = try? control.command(Command(stackId: stack, op: op)) else { return }
                lock.withLock { acknowledged.append((stack, result)) }
                round += 1
            }
        }
    }

    /// How many commands were acknowledged so far.
    var count: Int { lock.withLock { acknowledged.count } }

    /// Ends the load (if the daemon has not already) and returns every acknowledged command.
    func stop() -> [(stack: String, result: CommandResult)] {
        lock.withLock { stopping = true }
        finished.wait()
        return lock.withLock { acknowledged }
    }
}
