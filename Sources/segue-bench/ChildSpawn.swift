#if canImport(Glibc)
    import Glibc
#endif

/// Starting the bench's children (segued, segue web, nats-server) with posix_spawn, and reading their output line by
/// line with poll(2) and a deadline. A child's standard input is /dev/null; its standard output and error each go
/// to a descriptor of ours (a pipe's write end) or to a file.
enum ChildSpawn {
    /// Where one of the child's outputs goes.
    enum Output {
        case descriptor(Int32)
        case file(String)
    }

    /// A pipe whose ends are both close-on-exec: only the copy a spawn puts on fd 1 or 2 reaches a child, so the
    /// read end sees end-of-file once that child is gone (the bench spawns nothing concurrently).
    static func pipe(for name: String) throws(BenchError) -> (read: Int32, write: Int32) {
        var descriptors: [Int32] = [-1, -1]
        guard Glibc.pipe(&descriptors) == 0 else {
            throw BenchError("cannot create a pipe for \(name)'s output: \(String(cString: strerror(errno)))")
        }
        _ = fcntl(descriptors[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(descriptors[1], F_SETFD, FD_CLOEXEC)
        return (descriptors[0], descriptors[1])
    }

    /// Spawns `executable` with `arguments`; `processGroup` 0 puts it in a new process group of its own, a pid
    /// puts it in that group, nil leaves it in the bench's.
    static func start(
        _ executable: String, _ arguments: [String], stdout: Output, stderr: Output, processGroup: pid_t? = nil
    ) throws(BenchError) -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        for (fd, output) in [(Int32(1), stdout), (Int32(2), stderr)] {
            switch output {
            // dup2 clears close-on-exec on the copy, so only that copy survives the exec.
            case .descriptor(let source): posix_spawn_file_actions_adddup2(&actions, source, fd)
            case .file(let path):
                posix_spawn_file_actions_addopen(&actions, fd, path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            }
        }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        if let processGroup {
            posix_spawnattr_setpgroup(&attributes, processGroup)
            posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
        }
        let argv = ([executable] + arguments).map { strdup($0) }
        defer { for pointer in argv { free(pointer) } }
        var child: pid_t = 0
        let status = (argv + [nil]).withUnsafeBufferPointer { buffer in
            posix_spawn(&child, executable, &actions, &attributes, buffer.baseAddress!, environ)
        }
        guard status == 0 else { throw BenchError("cannot start \(executable): \(String(cString: strerror(status)))") }
        return child
    }

    /// Reads lines from `fd` and hands each to `take` until it returns true, within `timeoutMs`; wakes at least
    /// every 100 ms to notice Ctrl-C. `name` and `pid` are for messages.
    static func readLines(
        from fd: Int32, timeoutMs: Int, name: String, pid: pid_t, until take: (String) -> Bool
    ) throws(BenchError) {
        let deadline = MonotonicTime.nowNs() + Int64(timeoutMs) * 1_000_000
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 512)
        while true {
            if Interruption.isRequested { throw .interrupted }
            let left = (deadline - MonotonicTime.nowNs()) / 1_000_000
            guard left > 0 else { throw BenchError("\(name) (pid \(pid)) was not ready within \(timeoutMs) ms") }
            var item = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&item, 1, Int32(min(left, 100)))
            if ready < 0 && errno != EINTR {
                throw BenchError("poll on \(name)'s output failed: \(String(cString: strerror(errno)))")
            }
            guard ready > 0 else { continue }
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                throw BenchError("reading \(name)'s output failed: \(String(cString: strerror(errno)))")
            }
            if n == 0 { throw BenchError("\(name) (pid \(pid)) exited before it was ready") }
            bytes.append(contentsOf: chunk[0..<n])
            while let end = bytes.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: bytes[..<end], as: UTF8.self)
                bytes.removeSubrange(...end)
                if take(line) { return }
            }
        }
    }
}
