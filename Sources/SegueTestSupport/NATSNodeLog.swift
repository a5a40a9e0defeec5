import SegueSystem
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// One nats-server's standard error, moved from its pipe into the node's log file: by whoever waits for a line
/// (`awaitLines`) or asks for the log (`pump`), and, once the node is ready, by a thread of its own
/// (`copyUntilEnd`), because a node writes for as long as it runs and a full pipe would stall it. Everything the
/// node wrote before a `pump` is in the file after it.
final class NATSNodeLog: Sendable {
    private struct State {
        /// What was read but not yet looked at by `awaitLines`.
        var unread: [UInt8] = []
        /// Whether lines are still kept for `awaitLines`: until the copying thread takes over.
        var keepsLines = true
        var ended = false
    }

    private let pipe: PipeDescriptors
    private let file: Int32
    private let state = Mutex(State())

    /// A pipe for the node's stderr (give it `writeEnd`, then `closeWriteEnd()`), appended to `path`.
    init(appendingTo path: String) throws(HarnessError) {
        do {
            pipe = try PipeDescriptors(nonBlocking: true)
        } catch {
            throw HarnessError(error.description)
        }
        file = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
        guard file >= 0 else {
            pipe.close()
            throw HarnessError(SystemError("cannot open \(path)").description)
        }
    }

    deinit {
        close(pipe.read)
        close(file)
    }

    /// The descriptor the node writes to.
    var writeEnd: Int32 { pipe.write }

    /// Closes our copy of the write end once the node has its own, so that the log ends when the node does.
    func closeWriteEnd() {
        close(pipe.write)
    }

    /// Moves what the node has written into the file.
    /// - Returns: false once its output has ended (the node is gone).
    @discardableResult
    func pump() -> Bool {
        state.withLock { state in
            var chunk = [UInt8](repeating: 0, count: 4096)
            while !state.ended {
                let count = chunk.withUnsafeMutableBytes { read(pipe.read, $0.baseAddress, $0.count) }
                if count > 0 {
                    _ = chunk.withUnsafeBytes { write(file, $0.baseAddress, count) }
                    if state.keepsLines { state.unread += chunk[..<count] }
                } else if count == 0 || errno != EINTR && errno != EAGAIN {
                    state.ended = true
                } else if errno == EAGAIN {
                    break
                }
            }
            return !state.ended
        }
    }

    /// Waits until lines the node writes have satisfied `done` (which sees each line once), within `timeoutMs`.
    /// - Returns: false when the time ran out, the node's output ended or `cancelled` said so first.
    func awaitLines(timeoutMs: Int, cancelled: () -> Bool, _ done: (String) -> Bool) -> Bool {
        let deadline = MonotonicTime.nowNs() + Int64(timeoutMs) * 1_000_000
        while true {
            let (lines, open) = takeLines()
            for line in lines where done(line) { return true }
            guard open, !cancelled() else { return false }
            let leftMs = (deadline - MonotonicTime.nowNs()) / 1_000_000
            guard leftMs > 0 else { return false }
            var item = pollfd(fd: pipe.read, events: Int16(POLLIN), revents: 0)
            _ = poll(&item, 1, Int32(min(leftMs, 100)))
        }
    }

    /// The complete lines read so far and not yet taken, and whether the output is still open.
    private func takeLines() -> ([String], Bool) {
        let open = pump()
        return state.withLock { state in
            var lines: [String] = []
            while let newline = state.unread.firstIndex(of: UInt8(ascii: "\n")) {
                lines.append(String(decoding: state.unread[..<newline], as: UTF8.self))
                state.unread.removeSubrange(...newline)
            }
            return (lines, open)
        }
    }

    /// Keeps moving the node's output into the file until the node is gone: a thread of its own runs it once the
    /// node is ready.
    func copyUntilEnd() {
        state.withLock { state in
            state.keepsLines = false
            state.unread = []
        }
        while pump() {
            var item = pollfd(fd: pipe.read, events: Int16(POLLIN), revents: 0)
            _ = poll(&item, 1, -1)
        }
    }
}
