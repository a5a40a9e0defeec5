import SegueClient
import SegueCommandLine
import SegueWire
import ZMQ

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
        case .transitionInProgress where arguments?.spec.options.contains { $0.name == "no-wait" } == true:
            // Without --no-wait the swipe has waited already, and its message says for how long.
            return arguments?.flag("no-wait") == true
                ? "drop --no-wait, and swipe waits for the running transition to complete" : nil
        case .transitionInProgress:
            let instant =
                arguments?.spec.options.contains { $0.name == "immediate" } == true
                ? "; commands given --immediate do not animate, and leave nothing running" : ""
            return "wait for the running transition to complete (segue tail shows its completed event)" + instant
        case .unknownStack:
            return "segue stacks lists the stacks; segue create STACK makes one"
        default:
            return nil
        }
    }

    /// Why the daemon at `endpoint` was silent, found by connecting once more as the silent client did
    /// (`SilenceDiagnosis`).
    private static func silenceHint(endpoint: String, arguments: ParsedArguments?) -> String? {
        guard let arguments, let connection = try? Connection(arguments, quiet: true) else { return nil }
        let roles: [(option: String, endpoint: String, type: SocketType)] = [
            ("--control", connection.endpoints.control, .dealer), ("--ingest", connection.endpoints.ingest, .push),
            ("--events", connection.endpoints.events, .sub),
        ]
        let given = roles.filter { $0.endpoint == endpoint }
        if given.count > 1 {
            return "\(endpoint) is given as both \(given[0].option) and \(given[1].option); segued listens on three "
                + "endpoints, one for each (its ready line names them)"
        }
        let (option, _, type) = given.first ?? roles[0]
        let role = String(option.dropFirst(2))
        switch SilenceDiagnosis.diagnose(endpoint: endpoint, type: type, curve: connection.curve, timeoutMs: 1000) {
        case .nothingListening:
            return "nothing answers the connection at \(endpoint) (nothing listens there, or its host does not "
                + "resolve): start segued (make run), or point --control, --ingest and --events (or SEGUE_CONTROL, "
                + "...) at it"
        case .curveRequired:
            return "segued at \(endpoint) requires CURVE: pass --curve-server-key and --curve-key-file "
                + "(see docs/security.md)"
        case .curveNotSpoken:
            return "segued at \(endpoint) does not speak CURVE: drop --curve-server-key and --curve-key-file"
        case .keyRefused:
            return "segued at \(endpoint) refused this client's key: --curve-key-file must be the secret key file "
                + "(.key) whose public key is in the daemon's --authorized-keys file"
        case .wrongSocketType:
            return "\(endpoint) is not segued's \(role) endpoint (it has three: ingest, control and events); "
                + "check \(option)"
        case .handshakeFailed where connection.curve != nil:
            return "the handshake with \(endpoint) failed: check that --curve-server-key is the daemon's public "
                + "key, and that \(endpoint) is its \(role) endpoint"
        case .handshakeFailed:
            return "the connection to \(endpoint) closed during its handshake: check that it is segued's \(role) "
                + "endpoint (\(option))"
        case .answers:
            return "segued at \(endpoint) accepts connections but did not answer in time: it may be overloaded, or "
                + "that is not its \(role) endpoint; a command may still have been applied (check with segue state "
                + "before retrying), and a larger --timeout-ms waits longer"
        case .undecided:
            return nil
        }
    }
}
