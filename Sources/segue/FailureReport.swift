import SegueClient
import SegueCommandLine
import SegueWire

/// How `segue` reports a failed command: `segue: CODE: message` on stderr, then, where one helps, a `hint:` line
/// saying what to do next.
enum FailureReport {
    /// The lines for `error`, raised by `command` run with `arguments` (nil when they did not parse).
    static func lines(for error: any Error, command: String, arguments: ParsedArguments?) -> [String] {
        var lines = ["segue: \(error)"]
        if let hint = hint(for: error, command: command, arguments: arguments) { lines.append("hint: \(hint)") }
        return lines
    }

    private static func hint(for error: any Error, command: String, arguments: ParsedArguments?) -> String? {
        let code: ErrorCode
        switch error {
        case ClientError.timeout(let endpoint, _):
            return silenceHint(endpoint: endpoint, arguments: arguments)
        case let error as ClientError: code = error.code
        case let error as CLIFailure: code = error.code
        default: return nil
        }
        switch code {
        case .transitionInProgress where command == "swipe":
            return "drop --no-wait, and swipe waits for the running transition to complete"
        case .transitionInProgress:
            return "wait for the running transition to complete (segue tail shows its completed event); "
                + "commands given --immediate do not animate, and leave nothing running"
        case .unknownStack:
            return "segue stacks lists the stacks; segue create STACK makes one"
        default:
            return nil
        }
    }

    /// Why the daemon at `endpoint` was silent, found by connecting once more (`SilenceDiagnosis`).
    private static func silenceHint(endpoint: String, arguments: ParsedArguments?) -> String? {
        guard let arguments, let connection = try? Connection(arguments) else { return nil }
        switch SilenceDiagnosis.diagnose(endpoint: endpoint, curve: connection.curve, timeoutMs: 1000) {
        case .nothingListening:
            return "nothing listens at \(endpoint): start segued (make run), or point --control, --ingest and "
                + "--events (or SEGUE_CONTROL, ...) at it"
        case .curveRequired:
            return "segued at \(endpoint) requires CURVE: pass --curve-server-key and --curve-key-file "
                + "(see docs/security.md)"
        case .curveNotSpoken:
            return "segued at \(endpoint) does not speak CURVE: drop --curve-server-key and --curve-key-file"
        case .keyRefused:
            return "segued at \(endpoint) refused this client's key: add its public key to the daemon's "
                + "--authorized-keys file"
        case .handshakeFailed:
            return "the CURVE handshake with \(endpoint) failed: check that --curve-server-key is the daemon's "
                + "public key"
        case .answers:
            return "segued at \(endpoint) accepts connections but did not answer: it may be overloaded, or that "
                + "is not its control endpoint; a larger --timeout-ms waits longer"
        case .undecided:
            return nil
        }
    }
}
