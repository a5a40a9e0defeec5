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
}
