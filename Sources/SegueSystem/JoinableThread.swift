import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// A POSIX thread that runs one closure and hands its result to whoever joins it.
///
/// ZeroMQ sockets belong to one thread, so code that owns them (the benchmark's producer, subscriber and relay,
/// `segue web`'s bridge) runs on a thread of its own, made here with its sockets created inside the closure, not
/// on a task pool that might move it; so does code that must run at a priority of its own (the daemon's history
/// reader, `ThreadPriority`), which a pool thread shared with other work must not take on.
public final class JoinableThread<Value: Sendable> {
    private let thread: pthread_t
    private let result: ResultSlot
    private var joined = false

    /// Holds the closure's result until `join()`.
    private final class ResultSlot: Sendable {
        let value = Mutex<Value?>(nil)
    }

    /// Starts `body` on a new thread.
    /// - Throws: `ThreadStartError` when the system refuses another thread.
    public init(name: String, _ body: @escaping @Sendable () -> Value) throws(ThreadStartError) {
        let slot = ResultSlot()
        result = slot
        let start = ThreadStart {
            Self.nameCallingThread(name)
            let value = body()
            slot.value.withLock { $0 = value }
        }
        let context = Unmanaged.passRetained(start).toOpaque()
        var handle = pthread_t()
        let status = pthread_create(
            &handle, nil,
            { context in
                guard let context else { return nil }
                Unmanaged<ThreadStart>.fromOpaque(context).takeRetainedValue().run()
                return nil
            }, context)
        guard status == 0 else {
            Unmanaged<ThreadStart>.fromOpaque(context).release()
            throw ThreadStartError(description: "cannot start the \(name) thread: \(String(cString: strerror(status)))")
        }
        thread = handle
    }

    /// Names the calling thread for `top -H` and /proc/<pid>/task/*/comm (Linux keeps 15 bytes of it), through
    /// /proc/thread-self/comm: Glibc's module does not offer pthread_setname_np.
    private static func nameCallingThread(_ name: String) {
        let fd = open("/proc/thread-self/comm", O_WRONLY)
        guard fd >= 0 else { return }
        let bytes = Array(name.utf8.prefix(15))
        _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        close(fd)
    }

    /// Waits for the thread to end and returns what its closure returned.
    public func join() -> Value {
        if !joined {
            pthread_join(thread, nil)
            joined = true
        }
        // The closure always stores its value before the thread ends, and join happens after that.
        return result.value.withLock { $0! }
    }

    deinit {
        // A thread nobody joined would leak; joining here keeps every path (errors included) clean.
        if !joined { pthread_join(thread, nil) }
    }
}

/// The system refused another thread.
public struct ThreadStartError: Error, CustomStringConvertible {
    public let description: String
}

/// The non-generic start routine a C function pointer can call.
private final class ThreadStart: Sendable {
    let run: @Sendable () -> Void

    init(_ run: @escaping @Sendable () -> Void) {
        self.run = run
    }
}
