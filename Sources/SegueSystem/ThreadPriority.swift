#if canImport(Glibc)
    import Glibc
#endif

/// The calling thread's scheduling priority.
public enum ThreadPriority {
    /// Moves the calling thread to nice 19, the lowest priority that still gets a share of a busy CPU; an
    /// unprivileged thread may lower its own priority. Linux keeps a nice level per thread, addressed by the thread
    /// id, which Glibc's module does not offer (`gettid`): it is read from `/proc/thread-self`, a link to
    /// `<pid>/task/<tid>`. Does nothing where that fails.
    public static func lowerToNice19() {
        var target = [CChar](repeating: 0, count: 64)
        let length = readlink("/proc/thread-self", &target, target.count - 1)
        guard length > 0 else { return }
        let link = String(decoding: target[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard let last = link.split(separator: "/").last, let tid = id_t(last) else { return }
        _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), tid, 19)
    }

    /// Moves the calling thread to the idle scheduling class (SCHED_IDLE): it runs only on a core nothing else of
    /// a normal class wants, below every nice level, so it never delays them; an unprivileged thread may move
    /// itself there. Does nothing where that is refused.
    public static func lowerToIdle() {
        // SCHED_IDLE is 5 on Linux; Glibc's module does not name it.
        var parameters = sched_param(sched_priority: 0)
        _ = pthread_setschedparam(pthread_self(), 5, &parameters)
    }
}
