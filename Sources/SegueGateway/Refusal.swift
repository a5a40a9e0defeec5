import SegueWire

/// An error the page gets as `{"error": ErrorDetail}`, thrown where the daemon's error shape is the answer.
struct Refusal: Error {
    let detail: ErrorDetail

    init(_ code: ErrorCode, _ message: String) {
        detail = ErrorDetail(code: code, message: message)
    }

    init(_ detail: ErrorDetail) {
        self.detail = detail
    }
}
