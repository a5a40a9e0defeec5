import SegueWire

/// A failure the command line found itself (no reply carried it), printed as `segue: CODE: message`, exit 1.
struct CLIFailure: Error, CustomStringConvertible {
    let code: ErrorCode
    let message: String

    var description: String { "\(code): \(message)" }
}
