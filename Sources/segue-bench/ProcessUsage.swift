import SegueSystem

#if canImport(Glibc)
    import Glibc
#endif

/// What the kernel says a process uses, read from `/proc/<pid>/status` and `/proc/<pid>/stat` (proc(5)).
struct ProcessUsage: Sendable {
    /// Resident set (`VmRSS`) in bytes: the memory the process occupies now.
    var residentBytes: UInt64
    /// Peak resident set (`VmHWM`) in bytes.
    var peakResidentBytes: UInt64
    /// User plus system CPU time in seconds (`utime + stime`, fields 14 and 15 of stat, in clock ticks).
    var cpuSeconds: Double

    /// Resident megabytes (MiB).
    var residentMB: Double { Double(residentBytes) / 1_048_576 }
    /// Peak resident megabytes (MiB).
    var peakResidentMB: Double { Double(peakResidentBytes) / 1_048_576 }

    /// Reads the usage of `pid`, nil when the process is gone or /proc is unreadable.
    static func read(pid: pid_t) -> ProcessUsage? {
        guard let status = WholeFile.text("/proc/\(pid)/status"), let stat = WholeFile.text("/proc/\(pid)/stat") else {
            return nil
        }
        var usage = ProcessUsage(residentBytes: 0, peakResidentBytes: 0, cpuSeconds: 0)
        for line in status.split(separator: "\n") {
            if line.hasPrefix("VmRSS:") { usage.residentBytes = kilobytes(line) * 1024 }
            if line.hasPrefix("VmHWM:") { usage.peakResidentBytes = kilobytes(line) * 1024 }
        }
        // The command name (field 2) is in parentheses and may hold spaces: count fields after the last ')'.
        guard let close = stat.lastIndex(of: ")") else { return nil }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        // After ')' come field 3 (state) onwards, so utime (14) and stime (15) are at offsets 11 and 12.
        guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return nil }
        let ticks = Double(sysconf(Int32(_SC_CLK_TCK)))
        usage.cpuSeconds = (user + system) / (ticks > 0 ? ticks : 100)
        return usage
    }

    /// The number of a `Name:   123 kB` line.
    private static func kilobytes(_ line: Substring) -> UInt64 {
        line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first.flatMap { UInt64($0) } ?? 0
    }
}
