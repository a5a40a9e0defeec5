import SegueLog
import SegueWire

/// Why a history read could not be served: the reply's error.
enum HistoryReadFailure: Error {
    case log(LogError)
    case undecodable(position: UInt64, WireDecodingError)
    case invalid(ErrorDetail)

    var detail: ErrorDetail {
        switch self {
        case .log(let error) where error.kind == .positionRemoved:
            ErrorDetail(code: .positionRemoved, message: error.message)
        case .log(let error):
            ErrorDetail(code: .unavailable, message: "cannot read the log: \(error)")
        case .undecodable(let position, let error):
            // Recovery decoded every record at start, so this is damage since: say so, skip nothing.
            ErrorDetail(
                code: .unavailable,
                message: "the log's record at position \(position) does not decode as an event: \(error)")
        case .invalid(let detail):
            detail
        }
    }
}
