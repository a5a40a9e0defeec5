/// When appended events are made durable with fdatasync.
public enum FsyncPolicy: Sendable, Hashable, CustomStringConvertible {
    /// One fdatasync per batch, before anything of the batch is published or answered.
    case always
    /// Publish at once; sync at most every `milliseconds`; command replies wait for the sync that covers them.
    case interval(milliseconds: Int)
    /// Never sync explicitly; the kernel writes back when it chooses.
    case never

    /// Parses `always`, `never` or `interval:MS` (MS from 1 to 60000).
    public init?(parsing text: String) {
        switch text {
        case "always": self = .always
        case "never": self = .never
        default:
            guard text.hasPrefix("interval:"), let ms = Int(text.dropFirst("interval:".count)), ms >= 1, ms <= 60_000
            else { return nil }
            self = .interval(milliseconds: ms)
        }
    }

    public var description: String {
        switch self {
        case .always: return "always"
        case .never: return "never"
        case .interval(let ms): return "interval:\(ms)"
        }
    }
}
