import SegueWire

/// Why the core refused an input (a command or a pan), as the code and message its answer or rejection carries.
///
/// The steps of a command or a pan throw it; the input's `apply` catches it in one place, so a step reads as the
/// checks it makes and the events it appends.
struct CommandRefusal: Error {
    let error: ErrorDetail

    init(_ error: ErrorDetail) {
        self.error = error
    }

    init(_ code: ErrorCode, _ message: String) {
        self.init(ErrorDetail(code: code, message: message))
    }

    /// An INVALID_ARGUMENT refusal: the input breaks a rule whatever the engine's state.
    static func invalid(_ message: String) -> CommandRefusal {
        CommandRefusal(Validation.invalid(message))
    }

    /// Throws what a `Validation` check found wrong, if anything: its public API answers `ErrorDetail?`, which
    /// other modules use as it is.
    static func check(_ failure: ErrorDetail?) throws(CommandRefusal) {
        if let failure { throw CommandRefusal(failure) }
    }
}
