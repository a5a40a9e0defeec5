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
        case ClientError.timeout(let endpoint, _), ClientError.refused(let endpoint):
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

    /// Why the daemon at `endpoint`, found in a cluster, was silent: which shard's holder it is (its lease in NATS
    /// says), and whether anything still listens there.
    private static func clusterSilenceHint(endpoint: String, connection: Connection) -> String? {
        guard let directory = try? connection.directory() else { return nil }
        let retry =
            "run the command again to reach the holder NATS names then (segue state shows whether a command "
            + "was applied)"
        for shard in 0..<directory.shards {
            guard let lease = try? directory.holder(of: shard),
                [lease.control, lease.ingest, lease.events].contains(endpoint)
            else { continue }
            let holder = "\(lease.node), the holder of shard \(shard) of \(directory.shards)"
            let listening = SilenceDiagnosis.diagnose(
                endpoint: endpoint, type: endpoint == lease.ingest ? .push : endpoint == lease.events ? .sub : .dealer,
                curve: connection.curve, timeoutMs: 1000)
            if listening == .nothingListening {
                return "nothing answers at \(endpoint), where \(holder), served: it has gone away, and a standby takes "
                    + "the shard over once its lease lapses (segued --lease-ms); \(retry)"
            }
            return "\(holder) (at \(endpoint)) did not answer in time: it may be overloaded or paused, and a standby "
                + "takes the shard over if it stops renewing its lease; a larger --timeout-ms waits longer, or "
                + retry
        }
        return "no shard's lease names \(endpoint) any more: its shard changed hands, or no daemon holds it now; "
            + retry
    }

    /// Why the daemon at `endpoint` was silent, found by connecting once more as the silent client did
    /// (`SilenceDiagnosis`).
    private static func silenceHint(endpoint: String, arguments: ParsedArguments?) -> String? {
        guard let arguments, let connection = try? Connection(arguments) else { return nil }
        if connection.cluster != nil { return clusterSilenceHint(endpoint: endpoint, connection: connection) }
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
